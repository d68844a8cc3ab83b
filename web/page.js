// The page: loads MicroPython (WebAssembly), puts the firmware's files in its
// file system, boots it (web/page.py) and calls it a frame at a time; draws the
// frames it shows, turns keys and on-screen buttons into presses, plays its
// tones through Web Audio. Everything comes from this folder (tools/web.py
// builds it): no other site is asked for anything.
import { loadMicroPython } from "./micropython.mjs";

const TEST = new URLSearchParams(location.search).has("test");
const canvas = document.getElementById("panel");
const ctx = canvas.getContext("2d");
const status = document.getElementById("status");
const sprites = new Map();
let look = null;  // simulator/led.py's numbers (bundle.json)
let peak = 0;  // the tone's amplitude at volume 10, of full scale
let page = null;  // web/page.py's Page
let timer = null;
let audio = null, osc = null, gain = null;

// What tests and benchmarks read (nothing here changes the game).
// bootMs: from the page's navigation to its first frame drawn; stepMs: what
// the last frames took in the firmware (App.frame), in ms.
const tomo = window.tomo = {
  test: TEST, ready: false, error: null, bootMs: null, frames: 0, drawn: 0,
  tones: [], stepMs: [],
};

function rgb(r, g, b, a = 1) { return `rgba(${r},${g},${b},${a})`; }

function sprite(key, c, p) {
  // A lit LED: the halo, the solid core, the paler centre (simulator/led.py).
  let s = sprites.get(key);
  if (!s) {
    if (sprites.size > 1024) sprites.clear();
    s = document.createElement("canvas");
    s.width = s.height = look.sprite;
    const g = s.getContext("2d"), m = look.sprite / 2;
    const disc = (r, colour) => {
      g.beginPath(); g.arc(m, m, r, 0, 2 * Math.PI); g.fillStyle = colour; g.fill();
    };
    for (const [inset, alpha] of look.halo) disc(m - inset, rgb(c[0], c[1], c[2], alpha / 255));
    disc(look.core, rgb(c[0], c[1], c[2]));
    disc(look.centre, rgb(p[0], p[1], p[2]));
    sprites.set(key, s);
  }
  return s;
}

function draw(hex, width, height) {
  // hex: per LED its screen colour and paler centre, 6 bytes; black = unlit.
  const pitch = look.pitch, margin = look.margin, half = Math.floor(pitch / 2);
  ctx.fillStyle = rgb(...look.panel);
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const lit = [];
  ctx.fillStyle = rgb(...look.off);
  for (let i = 0; i < width * height; i++) {
    const x = margin + (i % width) * pitch + half, y = margin + Math.floor(i / width) * pitch + half;
    const led = hex.substr(12 * i, 12);
    if (led === "000000000000") {
      ctx.beginPath(); ctx.arc(x, y, look.off_radius, 0, 2 * Math.PI); ctx.fill();
    } else {
      lit.push([x, y, led]);
    }
  }
  // Lit LEDs last, so their halo falls over unlit neighbours.
  for (const [x, y, led] of lit) {
    const v = [0, 2, 4, 6, 8, 10].map(k => parseInt(led.substr(k, 2), 16));
    ctx.drawImage(sprite(led, v.slice(0, 3), v.slice(3)), x - look.sprite / 2, y - look.sprite / 2);
  }
  tomo.drawn++;
  if (tomo.bootMs === null) tomo.bootMs = performance.now();
}

function tone(freq, volume) {
  // A square wave like the buzzer's, as loud as the simulator's at this volume.
  const level = peak * volume / 10;
  tomo.tones.push([freq, volume, level]);
  if (tomo.tones.length > 64) tomo.tones.shift();
  if (!audio) return;  // no sound before the first key or touch (browsers' rule)
  if (!osc) {
    osc = audio.createOscillator();
    osc.type = "square";
    gain = audio.createGain();
    gain.gain.value = 0;
    osc.connect(gain).connect(audio.destination);
    osc.start();
  }
  const t = audio.currentTime;
  osc.frequency.setValueAtTime(freq, t);
  gain.gain.setTargetAtTime(level, t, 0.002);
}

function quiet() {
  if (gain) gain.gain.setTargetAtTime(0, audio.currentTime, 0.002);
}

function unlockAudio() {
  if (audio || TEST) return;
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (Ctx) audio = new Ctx();
}

function fail(e) {
  clearTimeout(timer);
  timer = null;
  tomo.error = String(e && e.message || e);
  console.error("tomo: the firmware stopped:", tomo.error);
  status.textContent = "Something went wrong - reload the page (your game is saved).";
  status.className = "error";
}

function frame() {
  timer = null;
  try {
    const t = performance.now();
    const rest = page.frame();
    tomo.stepMs.push(performance.now() - t);
    if (tomo.stepMs.length > 512) tomo.stepMs.shift();
    tomo.frames++;
    timer = setTimeout(frame, Math.max(0, rest));
  } catch (e) {
    fail(e);
  }
}

function key(name, down) {
  if (!page) return false;
  try {
    return page.key(name, down);
  } catch (e) {
    fail(e);
    return false;
  }
}

// The browser's key names as pygame-ce names them (simulator/keys.py).
const KEY_NAMES = {
  ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right",
  " ": "space", Enter: "return", Escape: "escape", Backspace: "backspace",
};

function keyName(e) { return KEY_NAMES[e.key] || e.key.toLowerCase(); }

addEventListener("keydown", e => {
  unlockAudio();
  if (e.ctrlKey || e.altKey || e.metaKey) return;
  if (e.repeat) { if (KEY_NAMES[e.key]) e.preventDefault(); return; }
  if (key(keyName(e), true)) e.preventDefault();
});
addEventListener("keyup", e => { if (key(keyName(e), false)) e.preventDefault(); });

const held = new Set();
function letGo() {
  for (const name of held) key(name, false);
  held.clear();
  for (const b of document.querySelectorAll("button.on")) b.classList.remove("on");
}
addEventListener("blur", letGo);  // keys let go while elsewhere never come up here

for (const b of document.querySelectorAll("button[data-b]")) {
  const name = "button:" + b.dataset.b;
  const up = e => {
    if (!held.delete(name)) return;
    b.classList.remove("on");
    key(name, false);
  };
  b.addEventListener("pointerdown", e => {
    unlockAudio();
    e.preventDefault();
    b.setPointerCapture(e.pointerId);
    b.classList.add("on");
    held.add(name);
    key(name, true);
  });
  b.addEventListener("pointerup", up);
  b.addEventListener("pointercancel", up);
  b.addEventListener("lostpointercapture", up);
  b.addEventListener("contextmenu", e => e.preventDefault());  // a long press is a hold
}

async function boot() {
  const bundle = await (await fetch("bundle.json")).json();
  look = bundle.look;
  peak = bundle.peak;
  const mp = await loadMicroPython({
    heapsize: bundle.heap,
    stdout: line => console.log(line),
    stderr: line => console.error(line),
  });
  for (const [path, text] of Object.entries(bundle.files)) {
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) {
      const dir = "/" + parts.slice(0, i).join("/");
      if (!mp.FS.analyzePath(dir).exists) mp.FS.mkdir(dir);
    }
    mp.FS.writeFile("/" + path, text);
  }
  mp.runPython("import sys\nsys.path.insert(0, '/')");
  const start = mp.pyimport("web.page").start;
  page = start({ draw, tone, quiet }, localStorage, TEST);
  tomo.page = page;
  tomo.ready = true;
  status.textContent = "";
  if (!TEST) frame();
}

// Opens again offline (web/sw.js). Where service workers are not allowed
// (a page opened from a file, plain http on another machine) it plays the same.
if ("serviceWorker" in navigator && isSecureContext) {
  navigator.serviceWorker.register("sw.js").catch(() => {});
}

boot().catch(fail);

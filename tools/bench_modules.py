"""Where the heap goes while a game plays: module by module, inside MicroPython.

    python -m tools.bench_modules [--games tomoko,tomoe] [--json] [--markdown]

For each game the modules the firmware holds while it plays (booted with a
game under way, computer players moving: the menu's modules are forgotten
then, firmware/app.py MENU_ONLY) are found in CPython, in the order their
imports finish (`python -X importtime`: a module after everything it
imports). Inside MicroPython (the .mpy bundle the device gets, a 256 KB heap)
they are then imported one by one in that order, each measured as the bytes
the heap holds after a collection, before and after: its bytecode, its
globals and what its body builds (tables), and its share of MicroPython's
interned names (qstr pools) apart: `micropython.qstr_info()` around each
import gives what the pools grew by (they grow in blocks, so they are
summed, not put on the module that started a block). Last, the firmware is booted on the tests' hal with
the game under way, and the bytes held then, less the modules', are the
objects the game and the screens made (display buffers, the state, tables
made on first use).
"""

import argparse
import json
import os
import subprocess
import sys

from tools import mpy_check, mpy_runtime

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("engines_core", "firmware", "hal")

# Run in CPython under -X importtime: boot on the simulator's hal with a game
# under way (seat 0 a person, the others `normal`) and let the computers move.
LOADER = """
from engines_core import registry
from firmware.main import boot
from firmware.session import Session
from simulator.sim_hal import make_hal
G = %(game)r
lo = registry.players(G)[0]
hal = make_hal(fake_clock=True)
app = boot(hal, Session(G, ['normal'] * lo, registry.variants_for(G, lo)[0], 1))
for i in range(400):
    hal.clock.advance(30)
    app.step()
"""

GUEST = """
import gc, sys, micropython
names = %(names)r
held = []
gc.collect()
start = gc.mem_alloc()
micropython.qstr_info()
for name in names:
    gc.collect()
    a = gc.mem_alloc()
    __import__(name)
    gc.collect()
    held.append(gc.mem_alloc() - a)
    micropython.qstr_info()
gc.collect()
modules = gc.mem_alloc() - start
from hal import Hal
from hal.display import Display
from hal.buttons import Buttons
from hal.clock import FakeClock
from hal.sound import Sound
from hal.storage import MemoryStorage
from engines_core import registry
from firmware.main import boot
from firmware.session import Session
G = %(game)r
lo = registry.players(G)[0]
hal = Hal(Display(), Buttons(), Sound(), FakeClock(), MemoryStorage())
app = boot(hal, Session(G, ['normal'] * lo, registry.variants_for(G, lo)[0], 1))
for i in range(400):
    hal.clock.advance(30)
    app.step()
gc.collect()
print('HELD', repr(held), modules, gc.mem_alloc() - start)
"""


def load_order(game):
    """The project's modules a game under way holds, each after its imports."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=ROOT)
    r = subprocess.run([sys.executable, "-X", "importtime", "-c", LOADER % {"game": game}],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        raise RuntimeError(r.stderr[-2000:])
    names = []
    for line in r.stderr.splitlines():
        if not line.startswith("import time:") or line.count("|") != 2:
            continue
        name = line.rsplit("|", 1)[1].strip()
        if name.split(".")[0] in PACKAGES and name not in names:
            names.append(name)
    return [n for n in names if n not in ("firmware.menu", "firmware.launch", "firmware.stats")]


def measure(game):
    names = load_order(game)
    code = GUEST % {"names": names, "game": game}
    r = mpy_runtime.run_in_repo(code, heap="256k", root=mpy_check.ensure_bundle())
    if not r.ok:
        raise RuntimeError(r.stderr[-2000:])
    line = [l for l in r.stdout.splitlines() if l.startswith("HELD ")][0]
    held_text, rest = line[5:].rsplit("]", 1)
    held = json.loads(held_text + "]")
    modules, total = (int(v) for v in rest.split())
    # micropython.qstr_info() before and after each import: the bytes of the
    # interned-name pools (n_total_bytes) each import added.
    pools = [int(l.rsplit("n_total_bytes=", 1)[1]) for l in r.stdout.splitlines()
             if l.startswith("qstr pool:")]
    names_of = [b - a for a, b in zip(pools, pools[1:])]
    own = [h - q for h, q in zip(held, names_of)]
    return {"game": game, "modules": dict(zip(names, own)), "modules_total": modules,
            "names": sum(names_of), "total": total, "objects": total - modules}


def group(name):
    """Which layer or part a module belongs to, for the summary."""
    top, _, rest = name.partition(".")
    if top == "hal":
        return "hal"
    if top == "engines_core":
        if rest.endswith("_ai") or rest in ("ai_common", "players", "tomoe_chains",
                                             "tomoe_search"):
            return "computer players"
        return "engine"
    if rest.split("_")[0] in ("tomoko", "tomoe", "tokkome", "toncc"):
        return "the game's screens"
    return "firmware"


def _summary_rows(results, groups):
    rows = []
    for r in results:
        sums = dict.fromkeys(groups, 0)
        for name, n in r["modules"].items():
            sums[group(name)] += n
        rows.append("| %s | %s | %.1f KB | %.1f KB | %.1f KB |" % (
            r["game"], " | ".join("%.1f KB" % (sums[g] / 1024) for g in groups),
            r["names"] / 1024, r["objects"] / 1024, r["total"] / 1024))
    return rows


def markdown(results, before=None, before_label="before"):
    """A summary table (and the same `before`, if given) and a line per game
    of its modules over 1 KB, the rest summed."""
    parts = ["Module by module (`python -m tools.bench_modules`): the bytes each holds in a "
             "256 KB MicroPython heap after a collection, imported in the order a game under "
             "way loads them (a module after what it imports), its interned names apart "
             "(their pools grow in blocks); \"objects\" are what the booted firmware and the "
             "game made (buffers, the state, tables made on first use).", ""]
    groups = ("hal", "firmware", "the game's screens", "engine", "computer players")
    head = ["| Game | " + " | ".join(groups) + " | interned names | objects | total |",
            "| --- |" + " --- |" * (len(groups) + 3)]
    parts += head + _summary_rows(results, groups) + [""]
    if before:
        parts += ["The same, %s:" % before_label, ""] + head + _summary_rows(before, groups)
        parts.append("")
    for r in results:
        big = sorted(((n, name) for name, n in r["modules"].items()), reverse=True)
        shown = [(n, name) for n, name in big if n >= 1024]
        rest = sum(n for n, name in big if n < 1024)
        parts.append("%s: %s; %d smaller modules %.1f KB." % (
            r["game"], ", ".join("`%s` %.1f" % (name, n / 1024) for n, name in shown),
            len(big) - len(shown), rest / 1024))
        parts.append("")
    return "\n".join(parts)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="tomoko,tomoe,tokkome,toncc")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--before", metavar="JSON", help="with --markdown: also this earlier "
                    "--json run's summary")
    ap.add_argument("--before-label", default="before")
    ap.add_argument("--from-json", metavar="JSON", help="with --markdown: this --json run's "
                    "figures instead of measuring")
    args = ap.parse_args(argv)
    if args.from_json:
        with open(args.from_json) as f:
            results = json.load(f)
    else:
        results = [measure(g) for g in args.games.split(",") if g]
    if args.json:
        print(json.dumps(results, indent=1))
    elif args.markdown:
        before = None
        if args.before:
            with open(args.before) as f:
                before = json.load(f)
        print(markdown(results, before, args.before_label))
    else:
        for r in results:
            print("%s: modules %.1f KB (interned names %.1f KB of it), objects %.1f KB, "
                  "total %.1f KB" % (r["game"], r["modules_total"] / 1024, r["names"] / 1024,
                                     r["objects"] / 1024, r["total"] / 1024))
            for name, n in sorted(r["modules"].items(), key=lambda kv: -kv[1]):
                print("  %-32s %7d" % (name, n))
    return 0


if __name__ == "__main__":
    sys.exit(main())

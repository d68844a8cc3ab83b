"""Win rates between computer-player levels, in CPython.

    python -m tools.duel --game tomoko --a normal --b random --games 200 [--players 3]
                         [--variant V] [--first-seed 0] [--json]

Level `a` takes seats in rotation so that every seat is played by `a` equally
often: in a game with seed s, seat k plays `a` when (k + s) % players == 0,
and `b` everywhere else (so with 3 players, one `a` against two `b`). A win
shared between `a` and `b` seats counts as a draw. Games run in parallel on
every core.

With 3 or more players "b won" adds up several seats, so the head-to-head
count says more about two levels: over every pair (the `a` seat, one `b`
seat) of every game, how often `a` finished ahead of that seat and how often
behind (a winner is ahead of a non-winner; otherwise the higher final score).
"""

import argparse
import json
import os
import sys


def play(game, levels, seed, variant="standard"):
    """One game between the given levels (one per seat); return the final state."""
    from engines_core import registry, players
    from tools import reference_player as ref
    g = registry.new_game(game, len(levels), variant, seed)
    iterations = [ref.parse(level) for level in levels]
    ply = 0
    while not g.is_terminal():
        s = g.current_player()
        if iterations[s]:
            a = ref.choose(g, ref.rng_for(seed, ply, s), iterations[s])
        else:
            a = players.choose(g, levels[s], players.rng_for(seed, ply, s))
        g.apply(a)
        ply += 1
    return g


def seats_for(a, b, n, seed):
    return [a if (k + seed) % n == 0 else b for k in range(n)]


def ahead(g, s, t):
    """1 if seat s finished ahead of seat t, -1 if behind, 0 if level."""
    w = g.winners()
    if (s in w) != (t in w):
        return 1 if s in w else -1
    sc = g.scores()
    return (sc[s] > sc[t]) - (sc[s] < sc[t])


def _one(args):
    """(outcome, times a was ahead of a b seat, times behind)."""
    game, a, b, n, variant, seed = args
    levels = seats_for(a, b, n, seed)
    g = play(game, levels, seed, variant)
    a_seat = (-seed) % n
    cmp = [ahead(g, a_seat, t) for t in range(n) if t != a_seat]
    h2h = (cmp.count(1), cmp.count(-1))
    w = g.winners()
    if w == [a_seat]:
        return "a", h2h
    if a_seat not in w:
        return "b", h2h
    return "draw", h2h


def duel(game, a, b, games=100, players=None, variant="standard", first_seed=0, jobs=None):
    """{'a_wins', 'b_wins', 'draws', 'games', 'a_rate'} for level a against b."""
    from engines_core import registry
    n = players or registry.game_class(game).MIN_PLAYERS
    tasks = [(game, a, b, n, variant, s) for s in range(first_seed, first_seed + games)]
    jobs = jobs or os.cpu_count() or 1
    if jobs > 1 and games > 4:
        from multiprocessing import Pool
        with Pool(jobs) as pool:
            results = pool.map(_one, tasks, chunksize=max(1, games // (jobs * 4)))
    else:
        results = [_one(t) for t in tasks]
    outcomes = [r[0] for r in results]
    out = {"game": game, "variant": variant, "players": n, "a": a, "b": b, "games": games,
           "a_wins": outcomes.count("a"), "b_wins": outcomes.count("b"),
           "draws": outcomes.count("draw"),
           "a_ahead": sum(r[1][0] for r in results), "b_ahead": sum(r[1][1] for r in results),
           "pairs": games * (n - 1)}
    out["a_rate"] = round(out["a_wins"] / games, 4) if games else 0.0
    return out


def check_args(ap, args):
    """Refuse a bad game, level, player count, variant or count with
    argparse's usage error (exit 2) before any game starts."""
    from engines_core import registry, players
    from tools.cli import check_game, check_setup
    check_game(ap, args.game)
    from tools import reference_player as ref
    for flag, level in (("--a", args.a), ("--b", args.b)):
        try:
            known = level in players.LEVELS or ref.parse(level)
        except ValueError:
            known = False
        if not known:
            ap.error("%s: unknown level %r (have: %s, or ref:N, the reference player with N "
                     "iterations a move)" % (flag, level, ", ".join(players.LEVELS)))
    check_setup(ap, args.game, args.players or registry.players(args.game)[0], args.variant,
                "--players")
    for flag, n in (("--games", args.games), ("--jobs", args.jobs)):
        if n is not None and n < 1:
            ap.error("%s must be at least 1, not %d" % (flag, n))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.duel", description=__doc__.splitlines()[0],
                                 epilog="Example: python -m tools.duel --game tomoe --a hard "
                                        "--b normal --games 200")
    from engines_core import registry
    ap.add_argument("--game", required=True, help="the game: " + ", ".join(registry.NAMES))
    ap.add_argument("--a", default="normal",
                    help="the level measured: random, easy, normal, hard, or ref:N (the "
                         "reference player, tools/reference_player.py, N iterations a move; "
                         "default: normal)")
    ap.add_argument("--b", default="random",
                    help="the level it plays against, in every other seat (default: random)")
    ap.add_argument("--games", type=int, default=100, help="how many games (default: 100)")
    ap.add_argument("--players", type=int, default=None,
                    help="players per game (default: the fewest the game takes)")
    ap.add_argument("--variant", default="standard", help="a variant of the game")
    ap.add_argument("--first-seed", type=int, default=0,
                    help="seed of the first game; the others follow (default: 0)")
    ap.add_argument("--jobs", type=int, default=None,
                    help="games played at once (default: one per core)")
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = ap.parse_args(argv)
    check_args(ap, args)
    r = duel(args.game, args.a, args.b, args.games, args.players, args.variant,
             args.first_seed, args.jobs)
    if args.json:
        print(json.dumps(r))
    else:
        print("%s %dp %s: %s won %d, %s won %d, %d shared, of %d (%.1f%% for %s)" % (
            r["game"], r["players"], r["variant"], r["a"], r["a_wins"], r["b"], r["b_wins"],
            r["draws"], r["games"], 100 * r["a_rate"], r["a"]))
        if r["players"] > 2:
            print("head to head: %s ahead of a %s seat %d times, behind %d, of %d pairs" % (
                r["a"], r["b"], r["a_ahead"], r["b_ahead"], r["pairs"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

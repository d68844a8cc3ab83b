"""Record digests of whole Tomoko games (tests/tomoko_digests.json).

A digest is a SHA-256 over everything a game shows from outside, move by
move: the legal actions in order, the action chosen, the reason every other
action is refused, the save after the move and each seat's view of it.
Random games cover every variant and player count over many seeds (playing
on for the places whenever the rules allow); computer games cover each level
at every seat. tests/test_tomoko_digests.py plays the same games and
compares, so a faster engine must play exactly the same games: the same
legal order, the same PRNG draws, the same saves.

    python -m tools.gen_tomoko_digests            # rewrite the recorded file
    python -m tools.gen_tomoko_digests --check    # compare only (exit 1 if not equal)

Regenerate only when a change of the rules or of a computer player is meant.
"""

import argparse
import hashlib
import json
import os
import sys

from engines_core import players
from engines_core.prng import Rng, mix_seed
from engines_core.tomoko import Tomoko

PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                    "tests", "tomoko_digests.json")
RANDOM_SEEDS = range(40)
AI_SEEDS = {"easy": range(4), "normal": range(4), "hard": range(2)}
AI_SETUPS = ((2, "standard"), (3, "open"), (4, "teams"), (2, "quick"))


def setups():
    """Every (players, variant) Tomoko can be played with."""
    out = []
    for n in range(Tomoko.MIN_PLAYERS, Tomoko.MAX_PLAYERS + 1):
        for v in Tomoko.variants_for(n):
            out.append((n, v))
    return out


def _record(h, g):
    """Feed what the state shows to `h`."""
    h.update(g.serialize())
    if g.is_terminal():
        h.update(bytes(g.winners()) + b"|" + bytes(g.scores()))
        return
    legal = g.legal_actions()
    h.update(bytes(legal))
    refused = [a for a in range(g.NUM_ACTIONS) if a not in legal]
    h.update(repr([g.why_illegal(a) for a in refused]).encode())
    h.update(g.view_for(g.current_player()).serialize())


def random_game(n, variant, seed):
    """Digest of a random game, played on for places while the rules allow."""
    h = hashlib.sha256()
    g = Tomoko(n, variant, seed)
    rng = Rng(mix_seed(seed, n, 0x7D))
    _record(h, g)
    while True:
        while not g.is_terminal():
            g.apply(rng.choice(g.legal_actions()))
            _record(h, g)
        if not g.can_play_on():
            break
        g.play_on()
        _record(h, g)
    return h.hexdigest()[:24]


def ai_game(n, variant, level, seed):
    """Digest of a game with `level` at every seat."""
    h = hashlib.sha256()
    g = Tomoko(n, variant, seed)
    ply = 0
    _record(h, g)
    while not g.is_terminal():
        s = g.current_player()
        g.apply(players.choose(g, level, players.rng_for(seed, ply, s)))
        ply += 1
        _record(h, g)
    return h.hexdigest()[:24]


def random_key(n, variant):
    return "random %d %s" % (n, variant)


def ai_key(level, n, variant):
    return "%s %d %s" % (level, n, variant)


def generate():
    """{group name: [digest per seed]} for every recorded group."""
    out = {}
    for n, v in setups():
        out[random_key(n, v)] = [random_game(n, v, s) for s in RANDOM_SEEDS]
    for level, seeds in AI_SEEDS.items():
        for n, v in AI_SETUPS:
            out[ai_key(level, n, v)] = [ai_game(n, v, level, s) for s in seeds]
    return out


def load():
    with open(PATH, encoding="utf-8") as f:
        return json.load(f)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.gen_tomoko_digests",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true",
                    help="compare with the recorded digests instead of writing them")
    args = ap.parse_args(argv)
    now = generate()
    if args.check:
        old = load()
        bad = [k for k in sorted(set(old) | set(now)) if old.get(k) != now.get(k)]
        for k in bad:
            print("differs: %s" % k)
        return 1 if bad else 0
    with open(PATH, "w", encoding="utf-8") as f:
        json.dump(now, f, indent=1, sort_keys=True)
        f.write("\n")
    print("wrote %d groups to %s" % (len(now), PATH))
    return 0


if __name__ == "__main__":
    sys.exit(main())

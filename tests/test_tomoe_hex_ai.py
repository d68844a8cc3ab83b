"""Computer players for Tomoe with triple-hexagon tiles
(engines_core/tomoe_hex_ai.py): values against a plain recount, strength,
and cost inside MicroPython."""

import pytest

from engines_core import tomoe_hex as H
from engines_core import tomoe_hex_ai as AI
from engines_core.players import rng_for
from engines_core.prng import Rng
from tests.tomoe_hex_helpers import worth


def partly_laid(variant, seed, actions):
    g = H.TomoeHex(2, variant, seed)
    rng = Rng(seed)
    for _ in range(actions):
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("variant", ["standard", "large"])
def test_lay_values_are_the_change_of_worth(variant):
    """Every lay's value, worked out from the chains its sectors join, is the
    change of (our worth - theirs) recounted plainly from the geometry."""
    for seed, actions in ((0, 0), (1, 5), (2, 11), (3, 17)):
        g = partly_laid(variant, seed, actions)
        ch = AI.Chains(g.geo, g.board)
        w0 = worth(g.geo, g.board)
        vals = [0] * 7
        for c in range(g.geo.n):
            if g.board[c]:
                continue
            for me in (0, 1):
                ch.cell_values(c, me, vals)
                for p in range(1, 7):
                    b = bytearray(g.board)
                    b[c] = p
                    w1 = worth(g.geo, b)
                    assert vals[p] == (w1[me] - w0[me]) - (w1[1 - me] - w0[1 - me])


def play(variant, seed, levels):
    g = H.TomoeHex(2, variant, seed)
    ply = 0
    while not g.is_terminal():
        s = g.current_player()
        rng = rng_for(seed, ply, s)
        if levels[s] == "random":
            a = rng.choice(g.legal_actions())
        else:
            a = AI.choose(g, s, levels[s], rng)
            assert g.why_illegal(a) is None
        g.apply(a)
        ply += 1
    return g


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["standard", "large"])
def test_normal_beats_random(variant):
    """Issue 27: normal beats random in at least 95% of games (seats
    alternating, seeds 1000-1059)."""
    wins = 0
    for seed in range(1000, 1060):
        me = seed % 2
        levels = ["normal", "random"] if me == 0 else ["random", "normal"]
        sc = play(variant, seed, levels).scores()
        wins += sc[me] > sc[1 - me]
    assert wins >= 57


GUEST = """
import gc, json, host
from engines_core import tomoe_hex as H, tomoe_hex_ai as AI
from engines_core.players import rng_for
g = H.TomoeHex(2, %(variant)r, %(seed)d)
ply = 0
host.call('m', '')
while not g.is_terminal():
    s = g.current_player()
    g.apply(AI.choose(g, s, 'normal', rng_for(%(seed)d, ply, s)))
    ply += 1
    host.call('m', '')
gc.collect()
print(json.dumps({'scores': g.scores(), 'board': list(g.board)}))
"""


@pytest.mark.mpy
@pytest.mark.parametrize("variant", ["standard", "large"])
def test_normal_in_64k_within_the_move_budget_and_the_same_game(variant):
    """A whole normal-against-normal game from the .mpy bundle in a 64 KB
    heap, every move within 50 million fuel, move for move CPython's game."""
    from tools import mpy_check, mpy_runtime
    r = mpy_runtime.run_in_repo(GUEST % {"variant": variant, "seed": 1000}, heap="64k",
                                root=mpy_check.ensure_bundle())
    assert r.ok, r.stderr[-500:]
    moves = [b - a for a, b in zip(r.marks, r.marks[1:])]
    assert moves and max(moves) <= 50000000
    g = play(variant, 1000, ["normal", "normal"])
    assert r.json_lines()[-1] == {"scores": g.scores(), "board": list(g.board)}

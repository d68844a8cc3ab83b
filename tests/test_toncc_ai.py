"""Tóncc computer players: legal moves, blind to pending choices, and a few
sanity checks of their judgement. Strength is measured by benchmark
(python -m tools.duel --game toncc ...), not here."""

import pytest

from engines_core import players, toncc as T, toncc_ai as AI
from engines_core.prng import Rng
from tests.toncc_helpers import cell, move, position, E, SE, W

LEVELS = ("easy", "normal", "hard")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_games(level):
    for seed in (1, 2):
        g = T.Toncc(3, "standard", seed)
        ply = 0
        while not g.is_terminal():
            a = players.choose(g, level, players.rng_for(seed, ply, g.current_player()))
            assert a in g.legal_actions()
            g.apply(a)
            ply += 1
        assert g.winners()


@pytest.mark.parametrize("level", LEVELS)
def test_choice_ignores_the_others_pending_choices(level):
    """games.md: "a player's choice must never be visible to, or used by,
    anyone choosing after them (people or computer players)": the last
    chooser picks the same movement whatever the first two chose."""
    rng = Rng(4)
    checked = 0
    for seed in range(6):
        g = T.Toncc(3, "standard", seed)
        while not g.is_terminal():
            if g.current_player() == 2 and len(g.standing()) == 3:
                base = g.clone()
                choices = set()
                for a0 in range(6):
                    for a1 in range(6):
                        h = base.clone()
                        h.pending[0] = a0
                        h.pending[1] = a1
                        choices.add(players.choose(h, level, Rng(99)))
                assert len(choices) == 1
                checked += 1
            g.apply(rng.below(6))
            if checked >= 6:
                return
    assert checked >= 6


def test_view_given_to_the_computer_hides_pending_choices():
    g = T.Toncc(3, "standard", 3)
    g.apply(E)
    g.apply(W)
    v = g.view_for(2)
    assert list(v.pending) == [T.HIDDEN, T.HIDDEN, T.NONE]
    assert v.rng_state == 1  # the shuffles of later challenges are unknown too


def _kingdom_setup():
    """King Red (seat 0) holds places 0 and 1; place 2 lies one step east."""
    g = position(kings=(T.RED, T.YELLOW, T.BLUE),
                 pos=(cell(0, -1), cell(-2, 2), cell(-1, 2)),
                 owner={0: 0, 1: 0, 9: 1, 10: 2},
                 regions={2: cell(1, -1)})
    return g


@pytest.mark.parametrize("level", ("normal", "hard"))
def test_completes_a_kingdom_in_one_move(level):
    g = _kingdom_setup()
    a = players.choose(g, level, Rng(1))
    assert T.dest(g.pos[0], a) == cell(1, -1)


def test_kingdom_judgement():
    """A built Kingdom is worth 100 per point; an open window with one place
    missing next door is worth more than one far away."""
    g = _kingdom_setup()
    king = T.RED
    mine = 1 | 2
    built = AI.judge(g.cell_of, king, cell(1, -1), mine | 4, 0, 3)
    assert built >= 100 * T.kingdom_points(bytes([0, 0, 0] + [255] * 15), 0, king)
    near = AI.judge(g.cell_of, king, cell(0, -1), mine, 0, 4)
    far = AI.judge(g.cell_of, king, cell(-2, 2), mine, 0, 4)
    assert near > far
    # Another King's Seal in the window spoils it.
    spoilt = AI.judge(g.cell_of, king, cell(0, -1), mine, 4, 4)
    assert spoilt < near


def test_normal_avoids_a_contest_it_must_lose():
    """A face-up Region next to a stronger King (who may land there too and
    take it) is worth less than the same Region with nobody near."""
    blue = [p for p in range(18) if T.REGIONS[p][0] == T.BLUE][0]
    alone = position(kings=(T.RED, T.YELLOW, T.BLUE), pos=(cell(0, -1), cell(-2, 2), cell(-1, 2)),
                     owner={}, regions={blue: cell(1, -1)})
    v_alone = AI.move_values(alone, 0)[E]
    contested = position(kings=(T.RED, T.YELLOW, T.BLUE), pos=(cell(0, -1), cell(-2, 2), cell(2, -1)),
                         owner={}, regions={blue: cell(1, -1)})
    v_cont = AI.move_values(contested, 0)[E]
    assert v_cont < v_alone


def test_tour_distances():
    for a in range(T.CELLS):
        for b in range(T.CELLS):
            if b != T.MIND:
                assert AI.tour(a, b) == T.DIST[a * T.CELLS + b] < 5
    c, x, y = cell(0, -1), cell(2, 0), cell(-2, 2)
    assert AI.tour(c, x, y) == min(AI.tour(c, x) + AI.tour(x, y), AI.tour(c, y) + AI.tour(y, x))


def test_hard_falls_back_to_normal_with_little_effort():
    g = T.Toncc(3, "standard", 5)
    move(g, E, W, SE)
    v = g.view_for(0)
    assert AI.choose(v, 0, "hard", Rng(3), effort=25) == AI.choose(v, 0, "normal", Rng(3))


def test_view_does_not_reveal_the_shuffles_to_come():
    """003: "shuffle the Regions each time": the next challenge's board is
    unknown until it is dealt. The view keeps neither the PRNG state nor the
    game's seed (from which every later shuffle could be recomputed), so two
    games that look the same give the same view whatever their seeds."""
    g = T.Toncc(3, "standard", 5)
    other = g.clone()
    other.seed = 12345
    other.rng_state = 777
    assert other.view_for(0).serialize() == g.view_for(0).serialize()
    replay = T.Toncc(3, "standard", g.view_for(0).seed)
    assert bytes(replay.layout) != bytes(g.layout)

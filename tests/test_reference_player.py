"""The reference player (tools/reference_player.py): a plain information-set
MCTS that every level is measured against, so it must play only from what its
seat may know, follow the rules, and be repeatable."""

import pytest

from engines_core import registry
from engines_core.prng import Rng
from tools import duel
from tools import reference_player as ref


def _midgame(name, seed, plies):
    g = registry.new_game(name, registry.players(name)[0], "standard", seed)
    rng = Rng(seed)
    for _ in range(plies):
        if g.is_terminal():
            break
        legal = g.legal_actions()
        g.apply(legal[rng.below(len(legal))])
    return g


@pytest.mark.parametrize("name", registry.NAMES)
def test_it_chooses_a_legal_action_the_same_way_every_time(name):
    g = _midgame(name, 31, 6)
    a = ref.choose(g, Rng(5), iterations=12)
    assert a in g.legal_actions()
    assert ref.choose(g, Rng(5), iterations=12) == a
    assert g.serialize() == _midgame(name, 31, 6).serialize()  # the state is untouched


@pytest.mark.parametrize("name", ["tokkome", "toncc"])
def test_what_its_seat_cannot_see_does_not_change_its_choice(name):
    # Two deals the seat cannot tell apart (the same view) give the same move:
    # it searches from view_for(seat), never the hidden cards themselves.
    g = _midgame(name, 8, 4)
    seat = g.current_player()
    other = g.clone()
    other.redeal_hidden(seat, Rng(99))
    assert other.view_for(seat).serialize() == g.view_for(seat).serialize()
    assert other.serialize() != g.serialize(), "the redeal changed nothing to test with"
    assert ref.choose(other, Rng(3), iterations=16) == ref.choose(g, Rng(3), iterations=16)


def test_it_plays_better_than_chance():
    # The yardstick must measure something: with 30 iterations it finishes
    # ahead of random seats far more often than behind (Tóncc: three players,
    # secret simultaneous choices). Random against random is about even.
    r = duel.duel("toncc", "ref:30", "random", games=6, first_seed=20000, jobs=1)
    assert r["a_ahead"] >= 3 * r["b_ahead"] and r["a_ahead"] >= 8, r


def test_level_names():
    assert ref.parse("ref") == ref.DEFAULT_ITERATIONS
    assert ref.parse("ref:7") == 7
    assert ref.parse("hard") is None
    with pytest.raises(ValueError):
        ref.parse("ref:0")

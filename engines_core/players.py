"""Computer players for every game behind one call, at four levels.

`choose` hands the game's computer player only `state.view_for(seat)`, so no
level can read hidden cards or another seat's pending secret choice.
"""

from engines_core import registry
from engines_core.prng import Rng, mix_seed

LEVELS = ("random", "easy", "normal", "hard")
DEFAULT_LEVEL = "normal"


def rng_for(seed, ply, seat):
    """The PRNG a computer player uses for decision `ply` of a game.

    Derived, not stored, so a resumed game makes the same choices.
    """
    return Rng(mix_seed(seed, ply, seat, 0xA1))


def choose(state, level, rng, effort=100):
    """An action for the current seat of `state` at `level`."""
    if level not in LEVELS:
        raise ValueError("unknown level %r (have: %s)" % (level, ", ".join(LEVELS)))
    seat = state.current_player()
    if seat < 0:
        raise ValueError("the game is over")
    view = state.view_for(seat)
    if level == "random":
        return rng.choice(view.legal_actions())
    ai = registry.ai_module(state.NAME)
    return ai.choose(view, seat, level, rng, effort)


# Helpers the computer players share --------------------------------------------

def best_first(pairs):
    """Sort (value, action) pairs in place: highest value first, ties by the
    smaller action (a total order: MicroPython's sort is not stable)."""
    pairs.sort(key=_by_value)
    return pairs


def _by_value(pair):
    return (-pair[0], pair[1])


def near_best(ranked, margin=0):
    """The actions of a best_first list within `margin` of the best value."""
    top = ranked[0][0]
    return [a for v, a in ranked if v >= top - margin]

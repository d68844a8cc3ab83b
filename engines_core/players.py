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
    # Imported here: a module that wants only rng_for (a computer player's
    # test in a 64 KB heap) does not load it.
    from engines_core.ai_common import finish
    return finish(choose_steps(state, level, rng, effort))


def choose_steps(state, level, rng, effort=100):
    """`choose` in slices: a generator that yields (None) between slices of
    the search, so a caller can draw frames meanwhile, and returns the
    action (the value of its StopIteration; `finish` runs it through). A
    computer player whose module has `choose_steps(view, seat, level, rng,
    effort)`, a generator of the same kind, is run through it; any other in
    one slice by its `choose`. Either way the action is the one `choose`
    returns: slices share nothing with what runs between them."""
    if level not in LEVELS:
        raise ValueError("unknown level %r (have: %s)" % (level, ", ".join(LEVELS)))
    seat = state.current_player()
    if seat < 0:
        raise ValueError("the game is over")
    view = state.view_for(seat)
    if level == "random":
        return rng.choice(view.legal_actions())
    ai = registry.ai_module(state.NAME)
    steps = getattr(ai, "choose_steps", None)
    if steps is None:
        return ai.choose(view, seat, level, rng, effort)
    return (yield from steps(view, seat, level, rng, effort))

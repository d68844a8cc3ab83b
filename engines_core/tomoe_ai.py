"""Computer players for Tomoe (engines_core/tomoe.py): choose, choose_steps,
levels easy, normal, hard, effort, as every game's computer players.

The evaluation (engines_core/tomoe_chains.py): a colour is worth 3 per
sector joined through its colour to a rim area of its colour, minus 1 per
sector of its colour; a position is our worth minus theirs. Every lay is
valued from the chains its new sectors join, a turn by building the chains
again with its cell emptied. hard's search is engines_core/tomoe_search.py,
loaded only by hard. Memory is kept small (shared buffers, no list of every
action) for a 64 KB heap.

- easy: one action ahead, as normal, each value with a random 0 to NOISE - 1
  added (so a lay a free sector worse than the best is often played).
- normal: one action ahead; the best action, turns included (ties at random).
- hard: before the end (more than ENDGAME cells empty) normal's best
  actions by the chains, those within a few points of the best
  (tomoe_search.MID_MARGIN) and as many as the budget counts, each valued
  by the points it leaves on the board now (the live count, pockets
  already closed), the chains breaking ties (tomoe_search.banked): the
  chains never see a pocket close, and a lay that closes one is often not
  their best. The lays on one cell are counted together from the floods
  with that cell a wall, and only the cell's new sectors are found where
  it stops no flood. Then a search of
  the end of the game (tomoe_search.Search): the root moves are the best
  ROOT_FIRSTS first actions (turns included), each with its best
  ROOT_SECONDS second lays. First, for as many root moves as the budget
  fits, one line to the end of the game (at every turn the best lay by
  the chains, as normal plays) and the full board counted; then
  iterations (SCHEDULE) of a negamax with alpha-beta, a move below the
  root two lays (the best k1 first lays, each with its best k2 seconds),
  wider each time until the budget of work (BUDGET, times effort / 100)
  is used up, or one has searched every root move to the end with no lay
  left out (a wider one finds the same), or the next cannot finish within
  what is left (a line to the end per root move, Search.fits); the move
  is the best of the last iteration that finished. Work is counted in
  units of a cell of a chain build, weighted by what each part costs in
  MicroPython (a large board's position costs more, a full board's count
  more than its chains), so every move stays within about 250 million
  fuel on both boards, and the search is the same in CPython and
  MicroPython. A leaf is valued by the exact count (a full board's from
  its chains, final_points).
  Why a search only at the end: between two players of this evaluation
  the margins are a point or two and are decided as pockets close; a
  search of the same budget from the middle of the game, valued by the
  chains, lost to normal (39% at 24 nodes, 56% at 200); the lines and the
  search of the end beat it, and the points banked before it.

All arithmetic is integer; choices depend only on the view and the rng.
"""

from engines_core.ai_common import finish
# The evaluation and the ranking of actions, named here too for the callers
# that reach them through this module (the tests).
from engines_core.tomoe_chains import Chains, ranked, lay_entries, value_of, \
    action_of, UNIT, SLOT, ENDGAME  # noqa: F401

NOISE = (7, 20)  # easy: random points (0 to NOISE - 1) added to each value (small, large board)


def _best(ranked_list, rng):
    top = ranked_list[0] // UNIT
    ties = [e % SLOT for e in ranked_list if e // UNIT == top]
    return rng.choice(ties)


def _easy(state, seat, rng):
    """The best action once every value has a random 0 to NOISE - 1 added:
    actions within a few points of the best are all likely."""
    return _best(ranked(state, seat, rng, -1, True, None, NOISE[state.geo.n > 24]), rng)


def _normal(state, seat, rng):
    return _best(ranked(state, seat, None, -1), rng)


# hard's search is engines_core/tomoe_search.py, loaded at hard's first
# move only, so that easy and normal games leave the heap its room.


def choose(state, seat, level, rng, effort=100):
    """Pick an action for `seat` on a view state. `effort` (1-100) scales search."""
    return finish(choose_steps(state, seat, level, rng, effort))


def choose_steps(state, seat, level, rng, effort=100):
    """`choose` as a generator of slices (players.choose_steps): hard's
    search yields after each node (a chain build and its lays' values)."""
    if level == "easy":
        return _easy(state, seat, rng)
    if level == "hard":
        from engines_core import tomoe_search as S
        if state.empty > ENDGAME:
            return (yield from S.banked(state, seat, rng, effort))
        s = S.start(state, seat, rng, effort)
        return (yield from s.run(state, s.firsts, S.ROOT_SECONDS))
    return _normal(state, seat, rng)

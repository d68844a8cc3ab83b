"""Computer players for Tóncc.

Every level sees only `state.view_for(seat)`: the other seats' choices of the
move being collected are HIDDEN there, so no level can read them (a test
checks the choice is the same whatever they are).

The judgement of a position for one King (`judge`):
- every Kingdom already built: 100 x its points;
- every Kingdom window still open to the King (no other King's Seal in it,
  and no more missing places than Seals in hand): its points x a chance that
  falls by 40% per move needed to visit the missing places (shortest tour on
  the board, from where the King stands);
- a little for every Seal placed (king points come sooner).

- easy: the best landing by that judgement for this move alone, but a random
  movement one time in three.
- normal: the best landing by that judgement, plus what its Seal spoils for
  the others; a Region a stronger King may also land on is weighed by the
  chance that it does (the others are taken to move at random).
- hard: predicts each other King's movement as normal's judgement would send
  it, resolves the whole move (contests included) for each of its own 6
  movements, and keeps the one that leaves it best placed relative to the
  others (its judgement minus the mean of theirs).

Everything works on 18-bit masks of Map places, without copies of the game;
all arithmetic is integer, so CPython and MicroPython choose alike.
"""

from engines_core import toncc as T
from engines_core.ai_common import finish

WIN_PLACES = T.KINGDOMS
WMASK = tuple((1 << a) | (1 << b) | (1 << c) for a, b, c in WIN_PLACES)
SCALE = 100  # one point of score
DECAY = 60  # percent of the chance kept per move a plan needs
SEAL_TEMPO = 12  # per Seal placed
SPOIL_SHARE = 1  # normal: a spoilt window of another King counts 1/SPOIL_SHARE/2
RELATIVE = 100  # hard: percent of the others' mean judgement subtracted
EASY_RANDOM = 3  # easy plays at random one move in this many


def _pct():
    out = bytearray(64)
    v = 100000
    for i in range(64):
        out[i] = v // 1000
        v = v * DECAY // 100
    return bytes(out)


# CHANCE[moves]: percent chance credited to a plan needing that many moves
# (moves >= 64 or unreachable: 0).
CHANCE = _pct()


def _pts_table():
    """PTS[king * 15 + w]: Kingdom points of window w for King colour `king`."""
    out = bytearray(45)
    for k in range(3):
        for w in range(15):
            out[k * 15 + w] = sum(T.region_points(k, p) for p in WIN_PLACES[w])
    return bytes(out)


PTS = _pts_table()
D = T.DIST
N = T.CELLS


def tour(c, a, b=None, e=None):
    """Fewest moves from cell c visiting cells a (and b, and e)."""
    if b is None:
        return D[c * N + a]
    if e is None:
        ab = D[a * N + b]
        return ab + min(D[c * N + a], D[c * N + b])
    ab = D[a * N + b]
    be = D[b * N + e]
    ae = D[a * N + e]
    return min(D[c * N + a] + min(ab + be, ae + be),
               D[c * N + b] + min(ab + ae, be + ae),
               D[c * N + e] + min(ae + ab, be + ab))


def judge(cell_of, king, cell, mine, others, left):
    """Integer value of a position for one King (see the module docstring)."""
    v = SEAL_TEMPO * (T.SEALS - left)
    base = king * 15
    for w in range(15):
        m = WMASK[w]
        if m & others:
            continue
        pts = PTS[base + w]
        miss = m & ~mine
        if not miss:
            v += SCALE * pts
            continue
        a, b, c = WIN_PLACES[w]
        cells = []
        if miss >> a & 1:
            cells.append(cell_of[a])
        if miss >> b & 1:
            cells.append(cell_of[b])
        if miss >> c & 1:
            cells.append(cell_of[c])
        if len(cells) > left:
            continue
        d = tour(cell, *cells)
        if d < 64:
            v += pts * CHANCE[d]
    return v


def seal_masks(st):
    masks = [0, 0, 0]
    owner = st.owner
    for p in range(T.NUM_REGIONS):
        o = owner[p]
        if o != T.NONE:
            masks[o] |= 1 << p
    return masks


def _landings(st, seat, cell):
    """How many of the 6 movements take King `seat` onto `cell`."""
    base = st.pos[seat] * 6
    n = 0
    for d in range(6):
        if T.NEXT[base + d] == cell:
            n += 1
    return n


def spoil(st, masks, taken, seat, place):
    """What a Seal of `seat` on `place` takes from the others' open windows."""
    loss = 0
    for s in range(3):
        theirs = masks[s]
        if s == seat or not theirs:
            continue
        rest = taken & ~theirs
        base = st.kings[s] * 15
        for w in T.KINGDOMS_AT[place]:
            if WMASK[w] & rest:
                continue
            a, b, c = WIN_PLACES[w]
            n = (theirs >> a & 1) + (theirs >> b & 1) + (theirs >> c & 1)
            if n:
                loss += n * n * 10 * PTS[base + w]
    return loss // (2 * SPOIL_SHARE)


def move_values(st, seat, contests=True, spoils=True):
    """normal's value of each of the 6 movements for `seat`."""
    masks = seal_masks(st)
    taken = masks[0] | masks[1] | masks[2]
    mine = masks[seat]
    others = taken & ~mine
    left = T.SEALS - st.seals_placed(seat)
    king = st.kings[seat]
    cell_of = st.cell_of
    standing = st.standing()
    cell0 = st.pos[seat]
    out = []
    for d in range(6):
        c = T.NEXT[cell0 * 6 + d]
        r = st.layout[c]
        bit = 1 << r
        if taken & bit:
            out.append(judge(cell_of, king, c, mine, others, left))
            continue
        win = judge(cell_of, king, c, mine | bit, others, left - 1)
        if left == 1:
            win += SCALE * len(standing)
        if spoils:
            win += spoil(st, masks, taken, seat, r)
        if not contests:
            out.append(win)
            continue
        # The chance that a stronger King lands here too and takes it.
        bg = T.REGIONS[r][0]
        mw = T.weakness(king, bg)
        keep = 1
        den = 1
        for s in standing:
            if s != seat and T.weakness(st.kings[s], bg) < mw:
                keep *= 6 - _landings(st, s, c)
                den *= 6
        if keep == den:
            out.append(win)
            continue
        lose = judge(cell_of, king, c, mine, others | bit, left)
        out.append((win * keep + lose * (den - keep)) // den)
    return out


def _best(values, rng):
    top = max(values)
    return rng.choice([d for d in range(6) if values[d] == top])


def _predict(st, seat):
    """The movements normal's judgement rates best for `seat` (ties kept)."""
    vals = move_values(st, seat)
    top = max(vals)
    return [d for d in range(6) if vals[d] == top]


def hard_values(st, seat):
    """Each movement's value after the whole move, the others moving as
    predicted (every tie of their predictions weighs the same)."""
    return finish(hard_values_steps(st, seat))


def hard_values_steps(st, seat):
    """hard_values as a generator of slices (players.choose_steps): it
    yields after each movement's value."""
    kings = st.kings
    masks0 = seal_masks(st)
    left0 = [T.SEALS - st.seals_placed(s) for s in range(3)]
    standing = st.standing()
    opps = [s for s in standing if s != seat]
    cell_of = st.cell_of
    # Every combination of the others' predicted movements: lists of
    # (seat, destination) per combination.
    combos = [[]]
    for s in opps:
        nxt = []
        for d in _predict(st, s):
            c = T.NEXT[st.pos[s] * 6 + d]
            for combo in combos:
                nxt.append(combo + [(s, c)])
        combos = nxt
    n_standing = len(standing)
    out = []
    for d in range(6):
        mine_c = T.NEXT[st.pos[seat] * 6 + d]
        total = 0
        for combo in combos:
            where = [T.OFF, T.OFF, T.OFF]
            where[seat] = mine_c
            for s, c in combo:
                where[s] = c
            masks = [masks0[0], masks0[1], masks0[2]]
            left = [left0[0], left0[1], left0[2]]
            taken = masks[0] | masks[1] | masks[2]
            for s in standing:
                c = where[s]
                r = st.layout[c]
                bit = 1 << r
                if taken & bit:
                    continue
                bg = T.REGIONS[r][0]
                best = s
                for t in standing:
                    if where[t] == c and T.weakness(kings[t], bg) < T.weakness(kings[best], bg):
                        best = t
                masks[best] |= bit
                left[best] -= 1
                taken |= bit
            v = 0
            for s in standing:
                j = judge(cell_of, kings[s], where[s], masks[s], taken & ~masks[s], left[s])
                if left[s] == 0:
                    j += SCALE * n_standing
                if s == seat:
                    v += j
                else:
                    v -= j * RELATIVE // (100 * len(opps))
            total += v
        out.append(total // len(combos))
        yield
    return out


def choose(state, seat, level, rng, effort=100):
    """Pick a movement for `seat` on a view state. `effort` (1-100) scales search."""
    return finish(choose_steps(state, seat, level, rng, effort))


def choose_steps(state, seat, level, rng, effort=100):
    """`choose` as a generator of slices (players.choose_steps)."""
    if level == "easy":
        if rng.below(EASY_RANDOM) == 0:
            return rng.below(6)
        return _best(move_values(state, seat, False, False), rng)
    if level == "hard" and effort >= 50:
        return _best((yield from hard_values_steps(state, seat)), rng)
    return _best(move_values(state, seat), rng)

"""Computer players for Tomoe.

The evaluation ("chains"): sectors of one colour joined through matching edge
middles form chains; a chain joined to a rim area of its colour is free. At
the end every sector that is not free lies in a pocket, which the other colour
scores when only its free sectors border it. So a colour's prospects are
valued as
    3 * (its free sectors) - (all its sectors)
and a position as that for us minus that for the opponent. The chains are a
union-find over sectors, built once per decision; the value of every pattern
on an empty cell then follows from the (at most three) chains across its
edges, a few operations per pattern. A turn can split a chain, so for a
turn the chains are built again with that cell emptied.

- easy: one action ahead; any action in the best quarter.
- normal: one action ahead; the best action (ties at random).
- hard: plans the whole move. At the first action of a move it takes the
  best WIDTH first actions, adds the best second action to each, lets the
  opponent answer the best REPLIES pairs with the move normal would make
  (leaving out turns, which normal seldom makes: 2% of its moves), and
  keeps the pair that leaves the best position. A position is valued by the
  chains plus the rulebook's count (the pocket rule) with today's chains taken
  as final, and near the end the exact count. At the last action of a move
  it tries its best LAST actions against the opponent's answer likewise.
  WIDTH, REPLIES and LAST scale with `effort`. On the large board a
  search with 19 or more empty cells costs up to 400M fuel (several seconds
  on an RP2040) and did not win more often against normal than playing
  normal's move there (docs/rules/tomoe.md), so hard searches once at most
  18 cells are empty.

All arithmetic is integer; choices depend only on the view and the rng.
"""

from engines_core import tomoe as T
from engines_core.tomoe_board import MOWN, NSEC, SCOL, FIG

FREE = 3  # value of a free sector
SECTOR = 1  # cost of any sector
POCKET = 3  # hard: weight of a point by the pocket rule on today's chains
EXACT = 40  # hard: weight of an exactly counted point near the end
EXACT_FROM = 4  # hard: empty cells at most for the exact count
WIDTH = 12  # hard: first actions planned into whole moves (at most 32)
REPLIES = 6  # hard: moves the opponent answers
LAST = 12  # hard: last actions of a move tried against the answer
LARGE_SEARCH = 18  # hard on the large board: search once at most this many cells are empty


def _pattern_info():
    """PINFO[p]: (colour of the middle that is alone, its edge, the two edges
    of the other colour) for pattern p."""
    out = [None]
    for p in range(1, 7):
        blacks = [k for k in range(3) if (p >> k) & 1]
        whites = [k for k in range(3) if not (p >> k) & 1]
        if len(blacks) == 1:
            out.append((1, blacks[0], whites[0], whites[1]))
        else:
            out.append((0, whites[0], blacks[0], blacks[1]))
    return tuple(out)


PINFO = _pattern_info()


class Chains:
    """The chains of a board: root per node, size and freedom per root, and
    each colour's value 3F - T (`value`)."""

    def __init__(self, geo, board):
        self.geo = geo
        self.board = board
        n = geo.n
        big = 4 * n
        par = bytearray(range(big + 2))
        or8 = geo.or8
        nbc = geo.nbc
        nbk = geo.nbk
        rimcol = geo.rim_colour
        for c in range(n):
            p = board[c]
            if not p:
                continue
            ci = (or8[c] | p) * 4
            e0 = 3 * c
            for k in (0, 1, 2):
                e = e0 + k
                m = nbc[e]
                col = (p >> k) & 1
                if m == 255:
                    if rimcol[nbk[e]] != col:
                        continue
                    b = big + col
                else:
                    if m < c:
                        continue
                    pm = board[m]
                    if not pm or (pm >> nbk[e]) & 1 != col:
                        continue
                    b = 4 * m + MOWN[(or8[m] | pm) * 4 + nbk[e]]
                a = 4 * c + MOWN[ci + k]
                while par[a] != a:
                    a = par[a]
                while par[b] != b:
                    b = par[b]
                if a != b:
                    if a < b:
                        par[a] = b
                    else:
                        par[b] = a
        root = bytearray(big + 2)
        size = bytearray(big + 2)
        free = bytearray(big + 2)
        for i in (big, big + 1):
            a = i
            while par[a] != a:
                a = par[a]
            root[i] = a
            free[a] = 1
        f0 = f1 = t0 = t1 = 0
        for c in range(n):
            p = board[c]
            if not p:
                continue
            ci = or8[c] | p
            for s in range(NSEC[ci]):
                a = 4 * c + s
                while par[a] != a:
                    a = par[a]
                root[4 * c + s] = a
                size[a] += 1
                if SCOL[ci * 4 + s]:
                    t1 += 1
                    if free[a]:
                        f1 += 1
                else:
                    t0 += 1
                    if free[a]:
                        f0 += 1
        self.root = root
        self.size = size
        self.free = free
        self.value = [FREE * f0 - SECTOR * t0, FREE * f1 - SECTOR * t1]
        self.out = [0] * 7
        self.ncol = [2, 2, 2]
        self.nfree = [0, 0, 0]
        self.nroot = [255, 255, 255]
        self.nsize = [0, 0, 0]

    def cell_values(self, c, me):
        """A list v: v[p] = change of (our value - theirs) if pattern p is
        laid on the empty cell c (p 1-6; v[0] unused). The list is reused by
        the next call."""
        geo = self.geo
        board = self.board
        or8 = geo.or8
        nbc = geo.nbc
        nbk = geo.nbk
        root = self.root
        size = self.size
        free = self.free
        # What lies across each edge: colour (2 none), free?, root, size.
        ncol = self.ncol
        nfree = self.nfree
        nroot = self.nroot
        nsize = self.nsize
        e0 = 3 * c
        for k in (0, 1, 2):
            ncol[k] = 2
            nfree[k] = 0
            nroot[k] = 255
            nsize[k] = 0
            e = e0 + k
            m = nbc[e]
            if m == 255:
                ncol[k] = geo.rim_colour[nbk[e]]
                nfree[k] = 1
                continue
            pm = board[m]
            if pm:
                kn = nbk[e]
                col = (pm >> kn) & 1
                r = root[4 * m + MOWN[(or8[m] | pm) * 4 + kn]]
                ncol[k] = col
                nroot[k] = r
                if free[r]:
                    nfree[k] = 1
                else:
                    nsize[k] = size[r]
        tips = geo.orient[c]
        out = self.out
        for p in (1, 2, 3, 4, 5, 6):
            sc, k1, k2, k3 = PINFO[p]
            # The lone middle's sector (and the cut-off tip when it has the
            # tips' colour: the minority figure).
            ds = -SECTOR
            if sc == tips:
                ds -= SECTOR
            if ncol[k1] == sc and nfree[k1]:
                ds += FREE
            # The sector of the two middles of the other colour.
            pc = 1 - sc
            dp = -SECTOR
            a2 = ncol[k2] == pc
            a3 = ncol[k3] == pc
            if (a2 and nfree[k2]) or (a3 and nfree[k3]):
                gain = 1
                if a2:
                    gain += nsize[k2]
                if a3 and (not a2 or nroot[k3] != nroot[k2]):
                    gain += nsize[k3]
                dp += FREE * gain
            if sc == me:
                out[p] = ds - dp
            else:
                out[p] = dp - ds
        return out


def _value(ch, me):
    return ch.value[me] - ch.value[1 - me]


BIAS = 1 << 13  # values stay well inside +-BIAS
SLOT = 512  # > NUM_ACTIONS
TIE = 64  # random tie-breaks
UNIT = SLOT * TIE  # one step of value in a packed entry


def ranked(state, me, rng=None, k=0, turns=True):
    """Every legal action of the player to move, valued for `me`, best first,
    as packed small ints ((BIAS - value) * TIE + tie) * SLOT + action: see
    value_of and action_of. Ties go by action number, or at random with `rng`
    (search must not favour the first cells). With k > 0 only the k best are
    kept (little memory); turns=False leaves turns out."""
    geo = state.geo
    board = state.board
    ch = Chains(geo, board)
    base = BIAS - _value(ch, me)
    supply = state.supply
    orient = geo.orient
    out = []
    for c in range(geo.n):
        if board[c]:
            continue
        vals = ch.cell_values(c, me)
        o8 = 8 * orient[c]
        a = 6 * c - 1
        for p in (1, 2, 3, 4, 5, 6):
            if supply[FIG[o8 + p]]:
                t = rng.below(TIE) if rng else 0
                x = ((base - vals[p]) * TIE + t) * SLOT + a + p
                if not k:
                    out.append(x)
                elif len(out) < k or x < out[-1]:
                    _insert(out, x, k)
    if turns and state.may_turn():
        locked = state.locked
        for c in range(geo.n):
            if not board[c] or locked[c]:
                continue
            b = bytearray(board)
            p = b[c]
            b[c] = 0
            ch2 = Chains(geo, b)
            vals = ch2.cell_values(c, me)
            base2 = BIAS - _value(ch2, me)
            a = T.TURN_BASE + 2 * c
            for d in (0, 1):
                t = rng.below(TIE) if rng else 0
                x = ((base2 - vals[T.turned(p, d)]) * TIE + t) * SLOT + a + d
                if not k:
                    out.append(x)
                elif len(out) < k or x < out[-1]:
                    _insert(out, x, k)
    if not k:
        out.sort()
    return out


def _insert(out, x, k):
    """Put x into the sorted list `out`, keeping at most k entries."""
    i = len(out)
    while i and out[i - 1] > x:
        i -= 1
    out.insert(i, x)
    if len(out) > k:
        out.pop()


def value_of(entry):
    return BIAS - entry // UNIT


def action_of(entry):
    return entry % SLOT


def _best(ranked_list, rng):
    top = ranked_list[0] // UNIT
    ties = [e % SLOT for e in ranked_list if e // UNIT == top]
    return rng.choice(ties)


def _easy(state, seat, rng):
    r = ranked(state, seat)
    quarter = r[len(r) // 4] // UNIT
    return rng.choice([e % SLOT for e in r if e // UNIT <= quarter])


def _normal(state, seat, rng):
    return _best(ranked(state, seat), rng)


# -- hard ---------------------------------------------------------------------


def _after(state, action):
    g = state.clone()
    g.apply(action)
    return g


def _answer(g, rng):
    """The position after the player to move in g makes the move normal
    would make (ties at random)."""
    mover = g.current_player()
    while not g.is_terminal() and g.current_player() == mover:
        g = _after(g, ranked(g, mover, rng, 1, False)[0] % SLOT)
    return g


def chain_points(geo, board, ch):
    """The pocket rule with today's chains taken as final: sectors not joined
    to a rim area of their colour are not free, empty cells are open board."""
    enc = bytearray(4 * geo.n)
    or8 = geo.or8
    root = ch.root
    free = ch.free
    for c in range(geo.n):
        p = board[c]
        if not p:
            continue
        ci = or8[c] | p
        for s in range(NSEC[ci]):
            if not free[root[4 * c + s]]:
                enc[4 * c + s] = 2 >> SCOL[ci * 4 + s]
    return T.pockets(geo, board, enc)


def leaf(g, me):
    """Value of a position for `me` (hard's search)."""
    ch = Chains(g.geo, g.board)
    pts = chain_points(g.geo, g.board, ch)
    v = _value(ch, me) + POCKET * (pts[me] - pts[1 - me])
    if g.empty <= EXACT_FROM:
        pts = g.points
        v += EXACT * (pts[me] - pts[1 - me])
    return v


def _hard(state, seat, rng, width, replies, last):
    if state.geo.n > 24 and state.empty > LARGE_SEARCH:
        return _normal(state, seat, rng)
    r = ranked(state, seat, rng, max(width, last))
    if len(r) == 1:
        return r[0] % SLOT
    if state.phase != T.START or state.move_no == 0 or state.empty == 1:
        return _last_action(state, seat, r, rng, last)
    # Plan whole moves: the best `width` first actions, each with its best
    # second (-1: the move has one action). pairs: value key * 32 + index.
    firsts = []
    seconds = []
    pairs = []
    for e in r[:width]:
        a1 = e % SLOT
        g1 = _after(state, a1)
        if g1.is_terminal() or g1.current_player() != seat:
            key = e // UNIT
            seconds.append(-1)
        else:
            e2 = ranked(g1, seat, rng, 1)[0]
            key = e2 // UNIT
            seconds.append(e2 % SLOT)
        g1 = None
        pairs.append(key * 32 + len(firsts))
        firsts.append(a1)
    del r
    pairs.sort()
    best = None
    choice = []
    for e in pairs[:replies]:
        a1 = firsts[e % 32]
        a2 = seconds[e % 32]
        g = _after(state, a1)
        if a2 >= 0:
            g = _after(g, a2)
        if not g.is_terminal():
            g = _answer(g, rng)
        val = leaf(g, seat)
        if best is None or val > best:
            best = val
            choice = [a1]
        elif val == best:
            choice.append(a1)
    return rng.choice(choice)


def _last_action(state, seat, r, rng, width):
    """The last action of a move: the best by the opponent's answer."""
    best = None
    choice = []
    for e in r[:width]:
        a = e % SLOT
        g = _after(state, a)
        if not g.is_terminal() and g.current_player() != seat:
            g = _answer(g, rng)
        val = leaf(g, seat)
        if best is None or val > best:
            best = val
            choice = [a]
        elif val == best:
            choice.append(a)
    return rng.choice(choice)


def choose(state, seat, level, rng, effort=100):
    """Pick an action for `seat` on a view state. `effort` (1-100) scales search."""
    if level == "easy":
        return _easy(state, seat, rng)
    if level == "hard":
        return _hard(state, seat, rng, max(2, WIDTH * effort // 100),
                     max(1, REPLIES * effort // 100), max(2, LAST * effort // 100))
    return _normal(state, seat, rng)


"""Computer players for Tomoe.

The evaluation ("chains"): sectors of one colour joined through matching
edge middles form chains; a chain joined to a rim area of its colour is free,
and at the end every sector that is not free lies in a pocket that the other
colour usually scores. So a colour's prospects are valued as
    3 * (its free sectors) - (all its sectors)
and a position as that for us minus that for the opponent. The chains are a
union-find over sectors built once per decision; the value of laying a tile
is then found from the (at most three) chains it touches, so every candidate
lay costs a few dozen operations. A turn can split a chain, so its value is
found by building the chains again.

- easy: one action ahead, picks any action at least as good as the median.
- normal: one action ahead, the best action (ties at random).
- hard: plans the whole move. For the first action of a move it takes the
  best few first actions, adds the best second action to each, lets the
  opponent answer each of the best pairs with its own best move, and keeps
  the pair that leaves the best position; near the end of the game the
  leaves are scored exactly (the rulebook's count). The widths scale with
  `effort`.

All arithmetic is integer; choices depend only on the view and the rng.
"""

from engines_core import tomoe as T
from engines_core.tomoe_board import MOWN, NSEC, SCOL, SMID, FIG

FREE = 3  # value of a free sector
SECTOR = 1  # cost of any sector
EXACT = 40  # weight of an exactly counted point near the end


class Chains:
    """Chains of a board: root per node, size and freedom per root, and the
    value 3F - T of each colour."""

    def __init__(self, geo, board):
        self.geo = geo
        self.board = board
        n = geo.n
        big = 4 * n
        par = bytearray(big + 2)
        for i in range(big + 2):
            par[i] = i
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
                    par[a] = par[par[a]]
                    a = par[a]
                while par[b] != b:
                    par[b] = par[par[b]]
                    b = par[b]
                if a != b:
                    if a < b:
                        par[a] = b
                    else:
                        par[b] = a
        root = bytearray(big + 2)
        for i in range(big + 2):
            a = i
            while par[a] != a:
                a = par[a]
            root[i] = a
        size = bytearray(big + 2)
        free = bytearray(big + 2)
        free[root[big]] = 1
        free[root[big + 1]] = 1
        f = [0, 0]
        t = [0, 0]
        for c in range(n):
            p = board[c]
            if not p:
                continue
            ci = or8[c] | p
            for s in range(NSEC[ci]):
                col = SCOL[ci * 4 + s]
                r = root[4 * c + s]
                size[r] += 1
                t[col] += 1
                if free[r]:
                    f[col] += 1
        self.root = root
        self.size = size
        self.free = free
        self.value = [FREE * f[0] - SECTOR * t[0], FREE * f[1] - SECTOR * t[1]]

    def lay_delta(self, c, p):
        """(change of White's value, of Black's) if pattern p is laid on c."""
        geo = self.geo
        board = self.board
        or8 = geo.or8
        nbc = geo.nbc
        nbk = geo.nbk
        rimcol = geo.rim_colour
        root = self.root
        size = self.size
        free = self.free
        ci = or8[c] | p
        d = [0, 0]
        e0 = 3 * c
        for s in range(NSEC[ci]):
            col = SCOL[ci * 4 + s]
            d[col] -= SECTOR
            mids = SMID[ci * 4 + s]
            if not mids:
                continue  # a cut-off tip is never free
            joined = 0
            gain = 0
            seen0 = 255
            seen1 = 255
            for k in (0, 1, 2):
                if not (mids >> k) & 1:
                    continue
                e = e0 + k
                m = nbc[e]
                if m == 255:
                    if rimcol[nbk[e]] == col:
                        joined = 1
                    continue
                pm = board[m]
                if not pm or (pm >> nbk[e]) & 1 != col:
                    continue
                r = root[4 * m + MOWN[(or8[m] | pm) * 4 + nbk[e]]]
                if r == seen0 or r == seen1:
                    continue
                if seen0 == 255:
                    seen0 = r
                else:
                    seen1 = r
                if free[r]:
                    joined = 1
                else:
                    gain += size[r]
            if joined:
                d[col] += FREE * (gain + 1)
        return d


def _value(ch, me):
    return ch.value[me] - ch.value[1 - me]


def _after(state, action):
    """A copy of the view with `action` applied (board and supply only)."""
    g = state.clone()
    g.apply(action)
    return g


def ranked(state, me, rng=None):
    """[(value, action)] for every legal action of `me` now, best first."""
    geo = state.geo
    board = state.board
    ch = Chains(geo, board)
    base = _value(ch, me)
    out = []
    you = 1 - me
    for a in state.legal_actions():
        if T.is_turn(a):
            c = T.cell_of(a)
            b = bytearray(board)
            b[c] = T.turned(b[c], T.direction_of(a))
            v = _value(Chains(geo, b), me)
        else:
            d = ch.lay_delta(T.cell_of(a), T.pattern_of(a))
            v = base + d[me] - d[you]
        out.append((v, a))
    out.sort(key=_rank_key)
    return out


def _rank_key(pair):
    # A total order (MicroPython's sort is not stable): value, then action.
    return pair[1] - pair[0] * T.NUM_ACTIONS


def _best(ranked_list, rng):
    top = ranked_list[0][0]
    ties = [a for v, a in ranked_list if v == top]
    return rng.choice(ties)


def _easy(state, seat, rng):
    r = ranked(state, seat)
    median = r[len(r) // 2][0]
    return rng.choice([a for v, a in r if v >= median])


def _normal(state, seat, rng):
    return _best(ranked(state, seat), rng)


def _move_value(state, me, rng):
    """Value for `me` after the player to move in `state` plays a whole move
    greedily (normal's choice at each action, ties to the first)."""
    g = state
    mover = g.current_player()
    while not g.is_terminal() and g.current_player() == mover:
        r = ranked(g, mover)
        g = _after(g, r[0][1])
    return g


def _leaf(g, me):
    """Value of a position for `me`: chains, plus the exact count near the end."""
    v = _value(Chains(g.geo, g.board), me)
    if g.empty <= 4:
        v += EXACT * (g.points[me] - g.points[1 - me])
    return v


def _hard(state, seat, rng, width, replies):
    r = ranked(state, seat)
    if state.phase != T.START or state.move_no == 0 or len(r) == 1:
        # The second action of a move, or the opening: the move's last action.
        return _finish(state, seat, r, rng, width)
    # Plan the move: the best `width` first actions, each with its best second.
    pairs = []
    for v1, a1 in r[:width]:
        g1 = _after(state, a1)
        if g1.is_terminal() or g1.current_player() != seat:
            pairs.append((_leaf(g1, seat), a1, g1))
            continue
        r2 = ranked(g1, seat)
        g2 = _after(g1, r2[0][1])
        pairs.append((r2[0][0], a1, g2))
    pairs.sort(key=_pair_key)
    # The opponent answers the best few with its own best move.
    best = None
    choice = []
    for v, a1, g2 in pairs[:replies]:
        if g2.is_terminal():
            val = _leaf(g2, seat)
        else:
            val = _leaf(_move_value(g2, seat, rng), seat)
        if best is None or val > best:
            best = val
            choice = [a1]
        elif val == best:
            choice.append(a1)
    return rng.choice(choice)


def _finish(state, seat, r, rng, width):
    """The last action of a move: the best by the opponent's best answer."""
    if len(r) == 1:
        return r[0][1]
    best = None
    choice = []
    for v1, a in r[:width]:
        g = _after(state, a)
        if not g.is_terminal() and g.current_player() != seat:
            g = _move_value(g, seat, rng)
        val = _leaf(g, seat)
        if best is None or val > best:
            best = val
            choice = [a]
        elif val == best:
            choice.append(a)
    return rng.choice(choice)


def _pair_key(t):
    return t[1] - t[0] * T.NUM_ACTIONS


def choose(state, seat, level, rng, effort=100):
    """Pick an action for `seat` on a view state. `effort` (1-100) scales search."""
    if level == "easy":
        return _easy(state, seat, rng)
    if level == "hard":
        return _hard(state, seat, rng, max(2, 8 * effort // 100), max(1, 4 * effort // 100))
    return _normal(state, seat, rng)

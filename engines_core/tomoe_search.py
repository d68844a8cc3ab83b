"""hard's search for Tomoe with triple-hexagon tiles: a negamax with
alpha-beta over whole moves near the end of the game, its leaves counted
exactly (engines_core/tomoe_ai.py says how hard plays). A module of its
own, loaded only when hard searches, so that easy and normal games keep
the heap's room on a small board.
"""

from engines_core import tomoe as T
from engines_core import tomoe_chains as C
from engines_core.ai_common import finish
from engines_core.tomoe_board import FIG, NSEC, SCOL, ESEC, SADJ
from engines_core.tomoe_chains import SLOT, UNIT, ENDGAME

EXACT = 40  # weight of a point of a full board's count
WIN = 2000  # a won full board
# The budget is in work, not positions: a position's cost grows with the
# board (a chain build visits every tile) and a full board's count costs
# more than its chains, so a budget of positions let a large board's move
# cost 586 million fuel in MicroPython. A unit is one cell of a chain build
# (about 0.16 million fuel); the weights are MicroPython's fuel of each part
# (tools.bench), on both boards alike.
VALUES = 3  # units per empty cell whose lays are valued (cell_values)
COUNT = 7  # a full board's count (final_points): COUNT / 4 units a cell
BUDGET = 1250  # units per decision at effort 100 (about 200 million fuel)
ROOT_FIRSTS = 8  # first actions of the root moves
ROOT_SECONDS = 2  # second actions per first action at the root


_TURN_BASE = T.TURN_BASE  # actions from here on are turns
INF = 1 << 28
# hard's iterations: (depth in whole moves, root moves searched, first lays
# per move, second lays per first lay).
SCHEDULE = ((1, 16, 0, 0), (2, 6, 3, 1), (2, 10, 4, 1), (2, 16, 4, 2), (2, 24, 6, 3),
            (3, 8, 3, 1), (3, 12, 4, 2), (4, 8, 3, 1), (4, 12, 4, 2))


class _OutOfWork(Exception):
    """The budget of work is used up: the search stops."""


class Search:
    """hard's search: negamax with alpha-beta over whole moves, deepened and
    widened step by step (SCHEDULE) until `budget` units of work (BUDGET)
    are used up. A node is one position evaluated: one chain build, either
    to rank the lays from a position (and value each empty cell's lays) or
    to value a leaf (a full board's also counted). The move returned is
    the best of the last iteration that finished."""

    def __init__(self, state, seat, rng, budget):
        self.geo = state.geo
        self.seat = seat
        self.budget = budget
        self.cost = 0  # units of work done (BUDGET)
        self.n = state.geo.n
        self.iterations = 0  # iterations finished
        self.depth = 0  # depth (whole moves) of the last finished iteration
        # A random tie-break per action, drawn once (two draws: a random
        # affine map modulo 61, C.tie_break): equal actions are tried in a
        # random order, not always the first cells first.
        self.tie = (1 + rng.below(60)) * 64 + rng.below(61)
        self.supply = list(state.supply)

    def count(self, units):
        if self.cost + units > self.budget:
            raise _OutOfWork()
        self.cost += units

    def lays(self, board, p, k, empty):
        """The k best lays for p on board, `empty` cells empty (packed as
        in ranked)."""
        self.count(self.n + VALUES * empty)
        out = []
        C.lay_entries(self.geo, board, self.supply, p, k, self.tie, None, out)
        return out

    def leaf(self, board, empty, p):
        # A full board is also counted (final_points).
        self.count(self.n if empty else self.n + COUNT * self.n // 4)
        return board_value(self.geo, board, empty, p)

    def negamax(self, board, p, empty, depth, alpha, beta, k1, k2):
        """The value for p, to move (a whole move of lays), searching
        `depth` whole moves: the k1 best first lays, each with its k2 best
        second lays. A generator (yield from it): it yields after each
        node, a slice of the search (players.choose_steps)."""
        if depth == 0 or empty == 0:
            v = self.leaf(board, empty, p)
            yield
            return v
        orient = self.geo.orient
        supply = self.supply
        best = -INF
        firsts = self.lays(board, p, k1, empty)
        yield
        for e in firsts:
            a1 = e % SLOT
            _do(board, supply, orient, a1)
            if empty == 1:
                v = -(yield from self.negamax(board, 1 - p, 0, depth - 1, -beta, -alpha, k1, k2))
                if v > best:
                    best = v
                if v > alpha:
                    alpha = v
            else:
                seconds = self.lays(board, p, k2, empty - 1)
                yield
                for e2 in seconds:
                    a2 = e2 % SLOT
                    _do(board, supply, orient, a2)
                    v = -(yield from self.negamax(board, 1 - p, empty - 2, depth - 1, -beta,
                                                  -alpha, k1, k2))
                    _undo(board, supply, orient, a2, 0)
                    if v > best:
                        best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            _undo(board, supply, orient, a1, 0)
            if alpha >= beta:
                break
        return best

    def run(self, state, root_firsts, root_seconds):
        """The action to play now: a generator of slices, as negamax. (Its
        parts are functions of their own: a 64 KB heap has no free run of
        RAM for one large function's code.)"""
        first = C.ranked(state, self.seat, None, root_firsts, True, self.tie)
        if len(first) == 1:
            return first[0] % SLOT
        moves = []
        try:
            yield from self.root_moves(state, first, root_seconds, moves)
        except _OutOfWork:
            return first[0] % SLOT  # not even the root moves fit the budget
        del first
        moves.sort()
        self.moves = moves
        self.order = list(range(len(moves)))
        self.choice = moves[0][2]
        try:
            for depth, width, k1, k2 in SCHEDULE:
                if depth > 1 and depth - 1 > (state.empty + 1) // 2:
                    break  # deeper than the game goes
                if depth < self.need and state.empty <= ENDGAME:
                    continue  # near the end only a search to the end counts
                yield from self.iteration(state, depth, width, k1, k2)
        except _OutOfWork:
            pass
        return self.choice

    def root_moves(self, state, first, root_seconds, moves):
        """Fill `moves` with the root moves: (value key, index, first action,
        second or -1), a first action's seconds its best root_seconds lays."""
        board = bytearray(state.board)
        self.supply = supply = list(state.supply)
        orient = self.geo.orient
        one = state.phase != T.START or state.move_no == 0  # one action left
        # Whole moves to the end of the game after the root move (lays only).
        self.need = 1 + (state.empty - (1 if one else 2) + 1) // 2
        # What ranked did: the chains and every empty cell's lays, then the
        # chains again for each tile that may turn.
        self.count(self.n + VALUES * state.empty)
        if state.may_turn():
            locked = state.locked
            for c in range(self.n):
                if board[c] and not locked[c]:
                    self.count(self.n + VALUES)
        for e in first:
            a1 = e % SLOT
            undo = _do(board, supply, orient, a1)
            if a1 < _TURN_BASE and (one or state.empty == 1):
                moves.append((e // UNIT, len(moves), a1, -1))
            else:
                for e2 in self.lays(board, self.seat, root_seconds,
                                    state.empty - (a1 < _TURN_BASE)):
                    moves.append((e2 // UNIT, len(moves), a1, e2 % SLOT))
            _undo(board, supply, orient, a1, undo)
            yield

    def iteration(self, state, depth, width, k1, k2):
        """One iteration of SCHEDULE over the best `width` root moves; the
        best first (order), its first action the choice."""
        moves = self.moves
        order = self.order
        orient = self.geo.orient
        best = -INF
        best_i = order[0]
        alpha = -INF
        for i in order[:width]:
            m = moves[i]
            b = bytearray(state.board)
            self.supply = sup = list(state.supply)
            empty = state.empty
            _do(b, sup, orient, m[2])
            if m[2] < _TURN_BASE:
                empty -= 1
            if m[3] >= 0:
                _do(b, sup, orient, m[3])
                empty -= 1
            v = -(yield from self.negamax(b, 1 - self.seat, empty, depth - 1, -INF, -alpha,
                                          k1, k2))
            if v > best:
                best = v
                best_i = i
                alpha = v
        order.remove(best_i)
        order.insert(0, best_i)
        self.choice = moves[best_i][2]
        self.iterations += 1
        self.depth = depth


def _do(board, supply, orient, a):
    """Play action a on a bare board; returns what _undo needs."""
    c = T.cell_of(a)
    if a >= _TURN_BASE:
        old = board[c]
        board[c] = T.turned(old, T.direction_of(a))
        return old
    q = T.pattern_of(a)
    board[c] = q
    supply[FIG[8 * orient[c] + q]] -= 1
    return 0


def _undo(board, supply, orient, a, old):
    c = T.cell_of(a)
    if a >= _TURN_BASE:
        board[c] = old
        return
    supply[FIG[8 * orient[c] + T.pattern_of(a)]] += 1
    board[c] = 0


# final_points' buffers, made once with the module: a bytearray a leaf
# wanted free runs of up to 504 bytes of a 64 KB heap in pieces. Per
# sector, bit x: it touches a free sector or rim area of colour x; per
# pocket (its root), the same of all its sectors, and its sectors of each
# colour. Every count leaves them zero.
_BORD = bytearray(C._NODES)
_PB = bytearray(C._NODES)
_CNT = bytearray(2 * C._NODES)


def final_points(geo, board, ch):
    """[White's points, Black's points] of a full board by the pocket rule,
    from its chains: a sector is free when its chain reaches a rim area of
    its colour; the sectors that are not free and touch make pockets (a
    union-find over them), each scoring its sectors of one colour for the
    other when every free sector and rim area touching it is of that other
    colour. The same count as tomoe's enclosure and pockets on a full
    board, at about a third of their cost."""
    big = ch.big
    root = ch.root
    par = C._PAR  # the chains' parents are done with: their roots are read
    par[:] = C._IDENT
    bord = _BORD  # per sector: bit x, it touches free colour x
    for c in range(geo.n):
        _inside(geo, board, c, root, big, par, bord)
        _edges(geo, board, c, root, big, par, bord)
    return _count(geo, board, root, big, par, bord)


def _inside(geo, board, c, root, big, par, bord):
    """Pockets and borders inside tile c: sectors that are not free join
    the sectors they touch that are not free, and learn the colours of the
    free ones."""
    ci = geo.or8[c] | board[c]
    b = 7 * c
    for s in range(NSEC[ci]):
        if root[b + s] >= big:
            continue
        a = SADJ[ci * 8 + s]
        t = 0
        while a:
            if a & 1:
                if root[b + t] >= big:
                    bord[b + s] |= 1 << SCOL[ci * 8 + t]
                elif t > s:
                    _union(par, b + s, b + t)
            a >>= 1
            t += 1


def _edges(geo, board, c, root, big, par, bord):
    """As _inside across tile c's edges (each pair of tiles once), the rim's
    areas counting as free sectors of their colour."""
    or8 = geo.or8
    nbc = geo.nbc
    nbk = geo.nbk
    ci = or8[c] | board[c]
    b = 7 * c
    for k in (0, 1, 2):
        e = 3 * c + k
        m = nbc[e]
        if m == 255:
            bit = 1 << geo.rim_colour[nbk[e]]
            for j in range(18 * ci + 6 * k, 18 * ci + 6 * k + 6):
                u = b + ESEC[j]
                if root[u] < big:
                    bord[u] |= bit
            continue
        if m < c:
            continue
        cm = or8[m] | board[m]
        q = 18 * cm + 6 * nbk[e] + 5
        for j in range(6):
            u = b + ESEC[18 * ci + 6 * k + j]
            tm = ESEC[q - j]
            w = 7 * m + tm
            fu = root[u] >= big
            fw = root[w] >= big
            if fu:
                if not fw:
                    bord[w] |= 1 << SCOL[ci * 8 + ESEC[18 * ci + 6 * k + j]]
            elif fw:
                bord[u] |= 1 << SCOL[cm * 8 + tm]
            else:
                _union(par, u, w)


def _count(geo, board, root, big, par, bord):
    """The points of the pockets (roots in par) and their borders."""
    n = geo.n
    or8 = geo.or8
    # Per pocket (its root): the border colours and its sectors of each
    # colour. The buffers are left zero for the next count: read, cleared.
    pb = _PB
    cnt = _CNT
    for c in range(n):
        ci = or8[c] | board[c]
        for s in range(NSEC[ci]):
            u = 7 * c + s
            if root[u] >= big:
                continue
            r = u
            while par[r] != r:
                r = par[r]
            pb[r] |= bord[u]
            bord[u] = 0
            cnt[2 * r + SCOL[ci * 8 + s]] += 1
    score = [0, 0]
    for r in range(big):
        x = pb[r]
        if x == 1:
            score[0] += cnt[2 * r + 1]
        elif x == 2:
            score[1] += cnt[2 * r]
        if x:
            pb[r] = 0
        cnt[2 * r] = 0
        cnt[2 * r + 1] = 0
    return score


def _union(par, a, b):
    while par[a] != a:
        a = par[a]
    while par[b] != b:
        b = par[b]
    if a != b:
        par[a] = b


def board_value(geo, board, empty, me):
    """Value of a board for `me`: the chains; on a full board, plus EXACT
    per point of the count and WIN for its winner."""
    ch = C.Chains(geo, board)
    v = C._value(ch, me)
    if empty:
        return v
    pts = final_points(geo, board, ch)
    d = pts[me] - pts[1 - me]
    return v + EXACT * d + (WIN if d > 0 else -WIN if d < 0 else 0)


def start(state, seat, rng, effort=100):
    """hard's Search for a decision, its budget scaled by effort (1-100)."""
    effort = max(1, min(100, effort))
    s = Search(state, seat, rng, BUDGET * effort // 100)
    s.firsts = max(4, ROOT_FIRSTS * effort // 100)
    return s


def hard_search(state, seat, rng, effort=100):
    """The Search object after hard's search (its `choice`)."""
    s = start(state, seat, rng, effort)
    s.choice = finish(s.run(state, s.firsts, ROOT_SECONDS))
    return s

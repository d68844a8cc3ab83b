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
from engines_core.tomoe_chains import SLOT, UNIT

ENDGAME = 4  # searches once at most this many cells are empty (before: normal)
EXACT = 40  # weight of a point of a full board's count
WIN = 2000  # a won full board
FULL_NODES = 2  # nodes a full board's count costs (final_points)
NODES = (100, 60)  # positions evaluated per decision at effort 100 (small, large board)
ROOT_FIRSTS = 8  # first actions of the root moves
ROOT_SECONDS = 2  # second actions per first action at the root


_TURN_BASE = T.TURN_BASE  # actions from here on are turns
INF = 1 << 28
# hard's iterations: (depth in whole moves, root moves searched, first lays
# per move, second lays per first lay).
SCHEDULE = ((1, 16, 0, 0), (2, 6, 3, 1), (2, 10, 4, 1), (2, 16, 4, 2), (2, 24, 6, 3),
            (3, 8, 3, 1), (3, 12, 4, 2), (4, 8, 3, 1), (4, 12, 4, 2))


class _OutOfNodes(Exception):
    """The node budget is used up: the search stops."""


class Search:
    """hard's search: negamax with alpha-beta over whole moves, deepened and
    widened step by step (SCHEDULE) until `budget` positions have been
    evaluated. A node is one position evaluated: one chain build, either to
    rank the lays from a position or to value a leaf. The move returned is
    the best of the last iteration that finished."""

    def __init__(self, state, seat, rng, budget):
        self.geo = state.geo
        self.seat = seat
        self.budget = budget
        self.nodes = 0
        self.iterations = 0  # iterations finished
        self.depth = 0  # depth (whole moves) of the last finished iteration
        # A random tie-break per action, drawn once (two draws: a random
        # affine map modulo 61, C.tie_break): equal actions are tried in a
        # random order, not always the first cells first.
        self.tie = (1 + rng.below(60)) * 64 + rng.below(61)
        self.supply = list(state.supply)

    def count(self, n=1):
        if self.nodes + n > self.budget:
            raise _OutOfNodes()
        self.nodes += n

    def lays(self, board, p, k):
        """The k best lays for p on board (packed as in ranked)."""
        self.count()
        out = []
        C.lay_entries(self.geo, board, self.supply, p, k, self.tie, None, out)
        return out

    def leaf(self, board, empty, p):
        # A full board is also counted (final_points): about FULL_NODES
        # chain builds.
        self.count(1 if empty else FULL_NODES)
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
        firsts = self.lays(board, p, k1)
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
                seconds = self.lays(board, p, k2)
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
        """The action to play now: a generator of slices, as negamax."""
        seat = self.seat
        first = C.ranked(state, seat, None, root_firsts, True, self.tie)
        if len(first) == 1:
            return first[0] % SLOT
        choice = first[0] % SLOT  # if not even the root moves fit the budget
        board = bytearray(state.board)
        self.supply = supply = list(state.supply)
        orient = self.geo.orient
        one = state.phase != T.START or state.move_no == 0  # one action left
        try:
            self.count()
            if state.may_turn():  # ranked built the chains once per turnable tile
                locked = state.locked
                for c in range(self.geo.n):
                    if board[c] and not locked[c]:
                        self.count()
            # Root moves: (value key, index, first action, second or -1).
            moves = []
            for e in first:
                a1 = e % SLOT
                undo = _do(board, supply, orient, a1)
                if a1 < _TURN_BASE and (one or state.empty == 1):
                    moves.append((e // UNIT, len(moves), a1, -1))
                else:
                    for e2 in self.lays(board, seat, root_seconds):
                        moves.append((e2 // UNIT, len(moves), a1, e2 % SLOT))
                _undo(board, supply, orient, a1, undo)
                yield
        except _OutOfNodes:
            return choice
        del first
        moves.sort()
        order = list(range(len(moves)))
        choice = moves[0][2]
        # Whole moves to the end of the game after the root move (lays only).
        need = 1 + (state.empty - (1 if one else 2) + 1) // 2
        try:
            for depth, width, k1, k2 in SCHEDULE:
                if depth > 1 and depth - 1 > (state.empty + 1) // 2:
                    break  # deeper than the game goes
                if depth < need and state.empty <= ENDGAME:
                    continue  # near the end only a search to the end counts
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
                    v = -(yield from self.negamax(b, 1 - seat, empty, depth - 1, -INF, -alpha,
                                                  k1, k2))
                    if v > best:
                        best = v
                        best_i = i
                        alpha = v
                order.remove(best_i)
                order.insert(0, best_i)
                choice = moves[best_i][2]
                self.iterations += 1
                self.depth = depth
        except _OutOfNodes:
            pass
        return choice


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


def final_points(geo, board, ch):
    """[White's points, Black's points] of a full board by the pocket rule,
    from its chains: a sector is free when its chain reaches a rim area of
    its colour; the sectors that are not free and touch make pockets (a
    union-find over them), each scoring its sectors of one colour for the
    other when every free sector and rim area touching it is of that other
    colour. The same count as tomoe's enclosure and pockets on a full
    board, at about a third of their cost."""
    n = geo.n
    big = ch.big
    root = ch.root
    or8 = geo.or8
    nbc = geo.nbc
    nbk = geo.nbk
    rimcol = geo.rim_colour
    par = C._PAR  # the chains' parents are done with: their roots are read
    par[:] = C._IDENT
    bord = bytearray(big)  # per sector: bit x, it touches free colour x
    for c in range(n):
        ci = or8[c] | board[c]
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
        for k in (0, 1, 2):
            e = 3 * c + k
            m = nbc[e]
            if m == 255:
                bit = 1 << rimcol[nbk[e]]
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
    # Per pocket (its root): the border colours and its sectors of each colour.
    pb = bytearray(big)
    cnt = bytearray(2 * big)
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
            cnt[2 * r + SCOL[ci * 8 + s]] += 1
    score = [0, 0]
    for r in range(big):
        if pb[r] == 1:
            score[0] += cnt[2 * r + 1]
        elif pb[r] == 2:
            score[1] += cnt[2 * r]
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
    s = Search(state, seat, rng, NODES[state.geo.n > 24] * effort // 100)
    s.firsts = max(4, ROOT_FIRSTS * effort // 100)
    return s


def hard_search(state, seat, rng, effort=100):
    """The Search object after hard's search (its `choice`)."""
    s = start(state, seat, rng, effort)
    s.choice = finish(s.run(state, s.firsts, ROOT_SECONDS))
    return s

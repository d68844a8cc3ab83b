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
- hard: a negamax search with alpha-beta over whole moves (Search). The
  root moves are the best ROOT_FIRSTS first actions (turns included), each
  with its best ROOT_SECONDS second lays; below the root a move is two lays
  (the best k1 first lays, each with its best k2 seconds, in the order of the
  evaluation above). Iterations (SCHEDULE) go deeper and wider until the
  node budget (NODES, times effort / 100) is used up; the move is the best
  of the last iteration that finished. A node is one position evaluated (one
  chain build), so the search is the same in CPython and MicroPython. A leaf
  is valued by the chains plus the pocket rule with today's chains taken as
  final, and near the end the exact count.

All arithmetic is integer; choices depend only on the view and the rng.
"""

from engines_core import tomoe as T
from engines_core.tomoe import is_turn
from engines_core.tomoe_board import MOWN, NSEC, SCOL, FIG
from engines_core.ai_common import finish

FREE = 3  # value of a free sector
SECTOR = 1  # cost of any sector
POCKET = (3, 1)  # hard: weight of a point by the pocket rule on today's chains (small, large)
EXACT = 40  # hard: weight of an exactly counted point near the end
EXACT_FROM = 4  # hard: empty cells at most for the exact count
WIN = 2000  # hard: a won full board
EXACT_NODES = 3  # hard: nodes an exactly counted leaf costs
NODES = (64, 56)  # hard: positions evaluated per decision at effort 100 (small, large board)
ROOT_FIRSTS = 12  # hard: first actions of the root moves
ROOT_SECONDS = 2  # hard: second actions per first action at the root


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


def ranked(state, me, rng=None, k=0, turns=True, tie=None):
    """Every legal action of the player to move, valued for `me`, best first,
    as packed small ints ((BIAS - value) * TIE + tie) * SLOT + action: see
    value_of and action_of. Ties go by action number, or at random with `rng`
    (search must not favour the first cells). With k > 0 only the k best are
    kept (little memory), with k < 0 only those of the best value (what
    normal needs, without a list of every action); turns=False leaves turns
    out. `tie` (a table of tie-breaks per action) stands in for rng."""
    geo = state.geo
    board = state.board
    turns = turns and state.may_turn()
    if k:
        out = []
    else:
        # Room for every action at once: growing a list of up to 288 entries
        # step by step would want free runs of up to 2 KB on a small heap.
        out = [0] * (6 * state.empty + (2 * (geo.n - state.empty) if turns else 0))
    n = lay_entries(geo, board, state.supply, me, k, tie, rng, out)
    if turns:
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
            for d in (0, 1):
                a = T.turn_action(c, d)
                t = tie[a] if tie else rng.below(TIE) if rng else 0
                x = ((base2 - vals[T.turned(p, d)]) * TIE + t) * SLOT + a
                if not k:
                    out[n] = x
                    n += 1
                elif k < 0:
                    _keep_best(out, x)
                elif len(out) < k or x < out[-1]:
                    _insert(out, x, k)
    if not k:
        del out[n:]
    if k <= 0:
        out.sort()
    return out


def lay_entries(geo, board, supply, me, k, tie, rng, out):
    """Every lay of a figure left in `supply` on an empty cell of `board`,
    valued for `me`, packed as in `ranked`, into the list `out`: with k=0
    unsorted into its first slots (it must have room for six per empty
    cell), returning how many; else appended: with k > 0 only the k best,
    sorted, with k < 0 only those of the best value.
    Tie-breaks from the table `tie`, else from `rng`."""
    ch = Chains(geo, board)
    base = BIAS - _value(ch, me)
    orient = geo.orient
    n = 0
    for c in range(geo.n):
        if board[c]:
            continue
        vals = ch.cell_values(c, me)
        o8 = 8 * orient[c]
        lays = 7 * c
        for p in (1, 2, 3, 4, 5, 6):
            if supply[FIG[o8 + p]]:
                a = _LAY[lays + p]
                t = tie[a] if tie else rng.below(TIE) if rng else 0
                x = ((base - vals[p]) * TIE + t) * SLOT + a
                if not k:
                    out[n] = x
                    n += 1
                elif k < 0:
                    _keep_best(out, x)
                elif len(out) < k or x < out[-1]:
                    _insert(out, x, k)
    return n


def _keep_best(out, x):
    """Keep in `out` only the entries of the best (lowest) value seen."""
    if out:
        d = x // UNIT - out[0] // UNIT
        if d > 0:
            return
        if d < 0:
            del out[:]
    out.append(x)


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
    return _best(ranked(state, seat, None, -1), rng)


# -- hard ---------------------------------------------------------------------


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


# T.cell_of, and T.pattern_of a lay or T.direction_of a turn, of every
# action: hard's search plays and takes back actions by the thousand (the
# calls would cost it 3% more fuel). Actions from T.TURN_BASE on are turns.
_CELL = bytes(T.cell_of(a) for a in range(T.NUM_ACTIONS))
_PATTERN = bytes(T.direction_of(a) if is_turn(a) else T.pattern_of(a)
                 for a in range(T.NUM_ACTIONS))
_TURN_BASE = T.TURN_BASE
# T.lay_action(c, p) at 7 * c + p, for lay_entries.
_LAY = bytes(T.lay_action(c, p) if p else 0 for c in range(T.MAX_CELLS) for p in range(7))


INF = 1 << 28
# hard's iterations: (depth in whole moves, root moves searched, first lays
# per move, second lays per first lay).
SCHEDULE = ((1, 12, 0, 0), (2, 8, 3, 1), (2, 12, 4, 1), (2, 16, 4, 2), (3, 8, 3, 1),
            (3, 12, 4, 2), (4, 8, 3, 1), (4, 12, 4, 2), (5, 8, 3, 1), (5, 12, 4, 2),
            (6, 8, 3, 1), (6, 12, 4, 2), (7, 12, 4, 2), (8, 12, 4, 2))


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
        # affine map modulo 61): equal actions are tried in a random order,
        # not always the first cells first.
        mul = 1 + rng.below(60)
        add = rng.below(61)
        tie = bytearray(T.NUM_ACTIONS)
        for a in range(T.NUM_ACTIONS):
            tie[a] = (a * mul + add) % 61
        self.tie = tie
        self.supply = list(state.supply)

    def count(self, n=1):
        if self.nodes + n > self.budget:
            raise _OutOfNodes()
        self.nodes += n

    def lays(self, board, p, k):
        """The k best lays for p on board (packed as in ranked)."""
        self.count()
        out = []
        lay_entries(self.geo, board, self.supply, p, k, self.tie, None, out)
        return out

    def leaf(self, board, empty, p):
        # A leaf near the end also counts exactly (enclosure and pockets):
        # it costs about EXACT_NODES chain builds.
        self.count(EXACT_NODES if empty <= EXACT_FROM else 1)
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
        first = ranked(state, seat, None, root_firsts, True, self.tie)
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
                if not is_turn(a1) and (one or state.empty == 1):
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
        try:
            for depth, width, k1, k2 in SCHEDULE:
                if depth > 1 and depth - 1 > (state.empty + 1) // 2:
                    break  # deeper than the game goes
                best = -INF
                best_i = order[0]
                alpha = -INF
                for i in order[:width]:
                    m = moves[i]
                    b = bytearray(state.board)
                    self.supply = sup = list(state.supply)
                    empty = state.empty
                    _do(b, sup, orient, m[2])
                    if not is_turn(m[2]):
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
    c = _CELL[a]
    if a >= _TURN_BASE:
        old = board[c]
        board[c] = T.turned(old, _PATTERN[a])
        return old
    q = _PATTERN[a]
    board[c] = q
    supply[FIG[8 * orient[c] + q]] -= 1
    return 0


def _undo(board, supply, orient, a, old):
    c = _CELL[a]
    if a >= _TURN_BASE:
        board[c] = old
        return
    supply[FIG[8 * orient[c] + _PATTERN[a]]] += 1
    board[c] = 0


def board_value(geo, board, empty, me):
    """Value of a board for `me`: the chains, plus POCKET (per board) per
    point by the pocket rule with today's chains taken as final, plus EXACT
    per point of the real count once at most EXACT_FROM cells are empty (and
    WIN for the winner of a full board)."""
    ch = Chains(geo, board)
    pts = chain_points(geo, board, ch)
    v = _value(ch, me) + POCKET[geo.n > 24] * (pts[me] - pts[1 - me])
    if empty <= EXACT_FROM:
        pts = T.pockets(geo, board, T.enclosure(geo, board))
        d = pts[me] - pts[1 - me]
        v += EXACT * d
        if not empty:
            v += WIN if d > 0 else -WIN if d < 0 else 0
    return v


def hard_search(state, seat, rng, effort=100):
    """The Search object after hard's decision (its `choice`)."""
    s = _hard_search(state, seat, rng, effort)
    s.choice = finish(s.run(state, s.firsts, ROOT_SECONDS))
    return s


def _hard_search(state, seat, rng, effort):
    effort = max(1, min(100, effort))
    s = Search(state, seat, rng, NODES[state.geo.n > 24] * effort // 100)
    s.firsts = max(4, ROOT_FIRSTS * effort // 100)
    return s


def choose(state, seat, level, rng, effort=100):
    """Pick an action for `seat` on a view state. `effort` (1-100) scales search."""
    return finish(choose_steps(state, seat, level, rng, effort))


def choose_steps(state, seat, level, rng, effort=100):
    """`choose` as a generator of slices (players.choose_steps): hard's
    search yields after each node (a chain build, some 20 ms on an RP2040)."""
    if level == "easy":
        return _easy(state, seat, rng)
    if level == "hard":
        s = _hard_search(state, seat, rng, effort)
        return (yield from s.run(state, s.firsts, ROOT_SECONDS))
    return _normal(state, seat, rng)


"""hard's search for Tomoe with triple-hexagon tiles: a negamax with
alpha-beta over whole moves near the end of the game, its leaves counted
exactly, and before it (banked) the points each of the chains' best
actions leaves on the board now (engines_core/tomoe_ai.py says how hard
plays). A module of its own, loaded only by hard, so that easy and normal
games keep the heap's room on a small board.
"""

from engines_core import tomoe as T
from engines_core import tomoe_chains as C

# Few module-level names: each is an entry of the module's dict, which grows
# in runs of RAM that a 64 KB heap in pieces may not have at hard's first
# search (so no SLOT or UNIT of its own: C's; no INF: 1 << 28; hard_search,
# what tests ask, is tests/tomoe_helpers.py's).

# The budget is in work, not positions: a position's cost grows with the
# board (a chain build visits every tile) and a full board's count costs
# more than its chains, so a budget of positions let a large board's move
# cost 586 million fuel in MicroPython. A unit is one cell of a chain build
# (about 0.16 million fuel); the weights are MicroPython's fuel of each part
# (tools.bench), on both boards alike.
VALUES = 3  # units per empty cell whose lays are valued (cell_values)
COUNT = 7  # a full board's count (final_points): COUNT / 4 units a cell
# hard before the end (banked): units of a board's two floods (tomoe.reached),
# n + FLOODS / 2 a tile, and of a count of its pockets (tomoe.pockets),
# 4 + POCKETS / 2 a tile; the most actions it ranks, and how far below the
# best by the chains it looks (small, large board: wider lost on the large).
FLOODS = 4
POCKETS = 3
MID_FIRSTS = 48
MID_MARGIN = (4, 1)
BUDGET = 1250  # units per decision at effort 100 (about 200 million fuel)
ROOT_FIRSTS = 8  # first actions of the root moves
ROOT_SECONDS = 2  # second actions per first action at the root

# hard's iterations: (depth in whole moves, root moves searched, first lays
# per move, second lays per first lay).
# Four bytes an iteration (a tuple of tuples wanted a free run of 232 bytes).
SCHEDULE = bytes((1, 16, 0, 0, 2, 6, 3, 1, 2, 10, 4, 1, 2, 16, 4, 2, 2, 24, 6, 3,
                  3, 8, 3, 1, 3, 12, 4, 2, 4, 8, 3, 1, 4, 12, 4, 2))


# OverflowError is raised when the budget of work is used up: the search
# stops. A built-in exception, not a class of our own: a class's type object
# wanted a free run of 232 bytes, which a 64 KB heap in pieces did not have
# at hard's first search. Nothing else the search runs raises it.


class Search:
    """hard's search: negamax with alpha-beta over whole moves, deepened and
    widened step by step (SCHEDULE) until `budget` units of work (BUDGET)
    are used up. A node is one position evaluated: one chain build, either
    to rank the lays from a position (and value each empty cell's lays) or
    to value a leaf (a full board's also counted). The move returned is
    the best of the last iteration that finished."""

    EXACT = 40  # weight of a point of a full board's count
    WIN = 2000  # a won full board

    def __init__(self, state, seat, rng, budget):
        self.geo = state.geo
        self.seat = seat
        self.budget = budget
        self.cost = 0  # units of work done (BUDGET)
        self.n = state.geo.n
        self.done = 0  # iterations finished
        self.depth = 0  # depth (whole moves) of the last finished iteration
        self.tie = tie_break(rng)
        self.supply = list(state.supply)

    def count(self, units):
        if self.cost + units > self.budget:
            raise OverflowError()
        self.cost += units

    def lays(self, board, p, k, empty):
        """The k best lays for p on board, `empty` cells empty (packed as
        in ranked)."""
        self.count(self.n + VALUES * empty)
        out = []
        C.lay_entries(self.geo, board, self.supply, p, k, self.tie, None, out)
        if len(out) == k:
            self.exact = 0  # (perhaps) not every lay
        return out

    def leaf(self, board, empty, p):
        """Value of a board for p: the chains; on a full board, plus EXACT
        per point of the count and WIN for its winner."""
        # A full board is also counted (final_points).
        self.count(self.n if empty else self.n + COUNT * self.n // 4)
        ch = C.Chains(self.geo, board)
        v = C._value(ch, p)
        if empty:
            self.exact = 0
            return v
        pts = final_points(self.geo, board, ch)
        d = pts[p] - pts[1 - p]
        return v + self.EXACT * d + (self.WIN if d > 0 else -self.WIN if d < 0 else 0)

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
        best = -(1 << 28)
        firsts = self.lays(board, p, k1, empty)
        yield
        for e in firsts:
            a1 = e % C.SLOT
            _do(board, self.supply, orient, a1)
            v = yield from self.seconds(board, p, empty - 1, depth, alpha, beta, k1, k2)
            _undo(board, self.supply, orient, a1, 0)
            if v > best:
                best = v
            if v > alpha:
                alpha = v
            if alpha >= beta:
                break
        return best

    def seconds(self, board, p, empty, depth, alpha, beta, k1, k2):
        """negamax's value for p after its first lay, `empty` cells left:
        its k2 best second lays, or none on a full board. (negamax's code
        split in two: a 64 KB heap has no free run for it in one.)"""
        if empty == 0:
            return -(yield from self.negamax(board, 1 - p, 0, depth - 1, -beta, -alpha, k1, k2))
        orient = self.geo.orient
        best = -(1 << 28)
        seconds = self.lays(board, p, k2, empty)
        yield
        for e in seconds:
            a2 = e % C.SLOT
            _do(board, self.supply, orient, a2)
            v = -(yield from self.negamax(board, 1 - p, empty - 1, depth - 1, -beta, -alpha,
                                          k1, k2))
            _undo(board, self.supply, orient, a2, 0)
            if v > best:
                best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
        return best

    def run(self, state, root_firsts, root_seconds):
        """The action to play now: a generator of slices, as negamax. (Its
        parts are functions of their own: a 64 KB heap has no free run of
        RAM for one large function's code.)"""
        first = C.ranked(state, self.seat, None, root_firsts, True, self.tie)
        if len(first) == 1:
            return first[0] % C.SLOT
        moves = []
        try:
            yield from self.root_moves(state, first, root_seconds, moves)
        except OverflowError:
            return first[0] % C.SLOT  # not even the root moves fit the budget
        del first
        moves.sort()
        self.moves = moves
        self.order = list(range(len(moves)))
        self.choice = moves[0][2]
        try:
            yield from self.iterations(state)
        except OverflowError:
            pass
        return self.choice

    def iterations(self, state):
        """First one line to the end of the game for each root move, as many
        as the budget fits (at every turn the best lay by the chains, as
        normal plays, the full board counted exactly); then SCHEDULE's
        iterations that suit the game's end, in turn."""
        # (A root move with a turn leaves a cell more, which the depth may
        # cut off before the end: Search.line holds for root moves of lays.)
        lays = all(m[2] < T.TURN_BASE for m in self.moves)
        fit = (self.budget - self.cost) // self.line()
        plan = bytes((self.need, max(1, min(fit, len(self.moves), 255)), 1, 1)) + SCHEDULE
        for i in range(0, len(plan), 4):
            depth = plan[i]
            if depth > 1 and depth - 1 > (state.empty + 1) // 2:
                break  # deeper than the game goes
            if depth < self.need and state.empty <= C.ENDGAME:
                continue  # near the end only a search to the end counts
            if lays and not self.fits(min(plan[i + 1], len(self.moves))):
                break  # it cannot finish: the budget would end it, the move the same
            self.exact = 1  # until a leaf is not the game's end or lays are left out
            yield from self.iteration(state, plan, i)
            if self.exact and plan[i + 1] >= len(self.moves):
                break  # every root move searched to the end: wider finds the same

    def root_moves(self, state, first, root_seconds, moves):
        """Fill `moves` with the root moves: (value key, index, first action,
        second or -1), a first action's seconds its best root_seconds lays."""
        board = bytearray(state.board)
        self.supply = supply = list(state.supply)
        orient = self.geo.orient
        one = self.count_ranked(state)
        for e in first:
            a1 = e % C.SLOT
            undo = _do(board, supply, orient, a1)
            if a1 < T.TURN_BASE and (one or state.empty == 1):
                moves.append((e // C.UNIT, len(moves), a1, -1))
            else:
                for e2 in self.lays(board, self.seat, root_seconds,
                                    state.empty - (a1 < T.TURN_BASE)):
                    moves.append((e2 // C.UNIT, len(moves), a1, e2 % C.SLOT))
            _undo(board, supply, orient, a1, undo)
            yield

    def line(self):
        """The least work of one root move of a search to the end: below
        it each cell left is ranked (lays) once, then a full board valued
        (leaf). Every root move takes at least one such line."""
        k = self.left
        return k * self.n + VALUES * k * (k + 1) // 2 + self.n + COUNT * self.n // 4

    def fits(self, moves):
        """True if a line to the end for each of `moves` root moves fits
        what is left of the budget."""
        return self.cost + moves * self.line() <= self.budget

    def count_ranked(self, state):
        """Count what ranked did at the root: the chains and every empty
        cell's lays, then the chains again for each tile that may turn.
        True if one action is left in the move."""
        one = state.phase != T.START or state.move_no == 0
        # Whole moves to the end of the game after the root move (lays only).
        self.need = 1 + (state.empty - (1 if one else 2) + 1) // 2
        self.left = max(0, state.empty - (1 if one else 2))  # cells left after a root move of lays
        self.count(ranked_units(state))
        return one

    def iteration(self, state, plan, i):
        """The iteration at i of `plan` (as SCHEDULE): its depth over its
        number of the best root moves; the best first (order), its first
        action the choice."""
        depth = plan[i]
        moves = self.moves
        order = self.order
        best = -(1 << 28)
        best_i = order[0]
        alpha = -(1 << 28)
        for j in order[:plan[i + 1]]:
            b = bytearray(state.board)
            empty = self.root_move(state, b, moves[j])
            v = -(yield from self.negamax(b, 1 - self.seat, empty, depth - 1, -(1 << 28), -alpha,
                                          plan[i + 2], plan[i + 3]))
            if v > best:
                best = v
                best_i = j
                alpha = v
        order.remove(best_i)
        order.insert(0, best_i)
        self.choice = moves[best_i][2]
        self.done += 1
        self.depth = depth

    def root_move(self, state, b, m):
        """Play root move m on b, a copy of state's board; the cells left
        empty."""
        self.supply = sup = list(state.supply)
        orient = self.geo.orient
        empty = state.empty
        _do(b, sup, orient, m[2])
        if m[2] < T.TURN_BASE:
            empty -= 1
        if m[3] >= 0:
            _do(b, sup, orient, m[3])
            empty -= 1
        return empty


def _do(board, supply, orient, a):
    """Play action a on a bare board; returns what _undo needs."""
    c = T.cell_of(a)
    if a >= T.TURN_BASE:
        old = board[c]
        board[c] = T.turned(old, T.direction_of(a))
        return old
    q = T.pattern_of(a)
    board[c] = q
    supply[T.FIG[8 * orient[c] + q]] -= 1
    return 0


def _undo(board, supply, orient, a, old):
    c = T.cell_of(a)
    if a >= T.TURN_BASE:
        board[c] = old
        return
    supply[T.FIG[8 * orient[c] + T.pattern_of(a)]] += 1
    board[c] = 0


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
    # Per sector, bit x: it touches a free sector or rim area of colour x.
    # In the chains' sizes, done with too: no bytearray a leaf, which a
    # 64 KB heap in pieces had no room for.
    bord = C._SIZE
    for u in range(big):
        bord[u] = 0
    for c in range(geo.n):
        _inside(geo, board, c, root, big, par, bord)
        _edges(geo, board, c, root, big, par, bord)
    return _count(geo, board, root, big, par, bord)


def _inside(geo, board, c, root, big, par, bord):
    """Pockets and borders inside tile c: sectors that are not free join
    the sectors they touch that are not free, and learn the colours of the
    free ones."""
    nsec, scol, sadj = T.NSEC, T.SCOL, T.SADJ
    ci = geo.or8[c] | board[c]
    b = 7 * c
    for s in range(nsec[ci]):
        if root[b + s] >= big:
            continue
        a = sadj[ci * 8 + s]
        t = 0
        while a:
            if a & 1:
                if root[b + t] >= big:
                    bord[b + s] |= 1 << scol[ci * 8 + t]
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
            _rim(b, 18 * ci + 6 * k, 1 << geo.rim_colour[nbk[e]], root, big, bord)
            continue
        if m < c:
            continue
        cm = or8[m] | board[m]
        _pair(ci, b, 18 * ci + 6 * k, cm, 7 * m, 18 * cm + 6 * nbk[e] + 5, root, big, par, bord)


def _pair(ci, b, j0, cm, bm, q, root, big, par, bord):
    """_edges between two tiles: places j0 to j0 + 5 of tile ci (first node
    b) face places q down to q - 5 of tile cm (first node bm)."""
    scol, esec = T.SCOL, T.ESEC
    for j in range(6):
        ts = esec[j0 + j]
        tm = esec[q - j]
        u = b + ts
        w = bm + tm
        fu = root[u] >= big
        fw = root[w] >= big
        if fu:
            if not fw:
                bord[w] |= 1 << scol[ci * 8 + ts]
        elif fw:
            bord[u] |= 1 << scol[cm * 8 + tm]
        else:
            _union(par, u, w)


def _rim(b, j0, bit, root, big, bord):
    """_edges along the rim: the sectors at edge places j0 to j0 + 5 of the
    tile whose first node is b touch a rim area, colour bit `bit`."""
    esec = T.ESEC
    for j in range(j0, j0 + 6):
        u = b + esec[j]
        if root[u] < big:
            bord[u] |= bit


def _count(geo, board, root, big, par, bord):
    """The points of the pockets (roots in par) and their borders: a
    pocket's border colours are gathered at its root (in bord, every
    sector's parent made its root), then each of its sectors scores when
    the border is the other colour only."""
    nsec = T.NSEC
    or8 = geo.or8
    for c in range(geo.n):
        for u in range(7 * c, 7 * c + nsec[or8[c] | board[c]]):
            if root[u] >= big:
                continue
            r = u
            while par[r] != r:
                r = par[r]
            par[u] = r
            bord[r] |= bord[u]
    return _score(geo, board, root, big, par, bord)


def _score(geo, board, root, big, par, bord):
    """_count's points, from the borders gathered at the pockets' roots."""
    nsec, scol = T.NSEC, T.SCOL
    or8 = geo.or8
    score = [0, 0]
    for c in range(geo.n):
        ci = or8[c] | board[c]
        for s in range(nsec[ci]):
            u = 7 * c + s
            if root[u] < big:
                x = bord[par[u]]
                if x == 1 and scol[ci * 8 + s]:
                    score[0] += 1
                elif x == 2 and not scol[ci * 8 + s]:
                    score[1] += 1
    return score


def _union(par, a, b):
    while par[a] != a:
        a = par[a]
    while par[b] != b:
        b = par[b]
    if a != b:
        par[a] = b


def tie_break(rng):
    """A random tie-break for C.ranked's `tie`, drawn once a decision (two
    draws: a random affine map modulo 61): equal actions are tried in a
    random order, not always the first cells first."""
    return (1 + rng.below(60)) * 64 + rng.below(61)


def ranked_units(state):
    """The units of work of C.ranked on state: the chains and every empty
    cell's lays, then the chains again for each tile that may turn."""
    n = state.geo.n
    units = n + VALUES * state.empty
    if state.may_turn():
        locked = state.locked
        board = state.board
        for c in range(n):
            if board[c] and not locked[c]:
                units += n + VALUES
    return units


def banked(state, seat, rng, effort=100):
    """hard's action before the end of the game (a generator of slices, as
    Search.run): of the best actions by the chains (normal's ranking), those
    within MID_MARGIN of the best and as many as the budget counts, the one
    after which the board scores best for `seat` now (the live count:
    points in pockets already closed), the chains breaking ties. The chains
    alone never see a pocket close. The lays on one cell are counted
    together, from the floods with that cell a wall."""
    budget = BUDGET * max(1, min(100, effort)) // 100
    geo = state.geo
    n = geo.n
    board = state.board
    # What ranked costs, then the board's own floods and count.
    floods = n + FLOODS * (n - state.empty) // 2
    count = 4 + POCKETS * (n - state.empty) // 2
    cost = ranked_units(state) + floods + count
    firsts = C.ranked(state, seat, None, MID_FIRSTS, True, tie_break(rng))
    low = C.value_of(firsts[0]) - MID_MARGIN[n > 24]
    b = bytearray(board)
    r0 = T.reached(geo, b)
    enc0 = T.enclosed(geo, b, bytearray(r0))
    pts0 = T.pockets(geo, b, enc0)
    enc = bytearray(len(enc0))
    seen = bytearray(n)  # cells whose lays are counted
    best = -(1 << 28)
    choice = firsts[0] % C.SLOT
    for e in firsts:
        if C.value_of(e) < low or cost + floods + count > budget:
            break
        a = e % C.SLOT
        c = T.cell_of(a)
        if a >= T.TURN_BASE:
            cost += floods + count
            old = b[c]
            b[c] = T.turned(old, T.direction_of(a))
            pts = T.pockets(geo, b, T.enclosure(geo, b))
            b[c] = old
            v = Search.EXACT * (pts[seat] - pts[1 - seat]) + C.value_of(e)
            if v > best:
                best = v
                choice = a
            yield
            continue
        if seen[c]:
            continue
        seen[c] = 1
        cost += floods
        wall = _walled(geo, b, c, r0)
        for e2 in firsts:
            a = e2 % C.SLOT
            if C.value_of(e2) < low:
                break
            if a >= T.TURN_BASE or T.cell_of(a) != c:
                continue
            if cost + count > budget:
                break
            b[c] = T.pattern_of(a)
            pts, went = _lay_points(geo, b, c, wall, r0, enc0, pts0, enc)
            b[c] = 0
            cost += 4 + (0 if pts is pts0 else count) + went // 4
            v = Search.EXACT * (pts[seat] - pts[1 - seat]) + C.value_of(e2)
            if v > best:
                best = v
                choice = a
            yield
    return choice


def _walled(geo, b, c, r0):
    """The floods (as tomoe.reached) with the empty cell c a wall, or None
    if they reach all they reach (r0) with c empty: then no tile laid on c
    stops a flood (it can only stop what an empty cell lets through)."""
    wall = T.reached(geo, b, c)
    was = r0[8 * c]
    r0[8 * c] = 3
    same = wall == r0
    r0[8 * c] = was
    return None if same else wall


def _lay_points(geo, b, c, wall, r0, enc0, pts0, enc):
    """[White's points, Black's points] now on b, a tile just laid on the
    cell c of the board whose floods are r0, enclosure enc0 and points
    pts0, and how many nodes the floods went on from. With `wall`
    (_walled) the floods go on from it (_after_wall); else only the new
    sectors are found (_laid), and the points are pts0 itself unless one
    of them is enclosed: a node next to c that was enclosed would have
    kept the same flood from c, so no pocket touches a tile whose sectors
    are all free."""
    if wall:
        went = _after_wall(geo, b, c, wall, enc)
        return T.pockets(geo, b, enc), went
    _laid(geo, b, c, r0, enc0, enc)
    if _born_enclosed(geo, b, c, enc):
        return T.pockets(geo, b, enc), 0
    return pts0, 0


def _after_wall(geo, b, c, wall, enc):
    """The enclosure of b, a tile just laid on c, into enc: from the floods
    with c a wall (`wall`), each flood going on from the new tile's sectors
    next to what it reached. Returns how many nodes the floods went on
    from."""
    enc[:] = wall
    enc[8 * c] = 0
    done = 0
    for x in (T.WHITE, T.BLACK):
        done += T.spread(geo, b, x, enc, 1 if x == T.WHITE else 2, _seed(geo, b, c, wall, enc, x))
    T.enclosed(geo, b, enc)
    return done


def _laid(geo, b, c, r0, enc0, enc):
    """The enclosure of b, a tile just laid on c that stops no flood (the
    floods reach as much with c a wall), into enc: enc0's, and the new
    sectors the floods reach from next to them (r0)."""
    enc[:] = enc0
    for s in range(8 * c, 8 * c + 8):
        enc[s] = 0
    _seed(geo, b, c, r0, enc, T.WHITE)
    _seed(geo, b, c, r0, enc, T.BLACK)
    return T.enclosed(geo, b, enc, range(c, c + 1))


def _seed(geo, b, c, reach, enc, x):
    """Flood x's bit (as tomoe.reached) set in enc on each sector of the
    tile on c not of colour x that touches a rim area not of colour x or a
    node the flood reached (`reach`) not of colour x; those sectors put on
    tomoe's _STACK, for tomoe.spread. Returns how many. (The tile's own
    sectors next to one are of colour x: never taken for reached.)"""
    rim = 8 * geo.n
    nb = T._NB
    bit = 1 if x == T.WHITE else 2
    ci = geo.or8[c] | b[c]
    top = 0
    for s in range(T.NSEC[ci]):
        if T.SCOL[ci * 8 + s] == x:
            continue
        del nb[:]
        T.touching(geo, b, 8 * c + s, nb)
        for t in nb:
            if t >= rim and geo.rim_colour[t - rim] != x or \
                    t < rim and reach[t] & bit and T.colour(geo, b, t) != x:
                enc[8 * c + s] |= bit
                T._STACK[top] = 8 * c + s
                top += 1
                break
    return top


def _born_enclosed(geo, b, c, enc):
    """True if a sector of the tile on c is enclosed (enc)."""
    for s in range(T.NSEC[geo.or8[c] | b[c]]):
        if enc[8 * c + s] & 3:
            return True
    return False


def start(state, seat, rng, effort=100):
    """hard's Search for a decision, its budget scaled by effort (1-100)."""
    effort = max(1, min(100, effort))
    s = Search(state, seat, rng, BUDGET * effort // 100)
    s.firsts = max(4, ROOT_FIRSTS * effort // 100)
    return s

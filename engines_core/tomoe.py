"""Tomoe: enclose your opponent's colour with curves of triangular tiles.

Rules: ../shared/seeds 001 (German); the tile model: ../shared/design/games.md;
our readings: docs/rules/tomoe.md. Geometry and tile tables: tomoe_board.py.

Seat 0 plays White (and begins), seat 1 Black. A move ("Spielzug") is one or
two actions by the same seat:
  - the opening move: White lays one tile;
  - later: lay + lay, or turn + lay (a turn always comes first);
  - with one empty cell left at the start of a move: lay, or turn + lay.

Actions (ints below NUM_ACTIONS = 288):
  lay   cell * 6 + pattern - 1      (pattern 1-6: bit k = colour of the middle
                                     of edge k, 1 black; the cell's orientation
                                     and the pattern decide the figure)
  turn  216 + cell * 2 + d          (d 0 = a third clockwise, 1 = anticlockwise)
"""

from engines_core.game import Game, TERMINAL, CorruptState
from engines_core.codec import read_header, write_header
from engines_core import tomoe_board as TB
from engines_core.tomoe_board import NSEC, SCOL, SMID, MOWN, TOWN, STIPS, TOUCHK, OTHERS, \
    TOUCHERS, FIG, rot_cw, rot_ccw, figure_of
from engines_core import tomoe_facts as F

WHITE = TB.WHITE
BLACK = TB.BLACK
MAX_CELLS = 36
LAYS = MAX_CELLS * 6
TURN_BASE = LAYS
NUM_ACTIONS = LAYS + MAX_CELLS * 2
NO_ACTION = 0xFFFF

# Phases of a move.
START = 0  # the first action of a move
SECOND = 1  # after a lay: the second tile
AFTER_TURN = 2  # after a turn: the tile to lay

FIGURE_NAMES = ("WWB", "WBB", "BBW", "BWW")  # tips colour first (games.md)

# variant -> (board, tiles per figure)
_VARIANTS = {"standard": (0, 12), "large": (1, 12), "tiles32": (0, 8)}


# Actions are made and taken apart by these only (the computer player and
# the screens call them, never the arithmetic).

def lay_action(cell, pattern):
    return cell * 6 + pattern - 1


def turn_action(cell, d):
    return TURN_BASE + cell * 2 + d


def is_turn(action):
    return action >= TURN_BASE


def cell_of(action):
    return (action - TURN_BASE) // 2 if action >= TURN_BASE else action // 6


def pattern_of(action):
    """The pattern a lay action puts down."""
    return action % 6 + 1


def direction_of(action):
    return (action - TURN_BASE) & 1


def turned(pattern, d):
    return rot_cw(pattern) if d == 0 else rot_ccw(pattern)


# ---------------------------------------------------------------------------
# Enclosure, locking and scoring (games.md). Nodes are cell * 4 + sector; an
# empty cell is the one node cell * 4. These loops run inside the computer
# players' search on a microcontroller, so they use flat tables and no calls.


def flood(geo, board, x):
    """Nodes that are not colour x and are reached from the rim areas of the
    other colour through everything that is not x: bytearray(4n), 1 = reached.
    What is not x and not reached is enclosed by x."""
    y = 1 - x
    reach = bytearray(4 * geo.n)
    or8 = geo.or8
    nbc = geo.nbc
    nbk = geo.nbk
    stack = []
    for e in geo.rim_by_colour[y]:
        c = e // 3
        p = board[c]
        if p == 0:
            node = 4 * c
        else:
            k = e - 3 * c
            if (p >> k) & 1 != y:
                continue
            node = 4 * c + MOWN[(or8[c] | p) * 4 + k]
        if not reach[node]:
            reach[node] = 1
            stack.append(node)
    while stack:
        node = stack.pop()
        c = node >> 2
        p = board[c]
        e0 = 3 * c
        if p == 0:
            for e in (e0, e0 + 1, e0 + 2):
                m = nbc[e]
                if m == 255:
                    continue
                pm = board[m]
                if pm == 0:
                    t = 4 * m
                    if not reach[t]:
                        reach[t] = 1
                        stack.append(t)
                    continue
                # Every part of the neighbour along this edge that is not x.
                ci = (or8[m] | pm) * 4
                bits = TOUCHERS[ci + nbk[e]]
                for s in (0, 1, 2):
                    if (bits >> s) & 1 and SCOL[ci + s] == y:
                        t = 4 * m + s
                        if not reach[t]:
                            reach[t] = 1
                            stack.append(t)
        else:
            si = (or8[c] | p) * 4 + (node & 3)
            mid = SMID[si]
            for k in TOUCHK[si]:
                e = e0 + k
                m = nbc[e]
                if m == 255:
                    continue
                pm = board[m]
                if pm == 0:
                    t = 4 * m
                elif (mid >> k) & 1 and (pm >> nbk[e]) & 1 == y:
                    t = 4 * m + MOWN[(or8[m] | pm) * 4 + nbk[e]]
                else:
                    continue
                if not reach[t]:
                    reach[t] = 1
                    stack.append(t)
    return reach


def enclosure(geo, board):
    """bytearray(4n): bit 0 set = the node is enclosed by White, bit 1 = by
    Black; 4 marks a node that does not exist (no such sector)."""
    rw = flood(geo, board, WHITE)
    rb = flood(geo, board, BLACK)
    n = geo.n
    enc = bytearray(b"\x04" * (4 * n))
    or8 = geo.or8
    for c in range(n):
        p = board[c]
        b = 4 * c
        if p == 0:
            enc[b] = (0 if rw[b] else 1) | (0 if rb[b] else 2)
            continue
        ci = (or8[c] | p) * 4
        for s in range(NSEC[or8[c] | p]):
            if SCOL[ci + s] == WHITE:
                enc[b + s] = 0 if rb[b + s] else 2
            else:
                enc[b + s] = 0 if rw[b + s] else 1
    return enc


def locks(geo, board, enc):
    """bytearray(n): 1 where a tile lies on or inside a closed curve.

    games.md: an X sector that borders something enclosed by X belongs to a
    closed curve; a tile with any sector on a closed curve may not be turned.
    Every tile holds both colours and its sectors of one colour touch those of
    the other, so this is: a tile holding an enclosed node, or touching one
    across an edge."""
    n = geo.n
    out = bytearray(n)
    nbc = geo.nbc
    nbk = geo.nbk
    or8 = geo.or8
    for c in range(n):
        if not board[c]:
            continue
        b = 4 * c
        if enc[b] & 3 or enc[b + 1] & 3 or enc[b + 2] & 3:
            out[c] = 1
            continue
        e0 = 3 * c
        for e in (e0, e0 + 1, e0 + 2):
            m = nbc[e]
            if m == 255:
                continue
            pm = board[m]
            if pm == 0:
                if enc[4 * m]:
                    out[c] = 1
                    break
                continue
            bits = TOUCHERS[(or8[m] | pm) * 4 + nbk[e]]
            t = 4 * m
            if (bits & 1 and enc[t] & 3) or (bits & 2 and enc[t + 1] & 3) or \
                    (bits & 4 and enc[t + 2] & 3):
                out[c] = 1
                break
    return out


def pockets(geo, board, enc, owner=None, parts=None):
    """Score by the pocket rule (games.md): [points for White, for Black].

    A sector of colour X is free unless the other colour encloses it (at the
    end of the game: unless its component reaches a rim area of colour X). A
    pocket is a connected region of sectors that are not free (and of empty
    cells enclosed by someone). A pocket whose neighbouring free sectors and
    touched rim areas are all of one colour X is enclosed by X: each of its
    sectors of the other colour scores one point for X.

    With a bytearray(4n) `owner`, every node in a pocket is marked there: 1 if
    it scores for White, 2 for Black, 3 for nobody (free nodes stay 0). With
    a list `parts`, every pocket that scores adds (seat, points, its sectors)."""
    n = geo.n
    or8 = geo.or8
    nbc = geo.nbc
    nbk = geo.nbk
    rimcol = geo.rim_colour
    # kind: 0 no node, 1 pocket member, 2 free white, 3 free black, 4 open board
    kind = bytearray(4 * n)
    col = bytearray(4 * n)
    for c in range(n):
        p = board[c]
        b = 4 * c
        if p == 0:
            kind[b] = 1 if enc[b] else 4
            col[b] = 2
            continue
        ci = (or8[c] | p) * 4
        for s in range(NSEC[or8[c] | p]):
            x = SCOL[ci + s]
            col[b + s] = x
            kind[b + s] = 1 if (enc[b + s] >> (1 - x)) & 1 else 2 + x
    score = [0, 0]
    stack = []
    for start in range(4 * n):
        if kind[start] != 1:
            continue
        kind[start] = 5  # 5: a member already taken into a pocket
        stack.append(start)
        border = 0
        white = 0
        black = 0
        members = [] if owner is not None else None
        while stack:
            node = stack.pop()
            if members is not None:
                members.append(node)
            c = node >> 2
            p = board[c]
            e0 = 3 * c
            if p == 0:
                for e in (e0, e0 + 1, e0 + 2):
                    m = nbc[e]
                    if m == 255:
                        border |= 1 << rimcol[nbk[e]]
                        continue
                    pm = board[m]
                    if pm == 0:
                        bits = 1
                    else:
                        bits = TOUCHERS[(or8[m] | pm) * 4 + nbk[e]]
                    t = 4 * m
                    for s in (0, 1, 2):
                        if (bits >> s) & 1:
                            kd = kind[t + s]
                            if kd == 1:
                                kind[t + s] = 5
                                stack.append(t + s)
                            elif kd != 5:
                                border |= 1 << (kd - 2)
                continue
            ci = (or8[c] | p) * 4
            si = ci + (node & 3)
            if col[node] == WHITE:
                white += 1
            else:
                black += 1
            for s in OTHERS[si]:
                t = 4 * c + s
                kd = kind[t]
                if kd == 1:
                    kind[t] = 5
                    stack.append(t)
                elif kd != 5:
                    border |= 1 << (kd - 2)
            mid = SMID[si]
            tips = STIPS[si]
            for k in TOUCHK[si]:
                e = e0 + k
                m = nbc[e]
                if m == 255:
                    border |= 1 << rimcol[nbk[e]]
                    continue
                pm = board[m]
                if pm == 0:
                    kd = kind[4 * m]
                    if kd == 1:
                        kind[4 * m] = 5
                        stack.append(4 * m)
                    elif kd != 5:
                        border |= 1 << (kd - 2)
                    continue
                kn = nbk[e]
                cm = (or8[m] | pm) * 4
                # The parts of this sector on edge k and what they face.
                for slot in (0, 1, 2):
                    if slot == 0:
                        if not (mid >> k) & 1:
                            continue
                        t = 4 * m + MOWN[cm + kn]
                    elif slot == 1:
                        if not (tips >> k) & 1:
                            continue
                        t = 4 * m + TOWN[cm + (kn + 1) % 3]
                    else:
                        if not (tips >> ((k + 1) % 3)) & 1:
                            continue
                        t = 4 * m + TOWN[cm + kn]
                    kd = kind[t]
                    if kd == 1:
                        kind[t] = 5
                        stack.append(t)
                    elif kd != 5:
                        border |= 1 << (kd - 2)
        # border bits: 1 white (free sector or rim), 2 black, 4 open board
        if border == 1:
            score[WHITE] += black
        elif border == 2:
            score[BLACK] += white
        if parts is not None and 0 < border < 3 and (black if border == 1 else white):
            parts.append((border - 1, black if border == 1 else white, white + black))
        if members is not None:
            for node in members:
                owner[node] = border if 0 < border < 3 and col[node] == 2 - border else 3
    return score


def empties(board):
    n = 0
    for p in board:
        if not p:
            n += 1
    return n


def analyse(geo, board):
    """(enc, locked, [white points, black points]) for a board."""
    enc = enclosure(geo, board)
    return enc, locks(geo, board, enc), pockets(geo, board, enc)


# ---------------------------------------------------------------------------


class Tomoe(Game):
    """Tomoe for 2 players; variants: standard (small board, 48 tiles),
    large (36-cell board, 48 tiles), tiles32 (small board, 32 tiles)."""

    NAME = F.NAME
    MIN_PLAYERS, MAX_PLAYERS = F.PLAYERS
    VARIANTS = F.VARIANTS
    NUM_ACTIONS = NUM_ACTIONS
    ACTION_LAYOUT = ("LAYS",)
    VERSION = 3  # 2: the large board is four rows of nine cells; 3: the common header
    TAG = b"TE"
    # The tile model (docs/rules/tomoe.md): the screens draw a tile by it.
    MODEL = "A"
    NODES = 4  # analysis nodes per cell: a node is cell * NODES + sector

    def _new(self, num_players, variant, seed):
        b, per = _VARIANTS[variant]
        self.geo = TB.BOARDS[b]
        self.per_figure = per
        self.board = bytearray(self.geo.n)
        self.supply = [per, per, per, per]
        self.player = WHITE
        self.phase = START
        self.move_no = 0  # moves completed
        self.this_move = []  # actions of the move in progress
        self.last_move = []  # actions of the previous (completed) move
        self.done = False
        self._refresh()

    # -- derived ------------------------------------------------------------
    # The analysis (enclosure, locks, points) is worked out when first asked
    # for after a change, so a computer player's search only pays for what it
    # reads. The functions are the tile model's: another model's class
    # (engines_core/tomoe_hex.py) puts its own here.
    _enclosure = staticmethod(enclosure)
    _locks = staticmethod(locks)
    _pockets = staticmethod(pockets)

    def _refresh(self):
        self._enc = None
        self._locked = None
        self._points = None
        self.empty = empties(self.board)
        self.done = self.empty == 0

    @property
    def enc(self):
        """Per node (cell * 4 + sector): bit 0 enclosed by White, bit 1 by Black."""
        if self._enc is None:
            self._enc = self._enclosure(self.geo, self.board)
        return self._enc

    @property
    def locked(self):
        """Per cell: 1 if the tile there may not be turned."""
        if self._locked is None:
            self._locked = self._locks(self.geo, self.board, self.enc)
        return self._locked

    @property
    def points(self):
        """[White's points, Black's points] counted now by the pocket rule."""
        if self._points is None:
            self._points = self._pockets(self.geo, self.board, self.enc)
        return self._points

    # -- queries --------------------------------------------------------------
    def current_player(self):
        return TERMINAL if self.done else self.player

    def is_terminal(self):
        return self.done

    def scores(self):
        return list(self.points)

    def owners(self):
        """Who each node's sector scores for now: bytearray(NODES * n), 1
        White, 2 Black, 3 nobody (in a pocket), 0 free or no such sector."""
        owner = bytearray(self.NODES * self.geo.n)
        self._pockets(self.geo, self.board, self.enc, owner=owner)
        return owner

    def score_parts(self):
        """Where the points come from: (seat, points, sectors) for every
        pocket that scores now (tools/bench_tomoe_totals.py)."""
        parts = []
        self._pockets(self.geo, self.board, self.enc, parts=parts)
        return parts

    def winners(self):
        if not self.done:
            return []
        w, b = self.points
        if w > b:
            return [WHITE]
        if b > w:
            return [BLACK]
        return [WHITE, BLACK]

    def figure(self, cell):
        """Figure 0-3 of the tile on `cell` (or -1 if empty)."""
        p = self.board[cell]
        return figure_of(self.geo.orient[cell], p) if p else -1

    def may_turn(self):
        """True if the current action may be a turn (the first of a move)."""
        return not self.done and self.phase == START and self.move_no > 0

    def legal_actions(self):
        if self.done:
            return []
        out = []
        board = self.board
        orient = self.geo.orient
        supply = self.supply
        # Pattern offsets allowed by the supply, per orientation.
        allowed = ([p - 1 for p in range(1, 7) if supply[FIG[p]]],
                   [p - 1 for p in range(1, 7) if supply[FIG[8 + p]]])
        for c in range(self.geo.n):
            if not board[c]:
                b = 6 * c
                for q in allowed[orient[c]]:
                    out.append(b + q)
        if self.may_turn():
            locked = self.locked
            for c in range(self.geo.n):
                if board[c] and not locked[c]:
                    out.append(TURN_BASE + 2 * c)
                    out.append(TURN_BASE + 2 * c + 1)
        return out

    def _why_illegal(self, action):
        c = cell_of(action)
        if c >= self.geo.n:
            return "that cell is not on this board"
        if is_turn(action):
            if not self.board[c]:
                return "no tile there to turn"
            if self.move_no == 0:
                return "the first move lays one tile"
            if self.phase != START:
                return "lay a tile now" if self.phase == AFTER_TURN else "lay your second tile"
            if self.locked[c]:
                return "that tile is locked in a closed curve"
            return None
        if self.board[c]:
            return "that cell is taken"
        f = figure_of(self.geo.orient[c], pattern_of(action))
        if not self.supply[f]:
            return "no %s tiles left" % FIGURE_NAMES[f]
        return None

    # -- playing --------------------------------------------------------------
    def _apply(self, action):
        c = cell_of(action)
        if is_turn(action):
            self.board[c] = turned(self.board[c], direction_of(action))
            self.phase = AFTER_TURN
            self.this_move.append(action)
            self._refresh()
            return
        p = pattern_of(action)
        self.board[c] = p
        self.supply[figure_of(self.geo.orient[c], p)] -= 1
        self.this_move.append(action)
        self._refresh()
        # The move ends after the opening lay, after the lay following a turn,
        # after the second lay, or when the board is full.
        if self.done or self.move_no == 0 or self.phase != START:
            self._end_move()
        else:
            self.phase = SECOND

    def _end_move(self):
        self.last_move = self.this_move
        self.this_move = []
        self.move_no += 1
        self.phase = START
        if not self.done:
            self.player = 1 - self.player

    # -- copies and saves -----------------------------------------------------
    def clone(self):
        g = object.__new__(type(self))
        g.num_players = self.num_players
        g.variant = self.variant
        g.seed = self.seed
        g.geo = self.geo
        g.per_figure = self.per_figure
        g.board = bytearray(self.board)
        g.supply = list(self.supply)
        g.player = self.player
        g.phase = self.phase
        g.move_no = self.move_no
        g.this_move = list(self.this_move)
        g.last_move = list(self.last_move)
        g.done = self.done
        g._enc = self._enc  # never changed in place: replaced after a change
        g._locked = self._locked
        g._points = self._points
        g.empty = self.empty
        return g

    def serialize(self):
        w = write_header(self)
        w.u8(self.player)
        w.u8(self.phase)
        w.u16(self.move_no)
        w.raw(self.board)
        for moves in (self.this_move, self.last_move):
            w.u8(len(moves))
            for a in moves:
                w.u16(a)
        return w.getvalue()

    def _load(self, data):
        r = read_header(self, data)
        self._new(2, self.variant, self.seed)
        self.player = r.u8()
        self.phase = r.u8()
        self.move_no = r.u16()
        self.board = bytearray(r.raw(self.geo.n))
        lists = []
        for _ in range(2):
            k = r.u8()
            if k > 2:
                raise CorruptState("bad move record")
            lists.append([r.u16() for _ in range(k)])
        self.this_move, self.last_move = lists
        r.end()
        if any(p > 6 for p in self.board):
            raise CorruptState("bad tile")
        per = self.per_figure
        self.supply = [per, per, per, per]
        for c in range(self.geo.n):
            if self.board[c]:
                self.supply[figure_of(self.geo.orient[c], self.board[c])] -= 1
        self._refresh()

    def check(self):
        """Raise CorruptState unless every tile is accounted for and the turn
        state is one the rules can reach."""
        geo = self.geo
        if len(self.board) != geo.n or any(p > 6 for p in self.board):
            raise CorruptState("bad board")
        on_board = [0, 0, 0, 0]
        for c in range(geo.n):
            if self.board[c]:
                on_board[figure_of(geo.orient[c], self.board[c])] += 1
        for f in range(4):
            if self.supply[f] < 0 or self.supply[f] + on_board[f] != self.per_figure:
                raise CorruptState("tiles not accounted for")
        if self.player not in (WHITE, BLACK) or self.phase not in (START, SECOND, AFTER_TURN):
            raise CorruptState("bad turn state")
        laid = geo.n - empties(self.board)
        # Each move lays one or two tiles, the first move one.
        second = 1 if self.phase == SECOND else 0
        if self.move_no > laid or (laid and not self.move_no) or \
                (laid and laid > 2 * self.move_no - 1 + second):
            raise CorruptState("bad move count")
        if self.player != (self.move_no - (1 if self.done else 0)) % 2:
            raise CorruptState("bad turn state")
        if laid == 0 and (self.move_no or self.player != WHITE or self.phase != START):
            raise CorruptState("bad opening")
        if self.move_no == 0 and self.phase != START:
            raise CorruptState("bad opening")
        want = 0 if self.phase == START else 1
        if len(self.this_move) != want or len(self.last_move) > 2:
            raise CorruptState("bad move record")
        for a in self.this_move + self.last_move:
            if a >= NUM_ACTIONS or cell_of(a) >= geo.n:
                raise CorruptState("bad move record")
        if self.this_move:
            first = self.this_move[0]
            if is_turn(first) != (self.phase == AFTER_TURN) or not self.board[cell_of(first)]:
                raise CorruptState("bad move record")
        if self.done and (self.phase != START or self.this_move):
            raise CorruptState("bad end")
        if self.done != (laid == geo.n):
            raise CorruptState("bad end")

    def action_name(self, action):
        c = cell_of(action)
        if c >= self.geo.n:
            return "?"
        x, r = self.geo.cells[c]
        where = "%s%d" % ("abcdefghij"[x], r + 1)
        if is_turn(action):
            return "turn %s %s" % (where, "cw" if direction_of(action) == 0 else "ccw")
        p = pattern_of(action)
        return "%s %s:%d%d%d" % (FIGURE_NAMES[figure_of(self.geo.orient[c], p)], where,
                                 p & 1, p >> 1 & 1, p >> 2)

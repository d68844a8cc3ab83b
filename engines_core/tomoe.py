"""Tomoe: enclose your opponent's colour with curves of triangular tiles.

Rules: ../shared/seeds 001 (German); our readings: docs/rules/tomoe.md, whose
"triple hexagon" tiles (model D there) replace ../shared/design/games.md's
model, which does not fit the book's evidence. Geometry and tile tables:
tomoe_board.py.

Seat 0 plays White (and begins), seat 1 Black. A move ("Spielzug") is one or
two actions by the same seat:
  - the opening move: White lays one tile;
  - later: lay + lay, or turn + lay (a turn always comes first);
  - with one empty cell left at the start of a move: lay, or turn + lay.

Actions (ints below NUM_ACTIONS = 288):
  lay   cell * 6 + pattern - 1      (pattern 1-6: bit k = colour of the stripe
                                     round corner k, 1 black; the cell's
                                     orientation and the pattern decide the figure)
  turn  216 + cell * 2 + d          (d 0 = a third clockwise, 1 = anticlockwise)
"""

from array import array

from engines_core.game import Game, TERMINAL, CorruptState, OldSave
from engines_core.codec import read_header, write_header
from engines_core import tomoe_board as TB
from engines_core.tomoe_board import NSEC, SCOL, ESEC, SADJ, EPOS_AT, EPOS, FIG, rot_cw, \
    rot_ccw, figure_of
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
# Enclosure, locking and scoring (games.md, on the tiles of tomoe_board.py).
# Nodes are cell * 8 + sector (an empty cell is the one node cell * 8); the
# rim areas are nodes 8n + area. These run inside the computer players'
# search on a microcontroller, so they use flat tables and reuse their lists.


def touching(geo, board, node, out):
    """Append to `out` the nodes touching `node` (rim areas as 8n + area)."""
    c = node >> 3
    p = board[c]
    or8 = geo.or8
    nbc = geo.nbc
    nbk = geo.nbk
    rim = 8 * geo.n
    e0 = 3 * c
    if p == 0:
        for k in (0, 1, 2):
            e = e0 + k
            m = nbc[e]
            if m == 255:
                out.append(rim + nbk[e])
                continue
            pm = board[m]
            if pm == 0:
                out.append(8 * m)
                continue
            cm = (or8[m] | pm) * 18 + nbk[e] * 6
            for j in range(6):
                out.append(8 * m + ESEC[cm + j])
        return
    si = (or8[c] | p) * 8 + (node & 7)
    a = SADJ[si]
    s = 0
    while a:
        if a & 1:
            out.append(8 * c + s)
        a >>= 1
        s += 1
    last = -1
    for i in range(EPOS_AT[si], EPOS_AT[si + 1]):
        q = EPOS[i]
        k = q // 6
        e = e0 + k
        m = nbc[e]
        if m == 255:
            if k != last:
                out.append(rim + nbk[e])
            last = k
            continue
        pm = board[m]
        if pm == 0:
            if k != last:
                out.append(8 * m)
            last = k
            continue
        out.append(8 * m + ESEC[(or8[m] | pm) * 18 + nbk[e] * 6 + 5 - (q - 6 * k)])


def colour(geo, board, node):
    """0 white, 1 black, 2 an empty cell."""
    c = node >> 3
    p = board[c]
    return SCOL[(geo.or8[c] | p) * 8 + (node & 7)] if p else 2


# Work lists made once, shared by the analysis below (none of it runs inside
# another): a list that grows while a flood runs asks the heap for a larger
# run of RAM each time, which a 64 KB heap in pieces may not have.
_STACK = array("H", bytes(16 * MAX_CELLS))  # nodes to visit, _STACK[:top]
_NB = []  # the nodes touching one node (touching)


def flood(geo, board, x, reach, bit):
    """Set `bit` in reach[node] (a bytearray(8n)) for the nodes that are not
    colour x and are reached from the rim areas of the other colour through
    everything not x."""
    y = 1 - x
    stack = _STACK
    top = 0
    nb = _NB
    for area in range(len(geo.rim_colour)):
        if geo.rim_colour[area] != y:
            continue
        for e in geo.rim_edges[area]:
            c = e // 3
            p = board[c]
            if p == 0:
                t = 8 * c
                if not reach[t] & bit:
                    reach[t] |= bit
                    stack[top] = t
                    top += 1
                continue
            ci = (geo.or8[c] | p) * 18 + (e % 3) * 6
            for j in range(6):
                t = 8 * c + ESEC[ci + j]
                if not reach[t] & bit and colour(geo, board, t) != x:
                    reach[t] |= bit
                    stack[top] = t
                    top += 1
    spread(geo, board, x, reach, bit, top)


def spread(geo, board, x, reach, bit, top):
    """flood's spreading from the nodes it put on _STACK[:top]: set `bit`
    in reach for every node not colour x reached from them through
    everything not x. Returns how many nodes it went on from."""
    stack = _STACK
    nb = _NB
    rim = 8 * geo.n
    done = 0
    while top:
        top -= 1
        node = stack[top]
        done += 1
        del nb[:]
        touching(geo, board, node, nb)
        for t in nb:
            if t < rim and not reach[t] & bit and colour(geo, board, t) != x:
                reach[t] |= bit
                stack[top] = t
                top += 1
    return done


def enclosure(geo, board):
    """bytearray(8n): bit 0 enclosed by White, bit 1 by Black, 4 no such node."""
    return enclosed(geo, board, reached(geo, board))


def reached(geo, board, wall=-1):
    """bytearray(8n): bit 0 reached past White (flood), bit 1 past Black.
    An empty cell `wall` stops both floods (what laying a tile there could
    at most stop)."""
    reach = bytearray(8 * geo.n)
    if wall >= 0:
        reach[8 * wall] = 3
    flood(geo, board, WHITE, reach, 1)
    flood(geo, board, BLACK, reach, 2)
    return reach


def enclosed(geo, board, enc, cells=None):
    """Turn reached's bytearray into enclosure's in place (what is not
    reached is enclosed), at every cell or those of range `cells`."""
    for c in cells or range(geo.n):
        p = board[c]
        b = 8 * c
        if p == 0:
            r = enc[b]
            enc[b] = (0 if r & 1 else 1) | (0 if r & 2 else 2)
            for s in range(1, 8):
                enc[b + s] = 4
            continue
        ci = (geo.or8[c] | p) * 8
        k = NSEC[geo.or8[c] | p]
        for s in range(8):
            if s >= k:
                enc[b + s] = 4
            elif SCOL[ci + s] == WHITE:
                enc[b + s] = 0 if enc[b + s] & 2 else 2
            else:
                enc[b + s] = 0 if enc[b + s] & 1 else 1
    return enc


def locks(geo, board, enc):
    """bytearray(n): 1 where a tile lies in or on a closed curve: it holds an
    enclosed node or touches one (an X sector touching what X encloses is on
    the curve; one touching what the other colour encloses is enclosed too)."""
    out = bytearray(geo.n)
    rim = 8 * geo.n
    nb = _NB
    for c in range(geo.n):
        p = board[c]
        if not p:
            continue
        for s in range(NSEC[geo.or8[c] | p]):
            node = 8 * c + s
            if enc[node] & 3:
                out[c] = 1
                break
            del nb[:]
            touching(geo, board, node, nb)
            for t in nb:
                if t < rim and enc[t] & 3:
                    out[c] = 1
                    break
            if out[c]:
                break
    return out


_KIND = bytearray(8 * MAX_CELLS)  # pockets' kind of each node, made once


def pockets(geo, board, enc, parts=None, owner=None):
    """[White's points, Black's points] by games.md's pocket rule: a sector
    is free unless the other colour encloses it; a pocket (a connected
    region of sectors that are not free, and of enclosed empty cells) whose
    neighbouring free sectors and rim areas are all of one colour X is
    enclosed by X, and each of its sectors of the other colour scores one
    point for X; a pocket touching open board scores for nobody. With a
    list `parts`, every pocket that scores adds (seat, points, its
    sectors); with a bytearray(8n) `owner`, every node in a pocket is
    marked there (1 it scores for White, 2 for Black, 3 for nobody)."""
    n = geo.n
    rim = 8 * n
    # kind: 0 no node, 1 pocket member, 2 free white, 3 free black, 4 open
    # board, 5 a member already taken into a pocket
    kind = _KIND
    for c in range(n):
        p = board[c]
        b = 8 * c
        if p == 0:
            kind[b] = 1 if enc[b] else 4
            for s in range(1, 8):
                kind[b + s] = 0
            continue
        ci = (geo.or8[c] | p) * 8
        k = NSEC[geo.or8[c] | p]
        for s in range(8):
            if s < k:
                x = SCOL[ci + s]
                kind[b + s] = 1 if (enc[b + s] >> (1 - x)) & 1 else 2 + x
            else:
                kind[b + s] = 0
    score = [0, 0]
    stack = _STACK
    nb = _NB
    for start in range(8 * n):
        if kind[start] != 1:
            continue
        kind[start] = 5
        stack[0] = start
        top = 1
        border = 0
        white = black = 0
        members = [] if owner is not None else None
        while top:
            top -= 1
            node = stack[top]
            if members is not None:
                members.append(node)
            col = colour(geo, board, node)
            if col == WHITE:
                white += 1
            elif col == BLACK:
                black += 1
            del nb[:]
            touching(geo, board, node, nb)
            for t in nb:
                if t >= rim:
                    border |= 1 << geo.rim_colour[t - rim]
                    continue
                kd = kind[t]
                if kd == 1:
                    kind[t] = 5
                    stack[top] = t
                    top += 1
                elif kd != 5:
                    border |= 1 << (kd - 2)
        # border bits: 1 white, 2 black, 4 open board
        if border == 1 or border == 2:
            got = black if border == 1 else white
            score[border - 1] += got
            if parts is not None and got:
                parts.append((border - 1, got, white + black))
        if members is not None:
            for node in members:
                owner[node] = border if 0 < border < 3 and \
                    colour(geo, board, node) == 2 - border else 3
    return score


def empties(board):
    n = 0
    for p in board:
        if not p:
            n += 1
    return n


# ---------------------------------------------------------------------------


class Tomoe(Game):
    """Tomoe for 2 players; variants: standard (small board, 48 tiles),
    large (36-cell board, 48 tiles), tiles32 (small board, 32 tiles)."""

    NAME = F.NAME
    MIN_PLAYERS, MAX_PLAYERS = F.PLAYERS
    VARIANTS = F.VARIANTS
    NUM_ACTIONS = NUM_ACTIONS
    ACTION_LAYOUT = ("LAYS",)
    # 2: the large board is four rows of nine cells; 3: the common header;
    # 4: triple-hexagon tiles (docs/rules/tomoe.md): a save of 3 or older holds
    # the earlier tiles and is refused, not read as these
    VERSION = 4
    TAG = b"TE"
    NODES = 8  # analysis nodes per cell: a node is cell * NODES + sector

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
    # reads.

    def _refresh(self):
        self._enc = None
        self._locked = None
        self._points = None
        self.empty = empties(self.board)
        self.done = self.empty == 0

    @property
    def enc(self):
        """Per node (cell * 8 + sector): bit 0 enclosed by White, bit 1 by Black."""
        if self._enc is None:
            self._enc = enclosure(self.geo, self.board)
        return self._enc

    @property
    def locked(self):
        """Per cell: 1 if the tile there may not be turned."""
        if self._locked is None:
            self._locked = locks(self.geo, self.board, self.enc)
        return self._locked

    @property
    def points(self):
        """[White's points, Black's points] counted now by the pocket rule."""
        if self._points is None:
            self._points = pockets(self.geo, self.board, self.enc)
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
        pockets(self.geo, self.board, self.enc, owner=owner)
        return owner

    def score_parts(self):
        """Where the points come from: (seat, points, sectors) for every
        pocket that scores now (tools/bench_tomoe_totals.py)."""
        parts = []
        pockets(self.geo, self.board, self.enc, parts=parts)
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
        t = len(self.TAG)
        if data[:t] == self.TAG and len(data) > t and data[t] < self.VERSION:
            raise OldSave("a save of the earlier Tomoe tiles (format %d): it cannot be "
                               "played with the new tiles; start a new game" % data[t])
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

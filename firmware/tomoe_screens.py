"""Tomoe on 16x16 LEDs.

The board (y 0-13) is shown zoomed: every triangle is 9 LEDs, 5 wide and 3
high. A tile is three kites round its corners (engines_core/tomoe_board.py):
each corner LED shows the kite's inner stripe, dim; the LED beside it inside
the triangle its outer stripe, bright; an edge middle the colour where two
outer stripes join there, dark where they part. So round every grid vertex
the corner LEDs make a 3x2 block (a ring of inner stripes, one colour when
closed) and the bright outer stripes the long curves. Black is drawn blue
(an unlit LED would be invisible). Empty cells are a faint grey grid (a dot
dim in a side's colour where its curves enclose the cell already). The rim
areas are dim lines in their colour just outside the board's edge. The view
scrolls to keep the cursor (or the tile just played) in sight: with its rim
the small board is 25 LEDs wide, the large one 31; both are 14 high. The
cursor lights a tile's edge middles only, so it hides no stripe.

B switches to the map: the whole board at 4 LEDs a triangle (the outer
stripes at its corners and, in its middle, the two that join there; empty
cells dark), where the tiles that may still be turned pulse and the tiles
locked in a closed curve are steady; its cursor blinks on a tile's middle
only. In the zoomed view, at the start of your move, the corners of the
tiles you may still turn glow brighter and dimmer.

Bottom rows (y 14-15): left, the player to move in their colour, one column
per action of the move (bright: to come, dim: done); right, the live score
as pips (top row White's points, bottom row Black's; a blinking last pip
means more than fit). Hold A: both scores in digits and the tiles left of
each figure. Hold B: pause.

The end: the final board in the map's LEDs, dim but for what each side
enclosed, lit cell by cell as both totals count up below; until A
(firmware/tomoe_count.py, loaded only for it).

Controls: the D-pad moves the cursor from triangle to triangle. A on an
empty cell shows a tile there: Left/Right turn it, Up/Down switch to the
other figure, A lays it, B takes it back. A on a tile (first action of a
move) shows it turned a third clockwise: Left/Right choose the direction, A
turns it, B cancels. Refused choices flash the cell red with a sound.
"""

from hal import buttons as B
from engines_core import registry
from engines_core import tomoe as T
from engines_core import tomoe_facts as F
from engines_core import tomoe_board as TB
from firmware.game_ui import GameUI, HOLD
from firmware import gfx, palette, sounds

COL = F.SEAT_COLOURS  # white, black (blue)
TIP = (palette.scale(COL[0], 38), palette.scale(COL[1], 55))
RIM = (palette.scale(COL[0], 22), palette.scale(COL[1], 35))
EMPTY = 0x161616  # an empty triangle: one faint dot in its centre
# ... in the colour of the side whose curves enclose it already (dim)
ENCLOSED = (palette.scale(COL[0], 30), palette.scale(COL[1], 45))
CURSOR = palette.ACCENT
ANIM_MS = 700
COUNT_MS = 220  # the end's count: one cell that scores after another
TELL_APART = (("sides and cursor", COL + (CURSOR,)),)

# What shows after an action (GameUI.show's segments): the tile turned or
# laid; at the end (with a person at the table) the count, cell by cell,
# then the counted board until A.
ANIM = 0
COUNT = 1
COUNTED = 2

ZOOM = 0
MAP = 1
CELL = 0  # choosing a cell
LAY = 1  # showing a tile to lay
TURN = 2  # showing a tile turned

# Roles of the 9 LEDs of a triangle: tips 0-2, middles 0-2, centre, and the
# two LEDs between the horizontal edge's middle and its corners.
_ZOOM_ROLES = (
    ((2, 0), (4, 2), (0, 2), (3, 1), (2, 2), (1, 1), (2, 1), (1, 2), (3, 2)),  # up
    ((0, 0), (4, 0), (2, 2), (2, 0), (3, 1), (1, 1), (2, 1), (1, 0), (3, 0)),  # down
)
_HORIZONTAL = (1, 0)  # the horizontal edge of an up / a down cell
# Map (4 LEDs): centre, middles 0-2.
_MAP_ROLES = (
    ((1, 0), (2, 1), (1, 1), (0, 1)),  # up: centre top, right, bottom, left
    ((1, 1), (1, 0), (2, 0), (0, 0)),  # down: centre bottom, top, right, left
)


class Layout:
    """Where every LED of a board goes, in the zoomed view and the map, as
    flat bytes (x, y per LED; x, y, colour for the rim) to keep RAM small."""

    def __init__(self, geo):
        self.geo = geo
        zoom = []
        rim = []
        for c, (x, r) in enumerate(geo.cells):
            for dx, dy in _ZOOM_ROLES[geo.orient[c]]:
                zoom.append((3 * x + dx, 3 * r + dy))
            for k in range(3):
                e = 3 * c + k
                if geo.nbc[e] != 255:
                    continue
                (vx, vr), kn = TB.neighbour_xy(x, r, k)
                o = 1 - geo.orient[c]
                vroles = _ZOOM_ROLES[o]
                idx = [kn, (kn + 1) % 3, 3 + kn]
                if kn == _HORIZONTAL[o]:
                    idx += [7, 8]
                for i in idx:
                    rim.append((3 * vx + vroles[i][0], 3 * vr + vroles[i][1],
                                geo.rim_colour[geo.nbk[e]]))
        self.zoom, self.rim, self.zw, self.zh = _pack(zoom, rim)
        # Each cell's box in the zoomed picture (x0, x1, y0, y1): its three
        # tips span it. Cells outside the window are not drawn at all.
        z = self.zoom
        box = bytearray()
        for b in range(0, len(z), 18):
            xs = (z[b], z[b + 2], z[b + 4])
            ys = (z[b + 1], z[b + 3], z[b + 5])
            box.extend((min(xs), max(xs), min(ys), max(ys)))
        self.zbox = box
        mp = []
        mrim = []
        for c, (x, r) in enumerate(geo.cells):
            for dx, dy in _MAP_ROLES[geo.orient[c]]:
                mp.append((2 * x + dx, 2 * r + dy))
            for k in range(3):
                e = 3 * c + k
                if geo.nbc[e] == 255:
                    (vx, vr), kn = TB.neighbour_xy(x, r, k)
                    dx, dy = _MAP_ROLES[1 - geo.orient[c]][1 + kn]
                    mrim.append((2 * vx + dx, 2 * vr + dy, geo.rim_colour[geo.nbk[e]]))
        self.map, self.mrim, self.mw, self.mh = _pack(mp, mrim)

    def zoom_points(self, c):
        """[(x, y)] of the 9 LEDs of cell c in the zoomed board picture."""
        z = self.zoom
        return [(z[18 * c + 2 * i], z[18 * c + 2 * i + 1]) for i in range(9)]

    def map_points(self, c):
        m = self.map
        return [(m[8 * c + 2 * i], m[8 * c + 2 * i + 1]) for i in range(4)]


def _pack(points, rim):
    """Shift everything to start at (0, 0) and flatten to bytes."""
    x0 = min([p[0] for p in points] + [p[0] for p in rim])
    y0 = min([p[1] for p in points] + [p[1] for p in rim])
    w = max([p[0] for p in points] + [p[0] for p in rim]) - x0 + 1
    h = max([p[1] for p in points] + [p[1] for p in rim]) - y0 + 1
    flat = bytearray()
    for x, y in points:
        flat.append(x - x0)
        flat.append(y - y0)
    frim = bytearray()
    for x, y, col in rim:
        frim.append(x - x0)
        frim.append(y - y0)
        frim.append(col)
    return bytes(flat), bytes(frim), w, h


_LAYOUTS = {}


def layout(geo):
    lay = _LAYOUTS.get(geo.name)
    if lay is None:
        lay = Layout(geo)
        _LAYOUTS[geo.name] = lay
    return lay


class Picture:
    """How the tiles look (firmware/tomoe_tiles.tables): pal, zoom, map,
    map_nodes, cursor, map_middle; `scol`: the engine's sector colours."""

    def __init__(self, tables):
        self.pal, self.zoom, self.map, self.map_nodes, self.cursor, self.map_middle = tables
        self.scol = TB.SCOL


_PICTURE = []


def picture():
    """The tiles' Picture, built once; the module that builds it
    (firmware/tomoe_tiles.py) goes after."""
    if not _PICTURE:
        from firmware.tomoe_tiles import tables
        _PICTURE.append(Picture(tables(COL, TIP)))
        tables = None
        registry.release("firmware.tomoe_tiles")
    return _PICTURE[0]


def empty_colour(state, c):
    """An empty cell's dot: faint grey, or dim in the colour of the side
    whose curves enclose it (both: grey)."""
    e = state.enc[state.NODES * c] & 3
    return ENCLOSED[e - 1] if e == 1 or e == 2 else EMPTY


def draw_numbers(d, y, w, b, now, gap):
    """White's number `w` from the left and Black's `b` to the right on
    rows y..y+4, at least two blank columns between; when they do not fit
    side by side, Black's goes `gap` rows lower (gap 0: they take turns).
    Returns the first row free below them."""
    ww = len(w) * 4 - 1
    bw = len(b) * 4 - 1
    if ww + 2 + bw <= 16:
        gfx.text(d, 0, y, w, COL[0])
        gfx.text(d, 16 - bw, y, b, COL[1])
        return y + 7
    if gap:
        gfx.text(d, 0, y, w, COL[0])
        gfx.text(d, 16 - bw, y + gap, b, COL[1])
        return y + gap + 6
    if gfx.blink(now, 2400):
        gfx.text(d, 0, y, w, COL[0])
    else:
        gfx.text(d, 16 - bw, y, b, COL[1])
    return y + 6


def move_cursor(geo, c, button):
    """The cell the cursor goes to from c (c itself at the board's edge)."""
    x, r = geo.cells[c]
    if button in (B.LEFT, B.RIGHT):
        step = -1 if button == B.LEFT else 1
        xx = x + step
        while 0 <= xx < geo.width:
            n = geo.cell_at(xx, r)
            if n >= 0:
                return n
            xx += step
        return c
    rr = r + (-1 if button == B.UP else 1)
    if not 0 <= rr < geo.height:
        return c
    for dx in (0, 1, -1, 2, -2, 3, -3):
        n = geo.cell_at(x + dx, rr)
        if n >= 0:
            return n
    return c


class UI(GameUI):
    THINKING = None  # row 15 holds White's score; columns 0-1 show the mover
    # What the end's count (firmware/tomoe_count.py) draws with.
    COUNT = None
    HINT = "A: TILE, A: LAY"
    REFUSALS = (("locked", "LOCKED"), ("lay", "LAY A TILE"), ("taken", "TAKEN"),
                ("tiles left", "NONE LEFT"))

    def __init__(self, session):
        GameUI.__init__(self, session)
        geo = self.state.geo
        self.layout = layout(geo)
        self.picture = picture()
        self.cursor = geo.centre[1]
        self.view = ZOOM
        self.mode = CELL
        self.pattern = 1
        self.direction = 0
        self.last_pattern = [1, 6]  # per orientation: the tile shown first
        self.vx = (self.layout.zw - 16) // 2
        self.vy = max(0, (self.layout.zh - 14) // 2)
        self.anim_cell = -1
        self.scores_before = None
        self.count_cells = b""  # the end's cells that score, in order (start_reveal)
        self.texts = (None, "", "")  # the look's numbers: (points list, White's, Black's)

    def has_secrets(self, seat):
        return False

    # Choosing --------------------------------------------------------------------
    def hint_target(self, seat, now):
        """The cursor's triangle, ringed (in the zoomed view)."""
        if self.view != ZOOM:
            return None
        pts = self.layout.zoom_points(self.cursor)[:3]  # the tips span it
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        x, y = min(xs) - self.vx, min(ys) - self.vy
        return x, y, max(xs) - min(xs) + 1, max(ys) - min(ys) + 1, False

    def begin_turn(self, seat, now):
        self.mode = CELL

    def move(self, b, seat, now):
        st = self.state
        geo = st.geo
        if self.mode == CELL:
            self.cursor = move_cursor(geo, self.cursor, b)
        elif self.mode == LAY:
            if b in (B.LEFT, B.RIGHT):
                self.pattern = TB.rot_cw(self.pattern) if b == B.RIGHT else TB.rot_ccw(self.pattern)
                self.beep(sounds.CLICK)
            else:
                # The other figure of this orientation: every middle flipped.
                other = 7 - self.pattern
                f = TB.figure_of(geo.orient[self.cursor], other)
                if st.supply[f]:
                    self.pattern = other
                    self.beep(sounds.CLICK)
                else:
                    self.illegal("no %s tiles left" % T.FIGURE_NAMES[f], now)
        elif self.mode == TURN and b in (B.LEFT, B.RIGHT):
            self.direction = 0 if b == B.RIGHT else 1
            self.beep(sounds.CLICK)

    def back(self, seat, now):
        """B: back out of showing a tile, else between zoom and map."""
        if self.mode != CELL:
            self.mode = CELL
        else:
            self.view = MAP if self.view == ZOOM else ZOOM
        self.beep(sounds.CLICK)

    def act(self, seat, now):
        st = self.state
        geo = st.geo
        c = self.cursor
        if self.mode == LAY:
            return T.lay_action(c, self.pattern)
        if self.mode == TURN:
            return T.turn_action(c, self.direction)
        if st.board[c]:
            action = T.turn_action(c, 0)
            if st.why_illegal(action) is not None:
                return action  # refused by the play screen, with its reason
            self.mode = TURN
            self.direction = 0
            self.view = ZOOM
            return None
        o = geo.orient[c]
        p = self.last_pattern[o]
        if not st.supply[TB.figure_of(o, p)]:
            p = 7 - p
        self.pattern = p
        self.mode = LAY
        self.view = ZOOM
        return None

    # Showing what happened ---------------------------------------------------------
    def before_action(self, seat, action):
        self.scores_before = self.state.scores()

    def after_action(self, seat, action, now):
        c = T.cell_of(action)
        if not T.is_turn(action):
            self.last_pattern[self.state.geo.orient[c]] = T.pattern_of(action)
        self.mode = CELL
        self.anim_cell = c
        if self.state.is_terminal() and self.session.humans():
            self.start_reveal(now, ANIM_MS)
        else:
            self.show.start(now)
            self.show.add(ANIM_MS)

    def cue(self, seat, action):
        after = self.state.scores()
        if self.scores_before is not None and after[seat] > self.scores_before[seat]:
            return sounds.SCORE
        return sounds.MOVE if T.is_turn(action) else sounds.LAY

    def resume(self, now):
        if self.state.is_terminal() and self.session.humans():
            self.start_reveal(now)

    # The end: the final board, what each side enclosed, counted up -----------------
    def start_reveal(self, at, anim=0):
        """Count the final board from `at` + `anim` (firmware/tomoe_count.py,
        loaded for the count and forgotten after it); it stays until A."""
        from firmware import tomoe_count
        self.lit, self.order, self.sums, self.count_cells = tomoe_count.tables(self)
        self.draw_count = tomoe_count.draw
        self.reveal_texts = (-1, "", "")
        show = self.show
        show.start(at)
        show.add(anim)
        show.add(len(self.count_cells) * COUNT_MS)
        show.add(HOLD)

    def end_reveal(self):
        """The count was seen: its tables go (the end screen and the menu
        after it want the RAM)."""
        self.lit = self.order = self.sums = self.draw_count = None
        self.count_cells = b""
        registry.release("firmware.tomoe_count")

    def count_from(self):
        """When the end's count began (earlier once A has hurried it: all
        counted at once)."""
        return self.show.clock(COUNT)

    def counted(self, now):
        """How many cells of the end's count show now."""
        t = now - self.count_from()
        return 0 if t < 0 else min(len(self.count_cells), t // COUNT_MS + 1)

    def revealing(self, now):
        """True while the end's count shows (till A; only with a person at
        the table: between computers the result shows at once, and the
        count's RAM stays free for the next game)."""
        return self.show.n > COUNTED and self.show.index(now) <= COUNTED

    def skip(self, now):
        show = self.show
        if show.index(now) == COUNT and self.counted(now) == len(self.count_cells):
            show.skip(now)  # all counted, the last cell still flashing: A ends it
        if show.skip(now) == COUNTED:
            self.end_reveal()

    # Drawing -------------------------------------------------------------------------
    def draw(self, d, now, viewer):
        st = self.state
        shown = self.show.at(now)
        animating = shown == ANIM
        if not animating and self.revealing(now):
            self.draw_count(self, d, now)
            return
        mine = viewer is not None and viewer == st.current_player() and not animating
        focus = self.anim_cell if animating and self.anim_cell >= 0 else self.cursor
        if self.view == MAP and not (animating and not mine):
            self.draw_map(d, now, mine, animating)
        else:
            self.draw_zoom(d, now, focus, mine, animating)
        self.draw_status(d, now)

    def scroll_to(self, cell):
        """Move the zoomed view just enough to show `cell` with a margin."""
        lay = self.layout
        box = lay.zbox
        b = 4 * cell
        left = box[b]
        right = box[b + 1]
        top = box[b + 2]
        bottom = box[b + 3]
        if left - 2 < self.vx:
            self.vx = left - 2
        if right + 2 > self.vx + 15:
            self.vx = right + 2 - 15
        if top - 1 < self.vy:
            self.vy = top - 1
        if bottom + 1 > self.vy + 13:
            self.vy = bottom + 1 - 13
        self.vx = max(0, min(self.vx, lay.zw - 16)) if lay.zw > 16 else (lay.zw - 16) // 2
        self.vy = max(0, min(self.vy, lay.zh - 14)) if lay.zh > 14 else (lay.zh - 14) // 2

    def draw_zoom(self, d, now, focus, mine, animating):
        st = self.state
        geo = st.geo
        lay = self.layout
        self.scroll_to(focus)
        ox = -self.vx
        oy = -self.vy
        rim = lay.rim
        for i in range(0, len(rim), 3):
            if rim[i + 1] + oy < 14:
                d.pixel(rim[i] + ox, rim[i + 1] + oy, RIM[rim[i + 2]])
        breathe = None
        if mine and self.mode == CELL and st.may_turn():
            # The corners of the tiles that may still be turned glow up and
            # down. From dim (not dimmer: a dim warm white turns red on the
            # LEDs) to as bright as a middle: plainly unlike the steady
            # corners of the locked tiles.
            level = gfx.breathe(now, 30, 100)
            breathe = palette.scale(COL[0], level)  # two colours, no tuple a frame
            breathe_black = palette.scale(COL[1], level)
        locked = st.locked if breathe else None
        board = st.board
        orient = geo.orient
        pic = self.picture
        z = lay.zoom
        box = lay.zbox
        for c in range(geo.n):
            k = 4 * c
            if box[k] + ox > 15 or box[k + 1] + ox < 0 or box[k + 2] + oy > 13 or \
                    box[k + 3] + oy < 0:
                continue  # off the window
            p = board[c]
            o = orient[c]
            shown = mine and c == focus and self.mode != CELL
            if shown:
                p = self.pattern if self.mode == LAY else T.turned(p, self.direction)
            b = 18 * c
            if not p:  # an empty cell: only its centre dot (role 6) is lit
                y = z[b + 13] + oy
                if y < 14:
                    d.pixel(z[b + 12] + ox, y, empty_colour(st, c))
                continue
            glow = breathe is not None and not locked[c]
            cols = pic.zoom
            pal = pic.pal
            ci = (o * 8 + p) * 9
            # A tile shown but not laid (turned) yet pulses.
            pulse = shown and not gfx.blink(now, 500, 60)
            for i in range(9):
                y = z[b + 1] + oy
                if y < 14:
                    col = cols[ci + i]
                    if glow and i < 3:
                        col = breathe_black if (col - 1) & 1 else breathe
                    else:
                        col = pal[col]
                    d.pixel(z[b] + ox, y, palette.scale(col, 45) if pulse else col)
                b += 2
        if mine:
            self.draw_cursor_zoom(d, now, ox, oy)
        elif animating and self.anim_cell >= 0:
            if gfx.blink(now, 240):
                z = lay.zoom
                for i in pic.cursor:
                    b = 18 * self.anim_cell + 2 * i
                    if z[b + 1] + oy < 14:
                        d.pixel(z[b] + ox, z[b + 1] + oy, CURSOR)

    def draw_cursor_zoom(self, d, now, ox, oy):
        z = self.layout.zoom
        b0 = 18 * self.cursor
        if self.flashing(now):
            for i in range(9):
                b = b0 + 2 * i
                if z[b + 1] + oy < 14:
                    d.pixel(z[b] + ox, z[b + 1] + oy, palette.BAD)
            return
        # The picture's cursor LEDs (and an empty cell's centre) in the
        # cursor colour, nearly steady.
        if gfx.blink(now, 1000, 85):
            for i in self.picture.cursor:
                b = b0 + 2 * i
                if z[b + 1] + oy < 14:
                    d.pixel(z[b] + ox, z[b + 1] + oy, CURSOR)
            if self.mode == CELL and not self.state.board[self.cursor]:
                d.pixel(z[b0 + 12] + ox, z[b0 + 13] + oy, CURSOR)

    def draw_map(self, d, now, mine, animating):
        st = self.state
        geo = st.geo
        lay = self.layout
        # Centred; the large board (19 wide) follows the cursor.
        if lay.mw <= 16:
            ox = (16 - lay.mw) // 2
        else:
            cx = lay.map[8 * self.cursor]
            ox = -max(0, min(cx - 8, lay.mw - 16))
        oy = (14 - lay.mh) // 2
        rim = lay.mrim
        for i in range(0, len(rim), 3):
            d.pixel(rim[i] + ox, rim[i + 1] + oy, RIM[rim[i + 2]])
        locked = st.locked
        board = st.board
        orient = geo.orient
        pics = self.picture.map
        # Tiles that may still be turned pulse; locked ones are steady.
        level = gfx.breathe(now, 25, 100)
        for c in range(geo.n):
            p = board[c]
            if not p:  # dark, but for a dot where a side encloses it
                col = empty_colour(st, c)
                if col != EMPTY:
                    i = 8 * c + 2 * self.picture.map_middle[orient[c]]
                    d.pixel(lay.map[i] + ox, lay.map[i + 1] + oy, col)
                continue
            ci = (orient[c] * 8 + p) * 4
            pulse = not locked[c]
            m = lay.map
            b = 8 * c
            for i in range(4):
                col = self.picture.pal[pics[ci + i]]
                if pulse:
                    col = palette.scale(col, level)
                d.pixel(m[b] + ox, m[b + 1] + oy, col)
                b += 2
        c = self.cursor if mine else (self.anim_cell if animating else -1)
        if c >= 0:
            colour = palette.BAD if mine and self.flashing(now) else CURSOR
            if gfx.blink(now, 500 if mine else 240, 50):
                # On a tile only the LED whose colour the others say; an
                # empty cell has nothing to hide.
                m = lay.map
                b0 = 8 * c
                b1 = b0 + 8
                if board[c]:
                    b0 += 2 * self.picture.map_middle[orient[c]]
                    b1 = b0 + 2
                for b in range(b0, b1, 2):
                    d.pixel(m[b] + ox, m[b + 1] + oy, colour)

    def draw_status(self, d, now):
        st = self.state
        mover = st.current_player()
        if mover >= 0:
            # One column per action of the move: bright to come, dim done.
            col = COL[mover]
            single = st.phase == T.START and (st.move_no == 0 or st.empty == 1)
            first = col if st.phase == T.START else palette.scale(col, 25)
            for y in (14, 15):
                d.pixel(0, y, first)
                if not single:
                    d.pixel(1, y, col)
        pts = st.points  # not scores(): no list a frame
        for who in (0, 1):
            n = pts[who]
            y = 14 + who
            shown = min(n, 13)
            for i in range(shown):
                c = COL[who]
                if n > 13 and i == 12 and not gfx.blink(now, 600):
                    c = palette.scale(c, 25)
                d.pixel(3 + i, y, c)

    def look(self, d, now, viewer):
        """Hold A: both scores in digits, and the tiles left of each figure."""
        st = self.state
        pts = st.points
        if self.texts[0] is not pts:  # a new count: its numbers as text, once
            self.texts = (pts, str(pts[0]), str(pts[1]))
        supply_y = draw_numbers(d, 0, self.texts[1], self.texts[2], now, 6)
        for f in range(4):
            y = supply_y + (2 * f if supply_y < 10 else f)
            orient = f // 2
            # The figure: its tips' colour, then the colour of its two alike
            # inner stripes, then the lone one.
            pair = orient if f % 2 == 0 else 1 - orient
            d.pixel(0, y, TIP[orient])
            d.pixel(1, y, COL[pair])
            d.pixel(2, y, COL[1 - pair])
            for i in range(st.supply[f]):
                d.pixel(4 + i, y, palette.scale(COL[orient], 70))

    def seat_colour(self, seat):
        return COL[seat]

    def seat_name(self, seat):
        return ("WHITE", "BLACK")[seat]

    def result_lines(self):
        pts = self.state.scores()
        return [(str(pts[0]), COL[0]), (str(pts[1]), COL[1])]


UI.COUNT = (COL, RIM, COUNT_MS, draw_numbers)

"""Tóncc on 16x16 LEDs.

The board: 19 hexes of 2x2 LEDs in rows of 3, 4, 5, 4, 3 (y 0-13), the Mind
grey in the middle; a face-up Region shows its background colour, a face-down
one is dim green. A King alone on his hex is drawn on its right column as
his hair over his body (King Blue: yellow over blue; King Yellow: red over
yellow; King Red: blue over red), the Region on the left column; Kings
sharing a hex show at once, one LED each (draw_kings_on). Top left: your King as hair,
body and feet (strongest to weakest colour, top to bottom). Top right: the
challenge (1-3 lit dots) and, in orange, the moves without a conquest so far
(3 end the challenge). Bottom: each seat's Seals (3x2 pips in his King's
colour, lit = placed on the Map), P1 left to P3 right.

Choosing: on the board the D-pad picks one of the 6 movements on a 3x2 grid
(NW NE / W E / SW SE); the Region the King would land on blinks white; A
moves. B goes round the board, the Facts (one characteristic of every
face-up Region at once, in its hex: Left/Right pick background, symbol
colour, shape, lines or dots), the Map and one Region in detail; the last two
share a look pointer (it starts on the target): on the Map (the triangle of
18 places: a dim dot in the Region's background colour for a free place, a
bright dot in the King's colour for a Seal) the D-pad walks the pointer
round the triangle; the Region view shows the pointed Region (background,
symbol colour and shape, lines, dots; a green frame and the Seal's King when
face down) and, bottom right, a miniature of the board with its hex
blinking, where the D-pad walks the pointer from hex to hex. The compass
shows the movement whenever the pointer is on the target. A on the Facts, the Map or a
Region goes back to the board. Hold A: the scores table (draw_table). Hold
B: pause.

After the last choice of a move all Kings' targets show at once, then the
Kings move and the Regions they conquer flash in the conqueror's colour and
turn green. At the end of a challenge: the Map with only the Kingdoms left
on it, then the scores table of that challenge (A goes on).
"""

from hal import buttons as B
from engines_core import toncc as T
from firmware.game_ui import GameUI, HOLD
from firmware.screen import draw_a_hint
from firmware import font, gfx, palette, sounds

COL = (0xFF1800, 0xFFB000, 0x1030FF)  # red, yellow, blue (backgrounds and Kings)
# A face-up Region: its background dimmed (blue a little less, as LEDs make
# it look darker), so the Kings at full brightness stand out; yellow least,
# so that red and yellow differ in lightness, which red-green colour
# blindness leaves (at 38% they were one olive to it).
HEX = (palette.scale(COL[0], 40), palette.scale(COL[1], 60), palette.scale(COL[2], 58))
GREEN = 0x0A3C0A  # a face-down Region
MIND_COL = 0x505050
QUIET_COL = 0xFF6000
# A face-down Region is told by its pattern too (a checker on the board).
TELL_APART = (("Kings", COL), ("face-up Regions and the Mind", HEX + (MIND_COL,)))

BOARD = 0
FACTS = 1
MAP = 2
REGION = 3
VIEWS = 4  # B goes round them in this order

# The Facts view: one characteristic of every face-up Region at once, named
# by a letter bottom right (Left/Right pick it): Background, symbol Colour,
# Shape, Lines, Dots.
FACT_LETTERS = "BCSLD"
FACT_SHAPE = 2
# Inside a 2x2 hex, as (TL, TR, BL, BR) lit: a shape (circle, square,
# triangle: two, four and three LEDs, the triangle's point up right), and a
# count of 1-3 lines or dots filling TL, TR, BL as text is read.
SHAPE_LEDS = ((0, 1, 1, 0), (1, 1, 1, 1), (0, 1, 1, 1))
COUNT_LEDS = ((1, 0, 0, 0), (1, 1, 0, 0), (1, 1, 1, 0))

REVEAL_MS = 900  # every King's target shown at once
MOVE_MS = 1100  # Kings on their new Regions, conquests flashing
AUTO_PAGE_MS = 3500  # summary pages turn by themselves when no person plays
# After A hurries something, stay busy a moment: the click of that A (sent on
# release) must not also pass the next "PASS" screen.
SETTLE_MS = 400
# What shows after a move (GameUI.show's segments): every King's target,
# then the Kings moved (REVEAL_MS + MOVE_MS); after a challenge, the Map of
# its Kingdoms, then its scores (until A, or in turn without people).
MOVES = 0
KINGDOMS = 1
SCORES = 2

# The movements on the D-pad grid: (left, right) for rows NW/NE, W/E, SW/SE.
GRID = ((5, 0), (4, 1), (3, 2))

SHAPES = (
    ("..###..", ".#####.", "#######", "#######", "#######", ".#####.", "..###.."),
    ("#######", "#######", "#######", "#######", "#######", "#######", "#######"),
    ("...#...", "..###..", "..###..", ".#####.", ".#####.", "#######", "#######"),
)


def grid_of(d):
    for row in range(3):
        for col in range(2):
            if GRID[row][col] == d:
                return row, col
    return 1, 1


def move_cursor(d, button):
    """The movement the cursor goes to from `d` when `button` is pressed."""
    row, col = grid_of(d)
    if button == B.UP:
        row = max(0, row - 1)
    elif button == B.DOWN:
        row = min(2, row + 1)
    elif button == B.LEFT:
        col = 0
    elif button == B.RIGHT:
        col = 1
    return GRID[row][col]


def _hex_xy(cell):
    q, r = T.COORDS[cell]
    return 3 * q + (3 * r - (r & 1)) // 2 + 7, 3 * (r + 2)


HEX_XY = tuple(_hex_xy(c) for c in range(T.CELLS))


def cell_xy(cell):
    """Top-left LED of a hex (2x2 LEDs)."""
    return HEX_XY[cell]


def map_xy(place):
    """The LED of a Map place: a triangle, apex (place 0) at the top, places
    running clockwise."""
    if place <= 6:
        return 7 + place, 1 + 2 * place
    if place <= 12:
        return 13 - 2 * (place - 6), 13
    return 1 + (place - 12), 13 - 2 * (place - 12)


def _map_steps():
    """MAP_STEP[place * 4 + k], k = UP, DOWN, LEFT, RIGHT: the neighbouring
    place on the triangle's outline that lies that way (the one further that
    way if both do, itself if neither or a tie)."""
    out = bytearray(T.NUM_REGIONS * 4)
    for p in range(T.NUM_REGIONS):
        x, y = map_xy(p)
        for k in range(4):
            ux, uy = STEP_VEC[k]
            best, score, tie = p, 0, False
            for n in ((p + 17) % 18, (p + 1) % 18):
                nx, ny = map_xy(n)
                v = (nx - x) * ux + (ny - y) * uy
                if v > score:
                    best, score, tie = n, v, False
                elif v == score and v > 0:
                    tie = True
            out[p * 4 + k] = p if tie else best
    return bytes(out)


def _board_steps():
    """BOARD_STEP[cell * 4 + k], k = UP, DOWN, LEFT, RIGHT: the Region a look
    pointer goes to on the board: the next hex along the row, or the nearest
    one in the row above or below; never the Mind; itself at the edge."""
    out = bytearray(T.CELLS * 4)
    for c in range(T.CELLS):
        x, y = cell_xy(c)
        for k in range(4):
            ux, uy = STEP_VEC[k]
            best, far = c, 1000
            for n in range(T.CELLS):
                nx, ny = cell_xy(n)
                if n == T.MIND or n == c:
                    continue
                if uy:
                    if ny != y + 3 * uy:
                        continue
                    dist = abs(nx - x) * 2 + (nx > x)  # ties: the left one
                elif ny != y or (nx - x) * ux <= 0:
                    continue
                else:
                    dist = abs(nx - x)
                if dist < far:
                    best, far = n, dist
            out[c * 4 + k] = best
    return bytes(out)


STEP_VEC = ((0, -1), (0, 1), (-1, 0), (1, 0))  # UP, DOWN, LEFT, RIGHT
MAP_STEP = _map_steps()
BOARD_STEP = _board_steps()


def step_index(button):
    """0-3 for UP, DOWN, LEFT, RIGHT."""
    if button == B.UP:
        return 0
    if button == B.DOWN:
        return 1
    if button == B.LEFT:
        return 2
    return 3


def mini_xy(cell):
    """The LED of a cell on the 5x5 miniature of the board (bottom right of
    the Region view): the big board's hexes, one LED each."""
    x, y = cell_xy(cell)
    return 9 + (x - 1) // 3, 9 + y // 3


def king_colours(king):
    """(hair, body, feet) colours of a King."""
    return _KING_COLOURS[king]  # a table: drawn every frame without garbage


_KING_COLOURS = tuple((COL[T.hair(k)], COL[k], COL[T.feet(k)]) for k in range(3))


def region_colour(layout, owner, cell):
    if cell == T.MIND:
        return MIND_COL
    r = layout[cell]
    if owner[r] != T.NONE:
        return GREEN
    return HEX[T.REGIONS[r][0]]


def draw_hex(d, cell, colour):
    x, y = HEX_XY[cell]
    d.rect(x, y, 2, 2, colour)


# Several Kings on one hex: each one LED of his body colour. Two take the
# bottom row (side by side, so never read as one King's hair over body);
# three the bottom row and the right column, Blue over Yellow there (no King
# is blue over yellow), Red bottom left. The top left LED is the Region's.
THREE = ((T.BLUE, 1, 0), (T.YELLOW, 1, 1), (T.RED, 0, 1))


def draw_kings_on(d, cell, pos, kings, mine, now):
    """The Kings standing on `cell` over its hex: one alone as his hair over
    his body on the right column (the Region keeps the left one); two or
    three as in THREE's comment."""
    x, y = HEX_XY[cell]
    n = 0
    for s in range(3):
        if pos[s] == cell:
            n += 1
            alone = s
    if n == 1:
        h, b, f = king_colours(kings[alone])
        if alone == mine and gfx.blink(now, 400, 50):
            h = palette.BLACK  # not white: white blinks on the target
        d.pixel(x + 1, y, h)
        d.pixel(x + 1, y + 1, b)
        return
    if n == 3:
        for k, dx, dy in THREE:
            d.pixel(x + dx, y + dy, COL[k])
        return
    dx = 0
    for s in range(3):
        if pos[s] == cell:
            d.pixel(x + dx, y + 1, COL[kings[s]])
            dx += 1


def draw_figure(d, x, y, king):
    """A King as hair, body, feet (2 LEDs wide, 3 tall)."""
    h, b, f = king_colours(king)
    d.rect(x, y, 2, 1, h)
    d.rect(x, y + 1, 2, 1, b)
    d.rect(x, y + 2, 2, 1, f)


def draw_compass(d, x, y, direction, colour):
    """3x3 on black: the 6 movements as faint spots in the D-pad grid's
    places (NW NE / W E / SW SE), the chosen one lit, the centre dim."""
    d.rect(x, y, 3, 3, palette.BLACK)
    d.pixel(x + 1, y + 1, palette.DIM)
    for row in range(3):
        for col in range(2):
            c = colour if GRID[row][col] == direction else palette.FAINT
            d.pixel(x + 2 * col, y + row, c)


def draw_shape(d, x, y, shape, colour):
    rows = SHAPES[shape]
    for j in range(7):
        row = rows[j]
        for i in range(7):
            if row[i] == "#":
                d.pixel(x + i, y + j, colour)


def draw_region(d, region, owner, kings):
    """One Region in detail: the whole screen its background (dim); top left
    the symbol (its colour and shape), top right one bar per line, under the
    symbol one dot per dot; face down: a green frame and, bottom left, the
    King whose Seal is on it."""
    bg, sym, shape, lines, dots = T.REGIONS[region]
    d.rect(0, 0, 16, 16, palette.scale(COL[bg], 30))
    draw_shape(d, 1, 1, shape, COL[sym])
    for i in range(lines):
        d.rect(9, 2 + 2 * i, 6, 1, palette.WHITE)
    for i in range(dots):
        d.pixel(1 + 2 * i, 10, palette.WHITE)
    if owner != T.NONE:
        gfx.frame(d, 0, 0, 16, 16, palette.scale(GREEN, 250))
        draw_figure(d, 5, 12, kings[owner])


def draw_fact(d, x, y, region, k):
    """Characteristic k of a Region (T.REGIONS row) in the 2x2 hex at x, y:
    its background (dim) or symbol colour (full) filling it; its shape
    (SHAPE_LEDS) or count of lines or dots (COUNT_LEDS) in white."""
    if k < FACT_SHAPE:
        d.rect(x, y, 2, 2, HEX[region[0]] if k == 0 else COL[region[1]])
        return
    leds = SHAPE_LEDS[region[2]] if k == FACT_SHAPE else COUNT_LEDS[region[k] - 1]
    for i in range(4):
        if leds[i]:
            d.pixel(x + (i & 1), y + (i >> 1), palette.WHITE)


def draw_mini(d, layout, owner, cell, now):
    """The board in miniature (bottom right, on black): each hex one LED in
    its board colour, `cell` blinking white."""
    d.rect(8, 8, 7, 7, palette.BLACK)
    for c in range(T.CELLS):
        x, y = mini_xy(c)
        col = region_colour(layout, owner, c)
        if c == cell and gfx.blink(now, 500, 50):
            col = palette.WHITE
        d.pixel(x, y, col)


def draw_map(d, owner, kings, now, target=None, only=None):
    """The Map: a dim background dot for a free place, the King's colour for
    a Seal; `only` (a set of places) keeps just those Seals."""
    for p in range(T.NUM_REGIONS):
        x, y = map_xy(p)
        o = owner[p]
        if o != T.NONE and (only is None or p in only):
            c = COL[kings[o]]
        else:
            c = palette.scale(COL[T.REGIONS[p][0]], 30)
        if p == target and gfx.blink(now, 500, 50):
            c = palette.WHITE
        d.pixel(x, y, c)


def draw_pips(d, x, y, lit, total, colour):
    """Up to 6 pips in a 3x2 block, lit first."""
    # Not below 25%: dimmer, the Yellow King's unlit pips lose their green on
    # the LEDs at the usual brightness and look like the Red King's.
    dim = palette.scale(colour, 25)
    for i in range(total):
        d.pixel(x + i % 3, y + i // 3, colour if i < lit else dim)


# The scores table: a quadrant per seat, P1 top left, P2 top right, P3
# bottom left (as on the end screen), the key bottom right. Rows of numbers
# stacked with no gap read as one tall shape: here two rows of numbers with
# four rows between them, two columns between P1's and P2's.
QUAD = ((0, 0), (9, 0), (0, 9))
KEY_XY = (9, 9)
NUMS = tuple(str(i) for i in range(100))  # drawn without making strings per frame


def pips_width(n):
    """Tóncc pips in pairs with a gap between pairs (a challenge gives 0-2),
    so that up to 6 are counted by their pairs: LEDs across for `n`."""
    return n + (n - 1) // 2 if n else 0


def pip_x(x, i):
    """The column of the i-th pip of a row starting at x."""
    return x + i + i // 2


def draw_table(d, now, kings, scores, points, new):
    """Each seat's score in his King's colour, right-aligned in his
    quadrant, and under it his Tóncc points as white pips (P2's from the
    right edge, so they never meet P1's: both have at most 9 together); the
    last `new[s]` of them blink. The key: a white T beside a pip (Tóncc
    points), top left of the fourth quadrant."""
    for s in range(3):
        x0, y0 = QUAD[s]
        v = scores[s]
        txt = NUMS[v] if v < 100 else "99"
        gfx.text(d, x0 + 7 - font.width(txt), y0, txt, COL[kings[s]])
        n = points[s]
        x = x0 if s != 1 else 16 - pips_width(n)
        for i in range(n):
            lit = i < n - new[s] or gfx.blink(now, 500, 60)
            d.pixel(pip_x(x, i), y0 + 6, palette.WHITE if lit else palette.DIM)
    kx, ky = KEY_XY
    gfx.text(d, kx, ky, "T", palette.WHITE)
    d.pixel(kx + 4, ky, palette.WHITE)  # clear of the A hint below it


def count(data, value):
    n = 0
    for v in data:
        if v == value:
            n += 1
    return n


class UI(GameUI):
    HINT = "ARROWS, A: MOVE"
    SETTLE_MS = SETTLE_MS

    def __init__(self, session):
        GameUI.__init__(self, session)
        self.mode = BOARD
        self.cursor = [1, 1, 1]  # per seat: the last movement chosen (E)
        self.point = [0, 0, 0]  # per seat: the Region the Map / Region views point at
        self.fact = [1, 1, 1]  # per seat: the characteristic the Facts view shows (symbol colour)
        self.people = len(session.humans())
        self.snap = None  # public board before a resolving move
        self.reveal_at = -1000000  # when the last move's reveal began
        self.reveal = None  # (from cells, movements, to cells, owner before, owner after)
        self.summary = None  # challenge number whose scoring is shown
        self.shown = [0, 0, 0]  # the scores table's numbers, kept to draw without allocating
        self.totals = [0, 0, 0]
        self.new = [0, 0, 0]
        self.table_of = None  # what they were counted for (look: history and moves; summary: -1 - k)

    def has_secrets(self, seat):
        """A chooser's movement must stay hidden from the next chooser."""
        return not self.state.is_terminal()

    # Choosing --------------------------------------------------------------------
    def begin_turn(self, seat, now):
        self.mode = BOARD
        self.aim(seat)

    def hint_target(self, seat, now):
        """The Region the King would move to, ringed (on the board view)."""
        if self.mode != BOARD:
            return None
        x, y = HEX_XY[self.target(seat)]
        return x, y, 2, 2, False

    def target(self, seat):
        st = self.state
        return T.dest(st.pos[seat], self.cursor[seat])

    def aim(self, seat):
        """Put the look pointer on the target's Region."""
        self.point[seat] = self.state.layout[self.target(seat)]

    def move(self, b, seat, now):
        if self.mode == FACTS:
            if b in (B.LEFT, B.RIGHT):
                step = 1 if b == B.RIGHT else len(FACT_LETTERS) - 1
                self.fact[seat] = (self.fact[seat] + step) % len(FACT_LETTERS)
                self.beep(sounds.CLICK)
            return None
        if self.mode == BOARD:
            old = self.cursor[seat]
            self.cursor[seat] = move_cursor(old, b)
            self.aim(seat)
            changed = self.cursor[seat] != old
        else:
            st = self.state
            old = self.point[seat]
            k = step_index(b)
            if self.mode == MAP:
                self.point[seat] = MAP_STEP[old * 4 + k]
            else:
                self.point[seat] = st.layout[BOARD_STEP[st.cell_of[old] * 4 + k]]
            changed = self.point[seat] != old
        if changed:
            self.beep(sounds.CLICK)
        return None

    def back(self, seat, now):
        """B goes round the views."""
        self.mode = (self.mode + 1) % VIEWS
        self.beep(sounds.CLICK)

    def act(self, seat, now):
        if self.mode != BOARD:
            # Moves are made on the board, where the target blinks.
            self.mode = BOARD
            self.beep(sounds.CLICK)
            return None
        return self.cursor[seat]

    # Showing what happened ---------------------------------------------------------
    def before_action(self, seat, action):
        st = self.state
        if st.choosers_left() == [seat]:
            # This choice completes the move: keep the public board.
            self.snap = (bytes(st.layout), bytes(st.owner), bytes(st.pos), len(st.history))
        else:
            self.snap = None

    def after_action(self, seat, action, now):
        self.mode = BOARD
        if self.snap is None:
            return
        st = self.state
        layout, owner0, pos0, h0 = self.snap
        ended = len(st.history) > h0
        owner1 = st.history[-1][0] if ended else bytes(st.owner)
        dirs = bytes(st.last_dir)
        to = bytearray(3)
        for s in range(3):
            to[s] = T.OFF if pos0[s] == T.OFF else T.dest(pos0[s], dirs[s])
        self.reveal = (layout, owner0, pos0, dirs, bytes(to), owner1)
        self.reveal_at = now
        self.show_summary(h0 if ended else None, now, REVEAL_MS + MOVE_MS)

    def cue(self, seat, action):
        """A choice that completes the move: SCORE if it ended a challenge,
        LAY if a King took a Region (a Seal laid), else MOVE; a choice the
        others still wait on: MOVE (it tells nothing of which)."""
        if self.snap is None or self.reveal is None:
            return sounds.MOVE
        layout, owner0, pos0, dirs, to, owner1 = self.reveal
        if len(self.state.history) > self.snap[3]:
            return sounds.SCORE
        for s in range(3):
            if count(owner1, s) > count(owner0, s):
                return sounds.LAY
        return sounds.MOVE

    def resume(self, now):
        """Back from a save before anyone chose in a new challenge (or at the
        end): the last challenge's scoring again, as after its last move."""
        st = self.state
        fresh = st.moves == 0 and all(p == T.NONE for p in st.pending)
        if st.history and (st.is_terminal() or fresh):
            self.show_summary(len(st.history) - 1, now, 0)

    def show_summary(self, k, at, moves):
        """From `at`: the move shown for `moves` ms, then challenge k's
        summary (None: none)."""
        self.summary = k
        show = self.show
        show.start(at)
        show.add(moves)
        if k is not None:
            show.add(AUTO_PAGE_MS)
            show.add(HOLD if self.people else AUTO_PAGE_MS)

    def busy(self, now):
        if self.summary is not None and self.show.index(now) > SCORES:
            self.summary = None  # seen (A, or its time without people)
        return self.show.busy(now)

    def skip(self, now):
        if self.show.skip(now) == KINGDOMS:
            self.beep(sounds.SCORE)  # on to the scores

    # Drawing -------------------------------------------------------------------------
    def draw(self, d, now, viewer):
        t = now - self.reveal_at
        shown = self.show.at(now)
        if self.reveal is not None and shown == MOVES:
            self.draw_reveal(d, now, t)
            return
        if self.summary is not None and (shown == KINGDOMS or shown == SCORES):
            if shown == KINGDOMS:
                self.draw_kingdoms(d, now, self.summary)
                if self.people and gfx.blink(now, 900, 60):
                    d.pixel(15, 15, palette.GOOD)  # the Map leaves no room for an A
            else:
                self.draw_scores(d, now, self.summary)
                if self.people:
                    draw_a_hint(d, now)  # waits for A, as the menu's lines do
            return
        st = self.state
        choosing = viewer is not None and viewer == st.current_player()
        if choosing and self.mode == FACTS:
            self.draw_facts_view(d, now, viewer)
        elif choosing and self.mode == MAP:
            self.draw_map_view(d, now, viewer)
        elif choosing and self.mode == REGION:
            self.draw_region_view(d, now, viewer)
        else:
            self.draw_board(d, now, viewer, choosing)

    def draw_board(self, d, now, viewer, choosing):
        st = self.state
        self.draw_hexes(d, st.layout, st.owner)
        target = None
        if choosing:
            target = self.target(viewer)
            if self.flashing(now):
                draw_hex(d, target, palette.BAD)
            elif gfx.blink(now, 500, 50):
                draw_hex(d, target, palette.WHITE)
        elif viewer is not None and viewer >= 0 and st.pending[viewer] < T.NUM_ACTIONS \
                and st.pos[viewer] != T.OFF:
            # The person's own movement, locked in, while the others choose.
            c = T.dest(st.pos[viewer], st.pending[viewer])
            if gfx.blink(now, 1000, 30):
                draw_hex(d, c, palette.scale(palette.WHITE, 40))
        self.draw_kings(d, now, st.pos, viewer if choosing else None)
        self.draw_status(d, now, viewer)

    def draw_hexes(self, d, layout, owner):
        """Every hex in its colour; a face-down Region as a green checker
        (top-left and bottom-right lit), so that it is told from the dim
        red and yellow of face-up Regions by its shape too."""
        for c in range(T.CELLS):
            x, y = HEX_XY[c]
            col = region_colour(layout, owner, c)
            if col == GREEN:
                d.pixel(x, y, GREEN)
                d.pixel(x + 1, y + 1, GREEN)
            else:
                d.rect(x, y, 2, 2, col)

    def draw_kings(self, d, now, pos, mine=None):
        """Every King on his hex at once, never over all of the Region
        (draw_kings_on); `mine`, alone on his hex, blinks his hair (his body
        stays) while it is his turn."""
        kings = self.state.kings
        for first in range(3):
            c = pos[first]
            if c >= T.CELLS:
                continue  # off the board
            if (first > 0 and pos[0] == c) or (first > 1 and pos[1] == c):
                continue  # drawn with the first seat on this hex
            draw_kings_on(d, c, pos, kings, mine, now)

    def draw_status(self, d, now, viewer, owner=None, quiet=None):
        st = self.state
        if owner is None:
            owner = st.owner
            quiet = st.quiet
        if viewer is not None and viewer >= 0:
            draw_figure(d, 0, 0, st.kings[viewer])
        # Challenge dots and moves without a conquest, top right.
        k = st.challenge()
        for i in range(st.challenges):
            d.pixel(13 + i, 0, palette.TEXT if i <= k else palette.FAINT)
        for i in range(quiet):
            d.pixel(13 + i, 1, QUIET_COL)
        # Each seat's Seals: lit = on the Map.
        for s in range(3):
            draw_pips(d, 4 * s, 14, count(owner, s), T.SEALS, COL[st.kings[s]])

    def draw_facts_view(self, d, now, viewer):
        """Every face-up Region's characteristic self.fact[viewer] in its hex
        (draw_fact); face-down Regions and the Mind as on the board, no
        Kings; bottom right its letter, bottom row one dot per
        characteristic, the shown one lit."""
        st = self.state
        k = self.fact[viewer]
        for c in range(T.CELLS):
            x, y = HEX_XY[c]
            col = region_colour(st.layout, st.owner, c)
            if col == GREEN:
                d.pixel(x, y, GREEN)
                d.pixel(x + 1, y + 1, GREEN)
            elif c == T.MIND:
                d.rect(x, y, 2, 2, col)
            else:
                draw_fact(d, x, y, T.REGIONS[st.layout[c]], k)
        draw_figure(d, 0, 0, st.kings[viewer])
        # Bottom right: the letter touches no hex there but at a corner.
        gfx.text(d, 13, 11, FACT_LETTERS[k], palette.WHITE)
        for i in range(len(FACT_LETTERS)):
            d.pixel(2 + 2 * i, 15, palette.WHITE if i == k else palette.FAINT)

    def draw_map_view(self, d, now, viewer):
        """The Map, the pointed place blinking; the compass when the pointer
        is on the target."""
        st = self.state
        look = self.point[viewer]
        draw_map(d, st.owner, st.kings, now, look)
        if look == st.layout[self.target(viewer)]:
            draw_compass(d, 13, 0, self.cursor[viewer], palette.WHITE)
        draw_figure(d, 0, 0, st.kings[viewer])

    def draw_region_view(self, d, now, viewer):
        """The pointed Region in detail, where it lies on the miniature
        board, and the compass (bottom left) when it is the target."""
        st = self.state
        look = self.point[viewer]
        draw_region(d, look, st.owner[look], st.kings)
        draw_mini(d, st.layout, st.owner, st.cell_of[look], now)
        if look == st.layout[self.target(viewer)]:
            draw_compass(d, 1, 12, self.cursor[viewer], palette.WHITE)

    def draw_reveal(self, d, now, t):
        """All the Heads at once: every King's target in his colour while
        the Kings stand where they were; then the Kings on their new
        Regions, conquered ones flashing in the conqueror's colour."""
        layout, owner0, pos0, dirs, to, owner1 = self.reveal
        st = self.state
        if gfx.before(now, now - t + REVEAL_MS):
            self.draw_hexes(d, layout, owner0)
            for c in range(T.CELLS):
                here = [s for s in range(3) if to[s] == c]
                if here:
                    s = here[gfx.steps(now, 300) % len(here)]
                    draw_hex(d, c, COL[st.kings[s]])
            self.draw_kings(d, now, pos0)
            self.draw_status(d, now, None, owner0, 0)
            return
        self.draw_hexes(d, layout, owner1)
        self.draw_kings(d, now, to)
        # Over the Kings standing there, so a contest's winner shows.
        for c in range(T.CELLS):
            if c == T.MIND:
                continue
            r = layout[c]
            if owner1[r] != T.NONE and owner0[r] == T.NONE and gfx.blink(now, 300, 50):
                draw_hex(d, c, COL[st.kings[owner1[r]]])
        self.draw_status(d, now, None, owner1, 0)

    def draw_kingdoms(self, d, now, k):
        """The finished challenge's Map with only the Kingdoms' Seals."""
        st = self.state
        owner = st.history[k][0]
        keep = []
        for s in range(3):
            for w in T.kingdom_list(owner, s):
                keep.extend(T.KINGDOMS[w])
        draw_map(d, owner, st.kings, now, only=keep)
        for i in range(st.challenges):
            d.pixel(13 + i, 0, palette.TEXT if i <= k else palette.FAINT)

    def draw_scores(self, d, now, k):
        """The scores table (draw_table) for finished challenge k: its
        scores and the Tóncc points so far, the ones it gave blinking."""
        if self.table_of != -1 - k:
            # Counted once, not every frame (the engine's sums make lists).
            st = self.state
            scores = st.challenge_scores(k)
            got = st.challenge_toncc(k)
            for s in range(3):
                kp, kg = scores[s]
                self.shown[s] = kp + kg
                self.totals[s] = got[s]
                self.new[s] = got[s]
            for j in range(k):
                pts = st.challenge_toncc(j)
                for s in range(3):
                    self.totals[s] += pts[s]
            self.table_of = -1 - k
        draw_table(d, now, self.state.kings, self.shown, self.totals, self.new)

    def look(self, d, now, viewer):
        """Hold A: the scores table (draw_table) of the challenge in play and
        the Tóncc points of the finished ones."""
        st = self.state
        key = len(st.history) * 1000 + st.moves  # a move is what changes them
        if self.table_of != key:
            run = st.running_scores()
            tot = st.toncc_totals()
            for s in range(3):
                self.shown[s] = run[s]
                self.totals[s] = tot[s]
                self.new[s] = 0
            self.table_of = key
        draw_table(d, now, st.kings, self.shown, self.totals, self.new)

    def seat_colour(self, seat):
        return COL[self.state.kings[seat]]

    def seat_name(self, seat):
        """The end screen names a seat with his King ("P3 BLUE WINS"), since
        the results are drawn in the Kings' colours."""
        return palette.PLAYER_NAMES[seat] + " " + T.COLOUR_NAMES[self.state.kings[seat]]

    def end_note(self):
        """Why the winner won a tie for the most Tóncc points (003: "in case
        of a tie, the weaker king wins"), naming the King they tied with."""
        st = self.state
        tot = st.toncc_totals()
        top = [s for s in range(3) if tot[s] == max(tot)]
        if len(top) != 2:
            return None
        other = top[0] if top[1] in st.winners() else top[1]
        return "TIE WITH %s: WEAKER KING WINS" % self.seat_name(other)

    def result_lines(self):
        st = self.state
        tot = st.toncc_totals()
        return [(str(tot[s]), COL[st.kings[s]]) for s in range(3)]

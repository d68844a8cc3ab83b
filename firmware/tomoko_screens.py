"""Tomoko on 16x16 LEDs.

Layout: the 5x5 board with 2x2 LEDs per hollow at x,y 1-10; the gutter around
it (x or y = 0 and 11) glows in the colour of the seat to move and carries
the entry cursor; the viewer's cards (3x3 LEDs each) on the right at x 13-15;
one row per seat at the bottom (y 13-15, 12-15 for four; in teams partners'
rows side by side): a dash (or a solid bar) in the seat's colour for the
cards laid, a dim dot for each card still needed, a mark at x 11 for the
seat to move.

Controls: the D-pad moves the cursor around the gutter (along a side, round
the corners; the arrow across the board jumps to the other end of the same
line), B switches the ball colour, A pushes. Hold A to look at every seat's
progress (and every card, with open cards); hold B for the pause menu.
"""

from hal import buttons as B
from engines_core import tomoko as T
from firmware.game_ui import GameUI, JOINED, FIRM
from firmware import font, gfx, palette, sounds

BALL = (0, 0x2440FF, 0xFFD890)  # empty, dark, light
HOLLOW = 0x0C0C0C
PUSH_MS = 260
LAY_MS = 1500
END_MS = 3000  # the notice of an end by the move cap or by no cards left
END_PAUSE_MS = 700  # the last board stays this long before that notice
# The seats' colours glow round the board the balls are on (see palette).
TELL_APART = (("balls and seats", (BALL[T.DARK], BALL[T.LIGHT]) + palette.PLAYERS),)
NEEDED = 15  # brightness (%) of a pip still needed, in the seat's colour
# Why a game ended with no one at the target (end_reason), in two lines.
END_WORDS = {"cap": (str(T.MOVE_CAP), "PUSHES"), "cards": ("NO", "CARDS")}
ORDINALS = ("", "1ST", "2ND", "3RD", "4TH")
# The look's bottom row with three or four seats: the bag, then the target
# (no room for both below two rows of scores).
BOTTOM_ROW_MS = 3000
BAG_ROW_MS = 2000
# With open cards and four seats (no room for the bag below the cards): the
# cards, then the numbers.
OPEN_LOOK_MS = 5000
OPEN_CARDS_MS = 3000

# What shows after a push (GameUI.show's segments): the push, the cards
# laid one by one, a pause on the last board and, when the game ended with
# no one at the target, the notice of why (A does not hurry it).
PUSH = 0
LAYS = 1
END_PAUSE = 2
END_NOTICE = 3

# The gutter's entries, clockwise: N0..N4, E0..E4, S4..S0, W4..W0.
RING = tuple([T.entry_at(T.TOP, k) for k in range(5)] + [T.entry_at(T.RIGHT, k) for k in range(5)]
             + [T.entry_at(T.BOTTOM, k) for k in range(4, -1, -1)]
             + [T.entry_at(T.LEFT, k) for k in range(4, -1, -1)])


# Tables, not arithmetic, for what a frame asks many times: a function that
# built these tuples would make garbage every frame (issue 29: no allocation
# in the steady state, so no collection pauses a frame).
_CELL_XY = tuple((1 + 2 * (i % 5), 1 + 2 * (i // 5)) for i in range(T.CELLS))


def cell_xy(i):
    """Top-left LED of hollow i (2x2 LEDs per hollow)."""
    return _CELL_XY[i]


def _entry_pixels(e):
    side, k = T.side_of(e), T.line_of(e)
    p = 1 + 2 * k
    if side == 0:
        return ((p, 0), (p + 1, 0))
    if side == 1:
        return ((11, p), (11, p + 1))
    if side == 2:
        return ((p, 11), (p + 1, 11))
    return ((0, p), (0, p + 1))


_ENTRY_PIXELS = tuple(_entry_pixels(e) for e in range(len(T.LINES)))


def entry_pixels(e):
    """The two gutter LEDs in front of entry e."""
    return _ENTRY_PIXELS[e]


def move_cursor(e, button):
    """The entry the cursor goes to from `e` when `button` is pressed."""
    side, k = T.side_of(e), T.line_of(e)
    along = {0: (B.LEFT, B.RIGHT), 1: (B.UP, B.DOWN), 2: (B.LEFT, B.RIGHT), 3: (B.UP, B.DOWN)}[side]
    if button in along:
        # Along the side; past the end, round the corner (clockwise order).
        forward = button == along[1]
        if side in (2, 3):
            forward = not forward  # the ring runs right-to-left / upwards there
        i = RING.index(e)
        return RING[(i + (1 if forward else -1)) % 20]
    # Across the board: the other end of the same line.
    return T.entry_at((side + 2) % 4, k)


class UI(GameUI):
    REFUSALS = (("undo", "NO UNDO"), ("balls left", "NONE LEFT"))
    HINT = "A: PUSH, B: COLOUR"

    def __init__(self, session):
        GameUI.__init__(self, session)
        self.cursor = T.entry_at(T.LEFT, 2)  # W3: the middle of the left side
        self.colour = T.DARK
        self.before = None
        self.lays = []
        self.shown_action = None
        self.mover = None  # the seat whose push is being shown
        self.end_why = None  # "cap" or "cards": a game ended without a winner's target
        # Cards laid as a quick start is dealt (before any push): shown from
        # the first moment the screen is asked about, see start_lays().
        self.start_pending = self.state.moves == 0 and bool(self.state.lays)

    def has_secrets(self, seat):
        """Hands are secret, except with open cards, and in teams when every
        person at the device plays for the same team (partners share cards)."""
        return not self.state.open and self.team_of_people() is None

    def team_of_people(self):
        """In teams, the team (hand) every person plays for, if they all play
        for one; None otherwise."""
        st = self.state
        if not st.teams:
            return None
        owners = [st.owner_of(s) for s in self.session.humans()]
        if owners and all(o == owners[0] for o in owners):
            return owners[0]
        return None

    # Choosing --------------------------------------------------------------------
    def begin_turn(self, seat, now):
        if not self.state.bag[self.colour]:
            self.colour = T.LIGHT if self.colour == T.DARK else T.DARK

    def move(self, b, seat, now):
        self.cursor = move_cursor(self.cursor, b)

    def back(self, seat, now):
        """B switches the ball colour (a used-up one is refused: the cursor
        flashes red and that colour)."""
        other = T.LIGHT if self.colour == T.DARK else T.DARK
        if self.state.bag[other]:
            self.colour = other
            self.beep(sounds.CLICK)
        else:
            self.illegal("no %s balls left" % ("dark" if other == T.DARK else "light"), now, other)

    def act(self, seat, now):
        return T.action_of(self.colour, self.cursor)

    def hint_target(self, seat, now):
        """The line the ball would roll along: its unlit LEDs glow."""
        line = T.LINES[self.cursor]
        x0, y0 = cell_xy(line[0])
        x1, y1 = cell_xy(line[-1])
        return min(x0, x1), min(y0, y1), abs(x1 - x0) + 2, abs(y1 - y0) + 2, True

    # Showing what happened ---------------------------------------------------------
    def before_action(self, seat, action):
        self.before = bytes(self.state.board)

    def after_action(self, seat, action, now):
        self.start_pending = False
        self.mover = seat
        self.shown_action = action
        self.lays = list(self.state.lays)
        self.end_why = end_reason(self.state)
        show = self.show
        show.start(now)
        show.add(PUSH_MS)
        show.add(LAY_MS * len(self.lays), JOINED)
        if self.end_why is not None:
            show.add(END_PAUSE_MS, JOINED)
            show.add(END_MS, FIRM)

    def cue(self, seat, action):
        return sounds.LAY if self.lays else sounds.MOVE

    def start_lays(self, now):
        """Begin showing the cards laid as the game was dealt."""
        if self.start_pending:
            self.start_pending = False
            self.lays = list(self.state.lays)
            self.show.start(now)
            self.show.add(0)  # no push
            self.show.add(LAY_MS * len(self.lays))

    def busy(self, now):
        self.start_lays(now)
        return self.show.busy(now)

    # Drawing -------------------------------------------------------------------------
    def draw(self, d, now, viewer):
        st = self.state
        self.start_lays(now)
        shown = self.show.at(now)
        if self.end_why is not None and shown >= END_NOTICE:
            self.draw_end_notice(d, now - self.show.start_of(END_NOTICE))
            return
        pushing = shown == PUSH
        turn = st.current_player()
        lay = self.current_lay(now)
        # The gutter glows for the seat to move (or, while a card is shown
        # being laid, for the seat laying it).
        ring_seat = self.layer(lay[0]) if lay is not None else turn
        ring = palette.scale(palette.PLAYERS[ring_seat], 22) if ring_seat >= 0 else palette.FAINT
        gfx.frame(d, 0, 0, 12, 12, ring)
        if pushing and self.before is not None:
            self.draw_push(d, now)
        else:
            self.draw_board(d, st.board, lay)
        if lay is not None:
            owner, card, w, rot = lay
            seat = self.layer(owner)
            r0, c0 = T.WINDOWS[w]
            c = palette.PLAYERS[seat] if gfx.blink(now, 300) else palette.scale(palette.PLAYERS[seat], 40)
            gfx.frame(d, 2 * c0, 2 * r0, 8, 8, c)
        elif self.shown_action is not None and st.last_action is not None:
            # The last push, so everyone sees what just happened.
            for x, y in entry_pixels(T.entry_of(st.last_action)):
                d.pixel(x, y, palette.scale(BALL[T.colour_of(st.last_action)], 35))
        if viewer is not None and viewer == turn and lay is None and not pushing:
            self.draw_cursor(d, now)
        self.draw_cards(d, now, viewer)
        self.draw_scores(d, now, lay)

    def draw_end_notice(self, d, t):
        """Why the game ended with no one at the target: "END 400 PUSHES"
        (the move cap) or "END NO CARDS" (no card can be laid any more)."""
        first, second = END_WORDS[self.end_why]
        gfx.text_center(d, 0, "END", palette.TEXT)
        gfx.text_center(d, 6, first, palette.ACCENT)
        gfx.marquee(d, 11, second, palette.TEXT, t)

    def layer(self, owner):
        """The seat shown laying a card of `owner`'s: in teams, the mover if
        the card is his team's, else the first seat of that team."""
        seats = self.state.seats_of(owner)
        return self.mover if self.mover in seats else seats[0]

    def current_lay(self, now):
        """The card being shown laid at `now`, or None (none yet, or all
        shown: then the time changes nothing more, and gfx is not asked)."""
        if self.show.at(now) != LAYS:
            return None
        i = gfx.steps(now, LAY_MS, self.show.clock(LAYS))
        return self.lays[i] if i < len(self.lays) else None

    def draw_board(self, d, board, lay=None):
        window = T.WINDOW_CELLS[lay[2]] if lay is not None else None
        for i in range(T.CELLS):
            x, y = cell_xy(i)
            v = board[i]
            c = BALL[v] if v else HOLLOW
            if window is not None and i not in window:
                c = palette.scale(c, 25)
            if v:
                d.rect(x, y, 2, 2, c)
            else:
                d.pixel(x, y, c)

    def draw_push(self, d, now):
        """Half a step: the new ball and the run it pushes are one LED inward."""
        a = self.shown_action
        e = T.entry_of(a)
        line = T.LINES[e]
        before = self.before
        moving = []
        for i in line:
            if not before[i]:
                break
            moving.append(i)
        board = bytearray(before)
        for i in moving:
            board[i] = 0
        self.draw_board(d, board)
        dx, dy = ((0, 1), (-1, 0), (0, -1), (1, 0))[T.side_of(e)]
        x, y = cell_xy(line[0])
        d.rect(x - dx, y - dy, 2, 2, BALL[T.colour_of(a)])
        for i in moving:
            x, y = cell_xy(i)
            d.rect(x + dx, y + dy, 2, 2, BALL[before[i]])

    def draw_cursor(self, d, now):
        e = self.cursor
        if gfx.before(now, self.flash_until) and self.flash_what is not None:
            # A colour that is used up: the cursor flashes red and that colour.
            c = palette.BAD if gfx.blink(now, 200) else BALL[self.flash_what]
        elif self.flashing(now):
            for i in T.LINES[e]:
                x, y = cell_xy(i)
                d.rect(x, y, 2, 2, palette.BAD)
            c = palette.BAD
        else:
            c = BALL[self.colour] if gfx.blink(now, 500, 70) else palette.scale(BALL[self.colour], 30)
        for x, y in entry_pixels(e):
            d.pixel(x, y, c)

    def draw_cards(self, d, now, viewer):
        st = self.state
        who = viewer
        if who is None and st.open:
            who = st.current_player()
        if who is None and self.team_of_people() is not None:
            who = self.session.humans()[0]
        if who is None or who < 0:
            # Hidden hands: show how many cards, face down.
            seat = st.current_player()
            n = len(st.hands[st.owner_of(seat)]) if seat >= 0 else 0
            for k in range(n):
                d.rect(13, 4 * k, 3, 3, palette.FAINT)
            return
        hand = st.hands[st.owner_of(who)]
        for k in range(len(hand)):
            draw_card(d, 13, 4 * k, hand[k])
        # Whose cards these are: a coloured mark beside them; in teams, the
        # partner's colour below it (the team's cards are shared).
        d.pixel(12, 1, palette.scale(palette.PLAYERS[who], 60))
        if st.teams:
            d.pixel(12, 2, palette.scale(palette.PLAYERS[(who + 2) % 4], 60))

    def draw_scores(self, d, now, lay):
        st = self.state
        turn = st.current_player()
        flashing = lay[0] if lay is not None else -1  # the owner laying a card
        target = st.target
        w = max(1, 10 // target)
        top = 12 if st.num_players == 4 else 13
        # A card laid is a dash (a solid bar when dashes would be one LED),
        # a card still needed one dim dot, so that the two differ in shape,
        # not only in brightness. With one LED a card (a target of 10) the
        # dots stand on every other LED back from the target's, never
        # touching the bar.
        laid = w if w < 3 else w - 1
        dot = 1 if w == 2 else 0  # where in its w LEDs a dot stands: apart
        rows = score_rows(st)
        for row in range(len(rows)):
            s = rows[row]
            y = top + row
            c = palette.PLAYERS[s]
            score = st.laid_count(s)
            n = min(score, target)
            needed = palette.scale(c, NEEDED)
            for i in range(target):
                if i < n:
                    d.rect(i * w, y, laid, 1, c)
                elif w > 1 or ((target - 1 - i) % 2 == 0 and (i > n or n == 0)):
                    d.pixel(i * w + dot, y, needed)
            if 0 < score <= target and st.owner_of(s) == flashing and not gfx.blink(now, 300):
                d.rect((n - 1) * w, y, laid, 1, palette.WHITE)
            if s == turn:
                d.pixel(11, y, c if gfx.blink(now, 800, 70) else palette.scale(c, 40))

    def end_note(self):
        st = self.state
        words = []
        if st.played_on():  # every place taken after the first, in order
            last = st.next_place()  # the place just played for, by the enders
            for place in range(2, last + 1):
                if place == last:
                    seats = st.enders()
                else:
                    seats = [s for s in range(st.num_players) if st.places[s] == place]
                if seats:
                    words.extend(self.seat_name(s) for s in seats)
                    words.append(ORDINALS[min(place, len(ORDINALS) - 1)])
        why = end_reason(st)
        if why:
            words.extend(END_WORDS[why])
        return " ".join(words) if words else None

    def look(self, d, now, viewer):
        """Hold A: every seat's score, the target and the balls left in the
        bag; with open cards, every seat's cards (and the bag below them, or,
        with four seats, the numbers in turn with the cards)."""
        st = self.state
        n = st.num_players
        if st.open and not (n == 4 and not gfx.within(now, OPEN_LOOK_MS, OPEN_CARDS_MS)):
            for s in range(n):
                y = 4 * s
                for k, card in enumerate(st.hands[s]):
                    draw_card(d, 4 * k, y, card)
                d.rect(13, y, 3, 3, palette.scale(palette.PLAYERS[s], 25))
                d.pixel(14, y + 1, palette.PLAYERS[s])
            if n < 4:
                self.draw_bag(d, 11)
            return
        scores = st.scores()
        for s in range(n):
            x = 0 if s % 2 == 0 else 8
            y = 0 if s < 2 else 6
            gfx.text(d, x, y, str(scores[s]), palette.PLAYERS[s])
        if n == 2:
            self.draw_target(d, 6)
            self.draw_bag(d, 11)
        elif gfx.within(now, BOTTOM_ROW_MS, BAG_ROW_MS):
            self.draw_bag(d, 11)
        else:
            self.draw_target(d, 11)

    def draw_target(self, d, y):
        gfx.text(d, 0, y, "TO", palette.DIM)
        gfx.text(d, 9, y, str(self.state.target), palette.TEXT)

    def draw_bag(self, d, y):
        """The balls left in the bag as two numbers in the balls' colours:
        dark on the left, light on the right (2 LEDs apart at 15 and 15)."""
        bag = self.state.bag
        gfx.text(d, 0, y, str(bag[T.DARK]), BALL[T.DARK])
        light = str(bag[T.LIGHT])
        gfx.text(d, 16 - font.width(light), y, light, BALL[T.LIGHT])


def end_reason(st):
    """Why a finished game (or round of playing on) ended when no one reached
    the target: "cap" (the move cap) or "cards" (no card can be laid); None
    otherwise."""
    if not st.is_terminal() or any(st.laid_count(s) >= st.target for s in st.enders()):
        return None
    return "cap" if st.moves >= T.MOVE_CAP else "cards"


def score_rows(st):
    """The seats in the order of their pip rows: partners side by side in teams."""
    return _TEAM_ROWS if st.teams else _SEAT_ROWS[st.num_players]


_TEAM_ROWS = (0, 2, 1, 3)
_SEAT_ROWS = tuple(tuple(range(n)) for n in range(5))


def draw_card(d, x, y, card):
    mask = T.CARDS[card]
    for i in range(9):
        d.pixel(x + i % 3, y + i // 3, BALL[T.DARK] if mask >> i & 1 else BALL[T.LIGHT])

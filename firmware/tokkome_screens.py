"""Tokkome on 16x16 LEDs.

Layout (rows 0-4): the Tokkome on the arena (a card at x 0-4: its sides in
dark wood, its top card as a digit in the value's colour), beside it at x 5
the Tokkome pile as one coloured dot per card (oldest at the bottom; of a
pile of more than five, the newest four under a white dot), the maki pile's
top card (grey sides, x 6-10), a gold dot per set the player at the bottom
has laid (x 11), and the number of cards left to draw (grey digit at x
13-15). Rows 5-7: a row for each other seat, in turn order: a dot in its
colour (blinking on its turn), a dim pip per card in its hand (every fifth
at full colour, like tally marks; last, after a dark LED and in their
values' colours, the cards everyone saw it take from the Tokkome and not
play) and a gold dot per set from the right. Row 8: the cursor. Rows 9-15:
the hand, one bar per card, sorted: a card of value v is a bar v LEDs high
in v's colour (1 red, 2 orange, 3 yellow, 4 green, 5 cyan, 6 blue, 7
violet); neighbouring cards of one value alternate bright and dim so they
can be counted.

Controls (see docs/rules/tokkome.md): Left/Right pick a card, A plays it on
the pile it fits alone. A run of three, or a card that fits several ways
(either pile, alone or in a run), is shown first: the cards marked, the pile
lit white with the cards going on it one by one; Left/Right change the
choice, A plays it, B goes back. Up looks through the piles: the bars then show the Tokkome (or, with
Right, the maki pile) card by card, and A there takes the Tokkome. After a
take: A on a card of a three-of-a-kind lays the set, B lays none; then A puts
the chosen card on the arena (a take that drew the last card says LAST / END
in red). Hold A: every seat's hand size and sets as numbers and dots, then
the piles' sizes and every card of the Tokkome (two pages in turn).
"""

from hal import buttons as B
from engines_core import tokkome as T
from firmware.game_ui import COMPUTER_PAUSE_MS, GameUI
from firmware import font, gfx, palette, sounds

# Value colours 1-7: a rainbow, so colour and bar height tell the same story.
VALUE = (0, 0xFF1800, 0xFF7000, 0xFFD800, 0x20E020, 0x00B8FF, 0x2038FF, 0xB030FF)
# Every other card of one value is dimmed to this percentage, so a run of
# equal bars can be counted. Blue gives the eye the least light: at the
# others' 55% its dim bars all but vanish on the LEDs.
TWIN_PCT = (0, 55, 55, 55, 55, 55, 72, 55)
ARENA = 0x4A2E0C  # the arena card under the Tokkome (dark wood)
MAKI = 0x343434
GOLD = 0xFFC000
DRAW = 0x9A9A9A
BACK = 0x303848  # a card seen from behind
HELD = 0x505050  # the line under cards left in a hand at the end
TALLY_PCT = 30  # another seat's unseen cards: every fifth pip full, the rest this

# The value colours are not here: a bar's height and a pile's digit say the
# value too (docs/rules/tokkome.md). The gold of sets shares the seats' rows.
TELL_APART = (("seats and sets", palette.PLAYERS + (GOLD,)),)

HAND = 0
PILES = 1

ACT_MS = 650  # how long another seat's action is shown
OWN_MS = 250  # how long our own action is shown
PAGE_MS = 2600  # one seat's page of the final reveal
PREVIEW_STEP_MS = 500  # a chosen play's cards shown on its pile one by one
LOOK_PAGE_MS = 2400  # each page of the look (hold A): hands, then piles
LOOK_DIM_PCT = 35  # the look's number of the seat to move, blinking down to this
MAKI_TEXT = 0x8C8C8C  # the maki pile's size on the look (its sides' grey, lit)
# The look's quadrants (x, y of a number's box, 7 wide): two blank columns
# and three blank rows between the numbers.
QUAD = ((0, 0), (9, 0), (0, 9), (9, 9))
NUMS = tuple(str(i) for i in range(100))  # numbers drawn without a new string per frame


def number(n):
    return NUMS[n] if n < 100 else "99"


def draw_set_dots(d, x, y, n):
    """`n` laid sets as gold dots leftwards from (x, y), under a number
    drawn flush right, a dark LED between them (up to four; more stand side
    by side, up to seven)."""
    step = 2 if n <= 4 else 1
    for i in range(min(n, 7)):
        d.pixel(x - i * step, y, GOLD)


def cards_of(h):
    """The cards of a hand (counts per value) as a sorted list of values."""
    out = []
    for v in range(1, 8):
        for _ in range(h[v]):
            out.append(v)
    return out


def bar_width(n):
    """The width of a card's bar, n cards on 16 columns."""
    return 2 if n <= 8 else 1


def bars_x0(n):
    """The x of the first card shown, n cards on 16 columns."""
    used = n * bar_width(n)
    return (16 - used) // 2 if used < 16 else 0


def draw_digit_card(d, x, frame, value):
    """A card at x, rows 0-4: its sides in `frame`, the value digit between
    them (no digit if 0)."""
    d.rect(x, 0, 1, 5, frame)
    d.rect(x + 4, 0, 1, 5, frame)
    if value:
        gfx.text(d, x + 1, 0, NUMS[value], VALUE[value])


def draw_bars(d, values, first, lay=None):
    """Bars for `values`, bottom at row 15, the window of 16 columns starting
    at card `first` (bar_width, bars_x0); with `lay`, a state choosing a
    set, the cards it cannot lay are dim."""
    n = len(values)
    w = bar_width(n)
    x0 = bars_x0(n)
    shown = min(n - first, 16 // w)
    prev = 0
    alt = False
    for i in range(shown):
        v = values[first + i]
        alt = (not alt) if v == prev else False
        prev = v
        pct = TWIN_PCT[v] if alt else 100
        if lay is not None and not lay.can_lay(v):
            pct = pct * 25 // 100
        c = palette.scale(VALUE[v], pct)
        d.rect(x0 + i * w, 16 - v, w, v, c)
    if first > 0:
        d.pixel(0, 8, palette.DIM)
    if first + shown < n:
        d.pixel(15, 8, palette.DIM)


# What shows after an action (GameUI.show's segments): the action (an
# event, below), then at the end one page per seat.
ANIM = 0
FIRST_PAGE = 1

# An event (what the last action did, shown for a while) is a tuple read
# through these: when it began and ends (ms), whose it was, what it was
# ("play", "take", "set", "put"), the pile it went to and the card values.
EV_START = 0
EV_UNTIL = 1
EV_SEAT = 2
EV_KIND = 3
EV_PILE = 4
EV_VALUES = 5


class UI(GameUI):
    THINKING = None  # the hand fills the bottom rows; the mover's dot blinks
    HINT = "A: PLAY, UP: PILES"
    REFUSALS = (("neither pile", "+1 OR -1"), ("only the Tokkome", "ONLY THE TOKKOME"),
                ("put a card", "PUT A CARD"), ("need three", "NEED THREE"))

    def __init__(self, session):
        GameUI.__init__(self, session)
        self.zone = HAND
        self.cur = 0
        self.pile = T.TOKKOME
        self.options = None  # the choices for the picked card, cycled in turn
        self.opt = 0
        self.fresh = None  # counts of the cards a take just brought (own turn)
        self.events = []  # what happened last: an event tuple (EV_START...)
        self.before = None  # (tokkome, maki, hand counts, sets) before an action
        self.continuing = -1  # a seat in the middle of its take turn
        self.page = -1  # final reveal: seat shown (num_players: all shown), -1 before the end
        self.look_from = -1  # when the look (hold A) began, -1 while not looking
        self.cards = []  # hand_cards' last answer, for the hand counts in cards_key
        self.cards_seat = -1
        self.cards_key = bytearray(8)
        self.fresh_left = bytearray(8)  # draw_hand's count of fresh cards still to mark

    # Choosing ----------------------------------------------------------------
    def begin_turn(self, seat, now):
        st = self.state
        self.options = None
        self.flash_what = None
        n = T.hand_size(st.hands[seat])
        if st.phase == T.MAIN:
            self.zone = HAND
            if self.continuing != seat:
                self.fresh = None
        if self.cur >= n:
            self.cur = max(0, n - 1)
        if st.phase == T.LAY:
            # Start on the first card of a three-of-a-kind.
            cards = cards_of(st.hands[seat])
            for i in range(len(cards)):
                if st.can_lay(cards[i]):
                    self.cur = i
                    break

    def hint_target(self, seat, now):
        """The card under the cursor, ringed (in the hand)."""
        cards = self.hand_cards(seat)
        n = len(cards)
        if self.zone != HAND or not n:
            return None
        w = bar_width(n)
        x0 = bars_x0(n)
        cur = min(self.cur, n - 1)
        first = min(max(0, cur - 16 // w // 2), n - 16 // w) if n > 16 // w else 0
        v = cards[cur]
        return x0 + (cur - first) * w, 16 - v, w, v, False

    def hand_cards(self, seat):
        """The cards in `seat`'s hand, sorted: a new list when the hand
        changed, else the last one (a frame makes none)."""
        h = self.state.hands[seat]
        if seat != self.cards_seat or h != self.cards_key:
            self.cards = cards_of(h)
            self.cards_seat = seat
            for v in range(8):
                self.cards_key[v] = h[v]
        return self.cards

    def card_options(self, v):
        """Legal actions playing the card v: alone or in a run, either pile."""
        st = self.state
        out = []
        for p in (T.TOKKOME, T.MAKI):
            a = T.single(p, v)
            if st.why_illegal(a) is None:
                out.append(a)
            for down in (False, True):
                need = T.run_values(st.top(p), down)
                a = T.run(p, down)
                if need is not None and v in need and st.why_illegal(a) is None:
                    out.append(a)
        return out

    def move(self, b, seat, now):
        st = self.state
        if self.options is not None:
            k = 1 if b in (B.RIGHT, B.DOWN) else -1
            self.opt = (self.opt + k) % len(self.options)
            self.beep(sounds.CLICK)
        elif st.phase == T.MAIN and self.zone == PILES:
            if b in (B.LEFT, B.RIGHT):
                self.pile = T.MAKI if b == B.RIGHT else T.TOKKOME
            elif b == B.DOWN:
                self.zone = HAND
        elif b in (B.LEFT, B.RIGHT):
            n = len(self.hand_cards(seat))
            if n:
                self.cur = (self.cur + (1 if b == B.RIGHT else -1)) % n
        elif b == B.UP and st.phase == T.MAIN:
            self.zone = PILES
            self.pile = T.TOKKOME

    def back(self, seat, now):
        st = self.state
        if self.options is not None:
            self.options = None
        elif st.phase == T.MAIN and self.zone == PILES:
            self.zone = HAND
        elif st.phase == T.LAY:
            return T.NO_SET
        elif st.phase == T.PLACE:
            self.illegal("put a card on the arena", now, "arena")
        return None

    def act(self, seat, now):
        st = self.state
        if self.options is not None:
            a = self.options[self.opt]
            self.options = None
            return a
        if st.phase == T.MAIN and self.zone == PILES:
            if self.pile == T.TOKKOME:
                return T.TAKE
            self.illegal("only the Tokkome can be taken", now, "maki")
            return None
        cards = self.hand_cards(seat)
        n = len(cards)
        if not n:
            return None
        v = cards[min(self.cur, n - 1)]
        if st.phase == T.LAY:
            return T.lay_set(v)
        if st.phase == T.PLACE:
            return T.put(v)
        opts = self.card_options(v)
        if not opts:
            self.illegal("%d fits neither pile: one more or one less than the top" % v, now, "card")
            return None
        if len(opts) == 1 and T.is_single(opts[0]):
            return opts[0]
        # Several ways, or a run (three cards at once): shown first,
        # A plays it, B goes back to choosing.
        self.options = opts
        self.opt = 0
        self.beep(sounds.CLICK)
        return None

    def refused_what(self, reason):
        """The engine refused a set (choosing one) or else a card."""
        return "set" if self.state.phase == T.LAY else "card"

    # Showing what happened ---------------------------------------------------
    def before_action(self, seat, action):
        st = self.state
        self.before = (list(st.tokkome), list(st.maki), bytearray(st.hands[seat]))

    def after_action(self, seat, action, now):
        st = self.state
        tok, maki, hand = self.before
        own = self.session.is_human(seat)
        dur = OWN_MS if own else ACT_MS
        self.flash_what = None
        if T.plays_on_a_pile(action):
            p = T.pile_of(action)
            pile = tok if p == T.TOKKOME else maki  # as it was before the play
            vals = list(T.played_values(action, pile[-1] if pile else 0))
            self.event(now, dur + (300 if T.is_run(action) else 0), seat, "play", p, vals)
        elif action == T.TAKE:
            self.continuing = seat
            # What the take brought into the hand, for the person taking.
            h = st.hands[seat]
            self.fresh = bytearray(h[v] - hand[v] for v in range(8))
            if not own and st.phase == T.PLACE:
                # No set to choose: show the take as long as a computer's
                # "no set" would have taken, so the pace does not tell the
                # others whether it held a three of a kind.
                dur += COMPUTER_PAUSE_MS
            self.event(now, dur + 200, seat, "take", T.TOKKOME, tok)
        elif T.is_put(action):
            self.continuing = -1
            self.fresh = None
            self.event(now, dur, seat, "put", T.TOKKOME, [T.put_value(action)])
        elif T.is_set(action):
            v = T.set_value(action)
            self.event(now, dur + 200, seat, "set", 0, [v])
            if self.fresh is not None:
                self.fresh[v] = max(0, self.fresh[v] - 3)
        n = T.hand_size(st.hands[seat])
        if self.cur >= n:
            self.cur = max(0, n - 1)
        if st.is_terminal():
            self.continuing = -1
            self.start_reveal()

    def cue(self, seat, action):
        if T.plays_on_a_pile(action) or T.is_put(action):
            return sounds.LAY  # a card or a run played, a card put
        return sounds.SCORE if T.is_set(action) else sounds.MOVE  # a take, no set

    def start_reveal(self):
        """The final reveal, one seat's page after another, after what the
        Show has (the last action)."""
        self.page = 0
        for _ in range(self.state.num_players):
            self.show.add(PAGE_MS)

    def resume(self, now):
        if self.state.is_terminal():
            self.show.start(now)
            self.show.add(0)  # no action to show
            self.start_reveal()

    def mover_colour(self, seat):
        """What a pile's sides flash in when `seat` acts on it: its colour,
        or white for a person's own action (P1's red would read as the red
        of a refused choice)."""
        return palette.WHITE if self.session.is_human(seat) else palette.PLAYERS[seat]

    def event(self, now, dur, seat, kind, pile, values):
        self.events = [(now, now + dur, seat, kind, pile, values)]
        self.show.start(now)
        self.show.add(dur)

    def current_event(self, now):
        if self.events and self.show.at(now) == ANIM:
            return self.events[0]
        return None

    def _page_now(self, now):
        """The seat page of the final reveal shown now (num_players once
        all were shown; -1 before the end)."""
        if self.page >= 0:
            self.page = min(max(0, self.show.at(now) - FIRST_PAGE), self.state.num_players)
        return self.page

    def busy(self, now):
        self._page_now(now)
        return self.show.busy(now)

    # Drawing -------------------------------------------------------------------
    def draw(self, d, now, viewer):
        st = self.state
        self.look_from = -1
        if self.page >= 0 and self.show.at(now) >= FIRST_PAGE and \
                self._page_now(now) < st.num_players:
            self.draw_reveal(d, now, self.page)
            return
        turn = st.current_player()
        ev = self.current_event(now)
        mine = viewer is not None and viewer == turn and ev is None
        cards = self.hand_cards(viewer) if viewer is not None else ()
        browsing = mine and st.phase == T.MAIN and self.zone == PILES and self.options is None
        # The hand at the bottom: the viewer's, or the seat to move's backs.
        bottom = viewer if viewer is not None else (turn if turn >= 0 else 0)
        self.draw_top(d, now, viewer, ev, mine, cards, browsing, bottom)
        self.draw_seats(d, now, ev, bottom)
        if browsing:
            self.draw_pile_bars(d, now)
        elif viewer is None:
            self.draw_backs(d, bottom)
        else:
            self.draw_hand(d, now, viewer, cards, mine)

    def draw_top(self, d, now, viewer, ev, mine, cards, browsing, bottom):
        st = self.state
        flash = self.flashing(now)
        # The take drew the last card: this turn is the game's last, which
        # the words of the take say in red (the draw count is hidden then).
        last = mine and st.last_turn
        if mine and st.phase == T.LAY:
            k = gfx.steps(now, 1400) % (3 if last else 2)
            if k == 0:
                gfx.text(d, 0, 0, "SET?", GOLD)
            elif k == 1:
                gfx.text(d, 0, 0, "B=NO", palette.TEXT)
            else:
                gfx.text(d, 0, 0, "LAST", palette.BAD)
            return
        # The Tokkome on the arena (empty while a take is under way).
        tok = st.tokkome
        frame = ARENA
        top = tok[-1] if tok else 0
        if ev is not None and ev[EV_PILE] == T.TOKKOME and ev[EV_KIND] in ("play", "take", "put"):
            if gfx.blink(now, 240):
                frame = self.mover_colour(ev[EV_SEAT])
            if ev[EV_KIND] == "play":
                top = self.anim_value(now, ev)
            elif ev[EV_KIND] == "take":
                top = ev[EV_VALUES][-1] if ev[EV_VALUES] and gfx.blink(now, 240) else 0
        if mine and st.phase == T.PLACE:
            # The card about to go on the arena, blinking inside the frame.
            n = len(cards)
            if n:
                v = cards[min(self.cur, n - 1)]
                top = v if gfx.blink(now, 700, 65) else 0
            frame = ARENA if gfx.blink(now, 700, 65) else palette.scale(ARENA, 40)
            if flash:
                frame = palette.BAD
            draw_digit_card(d, 0, frame, top)
            if last and gfx.steps(now, 1400) % 2:
                gfx.text(d, 5, 0, "END", palette.BAD)
            else:
                gfx.text(d, 5, 0, "PUT", palette.TEXT)
            return
        if mine and st.phase == T.MAIN:
            chosen = self.chosen_pile()
            if browsing and self.pile == T.TOKKOME or chosen == T.TOKKOME:
                frame = palette.WHITE
            if chosen == T.TOKKOME:
                top = self.preview_value(now, top)
            if flash and self.flash_what in ("card", "maki"):
                frame = palette.BAD
        draw_digit_card(d, 0, frame, top)
        # The Tokkome pile, one dot per card, oldest at the bottom; of a
        # pile of more than five, the newest four under a white dot that
        # says there are more (hold A shows them all, and their number).
        k = len(tok)
        m = k if k <= 5 else 4
        for i in range(m):
            d.pixel(5, 4 - i, VALUE[tok[k - m + i]])
        if k > 5:
            d.pixel(5, 0, palette.WHITE)
        # The maki pile.
        frame = MAKI
        top = st.maki[-1]
        if ev is not None and ev[EV_PILE] == T.MAKI and ev[EV_KIND] == "play":
            if gfx.blink(now, 240):
                frame = self.mover_colour(ev[EV_SEAT])
            top = self.anim_value(now, ev)
        if mine and st.phase == T.MAIN:
            if browsing and self.pile == T.MAKI or self.chosen_pile() == T.MAKI:
                frame = palette.WHITE
            if self.chosen_pile() == T.MAKI:
                top = self.preview_value(now, top)
            if flash and self.flash_what in ("card", "maki"):
                frame = palette.BAD
        draw_digit_card(d, 6, frame, top)
        # The bottom seat's own sets: gold dots up the column between the
        # maki pile and the draw count.
        sets = len(st.sets[bottom])
        for i in range(min(sets, 5)):
            g = GOLD
            if ev is not None and ev[EV_KIND] == "set" and ev[EV_SEAT] == bottom and i == sets - 1 \
                    and gfx.blink(now, 200):
                g = palette.WHITE
            d.pixel(11, 4 - i, g)
        # Cards left to draw.
        left = len(st.draw)
        gfx.text(d, 13, 0, NUMS[left] if left < 10 else "+", DRAW if left > 2 else palette.BAD)

    def anim_value(self, now, ev):
        """The pile top shown while a play is animated: a run's cards one by one."""
        vals = ev[EV_VALUES]
        span = ev[EV_UNTIL] - ev[EV_START]
        i = (now - ev[EV_START]) * len(vals) // span if span > 0 else len(vals) - 1
        gfx.until(ev[EV_START] + ((i + 1) * span + len(vals) - 1) // len(vals) if span > 0 else 0)
        return vals[min(i, len(vals) - 1)]

    def preview_value(self, now, top):
        """The chosen pile's top while a choice is offered: its top card,
        then the cards the choice would put on it, one after another."""
        a = self.options[self.opt]
        if T.is_single(a):
            return top if gfx.steps(now, PREVIEW_STEP_MS) % 2 == 0 else T.single_value(a)
        i = gfx.steps(now, PREVIEW_STEP_MS) % 4  # a run: the top, then its three cards
        return top - i if T.run_is_down(a) else top + i

    def chosen_pile(self):
        if self.options is None:
            return None
        return T.pile_of(self.options[self.opt])

    def draw_seats(self, d, now, ev, bottom):
        """Rows 5-7: a row for every seat but `bottom` (whose hand is at the
        bottom of the screen), in turn order after it: a dot in the seat's
        colour (blinking on its turn), a pip per card in its hand (the cards
        seen going in from the Tokkome last, in their values' colours), and
        a gold dot per set it has laid, from the right."""
        st = self.state
        n = st.num_players
        turn = st.current_player()
        y = 5
        for k in range(1, n):
            s = (bottom + k) % n
            c = palette.PLAYERS[s]
            if s == turn:
                d.pixel(0, y, c if gfx.blink(now, 800, 70) else palette.scale(c, 25))
            else:
                d.pixel(0, y, c)
            sets = len(st.sets[s])
            size = T.hand_size(st.hands[s])
            seen = T.hand_size(st.known[s])
            room = 15 - sets
            # The cards no one saw: dim pips in the seat's colour, counted
            # like tally marks (every fifth at full colour), not by telling
            # two dim levels of one colour apart.
            hidden = size - seen
            gap = 1 if hidden and seen else 0
            last = room if hidden + gap + seen <= room else room - 1  # room: the white mark
            for i in range(min(hidden, last)):
                d.pixel(1 + i, y, c if i % 5 == 4 else palette.scale(c, TALLY_PCT))
            # The cards everyone saw go in from the Tokkome (and not come
            # out) last, face up, in their values' colours, after a dark LED:
            # where they stand says they are not the seat's, whatever the
            # colours (P2's aqua and a 5's cyan are near alike).
            i = 1 + hidden + gap
            for v in range(1, 8):
                for _ in range(st.known[s][v]):
                    if i <= last:
                        d.pixel(i, y, VALUE[v])
                    i += 1
            if hidden + gap + seen > room:
                d.pixel(room, y, palette.WHITE)
            for i in range(sets):
                g = GOLD
                if ev is not None and ev[EV_KIND] == "set" and ev[EV_SEAT] == s and i == sets - 1 \
                        and gfx.blink(now, 200):
                    g = palette.WHITE
                d.pixel(15 - i, y, g)
            y += 1

    def draw_backs(self, d, seat):
        """Hidden hand (several people play): the cards from behind."""
        n = T.hand_size(self.state.hands[seat])
        w = bar_width(n)
        x0 = bars_x0(n)
        for i in range(min(n, 16 // w)):
            d.rect(x0 + i * w, 12, w - 1 if w > 1 else 1, 4, BACK)

    def draw_hand(self, d, now, viewer, cards, mine):
        st = self.state
        n = len(cards)
        if not n:
            return
        w = bar_width(n)
        per = 16 // w
        cur = min(self.cur, n - 1)
        first = 0
        if n > per:
            first = min(max(0, cur - per // 2), n - per)
        lay = mine and st.phase == T.LAY
        draw_bars(d, cards, first, st if lay else None)
        x0 = bars_x0(n)
        shown = min(n - first, per)
        # Cards the take just brought: a faint dot above them.
        if self.fresh is not None and viewer == self.continuing:
            left = self.fresh_left
            for v in range(8):
                left[v] = self.fresh[v]
            for i in range(n - 1, -1, -1):
                v = cards[i]
                if left[v] and first <= i < first + per:
                    left[v] -= 1
                    for dx in range(w):
                        d.pixel(x0 + (i - first) * w + dx, 8, palette.scale(palette.WHITE, 18))
        if not mine:
            return
        # The marked cards: the cursor's; a run's three (the first card of
        # each of its values, lo to hi); a set's three (the first three of
        # its value). Worked out card by card, so a frame makes no list.
        lo = hi = sv = 0
        if self.options is not None:
            a = self.options[self.opt]
            if not T.is_single(a):
                top = st.top(T.pile_of(a))
                if T.run_is_down(a):
                    lo = top - 3
                    hi = top - 1
                else:
                    lo = top + 1
                    hi = top + 3
        elif lay and st.can_lay(cards[cur]):
            sv = cards[cur]
        flash = self.flashing(now)
        for i in range(first, first + shown):
            v = cards[i]
            if hi:
                marked = lo <= v <= hi and (i == 0 or cards[i - 1] != v)
            elif sv:
                marked = v == sv and (i < 3 or cards[i - 3] != v)
            else:
                marked = i == cur
            if not marked:
                continue
            x = x0 + (i - first) * w
            if flash and self.flash_what in ("card", "set"):
                c = palette.BAD
                for dx in range(w):
                    for y in range(16 - v, 16):
                        d.pixel(x + dx, y, c)
            elif self.options is not None:
                c = palette.WHITE if gfx.blink(now, 500, 60) else palette.DIM
            else:
                c = palette.WHITE if gfx.blink(now, 900, 75) else palette.scale(palette.WHITE, 40)
            for dx in range(w):
                d.pixel(x + dx, 8, c if not flash else palette.BAD)

    def draw_pile_bars(self, d, now):
        """Browsing a pile: its cards as bars, oldest on the left."""
        st = self.state
        pile = st.tokkome if self.pile == T.TOKKOME else st.maki
        n = len(pile)
        w = bar_width(n)
        per = 16 // w
        first = max(0, n - per)
        draw_bars(d, pile, first)
        x0 = bars_x0(n)
        # A shelf in the pile's colour over its cards, the top card (the
        # newest) marked on it.
        c = ARENA if self.pile == T.TOKKOME else MAKI
        for x in range(x0, x0 + min(n, per) * w):
            d.pixel(x, 8, c)
        x = x0 + (n - 1 - first) * w
        for dx in range(w):
            d.pixel(x + dx, 8, palette.WHITE if gfx.blink(now, 900, 70) else c)

    def end_note(self):
        if self.state.end_reason == T.END_CAP:
            return "%d TURNS" % T.TURN_CAP
        return None

    def look(self, d, now, viewer):
        """Hold A: two pages in turn, LOOK_PAGE_MS each from the hold's start.
        HANDS: every seat's hand size as a number in its colour in its
        quadrant (P1 top left, P2 top right, P3 bottom left, P4 bottom
        right; the seat to move blinks) and its sets as gold dots under it
        (from its right); with three seats the fourth quadrant is the draw
        pile, a card back and the cards left. PILES: the Tokkome pile's size (white, left) and
        the maki pile's (grey, right), each underlined in its pile's colour,
        and below them every card of the Tokkome as bars on the arena's
        wood, oldest on the left."""
        if self.look_from < 0:
            self.look_from = now
        if gfx.steps(now, LOOK_PAGE_MS, self.look_from) % 2:
            self.look_piles(d)
        else:
            self.look_hands(d, now)

    def look_hands(self, d, now):
        st = self.state
        n = st.num_players
        turn = st.current_player()
        for s in range(n):
            x, y = QUAD[s]
            c = palette.PLAYERS[s]
            if s == turn and not gfx.blink(now, 800, 70):
                c = palette.scale(c, LOOK_DIM_PCT)
            txt = number(T.hand_size(st.hands[s]))
            gfx.text(d, x + 7 - font.width(txt), y, txt, c)
            draw_set_dots(d, x + 6, y + 6, len(st.sets[s]))
        if n == 3:
            # The draw pile, face down, and the cards left (grey, not the
            # turn screen's red for the last two: here red would read as P1's).
            x, y = QUAD[3]
            d.rect(x, y, 3, 5, BACK)
            gfx.text(d, x + 4, y, number(len(st.draw)), DRAW)

    def look_piles(self, d):
        st = self.state
        tok = st.tokkome
        k = len(tok)
        # Each size underlined in its pile's colour on the turn screen.
        txt = number(k)
        gfx.text(d, 0, 0, txt, palette.WHITE)
        d.rect(0, 6, font.width(txt), 1, ARENA)
        txt = number(len(st.maki))
        gfx.text(d, 16 - font.width(txt), 0, txt, MAKI_TEXT)
        d.rect(16 - font.width(txt), 6, font.width(txt), 1, MAKI)
        if not k:
            return
        # The cards as on the piles view (Up): bars, a shelf of the arena's
        # wood over them, the newest card's place on it white.
        w = bar_width(k)
        first = k - 16 // w if k > 16 // w else 0
        draw_bars(d, tok, first)
        x0 = bars_x0(k)
        d.rect(x0, 8, (k - first) * w, 1, ARENA)
        d.rect(x0 + (k - first - 1) * w, 8, w, 1, palette.WHITE)

    def draw_reveal(self, d, now, seat):
        """The end: one page per seat, its score, its sets (with a gold line
        under them) and the cards left in its hand (a grey line under them)."""
        st = self.state
        c = palette.PLAYERS[seat]
        sc = st.score_of(seat)
        score = "%s%d" % ("+" if sc > 0 else "", sc)
        name = palette.PLAYER_NAMES[seat]
        if len(score) <= 2:
            gfx.text(d, 0, 0, name, c)
            gfx.text(d, 16 - font.width(score), 0, score, palette.WHITE)
        else:
            gfx.marquee(d, 0, name + " " + score, c, now, step_ms=90, pause_ms=400,
                        since=self.show.clock(FIRST_PAGE + seat))
        x = 0
        for v in st.sets[seat]:
            for dx in range(2):
                for y in range(15 - v, 15):
                    d.pixel(x + dx, y, VALUE[v])
                d.pixel(x + dx, 15, GOLD)
            x += 3
        cards = cards_of(st.hands[seat])
        if x + len(cards) > 16:
            cards = [v for v in range(1, 8) if st.hands[seat][v]]  # distinct values
        for i in range(min(len(cards), 16 - x)):
            v = cards[i]
            for y in range(15 - v, 15):
                d.pixel(x + i, y, VALUE[v])
            d.pixel(x + i, 15, HELD)
        if seat in st.winners():
            d.pixel(15, 7, GOLD if gfx.blink(now, 400) else palette.DIM)

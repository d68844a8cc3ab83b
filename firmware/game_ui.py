"""What each game's screens module provides to the generic play screen.

A game's screens live in `firmware/<game>_screens.py` as a class `UI`
subclassing `GameUI`. The play screen (firmware/play.py) owns the turn flow:
who moves, the pass-the-device screen, computer moves, saving, the pause menu
and the end of the game. The UI owns the picture and the cursor.

What the four games share lives here, once: the timing of what is shown
after an action (`Show`: segments, pages that wait for A, a settle), the
decoding of button events (GameUI.button into move/act/back) and the one
refusal path (GameUI.illegal: flash, REFUSED, a word).
"""

from hal import buttons as B
from firmware import gfx, palette, sounds

# Let people see the board before a computer moves (the play screen waits
# this long; a game's screens may pace what they show by it).
COMPUTER_PAUSE_MS = 450
FLASH_MS = 700  # a refused choice flashes this long
WORD_MS = 1200  # ... and its word (REFUSALS) shows this long after the flash

# How A treats a segment of a Show.
SOFT = 0  # A ends it
JOINED = 1  # A ends it along with the segment before it (hurried as one)
FIRM = 2  # A does not end it (a notice that is seen out)
HOLD = -1  # a segment's length: it shows until A
SEGMENTS = 6  # the most a Show holds (lists made once: no garbage per action)
DONE = SEGMENTS  # Show.index once every segment is over (or none was added)


class Show:
    """What a screen shows over time after an action: segments one after
    another from a start, each `add`ed with a length in ms (HOLD: until A)
    and a kind (SOFT, JOINED, FIRM). `index(now)` is the segment showing
    (DONE once all are over: not busy), `at(now)` the same reported to
    gfx.watch.
    A (`skip`) ends the segment showing now, and the JOINED ones after it;
    the later ones keep their lengths. After any A the show stays busy
    `settle` ms more (the click of that A, sent on release, is then not
    for the next screen). A segment of length 0 is skipped over, so a game
    keeps fixed indices for segments it does not need this time."""

    def __init__(self, settle=0):
        self.settle = settle
        self.n = 0
        self.begin = 0
        self.settled = 0  # busy until then after an A
        self.lengths = [0] * SEGMENTS  # as added (HOLD: a page still waiting for A)
        self.ends = [0] * SEGMENTS  # when each ends (a waiting HOLD: when it began)
        self.kinds = bytearray(SEGMENTS)

    def start(self, at):
        """Forget the segments; the next added begins at `at`."""
        self.n = 0
        self.begin = at

    def add(self, ms, kind=SOFT):
        """A segment `ms` long (HOLD: until A) after the last one."""
        i = self.n
        if i == SEGMENTS:
            raise ValueError("a Show holds %d segments" % SEGMENTS)
        end = self.ends[i - 1] if i else self.begin
        self.lengths[i] = ms
        self.ends[i] = end if ms == HOLD else end + ms
        self.kinds[i] = kind
        self.n = i + 1

    def index(self, now):
        """The segment showing at `now`; DONE when all are over."""
        for i in range(self.n):
            if self.lengths[i] == HOLD or now < self.ends[i]:
                return i
        return DONE

    def at(self, now):
        """index(now), its end reported to gfx.watch (for drawing code)."""
        i = self.index(now)
        if i < DONE and self.lengths[i] != HOLD:
            gfx.until(self.ends[i])
        return i

    def start_of(self, i):
        """When segment i began (or begins)."""
        return self.ends[i - 1] if i else self.begin

    def clock(self, i):
        """Segment i's time origin: when it would have begun to end as it
        does had it run its whole length (its start, unless A hurried it):
        an animation drawn from it is at its last step once hurried."""
        if self.lengths[i] == HOLD:
            return self.ends[i]
        return self.ends[i] - self.lengths[i]

    def busy(self, now):
        """True while a segment shows, or for the settle after an A."""
        return self.index(now) < DONE or now < self.settled

    def skip(self, now):
        """A: end the segment showing now (and the JOINED ones after it)
        unless it is FIRM; return its index, or -1 if none ended."""
        self.settled = now + self.settle
        i = self.index(now)
        n = self.n
        if i == DONE or self.kinds[i] == FIRM:
            return -1
        last = i + 1
        while last < n and self.kinds[last] == JOINED:
            last += 1
        ends = self.ends
        lengths = self.lengths
        shift = now - ends[last - 1]
        for j in range(i, last):
            if lengths[j] == HOLD:
                lengths[j] = now - ends[j]  # it waited from ends[j] till now
            ends[j] = now
        for j in range(last, n):
            ends[j] += shift
        return i


class GameUI:
    """Base class with sensible defaults; see tomoko_screens.UI for a full one."""

    # Where the play screen shows a computer thinking (three dots in its
    # colour from this LED rightwards), or None where the screen already
    # shows whose turn it is and has no free LEDs for them.
    THINKING = (12, 15)
    # Refusals a flash alone would not explain: (words in the reason, a
    # word or two the play screen's notice shows over the top rows once the
    # flash has shown where).
    REFUSALS = ()
    # The guided first game (firmware/play.py): what a person's turn asks,
    # in a few words shown as each of their first turns begins (None: none).
    HINT = None

    # The settle of the Show after an A (see Show).
    SETTLE_MS = 0

    def __init__(self, session):
        self.session = session
        self.state = session.state
        self.show = Show(self.SETTLE_MS)  # what shows after an action (busy, skip)
        self.flash_until = 0
        self.flash_reason = ""
        self.flash_what = None  # what flashes, as the game tells it (None: its default)
        self.sound = None  # set by the play screen: plays a tone sequence
        self.tell = None  # set by the play screen: tell(text, ms, after) shows a notice
        self.told = None  # the notice of the last refusal (the play screen ends it)

    def beep(self, notes):
        if self.sound is not None:
            self.sound(notes)

    # Information -------------------------------------------------------------
    def has_secrets(self, seat):
        """True if `seat` holds information the other players must not see."""
        return True

    # Turns ---------------------------------------------------------------------
    def begin_turn(self, seat, now):
        """A person in `seat` is about to choose: reset cursors."""

    def button(self, ev, seat, now):
        """Handle a button for the person in `seat`; return an action to try
        or None. Every game decodes alike: a direction's PRESS and REPEAT
        go to move(), a CLICK (a short press) of A to act() and of B to
        back(); other events do nothing (never a PRESS of A or B: a long A
        is the look view and a long B the pause menu, which the play screen
        takes). While the Show is busy (a game shown dealt, say) A hurries
        it and nothing else acts."""
        kind = B.kind_of(ev)
        b = B.button_of(ev)
        if self.show.busy(now):
            if b == B.A and kind == B.CLICK:
                self.skip(now)
            return None
        if b in B.DIRECTIONS:
            if kind == B.PRESS or kind == B.REPEAT:
                return self.move(b, seat, now)
        elif kind == B.CLICK:
            if b == B.A:
                return self.act(seat, now)
            if b == B.B:
                return self.back(seat, now)
        return None

    def move(self, b, seat, now):
        """A direction `b` pressed (or repeating): move a cursor, change a
        choice; an action to try, or None."""
        return None

    def act(self, seat, now):
        """A clicked: an action to try, or None (a mode entered...)."""
        return None

    def back(self, seat, now):
        """B clicked: back out of a choice (or the game's own use of B)."""
        return None

    def hint_target(self, seat, now):
        """Where the next step of the person in `seat` acts, for the guided
        first game: (x, y, w, h, inside) - the unlit LEDs inside that box
        (`inside`) or round it blink (draw_hint) - or None. Asked at the
        turn's start and after each button event, not every frame."""
        return None

    def illegal(self, reason, now, what=None):
        """The one refusal path, for the engine's refusals (the play screen
        calls it) and the screens' own: the choice flashes red for FLASH_MS
        (flashing(); `what` says what flashes, else refused_what(reason)),
        REFUSED sounds, and a word of why shows for the reasons in REFUSALS."""
        self.flash_until = now + FLASH_MS
        self.flash_reason = reason
        self.flash_what = self.refused_what(reason) if what is None else what
        if self.tell is not None:
            for part, words in self.REFUSALS:
                if part in reason:
                    self.told = self.tell(words, WORD_MS, FLASH_MS)
                    break
        self.beep(sounds.REFUSED)

    def refused_what(self, reason):
        """What flashes for a refusal the game did not name (flash_what)."""
        return None

    def before_action(self, seat, action):
        """Called just before the engine applies `action` (keep what you need)."""

    def after_action(self, seat, action, now):
        """Called just after: start showing what happened."""

    def cue(self, seat, action):
        """The sound of `action`, just applied for `seat` (firmware/sounds:
        MOVE, LAY or SCORE), or None for silence. The play screen plays it
        for people's and computers' actions alike."""
        return sounds.MOVE

    def resume(self, now):
        """The game came back from a save (a restart, or RESUME in the menu):
        show again what its last action left on screen when that was a result
        people wait for (a final reveal, a round's scores). Leave it to
        `busy` and `skip`, as after `after_action`."""

    def busy(self, now):
        """True while an animation should finish before the next turn: the
        Show's segments (after_action starts them)."""
        return self.show.busy(now)

    def skip(self, now):
        """The player pressed A to hurry an animation: the Show's segment
        showing ends (Show.skip)."""
        self.show.skip(now)

    def draw(self, d, now, viewer):
        """Draw the game. `viewer` is the seat whose secrets may show, or None."""

    def look(self, d, now, viewer):
        """The overview shown while A is held (scores, cards...)."""
        self.draw(d, now, viewer)

    def seat_colour(self, seat):
        """The colour that stands for a seat on shared screens (pass, end)."""
        return palette.PLAYERS[seat]

    def seat_name(self, seat):
        """What the end screen calls a seat ("P1"; a game may name its sides)."""
        return palette.PLAYER_NAMES[seat]

    def end_note(self):
        """Why the game ended, when the result alone would not say (a move
        cap, say): a few words the end screen adds to its headline, or None."""
        return None

    def result_lines(self):
        """[(text, colour)] per seat for the end screen (3 characters fit;
        up to 2 each show all seats at once)."""
        return [(str(v), palette.PLAYERS[s]) for s, v in enumerate(self.state.scores())]

    # Helpers -------------------------------------------------------------------
    def flashing(self, now):
        return gfx.before(now, self.flash_until) and gfx.blink(now, 200)


HINT_LEVEL = 30  # percent of white: a glow, plainly dimmer than a cursor


def draw_hint(d, now, target):
    """The guided first game's mark on `target` (GameUI.hint_target): the
    LEDs inside the box, or in the ring of LEDs round it, that the screen left
    unlit blink faintly white. Only unlit LEDs: a hint never covers anything
    the game shows (its cursor, a tile, a card)."""
    if target is None or not gfx.blink(now, 800, 55):
        return
    x, y, w, h, inside = target
    c = palette.scale(palette.WHITE, HINT_LEVEL)
    for j in range(y - 1, y + h + 1):
        for i in range(x - 1, x + w + 1):
            ring = j < y or j >= y + h or i < x or i >= x + w
            if ring != inside and 0 <= i < 16 and 0 <= j < 16 and not d.get(i, j):
                d.pixel(i, j, c)

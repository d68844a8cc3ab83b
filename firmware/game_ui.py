"""What each game's screens module provides to the generic play screen.

A game's screens live in `firmware/<game>_screens.py` as a class `UI`
subclassing `GameUI`. The play screen (firmware/play.py) owns the turn flow:
who moves, the pass-the-device screen, computer moves, saving, the pause menu
and the end of the game. The UI owns the picture and the cursor.
"""

from firmware import gfx, palette, sounds

# Let people see the board before a computer moves (the play screen waits
# this long; a game's screens may pace what they show by it).
COMPUTER_PAUSE_MS = 450


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

    def __init__(self, session):
        self.session = session
        self.state = session.state
        self.flash_until = 0
        self.flash_reason = ""
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
        """Handle a button for the person in `seat`; return an action to try or None.

        Every event kind arrives (hal.buttons: PRESS, REPEAT, RELEASE, LONG,
        CLICK): move cursors on PRESS and REPEAT, act on CLICK (a short
        press), never on PRESS of A or B - a long A is the look view and a
        long B the pause menu, and the play screen takes those itself."""
        return None

    def hint_target(self, seat, now):
        """Where the next step of the person in `seat` acts, for the guided
        first game: (x, y, w, h, inside) - the unlit LEDs inside that box
        (`inside`) or round it blink (draw_hint) - or None. Asked at the
        turn's start and after each button event, not every frame."""
        return None

    def illegal(self, reason, now):
        """The chosen action was refused: show it (the play screen beeps),
        with a word of why for the reasons in REFUSALS."""
        self.flash_until = now + 700
        self.flash_reason = reason
        if self.tell is not None:
            for part, words in self.REFUSALS:
                if part in reason:
                    self.told = self.tell(words, 1200, 700)
                    break

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
        """True while an animation should finish before the next turn."""
        return False

    def skip(self, now):
        """The player pressed A to hurry an animation."""

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

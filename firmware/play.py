"""The play screen: the turn flow every game shares.

Whose turn it is, the pass-the-device screen before a person's secrets are
shown (when two or more people play; without secrets, the next person's tag
for a moment), computer moves (thought out in slices between frames, with a
retry at lower effort if memory runs out), each action's sound (the game
says which: GameUI.cue) and TURN as a person's turn begins, feedback for
refused actions, saving after every
move, the pause menu (hold B: go on, quit, the game's keys, or HOW TO
PLAY), the guided first game (a person's first turns begin with a few
words of what to do, and the thing to act on glows: settings.guide) and the
hand-over to the end screen. What the
game looks like and how its cursor moves is the game's UI (firmware/*_screens).
"""

import gc

from hal import buttons as B
from engines_core import registry
from firmware.game_ui import COMPUTER_PAUSE_MS, draw_hint
from firmware.screen import Screen, has_pages, open_pages, draw_a_hint, draw_line_dots, draw_page_dots
from firmware import gfx, palette, sounds, games, saves

PASS = 0  # waiting for the next person to take the device
HUMAN = 1  # a person chooses
COMPUTER = 2  # a computer player is about to move
SHOW = 3  # showing what the last action did
# A computer's search runs in slices of about this long between frames, so
# the screen stays alive (thinking dots, animations, the pause). Longer
# slices waste less on frames (a game's frame takes 11-15 ms on an RP2040),
# shorter ones answer sooner: 80 ms keeps some 85% of the time for thinking
# and draws the dots, which step every 150 ms, at most every other step.
THINK_SLICE_MS = 80
# A new person's screen (the pass screen, or their name when there is none)
# ignores presses this long, and any press begun before: a double tap of A
# on the last move must not pass it, nor move for the next person.
HAND_OVER_MS = 600
# The guided first game: hints on each person's first this many turns.
GUIDED_TURNS = 3
_GO_ON = "GO ON"
_QUIT = "QUIT"
_HELP = "HELP"
_HOWTO = "HOW TO PLAY"
PAUSE_LINES = (_GO_ON, _QUIT, _HELP, _HOWTO)


class PlayScreen(Screen):
    def __init__(self, session, ui=None):
        self.session = session
        # A new UI for a game under way (from a save): it may show again the
        # result its last action left on screen (GameUI.resume).
        self.resuming = ui is None
        self.ui = ui or games.ui_class(session.game)(session)
        if len(session.humans()) < len(session.seats):
            # The computer players' module too, now, while the heap is as
            # clean as it gets: loaded at the first computer move it would
            # have to fit between the game's own allocations.
            registry.ai_module(session.game)
        self.phase = SHOW
        self.seat = 0
        self.shown_to = None  # the seat whose secrets were last on screen
        self.ready_at = 0
        self.paused = False
        self.pause_line = 0  # index in pause_lines
        # The pause menu's lines: HOW TO PLAY where the game has pages.
        self.pause_lines = PAUSE_LINES if has_pages(session.game) else PAUSE_LINES[:-1]
        self.help = 0  # the page of the game's keys on the HELP line
        self.howto = None  # HOW TO PLAY open from the pause menu (firmware/howto.py)
        # Turns begun per seat, for the guided first game; a game resumed
        # from a save counts as that far on for everyone.
        self.turns = bytearray([min(session.ply // len(session.seats), 255)] * len(session.seats))
        self.looking = False
        self.pressed_at = [0] * B.COUNT  # when each button was last pressed
        self.listen_from = 0  # presses from before this are not for this screen
        self.named_until = 0  # the next person's name shows until then
        self.thinking = None  # a computer's search under way (a generator)
        self.effort = 100  # its effort: halved when memory runs out
        self.last_mover = -1  # the seat of the last action applied here
        # The guided game's hint target (GameUI.hint_target), asked again
        # only after a press or at a turn's start: asked every frame, its
        # tuple would be garbage every frame.
        self.hint = None
        self.hint_stale = True

    def enter(self, app, now):
        Screen.enter(self, app, now)
        self.ui.sound = app.beep
        self.ui.tell = app.tell
        if self.resuming:
            self.resuming = False
            self.ui.resume(now)
        if not self.ui.busy(now):  # else tick moves on once it has been shown
            self.next_turn(now)

    def listening(self, now):
        """True when a person's press would act (their turn or the pass screen,
        not paused, past the hand-over time)."""
        return self.phase in (HUMAN, PASS) and not self.paused and now >= self.listen_from

    # Turn flow -------------------------------------------------------------------
    def many_people(self):
        return len(self.session.humans()) >= 2

    def viewer(self):
        """The seat whose secrets may be on screen now, or None."""
        if self.phase == HUMAN:
            return self.seat
        humans = self.session.humans()
        if len(humans) == 1:
            return humans[0]
        return None

    def next_turn(self, now):
        state = self.session.state
        if state.is_terminal():
            self.app.game_over(self.session)
            self.app.goto_end(self.session, self.ui)
            return
        self.seat = state.current_player()
        # A press that hurried the last move must not pass the next screen.
        self.app.swallow_held()
        if self.session.is_human(self.seat):
            if self.many_people() and self.ui.has_secrets(self.seat) and self.shown_to != self.seat:
                self.phase = PASS
                self.shown_to = None
                self.listen_from = now + HAND_OVER_MS
                self.app.beep(sounds.TURN)  # pass the device: the next person's turn
            else:
                self.begin_human(now, False)
        else:
            self.phase = COMPUTER
            self.ready_at = now + COMPUTER_PAUSE_MS

    def begin_human(self, now, passed):
        """A person's turn; `passed`: they took the device on a pass screen."""
        same = self.shown_to == self.seat  # the same person decides again
        again = self.last_mover == self.seat  # more of the same turn
        self.phase = HUMAN
        self.hint_stale = True
        self.shown_to = self.seat
        self.listen_from = now  # a press begun before (a double tap) is not for it
        new_person = self.many_people() and not same
        if new_person and not passed:
            # No secrets, so no pass screen: name who plays now.
            self.named_until = self.listen_from = now + HAND_OVER_MS
        self.ui.begin_turn(self.seat, now)
        if not again:
            self.turns[self.seat] = min(self.turns[self.seat] + 1, 255)
            if self.guiding() and self.ui.HINT and self.app.notice is None:
                # What to do, over the top rows until read or a press (which
                # does nothing else: app.step), after the person's name; a
                # notice already there (SAVE DAMAGED...) is not replaced.
                self.app.tell(self.ui.HINT, after=self.listen_from - now)
        if not passed and not again:
            self.app.beep(sounds.TURN)  # (a pass screen sounded it already)

    def guiding(self):
        """True on the current person's first turns when the guide is on."""
        return self.app.settings.guide and self.turns[self.seat] <= GUIDED_TURNS

    def play(self, action, now):
        """Apply an action for the current seat and start showing it."""
        seat = self.seat
        # A refusal's words are moot once an action is played.
        self.app.untell(self.ui.told)
        self.ui.told = None
        self.ui.before_action(seat, action)
        self.session.play(action)
        self.app.autosave(self.session)
        # While it is shown, no one's secrets are on screen (viewer() is None
        # with several people); next_turn asks for the device to be passed
        # unless the same seat decides again (a turn of several actions).
        self.phase = SHOW
        self.last_mover = seat
        self.ui.after_action(seat, action, self.app.now())
        cue = self.ui.cue(seat, action)
        if cue is not None:
            self.app.beep(cue)

    def think(self):
        """Run the computer's search for one slice (THINK_SLICE_MS); its
        action once it is done, else None. Started anew at half the effort
        if memory runs out. Between slices nothing touches the search, so
        the action is the one Session.computer_move chooses."""
        clock = self.app.hal.clock
        start = clock.now()
        while True:
            try:
                if self.thinking is None:
                    self.thinking = self.session.computer_steps(self.effort)
                next(self.thinking)
            except StopIteration as e:
                self.thinking = None
                return e.value
            except MemoryError:
                self.thinking = None
                gc.collect()
                if self.effort <= 1:
                    return self.last_resort(clock)
                self.effort //= 2
            if clock.now() - start >= THINK_SLICE_MS:
                return None

    def last_resort(self, clock):
        """Any legal action keeps the game going; None if not even their
        list fits now: frames go on (the watchdog stays fed) and the move is
        tried again after a pause."""
        try:
            return self.session.state.legal_actions()[0]
        except MemoryError:
            gc.collect()
            self.ready_at = clock.now() + COMPUTER_PAUSE_MS
            return None

    # Events ------------------------------------------------------------------------
    def button(self, ev, now):
        kind = B.kind_of(ev)
        b = B.button_of(ev)
        self.hint_stale = True
        if kind == B.PRESS:
            self.pressed_at[b] = now
        if (b == B.B and kind == B.LONG) or (b == B.MENU and kind == B.PRESS):
            if self.howto is not None:
                self.howto.close()
                self.howto = None
            self.paused = not self.paused
            self.pause_line = 0
            self.app.swallow_held()  # a press held across the pause acts on neither side
            self.app.beep(sounds.CLICK)
            return
        if self.paused:
            if self.howto is not None:
                self.howto.button(ev, now)
                if not self.howto.open:
                    self.howto = None  # back on the pause menu's line
            else:
                self.pause_button(b, kind, now)
            return
        if b == B.A:
            if kind == B.LONG and self.phase != PASS:
                self.looking = True
                return
            if kind == B.RELEASE and self.looking:
                self.looking = False
                return
        if self.looking:
            return
        if self.phase in (PASS, HUMAN) and (now < self.listen_from or
                                             self.pressed_at[b] < self.listen_from):
            return  # pressed before this screen could be read
        if self.phase == PASS:
            if b == B.A and kind == B.CLICK:
                self.begin_human(now, True)
        elif self.phase == SHOW:
            if b == B.A and kind == B.PRESS:
                self.ui.skip(now)
        elif self.phase == HUMAN:
            action = self.ui.button(ev, self.seat, now)
            if action is not None:
                reason = self.session.state.why_illegal(action)
                if reason is None:
                    self.play(action, now)
                else:
                    self.ui.illegal(reason, now)  # flash, REFUSED, a word

    def pause_button(self, b, kind, now):
        if kind not in (B.PRESS, B.REPEAT):
            return
        line = self.pause_lines[self.pause_line]
        if b in (B.UP, B.DOWN):
            self.pause_line = (self.pause_line + (1 if b == B.DOWN else -1)) % len(self.pause_lines)
            self.help = 0
        elif line == _HELP and (b in (B.LEFT, B.RIGHT) or b == B.A and kind == B.PRESS):
            self.help += -1 if b == B.LEFT else 1
        elif b == B.A and kind == B.PRESS:
            if line == _HOWTO:
                self.howto = open_pages(self.app, self.session.game, now)
            elif line == _GO_ON:
                self.paused = False
                self.app.swallow_held()  # this A's CLICK is not a move
            else:
                # The game stays saved: the menu offers to resume it.
                self.app.autosave(self.session, saves.PARKED)
                self.app.goto_menu(saved=self.session)

    def tick(self, now):
        if self.looking and not self.app.hal.buttons.stable & (1 << B.A):
            self.looking = False  # its RELEASE was lost (events cleared)
            self.app.dirty = True
        if self.paused:
            return
        if self.phase == SHOW and not self.ui.busy(now):
            self.next_turn(now)
        elif self.phase == COMPUTER and now >= self.ready_at:
            action = self.think()
            if action is not None:
                self.effort = 100
                self.play(action, now)

    # Drawing -------------------------------------------------------------------------
    def still(self, now):
        """In a person's turn (not paused) only a button changes what is
        shown, besides the time (read through firmware/gfx's helpers)."""
        return self.phase == HUMAN and not self.paused and not self.ui.busy(now)

    def draw(self, d, now):
        if self.paused:
            self.draw_pause(d, now)
        elif self.phase == PASS:
            draw_pass(d, now, self.seat, self.ui.seat_colour(self.seat))
        elif self.phase == HUMAN and gfx.before(now, self.named_until):
            draw_name(d, self.seat, self.ui.seat_colour(self.seat))
        elif self.looking:
            self.ui.look(d, now, self.viewer())
        else:
            self.ui.draw(d, now, self.viewer())
            if self.phase == HUMAN and self.guiding() and not self.ui.busy(now):
                if self.hint_stale:
                    self.hint = self.ui.hint_target(self.seat, now)
                    self.hint_stale = False
                draw_hint(d, now, self.hint)
            if self.phase == COMPUTER and self.ui.THINKING is not None:
                # Thinking: three dots in the player's colour.
                x, y = self.ui.THINKING
                c = self.ui.seat_colour(self.seat)
                for i in range(3):
                    d.pixel(x + i, y, c if gfx.steps(now, 150) % 3 == i else palette.scale(c, 30))

    def draw_pause(self, d, now):
        """One line at a time, as in the menu: Up/Down choose, A does it."""
        if self.howto is not None:
            self.howto.draw(d, now)
            return
        line = self.pause_lines[self.pause_line]
        if line == _HELP:
            page, n = games.help_page(self.session.game, self.help)
            gfx.marquee(d, 0, _HELP, palette.ACCENT, now)
            gfx.marquee(d, 6, page, palette.WHITE, now)
            draw_page_dots(d, n, self.help)
        else:
            gfx.marquee(d, 0, registry.title(self.session.game), palette.ACCENT, now)
            gfx.marquee(d, 6, line, palette.WHITE, now)
            draw_a_hint(d, now)
        draw_line_dots(d, len(self.pause_lines), self.pause_line)


def draw_pass(d, now, seat, c):
    """'PASS' then the next player's tag in their colour `c`, and a blinking A."""
    gfx.text_center(d, 0, "PASS", palette.TEXT)
    draw_name(d, seat, c)
    if gfx.blink(now, 900, 60):
        gfx.text(d, 12, 11, "A", palette.GOOD)


def draw_name(d, seat, c):
    """The player's tag in their colour `c`, framed."""
    gfx.text_center(d, 6, palette.PLAYER_NAMES[seat], c)
    gfx.frame(d, 4, 5, 8, 7, palette.scale(c, 35))

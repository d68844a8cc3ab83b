"""The end screen: who won (YOU WIN / YOU LOSE when one person plays
against computers), every seat's result, a prompt for A, which returns
to the menu.
Where the others may play on for the places (Tomoko), the headline says
so and B goes back to the game without its winners. Until A, the game's
save is kept, marked ended (saves.ENDED): switched off here, the device
shows the result again, counted once in the statistics.

A game gives each seat's result as short text (`GameUI.result_lines`):
up to two characters each show in a 2x2 grid, longer ones (up to three
characters fit) two seats at a time.
"""

from hal import buttons as B
from firmware.screen import Screen, draw_a_hint
from firmware import gfx, palette, saves, sounds

PAGE_MS = 1800  # long results: how long each pair of seats shows
GRACE_MS = 600  # A and B act only after this long on the screen


class EndScreen(Screen):
    def __init__(self, session, ui):
        self.session = session
        self.ui = ui
        self.since = 0

    def enter(self, app, now):
        Screen.enter(self, app, now)
        self.since = now
        people = self.session.humans()
        winners = self.session.state.winners()
        lost = people and not any(s in winners for s in people)
        app.beep(sounds.LOSE if lost else sounds.WIN)

    def draw_game(self):
        """True if every seat won: a draw (no one is marked the winner)."""
        n = len(self.session.seats)
        return n > 1 and len(self.session.state.winners()) == n

    def headline(self):
        """DRAW; YOU WIN or YOU LOSE when one person plays (against
        computers); else the winners' names. Then why it ended, if a game
        says, and B: PLAY ON where the others may play on."""
        winners = self.session.state.winners()
        people = self.session.humans()
        if self.draw_game():
            text = "DRAW"
        elif len(people) == 1:
            text = "YOU WIN" if people[0] in winners else "YOU LOSE"
        else:
            names = " ".join(self.ui.seat_name(s) for s in winners)
            text = names + (" WIN" if len(winners) > 1 else " WINS")
        note = self.ui.end_note()
        if note:
            text += " - " + note
        if self.session.state.can_play_on():
            text += " - B: PLAY ON"
        return text

    def ready(self, now):
        """A (and B) act from now: a short grace period first, so a press
        meant for the game does not skip this."""
        return now - self.since > GRACE_MS

    def button(self, ev, now):
        if B.kind_of(ev) != B.CLICK or not self.ready(now):
            return
        b = B.button_of(ev)
        if b == B.A:
            saves.clear_game(self.app.hal.storage)  # kept till now (saves.ENDED)
            self.app.goto_menu()
        elif b == B.B and self.session.state.can_play_on():
            self.session.state.play_on()
            self.app.autosave(self.session)
            self.app.goto_play(self.session, self.ui)

    def grid(self):
        """True if the results fit a 2x2 grid (up to 4, 2 characters each)."""
        lines = self.ui.result_lines()
        return len(lines) <= 4 and all(len(t) <= 2 for t, c in lines)

    def a_in_corner(self):
        """The A prompt blinks in the bottom right corner where no result
        is; else the headline ends with it (banner)."""
        return self.grid() and len(self.session.seats) <= 3

    def banner(self):
        """What the top rows scroll: the headline, and the A prompt if the
        corner has no room for it."""
        return self.headline() + ("" if self.a_in_corner() else " - A: MENU")

    def draw(self, d, now):
        lines = self.ui.result_lines()
        grid = self.grid()
        gfx.marquee(d, 0, self.banner(), palette.TEXT, now - self.since)
        if self.a_in_corner() and self.ready(now):
            draw_a_hint(d, now)
        # Winners' results flash white, never go dark: every result stays
        # readable; in a draw no one is marked.
        winners = () if self.draw_game() else self.session.state.winners()
        flash = gfx.blink(now, 800, 50)
        if grid:
            # Up to four short results in a 2x2 grid; a blank row between
            # the two rows of digits keeps them apart, and with two seats a
            # blank row below the headline too.
            top = 6 if len(lines) <= 2 else 5
            for i, (t, c) in enumerate(lines):
                if i in winners and flash:
                    c = palette.WHITE
                gfx.text(d, 0 if i % 2 == 0 else 8, top if i < 2 else 11, t, c)
            return
        # Longer results (e.g. "-12"): two seats at a time, each behind a bar
        # in its colour, the pages taking turns.
        pages = (len(lines) + 1) // 2
        page = (now - self.since) // PAGE_MS % pages
        for row in range(2):
            i = 2 * page + row
            if i >= len(lines):
                break
            t, c = lines[i]
            y = 5 + 6 * row
            d.rect(0, y, 2, 4, self.ui.seat_colour(i))
            if i in winners and flash:
                c = palette.WHITE
            gfx.marquee(d, y, t, c, now - self.since, x0=3, w=13)

"""The end screen: who won, every seat's result; A returns to the menu.
Where the others may play on for the places (Tomoko), the headline says
so and B goes back to the game without its winners. Until A, the game's
save is kept, marked ended (saves.ENDED): switched off here, the device
shows the result again, counted once in the statistics.

A game gives each seat's result as short text (`GameUI.result_lines`):
up to two characters each show in a 2x2 grid, longer ones (up to three
characters fit) two seats at a time.
"""

from hal import buttons as B
from firmware.screen import Screen
from firmware import gfx, palette, saves, sounds

PAGE_MS = 1800  # long results: how long each pair of seats shows


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

    def headline(self):
        winners = self.session.state.winners()
        names = " ".join(self.ui.seat_name(s) for s in winners)
        n = len(self.session.seats)
        if len(winners) == n and n > 1:
            text = "DRAW"
        else:
            text = names + (" WIN" if len(winners) > 1 else " WINS")
        note = self.ui.end_note()
        if note:
            text += " - " + note
        if self.session.state.can_play_on():
            text += " - B: PLAY ON"
        return text

    def button(self, ev, now):
        # A short grace period, so a press meant for the game does not skip this.
        if B.kind_of(ev) != B.CLICK or now - self.since <= 600:
            return
        b = B.button_of(ev)
        if b == B.A:
            from firmware.menu import Menu
            saves.clear_game(self.app.hal.storage)  # kept till now (saves.ENDED)
            self.app.goto(Menu())
        elif b == B.B and self.session.state.can_play_on():
            from firmware.play import PlayScreen
            self.session.state.play_on()
            self.app.autosave(self.session)
            self.app.goto(PlayScreen(self.session, self.ui))

    def draw(self, d, now):
        winners = self.session.state.winners()
        colour = self.ui.seat_colour(winners[0]) if len(winners) == 1 else palette.ACCENT
        gfx.marquee(d, 0, self.headline(), colour, now - self.since)
        lines = self.ui.result_lines()
        if len(lines) <= 4 and all(len(t) <= 2 for t, c in lines):
            # Up to four short results in a 2x2 grid, winners blinking.
            for i, (text, c) in enumerate(lines):
                if i in winners and not gfx.blink(now, 800, 75):
                    continue
                # A blank row between the two rows of digits keeps them apart.
                gfx.text(d, 0 if i % 2 == 0 else 8, 5 if i < 2 else 11, text, c)
            return
        # Longer results (e.g. "-12"): two seats at a time, each behind a bar
        # in its colour, the pages taking turns.
        pages = (len(lines) + 1) // 2
        page = (now - self.since) // PAGE_MS % pages
        for row in range(2):
            i = 2 * page + row
            if i >= len(lines):
                break
            text, c = lines[i]
            y = 5 + 6 * row
            d.rect(0, y, 2, 4, self.ui.seat_colour(i))
            if i in winners and not gfx.blink(now, 800, 75):
                continue
            gfx.marquee(d, y, text, c, now - self.since, x0=3, w=13)

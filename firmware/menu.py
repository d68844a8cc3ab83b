"""The main menu: game, players, who plays each seat, variant, brightness,
sound, the guided first game, statistics, the game's keys and HOW TO PLAY.

Up/Down choose the line, Left/Right change it (on HELP: the next key), A
starts the game (from any other line than HOW TO PLAY, where it opens the
game's pages: firmware/howto.py), and when a game was interrupted the first
line offers to resume it - then a new game asks first, since it ends that
one. Changed settings are saved once they have stood a moment.
"""

from hal import buttons as B
from engines_core import registry
from engines_core.prng import mix_seed
from firmware.screen import Screen, has_pages, open_pages, draw_a, draw_a_hint, draw_line_dots, draw_page_dots
from firmware.settings import KINDS, KIND_LABELS, BRIGHTNESS_MIN, BRIGHTNESS_MAX, BRIGHTNESS_STEP
from firmware import gfx, palette, sounds, games, launch

LABEL = 0x909090
VALUE = palette.WHITE
SAVE_AFTER_MS = 1500  # settings are written once they stop changing (flash wear)

_RESUME = "RESUME"
_GAME = "GAME"
_PLAYERS = "PLAYERS"
_VARIANT = "VARIANT"
_BRIGHT = "LIGHT"
_SOUND = "SOUND"
_STATS = "STATS"
_HELP = "HELP"
_GUIDE = "GUIDE"
_HOWTO = "HOW TO PLAY"


class Menu(Screen):
    def __init__(self, saved=None):
        self.saved = saved  # a resumable Session, if any
        self.line = 0
        self.games = []
        self.changed_at = 0
        self.help = 0  # the page of the game's keys on the HELP line
        # A pressed: _GAME or _RESUME, opened at the tick after the frame
        # that shows it (loading takes a moment; the press shows at once).
        self.opening = None
        self.opening_shown = False
        self.asking = False  # "NEW GAME?": A starts one, ending the saved game
        self.unsaved = False  # settings changed since they were saved
        self.howto = None  # HOW TO PLAY open (firmware/howto.py)

    def enter(self, app, now):
        Screen.enter(self, app, now)
        self.games = games.playable()
        st = app.settings
        if st.game not in self.games and self.games:
            st.game = self.games[0]
        self.line = 0
        self.changed_at = now
        self.opening = None

    # The lines -----------------------------------------------------------------
    # The registry knows every game's player counts and variants: scrolling
    # through the games imports no engine (each costs 10-20 KB of RAM).
    def players(self):
        st = self.app.settings
        lo, hi = registry.players(st.game)
        n = st.players.get(st.game, lo)
        return min(max(n, lo), hi)

    def variants(self):
        return registry.variants_for(self.app.settings.game, self.players())

    def variant(self):
        st = self.app.settings
        vs = self.variants()
        v = st.variant.get(st.game, vs[0])
        return v if v in vs else vs[0]

    def lines(self):
        out = []
        if self.saved is not None:
            out.append(_RESUME)
        out.append(_GAME)
        lo, hi = registry.players(self.app.settings.game)
        if lo != hi:
            out.append(_PLAYERS)
        for s in range(self.players()):
            out.append(s)
        if len(self.variants()) > 1:
            out.append(_VARIANT)
        out.append(_BRIGHT)
        out.append(_SOUND)
        out.append(_GUIDE)
        out.append(_STATS)
        if has_pages(self.app.settings.game) and self.games:  # a file check
            out.append(_HOWTO)
        out.append(_HELP)
        return out

    # Input ---------------------------------------------------------------------
    def button(self, ev, now):
        kind = B.kind_of(ev)
        if kind not in (B.PRESS, B.REPEAT) or self.opening is not None:
            return
        if self.howto is not None:
            self.howto.button(ev, now)
            if not self.howto.open:
                self.howto = None  # back on the HOW TO PLAY line
                self.changed_at = now
            return
        b = B.button_of(ev)
        if self.asking:
            if kind == B.PRESS:
                self.asking = False
                if b == B.A:
                    self.open(_GAME)
                else:
                    self.changed_at = now
                    self.app.beep(sounds.CLICK)
            return
        lines = self.lines()
        self.line = min(self.line, len(lines) - 1)
        if b == B.UP:
            self.line = (self.line - 1) % len(lines)
        elif b == B.DOWN:
            self.line = (self.line + 1) % len(lines)
        elif b in (B.LEFT, B.RIGHT):
            self.change(lines[self.line], 1 if b == B.RIGHT else -1)
        elif b == B.A and kind == B.PRESS:
            if lines[self.line] == _HOWTO:
                self.howto = open_pages(self.app, self.app.settings.game, now)
            elif lines[self.line] == _RESUME:
                self.open(_RESUME)
            elif self.saved is not None and self.games:
                self.asking = True
                self.changed_at = now
                self.app.beep(sounds.CLICK)
            else:
                self.open(_GAME)
            return
        else:
            return
        self.changed_at = now
        self.app.beep(sounds.CLICK)

    def open(self, line):
        """Open the game of `line` (_GAME or _RESUME) after the next frame."""
        if self.games:
            self.opening = line
            self.opening_shown = False

    def change(self, line, step):
        st = self.app.settings
        self.unsaved = True
        if line == _GAME and self.games:
            i = self.games.index(st.game) if st.game in self.games else 0
            st.game = self.games[(i + step) % len(self.games)]
            self.help = 0
            try:
                registry.facts(st.game)
            except MemoryError:
                self.make_room()
        elif line == _PLAYERS:
            lo, hi = registry.players(st.game)
            n = self.players() + step
            if n > hi:
                n = lo
            elif n < lo:
                n = hi
            st.players[st.game] = n
        elif line == _VARIANT:
            vs = self.variants()
            st.variant[st.game] = vs[(vs.index(self.variant()) + step) % len(vs)]
        elif line == _BRIGHT:
            st.brightness = min(BRIGHTNESS_MAX, max(BRIGHTNESS_MIN, st.brightness + BRIGHTNESS_STEP * step))
            self.app.apply_settings()
        elif line == _SOUND:
            st.volume = min(10, max(0, st.volume + step))
            self.app.apply_settings()
        elif line == _HELP:
            self.help += step
        elif line == _GUIDE:
            st.guide = not st.guide
        elif isinstance(line, int):
            seats = st.seats_for(st.game)
            seats[line] = KINDS[(KINDS.index(seats[line]) + step) % len(KINDS)]

    def make_room(self):
        """No room for the chosen game's facts. In MicroPython the names of
        the games played fill the interned-string pool, whose next pool
        needs a run of RAM (several KB) a heap broken up by a game no longer
        has: a restart gives a clean heap, on this game (the settings keep
        it). Without a restart (the simulator) the other games' modules go."""
        games.unload(self.app.settings.game)
        if self.app.hal.restart is not None:
            self.save_settings()
            self.app.hal.restart()
        registry.facts(self.app.settings.game)

    def start(self, now, restarted=False):
        """Start the game chosen on the menu (boot calls it too, with
        `restarted`, when the last run restarted for a clean heap)."""
        from firmware.session import Session
        st = self.app.settings
        if not self.games:
            return
        self.save_settings()
        game, variant = st.game, self.variant()
        seats = st.seats_for(game)[:self.players()]
        seed = mix_seed(now, self.app.hal.display.frames, len(seats))
        launch.open_game(self.app, game, lambda: Session(game, seats, variant, seed),
                         True, restarted)

    def save_settings(self):
        self.app.save_settings()
        self.unsaved = False

    def tick(self, now):
        if self.unsaved and now - self.changed_at >= SAVE_AFTER_MS:
            self.save_settings()
        if self.opening is not None and self.opening_shown:
            line, self.opening = self.opening, None
            if line == _RESUME:
                self.resume()
            else:
                self.start(now)

    def resume(self):
        if self.unsaved:
            self.save_settings()
        saved = self.saved
        launch.open_game(self.app, saved.game, lambda: saved, False)

    # Drawing -------------------------------------------------------------------
    def draw(self, d, now):
        if self.opening is not None:
            self.draw_opening(d)
            return
        if self.howto is not None:
            self.howto.draw(d, now)
            return
        if self.asking:
            t = now - self.changed_at
            gfx.marquee(d, 0, "NEW GAME?", palette.ACCENT, t)
            gfx.marquee(d, 6, "THE SAVED " + registry.title(self.saved.game) + " ENDS",
                        VALUE, t)
            gfx.text(d, 1, 11, "B", palette.BAD)
            draw_a_hint(d, now)
            return
        lines = self.lines()
        self.line = min(self.line, len(lines) - 1)
        line = lines[self.line]
        label, value, colour = self.describe(line)
        t = now - self.changed_at
        gfx.marquee(d, 0, label, LABEL, t)
        gfx.marquee(d, 6, value, colour, t)
        self.draw_extra(d, line, now)
        draw_line_dots(d, len(lines), self.line)
        draw_a_hint(d, now)  # A starts the game

    def draw_opening(self, d):
        """The game being opened, its name in green and the A lit: the press
        is seen before its modules load."""
        label, value, colour = self.describe(self.opening)
        gfx.marquee(d, 0, label, LABEL, 0)
        gfx.marquee(d, 6, value, palette.GOOD, 0)
        self.draw_extra(d, self.opening, 0)
        draw_a(d)
        self.opening_shown = True

    def describe(self, line):
        st = self.app.settings
        if line == _RESUME:
            return "RESUME", registry.title(self.saved.game), palette.GOOD
        if line == _GAME:
            return "GAME", registry.title(st.game) if self.games else "NONE", VALUE
        if line == _PLAYERS:
            return "PLAYERS", str(self.players()), VALUE
        if line == _VARIANT:
            v = self.variant()
            return "RULES", registry.variant_label(st.game, v), VALUE
        if line == _BRIGHT:
            return "LIGHT", "%d%%" % st.brightness, VALUE
        if line == _SOUND:
            return "SOUND", "OFF" if not st.volume else str(st.volume), VALUE
        if line == _STATS:
            return "STATS", self.app.stats.summary(st.game), palette.ACCENT
        if line == _HELP:
            return "HELP", games.help_page(st.game, self.help)[0], VALUE
        if line == _GUIDE:
            return "GUIDE", "ON" if st.guide else "OFF", VALUE
        if line == _HOWTO:
            return _HOWTO, registry.title(st.game), palette.ACCENT
        kind = st.seats_for(st.game)[line]
        return palette.PLAYER_NAMES[line], KIND_LABELS[KINDS.index(kind)], games.seat_colour(st.game, line)

    def draw_extra(self, d, line, now):
        st = self.app.settings
        if line in (_GAME, _RESUME, _HOWTO) and self.games:
            icon = games.icon(self.saved.game if line == _RESUME else st.game)
            if icon:
                gfx.glyph_rows(d, 1, 11, icon[0], icon[1])
        elif line == _BRIGHT:
            _bar(d, 12, st.brightness // 10, 10, palette.scale(palette.WHITE, st.brightness))
        elif line == _SOUND:
            _bar(d, 12, st.volume, 10, palette.ACCENT)
        elif line == _HELP:
            draw_page_dots(d, games.help_page(st.game, 0)[1], self.help)
        elif isinstance(line, int):
            # Every seat as a coloured block; people bright, computers dim.
            n = self.players()
            for s in range(n):
                c = games.seat_colour(st.game, s)
                if st.seats_for(st.game)[s] != "human":
                    c = palette.scale(c, 25)
                x = 1 + s * 3
                d.rect(x, 11, 2, 2, c)
                if s == line:
                    d.pixel(x, 13, palette.WHITE)
                    d.pixel(x + 1, 13, palette.WHITE)


def _bar(d, y, value, top, colour):
    for i in range(top):
        c = colour if i < value else palette.FAINT
        d.pixel(1 + i, y, c)
        d.pixel(1 + i, y + 1, c)

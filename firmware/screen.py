"""The screen protocol: the app routes buttons to one screen and draws it.
Also the marks the one-line-at-a-time lists share (the menu, the pause menu).
"""

from firmware import gfx, palette

# Where a game's HOW TO PLAY pages live (firmware/howto.py shows them).
PAGES_MODULE = "firmware.%s_howto"


def open_pages(app, game, now):
    """HOW TO PLAY for `game` (a firmware/howto.HowTo), or None, with a
    notice and nothing else changed, when there is no memory to load it."""
    from engines_core import registry
    try:
        from firmware.howto import HowTo
        return HowTo(game, now, PAGES_MODULE % game)
    except MemoryError:
        registry.forget(PAGES_MODULE % game)
        registry.forget("firmware.howto")
        app.tell("NO MEMORY")
        return None


def has_pages(game):
    """True if this build has HOW TO PLAY pages for `game` (the menu and the
    pause menu offer them; nothing is imported to know)."""
    from engines_core import registry
    return registry.installed(PAGES_MODULE % game)


class Screen:
    """Base class: override what you need."""

    app = None

    def enter(self, app, now):
        """Called when the screen becomes current."""
        self.app = app

    def button(self, ev, now):
        """One button event (see hal.buttons)."""

    def tick(self, now):
        """Called every loop before drawing: animations, computer moves."""

    def draw(self, d, now):
        """Draw the whole 16x16 screen on display `d`."""

    def still(self, now):
        """True if, until a button event, the screen setting `app.dirty` or
        the time firmware/gfx's helpers reported while it was drawn (see
        gfx.watch), the screen shows what it drew last: the app then draws
        it again only then. False (the default): drawn every step."""
        return False


def draw_line_dots(d, n, current):
    """Where a list of `n` lines stands: a dot per line along the bottom row."""
    gfx.dots(d, (16 - n) // 2, 15, n, current, palette.ACCENT, palette.FAINT)


def draw_a_hint(d, now):
    """A small green A blinking in the corner: A does what the line says."""
    if gfx.blink(now, 1200, 70):
        draw_a(d)


def draw_a(d):
    """The green A of draw_a_hint, lit."""
    gfx.text(d, 13, 11, "A", palette.GOOD)


def draw_page_dots(d, n, page):
    """Which of `n` pages of the game's keys shows (any int: it wraps)."""
    gfx.dots(d, 1, 12, n, page % n, palette.ACCENT, palette.FAINT, 2)

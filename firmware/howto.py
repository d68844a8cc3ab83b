"""HOW TO PLAY: a game's rules a page at a time, each a word and a small
picture (or a few, shown in turn as an animation).

The pages live in one table module per game, firmware/<game>_howto.py,
loaded only while they show and forgotten when they close, as is this
module (the menu and the pause menu import it as HOW TO PLAY opens), so
they cost a game under way nothing. A table's shape (tests/test_howto.py
checks it):

    COLOURS = {character: 0xRRGGBB, ...}   # characters not in it stay dark
    PAGES = ((word, ms a picture shows, (picture, picture, ...)), ...)

a word of at most 4 characters (one line of the 3x5 font, never scrolling),
each picture at most ROWS rows of at most 16 characters, as bytes (b"..."):
a str literal of a compiled module stays in RAM for good as an interned
qstr, bytes go with the module. The menu's HOW TO
PLAY line and the pause menu open it; Left/Right turn the pages (round from
the last to the first, as HELP does), A or B leaves.
"""

from hal import buttons as B
from engines_core import registry
from firmware import gfx, palette

WORD_Y = 0
PICTURE_Y = 6
ROWS = 9  # rows 6-14: the word above, the page dots on row 15
DOTS_Y = 15


class HowTo:
    """The pages of one game, shown inside another screen (the menu, the
    pause menu), which routes buttons here while `open` and draws with
    `draw`. Its table module is loaded here and forgotten by `close`."""

    def __init__(self, game, now, table):
        self.game = game
        self.table = table  # the name of its table module (screen.open_pages)
        mod = registry.load(table)
        self.pages = mod.PAGES
        self.colours = {}  # by byte, as the pictures' rows give them
        for ch in mod.COLOURS:
            self.colours[ord(ch)] = mod.COLOURS[ch]
        self.page = 0
        self.since = now  # when the page began: its animation starts there
        self.open = True

    def button(self, ev, now):
        """Left/Right turn the page, A or B leaves (then `open` is False)."""
        kind = B.kind_of(ev)
        if kind not in (B.PRESS, B.REPEAT):
            return
        b = B.button_of(ev)
        if b in (B.LEFT, B.RIGHT):
            self.page = (self.page + (1 if b == B.RIGHT else -1)) % len(self.pages)
            self.since = now
        elif kind == B.PRESS and b in (B.A, B.B):
            self.close()

    def picture(self, now):
        """The picture of the current page showing at `now`."""
        _, ms, pictures = self.pages[self.page]
        return pictures[(now - self.since) // ms % len(pictures)]

    def draw(self, d, now):
        word = self.pages[self.page][0]
        gfx.text_center(d, WORD_Y, word, palette.ACCENT)
        colours = self.colours
        y = PICTURE_Y
        for row in self.picture(now):
            for x in range(len(row)):
                c = colours.get(row[x])
                if c is not None:
                    d.pixel(x, y, c)
            y += 1
        # The page dots as HELP's (screen.draw_page_dots), on the bottom row.
        gfx.dots(d, 1, DOTS_Y, len(self.pages), self.page, palette.ACCENT, palette.FAINT)

    def close(self):
        """Leave the pages and forget their table and this module (their RAM
        goes back once the screen that opened them lets go of this object)."""
        self.open = False
        self.pages = self.colours = ()
        registry.forget(self.table)
        registry.forget(__name__)

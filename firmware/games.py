"""Which games the firmware can show: an engine plus a screens module."""

from engines_core import registry
from firmware import palette

# name -> (rows of the menu's little picture, {character: colour}); other
# characters are left dark. Kept here, not in the screens modules, so the
# menu can show every game without loading any. At most 4 rows of at most 8
# characters, and each colour is one of the game's own (a constant of its
# screens module): tests/test_firmware.py checks both.
ICONS = {
    "tomoko": (("BW.B", "WBWW", ".BBW"), {"B": 0x2440FF, "W": 0xFFD890, ".": 0x0C0C0C}),
    # Two tiles as on the board: (W,W,B) pointing up, (B,B,W) pointing down.
    "tomoe": (("..wbBBBb", ".WWWWBB.", "wWBWwb.."),
              {"W": 0xFFE0A0, "B": 0x2040FF, "w": 0x60553C, "b": 0x11238C}),
    "tokkome": (("...V", "..GV", ".YGV", "RYGV"),
                {"R": 0xFF1800, "Y": 0xFFD800, "G": 0x20E020, "V": 0xB030FF}),
    "toncc": (("Y.R.B", "B.Y.R", "R.B.Y"),  # the three Kings: hair, body, feet
              {"R": 0xFF1800, "Y": 0xFFB000, "B": 0x1030FF}),
}


# name -> each seat's colour where a game gives its seats fixed colours of
# its own (Tomoe's White and Black), so the menu's seat lines show the colour
# the game will (the screens' seat_colour: tests/test_firmware.py checks).
# Other games' seats are palette.PLAYERS (Tóncc's Kings are drawn at the
# start, so their colours are not known in the menu).
SEAT_COLOURS = {
    "tomoe": (0xFFE0A0, 0x2040FF),
}


# name -> the game's keys, one "KEY: WHAT IT DOES" a page (the 3x5 font's
# capitals and signs). The menu's HELP line and the pause menu show them a
# page at a time; like ICONS they are here so no game needs loading. At
# least 4 pages, one starting "HOLD A:" (what the look view shows) and one
# exactly "HOLD B: PAUSE" (tests/test_firmware.py checks).
HELP = {
    "tomoko": ("ARROWS: ROUND THE EDGE", "ARROW ACROSS: OTHER END", "A: PUSH THE BALL",
               "B: OTHER COLOUR", "HOLD A: SCORES (OPEN: ALL CARDS)", "HOLD B: PAUSE"),
    "tomoe": ("ARROWS: CELL TO CELL", "A ON EMPTY: SHOW A TILE", "LEFT/RIGHT: TURN IT",
              "UP/DOWN: OTHER TILE", "A: LAY IT, B: BACK", "A ON A TILE: TURN IT",
              "B: THE WHOLE BOARD", "HOLD A: SCORES", "HOLD B: PAUSE"),
    "tokkome": ("LEFT/RIGHT: A CARD", "A: PLAY IT", "UP: LOOK AT THE PILES",
                "A IN THE TOKKOME: TAKE IT", "THEN A: LAY A SET, B: NONE",
                "THEN A: A CARD TO THE ARENA",
                "HOLD A: HANDS AND SETS", "HOLD B: PAUSE"),
    "toncc": ("ARROWS: PICK A MOVE", "A: MOVE YOUR KING", "B: MAP, REGION, BOARD",
              "HOLD A: SCORES", "HOLD B: PAUSE"),
}


def help_page(name, page):
    """Page `page` (any int: it wraps) of the game's keys, and how many."""
    pages = HELP.get(name) or ("HOLD B: PAUSE",)
    return pages[page % len(pages)], len(pages)


def seat_colour(name, seat):
    """The colour the menu shows `seat` of game `name` in."""
    return SEAT_COLOURS.get(name, palette.PLAYERS)[seat]


def ui_class(name):
    """The `UI` class of firmware/<name>_screens.py (ImportError if missing)."""
    return registry.load("firmware." + name + "_screens").UI


def playable():
    """Names of games with both an engine and screens on this build."""
    return [n for n in registry.available() if registry.installed("firmware." + n + "_screens")]


def unload(keep=None):
    """Forget the modules of every game but `keep` (engine, computer player,
    screens and their helpers), so the game about to start has their RAM
    (20-40 KB a game). The menu calls it as it starts or resumes a game:
    nothing of another game is in use then. The same game played again
    keeps its modules (loading them anew would only fragment the heap).
    The memory is collected as the next module loads (registry.load)."""
    import sys
    for name in registry.NAMES:
        if name == keep:
            continue
        engine = "engines_core." + name
        screens = "firmware." + name + "_"
        for mod in [m for m in sys.modules
                    if m == engine or m.startswith(engine + "_") or m.startswith(screens)]:
            del sys.modules[mod]
            parent, leaf = mod.split(".")
            try:
                delattr(sys.modules[parent], leaf)
            except (KeyError, AttributeError):
                pass

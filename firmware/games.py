"""Which games the firmware can show: an engine plus a screens module."""

from engines_core import registry
from firmware import palette

# A game's menu icon, seat colours and keys are among its facts
# (engines_core/NAME_facts.py), so the menu shows every game without
# loading any. A name that is no game has none of them (the menu then shows
# no icon, the pause key alone and the players' colours).
def _fact(name, what):
    try:
        return getattr(registry.facts(name), what)
    except ValueError:
        return None


def icon(name):
    """(rows, {character: colour}) of the menu's little picture; other
    characters are left dark."""
    return _fact(name, "ICON")


def help_page(name, page):
    """Page `page` (any int: it wraps) of the game's keys, and how many."""
    pages = _fact(name, "HELP") or ("HOLD B: PAUSE",)
    return pages[page % len(pages)], len(pages)


def seat_colour(name, seat):
    """The colour the menu shows `seat` of game `name` in: the game's own
    where it gives its seats fixed colours (Tomoe's White and Black), else
    the players' (palette.PLAYERS)."""
    return (_fact(name, "SEAT_COLOURS") or palette.PLAYERS)[seat]


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
            registry.forget(mod)

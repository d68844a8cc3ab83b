"""Which games the firmware can show: an engine plus a screens module."""

from engines_core import registry

# name -> (rows of the menu's little picture, {character: colour}); other
# characters are left dark. Kept here, not in the screens modules, so the
# menu can show every game without loading any (the colours are the games').
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

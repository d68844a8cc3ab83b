"""Tomoko's facts, declared once: the registry, the menu, the engine and the
screens read them here, without loading the game (engines_core/registry.py)."""

NAME = "tomoko"
TITLE = "TOMOKO"  # the menu's capitals
CLASS = "Tomoko"  # the engine class, in engines_core/tomoko.py
PLAYERS = (2, 4)  # fewest, most

# Each variant: its name, the player counts it takes (bit n: n players) and
# what the menu calls it (0b11100: 2, 3 or 4 players).
VARIANTS = ("standard", "quick", "teams", "open", "quick+teams", "quick+open")
VARIANT_PLAYERS = (0b11100, 0b11100, 1 << 4, 0b11100, 1 << 4, 0b11100)
VARIANT_LABELS = ("BASIC", "QUICK", "TEAMS", "OPEN", "QUICK TEAMS", "QUICK OPEN")

# The menu's little picture: rows, {character: colour}; "." a dim hollow.
ICON = (("BW.B", "WBWW", ".BBW"), {"B": 0x2440FF, "W": 0xFFD890, ".": 0x0C0C0C})
SEAT_COLOURS = None  # the players' own colours (firmware/palette.PLAYERS)
# The keys, a page each (the menu's HELP line and the pause menu).
HELP = ("ARROWS: ROUND THE EDGE", "ARROW ACROSS: OTHER END", "A: PUSH THE BALL",
        "B: OTHER COLOUR", "HOLD A: SCORES, THE BAG (OPEN: ALL CARDS)", "HOLD B: PAUSE")

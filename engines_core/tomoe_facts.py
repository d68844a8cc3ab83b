"""Tomoe's facts, declared once: the registry, the menu, the engine and the
screens read them here, without loading the game (engines_core/registry.py)."""

NAME = "tomoe"
TITLE = "TOMOE"
CLASS = "Tomoe"
PLAYERS = (2, 2)

# Each variant: its name, the player counts it takes (bit n: n players, so
# 0b11100 is 2, 3 or 4) and what the menu calls it.
VARIANTS = ("standard", "large", "tiles32")
VARIANT_PLAYERS = (0b11100, 0b11100, 0b11100)
VARIANT_LABELS = ("SMALL", "LARGE", "32 TILES")

# Two tiles as on the board: (W,W,B) pointing up, (B,B,W) pointing down.
ICON = (("..wbBBBb", ".WWWWBB.", "wWBWwb.."),
        {"W": 0xFFE0A0, "B": 0x2040FF, "w": 0x60553C, "b": 0x11238C})
SEAT_COLOURS = (0xFFE0A0, 0x2040FF)  # White, and Black (drawn blue)
HELP = ("ARROWS: CELL TO CELL", "A ON EMPTY: SHOW A TILE", "LEFT/RIGHT: TURN IT",
        "UP/DOWN: OTHER TILE", "A: LAY IT, B: BACK", "A ON A TILE: TURN IT",
        "B: THE WHOLE BOARD", "HOLD A: SCORES", "HOLD B: PAUSE")

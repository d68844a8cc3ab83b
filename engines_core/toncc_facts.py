"""Tóncc's facts, declared once: the registry, the menu, the engine and the
screens read them here, without loading the game (engines_core/registry.py)."""

NAME = "toncc"
TITLE = "TONCC"
CLASS = "Toncc"
PLAYERS = (3, 3)

VARIANTS = ("standard", "short")
VARIANT_PLAYERS = (0b11100, 0b11100)
VARIANT_LABELS = ("3 CHALLENGES", "1 CHALLENGE")

ICON = (("Y.R.B", "B.Y.R", "R.B.Y"),  # the three Kings: hair, body, feet
        {"R": 0xFF1800, "Y": 0xFFB000, "B": 0x1030FF})
SEAT_COLOURS = None  # the Kings' colours are drawn at the start
HELP = ("ARROWS: PICK A MOVE", "A: MOVE YOUR KING", "B: FACTS, MAP, REGION, BOARD",
        "FACTS: LEFT RIGHT PICK B BACKGROUND, C SYMBOL COLOUR, S SHAPE, L LINES, D DOTS",
        "HOLD A: SCORES, T AND DOTS: TONCC POINTS", "HOLD B: PAUSE")

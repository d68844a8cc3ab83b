"""Tokkome's facts, declared once: the registry, the menu, the engine and the
screens read them here, without loading the game (engines_core/registry.py)."""

NAME = "tokkome"
TITLE = "TOKKOME"
CLASS = "Tokkome"
PLAYERS = (3, 4)

VARIANTS = ("standard",)
VARIANT_PLAYERS = (0b11100,)
VARIANT_LABELS = ("BASIC",)

ICON = (("...V", "..GV", ".YGV", "RYGV"),
        {"R": 0xFF1800, "Y": 0xFFD800, "G": 0x20E020, "V": 0xB030FF})
SEAT_COLOURS = None
HELP = ("LEFT/RIGHT: A CARD", "A: PLAY IT", "A RUN: A TO SHOW, A TO PLAY, B: BACK",
        "UP: LOOK AT THE PILES",
        "A IN THE TOKKOME: TAKE IT", "THEN A: LAY A SET, B: NONE",
        "THEN A: A CARD TO THE ARENA", "HOLD A: HANDS AND SETS, THEN THE PILES", "HOLD B: PAUSE")

"""Colours used by every screen, as 0xRRGGBB at full scale.

Chosen for WS2812 LEDs seen from a sofa: saturated, and far apart in hue.
Player colours avoid the Tomoko ball colours (blue and warm white), and stay
apart from each other and from them for people with red-green or blue-yellow
colour blindness too (tests/test_colour_vision.py): red, aqua, pink, azure.
"""

BLACK = 0x000000
WHITE = 0xFFFFFF
TEXT = 0xC8C8C8
DIM = 0x2A2A2A
FAINT = 0x121212
ACCENT = 0xFFB000
GOOD = 0x20E040
BAD = 0xFF1010

# Seats P1-P4.
PLAYERS = (0xE00020, 0x20E0C0, 0xFF4080, 0x2080FF)  # red, aqua, pink, azure
PLAYER_NAMES = ("P1", "P2", "P3", "P4")

# Colours that only their colour tells apart, which must stay apart for
# every viewer (tests/test_colour_vision.py checks them under protanopia,
# deuteranopia and tritanopia at every brightness): (what, colours). Each
# screens module has its own TELL_APART; colours told apart by a shape, a
# place or a blink as well are not listed (docs/rules/*.md say which).
TELL_APART = (("seats P1-P4", PLAYERS),)


def scale(colour, num, den=100):
    """`colour` with each channel multiplied by num/den."""
    if num > den:  # brighter: a channel may pass 255
        r = min((colour >> 16) * num // den, 255)
        g = min(((colour >> 8) & 0xFF) * num // den, 255)
        return (r << 16) | (g << 8) | min((colour & 0xFF) * num // den, 255)
    return (((colour >> 16) * num // den) << 16 | (((colour >> 8) & 0xFF) * num // den) << 8
            | (colour & 0xFF) * num // den)


def mix(a, b, num, den=100):
    """num/den of the way from colour a to colour b."""
    out = 0
    for shift in (16, 8, 0):
        ca = (a >> shift) & 0xFF
        cb = (b >> shift) & 0xFF
        out |= (ca + (cb - ca) * num // den) << shift
    return out

"""A 3x5 pixel font: digits, capitals and a few signs.

Each glyph is 15 bits, row-major from the top-left, bit 14 first. Four
characters fit across 16 LEDs (3 px + 1 px space each).
"""

W = 3
H = 5
ADVANCE = 4


# Each glyph's 15 bits, in the order of GLYPHS (its picture beside it).
# Plain ints, not pictures parsed at import: on MicroPython every string
# literal would stay in RAM for good (an interned qstr).
_BITS = (
    0x0000,  # ' ' (blank)
    0x7B6F,  # '0' ### #.# #.# #.# ###
    0x2C97,  # '1' .#. ##. .#. .#. ###
    0x73E7,  # '2' ### ..# ### #.. ###
    0x72CF,  # '3' ### ..# .## ..# ###
    0x5BC9,  # '4' #.# #.# ### ..# ..#
    0x79CF,  # '5' ### #.. ### ..# ###
    0x79EF,  # '6' ### #.. ### #.# ###
    0x7252,  # '7' ### ..# ..# .#. .#.
    0x7BEF,  # '8' ### #.# ### #.# ###
    0x7BCF,  # '9' ### #.# ### ..# ###
    0x2BED,  # 'A' .#. #.# ### #.# #.#
    0x6BAE,  # 'B' ##. #.# ##. #.# ##.
    0x3923,  # 'C' .## #.. #.. #.. .##
    0x6B6E,  # 'D' ##. #.# #.# #.# ##.
    0x79A7,  # 'E' ### #.. ##. #.. ###
    0x79A4,  # 'F' ### #.. ##. #.. #..
    0x396B,  # 'G' .## #.. #.# #.# .##
    0x5BED,  # 'H' #.# #.# ### #.# #.#
    0x7497,  # 'I' ### .#. .#. .#. ###
    0x126A,  # 'J' ..# ..# ..# #.# .#.
    0x5BAD,  # 'K' #.# #.# ##. #.# #.#
    0x4927,  # 'L' #.. #.. #.. #.. ###
    0x5FED,  # 'M' #.# ### ### #.# #.#
    0x6B6D,  # 'N' ##. #.# #.# #.# #.#
    0x2B6A,  # 'O' .#. #.# #.# #.# .#.
    0x6BA4,  # 'P' ##. #.# ##. #.. #..
    0x2B73,  # 'Q' .#. #.# #.# ##. .##
    0x6BAD,  # 'R' ##. #.# ##. #.# #.#
    0x388E,  # 'S' .## #.. .#. ..# ##.
    0x7492,  # 'T' ### .#. .#. .#. .#.
    0x5B6F,  # 'U' #.# #.# #.# #.# ###
    0x5B6A,  # 'V' #.# #.# #.# #.# .#.
    0x5BFD,  # 'W' #.# #.# ### ### #.#
    0x5AAD,  # 'X' #.# #.# .#. #.# #.#
    0x5A92,  # 'Y' #.# #.# .#. .#. .#.
    0x72A7,  # 'Z' ### ..# .#. #.. ###
    0x01C0,  # '-' ... ... ### ... ...
    0x05D0,  # '+' ... .#. ### .#. ...
    0x0E38,  # '=' ... ### ... ### ...
    0x0410,  # ':' ... .#. ... .#. ...
    0x0002,  # '.' ... ... ... ... .#.
    0x0014,  # ',' ... ... ... .#. #..
    0x2482,  # '!' .#. .#. .#. ... .#.
    0x6282,  # '?' ##. ..# .#. ... .#.
    0x12A4,  # '/' ..# ..# .#. #.. #..
    0x4454,  # '>' #.. .#. ..# .#. #..
    0x1511,  # '<' ..# .#. #.. .#. ..#
    0x52A5,  # '%' #.# ..# .#. #.. #.#
    0x2400,  # "'" .#. .#. ... ... ...
    0x2922,  # '(' .#. #.. #.. #.. .#.
    0x224A,  # ')' .#. ..# ..# ..# .#.
)
GLYPHS = " 0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-+=:.,!?/><%'()"  # the characters the font has

_ACCENTS = {"Ó": "O", "ó": "O", "É": "E", "é": "E", "Ü": "U", "ü": "U", "Ä": "A", "ä": "A", "Ö": "O", "ö": "O"}


def _index():
    # Character code -> place in GLYPHS ('?' where the font has none), lower
    # case and accents folded: glyph() then makes no string (ch.upper() did,
    # for every letter of every frame's text).
    t = bytearray(bytes([GLYPHS.index("?")]) * 256)
    for i in range(len(GLYPHS)):
        t[ord(GLYPHS[i])] = i
        t[ord(GLYPHS[i].lower())] = i
    for ch in _ACCENTS:
        t[ord(ch)] = GLYPHS.index(_ACCENTS[ch])
    return t


_INDEX = _index()


def glyph(ch):
    """The 15-bit glyph for a character (lower case and accents folded)."""
    o = ord(ch)
    return _BITS[_INDEX[o] if o < 256 else _INDEX[63]]


def width(text):
    """Pixel width of `text` without the trailing space."""
    return len(text) * ADVANCE - 1 if text else 0

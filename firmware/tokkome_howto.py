"""Tokkome's HOW TO PLAY pages (firmware/howto.py reads them): cards as the
turn screen shows a pile's top card, a digit in its value's colour, on the
arena's dark wood."""

from firmware import font

COLOURS = {
    "1": 0xFF1800, "2": 0xFF7000, "3": 0xFFD800, "4": 0x20E020,  # tokkome_screens.VALUE
    "5": 0x00B8FF, "6": 0x2038FF, "7": 0xB030FF,
    "n": 0x4A2E0C,  # the arena under the Tokkome (tokkome_screens.ARENA)
    "$": 0xFFC000,  # a laid set (tokkome_screens.GOLD)
    "D": 0x9A9A9A,  # a card drawn (tokkome_screens.DRAW)
    "+": 0x20E040, "-": 0xFF1010,  # points won, points lost
}


def _picture(items):
    """9 rows of 16 from `items`: (x, text, char) draws text in the 3x5
    font on rows 2-6 (a digit in its own colour when char is None);
    (x, "[", char) is a card's side."""
    rows = [bytearray(b"." * 16) for _ in range(9)]
    for x, text, char in items:
        if text == "[":
            for y in range(2, 7):
                rows[y][x] = ord(char)
            continue
        for ch in text:
            g = font.glyph(ch)
            bit = 1 << 14
            for y in range(5):
                for i in range(3):
                    if g & bit and 0 <= x + i < 16:
                        rows[2 + y][x + i] = ord(char or ch)
                    bit >>= 1
            x += 4
    return tuple(bytes(r) for r in rows)


def _pile(top, hand, at=7):
    """The Tokkome's top card at x 0-4 and cards from the hand at `at`."""
    items = [(0, "[", "n"), (4, "[", "n"), (1, top, None)]
    if hand:
        items.append((at, hand, None))
    return _picture(items)


PAGES = (
    # Goal: a laid set scores its value; each value left in hand costs it.
    ("GOAL", 800, (_picture([(2, "555", None)]), _picture([(2, "555", "$")]),
                   _picture([(4, "+5", "+")]), _picture([(6, "3", None)]),
                   _picture([(4, "-3", "-")]))),
    # A turn: one card, one more or one less than a pile's top card.
    ("ONE", 600, (_pile("4", "5", 12), _pile("4", "5", 8), _pile("5", ""), _pile("5", ""),
                  _pile("4", "3", 12), _pile("4", "3", 8), _pile("3", ""), _pile("3", ""))),
    # Or a run of three, all up or all down from the top card.
    ("RUN", 500, (_pile("4", "567", 5), _pile("5", "67", 9), _pile("6", "7", 13), _pile("7", ""),
                  _pile("4", "321", 5), _pile("3", "21", 9), _pile("2", "1", 13), _pile("1", ""))),
    # Or take the whole Tokkome (fewer than 3 cards: draw up to 3) ...
    ("TAKE", 800, (_pile("6", "2", 6), _picture([(0, "[", "n"), (4, "[", "n"), (7, "62", None)]),
                   _picture([(0, "[", "n"), (4, "[", "n"), (7, "62", None), (15, "[", "D")]))),
    # ... then lay one three-of-a-kind, if you like, and put one card on
    # the arena: the new Tokkome.
    ("SET", 800, (_picture([(1, "6662", None)]), _picture([(1, "666", "$"), (13, "2", None)]),
                  _picture([(0, "[", "n"), (4, "[", "n"), (13, "2", None)]),
                  _pile("2", ""))),
    # The end: a hand empty (or the turn that drew the last card over).
    ("END", 700, (_pile("2", "1", 12), _pile("1", ""),
                  _picture([(6, "0", "D")]))),
)

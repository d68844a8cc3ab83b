"""Tomoko's HOW TO PLAY pages (firmware/howto.py reads them): the board in
miniature, one LED a hollow, in the screens' own colours."""

COLOURS = {
    "D": 0x2440FF, "L": 0xFFD890,  # the balls (tomoko_screens.BALL)
    "d": 0x091040, "l": 0x403624,  # the same, dimmed: not in the window
    "o": 0x0C0C0C,  # an empty hollow (tomoko_screens.HOLLOW)
    "g": 0x4C0904,  # the gutter, in the colour of the seat to move
    "c": 0x505050,  # a card's edge
    "a": 0xFFB000,  # an arrow
    "R": 0xFF1010,  # refused
    "P": 0xFF2010, "p": 0x260502,  # P1's pips: laid, still needed
    "G": 0x10E010, "M": 0xE010E0, "T": 0x10D0E0,  # P2-P4
    "w": 0xFFFFFF,
}

_BOARD = (
    b"................",
    b"........ggggggg.",
    b"ccccc...gLoDoog.",
    b"cDLDc.a.goDLDLg.",
    b"cLDLc.aagDLDLog.",
    b"cDLDc.a.goDLDDg.",
    b"ccccc...gooLoog.",
    b"........ggggggg.",
    b"................",
)
_MATCH = (
    b"................",
    b"........ggggggg.",
    b"ccccc...glodoog.",
    b"cDLDc.a.goDLDlg.",
    b"cLDLc.aagdLDLog.",
    b"cDLDc.a.goDLDdg.",
    b"ccccc...gooloog.",
    b"........ggggggg.",
    b"................",
)


def _line(left, row, right, arrow=False):
    """A mini board whose middle line is `row`, `left` and `right` in the
    gutter at its ends, with an arrow pointing in from the left."""
    middle = left.encode() + row.encode() + right.encode()
    return (
        b"................",
        b".....ggggggg....",
        b".....gooDoog....",
        b"...a.goLoDog....",
        b"aaaa." + middle + b"....",
        b"...a.goooDog....",
        b".....gLoooog....",
        b".....ggggggg....",
        b"................",
    ) if arrow else (
        b"................",
        b".....ggggggg....",
        b".....gooDoog....",
        b".....goLoDog....",
        b"....." + middle + b"....",
        b".....goooDog....",
        b".....gLoooog....",
        b".....ggggggg....",
        b"................",
    )


PAGES = (
    # Goal: a 3x3 window of the board shows the pattern of one of your cards.
    ("GOAL", 700, (_BOARD, _BOARD, _MATCH, _BOARD, _MATCH)),
    # A turn: choose a colour (B), an entry in the gutter, push (A): the
    # ball takes the edge hollow and the run of balls there moves one step.
    ("PUSH", 700, (_line("D", "DLoLo", "g", True), _line("L", "DLoLo", "g", True),
                   _line("L", "DLoLo", "g", True), _line("g", "LDLLo", "g", True),
                   _line("g", "LDLLo", "g", True))),
    # A full line: the ball at the far end falls into the gutter, back to the bag.
    ("FULL", 700, (_line("L", "DLDLD", "g", True), _line("g", "LDLDL", "D", True),
                   _line("g", "LDLDL", "g", True))),
    # A matched card is laid (anyone's, after any push): a pip more, a new card.
    ("LAY", 800, (
        _MATCH[:8] + (b"PPpppppppp......",),
        (b"................", b"........ggggggg.", b"........glodoog.", b"......a.goDLDlg.",
         b"......aagdLDLog.", b"......a.goDLDdg.", b"........gooloog.", b"........ggggggg.",
         b"PPPppppppp......"),
        (b"................", b"........ggggggg.", b"ccccc...gLoDoog.", b"cLLDc...goDLDLg.",
         b"cDDLc...gDLDLog.", b"cLDLc...goDLDDg.", b"ccccc...gooLoog.", b"........ggggggg.",
         b"PPPppppppp......"),
    )),
    # No undo: the push that would give back the board of before the last
    # push is refused (its line flashes red).
    ("NO", 600, (_line("g", "LDLLo", "g", True), _line("g", "RRRRR", "R"),
                 _line("g", "LDLLo", "R"), _line("g", "RRRRR", "R"))),
    # The end: the first to lay 10 cards (2 players), 5 (3) or 3 (4) wins.
    ("WIN", 500, (
        (b"ww..............", b"......PPPPPPPPPP", b"................", b"www.............",
         b"...........GGGGG", b"................", b"wwww............", b".............MMM",
         b"................"),
        (b"ww..............", b"......pppppppppp", b"................", b"www.............",
         b"...........GGGGG", b"................", b"wwww............", b".............MMM",
         b"................"),
    )),
)

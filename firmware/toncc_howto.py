"""Tóncc's HOW TO PLAY pages (firmware/howto.py reads them): the board of 19
hexes one LED each, Kings as the screens draw them (hair, body, feet, 2 LEDs
wide), the Map as a triangle of 18 places, in the screens' colours."""

COLOURS = {
    "R": 0xFF1800, "Y": 0xFFB000, "B": 0x1030FF,  # toncc_screens.COL
    "r": 0x660900, "y": 0x604300, "b": 0x091B93,  # backgrounds (toncc_screens.HEX)
    "g": 0x0A3C0A,  # a face-down Region (toncc_screens.GREEN)
    "m": 0x383838,  # the Mind (toncc_screens.MIND_COL); an empty Map place
    "w": 0xFFFFFF,  # a Kingdom
}

# The 19 hexes in reading order (rows of 3, 4, 5, 4, 3; cell 9 the Mind).
_XY = ((5, 2), (7, 2), (9, 2), (4, 3), (6, 3), (8, 3), (10, 3), (3, 4), (5, 4), (7, 4),
       (9, 4), (11, 4), (4, 5), (6, 5), (8, 5), (10, 5), (5, 6), (7, 6), (9, 6))
_BACK = "ryb" "ybry" "brmyr" "rybb" "yrb"  # each hex's background


def _board(kings=(), face_down=()):
    """The board with `kings` [(cell, body colour char)] lit and the cells of
    `face_down` green."""
    rows = [bytearray(b"." * 16) for _ in range(9)]
    for c in range(19):
        x, y = _XY[c]
        rows[y][x] = ord("g" if c in face_down else _BACK[c])
    for c, k in kings:
        x, y = _XY[c]
        rows[y][x] = ord(k)
    return tuple(bytes(r) for r in rows)


# The Map's 18 places: the base left to right, then up the right side and
# down the left, one LED each.
_MAP = tuple([(1 + 2 * i, 8) for i in range(7)] + [(13 - i, 8 - i) for i in range(1, 7)]
             + [(7 - i, 2 + i) for i in range(1, 6)])


def _map(seals):
    """The Map with `seals` {place: char}."""
    rows = [bytearray(b"." * 16) for _ in range(9)]
    for p in range(18):
        x, y = _MAP[p]
        rows[y][x] = ord(seals.get(p, "m"))
    return tuple(bytes(r) for r in rows)


def _rows(*rows):
    return tuple(rows)


# A Region with a yellow background and two Kings on it: Yellow (red hair,
# yellow body, blue feet) and Red (blue hair, red body, yellow feet).
_CONTEST = _rows(b"................", b".yyyyyyyyy......", b".yRRyyBByy......", b".yYYyyRRyy......",
                 b".yBByyYYyy......", b".yyyyyyyyy......", b"................", b"................",
                 b"................")
_WON = _rows(b"................", b".ggggggggg......", b".gRRggBBgg......", b".gYYggRRgg......",
             b".gBBggYYgg......", b".gggggggggyyyy..", b"..........yYYy..", b"..........yyyy..",
             b"................")

PAGES = (
    # Goal: Kingdoms, 3 of your Seals in a row on one side of the Map.
    ("GOAL", 700, (_map({2: "R", 3: "R", 9: "Y", 15: "B"}),
                   _map({2: "R", 3: "R", 4: "R", 9: "Y", 15: "B"}),
                   _map({2: "w", 3: "w", 4: "w", 9: "Y", 15: "B"}),
                   _map({2: "R", 3: "R", 4: "R", 9: "Y", 15: "B"}))),
    # A move: every King picks one of 6 directions in secret; all move at once.
    ("MOVE", 800, (_board(((9, "w"),)), _board(((5, "R"), (8, "Y"), (14, "B"))),
                   _board(((1, "R"), (7, "Y"), (18, "B")), (5, 8, 14)))),
    # A Region goes to the King strongest on its background (body, then
    # hair, then feet): his Seal goes on the Map; the Region turns face down.
    ("TAKE", 900, (_CONTEST, _CONTEST, _WON)),
    # Kingdom points: a Region of the King's body colour 1, hair 2, feet 3.
    ("PTS", 1500, (_rows(b"................", b".BB....BB.BB....", b"................",
                          b".RR....RR.......", b"................", b".YY....YY.YY.YY.",
                          b"................", b"................", b"................"),)),
    # A challenge ends when a King lays his 6th Seal, or after 3 moves with
    # no conquest; 3 challenges, Tóncc points 2, 1, 0; most points win.
    ("END", 700, (
        _rows(b"................", b"RRRRR...........", b"................", b"YYY.............",
              b"................", b"BB..............", b"................", b"................", b"................"),
        _rows(b"................", b"RRRRRR..........", b"................", b"YYY.............",
              b"................", b"BB..............", b"................", b"................", b"................"),
        _rows(b"................", b"wwwwww..........", b"................", b"YYY.............",
              b"................", b"BB..............", b"................", b"................", b"................"),
    )),
)

"""Tomoe's HOW TO PLAY pages (firmware/howto.py reads them): triangles drawn
as the zoomed board draws them (9 LEDs: dim tips, bright edge middles and
centre), in the screens' colours; curves and pockets in outline."""

COLOURS = {
    "W": 0xFFE0A0, "B": 0x2040FF,  # White and Black (drawn blue): tomoe_screens.COL
    "w": 0x615534, "b": 0x11238C,  # their tips (tomoe_screens.TIP)
    "r": 0x38311F, "k": 0x0B1659,  # their rim areas (tomoe_screens.RIM)
    "x": 0x0A1233,  # Black, enclosed (dimmed)
    "e": 0x161616,  # an empty cell (tomoe_screens.EMPTY)
    "a": 0xFFB000,  # the cursor
    "R": 0xFF1010,  # refused
}

# LEDs of a triangle 5 wide and 3 high (tomoe_screens._ZOOM_ROLES): tips,
# then the edge middles, the centre and the two LEDs beside the horizontal
# edge's middle.
_UP = ((2, 0), (4, 2), (0, 2), (3, 1), (2, 2), (1, 1), (2, 1), (1, 2), (3, 2))
_DOWN = ((0, 0), (4, 0), (2, 2), (2, 0), (3, 1), (1, 1), (2, 1), (1, 0), (3, 0))


def _picture(tiles, extra=()):
    """9 rows of 16: `tiles` is [(x, y, up, middles)] with middles three of
    W/B in role order, or None for an empty cell; `extra` [(x, y, char)]."""
    rows = [bytearray(b"." * 16) for _ in range(9)]
    for x, y, up, mids in tiles:
        roles = _UP if up else _DOWN
        if mids is None:
            cx, cy = roles[6]
            rows[y + cy][x + cx] = ord("e")
            continue
        tip = "w" if up else "b"
        full = "W" if up else "B"
        pair = "B" if mids.count("B") >= 2 else "W"
        side = mids[1] if up else mids[0]  # the horizontal edge's middle
        near = pair if side == pair else full
        for k, c in enumerate((tip, tip, tip, mids[0], mids[1], mids[2], pair, near, near)):
            px, py = roles[k]
            rows[y + py][x + px] = ord(c)
    for x, y, c in extra:
        rows[y][x] = ord(c)
    return tuple(bytes(r) for r in rows)


def _strip(cells, extra=()):
    """A row of six cells, up, down, up... from x 1, y 3 (None: empty)."""
    return _picture([(1 + 2 * k, 3, k % 2 == 0, m) for k, m in enumerate(cells)], extra)


# A White curve from White's rim (bottom) round a pocket of Black.
_RING = (
    b"......WWWW......",
    b"....WW....WW....",
    b"...W..BBBB..W...",
    b"...W.BBBBBB.W...",
    b"...W..BBBB..W...",
    b"....WW....WW....",
    b"......W.........",
    b"......W.........",
    b"rrrrrrrrrrrrrrrr",
)
_ENCLOSED = tuple(r.replace(b"B", b"x") for r in _RING)


def _cursor(rows, x, y, c):
    r = rows[y]
    return rows[:y] + (r[:x] + c + r[x + 1:],) + rows[y + 1:]


_A = ("BWW", "WBW", "WWB")  # a tile turned a third at a time (middles)
_E6 = (None,) * 6

PAGES = (
    # Goal: enclose the other colour with curves of your colour.
    ("GOAL", 700, (_RING, _ENCLOSED)),
    # The four figures: white tips point up, black tips down.
    ("TILE", 1500, (_picture([(1, 1, True, "WBW"), (9, 1, True, "BBW"),
                              (1, 5, False, "WBB"), (9, 5, False, "BWW")]),)),
    # A move: two new tiles (White's first move: one).
    ("MOVE", 700, (_strip(_E6), _strip(("WBW",) + _E6[1:]),
                   _strip(("WBW", "WBB") + _E6[2:]), _strip(("WBW", "WBB") + _E6[2:]))),
    # Or turn a laid tile by a third, then lay one.
    ("TURN", 700, (_strip(("WBW", "WBB", "WWB") + _E6[3:], ((5, 2, "a"),)),
                   _strip(("WBW", "WBB", "BWW") + _E6[3:], ((5, 2, "a"),)),
                   _strip(("WBW", "WBB", "WBW") + _E6[3:], ((5, 2, "a"),)),
                   _strip(("WBW", "WBB", "WBW", "BBW") + _E6[4:]))),
    # A tile on a closed curve is locked: turning it is refused.
    ("LOCK", 500, (_cursor(_RING, 3, 3, b"a"), _cursor(_RING, 3, 3, b"R"),
                   _cursor(_RING, 3, 3, b"a"), _cursor(_RING, 3, 3, b"R"))),
    # The end: the board full, each enclosed sector of the other colour is
    # a point; more points win.
    ("END", 600, (
        _ENCLOSED[:8] + (b"W...............",),
        _ENCLOSED[:8] + (b"WWW.............",),
        _ENCLOSED[:8] + (b"WWWWW...........",),
        _ENCLOSED[:8] + (b"WWWWWWW.........",),
        _ENCLOSED[:8] + (b"WWWWWWWW......BB",),
        _ENCLOSED[:8] + (b"WWWWWWWW......BB",),
    )),
)

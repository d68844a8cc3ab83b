"""Tomoe's HOW TO PLAY pages (firmware/howto.py reads them): triangles drawn
as the zoomed board draws them (9 LEDs: a dim inner stripe in each corner,
the bright outer stripe beside it, an edge middle lit where two outer
stripes join: firmware/tomoe_tiles.py), in the screens' colours; curves and
pockets in outline."""

COLOURS = {
    "W": 0xFFE0A0, "B": 0x2040FF,  # White and Black (drawn blue): tomoe_screens.COL
    "w": 0x665940, "b": 0x11238C,  # their inner stripes (tomoe_tiles.INNER_PCT)
    "r": 0x38311F, "k": 0x0B1659,  # their rim areas (tomoe_screens.RIM)
    "x": 0x0A1233,  # Black, enclosed (dimmed)
    "e": 0x161616,  # an empty cell (tomoe_screens.EMPTY)
    "a": 0xFFB000,  # the cursor
    "R": 0xFF1010,  # refused
}

# LEDs of a triangle 5 wide and 3 high (tomoe_screens._ZOOM_ROLES): corners,
# then the edge middles, the centre and the two LEDs beside the horizontal
# edge's middle.
_UP = ((2, 0), (4, 2), (0, 2), (3, 1), (2, 2), (1, 1), (2, 1), (1, 2), (3, 2))
_DOWN = ((0, 0), (4, 0), (2, 2), (2, 0), (3, 1), (1, 1), (2, 1), (1, 0), (3, 0))
_OUTER = ((6, 8, 7), (7, 8, 6))  # corner k's outer stripe's role (up, down)


def _picture(tiles, extra=()):
    """9 rows of 16: `tiles` is [(x, y, up, inner)] with inner three of W/B,
    the inner stripes of corners 0-2 (the pattern's bits), or None for an
    empty cell; `extra` [(x, y, char)]."""
    rows = [bytearray(b"." * 16) for _ in range(9)]
    for x, y, up, inner in tiles:
        roles = _UP if up else _DOWN
        if inner is None:
            cx, cy = roles[6]
            rows[y + cy][x + cx] = ord("e")
            continue
        for k in range(3):
            c = inner[k]
            other = "B" if c == "W" else "W"
            for role, ch in ((k, c.lower()), (_OUTER[0 if up else 1][k], other),
                             (3 + k, other if c == inner[(k + 1) % 3] else ".")):
                px, py = roles[role]
                rows[y + py][x + px] = ord(ch)
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

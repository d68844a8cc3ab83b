"""How Tomoe's tiles look on the LEDs (docs/rules/tomoe.md, "Screens and
controls"): the tables firmware/tomoe_screens.py draws from,
built once when a game starts; this module is forgotten after.

Roles of a triangle's 9 zoomed LEDs (tomoe_screens._ZOOM_ROLES): tips 0-2
(its corners), the middles of edges 0-2, its centre, and the two LEDs
between the horizontal edge's middle and its corners. The map's 4:
tomoe_screens._MAP_ROLES.
"""

from firmware import palette
from engines_core.tomoe_board import ESEC

COL = (0, 0)  # the sides' colours and the tips': set by Picture (from the screens)
TIP = (0, 0)


# A tile (engines_core/tomoe_board.py): a kite per corner k, its inner stripe
# the colour of bit k of the pattern, its outer stripe the other colour.
# Inner stripes only ever ring a vertex; the outer stripes make the long
# curves (two of a tile's three join in its middle). So in the zoomed view
# the corner LED (role k) shows the inner stripe, dim (the tip inside it is
# always the cell's tip colour, white up, black down: the grid says it); the
# LED next to the corner inside the triangle shows the outer stripe, bright
# (role 6 for the corner away from the horizontal edge, 7 and 8 for the
# "between" LEDs next to the other two); the edge middle k (role 3 + k)
# shows where the outer stripes of corners k and k+1 meet: their colour
# where they are one band, dark where two bands part. Round every grid vertex the six corner LEDs are a 3x2
# block (the ring of inner stripes) and the six outer LEDs a ring round it
# (the ring of outer stripes), so a closed ring is a block of one colour.
_OUTER_ROLE = ((6, 8, 7), (7, 8, 6))  # per orientation: corner k's outer LED
INNER_PCT = (40, 55)  # the inner stripes' level, white and blue


def tile_colours(orient, p):
    """The 9 colours of a tile (role order) in the zoomed view."""
    out = [0] * 9
    for k in range(3):
        bit = (p >> k) & 1
        out[k] = palette.scale(COL[bit], INNER_PCT[bit])
        out[_OUTER_ROLE[orient][k]] = COL[1 - bit]
        out[3 + k] = COL[1 - bit] if bit == (p >> (k + 1) % 3) & 1 else 0
    return tuple(out)


# The map (4 LEDs, _MAP_ROLES' places) shows the curves alone: the
# outer stripes at the corners (round a vertex a 3x2 block, one colour when
# their ring is closed) and, in the middle, the colour of the two outer
# stripes that join there. LEDs of one colour that touch are then mostly
# one curve.
_MAP_CORNER = ((0, 1, 3), (3, 2, 0))  # per orientation: corner k's map role
_MAP_MIDDLE = (2, 1)


def map_colours(orient, p):
    """The 4 colours of a tile in the map (role order)."""
    out = [0] * 4
    for k in range(3):
        out[_MAP_CORNER[orient][k]] = COL[1 - ((p >> k) & 1)]
    blacks = (p & 1) + (p >> 1 & 1) + (p >> 2)
    out[_MAP_MIDDLE[orient]] = COL[0 if blacks >= 2 else 1]
    return tuple(out)


def tables(col, tip):
    """How the tiles look, as bytes: (pal, zoom,
    map, map_nodes, cursor, map_middle). `pal`: every colour a tile is drawn
    in ((index - 1) & 1 is its side); `zoom[content * 9 + role]` and
    `map[content * 4 + role]` index it per content (orientation * 8 +
    pattern); `map_nodes[content * 4 + role]`: the sectors a map LED stands
    for, a bit each; `cursor`: the zoomed roles the cursor lights; the
    map's middle role per orientation. `col`, `tip`: the sides' colours and
    the tips' (tomoe_screens.COL, TIP). Bytes, not tuples of colours: RAM."""
    global COL, TIP
    COL = col
    TIP = tip
    pal = (0, col[0], col[1], palette.scale(col[0], INNER_PCT[0]),
           palette.scale(col[1], INNER_PCT[1]), tip[0], tip[1])
    zoom = bytearray(16 * 9)
    mp = bytearray(16 * 4)
    nodes = bytearray(16 * 4)
    for o in (0, 1):
        for p in range(1, 7):
            ci = o * 8 + p
            cols = tile_colours(o, p)
            for i in range(9):
                zoom[ci * 9 + i] = pal.index(cols[i])
            cols = map_colours(o, p)
            bits = _map_nodes(o, p)
            for i in range(4):
                mp[ci * 4 + i] = pal.index(cols[i])
                nodes[ci * 4 + i] = bits[i]
    # The cursor never covers what the player reads: it lights the edge
    # middles (their colour repeats the stripes'); in the map the middle
    # (the two outer stripes that join there say its colour).
    return (pal, bytes(zoom), bytes(mp), bytes(nodes), (3, 4, 5), _MAP_MIDDLE)


def _map_nodes(orient, p):
    """A corner LED stands for its kite's tip and stripes, the
    middle for the two outer stripes that join there."""
    ci = (orient * 8 + p) * 18
    out = [0] * 4
    blacks = (p & 1) + (p >> 1 & 1) + (p >> 2)
    for k in range(3):
        m = 0
        for j in range(3):
            m |= 1 << ESEC[ci + 6 * k + j]
        out[_MAP_CORNER[orient][k]] = m
        if (p >> k) & 1 == (1 if blacks >= 2 else 0):
            out[_MAP_MIDDLE[orient]] |= 1 << ESEC[ci + 6 * k + 2]
    return tuple(out)



"""How Tomoe's tiles look on the LEDs, per tile model (docs/rules/tomoe.md,
"Screens and controls"): the tables firmware/tomoe_screens.py draws from,
built once when a game starts; this module is forgotten after.

Roles of a triangle's 9 zoomed LEDs (tomoe_screens._ZOOM_ROLES): tips 0-2
(its corners), the middles of edges 0-2, its centre, and the two LEDs
between the horizontal edge's middle and its corners. The map's 4:
tomoe_screens._MAP_ROLES.
"""

from firmware import palette
from engines_core import tomoe_board as TB
from engines_core.tomoe_board import TOWN, MOWN

_BETWEEN = ((2, 1), (0, 1))  # corners next to the two "between" LEDs (up, down)
COL = (0, 0)  # the sides' colours and the tips': set by Picture (from the screens)
TIP = (0, 0)


def tile_colours(orient, p, tip=None):
    """Model A: the 9 colours of a tile (role order) in the zoomed view (an
    empty cell is only its centre dot, EMPTY: draw_zoom draws it)."""
    t = TIP[orient] if tip is None else tip
    blacks = (p & 1) + (p >> 1 & 1) + (p >> 2)
    pair = COL[1 if blacks >= 2 else 0]
    full = COL[orient]
    ci = (orient * 8 + p) * 4
    ca, cb = _BETWEEN[orient]
    return (t, t, t, COL[p & 1], COL[p >> 1 & 1], COL[p >> 2], pair,
            pair if TOWN[ci + ca] == 2 else full, pair if TOWN[ci + cb] == 2 else full)


def map_colours(p):
    """Model A: the 4 colours of a tile in the map: centre, middles 0-2."""
    blacks = (p & 1) + (p >> 1 & 1) + (p >> 2)
    return (COL[1 if blacks >= 2 else 0], COL[p & 1], COL[p >> 1 & 1], COL[p >> 2])


# Model D (engines_core/tomoe_hex.py): a kite per corner k, its inner stripe
# the colour of bit k of the pattern, its outer stripe the other colour.
# Inner stripes only ever ring a vertex; the outer stripes make the long
# curves (two of a tile's three join in its middle). So in the zoomed view
# the corner LED (role k) shows the inner stripe, dim (the tip inside it is
# always the cell's tip colour, white up, black down: the grid says it); the
# LED next to the corner inside the triangle shows the outer stripe, bright
# (role 6 for the corner away from the horizontal edge, 7 and 8 for those of
# _BETWEEN); the edge middle k (role 3 + k) shows where the outer stripes of
# corners k and k+1 meet: their colour where they are one band, dark where
# two bands part. Round every grid vertex the six corner LEDs are a 3x2
# block (the ring of inner stripes) and the six outer LEDs a ring round it
# (the ring of outer stripes), so a closed ring is a block of one colour.
_OUTER_ROLE = ((6, 8, 7), (7, 8, 6))  # per orientation: corner k's outer LED
INNER_PCT = (40, 55)  # the inner stripes' level, white and blue


def hex_tile_colours(orient, p):
    """Model D: the 9 colours of a tile (role order) in the zoomed view."""
    out = [0] * 9
    for k in range(3):
        bit = (p >> k) & 1
        out[k] = palette.scale(COL[bit], INNER_PCT[bit])
        out[_OUTER_ROLE[orient][k]] = COL[1 - bit]
        out[3 + k] = COL[1 - bit] if bit == (p >> (k + 1) % 3) & 1 else 0
    return tuple(out)


# Model D's map (4 LEDs, _MAP_ROLES' places) shows the curves alone: the
# outer stripes at the corners (round a vertex a 3x2 block, one colour when
# their ring is closed) and, in the middle, the colour of the two outer
# stripes that join there. LEDs of one colour that touch are then mostly
# one curve.
_MAP_CORNER = ((0, 1, 3), (3, 2, 0))  # per orientation: corner k's map role
_MAP_MIDDLE = (2, 1)


def hex_map_colours(orient, p):
    """Model D: the 4 colours of a tile in the map (role order)."""
    out = [0] * 4
    for k in range(3):
        out[_MAP_CORNER[orient][k]] = COL[1 - ((p >> k) & 1)]
    blacks = (p & 1) + (p >> 1 & 1) + (p >> 2)
    out[_MAP_MIDDLE[orient]] = COL[0 if blacks >= 2 else 1]
    return tuple(out)


def tables(model, col, tip):
    """How the tiles of `model` ("A" or "D") look, as bytes: (pal, zoom,
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
    hexes = model == "D"
    zoom = bytearray(16 * 9)
    mp = bytearray(16 * 4)
    nodes = bytearray(16 * 4)
    for o in (0, 1):
        for p in range(1, 7):
            ci = o * 8 + p
            cols = hex_tile_colours(o, p) if hexes else tile_colours(o, p)
            for i in range(9):
                zoom[ci * 9 + i] = pal.index(cols[i])
            cols = hex_map_colours(o, p) if hexes else map_colours(p)
            bits = (_hex_map_nodes if hexes else _map_nodes)(o, p)
            for i in range(4):
                mp[ci * 4 + i] = pal.index(cols[i])
                nodes[ci * 4 + i] = bits[i]
    # The cursor never covers what the player reads: model A's dim tips,
    # model D's edge middles (their colour repeats the stripes'). The map's
    # cursor: the LED whose colour its others already say (A: the centre,
    # the middles' majority; D: the middle, the two outer stripes that join
    # there).
    return (pal, bytes(zoom), bytes(mp), bytes(nodes), (3, 4, 5) if hexes else (0, 1, 2),
            _MAP_MIDDLE if hexes else (0, 0))


def _map_nodes(orient, p):
    """Model A: per map LED (role order) the sectors it stands for (a bit
    each): a middle its own; the centre its colour's and a cut-off tip."""
    ci = (orient * 8 + p) * 4
    blacks = (p & 1) + (p >> 1 & 1) + (p >> 2)
    pair = 1 if blacks >= 2 else 0
    centre = 4 if TB.NSEC[orient * 8 + p] == 3 else 0
    for k in range(3):
        if (p >> k) & 1 == pair:
            centre |= 1 << MOWN[ci + k]
    return (centre, 1 << MOWN[ci], 1 << MOWN[ci + 1], 1 << MOWN[ci + 2])


def _hex_map_nodes(orient, p):
    """Model D: a corner LED stands for its kite's tip and stripes, the
    middle for the two outer stripes that join there."""
    from engines_core.tomoe_hex import ESEC
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



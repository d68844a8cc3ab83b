"""Tomoe board geometry and tile tables, built once at import.

The board is a grid of triangles. A cell is (x, r): row r counts down from the
top, x counts half-edges from the left. A cell points up (U) when x + r is
odd, down (D) otherwise. Its neighbours: left (x-1, r), right (x+1, r), and
the cell below a U / above a D at (x, r +- 1).

Edges and corners of a cell are numbered clockwise (on screen, y down):
  U: edge 0 right, 1 bottom, 2 left; corner 0 top, 1 bottom-right, 2 bottom-left
  D: edge 0 top, 1 right, 2 left;    corner 0 top-left, 1 top-right, 2 bottom
Edge k runs from corner k to corner k+1 (mod 3). Across edge k of cell c the
neighbour n meets it with its edge kn; c's corner k is n's corner kn+1 and
c's corner k+1 is n's corner kn.

A tile is stored as its pattern: bit k is the colour of the stripe round
corner k (0 white, 1 black; the tile tables below), never all three alike,
so 1..6. Its tips (corners) all have the cell's tip colour: white on U
cells, black on D cells (games.md).

Boards (docs/rules/tomoe.md says why):
- small: the regular hexagon of side 2, 24 cells, 12 up and 12 down;
- large: four rows of nine cells (x 1-9), 36 cells, 18 up and 18 down:
  straight top and bottom, zigzag left and right sides. Its centre vertex
  has six cells around it like the small board's; a half-turn about it maps
  the board onto itself swapping up and down cells (so neither colour is
  favoured), and the mirror through it maps it onto itself too. Every cell
  on its rim has exactly one rim edge (no teeth), and its outline (16
  edges) is the shortest any 36 cells can have.
Rim areas: the outline is walked clockwise and cut where its colour
changes. A rim edge has the colour opposite to the tips of the cell along
it (the board's printed line); a rim area touches every sector of a tile
that reaches its edges, and is joined to those of its colour. On the hexagon that is one area per side (numbered
clockwise from the top: 0 top, 1 upper right, 2 lower right, 3 bottom,
4 lower left, 5 upper left); on the large board ten: the top (four edges),
four single edges down the right side, the bottom (four edges), four single
edges up the left side. Area 0 is always the one holding the top row's
first top edge, and the areas alternate white and black.
"""

WHITE = 0
BLACK = 1

# Rows of (first x, last x) runs per row.
_SMALL_ROWS = (((1, 5),), ((0, 6),), ((0, 6),), ((1, 5),))
_LARGE_ROWS = (((1, 9),), ((1, 9),), ((1, 9),), ((1, 9),))


def is_up(x, r):
    return (x + r) & 1 == 1


def neighbour_xy(x, r, k):
    """((x', r'), k') across edge k of cell (x, r)."""
    if is_up(x, r):
        if k == 0:
            return (x + 1, r), 2
        if k == 1:
            return (x, r + 1), 0
        return (x - 1, r), 1
    if k == 0:
        return (x, r - 1), 1
    if k == 1:
        return (x + 1, r), 2
    return (x - 1, r), 0


def corners(x, r):
    """The corners (x, row line) of cell (x, r), clockwise from corner 0."""
    if is_up(x, r):
        return (x, r), (x + 1, r + 1), (x - 1, r + 1)
    return (x - 1, r), (x + 1, r), (x, r + 1)


class Geometry:
    """One board: cells, neighbours across each edge, rim areas and colours.

    NB[c * 3 + k] is n * 3 + kn for a neighbouring cell, or -1 - area when
    edge k of cell c lies on the rim (rim area 0, 1, ...)."""

    def __init__(self, name, rows):
        self.name = name
        cells = []
        for r, runs in enumerate(rows):
            for a, b in runs:
                for x in range(a, b + 1):
                    cells.append((x, r))
        self.cells = tuple(cells)
        self.n = len(cells)
        index = {}
        for i, xy in enumerate(cells):
            index[xy] = i
        self.orient = bytes(0 if is_up(x, r) else 1 for (x, r) in cells)
        nb = [0] * (3 * self.n)
        for c, (x, r) in enumerate(cells):
            for k in range(3):
                xy, kn = neighbour_xy(x, r, k)
                n = index.get(xy)
                if n is not None:
                    nb[3 * c + k] = 3 * n + kn
        # Rim areas: walk the outline clockwise (each cell's edges run
        # clockwise round it, so a rim edge leads to the one starting where
        # it ends) and cut it where the colour changes.
        rim = [e for e in range(3 * self.n)
               if neighbour_xy(cells[e // 3][0], cells[e // 3][1], e % 3)[0] not in index]
        starting = {}
        for e in rim:
            cs = corners(*cells[e // 3])
            starting[cs[e % 3]] = e
        colour = [1 - self.orient[e // 3] for e in range(3 * self.n)]
        # Start at the top row's first top edge, backed up to where its run
        # begins.
        start = min(e for e in rim if self.orient[e // 3] == 1 and e % 3 == 0
                    and cells[e // 3][1] == 0)
        walk = [start]
        while len(walk) < len(rim):
            e = walk[-1]
            walk.append(starting[corners(*cells[e // 3])[(e % 3 + 1) % 3]])
        k = len(walk)
        while colour[walk[k - 1]] == colour[start]:
            k -= 1
        walk = walk[k:] + walk[:k]
        rim_edges = []
        for i, e in enumerate(walk):
            if i == 0 or colour[e] != colour[walk[i - 1]]:
                rim_edges.append([])
            rim_edges[-1].append(e)
            nb[e] = -len(rim_edges)
        self.nb = tuple(nb)
        self.rim_edges = tuple(tuple(e) for e in rim_edges)
        self.rim_colour = bytes(colour[e[0]] for e in self.rim_edges)
        self.up_cells = sum(1 for o in self.orient if o == 0)
        self.down_cells = self.n - self.up_cells
        self.width = max(x for x, r in cells) + 1
        self.height = max(r for x, r in cells) + 1
        # Cells around the centre vertex (the mark of the printed board).
        cx = self.width // 2
        cr = self.height // 2
        self.centre = tuple(sorted(index[(x, r)] for x in (cx - 1, cx, cx + 1)
                                   for r in (cr - 1, cr)))
        self.index = index
        # Flat tables for the analysis loops: the neighbour cell across each
        # cell-edge (255 on the rim) and its edge number (the rim area on the rim).
        self.nbc = bytes(nb[e] // 3 if nb[e] >= 0 else 255 for e in range(3 * self.n))
        self.nbk = bytes(nb[e] % 3 if nb[e] >= 0 else -1 - nb[e] for e in range(3 * self.n))
        self.or8 = bytes(8 * o for o in self.orient)
        # Rim cell-edges by the rim's colour.
        self.rim_by_colour = tuple(tuple(e for area in range(len(rim_edges))
                                         if self.rim_colour[area] == col
                                         for e in self.rim_edges[area]) for col in (0, 1))

    def cell_at(self, x, r):
        """Cell index at (x, r), or -1."""
        return self.index.get((x, r), -1)


SMALL = Geometry("small", _SMALL_ROWS)
LARGE = Geometry("large", _LARGE_ROWS)
BOARDS = (SMALL, LARGE)

# ---------------------------------------------------------------------------
# Tiles ("triple hexagon", model D of docs/rules/tomoe.md). A triangle is
# three kites, each the sixth of the hexagon centred on one of its corners.
# Kite k holds:
#   tip k    round corner k, the tips' colour (white on up cells, black on down);
#   inner k  a stripe round the tip, colour = bit k of the pattern (1 black);
#   outer k  a stripe round that, the other colour.
# The three outer stripes meet in the middle of the tile. Parts of one colour
# that touch are one sector (a "single colour area on one tile"). Along edge
# k, from corner k to corner k+1, lie tip k, inner k, outer k, outer k+1,
# inner k+1, tip k+1; the neighbour's edge faces it in reverse. So round a
# grid vertex the six inner stripes make a ring, the six outer stripes
# another. A pattern 1-6 is never all three alike: white tips with inner
# stripes (W,W,B) or (W,B,B), black tips with (B,B,W) or (B,W,W).
#
# A cell's content code ci is orientation * 8 + pattern (pattern 0 = empty):
#   NSEC[ci]              sectors of the tile (an empty cell is one node)
#   SCOL[ci*8 + s]        colour of sector s (2: no such sector)
#   ESEC[ci*18 + k*6 + j] the sector of the j-th part along edge k
#   SADJ[ci*8 + s]        bit t: sector t of the tile touches sector s
#   EPOS[EPOS_AT[ci*8 + s]:EPOS_AT[ci*8 + s + 1]]
#                         the positions k*6 + j on the edges that are sector s
#   FIG[ci]               the figure 0-3 of a tile


def rot_cw(p):
    """The pattern turned a third clockwise: corner k's stripe goes to corner k+1."""
    return ((p << 1) | (p >> 2)) & 7


def rot_ccw(p):
    return ((p >> 1) | (p << 2)) & 7


def figure_of(orient, pattern):
    """Figure 0-3: 0 = white tips (W,W,B), 1 = white tips (W,B,B),
    2 = black tips (B,B,W), 3 = black tips (B,W,W)."""
    blacks = (pattern & 1) + (pattern >> 1 & 1) + (pattern >> 2)
    tips_colour_stripes = 3 - blacks if orient == WHITE else blacks
    return orient * 2 + (0 if tips_colour_stripes == 2 else 1)


# A tile's parts: tips 0-2, inner stripes 3-5, outer stripes 6-8.
_INSIDE = ((0, 3), (1, 4), (2, 5), (3, 6), (4, 7), (5, 8), (6, 7), (7, 8), (8, 6))


def _edge_parts(k):
    k1 = (k + 1) % 3
    return (k, 3 + k, 6 + k, 6 + k1, 3 + k1, k1)


def _tables():
    nsec = bytearray(16)
    scol = bytearray(b"\x02" * 128)
    esec = bytearray(16 * 18)
    sadj = bytearray(128)  # bit t: sector t of the tile touches sector s
    for orient in (0, 1):
        nsec[orient * 8] = 1
        for p in range(1, 7):
            ci = orient * 8 + p
            col = [orient] * 3 + [(p >> k) & 1 for k in range(3)] + \
                [1 - ((p >> k) & 1) for k in range(3)]
            root = list(range(9))

            def find(x):
                while root[x] != x:
                    x = root[x]
                return x
            for a, b in _INSIDE:
                if col[a] == col[b]:
                    root[find(a)] = find(b)
            sec = [0] * 9
            ids = {}
            for part in range(9):
                r = find(part)
                if r not in ids:
                    ids[r] = len(ids)
                sec[part] = ids[r]
            nsec[ci] = len(ids)
            for part in range(9):
                scol[ci * 8 + sec[part]] = col[part]
            for a, b in _INSIDE:
                if sec[a] != sec[b]:
                    sadj[ci * 8 + sec[a]] |= 1 << sec[b]
                    sadj[ci * 8 + sec[b]] |= 1 << sec[a]
            for k in range(3):
                for j, part in enumerate(_edge_parts(k)):
                    esec[ci * 18 + k * 6 + j] = sec[part]
    # The positions k*6 + j on the edges that belong to sector s, for every
    # ci*8 + s one after another, and where each one's run starts.
    at = bytearray(129)
    epos = bytearray()
    for si in range(128):
        ci, s = si >> 3, si & 7
        at[si] = len(epos)
        if ci & 7 and s < nsec[ci]:
            epos.extend(q for q in range(18) if esec[ci * 18 + q] == s)
    at[128] = len(epos)
    return bytes(nsec), bytes(scol), bytes(esec), bytes(sadj), bytes(at), bytes(epos)


NSEC, SCOL, ESEC, SADJ, EPOS_AT, EPOS = _tables()
# The builders' code is not needed again: its RAM goes back to the heap.
del _tables, _edge_parts, _INSIDE
FIG = bytes(figure_of(ci >> 3, ci & 7) if ci & 7 and ci & 7 != 7 else 0 for ci in range(16))

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

A tile is stored as its pattern: bit k is the colour of the middle of edge k
(0 white, 1 black), never all three alike, so 1..6. Its tips (corners) all
have the cell's tip colour: white on U cells, black on D cells (games.md).

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
it, so a rim area meets a tile as a neighbouring tile would: through the
edge middle only. On the hexagon that is one area per side (numbered
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
# Tiles. A cell's content code is orientation * 8 + pattern (pattern 0 =
# empty). Sector tables are indexed by content * 4 + sector:
#   NSEC[content]          number of sectors (an empty cell is one node)
#   SCOL[..]               colour of the sector (2 for an empty cell)
#   STOUCH[..]             edges (bit mask) the sector touches
#   SMID[..]               edges whose middle belongs to the sector
#   MOWN[content*4 + k]    sector holding the middle of edge k
#   TOWN[content*4 + v]    sector holding the tip at corner v
#   STIPS[..]              corners (bit mask) whose tips belong to the sector
# Sector 0 is the tips' colour with its middles ("main"), sector 1 the other
# colour's middles, sector 2 (minority figures only) the tip cut off between
# two middles of the other colour.


def rot_cw(p):
    """The pattern turned a third clockwise: edge k's middle goes to edge k+1."""
    return ((p << 1) | (p >> 2)) & 7


def rot_ccw(p):
    return ((p >> 1) | (p << 2)) & 7


def figure_of(orient, pattern):
    """Figure 0-3: 0 = white tips (W,W,B), 1 = white tips (W,B,B),
    2 = black tips (B,B,W), 3 = black tips (B,W,W)."""
    blacks = (pattern & 1) + (pattern >> 1 & 1) + (pattern >> 2)
    tips_colour_middles = 3 - blacks if orient == WHITE else blacks
    return orient * 2 + (0 if tips_colour_middles == 2 else 1)


def _sector_tables():
    nsec = bytearray(16)
    scol = bytearray(64)
    stouch = bytearray(64)
    smid = bytearray(64)
    mown = bytearray(64)
    town = bytearray(64)
    for orient in (0, 1):
        ci = orient * 8
        nsec[ci] = 1
        scol[ci * 4] = 2
        stouch[ci * 4] = 7
        for p in range(1, 7):
            ci = orient * 8 + p
            t = orient
            tmid = 0
            for k in range(3):
                if (p >> k) & 1 == t:
                    tmid |= 1 << k
            omid = 7 & ~tmid
            # Corner v lies between edges v-1 and v.
            tips0 = 0
            cut = -1
            for v in range(3):
                if tmid & ((1 << v) | (1 << ((v + 2) % 3))):
                    tips0 |= 1 << v
                else:
                    cut = v
            n = 3 if cut >= 0 else 2
            nsec[ci] = n
            scol[ci * 4] = t
            scol[ci * 4 + 1] = 1 - t
            smid[ci * 4] = tmid
            smid[ci * 4 + 1] = omid
            touch0 = tmid
            for v in range(3):
                if tips0 >> v & 1:
                    touch0 |= (1 << v) | (1 << ((v + 2) % 3))
            stouch[ci * 4] = touch0
            stouch[ci * 4 + 1] = omid
            if cut >= 0:
                scol[ci * 4 + 2] = t
                stouch[ci * 4 + 2] = (1 << cut) | (1 << ((cut + 2) % 3))
            for k in range(3):
                mown[ci * 4 + k] = 0 if tmid >> k & 1 else 1
            for v in range(3):
                town[ci * 4 + v] = 0 if tips0 >> v & 1 else 2
    stips = bytearray(64)
    for ci in range(16):
        if ci & 7:
            for v in range(3):
                stips[ci * 4 + town[ci * 4 + v]] |= 1 << v
        else:
            stips[ci * 4] = 7
    return (bytes(nsec), bytes(scol), bytes(stouch), bytes(smid), bytes(mown), bytes(town),
            bytes(stips))


NSEC, SCOL, STOUCH, SMID, MOWN, TOWN, STIPS = _sector_tables()


def _bits(m):
    return tuple(k for k in range(3) if m >> k & 1)


def _lists():
    touchk = []
    others = []
    touchers = bytearray(64)
    fig = bytearray(16)
    for ci in range(16):
        for s in range(4):
            si = ci * 4 + s
            touchk.append(_bits(STOUCH[si]) if s < NSEC[ci] else ())
            others.append(tuple(s2 for s2 in range(NSEC[ci]) if SCOL[ci * 4 + s2] != SCOL[si])
                          if s < NSEC[ci] and ci & 7 else ())
        for k in range(3):
            m = 0
            for s in range(NSEC[ci]):
                if STOUCH[ci * 4 + s] >> k & 1:
                    m |= 1 << s
            touchers[ci * 4 + k] = m
        if ci & 7 and ci & 7 != 7:
            fig[ci] = figure_of(ci >> 3, ci & 7)
    return tuple(touchk), tuple(others), bytes(touchers), bytes(fig)


# TOUCHK[si]: edges the sector touches; OTHERS[si]: sectors of the other
# colour in the same tile; TOUCHERS[content*4 + k]: sectors (bit mask)
# touching edge k; FIG[content]: figure of a tile.
TOUCHK, OTHERS, TOUCHERS, FIG = _lists()

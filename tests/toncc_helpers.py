"""Build Tóncc positions by hand for rule tests."""

from engines_core import toncc as T


def cell(q, r):
    """The board cell at axial (q, r); the Mind is (0, 0)."""
    return T.CELL_AT[(q, r)]


def regions_with(bg):
    """Regions (Map places) whose background is `bg`, in place order."""
    return [p for p in range(T.NUM_REGIONS) if T.REGIONS[p][0] == bg]


def put(g, region, c):
    """Swap Regions so that `region` lies on cell `c`."""
    other = g.layout[c]
    old = g.cell_of[region]
    g.layout[c] = region
    g.layout[old] = other
    g.cell_of[region] = c
    g.cell_of[other] = old


def position(kings=(T.RED, T.YELLOW, T.BLUE), pos=None, owner=None, regions=None,
             variant="standard", seed=1, quiet=0):
    """A state with these King colours per seat, King cells (T.OFF for a
    King that left; default all on the Mind), Seals {place: seat} and
    Regions {place: cell}. Kings that left get the king points 3."""
    g = T.Toncc(3, variant, seed)
    g.kings = bytes(kings)
    for region, c in sorted((regions or {}).items()):
        put(g, region, c)
    if pos is not None:
        g.pos = bytearray(pos)
    for p, s in sorted((owner or {}).items()):
        g.owner[p] = s
    for s in range(3):
        if g.pos[s] == T.OFF:
            g.kpts[s] = 3
    if T.MIND not in g.pos:
        # Enough moves for the Seals (3 a move at most) before the quiet ones;
        # the first move always conquers, so Kings off the Mind without a
        # Seal have moved only quietly since.
        owned = T.NUM_REGIONS - g.owner.count(T.NONE)
        if not owned:
            quiet = max(quiet, 1)
        g.moves = max(1, quiet + (owned + 2) // 3)
    g.quiet = quiet
    g.check()
    return g


def move(g, *dirs):
    """One whole move: a movement for each King on the board, in seat order."""
    seats = g.standing()
    assert len(dirs) == len(seats), "one movement per standing King"
    for d in dirs:
        g.apply(d)


NE, E, SE, SW, W, NW = range(6)

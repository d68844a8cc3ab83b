"""Build Tomoe positions by hand for rule tests.

Cells are named by (x, r) as in engines_core/tomoe_board.py. A tile is given
by the edges whose middles are black, by direction:
  up cells (white tips):    R right, D bottom, L left
  down cells (black tips):  U top, R right, L left
e.g. tile "D" on an up cell is the figure (W,W,B) with its black middle at the
bottom; "LR" on an up cell is (W,B,B) with the white middle at the bottom.
"""

from engines_core import tomoe as T
from engines_core import tomoe_board as TB

_EDGES = ("RDL", "URL")  # edge 0, 1, 2 of an up / a down cell

# The small board, for reference (x, r):
#   r0:      U1 D2 U3 D4 U5
#   r1:   U0 D1 U2 D3 U4 D5 U6
#   r2:   D0 U1 D2 U3 D4 U5 D6
#   r3:      D1 U2 D3 U4 D5
# Rim areas: top (white): D2,D4 of r0; upper right (black): U5 r0, U6 r1;
# lower right (white): D6 r2, D5 r3; bottom (black): U2, U4 of r3;
# lower left (white): D0 r2, D1 r3; upper left (black): U1 r0, U0 r1.


def pattern(geo, cell, black):
    """The pattern of a tile on `cell` whose black middles are on `black`."""
    names = _EDGES[geo.orient[cell]]
    p = 0
    for ch in black:
        k = names.index(ch)
        p |= 1 << k
    assert 0 < p < 7, "a tile has middles of both colours"
    return p


def cell(geo, x, r):
    c = geo.cell_at(x, r)
    assert c >= 0, "no cell (%d, %d) on the %s board" % (x, r, geo.name)
    return c


def lay(g, x, r, black):
    """The lay action putting tile `black` on (x, r)."""
    c = cell(g.geo, x, r)
    return T.lay_action(c, pattern(g.geo, c, black))


def position(tiles, variant="standard", player=T.WHITE, phase=T.START, this_move=()):
    """A Tomoe state with these tiles ({(x, r): black edges}) on the board.

    The move count is made up so that `player` is to move (a position after
    the opening); the supply holds what is not on the board."""
    g = T.Tomoe(2, variant, 1)
    geo = g.geo
    for (x, r), black in sorted(tiles.items()):
        c = cell(geo, x, r)
        g.board[c] = pattern(geo, c, black)
    per = g.per_figure
    g.supply = [per] * 4
    for c in range(geo.n):
        if g.board[c]:
            g.supply[g.figure(c)] -= 1
    laid = len(tiles)
    g.player = player
    # As many moves as could have laid these tiles with `player` to move.
    g.move_no = laid if laid % 2 == player else laid - 1
    assert g.move_no >= 0 and (laid == 0) == (g.move_no == 0), \
        "with %d tiles laid it cannot be seat %d's move" % (laid, player)
    g.phase = phase
    g.this_move = list(this_move)
    g.last_move = []
    g._refresh()
    if g.done:
        g.player = (g.move_no - 1) % 2
    g.check()
    return g


def node(g, x, r, sector=0):
    return 4 * cell(g.geo, x, r) + sector


def enclosed_by(g, x, r, sector=0):
    """'W', 'B', 'WB' or '' for a node of the position."""
    e = g.enc[node(g, x, r, sector)]
    return ("W" if e & 1 else "") + ("B" if e & 2 else "")


def locked(g, x, r):
    return bool(g.locked[cell(g.geo, x, r)])


def sector_at_edge(g, x, r, name):
    """The sector of the tile on (x, r) holding the middle of edge `name`."""
    c = cell(g.geo, x, r)
    k = _EDGES[g.geo.orient[c]].index(name)
    ci = (g.geo.or8[c] | g.board[c]) * 4
    return TB.MOWN[ci + k]


def cut_tip(g, x, r):
    """Sector number of the cut-off tip of a minority figure (2)."""
    c = cell(g.geo, x, r)
    assert TB.NSEC[g.geo.or8[c] | g.board[c]] == 3
    return 2

"""Tomoe positions built by hand for rule tests, and the triple-hexagon tile
model (docs/rules/tomoe.md) read plainly from the geometry, with sets and
union-find and none of the engine's tables, to check the engine against.

Cells are named (x, r) as in engines_core/tomoe_board.py. A tile is named
by the colours of its three inner stripes, corner 0, 1, 2 in turn (its
outer stripes have the other colours, its tips the cell's colour):
  up cells (white tips):   corner 0 top, 1 bottom right, 2 bottom left
  down cells (black tips): corner 0 top left, 1 top right, 2 bottom
e.g. "BWW" on an up cell has a black inner stripe round its top tip and
white ones round the other two (the figure (W,W,B)).

The small board (x, r), and its rim areas:
  r0:      U1 D2 U3 D4 U5
  r1:   U0 D1 U2 D3 U4 D5 U6
  r2:   D0 U1 D2 U3 D4 U5 D6
  r3:      D1 U2 D3 U4 D5
  0 top (white): D2, D4 of r0;        1 upper right (black): U5 r0, U6 r1;
  2 lower right (white): D6 r2, D5 r3; 3 bottom (black): U2, U4 of r3;
  4 lower left (white): D0 r2, D1 r3;  5 upper left (black): U1 r0, U0 r1.
A grid vertex is (x, line): the six cells round (x, l) are U(x-1, l-1),
D(x, l-1), U(x+1, l-1) above it and D(x-1, l), U(x, l), D(x+1, l) below.
"""

from engines_core import tomoe as T
from engines_core import tomoe_board as TB

TIP, INNER, OUTER = 0, 1, 2  # a part of a corner's kite


def pattern(name):
    """The pattern of a tile whose inner stripes have the colours `name`."""
    assert len(name) == 3 and set(name) <= set("WB"), name
    p = sum(1 << k for k in range(3) if name[k] == "B")
    assert 0 < p < 7, "a tile has inner stripes of both colours"
    return p


def cell(geo, x, r):
    c = geo.cell_at(x, r)
    assert c >= 0, "no cell (%d, %d) on the %s board" % (x, r, geo.name)
    return c


def lay(g, x, r, name):
    """The lay action putting tile `name` on (x, r)."""
    return T.lay_action(cell(g.geo, x, r), pattern(name))


def position(tiles, variant="standard", player=T.WHITE, phase=T.START, this_move=()):
    """A Tomoe state with these tiles ({(x, r): name or pattern}) on the board.

    The move count is made up so that `player` is to move (a position after
    the opening); the supply holds what is not on the board."""
    g = T.Tomoe(2, variant, 1)
    geo = g.geo
    for (x, r), tile in sorted(tiles.items()):
        g.board[cell(geo, x, r)] = pattern(tile) if isinstance(tile, str) else tile
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


def around(geo, vertex):
    """{cell: its corner at `vertex`} for the cells round a grid vertex."""
    out = {}
    for c in range(geo.n):
        cs = TB.corners(*geo.cells[c])
        if vertex in cs:
            out[c] = cs.index(vertex)
    return out


def node(g, x, r, corner, part=INNER):
    """The engine's node (cell * 8 + sector) of the sector holding `part`
    (TIP, INNER or OUTER) of the kite at `corner` of the tile on (x, r), or
    the empty cell's one node."""
    c = cell(g.geo, x, r)
    p = g.board[c]
    if not p:
        return 8 * c
    return 8 * c + TB.ESEC[(g.geo.or8[c] | p) * 18 + corner * 6 + part]


def enclosed_by(g, n):
    """'W', 'B', 'WB' or '' for a node of the position."""
    e = g.enc[n]
    return ("W" if e & 1 else "") + ("B" if e & 2 else "")


def locked(g, x, r):
    return bool(g.locked[cell(g.geo, x, r)])


def owner(g, n):
    """Who the sector of node n scores for now: 'W', 'B', 'nobody', or ''
    (free, not in a pocket)."""
    return ("", "W", "B", "nobody")[g.owners()[n]]


# -- the model read plainly -------------------------------------------------------


def parts(orient, pattern):
    """Colours of the nine parts: tips 0-2, inner stripes 3-5, outer 6-8;
    the pairs touching inside the tile; the parts along edge k from corner k."""
    col = [orient] * 3 + [(pattern >> k) & 1 for k in range(3)] + \
        [1 - ((pattern >> k) & 1) for k in range(3)]
    inside = [(k, 3 + k) for k in range(3)] + [(3 + k, 6 + k) for k in range(3)] + \
        [(6, 7), (7, 8), (8, 6)]
    along = [[k, 3 + k, 6 + k, 6 + (k + 1) % 3, 3 + (k + 1) % 3, (k + 1) % 3]
             for k in range(3)]
    return col, inside, along


def sector_of(col, inside):
    """Per part of one tile, the part that names its sector: parts of one
    colour that touch are one sector (union-find)."""
    root = list(range(9))

    def find(x):
        while root[x] != x:
            x = root[x]
        return x
    for a, b in inside:
        if col[a] == col[b]:
            root[find(a)] = find(b)
    return [find(i) for i in range(9)]


def corner_at(geo, c, vertex):
    """Which corner (0-2) of cell c is the grid vertex `vertex` (x, line)."""
    return TB.corners(*geo.cells[c]).index(vertex)


def graph(geo, board):
    """The parts of the laid tiles as nodes (c, part) and the rim areas as
    ("rim", area): their colours, each part's sector (c, naming part), and
    what touches what (inside a tile, and face to face along an edge)."""
    colour = {}
    sector = {}
    adj = {}
    for a in range(len(geo.rim_colour)):
        colour[("rim", a)] = geo.rim_colour[a]
        adj[("rim", a)] = set()
    for c in range(geo.n):
        if not board[c]:
            continue
        col, inside, along = parts(geo.orient[c], board[c])
        for i, s in enumerate(sector_of(col, inside)):
            colour[(c, i)] = col[i]
            sector[(c, i)] = (c, s)
            adj.setdefault((c, i), set())
        for a, b in inside:
            adj[(c, a)].add((c, b))
            adj[(c, b)].add((c, a))
        for k in range(3):
            e = geo.nb[3 * c + k]
            for j, i in enumerate(along[k]):
                if e < 0:
                    other = ("rim", -1 - e)
                else:
                    m, kn = e // 3, e % 3
                    if not board[m]:
                        continue
                    other = (m, parts(geo.orient[m], board[m])[2][kn][5 - j])
                adj[(c, i)].add(other)
                adj.setdefault(other, set()).add((c, i))
    return colour, sector, adj


def reach(colour, adj, starts):
    """The parts joined to any of `starts` through parts of their colour
    (`starts` included): a flood of graph()'s colour and adjacency."""
    seen = set()
    todo = list(starts)
    while todo:
        u = todo.pop()
        if u in seen:
            continue
        seen.add(u)
        todo.extend(v for v in adj[u] if colour[v] == colour[u])
    return seen


def free_parts(geo, board):
    """The parts joined through their colour to a rim area of that colour
    (rim areas included)."""
    colour, _, adj = graph(geo, board)
    return reach(colour, adj, [u for u in colour if u[0] == "rim"])


def recount(geo, board):
    """[White's points, Black's points] of a full board: a part is free when
    its colour's parts join it to a rim area of its colour; a pocket (parts
    not free, joined through any touching) bordered only by free parts and
    rim areas of colour X gives X one point per sector of the other colour."""
    colour, sector, adj = graph(geo, board)
    free = free_parts(geo, board)
    score = [0, 0]
    seen = set()
    for start in colour:
        if start in free or start in seen:
            continue
        seen.add(start)
        todo = [start]
        border = set()
        inside_secs = set()
        while todo:
            u = todo.pop()
            inside_secs.add((colour[u], sector[u]))
            for v in adj[u]:
                if v in free:
                    border.add(colour[v])
                elif v not in seen:
                    seen.add(v)
                    todo.append(v)
        if len(border) == 1:
            x = border.pop()
            score[x] += sum(1 for col, _ in inside_secs if col != x)
    return score


def worth(geo, board):
    """[White's, Black's] 3 per sector joined through its colour to a rim area
    of its colour, minus 1 per sector of the colour (the computer players'
    evaluation), from the geometry alone."""
    colour, sector, _ = graph(geo, board)
    free = free_parts(geo, board)
    out = []
    for x in (0, 1):
        every = set(sector[u] for u in sector if colour[u] == x)
        joined = set(sector[u] for u in sector if colour[u] == x and u in free)
        out.append(3 * len(joined) - len(every))
    return out


def hard_search(S, state, seat, rng, effort=100):
    """hard's Search, from the search module S, after its search of `state`
    (its `choice`, `cost`): engines_core/tomoe_search.py keeps no such
    helper of its own, its module's names being few for a small heap. S is
    the caller's: a test that forgot the module must not get another."""
    from engines_core.ai_common import finish
    s = S.start(state, seat, rng, effort)
    s.choice = finish(s.run(state, s.firsts, S.ROOT_SECONDS))
    return s

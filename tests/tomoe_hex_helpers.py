"""The triple-hexagon tile model (engines_core/tomoe.py) read plainly, for
tests: parts of each tile as the model describes them, joined and scored
with sets and union-find from the geometry alone, none of the engine's tables.
"""

from engines_core import tomoe_board as TB


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


def recount(geo, board):
    """[White's points, Black's points] of a full board: a part is free when
    its colour's parts join it to a rim area of its colour; a pocket (parts
    not free, joined through any touching) bordered only by free parts and
    rim areas of colour X gives X one point per sector of the other colour."""
    nodes = {}
    sector = {}
    adj = {}
    for c in range(geo.n):
        col, inside, along = parts(geo.orient[c], board[c])
        for a, b in inside:
            adj.setdefault((c, a), set()).add((c, b))
            adj.setdefault((c, b), set()).add((c, a))
        for i, s in enumerate(sector_of(col, inside)):
            nodes[(c, i)] = col[i]
            sector[(c, i)] = (c, s)
        for k in range(3):
            e = geo.nb[3 * c + k]
            for j, i in enumerate(along[k]):
                if e < 0:
                    other = ("rim", -1 - e)
                else:
                    m, kn = e // 3, e % 3
                    other = (m, parts(geo.orient[m], board[m])[2][kn][5 - j])
                adj.setdefault((c, i), set()).add(other)
                adj.setdefault(other, set()).add((c, i))
    for a in range(len(geo.rim_colour)):
        nodes[("rim", a)] = geo.rim_colour[a]
    # free: joined through one colour to a rim area of that colour
    free = set()
    for a in range(len(geo.rim_colour)):
        todo = [("rim", a)]
        while todo:
            u = todo.pop()
            if u in free:
                continue
            free.add(u)
            todo.extend(v for v in adj.get(u, ()) if nodes[v] == nodes[u])
    score = [0, 0]
    seen = set()
    for start in nodes:
        if start in free or start in seen:
            continue
        seen.add(start)
        todo = [start]
        border = set()
        inside_secs = set()
        while todo:
            u = todo.pop()
            inside_secs.add((nodes[u], sector[u]))
            for v in adj[u]:
                if v in free:
                    border.add(nodes[v])
                elif v not in seen:
                    seen.add(v)
                    todo.append(v)
        if len(border) == 1:
            x = border.pop()
            score[x] += sum(1 for colour, _ in inside_secs if colour != x)
    return score


def worth(geo, board):
    """[White's, Black's] 3 per sector joined through its colour to a rim area
    of its colour, minus 1 per sector of the colour (the computer players'
    evaluation), from the geometry alone."""
    sector = {}
    col = {}
    adj = {}
    for c in range(geo.n):
        if not board[c]:
            continue
        colours, inside, along = parts(geo.orient[c], board[c])
        for i, s in enumerate(sector_of(colours, inside)):
            sector[(c, i)] = (c, s)
            col[(c, i)] = colours[i]
        for k in range(3):
            e = geo.nb[3 * c + k]
            for j, i in enumerate(along[k]):
                if e < 0:
                    if geo.rim_colour[-1 - e] == colours[i]:
                        adj.setdefault((c, i), set()).add(("rim", colours[i]))
                    continue
                m, kn = e // 3, e % 3
                if board[m]:
                    other = (m, parts(geo.orient[m], board[m])[2][kn][5 - j])
                    if parts(geo.orient[m], board[m])[0][other[1]] == colours[i]:
                        adj.setdefault((c, i), set()).add(other)
        for a, b in inside:
            if colours[a] == colours[b]:
                adj.setdefault((c, a), set()).add((c, b))
                adj.setdefault((c, b), set()).add((c, a))
    out = []
    for x in (0, 1):
        seen = set()
        todo = [u for u in adj if ("rim", x) in adj[u]]
        while todo:
            u = todo.pop()
            if u in seen or u[0] == "rim":
                continue
            seen.add(u)
            todo.extend(adj.get(u, ()))
        free = set(sector[u] for u in seen)
        every = set(sector[u] for u in sector if col[u] == x)
        out.append(3 * len(free & every) - len(every))
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

"""Computer players for Tomoe with triple-hexagon tiles (engines_core/tomoe_hex.py).

Not registered yet, like the engine. The evaluation is model A's idea
(engines_core/tomoe_ai.py) on D's sectors: chains of sectors joined through
one colour, a chain joined to a rim area of its colour is free; a colour is
worth 3 per free sector minus 1 per sector of its colour, a position our
worth minus theirs. The chains are built once per decision and every lay is
valued from the chains its new sectors join, without a rebuild. Memory is
kept small (bytearrays, no list of every action) for a 64 KB heap.

- normal (and every other level until they are retuned): the best lay,
  ties at random. Turns are not tried yet.
"""

from engines_core.tomoe_board import FIG
from engines_core.tomoe_hex import NSEC, SCOL, ESEC, EPOS

# Nodes here are cell * 7 + sector (a tile has at most 7 sectors), and 7n and
# 7n + 1 the white and black rim: at most 254, so bytearrays hold them.


class Chains:
    """Union-find over the sectors of a board: root, size and freedom."""

    def __init__(self, geo, board):
        n = geo.n
        self.geo = geo
        self.board = board
        big = 7 * n
        par = bytearray(range(big + 2))
        or8 = geo.or8
        nbc = geo.nbc
        nbk = geo.nbk
        rimcol = geo.rim_colour
        for c in range(n):
            p = board[c]
            if not p:
                continue
            ci = or8[c] | p
            for s in range(NSEC[ci]):
                x = SCOL[ci * 8 + s]
                for q in EPOS[ci * 8 + s]:
                    k = q // 6
                    e = 3 * c + k
                    m = nbc[e]
                    if m == 255:
                        if rimcol[nbk[e]] != x:
                            continue
                        b = big + x
                    else:
                        pm = board[m]
                        if not pm or m < c:
                            continue  # each pair of cells once, from the lower
                        cm = or8[m] | pm
                        t = ESEC[cm * 18 + nbk[e] * 6 + 5 - (q - 6 * k)]
                        if SCOL[cm * 8 + t] != x:
                            continue
                        b = 7 * m + t
                    a = 7 * c + s
                    while par[a] != a:
                        a = par[a]
                    while par[b] != b:
                        b = par[b]
                    if a != b:
                        if a < b:
                            par[a] = b
                        else:
                            par[b] = a
        # Roots only ever point to larger nodes, so the rim nodes, the two
        # largest, are roots of the chains joined to them.
        root = bytearray(big + 2)
        size = bytearray(big + 2)
        for c in range(n):
            p = board[c]
            if not p:
                continue
            for s in range(NSEC[or8[c] | p]):
                a = 7 * c + s
                while par[a] != a:
                    a = par[a]
                root[7 * c + s] = a
                size[a] += 1
        self.root = root
        self.size = size
        self.big = big
        self.face = bytearray(18)
        self.fcol = bytearray(18)
        self.alone = [None] * 4  # per orientation and side: a cell nothing faces

    def cell_values(self, c, me, out):
        """Fill out[p] (p 1-6) with the change of (our worth - theirs) if
        pattern p were laid on the empty cell c; a colour's worth is 3 per
        free sector - 1 per sector."""
        geo = self.geo
        board = self.board
        or8 = geo.or8
        root = self.root
        size = self.size
        big = self.big
        # What faces each of the 18 places along the cell's edges (k*6 + j):
        # the root of a chain and its colour, a rim node, or nothing (colour 2).
        face = self.face
        fcol = self.fcol
        alone = True
        for k in (0, 1, 2):
            e = 3 * c + k
            m = geo.nbc[e]
            kn = geo.nbk[e]
            if m == 255:
                alone = False
                x = geo.rim_colour[kn]
                for j in range(6):
                    face[6 * k + j] = big + x
                    fcol[6 * k + j] = x
                continue
            pm = board[m]
            if not pm:
                for j in range(6):
                    fcol[6 * k + j] = 2
                continue
            alone = False
            cm = or8[m] | pm
            b = cm * 18 + kn * 6 + 5
            for j in range(6):
                t = ESEC[b - j]
                face[6 * k + j] = root[7 * m + t]
                fcol[6 * k + j] = SCOL[cm * 8 + t]
        o8 = or8[c]
        # A cell nothing faces is worth the same as any other such cell of its
        # orientation: worked out once (most cells, early in a game).
        if alone and self.alone[(o8 >> 2) | me]:
            done = self.alone[(o8 >> 2) | me]
            for p in (1, 2, 3, 4, 5, 6):
                out[p] = done[p]
            return out
        for p in (1, 2, 3, 4, 5, 6):
            ci = o8 | p
            value = 0
            # Groups of new sectors of one colour joined through common
            # chains: their roots, colour, new sectors and freedom.
            groups = []
            for s in range(NSEC[ci]):
                x = SCOL[ci * 8 + s]
                roots = []
                for q in EPOS[ci * 8 + s]:
                    if fcol[q] == x:
                        r = face[q]
                        if r not in roots:
                            roots.append(r)
                value += -1 if x == me else 1
                new = 1
                i = 0
                while i < len(groups):
                    g = groups[i]
                    if g[0] == x and _meet(g[2], roots):
                        for r in g[2]:
                            if r not in roots:
                                roots.append(r)
                        new += g[1]
                        del groups[i]
                    else:
                        i += 1
                groups.append((x, new, roots))
            # A group joined to a rim node is free: its new sectors and the
            # chains it brings in that were not free count 3 each from now on.
            for x, new, roots in groups:
                total = new
                free = 0
                for r in roots:
                    if r >= big:
                        free = 1
                    else:
                        total += size[r]
                if free:
                    value += 3 * total if x == me else -3 * total
            out[p] = value
        if alone:
            self.alone[(o8 >> 2) | me] = list(out)
        return out


def _meet(a, b):
    for r in a:
        if r in b:
            return True
    return False


def best_lays(state, me):
    """The lays of the best value for `me` (a list of actions)."""
    geo = state.geo
    board = state.board
    supply = state.supply
    ch = Chains(geo, board)
    vals = [0] * 7
    best = None
    out = []
    for c in range(geo.n):
        if board[c]:
            continue
        ch.cell_values(c, me, vals)
        o8 = 8 * geo.orient[c]
        for p in (1, 2, 3, 4, 5, 6):
            if not supply[FIG[o8 + p]]:
                continue
            v = vals[p]
            if best is None or v > best:
                best = v
                del out[:]
            if v == best:
                out.append(6 * c + p - 1)
    return out


def choose(state, seat, level, rng, effort=100):
    return rng.choice(best_lays(state, seat))

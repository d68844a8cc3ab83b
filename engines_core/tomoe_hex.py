"""Tomoe with "triple hexagon" tiles (model D of docs/rules/tomoe.md, issue 27).

Not registered yet: the game on the device is still engines_core/tomoe.py
(model A) until this model has its computer players and screens.

The board, the moves, the actions and the supply are model A's (the Tomoe
class); only the tile's picture, and so what joins and what is enclosed,
differ. A triangle is three kites, each the sixth of the hexagon centred on
one of its corners. Kite k holds:
  tip k    round corner k, the tips' colour (white on up cells, black on down);
  inner k  a stripe round the tip, colour = bit k of the pattern (1 black);
  outer k  a stripe round that, the other colour.
The three outer stripes meet in the middle of the tile. Parts of one colour
that touch are one sector (a "single colour area on one tile"). Along edge k,
from corner k to corner k+1, lie tip k, inner k, outer k, outer k+1,
inner k+1, tip k+1; the neighbour's edge faces it in reverse. So round a grid
vertex the six inner stripes make a ring, the six outer stripes another.

A pattern 1-6 and its figure are as in model A (bit k now names corner k's
inner stripe): white tips with inner stripes (W,W,B) or (W,B,B), black tips
with (B,B,W) or (B,W,W).

Nodes are cell * 8 + sector (an empty cell is the one node cell * 8); the
rim areas are nodes 8n + area.
"""

from engines_core import tomoe as TA
from engines_core.game import CorruptState
from engines_core.tomoe_board import WHITE, BLACK

# Parts: tips 0-2, inner stripes 3-5, outer stripes 6-8.
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
    # EPOS[ci*8 + s]: positions k*6 + j on the edges that belong to sector s.
    epos = []
    for ci in range(16):
        for s in range(8):
            epos.append(tuple(q for q in range(18) if ci & 7 and esec[ci * 18 + q] == s)
                        if s < nsec[ci] else ())
    return bytes(nsec), bytes(scol), bytes(esec), bytes(sadj), tuple(epos)


NSEC, SCOL, ESEC, SADJ, EPOS = _tables()


def touching(geo, board, node, out):
    """Append to `out` the nodes touching `node` (rim areas as 8n + area)."""
    c = node >> 3
    p = board[c]
    or8 = geo.or8
    nbc = geo.nbc
    nbk = geo.nbk
    rim = 8 * geo.n
    e0 = 3 * c
    if p == 0:
        for k in (0, 1, 2):
            e = e0 + k
            m = nbc[e]
            if m == 255:
                out.append(rim + nbk[e])
                continue
            pm = board[m]
            if pm == 0:
                out.append(8 * m)
                continue
            cm = (or8[m] | pm) * 18 + nbk[e] * 6
            for j in range(6):
                out.append(8 * m + ESEC[cm + j])
        return
    si = (or8[c] | p) * 8 + (node & 7)
    a = SADJ[si]
    s = 0
    while a:
        if a & 1:
            out.append(8 * c + s)
        a >>= 1
        s += 1
    last = -1
    for q in EPOS[si]:
        k = q // 6
        e = e0 + k
        m = nbc[e]
        if m == 255:
            if k != last:
                out.append(rim + nbk[e])
            last = k
            continue
        pm = board[m]
        if pm == 0:
            if k != last:
                out.append(8 * m)
            last = k
            continue
        out.append(8 * m + ESEC[(or8[m] | pm) * 18 + nbk[e] * 6 + 5 - (q - 6 * k)])


def colour(geo, board, node):
    """0 white, 1 black, 2 an empty cell."""
    c = node >> 3
    p = board[c]
    return SCOL[(geo.or8[c] | p) * 8 + (node & 7)] if p else 2


def flood(geo, board, x):
    """bytearray(8n): 1 for the nodes that are not colour x and are reached
    from the rim areas of the other colour through everything not x."""
    y = 1 - x
    n = geo.n
    reach = bytearray(8 * n)
    stack = []
    nb = []
    for area in range(len(geo.rim_colour)):
        if geo.rim_colour[area] != y:
            continue
        for e in geo.rim_edges[area]:
            c = e // 3
            p = board[c]
            if p == 0:
                nb.append(8 * c)
                continue
            ci = (geo.or8[c] | p)
            for j in range(6):
                nb.append(8 * c + ESEC[ci * 18 + (e % 3) * 6 + j])
    for t in nb:
        if not reach[t] and colour(geo, board, t) != x:
            reach[t] = 1
            stack.append(t)
    rim = 8 * n
    while stack:
        node = stack.pop()
        del nb[:]  # one list for every node: less to collect on a small heap
        touching(geo, board, node, nb)
        for t in nb:
            if t < rim and not reach[t] and colour(geo, board, t) != x:
                reach[t] = 1
                stack.append(t)
    return reach


def enclosure(geo, board):
    """bytearray(8n): bit 0 enclosed by White, bit 1 by Black, 4 no such node."""
    rw = flood(geo, board, WHITE)
    rb = flood(geo, board, BLACK)
    enc = rw  # written over in place, node by node: no third array on a small heap
    for c in range(geo.n):
        p = board[c]
        b = 8 * c
        if p == 0:
            enc[b] = (0 if rw[b] else 1) | (0 if rb[b] else 2)
            for s in range(1, 8):
                enc[b + s] = 4
            continue
        ci = (geo.or8[c] | p) * 8
        k = NSEC[geo.or8[c] | p]
        for s in range(8):
            if s >= k:
                enc[b + s] = 4
            elif SCOL[ci + s] == WHITE:
                enc[b + s] = 0 if rb[b + s] else 2
            else:
                enc[b + s] = 0 if rw[b + s] else 1
    return enc


def locks(geo, board, enc):
    """bytearray(n): 1 where a tile lies in or on a closed curve: it holds an
    enclosed node or touches one (an X sector touching what X encloses is on
    the curve; one touching what the other colour encloses is enclosed too)."""
    out = bytearray(geo.n)
    rim = 8 * geo.n
    nb = []  # one list for every node: less to collect on a small heap
    for c in range(geo.n):
        p = board[c]
        if not p:
            continue
        for s in range(NSEC[geo.or8[c] | p]):
            node = 8 * c + s
            if enc[node] & 3:
                out[c] = 1
                break
            del nb[:]
            touching(geo, board, node, nb)
            for t in nb:
                if t < rim and enc[t] & 3:
                    out[c] = 1
                    break
            if out[c]:
                break
    return out


def pockets(geo, board, enc, parts=None, owner=None):
    """[White's points, Black's points] by games.md's pocket rule, read as in
    model A (a sector is free unless the other colour encloses it; a pocket
    touching open board scores for nobody). With a list `parts`, every pocket
    that scores adds (seat, points, its sectors); with a bytearray(8n)
    `owner`, every node in a pocket is marked there as model A's are (1 it
    scores for White, 2 for Black, 3 for nobody)."""
    n = geo.n
    rim = 8 * n
    # kind: 0 no node, 1 pocket member, 2 free white, 3 free black, 4 open board
    kind = bytearray(8 * n)
    for c in range(n):
        p = board[c]
        b = 8 * c
        if p == 0:
            kind[b] = 1 if enc[b] else 4
            continue
        ci = (geo.or8[c] | p) * 8
        for s in range(NSEC[geo.or8[c] | p]):
            x = SCOL[ci + s]
            kind[b + s] = 1 if (enc[b + s] >> (1 - x)) & 1 else 2 + x
    score = [0, 0]
    for start in range(8 * n):
        if kind[start] != 1:
            continue
        kind[start] = 5
        stack = [start]
        border = 0
        count = [0, 0, 0]
        members = [] if owner is not None else None
        while stack:
            node = stack.pop()
            if members is not None:
                members.append(node)
            count[colour(geo, board, node)] += 1
            nb = []
            touching(geo, board, node, nb)
            for t in nb:
                if t >= rim:
                    border |= 1 << geo.rim_colour[t - rim]
                    continue
                kd = kind[t]
                if kd == 1:
                    kind[t] = 5
                    stack.append(t)
                elif kd != 5:
                    border |= 1 << (kd - 2)
        # border bits: 1 white, 2 black, 4 open board
        if border == 1 or border == 2:
            got = count[BLACK] if border == 1 else count[WHITE]
            score[border - 1] += got
            if parts is not None and got:
                parts.append((border - 1, got, count[WHITE] + count[BLACK]))
        if members is not None:
            for node in members:
                owner[node] = border if 0 < border < 3 and \
                    colour(geo, board, node) == 2 - border else 3
    return score


class TomoeHex(TA.Tomoe):
    """Tomoe with triple-hexagon tiles; variants, moves and actions as Tomoe."""

    VERSION = 4  # 4: triple-hexagon tiles (model D); 3 and older: model A
    MODEL = "D"
    NODES = 8
    # The analysis of this model's tiles; nodes are cell * 8 + sector.
    _enclosure = staticmethod(enclosure)
    _locks = staticmethod(locks)
    _pockets = staticmethod(pockets)

    def _load(self, data):
        if data[:len(self.TAG)] == self.TAG and len(data) > len(self.TAG) and \
                data[len(self.TAG)] < self.VERSION:
            raise CorruptState("a save of the earlier Tomoe tiles (format %d): it cannot be "
                               "played with the new tiles; start a new game" % data[len(self.TAG)])
        TA.Tomoe._load(self, data)

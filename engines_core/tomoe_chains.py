"""The evaluation of Tomoe's computer players for triple-hexagon tiles
(engines_core/tomoe_ai.py says how each level uses it): chains of
sectors joined through one colour, a chain joined to a rim area of its
colour free; a colour worth 3 per free sector minus 1 per sector of its
colour, a position our worth minus theirs. The chains are built once per
position and every lay is valued from the chains its new sectors join,
without a rebuild; a turn by building them again with its cell emptied.
Actions are ranked as packed small ints (ranked, lay_entries).
"""

from engines_core import tomoe as T
from engines_core.tomoe_board import FIG, NSEC, SCOL, ESEC

ENDGAME = 8  # hard searches once at most this many cells are empty (before: normal)
FREE = 3  # value of a free sector
SECTOR = 1  # cost of any sector

# Nodes here are cell * 7 + sector (a tile has at most 7 sectors), and 7n and
# 7n + 1 the white and black rim: at most 254, so bytearrays hold them.

# The places along a tile's edges where it can join its neighbour (k*6 + j,
# j 1-4: the stripes; tips never join, the neighbour's and the rim's colour
# being the other one): join place i = 4k + j - 1.
JOIN = (1, 2, 3, 4, 7, 8, 9, 10, 13, 14, 15, 16)


def _tables():
    """Per tile (orientation | pattern): the sector at each join place
    (JSEC, at 12 * tile + i), the sum over its sectors of -1 (the player's
    colour) or +1 (the other's) for each player (BASE, at 2 * tile + seat),
    its join places of black (JBLK, bit i), its white sectors and all its
    sectors (WMASK, ALL, bit s)."""
    jsec = bytearray(16 * 12)
    base = [0] * 32
    jblk = [0] * 16
    wmask = bytearray(16)
    allm = bytearray(16)
    for ci in range(16):
        if not ci & 7 or (ci & 7) == 7:
            continue
        for i in range(12):
            s = ESEC[ci * 18 + JOIN[i]]
            jsec[ci * 12 + i] = s
            jblk[ci] |= SCOL[ci * 8 + s] << i
        for s in range(NSEC[ci]):
            allm[ci] |= 1 << s
            if SCOL[ci * 8 + s] == 0:
                wmask[ci] |= 1 << s
                base[2 * ci] -= SECTOR
                base[2 * ci + 1] += SECTOR
            else:
                base[2 * ci] += SECTOR
                base[2 * ci + 1] -= SECTOR
    return bytes(jsec), tuple(base), tuple(jblk), bytes(wmask), bytes(allm)


JSEC, BASE, JBLK, WMASK, ALL = _tables()
# Bits 0-3 reversed: a neighbour meets an edge's four join places in reverse.
REV4 = bytes(sum(((v >> j) & 1) << (3 - j) for j in range(4)) for v in range(16))


# Buffers every Chains shares, made once with the module (a search builds
# thousands; buffers made later would lie scattered over a 64 KB heap):
# parent, root and size per node (7 * MAX_CELLS + 2 at most), and what is
# copied into parent to start (0 1 2 ...).
_NODES = 7 * T.MAX_CELLS + 2
_PAR = bytearray(_NODES)
_ROOT = bytearray(_NODES)
_SIZE = bytearray(_NODES)
_IDENT = bytes(range(_NODES))
# Scratch of cell_values: what faces each join place, the roots a lay joins
# and the new sectors joining each.
_FACE = bytearray(12)
_SR = bytearray(12)
_SM = bytearray(12)


class Chains:
    """Union-find over the sectors of a board: root per node (a free chain's
    root is a rim node, 7n + colour), size per root, and each colour's worth
    3F - T (`value`); the size of a chain that is not free. Every Chains shares one set of buffers: building one
    overwrites the one before, so only the latest may be read."""

    def __init__(self, geo, board):
        n = geo.n
        self.geo = geo
        self.board = board
        big = 7 * n
        par = _PAR
        par[:] = _IDENT
        or8 = geo.or8
        nbc = geo.nbc
        nbk = geo.nbk
        rimcol = geo.rim_colour
        for c in range(n):
            p = board[c]
            if not p:
                continue
            ci = (or8[c] | p) * 12
            for i in range(12):
                k = i >> 2
                e = 3 * c + k
                m = nbc[e]
                x = (JBLK[ci // 12] >> i) & 1
                if m == 255:
                    if rimcol[nbk[e]] != x:
                        continue
                    b = big + x
                else:
                    pm = board[m]
                    if not pm or m < c:
                        continue  # each pair of cells once, from the lower
                    # Place j (1-4) of edge k faces the neighbour's place
                    # 5 - j of its edge kn: join index 4 * kn + 3 - (i & 3).
                    cm = or8[m] | pm
                    t = 4 * nbk[e] + 3 - (i & 3)
                    if (JBLK[cm] >> t) & 1 != x:
                        continue
                    b = 7 * m + JSEC[cm * 12 + t]
                a = 7 * c + JSEC[ci + i]
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
        # largest, are roots of the chains joined to them, and going down
        # from the largest node a root comes before its members: its size
        # starts there.
        root = _ROOT
        size = _SIZE
        f0 = f1 = t0 = t1 = 0
        for c in range(n - 1, -1, -1):
            p = board[c]
            if not p:
                continue
            ci = or8[c] | p
            for s in range(NSEC[ci] - 1, -1, -1):
                u = 7 * c + s
                a = u
                while par[a] != a:
                    a = par[a]
                root[u] = a
                if a == u:
                    size[u] = 0
                if a < big:
                    size[a] += 1  # (a free chain's size is never asked)
                if SCOL[ci * 8 + s]:
                    t1 += 1
                    if a >= big:
                        f1 += 1
                else:
                    t0 += 1
                    if a >= big:
                        f0 += 1
        self.root = root
        self.size = size
        self.big = big
        self.value = [FREE * f0 - SECTOR * t0, FREE * f1 - SECTOR * t1]

    def cell_values(self, c, me, out):
        """Fill out[p] (p 1-6) with the change of (our worth - theirs) if
        pattern p were laid on the empty cell c; returns out."""
        geo = self.geo
        board = self.board
        or8 = geo.or8
        root = self.root
        size = self.size
        big = self.big
        face = _FACE
        # Join places that face something (bit i), and those facing black.
        fa = 0
        fb = 0
        for k in (0, 1, 2):
            e = 3 * c + k
            m = geo.nbc[e]
            kn = geo.nbk[e]
            if m == 255:
                x = geo.rim_colour[kn]
                for i in range(4 * k, 4 * k + 4):
                    face[i] = big + x
                fa |= 15 << 4 * k
                if x:
                    fb |= 15 << 4 * k
                continue
            pm = board[m]
            if not pm:
                continue
            cm = or8[m] | pm
            t = cm * 12 + 4 * kn + 3
            for j in range(4):
                face[4 * k + j] = root[7 * m + JSEC[t - j]]
            fa |= 15 << 4 * k
            fb |= REV4[(JBLK[cm] >> 4 * kn) & 15] << 4 * k
        o8 = or8[c]
        sr = _SR
        sm = _SM
        for p in (1, 2, 3, 4, 5, 6):
            ci = o8 | p
            v = BASE[2 * ci + me]
            # The places where the new tile's colour meets the same colour.
            jm = fa & ~(JBLK[ci] ^ fb)
            if not jm:
                out[p] = v
                continue
            # The roots the new sectors join, each with its new sectors (a
            # mask), and which of them are free (rim nodes).
            b = ci * 12
            nr = 0
            free = 0
            for i in range(12):
                if not (jm >> i) & 1:
                    continue
                r = face[i]
                bit = 1 << JSEC[b + i]
                if r >= big:
                    free |= bit
                    continue
                j = 0
                while j < nr and sr[j] != r:
                    j += 1
                if j == nr:
                    sr[nr] = r
                    sm[nr] = bit
                    nr += 1
                else:
                    sm[j] |= bit
            if not free:
                out[p] = v
                continue
            # New sectors joined through a common chain to a free group are
            # free too: grow the free mask until it holds still.
            grow = 1
            while grow:
                grow = 0
                for j in range(nr):
                    if sm[j] & free and sm[j] | free != free:
                        free |= sm[j]
                        grow = 1
            mine = WMASK[ci] if me == 0 else WMASK[ci] ^ ALL[ci]
            s = 0
            while free >> s:
                if (free >> s) & 1:
                    v += FREE if (mine >> s) & 1 else -FREE
                s += 1
            for j in range(nr):
                if sm[j] & free:
                    v += FREE * size[sr[j]] if sm[j] & mine else -FREE * size[sr[j]]
            out[p] = v
        return out


def _value(ch, me):
    return ch.value[me] - ch.value[1 - me]


BIAS = 1 << 13  # values stay well inside +-BIAS
SLOT = 512  # > NUM_ACTIONS
TIE = 64  # random tie-breaks
UNIT = SLOT * TIE  # one step of value in a packed entry


def ranked(state, me, rng=None, k=0, turns=True, tie=None, noise=0):
    """Every legal action of the player to move, valued for `me`, best first,
    as packed small ints ((BIAS - value) * TIE + tie) * SLOT + action: see
    value_of and action_of. Ties go by action number, or at random with `rng`.
    With k > 0 only the k best are kept, with k < 0 only those of the best
    value (what normal needs, without a list of every action); turns=False
    leaves turns out. `tie` = mul * 64 + add stands in for rng: action a's
    tie-break is then (a * mul + add) % 61 (no table of every action). With
    `noise` (and rng) each value has a random 0 to noise - 1 added (easy)."""
    geo = state.geo
    board = state.board
    turns = turns and state.may_turn()
    if k:
        out = []
    else:
        # Room for every action at once: growing a list of up to 288 entries
        # step by step would want free runs of up to 2 KB on a small heap.
        out = [0] * (6 * state.empty + (2 * (geo.n - state.empty) if turns else 0))
    n = lay_entries(geo, board, state.supply, me, k, tie, rng, out, noise)
    if turns:
        locked = state.locked
        vals = [0] * 7
        b = bytearray(board)
        for c in range(geo.n):
            if not board[c] or locked[c]:
                continue
            p = b[c]
            b[c] = 0
            ch2 = Chains(geo, b)
            ch2.cell_values(c, me, vals)
            b[c] = p
            base2 = BIAS - _value(ch2, me)
            ch2 = None  # its buffers may go before the next is built
            for d in (0, 1):
                a = T.turn_action(c, d)
                t = (a * (tie >> 6) + (tie & 63)) % 61 if tie else rng.below(TIE) if rng else 0
                v = vals[T.turned(p, d)] + (rng.below(noise) if noise else 0)
                x = ((base2 - v) * TIE + t) * SLOT + a
                if not k:
                    out[n] = x
                    n += 1
                elif k < 0:
                    _keep_best(out, x)
                elif len(out) < k or x < out[-1]:
                    _insert(out, x, k)
    if not k:
        del out[n:]
    if k <= 0:
        out.sort()
    return out


def lay_entries(geo, board, supply, me, k, tie, rng, out, noise=0):
    """Every lay of a figure left in `supply` on an empty cell of `board`,
    valued for `me`, packed as in `ranked`, into the list `out`: with k=0
    unsorted into its first slots (it must have room for six per empty
    cell), returning how many; else appended: with k > 0 only the k best,
    sorted, with k < 0 only those of the best value.
    Tie-breaks from `tie` (as in ranked), else from `rng`; `noise` as in
    ranked."""
    ch = Chains(geo, board)
    base = BIAS - _value(ch, me)
    orient = geo.orient
    vals = [0] * 7
    n = 0
    for c in range(geo.n):
        if board[c]:
            continue
        ch.cell_values(c, me, vals)
        o8 = 8 * orient[c]
        for p in (1, 2, 3, 4, 5, 6):
            if not supply[FIG[o8 + p]]:
                continue
            x = (base - vals[p] - (rng.below(noise) if noise else 0)) * UNIT
            # Worse than every entry kept whatever its tie-break: skipped.
            if k < 0 and out and x > out[0] or k > 0 and len(out) >= k and x > out[-1]:
                continue
            a = T.lay_action(c, p)
            x += ((a * (tie >> 6) + (tie & 63)) % 61 if tie else
                  rng.below(TIE) if rng else 0) * SLOT + a
            if not k:
                out[n] = x
                n += 1
            elif k < 0:
                _keep_best(out, x)
            elif len(out) < k or x < out[-1]:
                _insert(out, x, k)
    return n


def _keep_best(out, x):
    """Keep in `out` only the entries of the best (lowest) value seen."""
    if out:
        d = x // UNIT - out[0] // UNIT
        if d > 0:
            return
        if d < 0:
            del out[:]
    out.append(x)


def _insert(out, x, k):
    """Put x into the sorted list `out`, keeping at most k entries."""
    i = len(out)
    while i and out[i - 1] > x:
        i -= 1
    out.insert(i, x)
    if len(out) > k:
        out.pop()


def value_of(entry):
    return BIAS - entry // UNIT


def action_of(entry):
    return entry % SLOT

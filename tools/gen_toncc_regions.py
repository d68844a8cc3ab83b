"""Generate the 18 Tóncc Regions and their Map order (engines_core/toncc_regions.py).

The printed set is not published, so the Regions come from a small,
deterministic constraint search (docs/rules/toncc.md):

1. A Region is (background, symbol colour, shape, lines, dots): background and
   symbol are red, yellow or blue and differ from each other (so there are six
   "colours", the background + symbol pairs); the shape is a circle, a square
   or a triangle; 1-3 lines; 1-3 dots.
2. The Map is a triangle with 7 places per side, corners shared: places 0-17
   clockwise, corners 0, 6 and 12; side s holds places 6s .. 6s+6 (mod 18).
   Any 3 places in a row on one side are one of the 15 achievable Kingdoms.
3. Constraints:
   - every Kingdom's three Regions share exactly one characteristic (colour
     pair, shape, number of lines or number of dots);
   - two Kingdoms (one on side 0, one on side 1, drawn by the PRNG) share
     the colour pair; each of shape, lines and dots is the shared
     characteristic of at least 3 Kingdoms;
   - balance: each background 6 times, each colour pair 3 times, each shape 6
     times, each number of lines 6 times, each number of dots 6 times;
   - every side shows each background at least twice (7 places a side);
   - no two Regions are alike.
4. An attempt fills places 0..17 in order by depth-first search; the
   candidates of each place are tried in an order shuffled by the project's
   xorshift32 seeded with the attempt's seed; an attempt gives up after
   NODE_LIMIT nodes. Attempts run with seeds 1, 2, 3, ...; the first
   solution found is the shipped set (SEED is that attempt's seed, so
   regenerating starts there and takes a fraction of a second).

Run `python -m tools.gen_toncc_regions` to print the module; a test checks the
shipped file is exactly this output.
"""

from engines_core.prng import Rng

SEED = 7  # the first seed from 1 whose attempt succeeds (see 4.)
NODE_LIMIT = 20000
PLACES = 18
SIDE = 7
COLOUR_NAMES = ("red", "yellow", "blue")
SHAPE_NAMES = ("circle", "square", "triangle")


def sides():
    """The 3 sides of the Map, each the tuple of its 7 places."""
    return tuple(tuple((6 * s + i) % PLACES for i in range(SIDE)) for s in range(3))


def kingdoms():
    """The 15 achievable Kingdoms: 3 places in a row on one side."""
    out = []
    for side in sides():
        for i in range(SIDE - 2):
            out.append(side[i:i + 3])
    return tuple(out)


def all_regions():
    out = []
    for bg in range(3):
        for sym in range(3):
            if sym == bg:
                continue
            for shape in range(3):
                for lines in (1, 2, 3):
                    for dots in (1, 2, 3):
                        out.append((bg, sym, shape, lines, dots))
    return out


def shared(a, b, c):
    """Bitmask of the characteristics three Regions share: 1 colour pair,
    2 shape, 4 lines, 8 dots."""
    m = 0
    if a[0] == b[0] == c[0] and a[1] == b[1] == c[1]:
        m |= 1
    if a[2] == b[2] == c[2]:
        m |= 2
    if a[3] == b[3] == c[3]:
        m |= 4
    if a[4] == b[4] == c[4]:
        m |= 8
    return m


def _kinds(regions):
    """How many Kingdoms share each kind of characteristic (colour, shape,
    lines, dots)."""
    kinds = [0, 0, 0, 0]
    for k in kingdoms():
        m = shared(regions[k[0]], regions[k[1]], regions[k[2]])
        for i in range(4):
            if m >> i & 1:
                kinds[i] += 1
    return kinds


def attempt(seed, limit=NODE_LIMIT):
    """One depth-first search; the Regions in Map order, or None if it gives
    up after `limit` nodes."""
    rng = Rng(seed)
    pool = all_regions()
    ks = kingdoms()
    # Two colour Kingdoms, one on side 0 and one on side 1, drawn by the rng.
    colour_k = (rng.below(5), 5 + rng.below(5))
    check_at = [[] for _ in range(PLACES)]
    colour_at = [[] for _ in range(PLACES)]
    for i, k in enumerate(ks):
        check_at[max(k)].append(i)
        if i in colour_k:
            for p in k:
                colour_at[p].append(i)
    sd = sides()
    side_of = [[s for s in range(3) if p in sd[s]] for p in range(PLACES)]
    count = {}
    side_bg = [[0, 0, 0] for _ in range(3)]
    side_fill = [0, 0, 0]
    placed = []
    nodes = [0]

    def keys(r):
        return (("bg", r[0]), ("pair", r[0], r[1]), ("shape", r[2]), ("lines", r[3]),
                ("dots", r[4]))

    def fits(r, p):
        if r in placed:
            return False
        for key in keys(r):
            if count.get(key, 0) >= (3 if key[0] == "pair" else 6):
                return False
        for i in colour_at[p]:
            for q in ks[i]:
                if q < p and placed[q][:2] != r[:2]:
                    return False
        for s in side_of[p]:
            missing = 0
            for c in range(3):
                have = side_bg[s][c] + (1 if r[0] == c else 0)
                missing += max(0, 2 - have)
            if missing > SIDE - side_fill[s] - 1:
                return False
        return True

    def add(r, p, d):
        for key in keys(r):
            count[key] = count.get(key, 0) + d
        for s in side_of[p]:
            side_bg[s][r[0]] += d
            side_fill[s] += d

    def kingdoms_ok(p):
        for i in check_at[p]:
            k = ks[i]
            m = shared(placed[k[0]], placed[k[1]], placed[k[2]])
            if m not in (1, 2, 4, 8) or (i in colour_k and m != 1):
                return False
        return True

    def search(p):
        nodes[0] += 1
        if nodes[0] > limit:
            return None
        if p == PLACES:
            return list(placed) if min(_kinds(placed)[1:]) >= 3 else None
        order = list(pool)
        rng.shuffle(order)
        for r in order:
            if not fits(r, p):
                continue
            placed.append(r)
            if kingdoms_ok(p):
                add(r, p, 1)
                found = search(p + 1)
                if found:
                    return found
                add(r, p, -1)
            placed.pop()
            if nodes[0] > limit:
                return None
        return None

    return search(0)


def generate(seed=SEED):
    """The 18 Regions in Map order, as (bg, symbol, shape, lines, dots):
    the first successful attempt from `seed` upwards."""
    while True:
        found = attempt(seed)
        if found:
            return found
        seed += 1


def render_module(regions):
    lines = [
        '"""The 18 Tóncc Regions in Map order. Generated by tools/gen_toncc_regions.py; do not edit.',
        "",
        "REGIONS[place] = (background, symbol colour, shape, lines, dots); colours",
        "0 red, 1 yellow, 2 blue; shapes 0 circle, 1 square, 2 triangle. The Map is",
        "a triangle, places 0-17 clockwise, corners 0, 6 and 12.",
        '"""',
        "",
        "REGIONS = (",
    ]
    for i, r in enumerate(regions):
        lines.append("    (%d, %d, %d, %d, %d),  # %d %s/%s %s" % (
            r + (i, COLOUR_NAMES[r[0]], COLOUR_NAMES[r[1]], SHAPE_NAMES[r[2]])))
    lines.append(")")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    import argparse
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    print(render_module(generate()), end="")

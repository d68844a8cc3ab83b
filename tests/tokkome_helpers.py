"""Build Tokkome positions by hand for rule, computer-player and screen tests."""

from engines_core import tokkome as T


def counts(cards):
    """Hand counts from a string of values such as "1224" (or a list)."""
    c = bytearray(8)
    for v in cards:
        c[int(v)] += 1
    return c


def values(cards):
    return [int(v) for v in cards]


def position(hands, tokkome="4", maki="6", sets=None, draws="", rest_to=None,
             turn=0, num_players=None, known=None):
    """A Tokkome state: `hands` one string of values per seat, the Tokkome and
    maki piles (bottom first), laid `sets` (one list of values per seat).

    `draws` are the next cards drawn, in order. Every other card goes to the
    bottom of the draw pile, or into the hand of seat `rest_to` if given
    (to make the draw pile exactly `draws`).
    """
    n = num_players or len(hands)
    g = T.Tokkome(n, "standard", 1)
    g.hands = [counts(h) for h in hands]
    g.known = [bytearray(8) for _ in range(n)]
    if known:
        for s, k in enumerate(known):
            g.known[s] = counts(k)
    g.sets = [list(s) for s in (sets or [[] for _ in range(n)])]
    g.tokkome = values(tokkome)
    g.maki = values(maki)
    left = bytearray(8)
    for v in range(1, 8):
        left[v] = T.COPIES
    used = []
    for h in g.hands:
        for v in range(1, 8):
            used.extend([v] * h[v])
    for s in g.sets:
        for v in s:
            used.extend([v] * 3)
    used.extend(g.tokkome)
    used.extend(g.maki)
    used.extend(values(draws))
    for v in used:
        left[v] -= 1
    assert all(left[v] >= 0 for v in range(8)), "more than five of a value"
    rest = []
    for v in range(1, 8):
        rest.extend([v] * left[v])
    if rest_to is not None:
        for v in rest:
            g.hands[rest_to][v] += 1
        rest = []
    g.draw = rest + list(reversed(values(draws)))
    g.turn = turn
    g.phase = T.MAIN
    g.turns = 0
    g.last_turn = False
    g.done = False
    g.end_reason = T.END_NONE
    g.wins = []
    g.check()
    return g


def hand_str(g, seat):
    h = g.hands[seat]
    return "".join(str(v) * h[v] for v in range(1, 8))

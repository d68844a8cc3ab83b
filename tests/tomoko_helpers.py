"""Build Tomoko positions by hand for rule tests."""

from engines_core import tomoko as T

CH = {".": T.EMPTY, "X": T.DARK, "O": T.LIGHT}


def board(text):
    """5 rows of 5 characters: '.' empty, 'X' dark, 'O' light."""
    rows = text.split()
    assert len(rows) == 5 and all(len(r) == 5 for r in rows)
    return bytearray(CH[c] for r in rows for c in r)


def pattern_rows(mask):
    """A card mask as 3 strings of X/O."""
    return ["".join("X" if mask >> (3 * r + c) & 1 else "O" for c in range(3)) for r in range(3)]


def position(text, hands, num_players=2, variant="standard", turn=0, draws=(), seed=1):
    """A Tomoko state with this board and these hands (one list per owner).

    `draws` are the next cards drawn, in order; every other card lies
    below them in the deck.
    """
    g = T.Tomoko(num_players, variant, seed)
    g.board = board(text)
    for c in (T.DARK, T.LIGHT):
        g.bag[c] = T.BALLS_PER_COLOUR - sum(1 for v in g.board if v == c)
    used = set()
    for o, h in enumerate(hands):
        g.hands[o] = list(h)
        used.update(h)
        g.laid[o] = []
    rest = [c for c in range(T.NUM_CARDS) if c not in used and c not in draws]
    g.deck = rest + list(reversed(draws))
    g.turn = turn
    g.prev = None
    g.check()
    return g


def matching_cards(b):
    """Card ids met somewhere on board b."""
    return {c for c in range(T.NUM_CARDS) if T.find_card(b, c) is not None}

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


def push(board, colour, entry):
    """Push a ball into a board of cells in place, as the rules say it (the
    engine works on bitboards); return the colour that fell into the gutter
    (or EMPTY)."""
    line = T.LINES[entry]
    k = 0
    while k < T.SIZE and board[line[k]]:
        k += 1
    dropped = T.EMPTY
    if k == T.SIZE:
        k = T.SIZE - 1
        dropped = board[line[k]]
    while k > 0:
        board[line[k]] = board[line[k - 1]]
        k -= 1
    board[line[0]] = colour
    return dropped


def find_card(board, card):
    """(window, rotation) where `card` is met on a board of cells, or None:
    the first window, row-major, whose nine cells are full and show it."""
    for w, cells in enumerate(T.WINDOW_CELLS):
        if all(board[i] for i in cells):
            dark = sum(1 << k for k, i in enumerate(cells) if board[i] == T.DARK)
            if T.CARD_AT[dark] == card:
                return w, T.ROT_AT[dark]
    return None


def matching_cards(b):
    """Card ids met somewhere on board b."""
    return {c for c in range(T.NUM_CARDS) if find_card(b, c) is not None}

"""Tokkome's public facts read back from the frame (issue 24 items 1 and 10).

Generated positions - seeded games of 3 and 4 players stopped on P1's
turn early, midway, late and where the Tokkome pile was largest - are drawn
by the firmware, and a decoder that knows only the layout, the colours
(tokkome_screens.VALUE, GOLD, the seats') and the glyphs of firmware/font.py
reads every public fact back from the pixels: on the turn screen the piles'
top cards, the Tokkome's newest cards, the cards left to draw, every other
hand's size, sets and the cards seen going in, P1's own hand and sets; on
the look (hold A) every hand size and set count, the cards left to draw,
both piles' sizes and every card of the Tokkome. A later change that drops
a fact from the screen fails here."""

from engines_core import players, tokkome as T
from engines_core.prng import Rng
from firmware import font, palette, tokkome_screens as S
from firmware.session import Session
from hal import buttons as B
from tests.firmware_helpers import app_with, read_text

TWINS = {palette.scale(S.VALUE[v], S.TWIN_PCT[v]): v for v in range(1, 8)}
VALUES = dict((S.VALUE[v], v) for v in range(1, 8))


def positions(num_players, seeds):
    """(seed, stage, state): for each seed a game of seeded random and
    `normal` moves, stopped at P1's turns early (the first), midway, late
    (the last before the end) and where the Tokkome pile was largest."""
    out = []
    for seed in seeds:
        g = T.Tokkome(num_players, "standard", seed)
        rng = Rng(seed)
        kind = "random" if seed % 2 else "normal"
        moves = []
        turns = []  # how many moves were made when P1 was to choose a card
        biggest = (0, 0)  # the Tokkome pile's largest size then, and when
        while not g.is_terminal():
            if g.current_player() == 0 and g.phase == T.MAIN:
                turns.append(len(moves))
                biggest = max(biggest, (len(g.tokkome), len(moves)))
            a = players.choose(g, kind, rng)
            moves.append(a)
            g.apply(a)
        for stage, k in (("early", turns[0]), ("middle", turns[len(turns) // 2]),
                         ("late", turns[-1]), ("largest Tokkome", biggest[1])):
            h = T.Tokkome(num_players, "standard", seed)
            for a in moves[:k]:
                h.apply(a)
            out.append((seed, stage, h))
    return out


def app_at(g):
    seats = ["human"] + ["normal"] * (g.num_players - 1)
    session = Session("tokkome", seats, "standard", 1)
    session.state = g
    app, run = app_with(session)
    run.idle()
    return app, run


def value_of(colour):
    """A card's value from its colour, full or the dimmed twin (None)."""
    return VALUES.get(colour, TWINS.get(colour))


def read_digit(d, x, y, colour):
    """The one glyph of firmware/font.py drawn in `colour` in the 3x5 cell
    at (x, y) (what stands beside it is not read)."""
    g = 0
    for row in range(font.H):
        for col in range(font.W):
            g = (g << 1) | (d.get(x + col, y + row) == colour)
    chars = [ch for ch in font.GLYPHS if font.glyph(ch) == g]
    assert chars, (x, y)
    return chars[0]


def digit_colour(d, x, y, colours):
    """The one colour of `colours` lit in the 3x5 cell at (x, y)."""
    found = {d.get(x + i, y + j) for i in range(3) for j in range(5)} & set(colours)
    assert len(found) == 1, (x, y, found)
    return found.pop()


def read_bars(d, top):
    """The cards shown as bars standing on row 15, each v LEDs high in v's
    colour, the window centred; a card is two columns wide while all of
    them are (eight cards or fewer), else one: with one column a card,
    neighbours always differ (another value, or a twin's other level)."""
    cols = []
    for x in range(16):
        c = d.get(x, 15)
        if not c:
            cols.append(None)
            continue
        v = value_of(c)
        assert v is not None, (x, hex(c))
        for y in range(16 - v, 16):
            assert d.get(x, y) == c, (x, y)  # a bar of v LEDs
        for y in range(top, 16 - v):
            assert d.get(x, y) == palette.BLACK, (x, y)  # and no more
        cols.append((c, v))
    lit = [x for x in range(16) if cols[x] is not None]
    if not lit:
        return []
    x0, x1 = lit[0], lit[-1]
    assert lit == list(range(x0, x1 + 1))  # no gaps between cards
    w = 1
    if (x1 - x0 + 1) % 2 == 0 and all(cols[x] == cols[x + 1] for x in range(x0, x1, 2)):
        w = 2
    if w == 1:
        assert all(cols[x] != cols[x + 1] for x in range(x0, x1))
    assert x0 == (16 - (x1 - x0 + 1)) // 2  # centred
    return [cols[x][1] for x in range(x0, x1 + 1, w)]


def read_seat_row(d, y, seat):
    """(hand size or None when the row is full, seen card values, sets) of
    the row of `seat`: its dot, its pips (every fifth full), a dark LED,
    the seen cards in their values' colours, gold dots from the right."""
    c = palette.PLAYERS[seat]
    assert d.get(0, y) in (c, palette.scale(c, 25)), (y, seat)
    sets = 0
    x = 15
    while d.get(x, y) == S.GOLD:
        sets += 1
        x -= 1
    full = d.get(x, y) == palette.WHITE  # more cards than room: a white mark
    end = x if full else x + 1
    hidden = 0
    i = 1
    while i < end and d.get(i, y) in (c, palette.scale(c, S.TALLY_PCT)):
        assert (d.get(i, y) == c) == (hidden % 5 == 4), (y, i)  # tally marks
        hidden += 1
        i += 1
    seen = []
    if i < end and hidden:
        assert d.get(i, y) == palette.BLACK  # the dark LED before the seen cards
        i += 1
    while i < end and d.get(i, y) in VALUES:
        seen.append(VALUES[d.get(i, y)])
        i += 1
    for x in range(i, end):
        assert d.get(x, y) == palette.BLACK, (x, y)
    return (None if full else hidden + len(seen)), seen, sets


def read_turn_screen(d, num_players):
    """Every public fact on P1's turn screen, and P1's own hand and sets."""
    got = {}
    col = digit_colour(d, 1, 0, S.VALUE[1:])
    got["tokkome top"] = int(read_digit(d, 1, 0, col))
    col = digit_colour(d, 7, 0, S.VALUE[1:])
    got["maki top"] = int(read_digit(d, 7, 0, col))
    more = d.get(5, 0) == palette.WHITE
    newest = []
    for y in range(4, 0 if more else -1, -1):
        if d.get(5, y):
            newest.append(VALUES[d.get(5, y)])
    got["tokkome newest"] = (newest, more)
    got["own sets"] = sum(1 for y in range(5) if d.get(11, y) == S.GOLD)
    col = digit_colour(d, 13, 0, (S.DRAW, palette.BAD))
    left = int(read_text(d, 13, 0, col))
    got["draw"] = (left, col == palette.BAD)
    for k in range(1, num_players):
        got["seat %d" % k] = read_seat_row(d, 4 + k, k)
    got["hand"] = read_bars(d, 9)
    return got


def turn_facts(st):
    """What the turn screen must say, from the engine."""
    tok = st.tokkome
    k = len(tok)
    want = {"tokkome top": tok[-1], "maki top": st.maki[-1],
            "tokkome newest": (tok[-4:] if k > 5 else tok, k > 5),
            "own sets": len(st.sets[0]),
            "draw": (len(st.draw), len(st.draw) <= 2),
            "hand": S.cards_of(st.hands[0])}
    for s in range(1, st.num_players):
        seen = S.cards_of(st.known[s])
        want["seat %d" % s] = (T.hand_size(st.hands[s]), seen, len(st.sets[s]))
    return want


def hold_a(app, run, ms):
    app.hal.buttons.set_raw(1 << B.A, app.now())
    run.advance(ms)
    assert app.screen.looking


def read_look_hands(d, num_players):
    """Page one of the look: per seat (hand size, sets); with three seats
    the cards left to draw as well."""
    got = []
    for s in range(num_players):
        x0, y0 = S.QUAD[s]
        c = palette.PLAYERS[s]
        shades = (c, palette.scale(c, S.LOOK_DIM_PCT))
        xs = [x for x in range(x0, x0 + 7) for y in range(y0, y0 + 5) if d.get(x, y) in shades]
        colour = digit_colour(d, min(xs), y0, shades)
        size = int(read_text(d, min(xs), y0, colour))
        dots = [x for x in range(x0, x0 + 7) if d.get(x, y0 + 6) == S.GOLD]
        if len(dots) <= 4:  # under the number from its right, a dark LED between
            assert dots == list(range(x0 + 8 - 2 * len(dots), x0 + 7, 2))
        got.append((size, len(dots)))
    if num_players == 3:
        x0, y0 = S.QUAD[3]
        assert {d.get(x, y) for x in range(x0, x0 + 3) for y in range(y0, y0 + 5)} == {S.BACK}
        got.append(int(read_text(d, x0 + 4, y0, S.DRAW)))
    return got


def assert_room_hands(d):
    """Nothing lit between the quadrants: two columns between the numbers
    side by side, a row under each number, two rows under the top dots."""
    for y in list(range(0, 5)) + list(range(9, 14)):
        assert d.get(7, y) == palette.BLACK and d.get(8, y) == palette.BLACK, y
    for x in range(16):
        for y in (5, 7, 8, 14):
            assert d.get(x, y) == palette.BLACK, (x, y)


def read_look_piles(d):
    """Page two: (Tokkome size, maki size, the Tokkome's cards shown)."""
    tok = int(read_text(d, 0, 0, palette.WHITE))
    xs = [x for x in range(16) for y in range(5) if d.get(x, y) == S.MAKI_TEXT]
    maki = int(read_text(d, min(xs), 0, S.MAKI_TEXT))
    assert max(xs) == 15  # at the right, where the maki pile is on the turn screen
    # Each number underlined in its pile's colour, with a row between.
    wt, wm = font.width(str(tok)), font.width(str(maki))
    assert [d.get(x, 6) for x in range(16)] == \
        [S.ARENA] * wt + [palette.BLACK] * (16 - wt - wm) + [S.MAKI] * wm
    for x in range(16):
        for y in (5, 7):
            assert d.get(x, y) == palette.BLACK, (x, y)
    cards = read_bars(d, 9)
    shelf = [x for x in range(16) if d.get(x, 8)]
    if cards:
        lit = [x for x in range(16) if d.get(x, 15)]
        assert shelf == lit  # the arena's wood over exactly the cards
        assert d.get(lit[-1], 8) == palette.WHITE  # the newest marked
        assert {d.get(x, 8) for x in lit[:-2]} <= {S.ARENA}
    return tok, maki, cards


def read_back(g, where=""):
    """Draw `g` (P1 to choose a card) and read it back: the turn screen's
    facts, then the look's two pages and the first again. Returns the
    turn screen's facts as read."""
    num_players = g.num_players
    app, run = app_at(g)
    play = app.screen
    assert play.seat == 0 and g.current_player() == 0 and g.phase == T.MAIN
    d = app.hal.display
    got = read_turn_screen(d, num_players)
    want = turn_facts(g)
    for s in range(1, num_players):
        key = "seat %d" % s
        if got[key][0] is None:  # the row is full: the look gives the number
            assert want[key][1][:len(got[key][1])] == got[key][1]
            want[key] = (None, got[key][1], want[key][2])
    if T.hand_size(g.hands[0]) > 16:  # more than the bars' window
        want["hand"] = got["hand"]
    assert got == want, where

    hold_a(app, run, 900)
    hands = read_look_hands(d, num_players)
    want_hands = [(T.hand_size(g.hands[s]), len(g.sets[s])) for s in range(num_players)]
    if num_players == 3:
        want_hands.append(len(g.draw))
    assert hands == want_hands, where
    assert_room_hands(d)
    run.advance(S.LOOK_PAGE_MS)
    tok, maki, cards = read_look_piles(d)
    assert (tok, maki) == (len(g.tokkome), len(g.maki)), where
    assert cards == g.tokkome[-16:], where
    run.advance(S.LOOK_PAGE_MS)
    assert read_look_hands(d, num_players) == want_hands  # and round again
    app.hal.buttons.set_raw(0, app.now())
    run.advance(100)
    assert not play.looking
    return got


def test_generated_positions_read_back_from_the_turn_screen_and_the_look():
    tried = 0
    more = sets = seen = late_draw = 0
    for num_players in (3, 4):
        for seed, stage, g in positions(num_players, range(1, 11)):
            read_back(g, (num_players, seed, stage))
            tried += 1
            more += len(g.tokkome) > 5
            sets += sum(len(x) for x in g.sets) > 0
            seen += sum(T.hand_size(k) for k in g.known) > 0
            late_draw += len(g.draw) <= 2
    assert tried == 80
    # The generated positions reach what the screens must show.
    assert more >= 3 and sets >= 10 and seen >= 10 and late_draw >= 5, (more, sets, seen, late_draw)


def test_a_long_tokkome_pile_reads_back_whole_and_its_size_as_a_number():
    """Issue 24 item 1: "only the newest five cards of the Tokkome pile
    show". The turn screen shows the newest four under a white dot when
    there are more; the look's second page gives the size and every card
    (one LED a card from nine; the newest sixteen of a longer pile)."""
    from tests.tokkome_helpers import position
    for pile in ("123", "12345", "123456", "765432123", "1234567654321234", "12345676543212345"):
        g = position(["56", "7", "7"], tokkome=pile, maki="6", draws="1", rest_to=2)
        got = read_back(g, pile)
        assert got["tokkome newest"][1] == (len(pile) > 5)

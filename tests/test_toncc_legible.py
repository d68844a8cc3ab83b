"""Tóncc's facts read back from one frame (issue 24 items 1 and 10): for
generated positions, the scores table gives every King's score and Tóncc
points."""

from engines_core import toncc as T
from engines_core.prng import Rng
from firmware import palette, toncc_screens as S
from firmware.session import Session
from hal import buttons as B
from tests.firmware_helpers import app_with, read_text


def played(seed, moves):
    """A standard game after `moves` random moves (fewer if it ended)."""
    g = T.Toncc(3, "standard", seed)
    rng = Rng(seed)
    for _ in range(moves):
        if g.is_terminal():
            break
        g.apply(rng.below(T.NUM_ACTIONS))
    return g


def app_at(g):
    session = Session("toncc", ["human", "normal", "normal"], "standard", 1)
    session.state = g
    app, run = app_with(session)
    run.idle()
    return app, run


def read_table(d, kings):
    """Per seat (score, Tóncc points) read off the scores table: the number
    in his King's colour in his quadrant, the white pips under it."""
    out = []
    for s in range(3):
        x0, y0 = S.QUAD[s]
        col = S.COL[kings[s]]
        xs = [x for x in range(x0, x0 + 7) for y in range(y0, y0 + 5) if d.get(x, y) == col]
        score = int(read_text(d, min(xs), y0, col)) if xs else None
        right = x0 + 8 if s != 1 else 16
        pips = sum(1 for x in range(x0 - (s == 1), right) if d.get(x, y0 + 6) == palette.WHITE)
        out.append((score, pips))
    return out


def assert_room(d):
    """Nothing lit between the numbers: the columns between P1's and P2's,
    the row under each number, the rows between P1's pips and P3's number."""
    for y in range(0, 5):
        assert d.get(7, y) == palette.BLACK and d.get(8, y) == palette.BLACK
    for x in range(16):
        for y in (5, 7, 8):
            assert d.get(x, y) == palette.BLACK, (x, y)
    for x in range(9):
        assert d.get(x, 14) == palette.BLACK, x
    for y in range(9, 14):
        assert d.get(7, y) == palette.BLACK and d.get(8, y) == palette.BLACK


def test_scores_table_reads_back_every_score_and_toncc_point():
    seen = set()
    tried = 0
    for seed in range(1, 13):
        g = played(seed, 20 + 9 * seed)
        if g.is_terminal() or g.moves == 0 or g.pos[0] == T.OFF:
            continue  # the end, the last challenge's scores again, or no turn for P1
        app, run = app_at(g)
        tried += 1
        st = app.screen.session.state
        app.hal.buttons.set_raw(1 << B.A, app.now())
        run.advance(900)
        assert app.screen.looking
        d = app.hal.display
        got = read_table(d, st.kings)
        want = list(zip(st.running_scores(), st.toncc_totals()))
        assert got == want, (seed, got, want)
        assert_room(d)
        seen.update(p for p in st.toncc_totals())
        app.hal.buttons.set_raw(0, app.now())
        run.advance(100)
    assert tried >= 6
    assert len(seen) >= 3  # the generated games reach several counts of Tóncc points


def test_summary_page_reads_back_the_challenge_scores():
    for seed in range(1, 7):
        g = played(seed, 400)
        app, run = app_at(g)
        ui = app.screen.ui
        st = app.screen.session.state
        k = len(st.history) - 1
        d = app.hal.display
        d.fill(palette.BLACK)
        ui.draw_scores(d, 0, k)  # blink on at 0: the new points lit
        scores = [a + b for a, b in st.challenge_scores(k)]
        pts = [0, 0, 0]
        for j in range(k + 1):
            for s in range(3):
                pts[s] += st.challenge_toncc(j)[s]
        assert read_table(d, st.kings) == list(zip(scores, pts))
        assert_room(d)


def test_summary_new_points_blink_old_ones_stay():
    g = played(4, 400)
    app, run = app_at(g)
    ui = app.screen.ui
    st = app.screen.session.state
    k = len(st.history) - 1
    got = st.challenge_toncc(k)
    d = app.hal.display
    for now, new_lit in ((0, True), (400, False)):
        d.fill(palette.BLACK)
        ui.draw_scores(d, now, k)
        pips = read_table(d, st.kings)
        for s in range(3):
            total = sum(st.challenge_toncc(j)[s] for j in range(k + 1))
            assert pips[s][1] == (total if new_lit else total - got[s])


def test_key_labels_the_pips():
    g = played(3, 30)
    app, run = app_at(g)
    app.hal.buttons.set_raw(1 << B.A, app.now())
    run.advance(900)
    d = app.hal.display
    kx, ky = S.KEY_XY
    assert read_text(d, kx, ky, palette.WHITE) == "T?"  # the T, then the pip (no glyph)
    assert d.get(kx + 4, ky) == palette.WHITE


def read_hex(d, c):
    """(Region LED colour, Kings standing there) read off hex `c`: the top
    left LED is always the Region's; the Kings are the LEDs in a King's
    full colour (the chooser's hair blinks off, his body stays)."""
    x, y = S.cell_xy(c)
    tl, tr, bl, br = (d.get(x, y), d.get(x + 1, y), d.get(x, y + 1), d.get(x + 1, y + 1))
    full = S.COL
    kings = set()
    if tr in full and br in full and bl in full:
        kings = {S.COL.index(tr), S.COL.index(br), S.COL.index(bl)}
        assert (tr, br, bl) == (S.COL[T.BLUE], S.COL[T.YELLOW], S.COL[T.RED])
    elif bl in full and br in full:
        kings = {S.COL.index(bl), S.COL.index(br)}
    elif br in full:
        king = S.COL.index(br)
        assert tr in (S.king_colours(king)[0], palette.BLACK)  # his hair, or its blink
        kings = {king}
    return tl, kings


def assert_board_reads(app, run, frames=12):
    """In every frame: each hex's Region (face up: its colour; face down:
    green; the Mind: grey) and each King on it, with nothing to wait for;
    the chooser's target only when its white blink is off."""
    play = app.screen
    st = play.session.state
    target = T.dest(st.pos[play.seat], play.ui.cursor[play.seat])
    d = app.hal.display
    targets_read = 0
    for _ in range(frames):
        for c in range(T.CELLS):
            x, y = S.cell_xy(c)
            if c == target and palette.WHITE in (d.get(x, y), d.get(x, y + 1)):
                continue
            targets_read += c == target
            colour, kings = read_hex(d, c)
            assert colour == S.region_colour(st.layout, st.owner, c), c
            assert kings == {st.kings[s] for s in range(3) if st.pos[s] == c}, c
        run.advance(70)
    assert targets_read


def test_every_region_and_king_reads_from_one_frame():
    tried = 0
    for seed in range(1, 30):
        g = played(seed, 3 * seed)
        if g.is_terminal() or g.moves == 0 or g.pos[0] == T.OFF:
            continue
        app, run = app_at(g)
        tried += 1
        assert_board_reads(app, run)
    assert tried >= 15


def test_kings_sharing_a_hex_show_at_once_with_the_region():
    """Two Kings on a face-up Region, three on a face-down one, three on the
    Mind, P1 alone: every frame shows them all and the Region."""
    from tests.toncc_helpers import cell, position
    a, b = cell(0, 1), cell(1, 0)
    for pos, face_down in (((a, a, b), False), ((b, a, a), False), ((a, a, a), True),
                           ((T.MIND,) * 3, False), ((a, b, b), True)):
        g = position(pos=pos)
        if face_down:  # the Region under the Kings at a has P2's Seal
            g = position(pos=pos, owner={T.Toncc(3, "standard", 1).layout[a]: 1})
            assert g.owner[g.layout[a]] == 1
        app, run = app_at(g)
        assert_board_reads(app, run)


# The Facts view's patterns as docs/rules/toncc.md gives them, lit LEDs
# (TL, TR, BL, BR): shape 0 circle, 1 square, 2 triangle.
SHAPE_OF = {(0, 1, 1, 0): 0, (1, 1, 1, 1): 1, (0, 1, 1, 1): 2}


def read_fact(d, c, k):
    """Characteristic k (background, symbol colour, shape, lines, dots) of
    the Region on hex c, read off the Facts view."""
    x, y = S.cell_xy(c)
    leds = (d.get(x, y), d.get(x + 1, y), d.get(x, y + 1), d.get(x + 1, y + 1))
    if k < 2:
        assert len(set(leds)) == 1
        return (S.HEX if k == 0 else S.COL).index(leds[0])
    lit = tuple(int(v == palette.WHITE) for v in leds)
    assert all(v in (palette.WHITE, palette.BLACK) for v in leds)
    if k == 2:
        return SHAPE_OF[lit]
    assert lit[3] == 0 and lit == tuple(sorted(lit, reverse=True))  # filled as text is read
    return sum(lit)


def test_facts_view_shows_one_characteristic_of_every_face_up_region():
    """Issue 24 item 1: every face-up Region's symbol colour, shape, lines
    and dots within one press: B shows the Facts view, Left/Right pick the
    characteristic (its letter bottom right), every face-up Region's read
    back from one frame and compared with engines_core.toncc.REGIONS."""
    tried = 0
    for seed in range(1, 30, 3):
        g = played(seed, 3 * seed)
        if g.is_terminal() or g.moves == 0 or g.pos[0] == T.OFF:
            continue
        app, run = app_at(g)
        tried += 1
        st = app.screen.session.state
        d = app.hal.display
        run.run("B")
        assert app.screen.ui.mode == S.FACTS
        run.run("LEFT")  # from the symbol colour to the background
        for k in range(5):
            run.advance(60)
            assert read_text(d, 13, 11, palette.WHITE) == "BCSLD"[k]
            for c in range(T.CELLS):
                r = st.layout[c]
                if c == T.MIND or st.owner[r] != T.NONE:
                    continue
                assert read_fact(d, c, k) == T.REGIONS[r][k], (seed, c, k)
            run.run("RIGHT")
        assert app.screen.ui.fact[0] == 0  # round again to the background
        run.run("B,B,B")
        assert app.screen.ui.mode == S.BOARD and st.pending[0] == T.NONE
    assert tried >= 5


def test_scores_table_follows_the_moves_and_challenges():
    """The table's numbers are counted once per move, not per frame: after
    each move (and across a challenge's end) it shows the new ones."""
    g = played(5, 0)
    app, run = app_at(g)
    ui = app.screen.ui
    st = app.screen.session.state
    d = app.hal.display
    rng = Rng(5)
    changed = 0
    last = None
    while not st.is_terminal():
        d.fill(palette.BLACK)
        ui.look(d, 0, 0)
        got = read_table(d, st.kings)
        assert got == list(zip(st.running_scores(), st.toncc_totals()))
        changed += got != last
        last = got
        st.apply(rng.below(T.NUM_ACTIONS))
    assert changed >= 5

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

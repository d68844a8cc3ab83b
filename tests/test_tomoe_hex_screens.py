"""Tomoe's screens with the triple-hexagon tiles (model D, issue 24 items 1, 2
and 10): for generated positions the tiles, the live scores, whose turn it
is, which tiles are locked and the end's count are read back from frames."""

import pytest

from engines_core import tomoe as T
from engines_core.tomoe import Tomoe
from engines_core.prng import Rng
from firmware import palette, tomoe_screens as TS, tomoe_tiles as TT
from firmware.end import EndScreen
from firmware.play import PlayScreen
from hal import buttons as B
from tests.firmware_helpers import app_with, read_text, tomoe_session
from tests.test_tomoe_screens import cell_pixels, session_with
from tools import mpy_check, mpy_runtime


def played(variant, seed, actions):
    """A game of model D after `actions` random actions and to the start of
    the next move (fewer if it ended)."""
    g = Tomoe(2, variant, seed)
    rng = Rng(seed)
    k = 0
    while not g.is_terminal() and (k < actions or g.phase != T.START):
        legal = g.legal_actions()
        g.apply(legal[rng.below(len(legal))])
        k += 1
    return g


def positions():
    """Generated positions of both boards, early to late, a person to move."""
    for variant, n in (("standard", 24), ("large", 36)):
        for seed, part in ((1, 4), (2, 8), (3, 12), (4, 16), (5, 6), (6, 10)):
            g = played(variant, seed, n * part // 20)
            if not g.is_terminal():
                yield g


def app_at(g, seats=("human", "human")):
    app, run = app_with(tomoe_session(seats, g, g.variant))
    run.idle()
    return app, run


def read_tile(d, ui, c):
    """The pattern of the tile on cell c read off the zoomed view: corner LED
    k is the inner stripe (dim: white or blue), the outer stripe LED beside
    it the other colour; 0 for an empty cell (only its centre dot)."""
    pts = cell_pixels(ui, c)
    got = [d.get(x, y) for x, y in pts]
    if got[0] == got[1] == got[2] == 0:
        assert got[6] in (TS.EMPTY, TS.CURSOR)
        return 0
    o = ui.state.geo.orient[c]
    p = 0
    for k in range(3):
        bit = ui.picture.pal[3:5].index(got[k])  # the inner stripes' two colours
        assert got[TT._OUTER_ROLE[o][k]] == TS.COL[1 - bit]
        p |= bit << k
    return p


def test_every_tile_in_view_reads_back_and_the_cursor_hides_no_stripe():
    """The zoomed view: every tile in the window is read back (its three
    inner stripes and the outer stripes beside them), the cursor's own
    tile too, in every frame: the cursor lights only the edge middles."""
    tried = 0
    for g in positions():
        app, run = app_at(g)
        ui = app.screen.ui
        st = ui.state
        d = app.hal.display
        under = [c for c in range(st.geo.n) if st.board[c]]
        ui.cursor = under[len(under) // 2]
        seen = 0
        for _ in range(6):
            run.advance(170)
            for c in range(st.geo.n):
                pts = cell_pixels(ui, c)
                if all(0 <= x < 16 and 0 <= y < 14 for x, y in pts):
                    if st.may_turn() and st.board[c] and not st.locked[c]:
                        continue  # its corners glow: read below, in the map
                    assert read_tile(d, ui, c) == st.board[c], (g.variant, c)
                    seen += 1
        tried += 1
        assert seen
    assert tried >= 6


def lit_cursor(d, ui):
    return sum(d.get(x, y) == TS.CURSOR for x, y in cell_pixels(ui, ui.cursor))


def test_the_cursor_marks_its_triangle_on_the_edge_middles():
    g = played("standard", 2, 9)
    app, run = app_at(g)
    ui = app.screen.ui
    ui.cursor = [c for c in range(g.geo.n) if g.board[c]][0]
    run.run("RIGHT,LEFT")
    d = app.hal.display
    pts = cell_pixels(ui, ui.cursor)
    marked = 0
    for _ in range(10):
        run.advance(90)
        on = [i for i in range(9) if d.get(*pts[i]) == TS.CURSOR]
        assert on in ([], [3, 4, 5])
        marked += bool(on)
    assert marked >= 6


def read_look(d):
    """(White's points, Black's points) off the look screen, and whether two
    blank columns keep them apart."""
    w = read_text(d, 0, 0, TS.COL[0])
    y0 = 0
    xs = [x for x in range(16) for y in range(5) if d.get(x, y) == TS.COL[1]]
    if not xs:  # stacked: Black's six rows lower
        y0 = 6
        xs = [x for x in range(16) for y in range(6, 11) if d.get(x, y) == TS.COL[1]]
    x0 = min(xs)
    b = read_text(d, x0, y0, TS.COL[1])
    wx = max(x for x in range(16) for y in range(5) if d.get(x, y) == TS.COL[0])
    apart = y0 > 4 or x0 - wx > 2
    return int(w), int(b), apart


def test_live_scores_and_whose_turn_read_back():
    """Hold A: both live scores as numbers, apart (above 13 too); the
    bottom left LEDs: the side to move."""
    seen = set()
    for g in positions():
        app, run = app_at(g)
        st = app.screen.session.state
        d = app.hal.display
        assert d.get(0, 14) in (TS.COL[st.current_player()],
                                palette.scale(TS.COL[st.current_player()], 25))
        assert d.get(1, 14) == TS.COL[st.current_player()] or st.phase != T.START
        app.hal.buttons.set_raw(1 << B.A, app.now())
        run.advance(900)
        assert app.screen.looking
        w, b, apart = read_look(d)
        assert [w, b] == st.scores() and apart
        seen.update((w, b))
        app.hal.buttons.set_raw(0, app.now())
        run.advance(100)
    assert max(seen) > 13


def test_wide_scores_are_stacked():
    d_app, _ = app_at(played("standard", 1, 6))
    d = d_app.hal.display
    for w, b in (("104", "99"), ("7", "123"), ("88", "99")):
        d.fill(0)
        TS.draw_numbers(d, 0, w, b, 0, 6)
        assert read_look(d) == (int(w), int(b), True)


def read_locked_from_map(app, run):
    """The map (B): the cells whose LEDs stay at full colour while the
    others dim (their breathing at its lowest) are the locked tiles."""
    ui = app.screen.ui
    st = ui.state
    lay = ui.layout
    d = app.hal.display
    run.run("B")
    assert ui.view == TS.MAP
    full = set(TS.COL)
    steady = set(c for c in range(st.geo.n) if st.board[c])
    for _ in range(16):
        run.advance(75)
        if lay.mw <= 16:
            ox = (16 - lay.mw) // 2
        else:
            cx = lay.map[8 * ui.cursor]
            ox = -max(0, min(cx - 8, lay.mw - 16))
        oy = (14 - lay.mh) // 2
        for c in list(steady):
            if c == ui.cursor:
                continue  # the cursor blinks over it
            for x, y in lay.map_points(c):
                if 0 <= x + ox < 16 and d.get(x + ox, y + oy) not in full:
                    steady.discard(c)
    run.run("B")
    return steady


def test_locked_tiles_read_back_from_the_map():
    tried = 0
    for g in positions():
        app, run = app_at(g)
        st = app.screen.session.state
        if not st.may_turn():
            continue
        got = read_locked_from_map(app, run)
        want = set(c for c in range(st.geo.n) if st.board[c] and st.locked[c])
        ui = app.screen.ui
        assert got - {ui.cursor} == want - {ui.cursor}, g.variant
        tried += 1
    assert tried >= 4


def map_origin(ui):
    lay = ui.layout
    if lay.mw <= 16:
        ox = (16 - lay.mw) // 2
    else:
        ox = -max(0, min(lay.map[8 * ui.cursor] - 8, lay.mw - 16))
    return ox, (14 - lay.mh) // 2


def test_the_maps_cursor_covers_only_what_the_others_say():
    """In the map the cursor on a tile blinks on its middle LED alone (the
    colour of two outer stripes, which the corners show), on an empty cell
    on all four."""
    g = played("standard", 3, 10)
    app, run = app_at(g)
    ui = app.screen.ui
    d = app.hal.display
    run.run("B")
    for c in (next(c for c in range(g.geo.n) if g.board[c]),
              next(c for c in range(g.geo.n) if not g.board[c])):
        ui.cursor = c
        ox, oy = map_origin(ui)
        pts = ui.layout.map_points(c)
        seen = set()
        for _ in range(12):
            run.advance(90)
            seen.add(tuple(i for i in range(4)
                           if d.get(pts[i][0] + ox, pts[i][1] + oy) == TS.CURSOR))
        middle = TT._MAP_MIDDLE[g.geo.orient[c]]
        assert seen == {(), (middle,) if g.board[c] else (0, 1, 2, 3)}


def test_open_board_enclosed_shows_whose_it_is():
    """An empty cell that one side's curves enclose already: its dot in that
    side's colour, in the zoomed view and in the map (else grey / dark)."""
    found = 0
    for seed in range(1, 40):
        g = played("standard", seed, 20)
        if g.is_terminal():
            continue
        enclosed = [c for c in range(g.geo.n) if not g.board[c] and g.enc[8 * c] & 3 in (1, 2)]
        if not enclosed:
            continue
        app, run = app_at(g)
        ui = app.screen.ui
        d = app.hal.display
        for c in range(g.geo.n):
            if g.board[c]:
                continue
            ui.cursor = c
            run.advance(40)
            while not 870 <= app.now() % 1000 < 990:  # the cursor's blink off
                run.advance(30)
            x, y = cell_pixels(ui, c)[6]
            e = g.enc[8 * c] & 3
            want = TS.ENCLOSED[e - 1] if e in (1, 2) else TS.EMPTY
            assert d.get(x, y) == want
        ui.cursor = next(x for x in range(g.geo.n) if g.board[x])
        run.run("B")
        run.advance(40)
        ox, oy = map_origin(ui)
        for c in enclosed:
            x, y = ui.layout.map_points(c)[TT._MAP_MIDDLE[g.geo.orient[c]]]
            assert d.get(x + ox, y + oy) == TS.ENCLOSED[(g.enc[8 * c] & 3) - 1]
        found += 1
        if found == 3:
            break
    assert found == 3


def finished(variant, seed):
    """A model D game one action from its end, and that action."""
    g = Tomoe(2, variant, seed)
    rng = Rng(seed)
    while True:
        legal = g.legal_actions()
        a = legal[rng.below(len(legal))]
        after = g.clone()
        after.apply(a)
        if after.is_terminal():
            return g, a
        g.apply(a)


def read_totals(d):
    """The end's two totals under the board (rows 11-15)."""
    w = read_text(d, 0, 11, TS.COL[0])
    xs = [x for x in range(16) for y in range(11, 16) if d.get(x, y) == TS.COL[1]]
    b = read_text(d, min(xs), 11, TS.COL[1]) if xs else ""
    return int(w or 0), int(b or 0)


def test_the_end_counts_up_what_each_side_enclosed_until_a():
    """The last tile: the final board, what each side enclosed lit in the
    colour that was enclosed, both totals counting up to the final scores,
    and it stays until A; then the result."""
    for variant, seed in (("standard", 5), ("large", 6)):
        g, last = finished(variant, seed)
        app, run = app_at(g)
        play = app.screen
        play.play(last, app.now())
        st = play.session.state
        ui = play.ui
        d = app.hal.display
        run.advance(TS.ANIM_MS + 10)
        counts = []
        for _ in range(len(ui.count_cells) + 3):
            counts.append(read_totals(d))
            run.advance(TS.COUNT_MS)
        assert counts[-1] == tuple(st.scores()), variant
        assert counts == sorted(counts) and counts[0] < counts[-1]
        # What lit up: per side, an LED in the enclosed colour stands for
        # sectors that score; the lit cells are those that score.
        owner = st.owners()
        scoring = set(c for c in range(st.geo.n)
                      if any(owner[8 * c + s] in (1, 2) for s in range(8)))
        assert set(ui.count_cells) == scoring
        run.advance(20000)
        assert isinstance(app.screen, PlayScreen) and ui.revealing(app.now())
        assert read_totals(d) == tuple(st.scores())
        run.run("A")
        run.advance(200)
        assert isinstance(app.screen, EndScreen)


def test_the_end_shows_again_after_a_restart():
    g, last = finished("standard", 7)
    g.apply(last)
    app, run = app_at(g)
    run.advance(300)
    ui = app.screen.ui
    assert isinstance(app.screen, PlayScreen) and ui.revealing(app.now())
    run.advance(len(ui.count_cells) * TS.COUNT_MS)
    assert read_totals(app.hal.display) == tuple(g.scores())


FRAMES_GUEST = """
import gc
from hal.display import Display
from firmware.session import Session
from engines_core.tomoe import Tomoe
from engines_core.prng import Rng
from firmware import tomoe_screens as TS

def played(cls, variant, seed, n):
    g = cls(2, variant, seed)
    rng = Rng(seed)
    while not g.is_terminal() and (n > 0 or g.phase != 0):
        legal = g.legal_actions()
        g.apply(legal[rng.below(len(legal))])
        n -= 1
    return g

def garbage(draw, d, seat):
    for now in range(0, 4000, 61):  # every animation's phases, once
        draw(d, now, seat)
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for now in range(4000, 8000, 61):
        draw(d, now, seat)
    out = gc.mem_alloc() - before
    gc.enable()
    return out

d = Display()
for cls in (Tomoe,):
    for variant in ('standard', 'large'):
        s = Session('tomoe', ['human', 'human'], variant, 1)
        s.state = played(cls, variant, 2, 14)
        ui = TS.UI(s)
        seat = s.state.current_player()
        for view in (TS.ZOOM, TS.MAP):
            ui.view = view
            print('GARBAGE', variant, view, 'mine', garbage(ui.draw, d, seat))
            print('GARBAGE', variant, view, 'other', garbage(ui.draw, d, 1 - seat))
        print('GARBAGE', variant, 'look', garbage(ui.look, d, seat))
        s.state = played(cls, variant, 3, 999)
        ui = TS.UI(s)
        ui.start_reveal(-100000)  # all counted: the end waits for A
        print('GARBAGE', variant, 'end', garbage(ui.draw, d, 0))
"""


@pytest.mark.mpy
def test_frames_leave_no_garbage_in_micropython():
    """Issue 24 item 9: in the steady state a frame of the
    screens (zoomed, map, look, the end's count) leaves nothing for the
    garbage collector inside MicroPython (calls whose frames do not fit the
    C stack allocate and free at once: not garbage)."""
    r = mpy_runtime.run_in_repo(FRAMES_GUEST, heap="256k", root=mpy_check.ensure_bundle())
    assert r.ok, r.stderr[-2000:]
    lines = [l.split() for l in r.stdout.splitlines() if l.startswith("GARBAGE")]
    assert len(lines) == 2 * 6
    assert [l for l in lines if l[-1] != "0"] == []

"""Tomoe's screens driven through the firmware with button presses, and
read back from frames of generated positions (issue 24 items 1, 2 and 10):
the tiles, the live scores, whose turn it is, which tiles are locked and
the end's count."""

import pytest

from engines_core import tomoe as T
from engines_core.tomoe import Tomoe
from engines_core.prng import Rng
from firmware import palette, saves, sounds, tomoe_screens as TS, tomoe_tiles as TT
from firmware.end import EndScreen
from firmware.menu import Menu
from firmware.play import HUMAN, PASS, PlayScreen
from hal import buttons as B
from tests.firmware_helpers import app_with, mash_to_the_end, read_text, tomoe_session
from tests.tomoe_helpers import cell, position
from tools import mpy_check, mpy_runtime

# Nine tiles ({(x, r): pattern}) round the small board's middle: White
# scores 2; every tile but (3, 0) is locked in a closed curve.
SCENE_ONE = {(3, 0): 4, (2, 1): 4, (3, 1): 3, (4, 1): 1, (1, 2): 4, (2, 2): 3, (3, 2): 2,
             (4, 2): 5, (5, 2): 1}


def session_with(seats, tiles=None, variant="standard", player=T.WHITE, seed=3):
    """A session of these tiles ({(x, r): pattern}), `player` to move."""
    state = position(tiles, variant, player) if tiles is not None else None
    return tomoe_session(seats, state, variant, seed)


def cell_pixels(ui, c):
    """Screen positions of the 9 LEDs of cell c in the zoomed view."""
    return [(x - ui.vx, y - ui.vy) for x, y in ui.layout.zoom_points(c)]


def colours_at(app, pts):
    return [app.hal.display.get(x, y) for x, y in pts]


def go_to(run, ui, target):
    """Press the D-pad until the cursor is on `target` (rows first)."""
    geo = ui.state.geo
    tx, tr = geo.cells[target]
    for _ in range(40):
        x, r = geo.cells[ui.cursor]
        if ui.cursor == target:
            return
        if r != tr:
            run.run("DOWN" if r < tr else "UP")
        else:
            run.run("RIGHT" if x < tx else "LEFT")
    assert ui.cursor == target


def test_two_people_share_the_device_without_a_pass_screen():
    """Nothing in Tomoe is hidden, so two people just hand the device over:
    no pass screen, the mover's colour at the bottom left."""
    app, run = app_with(session_with(("human", "human")))
    play = app.screen
    run.idle()
    assert play.phase == HUMAN and play.seat == 0
    assert app.hal.display.get(0, 14) == TS.COL[T.WHITE]
    run.run("A,A")  # White's opening: one tile
    run.idle()
    assert play.phase == HUMAN and play.seat == 1
    assert app.hal.display.get(0, 14) == TS.COL[T.BLACK]
    # Black has two actions: both columns lit.
    assert app.hal.display.get(1, 14) == TS.COL[T.BLACK]
    seen_pass = False
    for _ in range(10):
        run.advance(100)
        seen_pass = seen_pass or play.phase == PASS
    assert not seen_pass


def test_lay_a_tile_choosing_figure_and_rotation():
    app, run = app_with(session_with(("human", "normal")))
    run.idle()
    ui = app.screen.ui
    st = app.screen.session.state
    c = ui.cursor
    assert st.board[c] == 0
    run.run("A")
    assert ui.mode == TS.LAY
    first = ui.pattern
    run.run("RIGHT")
    assert ui.pattern == T.TB.rot_cw(first)
    run.run("LEFT,LEFT")
    assert ui.pattern == T.TB.rot_ccw(first)
    run.run("DOWN")  # the other figure of this orientation
    chosen = ui.pattern
    assert chosen == 7 - T.TB.rot_ccw(first)
    assert st.figure(c) == -1  # nothing laid yet
    run.run("A")
    assert st.board[c] == chosen
    assert ui.mode == TS.CELL


def test_the_tile_shown_before_laying_is_drawn_at_the_cursor():
    app, run = app_with(session_with(("human", "normal")))
    run.idle()
    ui = app.screen.ui
    run.run("A")
    run.advance(30)
    pts = cell_pixels(ui, ui.cursor)
    pic = ui.picture
    ci = (ui.state.geo.orient[ui.cursor] * 8 + ui.pattern) * 9
    want = [pic.pal[pic.zoom[ci + i]] for i in range(9)]
    lit = 0
    for _ in range(20):
        run.advance(30)
        got = colours_at(app, pts)
        # What the cursor leaves (corners, outer stripes) shows the tile.
        if [got[i] for i in (0, 1, 2, 6, 7, 8)] == [want[i] for i in (0, 1, 2, 6, 7, 8)]:
            lit += 1
    assert lit >= 5


def test_b_takes_a_shown_tile_back_and_then_switches_to_the_map():
    app, run = app_with(session_with(("human", "normal")))
    run.idle()
    ui = app.screen.ui
    run.run("A")
    assert ui.mode == TS.LAY
    run.run("B")
    assert ui.mode == TS.CELL and not any(ui.state.board)
    run.run("B")
    assert ui.view == TS.MAP
    run.run("B")
    assert ui.view == TS.ZOOM


def test_turn_a_tile_with_the_buttons():
    """A on an unlocked tile at the start of a move shows it turned; Left
    picks the other direction; A turns it, and a tile must be laid next."""
    tiles = {(3, 1): 3, (0, 1): 4}  # apart: nothing encloses them
    app, run = app_with(session_with(("human", "normal"), tiles, seed=4))
    run.idle()
    ui = app.screen.ui
    st = app.screen.session.state
    target = cell(st.geo, 3, 1)
    go_to(run, ui, target)
    before = st.board[target]
    run.run("A")
    assert ui.mode == TS.TURN and ui.direction == 0
    run.run("LEFT")
    assert ui.direction == 1
    run.run("A")
    assert st.board[target] == T.turned(before, 1)
    assert st.phase == T.AFTER_TURN and st.current_player() == T.WHITE
    # The status: first action done (dim), the lay to come (bright).
    run.advance(900)
    assert app.hal.display.get(1, 14) == TS.COL[T.WHITE]
    assert app.hal.display.get(0, 14) != TS.COL[T.WHITE]


def test_a_locked_tile_is_refused_with_feedback():
    """Turning a tile in a closed curve is refused: the cell flashes red, an
    error sound plays, nothing changes."""
    app, run = app_with(session_with(("human", "human"), SCENE_ONE))
    run.idle()
    ui = app.screen.ui
    st = app.screen.session.state
    target = cell(st.geo, 3, 1)
    assert st.locked[target]
    go_to(run, ui, target)
    before = st.serialize()
    app.hal.sound.log.clear()
    run.run("A")
    assert st.serialize() == before and app.screen.phase == HUMAN
    assert "locked" in ui.flash_reason
    assert sounds.REFUSED[0][0] in app.hal.sound.log
    red = 0
    for _ in range(12):
        run.advance(30)
        red += palette.BAD in colours_at(app, cell_pixels(ui, target))
    assert 2 <= red < 12


def test_no_tiles_of_a_figure_left_is_shown():
    """With 32 tiles a figure can run out: switching to it is refused."""
    tiles = {}
    # Lay all 8 white-tip (W,B,B) tiles: up cells with two black stripes.
    ups = [(1, 0), (3, 0), (5, 0), (0, 1), (2, 1), (4, 1), (6, 1), (1, 2)]
    for xy in ups:
        tiles[xy] = 5
    app, run = app_with(session_with(("human", "human"), tiles, variant="tiles32"))
    run.idle()
    ui = app.screen.ui
    st = app.screen.session.state
    assert st.supply[1] == 0
    target = cell(st.geo, 3, 2)  # an empty up cell
    go_to(run, ui, target)
    run.run("A")
    assert ui.mode == TS.LAY and st.supply[T.TB.figure_of(0, ui.pattern)]
    shown = ui.pattern
    run.run("DOWN")
    assert ui.pattern == shown and "no WBB tiles left" in ui.flash_reason


def test_the_cursor_reaches_every_cell():
    for variant in ("standard", "large"):
        geo = T.Tomoe(2, variant, 1).geo
        seen = {geo.centre[1]}
        todo = [geo.centre[1]]
        while todo:
            c = todo.pop()
            for b in B.DIRECTIONS:
                n = TS.move_cursor(geo, c, b)
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert seen == set(range(geo.n)), variant
    geo = T.Tomoe(2, "standard", 1).geo
    c = cell(geo, 0, 1)
    assert TS.move_cursor(geo, c, B.LEFT) == c  # the edge stops it
    assert TS.move_cursor(geo, c, B.RIGHT) == cell(geo, 1, 1)
    assert TS.move_cursor(geo, c, B.DOWN) == cell(geo, 0, 2)


def test_rim_areas_and_empty_cells_are_drawn():
    """The six rim areas in their colours just outside the board; an empty
    triangle is one faint dot."""
    app, run = app_with(session_with(("human", "normal")))
    run.idle()
    ui = app.screen.ui
    geo = ui.state.geo
    seen = set()
    for x in range(16):
        for y in range(14):
            seen.add(app.hal.display.get(x, y))
    assert TS.RIM[0] in seen and TS.RIM[1] in seen
    assert TS.EMPTY in seen
    assert len(ui.layout.rim) // 3 >= 3 * sum(len(e) for e in geo.rim_edges)


def test_live_score_pips_and_look():
    """White's live score as pips on row 14, Black's on row 15; holding A
    shows both in digits and the tiles left of each figure."""
    app, run = app_with(session_with(("human", "normal"), SCENE_ONE))
    run.idle()
    st = app.screen.session.state
    assert st.scores() == [2, 0]
    d = app.hal.display
    assert [d.get(3 + i, 14) for i in range(3)] == [TS.COL[0]] * 2 + [0]
    assert d.get(3, 15) == 0
    b = app.hal.buttons
    b.set_raw(1 << B.A, app.now())
    run.advance(900)
    assert app.screen.looking
    assert read_text(d, 0, 0, TS.COL[0]) == "2"
    # Supply rows: six (W,W,B) tiles are on the board, six left.
    assert sum(1 for x in range(4, 16) if d.get(x, 7)) == st.supply[0] == 6
    b.set_raw(0, app.now())
    run.advance(100)
    assert not app.screen.looking


def test_map_shows_which_tiles_may_still_be_turned():
    app, run = app_with(session_with(("normal", "human"), SCENE_ONE, player=T.BLACK))
    run.idle()
    ui = app.screen.ui
    run.run("B")
    run.advance(30)
    lay = ui.layout
    ox = (16 - lay.mw) // 2
    oy = (14 - lay.mh) // 2
    st = ui.state
    locked_cell = cell(st.geo, 2, 1)  # (3, 1) holds the cursor
    free_cell = cell(st.geo, 3, 0)
    assert st.locked[locked_cell] and not st.locked[free_cell]
    full = set(TS.COL)
    steady = pulsing = 0
    for _ in range(40):
        run.advance(30)
        x, y = lay.map_points(locked_cell)[1]
        steady += app.hal.display.get(x + ox, y + oy) in full
        x, y = lay.map_points(free_cell)[1]
        pulsing += app.hal.display.get(x + ox, y + oy) in full
    assert steady == 40  # locked: always at full colour
    assert pulsing < 20  # free to turn: pulsing, mostly dimmer


def test_zoomed_board_shows_which_tiles_may_still_be_turned():
    """At the start of your move the corners of the tiles you may turn
    breathe from dim to bright; the corners of locked tiles stay steady."""
    app, run = app_with(session_with(("normal", "human"), SCENE_ONE, player=T.BLACK))
    run.idle()
    ui = app.screen.ui
    st = ui.state
    locked_cell = cell(st.geo, 2, 1)
    free_cell = cell(st.geo, 3, 0)
    assert st.locked[locked_cell] and not st.locked[free_cell]
    seen = {locked_cell: set(), free_cell: set()}
    for _ in range(40):
        run.advance(30)
        for c in seen:
            pts = cell_pixels(ui, c)[:3]
            assert all(0 <= x < 16 and 0 <= y < 14 for x, y in pts)
            seen[c].add(colours_at(app, pts)[0])
    pic = ui.picture
    steady = pic.pal[pic.zoom[(st.geo.orient[locked_cell] * 8 + st.board[locked_cell]) * 9]]
    assert seen[locked_cell] == {steady}  # corner 0's inner stripe, steady
    levels = sorted(max((v >> 16) & 255, (v >> 8) & 255, v & 255) for v in seen[free_cell])
    assert levels[0] < 90 and levels[-1] > 220


def test_a_computer_move_is_shown_where_it_happens():
    app, run = app_with(session_with(("normal", "human"), variant="large"))
    play = app.screen
    run.advance(600)  # the computer lays its opening tile
    ui = play.ui
    assert ui.anim_cell >= 0 and play.session.state.board[ui.anim_cell]
    pts = cell_pixels(ui, ui.anim_cell)
    assert all(0 <= x < 16 and 0 <= y < 14 for x, y in pts)  # scrolled into view
    amber = 0
    for _ in range(10):
        run.advance(30)
        amber += TS.CURSOR in colours_at(app, [pts[i] for i in ui.picture.cursor])
    assert amber >= 2


def test_whole_game_through_the_screens_then_menu():
    """A person pressing buttons at random against a computer player, to the end."""
    app, run = app_with(session_with(("human", "easy"), seed=5))
    counted = []

    def at_the_end(play):
        if play.ui.revealing(app.now()):
            counted.append(play.ui.counted(app.now()))
            return "A"
        return None
    play = mash_to_the_end(app, run, Rng(2), other=at_the_end)
    assert counted  # the final count was shown, and waited for A
    assert isinstance(app.screen, EndScreen)
    st = play.session.state
    assert st.is_terminal() and st.empty == 0
    assert saves.load_game(app.hal.storage)[1] == saves.ENDED  # kept until A
    lines = app.screen.ui.result_lines()
    assert lines == [(str(st.scores()[0]), TS.COL[0]), (str(st.scores()[1]), TS.COL[1])]
    run.advance(800)
    run.run("A")
    assert isinstance(app.screen, Menu)
    assert saves.load_game(app.hal.storage)[2] == saves.NONE


def test_end_screen_names_the_winner_and_shows_both_scores():
    s = session_with(("normal", "normal"), seed=8)
    while not s.state.is_terminal():
        s.play(s.computer_move())
    app, run = app_with(s)
    # No person at the table: no count, the result at once.
    run.advance(100)
    assert isinstance(app.screen, EndScreen)
    w = s.state.winners()
    want = "DRAW" if len(w) == 2 else ("WHITE WINS", "BLACK WINS")[w[0]]  # White is P1
    assert app.screen.headline() == want
    assert [t for t, c in app.screen.ui.result_lines()] == [str(v) for v in s.state.scores()]


def test_laid_tile_keeps_the_view_on_the_cursor_for_the_large_board():
    app, run = app_with(session_with(("human", "normal"), variant="large"))
    run.idle()
    ui = app.screen.ui
    for b in ("RIGHT",) * 5 + ("DOWN",) * 3:
        run.run(b)
        pts = cell_pixels(ui, ui.cursor)
        assert all(0 <= x < 16 and 0 <= y < 14 for x, y in pts)
    go_to(run, ui, 0)  # the top left corner
    pts = cell_pixels(ui, ui.cursor)
    assert all(0 <= x < 16 and 0 <= y < 14 for x, y in pts)


def test_menu_icon_and_variant_names():
    from engines_core import registry
    from firmware import games
    assert [registry.variant_label("tomoe", v) for v in ("standard", "large", "tiles32")] == [
        "SMALL", "LARGE", "32 TILES"]
    rows, colours = games.icon("tomoe")
    assert all(set(row) <= set(colours) | {"."} for row in rows)


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


def test_an_a_once_all_is_counted_ends_the_count():
    """A while cells are still to come shows them all counted (and it
    waits); A once every cell is counted, its last one still flashing,
    ends it, as A does later."""
    g, last = finished("standard", 5)
    g.apply(last)
    ui = TS.UI(tomoe_session(("human", "human"), g, g.variant))
    ui.start_reveal(0)
    n = len(ui.count_cells)
    assert n > 2
    ui.skip(TS.COUNT_MS)
    assert ui.busy(TS.COUNT_MS) and ui.counted(TS.COUNT_MS) == n
    ui.start_reveal(0)
    t = (n - 1) * TS.COUNT_MS + 10  # the last cell counted, flashing
    assert ui.counted(t) == n
    ui.skip(t)
    assert not ui.busy(t) and not ui.revealing(t)


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


def test_how_to_play_draws_the_tiles_as_the_board_does():
    """HOW TO PLAY's triangles (firmware/tomoe_howto.py) are the zoomed
    board's: for every figure and turn, each of the 9 LEDs has the colour
    firmware/tomoe_tiles.py gives the board (dark where the board is dark)."""
    from firmware import tomoe_howto as H
    TT.tables(TS.COL, TS.TIP)  # sets the tiles' colours
    for up in (True, False):
        roles = H._UP if up else H._DOWN
        for p in range(1, 7):
            inner = "".join("B" if (p >> k) & 1 else "W" for k in range(3))
            rows = H._picture([(0, 0, up, inner)])
            got = tuple(H.COLOURS.get(chr(rows[y][x]), 0) for x, y in roles)
            assert got == TT.tile_colours(0 if up else 1, p), (up, p)

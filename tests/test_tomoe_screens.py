"""Tomoe's screens driven through the firmware with button presses."""

from engines_core import tomoe as T
from engines_core.prng import Rng
from firmware import palette, saves, sounds, tomoe_screens as TS
from firmware.end import EndScreen
from firmware.menu import Menu
from firmware.play import HUMAN, PASS
from firmware.session import Session
from hal import buttons as B
from tests.firmware_helpers import app_with, mash_to_the_end
from tests.tomoe_helpers import position, cell

SCENE_ONE = {(3, 1): "UR", (2, 2): "UR", (4, 2): "UL", (2, 1): "L", (4, 1): "R",
             (3, 2): "D", (3, 0): "L", (1, 2): "L", (5, 2): "R"}


def session_with(seats, tiles=None, variant="standard", player=T.WHITE, seed=3):
    s = Session("tomoe", list(seats), variant, seed)
    if tiles is not None:
        s.state = position(tiles, variant, player)
    return s


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
        # Middles and centre (LEDs 3-6) show the tile, or the pulse of it.
        if got[3:7] == list(want[3:7]):
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
    tiles = {(3, 1): "UR", (0, 1): "L"}  # apart: nothing encloses them
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
    # Lay all 8 white-tip (W,B,B) tiles: up cells with two black middles.
    ups = [(1, 0), (3, 0), (5, 0), (0, 1), (2, 1), (4, 1), (6, 1), (1, 2)]
    for xy in ups:
        tiles[xy] = "LR"
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
    assert st.scores() == [3, 0]
    d = app.hal.display
    assert [d.get(3 + i, 14) for i in range(4)] == [TS.COL[0]] * 3 + [0]
    assert d.get(3, 15) == 0
    b = app.hal.buttons
    b.set_raw(1 << B.A, app.now())
    run.advance(900)
    assert app.screen.looking
    assert d.get(1, 0) == TS.COL[0]  # the "3"
    # Supply rows: six (W,W,B) tiles are on the board, six left.
    assert sum(1 for x in range(4, 16) if d.get(x, 7)) == st.supply[0] == 6
    b.set_raw(0, app.now())
    run.advance(100)
    assert not app.screen.looking


def test_map_shows_which_tiles_may_still_be_turned():
    # A black middle facing a white one: each encloses the other's lone
    # middle, so both tiles are locked. A tile far off is free.
    tiles = {(3, 1): "UR", (2, 1): "R", (5, 3): "U"}
    app, run = app_with(session_with(("normal", "human"), tiles, player=T.BLACK))
    run.idle()
    ui = app.screen.ui
    run.run("B")
    run.advance(30)
    lay = ui.layout
    ox = (16 - lay.mw) // 2
    oy = (14 - lay.mh) // 2
    st = ui.state
    locked_cell = cell(st.geo, 2, 1)  # (3, 1) holds the cursor
    free_cell = cell(st.geo, 5, 3)
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
    """At the start of your move the tips of the tiles you may turn breathe
    from dim to bright; the tips of locked tiles stay steady."""
    tiles = {(3, 1): "UR", (2, 1): "R", (4, 2): "U"}
    app, run = app_with(session_with(("normal", "human"), tiles, player=T.BLACK))
    run.idle()
    ui = app.screen.ui
    st = ui.state
    locked_cell = cell(st.geo, 2, 1)
    free_cell = cell(st.geo, 4, 2)
    assert st.locked[locked_cell] and not st.locked[free_cell]
    seen = {locked_cell: set(), free_cell: set()}
    for _ in range(40):
        run.advance(30)
        for c in seen:
            pts = cell_pixels(ui, c)[:3]
            assert all(0 <= x < 16 and 0 <= y < 14 for x, y in pts)
            seen[c].add(colours_at(app, pts)[0])
    assert seen[locked_cell] == {TS.TIP[0]}  # an up cell: white tips, steady
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
        amber += TS.CURSOR in colours_at(app, pts[:3])
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

"""The Tóncc screens driven like a person would: pass-the-device, the
movement cursor, the Map and Region views, the reveal, the scoring between
challenges, a whole game through the buttons, the end screen."""

from engines_core import toncc as T
from engines_core.prng import Rng
from firmware import palette, toncc_screens as S
from firmware.end import EndScreen
from firmware.menu import Menu
from firmware.play import PASS, HUMAN, SHOW, HAND_OVER_MS
from firmware.session import Session
from hal import buttons as B
from tests.firmware_helpers import app_with, mash_to_the_end, region_colours
from tests.toncc_helpers import cell, position, E, NE, SE, SW, W, NW


def toncc_app(seats, seed=3, variant="standard"):
    return app_with(Session("toncc", list(seats), variant, seed))


def app_at(g, seats=("human", "normal", "normal")):
    """The firmware playing the hand-built position `g` (tests/toncc_helpers)."""
    session = Session("toncc", list(seats), g.variant, 1)
    session.state = g
    app, run = app_with(session)
    run.idle()
    return app, run


def hex_colours(app, c):
    x, y = S.cell_xy(c)
    return region_colours(app.hal.display, x, y, 2, 2)


def shown_region(d):
    """What the Region view shows, read off the LEDs: (background, symbol
    colour, shape, lines, dots, face down)."""
    bg = [palette.scale(S.COL[k], 30) for k in range(3)].index(d.get(8, 1))
    sym = S.COL.index(d.get(4, 7))  # the bottom row of every shape
    if d.get(1, 1) == S.COL[sym]:
        shape = T.SQUARE
    elif d.get(3, 1) == S.COL[sym]:
        shape = T.CIRCLE
    else:
        shape = T.TRIANGLE
    lines = sum(1 for i in range(3) if d.get(9, 2 + 2 * i) == palette.WHITE)
    dots = sum(1 for i in range(3) if d.get(1 + 2 * i, 10) == palette.WHITE)
    return bg, sym, shape, lines, dots, d.get(0, 0) != d.get(8, 1)


def frames(app, run, ms):
    """The display buffer every 30 ms for `ms`."""
    out = []
    for _ in range(ms // 30):
        run.advance(30)
        out.append(bytes(app.hal.display.buf))
    return out


def test_one_person_chooses_without_a_pass_screen():
    app, run = toncc_app(("human", "normal", "normal"))
    run.idle()
    play = app.screen
    assert play.phase == HUMAN and play.seat == 0
    st = play.session.state
    # Your King top left: hair, body, feet.
    h, b, f = S.king_colours(st.kings[0])
    d = app.hal.display
    assert (d.get(0, 0), d.get(0, 1), d.get(0, 2)) == (h, b, f)


def test_pass_the_device_before_each_person():
    """games.md: "a person's hidden information is only shown after a 'pass the
    device to P2, press A' screen when two or more people play"."""
    app, run = toncc_app(("human", "human", "normal"))
    play = app.screen
    run.idle()
    assert play.phase == PASS and play.seat == 0
    run.run("A")
    assert play.phase == HUMAN and play.seat == 0
    run.run("A")
    run.idle()
    assert play.phase == PASS and play.seat == 1
    run.run("A")
    assert play.phase == HUMAN and play.seat == 1


def test_a_double_tap_on_a_choice_cannot_pass_the_next_pass_screen():
    """P1's choice is made with A and the pass screen for P2 follows at once:
    a second tap of A must neither show P2's board nor choose for P2."""
    app, run = toncc_app(("human", "human", "normal"))
    play = app.screen
    run.idle()
    run.run("A")  # P1 takes the device
    run.run("A,wait:60,A,wait:60,A")
    assert play.phase == PASS and play.seat == 1
    assert play.session.state.pending[1] == T.NONE
    run.idle()
    run.run("A")
    assert play.phase == HUMAN and play.seat == 1


def test_pass_screen_and_end_screen_use_the_kings_colours():
    """Each seat is a red, yellow or blue King: the pass screen's tag, the
    thinking dots and the end screen show the seat in its King's colour."""
    app, run = toncc_app(("human", "human", "normal"))
    play = app.screen
    run.advance(100)
    assert play.phase == PASS
    king = S.COL[play.session.state.kings[0]]
    assert king in region_colours(app.hal.display, 0, 6, 16, 5)
    assert palette.PLAYERS[0] not in region_colours(app.hal.display, 0, 0, 16, 16)
    assert play.ui.seat_colour(2) == S.COL[play.session.state.kings[2]]


def test_first_choice_is_never_shown_to_the_next_chooser():
    """games.md: "a player's choice must never be visible to ... anyone choosing
    after them": everything P2 sees, from P1's press of A until P2 has chosen,
    is the same whatever P1 chose."""
    seen = []
    for first in ("UP", "DOWN"):  # NE or SE
        app, run = toncc_app(("human", "human", "normal"), seed=8)
        play = app.screen
        run.idle()
        run.run("A")  # P1 takes the device
        run.run(first + ",A")
        assert play.session.state.pending[0] == (NE if first == "UP" else SE)
        shown = frames(app, run, 300)
        assert play.phase == PASS
        shown += frames(app, run, HAND_OVER_MS)
        run.run("A")  # P2 takes it
        shown += frames(app, run, 1500)
        run.run("LEFT,B")
        shown += frames(app, run, 600)  # the Facts
        run.run("B")
        shown += frames(app, run, 600)  # the Map
        run.run("B")
        shown += frames(app, run, 600)  # the Region
        run.run("B,A")
        seen.append(shown)
    assert seen[0] == seen[1]


def test_own_choice_stays_visible_to_a_single_person_while_computers_think():
    app, run = toncc_app(("human", "normal", "normal"), seed=4)
    play = app.screen
    run.idle()
    run.run("A")  # E
    st = play.session.state
    target = T.dest(st.pos[0], E)
    assert play.phase != HUMAN
    lit = 0
    for _ in range(30):
        run.advance(30)
        if st.pending[0] == T.NONE:
            break
        lit += palette.scale(palette.WHITE, 40) in hex_colours(app, target)
    assert lit >= 2


def test_cursor_grid():
    """The D-pad walks a 3x2 grid of movements: NW NE / W E / SW SE."""
    assert S.move_cursor(E, B.UP) == NE and S.move_cursor(NE, B.UP) == NE
    assert S.move_cursor(E, B.DOWN) == SE and S.move_cursor(SE, B.DOWN) == SE
    assert S.move_cursor(E, B.LEFT) == W and S.move_cursor(NW, B.RIGHT) == NE
    assert S.move_cursor(SW, B.UP) == W and S.move_cursor(W, B.UP) == NW
    reached = set()
    for d in range(6):
        for b in (B.UP, B.DOWN, B.LEFT, B.RIGHT):
            reached.add(S.move_cursor(d, b))
    assert reached == set(range(6))


def test_target_blinks_and_a_moves_there():
    app, run = toncc_app(("human", "easy", "easy"), seed=6)
    play = app.screen
    run.idle()
    st = play.session.state
    run.run("DOWN,LEFT")  # SW
    assert play.ui.cursor[0] == SW
    target = T.dest(st.pos[0], SW)
    white = 0
    for _ in range(20):
        run.advance(30)
        white += palette.WHITE in hex_colours(app, target)
    assert 3 <= white < 20
    run.run("A")
    assert st.last_dir[0] == SW or st.pending[0] == SW


def test_b_flips_between_board_facts_map_and_region():
    app, run = toncc_app(("human", "normal", "normal"), seed=2)
    play = app.screen
    run.idle()
    ui = play.ui
    st = play.session.state
    run.run("B")
    assert ui.mode == S.FACTS
    run.run("B")
    assert ui.mode == S.MAP
    run.advance(60)
    d = app.hal.display
    # Every Map place shows a dot.
    assert all(d.get(*S.map_xy(p)) for p in range(18))
    run.run("B")
    assert ui.mode == S.REGION
    run.advance(60)
    region = st.layout[T.dest(st.pos[0], ui.cursor[0])]
    bg, sym = T.REGIONS[region][:2]
    colours = region_colours(d, 0, 0, 16, 16)
    assert S.COL[sym] in colours and palette.scale(S.COL[bg], 30) in colours
    run.run("B")
    assert ui.mode == S.BOARD
    assert play.phase == HUMAN and st.pending[0] == T.NONE  # B never moves


def test_refused_choice_flashes_red():
    """Every movement is always legal ("they always have 6 possible
    movements"); were one refused, the target hex flashes red."""
    app, run = toncc_app(("human", "normal", "normal"), seed=2)
    play = app.screen
    run.idle()
    st = play.session.state
    play.ui.illegal("refused", app.now())
    target = T.dest(st.pos[0], play.ui.cursor[0])
    red = 0
    for _ in range(20):
        run.advance(30)
        red += palette.BAD in hex_colours(app, target)
    assert 2 <= red < 20


def test_reveal_shows_every_move_at_once():
    app, run = toncc_app(("human", "normal", "hard"), seed=9)
    play = app.screen
    run.idle()
    st = play.session.state
    run.run("A")
    while play.ui.reveal is None:
        run.advance(30)
    run.advance(100)
    layout, owner0, pos0, dirs, to, owner1 = play.ui.reveal
    for s in range(3):
        assert S.COL[st.kings[s]] in hex_colours(app, to[s]) or \
            sum(1 for t in to if t == to[s]) > 1
    assert play.phase == SHOW and play.ui.busy(app.now())
    run.run("A")  # hurries it
    run.advance(S.SETTLE_MS)
    assert not play.ui.busy(app.now()) or play.ui.summary is not None


def test_hurrying_the_reveal_does_not_pass_the_pass_screen():
    """The A that hurries the reveal is released on the next screen: its
    click must not also hand the device to the next person."""
    app, run = toncc_app(("human", "human", "human"), seed=3)
    play = app.screen
    for _ in range(3):
        run.run("wait:%d,A,A" % HAND_OVER_MS)  # take the device, choose
    assert play.phase == SHOW and play.ui.busy(app.now())
    run.run("A")  # hurry the reveal
    run.advance(S.SETTLE_MS + 100)
    assert play.phase == PASS and play.seat == 0
    run.advance(1000)
    assert play.phase == PASS


def _to_challenge_end(app, run):
    """Let a person's moves be E until the first challenge is scored."""
    play = app.screen
    for _ in range(400):
        if play.ui.summary is not None and not play.ui.reveal_at + S.REVEAL_MS + S.MOVE_MS > app.now():
            return
        if play.phase == HUMAN:
            run.run("A")
        else:
            run.advance(100)
    raise AssertionError("no challenge ended")


def test_scoring_between_challenges_waits_for_a():
    app, run = toncc_app(("human", "easy", "easy"), seed=5)
    play = app.screen
    _to_challenge_end(app, run)
    st = play.session.state
    k = play.ui.summary
    assert k == 0 and len(st.history) == 1
    run.advance(S.AUTO_PAGE_MS * 3)
    assert play.phase == SHOW and play.ui.busy(app.now())  # still there
    # The score page: every King's score in his colour.
    colours = region_colours(app.hal.display, 0, 0, 16, 16)
    assert {S.COL[k] for k in st.kings} <= colours
    # It waits for A, and says so with the menu's blinking green A.
    d = app.hal.display
    green = []
    for _ in range(16):
        run.advance(150)
        green.append(sum(1 for x in range(13, 16) for y in range(11, 16)
                         if d.get(x, y) == palette.GOOD))
    assert min(green) == 0 and max(green) >= 8  # a blinking letter, not one LED
    run.run("A")
    run.advance(S.SETTLE_MS)
    assert not play.ui.busy(app.now())
    run.advance(200)
    # The press that closed the scores does not also move.
    assert play.phase == HUMAN and st.pending[0] == T.NONE and st.moves == 0


def test_a_restart_during_the_scores_shows_them_again():
    """Switched off while a challenge's scores show (the next challenge has
    begun in the engine and is saved): after the restart the same scores come
    back first, wait for A, and the game goes on exactly where it was. Once
    someone has chosen in the new challenge, a restart goes straight to the
    board."""
    from hal.storage import MemoryStorage
    storage = MemoryStorage()
    app, run = app_with(Session("toncc", ["human", "easy", "easy"], "standard", 5),
                        storage=storage)
    _to_challenge_end(app, run)
    saved = app.screen.session.to_bytes()
    app, run = app_with(storage=storage)
    play = app.screen
    assert play.ui.summary == 0 and app.notice is None  # nothing over the Map's top
    run.advance(S.AUTO_PAGE_MS * 3)
    assert play.phase == SHOW and play.ui.busy(app.now())  # waits for A, as before
    assert {S.COL[k] for k in play.session.state.kings} <= region_colours(
        app.hal.display, 0, 0, 16, 16)  # the score page
    run.run("A")
    run.advance(S.SETTLE_MS + 200)
    assert play.phase == HUMAN and play.session.to_bytes() == saved
    run.run("A")  # the person chooses: the challenge is under way
    app, run = app_with(storage=storage)
    assert app.screen.ui.summary is None and not app.screen.ui.busy(app.now())


def test_scoring_turns_by_itself_without_people():
    app, run = toncc_app(("easy", "easy", "easy"), seed=5)
    play = app.screen
    for _ in range(3000):
        run.advance(100)
        if play.ui.summary is not None:
            break
    assert play.ui.summary == 0
    run.advance(S.REVEAL_MS + S.MOVE_MS + 2 * S.AUTO_PAGE_MS + 500)
    assert play.ui.summary is None and len(play.session.state.history) == 1


def test_look_shows_scores_and_toncc_points():
    app, run = toncc_app(("human", "normal", "normal"), seed=2)
    play = app.screen
    run.idle()
    st = play.session.state
    st.history.append((bytes([0] * 6 + [1] * 6 + [2] * 6), bytes([3, 2, 1])))
    b = app.hal.buttons
    b.set_raw(1 << B.A, app.now())
    run.advance(900)
    assert play.looking
    d = app.hal.display
    tot = st.toncc_totals()
    for s in range(3):
        x0, y0 = S.QUAD[s]
        pips = sum(1 for x in range(x0 - (s == 1), x0 + 8) if d.get(x, y0 + 6) == palette.WHITE)
        assert pips == tot[s]
    b.set_raw(0, app.now())
    run.advance(100)
    assert not play.looking


def _close_summary(play):
    """A between the challenges closes the summary of scores."""
    return "A" if play.ui.summary is not None else None


def test_whole_game_through_the_buttons_then_the_end_screen():
    """A person pressing buttons at random against two computer players, to
    the end screen and back to the menu."""
    app, run = toncc_app(("human", "easy", "normal"), seed=12, variant="short")
    play = mash_to_the_end(app, run, Rng(5), other=_close_summary)
    assert isinstance(app.screen, EndScreen)
    st = play.session.state
    assert st.is_terminal()
    lines = play.ui.result_lines()
    assert [t for t, c in lines] == [str(v) for v in st.toncc_totals()]
    assert [c for t, c in lines] == [S.COL[k] for k in st.kings]
    w = st.winners()
    tot = st.toncc_totals()
    if len(w) == 1:  # the one person (P1) against computers is told YOU WIN or LOSE
        assert app.screen.headline().startswith("YOU WIN" if w == [0] else "YOU LOSE")
        assert ("TIE WITH" in app.screen.headline()) == (tot.count(max(tot)) == 2)
    else:
        assert w == [0, 1, 2] and app.screen.headline() == "DRAW"
    run.advance(800)
    run.run("A")
    assert isinstance(app.screen, Menu)


def _path(steps, start, goal):
    """Buttons (UP, DOWN, LEFT, RIGHT) walking table `steps` from start to goal."""
    names = ("UP", "DOWN", "LEFT", "RIGHT")
    seen = {start: ""}
    todo = [start]
    while todo:
        here = todo.pop(0)
        for k in range(4):
            n = steps[here * 4 + k]
            if n not in seen:
                seen[n] = (seen[here] + "," + names[k]).strip(",")
                todo.append(n)
    assert goal in seen, "cannot reach %d" % goal
    return seen[goal]


def test_any_region_on_the_board_in_detail():
    """Every Region on the board can be read in full (background, symbol
    colour, shape, lines, dots, face down or not): in the Region view the
    D-pad walks the look pointer from hex to hex, and the miniature board
    shows which hex it is."""
    g = position(pos=(cell(1, 0), cell(-1, 0), cell(0, 2)),
                 owner={0: 1, 5: 2, 9: 0})
    app, run = app_at(g)
    play = app.screen
    st = play.session.state
    d = app.hal.display
    run.run("B,B,B")
    assert play.ui.mode == S.REGION
    here = st.cell_of[play.ui.point[0]]
    assert here == T.dest(st.pos[0], play.ui.cursor[0])  # it starts on the target
    for c in range(T.CELLS):
        if c == T.MIND:
            continue
        run.run(_path(S.BOARD_STEP, here, c))
        here = c
        run.advance(60)
        region = st.layout[c]
        bg, sym, shape, lines, dots = T.REGIONS[region]
        assert shown_region(d) == (bg, sym, shape, lines, dots, st.owner[region] != T.NONE), c
        if st.owner[region] != T.NONE:  # the Seal's King, bottom left
            assert (d.get(5, 13), d.get(5, 14)) == S.king_colours(st.kings[st.owner[region]])[1:]
        x, y = S.mini_xy(c)
        lit = 0
        for _ in range(20):
            run.advance(30)
            lit += d.get(x, y) == palette.WHITE
        assert 5 <= lit < 20  # its hex blinks on the miniature board
    assert st.pending[0] == T.NONE and play.phase == HUMAN  # looking never moves


def test_map_pointer_reaches_every_place_and_its_region():
    """On the Map the D-pad walks the pointer round the triangle; its place
    blinks, and the Region view (B) then shows that Region."""
    app, run = toncc_app(("human", "normal", "normal"), seed=7)
    play = app.screen
    run.idle()
    d = app.hal.display
    run.run("B,B")
    assert play.ui.mode == S.MAP
    here = play.ui.point[0]
    for p in list(range(1, 18)) + [0]:
        run.run(_path(S.MAP_STEP, here, p))
        here = p
        x, y = S.map_xy(p)
        lit = 0
        for _ in range(20):
            run.advance(30)
            lit += d.get(x, y) == palette.WHITE
        assert 5 <= lit < 20, p
    run.run("RIGHT,RIGHT,RIGHT")  # apex -> place 3
    run.run("B")
    run.advance(60)
    bg, sym, shape, lines, dots = T.REGIONS[3]
    assert shown_region(d)[:5] == (bg, sym, shape, lines, dots)


def test_map_pointer_follows_the_outline():
    """The D-pad moves the Map pointer to the neighbouring place that lies
    that way: down the right side, left along the bottom, up the left side."""
    assert [S.MAP_STEP[p * 4 + 1] for p in range(6)] == [0, 2, 3, 4, 5, 6]  # DOWN
    assert [S.MAP_STEP[p * 4 + 2] for p in range(6, 12)] == [7, 8, 9, 10, 11, 12]  # LEFT
    assert [S.MAP_STEP[p * 4 + 0] for p in range(12, 18)] == [13, 14, 15, 16, 17, 0]  # UP
    assert S.MAP_STEP[0 * 4 + 3] == 1 and S.MAP_STEP[0 * 4 + 2] == 17


def test_compass_only_on_the_target():
    """The compass (the chosen movement) shows on the Map and the Region views
    while the pointer is on the target, and goes once it moves away."""
    app, run = toncc_app(("human", "normal", "normal"), seed=7)
    play = app.screen
    run.idle()
    d = app.hal.display
    run.run("B,B,B")
    run.advance(60)
    row, col = S.grid_of(play.ui.cursor[0])
    assert d.get(1 + 2 * col, 12 + row) == palette.WHITE
    for b in ("UP", "DOWN", "LEFT", "RIGHT"):
        run.run(b)
        if play.ui.point[0] != play.session.state.layout[play.ui.target(0)]:
            break
    run.advance(60)
    assert palette.WHITE not in region_colours(d, 1, 12, 3, 3)


def test_a_on_the_facts_map_or_region_goes_back_to_the_board():
    """A moves only from the board, where the target blinks; on the Facts,
    the Map or a Region it goes back to the board."""
    app, run = toncc_app(("human", "normal", "normal"), seed=7)
    play = app.screen
    run.idle()
    st = play.session.state
    for views in ("B", "B,B", "B,B,B"):
        run.run(views + ",A")
        assert play.ui.mode == S.BOARD and st.pending[0] == T.NONE and play.phase == HUMAN
    run.run("A")
    assert st.pending[0] == E or st.last_dir[0] == E


def test_target_after_the_mind_and_at_the_edge():
    """003: "the latter is skipped and the King is placed on the following
    Region" / "reverse the direction and place the King on the last Region in
    that direction": the hex that blinks is where the King will really land."""
    for start, buttons, landing in ((cell(1, 0), "LEFT", cell(-1, 0)),  # W over the Mind
                                    (cell(2, 0), "", cell(-2, 0)),  # E off the edge
                                    (cell(2, -2), "UP", cell(-2, 2))):  # NE off the corner
        g = position(pos=(start, cell(-1, 2), cell(0, 2)))
        app, run = app_at(g)
        if buttons:
            run.run(buttons)
        white = {c: 0 for c in range(T.CELLS)}
        for _ in range(20):
            run.advance(30)
            for c in range(T.CELLS):
                white[c] += palette.WHITE in hex_colours(app, c)
        assert 5 <= white[landing] < 20
        assert [c for c in range(T.CELLS) if white[c] and c != landing] == []


def test_every_king_shows_on_a_shared_hex():
    """Three Kings on one Region (here a face-down one, with the person's
    own King among them) show at once in every frame, one LED each (Blue
    over Yellow on the right column, Red bottom left), the face-down
    Region's green top left (issue 24: Kings sharing a hex were drawn one at
    a time)."""
    c = cell(0, 1)
    g = position(pos=(c, c, c), owner={4: 0})
    g.layout[g.cell_of[4]], g.layout[c] = g.layout[c], 4
    g.cell_of[g.layout[g.cell_of[4]]] = g.cell_of[4]
    g.cell_of[4] = c
    g.check()
    app, run = app_at(g)
    x, y = S.cell_xy(c)
    d = app.hal.display
    for _ in range(40):
        run.advance(30)
        assert (d.get(x, y), d.get(x + 1, y), d.get(x, y + 1), d.get(x + 1, y + 1)) == \
            (S.GREEN, S.COL[T.BLUE], S.COL[T.RED], S.COL[T.YELLOW])


def test_a_face_down_region_is_a_checker_not_only_green():
    """Issue 24, item 6: dim red, dim yellow and the green of a face-down
    Region merge for red-green colour blindness; a face-down Region's hex
    is a checker (two LEDs lit on a diagonal), a face-up one is filled."""
    g = position(pos=(cell(0, 1), cell(1, 0), cell(-1, 1)), owner={4: 0, 9: 1})
    app, run = app_at(g)
    d = app.hal.display
    st = app.screen.session.state
    seen = {h: set() for h in range(T.CELLS)}
    for _ in range(40):  # past the blinking target and Kings
        run.advance(50)
        for h in range(T.CELLS):
            x, y = S.cell_xy(h)
            seen[h].add(tuple(d.get(x + i, y + j) for j in (0, 1) for i in (0, 1)))
    face_down = [h for h in range(T.CELLS) if h != T.MIND and st.owner[st.layout[h]] != T.NONE]
    assert len(face_down) == 2
    for h in range(T.CELLS):
        king = h in st.pos  # alone here: he keeps the right column, the Region the left
        if h in face_down:
            want = (S.GREEN, 0, 0, S.GREEN)
        else:
            c = S.region_colour(st.layout, st.owner, h)
            want = (c, c, c, c)
        if king:
            assert {(t[0], t[2]) for t in seen[h]} == {(want[0], want[2])}, h
        else:
            assert want in seen[h], h


def test_reveal_shows_who_won_a_contest():
    """003: "Just the conqueror puts a Seal on the Map": when the Kings stand
    on their new Regions, a conquered Region flashes in its conqueror's
    colour over the Kings standing there, so a contest's winner is seen."""
    blue = [p for p in range(18) if T.REGIONS[p][0] == T.BLUE][0]
    c = cell(1, 0)
    g = position(kings=(T.RED, T.YELLOW, T.BLUE))
    g.layout[g.cell_of[blue]], g.layout[c] = g.layout[c], blue
    g.cell_of[g.layout[g.cell_of[blue]]] = g.cell_of[blue]
    g.cell_of[blue] = c
    g.check()
    app, run = app_at(g, ("human", "human", "human"))
    play = app.screen
    for _ in range(3):
        run.run("wait:%d,A,A" % HAND_OVER_MS)  # take the device; E, where the cursor starts
    st = play.session.state
    assert list(st.pos) == [c, c, c] and st.owner[blue] == 2
    while app.now() < play.ui.reveal_at + S.REVEAL_MS:
        run.advance(30)
    full = {k: 0 for k in range(3)}
    n = 0
    while app.now() < play.ui.reveal_at + S.REVEAL_MS + S.MOVE_MS - 30:
        run.advance(30)
        n += 1
        shown = hex_colours(app, c)
        for k in range(3):
            full[k] += shown == {S.COL[k]}
    assert full[T.BLUE] * 3 >= n and full[T.RED] == full[T.YELLOW] == 0


def test_the_kings_unlit_pips_keep_their_hue_on_the_leds():
    """Yellow, Red and Blue unlit Seal pips stay three colours on the LEDs
    from brightness 20% up (hal.colour.pixel_duty: what the LEDs show)."""
    from hal.colour import pixel_duty
    from hal.display import Display
    for brightness in (20, 40, 70, 100):
        shown = set()
        for king_colour in S.COL:
            d = Display()
            S.draw_pips(d, 0, 0, 0, 6, king_colour)
            c = d.get(0, 0)
            shown.add(pixel_duty(c >> 16, (c >> 8) & 0xFF, c & 0xFF, brightness))
        assert len(shown) == 3, brightness


def test_a_tie_for_the_most_points_says_the_weaker_king_won_it():
    """003: "Sum the tóncc points to declare the winner of the game (in case of
    a tie, the weaker king wins)": the end screen says why the winner won with
    the same points as another King."""
    g = T.Toncc(3, "standard", 8)
    rng = Rng(8)
    while not g.is_terminal():
        a = g.legal_actions()
        g.apply(a[rng.below(len(a))])
    tot = g.toncc_totals()
    assert sorted(tot) == [1, 4, 4]  # two Kings tied for the most
    app, run = app_at(g)
    assert app.screen.ui.summary == g.challenges - 1  # the last scores first (resumed)
    run.run("A,A")
    run.idle()
    assert isinstance(app.screen, EndScreen)
    (w,) = g.winners()
    (other,) = [s for s in range(3) if tot[s] == 4 and s != w]
    assert T.beats_in_tie(g.kings[w], g.kings[other])
    people = app.screen.session.humans()
    assert len(people) == 1  # so the headline says YOU WIN or YOU LOSE
    assert app.screen.headline() == "%s - TIE WITH P%d %s: WEAKER KING WINS" % (
        "YOU WIN" if w in people else "YOU LOSE", other + 1, T.COLOUR_NAMES[g.kings[other]])

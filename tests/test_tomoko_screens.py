"""Tomoko's screens in the variants: teams, open cards, several players, the
end by the move cap. (The shared turn flow is tested with Tomoko in
tests/test_firmware.py.)"""

from engines_core import tomoko as T
from firmware import tomoko_screens as TS
from firmware.play import PlayScreen, PASS, HUMAN, COMPUTER
from tests.firmware_helpers import app_with, card_area, first_lit_x, read_text, \
    region_colours, tomoko_balls, tomoko_session
from hal import buttons as B

BALLS = tomoko_balls()


def push_as_person(run, app):
    """Push at the cursor; then run until a person must act."""
    run.run("A")
    run.idle()


def test_teams_pass_screen_before_every_opponent():
    """Four people in teams: turns alternate between the teams, so every
    hand-over shows a different team's hidden cards and asks for the pass."""
    app, run = app_with(tomoko_session(("human",) * 4, variant="teams", seed=5))
    play = app.screen
    seen = []
    for _ in range(6):
        run.idle()
        assert play.phase == PASS and not (BALLS & card_area(app))
        seen.append(play.seat)
        run.run("A")
        assert play.phase == HUMAN and BALLS & card_area(app)
        push_as_person(run, app)
    assert seen == [0, 1, 2, 3, 0, 1]


def test_teams_partners_alone_need_no_pass_screen():
    """Two partners (P1+P3) against two computers: "The team members may swap
    their cards at any time", so no pass screen between them, and the team's
    cards stay on screen during the computers' turns."""
    app, run = app_with(tomoko_session(("human", "normal", "human", "normal"),
                                       variant="teams", seed=5))
    play = app.screen
    run.idle()
    assert play.phase == HUMAN and play.seat == 0
    push_as_person(run, app)
    assert play.phase == HUMAN and play.seat == 2
    run.run("A")
    run.advance(400)
    assert play.phase == COMPUTER and play.seat == 3
    assert BALLS & card_area(app)


def test_teams_opponents_as_people_still_pass():
    """P1 and P2 are people on different teams: each must pass the device."""
    app, run = app_with(tomoko_session(("human", "human", "normal", "normal"),
                                       variant="teams", seed=5))
    play = app.screen
    run.idle()
    assert play.phase == PASS and play.seat == 0
    run.run("A")
    push_as_person(run, app)
    assert play.phase == PASS and play.seat == 1


def row_colours(app, y):
    return region_colours(app.hal.display, 0, y, 10, 1) - {0}


def test_every_seat_row_shows_its_colour_laid_or_not():
    """Four players: one row of pips per seat, in the seat's colour whether
    lit (laid) or dim (still needed), so each row is told apart."""
    from firmware import palette
    session = tomoko_session(("human", "normal", "normal", "normal"))
    st = session.state
    st.laid[3].append(st.deck.pop())
    app, run = app_with(session)
    run.idle()
    for s in range(4):
        c = palette.PLAYERS[s]
        want = {palette.scale(c, TS.NEEDED)} | ({c} if s == 3 else set())
        assert row_colours(app, 12 + s) == want


def test_teams_rows_put_partners_side_by_side():
    """Teams (P1+P3 against P2+P4): the partners' rows are adjacent and show
    the team's count, so each team's laid cards read as one block."""
    from firmware import palette
    session = tomoko_session(("human", "normal", "normal", "normal"), variant="teams")
    st = session.state
    st.laid[1].extend([st.deck.pop(), st.deck.pop()])  # team P2+P4
    app, run = app_with(session)
    run.idle()
    d = app.hal.display
    order = [0, 2, 1, 3]
    for row, s in enumerate(order):
        lit = [x for x in range(10) if d.get(x, 12 + row) == palette.PLAYERS[s]]
        assert len(lit) == (4 if s in (1, 3) else 0)  # two cards: a bar, 2 LEDs a card
    # The card mark: the viewer's colour, the partner's below it.
    assert d.get(12, 1) == palette.scale(palette.PLAYERS[0], 60)
    assert d.get(12, 2) == palette.scale(palette.PLAYERS[2], 60)


def test_a_used_up_colour_flashes_the_cursor_not_the_line():
    """B asks for dark when all 15 dark balls are on the board: refused with
    an error sound, the cursor flashing red and blue (the colour asked for);
    the line stays as it is, since no push was refused."""
    from firmware import palette, sounds
    session = tomoko_session(("human", "normal"))
    st = session.state
    st.board = bytearray([T.DARK] * 15 + [T.LIGHT] * 5 + [0] * 5)
    st.bag = [0, 0, 10]
    app, run = app_with(session)
    run.idle()
    ui = app.screen.ui
    assert ui.colour == T.LIGHT and ui.cursor == 17  # W3: hollows 10-14, LEDs y 5-6
    app.hal.sound.log.clear()
    run.run("B")
    assert ui.colour == T.LIGHT and "dark" in ui.flash_reason
    assert sounds.REFUSED[0][0] in app.hal.sound.log
    d = app.hal.display
    cursor, line = set(), set()
    for _ in range(12):
        run.advance(30)
        cursor.add(d.get(0, 5))
        line |= region_colours(d, 1, 5, 10, 2)
    assert palette.BAD in cursor and TS.BALL[T.DARK] in cursor
    assert palette.BAD not in line


def test_end_reason_names_the_cap_and_no_cards_but_not_a_target_win():
    """games.md: the move cap, and "if no card can ever be laid any more, most
    cards laid wins" end a game where no one reached the target; the screen
    says which (a win at the target needs no explanation)."""
    st = tomoko_session(("normal", "normal")).state
    assert TS.end_reason(st) is None  # not over
    st.done, st.wins = True, [0]
    st.laid[0] = [st.deck.pop() for _ in range(10)]
    assert TS.end_reason(st) is None  # P1 reached 10
    st.laid[0] = st.laid[0][:3]
    st.moves = T.MOVE_CAP
    assert TS.end_reason(st) == "cap"
    st.moves = 120
    st.hands = [[], []]
    assert TS.end_reason(st) == "cards"


def test_the_move_cap_is_announced_before_the_result():
    """After push 400 (the move cap) the last board shows, then "END 400
    PUSHES" for a while (A does not skip it), then the result, which says
    why too."""
    from firmware import palette
    from firmware.end import EndScreen
    session = tomoko_session(("human", "normal"))
    st = session.state
    st.moves = T.MOVE_CAP - 1
    st.laid[0] = [st.deck.pop(), st.deck.pop()]
    app, run = app_with(session)
    run.idle()
    run.run("A")
    assert st.is_terminal() and st.winners() == [0]
    d = app.hal.display
    run.advance(TS.PUSH_MS + 100)
    assert BALLS & region_colours(d, 1, 1, 10, 10)  # the last board
    run.run("A")  # hurry: brings the notice on at once
    for _ in range(4):
        assert isinstance(app.screen, PlayScreen)
        assert palette.ACCENT in region_colours(d, 0, 6, 16, 5)  # "400"
        assert not (BALLS & region_colours(d, 0, 0, 16, 16))
        run.run("A")
        run.advance(400)
    run.advance(TS.END_MS)
    assert isinstance(app.screen, EndScreen)
    assert app.screen.headline() == "YOU WIN - 400 PUSHES"  # the person is P1


def test_teams_a_card_laid_by_the_mover_shows_in_his_colour():
    """P4 pushes and his team (P2+P4) lays a card: the window is framed and
    the gutter glows in P4's colour, not in his partner P2's."""
    from firmware import palette
    from tests.tomoko_helpers import position, pattern_rows
    card = 0
    rows = pattern_rows(T.CARDS[card])
    colour = T.DARK if rows[0][0] == "X" else T.LIGHT
    # The card's pattern in the top-left window but for its corner ball, and
    # column 0 empty below: P4 pushing that colour in at N1 fills the corner.
    text = " ".join(["." + rows[0][1:] + "..", rows[1] + "..", rows[2] + "..",
                     ".XOO.", ".OXX."])
    others = [c for c in range(T.NUM_CARDS) if c != card]
    st = position(text, [[others[0], others[1]], [card, others[2]]],
                  num_players=4, variant="teams", turn=3)
    from firmware.session import Session
    session = Session("tomoko", ["normal", "normal", "normal", "human"], "teams", 1)
    session.state = st
    app, run = app_with(session)
    run.idle()
    ui = app.screen.ui
    ui.cursor, ui.colour = 0, colour
    run.run("A")
    assert st.laid[1] == [card]
    run.advance(TS.PUSH_MS + 200)
    d = app.hal.display
    seen = set()
    for _ in range(10):
        run.advance(60)
        seen |= region_colours(d, 0, 0, 12, 1)  # the top gutter, the frame's top
    assert palette.PLAYERS[3] in seen and palette.PLAYERS[1] not in seen


def test_quick_start_lays_are_shown_in_full_before_a_computer_opens():
    """With a computer as P1 the quick start's lays are shown to the end before
    its first push (the play screen waits for them as it does after a move)."""
    session = tomoko_session(("normal", "human"), variant="quick", seed=3)
    st = session.state
    assert st.lays and st.moves == 0
    app, run = app_with(session)
    run.advance(TS.LAY_MS * len(st.lays) - 100)
    assert st.moves == 0 and app.screen.ui.current_lay(app.hal.clock.now()) is not None
    run.advance(TS.LAY_MS + 3000)
    assert st.moves >= 1  # then the computer moves


def test_quick_start_lays_are_shown_before_the_first_push():
    """Quick start: a card dealt onto the filled board that already shows its
    pattern is laid at once (docs/rules/tomoko.md). The person sees it framed
    in the layer's colour before choosing; A hurries that, without pushing."""
    from firmware import palette
    session = tomoko_session(("human", "normal"), variant="quick", seed=3)
    st = session.state
    assert [lay[0] for lay in st.lays] == [0, 1] and st.moves == 0
    app, run = app_with(session)
    run.advance(100)
    d = app.hal.display
    seen = set()
    for _ in range(10):
        run.advance(60)
        seen |= region_colours(d, 0, 0, 12, 12)
    assert palette.PLAYERS[0] in seen  # P1's lay framed in red
    run.run("A")  # hurries the showing, pushes nothing
    assert st.moves == 0 and app.screen.ui.current_lay(app.hal.clock.now()) is None
    run.run("A")
    assert st.moves == 1


def test_the_end_screen_offers_to_play_on_for_the_places():
    """000: "Of course, the others can always continue playing." After a win
    with three or more players, B on the end screen goes back to the game
    without its winner; the game is counted once; the next end names the
    second place."""
    from firmware.end import EndScreen
    from firmware.session import Session
    from tests.test_tomoko_rules import _won_game
    g, _ = _won_game(3)
    session = Session("tomoko", ["normal", "normal", "normal"], "standard", 1)
    session.state = g
    app, run = app_with(session)
    end = app.screen
    assert isinstance(end, EndScreen) and end.headline().endswith("B: PLAY ON")
    assert app.stats.get("tomoko.played") == 1
    wins = g.winners()
    run.advance(700)
    run.run("B")
    assert isinstance(app.screen, PlayScreen) and app.screen.session is session
    assert not g.is_terminal() and g.current_player() not in wins
    from firmware import saves
    saved, where, _ = saves.load_game(app.hal.storage)  # saved at once
    assert where == saves.PLAYING and saved.state.serialize() == g.serialize()
    for _ in range(2000):
        if isinstance(app.screen, EndScreen):
            break
        run.advance(300)
    end = app.screen
    assert isinstance(end, EndScreen) and g.winners() == wins
    assert "2ND" in end.headline() and "PLAY ON" not in end.headline()
    assert app.stats.get("tomoko.played") == 1  # counted once
    run.advance(700)
    run.run("B")  # nothing left to play for: B does nothing
    assert app.screen is end


def test_a_restart_on_an_end_screen_that_may_play_on_shows_it_again():
    """Switched off on the first end screen, the table can still play on for
    the places after the restart: the same end screen comes back (counted
    once in the statistics), B plays on; A forgets the game."""
    from firmware import saves
    from firmware.end import EndScreen
    from firmware.menu import Menu
    from firmware.session import Session
    from hal.storage import MemoryStorage
    from tests.test_tomoko_rules import _won_game
    storage = MemoryStorage()
    g, _ = _won_game(3)
    session = Session("tomoko", ["normal", "normal", "normal"], "standard", 1)
    session.state = g
    app, run = app_with(session, storage=storage)
    assert isinstance(app.screen, EndScreen) and app.stats.get("tomoko.played") == 1
    for _ in range(2):  # restart twice: still counted once
        app, run = app_with(storage=storage)
        end = app.screen
        assert isinstance(end, EndScreen) and end.headline().endswith("B: PLAY ON")
        assert end.session.state.serialize() == g.serialize()
        assert app.stats.get("tomoko.played") == 1
    run.advance(700)
    run.run("B")
    assert isinstance(app.screen, PlayScreen) and not app.screen.session.state.is_terminal()
    app, run = app_with(storage=storage)  # and again, now playing on
    assert isinstance(app.screen, PlayScreen)
    for _ in range(2000):
        if isinstance(app.screen, EndScreen):
            break
        run.advance(300)
    run.advance(700)
    run.run("A")
    assert isinstance(app.screen, Menu)
    assert saves.load_game(storage)[2] == saves.NONE and app.stats.get("tomoko.played") == 1


def test_every_place_played_for_stays_on_the_end_screen():
    """Playing on for the places (docs/rules/tomoko.md): the last end screen
    still names who took each place before, in order ("P3 2ND P2 3RD"), not
    only the place just played for."""
    from firmware.session import Session
    session = Session("tomoko", ["normal"] * 4, "standard", 4)
    g = session.state
    notes = []
    while True:
        while not g.is_terminal():
            session.play(session.computer_move())
        notes.append(TS.UI(session).end_note())
        if not g.can_play_on():
            break
        g.play_on()
    assert len(notes) >= 3 and notes[0] is None
    # Who took which place, from the engine: finished seats keep theirs, the
    # seats that ended the last round take the place they played for.
    place = list(g.places)
    for s in g.enders():
        place[s] = g.next_place()
    named = [(p, "P%d %s" % (s + 1, ("", "1ST", "2ND", "3RD", "4TH")[p]))
             for s, p in enumerate(place) if p >= 2]
    assert len(named) >= 2
    at = [notes[-1].find(words) for p, words in sorted(named)]
    assert all(a >= 0 for a in at) and at == sorted(at), (notes[-1], named)


def look_at(app, run, ms):
    """Hold A for `ms` and return while it is still held."""
    app.hal.buttons.set_raw(1 << B.A, app.now())
    run.advance(ms)
    assert app.screen.looking


def bag_on_screen(app, y=11):
    """(dark, light) read back from the look's bag row: two numbers in the
    balls' colours, the dark one from the left, the light one right-aligned;
    also the columns between them."""
    d = app.hal.display
    dark = read_text(d, 0, y, TS.BALL[T.DARK])
    x = first_lit_x(d, y, 5, TS.BALL[T.LIGHT])
    light = read_text(d, x, y, TS.BALL[T.LIGHT]) if x is not None else ""
    gap = x - (4 * len(dark) - 1) if x is not None else 0
    return dark, light, gap


def pushed_session(seats, variant="standard", pushes=9):
    s = tomoko_session(seats, variant=variant, seed=11)
    st = s.state
    for i in range(pushes):
        # Dark balls twice as often, so the two counts differ.
        a = [a for a in st.legal_actions() if T.colour_of(a) == (T.LIGHT if i % 3 == 2 else T.DARK)]
        st.apply(a[0] if a else st.legal_actions()[0])
    return s


def test_the_look_shows_the_balls_left_in_the_bag_as_numbers():
    """Issue 24, item 1: how many balls of each colour are left in the bag
    is one press away: hold A shows it as two numbers in the balls' colours
    with room between them (two players: under the scores and the target)."""
    s = pushed_session(("human", "human"))
    bag = s.state.bag
    assert bag[T.DARK] != bag[T.LIGHT]
    app, run = app_with(s)
    run.idle()
    run.run("A")  # past the pass screen
    look_at(app, run, 900)
    dark, light, gap = bag_on_screen(app)
    assert (dark, light) == (str(bag[T.DARK]), str(bag[T.LIGHT]))
    assert gap >= 2
    d = app.hal.display
    assert read_text(d, 9, 6, TS.palette.TEXT) == str(s.state.target)


def test_with_three_seats_the_bag_and_the_target_share_the_bottom_row():
    s = pushed_session(("human", "normal", "normal"))
    app, run = app_with(s)
    run.idle()
    look_at(app, run, 900)
    seen_bag = seen_target = False
    for _ in range(40):
        run.advance(100)
        bag = s.state.bag
        dark, light, gap = bag_on_screen(app)
        if dark:
            assert (dark, light) == (str(bag[T.DARK]), str(bag[T.LIGHT])) and gap >= 2
            seen_bag = True
        if read_text(app.hal.display, 9, 11, TS.palette.TEXT) == "5":
            seen_target = True
    assert seen_bag and seen_target


def test_open_cards_show_the_bag_under_the_cards_or_in_turn_with_them():
    for seats in (("human", "normal"), ("human", "normal", "normal", "normal")):
        s = pushed_session(seats, variant="open")
        app, run = app_with(s)
        run.idle()
        look_at(app, run, 900)
        read = set()
        for _ in range(60):
            run.advance(100)
            bag = s.state.bag
            dark, light, gap = bag_on_screen(app)
            if dark.isdigit():  # not the cards' page
                assert (dark, light) == (str(bag[T.DARK]), str(bag[T.LIGHT])) and gap >= 2
                read.add(dark)
        assert read, seats


def test_cards_laid_and_still_needed_differ_in_shape_not_only_brightness():
    """Issue 24, item 6: in a seat's row a card laid and a card still needed
    were one colour at two brightnesses (misread for yellow and magenta).
    Now the laid cards are a solid bar or dashes, the cards still needed
    single dim dots with dark LEDs between them, for every target."""
    for seats in (("human", "normal"), ("human", "normal", "normal"),
                  ("human", "normal", "normal", "normal")):
        s = tomoko_session(seats, seed=5)
        st = s.state
        st.laid[1].append(st.deck.pop())  # P2 has laid one card
        app, run = app_with(s)
        run.idle()
        d = app.hal.display
        top = 12 if st.num_players == 4 else 13
        y = top + TS.score_rows(st).index(1)
        c = TS.palette.PLAYERS[1]
        needed = TS.palette.scale(c, TS.NEEDED)
        row = [d.get(x, y) for x in range(11)]
        laid = [x for x in range(11) if row[x] == c]
        dots = [x for x in range(11) if row[x] == needed]
        assert laid and laid == list(range(laid[0], laid[-1] + 1)), (seats, row)  # one dash
        assert laid[0] == 0 and len(laid) >= 1
        # Every dot stands alone: no lit LED beside it.
        for x in dots:
            assert not row[x - 1] and (x + 1 >= 11 or not row[x + 1]), (seats, row)
        # The dots reach the target's place: one for every card still
        # needed, or with one LED a card (a target of 10) every other one.
        w = max(1, 10 // st.target)
        assert dots[-1] in ((st.target - 1) * w, st.target * w - 1), (seats, row)
        assert len(dots) == (st.target - 1 if w > 1 else (st.target - 1) // 2), (seats, row)

"""The Tokkome screens driven through the firmware like a person would."""

import pytest

from engines_core import tokkome as T
from engines_core.prng import Rng
from firmware import saves, sounds, tokkome_screens as TS
from firmware.end import EndScreen
from firmware.menu import Menu
from firmware.play import PlayScreen, PASS, HUMAN
from firmware.session import Session
from hal import buttons as B
from tests.firmware_helpers import app_with, mash_to_the_end, read_text, region_colours
from tests.tokkome_helpers import position, hand_str
from tools import mpy_check, mpy_runtime
from tools.mpy_guests import STEADY_FRAMES

VALUES = set(TS.VALUE[1:])


def session_with(state, seats):
    s = Session("tokkome", list(seats), "standard", 1)
    s.state = state
    return s


def hand_area(app):
    return region_colours(app.hal.display, 0, 9, 16, 7)


def bar_heights(app):
    """Height of the lit column at each x of the hand area (rows 9-15)."""
    d = app.hal.display
    out = []
    for x in range(16):
        h = 0
        for y in range(15, 8, -1):
            if d.get(x, y):
                h += 1
            else:
                break
        out.append(h)
    return out


def test_one_person_sees_the_hand_as_value_bars():
    g = position(["1224", "3567", "3567"], tokkome="6", maki="6")
    app, run = app_with(session_with(g, ("human", "normal", "normal")))
    run.idle()
    assert app.screen.phase == HUMAN
    # Four cards, two LEDs wide each, heights = values, centred.
    assert bar_heights(app) == [0, 0, 0, 0, 1, 1, 2, 2, 2, 2, 4, 4, 0, 0, 0, 0]
    d = app.hal.display
    assert d.get(4, 15) == TS.VALUE[1] and d.get(10, 12) == TS.VALUE[4]
    # The two 2s are told apart: the second is dimmer.
    assert d.get(6, 15) != d.get(8, 15)
    # Both piles' top cards as digits in their value colours.
    assert TS.VALUE[6] in region_colours(d, 1, 1, 3, 5)
    assert TS.VALUE[6] in region_colours(d, 7, 1, 3, 5)


def test_a_long_hand_uses_one_led_per_card():
    g = position(["112233445566777", "4", "5"], tokkome="4", maki="1")
    app, run = app_with(session_with(g, ("human", "normal", "normal")))
    run.idle()
    heights = bar_heights(app)
    assert heights[:15] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 7]


def seat_row(app, y):
    """(pips lit after the seat's dot, gold dots) in row y (the dark LED
    before the cards seen going in is not a card)."""
    d = app.hal.display
    lit = [x for x in range(1, 16) if d.get(x, y)]
    gold = [x for x in lit if d.get(x, y) == TS.GOLD]
    return len(lit) - len(gold), len(gold)


def test_every_hand_size_and_set_count_is_on_the_screen():
    """Issue: "The screens show ... every player's hand size and laid-set
    count." (games.md: "Visible: ... hand sizes"): a row per other seat, in
    turn order after the player at the bottom: its colour, a pip per card,
    a gold dot per set; the bottom player's own sets up the column at x 11."""
    g = position(["1224566", "356", "2356", "447"], tokkome="343", maki="2",
                 sets=[[7], [], [1], []])
    app, run = app_with(session_with(g, ("human", "normal", "normal", "normal")))
    run.idle()
    d = app.hal.display
    for y, seat in ((5, 1), (6, 2), (7, 3)):
        assert d.get(0, y) == TS.palette.PLAYERS[seat]
        assert seat_row(app, y) == (T.hand_size(g.hands[seat]), len(g.sets[seat]))
    assert [d.get(11, y) for y in range(5)] == [0, 0, 0, 0, TS.GOLD]
    # Three players: two rows, starting with the next seat after the viewer.
    g = position(["1224566", "35677", "3567"], tokkome="4", maki="2", sets=[[], [1], []],
                 turn=1)
    app, run = app_with(session_with(g, ("normal", "normal", "human")))
    run.advance(100)
    assert d is not app.hal.display
    d = app.hal.display
    assert d.get(0, 5) == TS.palette.PLAYERS[0] and d.get(0, 7) == 0
    assert seat_row(app, 5) == (7, 0)
    assert seat_row(app, 6) == (5, 1)
    # The seat to move (P2) blinks; the others stay lit.
    seen = set()
    for _ in range(12):
        run.advance(90)
        seen.add(d.get(0, 6))
    assert len(seen) == 2 and TS.palette.PLAYERS[1] in seen


def test_pass_the_device_between_two_people_but_not_within_a_turn():
    """Hands are hidden: with two people a PASS screen comes before each one's
    hand; in the middle of a take (set, card on the arena) it does not."""
    g = position(["1256", "3467", "1234"], tokkome="4", maki="1", draws="7712")
    app, run = app_with(session_with(g, ("human", "human", "normal")))
    play = app.screen
    run.idle()
    assert play.phase == PASS and play.seat == 0
    assert not (VALUES & hand_area(app))
    run.run("A")
    assert play.phase == HUMAN and VALUES & hand_area(app)
    run.run("UP,A")  # take the Tokkome
    run.idle()
    assert play.phase == HUMAN and play.seat == 0 and g.phase == T.PLACE
    run.run("A")  # put the card under the cursor on the arena
    run.idle()
    assert play.phase == PASS and play.seat == 1
    assert not (VALUES & hand_area(app))
    run.run("A")
    assert play.phase == HUMAN and play.seat == 1


def take_to_put_ms(hand, lay):
    """Milliseconds between a computer's take and its card on the arena, as
    a person watching sees them; `lay` is the computer's answer to SET?."""
    g = position(["1234", hand, "2344"], tokkome="1", maki="1", draws="26", turn=1)
    app, run = app_with(session_with(g, ("human", "normal", "normal")))
    session = app.screen.session
    times = {}

    def move(effort=100):
        """As Session.computer_steps: a generator returning the action."""
        st = session.state
        if st.phase == T.LAY:
            return lay
        return st.legal_actions()[0]  # the take, then the lowest card
        yield

    def play(action):
        times.setdefault(session.state.phase, app.now())
        session.state.apply(action)
        session.ply += 1

    session.computer_steps = move
    session.play = play
    while T.PLACE not in times:
        run.advance(20)
    return times[T.PLACE] - times[T.MAIN], times


def test_the_pace_of_a_take_does_not_tell_whether_a_set_was_possible():
    """games.md: "Hidden: hands" - a computer that could lay a three of a
    kind and lays none puts its card on the arena after as long as one that
    could lay none."""
    could, seen = take_to_put_ms("5557", T.NO_SET)
    assert T.LAY in seen
    could_not, seen = take_to_put_ms("5567", T.NO_SET)
    assert T.LAY not in seen
    assert abs(could - could_not) <= 40


def test_card_fitting_one_way_is_played_at_once():
    g = position(["1256", "3467", "1234"], tokkome="4", maki="1")
    app, run = app_with(session_with(g, ("human", "normal", "normal")))
    run.idle()
    ui = app.screen.ui
    ui.cur = 0  # the 1: no; the 2 fits the maki pile only
    run.run("RIGHT,A")
    assert g.maki == [1, 2] and hand_str(g, 0) == "156"


def test_a_persons_own_card_flashes_the_pile_white_not_in_red():
    """P1's colour is red, the colour of a refused choice: a person's own
    card flashes the pile's sides white; a computer's flash in its colour."""
    g = position(["1256", "3467", "1234"], tokkome="4", maki="1")
    app, run = app_with(session_with(g, ("human", "normal", "normal")))
    run.idle()
    app.screen.ui.cur = 0
    run.run("RIGHT,A")
    assert g.maki == [1, 2]
    seen = set()
    for _ in range(12):
        run.advance(40)
        seen |= region_colours(app.hal.display, 0, 0, 16, 5)
    assert TS.palette.WHITE in seen and TS.palette.PLAYERS[0] not in seen
    assert app.screen.ui.mover_colour(1) == TS.palette.PLAYERS[1]


def test_card_fitting_several_ways_offers_the_choices_in_turn():
    """A 5 on Tokkome 4 and maki 6, alone or starting a run 5 6 7 on the 4:
    Left/Right go through the choices (the pile blinks, the cards are
    marked), B goes back, A plays the chosen one."""
    g = position(["567", "1234", "1234"], tokkome="4", maki="6")
    app, run = app_with(session_with(g, ("human", "normal", "normal")))
    run.idle()
    ui = app.screen.ui
    ui.cur = 0
    run.run("A")
    assert ui.options == [T.single(T.TOKKOME, 5), T.run(T.TOKKOME, False), T.single(T.MAKI, 5)]
    before = g.serialize()
    run.run("RIGHT")
    assert ui.options[ui.opt] == T.run(T.TOKKOME, False)
    marks = [x for x in range(16) if app.hal.display.get(x, 8)]
    run.advance(300)
    marks += [x for x in range(16) if app.hal.display.get(x, 8)]
    assert len(set(marks)) == 6  # three cards, two LEDs each
    run.run("B")
    assert ui.options is None and g.serialize() == before
    run.run("A,RIGHT,RIGHT,A")
    assert g.maki == [6, 5] and hand_str(g, 0) == "67"


def test_a_run_is_shown_before_it_is_played_and_b_backs_out():
    """Issue 24, item 3: a 6 that fits only in the run 5 6 7 on Tokkome 4.
    A no longer plays it: the three cards are marked and the Tokkome shows
    4, then 5 6 7 in turn; B goes back to choosing with nothing changed; A
    then A plays the run."""
    g = position(["567", "1234", "1234"], tokkome="4", maki="1")
    app, run = app_with(session_with(g, ("human", "normal", "normal")))
    run.idle()
    ui = app.screen.ui
    ui.cur = 1  # the 6
    before = g.serialize()
    run.run("A")
    assert g.serialize() == before and hand_str(g, 0) == "567"
    assert ui.options == [T.run(T.TOKKOME, False)]
    marks = set()
    tops = set()
    for _ in range(40):
        run.advance(60)
        d = app.hal.display
        marks |= {x for x in range(16) if d.get(x, 8)}
        tops |= {v for v in range(1, 8) if TS.VALUE[v] in region_colours(d, 1, 0, 3, 5)}
    assert len(marks) == 6  # the three cards of the run, two LEDs each
    assert tops == {4, 5, 6, 7}  # where they go, in the order laid
    run.run("B")
    assert ui.options is None and g.serialize() == before
    run.run("A")
    assert g.serialize() == before
    run.run("A")
    assert g.tokkome == [4, 5, 6, 7] and hand_str(g, 0) == ""


def test_illegal_card_flashes_and_buzzes_and_changes_nothing():
    g = position(["1256", "3467", "1234"], tokkome="4", maki="1")
    app, run = app_with(session_with(g, ("human", "normal", "normal")))
    run.idle()
    play = app.screen
    ui = play.ui
    ui.cur = 3  # the 6: one more or less than neither 4 nor 1
    before = g.serialize()
    app.hal.sound.log.clear()
    run.run("A")
    assert g.serialize() == before and play.phase == HUMAN
    assert "neither pile" in ui.flash_reason
    assert sounds.REFUSED[0][0] in app.hal.sound.log
    red = 0
    for _ in range(12):
        run.advance(30)
        red += TS.palette.BAD in region_colours(app.hal.display, 0, 0, 11, 7)
    assert 2 <= red < 12


def test_browsing_the_piles_shows_every_card_and_a_takes_the_tokkome():
    g = position(["1256", "3467", "1234"], tokkome="345654", maki="12", draws="77")
    app, run = app_with(session_with(g, ("human", "normal", "normal")))
    run.idle()
    run.run("UP")
    assert bar_heights(app) == [0, 0, 3, 3, 4, 4, 5, 5, 6, 6, 5, 5, 4, 4, 0, 0]
    run.run("RIGHT")  # the maki pile
    assert bar_heights(app)[6:10] == [1, 1, 2, 2]
    app.hal.sound.log.clear()
    run.run("A")  # the maki pile cannot be taken
    assert g.tokkome and sounds.REFUSED[0][0] in app.hal.sound.log
    run.run("LEFT,A")
    assert g.tokkome == [] and g.phase == T.LAY  # three 5s now
    assert hand_str(g, 0) == "1234455566"


def test_take_lay_a_set_and_put_a_card_by_buttons():
    g = position(["5567", "1234", "1234"], tokkome="5", maki="1", draws="23")
    app, run = app_with(session_with(g, ("human", "normal", "normal")))
    run.idle()
    ui = app.screen.ui
    run.run("UP,A")
    run.idle()
    assert g.phase == T.LAY and hand_str(g, 0) == "2355567"
    cards = ui.hand_cards(0)
    assert cards[ui.cur] == 5  # the cursor starts on the three of a kind
    ui.cur = 0
    run.run("A")  # a 2 is not three of a kind: refused
    assert g.phase == T.LAY and "three 2s" in ui.flash_reason
    ui.cur = cards.index(5)
    run.run("A")
    run.idle()
    assert g.sets[0] == [5] and g.phase == T.PLACE
    ui.cur = ui.hand_cards(0).index(7)
    run.run("A")
    run.idle()
    assert g.tokkome[0] == 7 and g.phase == T.MAIN


def test_b_lays_no_set():
    g = position(["5567", "1234", "1234"], tokkome="5", maki="1", draws="23")
    app, run = app_with(session_with(g, ("human", "normal", "normal")))
    run.idle()
    run.run("UP,A")
    run.idle()
    run.run("B")
    assert g.phase == T.PLACE and g.sets[0] == []


def test_a_take_that_draws_the_last_card_says_it_is_the_last_turn():
    """002: "Once the last card from the draw pile is taken, that player has
    the last turn." While the taker chooses the set and the card for the
    arena the draw count is covered by the words, so they say it in red:
    "LAST" among "SET?" and "B=NO", "END" alternating with "PUT"; a take
    that leaves cards to draw never shows red there."""
    def red_top_while(run, app, ms):
        seen = False
        for _ in range(ms // 100):
            run.advance(100)
            seen = seen or TS.palette.BAD in region_colours(app.hal.display, 0, 0, 16, 5)
        return seen

    for draws, last in (("7", True), ("725", False)):
        g = position(["33", "1234", "1234"], tokkome="3", maki="1", draws=draws, rest_to=1)
        app, run = app_with(session_with(g, ("human", "normal", "normal")))
        run.idle()
        run.run("UP,A")
        run.idle()
        assert g.phase == T.LAY and g.last_turn == last
        assert red_top_while(run, app, 4300) == last
        run.run("B")
        assert g.phase == T.PLACE
        assert red_top_while(run, app, 3000) == last


def test_look_shows_every_hand_size_and_the_sets():
    g = position(["1256", "3467", "1234"], tokkome="4", maki="1", sets=[[], [7], []])
    app, run = app_with(session_with(g, ("human", "normal", "normal")))
    run.idle()
    b = app.hal.buttons
    b.set_raw(1 << B.A, app.now())
    run.advance(900)
    assert app.screen.looking
    d = app.hal.display
    p1 = TS.palette.PLAYERS[0]
    assert read_text(d, 4, 0, p1) == "4" or \
        read_text(d, 4, 0, TS.palette.scale(p1, TS.LOOK_DIM_PCT)) == "4"  # P1 to move: blinks
    assert read_text(d, 13, 0, TS.palette.PLAYERS[1]) == "4"
    assert TS.GOLD in region_colours(d, 9, 6, 7, 1)  # P2's set
    assert TS.GOLD not in region_colours(d, 0, 6, 7, 1)
    b.set_raw(0, app.now())
    run.advance(100)
    assert not app.screen.looking


def test_other_hands_show_the_cards_seen_going_in_face_up():
    """Everyone saw the cards a player took from the Tokkome: their row of pips
    ends with those still in the hand, in their values' colours."""
    g = position(["1256", "1347", "1234"], tokkome="4", maki="1")
    app, run = app_with(session_with(g, ("human", "normal", "normal")))
    run.idle()
    d = app.hal.display
    assert not region_colours(d, 1, 5, 14, 2) & set(TS.VALUE[1:])  # nothing seen yet
    g.known[1][3] = 1
    g.known[1][7] = 1
    g.known[2][2] = 1
    app.stale = True
    run.advance(60)
    # Rows 5 and 6: P2 then P3, 4 cards each; the cards no one saw face
    # down in the seat's colour, then a dark LED, then the seen cards in
    # value order.
    assert [d.get(x, 5) for x in (4, 5)] == [TS.VALUE[3], TS.VALUE[7]]
    assert d.get(2, 5) not in TS.VALUE and d.get(2, 5) != 0 and d.get(3, 5) == 0
    assert d.get(5, 6) == TS.VALUE[2] and d.get(4, 6) == 0 and d.get(3, 6) not in TS.VALUE


def test_other_hands_are_counted_in_tally_marks_and_seen_cards_stand_apart():
    """Issue 24, item 6: groups of five pips in two dim levels of one colour
    were misjudged (yellow, magenta), and P2's colour stood next to the
    cyan of a seen 5. Now every fifth pip is at full colour (a tally mark),
    and a dark LED separates the seat's pips from the cards seen going in."""
    g = position(["12", "1234567", "1234"], tokkome="4", maki="1")
    app, run = app_with(session_with(g, ("human", "normal", "normal")))
    run.idle()
    d = app.hal.display
    c = TS.palette.PLAYERS[1]
    dim = TS.palette.scale(c, TS.TALLY_PCT)
    assert [d.get(x, 5) for x in range(1, 9)] == [dim, dim, dim, dim, c, dim, dim, 0]
    g.known[1][5] = 1
    app.stale = True
    run.advance(60)
    assert [d.get(x, 5) for x in range(1, 9)] == [dim, dim, dim, dim, c, dim, 0, TS.VALUE[5]]


def test_the_end_reveals_every_hand_and_set_then_the_result():
    g = position(["5", "1234", "1267"], tokkome="4", maki="1", sets=[[], [7], [3]])
    app, run = app_with(session_with(g, ("human", "normal", "normal")))
    run.idle()
    run.run("A")  # the 5 on the Tokkome empties the hand: the game ends
    assert g.is_terminal()
    ui = app.screen.ui
    run.advance(600)
    pages = []
    while isinstance(app.screen, PlayScreen):
        pages.append(ui.page)
        run.advance(300)
    assert sorted(set(p for p in pages if 0 <= p < 3)) == [0, 1, 2]
    assert isinstance(app.screen, EndScreen)
    assert app.screen.headline() == "YOU WIN"  # one person, P1, against computers
    assert g.scores() == [0, -3, -13]
    assert ui.result_lines() == [("0", TS.palette.PLAYERS[0]), ("-3", TS.palette.PLAYERS[1]),
                                 ("-13", TS.palette.PLAYERS[2])]
    run.advance(800)
    run.run("A")
    assert isinstance(app.screen, Menu)


def test_a_game_ended_by_the_turn_cap_says_so_on_the_result():
    """docs/rules/tokkome.md: after 300 turns the game ends and is scored as
    usual; the result screen says why it ended (an ordinary end does not)."""
    from engines_core import players
    g = position(["1235", "2467", "3456"], tokkome="4", maki="1")
    g.turns = T.TURN_CAP - 1
    session = session_with(g, ("human", "normal", "normal"))
    ui = TS.UI(session)
    assert ui.end_note() is None
    rng = Rng(2)
    while not g.is_terminal():
        g.apply(players.choose(g, "random", rng))
    assert g.end_reason == T.END_CAP
    assert ui.end_note() == "300 TURNS"
    end = EndScreen(session, ui)
    assert end.headline().endswith(" - 300 TURNS")


def test_whole_game_through_the_screens_then_menu():
    """A person pressing buttons at random against two computer players."""
    app, run = app_with(Session("tokkome", ["human", "easy", "normal"], "standard", 5))
    play = mash_to_the_end(app, run, Rng(2))
    assert isinstance(app.screen, EndScreen)
    assert play.session.state.is_terminal()
    assert saves.load_game(app.hal.storage)[1] == saves.ENDED  # kept until A
    run.advance(800)
    run.run("A")
    assert isinstance(app.screen, Menu)
    assert saves.load_game(app.hal.storage)[2] == saves.NONE  # finished games are not resumable


def test_every_dimmed_twin_bar_gives_about_as_much_light_as_the_others():
    """Equal cards side by side alternate bright and dim so they can be
    counted; no value's dim bar may be much darker on the LEDs (gamma and
    the default brightness included) than the dimmest of the other values'
    - blue at the common 55% all but vanished."""
    from firmware import palette
    from firmware.settings import Settings
    from hal.colour import pixel_duty
    bright = Settings().brightness

    def light(c):  # relative luminance of the LED duties
        r, g, b = pixel_duty(c >> 16, (c >> 8) & 255, c & 255, bright)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    twins = {v: light(palette.scale(TS.VALUE[v], TS.TWIN_PCT[v])) for v in range(1, 8)}
    for v in range(1, 8):
        others = min(twins[u] for u in twins if u != v)
        assert twins[v] >= 0.7 * others, (v, twins)
        assert twins[v] <= 0.8 * light(TS.VALUE[v])  # still plainly the dimmer one


# Frames of P1's turn in several views, through the app as on a device
# (tests/test_frame_garbage.py measures the first turns of a 3-seat game).
GARBAGE_GUEST = """
import gc
from hal import Hal, buttons as B
from hal.display import Display
from hal.buttons import Buttons
from hal.clock import FakeClock
from hal.sound import Sound
from hal.storage import MemoryStorage
from firmware.main import boot
from firmware.session import Session
from firmware import tokkome_screens as S
from engines_core import players, tokkome as T
from engines_core.prng import Rng
""" + STEADY_FRAMES + """
RUNS = [T.run(p, down) for p in (T.TOKKOME, T.MAKI) for down in (False, True)]

# P1 in `phase` after seeded random moves, the Tokkome at least `pile`
# cards long and, on a turn, a run of three in P1's hand.
def at(np, phase, pile):
    for seed in range(1, 200):
        g = T.Tokkome(np, 'standard', seed)
        rng = Rng(seed)
        while not g.is_terminal():
            if g.current_player() == 0 and g.phase == phase and g.turns >= 3 \\
                    and len(g.tokkome) >= pile \\
                    and (phase != T.MAIN or [a for a in RUNS if g.why_illegal(a) is None]):
                return g
            g.apply(players.choose(g, 'random', rng))

def garbage(name, app, hal):
    shown, left, unlocked = steady_frames(app, hal, 40)
    ui = app.screen.ui
    print('GARBAGE', name, shown, left, app.screen.looking, ui.zone,
          ui.options is not None, ui.state.phase)

for np in (3, 4):
    for phase, pile, view in ((T.MAIN, 6, 'turn'), (T.LAY, 0, 'set'), (T.PLACE, 0, 'put')):
        g = at(np, phase, pile)
        s = Session('tokkome', ['human'] + ['normal'] * (np - 1), 'standard', 1)
        s.state = g
        hal = Hal(Display(), Buttons(), Sound(), FakeClock(), MemoryStorage())
        app = boot(hal, s)
        app.settings.guide = False
        garbage('%%s%%d' %% (view, np), app, hal)
        if phase != T.MAIN:
            continue
        ui = app.screen.ui
        hal.buttons.set_raw(1 << B.A, hal.clock.now())
        garbage('look-hands%%d' %% np, app, hal)
        for i in range(S.LOOK_PAGE_MS // 30):
            hal.clock.advance(30)
            app.step()
        garbage('look-piles%%d' %% np, app, hal)
        hal.buttons.set_raw(0, hal.clock.now())
        for i in range(4):
            hal.clock.advance(30)
            app.step()
        for b, view in ((B.UP, 'piles-view'), (B.DOWN, 'hand-again')):
            hal.buttons.set_raw(1 << b, hal.clock.now())
            for i in range(3):
                hal.clock.advance(30)
                app.step()
            hal.buttons.set_raw(0, hal.clock.now())
            garbage('%%s%%d' %% (view, np), app, hal)
        for v in ui.hand_cards(0):
            opts = ui.card_options(v)
            if any(T.is_run(a) for a in opts):
                ui.options = opts
                ui.opt = [T.is_run(a) for a in opts].index(True)
                garbage('run-shown%%d' %% np, app, hal)
                break
"""


@pytest.mark.mpy
def test_every_view_of_a_turn_leaves_no_garbage_in_micropython():
    """Issue 24 item 9 (tests/test_frame_garbage.py's measure, gc.mem_free
    across frames with the collector off) for every view of a person's
    turn, with 3 and 4 seats: the hand, SET?, PUT, both pages of the look,
    the piles view, a run shown before it is played. Before, each frame
    built the hand's sorted list, the marks' list, a slice and a tuple for
    the bars, a string per digit: 10-21 KB per 40 frames."""
    r = mpy_runtime.run_in_repo(GARBAGE_GUEST % (), heap="256k", root=mpy_check.ensure_bundle())
    assert r.ok, r.stderr[-2000:]
    rows = [l.split()[1:] for l in r.stdout.splitlines() if l.startswith("GARBAGE")]
    views = sorted(set(row[0] for row in rows))
    # Each view was the one measured: the look held, the piles view, a run shown, the phase.
    for row in rows:
        name, looking, zone, shown, phase = row[0], row[3], row[4], row[5], int(row[6])
        assert looking == str(name.startswith("look")), row
        assert zone == str(TS.PILES if name.startswith("piles") else TS.HAND), row
        assert shown == str(name.startswith("run")), row
        assert phase == {"set": T.LAY, "put": T.PLACE}.get(name[:-1], T.MAIN), row
    assert views == sorted(v + n for v in ("turn", "set", "put", "look-hands", "look-piles",
                                           "piles-view", "hand-again", "run-shown")
                           for n in "34"), rows
    assert sum(int(row[1]) > 0 for row in rows) >= 12, rows  # frames were shown (blinks)
    assert [int(row[2]) for row in rows] == [0] * len(rows), rows

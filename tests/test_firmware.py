"""The firmware in CPython: menu, turn flow, pass-the-device, feedback, pause,
end screen, saving and resuming, memory trouble. Tomoko is the game used."""

import pytest

from engines_core import registry, tomoko as T
from firmware import games, palette, saves, sounds, tomoko_screens as TS
from firmware import play as play_module
from firmware.end import EndScreen
from firmware.menu import Menu
from firmware.play import PlayScreen, PASS, HUMAN, COMPUTER, SHOW
from firmware.session import Session
from hal import buttons as B
from hal.display import Display
from tests.firmware_helpers import app_with, card_area, mash_to_the_end, region_colours, \
    tomoe_session, tomoko_balls, tomoko_session

BALLS = tomoko_balls()


def test_menu_changes_settings_and_starts_the_game():
    app, run = app_with()
    assert isinstance(app.screen, Menu)
    menu = app.screen
    assert menu.describe(menu.lines()[0])[0] == "GAME"
    run.run("DOWN")  # PLAYERS
    assert menu.lines()[menu.line] == "PLAYERS"
    run.run("RIGHT")
    assert menu.players() == 3
    run.run("DOWN,DOWN,RIGHT,RIGHT")  # P2: normal -> hard -> human
    assert app.settings.seats_for("tomoko")[1] == "human"
    run.run("LEFT")
    assert app.settings.seats_for("tomoko")[1] == "hard"
    while menu.lines()[menu.line] != "LIGHT":
        run.run("DOWN")
    run.run("LEFT,LEFT")
    assert app.settings.brightness == 20 and app.hal.display.brightness == 20
    run.run("A")
    assert isinstance(app.screen, PlayScreen)
    s = app.screen.session
    assert s.game == "tomoko" and s.seats == ["human", "hard", "normal"]
    assert b"brightness=20" in app.hal.storage.read("settings.txt")


def test_a_press_on_the_menu_shows_before_the_game_loads():
    """Loading a game's modules takes a moment on a board (0.3-0.6 s on an
    RP2040): the frame after A already shows the game being opened, its name
    in green, and only the next loop opens it. Buttons in between are ignored."""
    app, run = app_with()
    menu = app.screen
    run.run("DOWN")  # A works from any line: the frame names the game anyway
    assert menu.lines()[menu.line] == "PLAYERS"
    assert not region_colours(app.hal.display, 0, 6, 16, 5) & {palette.GOOD}
    run._set(B.A, True)
    app.hal.clock.advance(30)
    app.step()
    assert app.screen is menu and menu.opening == "GAME"
    assert palette.GOOD in region_colours(app.hal.display, 0, 6, 16, 5)
    assert palette.GOOD in region_colours(app.hal.display, 13, 11, 3, 5)  # the A, lit
    run._set(B.DOWN, True)  # ignored: the game is already on its way
    app.hal.clock.advance(30)
    app.step()
    assert isinstance(app.screen, PlayScreen) and app.screen.session.game == "tomoko"


def test_one_person_sees_their_cards_without_a_pass_screen():
    app, run = app_with(tomoko_session(("human", "normal")))
    run.idle()
    assert app.screen.phase == HUMAN
    assert BALLS & card_area(app)  # cards drawn


def test_pass_the_device_between_two_people():
    """Two people: before P1 and before P2 see their hidden cards, a pass screen."""
    app, run = app_with(tomoko_session(("human", "human")))
    play = app.screen
    run.idle()
    assert play.phase == PASS and play.seat == 0
    assert not (BALLS & card_area(app))  # no cards on the pass screen
    run.run("A")
    assert play.phase == HUMAN
    assert BALLS & card_area(app)
    run.run("A")  # push at the cursor
    run.idle()
    assert play.phase == PASS and play.seat == 1
    assert not (BALLS & card_area(app))
    run.run("A")
    assert play.phase == HUMAN and play.seat == 1


def test_the_press_that_hurries_a_move_cannot_pass_the_next_pass_screen():
    """A pressed to hurry P1's push animation is released on P2's pass screen:
    its CLICK must not show P2's hidden cards to whoever holds the device."""
    app, run = app_with(tomoko_session(("human", "human")))
    play = app.screen
    run.idle()
    run.run("A")  # P1 takes the device
    assert play.phase == HUMAN and play.seat == 0
    run.run("A")  # P1 pushes; the push animation starts
    assert play.phase != HUMAN
    b = app.hal.buttons
    b.set_raw(1 << B.A, app.now())  # hurry it, and keep holding
    run.advance(200)
    assert play.phase == PASS and play.seat == 1
    b.set_raw(0, app.now())
    run.advance(200)
    assert play.phase == PASS and not (BALLS & card_area(app))
    run.idle()
    run.run("A")  # a fresh press passes it
    assert play.phase == HUMAN and play.seat == 1


def test_no_pass_screen_with_open_cards():
    app, run = app_with(tomoko_session(("human", "human"), variant="open"))
    run.idle()
    assert app.screen.phase == HUMAN


def test_a_double_tap_on_a_push_cannot_pass_the_next_pass_screen():
    """A second tap of A, just after the push animation, lands on P2's pass
    screen: it must not show P2's cards to P1, who still holds the device.
    Only a press once the pass screen has been up a moment passes it."""
    for gap in (150, 300, 500):
        app, run = app_with(tomoko_session(("human", "human")))
        play = app.screen
        run.idle()
        run.run("A")  # P1 takes the device
        run.run("A,wait:%d,A" % gap)  # pushes, and taps again
        run.advance(400)
        assert play.phase == PASS and play.seat == 1, gap
        assert not BALLS & card_area(app)
        run.idle()
        run.run("A")
        assert play.phase == HUMAN and play.seat == 1


def test_with_open_cards_the_next_person_is_named_and_a_double_tap_waits():
    """No secrets, so no pass screen: the next person's tag shows for a
    moment, and a second tap of A meant for the last push does not push for
    them."""
    app, run = app_with(tomoko_session(("human", "human"), variant="open"))
    play = app.screen
    run.idle()
    st = play.session.state
    run.run("A,wait:300,A")
    assert st.moves == 1 and play.seat == 1 and play.phase == HUMAN
    d = app.hal.display
    assert palette.PLAYERS[1] in region_colours(d, 0, 6, 16, 5)  # "P2"
    run.idle()
    assert palette.PLAYERS[1] not in region_colours(d, 0, 6, 16, 5)  # the board again
    run.run("A")
    assert st.moves == 2


def test_illegal_push_is_refused_with_feedback():
    session = tomoko_session(("human", "human"))
    st = session.state
    st.board = bytearray(25)
    st.board[0:5] = bytes([T.DARK, T.LIGHT, T.LIGHT, T.LIGHT, T.LIGHT])
    st.bag = [0, 14, 11]
    session.play(T.action_of(T.DARK, 15))  # P1 pushes dark at W1: a light ball drops
    app, run = app_with(session)
    play = app.screen
    run.idle()
    run.run("A")  # P2 takes the device
    ui = play.ui
    ui.cursor, ui.colour = 5, T.LIGHT  # E1 with light would undo it
    before = st.serialize()
    app.hal.sound.log.clear()
    run.run("A")
    assert st.serialize() == before and play.phase == HUMAN
    assert "undo" in ui.flash_reason
    assert sounds.REFUSED[0][0] in app.hal.sound.log
    # The refused line (row 0: LEDs y 1-2) flashes red.
    red_frames = 0
    for _ in range(12):
        run.advance(30)
        line = region_colours(app.hal.display, 1, 1, 10, 2)
        red_frames += 0xFF1010 in line
    assert 2 <= red_frames < 12
    # Then a word says why, over the top rows, once the flash has shown where.
    run.advance(400)
    assert app.notice is not None and app.notice[0] == "NO UNDO"
    assert palette.ACCENT in region_colours(app.hal.display, 0, 0, 16, 7)


@pytest.mark.parametrize("name", games.playable())
def test_every_refusal_word_is_in_the_font_and_matches_a_reason(name):
    """Each game's REFUSALS pairs a piece of a reason its engine or screens
    give with words drawable in the 3x5 font."""
    import inspect
    from firmware import font
    ui = games.ui_class(name)
    sources = inspect.getsource(inspect.getmodule(registry.game_class(name))) + inspect.getsource(
        inspect.getmodule(ui))
    for part, words in ui.REFUSALS:
        assert all(ch in font.GLYPHS for ch in words), (name, words)
        assert '"' + part in sources or " " + part in sources, (name, part)


def test_cursor_goes_round_the_gutter():
    e = 0
    seen = []
    for _ in range(20):
        seen.append(e)
        side = e // 5
        step = {0: B.RIGHT, 1: B.DOWN, 2: B.LEFT, 3: B.UP}[side]
        e = TS.move_cursor(e, step)
    assert sorted(seen) == list(range(20)) and e == 0
    assert TS.move_cursor(2, B.DOWN) == 12 and TS.move_cursor(12, B.UP) == 2  # across
    assert TS.move_cursor(17, B.RIGHT) == 7  # W2 -> E2


def test_whole_game_through_the_screens_then_menu():
    """A person pressing buttons at random against a computer player, to the end."""
    from engines_core.prng import Rng
    app, run = app_with(tomoko_session(("human", "easy"), seed=5))
    play = mash_to_the_end(app, run, Rng(2), limit=5000,
                           buttons=("UP", "DOWN", "LEFT", "RIGHT", "A", "A", "B"))
    assert isinstance(app.screen, EndScreen)
    assert play.session.state.is_terminal()
    assert saves.load_game(app.hal.storage)[1] == saves.ENDED  # kept until A
    run.advance(800)
    run.run("A")
    assert isinstance(app.screen, Menu)
    assert saves.load_game(app.hal.storage)[2] == saves.NONE  # finished games are not resumable


def test_pause_quit_and_resume_the_same_game():
    app, run = app_with(tomoko_session(("human", "normal")))
    run.idle()
    run.run("RIGHT,A")
    run.idle()
    saved = app.screen.session.to_bytes()
    run.run("B:long")
    assert app.screen.paused
    run.run("DOWN,A")
    assert isinstance(app.screen, Menu) and app.screen.lines()[0] == "RESUME"
    run.run("A")
    assert isinstance(app.screen, PlayScreen)
    assert app.screen.session.to_bytes() == saved


def test_the_menu_after_a_game_offers_that_game():
    """A game opened without the menu (resumed at boot, or started by a
    tool) leaves the menu on that game, not on the one it last showed."""
    app, run = app_with(tomoe_session(("human", "normal")))
    assert app.settings.game == "tomoe"
    run.idle()
    run.run("B:long")
    run.run("DOWN,A")  # quit to the menu
    assert isinstance(app.screen, Menu) and app.settings.game == "tomoe"
    assert "large" in app.screen.variants()  # Tomoe's, not Tomoko's


def test_memory_error_in_a_computer_move_retries_with_less_effort(monkeypatch):
    session = tomoko_session(("normal", "human"))
    efforts = []
    real = session.computer_steps

    def flaky(effort=100):
        efforts.append(effort)
        if effort > 25:
            raise MemoryError("simulated")
        return real(effort)
    monkeypatch.setattr(session, "computer_steps", flaky)
    app, run = app_with(session)
    run.idle()
    assert efforts == [100, 50, 25]
    assert session.ply == 1 and app.screen.phase == HUMAN


def test_memory_error_outside_the_search_never_stops_the_game(monkeypatch):
    """With memory so short that the search fails at every effort and even
    the last resort's list of legal actions fails for a while, the play
    screen waits and tries again: the game goes on. A save that fails for
    want of memory (building the session's bytes) says NO SAVE and play goes
    on; the next move saves again."""
    from engines_core import tomoko
    from hal.storage import MemoryStorage
    session = tomoko_session(("normal", "human"))
    storage = MemoryStorage()

    def no_memory(effort=100):
        raise MemoryError("simulated")
    monkeypatch.setattr(session, "computer_steps", no_memory)
    failures = [3]  # the last resort fails this often first
    real_legal = tomoko.Tomoko.legal_actions

    def short_legal(state):
        if failures[0]:
            failures[0] -= 1
            raise MemoryError("simulated")
        return real_legal(state)
    monkeypatch.setattr(tomoko.Tomoko, "legal_actions", short_legal)
    real_bytes = Session.to_bytes
    saves_failing = [1]

    def short_bytes(s):
        if saves_failing[0]:
            saves_failing[0] -= 1
            raise MemoryError("simulated")
        return real_bytes(s)
    monkeypatch.setattr(Session, "to_bytes", short_bytes)
    app, run = app_with(session, storage=storage)
    told = []
    monkeypatch.setattr(app, "tell", lambda text, *a, **k: told.append(text))
    run.advance(5000)
    assert failures == [0] and session.ply == 1 and app.screen.phase == HUMAN
    assert told == ["NO SAVE"] and saves.load_game(storage)[0] is None
    app.screen.play(real_legal(session.state)[0], app.now())
    assert saves.load_game(storage)[0].ply == 2


def test_look_shows_every_score_while_a_is_held():
    session = tomoko_session(("human", "normal"))
    session.state.laid[1].append(session.state.deck.pop())
    app, run = app_with(session)
    run.idle()
    b = app.hal.buttons
    b.set_raw(1 << B.A, app.now())
    run.advance(900)
    assert app.screen.looking
    assert app.hal.display.get(9, 0) != 0  # P2's "1" in the top right quarter
    b.set_raw(0, app.now())
    run.advance(100)
    assert not app.screen.looking


def test_end_screen_names_the_winner():
    session = tomoko_session(("normal", "normal"))
    while not session.state.is_terminal():
        session.play(session.computer_move())
    app, run = app_with(session)
    run.advance(100)
    assert isinstance(app.screen, EndScreen)
    w = session.state.winners()
    assert app.screen.headline() == "P%d WINS" % (w[0] + 1)


def test_end_screen_keeps_a_blank_row_between_the_rows_of_results():
    """Four results in a 2x2 grid: a red 5 over a magenta 5 must not read as
    one tall shape, so row 10 stays dark between the two rows of digits."""
    session = tomoko_session(("normal",) * 4)
    while not session.state.is_terminal():
        session.play(session.computer_move())
    app, run = app_with(session)
    d = app.hal.display
    for _ in range(30):
        run.advance(50)
        assert isinstance(app.screen, EndScreen)
        assert all(d.get(x, 10) == 0 for x in range(16))
        assert any(d.get(x, y) for x in range(16) for y in range(5, 10))
        assert any(d.get(x, y) for x in range(16) for y in range(11, 16))


def test_end_screen_pages_results_too_long_for_the_grid():
    """Three-character results ("-13") show two seats at a time, each behind
    a bar in its colour, the pages taking turns."""
    from firmware import end, palette
    session = tomoko_session(("normal", "normal", "normal"))
    while not session.state.is_terminal():
        session.play(session.computer_move())

    from firmware.game_ui import GameUI

    class Results(GameUI):
        def result_lines(self):
            return [("-13", palette.PLAYERS[0]), ("0", palette.PLAYERS[1]),
                    ("-3", palette.PLAYERS[2])]

    app, run = app_with()
    app.goto(end.EndScreen(session, Results(session)))
    d = app.hal.display
    bars = []
    for k in range(4):
        run.advance(end.PAGE_MS // 2)
        bars.append((d.get(0, 6), d.get(0, 11)))
        run.advance(end.PAGE_MS - end.PAGE_MS // 2)
    first = (palette.PLAYERS[0], palette.PLAYERS[1])
    second = (palette.PLAYERS[2], 0)
    assert bars == [first, second, first, second]
    # The whole "-13" (11 columns) fits beside its bar (sampled over the
    # first page, as a winner's text blinks).
    lit = set()
    for k in range(10):
        run.advance(end.PAGE_MS // 10)
        lit |= {x for x in range(16) for y in range(6, 11) if d.get(x, y) == palette.PLAYERS[0]}
    text = [x for x in lit if x >= 2]
    assert max(text) - min(text) + 1 == 3 * 4 - 1 and max(text) <= 15


def test_bigger_matrix_shows_the_screen_centred():
    d = Display(32, 16)
    d.pixel(0, 0, 0xFFFFFF)
    assert d.buf[8 * 3] == 255 and d.get(0, 0) == 0xFFFFFF
    d.pixel(16, 0, 0xFFFFFF)  # off the logical screen: ignored
    assert sum(d.buf) == 3 * 255
    with pytest.raises(ValueError):
        Display(8, 8)


MENU_PROBE = """
import sys
from firmware import games
from firmware.menu import Menu
from firmware.play import PlayScreen
from tests.firmware_helpers import app_with
GAME_MODULES = ('engines_core.%s', 'engines_core.%s_ai', 'firmware.%s_screens')

def loaded():
    return sorted(m % n for n in games.playable() for m in GAME_MODULES if m % n in sys.modules)

app, run = app_with()
menu = app.screen
assert isinstance(menu, Menu)
seen = set()
for g in range(len(games.playable())):
    seen.add(app.settings.game)
    for i in range(len(menu.lines())):  # every line drawn, players and variants changed
        run.run('DOWN')
        if menu.lines()[menu.line] != 'GAME':
            run.run('RIGHT')
    while menu.lines()[menu.line] != 'GAME':
        run.run('DOWN')
    run.run('RIGHT')
print('SEEN', sorted(seen))
print('MENU', loaded())
while menu.lines()[menu.line] != 'GAME':
    run.run('DOWN')
while app.settings.game != 'tokkome':
    run.run('RIGHT')
run.run('A')
assert isinstance(app.screen, PlayScreen)
print('GAME', loaded())
app.goto(Menu())  # the game is over; another one starts
menu = app.screen
while app.settings.game != 'tomoe':
    run.run('RIGHT')
run.run('A')
assert isinstance(app.screen, PlayScreen)
print('NEXT', loaded())
"""


def test_the_menu_loads_no_game_until_one_starts():
    # Each game's modules take 20-40 KB of a device's RAM: browsing the menu
    # must not load them, and starting a game loads that game only (and lets
    # go of any other).
    import ast
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-c", MENU_PROBE], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out[0] == "SEEN %s" % sorted(games.playable())
    assert out[1] == "MENU []"
    game = ast.literal_eval(out[2][5:])  # the printed list of module names
    assert {"engines_core.tokkome", "firmware.tokkome_screens"} <= set(game)
    assert all("tokkome" in m for m in game)
    # The next game finds the last one's modules gone; its computer player's
    # module loads as it starts (a computer holds a seat), not mid-game.
    assert out[3] == "NEXT ['engines_core.tomoe', 'engines_core.tomoe_ai', " \
                     "'firmware.tomoe_screens']"


@pytest.mark.parametrize("name", games.playable())
def test_every_game_has_a_menu_icon_in_its_own_colours(name):
    rows, colours = games.icon(name)
    assert rows and all(len(r) <= 8 for r in rows) and len(rows) <= 4
    assert set(colours) <= set("".join(rows))
    # The icon's colours are the game's own (its screens module's palette).
    ui = __import__("firmware." + name + "_screens", fromlist=["UI"])
    own = set()
    for v in vars(ui).values():
        if isinstance(v, int):
            own.add(v)
        elif isinstance(v, (tuple, list)):
            own.update(x for x in v if isinstance(x, int))
    assert set(colours.values()) <= own, name


@pytest.mark.parametrize("name", games.playable())
def test_the_menu_shows_each_seat_in_the_colour_the_game_gives_it(name):
    """A seat's line in the menu is drawn in the colour the game's own
    screens use for that seat (Tomoe: P1 White, P2 Black) - except where the
    game draws its colours at the start (Tóncc's Kings)."""
    from firmware.session import Session
    n = registry.game_class(name).MAX_PLAYERS
    seen = set()
    for seed in range(1, 7):
        ui = games.ui_class(name)(Session(name, ["human"] * n, "standard", seed))
        seen.add(tuple(ui.seat_colour(s) for s in range(n)))
    if len(seen) > 1:  # drawn at the start: the menu keeps P1-P4's colours
        assert registry.facts(name).SEAT_COLOURS is None
        want = palette.PLAYERS[:n]
    else:
        want = seen.pop()
    app, run = app_with()
    app.settings.game = name
    app.settings.players[name] = n
    menu = app.screen
    for s in range(n):
        label, value, colour = menu.describe(s)
        assert label == "P%d" % (s + 1) and colour == want[s] == games.seat_colour(name, s)


@pytest.mark.parametrize("name", registry.NAMES)
def test_every_registered_game_fits_the_firmware(name):
    """What engines_core/registry.py asks of a game: names and variants that
    settings files keep, titles and variant labels in the font, at most as
    many players as there are seat colours."""
    from firmware import font
    from firmware.settings import is_word
    assert is_word(name, 12), name
    assert all(ch in font.GLYPHS for ch in registry.title(name)), name
    lo, hi = registry.players(name)
    assert 1 <= lo <= hi <= len(palette.PLAYERS), name
    for variant in registry.variants(name):
        assert is_word(variant, 24, "+"), (name, variant)
        label = registry.variant_label(name, variant)
        assert all(ch in font.GLYPHS for ch in label), (name, label)


FACT_NAMES = ("NAME", "TITLE", "CLASS", "PLAYERS", "VARIANTS", "VARIANT_PLAYERS", "VARIANT_LABELS",
              "ICON", "SEAT_COLOURS", "HELP")


@pytest.mark.parametrize("name", registry.NAMES)
def test_every_games_facts_are_whole(name):
    """engines_core/NAME_facts.py: every fact, its own name, the engine class
    it names, one player-count mask and one label per variant, the players
    in order."""
    f = registry.facts(name)
    assert sorted(k for k in vars(f) if k.isupper()) == sorted(FACT_NAMES)
    assert f.NAME == name and registry.game_class(name).__name__ == f.CLASS
    assert len(f.VARIANTS) == len(f.VARIANT_PLAYERS) == len(f.VARIANT_LABELS) >= 1
    assert f.VARIANTS[0] == "standard"  # what a game started without a variant plays
    assert f.PLAYERS[0] <= f.PLAYERS[1]
    assert all(m & ~0b11100 == 0 and m for m in f.VARIANT_PLAYERS)  # 2, 3 or 4 players
    assert f.SEAT_COLOURS is None or len(f.SEAT_COLOURS) >= f.PLAYERS[1]


def test_the_menu_keeps_one_games_facts_in_ram(monkeypatch):
    """Browsing the games loads each one's facts as it shows and forgets the
    one before (a few hundred bytes each on the device), except the facts of
    a loaded engine, which holds them anyway (a second copy would be waste)."""
    import sys
    monkeypatch.setattr(registry, "_facts_shown", [None, None])
    for name in registry.NAMES:  # nothing of a game loaded, as on a device at power-on
        monkeypatch.delitem(sys.modules, "engines_core." + name, raising=False)
        monkeypatch.delitem(sys.modules, "engines_core.%s_facts" % name, raising=False)
    for name in registry.NAMES:
        registry.facts(name)
        loaded = [n for n in registry.NAMES if "engines_core.%s_facts" % n in sys.modules]
        assert loaded == [name]
    # An engine loaded (a stand-in module: the test must not load games).
    monkeypatch.setitem(sys.modules, "engines_core.tomoe", type(sys)("engines_core.tomoe"))
    registry.facts("tomoe")
    registry.facts("toncc")  # the engine of tomoe is loaded: its facts stay
    assert "engines_core.tomoe_facts" in sys.modules and "engines_core.tomoko_facts" not in sys.modules


def test_an_unknown_game_has_no_facts():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        registry.facts("chess")
    assert games.icon("chess") is None and games.help_page("chess", 3) == ("HOLD B: PAUSE", 1)
    assert games.seat_colour("chess", 1) == palette.PLAYERS[1]


@pytest.mark.parametrize("name", games.playable())
def test_every_game_names_its_keys_in_the_font(name):
    """The HELP pages (menu and pause) are "KEY: WHAT IT DOES", drawable in
    the 3x5 font, and name the look (hold A) and the pause (hold B)."""
    from firmware import font
    pages = registry.facts(name).HELP
    assert len(pages) >= 4, name
    for page in pages:
        assert ":" in page and all(ch in font.GLYPHS for ch in page), (name, page)
    assert any(p.startswith("HOLD A:") for p in pages), name
    assert "HOLD B: PAUSE" in pages, name
    assert games.help_page(name, len(pages)) == (pages[0], len(pages))  # wraps


def test_menu_help_line_pages_through_the_chosen_games_keys():
    from firmware import games
    app, run = app_with()
    menu = app.screen
    run.run("UP")  # the last line
    assert menu.lines()[menu.line] == "HELP"
    pages = registry.facts(app.settings.game).HELP
    shown = []
    for i in range(len(pages)):
        shown.append(menu.describe("HELP")[1])
        # A dot per page, the one showing bright.
        assert [app.hal.display.get(1 + k, 12) == palette.ACCENT
                for k in range(len(pages))] == [k == i for k in range(len(pages))]
        run.run("RIGHT")
    assert shown == list(pages)
    assert menu.describe("HELP")[1] == pages[0]  # and round again
    run.run("DOWN,RIGHT,UP")  # another game: its own keys, from the first
    assert menu.describe("HELP")[1] == registry.facts(app.settings.game).HELP[0]


def test_pause_menu_goes_on_quits_or_shows_the_keys():
    from firmware import games
    app, run = app_with(tomoko_session(("human", "normal")))
    run.idle()
    play = app.screen
    run.run("B:long")
    assert play.paused
    run.run("DOWN,DOWN")  # GO ON -> QUIT -> HELP
    pages = registry.facts("tomoko").HELP
    run.run("RIGHT,A")  # both turn the page; nothing else happens
    assert app.screen is play and play.paused and play.help == 2
    run.run("LEFT")
    assert play.help == 1
    lit = region_colours(app.hal.display, 0, 6, 16, 5)
    assert palette.WHITE in lit  # the page's text
    assert games.help_page("tomoko", play.help)[0] == pages[1]
    run.run("UP,UP,A")  # back to GO ON
    assert app.screen is play and not play.paused


@pytest.mark.parametrize("game", games.playable())
def test_the_thinking_dots_cover_nothing_the_game_shows(game):
    """While a computer thinks, the play screen adds three dots where the
    game's screens leave LEDs dark (or none where they have no room): over a
    whole computer game, every frame differs from the game's own picture only
    at dark LEDs."""
    from engines_core import players, registry
    from engines_core.prng import Rng
    from firmware.play import COMPUTER
    from firmware.session import Session
    cls = registry.game_class(game)
    session = Session(game, ["normal"] * cls.MIN_PLAYERS, "standard", 4)
    app, run = app_with(session)
    play = app.screen
    alone, full = Display(), Display()
    rng = Rng(5)
    checked = 0
    while not session.state.is_terminal() and checked < 60:
        if play.phase == COMPUTER:
            now = app.now()
            for t in (now, now + 150, now + 300):
                alone.fill(0)
                play.ui.draw(alone, t, play.viewer())
                full.fill(0)
                play.draw(full, t)
                for x in range(16):
                    for y in range(16):
                        if full.get(x, y) != alone.get(x, y):
                            assert alone.get(x, y) == 0, (game, x, y)
                            assert play.ui.THINKING is not None
            checked += 1
        session.play(players.choose(session.state, "random", rng))
        play.next_turn(app.now())
    assert checked > 5


def test_a_long_notice_scrolls_from_its_first_letter_until_it_was_read():
    """A notice that does not fit the 16 columns (a damaged save, no memory)
    starts with its first letter whenever it comes, and stays until it has
    scrolled through once."""
    from firmware import gfx
    app, run = app_with()
    text = "SAVE DAMAGED - MAYBE ONE MOVE BACK"
    run.advance(12345)  # any moment: the scroll starts with the notice
    app.tell(text)
    run.advance(30)
    first = Display()
    gfx.marquee(first, 0, text, palette.ACCENT, 0)
    rows = [(x, y) for x in range(16) for y in range(0, 6)]
    assert [app.hal.display.get(x, y) for x, y in rows] == [first.get(x, y) for x, y in rows]
    whole = gfx.marquee_ms(text)
    assert whole > 2500  # longer than a short notice lasts
    run.advance(whole)
    assert app.notice is not None and app.notice[0] == text
    run.advance(1000)
    assert app.notice is None


def test_go_on_in_the_pause_menu_does_nothing_in_the_game():
    """The A that chooses GO ON is released on the game: its CLICK must not
    push a ball the player never chose."""
    app, run = app_with(tomoko_session(("human", "normal")))
    run.idle()
    play = app.screen
    before = play.session.to_bytes()
    run.run("B:long")
    assert play.paused
    run.run("A,wait:300")
    assert not play.paused and play.phase == HUMAN
    assert play.session.to_bytes() == before


def test_go_on_on_a_pass_screen_keeps_the_pass_screen():
    app, run = app_with(tomoko_session(("human", "human")))
    play = app.screen
    run.advance(100)
    assert play.phase == PASS
    run.run("B:long,A,wait:300")
    assert not play.paused and play.phase == PASS
    assert not BALLS & card_area(app)



def wait_for(run, play, phase, seat):
    for _ in range(500):
        if play.phase == phase and play.seat == seat:
            return
        run.advance(10)
    raise AssertionError("never reached phase %d of P%d" % (phase, seat + 1))


def test_a_look_held_across_a_turn_ends_when_a_is_let_go():
    """A held from the computer's thinking opens the look view; the person's
    turn begins while it is held. Letting go ends the look, and nothing is
    stuck: the cursor answers, and no move is made."""
    app, run = app_with(tomoko_session(("human", "normal")))
    run.idle()
    play = app.screen
    run.run("A")  # the person pushes
    wait_for(run, play, COMPUTER, 1)
    b = app.hal.buttons
    b.set_raw(1 << B.A, app.now())
    wait_for(run, play, HUMAN, 0)
    run.advance(800)
    assert play.looking
    b.set_raw(0, app.now())
    run.advance(200)
    assert not play.looking
    ply, cursor = play.session.ply, play.ui.cursor
    run.run("RIGHT,wait:300")
    assert play.ui.cursor != cursor and play.session.ply == ply and play.phase == HUMAN


def test_a_hold_of_b_across_a_turn_still_pauses():
    """Holding B while the computer's move is shown pauses the game, even
    when the person's turn begins during the hold."""
    app, run = app_with(tomoko_session(("human", "normal")))
    run.idle()
    play = app.screen
    run.run("A")
    wait_for(run, play, SHOW, 1)  # the computer's push is shown
    b = app.hal.buttons
    b.set_raw(1 << B.B, app.now())
    run.advance(1000)
    assert play.phase == HUMAN and play.paused
    b.set_raw(0, app.now())
    run.advance(200)
    assert play.paused  # its release does not go on


def test_a_look_ends_even_if_its_release_came_while_the_computer_thought(monkeypatch):
    """A look must end once A is up, even when A is let go while a computer
    player thinks."""
    session = tomoko_session(("human", "normal"))
    app, run = app_with(session)
    run.idle()
    play = app.screen
    b = app.hal.buttons
    real = session.computer_steps

    def think_while_a_is_let_go(effort=100):
        b.set_raw(0, app.now())
        b.update(app.now() + 100)  # the RELEASE is queued during the search
        return real(effort)
    monkeypatch.setattr(session, "computer_steps", think_while_a_is_let_go)
    monkeypatch.setattr(play_module, "COMPUTER_PAUSE_MS", 1500)
    run.run("A")
    wait_for(run, play, COMPUTER, 1)
    b.set_raw(1 << B.A, app.now())
    run.advance(900)
    assert play.looking and play.phase == COMPUTER
    run.advance(900)
    assert session.ply == 2 and not play.looking


def test_a_new_game_asks_before_ending_the_saved_one():
    """With a quit game to resume, A on any other line asks "NEW GAME?"
    first: B (or any button) keeps the saved game, A starts a new one."""
    app, run = app_with(tomoko_session(("human", "normal")))
    run.idle()
    run.run("B:long,DOWN,A")  # pause, QUIT
    menu = app.screen
    assert isinstance(menu, Menu) and menu.lines()[0] == "RESUME"
    saved = menu.saved.to_bytes()
    light = menu.lines().index("LIGHT")
    run.run(",".join(["DOWN"] * light) + ",RIGHT,A")  # brighter, then A "to confirm"
    assert app.screen is menu and menu.asking
    assert palette.BAD in region_colours(app.hal.display, 0, 11, 4, 5)  # the B
    run.run("B")
    assert app.screen is menu and not menu.asking
    assert saves.load_game(app.hal.storage)[0].to_bytes() == saved
    run.run("A,A")
    assert isinstance(app.screen, PlayScreen) and app.screen.session.to_bytes() != saved


def test_menu_settings_are_saved_without_starting_a_game():
    """Brightness changed on the menu survives a power cut (after a moment)
    and a RESUME, not only a new game."""
    from firmware.settings import Settings
    app, run = app_with()
    menu = app.screen
    run.run(",".join(["DOWN"] * menu.lines().index("LIGHT")) + ",RIGHT")
    want = app.settings.brightness
    run.advance(2000)
    assert Settings.load(app.hal.storage).brightness == want


def test_a_notice_on_a_pass_screen_leaves_the_players_tag_whole():
    """The RESUMED notice after a restart covers only rows 0-5: the pass
    screen's tag (rows 6-10) still reads P2, not r2."""
    from firmware.play import draw_pass
    app, run = app_with(tomoko_session(("human", "human")))
    run.idle()
    play = app.screen
    assert play.phase == PASS
    want = Display()
    draw_pass(want, 0, play.seat, play.ui.seat_colour(play.seat))
    app.tell("RESUMED")
    run.advance(60)
    d = app.hal.display
    assert palette.ACCENT in region_colours(d, 0, 0, 16, 6)
    assert [d.get(x, y) for x in range(16) for y in range(6, 11)] == \
        [want.get(x, y) for x in range(16) for y in range(6, 11)]


def test_seats_are_kept_per_game():
    """Four people at Tokkome last night: Tomoe, chosen next, still has its
    own seats (one person against the computer), and Tokkome keeps its four."""
    app, run = app_with()
    menu = app.screen
    st = app.settings
    while st.game != "tokkome":
        run.run("RIGHT")
    run.run("DOWN,RIGHT")  # PLAYERS: 4
    assert menu.players() == 4
    run.run("DOWN")  # P1: a person already
    for seat in (1, 2, 3):
        run.run("DOWN,RIGHT,RIGHT")  # NORM -> HARD -> YOU
    assert st.seats_for("tokkome") == ["human"] * 4
    run.run(",".join(["UP"] * menu.line))
    while st.game != "tomoe":
        run.run("RIGHT")
    assert st.seats_for("tomoe")[:2] == ["human", "normal"]
    run.run("A")
    assert app.screen.session.seats == ["human", "normal"]


def test_a_press_begun_while_the_next_name_shows_does_not_move():
    """With open cards the next person's tag shows for a moment: an A pressed
    then and let go after it is not a push (only a press begun after)."""
    app, run = app_with(tomoko_session(("human", "human"), variant="open"))
    play = app.screen
    run.idle()
    st = play.session.state
    run.run("A,wait:300")
    assert st.moves == 1 and app.now() < play.named_until
    run.run("A:down,wait:%d,A:up,wait:200" % play_module.HAND_OVER_MS)
    assert st.moves == 1 and play.phase == HUMAN
    run.run("A")
    assert st.moves == 2


def test_the_readmes_game_table_gives_each_games_player_counts():
    """The README's table of games says what each game's facts say: the
    players column is "fewest-most" (or one number), a row per game."""
    import os
    import re
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "README.md")
    with open(path, encoding="utf-8") as f:
        rows = dict(re.findall(r"^\| \*\*(\S+)\*\* \| ([0-9-]+) \|", f.read(), re.M))
    shown = {title.replace("ó", "o").upper(): players for title, players in rows.items()}
    want = {}
    for name in registry.NAMES:
        lo, hi = registry.players(name)
        want[registry.title(name)] = str(lo) if lo == hi else "%d-%d" % (lo, hi)
    assert shown == want

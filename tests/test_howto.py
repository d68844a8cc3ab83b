"""HOW TO PLAY (firmware/howto.py, firmware/<game>_howto.py) and the guided
first game (firmware/play.py, GameUI.hint_target, game_ui.draw_hint)."""

import hashlib
import sys

import pytest

from engines_core import registry
from firmware import font, games, howto, palette, screen
from firmware.howto import HowTo
from firmware.menu import Menu
from firmware.play import PlayScreen, HUMAN, GUIDED_TURNS, PAUSE_LINES
from firmware.session import Session
from firmware.settings import Settings
from hal.display import Display
from hal.storage import MemoryStorage
from tests.firmware_helpers import app_with

GAMES = games.playable()


def table(game):
    return screen.PAGES_MODULE % game


def lit(d, rows=range(16)):
    return {(x, y): d.get(x, y) for y in rows for x in range(16) if d.get(x, y)}


def drawn(h, now):
    d = Display()
    h.draw(d, now)
    return d


# The pages -------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_few_pages_of_one_shape(game):
    mod = registry.load(table(game))
    assert 4 <= len(mod.PAGES) <= 7
    words = [p[0] for p in mod.PAGES]
    assert len(set(words)) == len(words)
    for word, ms, pictures in mod.PAGES:
        # One line of the font, never scrolling: no paragraphs.
        assert 0 < font.width(word) <= 16 and all(c in font.GLYPHS for c in word), word
        assert 300 <= ms <= 3000 and pictures
        for pic in pictures:
            assert 0 < len(pic) <= howto.ROWS, word
            for row in pic:
                # bytes: a str literal would stay in a board's RAM for good
                assert isinstance(row, bytes), (word, row)
                assert len(row) <= 16 and all(chr(c) == "." or chr(c) in mod.COLOURS
                                              for c in row), (word, row)
    h = HowTo(game, 0, table(game))
    pictures = set()
    for page in range(len(h.pages)):
        h.page = page
        d = drawn(h, 0)
        assert lit(d, range(howto.PICTURE_Y, howto.PICTURE_Y + howto.ROWS)), (game, page)
        assert lit(d, range(5)), (game, page)  # the word
        # Its dot on the bottom row, the others dim.
        assert [d.get(1 + k, howto.DOTS_Y) for k in range(len(h.pages))] == \
            [palette.ACCENT if k == page else palette.FAINT for k in range(len(h.pages))]
        pictures.add(tuple(sorted(lit(d).items())))
    assert len(pictures) == len(h.pages)  # no two pages alike
    h.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_page_of_several_pictures_animates(game):
    h = HowTo(game, 0, table(game))
    moving = [p for p in range(len(h.pages)) if len(set(h.pages[p][2])) > 1]
    assert moving, game  # at least one page moves
    for p in moving:
        h.page = p
        ms = h.pages[p][1]
        frames = {tuple(sorted(lit(drawn(h, k * ms)).items())) for k in range(len(h.pages[p][2]))}
        assert len(frames) > 1, (game, p)
    h.close()


def test_pages_turn_round_both_ways_and_a_or_b_leaves_and_forgets_the_module():
    from hal import buttons as B
    h = HowTo("tomoko", 0, table("tomoko"))
    n = len(h.pages)
    name = table("tomoko")
    assert name in sys.modules
    h.button((B.PRESS << 4) | B.LEFT, 10)
    assert h.page == n - 1 and h.since == 10  # round from the first to the last
    h.button((B.PRESS << 4) | B.RIGHT, 20)
    assert h.page == 0  # and back
    for _ in range(n):
        h.button((B.REPEAT << 4) | B.RIGHT, 30)
    assert h.page == 0
    h.button((B.CLICK << 4) | B.A, 40)  # only a press leaves
    assert h.open
    h.button((B.PRESS << 4) | B.B, 50)
    assert not h.open and name not in sys.modules
    assert "firmware.howto" not in sys.modules  # itself too
    h = HowTo("tomoko", 0, table("tomoko"))
    h.button((B.PRESS << 4) | B.A, 0)
    assert not h.open and name not in sys.modules


def test_no_line_for_a_game_without_pages(monkeypatch):
    import firmware.menu
    import firmware.play
    for mod in (firmware.menu, firmware.play):
        monkeypatch.setattr(mod, "has_pages", lambda game: False)
    app, run = app_with()
    assert "HOW TO PLAY" not in app.screen.lines()
    assert "HELP" in app.screen.lines()
    app, run = app_with(Session("tomoko", ["human", "normal"]))
    assert app.screen.pause_lines == PAUSE_LINES[:-1]


def test_every_game_has_pages_on_this_build():
    assert all(screen.has_pages(g) for g in GAMES)
    assert not screen.has_pages("nogame")


# From the menu and the pause menu ---------------------------------------------

def goto_line(run, lines, name):
    run.run(",".join(["DOWN"] * lines().index(name)))


def test_the_menu_opens_how_to_play_and_comes_back_to_its_line():
    app, run = app_with()
    menu = app.screen
    goto_line(run, menu.lines, "HOW TO PLAY")
    line = menu.line
    assert menu.lines()[line] == "HOW TO PLAY"
    run.run("A")
    assert menu.howto is not None and menu.howto.game == app.settings.game
    assert isinstance(app.screen, Menu) and menu.opening is None  # no game starts
    run.run("RIGHT,RIGHT")
    assert menu.howto.page == 2
    first = lit(app.hal.display, range(5))
    assert set(first.values()) == {palette.ACCENT}  # the page's word
    run.run("B")
    assert menu.howto is None and menu.line == line
    assert table(app.settings.game) not in sys.modules
    run.run("A")  # again, from the first page; A leaves too
    assert menu.howto.page == 0
    run.run("A")
    assert menu.howto is None and isinstance(app.screen, Menu) and menu.opening is None


def test_no_memory_for_the_pages_says_so_and_changes_nothing(monkeypatch):
    import types

    def full(game, now, table):
        raise MemoryError("memory allocation failed")

    def no_memory():  # firmware.howto as it would load with no room for a table
        monkeypatch.setitem(sys.modules, "firmware.howto", types.SimpleNamespace(HowTo=full))
    no_memory()
    app, run = app_with(Session("tomoko", ["human", "normal"], seed=5))
    run.idle()
    play = app.screen
    before = digest(play.session)
    run.run("B:long," + ",".join(["DOWN"] * PAUSE_LINES.index("HOW TO PLAY")) + ",A")
    assert play.howto is None and play.paused and app.notice[0] == "NO MEMORY"
    assert PAUSE_LINES[play.pause_line] == "HOW TO PLAY" and digest(play.session) == before
    assert table("tomoko") not in sys.modules
    assert "firmware.howto" not in sys.modules  # forgotten: tried anew next time
    no_memory()
    app, run = app_with()
    menu = app.screen
    goto_line(run, menu.lines, "HOW TO PLAY")
    run.run("A")
    assert menu.howto is None and isinstance(app.screen, Menu) and menu.opening is None
    assert app.notice[0] == "NO MEMORY"


def digest(session):
    return hashlib.sha256(session.to_bytes()).hexdigest()


@pytest.mark.parametrize("game", GAMES)
def test_the_pause_menu_opens_how_to_play_and_the_game_is_unchanged(game):
    n = registry.game_class(game).MIN_PLAYERS
    app, run = app_with(Session(game, ["human"] + ["normal"] * (n - 1), seed=5))
    run.idle()
    play = app.screen
    assert play.phase == HUMAN
    run.run("RIGHT")  # a cursor moved: it must stay where it is
    before = digest(play.session)
    cursor = dict(vars(play.ui))
    run.run("B:long")
    assert play.paused
    run.run(",".join(["DOWN"] * PAUSE_LINES.index("HOW TO PLAY")) + ",A")
    assert play.howto is not None and play.howto.game == game
    run.run("RIGHT,RIGHT,LEFT,UP,DOWN")
    assert play.howto.page == 1
    run.advance(3000)  # its animations run; the game does not
    assert app.screen is play and play.paused
    run.run("A")  # leaves, back on the pause menu's line
    assert play.howto is None and play.paused
    assert PAUSE_LINES[play.pause_line] == "HOW TO PLAY"
    assert table(game) not in sys.modules
    run.run("B:long")  # the pause ends
    assert not play.paused and play.phase == HUMAN
    assert digest(play.session) == before
    for k in ("cursor", "cur", "zone", "mode", "view", "colour"):
        if k in cursor:
            assert getattr(play.ui, k) == cursor[k], k


# The guided first game ---------------------------------------------------------

def hint_diff(app, play, now):
    """(frame without the hint, the pixels the hint changed) at `now`."""
    d = app.hal.display
    guide = app.settings.guide
    app.settings.guide = False
    d.fill(0)
    play.draw(d, now)
    bare = lit(d)
    app.settings.guide = guide
    d.fill(0)
    play.draw(d, now)
    with_hint = lit(d)
    changed = {p for p in set(bare) | set(with_hint) if bare.get(p) != with_hint.get(p)}
    return bare, changed


def on_phase(app):
    """A time when the hint's blink is lit."""
    now = app.now()
    return now + (800 - now % 800)


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_glows_only_on_unlit_leds_and_never_covers_the_cursor(game):
    n = registry.game_class(game).MIN_PLAYERS
    app, run = app_with(Session(game, ["human"] + ["normal"] * (n - 1), seed=2), guide=True)
    run.idle()
    play = app.screen
    assert play.phase == HUMAN and play.guiding()
    assert app.notice is not None and app.notice[0] == play.ui.HINT  # the words
    run.run("RIGHT")  # clears the notice and does nothing else
    shown = 0
    for step in ("RIGHT", "DOWN", "RIGHT", "LEFT", "UP", "UP"):
        run.run(step)
        now = on_phase(app)
        target = play.ui.hint_target(play.seat, now)
        if target is None:
            continue
        bare, changed = hint_diff(app, play, now)
        assert changed, (game, step)  # the hint shows
        assert not set(bare) & changed, (game, step)  # on unlit LEDs only
        x, y, w, h, inside = target
        box = {(i, j) for i in range(x, x + w) for j in range(y, y + h)}
        if not inside:
            assert not box & changed  # the thing itself as the game draws it
        shown += 1
    assert shown


def test_hints_show_on_each_persons_first_turns_only():
    app, run = app_with(Session("tomoko", ["human", "normal"], seed=4), guide=True)
    play = app.screen
    hinted = []
    for turn in range(GUIDED_TURNS + 2):
        run.idle()
        assert play.phase == HUMAN and play.seat == 0
        told = app.notice is not None and app.notice[0] == play.ui.HINT
        run.run("RIGHT")  # clears the notice, if any
        now = on_phase(app)
        hinted.append((told, bool(hint_diff(app, play, now)[1])))
        run.run("A")  # push
        assert play.phase != HUMAN
    assert hinted == [(True, True)] * GUIDED_TURNS + [(False, False)] * 2


def test_a_hint_never_replaces_a_notice_already_shown():
    from firmware import saves
    storage = MemoryStorage()
    app, run = app_with(Session("tomoko", ["human", "normal"], seed=4), storage=storage)
    saves.save_game(storage, app.screen.session, saves.PLAYING)
    app, run = app_with(storage=storage, guide=True)  # a restart: RESUMED
    play = app.screen
    assert isinstance(play, PlayScreen) and play.phase == HUMAN and play.guiding()
    assert app.notice[0] == "RESUMED"
    app.notice = None
    app.tell("SAVE DAMAGED")
    play.begin_human(app.now(), False)  # a turn beginning under a notice
    assert app.notice[0] == "SAVE DAMAGED"


def test_no_hint_when_the_guide_is_off():
    storage = MemoryStorage()
    st = Settings()
    st.guide = False
    st.save(storage)
    app, run = app_with(Session("tomoko", ["human", "normal"], seed=4), storage=storage,
                        guide=None)
    play = app.screen
    run.idle()
    assert play.phase == HUMAN and not play.guiding()
    assert app.notice is None
    assert not hint_diff(app, play, on_phase(app))[1]


# The setting --------------------------------------------------------------------

def test_guide_is_on_for_a_fresh_device_and_an_old_settings_file():
    assert Settings().guide is True
    old = "brightness=30\nvolume=2\ngame=tomoe\nseats=human,easy,normal,hard\n"
    st = Settings.from_text(old)
    assert st.guide is True and st.brightness == 30 and st.game == "tomoe"
    st.guide = False
    back = Settings.from_text(st.to_text())
    assert back.guide is False and back.to_text() == st.to_text()
    assert Settings.from_text("guide=yes\nvolume=3\n").guide is True  # bad: the default


def test_the_menu_turns_the_guide_off_and_saves_it():
    from firmware.menu import SAVE_AFTER_MS
    app, run = app_with(guide=None)  # a fresh device
    menu = app.screen
    goto_line(run, menu.lines, "GUIDE")
    assert menu.describe("GUIDE")[1] == "ON"
    run.run("RIGHT")
    assert app.settings.guide is False and menu.describe("GUIDE")[1] == "OFF"
    run.advance(SAVE_AFTER_MS + 100)
    assert Settings.load(app.hal.storage).guide is False
    run.run("LEFT")
    assert app.settings.guide is True


# Inside MicroPython -------------------------------------------------------------

HOWTO_IN_MPY = """
import gc, sys
from hal.display import Display
from firmware import screen


def show(game, d):
    # One game's pages, opened, drawn and closed inside a function: its
    # locals go when it returns (module-level names would hold them).
    assert screen.has_pages(game), game
    from firmware.howto import HowTo
    h = HowTo(game, 0, screen.PAGES_MODULE %% game)
    frames = 0
    for page in range(len(h.pages)):
        h.page = page
        for k in range(len(h.pages[page][2])):
            d.fill(0)
            h.draw(d, k * h.pages[page][1])
            frames += 1
    h.close()
    return frames


d = Display()
gc.collect()
before = gc.mem_free()
for game in %(games)r:
    frames = show(game, d)
    assert 'firmware.howto' not in sys.modules and 'firmware.%%s_howto' %% game not in sys.modules
    gc.collect()
    print('PAGES', game, frames, gc.mem_free())
print('BEFORE', before)
"""


@pytest.mark.mpy
def test_every_games_pages_draw_in_micropython_and_are_forgotten():
    """The tables load and draw in MicroPython from the .mpy bundle (their
    helpers build pictures with bytearrays and the font), and closing gives
    the heap back: after the first game (whose load grows MicroPython's
    string table once), the free heap comes back to the same within noise."""
    from tools import mpy_check, mpy_runtime
    code = HOWTO_IN_MPY % {"games": GAMES + GAMES}
    r = mpy_runtime.run_in_repo(code, heap="64k", root=mpy_check.ensure_bundle())
    assert r.ok, r.stderr[-2000:]
    lines = [l.split() for l in r.stdout.splitlines() if l.startswith("PAGES")]
    assert [l[1] for l in lines] == GAMES + GAMES
    assert all(int(l[2]) > len(registry.load(table(l[1])).PAGES) for l in lines)
    free = [int(l[3]) for l in lines]
    # The second round loads nothing new for good: each game's pages leave
    # the heap as the first round did.
    n = len(GAMES)
    assert all(abs(free[n + k] - free[n + k - 1]) <= 256 for k in range(1, n)), free

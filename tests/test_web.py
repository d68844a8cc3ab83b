"""The web page in a real headless Chromium: the device's firmware in
MicroPython's WebAssembly port, compared frame by frame with the headless
simulator for the same presses (tests/web_helpers.py)."""

import pytest

from engines_core import registry
from firmware import saves, settings
from hal.storage import MemoryStorage
from simulator import led
from simulator.mixer_sound import PEAK
from tests.web_helpers import Server, Simulator, WebPage, differences
from tools.pico_board import GAME_ORDER

pytestmark = pytest.mark.web


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The built page served on a free port, and a browser."""
    from tools import chromium, web
    exe = chromium.executable()
    if exe is None:
        pytest.skip(chromium.SKIP)
    from playwright.sync_api import sync_playwright
    server = Server(web.build(str(tmp_path_factory.mktemp("web") / "site")))
    pw = sync_playwright().start()
    browser = pw.chromium.launch(executable_path=exe, args=["--no-sandbox"])
    yield browser, server.url
    browser.close()
    pw.stop()
    server.close()


@pytest.fixture
def web(site):
    """A page in a fresh browser context (empty storage); its console must
    stay free of errors."""
    browser, url = site
    context = browser.new_context(viewport={"width": 420, "height": 860}, has_touch=True)
    page = WebPage(context, url)
    yield page
    context.close()
    assert page.errors == []


def against_computers(game):
    """Menu presses from a fresh menu that start `game` with the first seat
    a person (YOU) and the others EASY computers (a new device's seats are
    YOU, then NORM), at the fewest players."""
    lo, hi = registry.players(game)
    presses = ["RIGHT"] * GAME_ORDER.index(game) + ["DOWN"]
    if lo != hi:
        presses.append("DOWN")  # past PLAYERS
    presses.append("DOWN")  # seat 1 stays YOU
    for _ in range(lo - 1):
        presses += ["LEFT", "DOWN"]  # NORM -> EASY
    return ",".join(presses + ["A"])


def same_frames(web, sim, script):
    web.run(script)
    sim.run(script)
    page, there = web.buffer(), sim.buffer()
    assert page == there, "after %s the page differs from the simulator at %s" % (
        script, differences(page, there)[:8])


def test_the_page_boots_to_the_menu_the_simulator_shows(web):
    web.open()
    sim = Simulator()
    assert web.where() == "menu"
    same_frames(web, sim, "wait:300")
    assert any(web.buffer())
    assert any("tomo: ready web" in line for line in web.lines)


@pytest.mark.parametrize("game", GAME_ORDER)
def test_each_game_against_computers_plays_as_in_the_simulator(web, game):
    """Started from the menu with a person and EASY computers: the same
    frames as the headless simulator's after the start, after the person's
    presses and after the computers' moves."""
    web.open()
    sim = Simulator()
    same_frames(web, sim, against_computers(game) + ",idle")
    assert web.where().split()[0] == game
    same_frames(web, sim, "A,idle,RIGHT,A,idle")
    same_frames(web, sim, "B,A,idle,DOWN,A,wait:500,idle")
    ply = sim.app.screen.session.ply
    assert ply > 0 and web.where() == "%s %d" % (game, ply)


def test_the_canvas_shows_the_simulators_leds(web):
    """Every LED on the canvas: an unlit one in the unlit colour, a lit one
    with the simulator's screen colour at its centre (same gamma and
    brightness, simulator/led.py), after a brightness change in the menu."""
    web.open()
    sim = Simulator()
    # Round to LIGHT (past HELP, HOW TO PLAY, STATS, GUIDE, SOUND), two steps darker.
    same_frames(web, sim, "UP,UP,UP,UP,UP,UP,LEFT,LEFT,wait:300")
    buf = web.buffer()
    brightness = sim.app.hal.display.brightness
    assert brightness < settings.Settings().brightness
    colours = web.canvas_colours([led.centre(i % 16, i // 16) for i in range(256)])
    lit = 0
    for i, got in enumerate(colours):
        level = tuple(buf[3 * i:3 * i + 3])
        if level == (0, 0, 0):
            assert got == led.OFF, (i % 16, i // 16)
        else:
            lit += 1
            assert got == led.pale(led.visible(level, brightness)), (i % 16, i // 16, level)
    assert lit > 20


def _storage(files):
    s = MemoryStorage()
    for name, data in files.items():
        s.write(name, data)
    return s


def test_on_screen_buttons_work_by_touch(web):
    """A tap on the screen's RIGHT, then A, does what the keys do."""
    web.open()
    sim = Simulator()
    for name in ("RIGHT", "RIGHT", "A"):
        web.page.tap("button[data-b=%s]" % name)
        web.advance(120)
        sim.run(name)
    assert web.buffer() == sim.buffer()
    web.idle()
    sim.run("idle")
    assert web.where().split()[0] == GAME_ORDER[2]
    assert web.buffer() == sim.buffer()


def test_sound_at_the_menus_volume(web):
    """The menu's presses sound the simulator's tones, at the loudness the
    simulator plays them at the menu's SOUND volume."""
    web.open()
    sim = Simulator()
    script = "DOWN,RIGHT,UP,LEFT"
    web.run(script)
    sim.run(script)
    tones = web.tones()
    assert [f for f, _, _ in tones] == list(sim.app.hal.sound.log)
    volume = sim.app.settings.volume
    assert tones and all(v == volume and level == pytest.approx(PEAK * volume / 10 / 32768)
                         for _, v, level in tones)


@pytest.mark.parametrize("game", GAME_ORDER)
def test_reload_mid_game_resumes_at_the_same_move(web, game):
    """Computers play a few moves; the page is reloaded (the tab closed and
    opened again): the game is back at the move it was on. What the page
    stored is the device's own checksummed save, which the firmware reads
    in CPython too. (Tóncc's came back as SAVE LOST: its load did what
    MicroPython cannot, see test_mpy's test_a_game_saved_mid_play_comes_back.)"""
    from tools.pico_board import computers_only
    web.open()
    web.run(",".join(computers_only(game)))
    for _ in range(40):
        web.advance(500)
        playing, ply = web.where().split()
        if int(ply) >= 3:
            break
    assert playing == game and int(ply) >= 3
    session, where, outcome = saves.load_game(_storage(web.stored()))
    assert outcome == saves.OK and session.ply == int(ply) and where == saves.PLAYING
    web.reload()
    assert web.where() == "%s %s" % (game, ply)
    assert any(line.startswith("tomo: resumed %s" % game) for line in web.lines)


def test_the_page_runs_on_the_browsers_clock(web):
    """Without ?test the page loops by itself, on the browser's timers: it
    shows the menu, keeps stepping, takes a key, and says nothing wrong."""
    web.open(test=False)
    page = web.page
    page.wait_for_function("tomo.drawn > 0")
    before = page.evaluate("tomo.frames")
    page.wait_for_function("n => tomo.frames >= n + 5", arg=before, timeout=10000)
    shown = web.buffer()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("h => tomo.page.buffer() !== h", arg=shown.hex(), timeout=5000)
    assert web.where() == "menu"
    assert web.errors == []


def test_the_page_opens_again_offline_with_the_game(web):
    """Once loaded, the page needs no network: reloaded offline (web/sw.js
    kept its files), it boots and the player's game is still there."""
    from tools.pico_board import computers_only
    web.open()
    web.page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    web.run(",".join(computers_only("tomoe")))
    web.advance(2000)
    before = web.where()
    assert before.split()[0] == "tomoe"
    web.context.set_offline(True)
    web.reload()
    assert web.where() == before

"""The simulator's command-line contract, PNG frames and terminal renderer."""

import json
import os
import subprocess
import sys

import pytest

from simulator import headless, render, terminal
from tests.conftest import ROOT, usage_error


def sim(*args, env=None):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=ROOT) if env is None else env
    return subprocess.run([sys.executable, "-m", "simulator", *args], cwd=ROOT, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300)


def test_headless_json_contract():
    """platform.md: prints one JSON line: game, variant, seed, seats, winners (a list
    of 0-based seat numbers), scores (a list, one per seat), moves."""
    r = sim("--headless", "--game", "tomoko", "--seats", "ai,ai:hard,random", "--seed", "7", "--json")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 1
    out = json.loads(lines[0])
    assert list(out) == ["game", "variant", "seed", "seats", "winners", "scores", "moves"]
    assert out["game"] == "tomoko" and out["variant"] == "standard" and out["seed"] == 7
    assert out["seats"] == ["ai", "ai:hard", "random"]
    assert len(out["scores"]) == 3 and out["winners"] and out["moves"] > 0
    again = sim("--headless", "--game", "tomoko", "--seats", "ai,ai:hard,random", "--seed", "7", "--json")
    assert again.stdout == r.stdout  # deterministic


def test_without_seats_a_game_gets_as_many_as_it_takes():
    """Tóncc takes exactly 3 players and Tokkome 3-4: no --seats means the
    fewest seats the game takes, not always two."""
    r = sim("--headless", "--game", "toncc", "--seed", "2", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["seats"] == ["ai", "ai", "ai"]
    r = sim("--headless", "--game", "tokkome", "--seed", "2", "--script", "shot:x",
            "--frames", "/tmp/unused-frames")
    assert r.returncode == 0, r.stderr
    r = sim("--headless", "--game", "toncc", "--seats", "ai,ai", "--json")
    assert r.returncode != 0 and "toncc takes 3 players, not 2" in r.stderr


def test_headless_matches_the_engine_directly():
    out = headless.play_computer_game("tomoko", ["ai", "ai"], 21, "quick")
    again = headless.play_computer_game("tomoko", ["ai:normal", "ai:normal"], 21, "quick")
    assert out["scores"] == again["scores"] and out["moves"] == again["moves"]
    assert out["variant"] == "quick"


@pytest.mark.parametrize("args,message", [
    (("--seats", "ai,robot"), "unknown seat"),
    (("--seats", "ai,human"), "computer seats only"),
    (("--seats", "ai,ai", "--variant", "teams"), "4 players"),
])
def test_headless_bad_input_is_explained(args, message):
    r = sim("--headless", "--game", "tomoko", "--json", *args)
    assert r.returncode != 0 and message in r.stderr


def test_script_saves_png_frames(tmp_path):
    r = sim("--headless", "--game", "tomoko", "--seats", "human,ai", "--seed", "3",
            "--script", "idle,shot:start,RIGHT,A,idle,shot:after", "--frames", str(tmp_path))
    assert r.returncode == 0, r.stderr
    for name in ("start", "after"):
        data = (tmp_path / (name + ".png")).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "start.png").read_bytes() != (tmp_path / "after.png").read_bytes()


def test_seats_come_back_as_the_contract_names_them(capsys):
    """' AI:Hard , ai' played right but came back as [" AI:Hard ", " ai"]."""
    from simulator.__main__ import main, parser
    assert main(["--headless", "--game", "tomoko", "--seats", " AI:Hard , ai", "--seed", "2",
                 "--variant", "quick", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seats"] == ["ai:hard", "ai"]
    assert "headless computer games: 1" in " ".join(parser().format_help().split())


def test_seat_names():
    assert [headless.seat_kind(s) for s in ("ai", "ai:easy", "AI:hard", "random", "human")] == \
        ["normal", "easy", "hard", "random", "human"]


def test_terminal_frame_is_half_blocks_with_24_bit_colour():
    buf = bytearray(16 * 16 * 3)
    buf[0:3] = b"\xff\x00\x00"  # top-left red
    buf[16 * 3 + 2] = 0xFF  # the LED below it blue
    lines = terminal.frame_text(buf, 16, 16, 100)
    assert len(lines) == 8
    assert lines[0].startswith("\x1b[38;2;255;0;0m\x1b[48;2;0;0;255m▀▀")
    assert lines[0].count("▀") == 32


def test_dim_leds_stay_visible_and_keep_their_hue():
    assert render.visible((0, 0, 0), 40) == (0, 0, 0)
    r, g, b = render.visible((40, 4, 2), 10)  # a very dim red at low brightness
    assert r >= render.FLOOR and g == b == 0
    hi = render.visible((255, 255, 255), 100)
    assert hi == (255, 255, 255)
    assert render.visible((255, 0, 0), 20)[0] < render.visible((255, 0, 0), 80)[0]


def test_window_runs_the_app_and_maps_keys(monkeypatch):
    """The pygame window (SDL's dummy video driver here): keys reach the buttons."""
    import pygame
    from hal import buttons as B
    from hal.clock import TicksClock
    from simulator import window
    from tests.firmware_helpers import app_with
    app, run = app_with()
    app.hal.clock = TicksClock()
    steps = []
    real_step = app.step

    def step():
        steps.append(1)
        if len(steps) == 2:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN))
        if len(steps) == 8:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        real_step()
    monkeypatch.setattr(app, "step", step)
    window.run(app)
    assert len(steps) >= 8
    assert app.hal.buttons.raw & (1 << B.DOWN)  # the key is still held


def sim_usage_error(capsys, *argv):
    """The simulator's main(argv) refusing: its one error line."""
    from simulator.__main__ import main
    return usage_error(capsys, main, argv)


HUMAN = ("--headless", "--game", "tomoko", "--seats", "human,ai", "--seed", "3")
COMPUTER = ("--headless", "--game", "tomoko", "--seats", "ai,ai", "--seed", "3", "--json")


@pytest.mark.parametrize("argv,message", [
    (HUMAN + ("--size", "8x8", "--script", "idle"), "each side must be 16 to 64"),
    (HUMAN + ("--size", "abc", "--script", "idle"), "give WIDTHxHEIGHT"),
    (COMPUTER + ("--size", "abc"), "give WIDTHxHEIGHT"),
    (COMPUTER + ("--size", "32x16"), "--size needs --script"),
    (HUMAN + ("--script", "idle,BOGUS"), "bad script step 'BOGUS'"),
    (HUMAN + ("--script", "wait:abc"), "bad script step 'wait:abc'"),
    (HUMAN + ("--script", "wait:999999999999"), "bad script step 'wait:999999999999'"),
    (HUMAN + ("--script", "A:short"), "bad script step 'A:short'"),
    (HUMAN + ("--script", "shot:"), "bad script step 'shot:'"),
    (("--headless", "--script", ""), "--script: '': give at least one step"),
    (HUMAN + ("--script", " , "), "give at least one step"),
    (HUMAN + ("--brightness", "500", "--script", "idle"), "from 10 to 100"),
    (HUMAN + ("--brightness", "5", "--script", "idle"), "from 10 to 100"),
    (("--headless", "--game", "tomoko", "--seats", "", "--json"), "--seats: ''"),
    (("--headless", "--game", "tomoko", "--seats", "ai,,ai", "--json"), "give comma-separated"),
    (("--game", "tomoko", "--seats", "ai,robot"), "unknown seat 'robot'"),
    (("--headless", "--game", "chess", "--json"), "unknown game 'chess'"),
    (("--headless", "--game", "tomoko", "--variant", "weird", "--json"), "variant"),
    (("--headless", "--json"), "--headless needs --game"),
    (("--json",), "--json needs --headless"),
    (("--script", "idle"), "--script needs --headless"),
    (("--seed", "4"), "need --game"),
    (COMPUTER + ("--seed", "-1"), "--seed: '-1': give a seed from 0 to 4294967295"),
    (COMPUTER + ("--seed", "4294967296"), "give a seed from 0 to 4294967295"),  # was seed 0's game
    (COMPUTER + ("--seed", "seven"), "give a seed from 0 to 4294967295"),
    (HUMAN + ("--script", "idle", "--json"), "--json is for a computer game"),
    (HUMAN + ("--script", "idle", "--frames", __file__), "--frames: %s is not a folder" % __file__),
    (("--game", "tomoko", "--storage", __file__), "--storage: %s is not a folder" % __file__),
    (HUMAN + ("--script", "idle,shot:x", "--frames", os.path.join(__file__, "in")),
     "--frames: cannot make the folder"),
    (("--terminal", "--storage", os.path.join(__file__, "in")), "--storage: cannot make the folder"),
])
def test_bad_arguments_are_a_usage_error(capsys, argv, message):
    assert message in sim_usage_error(capsys, *argv)


def test_the_script_names_its_bad_step_before_running_any():
    with pytest.raises(ValueError, match="'wait:-5'"):
        headless.parse_script("idle,A,wait:-5")
    assert headless.parse_script(" idle, a ,B:long,wait:20,shot:x,") == [
        ("idle", None), ("tap", 4), ("long", 5), ("wait", 20), ("shot", "x")]
    assert headless.parse_script("A:down,B,a:up") == [("down", 4), ("tap", 5), ("up", 4)]
    for bad in ("A:", "A:held", "idle:long", "shot:"):
        with pytest.raises(ValueError, match=repr(bad)):
            headless.parse_script(bad)


def test_a_script_can_keep_a_button_down_between_steps():
    """A:down ... A:up: Tomoko's scores show while A is held, the board after."""
    from tests.firmware_helpers import app_with, tomoko_session
    app, run = app_with(tomoko_session())
    d = app.hal.display

    def changed(a, b):
        return sum(a[i:i + 3] != b[i:i + 3] for i in range(0, len(a), 3))

    run.run("idle")
    board = bytes(d.buf)
    run.run("A:down,wait:900")
    held = bytes(d.buf)
    assert app.hal.buttons.raw == 1 << 4
    run.run("A:up")
    assert app.hal.buttons.raw == 0
    assert changed(board, held) > 50 and changed(held, bytes(d.buf)) > 50


@pytest.mark.skipif(sys.platform in ("darwin", "win32"), reason="always has a display")
def test_without_a_terminal_or_a_display_the_simulator_says_so():
    """./tools/play (`python -m simulator`) with stdin not a terminal and no
    display: a one-line error and exit 2, no traceback."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["PYTHONPATH"] = ROOT
    for args, message in (((), "needs a terminal or a display"),
                          (("--terminal",), "--terminal: standard input is not a terminal"),
                          (("--window",), "--window: no display")):
        r = sim(*args, env=env)
        assert r.returncode == 2 and message in r.stderr, r.stderr
        assert "Traceback" not in r.stderr
    with open(os.path.join(ROOT, "tools", "play")) as f:
        assert 'exec python -m simulator "$@"' in f.read()


@pytest.mark.skipif(sys.platform in ("darwin", "win32"), reason="no DISPLAY there")
def test_a_display_that_does_not_open_is_named():
    """A DISPLAY naming no X server (an SSH session's stale :10), no
    terminal: SDL fell back to its offscreen driver and the simulator said
    "no usable video driver (SDL chose 'offscreen')", after SDL's own line
    about XDG_RUNTIME_DIR."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER")}
    env.update(DISPLAY=":4242", PYTHONPATH=ROOT)
    for args, message in (((), "needs a terminal or a display: the display could not be "
                                "opened (DISPLAY=:4242"),
                          (("--window",), "--window: the display could not be opened "
                                          "(DISPLAY=:4242")):
        r = sim(*args, env=env)
        assert r.returncode == 2 and message in r.stderr, r.stderr
        assert r.stderr.startswith("usage:"), r.stderr  # nothing of SDL's before it


def test_the_display_check_prints_no_pygame_banner():
    """./tools/play on a desktop printed pygame's 'pygame-ce 2.5 (SDL ...)'
    line: the display check imported pygame before render.py hid it."""
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    env.update(DISPLAY=":0", SDL_VIDEODRIVER="dummy", PYTHONPATH=ROOT)
    r = subprocess.run([sys.executable, "-c", "import simulator.__main__ as m; "
                        "print(m._window_problem())"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.stdout == "None\n", r.stdout + r.stderr


@pytest.mark.parametrize("argv,message", [
    (["--games", "chess"], "--games: unknown game 'chess'"),
    (["--games", ""], "--games: unknown game ''"),
    (["--games", "menu", "--out", __file__], "is not a folder"),
])
def test_screenshots_refuse_unknown_games(capsys, argv, message):
    """tools/screenshots.py used to print nothing and exit 0 for a game it
    does not know."""
    from tools import screenshots
    assert message in usage_error(capsys, screenshots.main, argv)

"""The simulator's command-line contract, PNG frames and terminal renderer."""

import json
import os
import subprocess
import sys

import pytest

from simulator import headless, render, terminal
from tests.conftest import ROOT


def sim(*args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=ROOT)
    return subprocess.run([sys.executable, "-m", "simulator", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


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

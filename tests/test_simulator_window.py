"""The simulator's pygame window (SDL's dummy video driver): keys, size, shots."""

import pygame
import pytest

from hal import buttons as B
from hal.clock import FakeClock
from simulator import window
from tests.firmware_helpers import app_with


def run_window(monkeypatch, at_step, steps=12):
    """Run the window on the menu; `at_step(n)` may post events before step
    n. Returns the app and every button event. Its clock goes on 30 ms a
    step, the window's frame: on a loaded machine a real clock let a step
    take longer than a long press, and a tap came out as a hold."""
    app, _ = app_with()
    app.hal.clock = FakeClock(app.now())
    got = []
    real_step = app.step
    real_events = app.hal.buttons.events
    count = [0]

    def step():
        count[0] += 1
        app.hal.clock.advance(30)
        at_step(count[0])
        if count[0] == steps:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        real_step()
    monkeypatch.setattr(app, "step", step)

    def events(now):
        out = real_events(now)
        got.extend(out)
        return out
    monkeypatch.setattr(app.hal.buttons, "events", events)
    window.run(app)
    return app, got


def key(kind, k):
    pygame.event.post(pygame.event.Event(kind, key=k))


def test_a_quick_tap_is_not_lost(monkeypatch):
    """A key let go within the same frame (xdotool's taps, a quick finger)
    used to be gone before the 20 ms debounce saw it."""
    def at(n):
        if n == 2:
            key(pygame.KEYDOWN, pygame.K_DOWN)
            key(pygame.KEYUP, pygame.K_DOWN)
        if n == 6:
            key(pygame.KEYDOWN, pygame.K_z)
        if n == 7:
            key(pygame.KEYUP, pygame.K_z)
    app, got = run_window(monkeypatch, at)
    assert B.event(B.CLICK, B.DOWN) in got and B.event(B.CLICK, B.A) in got


def test_two_keys_for_one_button(monkeypatch):
    """Z held, Space tapped and let go: A is still down."""
    def at(n):
        if n == 2:
            key(pygame.KEYDOWN, pygame.K_z)
        if n == 3:
            key(pygame.KEYDOWN, pygame.K_SPACE)
        if n == 6:
            key(pygame.KEYUP, pygame.K_SPACE)
    app, got = run_window(monkeypatch, at)
    assert app.hal.buttons.raw == 1 << B.A
    assert B.event(B.RELEASE, B.A) not in got


def test_a_large_matrix_fits_the_desktop_and_the_window_scales(monkeypatch):
    """--size 64x64 is 1696 pixels square at one LED per 26: the window
    used to open that large, past the screen's edges, and could not be made
    smaller. Now it opens within the desktop and scales to any size."""
    from firmware.main import boot
    from simulator import render
    from simulator.sim_hal import make_hal
    hal = make_hal(64, 64)
    app = boot(hal)
    seen = {}

    def step():
        screen = pygame.display.get_surface()
        if "first" not in seen:
            seen["first"] = screen.get_size()
            seen["desktop"] = pygame.display.get_desktop_sizes()[0]
            pygame.display.set_mode((300, 200), pygame.RESIZABLE)  # the user resizes it
        else:
            seen["after"] = screen.copy()
            app.running = False
        app.hal.display.show()
    monkeypatch.setattr(app, "step", step)
    window.run(app)
    desktop = seen["desktop"]
    w, h = seen["first"]
    assert w <= desktop[0] and h <= desktop[1] and w == h
    after = seen["after"]
    assert after.get_size() == (300, 200)
    # The square panel, 200 high, is centred: 50 columns of background each side.
    sides = {after.get_at((x, y))[:3] for x in (0, 49, 251, 299) for y in (0, 100, 199)}
    assert sides == {render.PANEL}
    assert any(after.get_at((x, y))[:3] != render.PANEL for x in range(50, 250) for y in range(200))


def test_the_title_names_the_keys(monkeypatch):
    """The window said only 'Tomo handheld': nothing told which keys play."""
    seen = []
    run_window(monkeypatch, lambda n: seen.append(pygame.display.get_caption()[0]), steps=2)
    assert seen[0] == "Tomo - arrows, Z=A, X=B, Esc=pause, F12=shot"


def test_first_size_and_fit():
    assert window.first_size((448, 448), (1280, 1024)) == (448, 448)
    assert window.first_size((1696, 880), (1280, 1024)) == (1152, 597)
    assert window.fit((448, 448), (448, 448)) == (0, 0, 448, 448)
    assert window.fit((448, 448), (900, 448)) == (226, 0, 448, 448)
    assert window.fit((864, 448), (432, 448)) == (0, 112, 432, 224)


def test_f12_does_not_overwrite_an_earlier_screenshot(monkeypatch, tmp_path):
    """Every run numbered its shots from 1: the last session's
    screenshot-1.png was silently replaced."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "screenshot-1.png").write_bytes(b"earlier")

    def at(n):
        if n in (2, 3):
            key(pygame.KEYDOWN, pygame.K_F12)
    run_window(monkeypatch, at, steps=5)
    assert (tmp_path / "screenshot-1.png").read_bytes() == b"earlier"
    for n in (2, 3):
        assert (tmp_path / ("screenshot-%d.png" % n)).read_bytes()[:4] == b"\x89PNG"


def test_a_crash_in_the_window_is_not_taken_for_no_window(monkeypatch, tmp_path):
    """Any exception in the window - a firmware bug an hour into a game -
    used to be read as 'window unavailable' and the game restarted in the
    terminal, the traceback lost."""
    import simulator.__main__ as cli
    from firmware.app import App
    from simulator import terminal
    monkeypatch.setenv("DISPLAY", ":0")  # SDL's dummy driver opens the "window"
    monkeypatch.setattr(cli, "_terminal_problem", lambda: None)
    texts = []
    monkeypatch.setattr(terminal, "run", texts.append)

    def bug(self):
        raise RuntimeError("a firmware bug")
    monkeypatch.setattr(App, "step", bug)
    with pytest.raises(RuntimeError, match="a firmware bug"):
        cli.main(["--storage", str(tmp_path)])
    assert texts == []


def test_a_window_that_does_not_open_falls_back_to_the_terminal(monkeypatch, tmp_path, capsys):
    import simulator.__main__ as cli
    from simulator import terminal
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setattr(cli, "_terminal_problem", lambda: None)
    texts = []
    monkeypatch.setattr(terminal, "run", texts.append)

    def no_window(*args):
        raise pygame.error("no way")
    monkeypatch.setattr(pygame.display, "set_mode", no_window)
    assert cli.main(["--storage", str(tmp_path)]) == 0
    assert len(texts) == 1 and "window unavailable (no way)" in capsys.readouterr().err

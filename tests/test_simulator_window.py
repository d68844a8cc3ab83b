"""The simulator's pygame window (SDL's dummy video driver): keys, size, shots."""

import pygame

from hal import buttons as B
from hal.clock import TicksClock
from simulator import window
from tests.firmware_helpers import app_with


def run_window(monkeypatch, at_step, steps=12):
    """Run the window on the menu; `at_step(n)` may post events before step
    n. Returns the app and every button event."""
    app, _ = app_with()
    app.hal.clock = TicksClock()
    got = []
    real_step = app.step
    real_events = app.hal.buttons.events
    count = [0]

    def step():
        count[0] += 1
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

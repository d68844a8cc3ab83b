"""Fake hardware modules (tests/fakes) for tests that run the real backends."""

import contextlib
import os
import sys

FAKES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes")
MICROPYTHON = ("machine", "neopixel")
CIRCUITPYTHON = ("board", "digitalio", "keypad", "pwmio", "microcontroller", "watchdog",
                 "supervisor", "neopixel_write", "storage")
# Modules that bind to the fakes when imported and so must be fresh each time.
DEPENDENT = ("neopixel", "adafruit_pixelbuf")


@contextlib.contextmanager
def fake_modules(kind):
    """Fresh fake modules of `kind` ("micropython" or "circuitpython") in
    sys.modules under their real names, plus "fakehw" and "time" (fake time).
    For "circuitpython" also Adafruit's real `neopixel` library, bound to the
    fake board/digitalio/neopixel_write. Everything is put back afterwards."""
    names = ("fakehw",) + (MICROPYTHON if kind == "micropython" else CIRCUITPYTHON)
    touched = set(names) | set(DEPENDENT)
    saved = {n: sys.modules.get(n) for n in touched}
    old_path = list(sys.path)
    sys.path[:0] = [os.path.join(FAKES, kind), FAKES]
    try:
        for n in touched:
            sys.modules.pop(n, None)
        mods = {n: __import__(n) for n in names}
        if kind == "circuitpython":
            mods["neopixel"] = __import__("neopixel")  # the real library
            assert "site-packages" in mods["neopixel"].__file__
        mods["time"] = mods["fakehw"]
        yield mods
    finally:
        sys.path[:] = old_path
        for n in touched:
            sys.modules.pop(n, None)
            if saved[n] is not None:
                sys.modules[n] = saved[n]


def press_pin(fakehw, pin, ms, active=0):
    """Hold a button pin at its active level for `ms` of fake time, then release."""
    fakehw.drive(pin, active)
    fakehw.advance(ms)
    fakehw.drive(pin, None)


def bounce(fakehw, pin, pattern, active=0):
    """Drive a pin through (level_is_pressed, ms) steps: a bounce train."""
    for pressed, ms in pattern:
        fakehw.drive(pin, active if pressed else 1 - active)
        fakehw.advance(ms)

"""The hardware layer's contract: `Hal` (hal/__init__.py) declares every
attribute the firmware and device/ may use; every backend fills exactly
those, with what the declaration promises, both as built and once booted.

A new backend joins BACKENDS: a name and a function building its Hal on fake
hardware (tests/fakes), and, for a board backend, the platform device/start.py
boots it as.
"""

import ast
import contextlib
import importlib
import os

import pytest

import boards
from device import start
from hal import Hal
from hal.buttons import Buttons
from hal.clock import Clock
from hal.display import Display
from hal.sound import Sound
from hal.storage import MemoryStorage, Storage
from hal.watchdog import Watchdog
from tests.hw_helpers import fake_modules

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def board_hal(backend, fakes, board):
    """A builder of hal/<backend>_hal.py's Hal for boards/<board>.py on the
    fake device modules `fakes` (tests/hw_helpers.fake_modules)."""
    @contextlib.contextmanager
    def build():
        be = importlib.import_module("hal.%s_hal" % backend)
        with fake_modules(fakes) as m:
            yield be.make_hal(boards.load(board), m, MemoryStorage())
    return build


@contextlib.contextmanager
def simulator_hal():
    from simulator import sim_hal
    yield sim_hal.make_hal(fake_clock=True)


@contextlib.contextmanager
def web_hal():
    from hal import web_hal
    from hal.clock import FakeClock
    from tests.test_web_hal import FakeArea, FakePage
    yield web_hal.make_hal(FakePage(), FakeArea(), clock=FakeClock())


# (name, builder, (platform, board) device/start.py boots it as, or None)
BACKENDS = [
    ("micropython", board_hal("micropython", "micropython", "pico"), ("micropython", "pico")),
    ("circuitpython", board_hal("circuitpython", "circuitpython", "feather_rp2040"),
     ("circuitpython", "feather_rp2040")),
    ("blinka", board_hal("blinka", "circuitpython", "raspberry_pi"), ("blinka", "raspberry_pi")),
    ("simulator", simulator_hal, None),
    ("web", web_hal, None),
]
BOOTED = [(name, how) for name, _, how in BACKENDS if how is not None]


def optional(kind):
    return lambda v: v is None or isinstance(v, kind)


def optional_function(v):
    return v is None or callable(v)


# What each declared attribute must hold (the declaration's promise).
PROMISES = {
    "display": lambda v: isinstance(v, Display),
    "buttons": lambda v: isinstance(v, Buttons),
    "sound": lambda v: isinstance(v, Sound),
    "clock": lambda v: isinstance(v, Clock),
    "storage": lambda v: isinstance(v, Storage),
    "name": lambda v: isinstance(v, str) and v != "",
    "board": optional(boards.Board),
    "read_buttons": optional_function,
    "drivers": lambda v: isinstance(v, dict),
    "watchdog": optional(Watchdog),
    "restart": optional_function,
    "log": optional_function,
}


def broken_promises(hal):
    """What differs from the declaration: attributes missing or extra, and
    attributes whose value the declaration does not allow."""
    have = set(vars(hal))
    out = ["missing " + a for a in Hal.ATTRIBUTES if a not in have]
    out += ["not declared: " + a for a in sorted(have - set(Hal.ATTRIBUTES))]
    out += ["%s = %r" % (a, getattr(hal, a)) for a in Hal.ATTRIBUTES
            if a in have and not PROMISES[a](getattr(hal, a))]
    return out


def test_every_declared_attribute_has_a_promise_and_a_line_in_the_docstring():
    assert sorted(PROMISES) == sorted(Hal.ATTRIBUTES)
    lines = [line.split() for line in Hal.__doc__.splitlines()]
    assert [a for a in Hal.ATTRIBUTES if [a] not in [w[:1] for w in lines]] == []


@pytest.mark.parametrize("name,build", [(n, b) for n, b, _ in BACKENDS],
                         ids=[n for n, _, _ in BACKENDS])
def test_a_backend_builds_exactly_the_declared_hal(name, build):
    with build() as hal:
        assert broken_promises(hal) == []
        assert hal.read_buttons is None or isinstance(hal.read_buttons(), int)


@pytest.mark.parametrize("name,how", BOOTED, ids=[n for n, _ in BOOTED])
def test_a_booted_board_still_has_exactly_the_declared_hal(name, how):
    """device/start.py arms the watchdog and the timer and sets restart and
    log: through the declared attributes only."""
    plat, board = how
    kind = "micropython" if plat == "micropython" else "circuitpython"
    with fake_modules(kind) as m:
        app, hal = start.start(board, plat, m, storage=MemoryStorage())
        app.step()
        assert broken_promises(hal) == []
        assert hal.log is not None and hal.board.NAME == hal.name


def test_the_check_finds_an_undeclared_attribute():
    with simulator_hal() as hal:
        hal.neopixel = object()
        hal.clock = None
        assert broken_promises(hal) == ["not declared: neopixel", "clock = None"]


def hal_attributes_used(path):
    """(attribute, line) of every `hal.X`, `self.hal.X` or `app.hal.X` read or
    set in a source file."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        v = node.value
        if (isinstance(v, ast.Name) and v.id == "hal") or \
                (isinstance(v, ast.Attribute) and v.attr == "hal"):
            out.append((node.attr, node.lineno))
    return out


def firmware_and_device_sources():
    for pkg in ("firmware", "device"):
        for name in sorted(os.listdir(os.path.join(ROOT, pkg))):
            if name.endswith(".py"):
                yield os.path.join(pkg, name)


def test_the_firmware_and_device_use_only_declared_attributes():
    used = [(rel, a, line) for rel in firmware_and_device_sources()
            for a, line in hal_attributes_used(os.path.join(ROOT, rel))]
    assert used  # the scan sees them
    assert [u for u in used if u[1] not in Hal.ATTRIBUTES] == []

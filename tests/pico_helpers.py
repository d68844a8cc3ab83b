"""The emulated Pico for tests: everything tools/pico_board.py has (the board
flashed once with ./tools/flash, console lines, menu navigation through its
GPIO buttons), plus the wire frames the same device code sends through the fake
modules (tests/fakes/micropython)."""

from tools.pico_board import *  # noqa: F401,F403
from tools.pico_board import BOARD  # noqa: F401


def menu_frames(ms=3000):
    """Every distinct frame the menu of a new board sends down the wire in its
    first `ms`, worked out by the same device code on the fake modules
    (tests/fakes/micropython) in CPython."""
    from device import start
    from hal.storage import MemoryStorage
    from tests.hw_helpers import fake_modules
    with fake_modules("micropython") as m:
        app, hal = start.start("pico", "micropython", m, storage=MemoryStorage())
        seen = set()
        for _ in range(ms // 30):
            m["fakehw"].advance(30)
            app.step()
            seen.add(bytes(m["neopixel"].strips[0].writes[-1]))
        return seen

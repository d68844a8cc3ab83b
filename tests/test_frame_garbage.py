"""A frame in a person's turn makes no garbage inside MicroPython (issue 29).

Garbage a frame leaves is collected later, all at once: on a Pico a
collection of the game's heap holds one frame for some 25-35 ms (measured on
the emulated Pico), twice the frame budget. So the main loop's steady state
(poll the buttons, tick, draw, compare, sound) must allocate nothing that
outlives the frame. Call frames MicroPython puts on the heap (functions with
more than 11 words of locals and stack, py/objfun.c VM_MAX_STATE_ON_STACK) are
freed on return, so they are not garbage and do not count here.

The measure is gc.mem_free() across frames with the collector off: it falls
by exactly what the frames left behind. Each game is measured in several
positions of a person's turn, with the guided first game's notice and hint
on and off, on the hal's plain Display (the LED output stage's own
allocations are hal/pipeline.py's, measured there).
"""

import pytest

from engines_core import registry
from tools import mpy_check, mpy_runtime

GAMES = registry.NAMES

# After `moves` seeded `normal` moves, frames of seat 1's turn (a person).
GUEST = """
import gc
from hal import Hal
from hal.display import Display
from hal.buttons import Buttons
from hal.clock import FakeClock
from hal.sound import Sound
from hal.storage import MemoryStorage
from firmware.main import boot
from firmware.session import Session
from engines_core import players, registry
from engines_core.prng import Rng
G = %(game)r
lo = registry.players(G)[0]
for moves in %(moves)r:
    for guide in (False, True):
        s = Session(G, ['human'] + ['normal'] * (lo - 1), registry.variants_for(G, lo)[0], moves)
        n = 0
        while not s.state.is_terminal() and (n < moves or s.state.current_player() != 0):
            s.play(players.choose(s.state, 'normal', Rng(n)))
            n += 1
        if s.state.is_terminal():
            continue
        hal = Hal(Display(), Buttons(), Sound(), FakeClock(), MemoryStorage())
        app = boot(hal, s)
        app.settings.guide = guide
        for i in range(8):  # the first frames load and build what they keep
            hal.clock.advance(30)
            app.step()
        gc.collect()
        gc.disable()
        before = gc.mem_free()
        shown = hal.display.frames
        for i in range(%(frames)d):
            hal.clock.advance(30)
            app.step()
        left = before - gc.mem_free()
        gc.enable()
        print('FRAMES', n, guide, app.screen.phase, app.notice is not None,
              hal.display.frames - shown, left)
"""


@pytest.mark.mpy
@pytest.mark.parametrize("game", GAMES)
def test_a_persons_turn_frame_after_frame_leaves_no_garbage_in_micropython(game):
    code = GUEST % {"game": game, "moves": (1, 8, 20), "frames": 40}
    r = mpy_runtime.run_in_repo(code, heap="256k", root=mpy_check.ensure_bundle())
    assert r.ok, r.stderr[-2000:]
    rows = [l.split()[1:] for l in r.stdout.splitlines() if l.startswith("FRAMES")]
    assert len(rows) >= 4, r.stdout  # positions were reached and measured
    # Frames were drawn in a person's turn (phase HUMAN, firmware/play.py),
    # some with the guide's notice on, and animations sent some to the LEDs.
    assert all(row[2] == "1" for row in rows), rows
    assert any(row[3] == "True" for row in rows), rows
    assert all(int(row[4]) > 0 for row in rows), rows
    assert [int(row[5]) for row in rows] == [0] * len(rows), rows

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
on and off, on the LED display and output stage a board uses
(hal/pipeline.py's LedDisplay, its wire a no-op here, its current limit
out of the way: the tables a limit keeps are tested in
tests/test_hardware_pipeline.py).
"""

import pytest

from engines_core import registry
from tools import mpy_check, mpy_runtime
from tools.mpy_guests import STEADY_FRAMES

GAMES = registry.NAMES

# A game of `G` (seat 1 a person, the others `normal`, game seed `moves`)
# after at least `moves` seeded moves, at seat 1's turn (unless it ended):
# the session and the moves played. Shared by the guests below.
PERSONS_TURN = """
from hal import Hal
from hal.pipeline import LedDisplay, wiring
from hal.clock import FakeClock
from hal.sound import Sound
from hal.storage import MemoryStorage
from firmware.main import boot
from firmware.session import Session
from engines_core import players, registry
from engines_core.prng import Rng

def persons_turn(G, moves):
    lo = registry.players(G)[0]
    s = Session(G, ['human'] + ['normal'] * (lo - 1), registry.variants_for(G, lo)[0], moves)
    n = 0
    while not s.state.is_terminal() and (n < moves or s.state.current_player() != 0):
        s.play(players.choose(s.state, 'normal', Rng(n)))
        n += 1
    return s, n
"""

# After `moves` seeded `normal` moves, frames of seat 1's turn (a person).
GUEST = """
import gc
from hal.buttons import Buttons
""" + PERSONS_TURN + STEADY_FRAMES + """
G = %(game)r
for moves in %(moves)r:
    for guide in (False, True):
        s, n = persons_turn(G, moves)
        if s.state.is_terminal():
            continue
        hal = Hal(LedDisplay(16, 16, wiring(16, 16), lambda p: None, budget_ma=10 ** 6), Buttons(), Sound(), FakeClock(), MemoryStorage())
        app = boot(hal, s)
        app.settings.guide = guide
        shown, left, unlocked = steady_frames(app, hal, %(frames)d)
        print('FRAMES', n, guide, app.screen.phase, app.notice is not None, shown, left, unlocked)
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
    # And every one of those frames was drawn with the heap locked
    # (firmware/app.py): none had to allocate and be drawn again.
    assert [int(row[6]) for row in rows] == [0] * len(rows), rows


# A step that draws nothing: not even a call frame on the heap ---------------------------

# Seat 1's turn after a few seeded moves, on a board's button path (pins
# sampled into PinSampler, replayed by TimedButtons) and LED display; the
# bytes MicroPython allocated during each step (micropython.mem_total, which
# counts a call frame put on the heap as well as what is kept) for the steps
# that drew nothing.
QUIET_GUEST = """
import gc, micropython, time
from hal.inputs import PinSampler, TimedButtons
""" + PERSONS_TURN + """
s, n = persons_turn(%(game)r, 8)
sampler = PinSampler(lambda: 0, time.ticks_ms, time.ticks_diff)
hal = Hal(LedDisplay(16, 16, wiring(16, 16), lambda p: None), TimedButtons(sampler.drain), Sound(), FakeClock(), MemoryStorage())
app = boot(hal, s)
app.settings.guide = False
for i in range(20):
    hal.clock.advance(30)
    app.step()
drawn = [0]
to_draw = app._to_draw
def asked(now):
    drawn[0] = to_draw(now)
    return drawn[0]
app._to_draw = asked
quiet = []
for i in range(%(steps)d):
    hal.clock.advance(30)
    before = micropython.mem_total()
    app.step()
    if not drawn[0]:
        quiet.append(micropython.mem_total() - before)
print('QUIET', app.screen.phase, len(quiet), max(quiet), sum(quiet))
"""


@pytest.mark.mpy
@pytest.mark.parametrize("game", GAMES)
def test_a_step_that_draws_nothing_puts_no_call_frame_on_the_heap(game):
    """Most steps of a person's turn draw nothing (firmware/app.py draws a
    still screen only when it may look different): such a step must not
    ask MicroPython's heap for anything, not even a call frame that is freed
    on return (a function with more than 11 words of locals and stack,
    py/objfun.c). In a loaded game's heap finding room for one took about
    1 ms of the 1.5-2 ms such a step cost on the emulated Pico: the button
    poll (a for loop over the pin changes) and App.step's own frame did."""
    code = QUIET_GUEST % {"game": game, "steps": 60}
    r = mpy_runtime.run_in_repo(code, heap="256k", root=mpy_check.ensure_bundle())
    assert r.ok, r.stderr[-2000:]
    row = [l.split()[1:] for l in r.stdout.splitlines() if l.startswith("QUIET")][0]
    phase, steps, most, total = map(int, row)
    assert phase == 1 and steps >= 20, row  # a person's turn, mostly quiet steps
    assert (most, total) == (0, 0), row


# The locked draw's fallback, in CPython with a stand-in for the lock -------------------

class _Lock:
    """micropython.heap_lock/heap_unlock as py/gc.c keeps them: a depth,
    and while it is above 0 an allocation raises MemoryError."""

    def __init__(self):
        self.depth = 0

    def lock(self):
        self.depth += 1

    def unlock(self):
        self.depth -= 1
        return self.depth


class _Allocating:
    """A screen whose draw allocates on frames in `allocating` (a set of
    frame numbers), and lights one LED when it gets to the end."""

    def __init__(self, lock, allocating):
        self.lock = lock
        self.allocating = allocating
        self.frame = 0
        self.drawn_locked = []

    def enter(self, app, now):
        self.app = app

    def button(self, ev, now):
        pass

    def tick(self, now):
        self.frame += 1

    def still(self, now):
        return False

    def draw(self, d, now):
        if self.frame in self.allocating and self.lock.depth:
            raise MemoryError("memory allocation failed, heap is locked")
        self.drawn_locked.append(bool(self.lock.depth))
        d.pixel(self.frame % 16, 0, 0x102030)


def _locked_app(monkeypatch, allocating):
    from firmware import app as app_module
    from tests.firmware_helpers import app_with
    lock = _Lock()
    monkeypatch.setattr(app_module, "_heap_lock", lock.lock)
    monkeypatch.setattr(app_module, "_heap_unlock", lock.unlock)
    app, run = app_with()
    screen = _Allocating(lock, allocating)
    app.goto(screen)
    return app, run, screen, lock


def test_a_frame_that_allocates_under_the_lock_is_drawn_again_unlocked(monkeypatch):
    from firmware.app import LOCK_MISSES
    app, run, screen, lock = _locked_app(monkeypatch, {3, 7})
    for _ in range(10):
        run.advance(30)
    assert lock.depth == 0
    assert app.unlocked_frames == 2
    # Frames 3 and 7 were drawn once, unlocked; the others locked; every
    # frame reached the screen, so each shows its own LED.
    assert screen.drawn_locked == [f not in (3, 7) for f in range(1, 11)]
    assert LOCK_MISSES > 1


def test_a_screen_that_allocates_every_frame_rests_unlocked_before_trying_again(monkeypatch):
    from firmware.app import LOCK_MISSES, LOCK_REST
    frames = LOCK_MISSES + LOCK_REST + 2
    app, run, screen, lock = _locked_app(monkeypatch, set(range(frames + 1)))
    for _ in range(frames):
        run.advance(30)
    # LOCK_MISSES tries, LOCK_REST frames drawn unlocked without one, then
    # tries again: never twice a frame while it rests.
    assert app.unlocked_frames == LOCK_MISSES + 2
    assert screen.drawn_locked == [False] * frames
    assert lock.depth == 0


def test_an_error_in_a_locked_draw_shows_as_itself_unlocked(monkeypatch):
    app, run, screen, lock = _locked_app(monkeypatch, set())

    def broken(d, now):
        raise ZeroDivisionError("the screen's own bug")
    screen.draw = broken
    with pytest.raises(ZeroDivisionError, match="own bug"):
        run.advance(30)
    assert lock.depth == 0

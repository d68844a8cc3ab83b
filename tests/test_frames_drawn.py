"""The app draws a still screen again only when it may look different
(firmware/app.py, Screen.still, firmware/gfx.py's watch): in a person's turn
most steps show the frame the last one showed, and drawing it again cost
most of a step on a Pico (issue 29, item 1).

What is checked: frame for frame, an app that skips those draws shows what
an app drawing every step shows, through random presses and holds in every
game (the guide's scrolling notice on), and a step that skips does no
drawing work at all.
"""

import random

import pytest

from engines_core import registry
from firmware import app as app_module
from firmware.session import Session
from hal import buttons as B
from tests.firmware_helpers import app_with

GAMES = registry.NAMES
PRESSES = (B.UP, B.DOWN, B.LEFT, B.RIGHT, B.A, B.B)


def _session(game, seed):
    lo = registry.players(game)[0]
    return Session(game, ["human"] + ["normal"] * (lo - 1), registry.variants_for(game, lo)[0], seed)


def _frames(game, seed, every_step, steps=700):
    """The display's bytes after each step of a scripted, seeded session."""
    app, run = app_with(_session(game, seed), guide=True)
    if every_step:
        to_draw = app._to_draw
        app._to_draw = lambda now: to_draw(now) and app_module.WHOLE
    hal = app.hal
    rng = random.Random(seed)
    frames = []
    held = None
    release_at = 0
    for i in range(steps):
        now = hal.clock.now()
        if held is None and rng.random() < 0.06:
            held = rng.choice(PRESSES)
            # mostly clicks, some long enough for the look view or the pause
            release_at = now + rng.choice((40, 60, 90, 700, 1000))
            hal.buttons.set_raw(hal.buttons.raw | 1 << held, now)
        elif held is not None and now >= release_at:
            hal.buttons.set_raw(hal.buttons.raw & ~(1 << held), now)
            held = None
        hal.clock.advance(rng.choice((17, 30, 30, 45)))
        app.step()
        frames.append(bytes(hal.display.buf))
    return frames


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", (1, 2))
def test_skipping_the_draw_of_a_still_screen_shows_the_frames_drawing_every_step_shows(game, seed):
    skipping = _frames(game, seed, every_step=False)
    drawing = _frames(game, seed, every_step=True)
    first = next((i for i, (a, b) in enumerate(zip(skipping, drawing)) if a != b), None)
    assert first is None, "step %d differs" % first


class _Counting:
    """Counts the calls that write a Display's pixels."""

    def __init__(self, display):
        self.calls = 0
        for name in ("fill", "pixel", "rect", "bits"):
            setattr(display, name, self._count(getattr(display, name)))

    def _count(self, method):
        def counted(*args):
            self.calls += 1
            return method(*args)
        return counted


@pytest.mark.parametrize("game", GAMES)
def test_a_step_of_a_persons_turn_that_shows_the_last_frame_again_does_no_drawing_work(game):
    from firmware.play import PlayScreen, HUMAN
    app, run = app_with(_session(game, 5))
    run.idle()
    assert isinstance(app.screen, PlayScreen) and app.screen.phase == HUMAN
    display = app.hal.display
    counting = _Counting(display)
    shown = display.frames
    drawn = 0
    steps = 200
    for i in range(steps):
        before = counting.calls
        app.hal.clock.advance(30)
        app.step()
        drawn += counting.calls > before
    # Animations ran (frames were sent), drawn only on the steps where they
    # moved on: a blink changes a few times a second, a step comes 33 times.
    assert display.frames > shown
    assert 0 < drawn <= steps // 3, drawn


# The notice's text drawn once and moved (gfx.strip, hal.display.Band) ---------------

STRIP_CHECK = """
from hal.display import Display
from hal.pipeline import LedDisplay, wiring
from firmware import gfx, palette

def displays():
    yield Display()
    yield LedDisplay(16, 16, wiring(16, 16), lambda p: None)  # serpentine rows
    yield LedDisplay(16, 16, wiring(16, 16, first='bottom-right', strips='columns'), lambda p: None)
    yield LedDisplay(32, 16, wiring(32, 16, serpentine=False), lambda p: None, budget_ma=10 ** 6)

def differences(texts, times):
    bad = []
    for text in texts:
        for i, (old, new) in enumerate(zip(displays(), displays())):
            band = gfx.strip(new, 0, text, palette.ACCENT)
            for now in times:
                for d in (old, new):
                    d.fill(0x123456)  # what the screen drew under it
                old.rect(0, 0, 16, 6, palette.BLACK)
                gfx.marquee(old, 0, text, palette.ACCENT, now, since=40)
                new.rect(0, 5, 16, 1, palette.BLACK)
                gfx.show_strip(band, now, since=40)
                if old.buf != new.buf:
                    bad.append((text, i, now))
    return bad
"""
STRIP_TEXTS = ("A: PUSH, B: COLOUR", "NO SAVE", "HI", "ARROWS, A: MOVE", "")


def test_a_notice_drawn_once_and_moved_shows_the_pixels_of_the_marquee_drawn_every_frame():
    scope = {}
    exec(STRIP_CHECK, scope)
    assert scope["differences"](STRIP_TEXTS, range(0, 12000, 37)) == []


@pytest.mark.mpy
def test_in_micropython_the_notice_strip_is_blitted_with_framebuf_and_shows_the_same_pixels():
    from tools import mpy_check, mpy_runtime
    code = STRIP_CHECK + """
import framebuf
from hal.display import Band
assert Band(Display(), 0, 16, 5)._dst is not None  # the framebuf path
print('BAD', differences(%r, range(0, 12000, 97)))
""" % (STRIP_TEXTS,)
    r = mpy_runtime.run_in_repo(code, heap="256k", root=mpy_check.ensure_bundle())
    assert r.ok, r.stderr[-2000:]
    assert "BAD []" in r.stdout, r.stdout[-2000:]


# The LED output stage under the heap lock (hal/pipeline.py, LedDisplay.show) ----------

LOCKED_RENDER = """
from hal.pipeline import LedDisplay, wiring
def display():
    return LedDisplay(16, 16, wiring(16, 16), lambda p: None, budget_ma=300)
locked, plain = display(), display()
under_lock = [0]
retried = [0]
scan = locked.pipeline._scan
def probe(L0):
    try:
        bytearray(8)
    except MemoryError:
        under_lock[0] += 1
    return scan(L0)
locked.pipeline._scan = probe
try_locked = locked._locked_render
def counting():
    ok = try_locked()
    if not ok:
        retried[0] += 1
    return ok
locked._locked_render = counting
if not AHEAD:
    locked.pipeline.prepare = lambda: None  # show makes nothing ahead
bad = []
for f in range(150):
    for d in (locked, plain):
        d.brightness = 40 if f < 100 else 70
        d.fill(0)
        for i in range((f * 37) % 220 + 20):
            d.pixel(i % 16, i // 16, ((f * 13 + i * 5) & 255) << 16 | (i * 3 & 255) << 8 | (f & 255))
    locked.show()
    plain.pipeline.render(plain.buf, plain.brightness)
    if locked.pipeline.out != plain.pipeline.out or locked.pipeline.ma != plain.pipeline.ma:
        bad.append(f)
print('LOCKED', under_lock[0], retried[0], bad)
"""


@pytest.mark.mpy
def test_in_micropython_the_led_stage_renders_under_the_heap_lock_and_a_render_needing_a_table_is_run_again():
    under_lock, retried, bad = _locked_render(ahead=False)
    assert under_lock == 150  # every show rendered locked first (its retry unlocked)
    assert retried > 0  # the limit stepped to levels whose tables were new
    assert bad == "[]"  # the same bytes and current as rendering unlocked


def _locked_render(ahead):
    from tools import mpy_check, mpy_runtime
    r = mpy_runtime.run_in_repo(LOCKED_RENDER.replace("AHEAD", str(ahead)), heap="256k",
                                root=mpy_check.ensure_bundle())
    assert r.ok, r.stderr[-2000:]
    line = [l for l in r.stdout.splitlines() if l.startswith("LOCKED")][0].split(None, 3)
    return int(line[1]), int(line[2]), line[3]


@pytest.mark.mpy
def test_in_micropython_a_display_makes_its_next_tables_room_after_a_frame_and_never_renders_twice():
    """LedDisplay.show, the frame sent, makes the storage of the pipeline's
    next new table: no frame of the same sequence but the first (two new
    tables at once) needs a second, unlocked render, and the bytes are the
    same."""
    under_lock, retried, bad = _locked_render(ahead=True)
    assert under_lock == 150
    assert retried == 1  # the first frame: two new tables at once
    assert bad == "[]"

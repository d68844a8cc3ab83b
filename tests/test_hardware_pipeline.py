"""The LED output stage (hal/pipeline.py): wiring, gamma, current limit.

Issue 6, item 3: "maps the logical framebuffer to the physical matrix
(wiring, rotation), applies gamma correction, and limits current ... so it
never exceeds the board's budget (default 500 mA)". The fast path (framebuf,
MicroPython) is checked against the plain path inside real MicroPython.
"""

import random

import pytest

import boards
from hal.colour import pixel_duty
from hal.pipeline import LADDER, LedDisplay, Pipeline, wiring
from tools import mpy_check, mpy_runtime


def serpentine_index(x, y, w=16):
    """The usual 16x16 panel, written out by hand: rows from the top-left,
    every odd row right to left."""
    return y * w + (x if y % 2 == 0 else w - 1 - x)


# Wiring ----------------------------------------------------------------------------

def test_serpentine_rows_from_the_top_left():
    chain = wiring(16, 16)
    for y in range(16):
        for x in range(16):
            assert chain[y * 16 + x] == serpentine_index(x, y)


def test_progressive_rows_and_columns_and_corners():
    w, h = 4, 3
    assert wiring(w, h, serpentine=False) == list(range(12))
    # Columns, zigzag, from the top-left: down the first column, up the second.
    cols = wiring(w, h, strips="columns")
    assert [cols[y * w + 0] for y in range(h)] == [0, 1, 2]
    assert [cols[y * w + 1] for y in range(h)] == [5, 4, 3]
    # Data in at the bottom-right, rows, progressive: the last pixel is first.
    br = wiring(w, h, first="bottom-right", serpentine=False)
    assert br[(h - 1) * w + (w - 1)] == 0
    assert br[(h - 1) * w + (w - 2)] == 1
    assert br[0] == w * h - 1
    tr = wiring(w, h, first="top-right")
    assert tr[w - 1] == 0 and tr[0] == w - 1 and tr[w + 0] == w  # row 1 runs back


def test_rotation_and_flips():
    w, h = 4, 3
    # Turning the panel 180 degrees is the same as starting at the other corner.
    assert wiring(w, h, rotation=180) == wiring(w, h, first="bottom-right")
    assert wiring(w, h, flip_x=True, flip_y=True) == wiring(w, h, rotation=180)
    assert wiring(w, h, flip_x=True) == wiring(w, h, first="top-right")
    # A quarter turn clockwise: the panel's top-left LED (chain 0) ends up at
    # the screen's top-right; the panel (3 wide, 4 tall) runs down the right.
    r90 = wiring(w, h, rotation=90)
    assert r90[0 * w + (w - 1)] == 0
    assert r90[1 * w + (w - 1)] == 1  # the panel's first row goes down the screen
    r270 = wiring(w, h, rotation=270)
    assert r270[(h - 1) * w + 0] == 0  # top-left of the panel at bottom-left
    for rot in (0, 90, 180, 270):
        for first in ("top-left", "top-right", "bottom-left", "bottom-right"):
            for strips in ("rows", "columns"):
                for serp in (True, False):
                    c = wiring(5, 7, first, strips, serp, rot, rot == 90, rot == 270)
                    assert sorted(c) == list(range(35))


def test_bad_wiring_settings_are_refused():
    with pytest.raises(ValueError):
        wiring(16, 16, rotation=45)
    with pytest.raises(ValueError):
        wiring(16, 16, first="middle")
    with pytest.raises(ValueError):
        wiring(16, 16, strips="diagonal")


# Gamma, brightness, colour order ------------------------------------------------------

def random_frame(rng, n=256, kind="mixed"):
    buf = bytearray(3 * n)
    for q in range(n):
        if kind == "mixed":
            r = rng.random()
            if r < 0.4:
                c = (0, 0, 0)
            elif r < 0.6:
                v = rng.randrange(1, 40)
                c = (v, v, v)  # dim grey
            elif r < 0.8:
                c = (rng.randrange(60), rng.randrange(60), rng.randrange(60))
            else:
                c = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        elif kind == "white":
            c = (255, 255, 255)
        else:
            c = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        buf[3 * q:3 * q + 3] = bytes(c)
    return buf


@pytest.mark.parametrize("order", ["GRB", "RGB", "BRG", "GRBW"])
@pytest.mark.parametrize("brightness", [10, 40, 100])
def test_a_frame_within_the_budget_is_exactly_pixel_duty(order, brightness):
    """Gamma, brightness and the 'a lit pixel never goes fully dark' rule are
    the simulator's (hal.colour.pixel_duty), in the LEDs' colour order."""
    rng = random.Random(brightness)
    buf = random_frame(rng)
    p = Pipeline(buf, order=order, budget_ma=10 ** 6, fast=False)
    out = p.render(buf, brightness)
    assert not p.limited
    bpp = len(order)
    for q in range(256):
        r, g, b = pixel_duty(buf[3 * q], buf[3 * q + 1], buf[3 * q + 2], brightness)
        got = out[q * bpp:(q + 1) * bpp]
        want = {"R": r, "G": g, "B": b, "W": 0}
        assert list(got) == [want[c] for c in order], (q, order)


def estimate_ma(out, n, ma_per_channel=20, idle=1):
    """The current the bytes on the wire would draw, by the board's model."""
    return idle * n + sum(out) * ma_per_channel / 255


@pytest.mark.parametrize("kind", ["mixed", "white", "random"])
@pytest.mark.parametrize("budget", [300, 500, 1200])
def test_current_never_exceeds_the_budget(kind, budget):
    rng = random.Random(budget)
    for brightness in (10, 40, 70, 100):
        buf = random_frame(rng, kind=kind)
        p = Pipeline(buf, budget_ma=budget, fast=False)
        out = p.render(buf, brightness)
        real = estimate_ma(out, 256)
        assert real <= budget + 1e-9, (kind, brightness, real)
        assert real <= p.ma <= budget  # the reported estimate is an upper bound


def test_full_white_at_full_brightness_is_limited_not_blacked_out():
    """256 white LEDs would draw ~15 A; on a 500 mA budget the frame is
    dimmed to fit, every LED still lit."""
    buf = bytearray(b"\xff" * 768)
    p = Pipeline(buf, fast=False)
    out = p.render(buf, 100)
    assert p.limited and p.level in LADDER
    assert estimate_ma(out, 256) <= 500
    assert min(out) >= 1
    unlimited = Pipeline(buf, budget_ma=10 ** 6, fast=False)
    unlimited.render(buf, 100)
    assert unlimited.ma > 15000  # what it would have drawn, in mA


def test_limiting_only_dims():
    """Under the limit a channel that is on at the player's brightness keeps
    at least duty 1, one that is off stays off, and nothing gets brighter."""
    rng = random.Random(7)
    for _ in range(20):
        buf = random_frame(rng)
        free = Pipeline(buf, budget_ma=10 ** 6, fast=False)
        full = bytes(free.render(buf, 70))
        tight = Pipeline(buf, budget_ma=400, fast=False)
        lim = tight.render(buf, 70)
        assert tight.limited
        for a, b in zip(full, lim):
            assert (a == 0) == (b == 0)
            assert b <= a


def test_a_budget_below_the_idle_draw_is_refused():
    with pytest.raises(ValueError):
        Pipeline(bytearray(768), budget_ma=200, idle_ma=1)  # 256 LEDs idle = 256 mA


def test_the_limit_follows_the_budget():
    buf = random_frame(random.Random(3), kind="random")
    levels = []
    for budget in (400, 600, 1000, 3000, 10 ** 6):
        p = Pipeline(buf, budget_ma=budget, fast=False)
        p.render(buf, 100)
        levels.append(p.level)
    assert levels == sorted(levels) and levels[-1] == 1000


# The display ------------------------------------------------------------------------------

def test_led_display_draws_in_chain_order():
    board = boards.load("pico")
    sent = []
    d = LedDisplay(16, 16, board.chain(), lambda p: sent.append(bytes(p.out)),
                   budget_ma=10 ** 6)
    d.brightness = 100
    d.pixel(0, 0, 0xFF0000)
    d.pixel(1, 1, 0x00FF00)
    d.pixel(15, 15, 0x0000FF)
    assert d.get(1, 1) == 0x00FF00 and d.get(2, 1) == 0
    d.show()
    out = sent[-1]
    # GRB on the wire, pixel (1, 1) is LED 16 + 14 = 30.
    assert out[0:3] == b"\x00\xff\x00"  # red, as G R B
    assert out[30 * 3:30 * 3 + 3] == b"\xff\x00\x00"
    i = serpentine_index(15, 15) * 3
    assert out[i:i + 3] == b"\x00\x00\xff"
    assert sum(out) == 3 * 255


def test_a_bigger_matrix_shows_the_screen_centred():
    chain = wiring(32, 16)
    d = LedDisplay(32, 16, chain, lambda p: None, budget_ma=10 ** 6)
    d.pixel(0, 0, 0x010203)
    q = chain[0 * 32 + 8]  # logical (0, 0) is column 8 of the panel
    assert d.buf[3 * q:3 * q + 3] == b"\x01\x02\x03"
    d.fill(0x050505)
    assert d.buf == bytearray(b"\x05" * (32 * 16 * 3))


def test_wiring_that_misses_an_led_is_refused():
    with pytest.raises(ValueError):
        LedDisplay(16, 16, [0] * 256, lambda p: None)


# The fast path inside real MicroPython -------------------------------------------------

CONFIGS = (("GRB", 500, 40), ("RGB", 10 ** 6, 100), ("GRBW", 800, 70), ("BRG", 300, 10),
           ("GRB", 500, 100))

GUEST = """
from hal.pipeline import Pipeline
seed = [12345]
def rnd(n):
    seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return seed[0] % n
def frame(kind):
    buf = bytearray(768)
    for q in range(256):
        r = rnd(10)
        if kind == 1 or r < 3:
            c = (0, 0, 0) if kind == 0 else (255, 255, 255)
        elif r < 5:
            v = rnd(40) + 1
            c = (v, v, v)
        elif r < 8:
            c = (rnd(60), rnd(60), rnd(60))
        else:
            c = (rnd(256), rnd(256), rnd(256))
        buf[3 * q] = c[0]
        buf[3 * q + 1] = c[1]
        buf[3 * q + 2] = c[2]
    return buf
for order, budget, brightness in CONFIGS:
    for kind in (0, 0, 1):
        buf = frame(kind)
        p = Pipeline(buf, order=order, budget_ma=budget)
        out = p.render(buf, brightness)
        print('OUT', order, p.fast, p.level, p.ma, bytes(buf).hex(), bytes(out).hex())
"""


@pytest.mark.mpy
def test_framebuf_path_in_micropython_gives_the_same_bytes_as_the_plain_path():
    code = GUEST.replace("CONFIGS", repr(CONFIGS))
    r = mpy_runtime.run_in_repo(code, heap="256k", root=mpy_check.ensure_bundle())
    assert r.ok, r.stderr[-2000:]
    lines = [l.split() for l in r.stdout.splitlines() if l.startswith("OUT")]
    assert len(lines) == 3 * len(CONFIGS)
    limited = 0
    for (_, order, fast, level, ma, buf_hex, out_hex), (o, budget, brightness) in \
            zip(lines, [c for c in CONFIGS for _ in range(3)]):
        assert fast == "True" and order == o
        buf = bytearray(bytes.fromhex(buf_hex))
        p = Pipeline(buf, order=order, budget_ma=budget, fast=False)
        out = p.render(buf, brightness)
        assert bytes(out).hex() == out_hex, (order, budget, brightness)
        assert (p.level, p.ma) == (int(level), int(ma))
        limited += p.limited
    assert limited >= 3  # the limiter was exercised

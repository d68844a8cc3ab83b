"""The LED output stage (hal/pipeline.py): wiring, gamma, current limit.

Issue 6, item 3: "maps the logical framebuffer to the physical matrix
(wiring, rotation), applies gamma correction, and limits current ... so it
never exceeds the board's budget (default 500 mA)".

`reference()` below renders a frame by the rules alone, one pixel at a time
(the algorithm the pipeline had before it kept anything between frames).
The plain path (CPython) and the framebuf path (inside real MicroPython,
which keeps a scan of the last frame and rescans only what changed) must
give exactly its bytes, level and estimate, frame after frame.
"""

import random

import pytest

import boards
from hal.colour import GAMMA, pixel_duty
from hal.pipeline import LADDER, LedDisplay, Pipeline, wiring
from tools import mpy_check, mpy_runtime


def serpentine_index(x, y, w=16):
    """The usual 16x16 panel, written out by hand: rows from the top-left,
    every odd row right to left."""
    return y * w + (x if y % 2 == 0 else w - 1 - x)


def reference(buf, brightness, order="GRB", budget_ma=500, ma_per_channel=20, idle_ma=1,
              max_brightness=100):
    """What the LEDs get, by the rules alone: (bytes, level, ma)."""
    n = len(buf) // 3
    bpp = len(order)
    pos = [order.index(c) for c in "RGB"]
    room = (budget_ma - idle_ma * n) * 255 // ma_per_channel  # duty units of light
    L0 = max(0, min(1000, brightness * max_brightness // 10))
    base = bytearray(n * bpp)  # the frame at the player's level
    for q in range(n):
        px = buf[3 * q:3 * q + 3]
        duty = [GAMMA[v] * L0 // 1000 for v in px]
        if any(px) and not any(duty):
            # Never dark: duty 1 on each channel full brightness lights,
            # else on each lit channel.
            duty = [1 if GAMMA[v] else 0 for v in px]
            if not any(duty):
                duty = [1 if v else 0 for v in px]
        for c in range(3):
            base[q * bpp + pos[c]] = duty[c]
    total = sum(base)
    on = len(base) - base.count(0)

    def ma(duties):
        return (idle_ma * n * 255 + duties * ma_per_channel + 254) // 255

    if total <= room:
        return bytes(base), L0, ma(total)
    # Over the budget: the highest ladder step whose bound fits, every
    # duty d becoming max(1, d * level // L0).
    fits = [L for L in LADDER if L < L0 and L * total // L0 + on <= room]
    level = fits[0] if fits else 0
    bound = level * total // L0 + on if L0 else on
    if bound > room:
        return bytes(len(base)), level, ma(0)
    if level < L0:
        base = bytes(max(1, d * level // L0) if d else 0 for d in base)
    return bytes(base), level, ma(bound)


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


@pytest.mark.parametrize("key,value,message", [
    ("FIRST_LED", "middle", 'FIRST_LED (the corner with the data input) must be one of '
                            '"top-left", "top-right", "bottom-left", "bottom-right", not '
                            "'middle'"),
    ("STRIPS", "diagonal", 'STRIPS (which way the chain runs) must be "rows" or "columns", '
                           "not 'diagonal'"),
    ("ROTATION", 45, "ROTATION (the panel's rotation in the case, clockwise) must be 0, 90, "
                     "180 or 270, not 45"),
    ("ROTATION", 90.0, "ROTATION (the panel's rotation in the case, clockwise) must be 0, 90, "
                       "180 or 270, not 90.0"),
    ("SERPENTINE", "yes", "SERPENTINE must be True or False, not 'yes'"),
    ("FLIP_X", 1, "FLIP_X must be True or False, not 1"),
    ("FLIP_Y", None, "FLIP_Y must be True or False, not None"),
])
def test_bad_wiring_settings_in_a_board_file_are_named(key, value, message):
    """hal.pipeline.wiring says "rotation must be 0, 90, 180 or 270": a maker
    has to know which line of the board file to fix."""
    with pytest.raises(ValueError) as e:
        board_with(**{key: value})
    assert str(e.value) == "board pico: " + message


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


def test_the_reference_is_pixel_duty_within_the_budget():
    rng = random.Random(5)
    for brightness in (10, 40, 100):
        buf = random_frame(rng)
        out, level, _ = reference(buf, brightness, "RGB", budget_ma=10 ** 6)
        assert level == brightness * 10
        for q in range(256):
            assert tuple(out[3 * q:3 * q + 3]) == pixel_duty(*buf[3 * q:3 * q + 3], brightness)


@pytest.mark.parametrize("order", ["GRB", "RGB", "GRBW", "RWGB"])
def test_the_plain_path_is_the_reference(order):
    """Random frames (dim ones too), budgets, brightness levels, and boards
    whose maximum makes the levels odd (37) or tiny (3: everything lit
    rounds to black)."""
    rng = random.Random(order)
    limited = 0
    for trial in range(60):
        budget = rng.choice([300, 400, 500, 800, 1200, 10 ** 6])
        top = rng.choice([100, 100, 37, 3])
        brightness = rng.choice([0, 10, 20, 40, 55, 70, 100])
        kind = rng.choice(["mixed", "white", "random", "dim"])
        if kind == "dim":
            buf = bytearray(rng.randrange(60) if rng.random() < 0.6 else 0 for _ in range(768))
        else:
            buf = random_frame(rng, kind=kind)
        p = Pipeline(buf, order=order, budget_ma=budget, max_brightness=top, fast=False)
        out = p.render(buf, brightness)
        assert (bytes(out), p.level, p.ma) == \
            reference(buf, brightness, order, budget, max_brightness=top), (trial, budget, top)
        limited += p.limited
    assert limited >= 10


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


def test_the_limit_dims_no_more_than_the_budget_needs():
    """At the edges: a frame using exactly the budget is shown as it is, one
    duty unit more is dimmed; and a limited frame gets the highest ladder
    step whose bound fits, also when that bound is exactly the budget (the
    second frame takes the last frame's step without a search)."""
    rng = random.Random(3)
    buf = random_frame(rng, kind="mixed")
    buf[:384] = b"\xff" * 384  # half the panel white: steps below L0 differ
    full = bytes(Pipeline(buf, budget_ma=10 ** 6, fast=False).render(buf, 60))
    total = sum(full)
    on = len(full) - full.count(0)
    p = Pipeline(buf, fast=False)
    p.room = total
    assert bytes(p.render(buf, 60)) == full and not p.limited
    p.room = total - 1
    p.render(buf, 60)
    assert p.limited
    L0 = 600
    for i in (12, 20, 30):
        p = Pipeline(buf, fast=False)
        p.room = LADDER[i] * total // L0 + on
        assert p.room < total
        for _ in range(2):
            p.render(buf, 60)
            assert p.level == LADDER[i], (i, p.level)


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
    p = Pipeline(bytearray(768), budget_ma=500, fast=False)
    with pytest.raises(ValueError):
        p.budget_ma = 250
    assert p.budget_ma == 500


def board_with(**changes):
    """boards/pico.py's settings with some changed (boards.check runs)."""
    pico = boards.load("pico")
    settings = {k: getattr(pico, k) for k, _ in boards.DEFAULTS}
    settings.update(changes)
    return boards.Board(settings, "pico")


@pytest.mark.parametrize("width,height,ma,idle", [(16, 16, 20, 1), (32, 16, 20, 1),
                                                  (32, 32, 20, 1), (16, 16, 60, 2),
                                                  (16, 16, 7, 0)])
def test_a_board_budget_must_show_a_full_white_frame(width, height, ma, idle):
    """A budget just above the dark LEDs' draw passed the board check, yet
    every full white frame was shown black. The board check's least budget
    is exactly where this pipeline starts to show one (every channel at duty
    1), and it says so by name."""
    n = width * height
    least = boards.least_budget_ma(n, ma, idle)
    for budget in (least - 1, least):
        buf = bytearray(b"\xff" * 3 * n)
        p = Pipeline(buf, budget_ma=budget, ma_per_channel=ma, idle_ma=idle, fast=False)
        for brightness in (1, 40, 100):
            lit = sum(p.render(buf, brightness))
            assert lit == (3 * n if budget == least else 0), (budget, brightness)
    settings = dict(WIDTH=width, HEIGHT=height, LED_MA_PER_CHANNEL=ma, LED_IDLE_MA=idle)
    assert board_with(POWER_BUDGET_MA=least, **settings).POWER_BUDGET_MA == least
    with pytest.raises(ValueError, match="POWER_BUDGET_MA %d is below %d, the least that "
                       "shows a full white frame" % (least - 1, least)):
        board_with(POWER_BUDGET_MA=least - 1, **settings)
    if idle:
        with pytest.raises(ValueError, match="dark LEDs draw: it must be at least %d" % least):
            board_with(POWER_BUDGET_MA=idle * n, **settings)


def test_the_least_budget_of_a_16x16_panel_is_317_ma():
    """docs/hardware.md, Power: "On a 16x16 panel that needs 317 mA (256 mA
    idle + 61 mA ...)"; the default 400 is above it."""
    with pytest.raises(ValueError, match="POWER_BUDGET_MA 316 is below 317"):
        board_with(POWER_BUDGET_MA=316)
    assert board_with(POWER_BUDGET_MA=317) and board_with(POWER_BUDGET_MA=400)
    assert boards.least_budget_ma(256) == 317 == 256 + 61


def test_the_default_budget_follows_the_docs_rule_for_a_usb_port():
    """docs/hardware.md: set POWER_BUDGET_MA to what the supply gives less
    ~100 mA for the board. The default was 500 - a USB port's whole 500 mA
    for the LEDs alone. The default, each board file powered from USB, and
    the figures the docs give all follow the rule."""
    import os
    default = dict(boards.DEFAULTS)["POWER_BUDGET_MA"]
    assert default + boards.BOARD_MA <= boards.USB_PORT_MA
    assert default >= boards.least_budget_ma(256)
    for name in ("pico", "esp32s3_devkitc", "feather_rp2040"):
        assert boards.load(name).POWER_BUDGET_MA + boards.BOARD_MA <= boards.USB_PORT_MA
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    doc = open(os.path.join(root, "docs", "hardware.md")).read()
    assert "| `POWER_BUDGET_MA` | %d |" % default in doc
    assert "(%d mA by default" % default in doc
    assert "USB power, %d mA budget" % default in doc
    light = default - 256
    assert "leaves ~%d mA for light: about %.1f%% of full white" % (
        light, 100.0 * light / (256 * 60)) in doc.replace("\n", " ")
    readme = open(os.path.join(root, "README.md")).read()
    assert "(%d mA by default" % default in readme


def test_the_plain_path_frame_after_frame_is_the_reference():
    """One pipeline, many frames: small changes, new frames, another
    brightness, another budget (what it keeps between frames: only the
    last limited level, a hint)."""
    rng = random.Random(11)
    for order in ("GRB", "GRBW"):
        buf = random_frame(rng)
        p = Pipeline(buf, order=order, fast=False)
        brightness = 40
        for step in range(40):
            op = rng.randrange(5)
            if op == 0:
                buf[:] = random_frame(rng, kind=rng.choice(["mixed", "random"]))
            elif op == 1:
                v = rng.randrange(1, 30)
                q = rng.randrange(256)
                buf[3 * q:3 * q + 3] = bytes((v, v, v + rng.randrange(2)))
            elif op == 2:
                brightness = rng.choice([10, 40, 70, 100])
            elif op == 3:
                p.budget_ma = rng.choice([300, 500, 900])
            out = p.render(buf, brightness)
            assert (bytes(out), p.level, p.ma) == \
                reference(buf, brightness, order, p.budget_ma), (order, step)


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


@pytest.mark.parametrize("kind", ["plain", "wide", "led", "serpentine"])
def test_rect_sets_exactly_the_pixels_pixel_would(kind):
    """rect() is one call for what w * h pixel() calls do, clipping included,
    on the plain framebuffer, a bigger panel and LED chains alike (a black
    full-width band is copied a row at a time where a row is one run of the
    buffer, as on a serpentine chain; LED by LED on a shuffled one)."""
    from hal.display import Display
    rng = random.Random(7)
    chain = list(range(256))
    rng.shuffle(chain)
    blacks = 0
    for w, h in [(w, h) for w in range(-1, 18) for h in range(-1, 18)] * 2:
        if kind == "led":
            a, b = (LedDisplay(16, 16, chain, lambda p: None) for _ in range(2))
        elif kind == "serpentine":
            a, b = (LedDisplay(16, 16, wiring(16, 16), lambda p: None) for _ in range(2))
        else:
            a, b = (Display(*((32, 20) if kind == "wide" else (16, 16))) for _ in range(2))
        x, y = rng.randint(-3, 16), rng.randint(-3, 16)
        colour = rng.randrange(1, 1 << 24) if rng.random() < 0.6 else 0
        if not colour and rng.random() < 0.5:  # a band across the screen
            x = rng.randint(-2, 0)
            w = 16 - x + rng.randint(0, 2)
        for d in (a, b):  # over a picture, so that black shows where it goes
            for yy in range(16):
                for xx in range(16):
                    d.pixel(xx, yy, ((xx * 16 + yy) % 255 + 1) * 0x10101)
        blacks += colour == 0 and x <= 0 and x + w >= 16 and h > 0
        a.rect(x, y, w, h, colour)
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                b.pixel(xx, yy, colour)
        assert a.buf == b.buf, (x, y, w, h, colour)
    assert blacks > 20


@pytest.mark.parametrize("kind", ["plain", "wide", "serpentine"])
def test_bits_sets_exactly_the_pixels_pixel_would(kind):
    """bits() draws a one-bit picture (a letter) as pixel() would, LED by
    LED, top-left bit highest, clipped to the screen and to [lo, hi)."""
    from hal.display import Display
    rng = random.Random(11)
    for _ in range(400):
        if kind == "serpentine":
            a, b = (LedDisplay(16, 16, wiring(16, 16), lambda p: None) for _ in range(2))
        else:
            a, b = (Display(*((32, 20) if kind == "wide" else (16, 16))) for _ in range(2))
        w, h = rng.randint(1, 5), rng.randint(1, 6)
        x, y = rng.randint(-4, 17), rng.randint(-4, 17)
        lo, hi = sorted((rng.randint(-2, 17), rng.randint(-2, 17)))
        bits = rng.getrandbits(w * h)
        colour = rng.randrange(1, 1 << 24)
        a.bits(x, y, w, h, bits, colour, lo, hi)
        k = w * h - 1
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                if bits >> k & 1 and lo <= xx < hi:
                    b.pixel(xx, yy, colour)
                k -= 1
        assert a.buf == b.buf, (x, y, w, h, bits, lo, hi)


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


@pytest.mark.mpy
def test_drawing_allocates_nothing_in_micropython():
    """pixel() and rect() (rows, a column, a block, clipped) keep their call
    frames small enough for MicroPython's C stack: drawing allocates no heap,
    which in a fragmented heap costs more than the drawing itself."""
    code = """
import gc, micropython
from hal.display import Display
from hal.pipeline import LedDisplay, wiring
for d in (Display(), LedDisplay(16, 16, wiring(16, 16), lambda p: None),
          LedDisplay(16, 16, list(range(255, -1, -1)), lambda p: None)):
    gc.collect()
    before = micropython.mem_total()
    d.pixel(3, 4, 0x102030)
    d.rect(0, 0, 12, 1, 0x102030)
    d.rect(0, 1, 1, 12, 0x102030)
    d.rect(2, 2, 2, 2, 0x102030)
    d.rect(-3, 14, 40, 5, 0x102030)
    d.rect(-1, 2, 18, 3, 0)  # a black band: a row at a time where rows are runs
    print('ALLOC', micropython.mem_total() - before)
"""
    r = mpy_runtime.run_in_repo(code, heap="256k", root=mpy_check.ensure_bundle())
    assert r.ok, r.stderr[-2000:]
    assert [l for l in r.stdout.splitlines() if l.startswith("ALLOC")] == ["ALLOC 0"] * 3


# Frame after frame: what the framebuf path keeps between frames ------------------------

SEQ_CONFIGS = (("GRB", 100, 256), ("RGB", 100, 256), ("GRBW", 100, 256), ("RWGB", 37, 256),
               ("BRG", 3, 256), ("GRB", 100, 512), ("RGB", 100, 40))

SEQ_GUEST = """
from hal.pipeline import Pipeline
seed = [4321]
def rnd(n):
    seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (seed[0] >> 8) % n
def dim():
    return rnd(40) + 1 if rnd(4) else 0
def put(buf, q, r, g, b):
    buf[3 * q] = r
    buf[3 * q + 1] = g
    buf[3 * q + 2] = b
for order, top, n in CONFIGS:
    buf = bytearray(3 * n)
    budgets = [b * n // 256 for b in (300, 500, 800, 1000000)]
    p = Pipeline(buf, order=order, budget_ma=budgets[1], max_brightness=top)
    bright = 40
    saved = [bytes(buf)]
    for step in range(STEPS):
        op = rnd(13)
        if op == 0:  # a run of dim greys of one level
            q = rnd(n)
            v = rnd(40) + 1
            for x in range(q, min(n, q + 1 + rnd(24))):
                put(buf, x, v, v, v)
        elif op == 1:  # one dim pixel, any hue
            put(buf, rnd(n), dim(), dim(), dim())
        elif op == 2:  # one channel of one pixel, a little
            i = rnd(3 * n)
            buf[i] = (buf[i] + 1 + rnd(2)) % 41
        elif op == 3:  # a pixel moves
            q = rnd(n)
            r = rnd(n)
            buf[3 * r:3 * r + 3] = buf[3 * q:3 * q + 3]
            put(buf, q, 0, 0, 0)
        elif op == 4:  # a bright pixel
            put(buf, rnd(n), rnd(256), rnd(256), rnd(256))
        elif op == 5:
            bright = (10, 20, 40, 55, 70, 100)[rnd(6)]
        elif op == 6:
            p.budget_ma = budgets[rnd(4)]
        elif op == 7:  # a new screen
            for q in range(n):
                k = rnd(10)
                if k < 4:
                    put(buf, q, 0, 0, 0)
                elif k < 7:
                    v = rnd(40) + 1
                    put(buf, q, v, v, v)
                elif k < 9:
                    put(buf, q, dim(), dim(), dim())
                else:
                    put(buf, q, rnd(256), rnd(256), rnd(256))
        elif op == 8:
            saved.append(bytes(buf))
        elif op == 9:  # back to an earlier frame
            buf[:] = saved[rnd(len(saved))]
        elif op == 10:  # greys of two levels side by side
            q = rnd(n - 3)
            put(buf, q, 9, 9, 9)
            put(buf, q + 1, 9, 9, 9)
            put(buf, q + 2, 10, 10, 10)
        elif op == 11:  # white, or black, over a stretch
            v = 255 * rnd(2)
            q = rnd(n)
            for x in range(q, min(n, q + rnd(40))):
                put(buf, x, v, v, v)
        # op 12: the same frame again
        out = p.render(buf, bright)
        print('OUT', order, top, bright, p.budget_ma, p.level, p.ma, bytes(buf).hex(),
              bytes(out).hex())
"""


def check_against_reference(stdout, at_least):
    """Every OUT line of a guest's output (its frame, settings and what it
    rendered) against reference(); returns how many frames were limited."""
    lines = [l.split() for l in stdout.splitlines() if l.startswith("OUT")]
    assert len(lines) >= at_least
    limited = 0
    for _, order, top, bright, budget, level, ma, buf_hex, out_hex in (l[:9] for l in lines):
        buf = bytes.fromhex(buf_hex)
        want = reference(buf, int(bright), order, int(budget), max_brightness=int(top))
        assert (out_hex, int(level), int(ma)) == (want[0].hex(), want[1], want[2]), \
            (order, top, bright, budget)
        limited += want[1] < max(0, min(1000, int(bright) * int(top) // 10))
    return limited


@pytest.mark.mpy
def test_framebuf_path_frame_after_frame_is_the_reference():
    """One pipeline per colour order (and a 32x16 and a 40-LED chain)
    renders a long run of frames that each change a little (a dim grey
    run, one pixel's hue, a pixel moving, the brightness, the budget) or a
    lot (a new screen, an earlier frame again): every frame is exactly what
    the rules give."""
    code = SEQ_GUEST.replace("CONFIGS", repr(SEQ_CONFIGS)).replace("STEPS", "70")
    r = mpy_runtime.run_in_repo(code, heap="256k", root=mpy_check.ensure_bundle())
    assert r.ok, r.stderr[-2000:]
    assert check_against_reference(r.stdout, 70 * len(SEQ_CONFIGS)) >= 50


STALE_GUEST = """
from hal.pipeline import Pipeline
buf = bytearray(768)
def put(q, r, g, b):
    buf[3 * q] = r
    buf[3 * q + 1] = g
    buf[3 * q + 2] = b
def show(what, bright=40):
    out = p.render(buf, bright)
    print('OUT', 'GRB', 100, bright, p.budget_ma, p.level, p.ma, bytes(buf).hex(),
          bytes(out).hex(), what)
p = Pipeline(buf, order='GRB', budget_ma=500)
for q in range(256):
    put(q, 255, 40, 0) if q % 5 == 0 else None
for q in range(100, 120):
    put(q, 18, 18, 18)   # a run of dim greys
put(40, 12, 12, 12)      # a dim grey alone
show('start')
put(40, 12, 12, 20)      # its hue only: now only blue gets duty 1
show('hue')
put(40, 12, 12, 12)
show('hue back')
put(40, 0, 0, 0)         # its position only
put(41, 12, 12, 12)
show('moved')
put(110, 18, 10, 18)     # one pixel of the run: magenta now
show('run hue')
put(110, 17, 17, 17)     # a grey again, but of another level
show('run level')
show('brightness', 10)   # only the brightness
show('brightness back', 40)
p.budget_ma = 800        # only the budget
show('budget')
p.budget_ma = 500
show('budget back')
put(250, 255, 255, 255)  # far from the run: a long stretch changed
put(3, 255, 255, 255)
show('far apart')
show('same frame')
"""


@pytest.mark.mpy
def test_framebuf_path_never_shows_a_stale_fix_up():
    """Frames that change only a dim pixel's hue, only its position, only
    one pixel of a run of greys, only the brightness or only the budget."""
    r = mpy_runtime.run_in_repo(STALE_GUEST, heap="256k", root=mpy_check.ensure_bundle())
    assert r.ok, r.stderr[-2000:]
    assert check_against_reference(r.stdout, 12) >= 10
    outs = [l.split()[8] for l in r.stdout.splitlines() if l.startswith("OUT")]
    assert outs[0] != outs[1] and outs[1] != outs[2] and outs[0] == outs[2]


GAME_GUEST = """
import boards
from hal import Hal
from hal.buttons import Buttons
from hal.clock import FakeClock
from hal.sound import Sound
from hal.storage import MemoryStorage
from hal.pipeline import LedDisplay
from firmware.main import boot
from firmware.session import Session
from firmware import games
from engines_core import players, registry
from engines_core.prng import Rng
board = boards.load('pico')
opts = board.pipeline_options()
import gc
for name in games.playable():
    gc.collect()
    cls = registry.game_class(name)
    s = Session(name, ['human'] + ['random'] * (cls.MIN_PLAYERS - 1), 'standard', 5)
    i = 0
    while i < 6 or s.state.current_player() != 0:  # a few moves in, the person's turn
        s.play(players.choose(s.state, 'random', Rng(i)))
        i += 1
    def write(p):
        print('OUT', opts['order'], 100, d.brightness, p.budget_ma, p.level, p.ma,
              bytes(d.buf).hex(), bytes(p.out).hex())
    d = LedDisplay(16, 16, board.chain(), write, **opts)
    hal = Hal(d, Buttons(), Sound(), FakeClock(), MemoryStorage())
    app = boot(hal, s)
    app.screen.ready_at = 10 ** 9
    for i in range(40):
        hal.clock.advance(30)
        if i == 20:
            d.brightness = 10
        app.step()
"""


@pytest.mark.mpy
def test_game_screens_on_the_led_display_are_the_reference():
    """Every game's screen through LedDisplay inside MicroPython, frame
    after frame (the cursor blinking), at 40% and then 10%. (Moves by the
    random player: this checks the display, not the computer players.)"""
    r = mpy_runtime.run_in_repo(GAME_GUEST, heap="512k", root=mpy_check.ensure_bundle())
    assert r.ok, r.stderr[-2000:]
    check_against_reference(r.stdout, 6)


# Frame after frame without garbage -----------------------------------------------------

NO_GARBAGE_GUEST = """
import gc
from hal.pipeline import Pipeline, _CACHE
buf = bytearray(768)
p = Pipeline(buf, order='GRB', budget_ma=400)
seed = [99]
def rnd(n):  # small ints only: a big one would be garbage itself
    seed[0] = (seed[0] * 75 + 74) %% 65537
    return seed[0] %% n
def step(i):
    # A bright screen the limit dims, with a stretch that changes: each
    # frame's light differs, so the limit steps its level up and down.
    lit = 64 + rnd(192)  # LEDs lit bright: the frame's light, up and down
    for q in range(256):
        v = 220 if q < lit else 30
        buf[3 * q] = v
        buf[3 * q + 1] = v
        buf[3 * q + 2] = v
    p.render(buf, 100)
    return p.level
levels = bytearray(1001)  # the levels seen (a set would grow as it counts)
for i in range(%(warm)d):  # enough distinct levels to fill the table cache
    levels[step(i)] = 1
warm = sum(levels)
levels[:] = bytes(1001)
gc.collect()
gc.disable()
free = gc.mem_free()
for i in range(%(frames)d):
    levels[step(i + 1000)] = 1
left = free - gc.mem_free()
print("PIPE", warm, sum(levels), p.tables(), _CACHE, left)
"""


@pytest.mark.mpy
def test_the_current_limit_steps_its_level_without_making_garbage():
    """A limited frame needs a dimming table for its level; the cache keeps
    _CACHE of them and refills the oldest in place, so a limit that steps
    between many levels frame after frame makes no garbage (it made a 256
    byte table and its palette for each new level, and dropped the cache
    when full)."""
    code = NO_GARBAGE_GUEST % {"warm": 60, "frames": 60}
    r = mpy_runtime.run_in_repo(code, heap="256k", root=mpy_check.ensure_bundle())
    assert r.ok, r.stderr[-2000:]
    line = [l.split()[1:] for l in r.stdout.splitlines() if l.startswith("PIPE")][0]
    warm_levels, later_levels, cached, cache, garbage = map(int, line)
    assert later_levels > cache  # more levels than the cache holds: tables were refilled
    assert cached == cache
    assert garbage == 0, line


# The current limit's dimming tables ---------------------------------------------------

DIMMING_GUEST = """
from hal.pipeline import Pipeline, LADDER
p = Pipeline(bytearray(48), budget_ma=400, fast=FAST)
bad = 0
checked = 0
for brightness in range(5, 101, 5):
    L0 = brightness * p.max_brightness // 10
    top = 255 * L0 // 1000
    for level in LADDER + (0,):
        if level >= L0:
            continue
        lut = p._table(2, L0, level)[0]  # the cache fills, then tables are refilled
        for d in range(1, top + 1):
            checked += 1
            if lut[d] != (d * level // L0 or 1):
                bad += 1
print('DIM', p.fast, checked, bad)
"""


def _dimming_result(text):
    line = [l.split()[1:] for l in text.splitlines() if l.startswith("DIM")][0]
    return line[0], int(line[1]), int(line[2])


def test_a_dimming_table_holds_every_duty_of_its_level_dimmed():
    """A duty d at the player's level L0 shows as max(1, d * L // L0) at the
    limit's level L, for every duty a frame at L0 can hold (up to
    255 * L0 // 1000), in new tables and in refilled ones (plain path)."""
    import io
    from contextlib import redirect_stdout
    out = io.StringIO()
    with redirect_stdout(out):
        exec(DIMMING_GUEST.replace("FAST", "False"), {})
    fast, checked, bad = _dimming_result(out.getvalue())
    assert fast == "False" and checked > 10000
    assert bad == 0


@pytest.mark.mpy
def test_a_dimming_table_made_by_runs_in_micropython_is_exact():
    """The framebuf path fills a table below two thirds of L0 a run of equal
    dimmed duties at a time (fill_rect): the same entries as the formula."""
    r = mpy_runtime.run_in_repo(DIMMING_GUEST.replace("FAST", "True"), heap="256k",
                                root=mpy_check.ensure_bundle())
    assert r.ok, r.stderr[-2000:]
    fast, checked, bad = _dimming_result(r.stdout)
    assert fast == "True" and checked > 10000
    assert bad == 0

"""The LED output stage: framebuffer -> the bytes sent down the wire.

Three jobs, every time a changed frame is shown:

1. Wiring. `wiring()` turns a board's description of its matrix (corner of
   the first LED, rows or columns, serpentine or not, how the panel is turned
   and mirrored in the case) into the chain position of every screen pixel.
   `LedDisplay` keeps its framebuffer in chain order: `pixel()` looks the
   position up in a 256-entry table (cheaper than the row-major arithmetic
   it replaces), so nothing is reordered at show time. The framebuffer still
   holds 3 bytes (R, G, B) per pixel; the firmware only ever touches it
   through `fill`, `pixel` and `get`.
2. Gamma and brightness. A 256-byte table per brightness level maps a
   framebuffer level to an LED duty: `GAMMA[v] * level // 1000`, the level
   in tenths of a percent. At the player's brightness this is exactly
   `hal.colour.pixel_duty`, including its rule that a lit pixel never goes
   fully dark (it gets duty 1 on its strongest channel(s)), so the LEDs show
   what the simulator shows.
3. Current limit (as FastLED and WLED do). The frame's draw is estimated
   from its duties: `idle_ma` per LED plus `ma_per_channel` per channel at
   full duty, in proportion. If the frame at the player's level L0 exceeds
   the board's budget, the level drops to the highest step L of a ladder
   (about 9% apart) whose bound fits. Limiting only dims: a channel that is
   on at L0 keeps at least duty 1 and one that is off stays off, so dim
   details and their hue survive. Bound: floor(G * L / 1000) <= (L / L0) *
   (floor(G * L0 / 1000) + 1), so the sum of duties at L is at most
   L * (S + on) / L0 + on (S: the sum at L0, on: channels on). The estimate
   of every frame sent is within the budget; a frame that fits is shown
   exactly as `pixel_duty` says.

Speed: on MicroPython the per-byte work runs inside the built-in `framebuf`
module (a GS8 blit through a 256-entry palette is a table lookup in C) and
`sum`/`count`/`find`: a few dozen Python operations per frame, plus a short
loop over the pixels that are lit but round to black (dim greys cost least). See tools/bench_frame.py for the measured cost. Without
`framebuf` (CircuitPython, CPython) plain loops produce the same bytes.
"""

from hal.colour import GAMMA
from hal.display import Display

# Levels the current limit may step down to: 1000 * 2 ** (-k / 8), about 9%
# apart, as integers (the same on every port, no floats).
LADDER = (1000, 917, 841, 771, 707, 648, 595, 545, 500, 459, 420, 386, 354, 324, 297, 273,
          250, 229, 210, 193, 177, 162, 149, 136, 125, 115, 105, 96, 88, 81, 74, 68, 63,
          57, 53, 48, 44, 41, 37, 34, 31, 29, 26, 24, 22, 20, 19, 17, 16, 14, 13, 12, 11,
          10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
_CACHE = 12  # brightness tables kept (256 bytes and a palette each)
_ZERO = b"\x00"
_ONE = b"\x01"
_KEY = 255  # a palette output that means "leave this pixel alone"

CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right")


def wiring(width, height, first="top-left", strips="rows", serpentine=True,
           rotation=0, flip_x=False, flip_y=False):
    """Chain position of every screen pixel, a list indexed by y * width + x.

    `width` x `height` is the matrix as the player sees it. `first`,
    `strips` and `serpentine` describe the panel in its own orientation (as
    printed on it, LEDs facing you): the corner where the data input is, and
    whether the chain runs along rows or columns, reversing direction on
    every other one (serpentine, "zigzag") or not ("progressive").
    `rotation` (0, 90, 180, 270) is how far the panel is turned clockwise
    when mounted; `flip_x` / `flip_y` mirror the picture (e.g. a panel seen
    through its back).
    """
    if first not in CORNERS:
        raise ValueError("first LED corner must be one of %s" % ", ".join(CORNERS))
    if strips not in ("rows", "columns"):
        raise ValueError("strips must be 'rows' or 'columns'")
    if rotation not in (0, 90, 180, 270):
        raise ValueError("rotation must be 0, 90, 180 or 270")
    # The panel's own size: a quarter turn swaps width and height.
    if rotation in (90, 270):
        pw, ph = height, width
    else:
        pw, ph = width, height
    right = first.endswith("right")
    bottom = first.startswith("bottom")
    out = [0] * (width * height)
    for y in range(height):
        for x in range(width):
            sx = width - 1 - x if flip_x else x
            sy = height - 1 - y if flip_y else y
            # Screen -> panel: undo the clockwise turn.
            if rotation == 0:
                u, v = sx, sy
            elif rotation == 90:
                u, v = sy, width - 1 - sx
            elif rotation == 180:
                u, v = width - 1 - sx, height - 1 - sy
            else:
                u, v = height - 1 - sy, sx
            if right:
                u = pw - 1 - u
            if bottom:
                v = ph - 1 - v
            if strips == "rows":
                strip, pos, length = v, u, pw
            else:
                strip, pos, length = u, v, ph
            if serpentine and strip & 1:
                pos = length - 1 - pos
            out[y * width + x] = strip * length + pos
    return out


def _framebuf():
    try:
        import framebuf
        return framebuf
    except ImportError:
        return None


class Pipeline:
    """Renders a chain-ordered RGB framebuffer into wire bytes.

    `buf`: the framebuffer (3 bytes per LED, chain order; its identity must
    not change: the fast path keeps views of it). `order`: the LEDs' colour
    order, e.g. "GRB" (WS2812B), "RGB", "GRBW" (the white channel stays 0).
    `out`: where to render (e.g. MicroPython's `NeoPixel.buf`), else a new
    bytearray. After `render`: `level` (tenths of a percent of full duty),
    `ma` (the estimated draw, mA), `limited` (the current limit dimmed it).
    """

    def __init__(self, buf, order="GRB", budget_ma=500, ma_per_channel=20, idle_ma=1,
                 max_brightness=100, out=None, fast=True):
        order = order.upper()
        if len(order) not in (3, 4) or any(order.count(c) != 1 for c in "RGB"):
            raise ValueError("colour order must be like GRB, RGB or GRBW, not %r" % order)
        n = len(buf) // 3
        self.buf = buf
        self.n = n
        self.order = order
        self.bpp = len(order)
        self.pos = (order.index("R"), order.index("G"), order.index("B"))
        if out is None:
            out = bytearray(n * self.bpp)
        if len(out) != n * self.bpp:
            raise ValueError("output buffer has %d bytes, want %d" % (len(out), n * self.bpp))
        self.out = out
        self.budget_ma = budget_ma
        self.idle_ma = idle_ma
        self.k = ma_per_channel
        # The budget left for light, in (mA per channel) x (duty units).
        self.allowed = (budget_ma - idle_ma * n) * 255
        if self.allowed <= 0:
            raise ValueError("a %d mA budget does not cover the idle draw of %d LEDs (%d mA)"
                             % (budget_ma, n, idle_ma * n))
        self.max_brightness = max_brightness
        self.level = 0
        self.ma = 0
        self.limited = False
        self._luts = {}
        fb = _framebuf() if fast else None
        self.fast = fb is not None
        if self.fast:
            self._views(fb)

    # Levels and tables ---------------------------------------------------------
    def level_for(self, brightness):
        """The level (tenths of a percent of full duty) for a brightness in %."""
        level = brightness * self.max_brightness // 10
        return 0 if level < 0 else 1000 if level > 1000 else level

    def _table(self, level, base):
        """(lut, palette) for `level` under the player's level `base`, built
        once and kept (a few at a time). A channel dark at `base` stays
        dark; one lit at `base` keeps at least duty 1."""
        key = base << 11 | level
        t = self._luts.get(key)
        if t is None:
            if len(self._luts) >= _CACHE:
                self._luts = {}
            lut = bytearray(256)
            for v in range(256):
                if GAMMA[v] * base // 1000:
                    d = GAMMA[v] * level // 1000
                    lut[v] = d if d else 1
            pal = None
            if self.fast:
                pal = self._fb.FrameBuffer(lut, 256, 1, self._fb.GS8)
            t = (lut, pal)
            self._luts[key] = t
        return t

    def _views(self, fb):
        """framebuf views: one column per colour channel, one pixel per row."""
        self._fb = fb
        n, bpp, GS8 = self.n, self.bpp, fb.GS8
        FB = fb.FrameBuffer
        src = memoryview(self.buf)
        dst = memoryview(self.out)
        self._src = [FB(src[c:], 1, n, GS8, 3) for c in range(3)]
        self._dst = [FB(dst[self.pos[c]:], 1, n, GS8, bpp) for c in range(3)]
        self._mark = bytearray(n)  # one byte per LED: 1 = lit but rounds to black
        self._markfb = FB(self._mark, 1, n, GS8, 1)
        self._p_lit = self._palette(lambda v: 1 if v else 0)
        self._p_lit_key = self._palette(lambda v: 1 if v else _KEY)
        self._marks = {}

    def _palette(self, f):
        b = bytearray(256)
        for v in range(256):
            b[v] = f(v)
        return self._fb.FrameBuffer(b, 256, 1, self._fb.GS8)

    def _mark_palettes(self, base):
        """For the red pass: 0 keep, lit but below the threshold 1, else 0;
        for green and blue: at or above the threshold 0, else keep."""
        p = self._marks.get(base)
        if p is None:
            lut = self._table(base, base)[0]
            self._marks = {}
            p = (self._palette(lambda v: _KEY if not v else 0 if lut[v] else 1),
                 self._palette(lambda v: 0 if lut[v] else _KEY))
            self._marks[base] = p
        return p

    # The frame -------------------------------------------------------------------
    def render(self, buf, brightness):
        """Render `buf` (the framebuffer given at construction) at `brightness` %.

        Returns the output buffer."""
        L0 = self.level_for(brightness)
        k = self.k
        allowed = self.allowed
        out = self.out
        self._paint(L0, L0)
        total = sum(out)  # the sum of duties at the player's level
        dark = self._mark_dark(L0)  # lit pixels that round to black
        extra = -1
        if (total + 3 * dark) * k > allowed and total * k <= allowed:
            extra = self._never_dark()  # close to the budget: count exactly
        level = L0
        bound = total
        if extra < 0 and (total + 3 * dark) * k <= allowed:
            extra = self._never_dark()
        elif extra < 0 or (total + extra) * k > allowed:
            # Limit. Channels on at the player's level keep at least duty 1.
            on = len(out) - out.count(_ZERO) - (extra if extra > 0 else 0)
            level = self._limit(L0, total, on, extra if extra >= 0 else 3 * dark)
            self._paint(level, L0)
            # floor(G*L/1000) <= (L/L0) * (floor(G*L0/1000) + 1), plus 1 for
            # the duty-1 floor, on every channel that is on.
            bound = level * (total + on) // L0 + on if L0 else on
            extra = self._never_dark()
            if (bound + extra) * k > allowed:
                # Not even duty 1 per lit channel fits: show nothing.
                out[:] = bytes(len(out))
                bound = extra = 0
        self.level = level
        self.limited = level < L0
        self.ma = (self.idle_ma * self.n * 255 + (bound + extra) * k + 254) // 255
        return out

    def _limit(self, L0, total, on, extra):
        """The highest ladder level below L0 whose bound fits (else 0)."""
        room = self.allowed // self.k - on - extra  # duty units left for light
        lo, hi = 0, len(LADDER)  # LADDER descends: bisect for the first fit
        while lo < hi:
            mid = (lo + hi) >> 1
            level = LADDER[mid]
            if level < L0 and level * (total + on) // L0 <= room:
                hi = mid
            else:
                lo = mid + 1
        return LADDER[lo] if lo < len(LADDER) else 0

    def _paint(self, level, base):
        """out = lut[buf], channel by channel, in the LEDs' colour order."""
        lut, pal = self._table(level, base)
        if self.fast:
            dst, src = self._dst, self._src
            for c in range(3):
                dst[c].blit(src[c], 0, 0, -1, pal)
            return
        buf, out, bpp = self.buf, self.out, self.bpp
        pr, pg, pb = self.pos
        j = 0
        for i in range(0, 3 * self.n, 3):
            out[j + pr] = lut[buf[i]]
            out[j + pg] = lut[buf[i + 1]]
            out[j + pb] = lut[buf[i + 2]]
            j += bpp

    def _mark_dark(self, base):
        """How many pixels are lit but round to black at the player's level
        (all channels below its threshold); the fast path also marks them."""
        if not self.fast:
            buf, out, bpp = self.buf, self.out, self.bpp
            pr, pg, pb = self.pos
            n = 0
            j = 0
            for i in range(0, 3 * self.n, 3):
                if not (out[j + pr] or out[j + pg] or out[j + pb]) and \
                        (buf[i] or buf[i + 1] or buf[i + 2]):
                    n += 1
                j += bpp
            return n
        p_red, p_bright = self._mark_palettes(base)
        m, src = self._markfb, self._src
        m.blit(src[1], 0, 0, -1, self._p_lit)  # green lit
        m.blit(src[2], 0, 0, _KEY, self._p_lit_key)  # or blue lit
        m.blit(src[0], 0, 0, _KEY, p_red)  # red: lit and dark, or bright
        m.blit(src[1], 0, 0, _KEY, p_bright)  # green bright
        m.blit(src[2], 0, 0, _KEY, p_bright)  # blue bright
        return self._mark.count(_ONE)

    def _never_dark(self):
        """Give every lit pixel that rounds to black duty 1 on its strongest
        channel(s) (hal.colour.pixel_duty's rule). Returns the duty added."""
        buf, out, bpp = self.buf, self.out, self.bpp
        pr, pg, pb = self.pos
        added = 0
        if self.fast:
            find = self._mark.find
            p = find(_ONE)
            while p >= 0:
                i = p * 3
                r = buf[i]
                g = buf[i + 1]
                b = buf[i + 2]
                j = p * bpp
                if r == g and g == b:  # grey: the usual dim detail
                    out[j + pr] = 1
                    out[j + pg] = 1
                    out[j + pb] = 1
                    added += 3
                else:
                    m = r if r > g else g
                    if b > m:
                        m = b
                    if r == m:
                        out[j + pr] = 1
                        added += 1
                    if g == m:
                        out[j + pg] = 1
                        added += 1
                    if b == m:
                        out[j + pb] = 1
                        added += 1
                p = find(_ONE, p + 1)
            return added
        j = 0
        for i in range(0, 3 * self.n, 3):
            if not (out[j + pr] or out[j + pg] or out[j + pb]) and (buf[i] or buf[i + 1] or buf[i + 2]):
                added += _light(buf, out, i, j, pr, pg, pb)
            j += bpp
        return added

    # For libraries that take colours rather than bytes ---------------------------
    def colours(self, vals):
        """Fill `vals` (a list of n) with the rendered (R, G, B) duties packed as
        0xRRGGBB ints (3-byte orders) or (r, g, b, 0) tuples (with white)."""
        out, bpp = self.out, self.bpp
        pr, pg, pb = self.pos
        j = 0
        if bpp == 3:
            for p in range(self.n):
                vals[p] = (out[j + pr] << 16) | (out[j + pg] << 8) | out[j + pb]
                j += 3
        else:
            for p in range(self.n):
                vals[p] = (out[j + pr], out[j + pg], out[j + pb], 0)
                j += bpp
        return vals


def _light(buf, out, i, j, pr, pg, pb):
    r = buf[i]
    g = buf[i + 1]
    b = buf[i + 2]
    m = r if r > g else g
    if b > m:
        m = b
    n = 0
    if r == m:
        out[j + pr] = 1
        n += 1
    if g == m:
        out[j + pg] = 1
        n += 1
    if b == m:
        out[j + pb] = 1
        n += 1
    return n


class LedDisplay(Display):
    """A Display for an LED matrix: framebuffer in chain order, `show()`
    renders through a Pipeline and hands it to `write`.

    `chain` is `wiring(...)` for the whole matrix; `write(pipeline)` sends
    `pipeline.out` (or `pipeline.colours(...)`) to the LEDs.
    """

    def __init__(self, width, height, chain, write, **pipeline_options):
        Display.__init__(self, width, height)
        n = width * height
        if len(chain) != n or sorted(chain) != list(range(n)):
            raise ValueError("the wiring must place every LED exactly once")
        at = [0] * 256
        for y in range(16):
            for x in range(16):
                at[(y << 4) | x] = chain[(y + self.oy) * width + x + self.ox] * 3
        try:
            from array import array
            at = array("H", at)
        except ImportError:
            pass
        self._at = at
        self.write = write
        self.pipeline = Pipeline(self.buf, **pipeline_options)

    def pixel(self, x, y, colour):
        if 0 <= x < 16 and 0 <= y < 16:
            i = self._at[(y << 4) | x]
            buf = self.buf
            buf[i] = colour >> 16
            buf[i + 1] = (colour >> 8) & 0xFF
            buf[i + 2] = colour & 0xFF

    def get(self, x, y):
        if 0 <= x < 16 and 0 <= y < 16:
            i = self._at[(y << 4) | x]
            b = self.buf
            return (b[i] << 16) | (b[i + 1] << 8) | b[i + 2]
        return 0

    def show(self):
        Display.show(self)
        self.pipeline.render(self.buf, self.brightness)
        self.write(self.pipeline)

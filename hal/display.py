"""Display interface: an RGB framebuffer the firmware draws on, and `show()`.

The firmware always draws a 16x16 logical screen. A bigger matrix shows it
centred (`origin`), so every screen works on 32x16 or 32x32 panels too.
Colours are ints 0xRRGGBB at full scale; brightness, gamma, wiring and the
power limit belong to the backend's output stage (hal/pipeline.py on hardware).
"""

LOGICAL_W = 16
LOGICAL_H = 16
_NO_RUN = 0xFFFF  # a row whose pixels are not one run in buf


def _offsets(n):
    """A table of n offsets (each overwritten): a compact array where the
    port has one."""
    try:
        from array import array
        return array("H", range(n))
    except ImportError:
        return list(range(n))


class Display:
    """A width x height framebuffer, 3 bytes (R, G, B) per pixel, row-major.

    A hardware backend may keep the pixels in another order (hal/pipeline.py's
    LedDisplay keeps them in LED chain order, by giving `_at` its own table),
    so draw and read only through fill, pixel, rect and get, never by indexing
    `buf`.
    """

    def __init__(self, width=LOGICAL_W, height=LOGICAL_H, chain=None):
        """`chain`, if given, is where each pixel (row-major over the whole
        panel) sits in `buf`, in pixels: an LED chain's order."""
        if width < LOGICAL_W or height < LOGICAL_H:
            raise ValueError("the display must be at least 16x16")
        self.width = width
        self.height = height
        self.buf = bytearray(width * height * 3)
        self.ox = (width - LOGICAL_W) // 2
        self.oy = (height - LOGICAL_H) // 2
        self.brightness = 40  # percent of full scale, set from settings
        self.frames = 0
        self._black = bytes(len(self.buf))
        at = _offsets(LOGICAL_W * LOGICAL_H)
        for y in range(LOGICAL_H):
            for x in range(LOGICAL_W):
                p = (y + self.oy) * width + x + self.ox
                at[(y << 4) | x] = 3 * (p if chain is None else chain[p])
        self._at = at
        # Where each logical row's 16 pixels lie in `buf` as one run of 48
        # bytes (either way round, as a serpentine chain has them), else
        # _NO_RUN: a black full-width band (a notice's, a cleared line) is
        # then one copy a row, not 16 pixel writes.
        rows = _offsets(LOGICAL_H)
        for y in range(LOGICAL_H):
            ends = (at[y << 4], at[(y << 4) | 15])
            lo = min(ends)
            run = all(abs(at[(y << 4) | x] - at[y << 4]) == 3 * x for x in range(16))
            rows[y] = lo if run and max(ends) - lo == 45 else _NO_RUN
        self._row_at = rows
        self._black_row = memoryview(self._black)[:3 * LOGICAL_W]

    # Drawing on the logical 16x16 screen -----------------------------------
    def fill(self, colour=0):
        r = colour >> 16
        g = (colour >> 8) & 0xFF
        b = colour & 0xFF
        buf = self.buf
        if not colour:
            buf[:] = self._black  # one memcpy: every frame starts with this
            return
        for i in range(0, len(buf), 3):
            buf[i] = r
            buf[i + 1] = g
            buf[i + 2] = b

    def pixel(self, x, y, colour):
        """Set one logical pixel; off-screen coordinates are ignored."""
        # Both in 0..15 exactly when (x | y) >> 4 is 0 (a negative one makes
        # it -1): a quarter cheaper in MicroPython than two chained
        # comparisons, and this runs ~100 times a frame.
        if not (x | y) >> 4:
            i = self._at[(y << 4) | x]
            buf = self.buf
            buf[i] = colour >> 16
            buf[i + 1] = (colour >> 8) & 0xFF
            buf[i + 2] = colour & 0xFF

    def bits(self, x, y, w, h, bits, colour, lo=0, hi=LOGICAL_W):
        """A w x h one-colour picture from (x, y): its pixels whose bit in
        `bits` is 1 (the top-left pixel the highest bit, row by row), only
        in columns [lo, hi) and on screen. One call for a letter of the font
        (firmware/font.py), not a pixel() call for each of its LEDs."""
        r = colour >> 16
        g = (colour >> 8) & 0xFF
        b = colour & 0xFF
        at, buf = self._at, self.buf
        bit = 1 << (w * h - 1)
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                if bits & bit and lo <= xx < hi and not (xx | yy) >> 4:
                    i = at[(yy << 4) | xx]
                    buf[i] = r
                    buf[i + 1] = g
                    buf[i + 2] = b
                bit >>= 1

    def rect(self, x, y, w, h, colour):
        """Fill a w x h rectangle from (x, y); the part off-screen is ignored."""
        if x < 0:
            w += x
            x = 0
        if y < 0:
            h += y
            y = 0
        if x + w > LOGICAL_W:
            w = LOGICAL_W - x
        if y + h > LOGICAL_H:
            h = LOGICAL_H - y
        if w == LOGICAL_W and not colour:
            self._black_rows(y, h)
            return
        if w > 0 and h > 0:
            x |= y << 4
            h = x + (h << 4)  # the index just below the last row
            if w == 1 and h - x > 16:  # a column of two or more
                self._line(x, h, colour)
            else:
                while x < h:
                    self._line(x, x + w, colour)
                    x += 16

    def _black_rows(self, y, h):
        """Rows y to y+h-1 (on screen) black, whole."""
        buf, rows = self.buf, self._row_at
        while h > 0:
            i = rows[y]
            if i == _NO_RUN:
                self._line(y << 4, (y << 4) + 16, 0)
            else:
                buf[i:i + 48] = self._black_row
            y += 1
            h -= 1

    def _line(self, k, end, colour):
        """Logical pixels from index k ((y << 4) | x) to before `end`: a row
        if end - k <= 16, else a column (every 16th index)."""
        # rect() and _line() each keep at most 11 words of locals and stack
        # (so `_at` is not given a local of its own): MicroPython puts a
        # bigger call frame on the heap, and allocating it in a fragmented
        # heap costs more than drawing a row.
        buf = self.buf
        step = 16 if end - k > 16 else 1
        while k < end:
            i = self._at[k]
            buf[i] = colour >> 16
            buf[i + 1] = (colour >> 8) & 0xFF
            buf[i + 2] = colour & 0xFF
            k += step

    def get(self, x, y):
        """The colour of a logical pixel (0 if off-screen)."""
        if not (x | y) >> 4:
            i = self._at[(y << 4) | x]
            b = self.buf
            return (b[i] << 16) | (b[i + 1] << 8) | b[i + 2]
        return 0

    # Output -----------------------------------------------------------------
    def show(self):
        """Send the framebuffer to the LEDs (or the window). Backends override."""
        self.frames += 1


def _framebuf():
    try:
        import framebuf
        return framebuf
    except ImportError:
        return None


class Band:
    """A picture `w` pixels wide over rows y..y+h-1 of `display`, kept off the
    screen in the byte order of those rows, so that a 16-column window of it
    is copied onto the screen a row at a time (a framebuf blit in C on
    MicroPython, a plain loop elsewhere), not drawn pixel by pixel: a
    scrolling line is drawn once, then only moved. Draw into it with `pixel`
    and `bits` as on a Display (x in 0..w-1, y in 0..h-1); building it
    allocates, `show` does not."""

    def __init__(self, display, y, w, h):
        if w < LOGICAL_W or y < 0 or h < 1 or y + h > LOGICAL_H:
            raise ValueError("a band is at least 16 wide and on the screen's rows")
        self.display = display
        self.y = y
        self.w = w
        self.h = h
        self.buf = bytearray(3 * w * h)
        # Per row: 1 forward (x rising with the address), 2 reversed (a
        # serpentine chain's odd rows), 0 not one run (copied LED by LED).
        ways = bytearray(h)
        for r in range(h):
            k = (y + r) << 4
            run = display._row_at[y + r]
            if run != _NO_RUN:
                ways[r] = 1 if display._at[k] == run else 2
        self._ways = ways
        fb = _framebuf()
        self._src = self._dst = None
        if fb is not None:
            src = memoryview(self.buf)
            dst = memoryview(display.buf)
            rows = display._row_at
            self._src = [fb.FrameBuffer(src[3 * w * r:3 * w * (r + 1)], 3 * w, 1, fb.GS8)
                         for r in range(h)]
            self._dst = [fb.FrameBuffer(dst[rows[y + r]:rows[y + r] + 48], 48, 1, fb.GS8)
                         if ways[r] else None for r in range(h)]

    def _index(self, x, y):
        return 3 * (y * self.w + (self.w - 1 - x if self._ways[y] == 2 else x))

    def pixel(self, x, y, colour):
        """Set one pixel of the band; outside it is ignored."""
        if 0 <= x < self.w and 0 <= y < self.h:
            i = self._index(x, y)
            buf = self.buf
            buf[i] = colour >> 16
            buf[i + 1] = (colour >> 8) & 0xFF
            buf[i + 2] = colour & 0xFF

    def bits(self, x, y, w, h, bits, colour, lo=0, hi=None):
        """As Display.bits, on the band (columns [lo, hi), all by default)."""
        hi = self.w if hi is None else hi
        bit = 1 << (w * h - 1)
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                if bits & bit and lo <= xx < hi:
                    self.pixel(xx, yy, colour)
                bit >>= 1

    def show(self, x):
        """Columns x..x+15 of the band onto its rows of the display, whole."""
        d = self.display
        w = self.w
        buf, rows = d.buf, d._row_at
        for r in range(self.h):
            way = self._ways[r]
            # Where the window starts in the row's bytes: a reversed row
            # keeps the band right to left.
            a = 3 * (x if way == 1 else w - LOGICAL_W - x)
            if way and self._dst is not None:
                self._dst[r].blit(self._src[r], -a, 0)
            elif way:
                a += 3 * w * r
                i = rows[self.y + r]
                src = self.buf
                for k in range(48):
                    buf[i + k] = src[a + k]
            else:
                for xx in range(LOGICAL_W):
                    i = self._index(x + xx, r)
                    src = self.buf
                    d.pixel(xx, self.y + r, (src[i] << 16) | (src[i + 1] << 8) | src[i + 2])

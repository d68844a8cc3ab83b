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

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

Speed. On MicroPython the per-byte work runs inside the built-in
`framebuf` module (a GS8 blit through a 256-entry palette is a table lookup
in C; a GS2 blit packs a pixel's three channel states into one byte, which
a second palette turns into "lit but rounds to black") and `sum`/`count`/
`find`. Python works only on the pixels that round to black (their duty-1
fix-ups; a run of one colour, e.g. a row of dim greys, in one slice), once
per frame: the fix-ups are kept in a wire-ordered buffer and a keyed blit
repaints everything else around them, at the player's level or a limited
one alike. The pipeline also keeps its scan of the last frame (duty sum,
channels on, dark pixels, fix-ups): a new frame is compared with it 16 LEDs
at a time, and only the stretch from the first changed LED to the last is
counted and painted again (if it is at most half the chain and the levels
are unchanged; else the whole frame). The firmware only shows frames that
changed, and a turn's frames differ by a blinking cursor, so most frames
cost a fraction of a whole one. See tools/bench_frame.py for the measured
cost (on an RP2040: a Tomoko turn about 3.6 ms a frame, a whole new screen
7.3-9 ms; the wire takes 7.7 ms). Without `framebuf` (CircuitPython,
CPython) plain loops produce the same bytes, one pass (two when limited).
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
_CHUNK = 16  # LEDs compared at a time to find what changed since the last frame
_ZERO = b"\x00"
_ONE = b"\x01"  # the scan's code of a lit LED that rounds to black
_BITS = (0, 1, 1, 2, 1, 2, 2, 3)  # how many of R (1), G (2), B (4) are set

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
    bytearray; only the pipeline writes it (if something else does, the
    next frame is painted whole). After `render`: `level` (tenths of a
    percent of full duty), `ma` (the estimated draw, mA), `limited` (the
    current limit dimmed it). `budget_ma` may be changed between frames.
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
        self.idle_ma = idle_ma
        self.k = ma_per_channel
        self.budget_ma = budget_ma
        self.max_brightness = max_brightness
        self.level = 0
        self.ma = 0
        self.limited = False
        self._luts = {}
        self._last = 0  # index in LADDER of the last limited level
        fb = _framebuf() if fast else None
        self.fast = fb is not None
        if self.fast:
            self._views(fb)

    @property
    def budget_ma(self):
        """The current budget (mA); it may be changed between frames."""
        return self._budget

    @budget_ma.setter
    def budget_ma(self, budget_ma):
        allowed = (budget_ma - self.idle_ma * self.n) * 255
        if allowed <= 0:
            raise ValueError("a %d mA budget does not cover the idle draw of %d LEDs (%d mA)"
                             % (budget_ma, self.n, self.idle_ma * self.n))
        self._budget = budget_ma
        # The budget left for light, in (mA per channel) x (duty units).
        self.allowed = allowed

    # Levels and tables ---------------------------------------------------------
    def level_for(self, brightness):
        """The level (tenths of a percent of full duty) for a brightness in %."""
        level = brightness * self.max_brightness // 10
        return 0 if level < 0 else 1000 if level > 1000 else level

    def _table(self, level, base, keep=False):
        """(lut, palette, key) for `level` under the player's level `base`,
        built once and kept (a few at a time). A channel dark at `base`
        stays dark; one lit at `base` keeps at least duty 1. With `keep`, a
        lit channel that rounds to 0 at `base` maps to `key`, a value no
        duty takes: the keyed paint leaves its byte as it is (0, or the
        duty 1 of a fix-up). Without, `key` is -1."""
        key = base << 12 | level << 1 | (1 if keep else 0)
        t = self._luts.get(key)
        if t is None:
            if len(self._luts) >= _CACHE:
                self._luts = {}
            lut = bytearray(256)
            for v in range(1, 256):
                if GAMMA[v] * base // 1000:
                    d = GAMMA[v] * level // 1000
                    lut[v] = d if d else 1
            skip = -1
            if keep:
                used = bytearray(256)
                for d in lut:
                    used[d] = 1
                skip = 255  # a value no duty takes: the blit's key
                while used[skip]:
                    skip -= 1
                for v in range(1, 256):
                    if not GAMMA[v] * base // 1000:
                        lut[v] = skip
            pal = None
            if self.fast:
                pal = self._fb.FrameBuffer(lut, 256, 1, self._fb.GS8)
            t = (lut, pal, skip)
            self._luts[key] = t
        return t

    def _views(self, fb):
        """framebuf views of the buffers, and what the scan keeps between
        frames."""
        self._fb = fb
        n, bpp, GS8 = self.n, self.bpp, fb.GS8
        FB = fb.FrameBuffer
        buf = self.buf
        src = memoryview(buf)
        self._bufv = src
        self._outv = memoryview(self.out)
        # Painting: one column per colour channel, one LED per row.
        self._src = [FB(src[c:], 1, n, GS8, 3) for c in range(3)]
        self._dst = [FB(self._outv[self.pos[c]:], 1, n, GS8, bpp) for c in range(3)]
        # The scan: the framebuffer as one row, and as one LED per row.
        self._row = FB(buf, 3 * n, 1, GS8)
        self._px = FB(buf, 3, n, GS8, 3)
        # A stretch's duties at the player's level (a rescan is at most n/2 LEDs).
        self._part = bytearray(3 * (n // 2 + _CHUNK))
        self._partv = memoryview(self._part)
        self._code = bytearray(n + 1)  # per LED: 1 if lit but it rounds to black
        self._codev = memoryview(self._code)
        self._c2 = FB(self._code, 4, n, fb.GS2_HMSB, 4)  # its 3 channels' states
        self._c8 = FB(self._code, 1, n, GS8, 1)
        b = bytearray(256)  # 3 states (0 off, 1 rounds to 0, 2 on) -> code
        for x in range(256):
            s = (x & 3, (x >> 2) & 3, (x >> 4) & 3)
            b[x] = 1 if 1 in s and 2 not in s else 0
        self._p_code = FB(b, 256, 1, GS8)
        self._fix = bytearray(len(self.out))  # the fix-ups, in wire order
        self._fixfb = FB(self._fix, len(self.out), 1, GS8)
        pats = []  # a fix-up for each set of strongest channels (bits: R, G, B)
        for w in range(8):
            pat = bytearray(bpp)
            for c in range(3):
                if w >> c & 1:
                    pat[self.pos[c]] = 1
            pats.append(bytes(pat))
        self._pats = pats
        self._prev = bytearray(3 * n)  # the framebuffer the scan describes
        prev = memoryview(self._prev)
        self._prevrow = FB(self._prev, 3 * n, 1, GS8)
        self._bch = [src[i:i + 3 * _CHUNK] for i in range(0, 3 * n, 3 * _CHUNK)]
        self._pch = [prev[i:i + 3 * _CHUNK] for i in range(0, 3 * n, 3 * _CHUNK)]
        self._base = -1  # the level the scan was made at (-1: none yet)
        self._pals = None  # (base, its palette, its states palette)
        self._stats = None
        self._span = None
        self._shown = bytearray(len(self.out))  # out as the last render left it
        self._painted = -1  # (level << 11 | base) of _shown, -1: not to be trusted
        self._fresh = -1  # (level << 11 | base) if the scan left out finished
        self._kpal = (-1,)  # (level << 11 | base, palette, key) of the last paint

    def _palettes(self, base):
        """(base, duty palette, states palette) at the player's level."""
        lut, pal = self._table(base, base)[:2]
        b = bytearray(256)
        for v in range(1, 256):
            b[v] = 2 if lut[v] else 1
        p = (base, pal, self._fb.FrameBuffer(b, 256, 1, self._fb.GS8))
        self._pals = p
        return p

    # The frame -------------------------------------------------------------------
    def render(self, buf, brightness):
        """Render `buf` (the framebuffer given at construction) at `brightness` %.

        Returns the output buffer."""
        L0 = brightness * self.max_brightness // 10  # as level_for()
        L0 = 0 if L0 < 0 else 1000 if L0 > 1000 else L0
        k = self.k
        allowed = self.allowed
        out = self.out
        fast = self.fast
        if fast:
            total, on, dark, extra = self._scan(L0)
        else:
            total, dark, extra = self._plain(L0)
            on = -1
        level = L0
        bound = total
        if (total + extra) * k > allowed:
            # Limit. Channels on at the player's level keep at least duty 1.
            if on < 0:
                on = self._on()
            # Over the budget even without the fix-ups: they count as the
            # 3 per dark pixel they can be at most.
            room = allowed // k - on - (extra if total * k <= allowed else 3 * dark)
            t = total + on
            i = self._last  # the last frame's step: usually this one's too
            level = LADDER[i] if i < len(LADDER) else 0
            if not (level < L0 and level * t // L0 <= room and
                    (i == 0 or LADDER[i - 1] >= L0 or LADDER[i - 1] * t // L0 > room)):
                level = self._limit(L0, t, room)
            # floor(G*L/1000) <= (L/L0) * (floor(G*L0/1000) + 1), plus 1 for
            # the duty-1 floor, on every channel that is on.
            bound = level * t // L0 + on if L0 else on
        if (bound + extra) * k > allowed:
            # Not even duty 1 per lit channel fits: show nothing.
            out[:] = bytes(len(out))
            bound = extra = 0
            self._painted = self._fresh = -1
        elif fast:
            # out = the fix-ups, painted over at `level` (the channels that
            # round to 0 at L0 are left as they are). Only the LEDs that
            # changed, if the levels are as last time and out is as it was.
            key = level << 11 | L0
            if self._fresh != key:  # (else the scan did it)
                kp = self._kpal
                if kp[0] != key:
                    kp = (key,) + self._table(level, L0, True)[1:]
                    self._kpal = kp
                span = self._span
                if span is not None and self._painted == key and out == self._shown:
                    a, b = span
                    if a < b:
                        bpp = self.bpp
                        fa = a * bpp
                        fb = b * bpp
                        out[fa:fb] = self._fix[fa:fb]
                        FB, GS8 = self._fb.FrameBuffer, self._fb.GS8
                        ov, pos, src = self._outv, self.pos, self._src
                        for c in range(3):
                            FB(ov[fa + pos[c]:], 1, b - a, GS8, bpp).blit(src[c], 0, -a, kp[2],
                                                                          kp[1])
                else:
                    out[:] = self._fix
                    dst, src = self._dst, self._src
                    for c in range(3):
                        dst[c].blit(src[c], 0, 0, kp[2], kp[1])
            self._painted = key
            self._fresh = -1
            self._shown[:] = out
        elif level < L0:
            self._paint(level, L0)
        self.level = level
        self.limited = level < L0
        self.ma = (self.idle_ma * self.n * 255 + (bound + extra) * k + 254) // 255
        return out

    def _limit(self, L0, t, room):
        """The highest ladder level below L0 whose bound fits (else 0):
        level * t // L0 <= room."""
        lo, hi = 0, len(LADDER)  # LADDER descends: bisect for the first fit
        while lo < hi:
            mid = (lo + hi) >> 1
            level = LADDER[mid]
            if level < L0 and level * t // L0 <= room:
                hi = mid
            else:
                lo = mid + 1
        self._last = lo
        return LADDER[lo] if lo < len(LADDER) else 0

    # Without framebuf ----------------------------------------------------------------
    def _plain(self, base):
        """out = the frame at `base` with its fix-ups, in one loop. Returns
        (sum of duties without fix-ups, dark pixels, duty added)."""
        lut = self._table(base, base)[0]
        buf, out, bpp = self.buf, self.out, self.bpp
        pr, pg, pb = self.pos
        dark = added = 0
        j = 0
        for i in range(0, 3 * self.n, 3):
            r = buf[i]
            g = buf[i + 1]
            b = buf[i + 2]
            dr = lut[r]
            dg = lut[g]
            db = lut[b]
            out[j + pr] = dr
            out[j + pg] = dg
            out[j + pb] = db
            if not (dr or dg or db) and (r or g or b):
                dark += 1
                added += _light(r, g, b, out, j, pr, pg, pb)
            j += bpp
        self._added = added
        return sum(out) - added, dark, added

    def _paint(self, level, base):
        """(Without framebuf.) out = lut[buf] in the LEDs' colour order,
        except the channels that round to 0 at `base`: they keep the fix-up
        already in `out`."""
        lut, pal, skip = self._table(level, base, True)
        buf, out, bpp = self.buf, self.out, self.bpp
        pr, pg, pb = self.pos
        j = 0
        for i in range(0, 3 * self.n, 3):
            d = lut[buf[i]]
            if d != skip:
                out[j + pr] = d
            d = lut[buf[i + 1]]
            if d != skip:
                out[j + pg] = d
            d = lut[buf[i + 2]]
            if d != skip:
                out[j + pb] = d
            j += bpp

    def _on(self):
        """Channels on at the player's level (fix-ups not counted)."""
        out = self.out
        if not self.fast:
            return len(out) - out.count(_ZERO) - self._added
        s = self._stats
        if s[1] < 0:  # not counted yet: paint the frame at that level to count
            pal = self._pals[1]
            dst, src = self._dst, self._src
            for c in range(3):
                dst[c].blit(src[c], 0, 0, -1, pal)
            s[1] = len(out) - out.count(_ZERO)
            self._painted = self._fresh = -1
        return s[1]

    # With framebuf ---------------------------------------------------------------------
    # The scan keeps, for the framebuffer it last saw (_prev): which LEDs
    # are lit but round to black at the player's level (_code), their
    # fix-ups (_fix) and the totals (_stats: sum of duties, channels on,
    # dark LEDs, duty the fix-ups add). A new frame is compared with _prev
    # 16 LEDs at a time; only the stretch from the first changed LED to the
    # last is counted again, and painted again if the level is unchanged.
    def _scan(self, base):
        """(total, on, dark, extra) of the frame at `base`, and its fix-ups
        in _fix. Sets _span: the LEDs that changed, (a, b), or None (all)."""
        if self._base != base:
            return self._scan_all(base)
        bch, pch = self._bch, self._pch
        last = len(bch) - 1
        c0 = 0
        while c0 <= last and bch[c0] == pch[c0]:
            c0 += 1
        s = self._stats
        if c0 > last:
            self._span = (0, 0)
            return s
        c1 = last
        while bch[c1] == pch[c1]:
            c1 -= 1
        n = self.n
        a = c0 * _CHUNK
        b = (c1 + 1) * _CHUNK
        if b > n:
            b = n
        if 2 * (b - a) > n:
            return self._scan_all(base)
        self._span = (a, b)
        A = 3 * a
        B = 3 * b
        fix = self._fix
        fa = a * self.bpp
        fb = b * self.bpp
        code = self._code
        on = s[1] >= 0
        FB, GS8 = self._fb.FrameBuffer, self._fb.GS8
        p = self._pals
        m = B - A
        part = self._part
        v = FB(part, m, 1, GS8)
        # Take out what [a, b) counted last time ...
        v.blit(self._prevrow, -A, 0, -1, p[1])
        s[0] -= sum(self._partv[:m])
        s[2] -= code.count(_ONE, a, b)
        s[3] -= fb - fa - fix.count(_ZERO, fa, fb)
        if on:
            s[1] -= m - part.count(_ZERO, 0, m)
        # ... and count it again.
        v.blit(self._row, -A, 0, -1, p[1])
        s[0] += sum(self._partv[:m])
        if on:
            s[1] += m - part.count(_ZERO, 0, m)
        cv = self._codev[a:b]
        FB(cv, 4, b - a, self._fb.GS2_HMSB, 4).blit(self._px, 0, -a, -1, p[2])
        c8 = FB(cv, 1, b - a, GS8, 1)
        c8.blit(c8, 0, 0, -1, self._p_code)
        self._fixfb.fill_rect(fa, 0, fb - fa, 1, 0)
        dark, extra = self._fixups(a, b, False)
        s[2] += dark
        s[3] += extra
        self._prev[A:B] = self._bufv[A:B]
        return s

    def _scan_all(self, base):
        """The whole frame: out is painted at `base` on the way (the frame
        as shown, fix-ups too, unless it is sure to be over the budget)."""
        p = self._pals
        if p is None or p[0] != base:
            p = self._palettes(base)
        out = self.out
        dst, src = self._dst, self._src
        for c in range(3):
            dst[c].blit(src[c], 0, 0, -1, p[1])
        total = sum(out)
        self._c2.blit(self._px, 0, 0, -1, p[2])
        c8 = self._c8
        c8.blit(c8, 0, 0, -1, self._p_code)
        self._fixfb.fill(0)
        k = self.k
        allowed = self.allowed
        finish = total * k <= allowed  # it may fit: out gets the fix-ups too
        dark, extra = self._fixups(0, self.n, finish)
        on = -1
        if (total + extra) * k > allowed:  # it will be limited: count now
            on = len(out) - out.count(_ZERO) - (extra if finish else 0)
        self._prev[:] = self._bufv
        self._base = base
        self._span = None
        self._painted = -1
        self._fresh = base << 11 | base if finish else -1
        s = [total, on, dark, extra]
        self._stats = s
        return s

    def _fixups(self, a, b, also):
        """Fix-ups (pixel_duty's rule) of the dark LEDs in [a, b), into _fix
        (and out too if `also`). Returns (dark LEDs, duty added). A run of
        dark LEDs of one colour (a row of dim greys) is fixed in one go."""
        code = self._code
        find = code.find
        p = find(_ONE, a, b)
        if p < 0:
            return 0, 0
        buf, fix, out, bpp, pats = self.buf, self._fix, self.out, self.bpp, self._pats
        bits = _BITS
        dark = added = 0
        while p >= 0:
            i = 3 * p
            j = p * bpp
            q = p + 1
            if not code[q]:  # alone: the usual case
                r = buf[i]
                g = buf[i + 1]
                bl = buf[i + 2]
                w = 7 if r == g and g == bl else _strongest(r, g, bl)
                pat = pats[w]
                fix[j:j + bpp] = pat
                if also:
                    out[j:j + bpp] = pat
                added += bits[w]
                dark += 1
                p = find(_ONE, q, b)
                continue
            q = find(_ZERO, q, b)  # a run (code has a 0 after the last LED)
            if q < 0:
                q = b
            e = 3 * q
            bv = self._bufv
            if bv[i:e - 3] == bv[i + 3:e]:  # of one colour: all at once
                w = _strongest(buf[i], buf[i + 1], buf[i + 2])
                fix[j:q * bpp] = pats[w] * (q - p)
                added += bits[w] * (q - p)
            else:  # one at a time
                while i < e:
                    r = buf[i]
                    g = buf[i + 1]
                    bl = buf[i + 2]
                    if r > g:
                        w = 1 if r > bl else 5 if r == bl else 4
                    elif r == g:
                        w = 3 if r > bl else 7 if r == bl else 4
                    else:
                        w = 2 if g > bl else 6 if g == bl else 4
                    fix[j:j + bpp] = pats[w]
                    added += bits[w]
                    i += 3
                    j += bpp
            dark += q - p
            if also:
                j = p * bpp
                out[j:q * bpp] = fix[j:q * bpp]
            p = find(_ONE, q, b)
        return dark, added

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


def _strongest(r, g, b):
    """A pixel's strongest channels: bits R 1, G 2, B 4."""
    if r > g:
        return 1 if r > b else 5 if r == b else 4
    if r == g:
        return 3 if r > b else 7 if r == b else 4
    return 2 if g > b else 6 if g == b else 4


def _light(r, g, b, out, j, pr, pg, pb):
    """pixel_duty's rule for a lit pixel that rounds to black: duty 1 on its
    strongest channel(s), at out[j + position]. Returns how many."""
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
        if not (x | y) >> 4:  # x and y in 0..15 (as Display.pixel)
            i = self._at[(y << 4) | x]
            buf = self.buf
            buf[i] = colour >> 16
            buf[i + 1] = (colour >> 8) & 0xFF
            buf[i + 2] = colour & 0xFF

    def get(self, x, y):
        if not (x | y) >> 4:
            i = self._at[(y << 4) | x]
            b = self.buf
            return (b[i] << 16) | (b[i + 1] << 8) | b[i + 2]
        return 0

    def show(self):
        Display.show(self)
        self.pipeline.render(self.buf, self.brightness)
        self.write(self.pipeline)

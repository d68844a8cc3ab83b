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
2. Gamma and brightness. `base` is the frame at the player's level L0
   (tenths of a percent of full duty): `GAMMA[v] * L0 // 1000` per channel,
   in the LEDs' colour order, and `hal.colour.never_dark` for a lit pixel
   whose every channel rounds to 0. That is `hal.colour.pixel_duty`
   exactly, so the LEDs show what the simulator shows.
3. Current limit (as FastLED and WLED do). The frame's draw is estimated
   from its duties: `idle_ma` per LED plus `ma_per_channel` per channel at
   full duty, in proportion. If `base` exceeds the board's budget it is
   dimmed to the highest step L of a ladder (about 9% apart) whose bound
   fits: a duty d becomes max(1, d * L // L0), so a channel that is on
   stays on (dim details and their hue survive) and one that is off stays
   off, and the frame's sum of duties is at most L * S // L0 + on (S: the
   sum of `base`, on: its channels that are on). That bound is the
   estimate reported, and it is within the budget.

Speed. On MicroPython the per-byte work runs inside the built-in
`framebuf` module (a blit through a 256-entry palette is a table lookup in
C) and `sum`/`count`; Python makes the same dozen calls whatever the frame
shows: three blits paint `base`, one per colour channel; a GS2 blit packs
each LED's three channel states (off, lit below the gamma curve's first
step, visible at full brightness but dark at L0, on) into one byte, and
three keyed blits through palettes of that byte write the never-dark duty
1s, so dim details cost nothing extra; `sum` (and `count`, when limited)
give the estimate; one blit through a palette dims `base` into the output
when the budget asks for it. The pipeline keeps `base` and its totals: a
new frame is compared with the last one 16 LEDs at a time, and only the
chunks that changed are painted and counted again (if they are less than
half the chain; else the whole frame, which costs about as much as 7 chunks
painted one by one: measured in fuel). The
firmware only shows frames that changed, and a turn's frames differ by a
blinking cursor, so most frames cost a fraction of a whole one. A frame
makes two Python calls (`render` and `_scan`) and none into the table
cache unless the levels changed: MicroPython puts the frame of a function
with more than a few locals on the heap, and in a fragmented heap finding
room for it costs as much as a blit (tools/bench_frame.py measured 10%
of a new screen for three more calls). See tools/bench_frame.py for the
measured cost. Where MicroPython can run machine code made for the board
(hal/pipeline_viper.py, the RP2040) one viper loop paints the LEDs that
changed and another dims the frame, instead of the blits: a whole frame
costs less than one chunk painted by blits.
Without `framebuf` (CircuitPython, CPython) plain loops give the same bytes.
"""

from hal.colour import GAMMA, never_dark
from hal.display import Display

# LedDisplay.show renders with MicroPython's heap locked where it can (not
# CPython nor CircuitPython), as the firmware draws (firmware/app.py): a
# call of a function with more than a few words of locals (render, _scan)
# then gets its frame on the C stack, not from a fragmented heap, which cost
# about 1 ms of a 4 ms render on the emulated Pico. A render that must make a
# table fails with MemoryError under the lock and is run again unlocked.
try:
    from micropython import heap_lock as _heap_lock, heap_unlock as _heap_unlock
except ImportError:
    _heap_lock = _heap_unlock = None

# The viper loops load only on MicroPython for the architecture they were
# compiled for (tools/build_mpy.NATIVE_ARCH): elsewhere the import fails with
# ImportError (CPython: no `micropython`), ValueError (an .mpy for another
# architecture) or SyntaxError (a source without a native emitter).
_viper = None
if _heap_lock is not None:
    try:
        from hal import pipeline_viper as _viper
    except (ImportError, ValueError, SyntaxError):
        pass

# Levels the current limit may step down to: 1000 * 2 ** (-k / 8), about 9%
# apart, as integers (the same on every port, no floats).
LADDER = (1000, 917, 841, 771, 707, 648, 595, 545, 500, 459, 420, 386, 354, 324, 297, 273,
          250, 229, 210, 193, 177, 162, 149, 136, 125, 115, 105, 96, 88, 81, 74, 68, 63,
          57, 53, 48, 44, 41, 37, 34, 31, 29, 26, 24, 22, 20, 19, 17, 16, 14, 13, 12, 11,
          10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
_CACHE = 12  # brightness tables kept (256 bytes and a palette each)
_CHUNK = 16  # LEDs compared at a time to find what changed since the last frame
_ZERO = b"\x00"

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
    next frame is rendered whole). After `render`: `base` (the frame at the
    player's level), `level` (tenths of a percent of full duty), `ma` (the
    estimated draw, mA), `limited` (the current limit dimmed it).
    `budget_ma` may be changed between frames. `fast`: use framebuf and the
    viper loops where the port has them (False: the plain loops).
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
        self.base = bytearray(n * self.bpp)
        self.idle_ma = idle_ma
        self.k = ma_per_channel
        self.budget_ma = budget_ma
        self.max_brightness = max_brightness
        self.level = 0
        self.ma = 0
        self.limited = False
        self._keys = [-1] * _CACHE  # the key of each slot's table (-1: none)
        self._tabs = [None] * _CACHE  # each slot's (table, palette)
        self._next = 0  # the slot a new table refills next, round the row
        self._at = -1  # the player's level `base` was painted at (-1: none yet)
        self._spare = None  # storage made ahead for the next new table (prepare)
        self.needs = True  # prepare has something to do: no spare, and a slot is empty
        self._last = 0  # index in LADDER of the last limited level
        self._outkey = -1  # (level << 11 | L0) of out on the fast path, -1: not to be trusted
        fb = _framebuf() if fast else None
        self.fast = fb is not None
        self.native = _viper if fast else None  # the viper loops, or None
        self._order = self.pos[0] | self.pos[1] << 2 | self.pos[2] << 4 | self.bpp << 6
        self._prev = bytearray(3 * n)  # the framebuffer `base` shows
        if self.fast:
            self._views(fb)
        if self.fast or self.native:
            self._keep()

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
        # The budget left for light, as a sum of duties.
        self.room = allowed // self.k

    # Levels and tables ---------------------------------------------------------
    def _table(self, kind, base, level=0):
        """A 256-byte table and, on the fast path, its framebuf palette, built
        once and kept (_CACHE at a time). Kind 0: a framebuffer value's duty
        at the player's level `base`. Kind 1: its state there (0 off, 1 lit
        below the gamma curve's first step, 2 visible at full brightness but
        dark at `base`, 3 on). Kind 2: a duty at `base` dimmed to `level`
        (a channel that is on stays on).

        The cache is a fixed row of slots: a new table takes an empty slot
        (its storage made ahead by `prepare` if it was) or refills the next
        one round the row in place, never the duty and state tables painting
        at the player's level. So once the slots are full nothing is
        allocated: the limit steps its level as a frame's light changes (a
        blink), and a table a step made garbage every frame."""
        key = (level << 11 | base) << 2 | kind
        keys = self._keys
        if key in keys:
            return self._tabs[keys.index(key)]
        i = self._slot()
        t = self._tabs[i]
        if t is None:
            t = self._spare
            self._spare = None
            if t is None:
                t = self._storage()
            self._tabs[i] = t
            self.needs = True  # prepare sees whether another slot is empty
        keys[i] = -1  # until it is filled
        lut = t[0]
        # A loop per kind, not a test of the kind per entry: a new level
        # of the limit (a frame whose light changed) makes a table.
        if kind == 0:
            for v in range(1, 256):
                lut[v] = GAMMA[v] * base // 1000
        elif kind == 1:
            for v in range(1, 256):
                lut[v] = 3 if GAMMA[v] * base // 1000 else 2 if GAMMA[v] else 1
        else:
            self._dimming(lut, t[1], base, level, self.native)
        keys[i] = key
        return t

    def _slot(self):
        """The slot for a new table: an empty one, else the next one round
        the row that does not hold the duty or state table at the player's
        level `base` is painted at (the limit's tables are refilled oldest
        first)."""
        keys = self._keys
        if -1 in keys:
            return keys.index(-1)
        keep = self._at << 2  # the duty table's key (kind 0, level 0); +1: the state table
        i = self._next
        while keys[i] == keep or keys[i] == keep + 1:
            i = (i + 1) % _CACHE
        self._next = (i + 1) % _CACHE
        return i

    def tables(self):
        """How many tables the cache holds."""
        return _CACHE - self._keys.count(-1)

    def _storage(self):
        """A new table's storage: 256 bytes and, on the fast path, its palette."""
        lut = bytearray(256)
        return (lut, self._fb.FrameBuffer(lut, 256, 1, self._fb.GS8) if self.fast else None)

    def prepare(self):
        """Make the next new table's storage ahead, if the cache will take
        one more (LedDisplay.show calls it after a frame that used it, the
        frame on the wire). A frame that needs a new table then does not
        allocate it under the heap lock, which fails and renders the frame
        again unlocked (2.5 ms more on the emulated Pico); `needs` says
        whether there is anything to do."""
        if self._spare is None and -1 in self._keys:
            self._spare = self._storage()
        self.needs = False

    @staticmethod
    def _dimming(lut, pal, base, level, native=None):
        """lut[d] = max(1, d * level // base) for the duties d a frame at
        `base` holds, 1 to 255 * base // 1000 (the entries above are never
        read: a refilled table may keep old ones there, a run may spill
        into them). A dimmed duty climbs by at most 1 a step, so below two
        thirds of `base` each value is one `fill_rect` of its run (with
        framebuf): fewer calls than entries, a call costing about 1.5
        entries' loop; with the viper loops (`native`) it is one loop in
        machine code. The limit makes such a table whenever it steps to a
        level it does not keep."""
        top = GAMMA[255] * base // 1000
        if native is not None:
            native.dimming(lut, base, level, top)
            return
        if pal is not None and 0 < level and 3 * level < 2 * base:
            a = 1  # the first duty dimmed to k (k = 1 also takes those dimmed to 0)
            k = 1
            n = 2 * base + level - 1  # (k + 1) * base + level - 1
            while a <= top:
                b = n // level  # the first duty dimmed to k + 1
                pal.fill_rect(a, 0, b - a, 1, k)  # clipped at 256
                a = b
                k += 1
                n += base
            return
        d = 0  # v * level
        for v in range(1, top + 1):
            d += level
            lut[v] = d // base or 1

    def _views(self, fb):
        """framebuf views of the buffers, the never-dark palettes, and what
        the pipeline keeps between frames."""
        self._fb = fb
        n, bpp, GS8 = self.n, self.bpp, fb.GS8
        FB = fb.FrameBuffer
        src = memoryview(self.buf)
        self._bufv = src
        self._basev = memoryview(self.base)
        self._outv = memoryview(self.out)
        # Painting: one column per colour channel, one LED per row.
        self._src = [FB(src[c:], 1, n, GS8, 3) for c in range(3)]
        self._dst = [FB(self._basev[self.pos[c]:], 1, n, GS8, bpp) for c in range(3)]
        self._baserow = FB(self.base, n * bpp, 1, GS8)
        self._outrow = FB(self.out, n * bpp, 1, GS8)
        # The never-dark rule: an LED's three channel states packed into one
        # byte (2 bits each, R lowest), and per channel a palette of that
        # byte: 1 where the rule gives the channel duty 1.
        self._px = FB(self.buf, 3, n, GS8, 3)
        self._code = bytearray(n)
        self._codev = memoryview(self._code)
        self._c2 = FB(self._code, 4, n, fb.GS2_HMSB, 4)
        self._c8 = FB(self._code, 1, n, GS8, 1)
        fix = []
        for c in range(3):
            f = bytearray(256)
            for s in range(64):
                t = (s & 3, s >> 2 & 3, s >> 4 & 3)
                if 3 not in t and t[c] == (2 if 2 in t else 1):
                    f[s] = 1
            fix.append(FB(f, 256, 1, GS8))
        self._fix = fix
        prev = memoryview(self._prev)
        self._bch = [src[i:i + 3 * _CHUNK] for i in range(0, 3 * n, 3 * _CHUNK)]
        self._pch = [prev[i:i + 3 * _CHUNK] for i in range(0, 3 * n, 3 * _CHUNK)]
        # A chunk painted alone: into `_scratch` (its own columns and codes),
        # then copied into its stretch of `base` (_basech). Only where the
        # LEDs make whole chunks (else every change paints all of it).
        self._basech = None
        if n % _CHUNK == 0:
            size = _CHUNK * bpp
            self._basech = [self._basev[i:i + size] for i in range(0, n * bpp, size)]
            self._scratch = bytearray(size)
            sv = memoryview(self._scratch)
            self._sdst = [FB(sv[self.pos[c]:], 1, _CHUNK, GS8, bpp) for c in range(3)]
            code = bytearray(_CHUNK)
            self._sc2 = FB(code, 4, _CHUNK, fb.GS2_HMSB, 4)
            self._sc8 = FB(code, 1, _CHUNK, GS8, 1)

    def _keep(self):
        """What the fast paths keep between frames (and _at, _prev)."""
        self._duty = self._state = None  # the tables for painting at _at
        self._dimkey = -1  # (level << 11 | L0) of _dim, the table dimming base
        self._dim = None
        self._stats = [0, -1]  # [sum of base, channels on in base (-1: not counted)]
        self._changed = 2  # what the last paint did: 0 nothing, 1 some chunks, 2 all
        self._shown = bytearray(len(self.out))  # out as the last render left it

    # The frame -------------------------------------------------------------------
    def render(self, buf, brightness):
        """Render `buf` (the framebuffer given at construction) at `brightness` %.

        Returns the output buffer."""
        # The player's level, in tenths of a percent of full duty.
        L0 = brightness * self.max_brightness // 10
        L0 = 0 if L0 < 0 else 1000 if L0 > 1000 else L0
        room = self.room
        if self.native:
            s = self._paint(L0)
        elif self.fast:
            s = self._scan(L0)
        else:
            s = self._plain(L0)
        total = s[0]
        level = L0
        bound = total
        if total > room:
            # Limit: a duty d at level L is max(1, d * L // L0), so the sum is
            # at most L * total // L0 + (channels on).
            on = s[1]
            if on < 0:
                on = s[1] = len(self.base) - self.base.count(_ZERO)
            level = 0
            bound = on
            if L0:
                i = self._last  # the last frame's step: usually this one's too
                level = LADDER[i] if i < len(LADDER) else 0
                if not (level < L0 and level * total // L0 + on <= room and
                        (i == 0 or LADDER[i - 1] >= L0 or
                         LADDER[i - 1] * total // L0 + on > room)):
                    level = self._limit(L0, total, on, room)
                bound = level * total // L0 + on
        out = self.out
        if bound > room:
            # Not even duty 1 per lit channel fits: show nothing.
            if self.fast:
                self._outrow.fill(0)  # nothing allocated: it may run under the heap lock
            else:
                for i in range(len(out)):
                    out[i] = 0
            bound = 0
            self._outkey = -1
        elif not (self.fast or self.native):
            self._show_plain(level, L0)
        else:
            # out = base, dimmed to `level` if below L0: only the stretch that
            # changed, if out is as the last render left it at the same levels.
            base = self.base
            key = level << 11 | L0
            if level < L0 and key != self._dimkey:
                self._dimkey = -1  # until the table is made: _table may refill _dim
                self._dim = self._table(2, L0, level)
                self._dimkey = key
            # All of out, in C or viper (a copy, or a table's lookups when
            # dimmed): cheaper than finding the stretch that changed.
            if self._changed or self._outkey != key or out != self._shown:
                if level < L0:
                    if self.native:
                        self.native.dim(out, base, self._dim[0], len(out))
                    else:
                        self._outrow.blit(self._baserow, 0, 0, -1, self._dim[1])
                else:
                    out[:] = base
                self._outkey = key
                self._shown[:] = out
        self.level = level
        self.limited = level < L0
        self.ma = (self.idle_ma * self.n * 255 + bound * self.k + 254) // 255
        return out

    def _limit(self, L0, total, on, room):
        """The highest ladder level below L0 whose bound fits (else 0):
        level * total // L0 + on <= room."""
        lo, hi = 0, len(LADDER)  # LADDER descends: bisect for the first fit
        while lo < hi:
            mid = (lo + hi) >> 1
            level = LADDER[mid]
            if level < L0 and level * total // L0 + on <= room:
                hi = mid
            else:
                lo = mid + 1
        self._last = lo
        return LADDER[lo] if lo < len(LADDER) else 0

    def _show_plain(self, level, L0):
        """out = base, dimmed to `level` if below L0 (without framebuf)."""
        out, base = self.out, self.base
        if level < L0:
            lut = self._table(2, L0, level)[0]
            for i in range(len(out)):
                out[i] = lut[base[i]]
        else:
            out[:] = base

    # Without framebuf ----------------------------------------------------------------
    def _plain(self, L0):
        """base = the frame at the player's level, in one loop. Returns
        [sum of base, -1 (channels on: not counted yet)]."""
        lut = self._table(0, L0)[0]
        buf, base, bpp = self.buf, self.base, self.bpp
        pr, pg, pb = self.pos
        j = 0
        for i in range(0, 3 * self.n, 3):
            r = buf[i]
            g = buf[i + 1]
            b = buf[i + 2]
            dr = lut[r]
            dg = lut[g]
            db = lut[b]
            if not (dr or dg or db) and (r or g or b):
                dr, dg, db = never_dark(r, g, b)
            base[j + pr] = dr
            base[j + pg] = dg
            base[j + pb] = db
            j += bpp
        return [sum(base), -1]

    # With the viper loops --------------------------------------------------------------
    def _paint(self, L0):
        """As _scan, by pipeline_viper.paint: the LEDs that changed, in one
        call that keeps both totals (so a limited frame counts nothing)."""
        s = self._stats
        nat = self.native
        order = self._order
        if self._at != L0:
            self._duty = self._table(0, L0)[0]
            self._state = self._table(1, L0)[0]
            self._at = L0
            order |= nat.WHOLE
        elif self._prev == self.buf:  # one compare in C: cheaper than a loop finding nothing
            self._changed = 0
            return s
        if s[1] < 0:
            s[1] = len(self.base) - self.base.count(_ZERO)
        got = nat.paint(self.buf, self._prev, self.base, self._duty, self._state, self.n, order,
                        s[0] + s[1] * nat.ON)
        s[0] = got % nat.ON
        s[1] = got // nat.ON
        self._changed = 2
        return s

    # With framebuf ---------------------------------------------------------------------
    # The pipeline keeps, for the framebuffer it last saw (_prev), `base`
    # and its totals (_stats). A new frame is compared with _prev 16 LEDs
    # (a chunk) at a time; only the chunks that changed are painted and
    # counted again, each into a scratch chunk and copied into `base`, with
    # views built once: a frame whose changes are painted this way makes no
    # garbage (views made per frame were half a kilobyte of it, and garbage
    # is collected all at once, a pause longer than a frame). Painting is
    # inline, not a method: see "Speed" above.
    def _scan(self, L0):
        """[sum of base, channels on] with base painted at L0 where the
        frame changed: the frame at the player's level, never-dark duty 1s
        included (three blits, one packing blit, three keyed ones). Sets
        _changed: 0 nothing, 1 some chunks, 2 all of it."""
        s = self._stats
        bch, pch = self._bch, self._pch
        whole = self._at != L0
        if whole:
            # The tables first: if making one fails (MemoryError under the
            # heap lock, LedDisplay.show), render is run again from scratch.
            self._duty = self._table(0, L0)[1]
            self._state = self._table(1, L0)[1]
            self._at = L0
        else:
            changed = 0
            for k in range(len(bch)):
                if bch[k] != pch[k]:
                    changed += 1
            if not changed:
                self._changed = 0
                return s
            whole = self._basech is None or 2 * changed * _CHUNK >= self.n
        duty, src, fix = self._duty, self._src, self._fix
        if whole:
            dst, c2, c8 = self._dst, self._c2, self._c8
            for c in range(3):
                dst[c].blit(src[c], 0, 0, -1, duty)
            c2.blit(self._px, 0, 0, -1, self._state)
            for c in range(3):
                dst[c].blit(c8, 0, 0, 0, fix[c])  # key 0: only the 1s are written
            s[0] = sum(self.base)
            s[1] = -1
            self._changed = 2
            self._prev[:] = self._bufv
            return s
        base, basech, scratch = self.base, self._basech, self._scratch
        dst, c2, c8 = self._sdst, self._sc2, self._sc8
        size = _CHUNK * self.bpp
        for k in range(len(bch)):
            if bch[k] == pch[k]:
                continue
            a = -k * _CHUNK  # the chunk's first LED, as a blit's offset
            old = basech[k]
            s[0] -= sum(old)
            if s[1] >= 0:
                s[1] -= size - base.count(_ZERO, k * size, k * size + size)
            for c in range(3):
                dst[c].blit(src[c], 0, a, -1, duty)
            c2.blit(self._px, 0, a, -1, self._state)
            for c in range(3):
                dst[c].blit(c8, 0, 0, 0, fix[c])
            old[:] = scratch
            s[0] += sum(old)
            if s[1] >= 0:
                s[1] += size - base.count(_ZERO, k * size, k * size + size)
            pch[k][:] = bch[k]
        self._changed = 1
        return s

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


class LedDisplay(Display):
    """A Display for an LED matrix: framebuffer in chain order, `show()`
    renders through a Pipeline and hands it to `write`.

    `chain` is `wiring(...)` for the whole matrix; `write(pipeline)` sends
    `pipeline.out` (or `pipeline.colours(...)`) to the LEDs.
    """

    def __init__(self, width, height, chain, write, **pipeline_options):
        n = width * height
        if len(chain) != n or sorted(chain) != list(range(n)):
            raise ValueError("the wiring must place every LED exactly once")
        Display.__init__(self, width, height, chain)
        self.write = write
        self.pipeline = Pipeline(self.buf, **pipeline_options)

    def show(self):
        Display.show(self)
        p = self.pipeline
        if _heap_lock is None or not p.fast or not self._locked_render():
            p.render(self.buf, self.brightness)
        self.write(p)
        if p.needs and _heap_lock is not None:
            # With the frame on its way: the storage the next new table will
            # take, made now (unlocked), not by a later frame's render.
            p.prepare()

    def _locked_render(self):
        """render with the heap locked; False if it had to allocate (a new
        table): it is run again unlocked then, with `out` made whole (the
        failed run may have painted `base` without it)."""
        p = self.pipeline
        _heap_lock()
        try:
            p.render(self.buf, self.brightness)
            return True
        except MemoryError:
            p._outkey = -1
            return False
        finally:
            _heap_unlock()

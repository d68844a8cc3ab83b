"""Drawing helpers on a hal Display's logical 16x16 screen."""

from firmware import font
from hal.display import Band

SIZE = 16

# When a drawing next looks different with nothing else changed: every
# helper that reads the time (blink, breathe, marquee, before, steps) brings
# this down to the moment its answer changes. The app starts a draw with
# watch(now) and reads due() after it, and draws nothing until then unless
# a button, the screen or a notice changed something (firmware/app.py): most
# steps of a person's turn show the frame they showed before. Drawing code
# that reads the time must read it through these helpers.
_now = 0
_due = 0
WATCH_MS = 60000  # a drawing is done again at least this often


def watch(now):
    """Start a drawing at `now`: due() is now + WATCH_MS until a helper
    reports an earlier change."""
    global _now, _due
    _now = now
    _due = now + WATCH_MS


def due():
    """The earliest time a helper reported since watch(): the drawing may
    look different from then on."""
    return _due


def until(t):
    """A drawing decision changes at time `t` (ignored if not after now)."""
    global _due
    if _now < t < _due:
        _due = t


def before(now, t):
    """now < t, reported to watch()."""
    until(t)
    return now < t


def steps(now, ms, since=0):
    """How many whole `ms` have passed from `since` to `now` (floored),
    reported to watch(): `(now - since) // ms` changes at the next step."""
    k = (now - since) // ms
    until(since + (k + 1) * ms)
    return k


def frame(d, x, y, w, h, colour):
    """Rectangle outline."""
    d.rect(x, y, w, 1, colour)
    d.rect(x, y + h - 1, w, 1, colour)
    d.rect(x, y + 1, 1, h - 2, colour)
    d.rect(x + w - 1, y + 1, 1, h - 2, colour)


def text(d, x, y, s, colour, lo=0, hi=SIZE):
    """Draw `s` with its top-left at (x, y), only the columns in [lo, hi)
    (a marquee's band); return the x after it. Letters wholly outside the
    band cost one comparison each: a scrolling line shows three or four."""
    for ch in s:
        if x + font.W > lo and x < hi:
            d.bits(x, y, font.W, font.H, font.glyph(ch), colour, lo, hi)
        x += font.ADVANCE
    return x


def text_center(d, y, s, colour):
    text(d, (SIZE - font.width(s) + 1) // 2, y, s, colour)


def marquee(d, y, s, colour, now, x0=0, w=SIZE, step_ms=110, pause_ms=700, since=0):
    """Text that fits is centred in [x0, x0+w); longer text scrolls and
    loops, from its start at `since`."""
    tw = font.width(s)
    if tw <= w:
        text(d, x0 + (w - tw + 1) // 2, y, s, colour)
        return
    off = scroll(now, tw, step_ms, pause_ms, since)
    # Draw into the band only, so scrolling text never spills over.
    text(d, x0 - off, y, s, colour, x0, x0 + w)
    text(d, x0 - off + travel_of(tw), y, s, colour, x0, x0 + w)


def travel_of(tw):
    """How far a scrolling line of `tw` pixels moves before it repeats (its
    copy follows it after a gap of 4)."""
    return tw + 4


def scroll(now, tw, step_ms=110, pause_ms=700, since=0):
    """How far (pixels) a scrolling line of `tw` pixels, started at `since`,
    has moved at `now`: by one pixel per step, after a pause with its start
    showing; reported to watch()."""
    period = pause_ms + travel_of(tw) * step_ms
    t = (now - since) % period
    if t < pause_ms:
        until(now - t + pause_ms)
        return 0
    off = (t - pause_ms) // step_ms
    until(now - t + pause_ms + (off + 1) * step_ms)
    return off


def strip(d, y, s, colour):
    """`s` as marquee(d, y, s, colour, ...) draws it, drawn once into a
    hal.display.Band over rows y..y+4 (both copies of a scrolling line):
    show_strip then copies the part showing onto the screen each frame."""
    tw = font.width(s)
    if tw <= SIZE:
        band = Band(d, y, SIZE, font.H)
        text(band, (SIZE - tw + 1) // 2, 0, s, colour, 0, SIZE)
    else:
        travel = travel_of(tw)
        band = Band(d, y, travel + SIZE, font.H)
        text(band, 0, 0, s, colour, 0, band.w)
        text(band, travel, 0, s, colour, 0, band.w)
    band.tw = tw
    return band


def show_strip(band, now, since=0, step_ms=110, pause_ms=700):
    """What marquee would draw at `now` (a line started at `since`), from
    a strip; its rows on screen are overwritten whole (black around the
    letters)."""
    tw = band.tw
    band.show(0 if tw <= SIZE else scroll(now, tw, step_ms, pause_ms, since))


def marquee_ms(s, w=SIZE, step_ms=110, pause_ms=700):
    """How long `marquee` takes to show all of `s` once (0 if it fits)."""
    tw = font.width(s)
    return 0 if tw <= w else pause_ms + (tw + 1 - w) * step_ms


def breathe(now, lo, hi, period=1200, step_ms=100):
    """A level (percent) going lo -> hi -> lo once a period, changing only
    every `step_ms`: the LED output stage redoes little for unchanged frames."""
    t = now // step_ms * step_ms
    until(t + step_ms)
    t %= period
    half = period // 2
    return lo + (t if t < half else period - t) * (hi - lo) // half


def blink(now, period=600, duty=50):
    """True during the first `duty` percent of each period."""
    return within(now, period, period * duty // 100)


def within(now, period, on):
    """True during the first `on` ms of each `period` (now % period < on),
    reported to watch()."""
    t = now % period
    until(now - t + (on if t < on else period))
    return t < on


def glyph_rows(d, x, y, rows, colours):
    """Draw a small picture: `rows` of characters, each mapped by `colours`
    (a dict char -> colour; characters not in it are left untouched)."""
    for j, row in enumerate(rows):
        for i, ch in enumerate(row):
            c = colours.get(ch)
            if c is not None:
                d.pixel(x + i, y + j, c)


def dots(d, x, y, n, current, on, off, h=1):
    """A row of `n` dots `h` high from (x, y), dot `current` in `on`, the
    others in `off`: where a list or a run of pages stands."""
    for i in range(n):
        d.rect(x + i, y, 1, h, on if i == current else off)

"""Drawing helpers on a hal Display's logical 16x16 screen."""

from firmware import font

SIZE = 16


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


def marquee(d, y, s, colour, now, x0=0, w=SIZE, step_ms=110, pause_ms=700):
    """Text that fits is centred in [x0, x0+w); longer text scrolls and loops."""
    tw = font.width(s)
    if tw <= w:
        text(d, x0 + (w - tw + 1) // 2, y, s, colour)
        return
    # Scroll by one pixel per step; pause with the start showing.
    travel = tw + 4
    period = pause_ms + travel * step_ms
    t = now % period
    off = 0 if t < pause_ms else (t - pause_ms) // step_ms
    # Draw into the band only, so scrolling text never spills over.
    text(d, x0 - off, y, s, colour, x0, x0 + w)
    text(d, x0 - off + travel, y, s, colour, x0, x0 + w)


def marquee_ms(s, w=SIZE, step_ms=110, pause_ms=700):
    """How long `marquee` takes to show all of `s` once (0 if it fits)."""
    tw = font.width(s)
    return 0 if tw <= w else pause_ms + (tw + 1 - w) * step_ms


def breathe(now, lo, hi, period=1200, step_ms=100):
    """A level (percent) going lo -> hi -> lo once a period, changing only
    every `step_ms`: the LED output stage redoes little for unchanged frames."""
    t = now // step_ms * step_ms % period
    half = period // 2
    return lo + (t if t < half else period - t) * (hi - lo) // half


def blink(now, period=600, duty=50):
    """True during the first `duty` percent of each period."""
    return now % period < period * duty // 100


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

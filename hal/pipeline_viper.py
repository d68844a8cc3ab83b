"""The output stage's per-LED loops as machine code (MicroPython's viper).

On a board whose MicroPython has a native emitter (the RP2040's official
firmware does) these loops replace hal/pipeline.py's framebuf blits and its
dimming tables' loop: a whole frame painted here costs less than one 16-LED
chunk painted by blits
(measured on the emulated Pico: tools/bench_leds). tools/build_mpy compiles
this module for the RP2040's Cortex-M0+ (its NATIVE_ARCH). Where it cannot
load (another architecture, a port without the
emitter, CPython) importing it raises and the pipeline keeps its blits; they
give the same bytes (tests/test_pico_viper.py compares them on the emulated
Pico).
"""

import micropython


@micropython.viper
def paint(buf: ptr8, prev: ptr8, base: ptr8, duty: ptr8, state: ptr8, n: int, order: int,
          stats: int) -> int:
    """base = the frame `buf` (R, G, B per LED) at the player's level, for the
    LEDs that differ from `prev` (all of them with WHOLE in `order`): each
    channel through `duty`, and for a lit LED whose every channel is dark
    there, duty 1 on the channels whose `state` is the brightest of them
    (hal.colour.never_dark). `prev` becomes `buf`. `order`: the positions of
    R, G and B in a base LED (2 bits each, R lowest) and its bytes per LED
    (3 bits from bit 6). `stats`: the sum of base, plus its channels that
    are on (not 0) times ON; returns the new ones the same way."""
    pr = order & 3
    pg = (order >> 2) & 3
    pb = (order >> 4) & 3
    bpp = (order >> 6) & 7
    whole = order & 512
    total = stats & 0x3FFFF
    on = stats >> 18
    i = 0
    j = 0
    end = 3 * n
    while i < end:
        r = buf[i]
        g = buf[i + 1]
        b = buf[i + 2]
        if whole or r != prev[i] or g != prev[i + 1] or b != prev[i + 2]:
            prev[i] = r
            prev[i + 1] = g
            prev[i + 2] = b
            dr = duty[r]
            dg = duty[g]
            db = duty[b]
            if (dr | dg | db) == 0 and (r | g | b) != 0:
                sr = state[r]
                sg = state[g]
                sb = state[b]
                want = 1
                if sr == 2 or sg == 2 or sb == 2:
                    want = 2
                if sr == want:
                    dr = 1
                if sg == want:
                    dg = 1
                if sb == want:
                    db = 1
            old = base[j + pr]
            if old:
                on -= 1
                total -= old
            old = base[j + pg]
            if old:
                on -= 1
                total -= old
            old = base[j + pb]
            if old:
                on -= 1
                total -= old
            if dr:
                on += 1
                total += dr
            if dg:
                on += 1
                total += dg
            if db:
                on += 1
                total += db
            base[j + pr] = dr
            base[j + pg] = dg
            base[j + pb] = db
        i += 3
        j += bpp
    return total | on << 18


WHOLE = 512  # paint's flag in `order`: paint every LED
ON = 1 << 18  # in paint's `stats`: a channel that is on (the sum of base is below it)


@micropython.viper
def dim(out: ptr8, base: ptr8, lut: ptr8, size: int):
    """out = base through `lut` (a duty dimmed to the current limit's level)."""
    i = 0
    while i < size:
        out[i] = lut[base[i]]
        i += 1


@micropython.viper
def dimming(lut: ptr8, base: int, level: int, top: int):
    """lut[d] = max(1, d * level // base) for d in 1..top (level < base),
    with a running quotient: no division."""
    q = 0
    rem = 0
    v = 1
    while v <= top:
        rem += level
        while rem >= base:
            rem -= base
            q += 1
        lut[v] = q if q else 1
        v += 1

"""Fake CircuitPython `supervisor`: ticks_ms (wraps at 2**29) on fake time."""

import fakehw


def ticks_ms():
    return fakehw.now[0] & ((1 << 29) - 1)

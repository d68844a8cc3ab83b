"""Clock interface: a monotonic millisecond counter that never wraps.

MicroPython's `time.ticks_ms()` wraps around; `now()` unwraps it with
`ticks_diff` so the firmware can subtract times freely.
"""


class Clock:
    def now(self):
        """Milliseconds since start, monotonic."""
        raise NotImplementedError

    def sleep_ms(self, ms):
        raise NotImplementedError


class FakeClock(Clock):
    """A clock moved by hand: headless runs and tests are exact and instant."""

    def __init__(self, start=0):
        self.t = start

    def now(self):
        return self.t

    def sleep_ms(self, ms):
        if ms > 0:
            self.t += ms

    def advance(self, ms):
        self.t += ms


class TicksClock(Clock):
    """time.ticks_ms on MicroPython/CircuitPython, time.monotonic on CPython."""

    def __init__(self):
        import time
        self._time = time
        self._ticks = getattr(time, "ticks_ms", None)
        if self._ticks is None:
            if hasattr(time, "monotonic_ns"):
                self._ticks = lambda: time.monotonic_ns() // 1000000
            else:
                self._ticks = lambda: int(time.monotonic() * 1000)
            self._diff = lambda a, b: a - b
        else:
            self._diff = time.ticks_diff
        self._last = self._ticks()
        self._total = 0

    def now(self):
        t = self._ticks()
        self._total += self._diff(t, self._last)
        self._last = t
        return self._total

    def sleep_ms(self, ms):
        if ms <= 0:
            return
        if hasattr(self._time, "sleep_ms"):
            self._time.sleep_ms(ms)
        else:
            self._time.sleep(ms / 1000)

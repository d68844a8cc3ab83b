"""Fake CircuitPython `microcontroller`: cpu.reset_reason, watchdog, reset()."""

import fakehw


class ResetReason:
    POWER_ON = "POWER_ON"
    BROWNOUT = "BROWNOUT"
    SOFTWARE = "SOFTWARE"
    DEEP_SLEEP_ALARM = "DEEP_SLEEP_ALARM"
    RESET_PIN = "RESET_PIN"
    WATCHDOG = "WATCHDOG"
    UNKNOWN = "UNKNOWN"


class _Cpu:
    reset_reason = ResetReason.POWER_ON


cpu = _Cpu()


class _WatchDogTimer:
    """Like CircuitPython 10's on an RP2040 (shared-bindings/watchdog/
    WatchDogTimer.c and ports/raspberrypi/common-hal/watchdog/
    WatchDogTimer.c, tag 10.0.0): no deinit() any more - `mode = None`
    switches it off; feed() silently does nothing while it is off; a timeout
    whose whole seconds exceed 8 is a ValueError, and the hardware counts at
    most 8.388 s (the pico-sdk caps the load value); setting the timeout
    while running re-arms it, which feeds it."""

    MAX_S = 8.388

    def __init__(self):
        self._timeout = 0.0
        self._mode = None
        self.feeds = 0
        self.last_feed = 0

    @property
    def timeout(self):
        return self._timeout

    @timeout.setter
    def timeout(self, t):
        if int(t) < 0:
            raise ValueError("timeout must be >= 0")
        if int(t) > 8:
            raise ValueError("timeout must be <= 8")
        self._timeout = t
        if self._mode is not None:
            self.last_feed = fakehw.now[0]

    @property
    def mode(self):
        return self._mode

    @mode.setter
    def mode(self, m):
        if m == "RAISE":
            raise NotImplementedError()
        if m is not None and self._mode is None:
            self.last_feed = fakehw.now[0]  # watchdog_enable loads the counter
        self._mode = m

    def feed(self):
        if self._mode is None:
            return
        self.feeds += 1
        self.last_feed = fakehw.now[0]

    def expired(self, now):
        limit = min(self._timeout, self.MAX_S) * 1000
        if self._mode is not None and now - self.last_feed > limit:
            cpu.reset_reason = ResetReason.WATCHDOG
            return "watchdog"
        return None


watchdog = _WatchDogTimer()
fakehw.watchdogs.append(watchdog)


def reset():
    fakehw.log.append(("reset",))
    raise fakehw.HardReset("microcontroller.reset")


class Pin:
    pass

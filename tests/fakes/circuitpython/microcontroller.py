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
    """Like the RP2040's: timeout at most 8.388 s; running once mode is set."""

    MAX_S = 8.388

    def __init__(self):
        self._timeout = None
        self.mode = None
        self.feeds = 0
        self.last_feed = 0

    @property
    def timeout(self):
        return self._timeout

    @timeout.setter
    def timeout(self, t):
        if t > self.MAX_S:
            raise ValueError("timeout exceeds maximum")
        self._timeout = t

    def feed(self):
        if self.mode is None:
            raise ValueError("watchdog not initialized")
        self.feeds += 1
        self.last_feed = fakehw.now[0]

    def deinit(self):
        self.mode = None

    def expired(self, now):
        if self.mode is not None and now - self.last_feed > self._timeout * 1000:
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

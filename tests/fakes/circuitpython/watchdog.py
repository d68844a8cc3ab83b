"""Fake CircuitPython `watchdog`: the modes and the exception."""


class WatchDogMode:
    RAISE = "RAISE"
    RESET = "RESET"


class WatchDogTimeout(Exception):
    pass

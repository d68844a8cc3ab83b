"""Fake CircuitPython `digitalio`: inputs read the level fakehw drives on the
pin's name (or their pull when nobody drives it)."""

import fakehw


class Direction:
    INPUT = "input"
    OUTPUT = "output"


class Pull:
    UP = "up"
    DOWN = "down"


class DriveMode:
    PUSH_PULL = "push_pull"
    OPEN_DRAIN = "open_drain"


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.direction = Direction.INPUT
        self.pull = None
        self._value = False
        self.deinited = False

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT
        self.pull = pull

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        self.direction = Direction.OUTPUT
        self._value = bool(value)

    @property
    def value(self):
        if self.direction == Direction.OUTPUT:
            return self._value
        level = fakehw.levels.get(self.pin.name)
        if level is None:
            return self.pull == Pull.UP
        return bool(level)

    @value.setter
    def value(self, v):
        self._value = bool(v)

    def deinit(self):
        self.deinited = True

"""Fake CircuitPython `digitalio`: inputs read the level fakehw drives on the
pin's name (or their pull when nobody drives it). As in CircuitPython 10.0.0
(shared-bindings/digitalio/DigitalInOut.c): a pin in use by another
peripheral is a ValueError until deinit(); setting `value` on an input, or
`pull` on an output, is an AttributeError."""

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
        fakehw.claim(pin)
        self.pin = pin
        self.direction = Direction.INPUT
        self._pull = None
        self._value = False
        self.deinited = False

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT
        self._pull = pull

    @property
    def pull(self):
        if self.direction == Direction.OUTPUT:
            raise AttributeError("Pull not used when direction is output.")
        return self._pull

    @pull.setter
    def pull(self, p):
        if self.direction == Direction.OUTPUT:
            raise AttributeError("Pull not used when direction is output.")
        self._pull = p

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        self.direction = Direction.OUTPUT
        self._value = bool(value)

    @property
    def value(self):
        if self.direction == Direction.OUTPUT:
            return self._value
        level = fakehw.levels.get(self.pin.name)
        if level is None:
            return self._pull == Pull.UP
        return bool(level)

    @value.setter
    def value(self, v):
        if self.direction == Direction.INPUT:
            raise AttributeError("Cannot set value when direction is input.")
        self._value = bool(v)

    def deinit(self):
        if not self.deinited:
            fakehw.release(self.pin)
        self.deinited = True

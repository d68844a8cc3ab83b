"""Fake CircuitPython `pwmio`: PWMOut remembers every change. As in
CircuitPython 10.0.0 (shared-bindings/pwmio/PWMOut.c): it takes its pin
(ValueError if in use), duty_cycle must be 0-65535, frequency 0 is a
ValueError and a fixed frequency cannot be set (AttributeError)."""

import fakehw

outs = []


class PWMOut:
    def __init__(self, pin, duty_cycle=0, frequency=500, variable_frequency=False):
        fakehw.claim(pin)
        self.pin = pin
        self._duty = duty_cycle
        self._freq = frequency
        self.variable_frequency = variable_frequency
        self.changes = []
        outs.append(self)

    @property
    def frequency(self):
        return self._freq

    @frequency.setter
    def frequency(self, f):
        if not self.variable_frequency:
            raise AttributeError("Invalid variable_frequency")
        if f == 0:
            raise ValueError("Invalid frequency")
        self._freq = f
        self.changes.append(("freq", f, fakehw.now[0]))

    @property
    def duty_cycle(self):
        return self._duty

    @duty_cycle.setter
    def duty_cycle(self, d):
        if not 0 <= d <= 0xFFFF:
            raise ValueError("duty_cycle must be 0-65535")
        self._duty = d
        self.changes.append(("duty", d, fakehw.now[0]))

    def deinit(self):
        fakehw.release(self.pin)

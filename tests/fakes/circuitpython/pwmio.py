"""Fake CircuitPython `pwmio`: PWMOut remembers every change."""

import fakehw

outs = []


class PWMOut:
    def __init__(self, pin, duty_cycle=0, frequency=500, variable_frequency=False):
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
            raise ValueError("frequency is fixed")
        self._freq = f
        self.changes.append(("freq", f, fakehw.now[0]))

    @property
    def duty_cycle(self):
        return self._duty

    @duty_cycle.setter
    def duty_cycle(self, d):
        self._duty = d
        self.changes.append(("duty", d, fakehw.now[0]))

    def deinit(self):
        pass

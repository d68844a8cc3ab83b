"""Small device parts shared by the hardware backends."""

from hal.sound import Sound


class PwmSound(Sound):
    """A passive piezo on a PWM pin.

    `pwm` has `freq(hz)` and `duty_u16(d)` (MicroPython's machine.PWM; the
    CircuitPython backend wraps pwmio.PWMOut the same way). Volume 1-10 sets
    the duty up to `max_duty` percent (50% is the loudest a piezo gets).
    """

    def __init__(self, pwm, max_duty=50):
        Sound.__init__(self)
        self.pwm = pwm
        self.max_duty = max_duty
        pwm.duty_u16(0)

    def duty(self, volume):
        return 65535 * self.max_duty * volume // 1000

    def _tone(self, freq, volume):
        self.pwm.freq(freq)
        self.pwm.duty_u16(self.duty(volume))

    def _quiet(self):
        self.pwm.duty_u16(0)

"""Fake MicroPython `machine`: Pin, PWM, WDT, Timer, mem32, reset_cause, reset.

Resets follow the rp2 port (ports/rp2/modmachine.c, pico-sdk
hardware_watchdog/watchdog.c): machine.reset() is a watchdog reboot, so
reset_cause() is WDT_RESET after it too, with 0 in the watchdog's SCRATCH4;
a machine.WDT that starves leaves pico-sdk's magic there. The emulated Pico
(tests/test_pico_emulated.py) checks both on the real firmware."""

import fakehw

PWRON_RESET = 1
HARD_RESET = 2
WDT_RESET = 3
DEEPSLEEP_RESET = 4
SOFT_RESET = 5

RP2_WDT_MAGIC = 0x6AB73121  # watchdog_enable() puts it in SCRATCH4
SCRATCH4 = (0x40058000 + 0x1C, 0x400D8000 + 0x1C)  # RP2040, RP2350

state = {"reset_cause": PWRON_RESET, "scratch4": 0}
pins = {}
pwms = []


def reset_cause():
    return state["reset_cause"]


def reset():
    fakehw.log.append(("reset",))
    state["reset_cause"] = WDT_RESET  # rp2: watchdog_reboot(0, SRAM_END, 0)
    state["scratch4"] = 0
    raise fakehw.HardReset("machine.reset")


def soft_reset():
    raise fakehw.HardReset("machine.soft_reset")


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self.mode = Pin.IN
        self.pull = None
        self.out = 0
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None):
        if mode != -1:
            self.mode = mode
        if pull != -1:
            self.pull = pull
        if value is not None:
            self.out = 1 if value else 0
        pins[self.id] = self

    def value(self, v=None):
        if v is not None:
            self.out = 1 if v else 0
            return None
        if self.mode == Pin.OUT:
            return self.out
        level = fakehw.levels.get(self.id)
        if level is None:
            return 1 if self.pull == Pin.PULL_UP else 0
        return level

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.out = 1

    def off(self):
        self.out = 0


class PWM:
    def __init__(self, pin, freq=0, duty_u16=0):
        self.pin = pin
        self._freq = freq
        self._duty = duty_u16
        self.changes = []
        pwms.append(self)

    # Changes kept, the oldest dropped (a real PWM keeps none; a heap
    # benchmark sets 0): every move sounds, and an ever-growing log would take
    # the heap the device-path benchmark measures.
    KEEP = 64

    def _log(self, change):
        if PWM.KEEP == 0:
            return
        if len(self.changes) >= PWM.KEEP:
            self.changes.pop(0)
        self.changes.append(change)

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = f
        self._log(("freq", f, fakehw.now[0]))

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        self._duty = d
        self._log(("duty", d, fakehw.now[0]))

    def deinit(self):
        self._duty = 0


class WDT:
    """Like the rp2 port's: at most 8388 ms, cannot be stopped (except by
    clearing the enable bit in the watchdog's CTRL register, see mem32)."""

    MAX_MS = 8388
    current = None

    def __init__(self, id=0, timeout=5000):
        if timeout > WDT.MAX_MS:
            raise ValueError("timeout exceeds 8388")
        self.timeout = timeout
        self.feeds = 0
        self.last_feed = fakehw.now[0]
        self.enabled = True
        state["scratch4"] = RP2_WDT_MAGIC
        WDT.current = self
        fakehw.watchdogs.append(self)

    def feed(self):
        self.feeds += 1
        self.last_feed = fakehw.now[0]

    def expired(self, now):
        if self.enabled and now - self.last_feed > self.timeout:
            state["reset_cause"] = WDT_RESET
            return "watchdog"
        return None


class Timer:
    """Ids as MicroPython 1.27 takes them when sys.platform names the port:
    rp2 has only the virtual timer -1 ("Timer doesn't exist",
    ports/rp2/machine_timer.c), an ESP32-S3 hardware timers 0-3 ("invalid
    Timer number", ports/esp32/machine_timer.c)."""

    PERIODIC = 1
    ONE_SHOT = 0

    def __init__(self, id=-1, mode=PERIODIC, period=-1, callback=None, freq=-1):
        import sys
        if sys.platform == "rp2" and id != -1:
            raise ValueError("Timer doesn't exist")
        if sys.platform == "esp32" and not 0 <= id < 4:
            raise ValueError("invalid Timer number")
        self.id = id
        self.callback = None
        if callback is not None:
            self.init(mode=mode, period=period, callback=callback, freq=freq)

    def init(self, mode=PERIODIC, period=-1, callback=None, freq=-1):
        if freq > 0:
            period = 1000 // freq
        self.period = period
        self.callback = callback
        fakehw.stop(self)
        fakehw.every(self, period, _scheduled(callback))

    def deinit(self):
        fakehw.stop(self)


def _scheduled(callback):
    """A Timer callback run as MicroPython's scheduler runs it
    (py/scheduler.c: mp_sched_run_pending calls it through
    mp_call_function_1_protected, py/runtime_utils.c): an exception it raises,
    KeyboardInterrupt included, is printed and dropped. A reset still resets."""
    def run(timer):
        try:
            callback(timer)
        except fakehw.HardReset:
            raise
        except BaseException as e:  # noqa: BLE001 - as the scheduler does
            fakehw.log.append(("callback raised", type(e).__name__))
            print("Traceback (most recent call last):\n%s: %s" % (type(e).__name__, e))
    return run


class _Mem:
    """mem32: writes are recorded; the rp2 watchdog's CTRL clear alias
    (0x4005B000, bit 30 = ENABLE) really switches the fake WDT off."""

    def __init__(self):
        self.writes = []

    def __setitem__(self, addr, value):
        self.writes.append((addr, value))
        if addr in (0x40058000 + 0x3000, 0x400D8000 + 0x3000) and value & (1 << 30):
            if WDT.current is not None:
                WDT.current.enabled = False

    def __getitem__(self, addr):
        if addr in SCRATCH4:
            return state["scratch4"]
        return 0


mem32 = _Mem()

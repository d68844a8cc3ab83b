"""Shared state of the fake hardware (see README.md in this folder).

Also a stand-in for the `time` module: ticks_ms, ticks_diff, sleep_ms,
sleep, monotonic. Time only moves when a test (or a sleep) advances it;
periodic callbacks registered by fake timers and keypad scanners run at
their due times as it does, and a starved watchdog raises HardReset.
"""

TICKS_PERIOD = 1 << 30


class HardReset(BaseException):
    """The fake chip reset itself (watchdog, machine.reset ...)."""


now = [0]
levels = {}  # pin id or name -> level driven from outside (buttons)
periodic = []  # [owner, period_ms, next_due_ms, callback]
watchdogs = []  # objects with expired(now) -> reason or None
log = []
claimed = set()  # CircuitPython pins in use (DigitalInOut, Keys, PWMOut) by name


def reset_state():
    now[0] = 0
    levels.clear()
    del periodic[:]
    del watchdogs[:]
    del log[:]
    claimed.clear()


def claim(pin):
    """A CircuitPython pin taken by a peripheral: ValueError if it already
    is, as shared-bindings/microcontroller/Pin.c validate_obj_is_free_pin
    ("D5 in use", CircuitPython 10.0.0)."""
    if pin.name in claimed:
        raise ValueError("%s in use" % pin.name)
    claimed.add(pin.name)


def release(pin):
    claimed.discard(pin.name)


def ticks_ms():
    return now[0] & (TICKS_PERIOD - 1)


def ticks_add(t, delta):
    return (t + delta) & (TICKS_PERIOD - 1)


def ticks_diff(a, b):
    half = TICKS_PERIOD // 2
    return ((a - b + half) & (TICKS_PERIOD - 1)) - half


def monotonic():
    return now[0] / 1000


def sleep_ms(ms):
    advance(ms)


def sleep(seconds):
    advance(int(seconds * 1000 + 0.5))


def drive(pin, level):
    """Drive an input pin from outside (None: let it float to its pull)."""
    if level is None:
        levels.pop(pin, None)
    else:
        levels[pin] = level


def every(owner, period_ms, callback):
    periodic.append([owner, period_ms, now[0] + period_ms, callback])


def stop(owner):
    for p in list(periodic):
        if p[0] is owner:
            periodic.remove(p)


def _check_watchdogs():
    for w in watchdogs:
        why = w.expired(now[0])
        if why:
            raise HardReset(why)


def advance(ms):
    """Move time on by `ms`, running due periodic callbacks in time order."""
    end = now[0] + ms
    while True:
        due = None
        for p in periodic:
            if p[2] <= end and (due is None or p[2] < due[2]):
                due = p
        if due is None:
            break
        now[0] = due[2]
        due[2] += due[1]
        _check_watchdogs()
        due[3](due[0])
    now[0] = end
    _check_watchdogs()

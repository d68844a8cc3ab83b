"""Fake CircuitPython `keypad`: Keys scans its pins every `interval` of fake
time (as the real one does in the background) and queues events with a
supervisor.ticks_ms timestamp. A full queue keeps what it has and drops the
new event, setting `overflowed` (CircuitPython 10.0.0
shared-module/keypad/EventQueue.c keypad_eventqueue_record; Blinka's
keypad.py does the same)."""

import fakehw
import digitalio

_TICKS_MASK = (1 << 29) - 1


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    def __init__(self, max_events):
        self._q = []
        self._max = max_events
        self.overflowed = False

    def _record(self, key_number, pressed, timestamp):
        if len(self._q) >= self._max:
            self.overflowed = True
            return
        self._q.append((key_number, pressed, timestamp))

    def get(self):
        if not self._q:
            return None
        k, p, t = self._q.pop(0)
        return Event(k, p, t)

    def get_into(self, event):
        if not self._q:
            return False
        event.key_number, event.pressed, event.timestamp = self._q.pop(0)
        return True

    def clear(self):
        self._q = []
        self.overflowed = False

    def __len__(self):
        return len(self._q)

    def __bool__(self):
        return bool(self._q)


class Keys:
    def __init__(self, pins, value_when_pressed, pull=True, interval=0.02, max_events=64):
        names = [getattr(p, "name", None) for p in pins]  # (Blinka's pins: not checked)
        if None not in names and len(set(names)) != len(names):
            raise ValueError("pins must be unique")  # validate_no_duplicate_pins
        self.dios = []
        for p in pins:
            d = digitalio.DigitalInOut(p)
            if pull:
                d.pull = digitalio.Pull.DOWN if value_when_pressed else digitalio.Pull.UP
            self.dios.append(d)
        self.value_when_pressed = value_when_pressed
        self.interval_ms = max(1, int(interval * 1000 + 0.5))
        self.events = EventQueue(max_events)
        self.pressed = [False] * len(pins)
        fakehw.every(self, self.interval_ms, Keys._scan)

    def _scan(self):
        ts = fakehw.now[0] & _TICKS_MASK
        for i, d in enumerate(self.dios):
            now_pressed = d.value == self.value_when_pressed
            if now_pressed != self.pressed[i]:
                self.pressed[i] = now_pressed
                self.events._record(i, now_pressed, ts)

    def reset(self):
        self.pressed = [False] * len(self.dios)

    @property
    def key_count(self):
        return len(self.dios)

    def deinit(self):
        fakehw.stop(self)
        for d in self.dios:
            d.deinit()

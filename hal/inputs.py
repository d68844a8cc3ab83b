"""Button sources for real hardware, feeding the shared debounce logic.

The firmware polls `hal.buttons.events(now)` once a frame (~30 ms, longer
while a computer player thinks). Sampling the pins only then would miss a
quick tap and see bounce at frame resolution, so on hardware the pins are
read more often and every change is kept with its time:

- MicroPython: `PinSampler.sample` runs from a machine.Timer every few ms
  (BUTTON_SCAN_MS) and records changes in a small ring buffer.
- CircuitPython and Blinka: the `keypad` module scans the pins in the
  background; `KeypadReader` turns its key events into the same changes.

`TimedButtons` replays those changes in order, at their own times, into
`hal.buttons.Buttons`, whose integrator then debounces them: a change counts
only after the signal has been steady for `debounce_ms` (20 ms), so bounce
and short glitches vanish while presses and taps of any length register.
"""

from hal.buttons import Buttons, NAMES


class TimedButtons(Buttons):
    """Buttons fed with timestamped raw states by `poll(now)`.

    `poll(now)` returns the raw button masks seen since the last call as
    (mask, time in clock ms) pairs, oldest first.
    """

    def __init__(self, poll, **options):
        Buttons.__init__(self, **options)
        self.poll = poll
        self.now = 0

    def update(self, now):
        # A frame with no change makes no loop: MicroPython puts the call
        # frame of a function with a for loop and a few locals on the heap
        # (more than 11 words, py/objfun.c), and this runs every frame.
        self.now = now
        changes = self.poll(now)
        if changes:
            self._replay(changes, now)
        Buttons.update(self, now)

    def _replay(self, changes, now):
        for mask, t in changes:
            if t > now:
                t = now
            Buttons.update(self, t)  # settle what was steady until this change
            self.set_raw(mask, t)

    def clear(self):
        """Forget pending events, and the presses recorded since the last
        update (e.g. while a computer player was thinking): buttons still
        held count as held, without a PRESS."""
        Buttons.clear(self)
        changes = self.poll(self.now)
        if changes:
            self.prime(changes[-1][0], self.now)

    def prime(self, mask, now):
        """Buttons already held (e.g. at power-on): down, with no PRESS or LONG."""
        self.raw = self.stable = self.long_sent = mask
        for b in range(len(self.edge_at)):
            self.edge_at[b] = now
            self.pressed_at[b] = now
            self.next_repeat[b] = now + 10 ** 9  # no repeats from a boot-time hold


def button_bits(board_buttons):
    """[(bit, pin spec)] for a board's BUTTONS, in button order."""
    out = []
    for name in NAMES:
        if name in board_buttons:
            out.append((1 << NAMES.index(name), board_buttons[name]))
    return out


class PinSampler:
    """Reads all button pins at once (`read()` -> raw mask) and keeps changes.

    `sample()` may run in a timer callback between any two bytecodes of the
    main program: it only writes the slot at `head` and then moves `head`;
    `drain()` (main program) only moves `tail`. When the ring is full the
    newest entry takes the latest state, so the final state is never lost.
    """

    def __init__(self, read, ticks_ms, ticks_diff, size=32):
        self.read = read
        self.ticks_ms = ticks_ms
        self.ticks_diff = ticks_diff
        self.size = size
        self.masks = [0] * size
        self.times = [0] * size
        self.head = 0
        self.tail = 0
        self.last = 0
        self.overflows = 0
        self._out = []  # what drain returns, reused

    def sample(self, _timer=None):
        m = self.read()
        if m == self.last:
            return
        self.last = m
        h = self.head
        nxt = h + 1 if h + 1 < self.size else 0
        if nxt == self.tail:
            self.masks[h - 1 if h else self.size - 1] = m
            self.overflows += 1
            return
        self.masks[h] = m
        self.times[h] = self.ticks_ms()
        self.head = nxt

    def drain(self, now):
        """The changes since the last drain, as (mask, clock ms) pairs: a
        list the caller may read until the next drain, which reuses it (a
        frame's poll makes no garbage)."""
        self.sample()  # at least one sample per frame, even without a timer
        out = self._out
        out.clear()
        if self.tail != self.head:
            self._collect(out, now)  # a bigger call frame, only when a pin changed
        return out

    def _collect(self, out, now):
        t_now = self.ticks_ms()
        tail = self.tail
        while tail != self.head:
            out.append((self.masks[tail], now - self.ticks_diff(t_now, self.times[tail])))
            tail = tail + 1 if tail + 1 < self.size else 0
        self.tail = tail


def reset_keys(keys):
    """keys.reset(): every key counts as released, so held ones are pressed
    again on the next scan. Adafruit Blinka 10.0.0's Keys.reset() binds its
    two pressed-state lists to one list, after which its scan never sees a
    change and no key event comes again; there (the only keypad whose Keys
    has these lists) two separate lists do what reset() means."""
    if hasattr(keys, "_previously_pressed") and hasattr(keys, "_currently_pressed"):
        n = len(keys._currently_pressed)
        keys._currently_pressed = [False] * n
        keys._previously_pressed = [False] * n
    else:
        keys.reset()


class KeypadReader:
    """Turns a keypad.Keys event queue into (mask, clock ms) changes.

    `bits[key_number]` is the button bit of each key. `age(timestamp)` gives
    how many ms ago an event happened (CircuitPython events carry a
    supervisor.ticks_ms timestamp); without it events count as "now".
    """

    def __init__(self, keys, bits, event=None, age=None):
        self.keys = keys
        self.bits = bits
        self.event = event
        self.age = age
        self.mask = 0
        self._out = []  # what drain returns, reused

    def drain(self, now):
        """As PinSampler.drain: the list is reused by the next call."""
        out = self._out
        out.clear()
        q = self.keys.events
        if q.overflowed:
            # Events were lost: start again from "all released"; keys still
            # held come back as new presses on the next scan.
            q.clear()
            reset_keys(self.keys)
            self.mask = 0
            out.append((0, now))
        ev = self.event
        while True:
            if ev is not None:
                if not q.get_into(ev):
                    break
                e = ev
            else:
                e = q.get()
                if e is None:
                    break
            bit = self.bits[e.key_number]
            if e.pressed:
                self.mask |= bit
            else:
                self.mask &= ~bit
            t = now
            if self.age is not None:
                ts = getattr(e, "timestamp", None)
                if ts is not None:
                    t = now - self.age(ts)
            out.append((self.mask, t))
        return out

    def held(self):
        return self.mask

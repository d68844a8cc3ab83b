"""Buttons: raw pin states in, debounced events out.

Pure logic shared by every backend. A backend either pushes raw states
(`set_raw`, e.g. the simulator's keyboard) or gives a `source` callable that
returns the raw bit mask when polled (pins, keypad). `events(now)` returns
the events since the last call.

Debounce is an integrator: a button changes state only after its raw signal
has been steady for `debounce_ms` (mechanical bounce lasts up to ~20 ms, and
a glitch shorter than that is ignored). Held direction buttons repeat; any
button held for `long_ms` sends LONG once, and a release before that sends
CLICK after RELEASE.

An event is one small int: kind << 4 | button.
"""

UP = 0
DOWN = 1
LEFT = 2
RIGHT = 3
A = 4
B = 5
MENU = 6
COUNT = 7
NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "MENU")

PRESS = 1
RELEASE = 2
REPEAT = 3
LONG = 4
CLICK = 5
KIND_NAMES = ("", "PRESS", "RELEASE", "REPEAT", "LONG", "CLICK")

DIRECTIONS = (UP, DOWN, LEFT, RIGHT)
ALL = (1 << COUNT) - 1


def event(kind, button):
    return (kind << 4) | button


def kind_of(ev):
    return ev >> 4


def button_of(ev):
    return ev & 15


def describe(ev):
    return "%s %s" % (NAMES[ev & 15], KIND_NAMES[ev >> 4])


def button_named(name):
    """Button number from a name such as 'a' or 'LEFT' (ValueError if unknown)."""
    n = name.upper()
    if n not in NAMES:
        raise ValueError("no button %r (have: %s)" % (name, ", ".join(NAMES)))
    return NAMES.index(n)


class Buttons:
    """Turn raw button states into PRESS/RELEASE/REPEAT/LONG/CLICK events."""

    def __init__(self, source=None, debounce_ms=20, repeat_delay_ms=350,
                 repeat_ms=110, long_ms=700, repeat_buttons=DIRECTIONS):
        self.source = source
        self.debounce_ms = debounce_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        self.long_ms = long_ms
        self.repeat_mask = 0
        for b in repeat_buttons:
            self.repeat_mask |= 1 << b
        self.raw = 0
        self.stable = 0
        self.long_sent = 0
        self.edge_at = [0] * COUNT
        self.pressed_at = [0] * COUNT
        self.next_repeat = [0] * COUNT
        self.queue = []
        self._spare = []  # the list events() returned last: reused next time
        self.max_queue = 32

    def set_raw(self, mask, now):
        """Record the raw state of all buttons (bit b set = button b down)."""
        changed = mask ^ self.raw
        if changed:
            for b in range(COUNT):
                if changed >> b & 1:
                    self.edge_at[b] = now
            self.raw = mask

    def update(self, now):
        """Poll the source (if any) and turn steady changes into events."""
        if self.source is not None:
            self.set_raw(self.source(), now)
        diff = self.raw ^ self.stable
        # Only buttons changing or held can make an event: none, most frames
        # (this runs every frame, and for each change a board's pins report).
        busy = (diff | self.stable) & ALL
        b = 0
        bit = 1
        while bit <= busy:
            if not busy & bit:
                pass
            elif diff & bit and now - self.edge_at[b] >= self.debounce_ms:
                if self.raw & bit:
                    self.stable |= bit
                    self.pressed_at[b] = now
                    self.next_repeat[b] = now + self.repeat_delay_ms
                    self._emit(event(PRESS, b))
                else:
                    self.stable &= ~bit
                    self._emit(event(RELEASE, b))
                    if not self.long_sent & bit:
                        self._emit(event(CLICK, b))
                    self.long_sent &= ~bit
            elif self.stable & bit:
                if not self.long_sent & bit and now - self.pressed_at[b] >= self.long_ms:
                    self.long_sent |= bit
                    self._emit(event(LONG, b))
                if self.repeat_mask & bit and now >= self.next_repeat[b]:
                    self.next_repeat[b] = now + self.repeat_ms
                    self._emit(event(REPEAT, b))
            b += 1
            bit <<= 1

    def _emit(self, ev):
        # A mashed keypad must not grow memory: drop the oldest events.
        if len(self.queue) >= self.max_queue:
            self.queue.pop(0)
        self.queue.append(ev)

    def events(self, now):
        """Update, then return (and forget) the pending events, oldest first.
        The list is the caller's until the next call, which reuses it: a
        frame's poll makes no garbage."""
        self.update(now)
        out = self.queue
        spare = self._spare
        spare.clear()
        self.queue = spare
        self._spare = out
        return out

    def held(self, button):
        """True while the debounced state of `button` is down."""
        return bool(self.stable >> button & 1)

    def clear(self):
        """Forget pending events (e.g. after a long computation)."""
        self.queue = []

"""Buttons: debounce, repeat, long press, several at once - with simulated
bouncing signals (hal/buttons.py), and the hardware sources that feed it
(hal/inputs.py: pins sampled by a timer, keypad events).

A signal is a list of (start ms, level) steps; `run` polls the debouncer at
a given period, as the firmware's main loop (30 ms) or a timer (1-5 ms) would.
"""

import pytest

from hal import buttons as B
from hal.buttons import Buttons
from hal.inputs import KeypadReader, PinSampler, TimedButtons

PRESS, RELEASE, REPEAT, LONG, CLICK = B.PRESS, B.RELEASE, B.REPEAT, B.LONG, B.CLICK


def chatter(t0, ms, final, start_level=None, step=(1, 2, 3)):
    """Bounce for `ms` from t0 (the contact toggling every 1-3 ms), then
    `final`. Returns [(time, level)]."""
    out = []
    t = t0
    level = 1 - final if start_level is None else start_level
    i = 0
    while t < t0 + ms:
        level = 1 - level
        out.append((t, level))
        t += step[i % len(step)]
        i += 1
    out.append((t0 + ms, final))
    return out


def level_at(signal, t):
    level = 0
    for start, v in signal:
        if start <= t:
            level = v
        else:
            break
    return level


def run(signals, until, period=1, buttons=None):
    """Poll a Buttons every `period` ms; signals maps button -> steps.
    Returns [(time, kind, button)]."""
    b = buttons or Buttons()
    out = []
    t = 0
    while t <= until:
        mask = 0
        for button, sig in signals.items():
            if level_at(sig, t):
                mask |= 1 << button
        b.set_raw(mask, t)
        for ev in b.events(t):
            out.append((t, B.kind_of(ev), B.button_of(ev)))
        t += period
    return out


def kinds(events, button=None):
    return [k for _, k, b in events if button is None or b == button]


@pytest.mark.parametrize("period", [1, 5, 30])
def test_a_bouncing_press_and_release_is_one_press_and_one_release(period):
    """Mechanical bounce up to ~20 ms (issue 6, item 4): 15 ms of chatter on
    the press, 12 ms on the release, polled as fast as a timer or as slowly as
    the main loop: exactly PRESS, RELEASE, CLICK."""
    sig = chatter(100, 15, 1) + chatter(400, 12, 0)
    ev = run({B.A: sig}, 700, period)
    assert kinds(ev) == [PRESS, RELEASE, CLICK]
    press_t = ev[0][0]
    # Not before the signal has been steady for the debounce time...
    assert press_t >= 115 + 20
    # ...and not much later than one poll after that.
    assert press_t <= 115 + 20 + period


def test_bounce_trains_of_every_length_up_to_20ms():
    for ms in range(1, 21):
        for step in ((1,), (1, 2), (2, 3, 1), (3,)):
            sig = chatter(50, ms, 1, step=step) + chatter(300, ms, 0, step=step)
            assert kinds(run({B.B: sig}, 500)) == [PRESS, RELEASE, CLICK], (ms, step)


@pytest.mark.parametrize("ms", [1, 3, 10, 19])
def test_a_glitch_shorter_than_the_debounce_is_ignored(ms):
    """Noise on a released button sends nothing; a dropout on a held one does
    not release it."""
    released = [(100, 1), (100 + ms, 0)]
    assert run({B.UP: released}, 400) == []
    held = [(0, 1), (200, 0), (200 + ms, 1)]
    ev = run({B.A: held}, 400)
    assert kinds(ev) == [PRESS]  # no RELEASE, no second PRESS


def test_a_signal_steady_for_20ms_counts():
    """Down from 100 ms and still down at 120 ms: steady for the whole 20 ms."""
    ev = run({B.A: [(100, 1), (121, 0)]}, 300)
    assert kinds(ev) == [PRESS, RELEASE, CLICK]
    assert ev[0][0] == 120


def test_held_direction_repeats_after_the_delay_then_steadily():
    b = Buttons()
    ev = run({B.RIGHT: [(0, 1), (1000, 0)]}, 1100, buttons=b)
    press = [t for t, k, _ in ev if k == PRESS][0]
    repeats = [t - press for t, k, _ in ev if k == REPEAT]
    assert repeats[0] == b.repeat_delay_ms
    gaps = {b2 - a for a, b2 in zip(repeats, repeats[1:])}
    assert gaps == {b.repeat_ms}
    assert len(repeats) == 1 + (1000 - 20 - b.repeat_delay_ms) // b.repeat_ms


def test_a_and_b_do_not_repeat():
    ev = run({B.A: [(0, 1), (600, 0)], B.B: [(0, 1), (600, 0)]}, 700)
    assert REPEAT not in kinds(ev)


def test_long_press_is_reported_once_and_then_no_click():
    b = Buttons()
    ev = run({B.A: [(0, 1), (1500, 0)]}, 1600, buttons=b)
    assert kinds(ev) == [PRESS, LONG, RELEASE]
    press, long_ = ev[0][0], ev[1][0]
    assert long_ - press == b.long_ms


def test_a_short_press_clicks_and_is_not_long():
    ev = run({B.B: [(0, 1), (300, 0)]}, 400)
    assert kinds(ev) == [PRESS, RELEASE, CLICK]


def test_several_buttons_at_once_each_with_its_own_bounce():
    """UP and A go down together (each bouncing its own way); A is let go
    while UP is still held and keeps repeating."""
    up = chatter(100, 18, 1, step=(2, 1)) + chatter(1200, 9, 0)
    a = chatter(103, 11, 1, step=(1, 3)) + chatter(500, 14, 0)
    ev = run({B.UP: up, B.A: a}, 1400, period=2)
    assert kinds(ev, B.A) == [PRESS, RELEASE, CLICK]
    up_kinds = kinds(ev, B.UP)
    assert up_kinds[0] == PRESS and up_kinds[-1] == RELEASE
    assert up_kinds.count(LONG) == 1 and CLICK not in up_kinds  # held over a second
    after_a = [t for t, k, b in ev if b == B.UP and k == REPEAT and t > 520]
    assert after_a, "UP stopped repeating when A was released"
    # Both presses arrive in the same poll or close together.
    pa = [t for t, k, b in ev if k == PRESS]
    assert max(pa) - min(pa) <= 10


def test_mashing_does_not_grow_the_queue():
    b = Buttons(debounce_ms=0)
    for i in range(200):
        b.set_raw(1 << (i % 6), i * 2)
        b.update(i * 2)
    assert len(b.queue) == b.max_queue
    out = b.events(400)
    assert len(out) == b.max_queue and b.queue == []


# Hardware sources ---------------------------------------------------------------

class FakeTicks:
    def __init__(self):
        self.t = 0

    def ticks_ms(self):
        return self.t & 0x3FFFFFFF

    def ticks_diff(self, a, b):
        return ((a - b + 0x20000000) & 0x3FFFFFFF) - 0x20000000


def sampled(signals, until, frame=30, scan=5, start=0):
    """A PinSampler read by a 'timer' every `scan` ms and drained by a
    TimedButtons polled every `frame` ms. Returns the events."""
    clock = FakeTicks()
    clock.t = start
    state = {"mask": 0}
    sampler = PinSampler(lambda: state["mask"], clock.ticks_ms, clock.ticks_diff)
    b = TimedButtons(sampler.drain)
    out = []
    for t in range(start, start + until + 1):
        clock.t = t
        mask = 0
        for button, sig in signals.items():
            if level_at(sig, t - start):
                mask |= 1 << button
        state["mask"] = mask
        if scan and (t - start) % scan == 0:
            sampler.sample()
        if (t - start) % frame == 0:
            for ev in b.events(t - start):
                out.append((t - start, B.kind_of(ev), B.button_of(ev)))
    return out, sampler


def test_a_tap_shorter_than_a_frame_is_seen_thanks_to_the_sampler():
    """A 40 ms tap that falls between two main-loop polls: sampled at 5 ms it
    is a full press (PRESS, RELEASE, CLICK); polled only once per 30 ms frame
    it can vanish."""
    tap = {B.A: [(32, 1), (72, 0)]}
    ev, _ = sampled(tap, 300)
    assert kinds(ev) == [PRESS, RELEASE, CLICK]
    assert run(tap, 300, period=30) == []  # what frame-rate polling alone sees


def test_sampler_debounces_real_bounce_and_keeps_times_across_tick_wrap():
    sig = chatter(40, 16, 1) + chatter(260, 18, 0)
    # Start just before ticks_ms wraps around (2**30 on MicroPython).
    ev, _ = sampled({B.DOWN: sig}, 500, start=(1 << 30) - 100)
    assert kinds(ev) == [PRESS, RELEASE, CLICK]


def test_sampler_ring_overflow_keeps_the_final_state():
    clock = FakeTicks()
    state = {"mask": 0}
    s = PinSampler(lambda: state["mask"], clock.ticks_ms, clock.ticks_diff, size=8)
    for i in range(50):
        clock.t = i
        state["mask"] = (i % 2) << B.LEFT
        s.sample()
    state["mask"] = 1 << B.LEFT
    clock.t = 60
    s.sample()
    changes = s.drain(60)
    assert s.overflows > 0
    assert len(changes) < 8
    assert changes[-1][0] == 1 << B.LEFT


def test_sampler_without_a_timer_still_samples_once_per_frame():
    ev, _ = sampled({B.B: [(10, 1), (200, 0)]}, 400, scan=0)
    assert kinds(ev) == [PRESS, RELEASE, CLICK]


class FakeEvent:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp


class FakeQueue:
    def __init__(self):
        self.q = []
        self.overflowed = False

    def get(self):
        return self.q.pop(0) if self.q else None

    def get_into(self, ev):
        if not self.q:
            return False
        e = self.q.pop(0)
        ev.key_number, ev.pressed, ev.timestamp = e.key_number, e.pressed, e.timestamp
        return True

    def clear(self):
        self.q = []
        self.overflowed = False


class FakeKeys:
    def __init__(self):
        self.events = FakeQueue()
        self.resets = 0

    def reset(self):
        self.resets += 1


def test_keypad_events_replayed_at_their_own_times():
    """keypad scans in the background and time-stamps each change: a bounce
    and a tap that both happened between two frames come out right."""
    keys = FakeKeys()
    now = {"t": 0}
    reader = KeypadReader(keys, [1 << B.UP, 1 << B.A], FakeEvent(),
                          age=lambda ts: now["t"] - ts)
    b = TimedButtons(reader.drain)
    # UP bounces at 5..17 ms and stays down; A is tapped 40..90 ms.
    for t, level in chatter(5, 12, 1):
        keys.events.q.append(FakeEvent(0, bool(level), t))
    keys.events.q.append(FakeEvent(1, True, 40))
    keys.events.q.append(FakeEvent(1, False, 90))
    now["t"] = 120
    ev = [(B.kind_of(e), B.button_of(e)) for e in b.events(120)]
    assert ev == [(PRESS, B.UP), (PRESS, B.A), (RELEASE, B.A), (CLICK, B.A)]
    assert b.held(B.UP)


def test_keypad_overflow_resyncs_from_released():
    keys = FakeKeys()
    reader = KeypadReader(keys, [1 << B.LEFT], None)
    b = TimedButtons(reader.drain)
    keys.events.q.append(FakeEvent(0, True))
    b.events(0)
    b.events(30)
    assert b.held(B.LEFT)
    keys.events.overflowed = True
    keys.events.q.append(FakeEvent(0, False))  # stale: dropped by the resync
    ev = b.events(60)
    ev += b.events(90)
    assert keys.resets == 1
    assert not b.held(B.LEFT)
    assert [B.kind_of(e) for e in ev][:1] == [RELEASE]


def blinka_keypad_module():
    """Adafruit Blinka's own keypad.py (the pinned adafruit-blinka in .venv),
    loaded under another name so that it binds to the fake digitalio (call it
    inside fake_modules("circuitpython"))."""
    import importlib.util
    import os
    import sysconfig
    path = os.path.join(sysconfig.get_paths()["purelib"], "keypad.py")
    assert "Melissa LeBlanc-Williams" in open(path).read()  # Blinka's, not a fake
    spec = importlib.util.spec_from_file_location("blinka_keypad", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_keys_still_report_after_an_overflow_with_blinkas_keypad():
    """Blinka 10.0.0's Keys.reset() makes its previously- and currently-
    pressed lists one list, after which a scan never sees a change: after a
    queue overflow (which calls reset) the buttons of a Raspberry Pi stayed
    dead until a restart. The real Keys class, scanned by hand (its own
    thread is left asleep with a one-hour interval)."""
    from tests.hw_helpers import fake_modules
    with fake_modules("circuitpython") as m:
        keypad = blinka_keypad_module()
        fh, board = m["fakehw"], m["board"]
        keys = keypad.Keys((board.D5, board.D6), value_when_pressed=False, pull=True,
                           interval=3600, max_events=2)
        reader = KeypadReader(keys, [1 << B.LEFT, 1 << B.RIGHT], keypad.Event())
        b = TimedButtons(reader.drain)
        for level in (0, None, 0):  # LEFT pressed, released, pressed: 3 events, room for 2
            fh.drive("D5", level)
            keys._keypad_keys_scan()
        assert keys.events.overflowed
        b.events(0)  # the overflow: start again from all released
        keys._keypad_keys_scan()  # LEFT, still held, comes back as a press
        fh.drive("D6", 0)
        keys._keypad_keys_scan()  # RIGHT pressed
        b.events(30)
        b.events(60)
        assert b.held(B.LEFT) and b.held(B.RIGHT)
        fh.drive("D6", None)
        keys._keypad_keys_scan()
        b.events(90)
        b.events(120)
        assert not b.held(B.RIGHT)


def test_presses_while_the_computer_thinks_are_dropped_by_clear():
    """After a long computation, buttons.clear() drops what the timer
    recorded meanwhile: it must not act afterwards."""
    clock = FakeTicks()
    state = {"mask": 0}
    sampler = PinSampler(lambda: state["mask"], clock.ticks_ms, clock.ticks_diff)
    b = TimedButtons(sampler.drain)
    b.events(0)
    for t in range(1, 3000):  # a 3 s move; A tapped, then B held
        clock.t = t
        state["mask"] = (1 << B.A if 500 <= t < 600 else 0) | (1 << B.B if t >= 2000 else 0)
        if t % 5 == 0:
            sampler.sample()
    b.clear()
    assert b.held(B.B) and not b.held(B.A)
    clock.t = 3030
    assert b.events(3030) == []  # no PRESS, CLICK or LONG from the thinking time
    clock.t = 3050
    state["mask"] = 0
    sampler.sample()
    clock.t = 3100
    assert [B.kind_of(e) for e in b.events(3100)] == [RELEASE]


def test_buttons_held_at_power_on_are_down_but_send_nothing():
    b = TimedButtons(lambda now: [])
    b.prime(1 << B.B, 0)
    assert b.held(B.B)
    assert b.events(2000) == []  # no LONG, no REPEAT from a boot-time hold
    b.set_raw(0, 2000)
    assert [B.kind_of(e) for e in b.events(2030)] == [RELEASE]


def test_bits_of_no_button_in_a_raw_mask_are_ignored():
    """A source may report pins the firmware has no button for (a wider
    keypad, a stray bit): they make no event and break nothing, while a
    real button beside them is pressed, held and released as usual."""
    b = Buttons()
    stray = 0xFF80
    b.set_raw(stray | 1 << B.A, 0)
    assert b.events(30) == [B.event(PRESS, B.A)]
    assert b.events(800) == [B.event(LONG, B.A)]
    b.set_raw(stray, 900)
    assert b.events(930) == [B.event(RELEASE, B.A)]
    assert b.events(2000) == []

"""Headless runs: computer-only games as JSON, and scripted firmware sessions.

A script is a comma-separated list of steps:
  UP DOWN LEFT RIGHT A B MENU   tap a button (60 ms down, 60 ms up)
  A:long B:long                 hold it 900 ms
  A:down ... A:up               press it and keep it down until A:up (chords,
                                e.g. "B:down,A,B:up", or a shot while held)
  wait:MS                       let time pass (at most MAX_WAIT_MS: a minute)
  idle                          run until a person must act (or 120 s pass)
  shot:NAME                     save the current frame as NAME.png
"""

import os

from hal import buttons as B
from firmware.session import Session

SEAT_SPECS = ("ai", "ai:easy", "ai:normal", "ai:hard", "random", "human")
STEP_MS = 30
# A wait is played frame by frame: a minute is longer than any animation or
# computer pause, and wait:999999999999 ran for ever.
MAX_WAIT_MS = 60000


def seat_kind(spec):
    """Map a command-line seat (ai, ai:hard, random, human) to a session kind."""
    spec = spec.strip().lower()
    if spec == "ai":
        return "normal"
    if spec.startswith("ai:") and spec[3:] in ("easy", "normal", "hard"):
        return spec[3:]
    if spec in ("random", "human"):
        return spec
    raise ValueError("unknown seat %r (use %s)" % (spec, ", ".join(SEAT_SPECS)))


def play_computer_game(game, seat_specs, seed, variant="standard"):
    """Play a whole game between computer players; return the result dict."""
    kinds = [seat_kind(s) for s in seat_specs]
    if "human" in kinds:
        raise ValueError("headless games need computer seats only (ai, ai:LEVEL, random)")
    session = Session(game, kinds, variant, seed)
    while not session.state.is_terminal():
        session.play(session.computer_move())
    st = session.state
    return {"game": game, "variant": st.variant, "seed": seed, "seats": list(seat_specs),
            "winners": st.winners(), "scores": st.scores(), "moves": session.ply}


class ScriptRunner:
    """Drive an App with a fake clock and scripted buttons; save frames."""

    def __init__(self, app, frames_dir="frames"):
        self.app = app
        self.hal = app.hal
        self.frames_dir = frames_dir
        self.shots = []

    def advance(self, ms):
        clock = self.hal.clock
        end = clock.now() + ms
        while clock.now() < end:
            clock.advance(STEP_MS)
            self.app.step()

    def _set(self, button, down):
        b = self.hal.buttons
        raw = b.raw | (1 << button) if down else b.raw & ~(1 << button)
        b.set_raw(raw, self.hal.clock.now())

    def hold(self, button, ms):
        self._set(button, True)
        self.advance(ms)
        self._set(button, False)
        self.advance(60)

    def shot_while_held(self, button, name, ms=900):
        """Hold `button` for `ms` (a long press, e.g. A for the look view),
        save the frame as `name` while it is still held, then let go."""
        self._set(button, True)
        self.advance(ms)
        path = self.shot(name)
        self._set(button, False)
        self.advance(100)
        return path

    def waiting_for_person(self):
        from firmware.play import PlayScreen
        s = self.app.screen
        if isinstance(s, PlayScreen):
            return s.listening(self.app.now())
        return True  # menus and the end screen wait for people

    def idle(self, limit_ms=120000):
        spent = 0
        self.advance(STEP_MS)
        while not self.waiting_for_person() and spent < limit_ms:
            self.advance(100)
            spent += 100
        self.advance(300)  # let the last animation settle

    def shot(self, name):
        from simulator import render
        d = self.hal.display
        path = os.path.join(self.frames_dir, name + ".png")
        render.save_png(d.buf, d.width, d.height, path, d.brightness)
        self.shots.append(path)
        return path

    def run(self, script):
        for name, arg in parse_script(script):
            if name == "wait":
                self.advance(arg)
            elif name == "idle":
                self.idle()
            elif name == "shot":
                self.shot(arg)
            elif name in ("down", "up"):
                self._set(arg, name == "down")
                self.advance(60)
            else:
                self.hold(arg, 900 if name == "long" else 60)
        return self.shots


def parse_script(script):
    """The steps of a script as (name, arg) pairs: ("wait", ms), ("idle", None),
    ("shot", NAME), ("tap", button), ("long", button), ("down", button) or
    ("up", button). A step that is none of these raises ValueError naming it,
    before anything runs."""
    steps = []
    for raw in script.split(","):
        step = raw.strip()
        if not step:
            continue
        name, colon, arg = step.partition(":")
        if name == "wait" and arg.isdigit() and int(arg) <= MAX_WAIT_MS:
            steps.append(("wait", int(arg)))
        elif name == "idle" and not colon:
            steps.append(("idle", None))
        elif name == "shot" and arg:
            steps.append(("shot", arg))
        elif name.upper() in B.NAMES and arg in ("", "long", "down", "up") and (arg or not colon):
            steps.append((arg or "tap", B.button_named(name)))
        else:
            raise ValueError("bad script step %r (steps: %s, BUTTON:long, BUTTON:down, "
                             "BUTTON:up, wait:MS up to %d, idle, shot:NAME)"
                             % (step, " ".join(B.NAMES), MAX_WAIT_MS))
    return steps

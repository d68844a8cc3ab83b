"""The hardware watchdog: resets a hung device; boot then resumes the game.

The main loop (firmware/app.py) calls `feed()` every frame. A hardware
watchdog has a short hardware limit (RP2040: 8.4 s), shorter than the
longest computer-player move we want to allow, so where the port has timers
(MicroPython) a periodic `tick()` keeps the hardware fed while the main loop
is busy but alive - for at most `patience_ms` since the last frame:

- a Python-level hang (an endless loop, a screen that never returns): the
  frames stop, `tick()` stops feeding after `patience_ms`, reset;
- a hang below Python (interrupts off, a driver stuck in C): the timer
  callbacks stop too, reset after the hardware limit;
- a long computer move (seconds): the VM still runs the timer callbacks
  between bytecodes, so it is not mistaken for a hang as long as it takes
  less than `patience_ms` (60 s by default; a `hard` move is a few seconds).

Without timers (CircuitPython) the hardware timeout is all there is; boot's
guard (device/start.py) makes sure a move that keeps tripping it cannot trap
the device in a reset loop. `stop()` is for Ctrl-C: the REPL and mpremote
must be usable afterwards.
"""


class Watchdog:
    """Feeds `hw` (an object with `feed()` and optionally `stop()`)."""

    def __init__(self, hw, ticks_ms=None, ticks_diff=None, patience_ms=0):
        self.hw = hw
        self._ticks = ticks_ms
        self._diff = ticks_diff
        self.patience_ms = patience_ms
        self.last = ticks_ms() if ticks_ms else 0
        self.feeds = 0
        self.stopped = False
        self.paused = False

    def feed(self):
        """Every frame, from the main loop."""
        if self._ticks is not None:
            self.last = self._ticks()
        self.feeds += 1
        self.hw.feed()

    def tick(self, _timer=None):
        """Periodically, from a timer: feeds while the main loop is alive."""
        if self.stopped or self.paused:
            self.hw.feed()
        elif self._ticks is not None and self._diff(self._ticks(), self.last) < self.patience_ms:
            self.hw.feed()

    def pause(self):
        """Before a computation known to be long (a hook for the firmware)."""
        self.paused = True
        if hasattr(self.hw, "pause"):
            self.hw.pause()

    def resume(self):
        self.paused = False
        if hasattr(self.hw, "resume"):
            self.hw.resume()
        self.feed()

    def stop(self):
        """The program was interrupted (Ctrl-C): stop resetting the device.
        Returns True if the hardware watchdog is off; otherwise the timer
        keeps it fed until the next reset."""
        self.stopped = True
        if hasattr(self.hw, "stop"):
            try:
                return bool(self.hw.stop())
            except Exception:  # noqa: BLE001 - whatever the port raises, keep going
                return False
        return False

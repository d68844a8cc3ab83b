"""Sound interface: short tone sequences that play without blocking.

`play(notes, now)` starts a sequence of (frequency Hz, milliseconds) pairs,
frequency 0 being a rest; `update(now)` advances it from the main loop.
Backends override `_tone(freq, duty)` and `_quiet()`; the base class is
silent, so a board without a buzzer needs nothing.
"""


class Sound:
    def __init__(self):
        self.volume = 5  # 0 (mute) to 10
        self.notes = ()
        self.index = 0
        self.until = 0
        self.playing = False

    def play(self, notes, now):
        """Start `notes` now, replacing whatever was playing."""
        if not self.volume or not notes:
            return
        self.notes = notes
        self.index = -1
        self.until = now
        self.playing = True
        self.update(now)

    def update(self, now):
        if not self.playing or now < self.until:
            return
        self.index += 1
        if self.index >= len(self.notes):
            self.playing = False
            self._quiet()
            return
        freq, ms = self.notes[self.index]
        self.until = now + ms
        if freq and self.volume:
            self._tone(freq, self.volume)
        else:
            self._quiet()

    def stop(self):
        self.playing = False
        self._quiet()

    def _tone(self, freq, volume):
        pass

    def _quiet(self):
        pass


class RecordingSound(Sound):
    """Remembers every tone started: for tests and the headless simulator."""

    def __init__(self):
        Sound.__init__(self)
        self.log = []

    def _tone(self, freq, volume):
        self.log.append(freq)

"""The firmware's tones on the desktop, through pygame-ce's mixer.

Each note becomes a square wave of its own length, like the piezo's, and
starts on one mixer channel without waiting: the firmware loop goes on while
SDL's audio thread plays it. Without an audio device the simulator is silent.
"""

import sys
from array import array

from hal.sound import Sound

RATE = 44100  # samples a second
PEAK = 8000  # amplitude at volume 10: a quarter of full scale (square waves are loud)
RAMP_MS = 2  # each tone fades in and out this long, so its edges do not click
BUFFER = 512  # mixer buffer in samples: about 12 ms from play() to the speaker
CACHE = 64  # notes kept ready (the firmware has about twenty)


def tone_samples(freq, ms, volume, rate=RATE):
    """`ms` milliseconds of a `freq` Hz square wave at `volume` 0-10, as
    signed 16-bit mono samples (an array 'h'); volume 0 is silence."""
    n = rate * ms // 1000
    amp = PEAK * volume // 10
    if not amp or freq <= 0:
        return array("h", bytes(2 * n))
    # Half periods counted from the start: long notes stay on pitch.
    out = array("h", [amp if (2 * freq * i // rate) % 2 == 0 else -amp for i in range(n)])
    ramp = min(n // 2, rate * RAMP_MS // 1000)
    for i in range(ramp):
        out[i] = out[i] * i // ramp
        out[n - 1 - i] = out[n - 1 - i] * i // ramp
    return out


class MixerSound(Sound):
    """hal.sound.Sound played through pygame's mixer (already initialised)."""

    def __init__(self, pygame):
        Sound.__init__(self)
        self.pygame = pygame
        self.rate, _, self.channels = pygame.mixer.get_init()
        self.channel = pygame.mixer.Channel(0)
        self.ready = {}  # (freq, ms, volume) -> pygame.mixer.Sound

    def sound_for(self, freq, ms, volume):
        """The mixer Sound of one note, made once."""
        key = (freq, ms, volume)
        sound = self.ready.get(key)
        if sound is None:
            mono = tone_samples(freq, ms, volume, self.rate)
            if self.channels > 1:  # the mixer took more channels than asked for
                mono = array("h", [s for s in mono for _ in range(self.channels)])
            if len(self.ready) >= CACHE:
                self.ready.clear()
            sound = self.ready[key] = self.pygame.mixer.Sound(buffer=mono.tobytes())
        return sound

    def _tone(self, freq, volume):
        # Sound.update calls this for the note at `index`: its length is there.
        ms = self.notes[self.index][1]
        try:
            self.channel.play(self.sound_for(freq, max(1, ms), volume))
        except self.pygame.error:  # the mixer was closed (the window quit pygame)
            pass

    def _quiet(self):
        try:
            self.channel.stop()
        except self.pygame.error:
            pass


def open_sound():
    """A MixerSound, or where there is no audio device (or no pygame) a
    silent Sound, after one line on stderr."""
    from simulator.quiet import stderr_silenced
    try:
        import pygame
        with stderr_silenced():  # ALSA prints a screenful when there is no sound card
            pygame.mixer.init(RATE, -16, 1, BUFFER)
        return MixerSound(pygame)
    except Exception as e:  # ImportError, pygame.error, NotImplementedError (no mixer module)
        print("no sound: %s" % (str(e) or type(e).__name__), file=sys.stderr)
        return Sound()

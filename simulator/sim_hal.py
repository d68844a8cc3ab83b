"""HAL parts for the desktop: a display that keeps its frames, and a Hal factory."""

import collections
import os

from hal import Hal
from hal.buttons import Buttons
from hal.clock import FakeClock, TicksClock
from hal.display import Display
from hal.sound import RecordingSound
from hal.storage import FileStorage, MemoryStorage


class SimDisplay(Display):
    """A Display whose show() hands the frame to a front end (window, terminal, PNG)."""

    def __init__(self, width=16, height=16, on_show=None):
        Display.__init__(self, width, height)
        self.on_show = on_show
        self.last = bytes(self.buf)

    def show(self):
        Display.show(self)
        self.last = bytes(self.buf)
        if self.on_show is not None:
            self.on_show(self)


class RecentTones(RecordingSound):
    """The headless simulator's sound: remembers the last KEEP tones started
    (tests look for the error beep in it); a long run kept every one."""

    KEEP = 1000

    def __init__(self):
        RecordingSound.__init__(self)
        self.log = collections.deque(maxlen=self.KEEP)


def default_storage_dir():
    return os.path.join(os.path.expanduser("~"), ".tomo-handheld")


def make_hal(width=16, height=16, fake_clock=False, storage_dir=None, sound=None,
             on_show=None):
    """A Hal for the simulator. `storage_dir=None` keeps files in memory;
    without a `sound`, the tones are recorded (RecentTones)."""
    storage = MemoryStorage() if storage_dir is None else FileStorage(storage_dir)
    clock = FakeClock() if fake_clock else TicksClock()
    if sound is None:
        sound = RecentTones()
    return Hal(SimDisplay(width, height, on_show), Buttons(), sound, clock, storage,
               name="simulator")

"""HAL parts for a web page: the firmware in MicroPython's WebAssembly port.

The page (web/page.js, web/page.py) owns the browser; this backend only
hands things over:

- display: `PageDisplay` gives each shown frame to `on_show` (the page draws
  it on a canvas),
- buttons: `hal.buttons.Buttons` fed by the page's keys and on-screen
  buttons (`set_raw`),
- sound: `PageSound` starts and stops a tone through the page's `tone` and
  `quiet` (Web Audio there),
- clock: `hal.clock.TicksClock` (time.ticks_ms runs on the browser's clock);
  the page calls the firmware one frame at a time (App.frame), since the
  WebAssembly port cannot block,
- storage: `PageStorage` keeps each file as text in a Web Storage area
  (localStorage), the bytes as hex (bytes.hex, built into every port; the
  WebAssembly port's binascii is micropython-lib's Python one, which takes
  no str and fails with a bare Exception): the firmware's own
  checksummed formats (firmware/saves.py, settings, statistics) go in
  unchanged.
"""

from hal import Hal
from hal.buttons import Buttons
from hal.clock import TicksClock
from hal.display import Display
from hal.sound import Sound
from hal.storage import Storage, too_large

PREFIX = "tomo/"  # the page's keys in the shared storage area
EIO = 5


class PageDisplay(Display):
    """A Display whose show() hands the frame to the page."""

    def __init__(self, width=16, height=16, on_show=None):
        Display.__init__(self, width, height)
        self.on_show = on_show

    def show(self):
        Display.show(self)
        if self.on_show is not None:
            self.on_show(self)


class PageSound(Sound):
    """Tones through the page: `page.tone(freq, volume)` (volume 0-10, the
    menu's SOUND) and `page.quiet()`."""

    def __init__(self, page):
        Sound.__init__(self)
        self.page = page

    def _tone(self, freq, volume):
        self.page.tone(freq, volume)

    def _quiet(self):
        self.page.quiet()


class PageStorage(Storage):
    """Small named files in a Web Storage area (`area`: getItem, setItem,
    removeItem, key, length, as localStorage has them). One setItem replaces
    a file whole, so a closed tab leaves the old file or the new one. An
    area that refuses (full, or storage blocked) is an OSError, like a
    failing flash: the firmware says NO SAVE and plays on."""

    def __init__(self, area, prefix=PREFIX):
        self.area = area
        self.prefix = prefix

    def _key(self, name):
        if not name or "/" in name or name.startswith("."):
            raise ValueError("bad file name %r" % (name,))
        return self.prefix + name

    def read(self, name, limit=None):
        key = self._key(name)
        try:
            text = self.area.getItem(key)
        except Exception as e:  # noqa: BLE001 - the browser's error, whatever its type
            raise OSError(EIO, "cannot read %s: %s" % (name, e))
        if text is None:
            return None
        try:
            data = bytes.fromhex(text)
        except (ValueError, TypeError):
            raise OSError(EIO, "%s is not hex" % name)
        if limit is not None and len(data) > limit:
            raise too_large(name, len(data), limit)
        return data

    def write(self, name, data):
        key = self._key(name)
        text = bytes(data).hex()
        try:
            self.area.setItem(key, text)
        except Exception as e:  # noqa: BLE001
            raise OSError(EIO, "cannot write %s: %s" % (name, e))

    def remove(self, name):
        key = self._key(name)
        try:
            self.area.removeItem(key)
        except Exception:  # noqa: BLE001 - nothing to forget then
            pass

    def names(self):
        found = []
        try:
            for i in range(self.area.length):
                key = self.area.key(i)
                if key is not None and key.startswith(self.prefix):
                    found.append(key[len(self.prefix):])
        except Exception:  # noqa: BLE001
            return []
        return sorted(found)


def make_hal(page, area, on_show=None, clock=None, width=16, height=16):
    """A Hal for the page: `page` has tone and quiet, `area` is the storage
    area (localStorage), `on_show` draws a shown frame. `clock` defaults to
    the browser's (TicksClock); tests give a FakeClock."""
    return Hal(PageDisplay(width, height, on_show), Buttons(), PageSound(page),
               clock or TicksClock(), PageStorage(area), name="web")

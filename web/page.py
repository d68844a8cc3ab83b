"""The page's side of the firmware, run inside MicroPython in the browser.

web/page.js loads MicroPython, puts the firmware's own files in its file
system and calls `start()`; then it calls `Page.frame()` each time the
wait it returned has passed (the WebAssembly port cannot block, so the
firmware's loop is driven from the page: App.frame, the step App.run
loops on), and `Page.key()` for each key or on-screen button.

With `test` true the clock is a FakeClock the tests move (`advance`, `idle`:
simulator/headless.py's ScriptRunner), so a frame can be compared with the
headless simulator's for the same presses.
"""

from hal import buttons as B
from hal.web_hal import make_hal
from simulator.keys import KEY_NAMES, Keys
from simulator.led import pale, visible

# The keyboard's keys, and the on-screen buttons as keys named button:A etc.
KEYMAP = dict(KEY_NAMES)
for _i, _name in enumerate(B.NAMES):
    KEYMAP["button:" + _name] = _i


class Page:
    """The firmware on the page's Hal. `js` has draw, tone and quiet;
    `area` is the storage area (localStorage)."""

    def __init__(self, js, area, test=False):
        from firmware.main import boot
        clock = None
        if test:
            from hal.clock import FakeClock
            clock = FakeClock()
        self.js = js
        self.hal = make_hal(js, area, self.draw, clock)
        self.hal.log = log
        self.keys = Keys(KEYMAP)
        self._shade = {}  # framebuffer colour -> screen colours, at _shade_at brightness
        self._shade_at = None
        self._out = bytearray(6 * self.hal.display.width * self.hal.display.height)
        self.app = boot(self.hal)
        self.runner = None
        self.app.log("ready web")

    def frame(self):
        """One frame of the firmware; returns the ms until the next."""
        now = self.hal.clock.now()
        self.hal.buttons.set_raw(self.keys.mask(now), now)  # quick taps end here
        return self.app.frame()

    def key(self, name, down):
        """A key (simulator/keys.py's names) or on-screen button (button:A)
        went down or up; False if it is not one of the device's."""
        if name not in KEYMAP:
            return False
        now = self.hal.clock.now()
        if down:
            self.keys.press(name, now)
        else:
            self.keys.release(name, now)
        self.hal.buttons.set_raw(self.keys.mask(now), now)
        return True

    def draw(self, display):
        """A shown frame to the canvas: each LED's screen colour and its paler
        centre (simulator/led.py), as hex, black for an unlit LED."""
        if self._shade_at != display.brightness:
            self._shade = {}
            self._shade_at = display.brightness
        buf, out, shade = display.buf, self._out, self._shade
        for i in range(len(buf) // 3):
            j = 3 * i
            c = buf[j] << 16 | buf[j + 1] << 8 | buf[j + 2]
            both = shade.get(c)
            if both is None:
                rgb = visible((buf[j], buf[j + 1], buf[j + 2]), display.brightness)
                both = bytes(rgb + pale(rgb)) if c else bytes(6)
                if len(shade) > 256:
                    shade.clear()
                shade[c] = both
            out[6 * i:6 * i + 6] = both
        self.js.draw(out.hex(), display.width, display.height)

    # For tests: a fake clock moved by hand ------------------------------------
    def advance(self, ms):
        self._runner().advance(ms)

    def idle(self):
        """Run until a person must act (simulator/headless.py's idle)."""
        self._runner().idle()

    def _runner(self):
        if self.runner is None:
            from simulator.headless import STEP_MS, ScriptRunner

            page = self

            class PageRunner(ScriptRunner):
                def advance(self, ms):
                    clock = page.hal.clock
                    end = clock.now() + ms
                    while clock.now() < end:
                        clock.advance(STEP_MS)
                        page.frame()

            self.runner = PageRunner(self.app)
        return self.runner

    def buffer(self):
        """The framebuffer as hex (what the firmware drew last)."""
        return self.hal.display.buf.hex()

    def where(self):
        """"menu", or the game being played and its moves: "tomoko 12"."""
        from firmware.play import PlayScreen
        screen = self.app.screen
        if isinstance(screen, PlayScreen):
            return "%s %d" % (screen.session.game, screen.session.ply)
        return type(screen).__name__.lower()


def log(text):
    """The firmware's console lines, in the browser's console."""
    print("tomo: " + text)


def start(js, area, test=False):
    return Page(js, area, test)

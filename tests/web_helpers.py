"""Drive the web page (tools/web.py) in Debian's headless chromium with
Playwright, and the headless simulator beside it for the same presses.

The page is opened with ?test: its clock is a FakeClock moved by
`advance`/`idle` (web/page.py), so its frames can be compared with the
simulator's. Keys go through the browser's keyboard, on-screen buttons
through touch, as a person's would.
"""

import threading

from hal import buttons as B
from simulator.headless import parse_script

# The keys a person presses for each button (simulator/keys.py's first key).
DOM_KEYS = {B.UP: "ArrowUp", B.DOWN: "ArrowDown", B.LEFT: "ArrowLeft",
            B.RIGHT: "ArrowRight", B.A: "z", B.B: "x", B.MENU: "Escape"}
BOOT_TIMEOUT_MS = 60000


class Server:
    """tools/web.py's server for a built folder, on a free port, in a thread."""

    def __init__(self, folder):
        from tools.web import server
        self.httpd = server(folder, 0)
        self.url = "http://127.0.0.1:%d/" % self.httpd.server_port
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class WebPage:
    """One browser page of the game, with its console's errors kept."""

    def __init__(self, context, url):
        self.context = context
        self.url = url
        self.page = context.new_page()
        self.errors = []
        self.lines = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self.errors.append("page error: %s" % e))

    def _console(self, msg):
        self.lines.append(msg.text)
        if msg.type in ("error", "assert"):
            self.errors.append("console %s: %s" % (msg.type, msg.text))

    def open(self, test=True):
        self.page.goto(self.url + ("?test" if test else ""))
        return self.wait_ready()

    def reload(self):
        self.page.reload()
        return self.wait_ready()

    def wait_ready(self):
        self.page.wait_for_function("window.tomo && (tomo.ready || tomo.error)",
                                    timeout=BOOT_TIMEOUT_MS)
        error = self.page.evaluate("tomo.error")
        assert error is None, "the page failed to boot: %s; console: %s" % (error, self.errors)
        return self

    def advance(self, ms):
        self.page.evaluate("ms => tomo.page.advance(ms)", ms)

    def idle(self):
        self.page.evaluate("() => tomo.page.idle()")

    def buffer(self):
        """The framebuffer the firmware drew last, as bytes."""
        return bytes.fromhex(self.page.evaluate("() => tomo.page.buffer()"))

    def where(self):
        return self.page.evaluate("() => tomo.page.where()")

    def tones(self):
        return self.page.evaluate("() => tomo.tones.slice()")

    def stored(self):
        """The page's files in localStorage: name -> bytes."""
        items = self.page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
            .filter(k => k.startsWith("tomo/")).map(k => [k.slice(5), localStorage[k]]))""")
        return dict((k, bytes.fromhex(v)) for k, v in items.items())

    def run(self, script):
        """A headless-simulator script (simulator/headless.py), pressed on the
        keyboard: the same steps, the same times."""
        kb = self.page.keyboard
        for name, arg in parse_script(script):
            if name == "wait":
                self.advance(arg)
            elif name == "idle":
                self.idle()
            elif name in ("down", "up"):
                (kb.down if name == "down" else kb.up)(DOM_KEYS[arg])
                self.advance(60)
            elif name in ("tap", "long"):
                kb.down(DOM_KEYS[arg])
                self.advance(900 if name == "long" else 60)
                kb.up(DOM_KEYS[arg])
                self.advance(60)
            else:
                raise ValueError("no %s step on the page" % name)

    def canvas_colours(self, points):
        """The canvas's (r, g, b) at each (x, y) of `points`, read in one go."""
        return [tuple(c) for c in self.page.evaluate("""points => {
            const c = document.getElementById("panel");
            const img = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
            return points.map(([x, y]) => Array.from(img.slice(4 * (y * c.width + x),
                                                                4 * (y * c.width + x) + 3)));
        }""", [list(p) for p in points])]


class Simulator:
    """The headless simulator (fake clock, memory storage) run on the same script."""

    def __init__(self):
        from tests.firmware_helpers import app_with
        self.app, self.runner = app_with(guide=None)  # a fresh device, as the page is

    def run(self, script):
        self.runner.run(script)

    def buffer(self):
        return bytes(self.app.hal.display.buf)


def differences(a, b, width=16):
    """The LEDs (x, y) where two framebuffers differ."""
    return [(i // 3 % width, i // 3 // width) for i in range(0, len(a), 3) if a[i:i + 3] != b[i:i + 3]]

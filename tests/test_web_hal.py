"""The web page's hal backend (hal/web_hal.py) and its Python side
(web/page.py) in CPython, with a fake of the browser's storage area; the
page itself runs in Chromium in tests/test_web.py."""

import pytest

from firmware import saves
from firmware.app import FRAME_MS
from hal import buttons as B
from hal.clock import FakeClock
from hal.storage import TooLarge
from hal.web_hal import PageStorage, make_hal
from simulator import led
from tests.firmware_helpers import tomoko_session


class FakeArea:
    """A Web Storage area as the HTML standard's Storage interface has it
    (html.spec.whatwg.org, "Web storage": length, key(n) null past the end,
    getItem null for a missing key, setItem throwing QuotaExceededError
    when the area is full, removeItem of a missing key doing nothing).
    `full` makes every setItem throw, as a full or blocked area does."""

    def __init__(self):
        self.items = {}
        self.full = False

    @property
    def length(self):
        return len(self.items)

    def key(self, n):
        keys = list(self.items)
        return keys[n] if 0 <= n < len(keys) else None

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        if self.full:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = str(value)

    def removeItem(self, key):
        self.items.pop(key, None)


class FakePage:
    """web/page.js's functions as page.py calls them."""

    def __init__(self):
        self.drawn = []
        self.tones = []

    def draw(self, hex_text, width, height):
        self.drawn.append((hex_text, width, height))

    def tone(self, freq, volume):
        self.tones.append((freq, volume))

    def quiet(self):
        self.tones.append(None)


def test_files_go_in_as_text_and_come_back_as_the_same_bytes():
    area = FakeArea()
    area.setItem("other-site-key", "kept")
    s = PageStorage(area)
    data = bytes(range(256))
    s.write("game0.sav", data)
    assert s.read("game0.sav") == data
    assert isinstance(area.getItem("tomo/game0.sav"), str)
    assert s.read("missing") is None
    assert s.names() == ["game0.sav"]
    s.remove("game0.sav")
    s.remove("game0.sav")  # twice: nothing to forget, no error
    assert s.names() == [] and area.getItem("other-site-key") == "kept"


def test_bad_names_limits_and_damaged_text_are_clear_errors():
    area = FakeArea()
    s = PageStorage(area)
    for name in ("", "a/b", ".hidden"):
        with pytest.raises(ValueError):
            s.write(name, b"x")
    assert area.items == {}
    s.write("big", bytes(100))
    with pytest.raises(TooLarge):
        s.read("big", limit=99)
    area.setItem("tomo/damaged", "not hex at all")
    with pytest.raises(OSError):
        s.read("damaged")


def test_a_refusing_area_is_a_failing_flash_and_keeps_the_old_file():
    area = FakeArea()
    s = PageStorage(area)
    s.write("settings.txt", b"old")
    area.full = True
    with pytest.raises(OSError):
        s.write("settings.txt", b"new")
    assert s.read("settings.txt") == b"old"


def test_the_devices_checksummed_save_goes_through_unchanged():
    s = PageStorage(FakeArea())
    session = tomoko_session()
    assert saves.save_game(s, session, saves.PLAYING)
    back, where, outcome = saves.load_game(s)
    assert outcome == saves.OK and where == saves.PLAYING
    assert back.game == "tomoko" and back.ply == session.ply


def test_a_full_area_makes_the_firmware_say_no_save_and_play_on():
    from firmware.main import boot
    area = FakeArea()
    hal = make_hal(FakePage(), area, clock=FakeClock())
    app = boot(hal, tomoko_session())
    area.full = True
    app.autosave(app.screen.session)
    assert app.notice[0] == "NO SAVE"


def _page():
    from web.page import Page
    js = FakePage()
    return Page(js, FakeArea(), test=True), js


def test_the_page_draws_each_shown_frame_in_the_simulators_led_colours():
    page, js = _page()
    page.advance(300)
    hex_text, w, h = js.drawn[-1]
    assert (w, h) == (16, 16) and len(hex_text) == 12 * 256
    d = page.hal.display
    for i in range(256):
        level = tuple(d.buf[3 * i:3 * i + 3])
        got = bytes.fromhex(hex_text[12 * i:12 * i + 12])
        if level == (0, 0, 0):
            assert got == bytes(6)
        else:
            rgb = led.visible(level, d.brightness)
            assert got == bytes(rgb + led.pale(rgb))


def test_keys_and_on_screen_buttons_press_the_devices_buttons():
    page, js = _page()
    assert page.key("f1", True) is False  # not one of the device's: the browser keeps it
    assert page.key("right", True) and page.hal.buttons.raw == 1 << B.RIGHT
    assert page.key("right", False)
    assert page.hal.buttons.raw == 1 << B.RIGHT  # a quick tap lasts TAP_MS
    page.advance(90)
    assert page.hal.buttons.raw == 0
    assert page.key("button:A", True) and page.hal.buttons.raw == 1 << B.A


def test_a_frame_asks_for_the_next_one_a_frame_later():
    page, js = _page()
    assert page.frame() == FRAME_MS  # the fake clock stood still during it
    assert page.where() == "menu"

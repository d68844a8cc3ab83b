"""The hardware backends booting the firmware on fake hardware (pin level).

MicroPython (machine.Pin, the neopixel driver, machine.PWM, machine.WDT,
machine.Timer), CircuitPython (board, digitalio, keypad, pwmio,
microcontroller.watchdog, and Adafruit's real NeoPixel library with only its
wire-level neopixel_write captured), and CPython with Blinka. The fakes are
in tests/fakes; the MicroPython backend also runs inside real MicroPython.
"""

import os
import subprocess
import sys

import pytest

import boards
from device import start
from firmware import saves
from firmware.menu import Menu
from firmware.play import PlayScreen
from firmware.session import Session
from hal.colour import pixel_duty
from hal.storage import MemoryStorage
from tests.hw_helpers import FAKES, fake_modules
from tools import mpy_check, mpy_runtime

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def board_like(name, **changes):
    """A board file's settings with some changed (e.g. a huge power budget)."""
    b = boards.load(name)
    settings = {k: getattr(b, k) for k, _ in boards.DEFAULTS}
    settings.update(changes)
    return boards.Board(settings, name)


def serpentine_index(x, y):
    return y * 16 + (x if y % 2 == 0 else 15 - x)


def expected_wire(display, order="GRB"):
    """What a frame must look like on the wire, worked out independently of
    the pipeline: the hand-written serpentine order, pixel_duty per pixel."""
    out = bytearray(256 * len(order))
    for y in range(16):
        for x in range(16):
            c = display.get(x, y)
            r, g, b = pixel_duty(c >> 16, (c >> 8) & 255, c & 255, display.brightness)
            i = serpentine_index(x, y) * len(order)
            for k, ch in enumerate(order):
                out[i + k] = {"R": r, "G": g, "B": b, "W": 0}[ch]
    return bytes(out)


def frames(app, fh, n, ms=30):
    for _ in range(n):
        fh.advance(ms)
        app.step()


def hold(app, fh, pin, ms, level=0):
    fh.drive(pin, level)
    frames(app, fh, ms // 30)
    fh.drive(pin, None)
    frames(app, fh, 3)


def saved_game(storage, ply=2):
    s = Session("tomoko", ["human", "easy"], "standard", 9)
    from engines_core import players
    from engines_core.prng import Rng
    for i in range(ply):
        s.play(players.choose(s.state, "easy", Rng(i)))
    saves.save_game(storage, s, saves.PLAYING)
    # The device scenarios below wait for this game to come back; if it
    # could not, they would wait in the menu for ever.
    assert saves.load_game(storage)[2] == saves.OK
    return s


# MicroPython ------------------------------------------------------------------------

def test_micropython_boot_sends_the_menu_to_the_neopixel_in_wire_order():
    with fake_modules("micropython") as m:
        board = board_like("pico", POWER_BUDGET_MA=10 ** 6)
        app, hal = start.start(board, "micropython", m, storage=MemoryStorage())
        frames(app, m["fakehw"], 5)
        strip = m["neopixel"].strips[0]
        assert strip.pin.id == 28 and strip.pin.mode == m["machine"].Pin.OUT
        assert strip.n == 256 and strip.bpp == 3
        assert strip.writes[0] == bytes(768)  # boot darkens the LEDs first
        assert isinstance(app.screen, Menu)
        assert strip.writes[-1] == expected_wire(hal.display)
        assert sum(strip.writes[-1]) > 0


def test_micropython_frames_stay_within_the_power_budget():
    with fake_modules("micropython") as m:
        app, hal = start.start("pico", "micropython", m, storage=MemoryStorage())
        frames(app, m["fakehw"], 5)
        hal.display.fill(0xFFFFFF)
        hal.display.brightness = 100
        hal.display.show()
        wire = m["neopixel"].strips[0].writes[-1]
        assert 256 * 1 + sum(wire) * 20 / 255 <= hal.board.POWER_BUDGET_MA
        assert min(wire) >= 1


def test_micropython_buttons_from_bouncing_pins_move_the_menu_once():
    with fake_modules("micropython") as m:
        before, after, _, feeds = __import__("scenario").menu_scenario(
            start, m, MemoryStorage())
        assert after == before + 1
        assert feeds > 0


def test_micropython_pins_are_pulled_up_inputs_and_the_buzzer_beeps():
    with fake_modules("micropython") as m:
        app, hal = start.start("pico", "micropython", m, storage=MemoryStorage())
        pins = m["machine"].pins
        for p in (2, 3, 4, 5, 6, 7):
            assert pins[p].mode == m["machine"].Pin.IN
            assert pins[p].pull == m["machine"].Pin.PULL_UP
        fh = m["fakehw"]
        frames(app, fh, 3)
        hold(app, fh, 5, 90)  # RIGHT: changes the game, with a click
        pwm = m["machine"].pwms[0]
        assert pwm.pin.id == 15
        freqs = [v for what, v, _ in pwm.changes if what == "freq"]
        duties = [v for what, v, _ in pwm.changes if what == "duty"]
        assert freqs and max(duties) == 65535 * 50 * app.settings.volume // 1000
        assert pwm.duty_u16() == 0  # quiet again


def test_micropython_watchdog_feeds_rides_out_a_long_move_and_catches_a_hang():
    """issue 7 item 5: a hung device is reset; a long computer-player move is
    not mistaken for a hang (the timer keeps the hardware fed for up to
    WATCHDOG_PATIENCE_S while the program runs)."""
    with fake_modules("micropython") as m:
        fh = m["fakehw"]
        app, hal = start.start("pico", "micropython", m, storage=MemoryStorage())
        wdt = m["machine"].WDT.current
        assert wdt.timeout == 8000
        frames(app, fh, 10)
        assert wdt.feeds >= 10
        fh.advance(30000)  # a 30 s computation: no frame, the timer still runs
        frames(app, fh, 2)
        with pytest.raises(fh.HardReset):
            fh.advance(60000 + 8000 + 1000)  # no frame for over a minute: hung
        assert m["machine"].reset_cause() == m["machine"].WDT_RESET


def test_watchdog_feeds_from_the_timer_only_while_frames_come():
    from hal.watchdog import Watchdog

    class Hw:
        feeds = 0
        stopped = False

        def feed(self):
            self.feeds += 1

        def stop(self):
            self.stopped = True
            return True
    t = [0]
    hw = Hw()
    wd = Watchdog(hw, lambda: t[0], lambda a, b: a - b, patience_ms=1000)
    wd.feed()
    t[0] = 999
    wd.tick()
    assert hw.feeds == 2  # within patience: fed
    t[0] = 1000
    wd.tick()
    assert hw.feeds == 2  # a frame is overdue: left to starve
    wd.pause()  # a hook for a computation known to be long
    t[0] = 50000
    wd.tick()
    assert hw.feeds == 3
    wd.resume()
    t[0] = 52000
    wd.tick()
    assert hw.feeds == 4  # resume() counts as a frame, then 2 s pass: starve
    assert wd.stop() is True and hw.stopped
    t[0] = 10 ** 6
    wd.tick()
    assert hw.feeds == 5  # after Ctrl-C, fed for good


def test_micropython_hang_below_python_is_caught_by_the_hardware_limit():
    with fake_modules("micropython") as m:
        fh = m["fakehw"]
        app, hal = start.start("pico", "micropython", m, storage=MemoryStorage())
        frames(app, fh, 3)
        hal.drivers["timer"].deinit()  # timers no longer run: interrupts off, C stuck
        with pytest.raises(fh.HardReset):
            fh.advance(9000)


def test_micropython_resumes_after_a_watchdog_reset_and_parks_a_game_stuck_twice():
    storage = MemoryStorage()
    game = saved_game(storage)
    # 1st run: the game comes back and then hangs.
    with fake_modules("micropython") as m:
        app, hal = start.start("pico", "micropython", m, storage=storage)
        assert isinstance(app.screen, PlayScreen)
        with pytest.raises(m["fakehw"].HardReset):
            m["fakehw"].advance(80000)
    # 2nd run, after the watchdog reset: straight back into the game.
    with fake_modules("micropython") as m:
        m["machine"].state["reset_cause"] = m["machine"].WDT_RESET
        app, hal = start.start("pico", "micropython", m, storage=storage)
        assert isinstance(app.screen, PlayScreen)
        assert app.screen.session.ply == game.ply
        assert app.notice[0] == "RESUMED"
        with pytest.raises(m["fakehw"].HardReset):
            m["fakehw"].advance(80000)
    # 3rd run: reset again at the same position - stuck: park it, menu.
    with fake_modules("micropython") as m:
        m["machine"].state["reset_cause"] = m["machine"].WDT_RESET
        app, hal = start.start("pico", "micropython", m, storage=storage)
        assert isinstance(app.screen, Menu)
        assert app.notice[0] == "STUCK - GAME PAUSED"
        assert app.screen.saved is not None and app.screen.saved.ply == game.ply
        assert hal.watchdog is not None  # MicroPython: patience covers long moves
    # A normal power-on later: the parked game is offered, nothing else.
    with fake_modules("micropython") as m:
        app, hal = start.start("pico", "micropython", m, storage=storage)
        assert isinstance(app.screen, Menu) and app.notice is None


def test_reflashing_an_rp2_board_twice_at_the_same_position_is_not_a_hang(monkeypatch):
    """On rp2, machine.reset() (what `mpremote reset` and ./tools/flash end
    with) is a watchdog reboot: reset_cause() says WDT_RESET. Only a starved
    machine.WDT leaves pico-sdk's magic in SCRATCH4, and only that is a hang.
    The machine state (reset cause, SCRATCH4) carries over each reset, as the
    chip keeps it."""
    monkeypatch.setattr(sys, "platform", "rp2")
    storage = MemoryStorage()
    game = saved_game(storage)
    kept = None
    for flash in range(3):
        with fake_modules("micropython") as m:
            if kept:
                m["machine"].state.update(kept)
            app, hal = start.start("pico", "micropython", m, storage=storage)
            assert isinstance(app.screen, PlayScreen), "reflash %d parked the game" % flash
            assert app.screen.session.ply == game.ply
            assert app.notice is None or app.notice[0] != "STUCK - GAME PAUSED"
            with pytest.raises(m["fakehw"].HardReset):
                m["machine"].reset()  # the flash tool's last step
            kept = dict(m["machine"].state)
    assert start.read_resets(storage)[1] == 0
    # A real hang, twice at the same position, is still caught.
    for hang in range(2):
        with fake_modules("micropython") as m:
            m["machine"].state.update(kept)
            app, hal = start.start("pico", "micropython", m, storage=storage)
            with pytest.raises(m["fakehw"].HardReset):
                m["fakehw"].advance(80000)  # nothing runs: the WDT starves
            kept = dict(m["machine"].state)
    with fake_modules("micropython") as m:
        m["machine"].state.update(kept)
        app, hal = start.start("pico", "micropython", m, storage=storage)
        assert isinstance(app.screen, Menu) and app.notice[0] == "STUCK - GAME PAUSED"


def test_holding_b_at_power_on_starts_at_the_menu_with_the_game_parked():
    storage = MemoryStorage()
    game = saved_game(storage)
    with fake_modules("micropython") as m:
        m["fakehw"].drive(7, 0)  # B held
        app, hal = start.start("pico", "micropython", m, storage=storage)
        assert isinstance(app.screen, Menu)
        assert app.notice[0] == "SAFE START"
        assert app.screen.saved.ply == game.ply
        m["fakehw"].drive(7, None)
        frames(app, m["fakehw"], 40)  # the boot-time hold sends no LONG/pause
        assert isinstance(app.screen, Menu)


def test_a_planned_restart_for_a_clean_heap_is_not_counted_as_a_hang(monkeypatch):
    """firmware/launch.py restarts a board when a game does not fit in its
    broken-up heap. The RP2040 may report that reset as a watchdog one; the
    guard must not count it, or one real hang later would park the game."""
    storage = MemoryStorage()
    game = saved_game(storage)
    # A watchdog reset at this position: counted once.
    with fake_modules("micropython") as m:
        m["machine"].state["reset_cause"] = m["machine"].WDT_RESET
        app, hal = start.start("pico", "micropython", m, storage=storage)
        assert isinstance(app.screen, PlayScreen) and start.read_resets(storage)[1] == 1
        assert hal.restart is not None
        with pytest.raises(m["fakehw"].HardReset) as e:
            hal.restart()
        assert "machine.reset" in str(e.value)
    assert start.read_resets(storage)[3] is True
    with fake_modules("micropython") as m:
        m["machine"].state["reset_cause"] = m["machine"].WDT_RESET
        app, hal = start.start("pico", "micropython", m, storage=storage)
        assert isinstance(app.screen, PlayScreen) and app.screen.session.ply == game.ply
        assert start.read_resets(storage)[1:] == (0, False, False)


def test_holding_a_at_power_on_opens_the_hardware_check():
    with fake_modules("micropython") as m:
        fh = m["fakehw"]
        fh.drive(6, 0)  # A held at power-on
        board, hal = start.setup("pico", "micropython", m, MemoryStorage())
        from device.check import run_check, CORNERS
        hal.buttons.prime(hal.read_buttons(), hal.clock.now())
        fh.drive(6, None)
        fh.drive(2, 0)  # UP held: its mark lights
        run_check(hal, frames=10)
        wire = m["neopixel"].strips[0].writes[-1]
        for x, y, c in CORNERS:
            i = serpentine_index(x, y) * 3
            assert wire[i:i + 3] != bytes(3)
        assert hal.display.get(1, 13) == 0x00FFFF  # UP's mark
        assert hal.display.get(9, 13) == 0x101010  # A's, not held
        assert m["machine"].pwms[0].changes  # it beeped


def test_ctrl_c_switches_the_rp2040_watchdog_off(monkeypatch):
    with fake_modules("micropython") as m:
        monkeypatch.setattr(sys, "platform", "rp2")
        fh = m["fakehw"]
        app, hal = start.start("pico", "micropython", m, storage=MemoryStorage())
        frames(app, fh, 3)
        hal.drivers["timer"].deinit()  # as after a soft reset by mpremote
        assert start.stop(hal) == "the watchdog is off"
        assert (0x40058000 + 0x3000, 1 << 30) in m["machine"].mem32.writes
        fh.advance(120000)  # no reset: the REPL and mpremote can work
        assert m["neopixel"].strips[0].writes[-1] == bytes(768)


def test_ctrl_c_elsewhere_keeps_the_watchdog_fed():
    with fake_modules("micropython") as m:
        fh = m["fakehw"]
        app, hal = start.start("esp32s3_devkitc", "micropython", m, storage=MemoryStorage())
        assert m["neopixel"].strips[0].pin.id == 4
        frames(app, fh, 3)
        assert start.stop(hal) == "the watchdog is kept fed until the next reset"
        fh.advance(300000)  # the timer feeds it from now on


def test_an_error_is_kept_shown_and_the_device_restarts_into_the_game(monkeypatch):
    storage = MemoryStorage()
    saved_game(storage)
    with fake_modules("micropython") as m:
        def broken(self, now):
            raise ZeroDivisionError("a bug")
        monkeypatch.setattr(PlayScreen, "tick", broken)
        with pytest.raises(m["fakehw"].HardReset) as e:
            start.main("pico", plat="micropython", modules=m, storage=storage)
        assert "machine.reset" in str(e.value)
        assert b"ZeroDivisionError" in storage.read(start.CRASH_FILE)
        wire = m["neopixel"].strips[0].writes[-1]
        assert wire[1] > 0 and wire[0] == wire[2] == 0  # a red cross (GRB)
    assert start.read_resets(storage)[2] is True


def test_ctrl_c_in_main_stops_cleanly(monkeypatch):
    with fake_modules("micropython") as m:
        def interrupted(self):
            raise KeyboardInterrupt
        from firmware.app import App
        monkeypatch.setattr(App, "run", interrupted)
        start.main("pico", plat="micropython", modules=m, storage=MemoryStorage())
        assert m["neopixel"].strips[0].writes[-1] == bytes(768)


def test_ctrl_c_during_the_button_scan_still_stops_the_game():
    """Ctrl-C lands in whatever Python code runs - often the timer's button
    scan, whose exception MicroPython's scheduler prints and drops (the fake
    Timer does the same). Seen on the emulated Pico: mpremote sent Ctrl-C,
    'KeyboardInterrupt' was printed from on_timer and the game went on, so
    mpremote and ./tools/flash waited for ever. The main loop must stop."""
    with fake_modules("micropython") as m:
        app, hal = start.start("pico", "micropython", m, storage=MemoryStorage())
        frames(app, m["fakehw"], 3)
        pin = m["machine"].pins[hal.board.BUTTONS["A"]]
        real_value = pin.value

        def ctrl_c_once(v=None):
            pin.value = real_value
            raise KeyboardInterrupt
        pin.value = ctrl_c_once
        with pytest.raises(KeyboardInterrupt):
            frames(app, m["fakehw"], 3)
        assert ("callback raised", "KeyboardInterrupt") not in m["fakehw"].log


@pytest.mark.mpy
def test_micropython_backend_runs_inside_real_micropython():
    """The same scenario (boot, menu, a bouncing press) inside MicroPython
    1.27 with the fake machine/neopixel modules: the device code imports and
    runs there, and sends exactly the bytes it sends in CPython."""
    code = """
import sys
sys.path.insert(0, '/fakes/micropython')
sys.path.insert(0, '/fakes')
import fakehw, machine, neopixel, scenario
from hal.storage import MemoryStorage
from device import start
mods = {'fakehw': fakehw, 'machine': machine, 'neopixel': neopixel, 'time': fakehw}
before, after, wire, feeds = scenario.menu_scenario(start, mods, MemoryStorage())
print('RESULT', before, after, feeds, bytes(wire).hex())
"""
    r = mpy_runtime.run(mpy_runtime_prelude() + code, heap="384k",
                        dirs={"/app": mpy_check.ensure_bundle(), "/fakes": FAKES})
    assert r.ok, r.stderr[-2000:]
    line = [l for l in r.stdout.splitlines() if l.startswith("RESULT")][0].split()
    with fake_modules("micropython") as m:
        before, after, wire, feeds = __import__("scenario").menu_scenario(
            start, m, MemoryStorage())
    assert [int(line[1]), int(line[2]), int(line[3])] == [before, after, feeds]
    assert after == before + 1
    assert line[4] == wire.hex()


@pytest.mark.mpy
def test_boot_helpers_run_inside_real_micropython():
    """Board detection, the config file, the crash record, Ctrl-C and the
    check screen use only what MicroPython has."""
    code = """
import sys
sys.path.insert(0, '/fakes/micropython')
sys.path.insert(0, '/fakes')
import fakehw, machine, neopixel, boards
from hal.storage import MemoryStorage
from device import start
from device.check import run_check
print('BOARDS', ','.join(boards.available()))
print('CHOSEN', boards.choose('micropython', 'Raspberry Pi Pico W with RP2040', start.read_text),
      boards.choose('micropython', 'Generic ESP32S3 module with ESP32S3', start.read_text))
mods = {'fakehw': fakehw, 'machine': machine, 'neopixel': neopixel, 'time': fakehw}
st = MemoryStorage()
app, hal = start.start(None, 'micropython', mods, storage=st)
for i in range(3):
    fakehw.advance(30)
    app.step()
try:
    1 // 0
except Exception as e:
    start.fail(hal, e)
print('CRASH', 'ZeroDivisionError' in st.read('crash.txt').decode(), start.read_resets(st)[2])
start.stop(hal)
run_check(hal, frames=3)
print('DONE', hal.name, hal.watchdog.stopped)
"""
    r = mpy_runtime.run(mpy_runtime_prelude() + code, heap="384k",
                        dirs={"/app": mpy_check.ensure_bundle(), "/fakes": FAKES})
    assert r.ok, r.stderr[-2000:]
    out = dict(l.split(" ", 1) for l in r.stdout.splitlines() if l[:1].isupper())
    assert out["BOARDS"].split(",")[:4] == list(boards.KNOWN)
    assert out["CHOSEN"] == "pico esp32s3_devkitc"
    assert out["CRASH"] == "True True"
    assert out["DONE"] == "pico True"  # no config file, no match: the default


def mpy_runtime_prelude():
    return "import sys\nsys.path.insert(0, '/app')\n"


# CircuitPython -------------------------------------------------------------------------

def test_circuitpython_boot_through_the_real_neopixel_library():
    """Adafruit's NeoPixel library does the colour order; only its
    neopixel_write is fake: the bytes it writes are exactly the frame's."""
    with fake_modules("circuitpython") as m:
        board = board_like("feather_rp2040", POWER_BUDGET_MA=10 ** 6)
        app, hal = start.start(board, "circuitpython", m, storage=MemoryStorage())
        frames(app, m["fakehw"], 5)
        writes = m["neopixel_write"].writes
        pin, wire = writes[-1]
        assert pin.name == "D5"
        assert writes[0][1] == bytes(768)
        assert wire == expected_wire(hal.display)
        pixels = hal.drivers["pixels"]
        assert pixels.byteorder == "GRB" and pixels.brightness == 1.0


@pytest.mark.parametrize("order", ["GRB", "RGB", "GRBW"])
def test_real_neopixel_library_sends_the_gamma_corrected_current_limited_frame(order):
    """Full white at full brightness through Adafruit's library: the bytes it
    writes are the limited frame in the board's colour order, within the
    board's budget, every LED still lit; and a single dim pixel elsewhere on
    the panel lands at its serpentine position with its gamma duty."""
    from hal.pipeline import Pipeline
    with fake_modules("circuitpython") as m:
        board = board_like("feather_rp2040", COLOR_ORDER=order)
        app, hal = start.start(board, "circuitpython", m, storage=MemoryStorage())
        d = hal.display
        d.brightness = 100
        d.fill(0xFFFFFF)
        d.show()
        wire = m["neopixel_write"].writes[-1][1]
        bpp = len(order)
        assert len(wire) == 256 * bpp
        rgb = Pipeline(bytearray(b"\xff" * 768), order="RGB", fast=False,
                       budget_ma=board.POWER_BUDGET_MA)
        rgb.render(rgb.buf, 100)
        duty = rgb.out[0]
        assert rgb.limited and 1 <= duty < 10
        want = bytes([0 if c == "W" else duty for c in order]) * 256
        assert wire == want
        assert 256 + sum(wire) * 20 / 255 <= board.POWER_BUDGET_MA
        d.fill(0)
        d.pixel(3, 1, 0x804020)
        d.show()
        wire = m["neopixel_write"].writes[-1][1]
        r, g, b = pixel_duty(0x80, 0x40, 0x20, 100)
        i = serpentine_index(3, 1) * bpp
        assert wire[i:i + bpp] == bytes({"R": r, "G": g, "B": b, "W": 0}[c] for c in order)
        assert sum(wire) == r + g + b


def test_circuitpython_keypad_buttons_buzzer_and_watchdog():
    with fake_modules("circuitpython") as m:
        fh = m["fakehw"]
        app, hal = start.start("feather_rp2040", "circuitpython", m, storage=MemoryStorage())
        keys = hal.drivers["keys"]
        assert [d.pin.name for d in keys.dios] == ["D6", "D9", "D10", "D11", "D12", "D24"]
        assert keys.value_when_pressed is False and keys.interval_ms == 5
        frames(app, fh, 5)
        line = app.screen.line
        for level, ms in ((0, 2), (1, 1), (0, 4), (1, 2), (0, 30)):
            fh.drive("D9", level)  # DOWN, bouncing
            fh.advance(ms)
        frames(app, fh, 3)
        fh.drive("D9", None)
        frames(app, fh, 3)
        assert app.screen.line == line + 1
        out = m["pwmio"].outs[0]
        assert out.pin.name == "A0" and out.variable_frequency
        assert any(what == "duty" and v > 0 for what, v, _ in out.changes)
        wd = m["microcontroller"].watchdog
        assert wd.mode == "RESET" and wd.timeout == 8.0 and wd.feeds > 0
        with pytest.raises(fh.HardReset):
            fh.advance(9000)  # no frames: reset by the hardware timeout
        assert m["microcontroller"].cpu.reset_reason == "WATCHDOG"


def test_circuitpython_without_supervisor_ticks_still_boots_and_reads_buttons(monkeypatch):
    # Older CircuitPython builds have `supervisor` without ticks_ms: the clock
    # falls back to time.monotonic, key events count as just now.
    with fake_modules("circuitpython") as m:
        del m["supervisor"].ticks_ms
        fh = m["fakehw"]
        monkeypatch.setitem(sys.modules, "time", fh)  # what TicksClock imports
        app, hal = start.start("feather_rp2040", "circuitpython", m, storage=MemoryStorage())
        assert hal.drivers["keypad_reader"].age is None
        frames(app, fh, 5)
        line = app.screen.line
        fh.drive("D9", 0)  # DOWN
        frames(app, fh, 3)
        fh.drive("D9", None)
        frames(app, fh, 3)
        assert app.screen.line == line + 1


def test_circuitpython_a_move_too_long_for_its_watchdog_finishes_on_the_second_try():
    """CircuitPython has no timers to keep the watchdog fed through a long
    computer move: if that trips it twice at the same position, boot parks
    the game and runs without the watchdog, so RESUME lets the move finish."""
    storage = MemoryStorage()
    saved_game(storage)
    for attempt in (1, 2):
        with fake_modules("circuitpython") as m:
            if attempt == 2:
                m["microcontroller"].cpu.reset_reason = "WATCHDOG"
            app, hal = start.start("feather_rp2040", "circuitpython", m, storage=storage)
            assert isinstance(app.screen, PlayScreen)
            with pytest.raises(m["fakehw"].HardReset):
                m["fakehw"].advance(9000)  # the "move" takes 9 s
    with fake_modules("circuitpython") as m:
        m["microcontroller"].cpu.reset_reason = "WATCHDOG"
        app, hal = start.start("feather_rp2040", "circuitpython", m, storage=storage)
        assert isinstance(app.screen, Menu) and app.screen.saved is not None
        assert hal.watchdog is None and m["microcontroller"].watchdog.mode is None
        m["fakehw"].advance(20000)  # a long move now completes


def test_circuitpython_ctrl_c_stops_the_watchdog():
    with fake_modules("circuitpython") as m:
        app, hal = start.start("feather_rp2040", "circuitpython", m, storage=MemoryStorage())
        assert start.stop(hal) == "the watchdog is off"
        assert m["microcontroller"].watchdog.mode is None
        m["fakehw"].advance(60000)


def test_circuitpython_watchdog_pauses_and_resumes_without_deinit():
    """CircuitPython 10 removed WatchDogTimer.deinit() (the fake follows it):
    pause() and stop() used it, so pausing raised AttributeError and Ctrl-C
    printed that the watchdog was kept fed while it went on resetting."""
    with fake_modules("circuitpython") as m:
        fh = m["fakehw"]
        app, hal = start.start("feather_rp2040", "circuitpython", m, storage=MemoryStorage())
        wd = m["microcontroller"].watchdog
        assert not hasattr(wd, "deinit")
        hal.watchdog.pause()
        assert wd.mode is None
        fh.advance(30000)  # a long computation while paused: no reset
        hal.watchdog.resume()
        assert wd.mode == "RESET" and wd.timeout == 8.0
        with pytest.raises(fh.HardReset):
            fh.advance(9000)


def slow(fh, ms, func):
    """`func`, taking `ms` of fake time first (compiling .py sources)."""
    def wrapped(*args, **kwargs):
        fh.advance(ms)
        return func(*args, **kwargs)
    return wrapped


def test_circuitpython_importing_and_resuming_from_source_cannot_trip_the_watchdog(
        monkeypatch):
    """The watchdog was armed before the firmware's import: from .py sources
    importing and resuming a game take seconds on CircuitPython, with no
    timer to feed it. Now it is armed once the game is back on screen (a
    boot taking 9 s resumes), and it still catches a hang afterwards."""
    import firmware.main
    storage = MemoryStorage()
    game = saved_game(storage)
    with fake_modules("circuitpython") as m:
        fh = m["fakehw"]
        monkeypatch.setattr(firmware.main, "boot", slow(fh, 9000, firmware.main.boot))
        app, hal = start.start("feather_rp2040", "circuitpython", m, storage=storage)
        assert isinstance(app.screen, PlayScreen) and app.screen.session.ply == game.ply
        assert m["microcontroller"].watchdog.mode == "RESET"
        frames(app, fh, 5)
        with pytest.raises(fh.HardReset):
            fh.advance(9000)


def test_circuitpython_a_game_loading_from_source_has_its_own_patience(monkeypatch):
    """Starting a game from the menu loads its modules inside a frame; from
    sources that may outlast the 8 s watchdog. The load pauses it, and it is
    armed again afterwards."""
    from firmware import launch
    with fake_modules("circuitpython") as m:
        fh = m["fakehw"]
        app, hal = start.start("feather_rp2040", "circuitpython", m, storage=MemoryStorage())
        frames(app, fh, 3)
        monkeypatch.setattr(PlayScreen, "__init__", slow(fh, 9000, PlayScreen.__init__))
        session = Session("tomoko", ["human", "easy"], "standard", 3)
        assert launch.open_game(app, "tomoko", lambda: session, True)
        assert isinstance(app.screen, PlayScreen)
        assert m["microcontroller"].watchdog.mode == "RESET"
        with pytest.raises(fh.HardReset):
            fh.advance(9000)


# Raspberry Pi with Blinka --------------------------------------------------------------

def test_blinka_backend_on_fake_pins():
    with fake_modules("circuitpython") as m:
        board = board_like("raspberry_pi", POWER_BUDGET_MA=10 ** 6)
        app, hal = start.start(board, "blinka", m, storage=MemoryStorage())
        assert hal.watchdog is None  # systemd restarts it instead
        frames(app, m["fakehw"], 5)
        pin, wire = m["neopixel_write"].writes[-1]
        assert pin.name == "D18"
        assert wire == expected_wire(hal.display)


BLINKA_SCRIPT = r"""
import sys, os
sys.path.insert(0, %(root)r)
sys.path.insert(0, %(fakes)r)
import board, digitalio, neopixel
sent = []
neopixel.neopixel_write = lambda pin, buf: sent.append(bytes(buf))
import boards
from hal import blinka_hal
from hal.storage import MemoryStorage
sys.path.insert(0, os.path.join(%(fakes)r, "circuitpython"))
import keypad as fake_keypad  # no scanning thread in a test
b = boards.load("raspberry_pi")
settings = {k: getattr(b, k) for k, _ in boards.DEFAULTS}
settings.update(PIXEL_PIN="NEOPIXEL", BUTTONS=dict(zip(
    ("UP", "DOWN", "LEFT", "RIGHT", "A", "B"),
    ("Dx_INPUT_TRUE", "Dx_INPUT_FALSE", "Dx_INPUT_TOGGLE", "Dx_INPUT_TRUE_PULL_UP",
     "Dx_INPUT_TRUE_PULL_DOWN", "Dx_OUTPUT"))))
hal = blinka_hal.make_hal(boards.Board(settings, "pi_test"), {"keypad": fake_keypad},
                          MemoryStorage())
d = hal.display
d.brightness = 40
d.pixel(0, 0, 0xFF0000)
d.pixel(0, 1, 0x123456)
d.pixel(5, 3, 0x121212)
d.fill(0)
d.pixel(0, 0, 0xFF0000)
d.pixel(0, 1, 0x123456)
d.pixel(5, 3, 0x121212)
d.show()
print("BOARD", board.board_id)
print("WIRE", sent[-1].hex())
"""


def test_blinka_with_the_real_board_digitalio_and_neopixel_modules():
    """Blinka's own board/digitalio (its OS-agnostic board, as no Pi is
    here) under the real NeoPixel library; only neopixel_write is captured."""
    env = dict(os.environ, BLINKA_OS_AGNOSTIC="1")
    script = BLINKA_SCRIPT % {"root": ROOT, "fakes": FAKES}
    r = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                       text=True, timeout=120, cwd="/")
    assert r.returncode == 0, r.stderr[-2000:]
    out = dict(l.split(" ", 1) for l in r.stdout.splitlines() if " " in l)
    assert out["BOARD"] == "OS_AGNOSTIC_BOARD"
    wire = bytes.fromhex(out["WIRE"])
    want = bytearray(768)
    for (x, y), c in (((0, 0), 0xFF0000), ((0, 1), 0x123456), ((5, 3), 0x121212)):
        r_, g, b = pixel_duty(c >> 16, (c >> 8) & 255, c & 255, 40)
        i = serpentine_index(x, y) * 3
        want[i:i + 3] = bytes((g, r_, b))
    assert wire == bytes(want)
    assert wire[serpentine_index(5, 3) * 3:][:3] == b"\x01\x01\x01"  # never dark


# Boards and platform detection ---------------------------------------------------------

def test_every_board_file_loads_and_is_complete():
    names = boards.available()
    for needed in ("pico", "esp32s3_devkitc", "feather_rp2040", "raspberry_pi"):
        assert needed in names
    platforms = set()
    for name in names:
        b = boards.load(name)
        platforms.add(b.PLATFORM)
        assert b.NAME == name and b.DESCRIPTION
        assert set(b.BUTTONS) >= set(boards.NEEDED_BUTTONS)
    assert platforms == {"micropython", "circuitpython", "blinka"}


def test_the_board_is_chosen_by_file_then_detection_then_default():
    read = {boards.CONFIG_FILE: "# my board\nesp32s3_devkitc\n"}.get
    assert boards.choose("micropython", "Raspberry Pi Pico W with RP2040", read) == \
        "esp32s3_devkitc"
    nothing = {}.get
    assert boards.choose("micropython", "Raspberry Pi Pico W with RP2040", nothing) == "pico"
    assert boards.choose("micropython", "Generic ESP32S3 module with ESP32S3", nothing) == \
        "esp32s3_devkitc"
    assert boards.choose("circuitpython", "adafruit_feather_rp2040", nothing) == \
        "feather_rp2040"
    assert boards.choose("blinka", "Raspberry Pi 4 Model B Rev 1.4", nothing) == "raspberry_pi"
    assert boards.choose("micropython", "something else", nothing) == "pico"


def test_board_mistakes_are_reported_readably():
    with pytest.raises(ValueError, match="BUTTONS lacks"):
        board_like("pico", BUTTONS={"UP": 1})
    with pytest.raises(ValueError, match="dark LEDs"):
        board_like("pico", WIDTH=32, HEIGHT=32, POWER_BUDGET_MA=1000)
    with pytest.raises(ValueError, match="COLOR_ORDER"):
        board_like("pico", COLOR_ORDER="XYZ")
    with pytest.raises(ValueError, match="rotation"):
        board_like("pico", ROTATION=45)
    with pytest.raises(ValueError):
        boards.load("../etc/passwd")


def test_a_copied_board_file_is_all_it_takes(tmp_path, monkeypatch):
    """docs/hardware.md: copy a board file, change it, select it. (The copy
    goes to a second boards folder, not into the repository.) The copy keeps
    NAME = "pico": the file's name is the board's name all the same."""
    src = open(os.path.join(ROOT, "boards", "pico.py")).read()
    assert 'NAME = "pico"' in src
    src = src.replace("PIXEL_PIN = 28", "PIXEL_PIN = 16")
    src = src.replace("ROTATION = 0", "ROTATION = 90")
    (tmp_path / "my_pico.py").write_text(src)
    monkeypatch.setattr(boards, "__path__", list(boards.__path__) + [str(tmp_path)])
    try:
        assert "my_pico" in boards.available()
        with fake_modules("micropython") as m:
            app, hal = start.start("my_pico", "micropython", m, storage=MemoryStorage())
            assert m["neopixel"].strips[0].pin.id == 16
            assert hal.name == "my_pico" and hal.board.ROTATION == 90
            assert boards.load("my_pico").NAME == "my_pico"  # what tools/flash writes
            frames(app, m["fakehw"], 2)
            # Turned a quarter clockwise: the screen's top-left is the panel's
            # bottom-left LED, the first of its last (odd, so backwards) row.
            hal.display.fill(0)
            hal.display.pixel(0, 0, 0xFFFFFF)
            hal.display.show()
            wire = m["neopixel"].strips[0].writes[-1]
            lit = [i // 3 for i in range(0, 768, 3) if wire[i]]
            assert lit == [15 * 16 + 15]
    finally:
        sys.modules.pop("boards.my_pico", None)


def test_a_pin_given_two_jobs_is_refused_by_name():
    """Real CircuitPython refuses a pin in use ("A0 in use", the fakes now
    too); MicroPython would quietly drive a button's pin as the buzzer."""
    with pytest.raises(ValueError, match=r'BUTTONS\["A"\] and BUZZER_PIN are both pin 6'):
        board_like("pico", BUZZER_PIN=6)
    with pytest.raises(ValueError, match=r'PIXEL_PIN and BUTTONS\["UP"\] are both pin \'D6\''):
        board_like("feather_rp2040", PIXEL_PIN="D6")


def test_the_fake_circuitpython_pins_are_taken_as_on_the_real_one():
    """CircuitPython 10.0.0: a pin in use by another peripheral is a
    ValueError until deinit (microcontroller/Pin.c); setting an input's
    value is an AttributeError (digitalio/DigitalInOut.c); PWMOut checks
    its duty cycle and frequency (pwmio/PWMOut.c). The fakes were kinder."""
    with fake_modules("circuitpython") as m:
        board, digitalio, pwmio = m["board"], m["digitalio"], m["pwmio"]
        d = digitalio.DigitalInOut(board.D5)
        with pytest.raises(ValueError, match="D5 in use"):
            digitalio.DigitalInOut(board.D5)
        with pytest.raises(ValueError, match="D5 in use"):
            m["keypad"].Keys((board.D5,), value_when_pressed=False)
        with pytest.raises(AttributeError):
            d.value = True
        d.deinit()
        out = pwmio.PWMOut(board.D5, variable_frequency=True)
        with pytest.raises(ValueError):
            out.duty_cycle = 65536
        with pytest.raises(ValueError):
            out.frequency = 0
        fixed = pwmio.PWMOut(board.A1)
        with pytest.raises(AttributeError):
            fixed.frequency = 440


@pytest.mark.parametrize("port,board,timer_id", [("rp2", "pico", 0),
                                                 ("esp32", "esp32s3_devkitc", -1)])
def test_a_timer_the_port_does_not_have_is_said_on_the_console(monkeypatch, capsys, port,
                                                               board, timer_id):
    """MicroPython 1.27's rp2 has only Timer(-1), an ESP32 only 0-3 (the fake
    took any id): a board file with the other port's TIMER_ID boots without
    the timer that reads the buttons and feeds the watchdog through long
    moves, and says so instead of nothing."""
    with fake_modules("micropython") as m:
        monkeypatch.setattr(sys, "platform", port)
        b = board_like(board, TIMER_ID=timer_id)
        app, hal = start.start(b, "micropython", m, storage=MemoryStorage())
        assert hal.drivers["timer"] is None
        assert "tomo: no timer (TIMER_ID %d: " % timer_id in capsys.readouterr().out
    with fake_modules("micropython") as m:
        monkeypatch.setattr(sys, "platform", port)
        app, hal = start.start(board, "micropython", m, storage=MemoryStorage())
        assert hal.drivers["timer"] is not None  # the board files' own ids work

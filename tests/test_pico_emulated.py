"""The project on the official MicroPython v1.27.0 firmware of an emulated
Raspberry Pi Pico (tools/pico_emu.py: rp2040js with real flash, watchdog
resets, GPIO buttons, WS2812 frames decoded off the matrix pin, and the USB
REPL on a serial port that the real mpremote opens).

Flashed with ./tools/flash exactly as a maker would; buttons pressed through
their GPIO pins; every screen checked is read off the wire. The firmware says
on its serial console when a game starts and ends, with the free heap
("tomo: ..." lines, firmware/app.py), which is how a test knows a computer
game is over without decoding every screen.
"""

import os
import shutil

import pytest

from tests import pico_helpers as ph
from tools.pico_emu import WHERE_TO_GET, firmware_files, mpremote

# A whole game is minutes of emulated time, and the emulator runs at about half
# an RP2040's speed on a free core: more than the suite's 10-minute default on a
# loaded machine.
pytestmark = [pytest.mark.pico, pytest.mark.timeout(2400)]

if firmware_files() is None:
    pytest.skip(WHERE_TO_GET, allow_module_level=True)


@pytest.fixture(scope="module")
def image():
    return ph.flashed_image()


def test_the_flash_tool_flashes_a_new_board_that_then_boots_to_the_menu(tmp_path):
    """README: ./tools/flash --board pico builds the .mpy bundle and copies it
    with mpremote; after its reset main.py boots to the menu."""
    pico, out = ph.flash_with_the_tool(str(tmp_path / "flash.bin"), str(tmp_path / "bundle"))
    try:
        assert out.returncode == 0, out.stdout + out.stderr
        assert "mpremote connect %s resume" % pico.port in out.stdout
        ready = ph.wait_line(pico, "ready", timeout=300)
        assert ph.field(ready, "board") == "pico"
        # mpremote's reset is a watchdog reboot on rp2: not taken for a hang
        assert ph.field(ready, "reset") == "normal"
        assert pico.resets and pico.resets[-1]["why"] == "watchdog"
        menu = ph.menu_frames()
        frame = pico.wait_frame(lambda f: f.data in menu, timeout=120)
        assert len(frame.data) == 768 and any(frame.data)
        # every bit of it within the WS2812B's timing (datasheet: T0H 0.4 us,
        # T1H 0.8 us, each +-150 ns; a bit 1.25 us +-600 ns)
        t = frame.timing
        assert 250 <= t["t0hMin"] and t["t0hMax"] <= 550, t
        assert 650 <= t["t1hMin"] and t["t1hMax"] <= 950, t
        assert t["periodMax"] <= 1850, t
    finally:
        pico.close()


def reports(pico, name):
    """Console lines starting with `name` ("saved", "over"...)."""
    return [t for t in ph.lines(pico) if t.startswith(name)]


def start_computer_game(pico, game="tomoko", moves=4):
    """From power-on: every seat an EASY computer through the menu, A, and
    `moves` moves saved. Returns the console's ready and playing lines and the
    first lit frame (the menu)."""
    ready = ph.wait_line(pico, "ready", timeout=120)
    menu = pico.wait_frame(lambda f: any(f.data), timeout=60)
    ph.press_all(pico, ph.computers_only(game))
    playing = ph.wait_line(pico, "playing " + game, timeout=120)
    pico.wait_for(lambda p: len(reports(p, "saved")) > moves, 300)
    return ready, menu, playing


@pytest.mark.parametrize("game", ph.GAME_ORDER)
def test_a_whole_computer_game_through_the_menu(image, tmp_path, game, record_property):
    """Every seat made an EASY computer player through the menu's buttons, A
    starts, the game plays to its end on the real firmware: each move saved on
    littlefs, the result counted, the free heap reported."""
    pico = ph.board_from(image, tmp_path)
    try:
        ready, start, playing = start_computer_game(pico, game, moves=0)
        assert set(ph.field(playing, "seats").split(",")) == {"easy"}
        over = ph.wait_line(pico, "over " + game, timeout=1500)
        moves = int(ph.field(over, "moves"))
        saved = [int(ph.field(t, "moves")) for t in reports(pico, "saved " + game)]
        assert saved[:3] == [0, 1, 2] and saved[-1] == moves  # every move, in order
        assert pico.frames[-1].start > start.start
        for name, line in (("boot", ready), ("start", playing), ("end", over)):
            record_property("heap_free_%s_%s" % (name, game), int(ph.field(line, "free")))
        assert not pico.resets, "the board reset during the game: %r" % pico.resets
    finally:
        pico.close()


def saved_position(pico):
    """The move count of the game the board would resume, worked out from the
    save files on its littlefs by the firmware's own loader (in CPython)."""
    from firmware import saves
    from hal.storage import MemoryStorage
    storage = MemoryStorage()
    for name, data in pico.files(ph.BOARD.STORAGE).items():
        storage.write(name, data)
    session, where, outcome = saves.load_game(storage)
    assert outcome == saves.OK and session is not None, outcome
    return session.ply


def test_a_power_cut_mid_game_resumes_at_the_saved_move(image, tmp_path):
    """docs/reliability.md: the game is saved after every move and a power cut
    loses at most the move being made. The emulator is killed mid-game; the
    flash file holds what the chip had written."""
    pico = ph.board_from(image, tmp_path)
    try:
        start_computer_game(pico)
        pico.power_cut()
        ply = saved_position(pico)
        assert ply >= 4
        since = len(pico.serial_log)
        pico.start()
        comes_back(pico, since, "normal", ply)
    finally:
        pico.close()


def comes_back(pico, since, reset, ply):
    """The board booted again (after `since` in its console) says `reset` and
    resumes Tomoko at move `ply`."""
    ready = ph.wait_line(pico, "ready", timeout=120, since=since)
    assert ph.field(ready, "reset") == reset
    resumed = ph.wait_line(pico, "resumed tomoko", timeout=120, since=since)
    assert int(ph.field(resumed, "moves")) == ply


def test_a_hang_is_reset_by_the_watchdog_and_the_game_resumes(image, tmp_path):
    """A firmware stuck with interrupts off starves machine.WDT: the chip
    resets, reset_cause() is WDT_RESET with pico-sdk's magic in SCRATCH4 (a
    real hang, counted once), and the game comes back at its saved move."""
    pico = ph.board_from(image, tmp_path)
    try:
        start_computer_game(pico)
        since = len(pico.serial_log)
        pico.hang()
        ply = saved_position(pico)
        pico.wait_for(lambda p: len(p.boots) >= 2, 600)
        assert pico.resets[-1]["why"] == "watchdog"
        assert pico.boots[-1]["scratch4"] == 0x6AB73121  # watchdog_enable()'s magic
        comes_back(pico, since, "watchdog", ply)
    finally:
        pico.close()


def test_reflashing_twice_at_a_persons_turn_does_not_park_the_game(image, tmp_path):
    """issue: on rp2 machine.reset() - the flash tool's last step - is a
    watchdog reboot, and two at the same saved position looked like a hang
    stuck there ("STUCK - GAME PAUSED", the game parked). A person's turn
    keeps the position the same across both reflashes."""
    pico = ph.board_from(image, tmp_path, paced=True)
    try:
        ph.wait_line(pico, "ready", timeout=120)
        pico.wait_frame(lambda f: any(f.data), timeout=60)
        ph.press_all(pico, ["DOWN", "DOWN", "DOWN", "LEFT", "A"])  # YOU vs EASY
        playing = ph.wait_line(pico, "playing tomoko", timeout=120)
        assert ph.field(playing, "seats") == "human,easy"
        bundle = str(tmp_path / "bundle")
        for flash in range(2):
            since = len(pico.serial_log)
            out = ph.run_flash_tool(pico.port, bundle)
            assert out.returncode == 0, out.stdout + out.stderr
            comes_back(pico, since, "normal", 0)
    finally:
        pico.close()


def test_a_full_white_frame_stays_within_the_power_budget(image, tmp_path):
    """The LED output stage on the real firmware and its neopixel driver: a
    full-white frame at full brightness is dimmed so that its estimate
    (boards/pico.py: 1 mA idle per LED, 20 mA per channel at full duty) stays
    within the 500 mA budget - measured on the bytes that left the pin."""
    pico = ph.board_from(image, tmp_path, paced=True)
    try:
        ph.wait_line(pico, "ready", timeout=120)
        code = ("from device import start\n"
                "board, hal = start.setup('pico')\n"
                "hal.display.brightness = 100\n"
                "hal.display.fill(0xFFFFFF)\n"
                "hal.display.show()\n")
        n = len(pico.frames)
        out = mpremote(pico.port, "resume", "exec", code)
        assert out.returncode == 0, out.stdout + out.stderr
        frame = pico.wait_frame(lambda f: len(set(f.data)) == 1 and f.data[0] > 0, since=n)
        b = ph.BOARD
        ma = b.LED_IDLE_MA * 256 + sum(frame.data) * b.LED_MA_PER_CHANNEL / 255
        assert ma <= b.POWER_BUDGET_MA, ma
        # dimmed to the ladder step under the budget (steps ~9% apart, and the
        # bound counts each lit channel once more): near it, not to nothing
        assert ma >= 0.7 * b.POWER_BUDGET_MA
    finally:
        pico.close()


# What the device code relies on, asked of the real firmware and of the fakes
# (tests/fakes/micropython) and of the desktop's file system that FileStorage
# uses in the other tests. No reset and no valid WDT here (one would start the
# watchdog).
PROBE = r"""
import json, os, machine, neopixel
r = {}
try:
    machine.WDT(timeout=8389)
    r['wdt_over_8388'] = 'started'
except ValueError:
    r['wdt_over_8388'] = 'ValueError'
r['causes'] = [machine.PWRON_RESET, machine.WDT_RESET]
np = neopixel.NeoPixel(machine.Pin(28, machine.Pin.OUT), 4)
r['buf'] = [type(np.buf).__name__, len(np.buf)]
np[1] = (1, 2, 3)
r['grb'] = list(np.buf[3:6])
r['len'] = len(np)
def errno(f):
    try:
        f()
        return 0
    except OSError as e:
        return e.args[0]
os.mkdir('probe')
r['mkdir_again'] = errno(lambda: os.mkdir('probe'))
r['open_missing'] = errno(lambda: open('probe/none', 'rb'))
r['remove_missing'] = errno(lambda: os.remove('probe/none'))
r['listdir_missing'] = errno(lambda: os.listdir('probe/none'))
for name, text in (('probe/a', 'new'), ('probe/b', 'old')):
    with open(name, 'w') as f:
        f.write(text)
r['rename_over'] = errno(lambda: os.rename('probe/a', 'probe/b'))
r['after_rename'] = sorted(os.listdir('probe'))
r['rmdir_full'] = errno(lambda: os.rmdir('probe'))
print('PROBE ' + json.dumps(r))
"""


def probe_answers(text):
    import json
    for line in text.splitlines():
        if line.startswith("PROBE "):
            return json.loads(line[6:])
    raise AssertionError("no PROBE line in %r" % text[-2000:])


def test_the_fakes_answer_as_the_real_firmware_does(image, tmp_path, monkeypatch):
    """tests/fakes/micropython and the desktop file system stand in for the
    board in most tests: they must answer what the real firmware answers
    (watchdog limit, reset cause numbers, the neopixel buffer and colour
    order, the file-system errors FileStorage handles; SCRATCH4 after a reset
    and after a hang is checked by the reflash and hang tests)."""
    import contextlib
    import io
    from tests.hw_helpers import fake_modules
    pico = ph.board_from(image, tmp_path, paced=True)
    try:
        ph.wait_line(pico, "ready", timeout=300)
        out = mpremote(pico.port, "resume", "exec", PROBE)
        assert out.returncode == 0, out.stdout + out.stderr
        real = probe_answers(out.stdout)
    finally:
        pico.close()
    work = tmp_path / "fs"
    work.mkdir()
    monkeypatch.chdir(work)
    with fake_modules("micropython"):
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(PROBE, {})
    fake = probe_answers(printed.getvalue())
    assert fake == real

"""No file can stop the boot: each file the device reads at power-on is
size-checked before it is read, and a file too large, unreadable or damaged
counts as damaged (a save) or as missing (settings, statistics, the reset
record); an error anywhere in boot, MemoryError included, is recorded and
the device restarts, as an error in play is."""

import os

import pytest

from device import start
from firmware import saves
from firmware.menu import Menu
from firmware.play import PlayScreen
from firmware.session import Session
from hal.storage import FileStorage, MemoryStorage
from tests.hw_helpers import FAKES, fake_modules
from tools import mpy_check, mpy_runtime

BOOT_FILES = saves.SLOTS + ("settings.txt", "stats.txt", start.RESETS_FILE, "start.req")
LARGEST_READ = 4096  # bytes: no file is read whole beyond this


class SizeCheckedStorage(MemoryStorage):
    """Memory storage that fails any read without a size limit (or with one
    a small heap could not take), as a device's heap would for a large file."""

    def read(self, name, limit=None):
        assert limit is not None and limit <= LARGEST_READ, (name, limit)
        return MemoryStorage.read(self, name, limit)


def two_saves(storage):
    s = Session("tomoko", ["human", "easy"], "standard", 9)
    saves.save_game(storage, s)
    s.play(s.state.legal_actions()[3])
    saves.save_game(storage, s)
    return s


def boot(storage, watchdog_reset=True):
    with fake_modules("micropython") as m:
        app, hal = start.start("pico", "micropython", m, storage=storage,
                               watchdog_reset=watchdog_reset)
        return app


def test_every_file_read_at_boot_is_size_checked_first():
    """Boot after a watchdog reset (the reset record and the fingerprint of
    the saves are read too), a start request, settings, statistics: every
    read names a limit no larger than LARGEST_READ."""
    storage = SizeCheckedStorage()
    two_saves(storage)
    for name in ("settings.txt", "stats.txt", "start.req"):
        storage.files[name] = b"1"
    start.write_resets(storage, "x", 1, crashed=True)
    assert isinstance(boot(storage).screen, (Menu, PlayScreen))


@pytest.mark.parametrize("name", BOOT_FILES)
@pytest.mark.parametrize("kind", ["huge", "folder"])
def test_no_file_can_stop_the_boot(tmp_path, name, kind):
    """Each file boot reads, 100 KB of junk or a folder in its place, on the
    real filesystem: the device boots. A save slot so spoilt counts as
    damaged: the other slot's game comes back with SAVE DAMAGED (a 100 KB
    newer slot raised MemoryError at boot in a 160 KB heap, and the good
    older slot was never tried)."""
    root = tmp_path / "store"
    storage = FileStorage(str(root))
    s = two_saves(storage)
    path = root / name
    if path.exists():
        path.unlink()
    if kind == "huge":
        path.write_bytes(b"\xa5" * 100000)
    else:
        path.mkdir()
    app = boot(storage)
    if name in saves.SLOTS:
        assert isinstance(app.screen, PlayScreen)
        back = s.ply - (1 if name == saves.slot_for(s) else 0)
        assert app.screen.session.ply == back
        assert app.notice[0].startswith("SAVE DAMAGED")
    elif name == "start.req":
        assert isinstance(app.screen, (Menu, PlayScreen))
    else:
        assert isinstance(app.screen, PlayScreen) and app.screen.session.ply == s.ply


def test_large_board_and_model_files_are_not_read(tmp_path):
    """tomo_board.txt (and a Raspberry Pi's model name) are read by boot
    too: one larger than start.MAX_TEXT is treated as absent."""
    big = tmp_path / "tomo_board.txt"
    big.write_text("pico\n" + "#" * 100000)
    assert start.read_text(str(big)) is None
    small = tmp_path / "small.txt"
    small.write_text("pico\n")
    assert start.read_text(str(small)) == "pico\n"
    assert start.read_text(str(tmp_path)) is None  # a folder


def test_an_error_while_booting_is_recorded_and_the_device_restarts(monkeypatch):
    """start() ran outside main's protection: an error there (a MemoryError
    building the first screen, say) stopped the device at the REPL with
    nothing in crash.txt. Now it is recorded, shown and the device restarts;
    the reset guard counts it like any crash."""
    storage = MemoryStorage()
    two_saves(storage)

    def no_memory(hal, session=None):
        raise MemoryError("simulated")
    import firmware.main
    monkeypatch.setattr(firmware.main, "boot", no_memory)
    with fake_modules("micropython") as m:
        with pytest.raises(m["fakehw"].HardReset):
            start.main("pico", plat="micropython", modules=m, storage=storage)
    assert b"MemoryError" in storage.read(start.CRASH_FILE)
    assert start.read_resets(storage)[2] is True


@pytest.mark.mpy
def test_an_oversized_save_does_not_stop_a_micropython_boot(tmp_path):
    """Inside MicroPython with a 192 KB heap (a CircuitPython RP2040 board's
    160 KB, plus room for the fake hardware modules compiled from source),
    on a real (read-only) folder: a 200 KB newer slot beside a good older
    one. Boot resumes the older game with SAVE DAMAGED; reading the large
    slot whole raised MemoryError at boot, outside any protection."""
    storage = FileStorage(str(tmp_path))
    s = two_saves(storage)
    (tmp_path / saves.slot_for(s)).write_bytes(b"TOMO" + b"\x03" * 200000)
    code = """
import sys
sys.path.insert(0, '/app')
sys.path.insert(0, '/fakes/micropython')
sys.path.insert(0, '/fakes')
import fakehw, machine, neopixel
from hal.storage import FileStorage
from device import start
from firmware import saves
mods = {'fakehw': fakehw, 'machine': machine, 'neopixel': neopixel, 'time': fakehw}
app, hal = start.start('pico', 'micropython', mods, storage=FileStorage('/store'),
                       watchdog_reset=True)
print('SCREEN', type(app.screen).__name__, app.screen.session.ply, app.notice[0])
"""
    r = mpy_runtime.run(code, heap="192k", dirs={"/app": mpy_check.ensure_bundle(),
                                                  "/fakes": FAKES, "/store": str(tmp_path)})
    assert r.ok, r.stderr[-2000:]
    line = [l for l in r.stdout.splitlines() if l.startswith("SCREEN")][0]
    assert line == "SCREEN PlayScreen %d SAVE DAMAGED - MAYBE ONE MOVE BACK" % (s.ply - 1)


def test_circuitpython_slot_copies_are_size_checked_too(tmp_path):
    """CircuitPython keeps each save slot as copies rewritten in place
    (hal/slot_storage.py): a newest copy whose length says 100 KB (and is)
    is not read - TooLarge - and boot resumes the other slot with SAVE
    DAMAGED; the copy's own read was whole."""
    from hal.slot_storage import SlotFileStorage, MAGIC, folder_name
    from hal.storage import TooLarge
    storage = SlotFileStorage(str(tmp_path / "tomo"))
    s = two_saves(storage)
    name = saves.slot_for(s)
    seq, k = storage._newest(name)
    big = MAGIC + (seq + 1).to_bytes(4, "big") + (100000).to_bytes(4, "big") + b"\x5a" * 100000
    (tmp_path / "tomo" / folder_name(k) / name).write_bytes(big)
    storage = SlotFileStorage(str(tmp_path / "tomo"))  # a restart: nothing known
    with pytest.raises(TooLarge):
        storage.read(name, saves.MAX_FILE)
    app = boot(storage)
    assert isinstance(app.screen, PlayScreen) and app.screen.session.ply == s.ply - 1
    assert app.notice[0].startswith("SAVE DAMAGED")

"""Saves on CircuitPython's CIRCUITPY drive: the flash wear model
(tools/fat_wear.py) and the slot files rewritten in place
(hal/slot_storage.py), which must keep the two-slot promise of
docs/reliability.md: a power cut costs at most one move."""

import os

import pytest

from engines_core import players
from engines_core.prng import Rng
from firmware import saves
from firmware.session import Session
from hal.slot_storage import COPIES, GAP, SlotFileStorage, folder_name, slot_bytes, \
    slot_image
from hal.storage import FileStorage
from tools import fat_wear

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIZES = (1 << 20, 2 << 20, 7 << 20)


@pytest.mark.parametrize("size", SIZES)
def test_a_save_through_create_and_rename_costs_7_erases_4_on_the_directory(size):
    """The model gives the figure issue 26 found with FatFs: about 7 sector
    erases per save, 4 of them on the block of the folder's directory."""
    r = fat_wear.wear(FileStorage, size, moves=40)
    per_move = r["per_move"]
    assert 7 * 40 <= sum(per_move.values()) < 7.2 * 40  # FAT12 entries across two sectors
    assert per_move[r["dir_block"]] == 4 * 40


@pytest.mark.parametrize("size", SIZES)
def test_copies_rewritten_in_place_in_turn_cost_2_erases_a_quarter_per_block(size):
    r = fat_wear.wear(SlotFileStorage, size, moves=40)
    per_move = r["per_move"]
    assert sum(per_move.values()) <= 2 * 40
    assert max(per_move.values()) == 40 // COPIES
    s = fat_wear.summary(r)
    assert s["games"] > 3 * fat_wear.summary(fat_wear.wear(FileStorage, size, moves=40))["games"]


def test_no_two_copies_or_slot_folders_share_an_erase_block():
    """A power cut while a block is erased and programmed loses all of it:
    it must hold one slot folder's directory and copies at most, and one of
    that folder's two copies (the GAP after each copy)."""
    for size in SIZES:
        m = fat_wear.flashed_volume(size, 300 * 1024)
        st = fat_wear.storage_on(m, SlotFileStorage)
        try:
            st.write("settings.txt", bytes(100))
            for i in range(4 * COPIES):
                st.write("game%d.sav" % (i % 2), bytes(150 + 100 * (i // (2 * COPIES))))
        finally:
            fat_wear.release()
        tomo = m.root.children["tomo"]
        folders = []
        for k in range(COPIES):
            folder = tomo.children[folder_name(k)]
            blocks = {m.sector_of(folder.clusters[0]) // fat_wear.BLOCK_SECTORS}
            copies = []
            for node in folder.children.values():
                sectors = [m.sector_of(c, i) for c in node.clusters for i in range(m.csize)]
                copies.append(set(x // fat_wear.BLOCK_SECTORS
                                  for x in sectors[:slot_bytes(250) // 512]))
            assert len(copies) == 2 and not copies[0] & copies[1], (size, k, copies)
            folders.append(blocks.union(*copies))
        for i, a in enumerate(folders):
            for b in folders[i + 1:]:
                assert not a & b, (size, folders)


def test_the_hardware_page_gives_the_modelled_figures():
    before = fat_wear.summary(fat_wear.wear(FileStorage, 1 << 20, moves=40))
    after = fat_wear.summary(fat_wear.wear(SlotFileStorage, 1 << 20, moves=40))
    text = " ".join(open(os.path.join(ROOT, "docs", "hardware.md")).read().split())
    assert "about %d games of 100 moves" % round(before["games"], -1) in text
    assert "about %d games of 100 moves" % round(after["games"], -1) in text


# The storage itself, on the computer's disk ------------------------------------------

class CountingOs:
    """os, counting renames (a slot written in place is never renamed)."""

    def __init__(self):
        self.renames = 0

    def __getattr__(self, name):
        return getattr(os, name)

    def rename(self, a, b):
        self.renames += 1
        os.rename(a, b)


def slot_store(tmp_path):
    st = SlotFileStorage(str(tmp_path / "tomo"))
    st._os = CountingOs()
    return st


def copy_path(tmp_path, name, k):
    return tmp_path / "tomo" / folder_name(k) / name


def test_slots_round_trip_and_are_rewritten_in_place_in_turn(tmp_path):
    st = slot_store(tmp_path)
    for i in range(COPIES):
        st.write("game0.sav", b"first %d" % i)
        assert st.read("game0.sav") == b"first %d" % i
        assert copy_path(tmp_path, "game0.sav", i).stat().st_size == slot_bytes(7) + GAP
    assert st._os.renames == COPIES  # each copy made once ...
    for data in (b"", b"x" * 300, bytes(range(256)) + b"\x00\xff", b"last"):
        st.write("game0.sav", data)
        assert st.read("game0.sav") == data
    assert st._os.renames == COPIES  # ... then rewritten in place
    again = SlotFileStorage(str(tmp_path / "tomo"))  # after a restart: the newest copy
    assert again.read("game0.sav") == b"last"
    k = (4 + COPIES - 1) % COPIES  # the folder the next write goes to, grown
    st.write("game0.sav", b"y" * 2000)
    assert st.read("game0.sav") == b"y" * 2000 and st._os.renames == COPIES + 1
    assert copy_path(tmp_path, "game0.sav", (k + 1) % COPIES).stat().st_size == \
        slot_bytes(2000) + GAP
    st.write("settings.txt", b"a=1\n")  # not a slot: FileStorage's atomic write
    assert st.read("settings.txt") == b"a=1\n" and st._os.renames == COPIES + 2
    assert (tmp_path / "tomo" / "settings.txt").read_bytes() == b"a=1\n"


def test_a_removed_slot_reads_as_absent(tmp_path):
    st = slot_store(tmp_path)
    st.write("game1.sav", b"data")
    st.write("stats.txt", b"s")
    assert st.names() == ["game1.sav", "stats.txt"]
    st.remove("game1.sav")
    assert st.read("game1.sav") is None and st.names() == ["stats.txt"]
    assert SlotFileStorage(str(tmp_path / "tomo")).read("game1.sav") is None
    st.write("game1.sav", b"again")
    assert st.read("game1.sav") == b"again"
    with pytest.raises(ValueError):
        st.write("../x.sav", b"")


def test_a_save_from_before_is_read_then_replaced(tmp_path):
    """A board updated with a save made by FileStorage (plain bytes)."""
    s = Session("tomoko", ["human", "easy"], "standard", 5)
    FileStorage(str(tmp_path / "tomo")).write("game0.sav", saves.pack(s.to_bytes()))
    st = slot_store(tmp_path)
    assert saves.load_game(st)[0].to_bytes() == s.to_bytes()
    s.play(players.choose(s.state, "easy", Rng(1)))
    s.play(players.choose(s.state, "easy", Rng(2)))
    assert saves.save_game(st, s)
    loaded, where, outcome = saves.load_game(st)
    assert outcome == saves.OK and loaded.to_bytes() == s.to_bytes()
    assert not (tmp_path / "tomo" / "game0.sav").exists()


def played_pair(st):
    """Two moves saved, one in each slot: (session, the previous move's bytes)."""
    s = Session("tomoko", ["easy", "easy"], "standard", 8)
    previous = None
    for i in range(3):
        previous = s.to_bytes()
        s.play(players.choose(s.state, "easy", Rng(i)))
        assert saves.save_game(st, s)
    return s, previous


def test_a_power_cut_while_a_slot_is_rewritten_costs_at_most_one_move(tmp_path):
    """The new slot image cut at every byte over the old one, and the whole
    first erase block left erased (0xFF): the game loads, the newest move
    or the one before."""
    st = slot_store(tmp_path)
    s, previous = played_pair(st)
    for _ in range(2 * COPIES):  # every copy made: the next write is in place
        s.play(players.choose(s.state, "easy", Rng(s.ply)))
        assert saves.save_game(st, s)
    nxt = Session.from_bytes(s.to_bytes())
    nxt.play(players.choose(nxt.state, "easy", Rng(9)))
    newest = saves.slot_for(nxt)
    seq, k = st._newest(newest)
    path = copy_path(tmp_path, newest, (k + 1) % COPIES)
    old = path.read_bytes()
    image = bytes(slot_image(saves.pack(nxt.to_bytes()), seq + 1))
    done = False
    for cut in list(range(len(image) + 1)) + ["erased"]:
        if cut == "erased":
            path.write_bytes(b"\xff" * 4096 + old[4096:])
        else:
            path.write_bytes(image[:cut] + old[cut:])
        loaded, where, outcome = saves.load_game(SlotFileStorage(str(tmp_path / "tomo")))
        assert loaded is not None, cut
        got = loaded.to_bytes()
        assert got in (nxt.to_bytes(), s.to_bytes()), cut
        done = done or got == nxt.to_bytes()
    assert done  # the whole image written: the newest move
    path.write_bytes(old)
    assert saves.load_game(SlotFileStorage(str(tmp_path / "tomo")))[0].to_bytes() == \
        s.to_bytes()


def test_losing_any_one_slot_folder_costs_at_most_one_move(tmp_path):
    """A power cut while a folder's directory block is erased loses that
    folder: the other folders still hold the move before."""
    import shutil
    st = slot_store(tmp_path)
    s = Session("tomoko", ["easy", "easy"], "standard", 4)
    for i in range(3 * COPIES):
        before = s.to_bytes()
        s.play(players.choose(s.state, "easy", Rng(i)))
        assert saves.save_game(st, s)
        if i < 2 * COPIES:
            continue
        for k in range(COPIES):
            keep = tmp_path / "keep"
            shutil.copytree(tmp_path / "tomo", keep)
            shutil.rmtree(tmp_path / "tomo" / folder_name(k))
            loaded = saves.load_game(SlotFileStorage(str(tmp_path / "tomo")))[0]
            assert loaded is not None and loaded.to_bytes() in (s.to_bytes(), before), (i, k)
            shutil.rmtree(tmp_path / "tomo")
            keep.rename(tmp_path / "tomo")


def test_the_circuitpython_backend_saves_in_slots_and_blinka_does_not(tmp_path):
    from tests.hw_helpers import fake_modules
    from device import start
    import boards
    for name, plat, cls in (("feather_rp2040", "circuitpython", SlotFileStorage),
                            ("raspberry_pi", "blinka", FileStorage)):
        b = boards.load(name)
        settings = {k: getattr(b, k) for k, _ in boards.DEFAULTS}
        settings["STORAGE"] = str(tmp_path / name)
        with fake_modules("circuitpython") as m:
            board, hal = start.setup(boards.Board(settings, name), plat, m)
            assert type(hal.storage) is cls


MEMFS = r"""
import sys
sys.path.insert(0, '/app')
import hal.slot_storage as ss
import hal.storage as hs

files = {}
dirs = set()

class MemFile:
    def __init__(self, path, mode):
        if 'w' in mode:
            files[path] = bytearray()
        elif path not in files:
            raise OSError(2)
        self.path, self.pos = path, 0
    def __enter__(self):
        return self
    def __exit__(self, *a):
        pass
    def seek(self, pos, whence=0):
        self.pos = pos
    def write(self, data):
        b = files[self.path]
        b[self.pos:self.pos + len(data)] = data
        self.pos += len(data)
        return len(data)
    def read(self, n=-1):
        b = files[self.path]
        end = len(b) if n < 0 else self.pos + n
        out = bytes(b[self.pos:end])
        self.pos += len(out)
        return out
    def flush(self):
        pass

class MemOs:
    def mkdir(self, p):
        if p in dirs:
            raise OSError(17)
        dirs.add(p)
    def stat(self, p):
        if p in files:
            return (0x8000, 0, 0, 0, 0, 0, len(files[p]), 0, 0, 0)
        raise OSError(2)
    def rename(self, a, b):
        files[b] = files.pop(a)
    def remove(self, p):
        if p not in files:
            raise OSError(2)
        del files[p]
    def listdir(self, p):
        return [k[len(p) + 1:] for k in files if k.startswith(p + '/') and '/' not in k[len(p) + 1:]]
    def sync(self):
        pass

ss.open = hs.open = MemFile
st = ss.SlotFileStorage('/tomo')  # (the real os.mkdir may fail here: ignored)
st._os = MemOs()
for i in range(11):
    st.write('game%d.sav' % (i % 2), b'move %d' % i)
st.write('settings.txt', b'v=1')
print('READ', st.read('game0.sav'), st.read('game1.sav'), st.read('settings.txt'))
st.remove('game0.sav')
print('NAMES', ','.join(st.names()), st.read('game0.sav'))
print('FILES', len([k for k in files if '/slot' in k]), len(files['/tomo/slot0/game0.sav']))
"""


@pytest.mark.mpy
def test_slot_storage_runs_inside_real_micropython():
    """hal/slot_storage.py is device code: the same writes and reads inside
    MicroPython 1.27, on a file system in memory."""
    from tools import mpy_check, mpy_runtime
    r = mpy_runtime.run(MEMFS, heap="256k", dirs={"/app": mpy_check.ensure_bundle()})
    assert r.ok, r.stderr[-2000:]
    out = dict(line.split(" ", 1) for line in r.stdout.splitlines() if " " in line)
    assert out["READ"] == "b'move 10' b'move 9' b'v=1'"
    assert out["NAMES"] == "game1.sav,settings.txt None"
    assert out["FILES"] == "%d %d" % (2 * COPIES, slot_bytes(6) + GAP)

"""Saves under failing flash: writes, renames and power cuts at every step.

FileStorage runs on the real filesystem here, through an `os` and `open`
that count each step of a save (open, write, flush, fsync, rename, remove)
and fail the chosen one: with an OSError (a worn or full flash), or with a
power cut (nothing after it runs; a cut write leaves half its bytes). The
FAT mode renames like FatFs's f_rename, which refuses a name that exists
(FR_EXIST), so the old file must be moved aside first. The rule checked at
every step: a save that was completed is never lost before a newer one is
completely in place - boot finds the newest completed move, or the one being
saved; never less, never SAVE LOST, and no temporary file is left behind by
a failed write.
"""

import errno
import os

import pytest

from engines_core.prng import Rng
from firmware import saves
from firmware.session import Session
from hal.storage import FileStorage


class PowerCut(BaseException):
    """The power went: nothing more runs (not an error the code may catch)."""


class FaultyDisk:
    """The real os and open, counting the steps that change the disk; step
    `at` (or every step of a kind in `always`) fails as `fault` says."""

    def __init__(self, fat=False, at=None, fault="error", always=()):
        self.fat = fat
        self.at = at
        self.fault = fault
        self.always = always
        self.steps = []  # the kind of each step taken

    def step(self, kind, partial=None):
        n = len(self.steps)
        self.steps.append(kind)
        if n == self.at or kind in self.always:
            if self.fault == "cut" and n == self.at:
                if partial is not None:
                    partial()
                raise PowerCut()
            raise OSError(errno.EIO, "injected %s failure" % kind)

    # os ----------------------------------------------------------------------------
    def __getattr__(self, name):
        return getattr(os, name)  # stat, listdir, mkdir, close, O_RDONLY...

    def rename(self, a, b):
        self.step("rename")
        if self.fat and os.path.exists(b):
            raise OSError(errno.EEXIST, "exists")  # FatFs f_rename: FR_EXIST
        os.rename(a, b)

    def remove(self, path):
        self.step("remove")
        os.remove(path)

    def fsync(self, fd):
        self.step("fsync")
        os.fsync(fd)

    def open(self, path, flags):
        return os.open(path, flags)

    # open --------------------------------------------------------------------------
    def open_file(self, path, mode="r"):
        if "w" not in mode:
            return open(path, mode)
        self.step("create")
        return _File(self, open(path, mode))


class _File:
    def __init__(self, disk, f):
        self.disk = disk
        self.f = f

    def write(self, data):
        def half():
            self.f.write(data[:len(data) // 2])
            self.f.flush()
        self.disk.step("write", half)
        return self.f.write(data)

    def flush(self):
        self.disk.step("flush")
        self.f.flush()

    def fileno(self):
        return self.f.fileno()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()


def storage_on(root, disk=None):
    st = FileStorage(str(root))
    if disk is not None:
        st._os = disk
        st._open = disk.open_file
    return st


def moves(n, seed=4):
    """The sessions of a game's first `n` moves (a fresh copy each)."""
    s = Session("tomoko", ["random"] * 4, "standard", seed)
    out = [s.to_bytes()]
    for _ in range(n):
        s.play(s.computer_move())
        out.append(s.to_bytes())
    return out


def boot_finds(root):
    """What a device booting on this folder resumes: (ply, bytes, outcome)."""
    s, where, outcome = saves.load_game(storage_on(root))
    return (None if s is None else s.ply), (None if s is None else s.to_bytes()), outcome


def leftovers(root):
    return sorted(n for n in os.listdir(root) if n.endswith(".tmp"))


GAME = moves(6)


def test_failing_renames_never_delete_a_good_save(tmp_path):
    """FAT, and every rename fails from move 3 on (a worn flash): the saves
    of moves 3 and 4 fail (NO SAVE), and boot still finds move 2. The old
    code removed the old file before retrying the rename, so two such moves
    left no game at all, no SAVE LOST notice, and the new data in .tmp files."""
    for ply in range(3):
        assert saves.save_game(storage_on(tmp_path, FaultyDisk(fat=True)),
                               Session.from_bytes(GAME[ply]))
    for ply in (3, 4):
        disk = FaultyDisk(fat=True, always=("rename",))
        assert not saves.save_game(storage_on(tmp_path, disk), Session.from_bytes(GAME[ply]))
        assert "rename" in disk.steps
    assert boot_finds(tmp_path) == (2, GAME[2], saves.OK)
    assert leftovers(tmp_path) == []


def steps_of_a_save(fat, ply, root):
    disk = FaultyDisk(fat=fat)
    assert saves.save_game(storage_on(root, disk), Session.from_bytes(GAME[ply]))
    return disk.steps


@pytest.mark.parametrize("fat", [False, True])
@pytest.mark.parametrize("fault", ["error", "cut"])
def test_a_fault_at_every_step_of_several_saves_loses_nothing_saved(tmp_path, fat, fault):
    """For moves 1 to 5 (each replacing the save two moves older in its
    slot), a failure or a power cut at each step of the save in turn: boot
    finds that move or the one before, never less; the next save works and
    boot finds it; a failed write says so and leaves no temporary file."""
    tried = 0
    for ply in range(1, 6):
        n = len(steps_of_a_save(fat, ply, _prepared(tmp_path / ("count%d" % ply), ply, fat)))
        for at in range(n):
            root = _prepared(tmp_path / ("p%d-%d" % (ply, at)), ply, fat)
            disk = FaultyDisk(fat=fat, at=at, fault=fault)
            try:
                ok = saves.save_game(storage_on(root, disk), Session.from_bytes(GAME[ply]))
            except PowerCut:
                ok = None
            found = boot_finds(root)
            want = [(ply - 1, GAME[ply - 1], saves.OK), (ply, GAME[ply], saves.OK)]
            if ok is True:
                want = want[1:]
            elif ok is False:
                want = want[:1]
                assert leftovers(root) == [], (ply, at, disk.steps)
            assert found in want, (ply, at, disk.steps, found[0], found[2])
            # After the restart (or the NO SAVE), the game goes on and saves.
            assert saves.save_game(storage_on(root), Session.from_bytes(GAME[ply + 1]))
            assert boot_finds(root) == (ply + 1, GAME[ply + 1], saves.OK)
            tried += 1
    assert tried >= 25


def _prepared(root, ply, fat):
    """A folder holding the clean saves of moves 0 .. ply-1."""
    os.makedirs(str(root), exist_ok=True)
    for p in range(ply):
        assert saves.save_game(storage_on(root, FaultyDisk(fat=fat)), Session.from_bytes(GAME[p]))
    return root


@pytest.mark.parametrize("fat", [False, True])
def test_random_sequences_of_failures_and_power_cuts_lose_nothing_saved(tmp_path, fat):
    """Thirty moves, each save with a random fault at a random step (or
    none): boot always finds the newest completed save or a newer one."""
    game = moves(30, seed=8)
    rng = Rng(21 if fat else 22)
    done = None  # the newest save that completed
    cuts = errors = 0
    for ply in range(31):
        fault = ("error", "cut", None, None)[rng.below(4)]
        disk = FaultyDisk(fat=fat, at=rng.below(12) if fault else None, fault=fault or "error")
        try:
            if saves.save_game(storage_on(tmp_path, disk), Session.from_bytes(game[ply])):
                done = ply
            else:
                errors += 1
        except PowerCut:
            cuts += 1
        found, data, outcome = boot_finds(tmp_path)
        if done is None:
            assert found in (None, ply)
        else:
            assert found in (done, ply) and data == game[found] and outcome == saves.OK
        if found == ply:
            done = ply
    assert cuts >= 3 and errors >= 2


@pytest.mark.parametrize("fault", ["error", "cut"])
def test_a_new_game_replaces_a_parked_one_only_once_it_is_saved(tmp_path, fault):
    """Starting a new game removed both slots of the parked game before the
    new game's first save: a power cut (or a failing write) between them
    left nothing. Now the new game's save comes first, then the old game's
    other slot goes: at every step, boot finds the old game or the new one."""
    from firmware.session import Session
    old = Session.from_bytes(GAME[5])
    new = Session("tomoe", ["human", "easy"], "standard", 3)
    def parked(root):
        _prepared(root, 6, False)
        saves.save_game(storage_on(root), old, saves.PARKED)
        return root
    clean = FaultyDisk()
    assert saves.replace_game(storage_on(parked(tmp_path / "clean"), clean), new)
    assert boot_finds(tmp_path / "clean")[:2] == (new.ply, new.to_bytes())
    for at in range(len(clean.steps)):
        root = parked(tmp_path / ("n%d" % at))
        disk = FaultyDisk(at=at, fault=fault)
        try:
            ok = saves.replace_game(storage_on(root, disk), new)
        except PowerCut:
            ok = None
        found, data, outcome = boot_finds(root)
        assert (found, data) in ((old.ply, old.to_bytes()), (new.ply, new.to_bytes())) \
            or ok is False and found is None, (at, disk.steps, found)
    assert len(clean.steps) >= 5

"""Saved games on the device's storage: written after every move, never lost.

A save file is the session's bytes behind a header: magic, format version,
where the game was left (playing, parked at the menu, or ended), payload
length and a CRC-32 of every other byte of the file (format 3; format 2,
from before, checked only the payload and is still read). Saves alternate
between two files by move number (even moves in one, odd in the other), and
each write is atomic (temporary file + rename), so a power cut, a torn write
or a damaged file costs at most the last move:
loading takes the newest file that passes every check (header, checksum, and
every rule invariant of the game state). A file is never read whole
before its size is known to fit (MAX_FILE), and no fault in reading,
checking or writing one stops the device: it counts as damaged, or as NO
SAVE. Nothing read is ever executed.
"""

import gc

from engines_core.game import CorruptState, OldSave

SLOTS = ("game0.sav", "game1.sav")
_MAGIC = b"TOMO"
_FORMAT = 3  # the CRC covers the header too (2: the payload only)
_OLD_FORMAT = 2
_HEADER = 14
MAX_FILE = 4096  # bytes: the largest save is about 170
PLAYING = 0  # the device was in the game: a restart goes straight back in
PARKED = 1  # the player quit to the menu: a restart offers RESUME there
ENDED = 2  # on its end screen (until A): a restart shows the result again

# Outcomes of load_game.
NONE = "none"  # no saved game
OK = "ok"
BACKUP = "backup"  # a save was damaged; the newest good one (maybe a move back) was used
LOST = "lost"  # both damaged: nothing to resume
OLD = "old"  # a game saved by an earlier version that this one cannot play


def _crc32_bitwise(data, crc=0):
    """CRC-32 (IEEE), bitwise: for ports built without binascii.crc32."""
    crc ^= 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            if crc & 1:
                crc = (crc >> 1) ^ 0xEDB88320
            else:
                crc >>= 1
    return crc ^ 0xFFFFFFFF


try:
    from binascii import crc32 as _crc32
except ImportError:
    _crc32 = None


def crc32(data):
    """CRC-32 (IEEE) of `data`."""
    if _crc32 is not None:
        return _crc32(data) & 0xFFFFFFFF
    return _crc32_bitwise(data)


def pack(payload, where=PLAYING):
    """Header (magic, format, where, length, CRC-32 of all the rest) + payload."""
    head = _MAGIC + bytes([_FORMAT, where]) + len(payload).to_bytes(4, "big")
    body = bytes(payload)
    return head + crc32(head + body).to_bytes(4, "big") + body


def unpack(data):
    """(payload, where) of `pack` output (or of format 2), or CorruptState."""
    if data is None or len(data) < _HEADER or data[:4] != _MAGIC:
        raise CorruptState("not a save file")
    if data[4] not in (_FORMAT, _OLD_FORMAT):
        raise CorruptState("save format %d is not supported" % data[4])
    n = int.from_bytes(data[6:10], "big")
    payload = data[_HEADER:]
    if len(payload) != n:
        raise CorruptState("save is truncated")
    covered = payload if data[4] == _OLD_FORMAT else data[:10] + payload
    if crc32(covered) != int.from_bytes(data[10:14], "big"):
        raise CorruptState("save checksum does not match")
    where = data[5]
    if where not in (PLAYING, PARKED, ENDED):
        raise CorruptState("bad save header")
    return payload, where


def _session(data):
    from firmware.session import Session
    payload, where = unpack(data)
    s = Session.from_bytes(payload)
    if where == ENDED and not s.state.is_terminal():
        # It would resume as counted, and its end never reach the statistics.
        raise CorruptState("a game saved as ended is not over")
    return s, where


def slot_for(session):
    return SLOTS[session.ply % 2]


def save_game(storage, session, where=PLAYING):
    """Save after a move; False (and the other slot kept) if it cannot be
    saved: storage fails, or there is no memory to build the file."""
    if storage is None:
        return True
    try:
        storage.write(slot_for(session), pack(session.to_bytes(), where))
        return True
    except (OSError, MemoryError, ValueError, OverflowError):
        # ValueError/OverflowError: a field the save cannot hold; play goes
        # on, and the last save stays the one to come back to.
        gc.collect()
        return False


def read_slot(storage, name):
    """(session, where) of one save file; None if there is none; CorruptState
    if it cannot be read (too large, unreadable) or is damaged. MemoryError
    (its game's modules do not fit now) says nothing about the file."""
    try:
        data = storage.read(name, MAX_FILE)
        if data is None:
            return None
        return _session(data)
    except OSError as e:
        raise CorruptState("save cannot be read (%s)" % e)


def load_game(storage):
    """(session or None, where, outcome) - outcome is NONE, OK, BACKUP, LOST
    or OLD (every file is a game this version can no longer play).
    MemoryError if no slot could be checked for want of memory (nothing is
    called lost then: the files may well be good)."""
    if storage is None:
        return None, PLAYING, NONE
    found = []
    damaged = 0
    old = 0
    unchecked = 0  # no memory to check it: maybe good, never called lost
    for name in SLOTS:
        try:
            got = read_slot(storage, name)
        except OldSave:
            damaged += 1
            old += 1
            continue
        except CorruptState:
            damaged += 1
            continue
        except MemoryError:
            gc.collect()
            unchecked += 1
            continue
        if got is not None:
            s, where = got
            found.append((s.ply, s, where))
    if not found:
        if unchecked:
            raise MemoryError("no memory to load the saved game")
        if damaged:
            return None, PLAYING, OLD if old == damaged else LOST
        return None, PLAYING, NONE
    found.sort(key=_first)
    ply, s, where = found[-1]
    # With a file damaged or unchecked we cannot tell whether it held the newer move.
    return s, where, BACKUP if damaged or unchecked else OK


def _first(item):
    return item[0]


def clear_game(storage, keep=None):
    """Forget the saved game (it ended, or a new one starts): every slot but
    `keep`."""
    if storage:
        for name in SLOTS:
            if name == keep:
                continue
            try:
                storage.remove(name)
            except OSError:
                pass


def replace_game(storage, session):
    """Save a new game in place of the saved one: its first save replaces one
    slot, and only then is the old game's other slot removed, so a power cut
    in between leaves the old game, never nothing. If the new game cannot be
    saved, the old one goes all the same (the two games' slots must not mix:
    boot would take the newer move of either). False if it was not saved."""
    if save_game(storage, session):
        clear_game(storage, keep=slot_for(session))
        return True
    clear_game(storage)
    return False

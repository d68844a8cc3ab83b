"""Saved games on the device's storage: written after every move, never lost.

A save file is the session's bytes behind a header: magic, format version,
where the game was left (playing, or parked at the menu), payload length and
a CRC-32. Saves alternate between two files by move number (even moves in
one, odd in the other), and each write is atomic (temporary file + rename),
so a power cut, a torn write or a damaged file costs at most the last move:
loading takes the newest file that passes every check (header, checksum, and
every rule invariant of the game state). Nothing read is ever executed.
"""

from engines_core.game import CorruptState

SLOTS = ("game0.sav", "game1.sav")
_MAGIC = b"TOMO"
_FORMAT = 2
PLAYING = 0  # the device was in the game: a restart goes straight back in
PARKED = 1  # the player quit to the menu: a restart offers RESUME there
ENDED = 2  # on its end screen (until A): a restart shows the result again

# Outcomes of load_game.
NONE = "none"  # no saved game
OK = "ok"
BACKUP = "backup"  # a save was damaged; the newest good one (maybe a move back) was used
LOST = "lost"  # both damaged: nothing to resume


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
    """Header (magic, format, where, length, CRC-32) + payload."""
    n = len(payload)
    return (_MAGIC + bytes([_FORMAT, where]) + n.to_bytes(4, "big")
            + crc32(payload).to_bytes(4, "big") + bytes(payload))


def unpack(data):
    """(payload, where) of `pack` output, or CorruptState."""
    if data is None or len(data) < 14 or data[:4] != _MAGIC:
        raise CorruptState("not a save file")
    if data[4] != _FORMAT:
        raise CorruptState("save format %d is not supported" % data[4])
    where = data[5]
    if where not in (PLAYING, PARKED, ENDED):
        raise CorruptState("bad save header")
    n = int.from_bytes(data[6:10], "big")
    payload = data[14:]
    if len(payload) != n:
        raise CorruptState("save is truncated")
    if crc32(payload) != int.from_bytes(data[10:14], "big"):
        raise CorruptState("save checksum does not match")
    return payload, where


def _session(data):
    from firmware.session import Session
    payload, where = unpack(data)
    return Session.from_bytes(payload), where


def slot_for(session):
    return SLOTS[session.ply % 2]


def save_game(storage, session, where=PLAYING):
    """Save after a move; False (and the other slot kept) if storage fails."""
    if storage is None:
        return True
    try:
        storage.write(slot_for(session), pack(session.to_bytes(), where))
        return True
    except OSError:
        return False


def load_game(storage):
    """(session or None, where, outcome) - outcome is NONE, OK, BACKUP or LOST."""
    if storage is None:
        return None, PLAYING, NONE
    found = []
    damaged = 0
    present = 0
    for name in SLOTS:
        try:
            data = storage.read(name)
        except OSError:
            data = b""
        if data is None:
            continue
        present += 1
        try:
            s, where = _session(data)
            found.append((s.ply, s, where))
        except CorruptState:
            damaged += 1
    if not present:
        return None, PLAYING, NONE
    if not found:
        return None, PLAYING, LOST
    found.sort(key=_first)
    ply, s, where = found[-1]
    # With a damaged file we cannot tell whether it held the newer move.
    return s, where, BACKUP if damaged else OK


def _first(item):
    return item[0]


def clear_game(storage):
    """Forget the saved game (it ended, or a new one starts)."""
    if storage:
        for name in SLOTS:
            try:
                storage.remove(name)
            except OSError:
                pass

"""Saved games on the device's storage.

A save is the session's bytes behind a small header: magic, format version,
length and a CRC-32, so a torn or flipped file is recognised and refused.
Nothing read from a file is ever executed.
"""

from engines_core.game import CorruptState

GAME_FILE = "game.sav"
_MAGIC = b"TOMO"
_FORMAT = 1


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


def pack(payload):
    """Header (magic, format, length, CRC-32) + payload."""
    n = len(payload)
    return (_MAGIC + bytes([_FORMAT]) + n.to_bytes(4, "big")
            + crc32(payload).to_bytes(4, "big") + bytes(payload))


def unpack(data):
    """The payload of `pack` output, or CorruptState."""
    if data is None or len(data) < 13 or data[:4] != _MAGIC:
        raise CorruptState("not a save file")
    if data[4] != _FORMAT:
        raise CorruptState("save format %d is not supported" % data[4])
    n = int.from_bytes(data[5:9], "big")
    payload = data[13:]
    if len(payload) != n:
        raise CorruptState("save is truncated")
    if crc32(payload) != int.from_bytes(data[9:13], "big"):
        raise CorruptState("save checksum does not match")
    return payload


def save_game(storage, session):
    """Write the session; False (and nothing lost) if the storage fails."""
    if storage is None:
        return True
    try:
        storage.write(GAME_FILE, pack(session.to_bytes()))
        return True
    except OSError:
        return False


def load_game(storage):
    """The saved Session, or None if there is none; CorruptState if damaged."""
    from firmware.session import Session
    data = storage.read(GAME_FILE) if storage else None
    if data is None:
        return None
    return Session.from_bytes(unpack(data))


def clear_game(storage):
    if storage:
        storage.remove(GAME_FILE)

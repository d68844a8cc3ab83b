"""Compact binary encoding shared by every engine's serialize/restore."""

from engines_core.game import CorruptState


class Writer:
    """Append small ints and byte strings to a bytearray."""

    def __init__(self):
        self.buf = bytearray()

    def u8(self, v):
        if not 0 <= v <= 0xFF:
            raise ValueError("u8 out of range: %d" % v)
        self.buf.append(v)

    def u16(self, v):
        if not 0 <= v <= 0xFFFF:
            raise ValueError("u16 out of range: %d" % v)
        self.buf.append(v >> 8)
        self.buf.append(v & 0xFF)

    def u32(self, v):
        self.u16((v >> 16) & 0xFFFF)
        self.u16(v & 0xFFFF)

    def raw(self, b):
        self.buf.extend(b)

    def seq(self, items):
        """A u8 length then one u8 per item."""
        self.u8(len(items))
        self.buf.extend(bytes(items))

    def getvalue(self):
        return bytes(self.buf)


class Reader:
    """Read back what Writer wrote; every overrun is a CorruptState."""

    def __init__(self, data):
        self.data = data
        self.pos = 0

    def u8(self):
        if self.pos >= len(self.data):
            raise CorruptState("save is truncated")
        v = self.data[self.pos]
        self.pos += 1
        return v

    def u16(self):
        return (self.u8() << 8) | self.u8()

    def u32(self):
        return (self.u16() << 16) | self.u16()

    def raw(self, n):
        if self.pos + n > len(self.data):
            raise CorruptState("save is truncated")
        b = self.data[self.pos:self.pos + n]
        self.pos += n
        return b

    def seq(self, limit=255):
        n = self.u8()
        if n > limit:
            raise CorruptState("list too long")
        return list(self.raw(n))

    def header(self, tag, version, oldest=None):
        """Check the leading game tag and format version (`oldest` to
        `version` are read); the version read is kept in `self.version`."""
        if self.raw(len(tag)) != tag:
            raise CorruptState("not a %s save" % tag.decode())
        v = self.u8()
        if not (version if oldest is None else oldest) <= v <= version:
            raise CorruptState("save format %d, expected %d" % (v, version))
        self.version = v

    def end(self):
        if self.pos != len(self.data):
            raise CorruptState("trailing bytes in save")


def write_header(game):
    """A Writer holding what every save starts with: the game's tag, format
    version, player count, variant and seed."""
    w = Writer()
    w.raw(game.TAG)
    w.u8(game.VERSION)
    w.u8(game.num_players)
    w.u8(game.VARIANTS.index(game.variant))
    w.u32(game.seed & 0xFFFFFFFF)
    return w


def read_header(game, data):
    """Check and read back write_header's fields into `game`; returns the
    Reader positioned after them."""
    r = Reader(data)
    r.header(game.TAG, game.VERSION, game.OLDEST_VERSION)
    n = r.u8()
    if not game.MIN_PLAYERS <= n <= game.MAX_PLAYERS:
        raise CorruptState("bad player count")
    vi = r.u8()
    if vi >= len(game.VARIANTS):
        raise CorruptState("bad variant")
    try:
        game.variant = game.check_variant(game.VARIANTS[vi], n)
    except ValueError as e:
        raise CorruptState(str(e))
    game.num_players = n
    game.seed = r.u32()
    return r

"""Saves on a FAT drive that has no wear levelling (CircuitPython's CIRCUITPY):
files made once, then rewritten in place, in turn.

FileStorage's write (a new temporary file renamed over the old one) costs
about 7 flash erases per save on CIRCUITPY, 4 of them on the 4 KB block of
the folder's directory, so that block wears out first. Rewriting the first
sectors of a file that already has its clusters costs 2 erases: the data's
block and the block of its directory entry (FatFs rewrites its time and
size). Taking the COPIES folders slot0, slot1 ... in turn spreads those over
as many directory blocks. tools/fat_wear.py models all of this.

A save slot is any name ending in SLOT_SUFFIX (firmware/saves.py's
game0.sav, game1.sav); other names (settings, statistics) keep
FileStorage's atomic write. Each write of a slot goes to the next folder's
copy, with a sequence number one above the newest copy; reading takes the
newest. A copy holds MAGIC, the sequence number and the data's length (4
bytes each, big endian) and the data, zeros to whole 512-byte sectors
(FatFs sends whole sectors straight to the disk, reading nothing first),
then GAP bytes never written again: copies made one after the other on a
volume that is not fragmented keep their written sectors, and the folders
their directories, in different erase blocks, so a power cut while one
block is erased and programmed reaches one folder only, which never holds
both slots' newest copies (first_folder).

A copy is not replaced atomically: a power cut while it is written leaves it
torn (or erased: no MAGIC, and the copy before it is taken), and loading
falls back to the other slot, the move before - the two-slot promise of
docs/reliability.md. A copy too small for a save is made again, larger,
through FileStorage's atomic write. Removing a slot writes an empty copy.
"""

from hal.storage import FileStorage, missing, too_large

SLOT_SUFFIX = ".sav"
COPIES = 4
MAGIC = b"TSL2"
HEADER = 12  # MAGIC, sequence number, length
EMPTY = 0xFFFFFFFE  # the length of a removed slot
SECTOR = 512
GAP = 4096  # one erase block of the flash


def slot_bytes(n):
    """The written part of a copy holding `n` bytes: whole sectors."""
    return (HEADER + n + SECTOR - 1) // SECTOR * SECTOR


def slot_image(data, seq, length=None):
    """The written part of a copy of `data` (`length`: EMPTY for none)."""
    out = bytearray(slot_bytes(len(data)))
    out[:4] = MAGIC
    out[4:8] = seq.to_bytes(4, "big")
    out[8:12] = (len(data) if length is None else length).to_bytes(4, "big")
    out[HEADER:HEADER + len(data)] = data
    return out


def folder_name(k):
    return "slot%d" % k


def first_folder(name):
    """Where a slot's first copy goes. game0.sav and game1.sav start two
    folders apart, so while they take turns a folder never holds both
    slots' newest copies: a power cut that ruins one folder's directory
    loses one move at most."""
    return sum(name.encode()) * 2 % COPIES


class SlotFileStorage(FileStorage):
    """FileStorage whose save slots are copies rewritten in place, in turn."""

    def _copy_path(self, name, k):
        return "%s/%s/%s" % (self.root, folder_name(k), name)

    def _size(self, path):
        try:
            return self._os.stat(path)[6]
        except OSError:
            return -1

    def _newest(self, name):
        """(sequence number, folder) of the newest copy of `name`; folder -1:
        none. Kept after the first look, as this object writes every copy."""
        known = getattr(self, "_known", None)
        if known is None:
            known = self._known = {}
        if name in known:
            return known[name]
        best = (0, -1)
        self._check_name(name)
        for k in range(COPIES):
            try:
                with open(self._copy_path(name, k), "rb") as f:
                    head = f.read(HEADER)
            except OSError:
                continue
            if len(head) == HEADER and head[:4] == MAGIC:
                seq = int.from_bytes(head[4:8], "big")
                if seq > best[0]:
                    best = (seq, k)
        known[name] = best
        return best

    def _check_name(self, name):
        self._path(name)  # the same names as FileStorage: ValueError if bad

    def write(self, name, data):
        if not name.endswith(SLOT_SUFFIX):
            FileStorage.write(self, name, data)
            return
        self._write_copy(name, data, None)

    def _write_copy(self, name, data, length):
        seq, k = self._newest(name)
        k = (k + 1) % COPIES if k >= 0 else first_folder(name)
        image = slot_image(data, seq + 1, length)
        path = self._copy_path(name, k)
        if self._size(path) >= len(image) + GAP:
            with open(path, "r+b") as f:
                # Walk the file's clusters before writing: FatFs then has
                # the FAT sector in its window, and a write across clusters
                # reads nothing (a read mid-write would flush the flash
                # cache: one more erase).
                f.seek(len(image))
                f.seek(0)
                f.write(image)
            sync = getattr(self._os, "sync", None)
            if sync is not None:
                sync()
        else:
            folder = self.root + "/" + folder_name(k)
            try:
                self._os.mkdir(folder)
            except OSError:
                pass  # there already
            root = self.root
            self.root = folder  # FileStorage's atomic write, in that folder
            try:
                FileStorage.write(self, name, bytes(image) + bytes(GAP))
            finally:
                self.root = root
            if seq == 0:
                FileStorage.remove(self, name)  # a save of the old format
        self._known[name] = (seq + 1, k)

    def read(self, name, limit=None):
        if not name.endswith(SLOT_SUFFIX):
            return FileStorage.read(self, name, limit)
        seq, k = self._newest(name)
        if k < 0:
            return FileStorage.read(self, name, limit)  # a save of the old format, or none
        path = self._copy_path(name, k)
        try:
            with open(path, "rb") as f:
                head = f.read(HEADER)
                n = int.from_bytes(head[8:12], "big")
                if n == EMPTY:
                    return None
                if n > self._size(path) - HEADER:
                    return head  # a torn length: the save's checksum fails
                if limit is not None and n > limit:
                    raise too_large(name, n, limit)  # before reading it
                return f.read(n)
        except OSError as e:
            if missing(e):
                return None  # gone since _newest looked
            raise  # unreadable: the caller counts it damaged, not absent

    def remove(self, name):
        if not name.endswith(SLOT_SUFFIX):
            FileStorage.remove(self, name)
            return
        if self._newest(name)[1] < 0:
            FileStorage.remove(self, name)
        elif self.read(name) is not None:
            self._write_copy(name, b"", EMPTY)

    def names(self):
        folders = [folder_name(k) for k in range(COPIES)]
        out = [n for n in FileStorage.names(self) if n not in folders]
        for k in range(COPIES):
            try:
                found = self._os.listdir(self.root + "/" + folders[k])
            except OSError:
                continue
            for n in found:
                if n.endswith(SLOT_SUFFIX) and n not in out and self.read(n) is not None:
                    out.append(n)
        return sorted(out)

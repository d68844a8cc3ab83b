"""Storage interface: small named files that are replaced atomically.

`write` puts the data in a temporary file first and renames it over the old
one, so a power cut leaves either the old or the new file, never half of one.
A filesystem whose rename will not replace a file (FAT) gets the old one
renamed aside first, never removed: until the new file is in place, `read`
finds the old one there, whatever write, rename or power cut failed.

`read` tells a missing file (None) from one that cannot be read (OSError),
and with a `limit` refuses a file larger than that before reading it
(TooLarge), so no file can fill the heap.
"""

try:
    from errno import ENOENT  # no such file: 2 on boards, 44 under WASI
except ImportError:
    ENOENT = 2
OLD = ".old"  # the old file, renamed aside while a FAT rename replaces it
TMP = ".tmp"  # the new file, until it is renamed into place


class TooLarge(OSError):
    """A file larger than its reader allows: it is not read."""


class Storage:
    def read(self, name, limit=None):
        """The bytes of `name`, or None if it does not exist; OSError if it
        cannot be read, TooLarge if longer than `limit` bytes."""
        raise NotImplementedError

    def write(self, name, data):
        raise NotImplementedError

    def remove(self, name):
        raise NotImplementedError

    def names(self):
        raise NotImplementedError


def too_large(name, size, limit):
    return TooLarge("%s is %d bytes, more than %d" % (name, size, limit))


class MemoryStorage(Storage):
    """Files in a dict: tests and the headless simulator."""

    def __init__(self):
        self.files = {}

    def read(self, name, limit=None):
        data = self.files.get(name)
        if data is None:
            return None
        if limit is not None and len(data) > limit:
            raise too_large(name, len(data), limit)
        return bytes(data)

    def write(self, name, data):
        self.files[name] = bytes(data)

    def remove(self, name):
        self.files.pop(name, None)

    def names(self):
        return sorted(self.files)


def missing(e):
    """True for the OSError of a file that does not exist."""
    return e.args and e.args[0] == ENOENT


class FileStorage(Storage):
    """Files in one folder, on the flash filesystem or the desktop."""

    def __init__(self, root):
        import os
        self._os = os
        self.root = root
        try:
            os.mkdir(root)
        except OSError:
            pass  # exists

    def _open(self, path, mode):
        return open(path, mode)  # the module's open: tools/fat_wear.py gives its own

    def _path(self, name):
        if "/" in name or name.startswith("."):
            raise ValueError("bad file name %r" % name)
        return self.root + "/" + name

    def read(self, name, limit=None):
        path = self._path(name)
        # The old file set aside by a replacement a power cut interrupted.
        for p in (path, path + OLD):
            try:
                if limit is not None:
                    size = self._os.stat(p)[6]
                    if size > limit:
                        raise too_large(name, size, limit)
                with self._open(p, "rb") as f:
                    data = f.read() if limit is None else f.read(limit + 1)
            except TooLarge:
                raise
            except OSError as e:
                if missing(e):
                    continue
                raise
            if limit is not None and len(data) > limit:  # it grew after the stat
                raise too_large(name, len(data), limit)
            return data
        return None

    def write(self, name, data):
        path = self._path(name)
        tmp = path + TMP
        try:
            self._write_file(tmp, data)
            self._replace(tmp, path)
        except (OSError, MemoryError):
            self._discard(tmp)  # no half-written file left behind
            raise
        # Where there is fsync (CPython: the desktop, Blinka) the rename
        # reaches the disk before write returns; flushing all disks with
        # sync would stall on a busy one. MicroPython has only sync, which
        # flushes the one flash filesystem.
        fsync = getattr(self._os, "fsync", None)
        if fsync is not None:
            self._sync_folder(fsync)
        elif hasattr(self._os, "sync"):
            self._os.sync()

    def _write_file(self, tmp, data):
        """`data` in `tmp`, on the disk (where the system has fsync) before
        any rename makes it the file."""
        fsync = getattr(self._os, "fsync", None)
        with self._open(tmp, "wb") as f:
            f.write(data)
            if hasattr(f, "flush"):
                f.flush()
            if fsync is not None:
                fsync(f.fileno())

    def _replace(self, tmp, path):
        """Rename `tmp` over `path`. Where the rename will not replace a file
        (FAT), the old one is renamed aside first and removed only once the
        new one is in place; read() finds it while it is aside."""
        os = self._os
        try:
            os.rename(tmp, path)
            return
        except OSError:
            if not self._exists(path):
                raise  # nothing was in the way: the rename itself fails
        old = path + OLD
        self._discard(old)  # left from an earlier cut: `path` is newer
        os.rename(path, old)
        try:
            os.rename(tmp, path)
        except OSError:
            os.rename(old, path)  # back in place (else read() finds it aside)
            raise
        self._discard(old)

    def _exists(self, path):
        try:
            self._os.stat(path)
            return True
        except OSError:
            return False

    def _discard(self, path):
        try:
            self._os.remove(path)
        except OSError:
            pass

    def _sync_folder(self, fsync):
        """Make the rename itself durable (POSIX: fsync the folder)."""
        try:
            fd = self._os.open(self.root, self._os.O_RDONLY)
        except (AttributeError, OSError):
            return  # a system whose folders cannot be opened (Windows)
        try:
            fsync(fd)
        except OSError:
            pass
        finally:
            self._os.close(fd)

    def remove(self, name):
        """Forget `name`: the file, and any copy a power cut left aside
        (that first, so a failure never brings an older one back)."""
        path = self._path(name)
        self._discard(path + OLD)
        self._discard(path + TMP)
        self._discard(path)

    def names(self):
        try:
            found = self._os.listdir(self.root)
        except OSError:
            return []
        # A file set aside by a cut replacement is still that file.
        return sorted(set(n[:-len(OLD)] if n.endswith(OLD) else n
                          for n in found if not n.endswith(TMP)))

"""Storage interface: small named files that are replaced atomically.

`write` puts the data in a temporary file first and renames it over the old
one, so a power cut leaves either the old or the new file, never half of one
(on littlefs and on desktop filesystems; FAT needs the old file removed
first, which `FileStorage` does only when the rename is refused).
"""


class Storage:
    def read(self, name):
        """The bytes of `name`, or None if it does not exist."""
        raise NotImplementedError

    def write(self, name, data):
        raise NotImplementedError

    def remove(self, name):
        raise NotImplementedError

    def names(self):
        raise NotImplementedError


class MemoryStorage(Storage):
    """Files in a dict: tests and the headless simulator."""

    def __init__(self):
        self.files = {}

    def read(self, name):
        data = self.files.get(name)
        return None if data is None else bytes(data)

    def write(self, name, data):
        self.files[name] = bytes(data)

    def remove(self, name):
        self.files.pop(name, None)

    def names(self):
        return sorted(self.files)


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

    def _path(self, name):
        if "/" in name or name.startswith("."):
            raise ValueError("bad file name %r" % name)
        return self.root + "/" + name

    def read(self, name):
        try:
            with open(self._path(name), "rb") as f:
                return f.read()
        except OSError:
            return None

    def write(self, name, data):
        path = self._path(name)
        tmp = path + ".tmp"
        # Where there is fsync (CPython: the desktop, Blinka) the new bytes
        # reach the disk before the rename, and the rename before write
        # returns; flushing all disks with sync would stall on a busy one.
        # MicroPython has only sync, which flushes the one flash filesystem.
        fsync = getattr(self._os, "fsync", None)
        with open(tmp, "wb") as f:
            f.write(data)
            if hasattr(f, "flush"):
                f.flush()
            if fsync is not None:
                fsync(f.fileno())
        try:
            self._os.rename(tmp, path)
        except OSError:
            self.remove(name)
            self._os.rename(tmp, path)
        if fsync is not None:
            self._sync_folder(fsync)
        elif hasattr(self._os, "sync"):
            self._os.sync()

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
        try:
            self._os.remove(self._path(name))
        except OSError:
            pass

    def names(self):
        try:
            return sorted(n for n in self._os.listdir(self.root) if not n.endswith(".tmp"))
        except OSError:
            return []

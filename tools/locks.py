"""One process at a time: parallel test workers share built artifacts."""

import contextlib


@contextlib.contextmanager
def one_at_a_time(path):
    """Hold an exclusive lock on the file `path` (created if needed) for the
    `with` block. Without fcntl (Windows) the block runs unguarded."""
    with open(path, "w") as f:
        try:
            import fcntl
            fcntl.flock(f, fcntl.LOCK_EX)
        except ImportError:
            pass
        yield

"""Keep C libraries quiet: SDL and ALSA print screenfuls to stderr when a
display or a sound card is missing, which the simulator explains itself."""

import contextlib
import os
import sys


@contextlib.contextmanager
def stderr_silenced():
    """Send whatever is written to file descriptor 2 meanwhile to /dev/null
    (Python's sys.stderr is flushed first and writes there too)."""
    try:
        sys.stderr.flush()
    except (AttributeError, ValueError):  # no stderr, or closed
        pass
    try:
        saved = os.dup(2)
    except OSError:  # nothing open as 2: nothing to silence
        saved = None
    if saved is None:
        yield
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)

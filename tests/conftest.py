"""Shared test set-up: the project root on sys.path, SDL without a screen."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def usage_error(capsys, main, argv):
    """Run a command-line `main(argv)` expecting argparse's usage error: exit
    status 2, nothing on stdout, no traceback; returns its 'error:' line."""
    import pytest
    with pytest.raises(SystemExit) as e:
        main(list(argv))
    assert e.value.code == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and not captured.out, captured.err
    return [line for line in captured.err.splitlines() if "error:" in line][-1]

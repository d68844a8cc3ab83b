"""Board definitions: one small module per board, and how the device picks one.

A board file (e.g. boards/pico.py) is plain UPPER_CASE settings; anything it
leaves out takes the default below. To add your own board, copy the file
closest to yours to boards/<your_name>.py, change the pins and the matrix
description, and flash with `./tools/flash --board <your_name>` (or write
the name into /tomo_board.txt on the device). docs/hardware.md explains every
setting.

Which board runs: the name in /tomo_board.txt (written by tools/flash) if
there is one, else the first board whose DETECT strings appear in what the
platform says about itself (os.uname().machine on MicroPython, board.board_id
on CircuitPython, the device-tree model on a Raspberry Pi), else the
platform's default board.
"""

from boards._board import Board  # kept apart: see boards/_board.py
from boards._check import (BOARD_MA, USB_PORT_MA, DEFAULTS, NEEDED_BUTTONS,  # noqa: F401
                           PLATFORMS, check, least_budget_ma)


# Auto-detection looks at these (and at any other file in boards/).
KNOWN = ("pico", "esp32s3_devkitc", "feather_rp2040", "raspberry_pi")
DEFAULT_FOR = {"micropython": "pico", "circuitpython": "feather_rp2040",
               "blinka": "raspberry_pi"}
CONFIG_FILE = "tomo_board.txt"


def _valid_name(name):
    if not name or len(name) > 40:
        return False
    for c in name:
        if not (c.isalpha() or c.isdigit() or c == "_"):
            return False
    return name[0].isalpha() and name == name.lower()


def load(name):
    """The Board defined in boards/<name>.py."""
    if not _valid_name(name):
        raise ValueError("bad board name %r (lower-case letters, digits, _)" % name)
    mod = __import__("boards." + name, None, None, ("NAME",))
    settings = {}
    for key, _ in DEFAULTS:
        if hasattr(mod, key):
            settings[key] = getattr(mod, key)
    # The file's name is the board's name (what tools/flash writes to the
    # config file): a copied file that still says NAME = "pico" is not pico.
    settings["NAME"] = name
    return Board(settings, name)


def _folders():
    """Where board files live (this package's folder(s))."""
    p = globals().get("__path__")
    if isinstance(p, str):
        return [p]
    if p:
        return list(p)
    return [__file__.rsplit("/", 1)[0]]


def available():
    """Names of the board files present (KNOWN first), for auto-detection."""
    names = list(KNOWN)
    try:
        import os
        for here in _folders():
            for f in sorted(os.listdir(here)):
                base = f.rsplit(".", 1)[0]
                if (f.endswith(".py") or f.endswith(".mpy")) and base not in names \
                        and _valid_name(base):
                    names.append(base)
    except (OSError, NameError, AttributeError, ImportError):
        pass
    return names


def configured(read_text):
    """The board name in the config file, or None. `read_text(path)` -> str or None."""
    text = read_text(CONFIG_FILE)
    if not text:
        return None
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            return line
    return None


def detect(platform, ident):
    """The first board for `platform` whose DETECT strings occur in `ident`."""
    ident = ident or ""
    for name in available():
        try:
            b = load(name)
        except (ImportError, ValueError):
            continue
        if b.PLATFORM != platform:
            continue
        for s in b.DETECT:
            if s and s in ident:
                return name
    return None


def choose(platform, ident="", read_text=None):
    """The board name to use: config file, else detection, else the default."""
    name = configured(read_text) if read_text else None
    if name:
        return name
    return detect(platform, ident) or DEFAULT_FOR[platform]

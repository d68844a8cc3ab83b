# Tomo handheld, CircuitPython only: runs before USB starts.
# The game keeps its settings and saves on the CIRCUITPY drive, which needs
# it writable by the program - and then the computer sees it read-only. So:
# hold B while plugging in (or pressing reset) to copy new files from the
# computer; otherwise the game may save. (MicroPython ignores this file:
# tools/flash never copies it there.)
import sys

if sys.implementation.name == "circuitpython":
    import storage
    import digitalio
    import board as _pins
    import boards

    def _name():
        try:
            with open("/" + boards.CONFIG_FILE) as f:
                for line in f.read(1024).splitlines():  # a larger file is not for us
                    line = line.strip()
                    if line and not line.startswith("#"):
                        return line
        except OSError:
            pass
        return boards.choose("circuitpython", getattr(_pins, "board_id", ""))

    try:
        _board = boards.load(_name())
        _b = digitalio.DigitalInOut(getattr(_pins, _board.BUTTONS["B"]))
        _b.switch_to_input(pull=digitalio.Pull.UP if _board.BUTTON_PULL == "up"
                           else digitalio.Pull.DOWN if _board.BUTTON_PULL == "down" else None)
        _copying = _b.value == bool(_board.BUTTON_ACTIVE)
        _b.deinit()
    except Exception as e:  # a broken board file must not lock the drive
        print("boot.py:", e)
        _copying = True
    if not _copying:
        storage.remount("/", readonly=False)

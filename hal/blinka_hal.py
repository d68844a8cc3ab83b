"""The Raspberry Pi backend: CPython with Adafruit Blinka, which provides
CircuitPython's `board`, `digitalio`, `keypad`, `pwmio` and runs the same
Adafruit NeoPixel library (through rpi_ws281x: run as root). Everything is
hal/circuitpython_hal.py's, except the clock (time.monotonic), the storage
(a folder in the home directory) and the watchdog: none here - run the game
as a systemd service with Restart=always instead (docs/hardware.md).
"""

from hal import circuitpython_hal


def storage_dir(board):
    import os
    return os.path.expanduser(board.STORAGE)


def make_hal(board, modules=None, storage=None):
    from hal.clock import TicksClock
    from hal.storage import FileStorage
    clock = None if modules and "supervisor" in modules else TicksClock()
    if storage is None:
        storage = FileStorage(storage_dir(board))  # a Linux filesystem: atomic renames
    return circuitpython_hal.make_hal(board, modules, storage, storage_root=storage_dir(board),
                                      clock=clock)


def start_watchdog(hal, board, modules=None):
    return None


def start_timer(hal, board, modules=None):
    return None


def reset_was_watchdog(modules=None):
    return False


def reset(modules=None):
    raise SystemExit(1)


def sleep_ms(ms, modules=None):
    circuitpython_hal.sleep_ms(ms, modules)

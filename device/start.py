"""Boot on real hardware: pick the backend and the board, guard against
hangs, run the firmware.

1. The backend comes from the running platform: MicroPython
   (hal/micropython_hal.py), CircuitPython (hal/circuitpython_hal.py), else
   CPython with Adafruit Blinka on a Raspberry Pi (hal/blinka_hal.py).
2. The board: the name in /tomo_board.txt, else auto-detection, else the
   platform's default (boards/__init__.py).
3. Buttons held at power-on: B starts at the menu (a game in progress is
   parked: RESUME brings it back), A opens the hardware check screen.
4. The watchdog (hal/watchdog.py; on CircuitPython armed only once the
   firmware is imported and any saved game is back) resets a hung device;
   the game then comes back on its turn. If the device is reset by the
   watchdog (or by a crash) twice in a row at the same saved position, it
   is stuck there: the game is parked and boot goes to the menu, with the
   watchdog off for that session on boards without timer-fed patience
   (CircuitPython), so a computer move too long for the hardware timeout
   can finish when the player resumes.
5. Ctrl-C (also what mpremote sends first) stops the game and the watchdog,
   leaving the REPL usable; any other error, from the first screen on
   (MemoryError included), is printed, written to <storage>/crash.txt, and
   the device restarts into the saved game. Every file boot reads is
   size-checked first (a larger one counts as damaged), so none can stop it.
6. `hal.restart` (MicroPython and CircuitPython boards) resets the device
   when the firmware needs a clean heap to load a game (firmware/launch.py);
   the reset guard does not count such a planned restart.
"""

import sys

from engines_core import registry

SAFE_BUTTON = 5  # B (hal.buttons.B): held at power-on, start at the menu
CHECK_BUTTON = 4  # A: held at power-on, the hardware check screen
RESETS_FILE = "resets.txt"
CRASH_FILE = "crash.txt"
SAVE_FILES = ("game0.sav", "game1.sav")
MAX_TEXT = 1024  # bytes read at most from tomo_board.txt or the board's model name
MAX_SAVE = 4096  # firmware/saves.py MAX_FILE (not imported: boot keeps the heap clean)
MAX_RESETS = 256


def platform():
    name = sys.implementation.name
    if name in ("micropython", "circuitpython"):
        return name
    return "blinka"


def backend(plat):
    if plat == "micropython":
        from hal import micropython_hal as be
    elif plat == "circuitpython":
        from hal import circuitpython_hal as be
    else:
        from hal import blinka_hal as be
    return be


def read_text(path, limit=MAX_TEXT):
    """The text of a small file, or None if it is missing, unreadable or
    longer than `limit` bytes (it is not read then)."""
    try:
        import os
        if os.stat(path)[6] > limit:
            return None
        with open(path) as f:
            return f.read(limit)
    except (OSError, MemoryError, UnicodeError):
        return None


def identity(plat):
    """What the platform calls the board, for auto-detection."""
    try:
        if plat == "micropython":
            import os
            return os.uname().machine
        if plat == "circuitpython":
            import board
            return board.board_id
        text = read_text("/proc/device-tree/model") or ""
        return text.replace("\x00", "")
    except (ImportError, AttributeError, OSError):
        return ""


# The reset guard -------------------------------------------------------------------

def fingerprint(storage):
    """Identifies the saved position (the save files' checksums)."""
    from firmware.saves import crc32
    parts = []
    for name in SAVE_FILES:
        try:
            data = storage.read(name, MAX_SAVE)
            part = "-" if data is None else "%08x" % crc32(data)
        except OSError:  # unreadable, or too large to read (TooLarge)
            part = "?"
        except MemoryError:
            part = "m"
        parts.append(part)
    return ",".join(parts)


def read_resets(storage):
    """(fingerprint, count, crashed, planned) from the resets file."""
    fp, count, crashed, planned = "", 0, False, False
    try:
        data = storage.read(RESETS_FILE, MAX_RESETS)
    except (OSError, MemoryError):
        data = None
    if data:
        for line in bytes(data).decode("utf-8", "ignore").splitlines():
            key, _, value = line.partition("=")
            if key == "fp":
                fp = value.strip()
            elif key == "count":
                try:
                    count = max(0, min(99, int(value)))
                except ValueError:
                    count = 0
            elif key == "crash":
                crashed = value.strip() == "1"
            elif key == "planned":
                planned = value.strip() == "1"
    return fp, count, crashed, planned


def write_resets(storage, fp, count, crashed=False, planned=False):
    text = "fp=%s\ncount=%d\ncrash=%d\nplanned=%d\n" % (fp, count, 1 if crashed else 0,
                                                       1 if planned else 0)
    try:
        storage.write(RESETS_FILE, text.encode())
    except (OSError, MemoryError):
        pass


def guard(storage, watchdog_reset):
    """After an abnormal reset (watchdog, or a crash recorded before the
    reset), count how many happened in a row at the same saved position.
    Returns that count (0 after a normal start or a planned restart)."""
    fp_prev, count, crashed, planned = read_resets(storage)
    if planned:
        write_resets(storage, "", 0)  # a fresh count: the next abnormal reset is the 1st
        return 0
    if not (watchdog_reset or crashed):
        return 0
    fp = fingerprint(storage)
    count = count + 1 if fp == fp_prev else 1
    write_resets(storage, fp, count)
    return count


def planned_restart(storage, be, modules):
    """`hal.restart` on boards: the firmware wants a clean heap to load a game
    (firmware/launch.py). Not a crash: the reset guard does not count it."""
    write_resets(storage, "", 0, planned=True)
    be.reset(modules)


def record_crash(storage, text):
    fp, count = read_resets(storage)[:2]
    write_resets(storage, fp, count, crashed=True)
    try:
        storage.write(CRASH_FILE, text.encode())
    except (OSError, MemoryError):
        pass


def park_saved_game(storage):
    """A game being played is parked: boot shows the menu, RESUME brings it back."""
    from firmware import saves
    try:
        session, where, outcome = saves.load_game(storage)
    except MemoryError:
        return False  # boot says NO MEMORY and leaves the files as they are
    if session is not None and where == saves.PLAYING:
        saves.save_game(storage, session, saves.PARKED)
        return True
    return False


# Boot ------------------------------------------------------------------------------

# What start() is booting: (hal, platform, backend module, modules), for
# main() should start() fail.
_starting = []


def setup(board_name=None, plat=None, modules=None, storage=None):
    """The board and a Hal for it (no watchdog yet). `board_name` may also be
    a boards.Board."""
    import boards
    plat = plat or platform()
    if board_name is None:
        board_name = boards.choose(plat, identity(plat), read_text)
    board = boards.load(board_name) if isinstance(board_name, str) else board_name
    be = backend(plat)
    hal = be.make_hal(board, modules, storage)
    if plat != "blinka":  # a Raspberry Pi has the memory: nothing to restart for
        hal.restart = lambda: planned_restart(hal.storage, be, modules)
    hal.log = console_line
    # The board keeps its settings; the rest of `boards` (defaults, checks,
    # detection) and the board's file are not needed again: 8 KB of RAM.
    for name in ("boards." + board.NAME, "boards._check", "boards"):
        registry.release(name)
    return board, hal


def console_line(text):
    """A line on the serial console (USB on a board, the terminal on a Pi)."""
    print("tomo: " + text)


def start(board_name=None, plat=None, modules=None, watchdog_reset=None, storage=None):
    """Everything up to the first screen; returns (app, hal). The arguments
    after the board name are for tests (fake modules, storage)."""
    plat = plat or platform()
    be = backend(plat)
    board, hal = setup(board_name, plat, modules, storage)
    _starting.clear()
    _starting.append((hal, plat, be, modules))  # main() reports an error in what follows
    kw = {"modules": modules}
    d = hal.display
    d.fill(0)
    d.show()  # whatever the LEDs showed at power-up goes dark
    now = hal.clock.now()
    held = hal.read_buttons()
    hal.buttons.prime(held, now)
    if held >> CHECK_BUTTON & 1:
        from device.check import run_check
        run_check(hal)
        held = 0
    if watchdog_reset is None:
        watchdog_reset = be.reset_was_watchdog(**kw)
    resets = guard(hal.storage, watchdog_reset)
    notice = None
    if held >> SAFE_BUTTON & 1:
        park_saved_game(hal.storage)
        notice = "SAFE START"
    elif resets >= 2:
        park_saved_game(hal.storage)
        notice = "STUCK - GAME PAUSED"

    def arm():
        if resets >= 2 and plat == "circuitpython":
            hal.watchdog = None  # let a long computer move finish this time
        else:
            be.start_watchdog(hal, board, **kw)
        be.start_timer(hal, board, **kw)
    # Importing the firmware and resuming a game take seconds from .py
    # sources. MicroPython's timer gives that the watchdog's patience;
    # CircuitPython has no timer, so there it is armed afterwards - in a
    # finally: an error while booting still arms it, the board resets and
    # the guard counts it.
    early = plat != "circuitpython"
    if early:
        arm()
    try:
        from firmware.main import boot
        app = boot(hal)
        del boot
        registry.release("firmware.main")  # booted: its RAM goes to the games
    finally:
        if not early:
            arm()
    app.log("ready board=%s reset=%s" % (board.NAME, "watchdog" if watchdog_reset else "normal"))
    if notice:
        app.tell(notice)
    return app, hal


def stop(hal):
    """After Ctrl-C: the watchdog off (or kept fed), the LEDs dark. Returns
    what became of the watchdog, for the message."""
    what = "no watchdog"
    if hal.watchdog is not None:
        what = "the watchdog is off" if hal.watchdog.stop() else \
            "the watchdog is kept fed until the next reset"
    try:
        hal.sound.stop()
        hal.display.fill(0)
        hal.display.show()
    except Exception:  # noqa: BLE001 - stopping must not fail
        pass
    return what


def fail(hal, exc):
    """An error escaped the firmware: report it, keep it, restart."""
    try:
        import io
        s = io.StringIO()
        if hasattr(sys, "print_exception"):
            sys.print_exception(exc, s)
        else:
            import traceback
            traceback.print_exception(type(exc), exc, exc.__traceback__, file=s)
        text = s.getvalue()
    except Exception:  # noqa: BLE001
        text = repr(exc)
    print(text)
    record_crash(hal.storage, text)
    try:
        d = hal.display
        d.fill(0)
        for i in range(16):  # a red cross: something went wrong
            d.pixel(i, i, 0xFF0000)
            d.pixel(15 - i, i, 0xFF0000)
        d.show()
    except Exception:  # noqa: BLE001
        pass


def main(board_name=None, **for_tests):
    """Run the device until power-off (the keyword arguments are start()'s)."""
    _starting.clear()
    try:
        app, hal = start(board_name, **for_tests)
        app.run()
    except KeyboardInterrupt:
        print("tomo: stopped (Ctrl-C); %s. main() to restart." % (
            stop(_starting[0][0]) if _starting else "nothing was running"))
    except Exception as e:  # noqa: BLE001 - the device must come back
        if not _starting:
            raise  # setup() itself failed (a broken board file): to the REPL
        hal, plat, be, modules = _starting[0]
        fail(hal, e)
        if plat == "blinka":
            raise
        if hal.watchdog is not None:
            hal.watchdog.stop()
        be.sleep_ms(3000, modules)
        be.reset(modules)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else None)

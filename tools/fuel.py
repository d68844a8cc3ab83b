"""Fuel (WebAssembly instructions inside MicroPython, tools/mpy_runtime.py) as
time on a board, and the fuel a computer move may cost. Shared by
tools/bench.py and tools/bench_frame.py, which import this, not each other.
"""

from tools import mpy_runtime

# platform.md: 1,000,000 iterations of `for i in range(n): c = a + b` take
# 7.98 s on an RP2040 at 125 MHz (MicroPython 1.23); 3.4 s on an ESP32-S3.
RP2040_S_PER_LOOP = 7.98e-6
ESP32S3_S_PER_LOOP = 3.4e-6
WIRE_MS_16x16 = 7.7
CALIBRATION_NOTE = ("fuel -> time: the loop `for i in range(n): c = a + b` costs F fuel per "
                    "iteration in our runtime and 7.98 us per iteration on an RP2040 at 125 MHz "
                    "(3.4 us on an ESP32-S3), so 1 fuel = 7.98 us / F on an RP2040.")

CALIBRATION_CODE = """
import host
def f(n):
    a = 1
    b = 2
    for i in range(n):
        c = a + b
host.call('m', '')
f(20000)
host.call('m', '')
f(120000)
host.call('m', '')
"""


def _loop_fuel(original=False):
    r = mpy_runtime.run(CALIBRATION_CODE, heap="32k", original=original)
    m = r.marks
    return ((m[2] - m[1]) - (m[1] - m[0])) / 100000  # the slope: call costs cancel


def calibrate():
    """Fuel per iteration of the calibration loop, in the GC-safe runtime that
    every figure is measured in and in the package's original build (the one
    platform.md's 856 and the 50-million budget were stated in)."""
    per_iter = _loop_fuel()
    original = _loop_fuel(original=True)
    return {"fuel_per_loop": round(per_iter, 1),
            "fuel_per_loop_original": round(original, 1),
            "gc_safe_factor": round(per_iter / original, 2),
            "rp2040_us_per_mfuel": round(RP2040_S_PER_LOOP / per_iter * 1e12, 1),
            "note": CALIBRATION_NOTE}


def ms_on_rp2040(fuel, cal):
    return round(fuel * cal["rp2040_us_per_mfuel"] / 1e9, 2)


# Fuel a computer-player move may cost inside MicroPython: `normal` by
# platform.md; `hard` ours, about 2 s on an RP2040 (the calibration),
# so no one waits long for a computer.
BUDGET = {"normal": 50000000, "hard": 300000000}

"""Cost of the LED output stage (hal/pipeline.py) inside real MicroPython.

    python -m tools.bench_frame            # JSON: fuel per frame, RP2040 ms

`measure()` is what tools/bench.py's `pipeline_fuel` calls. Each case
renders a 16x16 frame (chain-ordered framebuffer -> gamma and brightness
tables -> current limit -> GRB wire bytes) on the Pico's board definition,
the way `LedDisplay.show()` does before the wire write, many times, and
reports the fuel of one render:

- game: a Tomoko turn as the firmware draws it, at the default brightness
  (40%): the current limit is active (white text and bright balls);
- busy: all 256 pixels lit in varied colours at 40%: limited, every step;
- busy_unlimited: the same frame with a budget it fits in (no limiting);
- dim: 200 dim pixels at 10%, most lit only by the "never dark" rule;
- busy_pure: `busy` without the framebuf module, the plain-Python loop that
  CircuitPython and CPython run (the same bytes; tests check it).

"fuel" (and "rp2040_ms") is the `busy` case, the MicroPython path on a busy
frame; "worst" names the most expensive MicroPython case. The mapping to
chain order happens while drawing (`LedDisplay.pixel` looks the position up
in a table): `draw_delta_fuel` is what 256 `pixel()` calls cost on an
LedDisplay minus on the plain Display (negative: cheaper).
"""

import json
import sys

from tools import mpy_runtime

FRAMES = 20

GUEST = """
import host, gc
from hal.pipeline import LedDisplay, Pipeline
from hal.display import Display
import boards

board = boards.load('pico')
chain = board.chain()

def led_display(budget=500):
    opts = board.pipeline_options()
    opts['budget_ma'] = budget
    return LedDisplay(16, 16, chain, lambda p: None, **opts)

def busy(d):
    for y in range(16):
        for x in range(16):
            d.pixel(x, y, ((x * 16 + 15) << 16) | ((y * 16 + 15) << 8) | ((x * y) & 255))

def dim(d):
    for i in range(200):
        x = i % 16
        y = i // 16
        d.pixel(x, y, (20 + x) << 16 | (3 + y) << 8 | (i % 7))

def game(d):
    from hal import Hal
    from hal.buttons import Buttons
    from hal.clock import FakeClock
    from hal.sound import Sound
    from hal.storage import MemoryStorage
    from firmware.main import boot
    from firmware.session import Session
    from engines_core import players
    from engines_core.prng import Rng
    s = Session('tomoko', ['human', 'normal'], 'standard', 5)
    for i in range(6):
        s.play(players.choose(s.state, 'normal', Rng(i)))
    hal = Hal(d, Buttons(), Sound(), FakeClock(), MemoryStorage())
    app = boot(hal, s)
    app.screen.ready_at = 10 ** 9
    for i in range(5):
        hal.clock.advance(30)
        app.step()

def measure(name, d, brightness, frames=FRAMES):
    p = d.pipeline
    p.render(d.buf, brightness)  # tables built, as after the first frame
    gc.collect()
    host.call('m', '')
    for i in range(frames):
        p.render(d.buf, brightness)
    host.call('m', '')
    print('CASE', name, p.level, p.ma, 1 if p.limited else 0, 1 if p.fast else 0)

d = led_display()
game(d)
measure('game', d, 40)
d = led_display()
busy(d)
measure('busy', d, 40)
d = led_display(100000)
busy(d)
measure('busy_unlimited', d, 40)
d = led_display()
dim(d)
measure('dim', d, 10)
d = led_display()
d.pipeline = Pipeline(d.buf, fast=False, **board.pipeline_options())
busy(d)
measure('busy_pure', d, 40, 4)

def draw_cost(d):
    gc.collect()
    host.call('m', '')
    for y in range(16):
        for x in range(16):
            d.pixel(x, y, 0x123456)
    host.call('m', '')
draw_cost(led_display())
draw_cost(Display())
"""

CASES = ("game", "busy", "busy_unlimited", "dim", "busy_pure")


def measure(frames=FRAMES):
    """Fuel of one render per case; "fuel" is the worst MicroPython case."""
    from tools import bench, mpy_check
    cal = bench.calibrate()
    r = mpy_runtime.run_in_repo(GUEST.replace("FRAMES", str(frames)), heap="256k",
                                root=mpy_check.ensure_bundle())
    if not r.ok:
        return {"error": (r.stderr.strip().splitlines() or ["failed"])[-1]}
    m = r.marks
    lines = [l.split() for l in r.stdout.splitlines() if l.startswith("CASE")]
    out = {"cases": {}, "wire_ms_16x16": bench.WIRE_MS_16x16,
           "calibration_fuel_per_loop": cal["fuel_per_loop"]}
    for i, name in enumerate(CASES):
        n = 4 if name == "busy_pure" else frames
        fuel = (m[2 * i + 1] - m[2 * i]) // n
        _, _, level, ma, limited, fast = lines[i]
        out["cases"][name] = {"fuel": fuel, "rp2040_ms": bench.ms_on_rp2040(fuel, cal),
                              "level": int(level), "ma": int(ma), "limited": limited == "1",
                              "framebuf": fast == "1"}
    k = 2 * len(CASES)
    out["draw_delta_fuel"] = (m[k + 1] - m[k]) - (m[k + 3] - m[k + 2])
    out["fuel"] = out["cases"]["busy"]["fuel"]
    out["rp2040_ms"] = out["cases"]["busy"]["rp2040_ms"]
    worst = max(("game", "busy", "busy_unlimited", "dim"), key=lambda c: out["cases"][c]["fuel"])
    out["worst"] = {"case": worst, "fuel": out["cases"][worst]["fuel"],
                    "rp2040_ms": out["cases"][worst]["rp2040_ms"]}
    return out


def main():
    print(json.dumps(measure(), sort_keys=True, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Cost of the LED output stage (hal/pipeline.py) inside real MicroPython.

    python -m tools.bench_frame            # JSON: fuel per frame, RP2040 ms

`measure()` is what tools/bench.py's `pipeline_fuel` calls. Every case
renders 16x16 frames (chain-ordered framebuffer -> gamma and brightness
tables -> current limit -> GRB wire bytes) on the Pico's board definition,
the way `LedDisplay.show()` does before the wire write, and reports the fuel
of one render. The firmware only shows a frame that changed, and the
pipeline keeps a scan of the last frame (it rescans only the LEDs that
changed), so no case renders the same frame twice in a row:

- game: a Tomoko turn at the default brightness (40%) on the 500 mA budget
  (limited: white text and bright balls), frame after frame as the device
  shows it: the cursor blinks, a few LEDs change each time;
- game_new: the same screen, but every frame a new one (the screen and a
  copy moved by one LED, alternately): nothing is kept, the whole frame is
  scanned (a move played, a new screen, another brightness);
- game_dim_changes: the Tomoko turn with one dim pixel changing its hue
  every frame: its stretch's never-dark duties are worked out again each time;
- one case per game screen (`firmware.games.playable()`): <game> as shown
  during a person's turn a few moves in, <game>_new a new screen each frame;
- busy: all 256 pixels lit in varied colours at 40%: limited, a new frame
  each time (the frame and its copy moved by one LED);
- busy_unlimited: the same frames with a budget they fit in;
- dim: 200 dim pixels at 10%, most lit only by the "never dark" rule,
  a new frame each time;
- busy_pure: `busy` without the framebuf module, the plain-Python loop that
  CircuitPython and CPython run (the same bytes; tests check it).

"fuel" (and "rp2040_ms") is the `busy` case, the MicroPython path on a busy
new frame; "worst" names the most expensive MicroPython case. The mapping to
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

def shown(name, seats, moves):
    # The frames the device shows (buf copies) in a person's turn.
    from hal import Hal
    from hal.buttons import Buttons
    from hal.clock import FakeClock
    from hal.sound import Sound
    from hal.storage import MemoryStorage
    from firmware.main import boot
    from firmware.session import Session
    s = Session(name, seats, 'standard', 5)
    moves(s)
    got = []
    d = led_display()
    def write(p):
        if len(got) >= 24:
            got.pop(1)
        got.append(bytes(d.buf))
    d.write = write
    hal = Hal(d, Buttons(), Sound(), FakeClock(), MemoryStorage())
    app = boot(hal, s)
    app.screen.ready_at = 10 ** 9
    for i in range(80):
        hal.clock.advance(30)
        app.step()
    return got[1:] if len(got) > 2 else got  # the first: the screen appearing

def tomoko_turn():
    from engines_core import players
    from engines_core.prng import Rng
    def moves(s):
        for i in range(6):
            s.play(players.choose(s.state, 'normal', Rng(i)))
    return shown('tomoko', ['human', 'normal'], moves)

def game_turn(name):
    from engines_core import players, registry
    from engines_core.prng import Rng
    n = registry.game_class(name).MIN_PLAYERS
    def moves(s):
        i = 0
        while i < 6 or s.state.current_player() != 0:
            s.play(players.choose(s.state, 'random', Rng(i)))
            i += 1
    return shown(name, ['human'] + ['random'] * (n - 1), moves)

def new_each_time(frame):
    # The frame and a copy moved by one LED: every render is a new frame.
    return [frame, frame[3:] + frame[:3]]

def drawn(paint, budget=500):
    d = led_display(budget)
    paint(d)
    return bytes(d.buf)

def measure(name, frames, brightness, budget=500, n=FRAMES, fast=True):
    opts = board.pipeline_options()
    opts['budget_ma'] = budget
    buf = bytearray(len(frames[0]))
    p = Pipeline(buf, fast=fast, **opts)
    for f in frames:  # tables built, the last frame scanned
        buf[:] = f
        p.render(buf, brightness)
    k = len(frames)
    gc.collect()
    host.call('m', '')
    for i in range(n):
        buf[:] = frames[i % k]
    host.call('m', '')
    for i in range(n):
        buf[:] = frames[i % k]
        p.render(buf, brightness)
    host.call('m', '')
    print('CASE', name, p.level, p.ma, 1 if p.limited else 0, 1 if p.fast else 0, k)

def case(name, make, brightness, budget=500, n=FRAMES, fast=True):
    gc.collect()
    try:
        frames = make()
    except Exception as e:
        print('FAILED', name, repr(e).replace(' ', '_'))
        return
    measure(name, frames, brightness, budget, n, fast)

def dim_changes():
    # One dim grey of the Tomoko turn changes its hue every frame.
    f = tomoko_turn()[-1]
    q = [i for i in range(0, len(f), 3) if f[i] == f[i + 1] == f[i + 2] and 0 < f[i] < 20][0]
    g = bytearray(f)
    g[q + 2] += 1
    return [f, bytes(g)]

from firmware import games
case('game', tomoko_turn, 40)
case('game_new', lambda: new_each_time(tomoko_turn()[-1]), 40)
case('game_dim_changes', dim_changes, 40)
for name in games.playable():
    case(name, lambda: game_turn(name), 40)
    case(name + '_new', lambda: new_each_time(game_turn(name)[-1]), 40)
case('busy', lambda: new_each_time(drawn(busy)), 40)
case('busy_unlimited', lambda: new_each_time(drawn(busy)), 40, 100000)
case('dim', lambda: new_each_time(drawn(dim)), 10)
case('busy_pure', lambda: new_each_time(drawn(busy)), 40, 500, 4, False)

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

SYNTHETIC = ("busy", "busy_unlimited", "dim", "busy_pure")


def measure(frames=FRAMES, cal=None):
    """Fuel of one render per case; "fuel" is the `busy` case. `cal` is
    tools.fuel.calibrate()'s result, measured here if not given."""
    from tools import mpy_check
    from tools.fuel import WIRE_MS_16x16, calibrate, ms_on_rp2040
    cal = cal or calibrate()
    # Every game's screens stay imported as the cases go on: more than a
    # device holds at once, so a roomier heap than the firmware needs.
    r = mpy_runtime.run_in_repo(GUEST.replace("FRAMES", str(frames)), heap="512k",
                                root=mpy_check.ensure_bundle())
    if not r.ok:
        return {"error": (r.stderr.strip().splitlines() or ["failed"])[-1]}
    m = r.marks
    out = {"cases": {}, "wire_ms_16x16": WIRE_MS_16x16,
           "calibration_fuel_per_loop": cal["fuel_per_loop"]}
    i = 0
    for line in r.stdout.splitlines():
        w = line.split()
        if w and w[0] == "FAILED":
            out["cases"][w[1]] = {"error": w[2]}
        if not w or w[0] != "CASE":
            continue
        _, name, level, ma, limited, fast, kinds = w
        n = 4 if name == "busy_pure" else frames
        copies = m[3 * i + 1] - m[3 * i]
        fuel = (m[3 * i + 2] - m[3 * i + 1] - copies) // n
        out["cases"][name] = {"fuel": fuel, "rp2040_ms": ms_on_rp2040(fuel, cal),
                              "level": int(level), "ma": int(ma), "limited": limited == "1",
                              "framebuf": fast == "1", "frames": int(kinds)}
        i += 1
    k = 3 * i
    out["draw_delta_fuel"] = (m[k + 1] - m[k]) - (m[k + 3] - m[k + 2])
    busy = out["cases"].get("busy", {})
    out["fuel"] = busy.get("fuel")
    out["rp2040_ms"] = busy.get("rp2040_ms")
    fast = [c for c, v in out["cases"].items() if v.get("framebuf")]
    if fast:
        worst = max(fast, key=lambda c: out["cases"][c]["fuel"])
        out["worst"] = {"case": worst, "fuel": out["cases"][worst]["fuel"],
                        "rp2040_ms": out["cases"][worst]["rp2040_ms"]}
    return out


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m tools.bench_frame",
                                 description=__doc__.splitlines()[0])
    ap.parse_args(argv)
    print(json.dumps(measure(), sort_keys=True, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The output stage's viper loops (hal/pipeline_viper.py) on the official
MicroPython v1.27.0 firmware of the emulated Pico: they load there, the
board's display uses them, and they give the bytes the framebuf blits and the
plain loops give, frame after frame, at every kind of level and limit."""

import json

import pytest

from tests import pico_helpers as ph
from tools.pico_emu import WHERE_TO_GET, mpremote, firmware_files

pytestmark = [pytest.mark.pico, pytest.mark.timeout(2400)]  # flashing first, on a loaded machine

if firmware_files() is None:
    pytest.skip(WHERE_TO_GET, allow_module_level=True)

# Three pipelines per case (viper, framebuf blits, plain loops) render the same
# frames: random LEDs change between frames (some frames none), with values
# from the dim end of the gamma curve (never-dark) to full. `budget` 300 mA (256 of them idle)
# makes the current limit dim most frames, 2000 none.
SAME_BYTES = """
import json
from hal import pipeline
from device import start
board, hal = start.setup('pico')
seed = [12345]
def rnd(n):
    seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (seed[0] >> 8) % n
VALUES = (0, 0, 1, 2, 3, 5, 9, 17, 40, 128, 255)
cases = frames = bad = limited = dark = 0
first = ''
for order in ('GRB', 'RGB', 'GRBW'):
    for brightness in (1, 4, 30, 100):
        for budget in (300, 2000):
            buf = bytearray(768)
            ps = [pipeline.Pipeline(buf, order, budget), pipeline.Pipeline(buf, order, budget),
                  pipeline.Pipeline(buf, order, budget, fast=False)]
            ps[1].native = None
            cases += 1
            for f in range(12):
                for k in range(rnd(40) if f else 256):
                    buf[rnd(768)] = VALUES[rnd(len(VALUES))] if rnd(3) else rnd(256)
                outs = [(bytes(p.render(buf, brightness)), bytes(p.base), p.level, p.ma)
                        for p in ps]
                frames += 1
                limited += ps[0].limited
                dark += ps[0].base.count(b'\x01')  # duty 1s: most from the never-dark rule
                if outs[0] != outs[1] or outs[0] != outs[2]:
                    bad += 1
                    if not first:
                        first = repr((order, brightness, budget, f, [o[2:] for o in outs]))
# Every dimming table of a few player's levels, against its definition.
tables = wrong = 0
for L0 in (1000, 707, 300, 100, 37, 10):
    for level in [0] + [l for l in pipeline.LADDER if l < L0]:
        lut = bytearray(256)
        pipeline.Pipeline._dimming(lut, None, L0, level, pipeline._viper)
        tables += 1
        for d in range(1, pipeline.GAMMA[255] * L0 // 1000 + 1):
            if lut[d] != (d * level // L0 or 1):
                wrong += 1
print('VIPER ' + json.dumps({'tables': tables, 'wrong': wrong, 'loaded': pipeline._viper is not None,
      'board': hal.display.pipeline.native is not None, 'native': ps[0].native is not None,
      'cases': cases, 'frames': frames, 'limited': limited, 'ones': dark, 'bad': bad, 'first': first}))
"""


def test_the_viper_loops_give_the_bytes_of_the_blits_and_the_plain_loops(tmp_path):
    pico = ph.board_from(ph.flashed_image(), tmp_path, paced=True)
    try:
        ph.wait_line(pico, "ready", timeout=300)
        out = mpremote(pico.port, "resume", "exec", SAME_BYTES, timeout=1200)
    finally:
        pico.close()
    assert out.returncode == 0 and "Traceback" not in out.stdout, out.stdout + out.stderr
    r = json.loads(out.stdout.split("VIPER ", 1)[1].splitlines()[0])
    assert r["loaded"] and r["board"] and r["native"], r
    assert r["cases"] == 24 and r["frames"] == 24 * 12, r
    assert 0 < r["limited"] < r["frames"], r  # the dimming loop ran, and not always
    assert r["ones"] > 0, r
    assert r["bad"] == 0, r
    assert r["tables"] > 150 and r["wrong"] == 0, r

"""The LED driver choice on MicroPython (hal/rp2_pixels.py): PIO + DMA on rp2,
the bit-banged neopixel elsewhere and as the fallback, said on the console.
The PIO path itself runs on the real firmware in tests/test_pico_leds.py."""

import sys

from device import start
from hal.storage import MemoryStorage
from tests.hw_helpers import fake_modules


def test_an_rp2_firmware_without_dma_falls_back_to_neopixel_and_says_so(monkeypatch, capsys):
    """No rp2 module here (CPython): the board still lights its LEDs through
    neopixel, and the console says why the PIO path was not taken."""
    with fake_modules("micropython") as m:
        monkeypatch.setattr(sys, "platform", "rp2")
        app, hal = start.start("pico", "micropython", m, storage=MemoryStorage())
        assert hal.drivers["neopixel"] is m["neopixel"].strips[0]
        assert hal.drivers["neopixel"].writes  # the dark start went through it
        assert "tomo: LEDs bit-banged (this firmware has no rp2.DMA)" in capsys.readouterr().out


def test_other_ports_use_neopixel_without_a_word(monkeypatch, capsys):
    with fake_modules("micropython") as m:
        monkeypatch.setattr(sys, "platform", "esp32")
        app, hal = start.start("esp32s3_devkitc", "micropython", m, storage=MemoryStorage())
        assert hal.drivers["neopixel"] is m["neopixel"].strips[0]
        assert "LEDs" not in capsys.readouterr().out


def test_the_benchmark_doc_gives_the_step_time_on_each_led_path():
    """tools/bench_doc.py renders tools/bench_leds.py's figures (docs/pico-leds.json)."""
    from tools import bench_doc
    spread = {"n": 10, "median": 9600, "p95": 10000, "max": 10400}
    quiet = dict(spread, n=150, median=7400, max=8000)
    told = dict(spread, n=20, median=15000, max=16000)
    leds = {"tomoe": {p: {"shown": 10, "step_us": spread, "shown_us": spread, "quiet_us": quiet,
                          "notice_shown_us": told, "notice_quiet_us": told, "unlocked": 1}
                      for p in ("pio", "neopixel")}}
    out = []
    bench_doc._led_paths(leds, out.append)
    text = "\n".join(out)
    assert ("| tomoe | PIO + DMA | 10 of 160 | 9.6 ms | 10.4 ms | 7.4 / 8.0 ms "
            "| 20: 15.0 / 16.0 ms | 1 |") in text
    assert "| tomoe | bit-banged neopixel |" in text
    assert "overlap" not in bench_doc.__doc__ + text

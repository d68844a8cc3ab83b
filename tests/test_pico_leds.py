"""The LED matrix on the official MicroPython v1.27.0 firmware of the emulated
Pico: through PIO fed by DMA (hal/rp2_pixels.py), and the bit-banged neopixel
it falls back to.

The emulator steps the PIO on the emulated clock and taps the TX FIFO of the
state machine driving GP28 (tools/pico/emulator.js, "PIO on the emulated
clock"): a frame is seen twice, as the bytes DMA gave the state machine and as
the bits decoded off the pin's edges.
"""

import json

import pytest

from tests import pico_helpers as ph
from tools.pico_emu import WHERE_TO_GET, firmware_files, mpremote

pytestmark = [pytest.mark.pico, pytest.mark.timeout(2400)]  # flashing first, on a loaded machine

if firmware_files() is None:
    pytest.skip(WHERE_TO_GET, allow_module_level=True)

# After Ctrl-C: the menu shown through PIO + DMA; the same framebuffer shown
# again through the bit-banged neopixel; then one show() timed against the
# end of its transfer.
BOTH_PATHS = """
import time, json
from hal import rp2_pixels
from device import start
from firmware.main import boot
board, hal = start.setup('pico')
app = boot(hal)
app.step()
pio = hal.drivers['neopixel']
while pio.busy():
    pass
rp2_pixels.USE = False
board, banged = start.setup('pico')
banged.display.buf[:] = hal.display.buf
banged.display.brightness = hal.display.brightness
banged.display.show()
kind = type(banged.drivers['neopixel']).__name__
rp2_pixels.USE = True
board, hal = start.setup('pico')  # PIO again: the pin back to the state machine
time.sleep_ms(5)
d = hal.display
d.fill(0x203040)
t0 = time.ticks_us()
d.show()
t1 = time.ticks_us()
busy = hal.drivers['neopixel'].busy()
while hal.drivers['neopixel'].dma.active():
    pass
t2 = time.ticks_us()
print('LEDS ' + json.dumps({'pio': type(pio).__name__, 'sm': pio.sm_id, 'banged': kind,
      'menu': bytes(pio.buf).hex(),
      'show_us': time.ticks_diff(t1, t0), 'dma_us': time.ticks_diff(t2, t0), 'busy': busy,
      'sent': bytes(hal.drivers['neopixel'].buf).hex()}))
"""


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """The board booted to its menu, BOTH_PATHS run on it: (pico, its result,
    wire frames before, FIFO frames before)."""
    pico = ph.board_from(ph.flashed_image(), tmp_path_factory.mktemp("leds"), paced=True)
    try:
        ph.wait_line(pico, "ready", timeout=300)
        pico.wait_frame(lambda f: any(f.data), timeout=120, since=0)
        # the FIFO tap's record of that frame reaches the host on its own
        # stream, and may come after the wire's (it once did, on a busy host)
        pico.wait_frame(lambda f: any(f.data), timeout=120, since=0, fifo=True)
        wire, fifo = len(pico.frames), len(pico.fifo_frames)
        out = mpremote(pico.port, "resume", "exec", BOTH_PATHS, timeout=600)
        assert out.returncode == 0 and "Traceback" not in out.stdout, out.stdout + out.stderr
        result = json.loads(out.stdout.split("LEDS ", 1)[1].splitlines()[0])
        pico.wait_frame(lambda f: f.data == bytes.fromhex(result["sent"]), timeout=120,
                        since=wire)
        yield pico, result, wire, fifo
    finally:
        pico.close()


def test_the_pio_path_sends_the_bytes_the_bit_banged_path_sends(run):
    """The menu as the board boots (PIO + DMA) is a menu frame of the device
    code on the fake neopixel; on the device, the same framebuffer through
    PIO and through the bit-banged neopixel gives the same wire bytes, and
    the PIO frame's bits keep the WS2812B's timing."""
    pico, result, wire, fifo = run
    assert result["pio"] == "PioPixels" and result["banged"] == "NeoPixel"
    menu = ph.menu_frames()
    booted = [f for f in pico.frames[:wire] if any(f.data)][0]  # after the dark start
    assert booted.data in menu
    # DMA gave the machine these bytes
    assert booted.data in [f.data for f in pico.fifo_frames[:fifo]]
    # on the wire: ..., the menu through PIO, the same through neopixel, the timed frame
    shown = bytes.fromhex(result["menu"])
    sent = bytes.fromhex(result["sent"])
    frames = pico.frames[wire:]
    last = [i for i, f in enumerate(frames) if f.data == sent][0]
    pio_frame, banged_frame = frames[last - 2], frames[last - 1]
    assert pio_frame.data == shown and shown in menu
    assert banged_frame.data == pio_frame.data
    # in the FIFO: the menu, then the timed frame (neopixel put nothing there)
    fifo_frames = [f.data for f in pico.fifo_frames[fifo:]]
    last = fifo_frames.index(sent)
    assert fifo_frames[last - 1] == shown
    for frame in (booted, pio_frame):  # datasheet: T0H 0.4 us, T1H 0.8 us, +-150 ns
        t = frame.timing
        assert 250 <= t["t0hMin"] and t["t0hMax"] <= 550, t
        assert 650 <= t["t1hMin"] and t["t1hMax"] <= 950, t
        assert t["periodMax"] <= 1850, t


def test_show_returns_while_the_frame_is_still_on_the_wire(run):
    """show() renders, hands the frame to DMA and returns: the transfer is
    still running when it does, and ends later (ticks_us on the device)."""
    pico, result, wire, fifo = run
    assert result["busy"] is True
    assert result["show_us"] < result["dma_us"], result
    sent = bytes.fromhex(result["sent"])
    frame = pico.wait_frame(lambda f: f.data == sent, timeout=60, since=wire)
    assert pico.wait_fifo_frame(lambda f: f.data == sent, timeout=60, since=fifo)
    # 768 bytes at 1.25 us a bit
    assert abs((frame.end - frame.start) / 1e3 - 768 * 8 * 1.25) < 20, frame.timing

"""WS2812 output on rp2 through a PIO state machine fed by DMA.

MicroPython's rp2 `neopixel` sends a frame with `machine.bitstream`, bit-banged
with interrupts off: 256 LEDs hold the CPU for 7.7 ms. Here `write()` copies
the rendered frame into the buffer the DMA channel reads, starts the channel
and returns; the state machine clocks the bits out while the CPU composes the
next frame. A `write()` that comes while the last frame is still on the wire
(or inside the latch gap after it) waits for it, so a frame is never changed
while the DMA reads it.

`claim()` returns None where this cannot run (another port, no `rp2.DMA`, no
free state machine, channel or program space); the caller then uses the
bit-banged `neopixel`. Only the parts of `rp2` MicroPython 1.27 documents are
used (ports/rp2/rp2_pio.c, rp2_dma.c, modules/rp2.py).
"""

USE = True  # False: always the bit-banged neopixel (the benchmark compares both)

PIO_HZ = 8000000  # 10 PIO cycles a bit: 1.25 us, the WS2812B's 800 kHz
BIT_NS = 1250
# WS2812B datasheet: a low of at least 280 us (V5; 50 us on older parts) ends
# a frame and latches it.
LATCH_US = 300
# rp2.StateMachine ids tried in turn, PIO1 then PIO0; one claimed elsewhere
# (say, by the Pico W's radio driver) raises ValueError and the next is tried.
SM_IDS = (4, 5, 6, 7, 0, 1, 2, 3)

_program = None  # built once: each build would take instruction memory again


def ws2812(rp2):
    """The PIO program, from the WS2812B's timing (T0H 0.4 us, T1H 0.8 us,
    each +-150 ns; a bit 1.25 us): at 8 MHz a bit is 10 cycles. The line is
    high for 3 cycles (375 ns), then carries the data bit for 4 more (a 1
    stays high to 875 ns, a 0 falls), then is low for the last 3. The
    machine stalls only on fetching a bit, with the line low."""
    global _program
    if _program is None:
        PIO = rp2.PIO

        @rp2.asm_pio(set_init=PIO.OUT_LOW, out_init=PIO.OUT_LOW, out_shiftdir=PIO.SHIFT_LEFT,
                     autopull=True, pull_thresh=8)
        def program():
            wrap_target()  # noqa: F821 (names given by rp2.asm_pio)
            out(y, 1)  # noqa: F821  1 cycle, low: the next bit (stalls here between frames)
            set(pins, 1)[2]  # noqa: F821  3 cycles high
            mov(pins, y)[3]  # noqa: F821  4 cycles: high for a 1, low for a 0
            set(pins, 0)[1]  # noqa: F821  2 cycles low (3 with the out)
            wrap()  # noqa: F821

        _program = program
    return _program


def _dreq(sm_id):
    """The DMA request line of state machine `sm_id`'s TX FIFO (RP2040 and
    RP2350 datasheets, DREQ table: PIOn_TXm = 8 * n + m)."""
    return (sm_id >> 2) * 8 + (sm_id & 3)


class PioPixels:
    """The part of `neopixel.NeoPixel` the hal uses: `buf` (what the pipeline
    renders into) and `write()`; plus `busy()`, the frame still going out."""

    def __init__(self, rp2, time, pin, nbytes, sm, sm_id, dma):
        self.buf = bytearray(nbytes)
        self._wire = bytearray(nbytes)  # only the DMA reads it while a frame is out
        self._time = time
        self.sm = sm
        self.sm_id = sm_id
        self.dma = dma
        self._ctrl = dma.pack_ctrl(size=0, inc_write=False, treq_sel=_dreq(sm_id))
        # A byte written to the TX FIFO fills all four byte lanes (RP2040
        # datasheet 2.1.4, narrow writes): the machine shifts the top 8 bits.
        self._frame_us = nbytes * 8 * BIT_NS // 1000 + LATCH_US
        self._free_at = time.ticks_us()

    def busy(self):
        """True while the last frame is on the wire or in its latch gap."""
        t = self._time
        return self.dma.active() or t.ticks_diff(self._free_at, t.ticks_us()) > 0

    def write(self):
        while self.busy():
            pass
        self._wire[:] = self.buf
        t = self._time
        self.dma.config(read=self._wire, write=self.sm, count=len(self._wire), ctrl=self._ctrl,
                        trigger=True)
        self._free_at = t.ticks_add(t.ticks_us(), self._frame_us)

    def close(self):
        self.sm.active(0)
        self.dma.close()


def claim(machine, time, pin, nbytes, log=print, rp2=None):
    """A PioPixels on `pin` (a GPIO number) for `nbytes` bytes a frame, or None
    (not rp2, or nothing to claim: said on the console). `machine`, `time`
    and `rp2` are the modules (tests pass fakes)."""
    import sys
    if not USE or sys.platform != "rp2":
        return None
    try:
        if rp2 is None:
            import rp2
        rp2.DMA
    except (ImportError, AttributeError):
        log("tomo: LEDs bit-banged (this firmware has no rp2.DMA)")
        return None
    try:
        prog = ws2812(rp2)
    except Exception as e:  # a firmware whose assembler refuses the program
        log("tomo: LEDs bit-banged (PIO program: %r)" % (e,))
        return None
    dma = None
    why = "no free state machine"
    try:
        dma = rp2.DMA()
        p = machine.Pin(pin, machine.Pin.OUT)
        for sm_id in SM_IDS:
            try:
                sm = rp2.StateMachine(sm_id, prog, freq=PIO_HZ, set_base=p, out_base=p)
            except (ValueError, OSError) as e:  # claimed elsewhere; no program space
                why = "state machine %d: %r" % (sm_id, e)
                continue
            sm.active(1)
            return PioPixels(rp2, time, pin, nbytes, sm, sm_id, dma)
    except OSError as e:  # EBUSY: every DMA channel taken
        why = "DMA: %r" % (e,)
    if dma is not None:
        dma.close()
    log("tomo: LEDs bit-banged (%s)" % why)
    return None

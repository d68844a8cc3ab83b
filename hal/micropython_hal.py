"""The MicroPython backend: machine.Pin buttons, the LEDs through PIO and DMA on
rp2 (hal/rp2_pixels.py) or the built-in neopixel driver,
machine.PWM for the buzzer, the flash filesystem, time.ticks_ms, machine.WDT.

Hardware modules are imported inside the functions, so this module imports
(and is tested) anywhere.
"""

from hal import Hal
from hal.clock import Clock
from hal.devices import PwmSound
from hal.inputs import PinSampler, TimedButtons, button_bits
from hal.pipeline import LedDisplay
from hal.sound import Sound
from hal.storage import FileStorage
from hal.watchdog import Watchdog

RP2040_WDT_MAX_MS = 8388


class MpClock(Clock):
    """time.ticks_ms unwrapped with ticks_diff (hal.clock.TicksClock, with the
    time module passed in)."""

    def __init__(self, time):
        self._t = time
        self._last = time.ticks_ms()
        self._total = 0

    interrupted = False  # Ctrl-C caught in the timer callback, for the main loop

    def now(self):
        if self.interrupted:
            self.interrupted = False
            raise KeyboardInterrupt
        t = self._t.ticks_ms()
        self._total += self._t.ticks_diff(t, self._last)
        self._last = t
        return self._total

    def sleep_ms(self, ms):
        if ms > 0:
            self._t.sleep_ms(ms)
WDT_TICKS_PER_FEED = 100  # the watchdog tick runs every 100 button scans


def _modules(modules, *names):
    """The named modules, from `modules` (tests pass fakes) or imported."""
    out = []
    for name in names:
        m = modules.get(name) if modules else None
        out.append(m if m is not None else __import__(name))
    return out


def make_hal(board, modules=None, storage=None):
    """A Hal for `board` (a boards.Board)."""
    machine, neopixel, time = _modules(modules, "machine", "neopixel", "time")
    n = board.WIDTH * board.HEIGHT
    bpp = len(board.COLOR_ORDER)
    # rp2: PIO and DMA send the frame while the CPU goes on; elsewhere (or if
    # they cannot be claimed) neopixel bit-bangs it (hal/rp2_pixels.py).
    from hal import rp2_pixels
    np = rp2_pixels.claim(machine, time, board.PIXEL_PIN, n * bpp)
    if np is None:
        np = neopixel.NeoPixel(machine.Pin(board.PIXEL_PIN, machine.Pin.OUT), n, bpp=bpp)
    options = board.pipeline_options()
    buf = getattr(np, "buf", None)
    direct = isinstance(buf, bytearray) and len(buf) == n * bpp
    if direct:
        options["out"] = buf  # render straight into the driver's buffer

    def write(pipeline):
        if not direct:
            np.buf[:] = pipeline.out
        np.write()

    display = LedDisplay(board.WIDTH, board.HEIGHT, board.chain(), write, **options)

    pull = {"up": machine.Pin.PULL_UP, "down": getattr(machine.Pin, "PULL_DOWN", None),
            None: None}[board.BUTTON_PULL]
    pins = []
    for bit, spec in button_bits(board.BUTTONS):
        pins.append((bit, machine.Pin(spec, machine.Pin.IN, pull)))
    active = board.BUTTON_ACTIVE

    def read():
        m = 0
        for bit, pin in pins:
            if pin.value() == active:
                m |= bit
        return m

    sampler = PinSampler(read, time.ticks_ms, time.ticks_diff)
    buttons = TimedButtons(sampler.drain)
    if board.BUZZER_PIN is None:
        sound = Sound()
    else:
        sound = PwmSound(machine.PWM(machine.Pin(board.BUZZER_PIN)), board.BUZZER_MAX_DUTY)
    return Hal(display, buttons, sound, MpClock(time), storage or FileStorage(board.STORAGE),
               name=board.NAME, board=board, read_buttons=read,
               drivers={"sampler": sampler, "neopixel": np, "timer": None})


class MachineWdt:
    """machine.WDT with a way to switch it off after Ctrl-C where the chip allows."""

    def __init__(self, machine, timeout_ms):
        import sys
        if sys.platform == "rp2" and timeout_ms > RP2040_WDT_MAX_MS:
            timeout_ms = RP2040_WDT_MAX_MS
        self.machine = machine
        self.timeout_ms = timeout_ms
        self.wdt = machine.WDT(timeout=timeout_ms)

    def feed(self):
        self.wdt.feed()

    def stop(self):
        """machine.WDT cannot be stopped; on an RP2040/RP2350 clearing the
        watchdog's enable bit does it (so a soft reset from mpremote is safe)."""
        import sys
        if sys.platform != "rp2":
            return False
        self.machine.mem32[_rp2_watchdog_base() + 0x3000] = 1 << 30  # CTRL, atomic clear alias: ENABLE
        return True


def start_watchdog(hal, board, modules=None):
    """Start the hardware watchdog; returns the Watchdog (also hal.watchdog)."""
    machine, time = _modules(modules, "machine", "time")
    wd = Watchdog(MachineWdt(machine, board.WATCHDOG_MS), time.ticks_ms, time.ticks_diff,
                  board.WATCHDOG_PATIENCE_S * 1000)
    hal.watchdog = wd
    return wd


def start_timer(hal, board, modules=None):
    """One periodic timer: scans the buttons every BUTTON_SCAN_MS and ticks the
    watchdog (if any) every WDT_TICKS_PER_FEED scans. None if no timer."""
    machine, = _modules(modules, "machine")
    sampler = hal.drivers["sampler"]
    count = [0]
    # The watchdog tick must come well inside the hardware timeout.
    every = WDT_TICKS_PER_FEED
    if hal.watchdog is not None:
        limit = hal.watchdog.hw.timeout_ms // 4 // max(1, board.BUTTON_SCAN_MS)
        if limit < every:
            every = max(1, limit)

    def on_timer(t):
        try:
            sampler.sample()
            count[0] += 1
            if count[0] >= every:
                count[0] = 0
                wd = hal.watchdog
                if wd is not None:
                    wd.tick()
        except KeyboardInterrupt:
            # Ctrl-C (mpremote sends it first) lands in whatever Python code
            # runs, often this callback; MicroPython's scheduler would print it
            # and drop it (py/scheduler.c) and the game would go on, leaving
            # mpremote and ./tools/flash waiting. The main loop raises it.
            hal.clock.interrupted = True

    try:
        timer = machine.Timer(board.TIMER_ID)
        timer.init(mode=machine.Timer.PERIODIC, period=board.BUTTON_SCAN_MS, callback=on_timer)
    except (ValueError, OSError, TypeError, AttributeError) as e:
        # Buttons are then read once a frame, and nothing feeds the
        # watchdog through a long computer move: say why on the console.
        print("tomo: no timer (TIMER_ID %r: %s): see docs/hardware.md" % (board.TIMER_ID, e))
        return None
    hal.drivers["timer"] = timer
    return timer


# pico-sdk's watchdog_enable() (what machine.WDT calls on rp2) leaves this in the
# watchdog's SCRATCH4; watchdog_reboot() (what machine.reset() calls) writes 0
# there (src/rp2_common/hardware_watchdog/watchdog.c). SCRATCH4 survives the reset.
RP2_WDT_MAGIC = 0x6AB73121
RP2_SCRATCH4 = 0x1C


def _rp2_watchdog_base():
    import os
    return 0x400D8000 if "RP2350" in os.uname().machine else 0x40058000


def reset_was_watchdog(modules=None):
    """True if the machine.WDT the firmware started reset the board (a hang).

    On rp2, machine.reset() is a watchdog reboot too, so reset_cause() says
    WDT_RESET after `mpremote reset` (every reflash) and after the firmware's
    own planned restarts (ports/rp2/modmachine.c): only SCRATCH4 tells a
    starved machine.WDT from them, as pico-sdk's watchdog_enable_caused_reboot()
    does."""
    import sys
    machine, = _modules(modules, "machine")
    try:
        if machine.reset_cause() != machine.WDT_RESET:
            return False
    except AttributeError:
        return False
    if sys.platform == "rp2":
        return machine.mem32[_rp2_watchdog_base() + RP2_SCRATCH4] == RP2_WDT_MAGIC
    return True


def reset(modules=None):
    machine, = _modules(modules, "machine")
    machine.reset()


def sleep_ms(ms, modules=None):
    time, = _modules(modules, "time")
    time.sleep_ms(ms)

"""The CircuitPython backend: Adafruit's NeoPixel library (adafruit_pixelbuf
underneath), `keypad` for the buttons, `pwmio` for the buzzer, the CIRCUITPY
filesystem, supervisor.ticks_ms, microcontroller.watchdog.

hal/blinka_hal.py runs the same code on a Raspberry Pi through Adafruit
Blinka, which provides the same modules. Hardware modules are imported inside
the functions, so this module imports (and is tested) anywhere.
"""

from hal import Hal
from hal.clock import Clock, TicksClock
from hal.devices import PwmSound
from hal.inputs import KeypadReader, TimedButtons, button_bits
from hal.pipeline import LedDisplay
from hal.sound import Sound
from hal.slot_storage import SlotFileStorage
from hal.watchdog import Watchdog

_TICKS_PERIOD = 1 << 29  # supervisor.ticks_ms wraps here
_TICKS_MASK = _TICKS_PERIOD - 1


class SupervisorClock(Clock):
    """supervisor.ticks_ms (no allocation, wraps at 2**29), unwrapped."""

    def __init__(self, supervisor, time):
        self._ticks = supervisor.ticks_ms
        self._time = time
        self._last = self._ticks()
        self._total = 0

    def now(self):
        t = self._ticks()
        self._total += (t - self._last) & _TICKS_MASK
        self._last = t
        return self._total

    def sleep_ms(self, ms):
        if ms > 0:
            self._time.sleep(ms / 1000)


class PwmOutAdapter:
    """pwmio.PWMOut with machine.PWM's freq()/duty_u16() methods."""

    def __init__(self, pwm):
        self.pwm = pwm

    def freq(self, hz):
        if self.pwm.frequency != hz:
            self.pwm.frequency = hz

    def duty_u16(self, d):
        self.pwm.duty_cycle = d


def pin(board_mod, name):
    """board.<name>, with a readable error for a typo in a board file."""
    p = getattr(board_mod, name, None)
    if p is None:
        raise ValueError("this board has no pin %r (see dir(board))" % name)
    return p


def _event_age(supervisor):
    """How long ago (ms) a keypad event's timestamp was, or None without
    supervisor.ticks_ms (events then count as just now)."""
    ticks = getattr(supervisor, "ticks_ms", None)
    if ticks is None:
        return None

    def age(ts):
        return (ticks() - ts) & _TICKS_MASK
    return age


def make_hal(board, modules=None, storage=None, storage_root=None, clock=None):
    """A Hal for `board`. `modules` maps module names to modules (tests)."""
    mods = modules or {}

    def need(name):
        m = mods.get(name)
        if m is None:
            m = __import__(name)
        return m

    board_mod = need("board")
    neopixel = need("neopixel")
    keypad = need("keypad")
    n = board.WIDTH * board.HEIGHT
    order = board.COLOR_ORDER.upper()
    # The library does the colour order; we hand it gamma-corrected,
    # current-limited colours in "RGB" order and leave its brightness at 1.
    pixels = neopixel.NeoPixel(pin(board_mod, board.PIXEL_PIN), n, bpp=len(order),
                               brightness=1.0, auto_write=False, pixel_order=order)
    options = board.pipeline_options()
    options["order"] = "RGBW" if len(order) == 4 else "RGB"
    vals = [0] * n

    def write(pipeline):
        pipeline.colours(vals)
        pixels[0:n] = vals
        pixels.show()

    display = LedDisplay(board.WIDTH, board.HEIGHT, board.chain(), write, **options)

    bits = []
    pins = []
    for bit, spec in button_bits(board.BUTTONS):
        bits.append(bit)
        pins.append(pin(board_mod, spec))
    keys = keypad.Keys(tuple(pins), value_when_pressed=bool(board.BUTTON_ACTIVE),
                       pull=board.BUTTON_PULL is not None,
                       interval=board.BUTTON_SCAN_MS / 1000)
    try:
        event = keypad.Event()
    except (TypeError, AttributeError):
        event = None
    try:
        supervisor = need("supervisor")
    except ImportError:
        supervisor = None
    reader = KeypadReader(keys, bits, event, _event_age(supervisor))
    buttons = TimedButtons(reader.drain)

    sound = Sound()
    if board.BUZZER_PIN is not None:
        try:
            pwmio = need("pwmio")
            out = pwmio.PWMOut(pin(board_mod, board.BUZZER_PIN), frequency=440, duty_cycle=0,
                               variable_frequency=True)
            sound = PwmSound(PwmOutAdapter(out), board.BUZZER_MAX_DUTY)
        except (ImportError, ValueError, RuntimeError, NotImplementedError, OSError) as e:
            print("tomo: no buzzer (%s)" % e)
    if clock is None:
        if supervisor is not None and hasattr(supervisor, "ticks_ms"):
            clock = SupervisorClock(supervisor, need("time"))
        else:
            clock = TicksClock()
    if storage is None:
        # CIRCUITPY is FAT on flash without wear levelling: save slots are
        # rewritten in place (hal/slot_storage.py).
        storage = SlotFileStorage(storage_root or board.STORAGE)

    def read_buttons():
        # Held keys show up as press events within one scan interval.
        for _ in range(20):
            reader.drain(0)
            if reader.mask:
                break
            need("time").sleep(board.BUTTON_SCAN_MS / 1000)
        return reader.mask
    return Hal(display, buttons, sound, clock, storage, name=board.NAME, board=board,
               read_buttons=read_buttons,
               drivers={"pixels": pixels, "keys": keys, "keypad_reader": reader})


class CircuitPythonWdt:
    """microcontroller.watchdog in RESET mode. CircuitPython 10 has no
    WatchDogTimer.deinit(): `mode = None` switches it off (CircuitPython 9
    has both)."""

    def __init__(self, microcontroller, watchdog_mod, timeout_ms):
        w = microcontroller.watchdog
        t = timeout_ms / 1000
        try:
            w.timeout = t
        except ValueError:
            t = 8.0  # the RP2040's limit is 8.388 s
            w.timeout = t
        w.mode = watchdog_mod.WatchDogMode.RESET
        w.feed()
        self.w = w
        self.mode = watchdog_mod.WatchDogMode.RESET
        self.timeout_ms = int(t * 1000)

    def feed(self):
        self.w.feed()

    def pause(self):
        self.w.mode = None

    def resume(self):
        self.w.timeout = self.timeout_ms / 1000
        self.w.mode = self.mode

    def stop(self):
        self.w.mode = None
        return True


def start_watchdog(hal, board, modules=None):
    mods = modules or {}
    mc = mods.get("microcontroller") or __import__("microcontroller")
    wmod = mods.get("watchdog") or __import__("watchdog")
    wd = Watchdog(CircuitPythonWdt(mc, wmod, board.WATCHDOG_MS))
    hal.watchdog = wd
    return wd


def start_timer(hal, board, modules=None):
    """keypad scans in the background: nothing to start."""
    return None


def reset_was_watchdog(modules=None):
    mods = modules or {}
    mc = mods.get("microcontroller") or __import__("microcontroller")
    try:
        return mc.cpu.reset_reason == mc.ResetReason.WATCHDOG
    except AttributeError:
        return False


def reset(modules=None):
    mods = modules or {}
    mc = mods.get("microcontroller") or __import__("microcontroller")
    mc.reset()


def sleep_ms(ms, modules=None):
    mods = modules or {}
    (mods.get("time") or __import__("time")).sleep(ms / 1000)

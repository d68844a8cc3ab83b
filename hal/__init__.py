"""Hardware abstraction: what the firmware may touch, and nothing else.

A backend (hal/micropython_hal.py, hal/circuitpython_hal.py,
hal/blinka_hal.py, simulator/sim_hal.py, the web page's hal/web_hal.py)
builds a `Hal` with one call to its constructor, from the parts below; the
firmware and device/ use these attributes and no others
(tests/test_hal_contract.py checks both sides).
"""


class Hal:
    """The bundle of devices handed to the firmware.

    display       hal.display.Display: a framebuffer; show() puts it on the LEDs
    buttons       hal.buttons.Buttons: debounced events, `stable` = buttons held
    sound         hal.sound.Sound: tones at `volume`; silent where no buzzer
    clock         hal.clock.Clock: now() in ms, never going back; sleep_ms()
    storage       hal.storage.Storage: small named files, each write atomic
    name          what the board calls itself (its board file's NAME)
    board         the boards.Board it was built for; None off a board
    read_buttons  function: the buttons held right now as a bit mask (bit =
                  hal.buttons index), for boot; None where nothing to read
    drivers       {name: object}: the backend's own driver objects (LED
                  strip, timer...), for the backend and tests; never firmware
    watchdog      hal.watchdog.Watchdog once device/start.py arms it, or None
    restart       function resetting the device for a clean heap (never
                  returns), set by device/start.py on boards; or None
    log           function writing one line to the serial console, set by
                  device/start.py on boards; or None (nobody reads it)
    """

    ATTRIBUTES = ("display", "buttons", "sound", "clock", "storage", "name", "board",
                  "read_buttons", "drivers", "watchdog", "restart", "log")

    def __init__(self, display, buttons, sound, clock, storage, name="device", board=None,
                 read_buttons=None, drivers=None):
        self.display = display
        self.buttons = buttons
        self.sound = sound
        self.clock = clock
        self.storage = storage
        self.name = name
        self.board = board
        self.read_buttons = read_buttons
        self.drivers = drivers or {}
        self.watchdog = None
        self.restart = None
        self.log = None

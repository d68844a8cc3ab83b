"""Hardware abstraction: what the firmware may touch, and nothing else.

A backend (simulator, MicroPython board, CircuitPython board, Raspberry Pi
with Blinka, the web page: hal/web_hal.py) builds a `Hal` from five parts:

- display: `hal.display.Display` subclass, a framebuffer plus `show()`
- buttons: `hal.buttons.Buttons`, raw pin states in, debounced events out
- sound: `hal.sound.Sound` subclass (tones, volume)
- clock: `hal.clock.Clock` subclass (ticks_ms, sleep_ms)
- storage: `hal.storage.Storage` subclass (small named files, atomic writes)
"""


class Hal:
    """The bundle of devices handed to the firmware."""

    def __init__(self, display, buttons, sound, clock, storage, name="device"):
        self.display = display
        self.buttons = buttons
        self.sound = sound
        self.clock = clock
        self.storage = storage
        self.name = name
        self.watchdog = None  # set by hardware backends that have one
        # Boards set a function that resets the device, for a clean heap
        # (firmware/launch.py); never returns. None: no such thing here.
        self.restart = None
        # Boards set a function that writes one line of text to the serial
        # console (what a maker sees with `mpremote` or a terminal): the
        # firmware says there when a game starts and ends, with the free heap.
        # None: nobody reads it here.
        self.log = None

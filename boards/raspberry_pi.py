"""A Raspberry Pi (3, 4, Zero 2 W) running CPython with Adafruit Blinka.

Wiring: matrix DIN <- 330 ohm (through a 74AHCT125 level shifter) <- GPIO18
(header pin 12, PWM0; the Pi's audio must be off: dtparam=audio=off);
buttons between GPIO5, 6, 16, 20, 21, 26 and GND (internal pull-ups); no
buzzer by default (GPIO13 works with a PWM overlay). The NeoPixel driver
needs root: run with sudo. A Pi 5 needs Adafruit's Pi 5 NeoPixel driver.
"""

NAME = "raspberry_pi"
DESCRIPTION = "Raspberry Pi with Adafruit Blinka (CPython)"
PLATFORM = "blinka"
DETECT = ("Raspberry Pi",)  # /proc/device-tree/model

PIXEL_PIN = "D18"
WIDTH = 16
HEIGHT = 16
FIRST_LED = "top-left"
STRIPS = "rows"
SERPENTINE = True
ROTATION = 0
FLIP_X = False
FLIP_Y = False
COLOR_ORDER = "GRB"

POWER_BUDGET_MA = 400  # raise it to the matrix supply's current less ~100 mA
LED_MA_PER_CHANNEL = 20
LED_IDLE_MA = 1
MAX_BRIGHTNESS = 100

BUTTONS = {"UP": "D5", "DOWN": "D6", "LEFT": "D16", "RIGHT": "D20", "A": "D21", "B": "D26"}
BUTTON_PULL = "up"
BUTTON_ACTIVE = 0

BUZZER_PIN = None

STORAGE = "~/.tomo-handheld"

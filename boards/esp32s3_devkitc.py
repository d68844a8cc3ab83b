"""Espressif ESP32-S3-DevKitC-1 (or any ESP32-S3 module board) running MicroPython.

Wiring: matrix DIN <- 330 ohm <- GPIO4; buttons between GPIO8..GPIO13 and GND
(internal pull-ups); passive piezo on GPIO14. Avoid the strapping pins (0, 3,
45, 46), the USB pins (19, 20) and the flash/PSRAM pins (26-37 on octal-PSRAM
modules). GPIO48 (or 38) drives the board's own RGB LED, not the matrix.
"""

NAME = "esp32s3_devkitc"
DESCRIPTION = "ESP32-S3-DevKitC-1, MicroPython"
PLATFORM = "micropython"
DETECT = ("ESP32S3", "ESP32-S3")  # os.uname().machine, e.g. "Generic ESP32S3 module with ESP32S3"

PIXEL_PIN = 4
WIDTH = 16
HEIGHT = 16
FIRST_LED = "top-left"
STRIPS = "rows"
SERPENTINE = True
ROTATION = 0
FLIP_X = False
FLIP_Y = False
COLOR_ORDER = "GRB"

POWER_BUDGET_MA = 400  # a USB port's 500 mA less ~100 mA for the board
LED_MA_PER_CHANNEL = 20
LED_IDLE_MA = 1
MAX_BRIGHTNESS = 100

BUTTONS = {"UP": 8, "DOWN": 9, "LEFT": 10, "RIGHT": 11, "A": 12, "B": 13}
BUTTON_PULL = "up"
BUTTON_ACTIVE = 0

BUZZER_PIN = 14

WATCHDOG_MS = 8000
WATCHDOG_PATIENCE_S = 60
TIMER_ID = 0  # ESP32 timers are hardware timers 0-3

STORAGE = "/tomo"

"""Adafruit Feather RP2040 running CircuitPython.

Good for a battery handheld: the Feather charges a LiPo from USB. Wiring:
matrix DIN <- 330 ohm <- D5; buttons between D6, D9, D10, D11, D12, D24 and
GND (internal pull-ups); passive piezo on A0. Pins are board pin names.
The CIRCUITPY drive: see boot.py (hold B while plugging in to copy files).
"""

NAME = "feather_rp2040"
DESCRIPTION = "Adafruit Feather RP2040, CircuitPython"
PLATFORM = "circuitpython"
DETECT = ("feather_rp2040",)  # board.board_id, e.g. "adafruit_feather_rp2040"

PIXEL_PIN = "D5"
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

BUTTONS = {"UP": "D6", "DOWN": "D9", "LEFT": "D10", "RIGHT": "D11", "A": "D12", "B": "D24"}
BUTTON_PULL = "up"
BUTTON_ACTIVE = 0

BUZZER_PIN = "A0"

WATCHDOG_MS = 8000  # CircuitPython's RP2040 watchdog allows at most 8.3 s

STORAGE = "/tomo"

"""Raspberry Pi Pico / Pico W / Pico 2 (RP2040 / RP2350) running MicroPython.

Wiring (see docs/hardware.md for the whole table and the power warning):
matrix DIN <- 330 ohm <- GP28 (pin 34); matrix 5V and GND from the 5 V supply,
its GND also to a Pico GND (pin 38); buttons between GP2..GP7 and GND (internal
pull-ups); passive piezo between GP15 (pin 20) and GND.

Copy this file to make your own board (boards/NAME.py: the file name is the
board's name): change what differs, leave the rest.
"""

NAME = "pico"
DESCRIPTION = "Raspberry Pi Pico / Pico W / Pico 2, MicroPython"
PLATFORM = "micropython"
DETECT = ("Raspberry Pi Pico",)  # os.uname().machine, e.g. "Raspberry Pi Pico W with RP2040"

# The LED matrix: a common 16x16 WS2812B panel, data in at the top-left
# corner, rows in a zigzag.
PIXEL_PIN = 28  # GP28
WIDTH = 16
HEIGHT = 16
FIRST_LED = "top-left"
STRIPS = "rows"
SERPENTINE = True
ROTATION = 0
FLIP_X = False
FLIP_Y = False
COLOR_ORDER = "GRB"

# Power: a USB port's 500 mA less ~100 mA for the Pico (a bigger supply: its mA less 100).
POWER_BUDGET_MA = 400
LED_MA_PER_CHANNEL = 20
LED_IDLE_MA = 1
MAX_BRIGHTNESS = 100

# Buttons to ground, internal pull-ups.
BUTTONS = {"UP": 2, "DOWN": 3, "LEFT": 4, "RIGHT": 5, "A": 6, "B": 7}
BUTTON_PULL = "up"
BUTTON_ACTIVE = 0

BUZZER_PIN = 15  # GP15, passive piezo

WATCHDOG_MS = 8000  # the RP2040's longest is 8388 ms
WATCHDOG_PATIENCE_S = 60
TIMER_ID = -1  # rp2 timers are virtual

STORAGE = "/tomo"

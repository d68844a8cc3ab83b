"""What a board may set (DEFAULTS) and the checks its settings must pass.

Apart from boards/__init__.py so that a running device keeps neither: the
Board class (boards/_board.py) imports them only while a board is made,
and device/start.py forgets all three modules once the hal is built."""

# docs/hardware.md's rule: POWER_BUDGET_MA is what the supply gives less
# about this much for the board itself (a Pico draws some 25 mA, an ESP32-S3
# up to ~100 mA with its radio off), so a USB port's 500 mA gives 400.
BOARD_MA = 100
USB_PORT_MA = 500

# Every setting a board may give, with its default.
DEFAULTS = (
    ("NAME", ""),
    ("DESCRIPTION", ""),
    ("PLATFORM", "micropython"),  # micropython, circuitpython or blinka
    ("DETECT", ()),  # substrings of the platform's own board name
    # The LED matrix
    ("PIXEL_PIN", None),  # GPIO number (MicroPython) or board pin name ("D5")
    ("WIDTH", 16),  # LEDs across, as the player holds the device
    ("HEIGHT", 16),
    ("FIRST_LED", "top-left"),  # the data-in corner, panel in its own orientation
    ("STRIPS", "rows"),  # the chain runs along "rows" or "columns"
    ("SERPENTINE", True),  # every other row/column runs backwards (zigzag)
    ("ROTATION", 0),  # degrees the panel is turned clockwise in the case
    ("FLIP_X", False),  # mirror left-right
    ("FLIP_Y", False),  # mirror top-bottom
    ("COLOR_ORDER", "GRB"),  # WS2812B: GRB; some strips RGB; RGBW parts GRBW
    # Power
    ("MAX_BRIGHTNESS", 100),  # % of full duty that the menu's 100% means
    ("POWER_BUDGET_MA", USB_PORT_MA - BOARD_MA),  # what the LEDs may draw, estimated
    # per frame: the supply's current less the board's
    ("LED_MA_PER_CHANNEL", 20),  # one colour channel at full duty
    ("LED_IDLE_MA", 1),  # one LED, dark
    # Buttons: name -> pin; UP DOWN LEFT RIGHT A B are needed, MENU optional
    ("BUTTONS", {}),
    ("BUTTON_PULL", "up"),  # internal pull: "up", "down" or None (external)
    ("BUTTON_ACTIVE", 0),  # pin level when pressed (0: button to ground)
    ("BUTTON_SCAN_MS", 5),  # how often the pins are sampled
    # Sound
    ("BUZZER_PIN", None),  # a passive piezo on a PWM pin, or None
    ("BUZZER_MAX_DUTY", 50),  # PWM duty % at volume 10 (50% is loudest)
    # Watchdog
    ("WATCHDOG_MS", 8000),  # hardware timeout (RP2040 allows at most 8388)
    ("WATCHDOG_PATIENCE_S", 60),  # MicroPython: longest a frame may take
    ("TIMER_ID", -1),  # MicroPython machine.Timer id (-1 virtual; ESP32: 0-3)
    # Files
    ("STORAGE", "/tomo"),  # folder for settings and saves ("~" = home on a Pi)
)

NEEDED_BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")
PLATFORMS = ("micropython", "circuitpython", "blinka")


def check(b):
    """ValueError with a readable reason if a board's settings cannot work:
    each setting of the right type (what the backends hand to the hardware
    or compute with: a pin is a number on MicroPython, a name in quotes on
    CircuitPython and Blinka), then the values."""
    def bad(msg):
        raise ValueError("board %s: %s" % (b.NAME or "?", msg))

    def whole(key, lo, hi, msg=None):  # an int (not a bool) in lo..hi
        v = getattr(b, key)
        if type(v) is not int:
            bad("%s must be a whole number (int), not %r" % (key, v))
        if v < lo or (hi is not None and v > hi):
            bad(msg or "%s must be %d or more, not %d" % (key, lo, v))

    def pin(key, v):
        if b.PLATFORM == "micropython":
            if type(v) is not int:
                bad("%s must be a pin number (int), like 28 for GP28, not %r" % (key, v))
        elif type(v) is not str:
            bad('%s must be a pin name in quotes, like "D5", not %r' % (key, v))

    if b.PLATFORM not in PLATFORMS:
        bad("PLATFORM must be one of %s" % ", ".join(PLATFORMS))
    for key in ("NAME", "DESCRIPTION", "FIRST_LED", "STRIPS", "COLOR_ORDER", "STORAGE"):
        if type(getattr(b, key)) is not str:
            bad("%s must be a string in quotes, not %r" % (key, getattr(b, key)))
    if type(b.DETECT) not in (tuple, list) or [s for s in b.DETECT if type(s) is not str]:
        bad('DETECT must be a tuple of strings, like ("Pico",) (note the comma), not %r'
            % (b.DETECT,))
    if b.PIXEL_PIN is None:
        bad("PIXEL_PIN (the matrix data pin) is not set")
    pin("PIXEL_PIN", b.PIXEL_PIN)
    whole("WIDTH", 16, None, "the matrix must be at least 16x16")
    whole("HEIGHT", 16, None, "the matrix must be at least 16x16")
    for key in ("SERPENTINE", "FLIP_X", "FLIP_Y"):
        if type(getattr(b, key)) is not bool:
            bad("%s must be True or False, not %r" % (key, getattr(b, key)))
    whole("MAX_BRIGHTNESS", 1, 100, "MAX_BRIGHTNESS is a percentage, 1-100")
    whole("POWER_BUDGET_MA", 1, None)
    whole("LED_MA_PER_CHANNEL", 1, None)
    whole("LED_IDLE_MA", 0, None)
    if type(b.BUTTONS) is not dict:
        bad('BUTTONS must be a dict, like {"UP": pin, ...}, not %r' % (b.BUTTONS,))
    missing = [n for n in NEEDED_BUTTONS if n not in b.BUTTONS]
    if missing:
        bad("BUTTONS lacks %s" % ", ".join(missing))
    for n in b.BUTTONS:
        if n not in NEEDED_BUTTONS + ("MENU",):
            bad("unknown button %r" % n)
    for n in NEEDED_BUTTONS + ("MENU",):
        if n in b.BUTTONS:
            pin('BUTTONS["%s"]' % n, b.BUTTONS[n])
    whole("BUTTON_ACTIVE", 0, 1, "BUTTON_ACTIVE must be 0 or 1 (the pin level while pressed)")
    whole("BUTTON_SCAN_MS", 1, None)
    if b.BUZZER_PIN is not None:
        pin("BUZZER_PIN", b.BUZZER_PIN)
    whole("BUZZER_MAX_DUTY", 0, 100, "BUZZER_MAX_DUTY is a percentage, 0-100")
    # One pin, one job: CircuitPython refuses a pin in use ("D5 in use") at
    # start-up, MicroPython would drive a button's pin as the matrix's.
    uses = [("PIXEL_PIN", b.PIXEL_PIN)] + [('BUTTONS["%s"]' % n, b.BUTTONS[n])
                                           for n in NEEDED_BUTTONS + ("MENU",) if n in b.BUTTONS]
    if b.BUZZER_PIN is not None:
        uses.append(("BUZZER_PIN", b.BUZZER_PIN))
    for i in range(len(uses)):
        for j in range(i):
            if uses[i][1] == uses[j][1]:
                bad("%s and %s are both pin %r: one pin, one job" % (uses[j][0], uses[i][0],
                                                                      uses[i][1]))
    whole("WATCHDOG_MS", 1, None)
    whole("WATCHDOG_PATIENCE_S", 1, None)
    whole("TIMER_ID", -1, None)
    if b.BUTTON_PULL not in ("up", "down", None):
        bad("BUTTON_PULL must be 'up', 'down' or None")
    if b.COLOR_ORDER.upper() not in ("RGB", "RBG", "GRB", "GBR", "BRG", "BGR",
                                     "RGBW", "GRBW", "BRGW", "WRGB", "WGRB"):
        bad("unknown COLOR_ORDER %r" % b.COLOR_ORDER)
    n = b.WIDTH * b.HEIGHT
    idle = b.LED_IDLE_MA * n
    least = least_budget_ma(n, b.LED_MA_PER_CHANNEL, b.LED_IDLE_MA)
    if b.POWER_BUDGET_MA <= idle:
        bad("POWER_BUDGET_MA %d does not cover the %d mA that %d dark LEDs draw: "
            "it must be at least %d" % (b.POWER_BUDGET_MA, idle, n, least))
    if b.POWER_BUDGET_MA < least:
        bad("POWER_BUDGET_MA %d is below %d, the least that shows a full white frame "
            "(%d mA for %d dark LEDs + %d mA for every colour channel at its lowest "
            "duty): below it such a frame is shown dark"
            % (b.POWER_BUDGET_MA, least, idle, n, least - idle))
    # The matrix wiring, named as in the board file (hal.pipeline.wiring
    # checks the same values but knows nothing of the settings' names).
    from hal.pipeline import CORNERS
    if b.FIRST_LED not in CORNERS:
        bad("FIRST_LED (the corner with the data input) must be one of %s, not %r"
            % (", ".join('"%s"' % c for c in CORNERS), b.FIRST_LED))
    if b.STRIPS not in ("rows", "columns"):
        bad('STRIPS (which way the chain runs) must be "rows" or "columns", not %r' % b.STRIPS)
    if type(b.ROTATION) is not int or b.ROTATION not in (0, 90, 180, 270):
        bad("ROTATION (the panel's rotation in the case, clockwise) must be 0, 90, 180 or "
            "270, not %r" % (b.ROTATION,))
    try:
        b.chain()
    except ValueError as e:
        bad("matrix wiring (FIRST_LED, STRIPS, SERPENTINE, ROTATION, FLIP_X, FLIP_Y): %s" % e)


def least_budget_ma(n, ma_per_channel=20, idle_ma=1):
    """The smallest POWER_BUDGET_MA that shows a full white frame of `n` LEDs
    at all. hal/pipeline.py's current model: the frame's light must fit
    (budget - idle_ma * n) * 255 // ma_per_channel duty units, and limiting
    never turns a lit channel off, so the dimmest white frame is duty 1 on
    all 3n colour channels; a frame that cannot fit that is shown dark.
    16x16 with the defaults: 256 + 61 = 317 mA."""
    return idle_ma * n + (3 * n * ma_per_channel + 254) // 255

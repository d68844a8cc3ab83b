"""The Board class, apart from the rest of `boards`: the device keeps a
board for as long as it runs, while detection (boards/__init__.py) and
defaults and checks (boards/_check.py) are forgotten once the hal is built
(device/start.py): 8 KB of RAM."""


class Board:
    """A board's settings as attributes (board.PIXEL_PIN ...), defaults filled in."""

    def __init__(self, settings, name=""):
        from boards._check import DEFAULTS, check
        for key, default in DEFAULTS:
            value = settings.get(key, default)
            if isinstance(value, dict):
                value = dict(value)
            setattr(self, key, value)
        if not self.NAME:
            self.NAME = name
        check(self)

    def chain(self):
        """Chain position of every screen pixel (hal.pipeline.wiring)."""
        from hal.pipeline import wiring
        return wiring(self.WIDTH, self.HEIGHT, self.FIRST_LED, self.STRIPS, self.SERPENTINE,
                      self.ROTATION, self.FLIP_X, self.FLIP_Y)

    def pipeline_options(self):
        return {"order": self.COLOR_ORDER, "budget_ma": self.POWER_BUDGET_MA,
                "ma_per_channel": self.LED_MA_PER_CHANNEL, "idle_ma": self.LED_IDLE_MA,
                "max_brightness": self.MAX_BRIGHTNESS}

    def __repr__(self):
        return "<board %s (%s)>" % (self.NAME, self.PLATFORM)

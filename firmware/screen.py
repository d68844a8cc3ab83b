"""The screen protocol: the app routes buttons to one screen and draws it."""


class Screen:
    """Base class: override what you need."""

    app = None

    def enter(self, app, now):
        """Called when the screen becomes current."""
        self.app = app

    def button(self, ev, now):
        """One button event (see hal.buttons)."""

    def tick(self, now):
        """Called every loop before drawing: animations, computer moves."""

    def draw(self, d, now):
        """Draw the whole 16x16 screen on display `d`."""

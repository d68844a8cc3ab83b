"""Boot: build the app on a Hal and show the menu (or a given game)."""

from firmware.app import App
from firmware.menu import Menu
from firmware import saves
from engines_core.game import CorruptState


def boot(hal, session=None):
    """The app on its first screen: `session` if given, else the menu
    (offering to resume a saved game)."""
    app = App(hal)
    if session is not None:
        from firmware.play import PlayScreen
        app.goto(PlayScreen(session))
        return app
    saved = None
    try:
        saved = saves.load_game(hal.storage)
    except CorruptState:
        app.tell("SAVE LOST")
    except OSError:
        pass
    app.goto(Menu(saved=saved))
    return app


def run(hal, session=None):
    """Boot and loop forever (on a device)."""
    boot(hal, session).run()

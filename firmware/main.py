"""Boot: build the app on a Hal and show the first screen.

A game that was being played when the device lost power (or was reset by
the watchdog) comes straight back, on its turn, with a short notice; a game
the player parked from the pause menu is offered as RESUME in the menu.
"""

from firmware.app import App
from firmware.menu import Menu
from firmware import saves


def boot(hal, session=None):
    """The app on its first screen: `session` if given, else the saved game
    or the menu."""
    app = App(hal)
    if session is not None:
        from firmware.play import PlayScreen
        app.goto(PlayScreen(session))
        return app
    saved, where, outcome = saves.load_game(hal.storage)
    if outcome == saves.LOST:
        app.tell("SAVE LOST")
    elif outcome == saves.BACKUP:
        app.tell("SAVE DAMAGED - MAYBE ONE MOVE BACK")
    if saved is not None and where == saves.PLAYING:
        from firmware.play import PlayScreen
        if outcome == saves.OK:
            app.tell("RESUMED")
        app.goto(PlayScreen(saved))
    else:
        app.goto(Menu(saved=saved))
    return app


def run(hal, session=None):
    """Boot and loop forever (on a device)."""
    boot(hal, session).run()

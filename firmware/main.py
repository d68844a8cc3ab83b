"""Boot: build the app on a Hal and show the first screen.

A game that was being played when the device lost power (or was reset by
the watchdog) comes straight back, on its turn, with a short notice; a game
the player parked from the pause menu is offered as RESUME in the menu; a
game the last run restarted the board to start in a clean heap
(firmware/launch.py) starts at once.
"""

from firmware.app import App
from firmware import launch, saves


def boot(hal, session=None, settings=None):
    """The app on its first screen: `session` if given, else the saved game
    or the menu (or the game the last run restarted to start: launch.py);
    `settings` instead of those saved (tools and tests)."""
    app = App(hal, settings)
    if session is not None:
        app.goto_play(session)
        return app
    start = launch.take_start_request(hal.storage)
    try:
        saved, where, outcome = saves.load_game(hal.storage)
    except MemoryError:
        # The saved game's modules do not fit even now: its files stay as
        # they are (a new game replaces them only once started).
        saved, where, outcome = None, saves.PLAYING, saves.NONE
        app.tell(launch.NO_MEMORY)
    if outcome == saves.LOST:
        app.tell("SAVE LOST")
    elif outcome == saves.OLD:
        app.tell("SAVED GAME IS FROM AN OLDER VERSION - START A NEW ONE")
    elif outcome == saves.BACKUP:
        app.tell("SAVE DAMAGED - MAYBE ONE MOVE BACK")
    if saved is not None and where != saves.PARKED and not start:
        saved.counted = where == saves.ENDED
        if launch.open_game(app, saved.game, lambda: saved, False, restarted=True):
            if outcome == saves.OK and not _showing_result(app):
                app.tell("RESUMED")
            return app
        # It did not fit even in a clean heap: parked, offered in the menu.
    app.goto_menu(saved)
    if start:
        app.screen.start(hal.clock.now(), restarted=True)
    return app


def _showing_result(app):
    """True when the resumed game shows a result (an end screen, a reveal,
    a round's scores): it comes back as it was, and a notice would hide its
    top rows."""
    from firmware.play import PlayScreen
    screen = app.screen
    if isinstance(screen, PlayScreen):
        return screen.ui.busy(app.now())
    return type(screen).__name__ != "Menu"  # (not importing the menu for it)


def run(hal, session=None):
    """Boot and loop forever (on a device)."""
    boot(hal, session).run()

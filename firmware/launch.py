"""Opening a game: its modules into the heap, or a clean heap for them.

The menu forgets every other game's modules before a game starts
(games.unload), but MicroPython keeps the names (qstrs) each module brought
for good, scattered over the heap: after a few different games in one boot,
the next game's biggest object may find no free stretch long enough although
plenty is free in all (a MemoryError while its modules load). Then:

1. forget every game's modules, collect, and try once more;
2. else restart the device (`hal.restart`, on boards), which gives a clean
   heap: a new game is left as a request that boot carries out (with a new
   seed, as if A were pressed again), a resumed one is saved as being
   played, so boot brings it straight back;
3. with no restart (the simulator), or in the clean heap after one: the
   menu, with a notice. Nothing is lost: a resumed game stays parked.
"""

import gc

from firmware import games, saves

START_FILE = "start.req"  # boot starts the game chosen in the menu
NO_MEMORY = "NO MEMORY FOR THIS GAME"


def request_start(storage):
    """Ask the next boot to start the game chosen in the menu."""
    try:
        storage.write(START_FILE, b"1")
        return True
    except OSError:
        return False


def take_start_request(storage):
    """True (once) if the last run asked boot to start a game."""
    try:
        if storage.read(START_FILE, 16) is None:
            return False
        storage.remove(START_FILE)
    except (OSError, MemoryError):
        return False
    return True


def open_game(app, game, session_of, new, restarted=False):
    """Show the play screen of the session `session_of()` gives, for `game`
    (its modules load here). `new`: a game being started, saved once it is on
    screen (it replaces a parked one only then); else a parked or saved game
    being resumed. `restarted`: the heap is already as clean as it gets.
    True if the game is on screen; False: still or back at the menu (or, on
    a board, the device is restarting)."""
    back = app.screen
    # Loading a game's modules takes seconds from .py sources. MicroPython's
    # timer gives that the watchdog's patience; CircuitPython's watchdog has
    # none (no timer), so it is paused while the modules load.
    wd = app.hal.watchdog
    if wd is not None and wd.patience_ms:
        wd = None
    for keep in (game, None if new else game):
        games.unload(keep=keep)
        if wd is not None:
            wd.pause()
        try:
            session = session_of()
            app.goto_play(session)
        except MemoryError:
            session = None
            app.screen = back
            gc.collect()
            continue
        finally:
            if wd is not None:
                wd.resume()
        if new:
            if saves.replace_game(app.hal.storage, session):
                app.log("saved %s moves=%d" % (game, session.ply))
            else:
                app.tell("NO SAVE")
        app.log("%s %s seats=%s moves=%d" % ("playing" if new else "resumed", game,
                                               ",".join(session.seats), session.ply))
        return True
    storage = app.hal.storage
    restart = None if restarted else app.hal.restart
    if new:
        if restart is not None and request_start(storage):
            restart()
            return False
    else:
        session = session_of()
        if restart is not None and saves.save_game(storage, session, saves.PLAYING):
            restart()
            return False
        saves.save_game(storage, session, saves.PARKED)
    app.tell(NO_MEMORY)
    return False

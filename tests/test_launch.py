"""A game whose modules do not fit in a broken-up heap (firmware/launch.py):
a second try with every game forgotten, then a restart into a clean heap,
then the menu with a notice - nothing lost, no crash, no restart loop."""

import pytest

from firmware import games, launch, saves
from firmware.menu import Menu
from firmware.play import PlayScreen
from firmware.session import Session
from hal.storage import MemoryStorage
from tests.firmware_helpers import app_with


class Restarted(Exception):
    """What the fake `hal.restart` raises: on a board the reset never returns."""


class Heap:
    """Makes loading a game's screens raise MemoryError `fails` times."""

    def __init__(self, monkeypatch, fails):
        self.fails = fails
        self.tries = 0
        real = games.ui_class

        def ui_class(name):
            self.tries += 1
            if self.fails > 0:
                self.fails -= 1
                raise MemoryError("memory allocation failed, allocating 1024 bytes")
            return real(name)
        monkeypatch.setattr(games, "ui_class", ui_class)


def device(storage, restarts=None):
    """Boot on `storage`; with `restarts` (a list), a board's hal.restart
    that notes each call in it."""
    def restart():
        restarts.append(1)
        raise Restarted()
    return app_with(storage=storage, restart=None if restarts is None else restart)


def parked_storage():
    """A device whose flash holds a game parked at the menu."""
    storage = MemoryStorage()
    s = Session("tomoe", ["human", "normal"], "standard", 4)
    s.play(s.state.legal_actions()[3])
    saves.save_game(storage, s, saves.PARKED)
    return storage, s.to_bytes()


def test_a_second_try_with_every_game_forgotten_needs_no_restart(monkeypatch):
    storage = MemoryStorage()
    restarts = []
    app, run = device(storage, restarts)
    heap = Heap(monkeypatch, 1)
    run.run("A")
    assert isinstance(app.screen, PlayScreen) and heap.tries == 2
    assert restarts == [] and app.notice is None
    # Saved as it came on screen: a power cut now brings it back.
    assert saves.load_game(storage)[0].to_bytes() == app.screen.session.to_bytes()


def test_a_new_game_that_does_not_fit_restarts_and_starts_in_the_clean_heap(monkeypatch):
    storage = MemoryStorage()
    restarts = []
    app, run = device(storage, restarts)
    app.settings.game = "tokkome"
    app.settings.players["tokkome"] = 3
    app.settings.seats_for("tokkome")[:3] = ["human", "easy", "hard"]
    app.screen.enter(app, app.now())
    heap = Heap(monkeypatch, 2)
    with pytest.raises(Restarted):
        run.run("A")
    assert len(restarts) == 1 and heap.tries == 2
    assert storage.read(launch.START_FILE) is not None
    # After the reset: boot starts the game chosen on the menu, at once.
    app, run = device(storage, restarts)
    assert isinstance(app.screen, PlayScreen)
    s = app.screen.session
    assert (s.game, s.seats, s.ply) == ("tokkome", ["human", "easy", "hard"], 0)
    assert app.notice is None  # a new game, not a resumed one
    assert storage.read(launch.START_FILE) is None  # carried out once
    assert saves.load_game(storage)[0].to_bytes() == s.to_bytes()
    assert len(restarts) == 1


def test_a_parked_game_survives_a_new_game_that_never_started(monkeypatch):
    storage, parked = parked_storage()
    restarts = []
    app, run = device(storage, restarts)
    assert app.screen.lines()[0] == "RESUME"
    Heap(monkeypatch, 99)
    run.run("DOWN,A")  # GAME, and the menu asks: NEW GAME?
    with pytest.raises(Restarted):
        run.run("A")
    assert saves.load_game(storage)[0].to_bytes() == parked
    # Not even in the clean heap: the menu says so and still offers RESUME.
    app, run = device(storage, restarts)
    assert isinstance(app.screen, Menu) and app.notice[0] == launch.NO_MEMORY
    assert app.screen.lines()[0] == "RESUME"
    assert saves.load_game(storage)[0].to_bytes() == parked
    assert len(restarts) == 1  # no restart loop


def test_a_resumed_game_that_does_not_fit_comes_back_after_the_restart(monkeypatch):
    storage, parked = parked_storage()
    restarts = []
    app, run = device(storage, restarts)
    heap = Heap(monkeypatch, 2)
    with pytest.raises(Restarted):
        run.run("A")  # RESUME
    assert heap.tries == 2 and len(restarts) == 1
    saved, where, _ = saves.load_game(storage)
    assert saved.to_bytes() == parked and where == saves.PLAYING
    app, run = device(storage, restarts)
    assert isinstance(app.screen, PlayScreen) and app.screen.session.to_bytes() == parked
    assert app.notice[0] == "RESUMED"


def test_a_saved_game_that_does_not_fit_at_boot_is_parked_not_crashed(monkeypatch):
    storage, parked = parked_storage()
    s = saves.load_game(storage)[0]
    saves.save_game(storage, s, saves.PLAYING)
    restarts = []
    Heap(monkeypatch, 99)
    app, run = device(storage, restarts)
    assert isinstance(app.screen, Menu) and app.notice[0] == launch.NO_MEMORY
    assert app.screen.lines()[0] == "RESUME"
    saved, where, _ = saves.load_game(storage)
    assert saved.to_bytes() == parked and where == saves.PARKED
    run.run("DOWN")  # the first press clears the notice, and only that
    assert app.notice is None and app.screen.line == 0
    run.run("DOWN")
    run.run("UP")  # the menu still works
    assert restarts == [] and app.screen.line == 0


def test_without_a_restart_the_menu_says_so_and_nothing_changes(monkeypatch):
    """The simulator (and a Raspberry Pi) has no hal.restart."""
    storage, parked = parked_storage()
    app, run = device(storage)
    assert app.hal.restart is None
    Heap(monkeypatch, 99)
    run.run("A")  # RESUME
    assert isinstance(app.screen, Menu) and app.notice[0] == launch.NO_MEMORY
    run.run("DOWN,A")  # a new game
    assert isinstance(app.screen, Menu) and app.screen.lines()[0] == "RESUME"
    assert saves.load_game(storage)[0].to_bytes() == parked
    assert storage.read(launch.START_FILE) is None

"""Power cuts, damaged saves, failing flash, mashed buttons: nothing lost, no crash.

See docs/reliability.md for what each test stands for.
"""

import os

import pytest

from engines_core.prng import Rng
from firmware import saves, games
from firmware.end import EndScreen
from firmware.menu import Menu
from firmware.play import PlayScreen, HUMAN, PASS
from firmware.session import Session
from firmware import session as session_module
from hal.storage import MemoryStorage
from tests.firmware_helpers import app_with


def person_move(app, run):
    """A person who plays what `normal` would, entered with cursor, B and A."""
    from engines_core import players, tomoko as T
    play = app.screen
    a = players.choose(play.session.state, "normal", Rng(play.session.ply))
    ui = play.ui
    while ui.colour != T.colour_of(a):
        run.run("B")
    ui.cursor = T.entry_of(a)
    run.run("A")


def play_some(app, run, moves, rng=None):
    """Let the game run for `moves` actions; people move as person_move does."""
    start = app.screen.session.ply
    guard = 0
    while isinstance(app.screen, PlayScreen) and app.screen.session.ply < start + moves:
        guard += 1
        assert guard < 3000
        if app.screen.phase == PASS:
            run.run("A")
        elif app.screen.phase == HUMAN:
            person_move(app, run)
        else:
            run.advance(150)


def finish(app, run, rng):
    play_some(app, run, 10000, rng)


def play_on_for(app, run, moves):
    """Let any game run for `moves` actions or until its play screen is
    left: a person's actions (what `easy` would play) entered straight into
    the play screen, A now and then for a page that waits for a person
    (Tóncc's scores)."""
    from engines_core import players
    start = app.screen.session.ply
    guard = 0
    while isinstance(app.screen, PlayScreen) and app.screen.session.ply < start + moves:
        guard += 1
        assert guard < 20000
        play = app.screen
        if play.phase == HUMAN:
            play.play(players.choose(play.session.state, "easy", Rng(play.session.ply)), app.now())
        elif guard % 20 == 0:
            run.run("A")
        else:
            run.advance(150)


def reboot(storage):
    """A new device on the same flash (power cut, battery swap, watchdog reset)."""
    return app_with(storage=storage)


def test_restart_mid_game_resumes_exactly_where_it_was():
    """Same state, same hidden cards, same computer randomness: a game restarted
    after every few moves ends exactly like one that never stopped."""
    seats = ["human", "hard", "normal"]
    straight, run = app_with(Session("tomoko", seats, "standard", 77))
    finish(straight, run, Rng(1))
    want = straight.screen.session.to_bytes()

    storage = MemoryStorage()
    app, run = app_with(Session("tomoko", seats, "standard", 77), storage=storage)
    app.autosave(app.screen.session)
    rng = Rng(1)
    restarts = 0
    while isinstance(app.screen, PlayScreen):
        play_some(app, run, 7, rng)
        if isinstance(app.screen, PlayScreen):
            before = app.screen.session.to_bytes()
            app, run = reboot(storage)
            restarts += 1
            assert isinstance(app.screen, PlayScreen) and app.notice[0] == "RESUMED"
            assert app.screen.session.to_bytes() == before
    assert restarts >= 3
    assert app.screen.session.to_bytes() == want


@pytest.mark.parametrize("name", games.playable())
def test_every_game_resumes_on_the_same_turn_after_a_restart(name):
    """Every game, restarted every few moves (power cut), comes back on the
    same turn with the same hidden information and the same computer
    randomness, and ends exactly like a game that never stopped. The person's
    actions are entered straight into the play screen here (each game's
    buttons are tested in its screens tests)."""
    from engines_core import registry
    cls = registry.game_class(name)
    seats = ["human"] + ["normal"] * (cls.MIN_PLAYERS - 1)
    straight, run = app_with(Session(name, seats, "standard", 31))
    play_on_for(straight, run, 100000)
    want = straight.screen.session.to_bytes()
    # Restart every 5 moves, or often enough for 3 restarts in a short game.
    every = max(1, min(5, straight.screen.session.ply // 4))

    storage = MemoryStorage()
    app, run = app_with(Session(name, seats, "standard", 31), storage=storage)
    app.autosave(app.screen.session)
    restarts = 0
    while isinstance(app.screen, PlayScreen):
        play_on_for(app, run, every)
        run.idle()
        # (a game over waits on its play screen for A where it counts the
        # end, Tomoe: play_on_for presses it)
        if isinstance(app.screen, PlayScreen) and not app.screen.session.state.is_terminal():
            before = app.screen.session.to_bytes()
            seat = app.screen.seat
            app, run = reboot(storage)
            restarts += 1
            assert isinstance(app.screen, PlayScreen) and app.notice[0] == "RESUMED"
            assert app.screen.session.to_bytes() == before
            run.idle()
            assert app.screen.phase == HUMAN and app.screen.seat == seat
    assert restarts >= 3
    assert app.screen.session.to_bytes() == want


@pytest.mark.parametrize("name", games.playable())
def test_every_game_shows_its_result_again_after_a_restart_on_its_end_screen(name):
    """Switched off while the result shows (a final reveal, the last scores,
    the end screen): after the restart the same result comes back, the same
    way as before the power cut, counted once in the statistics; the end
    screen's A forgets the game."""
    from engines_core import registry
    cls = registry.game_class(name)
    seats = ["human"] + ["easy"] * (cls.MIN_PLAYERS - 1)
    storage = MemoryStorage()
    app, run = app_with(Session(name, seats, "standard", 12), storage=storage)
    while not app.screen.session.state.is_terminal():
        play_on_for(app, run, 1)
    last = app.now()  # the last action was just played
    play_on_for(app, run, 100000)  # on to the end screen
    # A result shown after the last move (a reveal, the last scores), beyond
    # the move's own animation, before the end screen?
    showed = app.now() - last > 2500
    end = app.screen
    assert isinstance(end, EndScreen)
    headline = end.headline()
    played = app.stats.get(name + ".played")
    assert played == 1 and saves.load_game(storage)[1] == saves.ENDED
    for _ in range(2):  # twice: still counted once
        app, run = reboot(storage)
        assert app.notice is None  # no notice over the result's top rows
        # The result the game showed before its end screen shows again first.
        assert isinstance(app.screen, PlayScreen) == showed
        if showed:
            assert app.screen.ui.busy(app.now())
            play_on_for(app, run, 1)  # no action: the result, then the end screen
        assert isinstance(app.screen, EndScreen) and app.screen.headline() == headline
        assert app.stats.get(name + ".played") == 1
    run.advance(700)
    run.run("A")
    assert isinstance(app.screen, Menu) and saves.load_game(storage)[2] == saves.NONE
    app, run = reboot(storage)
    assert isinstance(app.screen, Menu)


def test_parked_game_is_offered_in_the_menu_after_a_restart():
    storage = MemoryStorage()
    app, run = app_with(Session("tomoko", ["human", "normal"], "quick", 5), storage=storage)
    app.autosave(app.screen.session)
    play_some(app, run, 4, Rng(2))
    run.idle()
    mid = app.screen.session.to_bytes()
    run.run("B:long,DOWN,A")  # pause, QUIT
    assert isinstance(app.screen, Menu)
    app, run = reboot(storage)
    assert isinstance(app.screen, Menu) and app.screen.lines()[0] == "RESUME"
    run.run("A")
    assert isinstance(app.screen, PlayScreen) and app.screen.session.to_bytes() == mid


def saved_pair():
    """Storage holding the saves of two moves; the newest is `s`."""
    storage = MemoryStorage()
    s = Session("tomoko", ["human", "normal"], "standard", 9)
    saves.save_game(storage, s)
    previous = Session.from_bytes(s.to_bytes())
    s.play(s.state.legal_actions()[2])
    saves.save_game(storage, s)
    return storage, s, previous


def test_a_save_cut_at_every_byte_falls_back_to_the_previous_move():
    storage, s, previous = saved_pair()
    newest = saves.slot_for(s)
    good = storage.read(newest)
    assert saves.load_game(storage)[0].to_bytes() == s.to_bytes()
    for cut in range(len(good)):
        storage.files[newest] = good[:cut]
        loaded, where, outcome = saves.load_game(storage)
        assert outcome == saves.BACKUP
        assert loaded.to_bytes() == previous.to_bytes()
    app, run = reboot(storage)
    assert isinstance(app.screen, PlayScreen)
    assert app.notice[0].startswith("SAVE DAMAGED")
    assert app.screen.session.to_bytes() == previous.to_bytes()


def test_flipped_bits_are_caught_and_never_crash():
    storage, s, previous = saved_pair()
    newest = saves.slot_for(s)
    good = storage.read(newest)
    rng = Rng(4)
    for _ in range(400):
        bad = bytearray(good)
        for _ in range(1 + rng.below(3)):
            bad[rng.below(len(bad))] ^= 1 << rng.below(8)
        storage.files[newest] = bytes(bad)
        loaded, where, outcome = saves.load_game(storage)
        assert outcome == saves.BACKUP
        assert loaded.to_bytes() == previous.to_bytes()


def test_both_files_damaged_tells_the_player_and_starts_clean():
    storage, s, previous = saved_pair()
    storage.files[saves.SLOTS[0]] = b"TOMO\x02\x00garbage"
    storage.files[saves.SLOTS[1]] = b"\x00" * 40
    app, run = reboot(storage)
    assert isinstance(app.screen, Menu) and app.screen.saved is None
    assert app.notice[0] == "SAVE LOST"
    run.run("A")  # the first press clears the notice, and only that
    assert isinstance(app.screen, Menu) and app.notice is None
    run.run("A")  # a new game starts fine
    assert isinstance(app.screen, PlayScreen)


def test_save_of_another_version_is_refused():
    storage, s, previous = saved_pair()
    newest = saves.slot_for(s)
    data = bytearray(storage.read(newest))
    data[4] = 99  # a future format
    storage.files[newest] = bytes(data)
    loaded, where, outcome = saves.load_game(storage)
    assert outcome == saves.BACKUP and loaded.to_bytes() == previous.to_bytes()


def test_a_tomoe_game_saved_with_the_earlier_tiles_is_refused_and_said_so(monkeypatch):
    """Issue 27: Tomoe's tiles changed (docs/rules/tomoe.md); a game saved
    with the earlier tiles (the same layout, format 3) is refused with a
    message that says why, not read as the new tiles nor called damaged,
    and a new game starts fine."""
    from engines_core.tomoe import Tomoe
    storage = MemoryStorage()
    s = Session("tomoe", ["human", "normal"], "standard", 9)
    with monkeypatch.context() as m:
        m.setattr(Tomoe, "VERSION", 3)  # what the earlier firmware wrote
        saves.save_game(storage, s)
        s.play(s.state.legal_actions()[2])
        saves.save_game(storage, s)
    loaded, where, outcome = saves.load_game(storage)
    assert loaded is None and outcome == saves.OLD
    app, run = reboot(storage)
    assert isinstance(app.screen, Menu) and app.screen.saved is None
    assert "OLDER VERSION" in app.notice[0]
    run.run("A")  # the first press clears the notice
    run.run("A")
    assert isinstance(app.screen, PlayScreen)


class FailingStorage(MemoryStorage):
    """Flash that refuses writes (full, worn out, or read-only)."""

    def write(self, name, data):
        raise OSError(28, "no space left")


def test_failing_flash_does_not_stop_the_game():
    """A write that fails is told ("NO SAVE") and play goes on."""
    storage = FailingStorage()
    app, run = app_with(Session("tomoko", ["human", "normal"], "standard", 3), storage=storage)
    told = []
    real_tell = app.tell

    def tell(text, *args):
        told.append(text)
        real_tell(text, *args)
    app.tell = tell
    play_some(app, run, 6, Rng(5))
    assert app.screen.session.ply >= 6
    assert told and set(told) == {"NO SAVE"}


class TornStorage(MemoryStorage):
    """A filesystem without atomic rename: a power cut leaves part of a file."""

    def __init__(self, rng):
        MemoryStorage.__init__(self)
        self.rng = rng
        self.torn = 0

    def write(self, name, data):
        if self.rng.below(3) == 0:
            data = data[:self.rng.below(len(data))]
            self.torn += 1
        MemoryStorage.write(self, name, data)


def test_torn_writes_lose_at_most_one_move():
    """Each torn write is a power cut: the device restarts from what it finds."""
    storage = TornStorage(Rng(6))
    s = Session("tomoko", ["normal", "normal"], "standard", 12)
    saves.save_game(storage, s)
    storage.torn = 0
    moves = 0
    while not s.state.is_terminal() and moves < 200:
        before = s.to_bytes()
        s.play(s.computer_move())
        moves += 1
        torn_before = storage.torn
        saves.save_game(storage, s)
        if storage.torn != torn_before:  # power cut: restart
            loaded, where, outcome = saves.load_game(storage)
            assert loaded is not None
            assert loaded.to_bytes() in (before, s.to_bytes())
            s = loaded
    assert storage.torn > 3


def test_settings_and_statistics_persist():
    storage = MemoryStorage()
    app, run = app_with(storage=storage)
    run.run("DOWN")  # PLAYERS
    run.run("RIGHT")  # 3 players
    menu = app.screen
    while menu.lines()[menu.line] != "LIGHT":
        run.run("DOWN")
    run.run("RIGHT")
    run.run("A")
    s = app.screen.session
    s.seats = ["normal", "normal", "normal"]  # let the computers finish it
    finish(app, run, Rng(1))
    assert isinstance(app.screen, EndScreen)
    app2, run2 = reboot(storage)
    assert app2.settings.brightness == 50 and app2.settings.players["tomoko"] == 3
    assert app2.stats.get("tomoko.played") == 1
    assert app2.stats.get("tomoko.games.normal") == 1
    assert app2.stats.get("tomoko.wins.normal") == 1
    assert app2.stats.summary("tomoko") == "PLAYED 1 NORM WON 1 OF 1"


def test_no_device_code_can_execute_a_file():
    """Saves, settings and statistics are parsed, never evaluated."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for pkg in ("engines_core", "hal", "firmware", "boards"):
        for dirpath, _, files in os.walk(os.path.join(root, pkg)):
            for f in files:
                if f.endswith(".py"):
                    text = open(os.path.join(dirpath, f), encoding="utf-8").read()
                    for bad in ("eval(", "exec(", "pickle", "marshal", "compile("):
                        assert bad not in text, (f, bad)


@pytest.mark.slow
def test_soak_random_buttons_across_games_and_menus():
    """Thousands of random presses (taps, holds, mashing) from the menu through
    every game in turn: no exception, nothing stuck, every game starts and
    finishes."""
    rng = Rng(2026)
    app, run = app_with()
    names = ["UP", "DOWN", "LEFT", "RIGHT", "A", "B", "A", "A"]
    playable = games.playable()
    started = {}
    finished = {}
    last_progress = (None, -1)
    still = 0
    turn = 0  # the next game in the rotation
    was_menu = False
    for step in range(8000):
        scr = app.screen
        if isinstance(scr, Menu) and not was_menu:
            # Back at the menu: the next game in turn (the presses may still
            # change it, or resume a parked one).
            app.settings.game = playable[turn % len(playable)]
            turn += 1
        was_menu = isinstance(scr, Menu)
        key = rng.choice(names)
        r = rng.below(20)
        if r == 0:
            key += ":long"
        run.run(key)
        if isinstance(scr, PlayScreen):
            # People are mostly computers here, so games end.
            if scr.session.ply == 0 and not getattr(scr, "_soaked", False):
                scr._soaked = True
                started[scr.session.game] = started.get(scr.session.game, 0) + 1
                for seat in range(len(scr.session.seats)):
                    if seat and rng.below(3):
                        scr.session.seats[seat] = rng.choice(["easy", "normal", "random"])
            progress = (id(scr), scr.session.ply)
            still = still + 1 if progress == last_progress else 0
            last_progress = progress
            # A stuck screen never moves on; random presses may take a few
            # hundred to walk to the last empty cell at a board's edge.
            assert still < 1500, "no progress in a game for 1500 presses"
            if scr.phase not in (HUMAN, PASS):
                run.advance(200)
        if isinstance(app.screen, EndScreen) and not isinstance(scr, EndScreen):
            g = app.screen.session.game
            finished[g] = finished.get(g, 0) + 1
    assert sorted(started) == sorted(playable), started
    assert sorted(finished) == sorted(playable), finished


def test_an_unreadable_save_is_damaged_not_missing(tmp_path):
    """A slot that exists but cannot be read (here a folder in its place) is
    a damaged save, not "no file": boot resumes the other slot and says it
    may be a move back; with both unreadable it says SAVE LOST. FileStorage
    turned every OSError into None, so boot went one move back silently, or
    to the menu without a word."""
    from hal.storage import FileStorage
    root = tmp_path / "store"
    storage = FileStorage(str(root))
    s = Session("tomoko", ["human", "normal"], "standard", 9)
    saves.save_game(storage, s)
    s.play(s.state.legal_actions()[2])
    saves.save_game(storage, s)
    newest = saves.slot_for(s)
    os.remove(str(root / newest))
    os.mkdir(str(root / newest))
    with pytest.raises(OSError):
        storage.read(newest)
    assert storage.read("nothing.here") is None
    app, run = reboot(storage)
    assert isinstance(app.screen, PlayScreen) and app.screen.session.ply == s.ply - 1
    assert app.notice[0].startswith("SAVE DAMAGED")
    other = saves.SLOTS[1 - saves.SLOTS.index(newest)]
    os.remove(str(root / other))
    os.mkdir(str(root / other))
    app, run = reboot(storage)
    assert isinstance(app.screen, Menu) and app.notice[0] == "SAVE LOST"


def test_where_a_game_was_left_is_under_the_checksum():
    """Byte 5 (playing, parked, ended) is checked with the rest: one flipped
    bit there no longer parks a game silently, nor marks a running game ended
    (it then resumed and was never counted in the statistics). A save whose
    header says ended but whose game is not over is refused too, and format 2
    (from before, its CRC over the payload only) is still read."""
    storage, s, previous = saved_pair()
    newest = saves.slot_for(s)
    good = storage.read(newest)
    for bit in range(8):
        bad = bytearray(good)
        bad[5] ^= 1 << bit
        storage.files[newest] = bytes(bad)
        loaded, where, outcome = saves.load_game(storage)
        assert outcome == saves.BACKUP and loaded.to_bytes() == previous.to_bytes()
    payload = s.to_bytes()
    for where in (saves.PLAYING, saves.PARKED):
        old = b"TOMO" + bytes([2, where]) + len(payload).to_bytes(4, "big") \
            + saves.crc32(payload).to_bytes(4, "big") + payload
        assert saves.unpack(old) == (payload, where)
    storage.files[newest] = saves.pack(payload, saves.ENDED)  # not over
    loaded, where, outcome = saves.load_game(storage)
    assert outcome == saves.BACKUP and loaded.to_bytes() == previous.to_bytes()


def test_a_move_count_the_save_cannot_hold_is_refused():
    """The session's move count is bounded on load: 0xFFFFFFFF loaded, and the
    next save raised OverflowError, which save_game did not catch. And should
    a session's bytes fail to build, save_game says so (NO SAVE) instead of
    stopping the game."""
    from engines_core.game import CorruptState
    s = Session("tomoko", ["human", "normal"], "standard", 9)
    data = bytearray(s.to_bytes())
    p = 5 + len(s.seats) + 4  # after the tag, version, game, seats and seed
    for ply in (0xFFFFFFFF, session_module.MAX_PLY + 1):
        data[p:p + 4] = ply.to_bytes(4, "big")
        with pytest.raises(CorruptState):
            Session.from_bytes(bytes(data))
    data[p:p + 4] = session_module.MAX_PLY.to_bytes(4, "big")
    assert Session.from_bytes(bytes(data)).ply == session_module.MAX_PLY
    s.ply = 0xFFFFFFFF + 1
    assert saves.save_game(MemoryStorage(), s) is False


def test_no_memory_to_check_a_save_never_calls_it_lost(monkeypatch):
    """A MemoryError while a save is checked (its game's modules not fitting
    in what is left of the heap) says nothing about the file: the other slot
    is used (maybe a move back), and with neither checked boot says NO
    MEMORY FOR THIS GAME and leaves both files as they are, where calling
    them lost would have let the next new game replace a good save."""
    from firmware import launch
    storage, s, previous = saved_pair()
    newest = saves.slot_for(s)
    real = saves._session
    short = {newest}

    def session_of(data):
        if any(storage.files[n] == data for n in short):
            raise MemoryError("simulated")
        return real(data)
    monkeypatch.setattr(saves, "_session", session_of)
    loaded, where, outcome = saves.load_game(storage)
    assert outcome == saves.BACKUP and loaded.to_bytes() == previous.to_bytes()
    short.update(saves.SLOTS)
    files = dict(storage.files)
    with pytest.raises(MemoryError):
        saves.load_game(storage)
    app, run = reboot(storage)
    assert isinstance(app.screen, Menu) and app.notice[0] == launch.NO_MEMORY
    assert storage.files == files


def test_no_memory_to_write_settings_or_statistics_is_no_save(monkeypatch):
    """Settings and statistics written while memory is short (the file's
    text, or the storage's own buffers): NO SAVE, and the device goes on -
    as with a failing flash."""
    class NoMemoryStorage(MemoryStorage):
        def write(self, name, data):
            raise MemoryError("simulated")
    s = Session("tomoko", ["normal", "normal"], "standard", 3)
    while not s.state.is_terminal():
        s.play(s.computer_move(1))
    app, run = app_with(storage=NoMemoryStorage())
    told = []
    monkeypatch.setattr(app, "tell", lambda text, *a, **k: told.append(text))
    app.save_settings()
    app.game_over(s)
    assert told == ["NO SAVE"] * 3 and app.stats.get("tomoko.played") == 1


def test_no_room_for_the_next_games_facts_restarts_on_that_game(monkeypatch):
    """Browsing the menu after a game, MicroPython may have no run of RAM
    left for the next game's facts (its interned-string pool must grow):
    the menu then restarts the board into a clean heap, showing that game,
    instead of crashing (tests/test_mpy.py's games one after another at
    160 KB crashed so)."""
    from engines_core import registry
    storage = MemoryStorage()
    app, run = app_with(storage=storage)
    menu = app.screen
    assert isinstance(menu, Menu) and menu.lines()[menu.line] == "GAME"
    before = app.settings.game
    restarts = []

    class Restarted(Exception):
        pass

    def restart():
        restarts.append(app.settings.game)
        raise Restarted  # a board's restart never returns

    app.hal.restart = restart
    real_facts = registry.facts

    def facts(name):
        if name != before:
            raise MemoryError("memory allocation failed, allocating 1280 bytes")
        return real_facts(name)

    monkeypatch.setattr(registry, "facts", facts)
    with pytest.raises(Restarted):
        run.run("RIGHT")
    monkeypatch.setattr(registry, "facts", real_facts)
    assert restarts == [app.settings.game] and app.settings.game != before
    again, run = reboot(storage)  # the clean heap: the menu on that game
    assert isinstance(again.screen, Menu) and again.settings.game == restarts[0]

"""A computer player thinks in slices between frames (players.choose_steps,
PlayScreen.think): the screen stays alive and the pause opens meanwhile,
and the move is exactly the one the search makes in one go."""

import pytest

from engines_core import registry, players, tomoe_ai
from engines_core.prng import Rng
from firmware import play as play_module
from firmware.play import COMPUTER, HUMAN
from firmware.session import Session
from hal import buttons as B
from hal.clock import FakeClock
from tests.firmware_helpers import app_with

LEVELS = ("easy", "normal", "hard")


def positions(game, seeds, every=3):
    """States along seeded random games (every `every`-th ply)."""
    lo, hi = registry.players(game)
    for seed in range(seeds):
        n = lo + seed % (hi - lo + 1)
        st = registry.new_game(game, n, "standard", seed)
        rng = Rng(seed + 7)
        ply = 0
        while not st.is_terminal():
            if ply % every == 0:
                yield seed, ply, st
            st.apply(rng.choice(st.legal_actions()))
            ply += 1


def in_slices(state, level, rng, meanwhile):
    """choose_steps one slice at a time, `meanwhile()` between slices;
    (action, number of slices)."""
    steps = players.choose_steps(state, level, rng)
    n = 0
    while True:
        try:
            next(steps)
        except StopIteration as e:
            return e.value, n
        n += 1
        meanwhile()


@pytest.mark.parametrize("game", registry.NAMES)
def test_the_sliced_search_chooses_what_the_whole_search_does(game):
    """Over seeded positions of every game at every level: stepping the
    search a slice at a time, with other work between the slices (other
    seats' searches, views, serialising the state, as frames and the other
    computer players do), gives exactly the action of one whole search."""
    checked = sliced = searched = 0
    for seed, ply, st in positions(game, 8 if game == "tomoko" else 14,
                                   every=1 if game == "tomoe" else 3):
        if game == "tomoko" and ply % 15:
            continue  # Tomoko's hard is the slowest in CPython
        if game == "tomoe" and ply % 3 and st.empty > tomoe_ai.ENDGAME:
            continue  # Tomoe's hard searches the last cells: more of those
        before = st.serialize()
        seat = st.current_player()

        def meanwhile():
            st.view_for((seat + 1) % st.num_players).legal_actions()
            players.choose(st, "normal", players.rng_for(seed + 1, ply, seat))
            st.serialize()

        for level in LEVELS:
            whole = players.choose(st, level, players.rng_for(seed, ply, seat))
            action, n = in_slices(st, level, players.rng_for(seed, ply, seat), meanwhile)
            assert action == whole, (seed, ply, level)
            checked += 1
            if game == "tomoe" and level == "hard" and st.empty <= tomoe_ai.ENDGAME:
                searched += 1
                sliced += n > 1
        assert st.serialize() == before
    assert checked >= 150
    if game == "tomoe":
        assert searched >= 40 and sliced >= searched * 3 // 4  # hard thinks in many slices


def test_tomoes_hard_search_yields_after_each_node():
    """A slice is one node: one chain build (a position's lays ranked, or a
    leaf valued), so no slice costs more units of work than the dearest
    node can (engines_core/tomoe_search.py: Search.lays and Search.leaf);
    the first also holds the root's ranking, every action valued as normal
    values them (a chain build, and one per tile that may turn)."""
    from engines_core import tomoe_search as S
    costs = []
    firsts = []
    for seed, ply, st in positions("tomoe", 3, every=1):
        if st.empty > tomoe_ai.ENDGAME or st.phase != 0:
            continue
        s = S.start(st, st.current_player(), players.rng_for(seed, ply, 0), 100)
        steps = s.run(st, s.firsts, S.ROOT_SECONDS)
        last = 0
        while True:
            try:
                next(steps)
            except StopIteration:
                break
            (costs if last else firsts).append(s.cost - last)
            last = s.cost
    n = 24  # the small board's cells
    dearest = max(n + S.VALUES * n, n + S.COUNT * n // 4)
    assert len(costs) >= 100 and max(costs) <= dearest
    ranking = n + S.VALUES * n + n * (n + S.VALUES)
    assert len(firsts) >= 10 and max(firsts) <= ranking + dearest


class WorkingClock(FakeClock):
    """A fake clock on which time passes as the processor works: each
    reading is `ms` later than the one before."""

    def __init__(self, ms, start):
        FakeClock.__init__(self, start)
        self.ms = ms

    def now(self):
        self.t += self.ms
        return self.t


def thinking_app(monkeypatch, game, ms=20):
    """`game` with a person and hard computers, the first seat a computer;
    returns once it is about to think, on a clock where each reading is `ms`
    on. The session logs every action."""
    seats = ["hard"] * registry.players(game)[0]
    seats[-1] = "human"
    session = Session(game, seats, "standard", 5)
    if game == "tomoe":
        # Tomoe's hard searches the last cells of the board: a position
        # there, random moves of its first seat to move, the computer's;
        # ENDGAME cells empty (Rng(10)), where the search takes its whole
        # budget (with one cell left it stops once every lay is counted).
        st = session.state
        rng = Rng(10)
        while not (st.empty <= tomoe_ai.ENDGAME and st.phase == 0 and st.current_player() == 0):
            st.apply(rng.choice(st.legal_actions()))
    session.actions = []
    real_play = session.play

    def play(action):
        session.actions.append(action)
        real_play(action)

    session.play = play
    monkeypatch.setattr(play_module, "COMPUTER_PAUSE_MS", 0)
    app, run = app_with(session)
    screen = app.screen
    assert screen.phase == COMPUTER and session.ply == 0
    app.hal.clock = WorkingClock(ms, app.now())
    return app, run, screen, session


def whole_search(session):
    """What the computer to move chooses in one go."""
    st = session.state
    return players.choose(st, session.seats[st.current_player()],
                          players.rng_for(session.seed, session.ply, st.current_player()))


@pytest.mark.parametrize("game", ("tomoe", "toncc"))
def test_the_screen_stays_alive_while_a_computer_thinks(monkeypatch, game):
    """Frames go on while hard thinks (the loop comes back between slices),
    Toncc's thinking dots run, and the move is that of the whole search."""
    app, run, screen, session = thinking_app(monkeypatch, game, 60 if game == "toncc" else 20)
    expected = whole_search(session)
    dots = set()
    steps = 0
    while session.ply == 0:
        app.step()
        steps += 1
        if screen.ui.THINKING is not None:
            x, y = screen.ui.THINKING
            dots.add(tuple(app.hal.display.get(x + i, y) for i in range(3)))
    assert steps >= {"toncc": 3, "tomoe": 5}[game]
    if game == "toncc":
        assert len(dots) >= 2  # the lit dot moved along
    assert session.actions[-1] == expected


def test_holding_b_pauses_a_thinking_computer(monkeypatch):
    """Hold B while the computer thinks: the pause menu opens during the
    search and the search waits; GO ON lets it finish, with the same move."""
    app, run, screen, session = thinking_app(monkeypatch, "tomoe")
    expected = whole_search(session)
    while screen.thinking is None:
        app.step()
    app.hal.buttons.set_raw(1 << B.B, app.now())
    while not screen.paused:
        app.step()
    assert screen.phase == COMPUTER and screen.thinking is not None and session.ply == 0
    app.hal.buttons.set_raw(0, app.now())
    waiting = screen.thinking
    run.advance(3000)
    assert screen.thinking is waiting and session.ply == 0  # no slice while paused
    run.run("A")  # GO ON
    assert not screen.paused
    while session.ply == 0:
        app.step()
    assert session.actions[-1] == expected

"""The end screen tells one person YOU WIN or YOU LOSE, shows every seat's
result (a draw included: nothing of it goes dark) and prompts for A; a
notice never covers the screen while a press could act on it."""

import pytest

from firmware import palette, sounds
from firmware.end import EndScreen
from firmware.play import PlayScreen, HUMAN
from firmware.session import Session
from tests.firmware_helpers import app_with


def ended(game, seats, seed, variant="standard", played="random"):
    """A session of `game` played to its end by computers, then given `seats`."""
    s = Session(game, [played] * len(seats), variant, seed)
    while not s.state.is_terminal():
        s.play(s.computer_move())
    s.seats = list(seats)
    return s


def end_screen(session):
    app, run = app_with(session)
    guard = 0
    while isinstance(app.screen, PlayScreen) and guard < 60:
        run.run("A")  # through a final reveal or a summary
        run.advance(400)
        guard += 1
    run.advance(100)
    assert isinstance(app.screen, EndScreen)
    return app, run


@pytest.mark.parametrize("seed", range(4))
def test_one_person_is_told_you_win_or_you_lose(seed):
    session = ended("tomoko", ("human", "normal"), seed, played="normal")
    app, run = end_screen(session)
    won = 0 in session.state.winners()
    assert app.screen.headline() == ("YOU WIN" if won else "YOU LOSE")
    assert sounds.LOSE[0][0] in app.hal.sound.log or won


def test_two_people_see_the_winners_named():
    session = ended("tomoko", ("human", "normal", "human", "easy"), 5, played="normal")
    app, run = end_screen(session)
    w = session.state.winners()
    assert app.screen.headline().split(" - ")[0] == " ".join("P%d" % (s + 1) for s in w) + (
        " WINS" if len(w) == 1 else " WIN")


def lit_by_result(app, frames):
    """Per result cell of the 2x2 grid, the LEDs lit in each of `frames`
    frames 100 ms apart."""
    screen = app.screen
    top = 6 if len(session_seats(app)) <= 2 else 5
    cells = [(0, top), (8, top), (0, 11), (8, 11)][:len(session_seats(app))]
    seen = []
    for _ in range(frames):
        app.hal.clock.advance(100)
        app.step()
        d = app.hal.display
        seen.append([frozenset((x, y) for x in range(x0, x0 + 7) for y in range(y0, y0 + 5)
                               if d.get(x, y)) for x0, y0 in cells])
    return seen


def session_seats(app):
    return app.screen.session.seats


def test_a_toncc_draw_keeps_every_result_on_screen():
    """Every King ties: DRAW, and each seat's result stays lit in every
    frame (before, every result blinked off with the winners')."""
    session = ended("toncc", ("human", "easy", "easy"), 27, variant="short")
    assert session.state.winners() == [0, 1, 2]
    app, run = end_screen(session)
    assert app.screen.headline() == "DRAW"
    frames = lit_by_result(app, 30)
    assert all(cells == frames[0] for cells in frames) and all(frames[0])


def test_winners_are_marked_but_never_go_dark():
    """A winner's result flashes white and back; it is never off."""
    session = ended("tomoko", ("normal", "easy", "normal", "easy"), 5, played="normal")
    app, run = end_screen(session)
    (w,) = session.state.winners()
    frames = lit_by_result(app, 30)
    assert all(cells[w] == frames[0][w] and cells[w] for cells in frames)
    d = app.hal.display
    colours = set()
    for _ in range(10):
        run.advance(100)
        colours |= {d.get(x, y) for x in range(16) for y in range(5, 16)} - {0}
    assert palette.WHITE in colours and palette.PLAYERS[w] in colours


def test_the_end_screen_prompts_for_a():
    """With a free corner (two or three seats) a green A blinks there once
    A works; with four seats the headline ends with A: MENU."""
    session = ended("toncc", ("human", "easy", "easy"), 2, variant="short")
    app, run = end_screen(session)
    d = app.hal.display
    corner = set()
    for _ in range(30):
        run.advance(60)
        corner |= {d.get(x, y) for x in range(13, 16) for y in range(11, 16)}
    assert palette.GOOD in corner and "A:" not in app.screen.banner()
    four = ended("tomoko", ("normal", "easy", "normal", "easy"), 5, played="normal")
    app, run = end_screen(four)
    assert app.screen.banner().endswith(" - A: MENU")


def test_a_notice_is_cleared_by_the_next_press_which_does_nothing_else():
    """RESUMED (or any notice) over the top rows of a person's turn: the
    first press takes it away and leaves the game as it was."""
    app, run = app_with(Session("tomoko", ["human", "normal"], "standard", 3))
    run.idle()
    play = app.screen
    assert play.phase == HUMAN
    cursor = play.ui.cursor
    app.tell("RESUMED")
    run.advance(100)
    assert app.notice is not None
    run.run("RIGHT")
    assert app.notice is None and play.ui.cursor == cursor
    run.run("RIGHT")
    assert play.ui.cursor != cursor


def test_a_refusals_words_end_when_a_move_is_played():
    """Tomoe's LAY A TILE was still over the top rows of the end screen
    after the game's last move; a move played takes a refusal's words off."""
    app, run = app_with(Session("tomoe", ["human", "normal"], "standard", 5))
    run.idle()
    play = app.screen
    play.ui.illegal("a turn must be followed by a lay", app.now())  # as a refusal does
    assert app.notice[0] == "LAY A TILE"
    run.run("A,A")  # a tile laid: an action played
    assert play.session.ply == 1 and app.notice is None

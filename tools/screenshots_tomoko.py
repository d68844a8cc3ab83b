"""Tomoko's README screenshots (python -m tools.screenshots --games tomoko).

The person's pushes are the ones the `normal` computer player would choose,
entered with the cursor and A like any player.
"""

from hal import buttons as B
from tools.screenshots import end_shot


def _press_choice(run, app):
    """Enter the normal computer player's push for the person to move."""
    from engines_core import players, tomoko as T
    from engines_core.prng import Rng
    play = app.screen
    st = play.session.state
    a = players.choose(st, "normal", Rng(play.session.ply))
    play.ui.cursor = T.entry_of(a)
    play.ui.colour = T.colour_of(a)
    run.run("A")
    return a


def shots(out):
    from firmware.session import Session
    from firmware.play import PlayScreen
    from tests.firmware_helpers import app_with
    shots = []

    app, run = app_with(Session("tomoko", ["human", "hard"], "standard", 2024))
    run.frames_dir = out
    laid = False
    for turn in range(60):
        run.idle()
        play = app.screen
        if not isinstance(play, PlayScreen):
            break
        if turn == 9:
            run.run("LEFT,LEFT,B")
            run.advance(200)
            shots.append(run.shot("tomoko-turn"))
            shots.append(run.shot_while_held(B.A, "tomoko-look"))
        before = play.session.state.scores()[0]
        _press_choice(run, app)
        if not laid and play.session.state.scores()[0] > before:
            run.advance(600)
            shots.append(run.shot("tomoko-lay"))
            laid = True

    app, run = app_with(Session("tomoko", ["human", "human", "normal"], "standard", 7))
    run.frames_dir = out
    run.advance(200)
    shots.append(run.shot("tomoko-pass"))

    # Teams, P1 and P3 (people) against two computers: the team's cards,
    # partners' rows side by side.
    app, run = app_with(Session("tomoko", ["human", "normal", "human", "normal"], "teams", 9))
    run.frames_dir = out
    for turn in range(3):
        run.idle()
        _press_choice(run, app)
    run.idle()
    run.advance(200)
    shots.append(run.shot("tomoko-teams"))

    shots.append(end_shot(Session("tomoko", ["normal", "hard", "normal", "hard"], "teams", 5),
                          out, "tomoko-end"))
    return shots

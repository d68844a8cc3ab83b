"""Tomoe screenshots for the README (python -m tools.screenshots --games tomoe).

Drives the firmware headless with a fake clock, as a person would: the
person's actions are the ones the `normal` computer player would choose,
entered with the D-pad, A, and Left/Right/Up/Down to turn and switch tiles.
"""

from hal import buttons as B
from tools.screenshots import end_shot


def _go_to(run, ui, target):
    geo = ui.state.geo
    tx, tr = geo.cells[target]
    for _ in range(60):
        if ui.cursor == target:
            return
        x, r = geo.cells[ui.cursor]
        if r != tr:
            run.run("DOWN" if r < tr else "UP")
        else:
            run.run("RIGHT" if x < tx else "LEFT")
    raise RuntimeError("cursor did not reach cell %d" % target)


def _show(run, ui, action):
    """Bring up `action` on the screen (cursor, A, turning) without confirming."""
    from engines_core import tomoe as T
    from engines_core import tomoe_board as TB
    _go_to(run, ui, T.cell_of(action))
    run.run("A")
    if T.is_turn(action):
        if T.direction_of(action) == 1:
            run.run("LEFT")
        return
    want = T.pattern_of(action)
    if ui.pattern != want and ui.pattern != TB.rot_cw(want) and ui.pattern != TB.rot_ccw(want):
        run.run("DOWN")
    for _ in range(3):
        if ui.pattern == want:
            break
        run.run("RIGHT")


def _enter(run, app):
    """Play the normal computer player's action for the person to move."""
    from engines_core import players
    from engines_core.prng import Rng
    play = app.screen
    a = players.choose(play.session.state, "normal", Rng(play.session.ply + 99))
    _show(run, play.ui, a)
    run.run("A")
    return a


def _steady(run, app):
    """Wait until the cursor is lit and a shown tile is at full brightness."""
    for _ in range(40):
        t = app.now()
        if t % 1000 < 800 and t % 500 < 260 and t % 1200 < 500:
            return
        run.advance(30)


def shots(out):
    from engines_core import players
    from engines_core.prng import Rng
    from firmware.session import Session
    from tests.firmware_helpers import app_with
    paths = []

    app, run = app_with(Session("tomoe", ["human", "hard"], "standard", 2024))
    run.frames_dir = out
    for turn in range(7):
        run.idle()
        _enter(run, app)
    run.idle()
    play = app.screen
    ui = play.ui
    a = players.choose(play.session.state, "normal", Rng(7))
    from engines_core import tomoe as T
    _go_to(run, ui, T.cell_of(a))
    _steady(run, app)
    paths.append(run.shot("tomoe-board"))
    _show(run, ui, a)
    _steady(run, app)
    paths.append(run.shot("tomoe-lay"))
    run.run("B")  # take the tile back
    run.run("B")  # the map
    run.advance(100)
    _steady(run, app)
    paths.append(run.shot("tomoe-map"))
    run.run("B")
    paths.append(run.shot_while_held(B.A, "tomoe-look"))

    app, run = app_with(Session("tomoe", ["hard", "human"], "large", 7))
    run.frames_dir = out
    for turn in range(9):
        run.idle()
        _enter(run, app)
    run.idle()
    _steady(run, app)
    paths.append(run.shot("tomoe-large"))

    paths.append(end_shot(Session("tomoe", ["hard", "normal"], "standard", 5), out, "tomoe-end"))
    return paths + stage_shots(out)


def _game(variant, seed, until):
    """A game between two `normal` players stopped at the start of the move
    where `until(state)` first holds."""
    from engines_core import tomoe as T
    from engines_core import tomoe_ai
    from engines_core.prng import Rng
    g = T.Tomoe(2, variant, seed)
    rng = Rng(seed)
    while not (g.phase == T.START and until(g)):
        g.apply(tomoe_ai.choose(g, g.current_player(), "normal", rng))
    return g


def stage_shots(out):
    """The zoomed board early and in the middle of a game, the cursor on a
    laid tile (tomoe-early, tomoe-middle), and the end's count half way
    (tomoe-count)."""
    from tests.firmware_helpers import app_with, tomoe_session
    paths = []
    for name, until in (("early", lambda g: g.empty <= 18), ("middle", lambda g: g.empty <= 10)):
        g = _game("standard", 11, until)
        app, run = app_with(tomoe_session(("human", "human"), g, "standard"))
        run.frames_dir = out
        run.idle()
        ui = app.screen.ui
        laid = [c for c in range(g.geo.n) if g.board[c] and g.locked[c]] or \
            [c for c in range(g.geo.n) if g.board[c]]
        _go_to(run, ui, laid[len(laid) // 2])
        _steady(run, app)
        paths.append(run.shot("tomoe-" + name))
    g = _game("standard", 11, lambda g: g.empty <= 1)
    app, run = app_with(tomoe_session(("human", "human"), g, "standard"))
    run.frames_dir = out
    run.idle()
    from engines_core import tomoe_ai
    from engines_core.prng import Rng
    play = app.screen
    play.play(tomoe_ai.choose(g, g.current_player(), "normal", Rng(1)), app.now())
    ui = play.ui
    run.advance(700 + 220 * (len(ui.count_cells) // 2) + 40)
    paths.append(run.shot("tomoe-count"))
    return paths

"""Regenerate the README screenshots (docs/screens/): the menu, Tomoko, and
every game that has a `tools/screenshots_<game>.py` with `shots(out)`.

    python -m tools.screenshots [--out docs/screens] [--games tomoko,tokkome]

Drives the firmware headless with a fake clock, as a person would: the
person's pushes are the ones the `normal` computer player would choose, entered
with the cursor and A like any player.
"""

import argparse
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


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


def tomoko(out):
    from firmware.session import Session
    from firmware.play import PlayScreen, HUMAN
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
            b = app.hal.buttons
            b.set_raw(1 << 4, app.now())
            run.advance(900)
            shots.append(run.shot("tomoko-look"))
            b.set_raw(0, app.now())
            run.advance(100)
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

    app, run = app_with(Session("tomoko", ["normal", "hard", "normal", "hard"], "teams", 5))
    run.frames_dir = out
    while isinstance(app.screen, PlayScreen):
        run.advance(500)
    run.advance(300)
    shots.append(run.shot("tomoko-end"))
    return shots


def menu(out):
    from tests.firmware_helpers import app_with
    app, run = app_with()
    run.frames_dir = out
    run.advance(300)
    shots = [run.shot("menu-game")]
    run.run("DOWN,DOWN")
    run.advance(200)
    shots.append(run.shot("menu-seat"))
    return shots


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.screenshots")
    ap.add_argument("--out", default=os.path.join("docs", "screens"))
    ap.add_argument("--games", default=None, help="comma-separated games (default: all)")
    args = ap.parse_args(argv)
    from engines_core import registry
    wanted = args.games.split(",") if args.games else ["menu"] + list(registry.NAMES)
    for name in wanted:
        for path in shots_of(name)(args.out):
            print(path)
    return 0


def shots_of(name):
    """The screenshot function of `menu`, `tomoko` or tools/screenshots_<game>.py."""
    if name == "menu":
        return menu
    if name == "tomoko":
        return tomoko
    here = os.path.dirname(os.path.abspath(__file__))
    if not os.path.exists(os.path.join(here, "screenshots_%s.py" % name)):
        return lambda out: []
    return __import__("tools.screenshots_" + name, fromlist=["shots"]).shots


if __name__ == "__main__":
    sys.exit(main())

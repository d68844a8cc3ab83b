"""Regenerate the README screenshots (docs/screens/): the menu, and every
game's, from its `tools/screenshots_<game>.py` with `shots(out)`.

    python -m tools.screenshots [--out docs/screens] [--games tomoko,tokkome]

Each drives the firmware headless with a fake clock, as a person would.
"""

import argparse
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def end_shot(session, out, name):
    """Let the computer seats of `session` play it to the end screen and save
    that as `name`; returns the path."""
    from firmware.play import PlayScreen
    from tests.firmware_helpers import app_with
    app, run = app_with(session)
    run.frames_dir = out
    while isinstance(app.screen, PlayScreen):
        run.advance(500)
    run.advance(300)
    return run.shot(name)


def menu(out):
    from tests.firmware_helpers import app_with
    app, run = app_with()
    run.frames_dir = out
    run.advance(300)
    shots = [run.shot("menu-game")]
    run.run("DOWN,DOWN")
    run.advance(200)
    shots.append(run.shot("menu-seat"))
    run.run("UP,UP,UP")  # round to the last line: HELP, the game's keys
    run.advance(200)
    shots.append(run.shot("menu-help"))
    return shots + howto(out)


# The HOW TO PLAY pages shot per game: (page, which picture of its
# animation), a telling one.
HOWTO_SHOTS = ((0, 2), (1, 1), (2, 2))


def howto(out):
    """Each game's HOW TO PLAY line and its first pages, opened from the menu
    as a person would: howto-<game>-<page's word>.png."""
    from firmware import games
    from tests.firmware_helpers import app_with
    app, run = app_with()
    run.frames_dir = out
    menu = app.screen
    shots = []
    for game in games.playable():
        while app.settings.game != game:  # on the GAME line
            run.run("RIGHT")
        down = menu.lines().index("HOW TO PLAY") - menu.line
        run.run(",".join(["DOWN"] * down))
        run.advance(300)
        if game == games.playable()[0]:
            shots.append(run.shot("menu-howto"))
        run.run("A")
        for page, picture in HOWTO_SHOTS:
            while menu.howto.page != page:
                run.run("RIGHT")
            ms = menu.howto.pages[page][1]
            run.advance(picture * ms + ms // 2 - (app.now() - menu.howto.since))
            word = menu.howto.pages[page][0].lower()
            shots.append(run.shot("howto-%s-%s" % (game, word)))
        run.run("B," + ",".join(["UP"] * down))
    return shots


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.screenshots",
                                 description="Render the README's screenshots with the "
                                             "headless simulator.")
    ap.add_argument("--out", default=os.path.join("docs", "screens"),
                    help="folder for the PNGs (default: docs/screens)")
    ap.add_argument("--games", default=None,
                    help="comma-separated: menu and games (default: all)")
    args = ap.parse_args(argv)
    from engines_core import registry
    if args.games is None:
        wanted = [n for n in ["menu"] + list(registry.NAMES) if _has_shots(n)]
    else:
        wanted = args.games.split(",")
        for name in wanted:
            if name != "menu" and name not in registry.NAMES:
                ap.error("--games: unknown game %r (have: menu, %s)" % (
                    name, ", ".join(registry.NAMES)))
            if not _has_shots(name):
                ap.error("--games: %s has no tools/screenshots_%s.py yet" % (name, name))
    if os.path.exists(args.out) and not os.path.isdir(args.out):
        ap.error("--out: %s is not a folder" % args.out)
    for name in wanted:
        for path in shots_of(name)(args.out):
            print(path)
    return 0


def _has_shots(name):
    """True for `menu` and for a game with a tools/screenshots_<game>.py."""
    here = os.path.dirname(os.path.abspath(__file__))
    return name == "menu" or os.path.exists(os.path.join(here, "screenshots_%s.py" % name))


def shots_of(name):
    """The screenshot function of `menu` or of tools/screenshots_<game>.py."""
    if name == "menu":
        return menu
    return __import__("tools.screenshots_" + name, fromlist=["shots"]).shots


if __name__ == "__main__":
    sys.exit(main())

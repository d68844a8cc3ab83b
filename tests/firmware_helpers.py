"""Drive the firmware in CPython: fake clock, memory storage, scripted buttons."""

from firmware.main import boot
from firmware.session import Session
from simulator.headless import ScriptRunner
from simulator.sim_hal import make_hal


def app_with(session=None, storage=None, restart=None, guide=False):
    """Boot the firmware on the simulator's hal (fake clock), on `storage`
    if given; `restart`: a board's hal.restart. `guide`: the guided first
    game's hints (off unless asked for, as after a person turned them off:
    the screens' own tests press and look without them; tests/test_howto.py
    has the guide's); None: as the settings in the storage say."""
    from firmware.settings import Settings
    hal = make_hal(fake_clock=True)
    if storage is not None:
        hal.storage = storage
    hal.restart = restart
    settings = Settings.load(hal.storage)
    if guide is not None:
        settings.guide = guide
    app = boot(hal, session, settings)
    return app, ScriptRunner(app, frames_dir="/tmp/unused-frames")


def tomoko_session(seats=("human", "normal"), variant="standard", seed=3):
    return Session("tomoko", list(seats), variant, seed)


def region_colours(display, x0, y0, w, h):
    return {display.get(x, y) for x in range(x0, x0 + w) for y in range(y0, y0 + h)}


def tomoko_balls():
    """The two ball colours of Tomoko's screens."""
    from engines_core import tomoko as T
    from firmware import tomoko_screens as TS
    return {TS.BALL[T.DARK], TS.BALL[T.LIGHT]}


def card_area(app):
    """The colours in Tomoko's card column (x 13-15, y 0-10)."""
    return region_colours(app.hal.display, 13, 0, 3, 11)


MASH = ("UP", "DOWN", "LEFT", "RIGHT", "A", "A", "A", "B")


def mash_to_the_end(app, run, rng, limit=6000, buttons=MASH, other=None):
    """A person pressing buttons at random whenever the game waits for one,
    until the game screen is left or `limit` steps have passed. When no
    person is asked, `other(play)` may name a script to run instead of
    waiting (e.g. A to close a summary). Returns the game screen."""
    from firmware.play import PlayScreen, HUMAN, PASS
    play = app.screen
    steps = 0
    while isinstance(app.screen, PlayScreen) and steps < limit:
        if play.phase in (HUMAN, PASS):
            script = rng.choice(buttons)
        else:
            script = other(play) if other is not None else None
        if script:
            run.run(script)
        else:
            run.advance(200)
        steps += 1
    return play


def read_text(display, x, y, colour):
    """The 3x5-font characters drawn in `colour` from (x, y) rightwards, one
    every font.ADVANCE LEDs, until a blank cell ("" if none; "?" for a
    pattern that is no glyph)."""
    from firmware import font
    by_glyph = {}
    for ch in font.GLYPHS:
        by_glyph.setdefault(font.glyph(ch), ch)
    out = ""
    while x + font.W <= 16:
        g = 0
        for row in range(font.H):
            for col in range(font.W):
                g = (g << 1) | (1 if display.get(x + col, y + row) == colour else 0)
        if not g:
            break
        out += by_glyph.get(g, "?")
        x += font.ADVANCE
    return out


def first_lit_x(display, y, h, colour):
    """The leftmost column with an LED of `colour` in rows y..y+h-1 (None)."""
    for x in range(16):
        for row in range(y, y + h):
            if display.get(x, row) == colour:
                return x
    return None


def tomoe_session(seats=("human", "human"), state=None, variant="standard", seed=3):
    """A Tomoe session: a new game, or one playing `state` (a Tomoe)."""
    s = Session("tomoe", list(seats), variant, seed)
    if state is not None:
        s.state = state
    return s

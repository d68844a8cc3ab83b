"""Drive the firmware in CPython: fake clock, memory storage, scripted buttons."""

from firmware.main import boot
from firmware.session import Session
from simulator.headless import ScriptRunner
from simulator.sim_hal import make_hal


def app_with(session=None, storage=None):
    hal = make_hal(fake_clock=True)
    if storage is not None:
        hal.storage = storage
    app = boot(hal, session)
    return app, ScriptRunner(app, frames_dir="/tmp/unused-frames")


def tomoko_session(seats=("human", "normal"), variant="standard", seed=3):
    return Session("tomoko", list(seats), variant, seed)


def region_colours(display, x0, y0, w, h):
    return {display.get(x, y) for x in range(x0, x0 + w) for y in range(y0, y0 + h)}

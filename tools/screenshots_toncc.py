"""Tóncc screenshots for the README (python -m tools.screenshots --games toncc).

Drives the firmware headless with a fake clock, as a person would: the
person's movements are the ones the `normal` computer player would choose,
entered with the D-pad and A.
"""


def _walk(run, app, action):
    """Walk the cursor on the 3x2 grid of movements to `action`."""
    from firmware import toncc_screens as S
    ui = app.screen.ui
    seat = app.screen.seat
    row, col = S.grid_of(action)
    while S.grid_of(ui.cursor[seat])[0] < row:
        run.run("DOWN")
    while S.grid_of(ui.cursor[seat])[0] > row:
        run.run("UP")
    run.run("RIGHT" if col else "LEFT")


def _until(run, test, limit=3000):
    """Advance 10 ms at a time until test() (a blink is on, say)."""
    for _ in range(limit // 10):
        if test():
            return
        run.advance(10)


def shots(out):
    from engines_core import players, toncc as T
    from engines_core.prng import Rng
    from firmware import palette, toncc_screens as S
    from firmware.session import Session
    from firmware.play import PlayScreen, HUMAN
    from tests.firmware_helpers import app_with
    paths = []

    app, run = app_with(Session("toncc", ["human", "normal", "hard"], "standard", 2024))
    run.frames_dir = out
    play = app.screen
    st = play.session.state
    d = app.hal.display
    took = set()
    turn = 0
    for _ in range(40000):
        if not isinstance(app.screen, PlayScreen):
            break
        ui = play.ui
        if ui.summary is not None and ui.reveal_at + S.REVEAL_MS + S.MOVE_MS <= app.now():
            if "kingdoms" not in took:
                run.advance(400)
                paths.append(run.shot("toncc-kingdoms"))
                run.run("A")
                _until(run, lambda: all(d.get(x, y) != palette.DIM for x in range(16) for y in (6, 15)))
                paths.append(run.shot("toncc-scores"))
                took.add("kingdoms")
            run.run("A")
            continue
        if play.phase != HUMAN:
            run.advance(30)
            continue
        turn += 1
        a = players.choose(st, "normal", Rng(turn))
        _walk(run, app, a)
        if st.moves == 4 and "board" not in took:
            target = T.dest(st.pos[play.seat], a)
            x, y = S.cell_xy(target)
            kx, ky = S.cell_xy(st.pos[play.seat])
            hair = S.king_colours(st.kings[play.seat])[0]
            _until(run, lambda: d.get(x, y) == palette.WHITE and d.get(kx + 1, ky) == hair)
            paths.append(run.shot("toncc-board"))
            run.run("B")
            run.advance(100)
            paths.append(run.shot("toncc-facts"))  # every Region's symbol colour
            run.run("RIGHT")
            run.advance(100)
            paths.append(run.shot("toncc-facts-shape"))
            run.run("B")
            place = st.layout[target]
            mx, my = S.map_xy(place)
            _until(run, lambda: d.get(mx, my) == palette.WHITE)
            paths.append(run.shot("toncc-map"))
            run.run("B")
            run.advance(100)
            paths.append(run.shot("toncc-region"))
            run.run("B")
            took.add("board")
            run.run("A")
            # The reveal: every King's target at once.
            _until(run, lambda: st.moves == 5, 5000)
            run.advance(300)
            paths.append(run.shot("toncc-reveal"))
            continue
        run.run("A")
        if "kingdoms" in took:
            break
    return paths

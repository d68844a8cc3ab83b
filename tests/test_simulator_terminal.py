"""The simulator in a terminal: quitting, keys, drawing."""

import pytest

from simulator import terminal


def test_ctrl_c_quits_without_a_traceback(monkeypatch, tmp_path, capsys):
    """Ctrl-C in the terminal (or the window) printed a KeyboardInterrupt
    traceback over the game."""
    import simulator.__main__ as cli
    monkeypatch.setattr(cli, "_terminal_problem", lambda: None)

    def interrupted(app):
        raise KeyboardInterrupt
    monkeypatch.setattr(terminal, "run", interrupted)
    try:
        status = cli.main(["--terminal", "--storage", str(tmp_path)])
    except KeyboardInterrupt:  # not raised: it would stop the whole test run
        pytest.fail("Ctrl-C ended in a KeyboardInterrupt traceback")
    assert status == 130
    assert "Traceback" not in capsys.readouterr().err


def test_terminal_output_redirected_is_refused(monkeypatch, tmp_path, capsys):
    """`./tools/play --terminal > file` (the keyboard a terminal, the output
    not) wrote escape codes into the file until killed."""
    import os
    import sys
    import simulator.__main__ as cli
    from tests.conftest import usage_error
    master, slave = os.openpty()
    monkeypatch.setattr(sys, "stdin", os.fdopen(slave, "r"))
    ran = []
    monkeypatch.setattr(terminal, "run", ran.append)  # never the endless run
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    cases = [(["--terminal"], "error: --terminal: standard output is not a terminal")]
    if sys.platform != "darwin":  # where there is always a display
        cases.append(([], "needs a terminal or a display: no display (DISPLAY and "
                          "WAYLAND_DISPLAY are not set), and standard output is not a terminal"))
    try:
        for argv, message in cases:
            assert message in usage_error(capsys, cli.main, argv + ["--storage", str(tmp_path)])
    finally:
        sys.stdin.close()
        os.close(master)
    assert ran == []


def run_in_pty(monkeypatch, app, keys=b"", later=None, cols=80, rows=24, steps=10,
               early=b"", errors=None):
    """terminal.run(app) on a pseudo-terminal of cols x rows; `early` typed
    before it starts, `keys` in its first step, `later` ({step: bytes}) in
    others; it stops after `steps` steps. An exception it raises goes into
    the list `errors` if given. Returns what it wrote, the terminal's modes
    before and after, and how many steps ran."""
    import fcntl
    import os
    import struct
    import sys
    import termios
    import threading
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    before = termios.tcgetattr(slave)
    out = bytearray()

    def drain():
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:  # the other end closed
                return
            if not data:
                return
            out.extend(data)
    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    monkeypatch.setattr(sys, "stdin", os.fdopen(os.dup(slave), "r"))
    monkeypatch.setattr(sys, "stdout", os.fdopen(os.dup(slave), "w", encoding="utf-8"))
    typed = {1: keys, **(later or {})}
    count = [0]
    real_step = app.step

    def step():
        count[0] += 1
        os.write(master, typed.get(count[0], b""))
        if count[0] >= steps:
            app.running = False
        real_step()
    monkeypatch.setattr(app, "step", step)
    os.write(master, early)
    try:
        terminal.run(app)
    except Exception as e:
        if errors is None:
            raise
        errors.append(e)
    after = termios.tcgetattr(slave)
    sys.stdout.flush()
    sys.stdin.close()
    sys.stdout.close()
    os.close(slave)
    reader.join(5)
    os.close(master)
    return bytes(out).decode("utf-8"), (before, after), count[0]


def menu_app():
    from hal.clock import TicksClock
    from tests.firmware_helpers import app_with
    app, _ = app_with()
    app.hal.clock = TicksClock()
    return app


def test_quitting_leaves_the_terminal_as_it_was(monkeypatch):
    """Echo and line editing come back, and the shell's screen: the game is
    drawn on the alternate screen (it used to be left over the shell's
    lines, the prompt below it)."""
    app = menu_app()
    text, (before, after), steps = run_in_pty(monkeypatch, app, keys=b"q")
    assert steps == 2 and after == before
    assert text.startswith("\x1b[?1049h\x1b[?25l")  # before anything is drawn
    assert text.endswith("\x1b[0m\x1b[?25h\x1b[?1049l")
    assert text.count("\x1b[?1049h") == 1 and "▀" in text


def test_a_crash_leaves_the_terminal_as_it_was(monkeypatch):
    """A firmware bug mid-game: the terminal echoes again and its traceback
    goes to the shell's screen, not the alternate one."""
    app = menu_app()
    real_step = app.step
    calls = [0]

    def bug():
        calls[0] += 1
        if calls[0] == 3:
            raise RuntimeError("a firmware bug")
        real_step()
    monkeypatch.setattr(app, "step", bug)
    errors = []
    text, (before, after), _ = run_in_pty(monkeypatch, app, errors=errors)
    assert [str(e) for e in errors] == ["a firmware bug"]
    assert after == before and text.endswith("\x1b[0m\x1b[?25h\x1b[?1049l")


def test_keys_typed_while_it_starts_are_kept(monkeypatch):
    """Keys typed while the simulator loaded (a q, an arrow) were thrown
    away when the terminal was switched to reading single keys."""
    app = menu_app()
    text, _, steps = run_in_pty(monkeypatch, app, early=b"q", steps=5)
    assert steps == 1


def test_caps_lock_and_other_arrow_codes(monkeypatch):
    """With Caps Lock Q did not quit (nor Z, X, M act); ESC O A (arrows in
    application mode) and Ctrl+arrows were read as Esc, the pause."""
    assert terminal.split_keys("ZXMQ") == (["z", "x", "m", "q"], "")
    assert terminal.split_keys("\x1bOA\x1b[1;5B\x1b[15~\x1b[C") == (
        ["\x1b[A", "\x1b[B", "\x1b[15~", "\x1b[C"], "")
    assert terminal.split_keys("\x1bz") == (["\x1b", "z"], "")
    app = menu_app()
    text, _, steps = run_in_pty(monkeypatch, app, keys=b"Q", steps=5)
    assert steps == 2


def menu_app_logging_events(monkeypatch):
    """The menu app and the list every button event it reads goes into."""
    app = menu_app()
    got = []
    real_events = app.hal.buttons.events

    def events(now):
        out = real_events(now)
        got.extend(out)
        return out
    monkeypatch.setattr(app.hal.buttons, "events", events)
    return app, got


def test_an_arrow_cut_between_two_reads_is_an_arrow(monkeypatch):
    """ESC [ A arriving in two pieces (a slow link) paused the game: the
    ESC was taken for the Esc key."""
    from hal import buttons as B
    assert terminal.split_keys("x\x1b[") == (["x"], "\x1b[")
    app, got = menu_app_logging_events(monkeypatch)
    run_in_pty(monkeypatch, app, keys=b"\x1b", later={2: b"[B"}, steps=8)
    assert B.event(B.PRESS, B.DOWN) in got
    assert B.event(B.PRESS, B.MENU) not in got


def test_a_lone_esc_is_still_the_menu_button(monkeypatch):
    from hal import buttons as B
    app, got = menu_app_logging_events(monkeypatch)
    run_in_pty(monkeypatch, app, keys=b"\x1b", steps=8)
    assert B.event(B.PRESS, B.MENU) in got


def test_a_terminal_too_small_for_the_frame_says_what_it_needs(monkeypatch):
    """A 16x16 frame takes 32 columns and 9 rows: in 8 rows every frame
    scrolled the terminal one more line; --size 64x64 in 24 rows, 28."""
    app = menu_app()
    text, _, _ = run_in_pty(monkeypatch, app, rows=8, cols=80)
    assert "▀" not in text and "make the terminal at least 32x9 (it is 80x8)" in text
    app = menu_app()
    text, _, _ = run_in_pty(monkeypatch, app, rows=9, cols=32)
    frame = text.rsplit("\x1b[H", 1)[1].split("\x1b[0m\x1b[?25h")[0]  # the last one
    assert frame.count("\n") == 8 and frame.count("▀") == 16 * 8 * 2
    assert len(frame.rsplit("\n", 1)[1]) < 32 + len("\x1b[0m\x1b[K")


def test_the_same_frame_is_not_sent_again(monkeypatch):
    """Each frame went out every 30 ms, changed or not, about 10 KB each:
    300 KB a second over SSH for a still screen."""
    app = menu_app()
    monkeypatch.setattr(app, "step", lambda: None)  # nothing changes
    text, _, _ = run_in_pty(monkeypatch, app, steps=10)
    assert text.count("\x1b[H") == 1
    black = terminal.frame_text(bytes(16 * 16 * 3), 16, 16, 100)
    assert len("".join(black)) < 8 * 100

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

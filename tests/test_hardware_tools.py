"""tools/flash, package.json, CircuitPython's boot.py, and the hardware docs."""

import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

import pytest

import boards
from tests.conftest import usage_error
from tests.hw_helpers import fake_modules
from tools import flash
from tools.build_mpy import DEVICE_PACKAGES, device_sources

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_flash_dry_run_for_micropython_prints_one_mpremote_session(capsys, tmp_path,
                                                                 monkeypatch):
    out = str(tmp_path / "bundle")
    os.makedirs(os.path.join(out, "hal"))
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(tempfile, "tempdir", None)  # so TMPDIR counts
    assert flash.main(["--board", "esp32s3_devkitc", "--port", "/dev/ttyACM0", "--dry-run",
                       "--out", out]) == 0
    text = capsys.readouterr().out
    assert "python -m tools.build_mpy --out" in text
    assert "mpremote connect /dev/ttyACM0 resume exec " in text
    cmd = text.splitlines()[-1]
    assert " fs cp -r %s/engines_core %s/hal " % (out, out) in cmd and "/device : + " in cmd
    assert "fs cp %s/main.py :main.py" % out in cmd
    assert cmd.endswith(" + reset")
    assert not os.listdir(os.path.join(out, "hal"))  # nothing was built or copied
    assert os.listdir(str(tmp_path)) == ["bundle"]  # and no temporary folder is left


def test_the_printed_mpremote_command_can_be_run_again(capsys, tmp_path, monkeypatch):
    """The maker may run the line --dry-run prints: it names nothing but the
    bundle (it named a temporary tomo_board.txt, deleted as it returned),
    and its own step writes the board's name to tomo_board.txt."""
    out = str(tmp_path / "bundle")
    os.makedirs(out)
    assert flash.main(["--board", "pico", "--dry-run", "--out", out]) == 0
    text = capsys.readouterr().out
    words = shlex.split(text[text.index("\nmpremote "):])  # one command (on several lines)
    assert words[:2] == ["mpremote", "resume"]
    steps = [[]]
    for word in words[1:]:
        if word == "+":
            steps.append([])
        else:
            steps[-1].append(word)
    for step in steps:
        if step[:2] == ["fs", "cp"]:
            for path in step[2:]:
                assert path == "-r" or path.startswith(":") or path.startswith(out + "/"), path
    writes = [s for s in steps if s[0] == "exec" and "tomo_board.txt" in s[1]]
    assert len(writes) == 1 and steps[-1] == ["reset"]
    monkeypatch.chdir(tmp_path)
    exec(writes[0][1], {})  # noqa: S102 - as the board would
    assert (tmp_path / "tomo_board.txt").read_text() == "pico\n"


def test_flash_command_copies_the_bundle_and_names_the_board(tmp_path):
    board = boards.load("pico")
    cmd = flash.micropython_commands(None, board, "/b")
    assert cmd[:3] == ["mpremote", "resume", "exec"]
    steps = []
    for word in cmd[1:]:
        if word == "+" or not steps:
            steps.append([])
        if word != "+":
            steps[-1].append(word)
    assert [s[:2] for s in steps] == [["resume", "exec"], ["fs", "cp"], ["fs", "cp"],
                                      ["exec", flash.config_code("pico")], ["reset"]]
    assert steps[1][2] == "-r" and steps[1][-1] == ":"
    assert steps[1][3:-1] == ["/b/" + p for p in DEVICE_PACKAGES]
    assert steps[2][2:] == ["/b/main.py", ":main.py"]


def flash_usage_error(capsys, *argv):
    """./tools/flash's main(argv) refusing: its one error line."""
    return usage_error(capsys, flash.main, argv)


def test_flash_refuses_a_board_of_another_platform(capsys):
    assert "board feather_rp2040 is for circuitpython, not micropython" in flash_usage_error(
        capsys, "--board", "feather_rp2040", "--dry-run")
    assert "bad board name 'Not A Board'" in flash_usage_error(
        capsys, "--board", "Not A Board", "--dry-run")


def test_flash_checks_the_board_file_first(capsys, monkeypatch):
    """docs/hardware.md: `./tools/flash --board myboard` checks the file first."""
    assert "unknown board 'nosuch': there is no boards/nosuch.py (have: pico" in \
        flash_usage_error(capsys, "--board", "nosuch", "--dry-run")
    broken = type(sys)("boards.zz_broken")
    broken.PIXEL_PIN, broken.WIDTH = 0, 8
    monkeypatch.setitem(sys.modules, "boards.zz_broken", broken)
    assert "--board: boards/zz_broken.py: the matrix must be at least 16x16" in flash_usage_error(
        capsys, "--board", "zz_broken", "--dry-run")


@pytest.mark.parametrize("board,change,message", [
    ("pico", ("PIXEL_PIN = 28", "PIXEL_PIN = GP16"),
     "--board: boards/zz_mine.py line 19: NameError: name 'GP16' is not defined (pins are "
     "numbers on MicroPython, 28 for GP28"),
    ("pico", ("WIDTH = 16", 'WIDTH = "16"'),
     "--board: boards/zz_mine.py: WIDTH must be a whole number (int), not '16'"),
    ("pico", ("PIXEL_PIN = 28", 'PIXEL_PIN = "16"'),
     "--board: boards/zz_mine.py: PIXEL_PIN must be a pin number (int), like 28 for GP28, "
     "not '16'"),
    ("pico", ("BUZZER_PIN = 15", "BUZZER_PIN = 1 / 0"),
     "--board: boards/zz_mine.py line 41: ZeroDivisionError: division by zero"),
    ("feather_rp2040", ('PIXEL_PIN = "D5"', "PIXEL_PIN = D5"),
     "--board: boards/zz_mine.py line 14: NameError: name 'D5' is not defined (pin names "
     'and other words go in quotes: "D5")'),
    ("feather_rp2040", ('PIXEL_PIN = "D5"', "PIXEL_PIN = 5"),
     '--board: boards/zz_mine.py: PIXEL_PIN must be a pin name in quotes, like "D5", not 5'),
])
def test_a_broken_board_file_is_one_line_naming_the_file(capsys, tmp_path, monkeypatch,
                                                         board, change, message):
    """docs/hardware.md: a mistake in a board file "is reported in one line
    before anything is built or copied" - not a traceback, and not only on
    the device (a pin of the wrong kind loads here but fails there)."""
    src = open(os.path.join(ROOT, "boards", board + ".py")).read()
    assert change[0] in src
    (tmp_path / "zz_mine.py").write_text(src.replace(change[0], change[1]))
    monkeypatch.setattr(boards, "__path__", list(boards.__path__) + [str(tmp_path)])
    monkeypatch.delitem(sys.modules, "boards.zz_mine", raising=False)
    try:
        argv = ["--board", "zz_mine", "--dry-run"]
        if board == "feather_rp2040":
            argv += ["--circuitpython", str(tmp_path)]
        line = flash_usage_error(capsys, *argv)
    finally:
        sys.modules.pop("boards.zz_mine", None)
    assert message in line, line


# One value of the wrong type per setting (pins: the other platform's kind).
WRONG_TYPES = [
    ("NAME", 5), ("DESCRIPTION", None), ("PLATFORM", 1), ("DETECT", "Raspberry Pi Pico"),
    ("PIXEL_PIN", "28"), ("WIDTH", "16"), ("HEIGHT", 16.0), ("FIRST_LED", 0), ("STRIPS", None),
    ("SERPENTINE", "False"), ("ROTATION", "90"), ("FLIP_X", 0), ("FLIP_Y", "yes"),
    ("COLOR_ORDER", 123), ("MAX_BRIGHTNESS", 50.0), ("POWER_BUDGET_MA", "500"),
    ("LED_MA_PER_CHANNEL", 20.5), ("LED_IDLE_MA", "1"), ("BUTTONS", [2, 3, 4, 5, 6, 7]),
    ("BUTTON_PULL", True), ("BUTTON_ACTIVE", "0"), ("BUTTON_SCAN_MS", 5.0),
    ("BUZZER_PIN", "GP15"), ("BUZZER_MAX_DUTY", "50"), ("WATCHDOG_MS", 8e3),
    ("WATCHDOG_PATIENCE_S", "60"), ("TIMER_ID", None), ("STORAGE", b"/tomo"),
]


def test_every_setting_of_the_wrong_type_is_refused_by_name():
    """Each setting the backends use is checked for its type when the board
    loads (tools/flash and the device alike), with the setting's name."""
    assert sorted(k for k, _ in WRONG_TYPES) == sorted(k for k, _ in boards.DEFAULTS)
    pico = boards.load("pico")
    for key, value in WRONG_TYPES:
        settings = {k: getattr(pico, k) for k, _ in boards.DEFAULTS}
        settings[key] = value
        with pytest.raises(ValueError, match=r"^board \S+: %s " % key):
            boards.Board(settings, "pico")
    # A button's pin, by its name; on CircuitPython a pin is a name in quotes.
    settings = {k: getattr(pico, k) for k, _ in boards.DEFAULTS}
    settings["BUTTONS"] = dict(settings["BUTTONS"], A="GP6")
    with pytest.raises(ValueError, match=r'BUTTONS\["A"\] must be a pin number \(int\)'):
        boards.Board(settings, "pico")
    feather = boards.load("feather_rp2040")
    settings = {k: getattr(feather, k) for k, _ in boards.DEFAULTS}
    settings["BUZZER_PIN"] = 26
    with pytest.raises(ValueError, match='BUZZER_PIN must be a pin name in quotes, like "D5"'):
        boards.Board(settings, "feather_rp2040")


@pytest.mark.parametrize("argv,message", [
    (["--port", "", "--dry-run"], "--port is empty"),
    (["--out", "{tmp}/none", "--no-build", "--dry-run"], "--no-build: no bundle in {tmp}/none "
                                                          "(engines_core, hal"),
    (["--out", "{tmp}/file", "--dry-run"], "--out: {tmp}/file is not a folder"),
    (["--mpy-cross", "mpy-cross", "--dry-run"], "--mpy-cross is for --circuitpython"),
    (["--circuitpython", "{tmp}", "--port", "/dev/ttyACM0"], "--port is for MicroPython"),
    (["--circuitpython", "{tmp}", "--no-build"], "--no-build is for MicroPython"),
    (["--circuitpython", "{tmp}/none"], "{tmp}/none is not a folder: is the CIRCUITPY drive"),
    (["--circuitpython", "{tmp}", "--mpy-cross", "{tmp}/none", "--dry-run"],
     "--mpy-cross: no program {tmp}/none"),
    (["--package-json", "--dry-run"], "--package-json only rewrites package.json: drop --dry-run"),
])
def test_flash_refuses_bad_paths_and_options_that_do_not_apply(capsys, tmp_path, argv, message):
    (tmp_path / "file").write_text("x")
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert message.replace("{tmp}", str(tmp_path)) in flash_usage_error(capsys, *argv)


def test_flash_refuses_a_serial_port_that_is_not_there(capsys, monkeypatch, tmp_path):
    """A real run stops before building anything; --dry-run prints the steps
    for a board not plugged in yet."""
    monkeypatch.setattr(flash.shutil, "which", lambda name: "/usr/bin/" + name)
    monkeypatch.setattr(flash, "build", lambda *a, **k: pytest.fail("built"))
    port = str(tmp_path / "ttyACM9")
    assert "--port: no device %s: is the board plugged in?" % port in flash_usage_error(
        capsys, "--port", port)
    monkeypatch.setattr(flash.shutil, "which", lambda name: None)
    assert "mpremote is not installed" in flash_usage_error(capsys, "--port", port)


def test_the_cleanup_run_on_the_board_keeps_the_saves(tmp_path):
    for p in DEVICE_PACKAGES + ("tomo",):
        os.makedirs(tmp_path / p / "sub")
        (tmp_path / p / "sub" / "x.mpy").write_bytes(b"x")
    (tmp_path / "main.py").write_text("old")
    namespace = {}
    exec(flash.clean_code(str(tmp_path) + "/"), namespace)  # noqa: S102 - a test
    assert sorted(os.listdir(tmp_path)) == ["main.py", "tomo"]
    assert (tmp_path / "tomo" / "sub" / "x.mpy").exists()


def test_flash_to_a_circuitpython_drive(tmp_path, capsys):
    drive = tmp_path / "CIRCUITPY"
    (drive / "hal").mkdir(parents=True)
    (drive / "hal" / "stale.py").write_text("old")
    (drive / "tomo").mkdir()
    (drive / "tomo" / "game0.sav").write_bytes(b"keep")
    assert flash.main(["--circuitpython", str(drive)]) == 0
    for rel in device_sources():
        assert (drive / rel).read_bytes() == open(os.path.join(ROOT, rel), "rb").read()
    assert not (drive / "hal" / "stale.py").exists()
    assert (drive / "tomo" / "game0.sav").read_bytes() == b"keep"
    assert "from device.start import main" in (drive / "code.py").read_text()
    assert "storage.remount" in (drive / "boot.py").read_text()
    assert "class NeoPixel" in (drive / "lib" / "neopixel.py").read_text()
    assert (drive / "tomo_board.txt").read_text().strip() == "feather_rp2040"
    # Only a reset runs boot.py (the drive writable for saves): the last
    # words must ask for it, as docs/hardware.md does.
    out = capsys.readouterr()
    last = out.out.splitlines()[-1]
    assert "Eject the drive and press RESET" in last, last
    # Sources, not .mpy: said clearly, first and last (the larger games may
    # not fit in the RAM of an RP2040 board); it used to copy them silently.
    err = out.err.splitlines()
    assert err[0].startswith("WARNING: copying .py sources") and "--mpy-cross" in err[0]
    assert err[1].startswith("WARNING: copied .py sources")
    assert "NO MEMORY FOR THIS GAME" in out.err and err[-1].strip().startswith("board's")
    assert "--mpy-cross PATH" in out.err


def fake_mpy_cross(path, log):
    """An executable that writes what mpy-cross would (-o OUT ... SRC) and
    logs each run."""
    path.write_text("#!%s\nimport sys\nopen(%r, 'a').write(' '.join(sys.argv[1:]) + '\\n')\n"
                    "a = sys.argv\nopen(a[a.index('-o') + 1], 'wb').write(b'M' + "
                    "open(a[-1], 'rb').read()[:8])\n" % (sys.executable, str(log)))
    path.chmod(0o755)
    return str(path)


def test_flash_mpy_cross_must_be_executable(capsys, tmp_path, monkeypatch):
    """A copy without its x bit passed the check, then the build stopped
    half-way with PermissionError."""
    monkeypatch.setattr(flash, "build", lambda *a, **k: pytest.fail("built"))
    prog = fake_mpy_cross(tmp_path / "mpy-cross", tmp_path / "log")
    (tmp_path / "mpy-cross").chmod(0o644)
    assert "--mpy-cross: %s is not executable (chmod +x %s)" % (prog, prog) in \
        flash_usage_error(capsys, "--circuitpython", str(tmp_path), "--mpy-cross", prog)
    assert "is not executable" in flash_usage_error(
        capsys, "--circuitpython", str(tmp_path), "--mpy-cross", prog, "--dry-run")


def test_flash_dry_run_with_mpy_cross_prints_the_compile_and_builds_nothing(
        capsys, tmp_path, monkeypatch):
    """--dry-run "prints the steps, changes nothing": it used to run the
    whole build into build/cpy."""
    out = tmp_path / "cpy"
    monkeypatch.setattr(flash, "CPY_OUT", str(out))
    log = tmp_path / "log"
    prog = fake_mpy_cross(tmp_path / "mpy-cross", log)
    drive = tmp_path / "CIRCUITPY"
    build = flash.build
    monkeypatch.setattr(flash, "build", lambda *a, **k: pytest.fail("built on a dry run"))
    assert flash.main(["--circuitpython", str(drive), "--mpy-cross", prog, "--dry-run"]) == 0
    monkeypatch.setattr(flash, "build", build)
    assert not log.exists() and not out.exists() and not drive.exists()
    lines = capsys.readouterr().out.splitlines()
    sources = device_sources()
    compiles = [line for line in lines if line.startswith(prog + " ")]
    assert compiles[0] == "%s -o %s/engines_core/__init__.mpy -s engines_core/__init__.py " \
        "%s/engines_core/__init__.py" % (prog, out, ROOT)
    assert len(compiles) == len(sources)
    for rel in sources:
        mpy = rel[:-3] + ".mpy"
        assert "cp %s/%s %s/%s" % (out, mpy, drive, mpy) in lines
    # The real run does what the dry run said, with no warning about sources.
    drive.mkdir()
    assert flash.main(["--circuitpython", str(drive), "--mpy-cross", prog]) == 0
    assert "WARNING" not in capsys.readouterr().err
    ran = [re.sub(r"/cpy\.build-\d+/", "/cpy/", line) for line in log.read_text().splitlines()]
    assert ran == [c.split(" ", 1)[1] for c in compiles]  # (built in a staging folder)
    for rel in sources:
        mpy = drive / (rel[:-3] + ".mpy")
        assert mpy.read_bytes() == b"M" + open(os.path.join(ROOT, rel), "rb").read()[:8]
        assert not (drive / rel).exists()


def test_tools_flash_is_an_executable_wrapper():
    path = os.path.join(ROOT, "tools", "flash")
    assert os.access(path, os.X_OK)
    text = open(path).read()
    assert "_env.sh" in text and "python -m tools.flash" in text
    r = subprocess.run([path, "--help"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "--circuitpython" in r.stdout and "--dry-run" in r.stdout


def test_the_lighter_set_up_groups_pin_what_the_tests_run_with():
    """./tools/flash sets up only the 'flash' group and ./tools/play the 'sim'
    group; ./tools/test installs 'dev'. Each pin of the lighter groups must
    be in 'dev' too, or a maker would flash with a version nobody tested."""
    from tools.deps import group
    dev = set(group("dev"))
    for name in ("flash", "sim"):
        pins = group(name)
        assert pins and all("==" in p for p in pins), pins
        assert set(pins) <= dev, (name, set(pins) - dev)
    assert "_env.sh\" flash" in open(os.path.join(ROOT, "tools", "flash")).read()


def test_package_json_lists_the_firmware_for_mip():
    """The committed package.json lists every committed file the device
    runs: a game whose screens are missing would silently drop out of the
    menu. Committed ones only, as ./tools/flash --package-json does: mip
    fetches from the repository, and a maker's uncommitted boards/myboard.py
    is neither there nor something the advice below could add."""
    with open(os.path.join(ROOT, "package.json")) as f:
        pkg = json.load(f)
    urls = pkg["urls"]
    targets = [t for t, _ in urls]
    for target, source in urls:
        assert target == source  # relative to package.json: survives forks
        assert os.path.exists(os.path.join(ROOT, source)), source
        assert target == "main.py" or target.split("/")[0] in DEVICE_PACKAGES
    assert "main.py" in targets
    tracked = flash._git_files()  # None outside a git checkout: every file
    wanted = [rel for rel in device_sources() if tracked is None or rel in tracked]
    missing = [rel for rel in wanted if rel not in targets]
    extra = [t for t in targets if t != "main.py" and t not in wanted]
    assert not missing and not extra, \
        "run ./tools/flash --package-json (missing %s, not committed or gone %s)" % (missing, extra)
    assert [[t, t] for t in wanted] + [["main.py", "main.py"]] == flash.package_json()["urls"]
    assert pkg["version"]


@pytest.mark.parametrize("held", [False, True])
def test_circuitpython_boot_py_gives_the_drive_to_the_game_unless_b_is_held(held,
                                                                         monkeypatch):
    src = open(os.path.join(ROOT, "circuitpython", "boot.py")).read()
    with fake_modules("circuitpython") as m:
        monkeypatch.setattr(sys.implementation, "name", "circuitpython")
        if held:
            m["fakehw"].drive("D24", 0)  # B on the Feather
        exec(compile(src, "boot.py", "exec"), {"__name__": "__main__"})  # noqa: S102
        remounts = m["storage"].remounts
    assert remounts == ([] if held else [("/", False)])


def test_the_hardware_page_documents_every_board_and_setting():
    text = open(os.path.join(ROOT, "docs", "hardware.md")).read()
    for key, _ in boards.DEFAULTS:
        assert "`%s`" % key in text, key
    for name in boards.KNOWN:
        assert "boards/%s.py" % name in text
    for word in ("330 ohm", "1000 uF", "15 A", "level shift", "UF2", "mpremote",
                 "./tools/flash", "watchdog", "mip"):
        assert word.lower() in text.lower(), word


def test_every_mpremote_command_in_the_docs_resumes():
    """mpremote soft-resets the board before most commands unless told
    `resume`; an ESP32 keeps its watchdog across a soft reset but loses the
    timer that feeds it, so it resets mid-command (docs/hardware.md's mip
    update lacked it). Every command in the docs that touches the board
    (all but `repl` and `devs`) says `resume` first, as ./tools/flash does."""
    found = []
    for rel in ("README.md", "docs/hardware.md", "docs/reliability.md"):
        text = open(os.path.join(ROOT, rel)).read()
        blocks = "\n".join(re.findall(r"^```.*?^```", text, re.M | re.S))
        for cmd in re.findall(r"`(mpremote\b[^`]*)`", re.sub(r"^```.*?^```", "", text,
                                                                flags=re.M | re.S)) + \
                re.findall(r"^\s*(mpremote\b.*)$", blocks, re.M):
            words = cmd.split()
            if words[1:2] == ["connect"]:
                words = words[2:]
            else:
                words = words[1:]
            if not words or words[0] in ("repl", "devs"):
                continue
            found.append((rel, cmd))
            assert words[0] == "resume", "%s: %s" % (rel, cmd)
    assert any("mip install" in cmd for _, cmd in found)

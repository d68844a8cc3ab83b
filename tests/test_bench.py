"""Smoke test: the benchmark tool runs and reports every figure (tiny counts)."""

import json

import pytest

from tools import bench, bench_doc, bench_frame, mpy_check
from tests.conftest import usage_error

pytestmark = pytest.mark.mpy


def test_bench_quick_smoke():
    r = bench.run(["tomoko"], quick=True)
    json.dumps(r)  # serialisable
    cal = r["calibration"]
    assert 500 < cal["fuel_per_loop"] < 5000
    # platform.md: the loop "costs about 856 units of fuel per iteration in
    # this runtime" - the package's own build, which our GC-safe one outcosts.
    assert abs(cal["fuel_per_loop_original"] - 856) < 20
    assert cal["gc_safe_factor"] > 1
    t = r["games"]["tomoko"]
    assert t["heap_engine_kb"] and t["heap_firmware_kb"] >= t["heap_engine_kb"]
    for level in ("easy", "normal", "hard"):
        f = t["fuel"][level]
        assert f["moves"] > 0 and f["median"] <= f["p95"] <= f["max"]
    assert t["frame"]["draw_fuel"] > 0
    assert t["startup"]["boot_fuel"] > 0 and t["startup"]["open_fuel"] > 0
    assert t["speed"]["playouts_per_s"] > 0 and t["speed"]["state_bytes_max"] > 0
    assert len(t["win_rates"]) == len(bench.PAIRS)
    doc = bench_doc.render(r)
    assert "| tomoko | normal |" in doc and "Calibration" in doc
    assert "## Start-up" in doc and "| tomoko | error" not in doc


def test_smallest_heap_bisects():
    assert bench.smallest_heap(lambda h: h >= 37, lo=8, hi=512, step=4) == 40
    assert bench.smallest_heap(lambda h: False, lo=8, hi=64, step=4) is None


def test_smallest_heap_is_one_from_which_every_size_up_runs():
    # Near the limit a game may fit in one size and not in the next: 36 is
    # the answer, not the lucky 20 the bisection lands on.
    tried = []
    assert bench.smallest_heap(lambda h: tried.append(h) or h == 20 or h >= 36,
                               lo=8, hi=64, step=4) == 36
    assert 20 in tried and 24 in tried


def test_playouts_play_the_same_games_every_time(capsys):
    """--playouts times a fixed set of games: two runs play the same moves
    (so two versions of an engine can be compared on equal work)."""
    assert bench.main(["--playouts", "3", "--games", "tomoko,tokkome"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert [r["game"] for r in first] == ["tomoko", "tokkome"]
    again = bench.fixed_playouts("tomoko", 3)
    assert again["moves"] == first[0]["moves"] > 0
    assert first[0]["games"] == 3 and first[0]["first_seed"] == 5000
    assert first[0]["playouts_per_s"] > 0


@pytest.mark.parametrize("argv,message", [
    (["--playouts", "3", "--write-doc"], "--playouts times playouts only"),
    (["--playouts", "0"], "--playouts must be at least 1"),
    (["--game", "chess"], "--games: unknown game 'chess'"),
    (["--games", "tomoko,chess"], "--games: unknown game 'chess'"),
    (["--quick", "--write-doc"], "--quick is only a smoke run"),
    (["--games", "tomoe", "--write-doc"], "leave out --games"),
    (["--duel-games", "0"], "--duel-games must be at least 1"),
])
def test_bench_bad_arguments_are_a_usage_error(capsys, argv, message):
    assert message in usage_error(capsys, bench.main, argv)


def test_bench_frame_has_help_and_refuses_unknown_options(capsys):
    with pytest.raises(SystemExit) as e:
        bench_frame.main(["--help"])
    assert e.value.code == 0 and "LED output stage" in capsys.readouterr().out
    with pytest.raises(SystemExit) as e:
        bench_frame.main(["--bogus"])
    assert e.value.code == 2 and "unrecognized arguments: --bogus" in capsys.readouterr().err


@pytest.mark.parametrize("argv,message", [
    (["--heap", "lots"], "--heap: 'lots': not a size; give bytes, or kilobytes or megabytes "
                         "with k or m, e.g. 64k"),
    (["--heap", "1k"], "heap below 4k"),
    (["--game", "chess"], "unknown game 'chess'"),
    (["--seats", "ai,human"], "computer seats only"),
    (["--seats", "ai,robot"], "unknown seat 'robot'"),
    (["--seats", "ai"], "tomoko takes 2-4 players, not 1"),
    (["--players", "9"], "tomoko takes 2-4 players, not 9"),
    (["--players", "3", "--seats", "ai,ai"], "--players 3 but --seats names 2 seats"),
    (["--variant", "weird"], "--variant: unknown tomoko variant"),
])
def test_mpy_check_bad_arguments_are_a_usage_error(capsys, argv, message):
    """Refused before MicroPython starts: exit 2 and one line saying what is wrong."""
    if "--game" not in argv:
        argv = ["--game", "tomoko"] + argv
    assert message in usage_error(capsys, mpy_check.main, argv)

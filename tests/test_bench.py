"""Smoke test: the benchmark tool runs and reports every figure (tiny counts)."""

import json

import pytest

from tools import bench, bench_doc, bench_frame, bench_heap, bench_stats, mpy_check
from tests.conftest import usage_error

pytestmark = pytest.mark.mpy


@pytest.fixture(scope="module")
def quick_result():
    return bench.run(["tomoko"], quick=True)


def test_bench_quick_smoke(quick_result, tmp_path):
    r = quick_result
    json.dumps(r)  # serialisable
    cal = r["calibration"]
    assert 500 < cal["fuel_per_loop"] < 5000
    # platform.md: the loop "costs about 856 units of fuel per iteration in
    # this runtime" - the package's own build, which our GC-safe one outcosts.
    assert abs(cal["fuel_per_loop_original"] - 856) < 20
    assert cal["gc_safe_factor"] > 1
    t = r["games"]["tomoko"]
    heap = t["heap"]
    for level in ("normal", "hard"):
        engine, harness = (heap[k][level] for k in ("engine", "firmware"))
        assert engine["kb"] and harness["kb"] >= engine["kb"]
    # the device path is measured for hard seats only (their searches need the
    # most): the board's own modules are in the heap too, the fakes counted apart
    device, harness = heap["device"]["hard"], heap["firmware"]["hard"]
    assert device["kb"] >= harness["kb"] and 0 < device["fakes_bytes"] < 16 * 1024
    for level in ("easy", "normal", "hard"):
        f = t["fuel"][level]
        assert f["moves"] > 0 and f["median"] <= f["p95"] <= f["max"]
        assert f["median_ci"][0] <= f["median"] <= f["median_ci"][1]
    assert t["fuel"]["hard"]["budget"] == bench.BUDGET["hard"]
    assert t["frame"]["draw_fuel"] > 0
    assert t["startup"]["boot_fuel"] > 0 and t["startup"]["open_fuel"] > 0
    assert t["speed"]["playouts_per_s"] > 0 and t["speed"]["state_bytes_max"] > 0
    assert len(t["win_rates"]) == len(bench.PAIRS)
    assert all(d["first_seed"] == bench.FULL["duel_first_seed"] for d in t["win_rates"])
    assert [d["a"] for d in t["reference"]] == ["easy", "normal", "hard"]
    assert all(d["b"] == bench.QUICK["reference"] for d in t["reference"])
    doc = bench_doc.render(r, docs=str(tmp_path))
    assert "| tomoko | normal |" in doc and "Calibration" in doc
    assert "## Start-up" in doc and "| tomoko | error" not in doc
    assert "### Against a reference player" in doc and "| tomoko | 2 | hard | ref:4 |" in doc
    assert "### Which boards it fits" in doc and "[95% interval]" in doc


def test_benchmark_seeds_are_away_from_the_tests_and_the_tuning():
    """Tests use small seeds and the players were tuned on duels from seed 0."""
    for key in ("fuel_seeds", "heap_seeds"):
        assert min(bench.FULL[key]) >= 1000
    assert len(bench.FULL["fuel_seeds"]) >= 40 and len(bench.FULL["heap_seeds"]) >= 30
    assert bench.FULL["duel_first_seed"] >= 1000 and bench.FULL["duel_games"] >= 400
    assert bench.FULL["heap_step"] == 1


def counting(ok):
    tried = []

    def runs(seed, kb):
        tried.append((seed, kb))
        return ok(seed, kb)
    return runs, tried


def test_seed_minimum_is_found_at_1kb_from_guesses_either_side():
    for lo, hi in ((16, 96), (60, 80), (10, 20)):  # right, both too high, both too low
        test = bench_heap.Seed(1, lambda seed, kb: kb >= 37)
        assert bench_heap.seed_minimum(test, lo, hi) == 37
        assert test.tried[36] is False and all(test.tried[k] for k in (37, 38, 39, 40))
    assert bench_heap.seed_minimum(bench_heap.Seed(1, lambda s, kb: False), 8, 64) is None


def test_a_failure_just_above_a_pass_moves_the_minimum_past_it():
    """issue 31: one seed "finishes at 58-60 KB, fails at 61 and passes from
    62 KB", which a 4 KB bisection cannot see."""
    test = bench_heap.Seed(7, lambda seed, kb: kb >= 58 and kb != 61)
    assert bench_heap.seed_minimum(test, 40, 80) == 62
    assert test.non_monotone() == [(58, 61)]


def test_survey_finds_the_worst_seed_and_checks_every_seed_at_the_figure():
    need = {0: 50, 4: 52, 1: 53, 3: 58, 2: 51}
    runs, tried = counting(lambda seed, kb: kb >= need[seed] and not (seed == 4 and kb == 58))
    out = bench_heap.survey(runs, list(need), 16, 96)
    # seed 4 finishes from 52 but not at 58, the worst seed's minimum: so 59
    assert (out["worst_seed"], out["worst_kb"], out["kb"]) == (3, 58, 59)
    assert [4, 52, 58] in out["non_monotone"]
    assert all((s, 59) in tried for s in need)
    assert out["at_most"] == {"2": 58}  # passed at the worst so far: not bisected
    assert len(tried) == len(set(tried)) == out["runs"]  # no size run twice


def test_the_device_path_takes_the_seeds_that_needed_the_most():
    """Seeds only run at the worst so far count after the measured ones (a
    survey's at_most seeds have no minimum: that was a KeyError)."""
    need = {0: 50, 1: 53, 2: 51, 3: 55, 4: 52}
    out = bench_heap.survey(lambda seed, kb: kb >= need[seed], list(need), 16, 96, exact=1)
    assert out["at_most"] == {"2": 53, "4": 55}
    assert bench.worst_seeds(out, 2) == [3, 1]
    assert bench.worst_seeds(out, 10) == [3, 1, 0, 4, 2]


def test_an_interrupted_survey_goes_on_from_its_run_log(tmp_path):
    path = str(tmp_path / "runs")
    need = {0: 40, 1: 44, 2: 41}
    runs, first = counting(lambda seed, kb: kb >= need[seed])
    a = bench_heap.survey(runs, list(need), 16, 96, runlog=bench_heap.RunLog(path))
    runs, again = counting(lambda seed, kb: kb >= need[seed])
    b = bench_heap.survey(runs, list(need), 16, 96, runlog=bench_heap.RunLog(path))
    assert a == b and first and again == []
    with open(path, "a") as f:
        f.write("[0, 3")  # a line cut short by a kill is skipped
    assert bench_heap.RunLog(path).done == bench_heap.RunLog(path).done


def test_wilson_interval():
    lo, hi = bench_stats.wilson(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3
    lo, hi = bench_stats.wilson(0, 10)
    assert lo == 0 and abs(hi - 0.2775) < 1e-3


def test_move_intervals_resample_whole_games():
    """Identical games leave nothing to resample: the interval is the value;
    one game far dearer than the rest widens the 95th percentile's."""
    same = bench_stats.moves_summary([[1, 2, 3, 4]] * 10, budget=3)
    assert same["median_ci"] == (same["median"],) * 2 and same["over_share"] == 0.25
    assert same["over_ci"] == (0.25, 0.25) and same["games_max_over"] == 10
    mixed = bench_stats.moves_summary([[1, 2, 3, 4]] * 9 + [[100] * 4], budget=50)
    assert mixed["p95_ci"][0] < mixed["p95"] <= mixed["p95_ci"][1]
    assert (mixed["over"], mixed["games_p95_over"], mixed["longest_game"]) == (4, 1, 4)


@pytest.mark.parametrize("marker,section,text,heading", [
    ("PICO_MARKER", "PICO_SECTION", "Measured on the emulated Pico: 42 KB.\n",
     "## An emulated Pico, real firmware"),
    ("WEB_MARKER", "WEB_SECTION", "Load to menu: 42 ms.\n", "## In a web browser"),
])
def test_a_measured_sections_file_is_put_in_as_written(quick_result, tmp_path, marker, section,
                                                       text, heading):
    """The emulated Pico's and the web page's sections come from their own
    files (tools/bench_pico.py, tools/bench_web.py); without one, a marker."""
    doc = bench_doc.render(quick_result, docs=str(tmp_path))
    assert getattr(bench_doc, marker) in doc
    (tmp_path / getattr(bench_doc, section)).write_text(text)
    doc = bench_doc.render(quick_result, docs=str(tmp_path))
    assert getattr(bench_doc, marker) not in doc
    assert heading + "\n\n" + text in doc


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
    (["--jobs", "3"], "--jobs must be 1 or 2"),
    (["--cached-only", "--quick"], "--cached-only reads the full run's cache"),
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
    (["--heap", "100m"], "heap above 48m does not fit"),
    (["--seed", "-1"], "--seed: '-1': give a seed from 0 to 4294967295"),
    (["--seed", "4294967296"], "give a seed from 0 to 4294967295"),
    (["--players", "0"], "tomoko takes 2-4 players, not 0"),
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


def test_cached_only_reports_every_piece_not_measured_yet(tmp_path, monkeypatch):
    # --cached-only on a machine with no cache: the document still renders,
    # every piece of a survey or duel saying it was not measured (a heap piece
    # used to stop the run with KeyError 'harness').
    monkeypatch.setattr(bench, "CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(bench, "frame_fuel", lambda game, cal, frames: {"error": "skipped"})
    monkeypatch.setattr(bench, "startup_fuel", lambda game, cal: {"error": "skipped"})
    r = bench.run(["tokkome"], use_cache="only")
    heap = r["games"]["tokkome"]["heap"]
    for column in ("engine", "firmware", "device"):
        assert heap[column]["hard"] == {"error": "not measured yet"}
    assert all(d["error"] == "not measured yet" for d in r["games"]["tokkome"]["reference"])
    doc = bench_doc.render(r, docs=str(tmp_path))
    assert "not measured yet" in doc and "### Against a reference player" in doc


def test_games_with_write_doc_need_a_full_run_to_go_into(capsys, tmp_path, monkeypatch):
    """--games G --write-doc puts G's figures in the last full run's
    document: without one there is nothing to put them in."""
    monkeypatch.setattr(bench, "doc_paths", lambda: (str(tmp_path / "b.md"),
                                                     str(tmp_path / "b.json")))
    assert "run --write-doc without --games" in usage_error(
        capsys, bench.main, ["--games", "tomoe", "--write-doc"])


def test_a_game_measured_again_replaces_its_figures_and_says_on_which_commit(
        quick_result, tmp_path):
    full = dict(quick_result, commit="aaaaaaa")
    full["games"] = {"tokkome": {"marker": 1}, "tomoko": quick_result["games"]["tomoko"]}
    part = {"commit": "bbbbbbb", "games": {"tomoko": dict(quick_result["games"]["tomoko"],
                                                          marker=2)}}
    merged = bench.merge(full, part)
    assert list(merged["games"]) == ["tokkome", "tomoko"]  # the full run's order
    assert merged["games"]["tokkome"] == {"marker": 1}  # the others kept as they were
    assert merged["games"]["tomoko"]["marker"] == 2
    assert merged["games"]["tomoko"]["commit"] == "bbbbbbb"
    assert merged["commit"] == "aaaaaaa" and full["games"]["tomoko"].get("marker") is None
    one = dict(merged, games={"tomoko": merged["games"]["tomoko"]})
    doc = bench_doc.render(one, docs=str(tmp_path))
    assert ("Tomoko measured again on commit bbbbbbb (`python -m tools.bench --games tomoko "
            "--write-doc`):\nits rows come from that run") in doc


def test_the_notes_since_the_run_are_put_in_after_its_commit(quick_result, tmp_path):
    """docs/benchmarks-since.md, written by hand, survives the next run: the
    generator puts it in after the commit the figures were measured on."""
    r = dict(quick_result, commit="aaaaaaa")
    assert "Since then" not in bench_doc.render(r, docs=str(tmp_path))
    (tmp_path / bench_doc.SINCE_SECTION).write_text("Since then: faster.\n")
    doc = bench_doc.render(r, docs=str(tmp_path))
    commit = doc.index("Measured on commit aaaaaaa")
    assert commit < doc.index("\n\nSince then: faster.\n\n") < doc.index("## In short")

"""tools/bench_tomoe_totals.py (issue 27) and the engine's score_parts() it reads."""

import pytest

from engines_core import tomoe as T
from tests.test_tomoe_rules import SCENE_ONE, WHITE_AROUND, BLACK_AROUND, random_game
from tests.tomoe_helpers import position
from tools import bench_doc, bench_tomoe_totals as B


def test_score_parts_name_each_scoring_pocket_with_its_size():
    """The rulebook's scenes (tests/test_tomoe_rules.py): White's three black
    fields are one pocket of four sectors (three black, White's tip inside);
    White round Black's ring one pocket of nine (the ring's six black pieces,
    three white tips); Black's counter one pocket of 23 sectors (14 white)
    and two single tips, one for each side."""
    assert position(SCENE_ONE).score_parts() == [(0, 3, 4)]
    assert position(WHITE_AROUND).score_parts() == [(0, 6, 9)]
    assert sorted(position(BLACK_AROUND, player=T.BLACK).score_parts()) == \
        [(0, 1, 1), (1, 1, 1), (1, 14, 23)]


@pytest.mark.parametrize("variant", ["standard", "large"])
def test_score_parts_add_up_to_the_scores(variant):
    for seed in range(6):
        g = random_game(variant, seed)
        parts = g.score_parts()
        for seat in (T.WHITE, T.BLACK):
            assert sum(p for s, p, _ in parts if s == seat) == g.scores()[seat]
        assert all(0 < p <= n for _, p, n in parts)


def test_summary_of_a_list_of_totals():
    s = B.summary([5, 1, 9, 3, 7])
    assert (s["count"], s["median"], s["min"], s["max"], s["mean"]) == (5, 5, 1, 9, 5.0)
    assert s["p25"] == 3 and s["p75"] == 7


def test_the_totals_of_a_few_games_and_where_their_points_come_from():
    r = B.measure("large", 3, first_seed=1000)
    rows = [B.one_game("large", s) for s in (1000, 1001, 1002)]
    totals = sorted(w + b for w, b, _, _ in rows)
    t = r["totals"]
    assert (t["count"], t["min"], t["median"], t["max"]) == (3, totals[0], totals[1], totals[2])
    assert r["cells"] == 36 and r["book"] == [[58, 59], [65, 49]]
    assert r["one_sector_points"] == sum(x[2] for x in rows)
    assert 0 <= r["one_sector_share"] <= 1


def test_an_engine_without_score_parts_gets_no_share(monkeypatch):
    # The class the benchmark plays, as the registry loads it now: a test
    # before this one may have forgotten the module T was imported from, and
    # a class of that old module would keep its score_parts.
    from engines_core import registry
    monkeypatch.delattr(registry.game_class("tomoe"), "score_parts")
    r = B.measure("standard", 2, first_seed=1000)
    assert r["one_sector_share"] is None and r["totals"]["count"] == 2


def test_benchmarks_doc_shows_the_totals_next_to_the_books():
    r = B.run(2, first_seed=1000)
    out = []
    bench_doc._tomoe_totals(r, out.append)
    doc = "\n".join(out)
    assert doc.startswith("## Tomoe: final totals against the rulebook")
    assert "| 117 (58:59), 114 (65:49) |" in doc and "| 31 (20:11) |" in doc
    out = []
    bench_doc._tomoe_totals(None, out.append)
    assert out == []


@pytest.mark.parametrize("argv", [["--games", "0"], ["--first-seed", "-1"]])
def test_bad_arguments_are_a_usage_error(argv, capsys):
    with pytest.raises(SystemExit) as e:
        B.main(argv)
    assert e.value.code == 2
    assert "must" in capsys.readouterr().err

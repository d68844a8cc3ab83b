"""The emulated Pico's benchmark section is what the tool renders from its
saved figures: docs/benchmarks-pico.md comes from docs/pico-bench.json, not
from hand edits, and it reports every measured part."""

import json
import os

from tools import bench_pico

DOCS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs")


def _saved():
    with open(os.path.join(DOCS, "pico-bench.json")) as f:
        return json.load(f)


def test_the_section_is_rendered_from_the_saved_figures():
    with open(os.path.join(DOCS, "benchmarks-pico.md")) as f:
        committed = f.read()
    assert committed == bench_pico.markdown(_saved()) + "\n"  # as --markdown-from prints it


def test_the_section_reports_the_heap_and_every_whole_game():
    result = _saved()
    text = bench_pico.markdown(result)
    menu = result["heap_at_menu"]
    assert "{:,}".format(menu["alloc"]) in text and "{:,}".format(menu["free"]) in text
    for game, row in result["games"].items():
        whole = row["whole_game"]
        assert "| %s | %s B | %s B | yes |" % (game, "{:,}".format(whole["free_at_start"]),
                                               "{:,}".format(whole["least_free"])) in text
    result["games"]["tomoe"]["whole_game"]["finished"] = False  # a game that ran out
    assert "| no: MemoryError |" in bench_pico.markdown(result).replace("**", "")

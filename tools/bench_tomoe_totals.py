"""Tomoe's final totals against the rulebook's sample games (issue 27).

    python -m tools.bench_tomoe_totals [--games 1000] [--first-seed 1000] [--json]
                                      [--out docs/tomoe-totals.json]

Plays `normal` against `normal` on both boards (variants `standard` and
`large`, the same seed range on each) and reports the distribution of the
final total (White's points plus Black's) next to the totals of the
rulebook's sample games, and the share of the points that come from pockets
of a single sector. It uses only the Game interface and, for that share, the
engine's `score_parts()` ((seat, points, sectors) per scoring pocket), so it
measures whatever tile model the engine plays; an engine without
`score_parts()` gets no share. docs/benchmarks.md takes the section from the
JSON file (`tools/bench_doc.py`).
"""

import argparse
import json
import sys

from tools.bench_stats import percentile

# The rulebook's sample games ("Vier Spielverläufe"): "58 : 59" and "65 : 49"
# on the large board, "20:11" on the small one.
BOOK = {"standard": ((20, 11),), "large": ((58, 59), (65, 49))}
BOOK_TILES = {"standard": 24, "large": 36}
VARIANTS = ("standard", "large")
LEVELS = ("normal", "normal")
FIRST_SEED = 1000  # away from the tests' seeds and the players' tuning (duels from 0)


def one_game(variant, seed, levels=LEVELS):
    """(White's points, Black's points, points from one-sector pockets or
    None, cells) of one finished game."""
    from tools.duel import play
    g = play("tomoe", list(levels), seed, variant)
    w, b = g.scores()[:2]
    single = None
    if hasattr(g, "score_parts"):
        parts = g.score_parts()
        assert sum(p for _, p, _ in parts) == w + b, "score_parts disagrees with scores"
        single = sum(p for _, p, n in parts if n == 1)
    return w, b, single, len(g.board)


def summary(totals):
    """The distribution of a list of totals."""
    return {"count": len(totals), "median": percentile(totals, 50),
            "p10": percentile(totals, 10), "p25": percentile(totals, 25),
            "p75": percentile(totals, 75), "p90": percentile(totals, 90),
            "min": min(totals), "max": max(totals),
            "mean": round(sum(totals) / len(totals), 1)}


def measure(variant, games, first_seed=FIRST_SEED, levels=LEVELS):
    rows = [one_game(variant, s, levels) for s in range(first_seed, first_seed + games)]
    totals = [w + b for w, b, _, _ in rows]
    out = {"variant": variant, "levels": list(levels), "first_seed": first_seed,
           "cells": rows[0][3], "totals": summary(totals),
           "margins": summary([abs(w - b) for w, b, _, _ in rows]),
           "draws": sum(1 for w, b, _, _ in rows if w == b),
           "book": [list(x) for x in BOOK.get(variant, ())],
           "book_tiles": BOOK_TILES.get(variant)}
    if all(r[2] is not None for r in rows):
        points = sum(totals)
        single = sum(r[2] for r in rows)
        out["one_sector_points"] = single
        out["one_sector_share"] = round(single / points, 3) if points else None
    else:
        out["one_sector_share"] = None
    return out


def run(games, first_seed=FIRST_SEED, variants=VARIANTS):
    return {"games": games, "first_seed": first_seed,
            "boards": [measure(v, games, first_seed) for v in variants]}


def markdown(r, w):
    """The section for docs/benchmarks.md (without its heading)."""
    w("`python -m tools.bench_tomoe_totals --games %d --out docs/tomoe-totals.json`:" % r["games"])
    w("`normal` against `normal`, seeds %d to %d on each board, the final total" % (
        r["first_seed"], r["first_seed"] + r["games"] - 1))
    w("(White's points plus Black's) against the totals of the rulebook's sample")
    w("games (\"Vier Spielverl\u00e4ufe\"), and the share of all points that come from")
    w("pockets of a single sector (issue 27: the tiles are the \"triple hexagon\"")
    w("model docs/rules/tomoe.md chose by the book's evidence; the earlier model's")
    w("medians were 8 and 23, with 90% and 78% of the points from one-sector pockets).")
    w("")
    w("| Board | Cells | Games | Median total | Middle half | 10-90% | Min-max | Mean "
      "| Drawn | Book's totals | Points from one-sector pockets |")
    w("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for b in r["boards"]:
        t = b["totals"]
        book = ", ".join("%d (%d:%d)" % (x + y, x, y) for x, y in b["book"]) or "-"
        share = "-" if b["one_sector_share"] is None else "%.0f%%" % (100 * b["one_sector_share"])
        w("| %s | %d | %d | %d | %d-%d | %d-%d | %d-%d | %.1f | %d | %s | %s |" % (
            b["variant"], b["cells"], t["count"], t["median"], t["p25"], t["p75"], t["p10"],
            t["p90"], t["min"], t["max"], t["mean"], b["draws"], book, share))
    w("")


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench_tomoe_totals",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games per board (default 1000)")
    ap.add_argument("--first-seed", type=int, default=FIRST_SEED)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--out", default=None, help="write the figures as JSON to this file")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    if args.first_seed < 0:
        ap.error("--first-seed must not be negative")
    r = run(args.games, args.first_seed)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(r, f, indent=1)
            f.write("\n")
    if args.json:
        print(json.dumps(r, indent=1))
    elif not args.out:
        markdown(r, lambda line: print(line))
    return 0


if __name__ == "__main__":
    sys.exit(main())

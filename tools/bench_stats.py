"""Intervals for the benchmark figures: Wilson's for a proportion, and a
bootstrap over whole games for figures made of moves (moves of one game are
not independent, so games, not moves, are resampled)."""

import random

Z95 = 1.959964


def percentile(values, p):
    """The nearest-rank p-th percentile of `values` (0 if empty)."""
    v = sorted(values)
    if not v:
        return 0
    k = min(len(v) - 1, max(0, int(round(p / 100 * (len(v) - 1)))))
    return v[k]


def wilson(k, n, z=Z95):
    """95% interval of a proportion k/n (Wilson score)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / d
    return (max(0.0, mid - half), min(1.0, mid + half))


def bootstrap(groups, stat, reps=1000, seed=20261127):
    """95% percentile interval of stat(pooled values) when whole groups
    (games) are drawn again with replacement."""
    rng = random.Random(seed)
    n = len(groups)
    out = []
    for _ in range(reps):
        pooled = []
        for _ in range(n):
            pooled.extend(groups[rng.randrange(n)])
        out.append(stat(pooled))
    out.sort()
    return (out[int(0.025 * (reps - 1))], out[int(0.975 * (reps - 1) + 0.5)])


def moves_summary(games, budget=None):
    """Median, 95th percentile and max of every move of `games` (one list of
    move costs per game), with bootstrap intervals, and the share of moves
    over `budget` (and the games with a median, 95th percentile or max over it)."""
    pooled = [m for g in games for m in g]
    out = {"games": len(games), "moves": len(pooled),
           "median": percentile(pooled, 50), "p95": percentile(pooled, 95),
           "max": max(pooled) if pooled else 0,
           "median_ci": bootstrap(games, lambda v: percentile(v, 50)),
           "p95_ci": bootstrap(games, lambda v: percentile(v, 95)),
           "longest_game": max(len(g) for g in games) if games else 0}
    if budget is not None:
        over = sum(1 for m in pooled if m > budget)
        out["budget"] = budget
        out["over"] = over
        out["over_share"] = over / len(pooled) if pooled else 0.0
        out["over_ci"] = bootstrap(
            games, lambda v: sum(1 for m in v if m > budget) / len(v) if v else 0.0)
        out["games_median_over"] = sum(1 for g in games if percentile(g, 50) > budget)
        out["games_p95_over"] = sum(1 for g in games if percentile(g, 95) > budget)
        out["games_max_over"] = sum(1 for g in games if g and max(g) > budget)
    return out

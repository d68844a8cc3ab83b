"""What the computer players share: running a sliced search to its end and
ranking actions. Below engines_core/players.py, which loads the players: a
computer player importing players would close a circle through the registry."""


def finish(steps):
    """Run a generator of slices (choose_steps) to its end: its result."""
    try:
        while True:
            next(steps)
    except StopIteration as e:
        return e.value


def best_first(pairs):
    """Sort (value, action) pairs in place: highest value first, ties by the
    smaller action (a total order: MicroPython's sort is not stable)."""
    pairs.sort(key=_by_value)
    return pairs


def _by_value(pair):
    return (-pair[0], pair[1])


def near_best(ranked, margin=0):
    """The actions of a best_first list within `margin` of the best value."""
    top = ranked[0][0]
    return [a for v, a in ranked if v >= top - margin]

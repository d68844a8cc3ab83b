"""The win-rate tool: outcomes add up, and head to head compares seats."""

import pytest

from tools import duel
from tests.conftest import usage_error


class Final:
    def __init__(self, winners, scores):
        self._w = winners
        self._s = scores

    def winners(self):
        return self._w

    def scores(self):
        return self._s


def test_ahead_ranks_winners_first_then_scores():
    g = Final([1], [5, 3, 4])
    assert duel.ahead(g, 1, 0) == 1 and duel.ahead(g, 0, 1) == -1  # the winner, lower score
    assert duel.ahead(g, 0, 2) == 1 and duel.ahead(g, 2, 0) == -1
    assert duel.ahead(Final([0, 1], [2, 2]), 0, 1) == 0


def test_duel_counts_add_up_with_three_players():
    r = duel.duel("tomoko", "normal", "random", games=6, players=3, jobs=1)
    assert r["a_wins"] + r["b_wins"] + r["draws"] == 6
    assert r["pairs"] == 12 and r["a_ahead"] + r["b_ahead"] <= 12
    assert r["a_ahead"] > r["b_ahead"]  # normal finishes ahead of random seats


@pytest.mark.parametrize("argv,message", [
    (["--game", "chess"], "unknown game 'chess'"),
    (["--game", "tomoko", "--a", "bogus"], "--a: unknown level 'bogus'"),
    (["--game", "tomoko", "--b", "Hard"], "--b: unknown level 'Hard'"),
    (["--game", "tomoko", "--players", "9"], "--players: tomoko takes 2-4 players, not 9"),
    (["--game", "toncc", "--players", "2"], "--players: toncc takes 3 players, not 2"),
    (["--game", "tomoko", "--variant", "weird"], "--variant: unknown tomoko variant"),
    (["--game", "tomoko", "--variant", "teams"], "standard, quick, open"),
    (["--game", "tomoko", "--games", "0"], "--games must be at least 1"),
    (["--game", "tomoko", "--jobs", "0"], "--jobs must be at least 1"),
    (["--game", "tomoko", "--a", "ref:0"], "--a: unknown level 'ref:0'"),
    (["--game", "tomoko", "--b", "ref:x"], "--b: unknown level 'ref:x'"),
])
def test_bad_arguments_are_a_usage_error_before_any_game(capsys, argv, message):
    assert message in usage_error(capsys, duel.main, argv)

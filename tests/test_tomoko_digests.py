"""Whole Tomoko games against digests recorded from the engine before it was
made faster (tools/gen_tomoko_digests.py): the same seeds must give the same
legal actions in the same order, the same refusals, PRNG draws and saves."""

import pytest

from tools import gen_tomoko_digests as D

RECORDED = D.load()


def _first_differing(key, now):
    for seed, (old, new) in enumerate(zip(RECORDED[key], now)):
        if old != new:
            return seed
    return None


@pytest.mark.parametrize("n,variant", D.setups())
def test_random_games_are_the_recorded_games(n, variant):
    key = D.random_key(n, variant)
    now = [D.random_game(n, variant, s) for s in D.RANDOM_SEEDS]
    assert now == RECORDED[key], "%s: seed %s differs" % (key, _first_differing(key, now))


@pytest.mark.parametrize("level", sorted(D.AI_SEEDS))
@pytest.mark.parametrize("n,variant", D.AI_SETUPS)
def test_computer_games_are_the_recorded_games(level, n, variant):
    key = D.ai_key(level, n, variant)
    now = [D.ai_game(n, variant, level, s) for s in D.AI_SEEDS[level]]
    assert now == RECORDED[key], "%s: seed %s differs" % (key, _first_differing(key, now))


def test_every_setup_is_recorded():
    want = {D.random_key(n, v) for n, v in D.setups()}
    want |= {D.ai_key(lv, n, v) for lv in D.AI_SEEDS for n, v in D.AI_SETUPS}
    assert set(RECORDED) == want
    assert len(want) == 14 + 12

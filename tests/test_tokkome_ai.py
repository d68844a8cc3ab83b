"""The Tokkome computer players: legal moves, no peeking, sane choices."""

from engines_core import tokkome as T, tokkome_ai as A, players
from engines_core.prng import Rng
from tests.tokkome_helpers import position, counts

LEVELS = ("easy", "normal", "hard")


def test_every_level_plays_whole_games_with_legal_moves():
    for level in LEVELS:
        for n in (3, 4):
            g = T.Tokkome(n, "standard", 11 + n)
            ply = 0
            while not g.is_terminal():
                a = players.choose(g, level, players.rng_for(5, ply, g.current_player()))
                assert a in g.legal_actions()
                g.apply(a)
                ply += 1
            assert g.winners()


def test_choice_unchanged_when_hidden_cards_are_swapped():
    """A computer player's choice does not change when the other players'
    hidden cards (hands beyond what was seen, set values, the draw pile) are
    swapped for others consistent with what it has seen."""
    rng = Rng(8)
    checked = 0
    for seed in range(12):
        g = T.Tokkome(3 + seed % 2, "standard", seed)
        for _ in range(rng.below(14)):
            if g.is_terminal():
                break
            g.apply(rng.choice(g.legal_actions()))
        if g.is_terminal():
            continue
        seat = g.current_player()
        for level in LEVELS:
            a = players.choose(g, level, Rng(77))
            for k in range(4):
                other = g.clone()
                other.redeal_hidden(seat, Rng(100 + k))
                other.check()
                assert other.hands[seat] == g.hands[seat]
                assert players.choose(other, level, Rng(77)) == a
                checked += 1
    assert checked > 60


def test_choice_unchanged_when_another_hand_is_swapped_by_hand():
    """The same, with an explicit swap: P2's unseen cards traded with cards of
    the draw pile (P1 to move cannot tell the difference)."""
    g = position(["1245", "3367", "1122"], tokkome="3", maki="6", draws="777")
    other = g.clone()
    other.hands[1] = counts("7777")
    other.draw = [v for v in g.draw if v != 7] + [3, 3, 6, 7]
    other.draw.sort()
    other.check()
    g.check()
    for level in LEVELS:
        assert players.choose(g, level, Rng(3)) == players.choose(other, level, Rng(3))


def test_normal_and_hard_empty_the_hand_to_end_a_won_game():
    g = position(["5", "1234567", "1234567"], tokkome="4", maki="1", sets=[[6], [], []])
    for level in ("normal", "hard"):
        assert players.choose(g, level, Rng(1)) == T.single(T.TOKKOME, 5)


def test_take_that_completes_a_set_then_lay_the_biggest():
    g = position(["66444", "1235", "1235"], tokkome="6", maki="2", draws="41")
    # Nothing fits a pile: only the take is legal.
    assert g.legal_actions() == [T.TAKE]
    g.apply(T.TAKE)
    assert sorted(g.legal_actions()) == [T.lay_set(4), T.lay_set(6), T.NO_SET]
    for level in LEVELS:
        assert players.choose(g, level, Rng(1)) == T.lay_set(6)


def test_put_gets_rid_of_a_lone_high_card():
    g = position(["22337", "1234", "1234"], tokkome="5", maki="1", draws="44")
    g.apply(T.TAKE)
    assert g.phase == T.PLACE  # no three of a kind: straight to the arena
    # Hand 2233 44 5 7: the lone 7 costs the most.
    assert players.choose(g, "normal", Rng(2)) == T.put(7)


def test_estimate_prefers_fewer_values_and_sets():
    st = A.NORMAL
    avail = bytearray([3] * 8)
    assert A.estimate(st, counts("4477"), 0, 6, avail) > A.estimate(st, counts("4567"), 0, 6, avail)
    assert A.estimate(st, counts("44"), 5, 6, avail) > A.estimate(st, counts("44"), 0, 6, avail)
    assert A.estimate(st, counts("555"), 0, 9, avail) > A.estimate(st, counts("55"), 0, 9, avail)


def test_take_value_averages_the_unseen_draws():
    """Taking a one-card Tokkome draws two unseen cards: the computer averages
    over every pair the unseen pool can give (weights = ways to draw them)."""
    g = position(["1266", "3345", "3457"], tokkome="6", maki="1")
    v = g.view_for(0)
    ctx = A.Ctx(v, 0, A.NORMAL)
    pool = v.pool_counts(0)
    h = counts("12666")
    total = weight = 0
    for a in range(1, 8):
        for b in range(a, 8):
            w = pool[a] * (pool[b] - (1 if a == b else 0)) // (2 if a == b else 1)
            if w <= 0:
                continue
            hh = bytearray(h)
            hh[a] += 1
            hh[b] += 1
            total += w * ctx.best_finish(hh, 0, len(v.draw) - 2)
            weight += w
    assert ctx.take_value() == total // weight


def test_effort_does_not_break_any_level():
    g = T.Tokkome(3, "standard", 1)
    for level in LEVELS:
        for effort in (100, 50, 1):
            assert players.choose(g, level, Rng(1), effort) in g.legal_actions()

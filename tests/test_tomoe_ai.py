"""Tomoe's computer players: legal, deterministic, blind to nothing hidden
(Tomoe has no hidden information), and sane evaluations. Strength is measured
by benchmark (tools.duel), not here."""

import pytest

from engines_core import players, tomoe as T, tomoe_ai as A
from engines_core.prng import Rng
from tests.tomoe_helpers import position, cell, lay, node


def play_out(variant, levels, seed, limit=None):
    g = T.Tomoe(2, variant, seed)
    ply = 0
    while not g.is_terminal() and (limit is None or ply < limit):
        s = g.current_player()
        a = players.choose(g, levels[s], players.rng_for(seed, ply, s))
        assert a in g.legal_actions()
        g.apply(a)
        ply += 1
    return g


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_every_level_plays_legal_moves_to_the_end(level):
    for variant in T.Tomoe.VARIANTS:
        g = play_out(variant, [level, "random"], 4)
        assert g.is_terminal()


def test_hard_plays_legal_moves():
    """hard searches on both boards, from the first move to the last."""
    g = play_out("standard", ["hard", "normal"], 2)
    assert g.is_terminal()
    g = T.Tomoe(2, "large", 3)
    rng = Rng(3)
    depths = []
    while not g.is_terminal():
        s = A.hard_search(g, g.current_player(), rng)
        assert s.choice in g.legal_actions()
        depths.append(s.depth)
        g.apply(s.choice)
    assert min(depths) >= 1  # a finished search on every decision, even on the empty board


def midgame(variant, plies, seed=5):
    return play_out(variant, ["normal", "normal"], seed, limit=plies)


def test_hard_respects_the_node_budget():
    """The search stops when its node budget is used up: it never evaluates
    more positions than the budget (counted here by the chain builds it
    makes, each an evaluated position)."""
    builds = []
    real = A.Chains

    class Counting(real):
        def __init__(self, geo, board):
            builds.append(1)
            real.__init__(self, geo, board)
    A.Chains = Counting
    old = A.NODES
    try:
        for variant, plies in (("standard", 1), ("standard", 8), ("large", 12), ("large", 30)):
            g = midgame(variant, plies)
            for budget in (30, 64, 150):
                A.NODES = (budget, budget)
                del builds[:]
                s = A.hard_search(g, g.current_player(), Rng(2))
                assert s.nodes <= budget
                assert len(builds) <= budget
                if g.empty > 6:
                    assert s.nodes > budget - A.EXACT_NODES  # it uses the budget
    finally:
        A.Chains = real
        A.NODES = old


def test_more_budget_never_searches_less():
    """More nodes (or more effort) never search fewer nodes, finish fewer
    iterations or reach less deep; effort 50 searches less than 100."""
    old = A.NODES
    try:
        for variant, plies in (("standard", 3), ("standard", 12), ("large", 9)):
            g = midgame(variant, plies)
            last = (0, 0, 0)
            for budget in (20, 40, 64, 100, 200, 400):
                A.NODES = (budget, budget)
                s = A.hard_search(g, g.current_player(), Rng(7))
                now = (s.nodes, s.iterations, s.depth)
                assert now[0] >= last[0] and now[1] >= last[1] and now[2] >= last[2]
                last = now
            assert last[2] >= 3  # a large budget searches deeper than two moves
    finally:
        A.NODES = old
    g = midgame("standard", 5)
    full = A.hard_search(g, g.current_player(), Rng(4), 100)
    half = A.hard_search(g, g.current_player(), Rng(4), 50)
    assert half.nodes < full.nodes and half.nodes <= A.NODES[0] // 2


def _final_margin(g, me):
    """The final score margin for `me` with both players perfect."""
    if g.is_terminal():
        sc = g.scores()
        return sc[me] - sc[1 - me]
    mine = g.current_player() == me
    best = None
    for a in g.legal_actions():
        h = g.clone()
        h.apply(a)
        v = _final_margin(h, me)
        if best is None or (v > best if mine else v < best):
            best = v
    return best


def test_hard_finds_what_one_ply_misses():
    """Three cells left, Black to move (a position from a normal-vs-normal
    game, seed 144). The action the one-action evaluation ranks first gives
    away a point of the final margin against best play; hard's search finds
    an action keeping the best margin."""
    g = T.Tomoe(2, "standard", 1)
    g.board = bytearray(bytes.fromhex("050200040305050003050605020201000402040103010301"))
    g.supply = [12, 12, 12, 12]
    for c in range(g.geo.n):
        if g.board[c]:
            g.supply[g.figure(c)] -= 1
    g.move_no = 11
    g.player = T.BLACK
    g._refresh()
    g.check()
    assert g.empty == 3
    best = _final_margin(g, T.BLACK)
    greedy = g.clone()
    greedy.apply(A.action_of(A.ranked(g, T.BLACK)[0]))
    assert _final_margin(greedy, T.BLACK) < best
    for seed in (1, 2, 3):
        h = g.clone()
        h.apply(A.choose(g, T.BLACK, "hard", Rng(seed)))
        assert _final_margin(h, T.BLACK) == best


def test_hard_is_deterministic():
    """Same view, same rng: the same move, the same search."""
    for variant, plies in (("standard", 6), ("large", 15)):
        g = midgame(variant, plies)
        seat = g.current_player()
        a = A.hard_search(g.view_for(seat), seat, Rng(9))
        b = A.hard_search(g.view_for(seat), seat, Rng(9))
        assert (a.choice, a.nodes, a.iterations, a.depth) == (b.choice, b.nodes, b.iterations, b.depth)


def test_choices_depend_only_on_the_view_and_the_rng():
    """Nothing is hidden in Tomoe: a seat's view is the whole state, so a
    redeal changes nothing and the choice is the same every time. (The
    view drops only the seed, as every game's view does.)"""
    g = play_out("standard", ["normal", "normal"], 6, limit=9)
    seat = g.current_player()
    view = g.view_for(seat)
    whole = g.clone()
    whole.seed = 0
    assert view.serialize() == whole.serialize()
    other = g.clone()
    other.redeal_hidden(seat, Rng(3))
    assert other.serialize() == g.serialize()
    for level in ("easy", "normal", "hard"):
        a = players.choose(g, level, Rng(11))
        assert players.choose(other, level, Rng(11)) == a


def test_incremental_values_match_a_rebuild():
    """The value of a lay found from the chains across the cell's edges equals
    the value of the board with the tile laid, built from scratch."""
    rng = Rng(5)
    for variant in ("standard", "large"):
        g = T.Tomoe(2, variant, 9)
        while not g.is_terminal():
            me = g.current_player()
            for e in A.ranked(g, me):
                h = g.clone()
                h.apply(A.action_of(e))
                assert A.value_of(e) == A._value(A.Chains(h.geo, h.board), me)
            g.apply(rng.choice(g.legal_actions()))


def test_chains_find_free_sectors():
    """A black band joined to the black upper left rim is free; a lone black
    middle in open board is not."""
    g = position({(0, 1): "LD", (4, 1): "R"}, player=T.WHITE)
    ch = A.Chains(g.geo, g.board)
    assert ch.free[ch.root[node(g, 0, 1, 1)]]
    assert not ch.free[ch.root[node(g, 4, 1, 1)]]
    # White's value: no free white sector yet, three white sectors (two mains,
    # one cut-off tip): -3. Black's: two free sectors... one band (free) and
    # one lone middle: 3 - 2 = 1.
    assert ch.value == [-3, 1]


def test_normal_joins_its_rim():
    """Given the choice, normal lays a tile whose middle of its colour meets
    its own rim area (a free sector) rather than one that does not."""
    g = position({(3, 1): "UR"}, player=T.BLACK)
    a = players.choose(g, "normal", Rng(1))
    h = g.clone()
    h.apply(a)
    ch = A.Chains(h.geo, h.board)
    assert ch.value[T.BLACK] > A.Chains(g.geo, g.board).value[T.BLACK]


def test_ranked_is_best_first_and_top_k_agrees():
    g = play_out("standard", ["normal", "normal"], 3, limit=7)
    me = g.current_player()
    full = A.ranked(g, me)
    assert full == sorted(full)
    assert sorted(A.action_of(e) for e in full) == g.legal_actions()
    top = A.ranked(g, me, None, 5)
    assert top == full[:5]
    for limit in (0, 4, 9):  # openings tie widely; later positions less
        h = play_out("standard", ["normal", "normal"], 3, limit=limit)
        every = A.ranked(h, me)
        best = A.ranked(h, me, None, -1)  # normal's: only the best value's
        assert best == [e for e in every if A.value_of(e) == A.value_of(every[0])]
    no_turns = A.ranked(g, me, None, 0, False)
    assert all(not T.is_turn(A.action_of(e)) for e in no_turns)


def leaf(g, me):
    """hard's leaf value of a game state (its board, empty cells) for `me`."""
    return A.board_value(g.geo, g.board, g.empty, me)


def test_leaf_counts_points_near_the_end():
    """hard's leaf value is symmetric between the players, and with few empty
    cells left it weighs in the exact count (the rulebook's points)."""
    rng = Rng(8)
    g = T.Tomoe(2, "standard", 8)
    while g.empty > A.EXACT_FROM:
        g.apply(rng.choice([a for a in g.legal_actions() if not T.is_turn(a)]))
    assert leaf(g, T.WHITE) == -leaf(g, T.BLACK)
    ch = A.Chains(g.geo, g.board)
    near = A._value(ch, T.WHITE)
    pts = A.chain_points(g.geo, g.board, ch)
    near += A.POCKET[0] * (pts[0] - pts[1])
    exact = g.scores()
    assert leaf(g, T.WHITE) - near == A.EXACT * (exact[0] - exact[1])
    h = T.Tomoe(2, "standard", 8)  # far from the end: no exact term
    h.apply(lay(h, 3, 1, "U"))
    ch = A.Chains(h.geo, h.board)
    assert leaf(h, T.WHITE) == A._value(ch, T.WHITE)


def test_computer_turn_actions_are_valued():
    """A turn is valued on the board with the tile turned."""
    g = position({(3, 1): "U", (0, 1): "L"})
    c = cell(g.geo, 3, 1)
    ranked = {A.action_of(e): A.value_of(e) for e in A.ranked(g, T.WHITE)}
    for d in (0, 1):
        b = bytearray(g.board)
        b[c] = T.turned(b[c], d)
        assert ranked[T.turn_action(c, d)] == A._value(A.Chains(g.geo, b), T.WHITE)
    assert lay(g, 5, 3, "U") in ranked

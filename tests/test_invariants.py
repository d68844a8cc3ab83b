"""Generic properties every engine must keep, over many seeded random games.

Runs for every game whose engine is installed (engines_core.registry), with
each variant and player count it supports.
"""

import pytest

from engines_core import registry, players
from engines_core.game import IllegalAction, CorruptState, TERMINAL
from engines_core.prng import Rng

GAMES_PER_CONFIG = 6


def configs():
    out = []
    for name in registry.available():
        cls = registry.game_class(name)
        for n in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
            for v in cls.variants_for(n):
                out.append((name, n, v))
    return out


CONFIGS = configs()


def random_game(name, n, variant, seed, each_state=None):
    """Play uniformly random legal actions; return (final state, actions)."""
    g = registry.new_game(name, n, variant, seed)
    rng = Rng(seed + 1000)
    actions = []
    while not g.is_terminal():
        if each_state:
            each_state(g, rng)
        legal = g.legal_actions()
        assert legal, "a live game must offer an action"
        a = rng.choice(legal)
        g.apply(a)
        actions.append(a)
        assert len(actions) < 20000, "game does not end"
    return g, actions


def check_state(g, rng):
    """Conservation, round trip, and accept/refuse of actions on one state."""
    g.check()
    data = g.serialize()
    again = type(g).restore(data)
    assert again.serialize() == data
    assert again.legal_actions() == g.legal_actions()
    legal = g.legal_actions()
    assert legal == sorted(set(legal))
    assert all(0 <= a < g.NUM_ACTIONS for a in legal)
    # Legal actions are accepted (all of them on one state in four, a few on
    # the others, to keep the run short)...
    every = rng.below(4) == 0
    for a in legal if every else (legal[0], legal[-1], rng.choice(legal)):
        assert g.why_illegal(a) is None
        h = g.clone()
        h.apply(a)
        h.check()
        assert g.serialize() == data  # the clone is independent
    # ...and every other action is refused with a reason and no change.
    is_legal = bytearray(g.NUM_ACTIONS)
    for a in legal:
        is_legal[a] = 1
    for a in [a for a in range(g.NUM_ACTIONS) if not is_legal[a]] + [g.NUM_ACTIONS, -1]:
        assert g.why_illegal(a)
        with pytest.raises(IllegalAction):
            g.apply(a)
    assert g.serialize() == data


@pytest.mark.parametrize("name,n,variant", CONFIGS)
def test_random_games_keep_invariants(name, n, variant):
    for seed in range(GAMES_PER_CONFIG):
        g, actions = random_game(name, n, variant, seed, check_state)
        assert g.current_player() == TERMINAL and g.legal_actions() == []
        scores = g.scores()
        assert len(scores) == n and all(isinstance(s, int) for s in scores)
        w = g.winners()
        assert w and w == sorted(set(w)) and all(0 <= s < n for s in w)
        g.check()
        with pytest.raises(IllegalAction):
            g.apply(0)


@pytest.mark.parametrize("name,n,variant", CONFIGS)
def test_replay_gives_the_same_game(name, n, variant):
    g, actions = random_game(name, n, variant, 42)
    h = registry.new_game(name, n, variant, 42)
    for a in actions:
        h.apply(a)
    assert h.serialize() == g.serialize()
    assert h.winners() == g.winners() and h.scores() == g.scores()


@pytest.mark.parametrize("name,n,variant", CONFIGS)
def test_views_hide_only_what_is_hidden(name, n, variant):
    """A seat's view is the same whatever the hidden information is, and a
    computer player's choice therefore cannot depend on it."""
    def probe(g, rng):
        if rng.below(8):
            return
        seat = g.current_player()
        view = g.view_for(seat)
        view.check()
        assert view.legal_actions() == g.legal_actions()
        other = g.clone()
        other.redeal_hidden(seat, rng)
        other.seed ^= 0x5EED  # the deal must not be recomputable from a view
        other.check()
        assert other.view_for(seat).serialize() == view.serialize(), (
            "seat %d's view differs after redeal_hidden: _hide_from must replace everything "
            "the seat cannot see canonically (and the view hold no random-number state a "
            "deal could be recomputed from)" % seat)
        a = players.choose(g, "normal", Rng(7))
        assert players.choose(other, "normal", Rng(7)) == a
        assert a in g.legal_actions()
    random_game(name, n, variant, 5, probe)


@pytest.mark.parametrize("name", registry.available())
def test_corrupt_bytes_are_refused(name):
    cls = registry.game_class(name)
    g, _ = random_game(name, cls.MIN_PLAYERS, "standard", 3)
    data = g.serialize()
    for cut in range(len(data)):
        with pytest.raises(CorruptState):
            cls.restore(data[:cut])
    with pytest.raises(CorruptState):
        cls.restore(data + b"\x00")
    with pytest.raises(CorruptState):
        cls.restore(b"")
    # Flipped bits either still describe a valid state or are refused.
    rng = Rng(9)
    for _ in range(300):
        b = bytearray(data)
        i = rng.below(len(b))
        b[i] ^= 1 << rng.below(8)
        try:
            h = cls.restore(bytes(b))
        except CorruptState:
            continue
        h.check()
        h.legal_actions()


@pytest.mark.parametrize("name", registry.available())
def test_the_registry_knows_players_and_variants_without_the_engine(name):
    # The menu offers a game from the registry alone (no engine in RAM), so
    # what the registry says must be what the engine accepts.
    cls = registry.game_class(name)
    assert registry.players(name) == (cls.MIN_PLAYERS, cls.MAX_PLAYERS)
    for n in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
        assert registry.variants_for(name, n) == cls.variants_for(n)
    listed = registry.variants(name)
    assert listed == list(cls.VARIANTS)
    labels = [registry.variant_label(name, v) for v in listed]
    assert all(labels) and len(set(labels)) == len(labels)

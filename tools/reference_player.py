"""A plain reference player for every game, to follow the computer players'
strength per unit of work over time (docs/benchmarks.md, "Strength against a
reference").

Single-observer information-set Monte Carlo tree search (Cowling, Powley and
Whitehouse, 2012) with a fixed number of iterations per move, written only
against the public Game interface: `view_for`, `redeal_hidden`, `clone`,
`current_player`, `legal_actions`, `apply`, `is_terminal`, `winners`. It knows
nothing of any game. Each iteration deals what the seat cannot see anew
(a determinisation), walks the tree by UCB1 over the actions legal in that
deal (counting how often each was available), adds one node, plays uniformly
random actions to the end, and credits every node with the share of the win
of the seat that moved into it. The move is the most visited at the root.

A measuring tool for CPython (it allocates freely), not a device player.
"""

import math

from engines_core.prng import Rng, mix_seed

NAME = "ref"
DEFAULT_ITERATIONS = 100
EXPLORATION = 0.7  # UCB1's constant for rewards in [0, 1]


class _Node:
    __slots__ = ("action", "parent", "mover", "children", "visits", "avail", "reward")

    def __init__(self, action, parent, mover):
        self.action = action
        self.parent = parent
        self.mover = mover  # the seat whose action led here (None at the root)
        self.children = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


def parse(level):
    """The iteration count of a level named 'ref' or 'ref:N', else None."""
    if level == NAME:
        return DEFAULT_ITERATIONS
    if level.startswith(NAME + ":"):
        n = int(level[len(NAME) + 1:])
        if n < 1:
            raise ValueError("the reference player needs at least 1 iteration")
        return n
    return None


def choose(state, rng, iterations=DEFAULT_ITERATIONS):
    """An action for the current seat of `state`, from what that seat may know."""
    seat = state.current_player()
    view = state.view_for(seat)
    legal = view.legal_actions()
    if len(legal) == 1:
        return legal[0]
    root = _Node(None, None, None)
    for _ in range(iterations):
        _iterate(root, view, seat, rng)
    best = max(root.children.values(), key=lambda c: (c.visits, -c.action))
    return best.action


def _iterate(root, view, seat, rng):
    g = view.clone()
    g.redeal_hidden(seat, rng)
    node = root
    while not g.is_terminal():
        legal = g.legal_actions()
        untried = [a for a in legal if a not in node.children]
        if untried:
            a = untried[rng.below(len(untried))]
            child = _Node(a, node, g.current_player())
            node.children[a] = child
            for c in node.children.values():
                if c.action in legal:
                    c.avail += 1
            g.apply(a)
            node = child
            break
        options = [node.children[a] for a in legal]
        for c in options:
            c.avail += 1
        node = max(options, key=_ucb)
        g.apply(node.action)
    while not g.is_terminal():
        legal = g.legal_actions()
        g.apply(legal[rng.below(len(legal))])
    winners = g.winners()
    share = 1.0 / len(winners)
    while node is not None:
        node.visits += 1
        if node.mover in winners:
            node.reward += share
        node = node.parent


def _ucb(c):
    return c.reward / c.visits + EXPLORATION * math.sqrt(math.log(c.avail) / c.visits)


def rng_for(seed, ply, seat):
    """The reference player's PRNG for one decision (its own stream)."""
    return Rng(mix_seed(seed, ply, seat, 0x5EF))

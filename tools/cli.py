"""Argument checks the command-line tools share: a bad game, player count
or variant is argparse's usage error (exit 2) before anything runs."""

from engines_core import registry


def check_game(ap, game, flag=None):
    """Refuse a game that is not in the registry."""
    try:
        registry.check(game)
    except ValueError as e:
        ap.error("%s%s" % (flag + ": " if flag else "", e))


def check_setup(ap, game, n, variant, players_flag=None):
    """Refuse a player count the game does not take, or a variant it does not
    offer with that many players (naming the ones it does)."""
    lo, hi = registry.players(game)
    if not lo <= n <= hi:
        ap.error("%s%s takes %s players, not %d" % (
            players_flag + ": " if players_flag else "", game,
            "%d-%d" % (lo, hi) if lo < hi else lo, n))
    try:
        registry.new_game(game, n, variant, 0)
    except ValueError as e:
        ap.error("--variant: %s (%s with %d players: %s)" % (
            e, game, n, ", ".join(registry.variants_for(game, n))))

"""The one state interface every game engine and computer player shares.

Modelled on OpenSpiel's State: a game is a mutable state object; actions are
small non-negative ints; a turn made of several decisions is several actions
by the same seat; simultaneous moves are collected one seat at a time, each
choice hidden from the others until all are in.

Subclasses implement the underscore hooks; the public methods add the checks
that every game needs (illegal actions raise `IllegalAction` and change nothing).
"""

TERMINAL = -1  # current_player() once the game is over


class IllegalAction(ValueError):
    """An action that the rules forbid in this state. The state is unchanged."""


class CorruptState(ValueError):
    """Serialised bytes that do not describe a valid state."""


class OldSave(CorruptState):
    """A save of an earlier format that this version of the game cannot
    play: not damaged, but written under rules the game no longer has."""


class Game:
    """Base class for a game state.

    Required in subclasses: NAME, MIN_PLAYERS, MAX_PLAYERS, VARIANTS,
    NUM_ACTIONS (every action is below it), TAG (two bytes that start the
    game's saves, see codec.py), and `_new(num_players, variant, seed)`,
    `current_player`, `legal_actions`, `_why_illegal`, `_apply`,
    `is_terminal`, `scores`, `winners`, `_hide_from`, `redeal_hidden`,
    `serialize`, `_load`, `clone`, `check`, `action_name`.

    `restore` and `clone` make states without `__init__`: `_load` must set
    every attribute (num_players, variant and seed included) and `clone`
    must copy every one. docs/adding-a-game.md walks through it all.
    """

    NAME = ""
    MIN_PLAYERS = 2
    MAX_PLAYERS = 2
    VARIANTS = ("standard",)
    NUM_ACTIONS = 0
    # Names of the engine module's constants that only arithmetic on an
    # action int needs (where a kind of action starts): tests/test_actions.py
    # keeps every other module from reading them.
    ACTION_LAYOUT = ()
    TAG = b""
    VERSION = 1
    OLDEST_VERSION = None  # the oldest save format still read (None: VERSION only)

    def __init__(self, num_players=2, variant="standard", seed=1):
        lo, hi = self.MIN_PLAYERS, self.MAX_PLAYERS
        if not lo <= num_players <= hi:
            raise ValueError("%s takes %s players, not %d" % (
                self.NAME, "%d-%d" % (lo, hi) if lo < hi else lo, num_players))
        self.num_players = num_players
        self.variant = self.check_variant(variant, num_players)
        self.seed = seed
        self._new(num_players, self.variant, seed)

    # -- variants ---------------------------------------------------------
    @classmethod
    def check_variant(cls, variant, num_players):
        """Return the canonical variant name or raise ValueError."""
        if variant not in cls.VARIANTS:
            raise ValueError("unknown %s variant %r (have: %s)" % (
                cls.NAME, variant, ", ".join(cls.VARIANTS)))
        return variant

    @classmethod
    def variants_for(cls, num_players):
        """Variants playable with this many players (menus use it)."""
        out = []
        for v in cls.VARIANTS:
            try:
                cls.check_variant(v, num_players)
                out.append(v)
            except ValueError:
                pass
        return out

    # -- the interface ----------------------------------------------------
    def current_player(self):
        """Seat to decide next (0-based), or TERMINAL."""
        raise NotImplementedError

    def legal_actions(self):
        """Sorted list of the actions the current seat may take."""
        raise NotImplementedError

    def why_illegal(self, action):
        """None if `action` is legal now, else a short reason for the player."""
        if self.is_terminal():
            return "the game is over"
        if isinstance(action, bool) or not isinstance(action, int) \
                or not 0 <= action < self.NUM_ACTIONS:
            return "not an action"
        return self._why_illegal(action)

    def apply(self, action):
        """Play `action` for the current seat, or raise IllegalAction unchanged."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        self._apply(action)

    def is_terminal(self):
        raise NotImplementedError

    def scores(self):
        """One int per seat (final once terminal, running otherwise)."""
        raise NotImplementedError

    def winners(self):
        """Sorted list of winning seats: empty until the game is over, then
        never empty. Seats that share the win are all listed (the end screen
        says DRAW when that is every seat)."""
        raise NotImplementedError

    def can_play_on(self):
        """True when the game is over but the others may play on for the
        places (a rulebook allows it): see play_on."""
        return False

    def play_on(self):
        """Continue a finished game without the seats that just finished
        (their places are kept); winners() stays the game's winners. Raises
        IllegalAction, changing nothing, unless can_play_on()."""
        raise IllegalAction("this game cannot go on")

    def played_on(self):
        """True once play_on was used: the game was already counted."""
        return False

    def view_for(self, seat):
        """A copy holding only what `seat` may know.

        Everything hidden from `seat` is replaced canonically (e.g. unseen
        cards pooled, sorted and dealt back into the hidden places), so two
        states that `seat` cannot tell apart give identical views. Computer
        players only ever see such a view. The seed goes too: the deal could
        be recomputed from it.
        """
        v = self.clone()
        v._hide_from(seat)
        v.seed = 0
        return v

    def redeal_hidden(self, seat, rng):
        """Shuffle what `seat` cannot see (a determinisation for search)."""
        pass

    def serialize(self):
        """Compact bytes that `restore` turns back into an equal state."""
        raise NotImplementedError

    @classmethod
    def restore(cls, data):
        """Rebuild a state from `serialize()` output (`_load`, then `check`);
        CorruptState if invalid."""
        g = object.__new__(cls)
        try:
            g._load(bytes(data))
            g.check()
        except CorruptState:
            raise
        except Exception as e:  # index errors, bad values...
            raise CorruptState("%s save is corrupt (%s)" % (cls.NAME, e))
        return g

    def clone(self):
        raise NotImplementedError

    def check(self):
        """Raise CorruptState unless every piece, card and tile is accounted
        for and the state is one the rules can reach (restore calls it after
        `_load`)."""
        raise NotImplementedError

    def action_name(self, action):
        """Short human-readable name of an action, for logs and tests."""
        return str(action)

    # -- hooks ------------------------------------------------------------
    def _new(self, num_players, variant, seed):
        raise NotImplementedError

    def _why_illegal(self, action):
        if action not in self.legal_actions():
            return "not a legal action"
        return None

    def _apply(self, action):
        raise NotImplementedError

    def _hide_from(self, seat):
        pass

    def _load(self, data):
        raise NotImplementedError

"""A game in progress: the engine state, who sits where, and its save form."""

from engines_core import registry, players
from engines_core.ai_common import finish
from engines_core.game import CorruptState

SEAT_KINDS = ("human", "easy", "normal", "hard", "random")
_TAG = b"TS"
_VERSION = 1
# Actions in one game at most (the longest game takes a few thousand): a
# saved count beyond is corrupt, and the next save's 4 bytes could not hold it.
MAX_PLY = 1000000


class Session:
    """One game: `seats` lists each seat's kind (see SEAT_KINDS)."""

    def __init__(self, game, seats, variant="standard", seed=1):
        for k in seats:
            if k not in SEAT_KINDS:
                raise ValueError("unknown seat kind %r" % k)
        self.game = game
        self.seats = list(seats)
        self.seed = seed & 0xFFFFFFFF
        self.state = registry.new_game(game, len(seats), variant, seed)
        self.ply = 0  # actions applied so far
        self.counted = False  # its end is in the statistics (not saved: saves.ENDED)
        self._seen = None  # the seats humans() last counted
        self._humans = None

    def humans(self):
        """The seats people play, as a list not to be changed: the screens
        ask every frame, so it is built again only when the seats change."""
        if self.seats != self._seen:
            self._seen = list(self.seats)
            self._humans = [s for s in range(len(self.seats)) if self.seats[s] == "human"]
        return self._humans

    def is_human(self, seat):
        return self.seats[seat] == "human"

    def computer_move(self, effort=100):
        """The action the computer player in the current seat chooses."""
        return finish(self.computer_steps(effort))

    def computer_steps(self, effort=100):
        """computer_move in slices: a generator (players.choose_steps)."""
        seat = self.state.current_player()
        level = self.seats[seat]
        if level == "human":
            raise ValueError("seat %d is a person" % seat)
        rng = players.rng_for(self.seed, self.ply, seat)
        return players.choose_steps(self.state, level, rng, effort)

    def play(self, action):
        """Apply an action for the current seat (IllegalAction leaves all as it was)."""
        self.state.apply(action)
        self.ply += 1

    def to_bytes(self):
        names = registry.NAMES
        out = bytearray(_TAG)
        out.append(_VERSION)
        out.append(names.index(self.game))
        out.append(len(self.seats))
        for k in self.seats:
            out.append(SEAT_KINDS.index(k))
        out.extend(self.seed.to_bytes(4, "big"))
        out.extend(self.ply.to_bytes(4, "big"))
        out.extend(self.state.serialize())
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        """Rebuild a session; CorruptState if the bytes are not a valid one."""
        try:
            if data[:2] != _TAG or data[2] != _VERSION:
                raise CorruptState("not a saved game of this version")
            game = registry.NAMES[data[3]]
            n = data[4]
            seats = [SEAT_KINDS[k] for k in data[5:5 + n]]
            if len(seats) != n:
                raise CorruptState("save is truncated")
            p = 5 + n
            seed = int.from_bytes(data[p:p + 4], "big")
            ply = int.from_bytes(data[p + 4:p + 8], "big")
            if ply > MAX_PLY:
                raise CorruptState("bad move count")
            state = registry.game_class(game).restore(data[p + 8:])
        except CorruptState:
            raise
        except (IndexError, ValueError, TypeError) as e:
            raise CorruptState("saved game is corrupt (%s)" % e)
        if state.num_players != n:
            raise CorruptState("seat count does not match the game")
        s = object.__new__(cls)
        s.game = game
        s.seats = seats
        s._seen = s._humans = None
        s.seed = seed
        s.ply = ply
        s.state = state
        return s

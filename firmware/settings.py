"""Player settings kept on the device: brightness, volume, the guided first
game (hints on a person's first turns), last choices (the game, and per game
the players, the variant and who plays each seat).

Stored as plain `key=value` lines and parsed field by field with limits, so
a damaged file only resets the damaged fields (never eval'd).
"""

SETTINGS_FILE = "settings.txt"
MAX_FILE = 4096  # bytes: a full file is about 400; a larger one is not read
KINDS = ("human", "easy", "normal", "hard")
KIND_LABELS = ("YOU", "EASY", "NORM", "HARD")
# The LEDs' brightness, percent of the board's safe maximum: the menu steps it.
BRIGHTNESS_MIN = 10
BRIGHTNESS_MAX = 100
BRIGHTNESS_STEP = 10


class Settings:
    def __init__(self):
        self.brightness = 40  # percent of the board's safe maximum
        self.volume = 5  # 0-10
        self.guide = True  # hints on a person's first turns (firmware/play.py)
        self.game = "tomoko"
        self.players = {}  # game -> number of players
        self.seats = ["human", "normal", "normal", "normal"]  # for a game not played yet
        self.game_seats = {}  # game -> who plays each of 4 positions, as last chosen
        self.variant = {}  # game -> variant name

    def seats_for(self, game):
        """Who plays each position of `game` (a kind per position, 4 of them),
        kept per game: a night of four people at one game does not make the
        next game's second seat a person."""
        seats = self.game_seats.get(game)
        if seats is None:
            seats = self.game_seats[game] = list(self.seats)
        return seats

    def to_text(self):
        lines = ["brightness=%d" % self.brightness, "volume=%d" % self.volume,
                 "guide=%d" % self.guide,
                 "game=%s" % self.game, "seats=%s" % ",".join(self.seats)]
        for g in sorted(self.players):
            lines.append("players.%s=%d" % (g, self.players[g]))
        for g in sorted(self.variant):
            lines.append("variant.%s=%s" % (g, self.variant[g]))
        for g in sorted(self.game_seats):
            lines.append("seats.%s=%s" % (g, ",".join(self.game_seats[g])))
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text):
        """Parse settings; unknown or out-of-range fields keep their defaults."""
        s = cls()
        for line in text.split("\n"):
            if "=" not in line:
                continue
            key, value = line.split("=", 1)
            key = key.strip()
            value = value.strip()
            try:
                if key == "brightness":
                    s.brightness = _clamp(int(value), BRIGHTNESS_MIN, BRIGHTNESS_MAX)
                elif key == "volume":
                    s.volume = _clamp(int(value), 0, 10)
                elif key == "guide" and value in ("0", "1"):
                    s.guide = value == "1"
                elif key == "game" and _is_name(value):
                    s.game = value
                elif key == "seats" or key.startswith("seats.") and _is_name(key[6:]):
                    kinds = value.split(",")
                    if len(kinds) == 4 and all(k in KINDS for k in kinds):
                        if key == "seats":
                            s.seats = kinds
                        else:
                            s.game_seats[key[6:]] = kinds
                elif key.startswith("players.") and _is_name(key[8:]):
                    s.players[key[8:]] = _clamp(int(value), 1, 8)
                elif key.startswith("variant.") and _is_name(key[8:]) and _is_variant(value):
                    s.variant[key[8:]] = value
            except ValueError:
                pass
        return s

    @classmethod
    def load(cls, storage):
        """The saved settings; the defaults if the file is missing, too
        large, unreadable, or there is no memory to read it."""
        try:
            data = storage.read(SETTINGS_FILE, MAX_FILE) if storage else None
            return cls.from_text(data.decode()) if data else cls()
        except (OSError, UnicodeError, ValueError, MemoryError):
            return cls()

    def save(self, storage):
        if storage:
            storage.write(SETTINGS_FILE, self.to_text().encode())


def _clamp(v, lo, hi):
    return lo if v < lo else hi if v > hi else v


def is_word(v, longest, extra=""):
    """A name this file may hold: 1 to `longest` characters, each a-z, 0-9
    or one of `extra` (game names, seat kinds, variants such as tiles32 or
    quick+open)."""
    return 0 < len(v) <= longest and all("a" <= c <= "z" or "0" <= c <= "9" or c in extra
                                         for c in v)


def _is_name(v):
    return is_word(v, 12)


def _is_variant(v):
    return is_word(v, 24, "+")

"""Statistics kept on the device: games played, and wins per game and seat kind.

Stored as `key=value` lines (`tomoko.played=12`, `tomoko.won.human=5`,
`tomoko.seats.hard=7`...) and parsed field by field, so a damaged file only
loses the damaged counts.
"""

from firmware.settings import is_word

STATS_FILE = "stats.txt"
KINDS = ("human", "easy", "normal", "hard", "random")


class Stats:
    def __init__(self):
        self.counts = {}

    def get(self, key):
        return self.counts.get(key, 0)

    def record(self, game, seats, winners):
        """Count one finished game: seats is the list of seat kinds."""
        self._add(game + ".played")
        for s, kind in enumerate(seats):
            self._add("%s.seats.%s" % (game, kind))
            if s in winners:
                self._add("%s.won.%s" % (game, kind))

    def _add(self, key):
        self.counts[key] = self.counts.get(key, 0) + 1

    def summary(self, game):
        """One line for the menu, e.g. 'PLAYED 12 YOU WON 5 OF 12 HARD WON 4 OF 7'."""
        played = self.get(game + ".played")
        if not played:
            return "NOT PLAYED YET"
        parts = ["PLAYED %d" % played]
        labels = {"human": "YOU", "easy": "EASY", "normal": "NORM", "hard": "HARD"}
        for kind in KINDS:
            seats = self.get("%s.seats.%s" % (game, kind))
            if seats and kind in labels:
                parts.append("%s WON %d OF %d" % (labels[kind], self.get("%s.won.%s" % (game, kind)), seats))
        return " ".join(parts)

    def to_text(self):
        return "".join("%s=%d\n" % (k, self.counts[k]) for k in sorted(self.counts))

    @classmethod
    def from_text(cls, text):
        s = cls()
        for line in text.split("\n"):
            key, sep, value = line.partition("=")
            key = key.strip()
            if not sep or not _is_key(key):
                continue
            try:
                n = int(value)
            except ValueError:
                continue
            if 0 <= n < 1000000000:
                s.counts[key] = n
        return s

    @classmethod
    def load(cls, storage):
        try:
            data = storage.read(STATS_FILE) if storage else None
            return cls.from_text(data.decode()) if data else cls()
        except (OSError, UnicodeError, ValueError):
            return cls()

    def save(self, storage):
        if storage:
            storage.write(STATS_FILE, self.to_text().encode())


def _is_key(k):
    parts = k.split(".")
    if not 2 <= len(parts) <= 3:
        return False
    return all(is_word(p, 12) for p in parts)

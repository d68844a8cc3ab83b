"""Statistics kept on the device: per game, the games played, the games one
person played against the computers and how many of those they won, the
games several people played together, and per computer level the games it
played in and won. Counted in games, not seats: four people at one game are
one game "with friends"; a draw between every seat is nobody's win.

Stored as `key=value` lines (`tomoko.played=12`, `tomoko.solo.games=9`,
`tomoko.solo.won=5`, `tomoko.friends.games=3`, `tomoko.games.hard=7`,
`tomoko.wins.hard=4`) and parsed field by field, so a damaged file only loses
the damaged counts. (Files from before counted seats as `seats.KIND` and
`won.KIND`; those lines are kept but no longer shown.)
"""

from firmware.settings import is_word

STATS_FILE = "stats.txt"
MAX_FILE = 4096  # bytes: every count of every game, at a billion, is under 2700
KINDS = ("human", "easy", "normal", "hard", "random")


class Stats:
    def __init__(self):
        self.counts = {}

    def get(self, key):
        return self.counts.get(key, 0)

    def record(self, game, seats, winners):
        """Count one finished game: seats is the list of seat kinds."""
        self._add(game + ".played")
        if len(winners) == len(seats):
            winners = ()  # a draw between everyone is no one's win
        people = seats.count("human")
        if people == 1:
            self._add(game + ".solo.games")
            if seats.index("human") in winners:
                self._add(game + ".solo.won")
        elif people:
            self._add(game + ".friends.games")
        for kind in KINDS[1:]:
            if kind in seats:
                self._add("%s.games.%s" % (game, kind))
                if any(seats[s] == kind for s in winners):
                    self._add("%s.wins.%s" % (game, kind))

    def _add(self, key):
        self.counts[key] = self.counts.get(key, 0) + 1

    def summary(self, game):
        """One line for the menu, e.g. 'PLAYED 12 YOU WON 5 OF 9 WITH FRIENDS 3
        HARD WON 4 OF 7'."""
        played = self.get(game + ".played")
        if not played:
            return "NOT PLAYED YET"
        parts = ["PLAYED %d" % played]
        solo = self.get(game + ".solo.games")
        if solo:
            parts.append("YOU WON %d OF %d" % (self.get(game + ".solo.won"), solo))
        friends = self.get(game + ".friends.games")
        if friends:
            parts.append("WITH FRIENDS %d" % friends)
        for kind, label in (("easy", "EASY"), ("normal", "NORM"), ("hard", "HARD")):
            n = self.get("%s.games.%s" % (game, kind))
            if n:
                parts.append("%s WON %d OF %d" % (label, self.get("%s.wins.%s" % (game, kind)), n))
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
        """The saved counts; none if the file is missing, too large,
        unreadable, or there is no memory to read it."""
        try:
            data = storage.read(STATS_FILE, MAX_FILE) if storage else None
            return cls.from_text(data.decode()) if data else cls()
        except (OSError, UnicodeError, ValueError, MemoryError):
            return cls()

    def save(self, storage):
        if storage:
            storage.write(STATS_FILE, self.to_text().encode())


def _is_key(k):
    parts = k.split(".")
    if not 2 <= len(parts) <= 3:
        return False
    return all(is_word(p, 12) for p in parts)

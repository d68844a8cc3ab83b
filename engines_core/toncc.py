"""Tóncc: three Kings move secretly and at the same time over 18 Regions
around the Mind, conquer them with Seals on the Map and build Kingdoms.

Rules: ../shared/seeds/003; our readings: docs/rules/toncc.md.

The board is a hexagon of radius 2: 19 cells in reading order (rows of 3, 4,
5, 4, 3), cell 9 is the Mind. Actions are the 6 Compass movements 0-5,
clockwise from NE: NE, E, SE, SW, W, NW.

A move is simultaneous: every King still on the board chooses one action,
one seat at a time (current_player() goes through those seats in seat
order), each choice hidden from the others; when the last choice is in, all
Kings move and conquer at once.
"""

from engines_core.game import Game, TERMINAL, CorruptState
from engines_core.prng import Rng
from engines_core.codec import read_header, write_header
from engines_core.toncc_regions import REGIONS
from engines_core import toncc_facts as F

RED = 0
YELLOW = 1
BLUE = 2
COLOUR_NAMES = ("RED", "YELLOW", "BLUE")
CIRCLE, SQUARE, TRIANGLE = 0, 1, 2

NUM_REGIONS = 18
CELLS = 19
MIND = 9
SEALS = 6
NONE = 255  # no King / no choice / no Seal
OFF = 255  # a King that has left the board
HIDDEN = 6  # a pending choice the viewing seat may not see (views only)
QUIET_END = 3  # moves without any conquest that end a challenge
NUM_ACTIONS = 6
DIR_NAMES = ("NE", "E", "SE", "SW", "W", "NW")
# Axial (dq, dr) of each direction: rows are r, q grows to the east.
DIRS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))


def _cells():
    out = []
    for r in range(-2, 3):
        for q in range(-2, 3):
            if -2 <= q + r <= 2:
                out.append((q, r))
    return tuple(out)


# COORDS[cell] = (q, r), reading order; CELL_AT[(q, r)] = cell.
COORDS = _cells()
CELL_AT = {}
for _i in range(CELLS):
    CELL_AT[COORDS[_i]] = _i


def on_board(q, r):
    return -2 <= q <= 2 and -2 <= r <= 2 and -2 <= q + r <= 2


def ring(cell):
    """0 for the Mind, 1 for the 6 internal Regions, 2 for the 12 external."""
    q, r = COORDS[cell]
    return max(abs(q), abs(r), abs(q + r))


def _step(cell, d):
    q, r = COORDS[cell]
    dq, dr = DIRS[d]
    nq, nr = q + dq, r + dr
    if cell != MIND and nq == 0 and nr == 0:
        # "the chosen movement would put it on the Mind, the latter is
        # skipped and the King is placed on the following Region"
        nq, nr = nq + dq, nr + dr
    if on_board(nq, nr):
        return CELL_AT[(nq, nr)]
    # "reverse the direction and place the King on the last Region in that
    # direction": walk back along the line to the far rim.
    while on_board(q - dq, r - dr):
        q, r = q - dq, r - dr
    return CELL_AT[(q, r)]


# NEXT[cell * 6 + d]: where a King on `cell` lands with movement d.
NEXT = bytes(_step(c, d) for c in range(CELLS) for d in range(NUM_ACTIONS))


def dest(cell, d):
    return NEXT[cell * 6 + d]


def _distances():
    """DIST[a * 19 + b]: fewest moves from cell a to cell b (the Mind is
    only ever left, so paths never pass it)."""
    out = bytearray(b"\xff" * (CELLS * CELLS))
    for a in range(CELLS):
        out[a * CELLS + a] = 0
        frontier = [a]
        k = 0
        while frontier:
            k += 1
            nxt = []
            for c in frontier:
                for d in range(NUM_ACTIONS):
                    b = NEXT[c * 6 + d]
                    if out[a * CELLS + b] == 255:
                        out[a * CELLS + b] = k
                        nxt.append(b)
            frontier = nxt
    return bytes(out)


DIST = _distances()


# The Map: places 0-17 clockwise around a triangle, corners 0, 6, 12; side s
# holds places 6s .. 6s+6 (mod 18). KINGDOMS: the 15 sets of 3 places in a
# row on one side.
SIDES = tuple(tuple((6 * s + i) % NUM_REGIONS for i in range(7)) for s in range(3))
KINGDOMS = tuple(side[i:i + 3] for side in SIDES for i in range(5))
# KINGDOMS_AT[place]: indices of the Kingdoms that contain the place.
KINGDOMS_AT = tuple(tuple(i for i in range(15) if p in KINGDOMS[i]) for p in range(NUM_REGIONS))


def hair(king):
    """King Blue has yellow hair, King Yellow red hair, King Red blue hair."""
    return (king + 2) % 3


def feet(king):
    return (king + 1) % 3


def weakness(king, colour):
    """0 if `colour` is the King's body (strongest), 1 hair, 2 feet."""
    return (king - colour) % 3


def region_points(king, region):
    """Kingdom points of one Region for a King: 1 body, 2 hair, 3 feet."""
    return 1 + weakness(king, REGIONS[region][0])


def beats_in_tie(a, b):
    """True if King colour `a` takes the better place in a tie with `b`
    (the weaker for 2 colours of 3): Blue beats Yellow, Yellow beats Red,
    Red beats Blue."""
    return a == (b + 1) % 3


def kingdom_list(owner, seat):
    """Indices of the Kingdoms (3 Seals of `seat` in a row on one side)."""
    out = []
    for i in range(15):
        a, b, c = KINGDOMS[i]
        if owner[a] == seat and owner[b] == seat and owner[c] == seat:
            out.append(i)
    return out


def kingdom_points(owner, seat, king):
    total = 0
    for i in kingdom_list(owner, seat):
        for p in KINGDOMS[i]:
            total += region_points(king, p)
    return total


def toncc_points(scores, kings):
    """Tóncc points of one challenge: 2 / 1 / 0 by score; all equal: 1 each;
    two equal: the weaker of the two (beats_in_tie) takes the better place."""
    n = len(scores)
    if scores[0] == scores[1] == scores[2]:
        return [1, 1, 1]
    out = [0] * n
    for s in range(n):
        better = 0
        for t in range(n):
            if t == s:
                continue
            if scores[t] > scores[s] or (scores[t] == scores[s] and beats_in_tie(kings[t], kings[s])):
                better += 1
        out[s] = 2 - better
    return out


def final_winners(totals, kings):
    best = max(totals)
    top = [s for s in range(len(totals)) if totals[s] == best]
    if len(top) == 2:
        a, b = top
        return [a] if beats_in_tie(kings[a], kings[b]) else [b]
    return top


CHALLENGES = {"standard": 3, "short": 1}  # challenges a game lasts, by variant


class Toncc(Game):
    """Tóncc for exactly 3 players; variants: standard (3 challenges), short (1)."""

    NAME = F.NAME
    MIN_PLAYERS, MAX_PLAYERS = F.PLAYERS
    VARIANTS = F.VARIANTS
    NUM_ACTIONS = NUM_ACTIONS
    VERSION = 1
    TAG = b"TC"

    # -- set-up -----------------------------------------------------------
    def _new(self, num_players, variant, seed):
        self.challenges = CHALLENGES[variant]
        rng = Rng(seed)
        # "Each player draws a colour: red, yellow or blue."
        kings = [RED, YELLOW, BLUE]
        rng.shuffle(kings)
        self.kings = bytes(kings)
        self.history = []  # per finished challenge: (owner bytes, king points bytes)
        self.done = False
        self.rng_state = rng.get_state()
        # The last move resolved (public once revealed), kept across
        # challenges so a screen can show the move that ended one.
        self.last_from = bytearray([NONE] * 3)
        self.last_dir = bytearray([NONE] * 3)
        self._start_challenge()

    def _start_challenge(self):
        rng = Rng(1)
        rng.set_state(self.rng_state)
        regions = list(range(NUM_REGIONS))
        rng.shuffle(regions)
        self.rng_state = rng.get_state()
        layout = bytearray(CELLS)
        k = 0
        for c in range(CELLS):
            if c == MIND:
                layout[c] = NONE
            else:
                layout[c] = regions[k]
                k += 1
        self.layout = layout
        self.cell_of = bytearray(NUM_REGIONS)
        for c in range(CELLS):
            if c != MIND:
                self.cell_of[layout[c]] = c
        self.owner = bytearray(b"\xff" * NUM_REGIONS)
        self.pos = bytearray([MIND] * 3)
        self.pending = bytearray([NONE] * 3)
        self.kpts = bytearray(3)
        self.quiet = 0
        self.moves = 0

    # -- queries ----------------------------------------------------------
    def challenge(self):
        """0-based number of the challenge being played (or the last one)."""
        return min(len(self.history), self.challenges - 1)

    def seals_placed(self, seat):
        """Regions with `seat`'s Seal (NONE: Regions without one). A loop:
        MicroPython's bytearray.count takes no int."""
        n = 0
        for o in self.owner:
            if o == seat:
                n += 1
        return n

    def standing(self):
        """Seats whose King is on the board, in seat order."""
        return [s for s in range(3) if self.pos[s] != OFF]

    def face_down(self, region):
        return self.owner[region] != NONE

    def kings_on(self, cell):
        return [s for s in range(3) if self.pos[s] == cell]

    def current_player(self):
        if self.done:
            return TERMINAL
        for s in range(3):
            if self.pos[s] != OFF and self.pending[s] == NONE:
                return s
        return TERMINAL  # cannot happen: a move resolves when all are in

    def choosers_left(self):
        """Seats still to choose in this move (the current one included)."""
        return [s for s in range(3) if self.pos[s] != OFF and self.pending[s] == NONE]

    def is_terminal(self):
        return self.done

    def challenge_scores(self, k):
        """(kingdom points, king points) per seat of finished challenge k."""
        owner, kp = self.history[k]
        return [(kingdom_points(owner, s, self.kings[s]), kp[s]) for s in range(3)]

    def challenge_toncc(self, k):
        sc = [a + b for a, b in self.challenge_scores(k)]
        return toncc_points(sc, self.kings)

    def toncc_totals(self):
        totals = [0, 0, 0]
        for k in range(len(self.history)):
            pts = self.challenge_toncc(k)
            for s in range(3):
                totals[s] += pts[s]
        return totals

    def running_scores(self):
        """Score of the challenge in play so far: Kingdom points of the Seals
        on the Map plus king points already marked."""
        return [kingdom_points(self.owner, s, self.kings[s]) + self.kpts[s] for s in range(3)]

    def scores(self):
        """Tóncc points of the finished challenges (final once terminal)."""
        return self.toncc_totals()

    def winners(self):
        if not self.done:
            return []
        return sorted(final_winners(self.toncc_totals(), self.kings))

    def legal_actions(self):
        if self.done:
            return []
        return [0, 1, 2, 3, 4, 5]

    def _why_illegal(self, action):
        if len(self.choosers_left()) == 1:
            for s in range(3):
                if self.pending[s] == HIDDEN:
                    return "the other choices are hidden"
        return None

    # -- playing ----------------------------------------------------------
    def _apply(self, action):
        seat = self.current_player()
        self.pending[seat] = action
        if self.choosers_left():
            return
        self._resolve()

    def _resolve(self):
        """All choices are in: the Kings move, then conquer."""
        for s in range(3):
            self.last_from[s] = self.pos[s]
            self.last_dir[s] = self.pending[s]
            if self.pos[s] != OFF:
                self.pos[s] = NEXT[self.pos[s] * 6 + self.pending[s]]
            self.pending[s] = NONE
        self.moves += 1
        conquered = False
        for s in range(3):
            c = self.pos[s]
            if c == OFF:
                continue
            region = self.layout[c]
            if self.owner[region] != NONE:
                continue  # face down (or just conquered by a stronger King)
            # The strongest King on this Region's background conquers it.
            bg = REGIONS[region][0]
            best = s
            for t in range(3):
                if self.pos[t] == c and weakness(self.kings[t], bg) < weakness(self.kings[best], bg):
                    best = t
            self.owner[region] = best
            conquered = True
        if conquered:
            self.quiet = 0
        else:
            self.quiet += 1
        standing = len(self.standing())
        finished = [s for s in self.standing() if self.seals_placed(s) == SEALS]
        for s in finished:
            self.kpts[s] = standing
            self.pos[s] = OFF
        left = self.standing()
        if left and self.quiet >= QUIET_END:
            for s in left:
                self.kpts[s] = len(left)
                self.pos[s] = OFF
            left = []
        if not left:
            self._end_challenge()

    def _end_challenge(self):
        self.history.append((bytes(self.owner), bytes(self.kpts)))
        if len(self.history) >= self.challenges:
            self.done = True
        else:
            self._start_challenge()

    # -- hidden information -----------------------------------------------
    def _hide_from(self, seat):
        for s in range(3):
            if s != seat and self.pending[s] != NONE:
                self.pending[s] = HIDDEN
        # The shuffles of the challenges to come: the PRNG state
        # (view_for drops the seed they could be recomputed from).
        self.rng_state = 1

    def redeal_hidden(self, seat, rng):
        for s in range(3):
            if s != seat and self.pending[s] != NONE:
                self.pending[s] = rng.below(NUM_ACTIONS)
        self.rng_state = (rng.next32() | 1) & 0xFFFFFFFF

    # -- copies and saves -------------------------------------------------
    def clone(self):
        g = object.__new__(Toncc)
        g.num_players = self.num_players
        g.variant = self.variant
        g.seed = self.seed
        g.challenges = self.challenges
        g.kings = self.kings
        g.history = list(self.history)
        g.done = self.done
        g.rng_state = self.rng_state
        g.layout = bytearray(self.layout)
        g.cell_of = bytearray(self.cell_of)
        g.owner = bytearray(self.owner)
        g.pos = bytearray(self.pos)
        g.pending = bytearray(self.pending)
        g.kpts = bytearray(self.kpts)
        g.quiet = self.quiet
        g.moves = self.moves
        g.last_from = bytearray(self.last_from)
        g.last_dir = bytearray(self.last_dir)
        return g

    def serialize(self):
        w = write_header(self)
        w.u32(self.rng_state)
        w.raw(self.kings)
        w.u8(len(self.history))
        for owner, kp in self.history:
            w.raw(owner)
            w.raw(kp)
        w.raw(self.layout)
        w.raw(self.owner)
        w.raw(self.pos)
        w.raw(self.pending)
        w.raw(self.kpts)
        w.u8(self.quiet)
        w.u8(self.moves)
        w.raw(self.last_from)
        w.raw(self.last_dir)
        return w.getvalue()

    def _load(self, data):
        r = read_header(self, data)
        self.challenges = CHALLENGES[self.variant]
        self.rng_state = r.u32()
        self.kings = bytes(r.raw(3))
        h = r.u8()
        if h > self.challenges:
            raise CorruptState("too many challenges")
        self.history = []
        for _ in range(h):
            self.history.append((bytes(r.raw(NUM_REGIONS)), bytes(r.raw(3))))
        self.done = h == self.challenges
        self.layout = bytearray(r.raw(CELLS))
        self.owner = bytearray(r.raw(NUM_REGIONS))
        self.pos = bytearray(r.raw(3))
        self.pending = bytearray(r.raw(3))
        # bytes, not the bytearray: MicroPython cannot look for an int in a
        # bytearray (NotImplementedError), only in bytes.
        if HIDDEN in bytes(self.pending):
            # Only a view hides a choice (check() allows it there); a saved
            # game holds every one, and a computer player cannot move past it.
            raise CorruptState("a hidden choice in a save")
        self.kpts = bytearray(r.raw(3))
        self.quiet = r.u8()
        self.moves = r.u8()
        self.last_from = bytearray(r.raw(3))
        self.last_dir = bytearray(r.raw(3))
        r.end()
        self.cell_of = bytearray(NUM_REGIONS)
        for c in range(CELLS):
            if c != MIND and self.layout[c] < NUM_REGIONS:
                self.cell_of[self.layout[c]] = c

    def check(self):
        """Raise CorruptState unless the Regions, Seals and Kings are all
        accounted for and the position is one the rules can reach."""
        if self.rng_state == 0 or sorted(self.kings) != [0, 1, 2]:
            raise CorruptState("bad PRNG state or King colours")
        lay = [self.layout[c] for c in range(CELLS) if c != MIND]
        if self.layout[MIND] != NONE or sorted(lay) != list(range(NUM_REGIONS)):
            raise CorruptState("Regions not accounted for")
        for c in range(CELLS):
            if c != MIND and self.cell_of[self.layout[c]] != c:
                raise CorruptState("bad Region index")
        for owner, kp in self.history:
            self._check_seals(owner)
            for s in range(3):
                if not 1 <= kp[s] <= 3:
                    raise CorruptState("bad king points")
        self._check_seals(self.owner)
        if self.done != (len(self.history) == self.challenges):
            raise CorruptState("bad end")
        if self.quiet > QUIET_END or (self.quiet == QUIET_END and not self.done):
            raise CorruptState("bad quiet count")
        # Each conquering move is preceded by at most 2 moves without one
        # (3 end the challenge), so a challenge has at most 3 moves per Seal
        # on the Map plus the last quiet ones: 56, within the saved byte.
        if self.moves > 3 * (NUM_REGIONS - self.seals_placed(NONE)) + self.quiet:
            raise CorruptState("bad move count")
        for s in range(3):
            if self.last_dir[s] != NONE and self.last_dir[s] >= NUM_ACTIONS:
                raise CorruptState("bad last move")
            if self.last_from[s] != NONE and self.last_from[s] >= CELLS:
                raise CorruptState("bad last move")
        if self.done:
            return  # the last challenge's board stays as it ended
        at_mind = 0
        chosen = True
        for s in range(3):
            p = self.pos[s]
            placed = self.seals_placed(s)
            if p == OFF:
                # Only a King with all 6 Seals placed has left mid-challenge.
                if placed != SEALS or not 1 <= self.kpts[s] <= 3 or self.pending[s] != NONE:
                    raise CorruptState("a King left too early")
                continue
            if p >= CELLS or self.kpts[s] != 0 or placed >= SEALS:
                raise CorruptState("bad King")
            if p == MIND:
                at_mind += 1
            v = self.pending[s]
            if v == NONE:
                chosen = False
            elif v > HIDDEN or not chosen:
                raise CorruptState("bad pending choice")
        if not self.standing() or all(self.pending[s] != NONE for s in self.standing()):
            raise CorruptState("no King to choose")
        if at_mind and (at_mind != 3 or self.moves or any(o != NONE for o in self.owner)):
            raise CorruptState("a King on the Mind mid-challenge")
        if not at_mind and self.moves == 0:
            raise CorruptState("Kings left the Mind without a move")
        # A move conquers at most 3 Regions, and the last `quiet` moves of
        # the challenge conquered none.
        owned = NUM_REGIONS - self.seals_placed(NONE)
        if self.quiet > self.moves or owned > 3 * (self.moves - self.quiet):
            raise CorruptState("bad move count")

    def _check_seals(self, owner):
        count = [0, 0, 0]
        for o in owner:
            if o == NONE:
                continue
            if o > 2:
                raise CorruptState("bad Seal")
            count[o] += 1
        if max(count) > SEALS:
            raise CorruptState("more than 6 Seals")

    def action_name(self, action):
        return DIR_NAMES[action]

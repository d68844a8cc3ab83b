"""Tomoko: push balls into a 5x5 board to form the 3x3 patterns on your cards.

Rules: ../shared/seeds 000 (EN) and 004 (DE); our readings: docs/rules/tomoko.md.

Actions are ints 0-39: colour * 20 + entry, colour 0 = dark, 1 = light; entry =
side * 5 + line, sides 0 top (pushes down), 1 right (pushes left), 2 bottom
(pushes up), 3 left (pushes right); line counts left-to-right on top/bottom
and top-to-bottom on left/right.
"""

from engines_core.game import Game, TERMINAL, CorruptState, IllegalAction
from engines_core.prng import Rng
from engines_core.codec import read_header, write_header
from engines_core.tomoko_deck import CARDS
from engines_core import tomoko_facts as F

SIZE = 5
CELLS = 25
EMPTY = 0
DARK = 1
LIGHT = 2
BALLS_PER_COLOUR = 15
ENTRIES = 20
NUM_ACTIONS = 40
NUM_CARDS = len(CARDS)
MOVE_CAP = 400  # digital addition: after this many pushes, most cards laid wins
NO_CARD = 255
SIDE_NAMES = "NESW"


# Actions and entries are made and taken apart by these only (the computer
# players and the screens call them, never the arithmetic); entries: at the
# end of this module.

def action_of(colour, entry):
    """Action number for pushing a ball of `colour` (DARK/LIGHT) at `entry`."""
    return (colour - 1) * ENTRIES + entry


def colour_of(action):
    return 1 + action // ENTRIES


def entry_of(action):
    return action % ENTRIES



def _make_lines():
    lines = []
    for side in range(4):
        for k in range(SIZE):
            if side == 0:
                cells = [r * SIZE + k for r in range(SIZE)]
            elif side == 1:
                cells = [k * SIZE + (SIZE - 1 - c) for c in range(SIZE)]
            elif side == 2:
                cells = [(SIZE - 1 - r) * SIZE + k for r in range(SIZE)]
            else:
                cells = [k * SIZE + c for c in range(SIZE)]
            lines.append(tuple(cells))
    return tuple(lines)


# LINES[entry]: the five cells of that line, starting at the entry edge.
LINES = _make_lines()

# The nine 3x3 windows, numbered row-major by their top-left corner.
WINDOWS = tuple((r, c) for r in range(3) for c in range(3))
WINDOW_CELLS = tuple(
    tuple((r + i // 3) * SIZE + c + i % 3 for i in range(9)) for (r, c) in WINDOWS)


def rotate(mask):
    """A 3x3 mask turned a quarter clockwise."""
    out = 0
    for r in range(3):
        for c in range(3):
            if mask >> (3 * r + c) & 1:
                out |= 1 << (3 * c + 2 - r)
    return out


def _rotations():
    rots = []
    card_at = bytearray(b"\xff" * 512)
    rot_at = bytearray(512)
    for i, m in enumerate(CARDS):
        four = []
        for k in range(4):
            four.append(m)
            if card_at[m] == NO_CARD:
                card_at[m] = i
                rot_at[m] = k
            m = rotate(m)
        rots.append(tuple(four))
    return tuple(rots), card_at, rot_at


# ROTATIONS[card][k]: the card's mask turned k quarters; CARD_AT[mask]: the card
# (if any) showing `mask` in some rotation, ROT_AT[mask] that rotation.
ROTATIONS, CARD_AT, ROT_AT = _rotations()

_VARIANT_FLAGS = ("quick", "teams", "open")


# Bitboards: bit i of a 25-bit int stands for hollow i (small ints on
# MicroPython too). A board is two of them: dark balls, filled hollows.
FULL_BOARD = (1 << CELLS) - 1
# LINE_MASK[entry]: the hollows of its line.
LINE_MASK = tuple(sum(1 << i for i in line) for line in LINES)
# A push on a full line moves every ball one hollow on: by _STEP[entry]
# bits (up the bitboard when positive), the far ball falling off.
_STEP = tuple((SIZE, -1, -SIZE, 1)[e // SIZE] for e in range(ENTRIES))
EDGE = tuple(1 << line[0] for line in LINES)  # the hollow a pushed ball goes to
# Each window: the bit offset of its top-left hollow and its nine hollows.
WINDOW_SHIFTS = tuple(r * SIZE + c for (r, c) in WINDOWS)
_WINDOW_BITS = tuple(0x1CE7 << s for s in WINDOW_SHIFTS)  # 0x1CE7: 3 rows of 3
_NO_UNDO = ()  # no push undoes the last one
def bits_of(board):
    """(dark, full) bitboards of a board of cells."""
    dark = 0
    full = 0
    bit = 1
    for v in board:
        if v:
            full |= bit
            if v == DARK:
                dark |= bit
        bit <<= 1
    return dark, full


def push_bits(dark, full, colour, entry):
    """The bitboards after pushing `colour` at `entry`: the balls from the
    entry edge up to the first empty hollow move one on (off the far edge if
    the line is full) and the new ball takes the edge hollow."""
    line = LINE_MASK[entry]
    if full & line == line:
        # A full line: every ball moves one hollow on, the far one drops out.
        step = _STEP[entry]
        on = dark & line
        dark ^= on
        dark |= (on << step if step > 0 else on >> -step) & line
        if colour == DARK:
            dark |= EDGE[entry]
        return dark, full
    carry_dark = colour == DARK
    for i in LINES[entry]:
        b = 1 << i
        was_full = full & b
        was_dark = dark & b
        full |= b
        if carry_dark:
            dark |= b
        else:
            dark &= ~b
        if not was_full:
            break
        carry_dark = was_dark
    return dark, full


def window_dark(dark, w):
    """The 9-bit dark mask of window `w` (bit 3*row+col)."""
    d = dark >> WINDOW_SHIFTS[w]
    return (d & 7) | (d >> 2 & 56) | (d >> 4 & 448)


def window_card(dark, full, w):
    """The card shown in window `w` of a bitboard, or NO_CARD."""
    m = _WINDOW_BITS[w]
    if full & m != m:
        return NO_CARD
    return CARD_AT[window_dark(dark, w)]


def _line_undo(dark, prev_dark, e):
    """The colour whose push at `e`, on a full line, gives back `prev_dark`
    on that line (EMPTY if neither does)."""
    line = LINE_MASK[e]
    step = _STEP[e]
    on = dark & line
    moved = (on << step if step > 0 else on >> -step) & line  # the edge hollow is clear
    want = prev_dark & line
    if moved == want:
        return LIGHT
    if moved | EDGE[e] == want:
        return DARK
    return EMPTY


def undo_actions(dark, full, prev_dark, prev_full):
    """The actions whose push gives back the previous board (a tuple)."""
    ud, ul = undo_masks(dark, full, prev_dark, prev_full)
    out = ()
    for a in range(NUM_ACTIONS):
        if (ul >> a - ENTRIES if a >= ENTRIES else ud >> a) & 1:
            out += (a,)
    return out


def undo_masks(dark, full, prev_dark, prev_full):
    """(dark entries, light entries): bit e set when pushing that colour at
    entry e gives back the previous board."""
    if full & ~prev_full:
        return 0, 0  # a push never empties a hollow
    diff = (dark ^ prev_dark) | (full ^ prev_full)
    if diff:
        # A push changes its own line only: only the two ends of the row and
        # of the column through a changed hollow can undo it.
        i = 0
        while not diff >> i & 1:
            i += 1
        r = i // SIZE
        c = i % SIZE
        entries = (15 + r, 5 + r, c, 10 + c)
    else:
        entries = range(ENTRIES)
    prev = (prev_dark, prev_full)
    undo_dark = 0
    undo_light = 0
    for e in entries:
        if diff & ~LINE_MASK[e]:
            continue
        edge = EDGE[e]  # a push leaves its colour here
        if not prev_full & edge:
            continue
        if full == prev_full:
            # Only a push on a full line fills nothing: all its balls move on.
            line = LINE_MASK[e]
            if full & line == line:
                colour = _line_undo(dark, prev_dark, e)
                if colour == DARK:
                    undo_dark |= 1 << e
                elif colour == LIGHT:
                    undo_light |= 1 << e
        elif prev_dark & edge:
            if push_bits(dark, full, DARK, e) == prev:
                undo_dark |= 1 << e
        elif push_bits(dark, full, LIGHT, e) == prev:
            undo_light |= 1 << e
    return undo_dark, undo_light


class Tomoko(Game):
    """Tomoko for 2-4 players; variants: quick, teams (4 players), open, and combinations."""

    NAME = F.NAME
    MIN_PLAYERS, MAX_PLAYERS = F.PLAYERS
    VARIANTS = F.VARIANTS
    NUM_ACTIONS = NUM_ACTIONS
    VERSION = 2  # 2: the places of a game played on
    OLDEST_VERSION = 1
    TAG = b"TK"

    @classmethod
    def check_variant(cls, variant, num_players):
        flags = [f for f in variant.split("+") if f and f != "standard"]
        for f in flags:
            if f not in _VARIANT_FLAGS:
                raise ValueError("unknown tomoko variant flag %r" % f)
        if "teams" in flags and "open" in flags:
            raise ValueError("teams and open cards cannot be combined")
        if "teams" in flags and num_players != 4:
            raise ValueError("the team variant needs 4 players")
        name = "+".join(f for f in _VARIANT_FLAGS if f in flags)
        return name or "standard"

    # -- set-up -----------------------------------------------------------
    def _new(self, num_players, variant, seed):
        self.teams = "teams" in variant
        self.open = "open" in variant
        self.num_owners = 2 if self.teams else num_players
        if self.teams or self.open:
            self.target = 5
        else:
            self.target = (0, 0, 10, 5, 3)[num_players]
        rng = Rng(seed)
        self.board = bytearray(CELLS)
        self.bag = [0, BALLS_PER_COLOUR, BALLS_PER_COLOUR]
        if "quick" in variant:
            balls = [DARK] * BALLS_PER_COLOUR + [LIGHT] * BALLS_PER_COLOUR
            rng.shuffle(balls)
            for i in range(CELLS):
                self.board[i] = balls[i]
                self.bag[balls[i]] -= 1
        deck = list(range(NUM_CARDS))
        rng.shuffle(deck)
        hand_size = 3 if self.open else 2
        self.hands = [[] for _ in range(self.num_owners)]
        self.laid = [[] for _ in range(self.num_owners)]
        for _ in range(hand_size):
            for h in self.hands:
                h.append(deck.pop())
        self.deck = deck
        self.rng_state = rng.get_state()
        self.prev = None
        self._snap = None  # bitboards and undo masks, see _bits
        self._prev_seen = None
        self._dark = self._full = 0
        self._undo = _NO_UNDO
        self._shown = None
        self.turn = 0
        self.moves = 0
        self.done = False
        self.wins = []
        # After a win the others may play on for the places (000: "the
        # others can always continue playing"): the place of each seat that
        # has finished, 0 while it plays.
        self.places = bytearray(num_players)
        self.last_action = None
        self.dropped = EMPTY
        self.lays = []
        if "quick" in variant:
            # Cards dealt onto a filled board are compared at once, as drawn
            # cards are: a pattern already there is laid before P1's push.
            self._resolve_lays()
            self._check_end()

    # -- queries ----------------------------------------------------------
    def owner_of(self, seat):
        """Index of the hand/laid pile a seat plays from (its team in teams)."""
        return seat % 2 if self.teams else seat

    def seats_of(self, owner):
        return [s for s in range(self.num_players) if self.owner_of(s) == owner]

    def hand(self, seat):
        return self.hands[self.owner_of(seat)]

    def laid_count(self, seat):
        return len(self.laid[self.owner_of(seat)])

    def current_player(self):
        return TERMINAL if self.done else self.turn

    def is_terminal(self):
        return self.done

    def scores(self):
        return [len(self.laid[self.owner_of(s)]) for s in range(self.num_players)]

    def winners(self):
        return list(self.wins)

    def enders(self):
        """The seats that ended the game as it stands now (finished): those
        still playing who reached the target, else (move cap, no card can be
        laid) those still playing with the most cards laid."""
        playing = self._playing()
        reached = [o for o in playing if len(self.laid[o]) >= self.target]
        if not reached:
            best = max(len(self.laid[o]) for o in playing)
            reached = [o for o in playing if len(self.laid[o]) == best]
        return sorted(s for s in range(self.num_players) if self.owner_of(s) in reached)

    def finished(self, owner):
        """True for a hand whose player finished before the others played on
        (teams never play on, so owner and seat are the same then)."""
        return self.places[owner] != 0

    def _playing(self):
        """The hands whose players have not finished."""
        return [o for o in range(self.num_owners) if not self.places[o]]

    def next_place(self):
        """The place the seats still playing play for (1 until play_on)."""
        return 1 + self.num_players - self.still_playing()

    def can_play_on(self):
        if not self.done or self.teams or self.moves >= MOVE_CAP:
            return False
        enders = self.enders()
        if any(len(self.laid[self.owner_of(s)]) < self.target for s in enders):
            return False  # no card can be laid any more: nothing to play for
        return self.still_playing() - len(enders) >= 2

    def play_on(self):
        if not self.can_play_on():
            raise IllegalAction("only two or more players left may play on")
        place = self.next_place()
        for s in self.enders():
            self.places[s] = place
        self.done = False
        self.lays = []
        self._next_turn()

    def played_on(self):
        return any(self.places)

    def next_seat(self, seat):
        """The seat that moves after `seat` (finished seats are skipped)."""
        n = self.num_players
        t = (seat + 1) % n
        while self.places[t]:
            t = (t + 1) % n
        return t

    def still_playing(self):
        """How many seats have not finished."""
        return sum(1 for p in self.places if not p)

    def _next_turn(self):
        self.turn = self.next_seat(self.turn)

    def _sync(self):
        """Rebuild the bitboards, the card in each window and the undo masks
        from `board` and `prev`. They are kept up to date by _apply, but tests
        and screens may set board or prev directly, so every use first checks
        `board != _snap or prev is not _prev_seen` (the board by value; prev,
        never changed in place, by identity) and calls this if so."""
        self._dark, self._full = dark, full = bits_of(self.board)
        self._shown = [window_card(dark, full, w) for w in range(9)]
        self._snap = bytes(self.board)
        self._prev_seen = prev = self.prev
        if prev is None:
            self._undo = _NO_UNDO
        else:
            pd, pf = bits_of(prev)
            self._undo = undo_actions(dark, full, pd, pf)

    def legal_actions(self):
        if self.done:
            return []
        if self.board != self._snap or self.prev is not self._prev_seen:
            self._sync()
        bag = self.bag
        if bag[DARK]:
            out = list(range(NUM_ACTIONS if bag[LIGHT] else ENTRIES))
        else:
            out = list(range(ENTRIES, NUM_ACTIONS))  # the 30 balls can never all be on the board
        for a in self._undo:
            if bag[1 + a // ENTRIES]:
                out.remove(a)
        return out

    def _why_illegal(self, action):
        colour = 1 + action // ENTRIES
        if not self.bag[colour]:
            return "no %s balls left in the bag" % ("dark" if colour == DARK else "light")
        if self.board != self._snap or self.prev is not self._prev_seen:
            self._sync()
        if action in self._undo:
            return "that would undo the previous move"
        return None

    # -- playing ----------------------------------------------------------
    def apply(self, action):
        # Game.apply, with the common case (a legal push, nothing set from
        # outside) checked inline: every search and playout goes through here.
        if type(action) is int and 0 <= action < NUM_ACTIONS and not self.done \
                and self.bag[1 + action // ENTRIES] and action not in self._undo \
                and self.prev is self._prev_seen and self.board == self._snap:
            self._apply(action)
        else:
            Game.apply(self, action)

    def _apply(self, action):
        colour = 1 + action // ENTRIES
        entry = action % ENTRIES
        if self.board != self._snap or self.prev is not self._prev_seen:
            self._sync()
        dark = nd = self._dark
        full = nf = self._full
        board = self.board
        self.prev = self._snap  # the board as bytes, as it is before the push
        line = LINE_MASK[entry]
        if full & line == line:
            # A full line (most pushes: the board is full for most of a
            # game): every ball moves one hollow on, the far one drops out.
            c0, c1, c2, c3, c4 = LINES[entry]
            dropped = board[c4]
            board[c4] = board[c3]
            board[c3] = board[c2]
            board[c2] = board[c1]
            board[c1] = board[c0]
            board[c0] = colour
            step = _STEP[entry]
            on = dark & line
            nd = dark ^ on | (on << step if step > 0 else on >> -step) & line
            if colour == DARK:
                nd |= 1 << c0
        else:
            # push(), on the cells and the bitboards in one walk from the edge.
            carry = colour
            for i in LINES[entry]:
                was = board[i]
                board[i] = carry
                b = 1 << i
                nf |= b
                if carry == DARK:
                    nd |= b
                else:
                    nd &= ~b
                if not was:
                    carry = EMPTY
                    break
                carry = was
            dropped = carry  # EMPTY: the walk ended in an empty hollow
        self._dark = nd
        self._full = nf
        self._snap = bytes(board)
        self._prev_seen = self.prev
        diff = (nd ^ dark) | (nf ^ full)
        # undo_masks, quickly: a push that fills a hollow cannot be undone;
        # one that moved two balls or more on a full line only by a push at
        # either end of that line.
        if nf != full:
            self._undo = _NO_UNDO
        elif diff & (diff - 1):
            undo = _NO_UNDO
            for e in (entry, (entry + 10) % ENTRIES):  # this end and the other
                c = _line_undo(nd, dark, e)
                if c:
                    undo += ((c - 1) * ENTRIES + e,)
            self._undo = undo
        else:
            self._undo = undo_actions(nd, nf, dark, full)
        shown = self._shown
        for w in range(9):
            m = _WINDOW_BITS[w]
            if diff & m:
                if nf & m == m:
                    d = nd >> WINDOW_SHIFTS[w]
                    shown[w] = CARD_AT[(d & 7) | (d >> 2 & 56) | (d >> 4 & 448)]
                else:
                    shown[w] = NO_CARD
        self.bag[colour] -= 1
        if dropped:
            self.bag[dropped] += 1
        self.moves += 1
        self.last_action = action
        self.dropped = dropped
        if shown.count(NO_CARD) == 9:
            self.lays = []  # no card met anywhere: _resolve_lays lays nothing
        else:
            self._resolve_lays()
        self._check_end()
        if not self.done:
            places = self.places  # next_seat, inline
            n = self.num_players
            t = (self.turn + 1) % n
            while places[t]:
                t = (t + 1) % n
            self.turn = t

    def _resolve_lays(self):
        """Every owner, in turn order from the mover, lays met cards and draws."""
        self.lays = []
        if self.board != self._snap or self.prev is not self._prev_seen:
            self._sync()
        shown = self._shown  # the card met in each window
        if shown.count(NO_CARD) == 9:
            return
        first = self.owner_of(self.turn)
        for k in range(self.num_owners):
            owner = (first + k) % self.num_owners
            if self.places[owner]:
                continue  # finished: plays no more
            hand = self.hands[owner]
            while True:
                hit = NO_CARD
                for card in hand:
                    if card in shown:
                        hit = card
                        break
                if hit == NO_CARD:
                    break
                w = shown.index(hit)
                hand.remove(hit)
                self.laid[owner].append(hit)
                self.lays.append((owner, hit, w, ROT_AT[window_dark(self._dark, w)]))
                if self.deck:
                    hand.append(self.deck.pop())

    def _check_end(self):
        reached = False
        holding = False
        for o in range(self.num_owners):
            if not self.places[o]:
                if len(self.laid[o]) >= self.target:
                    reached = True
                    break
                if self.hands[o]:
                    holding = True
        if not reached and holding and self.moves < MOVE_CAP:
            return
        self.done = True
        if not self.played_on():
            self.wins = self.enders()

    # -- hidden information -----------------------------------------------
    def _hidden_owners(self, seat):
        if self.open:
            return []
        me = self.owner_of(seat)
        return [o for o in range(self.num_owners) if o != me]

    def _redeal(self, seat, pool_order):
        owners = self._hidden_owners(seat)
        pool = list(self.deck)
        for o in owners:
            pool.extend(self.hands[o])
        pool = pool_order(pool)
        for o in owners:
            n = len(self.hands[o])
            self.hands[o] = pool[:n]
            pool = pool[n:]
        self.deck = pool

    def _hide_from(self, seat):
        self._redeal(seat, sorted)
        self.rng_state = 1

    def redeal_hidden(self, seat, rng):
        def shuffled(pool):
            rng.shuffle(pool)
            return pool
        self._redeal(seat, shuffled)

    # -- copies and saves -------------------------------------------------
    def clone(self):
        g = object.__new__(Tomoko)
        g.num_players = self.num_players
        g.variant = self.variant
        g.seed = self.seed
        g.teams = self.teams
        g.open = self.open
        g.num_owners = self.num_owners
        g.target = self.target
        g.board = bytearray(self.board)
        g.bag = list(self.bag)
        g.hands = [list(h) for h in self.hands]
        g.laid = [list(l) for l in self.laid]
        g.deck = list(self.deck)
        g.rng_state = self.rng_state
        g.prev = self.prev
        g._snap = self._snap
        g._prev_seen = self._prev_seen
        g._dark = self._dark
        g._full = self._full
        g._undo = self._undo
        g._shown = list(self._shown) if self._shown is not None else None
        g.turn = self.turn
        g.moves = self.moves
        g.done = self.done
        g.wins = list(self.wins)
        g.places = bytearray(self.places)
        g.last_action = self.last_action
        g.dropped = self.dropped
        g.lays = list(self.lays)
        return g

    def serialize(self):
        w = write_header(self)
        w.u32(self.rng_state)
        w.u8(self.turn)
        w.u16(self.moves)
        w.raw(self.board)
        if self.prev is None:
            w.u8(0)
        else:
            w.u8(1)
            w.raw(self.prev)
        w.seq(self.deck)
        for o in range(self.num_owners):
            w.seq(self.hands[o])
            w.seq(self.laid[o])
        w.u8(1 if self.done else 0)
        w.seq(self.wins)
        w.u8(NO_CARD if self.last_action is None else self.last_action)
        w.u8(self.dropped)
        w.u8(len(self.lays))
        for lay in self.lays:
            w.raw(bytes(lay))
        w.raw(self.places)
        return w.getvalue()

    def _load(self, data):
        r = read_header(self, data)
        # Set up the fixed fields, then overwrite the moving parts.
        self._new(self.num_players, self.variant, 1)
        self.rng_state = r.u32()
        self.turn = r.u8()
        self.moves = r.u16()
        self.board = bytearray(r.raw(CELLS))
        for colour in (DARK, LIGHT):
            self.bag[colour] = BALLS_PER_COLOUR - sum(1 for v in self.board if v == colour)
        self.prev = bytes(r.raw(CELLS)) if r.u8() else None
        self.deck = r.seq()
        for o in range(self.num_owners):
            self.hands[o] = r.seq()
            self.laid[o] = r.seq()
        self.done = r.u8() == 1
        self.wins = r.seq()
        la = r.u8()
        self.last_action = None if la == NO_CARD else la
        self.dropped = r.u8()
        self.lays = [tuple(r.raw(4)) for _ in range(r.u8())]
        if r.version >= 2:
            self.places = bytearray(r.raw(self.num_players))
        r.end()

    def check(self):
        """Raise CorruptState unless every ball and card is accounted for."""
        b = self.board
        if self.turn >= self.num_players or self.rng_state == 0:
            raise CorruptState("bad turn or PRNG state")
        for board in (b, self.prev):
            if board is not None and any(v > LIGHT for v in board):
                raise CorruptState("bad board cell")
        for colour in (DARK, LIGHT):
            on_board = sum(1 for v in b if v == colour)
            if self.bag[colour] < 0 or on_board + self.bag[colour] != BALLS_PER_COLOUR:
                raise CorruptState("balls not accounted for")
        cards = list(self.deck)
        hand_max = 3 if self.open else 2
        for o in range(self.num_owners):
            if len(self.hands[o]) > hand_max:
                raise CorruptState("hand too large")
            cards.extend(self.hands[o])
            cards.extend(self.laid[o])
        if sorted(cards) != list(range(NUM_CARDS)):
            raise CorruptState("cards not accounted for")
        if any(s >= self.num_players for s in self.wins) or \
                (self.done or self.played_on()) != bool(self.wins):
            raise CorruptState("bad result")
        placed = [p for p in self.places if p]
        if placed and (self.teams or len(placed) >= self.num_players - 1
                       or sorted(self.wins) != [s for s in range(self.num_players)
                                                if self.places[s] == 1]):
            raise CorruptState("bad places")
        for p in placed:
            # Each play_on gives its enders the place after everyone's before.
            if p != 1 + sum(1 for q in placed if q < p):
                raise CorruptState("bad places")
        if self.moves > MOVE_CAP or (self.moves == MOVE_CAP and not self.done):
            raise CorruptState("bad move count")
        # Over exactly when _check_end says so, and won by those it names.
        playing = self._playing()
        reached = any(len(self.laid[o]) >= self.target for o in playing)
        stuck = not any(self.hands[o] for o in playing)
        if self.done and not (reached or stuck or self.moves >= MOVE_CAP) or \
                not self.done and reached:
            raise CorruptState("bad result")
        if self.done and not self.played_on() and self.wins != self.enders():
            raise CorruptState("bad result")
        if not self.done and self.places[self.turn]:
            raise CorruptState("a finished seat to move")
        if self.last_action is not None and self.last_action >= NUM_ACTIONS:
            raise CorruptState("bad last action")
        for (o, c, w, rot) in self.lays:
            if o >= self.num_owners or c >= NUM_CARDS or w >= 9 or rot >= 4:
                raise CorruptState("bad lay record")

    def action_name(self, action):
        c = "dark" if colour_of(action) == DARK else "light"
        e = entry_of(action)
        return "%s %s%d" % (c, SIDE_NAMES[e // SIZE], e % SIZE + 1)


# Entries: the sides of the board, and how an entry number is made.
TOP = 0
RIGHT = 1
BOTTOM = 2
LEFT = 3


def entry_at(side, line):
    """The entry on `side` (TOP, RIGHT, BOTTOM, LEFT) pushing along `line`."""
    return side * SIZE + line


def side_of(entry):
    return entry // SIZE


def line_of(entry):
    """Which line of its side an entry pushes along (0-4)."""
    return entry % SIZE

"""Tokkome: horse cards, runs, three-of-a-kinds and the Tokkome pile.

Rules: ../shared/seeds/002 (English); our readings: docs/rules/tokkome.md.

35 horse cards, five each of the values 1-7. Cards of one value are alike, so
hands are counts per value (a bytearray of 8, index 0 unused); the piles are
lists of values, bottom first. Pile 0 is the Tokkome (on the arena), pile 1
the maki pile.

Actions (NUM_ACTIONS = 34); a turn that takes the Tokkome is several actions
by the same seat:
   0-13  play one card: pile * 7 + value - 1
  14-17  play a run of three: 14 + pile * 2 + (0 up, 1 down)
     18  take the Tokkome (then: lay a set or not, then put a card on the arena)
  19-25  lay a three-of-a-kind of value v face down: 18 + v
     26  lay no set
  27-33  put a card of value v on the arena as the new Tokkome: 26 + v
"""

from engines_core.game import Game, TERMINAL, CorruptState
from engines_core.prng import Rng
from engines_core.codec import read_header, write_header
from engines_core import tokkome_facts as F

VALUES = 7
COPIES = 5
NUM_CARDS = VALUES * COPIES
TOKKOME = 0
MAKI = 1
PILE_NAMES = ("Tokkome", "maki")

SINGLE = 0
RUN = 14
TAKE = 18
SET = 18  # SET + v lays a set of v (19-25)
NO_SET = 26
PUT = 26  # PUT + v puts a v on the arena (27-33)
NUM_ACTIONS = 34

MAIN = 0  # a new turn: play a card, a run, or take the Tokkome
LAY = 1  # took the Tokkome: lay one three-of-a-kind or none
PLACE = 2  # put one card from the hand on the arena

END_NONE = 0
END_EMPTY_HAND = 1
END_DRAW_PILE = 2
END_CAP = 3

# A digital addition: a game that has gone on this many turns ends and is
# scored as it stands (people or computers could otherwise pass cards round
# the Tokkome forever).
TURN_CAP = 300


# The action ints are made and taken apart by these functions only (the
# AI and the screens call them, never the arithmetic).

def single(pile, value):
    return SINGLE + pile * VALUES + value - 1


def run(pile, down):
    return RUN + pile * 2 + (1 if down else 0)


def lay_set(value):
    return SET + value


def put(value):
    return PUT + value


def is_single(a):
    return a < RUN


def is_run(a):
    return RUN <= a < TAKE


def plays_on_a_pile(a):
    """A single or a run: the turn's one action (no take)."""
    return a < TAKE


def is_set(a):
    """Lays a three-of-a-kind (not NO_SET)."""
    return SET < a < NO_SET


def is_put(a):
    return a > PUT


def pile_of(a):
    """The pile a single or a run goes on (TOKKOME or MAKI)."""
    return (a - SINGLE) // VALUES if a < RUN else (a - RUN) >> 1


def single_value(a):
    """The value of the card a single plays."""
    return (a - SINGLE) % VALUES + 1


def run_is_down(a):
    """1 if a run goes down from the pile's top, 0 if up."""
    return (a - RUN) & 1


def set_value(a):
    """The value of the three-of-a-kind a set action lays; 0 for NO_SET."""
    return a - SET if a < NO_SET else 0


def put_value(a):
    """The value of the card a put action puts on the arena."""
    return a - PUT


def played_values(a, top):
    """The values a single or a run on a pile whose top is `top` takes from
    the hand, in the order laid (None: no such run from `top`)."""
    if a < RUN:
        return (single_value(a),)
    return run_values(top, run_is_down(a))


def hand_size(hand):
    return hand[1] + hand[2] + hand[3] + hand[4] + hand[5] + hand[6] + hand[7]


def penalty(hand):
    """What a hand costs at the end: each distinct value once."""
    out = 0
    for v in range(1, 8):
        if hand[v]:
            out += v
    return out


def run_values(top, down):
    """The three values a run from `top` needs, in the order laid, or None."""
    if down:
        if top - 3 < 1:
            return None
        return (top - 1, top - 2, top - 3)
    if top + 3 > VALUES:
        return None
    return (top + 1, top + 2, top + 3)


def counts_of(cards):
    c = bytearray(8)
    for v in cards:
        c[v] += 1
    return c


class Tokkome(Game):
    """Tokkome for 3-4 players."""

    NAME = F.NAME
    MIN_PLAYERS, MAX_PLAYERS = F.PLAYERS
    VARIANTS = F.VARIANTS
    NUM_ACTIONS = NUM_ACTIONS
    ACTION_LAYOUT = ("SINGLE", "RUN", "SET", "PUT")
    VERSION = 1
    TAG = b"KM"

    # -- set-up -----------------------------------------------------------
    def _new(self, num_players, variant, seed):
        rng = Rng(seed)
        deck = []
        for v in range(1, 8):
            deck.extend([v] * COPIES)
        rng.shuffle(deck)
        deal = 8 if num_players == 3 else 6
        self.hands = [bytearray(8) for _ in range(num_players)]
        # Cards every seat has seen go into each hand (taken from the Tokkome),
        # still there as far as anyone can tell: a lower bound per value.
        self.known = [bytearray(8) for _ in range(num_players)]
        self.sets = [[] for _ in range(num_players)]
        for _ in range(deal):
            for h in self.hands:
                h[deck.pop()] += 1
        self.tokkome = [deck.pop()]
        self.maki = [deck.pop()]
        self.draw = deck  # the top card is the last
        self.turn = 0
        self.phase = MAIN
        self.turns = 0
        self.last_turn = False
        self.done = False
        self.end_reason = END_NONE
        self.wins = []

    # -- queries ----------------------------------------------------------
    def current_player(self):
        return TERMINAL if self.done else self.turn

    def is_terminal(self):
        return self.done

    def pile(self, p):
        return self.tokkome if p == TOKKOME else self.maki

    def top(self, p):
        pl = self.pile(p)
        return pl[-1] if pl else 0

    def hand_sizes(self):
        return [hand_size(h) for h in self.hands]

    def score_of(self, seat):
        return sum(self.sets[seat]) - penalty(self.hands[seat])

    def scores(self):
        return [self.score_of(s) for s in range(self.num_players)]

    def winners(self):
        return list(self.wins)

    def can_lay(self, value):
        """True if the seat to move may lay a set of `value` now."""
        h = self.hands[self.turn]
        return h[value] >= 3 and hand_size(h) >= 4

    def legal_actions(self):
        if self.done:
            return []
        h = self.hands[self.turn]
        out = []
        if self.phase == MAIN:
            for p in (TOKKOME, MAKI):
                t = self.top(p)
                for v in (t - 1, t + 1):
                    if 1 <= v <= VALUES and h[v]:
                        out.append(single(p, v))
            for p in (TOKKOME, MAKI):
                t = self.top(p)
                for down in (False, True):
                    need = run_values(t, down)
                    if need is not None and h[need[0]] and h[need[1]] and h[need[2]]:
                        out.append(run(p, down))
            out.append(TAKE)
        elif self.phase == LAY:
            for v in range(1, 8):
                if self.can_lay(v):
                    out.append(lay_set(v))
            out.append(NO_SET)
        else:
            for v in range(1, 8):
                if h[v]:
                    out.append(put(v))
        return out

    def _why_illegal(self, a):
        h = self.hands[self.turn]
        if self.phase == LAY:
            if a == NO_SET:
                return None
            if SET < a < NO_SET:
                v = a - SET
                if h[v] < 3:
                    return "you need three %ds for a set" % v
                if hand_size(h) < 4:
                    return "keep a card for the arena"
                return None
            return "lay a set or none first"
        if self.phase == PLACE:
            if a > PUT:
                v = a - PUT
                if not h[v]:
                    return "you have no %d" % v
                return None
            return "put a card on the arena first"
        if a > TAKE:
            return "take the Tokkome first"
        if a == TAKE:
            return None
        if a < RUN:
            p, v = divmod(a - SINGLE, VALUES)
            v += 1
            t = self.top(p)
            if v != t - 1 and v != t + 1:
                return "%d does not go on %d: one more or one less" % (v, t)
            if not h[v]:
                return "you have no %d" % v
            return None
        p, down = divmod(a - RUN, 2)
        t = self.top(p)
        need = run_values(t, down)
        if need is None:
            return "no run %s from %d" % ("down" if down else "up", t)
        for v in need:
            if not h[v]:
                return "a run needs %d %d %d" % need
        return None

    # -- playing ----------------------------------------------------------
    def _give(self, seat, v):
        """`seat` plays a card of value v from the hand (everyone sees it)."""
        self.hands[seat][v] -= 1
        if self.known[seat][v]:
            self.known[seat][v] -= 1

    def _apply(self, a):
        seat = self.turn
        h = self.hands[seat]
        if a < RUN:
            p, v = divmod(a - SINGLE, VALUES)
            self._give(seat, v + 1)
            self.pile(p).append(v + 1)
            self._end_turn()
        elif a < TAKE:
            p, down = divmod(a - RUN, 2)
            pl = self.pile(p)
            for v in run_values(pl[-1], down):
                self._give(seat, v)
                pl.append(v)
            self._end_turn()
        elif a == TAKE:
            k = self.known[seat]
            for v in self.tokkome:
                h[v] += 1
                k[v] += 1
            need = 3 - len(self.tokkome)
            self.tokkome = []
            while need > 0 and self.draw:
                h[self.draw.pop()] += 1
                need -= 1
            if not self.draw:
                self.last_turn = True  # "that player has the last turn"
            self.phase = LAY
            if not any(self.can_lay(v) for v in range(1, 8)):
                self.phase = PLACE
        elif a < NO_SET:
            v = a - SET
            h[v] -= 3
            # The set lies face down: others only know it was three of a
            # kind, so every value they had seen may be gone.
            k = self.known[seat]
            for w in range(1, 8):
                k[w] = k[w] - 3 if k[w] > 3 else 0
            self.sets[seat].append(v)
            self.phase = PLACE
        elif a == NO_SET:
            self.phase = PLACE
        else:
            v = a - PUT
            self._give(seat, v)
            self.tokkome.append(v)
            self.phase = MAIN
            self._end_turn()

    def _end_turn(self):
        self.turns += 1
        seat = self.turn
        if not hand_size(self.hands[seat]):
            self._finish(END_EMPTY_HAND)
        elif self.last_turn:
            self._finish(END_DRAW_PILE)
        elif self.turns >= TURN_CAP:
            self._finish(END_CAP)
        else:
            self.turn = (seat + 1) % self.num_players

    def _finish(self, reason):
        self.done = True
        self.end_reason = reason
        self.phase = MAIN
        sc = self.scores()
        best = max(sc)
        self.wins = [s for s in range(self.num_players) if sc[s] == best]

    # -- hidden information -----------------------------------------------
    def pool_counts(self, seat):
        """Counts per value of the cards `seat` cannot place: the unseen parts
        of the other hands, the other seats' sets, and the draw pile."""
        c = bytearray(8)
        for v in self.draw:
            c[v] += 1
        for o in range(self.num_players):
            if o == seat:
                continue
            h = self.hands[o]
            k = self.known[o]
            for v in range(1, 8):
                c[v] += h[v] - k[v]
            for v in self.sets[o]:
                c[v] += 3
        return c

    def _redeal(self, seat, rng):
        """Deal the unseen cards back: canonically (rng None) or at random."""
        pool = self.pool_counts(seat)
        hidden_sets = 0
        for o in range(self.num_players):
            if o != seat:
                hidden_sets += len(self.sets[o])
        # A seat that is choosing whether to lay a set holds three of a kind
        # (the device only asks when one can be laid): deal it one first.
        triple = 0
        o = self.turn
        if self.phase == LAY and o != seat and not self.done:
            k = self.known[o]
            u = hand_size(self.hands[o]) - hand_size(k)
            fits = []
            for v in range(7, 0, -1):
                need = 3 - k[v] if k[v] < 3 else 0
                if need <= u and need <= pool[v]:
                    pool[v] -= need
                    room = 0
                    for w in range(1, 8):
                        if pool[w] >= 3:
                            room += 1
                    pool[v] += need
                    if room >= hidden_sets:
                        fits.append(v)
            triple = fits[0] if rng is None else rng.choice(fits)
            k = self.known[o]
            need = 3 - k[triple] if k[triple] < 3 else 0
            pool[triple] -= need
        for o in range(self.num_players):
            if o == seat:
                continue
            sets = self.sets[o]
            for i in range(len(sets)):
                fits = [v for v in range(7, 0, -1) if pool[v] >= 3]
                v = fits[0] if rng is None else rng.choice(fits)
                sets[i] = v
                pool[v] -= 3
        cards = []
        for v in range(1, 8):
            cards.extend([v] * pool[v])
        if rng is not None:
            rng.shuffle(cards)
        i = 0
        for o in range(self.num_players):
            if o == seat:
                continue
            h = self.hands[o]
            k = self.known[o]
            n = hand_size(h) - hand_size(k)
            for v in range(1, 8):
                h[v] = k[v]
            if triple and o == self.turn:
                extra = 3 - k[triple] if k[triple] < 3 else 0
                h[triple] += extra
                n -= extra
            for c in cards[i:i + n]:
                h[c] += 1
            i += n
        self.draw = cards[i:]

    def _hide_from(self, seat):
        self._redeal(seat, None)

    def redeal_hidden(self, seat, rng):
        self._redeal(seat, rng)

    # -- copies and saves -------------------------------------------------
    def clone(self):
        g = object.__new__(Tokkome)
        g.num_players = self.num_players
        g.variant = self.variant
        g.seed = self.seed
        g.hands = [bytearray(h) for h in self.hands]
        g.known = [bytearray(k) for k in self.known]
        g.sets = [list(s) for s in self.sets]
        g.tokkome = list(self.tokkome)
        g.maki = list(self.maki)
        g.draw = list(self.draw)
        g.turn = self.turn
        g.phase = self.phase
        g.turns = self.turns
        g.last_turn = self.last_turn
        g.done = self.done
        g.end_reason = self.end_reason
        g.wins = list(self.wins)
        return g

    def serialize(self):
        w = write_header(self)
        w.u8(self.turn)
        w.u8(self.phase)
        w.u16(self.turns)
        w.u8((1 if self.done else 0) | (2 if self.last_turn else 0) | (self.end_reason << 2))
        w.seq(self.tokkome)
        w.seq(self.maki)
        w.seq(self.draw)
        for s in range(self.num_players):
            w.raw(self.hands[s][1:])
            w.raw(self.known[s][1:])
            w.seq(self.sets[s])
        w.seq(self.wins)
        return w.getvalue()

    def _load(self, data):
        r = read_header(self, data)
        n = self.num_players
        self.turn = r.u8()
        self.phase = r.u8()
        self.turns = r.u16()
        flags = r.u8()
        self.done = bool(flags & 1)
        self.last_turn = bool(flags & 2)
        self.end_reason = flags >> 2
        self.tokkome = r.seq(NUM_CARDS)
        self.maki = r.seq(NUM_CARDS)
        self.draw = r.seq(NUM_CARDS)
        self.hands = []
        self.known = []
        self.sets = []
        for _ in range(n):
            self.hands.append(bytearray(b"\x00" + r.raw(7)))
            self.known.append(bytearray(b"\x00" + r.raw(7)))
            self.sets.append(r.seq(VALUES))
        self.wins = r.seq(n)
        r.end()

    def check(self):
        """Raise CorruptState unless every card is accounted for and the
        state is one the rules can reach."""
        n = self.num_players
        if self.turn >= n or self.phase > PLACE or self.end_reason > END_CAP:
            raise CorruptState("bad turn or phase")
        total = bytearray(8)
        for pl in (self.tokkome, self.maki, self.draw):
            for v in pl:
                if not 1 <= v <= VALUES:
                    raise CorruptState("bad card value")
                total[v] += 1
        for pl in (self.tokkome, self.maki):
            for i in range(1, len(pl)):
                d = pl[i] - pl[i - 1]
                if d != 1 and d != -1:
                    raise CorruptState("pile out of order")
        laid = []
        for s in range(n):
            h = self.hands[s]
            k = self.known[s]
            for v in range(1, 8):
                if k[v] > h[v]:
                    raise CorruptState("seen cards not in hand")
                total[v] += h[v]
            for v in self.sets[s]:
                if not 1 <= v <= VALUES:
                    raise CorruptState("bad set value")
                total[v] += 3
                laid.append(v)
        if len(set(laid)) != len(laid):
            raise CorruptState("two sets of one value")
        for v in range(1, 8):
            if total[v] != COPIES:
                raise CorruptState("cards not accounted for")
        if not self.maki:
            raise CorruptState("no maki pile")
        if self.done:
            sc = self.scores()
            best = max(sc)
            if self.wins != [s for s in range(n) if sc[s] == best] or not self.end_reason:
                raise CorruptState("bad result")
            if self.phase != MAIN or not self.tokkome:
                raise CorruptState("bad final phase")
            return
        if self.wins or self.end_reason or self.turns >= TURN_CAP:
            raise CorruptState("bad result")
        for s in range(n):
            if s != self.turn and not hand_size(self.hands[s]):
                raise CorruptState("an empty hand should have ended the game")
        if self.phase == MAIN:
            if not self.tokkome or not self.draw or self.last_turn \
                    or not hand_size(self.hands[self.turn]):
                raise CorruptState("bad turn start")
        else:
            if self.tokkome or not hand_size(self.hands[self.turn]):
                raise CorruptState("bad take")
            if self.draw and self.last_turn or not self.draw and not self.last_turn:
                raise CorruptState("bad last turn")
            if self.phase == LAY and not any(self.can_lay(v) for v in range(1, 8)):
                raise CorruptState("no set to lay")

    def action_name(self, a):
        if a < RUN:
            p, v = divmod(a - SINGLE, VALUES)
            return "%d on %s" % (v + 1, PILE_NAMES[p])
        if a < TAKE:
            p, down = divmod(a - RUN, 2)
            return "run %s on %s" % ("down" if down else "up", PILE_NAMES[p])
        if a == TAKE:
            return "take the Tokkome"
        if a < NO_SET:
            return "set of %ds" % (a - SET)
        if a == NO_SET:
            return "no set"
        return "put %d on the arena" % (a - PUT)

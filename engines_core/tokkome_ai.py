"""Computer players for Tokkome.

Every level sees only `state.view_for(seat)` (players.choose guarantees it):
its own hand and sets, both piles, hand sizes, set counts, the draw pile's
size, and the cards everyone saw go into each hand from the Tokkome. The
unseen cards are used as counts (`pool_counts`), never as placed in the view.

- easy: plays what is best for its score right now (sets laid minus the
  values in hand; a take is worth it when the pile gives a set), ignoring
  what may come; one move in four at random.
- normal: values every whole turn (a card, a run, or take + set + put) by an
  estimate of its final score: laid sets, minus each value held, plus what
  pairs and triples may still become (weighted by how likely another take
  is before the draw pile runs out), minus a little per card held. The
  unknown draws of a take are averaged exactly over the unseen cards. A turn
  that ends the game is valued by the final score, plus or minus a bonus by
  whether it beats what the best other seat can be expected to hold.
- hard: normal's estimate, plus the chance that the game ends before its
  next turn (then being ahead of the others now is what counts, weighted
  by that chance), a bigger stake on ending the game ahead, and a wish to
  take while the draw pile is nearly full. (Searching sampled deals of the
  unseen cards was tried and measured: within a device's budget it chose
  worse than this estimate, because hands people keep are not random.)

All arithmetic is integer, so the device and the desktop choose alike.
"""

from engines_core import tokkome as T
from engines_core.ai_common import best_first, near_best, finish


class Style:
    """The weights of one level's estimate (all in tenths of a point)."""

    def __init__(self, again, pair, card, empty, win, soon, early, opp=0):
        self.again = again  # chance (tenths) of another take, by draw pile size
        self.pair = pair  # percent: chance a pair becomes a set, per copy about
        self.card = card  # cost of each card held
        self.empty = empty  # bonus for emptying the hand
        self.win = win  # bonus for ending the game ahead (penalty if behind)
        self.soon = soon  # percent of `win` counted when the game may end soon
        self.early = early  # bonus for taking while the draw pile is nearly full
        self.opp = opp  # added to the estimate of the best other seat's score


_AGAIN = (0, 2, 4, 5, 6, 7, 8, 8, 9, 9)
NORMAL = Style(_AGAIN, 35, 3, 40, 60, 0, 0)
HARD = Style(_AGAIN, 35, 3, 40, 120, 100, 50)


def again(st, d):
    return st.again[d if d < 9 else 9]


def part(st, v, c, q, a):
    """One value's share of `estimate`: c cards of v held, chance q/10 of
    another take, a copies of v still to get."""
    if not c:
        return 0
    out = -10 * v - st.card * c
    if c >= 3:
        out += q * v * (2 if c == 3 else 1)
    elif c == 2 and a:
        out += 2 * q * v * st.pair * (a if a < 2 else 2) // 100
    return out


def estimate(st, h, sets_sum, d, avail):
    """Our expected final score in tenths of a point, for hand counts `h`,
    laid sets worth `sets_sum`, `d` cards left to draw, `avail[v]` copies of
    v we might still get (unseen or on the Tokkome)."""
    q = again(st, d)
    out = 10 * sets_sum
    for v in range(1, 8):
        if h[v]:
            out += part(st, v, h[v], q, avail[v])
    return out


def _none_of(total, good, n):
    """1000 x the chance that n cards dealt from `total`, `good` of them of
    one value, hold none of it."""
    none = 1000
    for i in range(n):
        if total - i <= 0:
            break
        none = none * (total - good - i) // (total - i)
        if none <= 0:
            return 0
    return none


class Ctx:
    """What the seat to move knows, read once from its view."""

    def __init__(self, view, seat, st):
        self.view = view
        self.seat = seat
        self.st = st
        self.hand = view.hands[seat]
        self.sets_sum = sum(view.sets[seat])
        self.pool = view.pool_counts(seat)
        self.d = len(view.draw)
        tok = T.counts_of(view.tokkome)
        self.avail = bytearray(self.pool[v] + tok[v] for v in range(8))
        self.opp_best = self._opponents()

    def _opponents(self):
        """The best score (tenths) we expect another seat to have if the
        game ended now: its sets at the average value a set could have,
        minus each value it was seen to take, minus each other value by the
        chance that one of its unseen cards has it."""
        v = self.view
        pool = self.pool
        unseen = 0
        set_sum = 0
        set_n = 0
        for x in range(1, 8):
            unseen += pool[x]
            if pool[x] >= 3:
                set_sum += x
                set_n += 1
        best = None
        for o in range(v.num_players):
            if o == self.seat:
                continue
            k = v.known[o]
            u = T.hand_size(v.hands[o]) - T.hand_size(k)
            est = 10 * len(v.sets[o]) * set_sum // set_n if set_n else 0
            for x in range(1, 8):
                if k[x]:
                    est -= 10 * x
                elif pool[x]:
                    est -= x * (1000 - _none_of(unseen, pool[x], u)) // 100
            if best is None or est > best:
                best = est
        return best + self.st.opp

    def final(self, h, sets_sum):
        """Value of a turn that ends the game with this hand."""
        st = self.st
        mine = 10 * (sets_sum - T.penalty(h))
        if not T.hand_size(h):
            mine += st.empty
        return mine + (st.win if mine > self.opp_best else -st.win)

    def value(self, h, sets_sum, d):
        """Value after our turn: hand `h`, sets worth `sets_sum`, `d` to draw."""
        if not T.hand_size(h) or d == 0:
            return self.final(h, sets_sum)
        st = self.st
        est = estimate(st, h, sets_sum, d, self.avail)
        if st.soon:
            # The game may well end before our next turn: are we ahead now?
            now = 10 * (sets_sum - T.penalty(h))
            lead = st.win if now > self.opp_best else -st.win
            est += (10 - again(st, d)) * st.soon * lead // 1000
        return est

    def best_finish(self, h, sets_sum, d):
        """Best value after a take with hand `h`: a set or none, then a card
        on the arena."""
        best = None
        size = T.hand_size(h)
        for s in range(8):
            if s:
                if h[s] < 3 or size < 4:
                    continue
                h[s] -= 3
            for p in range(1, 8):
                if h[p]:
                    h[p] -= 1
                    val = self.value(h, sets_sum + s, d)
                    h[p] += 1
                    if best is None or val > best:
                        best = val
            if s:
                h[s] += 3
        return best

    def take_value(self):
        """Expected value of taking the Tokkome, averaged over the draws."""
        return finish(self.take_value_steps())

    def take_value_steps(self):
        """take_value as a generator of slices (players.choose_steps): it
        yields after the draws that begin with each value."""
        v = self.view
        h = bytearray(self.hand)
        for x in v.tokkome:
            h[x] += 1
        need = 3 - len(v.tokkome)
        if need > self.d:
            need = self.d
        d = self.d - (need if need > 0 else 0)
        pool = self.pool
        total = 0
        weight = 0
        if need > 0:
            for a in range(1, 8):
                wa = pool[a]
                if not wa:
                    continue
                h[a] += 1
                if need == 1:
                    total += wa * self.best_finish(h, self.sets_sum, d)
                    weight += wa
                else:
                    pool[a] -= 1
                    for b in range(a, 8):
                        wb = pool[b]
                        if wb:
                            w = wa * wb * (1 if a == b else 2)
                            h[b] += 1
                            total += w * self.best_finish(h, self.sets_sum, d)
                            weight += w
                            h[b] -= 1
                    pool[a] += 1
                h[a] -= 1
                yield
        if not weight:
            return self.best_finish(h, self.sets_sum, d)
        return total // weight


def after_play(view, a):
    """Hand counts of the seat to move after a single card or a run."""
    h = bytearray(view.hands[view.turn])
    for v in T.played_values(a, view.top(T.pile_of(a))):
        h[v] -= 1
    return h


def ranked(view, seat, st=NORMAL):
    """[(value, action)] for every legal action, best first, ties by action."""
    return finish(ranked_steps(view, seat, st))


def ranked_steps(view, seat, st=NORMAL):
    """ranked as a generator of slices (players.choose_steps)."""
    ctx = Ctx(view, seat, st)
    out = []
    if view.phase == T.MAIN:
        for a in view.legal_actions():
            if a == T.TAKE:
                val = (yield from ctx.take_value_steps()) + (st.early if ctx.d >= 7 else 0)
            else:
                val = ctx.value(after_play(view, a), ctx.sets_sum, ctx.d)
            out.append((val, a))
    elif view.phase == T.LAY:
        h = bytearray(ctx.hand)
        for a in view.legal_actions():
            s = T.set_value(a)
            if s:
                h[s] -= 3
            best = None
            for p in range(1, 8):
                if h[p]:
                    h[p] -= 1
                    val = ctx.value(h, ctx.sets_sum + s, ctx.d)
                    h[p] += 1
                    if best is None or val > best:
                        best = val
            if s:
                h[s] += 3
            out.append((best, a))
    else:
        h = bytearray(ctx.hand)
        for a in view.legal_actions():
            p = T.put_value(a)
            h[p] -= 1
            out.append((ctx.value(h, ctx.sets_sum, ctx.d), a))
            h[p] += 1
    best_first(out)
    return out


# -- easy -----------------------------------------------------------------------

def immediate(view, seat):
    """[(score now, action)], best first: easy's short sight."""
    h = view.hands[seat]
    s = sum(view.sets[seat])
    out = []
    for a in view.legal_actions():
        if T.plays_on_a_pile(a):
            val = 10 * (s - T.penalty(after_play(view, a)))
        elif a == T.TAKE:
            hh = bytearray(h)
            for x in view.tokkome:
                hh[x] += 1
            # Taking is worth it when the pile makes a set.
            val = 10 * (s - T.penalty(hh))
            for v in range(7, 0, -1):
                if hh[v] >= 3:
                    val += 20 * v
                    break
        elif T.is_put(a):
            hh = bytearray(h)
            hh[T.put_value(a)] -= 1
            val = 10 * (s - T.penalty(hh))
        else:
            val = 10 * (s + T.set_value(a))
        out.append((val, a))
    best_first(out)
    return out


def _easy(view, seat, rng):
    if rng.below(4) == 0:
        return rng.choice(view.legal_actions())
    return rng.choice(near_best(immediate(view, seat)))


def choose(state, seat, level, rng, effort=100):
    """Pick an action for `seat` on a view state. No level searches, so
    `effort` changes nothing: a move costs a few million fuel at most."""
    return finish(choose_steps(state, seat, level, rng, effort))


def choose_steps(state, seat, level, rng, effort=100):
    """`choose` as a generator of slices (players.choose_steps): normal's
    and hard's averaging over the draws of a take yields after each value
    drawn first (a take's value is most of a move's 40 million fuel)."""
    if level == "easy":
        return _easy(state, seat, rng)
    style = HARD if level == "hard" else NORMAL
    return rng.choice(near_best((yield from ranked_steps(state, seat, style))))

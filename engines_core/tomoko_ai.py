"""Computer players for Tomoko.

Every level sees only `state.view_for(seat)` (players.choose guarantees it).

- easy: lays a card when one push does it, otherwise pushes at random.
- normal: one ply. A push is worth the cards it lays for us, minus the cards
  it may lay for an opponent (known cards in the open variant, otherwise the
  chance that a completed pattern sits in a hidden hand), plus how close each
  of our cards is to some 3x3 window.
- hard: for normal's best few pushes, deals the unseen cards a couple of
  ways, lets each opponent answer as normal would with those cards, and
  keeps the push that leaves us the best next push.

The search runs on two 25-bit ints (dark balls, filled hollows), so it needs
no copies of the game; all arithmetic is integer so CPython and MicroPython
choose alike.
"""

from engines_core import tomoko as T

_POP = bytes(bin(i).count("1") for i in range(512))
_LAY = 1000  # value of one card laid
_SHIFTS = (0, 1, 2, 5, 6, 7, 10, 11, 12)  # bit offset of each 3x3 window
_FILL = 20  # value of one more ball on the board
_MARGIN = 4  # normal plays any push this close to the best
_THREAT = 150  # hard: value of being sure to lay a card next turn

# Closeness tables: card -> bytearray(512), the value of a full window whose
# dark mask is the index. A small cache: only cards in play are ever needed.
_TABLES = {}
_TABLE_ORDER = []
_MAX_TABLES = 12


def _fit(good, bad):
    v = good * good - 3 * bad * bad
    return v if v > 0 else 0


# _FIT[10 * filled + bad]: closeness of a window holding `filled` balls of
# which `bad` have the wrong colour (for the best rotation).
_FIT = bytes(_fit(n - b, b) if b <= n else 0 for n in range(10) for b in range(10))


def _table(card):
    t = _TABLES.get(card)
    if t is None:
        rots = T.ROTATIONS[card]
        pop = _POP
        t = bytearray(512)
        r0, r1, r2, r3 = rots
        for dm in range(512):
            t[dm] = _FIT[90 + min(pop[dm ^ r0], pop[dm ^ r1], pop[dm ^ r2], pop[dm ^ r3])]
        if len(_TABLE_ORDER) >= _MAX_TABLES:
            del _TABLES[_TABLE_ORDER.pop(0)]
        _TABLES[card] = t
        _TABLE_ORDER.append(card)
    return t


def bitboards(board):
    """(dark, full): bit i set when hollow i holds a dark ball / any ball."""
    dark = 0
    full = 0
    for i in range(T.CELLS):
        v = board[i]
        if v:
            full |= 1 << i
            if v == T.DARK:
                dark |= 1 << i
    return dark, full


def after(dark, full, colour, entry):
    """Bitboards after pushing `colour` at `entry`."""
    line = T.LINES[entry]
    # Walk from the entry edge: each ball takes the colour of the one before.
    carry = colour
    for i in line:
        b = 1 << i
        was_full = full & b
        was_dark = dark & b
        full |= b
        if carry == T.DARK:
            dark |= b
        else:
            dark &= ~b
        if not was_full:
            break
        carry = T.DARK if was_dark else T.LIGHT
    return dark, full


class Scorer:
    """Integer value of boards for one hand of cards (higher is better)."""

    def __init__(self, cards, lay_value):
        self.cards = list(cards)
        self.tables = [_table(c) for c in self.cards]
        self.rots = [T.ROTATIONS[c] for c in self.cards]
        self.lay_value = lay_value  # per card id: what completing it is worth
        self.wd = [0] * 9
        self.wf = [0] * 9

    def score(self, dark, full):
        wd = self.wd
        wf = self.wf
        i = 0
        for s in _SHIFTS:
            d = dark >> s
            f = full >> s
            wd[i] = (d & 7) | (d >> 2 & 56) | (d >> 4 & 448)
            wf[i] = (f & 7) | (f >> 2 & 56) | (f >> 4 & 448)
            i += 1
        # A few points per ball on the board: filling it opens windows and
        # keeps two players from shuffling one line back and forth forever.
        pop = _POP
        value = _FILL * (pop[full & 511] + pop[full >> 9 & 511] + pop[full >> 18])
        card_at = T.CARD_AT
        lay = self.lay_value
        for i in range(9):
            if wf[i] == 511:
                c = card_at[wd[i]]
                if c != T.NO_CARD:
                    value += lay[c]
        fit = _FIT
        for k in range(len(self.tables)):
            t = self.tables[k]
            r0, r1, r2, r3 = self.rots[k]
            best = 0
            for i in range(9):
                fm = wf[i]
                dm = wd[i]
                if fm == 511:
                    v = t[dm]
                else:
                    v = fit[10 * pop[fm] + min(pop[fm & (dm ^ r0)], pop[fm & (dm ^ r1)],
                                               pop[fm & (dm ^ r2)], pop[fm & (dm ^ r3)])]
                if v > best:
                    best = v
            value += best
        return value

    def best_push(self, dark, full, colours):
        """(value, colour, entry) of the best push; ties to the lowest action."""
        best = None
        bc = be = 0
        for colour in colours:
            for e in range(T.ENTRIES):
                d, f = after(dark, full, colour, e)
                v = self.score(d, f)
                if best is None or v > best:
                    best = v
                    bc = colour
                    be = e
        return best, bc, be


def _lay_values(state, me):
    """Per card: +LAY if ours, -LAY if an opponent's open card, minus the
    chance it is in a hidden opponent hand if unseen, else 0."""
    values = [0] * T.NUM_CARDS
    seen = bytearray(T.NUM_CARDS)
    for laid in state.laid:
        for c in laid:
            seen[c] = 1
    hidden_cards = 0
    for o in range(state.num_owners):
        for c in state.hands[o]:
            if o == me:
                values[c] = _LAY
                seen[c] = 1
            elif state.open:
                values[c] = -_LAY
                seen[c] = 1
            else:
                hidden_cards += 1
    unseen = T.NUM_CARDS - sum(seen)
    risk = _LAY * hidden_cards // unseen if unseen else 0
    for c in range(T.NUM_CARDS):
        if not seen[c]:
            values[c] = -risk
    return values


def _own_values(cards):
    values = [0] * T.NUM_CARDS
    for c in cards:
        values[c] = _LAY
    return values


def _colours(state):
    return [c for c in (T.DARK, T.LIGHT) if state.bag[c]]


def ranked(state, seat):
    """[(value, action)] for every legal action, best first, ties by action."""
    me = state.owner_of(seat)
    sc = Scorer(state.hands[me], _lay_values(state, me))
    dark, full = bitboards(state.board)
    out = []
    for a in state.legal_actions():
        d, f = after(dark, full, T.colour_of(a), T.entry_of(a))
        out.append((sc.score(d, f), a))
    # A total order (MicroPython's sort is not stable): value, then action.
    out.sort(key=_rank_key)
    return out


def _rank_key(pair):
    return pair[1] - pair[0] * T.NUM_ACTIONS


def _ties(ranked_list):
    top = ranked_list[0][0]
    return [a for v, a in ranked_list if v == top]


def _easy(state, seat, rng):
    r = ranked(state, seat)
    if r[0][0] >= _LAY:
        return rng.choice(_ties(r))
    return rng.choice([a for v, a in r])


def _near_best(ranked_list, margin):
    top = ranked_list[0][0]
    return [a for v, a in ranked_list if v >= top - margin]


def _normal(state, seat, rng):
    # Choosing among pushes within a whisker of the best varies the play, so
    # two computer players cannot shuffle one line back and forth forever.
    return rng.choice(_near_best(ranked(state, seat), _MARGIN))


# Window-local masks of the three rows and three columns of a 3x3 window.
_WROWS = (7, 56, 448)
_WCOLS = (73, 146, 292)


def _lines_of(diff):
    """Bits 0-2: window rows holding all of `diff`; bits 3-5: window columns."""
    out = 0
    for k in range(3):
        if diff & _WROWS[k] == diff:
            out |= 1 << k
        if diff & _WCOLS[k] == diff:
            out |= 8 << k
    return out


# _LINES_OF[diff] for every non-empty 9-bit set of hollows.
_LINES_OF = bytes([0] + [_lines_of(d) for d in range(1, 512)])


def _can_complete(dark, full, rots, colours):
    """True if one push (or none) shows one of `rots` in some window.

    A push changes one line only, so a window can be completed by it only if
    every wrong or empty hollow of the window lies on one of its rows or
    columns; only those pushes are tried.
    """
    lines_of = _LINES_OF
    for s in _SHIFTS:
        d = dark >> s
        f = full >> s
        dm = (d & 7) | (d >> 2 & 56) | (d >> 4 & 448)
        nf = ~((f & 7) | (f >> 2 & 56) | (f >> 4 & 448))
        for rot in rots:
            diff = ((dm ^ rot) | nf) & 511
            if diff == 0:
                return True
            where = lines_of[diff]
            if where:
                for k in range(3):
                    if where & (1 << k):
                        row = s // 5 + k
                        if _completes(dark, full, s, rot, (15 + row, 5 + row), colours):
                            return True
                    if where & (8 << k):
                        col = s % 5 + k
                        if _completes(dark, full, s, rot, (col, 10 + col), colours):
                            return True
    return False


def _completes(dark, full, s, rot, entries, colours):
    for e in entries:
        for colour in colours:
            d, f = after(dark, full, colour, e)
            d >>= s
            f >>= s
            if ((f & 7) | (f >> 2 & 56) | (f >> 4 & 448)) == 511 and \
                    ((d & 7) | (d >> 2 & 56) | (d >> 4 & 448)) == rot:
                return True
    return False


def _replies(state, seat, rng, samples):
    """Sequences of pushes, one per seat that moves before our next turn.

    With one such seat every push is listed; with more, `samples` random
    sequences stand in for them.
    """
    n = state.num_players - 1
    if n == 1:
        return [((c, e),) for c in (T.DARK, T.LIGHT) for e in range(T.ENTRIES)]
    out = []
    for _ in range(samples):
        out.append(tuple((1 + rng.below(2), rng.below(T.ENTRIES)) for _ in range(n)))
    return out


def _hard(state, seat, rng, width, samples):
    """Normal's best `width` pushes, re-ranked by how often we can still lay
    a card on our next turn whatever the other seats push meanwhile."""
    r = ranked(state, seat)
    if r[0][0] >= _LAY:
        return rng.choice(_ties(r))
    rots = []
    for c in state.hands[state.owner_of(seat)]:
        rots.extend(T.ROTATIONS[c])
    colours = _colours(state)
    replies = _replies(state, seat, rng, samples)
    dark0, full0 = bitboards(state.board)
    best_val = None
    best = []
    for v0, a in r[:width]:
        d1, f1 = after(dark0, full0, T.colour_of(a), T.entry_of(a))
        hits = 0
        for seq in replies:
            d, f = d1, f1
            for c, e in seq:
                d, f = after(d, f, c, e)
            if _can_complete(d, f, rots, colours):
                hits += 1
        total = v0 + _THREAT * hits // len(replies)
        if best_val is None or total > best_val:
            best_val = total
            best = [a]
        elif total == best_val:
            best.append(a)
    return rng.choice(best)


def choose(state, seat, level, rng, effort=100):
    """Pick an action for `seat` on a view state. `effort` (1-100) scales search."""
    if level == "easy":
        return _easy(state, seat, rng)
    if level == "hard":
        return _hard(state, seat, rng, max(2, 8 * effort // 100), max(4, 24 * effort // 100))
    return _normal(state, seat, rng)

"""Computer players for Tomoko.

Every level sees only `state.view_for(seat)` (players.choose guarantees it).

- easy: lays a card when one push does it, otherwise pushes at random.
- normal: one ply. A push is worth the cards it lays for us, minus the cards
  it may lay for an opponent (known cards in the open variant, otherwise the
  chance that a completed pattern sits in a hidden hand), plus how close each
  of our cards is to some 3x3 window.
- hard: normal's best few pushes, each re-valued by two looks at the next
  pushes: how often we can still lay a card on our next turn whatever the
  other seats push meanwhile, and the chance that the next seat can answer
  with a push that lays one of its cards (its open cards, or the unseen
  cards it may hold).

The search runs on two 25-bit ints (dark balls, filled hollows), so it needs
no copies of the game; all arithmetic is integer so CPython and MicroPython
choose alike.
"""

from engines_core import tomoko as T
from engines_core.ai_common import best_first, near_best


def _pop_table():
    """Bits set in each 9-bit number: each from its half (no string per number,
    as bin() would make: the table is built as a game starts)."""
    t = bytearray(512)
    for i in range(1, 512):
        t[i] = t[i >> 1] + (i & 1)
    return t


_POP = _pop_table()
_LAY = 1000  # value of one card laid
_SHIFTS = (0, 1, 2, 5, 6, 7, 10, 11, 12)  # bit offset of each 3x3 window
_FILL = 20  # value of one more ball on the board
_MARGIN = 4  # normal plays any push this close to the best
_HARD_MARGIN = 4  # hard plays any push this close to its best
_PATIENCE = 100  # moves after which blocking fades out (gone at twice this)
_THREAT = 150  # hard: value of being sure to lay a card next turn
_RISK = 500  # hard: cost of the next seat being sure to lay a card on its push

# Closeness tables: card -> bytearray(512), the value of a full window whose
# dark mask is the index. A small cache, least recently used first out:
# only cards in play are ever needed. The least recently used table's buffer
# is refilled for a new card, so a game never allocates one (a fresh
# 512-byte run every few moves would fragment a small heap).
# A hand holds at most 3 cards, so a table in use is never the one refilled.
_TABLES = {}
_TABLE_ORDER = []  # cards, least recently used first
_MAX_TABLES = 12
# Every buffer up front, as the module loads with the game (the heap is
# clean then): later, mid-game, a free 512-byte run may be hard to find.
_SPARE = [bytearray(512) for _ in range(_MAX_TABLES)]


def _fit(good, bad):
    v = good * good - 3 * bad * bad
    return v if v > 0 else 0


# _FIT[10 * filled + bad]: closeness of a window holding `filled` balls of
# which `bad` have the wrong colour (for the best rotation).
_FIT = bytes(_fit(n - b, b) if b <= n else 0 for n in range(10) for b in range(10))


def _table(card):
    """The closeness table of `card` (cached)."""
    t = _TABLES.get(card)
    if t is not None:
        if _TABLE_ORDER[-1] != card:
            _TABLE_ORDER.remove(card)
            _TABLE_ORDER.append(card)
    else:
        rots = T.ROTATIONS[card]
        pop = _POP
        if _SPARE:
            t = _SPARE.pop()
        else:
            t = _TABLES.pop(_TABLE_ORDER.pop(0))
        r0, r1, r2, r3 = rots
        for dm in range(512):
            t[dm] = _FIT[90 + min(pop[dm ^ r0], pop[dm ^ r1], pop[dm ^ r2], pop[dm ^ r3])]
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


# Bitboards after pushing `colour` at `entry`: the engine's own.
after = T.push_bits


class Scorer:
    """Integer value of boards for one hand of cards (higher is better)."""

    def __init__(self, cards, lay_value):
        self.cards = list(cards)
        self.tables = [_table(c) for c in self.cards]
        self.rots = [T.ROTATIONS[c] for c in self.cards]
        self.lay_value = lay_value  # per card id: what completing it is worth

    def set_base(self, dark, full):
        """Remember each window's part of this board's value: score_near
        then works out only the windows a board changed from it."""
        self.bd = dark
        self.bf = full
        self.base = base = []  # per window: its lay value, then each card's fit
        pop = _POP
        card_at = T.CARD_AT
        for s in _SHIFTS:
            d = dark >> s
            f = full >> s
            dm = (d & 7) | (d >> 2 & 56) | (d >> 4 & 448)
            fm = (f & 7) | (f >> 2 & 56) | (f >> 4 & 448)
            c = card_at[dm] if fm == 511 else T.NO_CARD
            base.append(self.lay_value[c] if c != T.NO_CARD else 0)
            for k in range(len(self.tables)):
                r0, r1, r2, r3 = self.rots[k]
                base.append(_FIT[10 * pop[fm] + min(pop[fm & (dm ^ r0)], pop[fm & (dm ^ r1)],
                                                    pop[fm & (dm ^ r2)], pop[fm & (dm ^ r3)])])
        self.best = [0] * len(self.tables)

    def score_near(self, dark, full):
        """The value of a board near the one given to set_base: a few points
        per ball, the lay value of each card met, and for each card in hand
        its closeness (_FIT) in the window nearest to it."""
        changed = (dark ^ self.bd) | (full ^ self.bf)
        pop = _POP
        fit = _FIT
        card_at = T.CARD_AT
        lay = self.lay_value
        tables = self.tables
        rots = self.rots
        base = self.base
        best = self.best
        nc = len(tables)
        for k in range(nc):
            best[k] = 0
        value = _FILL * (pop[full & 511] + pop[full >> 9 & 511] + pop[full >> 18])
        b = 0  # where window i's part starts in base
        for s in _SHIFTS:
            if changed & 0x1CE7 << s:
                d = dark >> s
                f = full >> s
                dm = (d & 7) | (d >> 2 & 56) | (d >> 4 & 448)
                fm = (f & 7) | (f >> 2 & 56) | (f >> 4 & 448)
                if fm == 511:
                    c = card_at[dm]
                    if c != T.NO_CARD:
                        value += lay[c]
                    for k in range(nc):
                        v = tables[k][dm]
                        if v > best[k]:
                            best[k] = v
                else:
                    n = pop[fm]
                    n *= n  # n balls are worth n * n at most (_fit)
                    for k in range(nc):
                        if n > best[k]:
                            r0, r1, r2, r3 = rots[k]
                            v = fit[10 * pop[fm] + min(pop[fm & (dm ^ r0)], pop[fm & (dm ^ r1)],
                                                       pop[fm & (dm ^ r2)], pop[fm & (dm ^ r3)])]
                            if v > best[k]:
                                best[k] = v
            else:
                value += base[b]
                for k in range(nc):
                    v = base[b + 1 + k]
                    if v > best[k]:
                        best[k] = v
            b += 1 + nc
        for k in range(nc):
            value += best[k]
        return value


def _seen(state, me):
    """(seen, hidden): a bytearray marking every card `me` has seen (laid,
    its own, open hands), and how many cards sit in hands it cannot see of
    players still playing."""
    seen = bytearray(T.NUM_CARDS)
    for laid in state.laid:
        for c in laid:
            seen[c] = 1
    hidden = 0
    for o in range(state.num_owners):
        if o == me or state.open:
            for c in state.hands[o]:
                seen[c] = 1
        elif not state.finished(o):  # a finished player lays no more
            hidden += len(state.hands[o])
    return seen, hidden


def _lay_values(state, me):
    """Per card: +LAY if ours, -LAY if an opponent's open card, minus the
    chance it is in a hidden opponent hand if unseen, else 0."""
    values = [0] * T.NUM_CARDS
    seen, hidden_cards = _seen(state, me)
    for o in range(state.num_owners):
        if (o == me or state.open) and not state.finished(o):
            for c in state.hands[o]:
                values[c] = _LAY if o == me else -_LAY
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
    sc.set_base(dark, full)
    out = []
    for a in state.legal_actions():
        d, f = after(dark, full, T.colour_of(a), T.entry_of(a))
        out.append((sc.score_near(d, f), a))
    best_first(out)
    return out


def _easy(state, seat, rng):
    r = ranked(state, seat)
    if r[0][0] >= _LAY:
        return rng.choice(near_best(r))
    return rng.choice([a for v, a in r])


def _normal(state, seat, rng):
    # Choosing among pushes within a whisker of the best varies the play, so
    # two computer players cannot shuffle one line back and forth forever.
    return rng.choice(near_best(ranked(state, seat), _MARGIN))


# Window-local masks of the three rows and three columns of a 3x3 window.
_WROWS = (7, 56, 448)
_WCOLS = (73, 146, 292)


def _lines_table():
    """_LINES_OF[diff]: bits 0-2, the window rows holding all of the 9-bit set
    `diff`; bits 3-5, the window columns. Only subsets of one row or column
    have any: each is visited once (the empty set lies in no line)."""
    t = bytearray(512)
    for k in range(3):
        for mask, bit in ((_WROWS[k], 1 << k), (_WCOLS[k], 8 << k)):
            sub = mask
            while sub:
                t[sub] |= bit
                sub = (sub - 1) & mask
    return t


_LINES_OF = _lines_table()

# The two entries whose pushes run along board row i, and column j; as
# tuples and as bit masks of entries.
_ROW_ENTRIES = tuple((T.entry_at(T.LEFT, i), T.entry_at(T.RIGHT, i)) for i in range(T.SIZE))
_COL_ENTRIES = tuple((T.entry_at(T.TOP, j), T.entry_at(T.BOTTOM, j)) for j in range(T.SIZE))
# T.colour_of and T.entry_of of every action, for hard's inner loop. (Not
# kept in tomoko.py: two more globals there made every lookup of a builtin
# in the engine slower, its globals table nearly full: 4% more fuel.)
_COLOUR_OF = bytes(T.colour_of(a) for a in range(T.NUM_ACTIONS))
_ENTRY_OF = bytes(T.entry_of(a) for a in range(T.NUM_ACTIONS))
_ROW_MASK = tuple(1 << a | 1 << b for a, b in _ROW_ENTRIES)
_COL_MASK = tuple(1 << a | 1 << b for a, b in _COL_ENTRIES)


# _REACH[dm], for the rotations of the hand a hard move is searching for
# (_fill_reach): bit 7 set when the 9-bit dark mask dm is one of them; bits
# 0-2 / 3-5, the window rows / columns that a push could turn dm into one of
# them along (dm differs from it only there). Its 512 bytes are borrowed
# from the closeness tables' buffers for the move (_release_reach).
_REACH = None
_EXACT = 128


def _fill_reach(rots):
    global _REACH
    if _REACH is None:
        _REACH = _SPARE.pop() if _SPARE else _TABLES.pop(_TABLE_ORDER.pop(0))
    t = _REACH
    for i in range(512):
        t[i] = 0
    for rot in rots:
        t[rot] |= _EXACT
        for k in range(3):
            for mask, bit in ((_WROWS[k], 1 << k), (_WCOLS[k], 8 << k)):
                sub = mask
                while sub:
                    t[rot ^ sub] |= bit
                    sub = (sub - 1) & mask


def _release_reach():
    global _REACH
    if _REACH is not None:
        _SPARE.append(_REACH)
        _REACH = None


def _can_complete(dark, full, colours):
    """True if one push (or none) shows one of the rotations in _REACH in
    some window.

    A push changes one line and fills at most one hollow, so a window can be
    completed by it only if it misses at most one ball and every wrong or
    empty hollow of the window lies on one of its rows or columns; only
    those pushes are tried.
    """
    reach = _REACH
    lines_of = _LINES_OF
    for s in _SHIFTS:
        d = dark >> s
        dm = (d & 7) | (d >> 2 & 56) | (d >> 4 & 448)
        where = reach[dm]
        f = full >> s
        if f & 0x1CE7 == 0x1CE7:  # a full window
            if where & 128:  # _EXACT
                return True
        else:
            nf = ~((f & 7) | (f >> 2 & 56) | (f >> 4 & 448)) & 511
            if nf & (nf - 1):
                continue  # two balls missing: no push fills both
            # Lines through the missing hollow that hold every wrong one.
            through = lines_of[nf]
            where = through if where & 128 else where & through
        if where & 63:
            r = s // 5
            c = s % 5
            if where & 1 and _completes(dark, full, s, _ROW_ENTRIES[r], colours):
                return True
            if where & 2 and _completes(dark, full, s, _ROW_ENTRIES[r + 1], colours):
                return True
            if where & 4 and _completes(dark, full, s, _ROW_ENTRIES[r + 2], colours):
                return True
            if where & 8 and _completes(dark, full, s, _COL_ENTRIES[c], colours):
                return True
            if where & 16 and _completes(dark, full, s, _COL_ENTRIES[c + 1], colours):
                return True
            if where & 32 and _completes(dark, full, s, _COL_ENTRIES[c + 2], colours):
                return True
    return False


def _ways(dark, full, colours):
    """The ways one push (or none) shows a rotation in _REACH, each as the
    hollows it depends on (the window, and the line pushed): a change that
    misses them all leaves that way open."""
    out = []
    reach = _REACH
    lines_of = _LINES_OF
    for s in _SHIFTS:
        window = 0x1CE7 << s
        d = dark >> s
        where = reach[(d & 7) | (d >> 2 & 56) | (d >> 4 & 448)]
        f = full >> s
        if f & 0x1CE7 == 0x1CE7:
            if where & 128:
                out.append(window)
                continue
        else:
            nf = ~((f & 7) | (f >> 2 & 56) | (f >> 4 & 448)) & 511
            if nf & (nf - 1):
                continue
            through = lines_of[nf]
            where = through if where & 128 else where & through
        for k in range(3):
            if where & (1 << k):
                for e in _ROW_ENTRIES[s // 5 + k]:
                    if _completes(dark, full, s, (e,), colours):
                        out.append(window | T.LINE_MASK[e])
            if where & (8 << k):
                for e in _COL_ENTRIES[s % 5 + k]:
                    if _completes(dark, full, s, (e,), colours):
                        out.append(window | T.LINE_MASK[e])
    return out


def _completes(dark, full, s, entries, colours):
    """True if a push at one of `entries` fills the window at shift `s` with
    one of the rotations in _REACH."""
    reach = _REACH
    window = 0x1CE7 << s
    for e in entries:
        for colour in colours:
            d, f = after(dark, full, colour, e)
            d >>= s
            f >>= s
            if ((f & 7) | (f >> 2 & 56) | (f >> 4 & 448)) == 511 and \
                    reach[(d & 7) | (d >> 2 & 56) | (d >> 4 & 448)] & _EXACT:
                return True
            if not T.EDGE[e] & window:
                break  # the pushed ball stays outside: either colour does alike
    return False


def _replies(state, seat, rng, samples):
    """The pushes of the seats that move before our next turn, as actions.

    With one such seat, every push: range(NUM_ACTIONS) (no list of them is
    made); with more, `samples` random sequences (tuples) stand in for them.
    """
    n = state.still_playing() - 1
    if n == 1:
        return range(T.NUM_ACTIONS)
    out = []
    for _ in range(samples):
        # Colour first, then entry (the order the draws are made in).
        out.append(tuple(T.action_of(1 + rng.below(2), rng.below(T.ENTRIES)) for _ in range(n)))
    return out


def _threats(state, me):
    """What the next seat may hold: (weights, unseen, hidden).

    weights[card] is 2 for an open card of the next seat, 1 for a card we
    have not seen (it may be in a hidden hand), else 0; `unseen` counts the
    unseen cards, `hidden` the next seat's hidden cards among them.
    """
    nxt = state.owner_of(state.next_seat(state.current_player()))
    weights = bytearray(T.NUM_CARDS)
    seen = _seen(state, me)[0]
    if state.open and nxt != me:
        for c in state.hands[nxt]:
            weights[c] = 2
    unseen = 0
    for c in range(T.NUM_CARDS):
        if not seen[c]:
            weights[c] = 1
            unseen += 1
    hidden = 0 if state.open or nxt == me else len(state.hands[nxt])
    return weights, unseen, hidden


def _crossing(s):
    """Bit mask of the entries whose line crosses the window at shift `s`."""
    r, c = s // 5, s % 5
    out = 0
    for k in range(3):
        out |= _ROW_MASK[r + k] | _COL_MASK[c + k]
    return out


# _CROSSING[w]: entries crossing window w; _SHIFTS_OF[e]: shifts of the
# windows that entry e's line crosses.
_CROSSING = tuple(_crossing(s) for s in _SHIFTS)
_SHIFTS_OF = tuple(tuple(_SHIFTS[w] for w in range(9) if _CROSSING[w] >> e & 1)
                   for e in range(T.ENTRIES))
def _met(dark, full, shifts, weights, found, changed):
    """`found` (a bit per card) plus the weighted cards met in the windows
    (those holding a hollow of `changed`)."""
    card_at = T.CARD_AT
    for s in shifts:
        if changed & 0x1CE7 << s:
            f = full >> s
            if f & 0x1CE7 == 0x1CE7:
                d = dark >> s
                c = card_at[(d & 7) | (d >> 2 & 56) | (d >> 4 & 448)]
                if c != T.NO_CARD and weights[c]:
                    found |= 1 << c
    return found


def _answer_entries(full):
    """Entries whose push can show a new pattern in a full window.

    A push fills one hollow, on its own line: a window missing balls can only
    be completed along the row or column holding all the missing ones; a
    full window changes under any line crossing it.
    """
    out = 0
    w = 0
    for s in _SHIFTS:
        f = full >> s
        missing = ~((f & 7) | (f >> 2 & 56) | (f >> 4 & 448)) & 511
        if not missing:
            out |= _CROSSING[w]
        else:
            where = _LINES_OF[missing]
            for k in range(3):
                if where & (1 << k):
                    out |= _ROW_MASK[s // 5 + k]
                if where & (8 << k):
                    out |= _COL_MASK[s % 5 + k]
        w += 1
    return out


def _answer_risk(dark, full, weights, unseen, hidden):
    """Per mille: the chance that the next seat can push to lay a card.

    Cards already met on this board are left out (normal's value counts
    them); a met open card is a certainty, k met unseen cards a chance of
    1 - C(unseen - k, hidden) / C(unseen, hidden).
    """
    pop = _POP
    bag_dark = T.BALLS_PER_COLOUR - (pop[dark & 511] + pop[dark >> 9 & 511] + pop[dark >> 18])
    on_board = pop[full & 511] + pop[full >> 9 & 511] + pop[full >> 18]
    colours = []
    if bag_dark:
        colours.append(T.DARK)
    if 2 * T.BALLS_PER_COLOUR - on_board - bag_dark:
        colours.append(T.LIGHT)
    entries = _answer_entries(full)
    found = 0
    for e in range(T.ENTRIES):
        if entries >> e & 1:
            changed = 0
            for colour in colours:
                d, f = after(dark, full, colour, e)
                # A window the push left as it was shows a card met already
                # (left out below): only the changed ones are looked at; the
                # other colour changes only those holding the edge hollow.
                changed = T.EDGE[e] if changed else (d ^ dark) | (f ^ full)
                found = _met(d, f, _SHIFTS_OF[e], weights, found, changed)
    if not found:
        return 0
    found &= ~_met(dark, full, _SHIFTS, weights, 0, T.FULL_BOARD)
    k = 0
    c = 0
    while found:
        if found & 1:
            if weights[c] == 2:
                return 1000
            k += 1
        found >>= 1
        c += 1
    keep = 1000  # per mille: none of the k cards is in the hidden hand
    for i in range(hidden):
        keep = keep * max(0, unseen - k - i) // (unseen - i)
    return 1000 - keep


def _keep_best(top, v, width):
    """Insert `v` into `top` (best first), keeping at most `width` values."""
    i = len(top)
    while i and top[i - 1] < v:
        i -= 1
    top.insert(i, v)
    if len(top) > width:
        top.pop()


def _hard(state, seat, rng, width, samples):
    """Normal's value less the chance that the next seat answers by laying
    one of its cards; the best `width` of those re-ranked by how often we
    can still lay a card on our next turn whatever the others push."""
    r = ranked(state, seat)
    # Blocking the next seat matters less as a game drags on: two careful
    # players would otherwise shuffle the same balls to the move cap.
    risk = _RISK * max(0, min(_PATIENCE, 2 * _PATIENCE - state.moves)) // _PATIENCE
    # A push more than _THREAT + risk below the best can never overtake it.
    floor = r[0][0] - _THREAT - risk
    r = [p for p in r if p[0] >= floor]
    if len(r) == 1:
        return r[0][1]
    me = state.owner_of(seat)
    weights, unseen, hidden = _threats(state, me)
    dark0, full0 = bitboards(state.board)
    safe = []
    top = []  # the best `width` safe values so far, best first
    for v0, a in r:
        # A safe value is at most v0, and r is best first: once v0 is below
        # the width-th best safe value, no push left can be among the width.
        if len(top) == width and v0 < top[-1]:
            break
        d1, f1 = after(dark0, full0, T.colour_of(a), T.entry_of(a))
        v = v0 - risk * _answer_risk(d1, f1, weights, unseen, hidden) // 1000
        safe.append((v, a))
        _keep_best(top, v, width)
    best_first(safe)
    rots = []
    for c in state.hands[me]:
        rots.extend(T.ROTATIONS[c])
    _fill_reach(rots)
    colours = _colours(state)
    replies = _replies(state, seat, rng, samples)
    n = len(replies)
    single = state.still_playing() == 2  # replies: single pushes, not tuples
    colour_of, entry_of = _COLOUR_OF, _ENTRY_OF
    scored = []
    best = None
    for v1, a in safe[:width]:
        # Only pushes within _HARD_MARGIN of the best are played: one that
        # cannot get there even if every reply left a card to lay is not
        # counted on (nor any after it: safe is best first).
        if best is not None and v1 + _THREAT < best - _HARD_MARGIN:
            break
        d1, f1 = after(dark0, full0, T.colour_of(a), T.entry_of(a))
        ways = _ways(d1, f1, colours)
        hits = 0
        left = n
        for seq in replies:
            if best is not None and v1 + _THREAT * (hits + left) // n < best - _HARD_MARGIN:
                hits = -1
                break
            left -= 1
            if single:
                d, f = after(d1, f1, colour_of[seq], entry_of[seq])
            else:
                d, f = d1, f1
                for x in seq:
                    d, f = after(d, f, colour_of[x], entry_of[x])
            changed = (d ^ d1) | (f ^ f1)
            for m in ways:
                if not m & changed:
                    hits += 1  # a way to lay a card that the replies missed
                    break
            else:
                if _can_complete(d, f, colours):
                    hits += 1
        if hits >= 0:
            v = v1 + _THREAT * hits // n
            scored.append((v, a))
            if best is None or v > best:
                best = v
    _release_reach()
    best_first(scored)
    return rng.choice(near_best(scored, _HARD_MARGIN))


def choose(state, seat, level, rng, effort=100):
    """Pick an action for `seat` on a view state. `effort` (1-100) scales search."""
    if level == "easy":
        return _easy(state, seat, rng)
    if level == "hard":
        return _hard(state, seat, rng, max(2, 8 * effort // 100), max(4, 24 * effort // 100))
    return _normal(state, seat, rng)

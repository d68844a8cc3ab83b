"""The shipped Tomoko deck, and the Tomoko computer players."""

from engines_core import tomoko as T, tomoko_ai as A, players
from engines_core.prng import Rng
from engines_core.tomoko_deck import CARDS
from tools import gen_tomoko_deck
from tests.tomoko_helpers import find_card, matching_cards, push


def test_deck_is_what_the_documented_procedure_generates():
    with open(T.__file__.replace("tomoko.py", "tomoko_deck.py")) as f:
        shipped = f.read()
    assert shipped == gen_tomoko_deck.render_module(gen_tomoko_deck.generate())


def test_deck_36_cards_distinct_under_rotation_mixed_4_and_5_dark():
    """000: "36 pattern cards" / "Each pattern card shows a unique combination of nine
    balls." games.md: "no two the same pattern under rotation ... a mix of 4-dark
    and 5-dark patterns is a good default"."""
    assert len(CARDS) == 36
    classes = {gen_tomoko_deck.canonical(m) for m in CARDS}
    assert len(classes) == 36
    counts = sorted(bin(m).count("1") for m in CARDS)
    assert counts.count(4) == 18 and counts.count(5) == 18
    # Every mask in play belongs to at most one card (CARD_AT is well defined).
    seen = {}
    for c, rots in enumerate(T.ROTATIONS):
        for m in rots:
            assert seen.setdefault(m, c) == c


def test_bitboard_push_matches_the_engine():
    rng = Rng(4)
    for _ in range(2000):
        b = bytearray(rng.below(3) for _ in range(25))
        colour, entry = 1 + rng.below(2), rng.below(20)
        d, f = A.bitboards(b)
        push(b, colour, entry)
        assert A.bitboards(b) == A.after(d, f, colour, entry)


def test_bit_tables_match_their_definitions():
    # Built quickly as a game starts; checked here the slow, obvious way.
    rows, cols = (7, 56, 448), (73, 146, 292)  # the rows and columns of a 3x3 window
    for diff in range(512):
        assert A._POP[diff] == bin(diff).count("1")
        want = 0
        for k in range(3):
            if diff and diff & rows[k] == diff:
                want |= 1 << k
            if diff and diff & cols[k] == diff:
                want |= 8 << k
        assert A._LINES_OF[diff] == want, diff


def test_closeness_tables_stay_right_as_the_cache_recycles_buffers():
    # A full window whose dark mask differs from the card's best rotation in
    # `bad` hollows is worth (9 - bad)^2 - 3 bad^2 (at least 0). Hands of
    # three, drawn at random from all 36 cards, keep the 12-table cache
    # recycling its buffers; every table of a hand must stay its own card's.
    def expected(card, dm):
        bad = min(bin(dm ^ r).count("1") for r in T.ROTATIONS[card])
        return max(0, (9 - bad) ** 2 - 3 * bad * bad)

    # The buffers are made as the module loads and only ever reused.
    buffers = {id(b) for b in A._SPARE} | {id(t) for t in A._TABLES.values()}
    assert len(buffers) == A._MAX_TABLES
    rng = Rng(9)
    for _ in range(150):
        hand = [rng.below(T.NUM_CARDS) for _ in range(3)]
        tables = [A._table(c) for c in hand]
        for c, t in zip(hand, tables):
            assert id(t) in buffers
            for dm in range(0, 512, 7):
                assert t[dm] == expected(c, dm), (c, dm)
    assert len(A._TABLES) == A._MAX_TABLES and not A._SPARE


def test_can_complete_matches_brute_force():
    """The hard player's pruned one-push search finds exactly the completions a
    search over all 40 pushes finds."""
    rng = Rng(3)
    positives = 0
    for _ in range(1500):
        b = bytearray(rng.below(3) if rng.below(4) else 0 for _ in range(25))
        cards = [rng.below(36), rng.below(36)]
        w = rng.below(9)
        rot = T.ROTATIONS[cards[0]][rng.below(4)]
        for i, cell in enumerate(T.WINDOW_CELLS[w]):
            b[cell] = T.DARK if rot >> i & 1 else T.LIGHT
        for _ in range(rng.below(3)):
            b[rng.below(25)] = rng.below(3)
        rots = [m for c in cards for m in T.ROTATIONS[c]]
        d, f = A.bitboards(b)

        def met(bb):
            return any(find_card(bb, c) is not None for c in cards)
        brute = met(b)
        for colour in (T.DARK, T.LIGHT):
            for e in range(20):
                bb = bytearray(b)
                push(bb, colour, e)
                brute = brute or met(bb)
        A._fill_reach(rots)
        assert A._can_complete(d, f, [T.DARK, T.LIGHT]) == brute
        positives += brute
    assert 300 < positives < 1500  # both answers really occur


def test_every_level_plays_legal_moves_and_takes_an_immediate_card():
    from tests.tomoko_helpers import pattern_rows, position
    rows = pattern_rows(T.CARDS[5])
    text = "%s.. %s.. %s.. ..... ....." % (rows[0][1:] + ".", rows[1], rows[2])
    g = position(text, [[5, 6], [7, 8]])
    win = T.action_of(T.DARK if rows[0][0] == "X" else T.LIGHT, 15)
    for seed in range(3):
        assert players.choose(g, "easy", Rng(seed)) == win
        assert players.choose(g, "normal", Rng(seed)) == win
        assert players.choose(g, "hard", Rng(seed)) == win


def test_computer_never_sees_hidden_cards():
    """Swapping an opponent's hidden cards (and the deck order) for others
    consistent with what the seat has seen never changes its choice."""
    rng = Rng(8)
    for seed in range(8):
        g = T.Tomoko(3, "standard", seed)
        for _ in range(12 + seed):
            g.apply(rng.choice(g.legal_actions()))
        seat = g.current_player()
        for level in ("easy", "normal", "hard"):
            a = players.choose(g, level, Rng(77))
            for k in range(3):
                other = g.clone()
                other.redeal_hidden(seat, Rng(k))
                assert other.hands[g.owner_of(seat)] == g.hands[g.owner_of(seat)]
                assert players.choose(other, level, Rng(77)) == a


def test_lower_effort_still_plays():
    g = T.Tomoko(2, "standard", 1)
    for effort in (100, 50, 10, 1):
        assert players.choose(g, "hard", Rng(1), effort) in g.legal_actions()


def _one_push_from(card, hands, variant):
    """Row 0 short of its first ball: a push from W1 completes `card` in the
    top-left window."""
    from tests.tomoko_helpers import pattern_rows, position
    rows = pattern_rows(T.CARDS[card])
    text = "%s.. %s.. %s.. ..... ....." % (rows[0][1:] + ".", rows[1], rows[2])
    return position(text, hands, variant=variant)


def test_hard_does_not_leave_an_open_card_for_the_next_seat():
    """Open cards: "it is possible for a player with foresight to hinder their
    opponents forming their patterns" - hard pushes so that no answer of the
    next seat lays its card (checked against every push the engine allows)."""
    g = _one_push_from(3, [[0, 1, 2], [3, 4, 5]], "open")
    for seed in range(6):
        a = players.choose(g, "hard", Rng(seed))
        h = g.clone()
        h.apply(a)
        assert not h.laid[1]
        for reply in h.legal_actions():
            k = h.clone()
            k.apply(reply)
            assert 3 not in k.laid[1], (g.action_name(a), h.action_name(reply))


def test_answer_risk_is_the_chance_the_card_is_in_the_hidden_hand():
    """An unseen card one push from the board: the next seat holds it with
    chance 2/unseen (two hidden cards); an open card of its own: certainty;
    a card we hold ourselves: no risk."""
    g = _one_push_from(7, [[0, 1], [2, 3]], "standard")
    d, f = A.bitboards(g.board)
    w, unseen, hidden = A._threats(g.view_for(0), 0)
    assert (unseen, hidden) == (34, 2)
    assert abs(A._answer_risk(d, f, w, unseen, hidden) - 1000 * 2 // 34) <= 2
    o = _one_push_from(7, [[0, 1, 2], [7, 3, 4]], "open")
    w, unseen, hidden = A._threats(o.view_for(0), 0)
    assert A._answer_risk(d, f, w, unseen, hidden) == 1000
    m = _one_push_from(7, [[7, 1, 2], [0, 3, 4]], "open")
    w, unseen, hidden = A._threats(m.view_for(0), 0)
    assert A._answer_risk(d, f, w, unseen, hidden) == 0


def test_answer_risk_counts_what_a_search_of_every_push_finds():
    """hard's look at the next seat's answers only tries the pushes that can
    change a full window; it finds the same new patterns as all 40 pushes."""
    rng = Rng(6)
    every = bytearray(b"\x01" * T.NUM_CARDS)
    positives = 0
    for _ in range(200):
        b = bytearray(rng.below(3) if rng.below(5) else 0 for _ in range(25))
        if b.count(T.DARK) > 15 or b.count(T.LIGHT) > 15:
            continue
        before = matching_cards(b)
        new = set()
        for colour in (T.DARK, T.LIGHT):
            if b.count(colour) < 15:
                for e in range(20):
                    bb = bytearray(b)
                    push(bb, colour, e)
                    new |= matching_cards(bb) - before
        d, f = A.bitboards(b)
        k = len(new)
        assert A._answer_risk(d, f, every, 36, 1) == 1000 - 1000 * (36 - k) // 36
        positives += k > 0
    assert 10 < positives < 190


def plain_score(sc, dark, full):
    """A board's value read plainly from its definition (tomoko_ai's
    docstring): 20 a ball, the lay value of every card met, and for each
    card in hand the best closeness over the nine windows."""
    value = 20 * bin(full).count("1")
    for s in (0, 1, 2, 5, 6, 7, 10, 11, 12):
        cells = [s + 5 * r + c for r in range(3) for c in range(3)]
        filled = [i for i in range(9) if full >> cells[i] & 1]
        dm = sum(1 << i for i in range(9) if dark >> cells[i] & 1)
        if len(filled) == 9 and T.CARD_AT[dm] != T.NO_CARD:
            value += sc.lay_value[T.CARD_AT[dm]]
    for card in sc.cards:
        best = 0
        for s in (0, 1, 2, 5, 6, 7, 10, 11, 12):
            cells = [s + 5 * r + c for r in range(3) for c in range(3)]
            filled = [i for i in range(9) if full >> cells[i] & 1]
            bad = min(sum(1 for i in filled if (dark >> cells[i] & 1) != (rot >> i & 1))
                      for rot in T.ROTATIONS[card])
            good = len(filled) - bad
            best = max(best, max(0, good * good - 3 * bad * bad))
        value += best
    return value


def test_score_near_a_base_board_is_the_score():
    """ranked values each push from the windows it changed (score_near); the
    value read plainly from the whole board must agree, whatever the hand."""
    rng = Rng(31)
    for k in range(300):
        cards = [rng.below(36) for _ in range(1 + k % 3)]
        lay = [rng.below(2001) - 1000 for _ in range(36)]
        sc = A.Scorer(cards, lay)
        base = bytearray(rng.below(3) if rng.below(5) else 0 for _ in range(25))
        sc.set_base(*A.bitboards(base))
        for _ in range(6):
            b = bytearray(base)
            for _ in range(rng.below(3)):
                push(b, 1 + rng.below(2), rng.below(20))
            d, f = A.bitboards(b)
            assert sc.score_near(d, f) == plain_score(sc, d, f), k

"""Rules of Tomoe with triple-hexagon tiles (engines_core/tomoe.py, model D
of docs/rules/tomoe.md), each test naming the sentence it checks. Moves,
actions and the end are model A's, tested in test_tomoe_rules.py; here the
tiles, joins, enclosure, locking and count."""

import pytest

from engines_core import tomoe as T
from engines_core import tomoe as H
from engines_core import tomoe_board as TB
from engines_core.game import CorruptState, OldSave
from engines_core.prng import Rng
from tests.tomoe_hex_helpers import corner_at, recount


def game(variant="standard", board=None, player=T.WHITE):
    g = H.Tomoe(2, variant, 1)
    if board:
        for c, p in board.items():
            g.board[c] = p
            g.supply[T.figure_of(g.geo.orient[c], p)] -= 1
        g.move_no = 1 if len(board) == 1 else (len(board) + 1) // 2
        g.player = player
        g._refresh()
    return g


def random_game(variant, seed):
    g = H.Tomoe(2, variant, seed)
    rng = Rng(seed)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_actions()))
    return g


def ring(geo, vertex, inner, others):
    """The six cells round `vertex`, each with its inner stripe there of colour
    `inner` and its other two inner stripes of the colours `others`."""
    out = {}
    for c in range(geo.n):
        if vertex in TB.corners(*geo.cells[c]):
            k = corner_at(geo, c, vertex)
            p = inner << k
            for kk, col in zip([j for j in range(3) if j != k], others):
                p |= col << kk
            out[c] = p
    assert len(out) == 6
    return out


CENTRE = (3, 2)  # the small board's centre vertex (x, line)


def test_tiles_are_three_hexagon_sixths():
    """English edition: "triple hexagon" tiles; issue 27's model D: a tip, an
    inner stripe of the figure's colour and an outer stripe of the other in
    each sixth. White tips with (W,W,B): four white sectors and two black;
    with (W,B,B) four and three; black tips the same with colours swapped."""
    for orient in (0, 1):
        for p in range(1, 7):
            ci = orient * 8 + p
            cols = [H.SCOL[ci * 8 + s] for s in range(H.NSEC[ci])]
            tips, other = cols.count(orient), cols.count(1 - orient)
            alike = sum(1 for k in range(3) if (p >> k) & 1 == orient)
            assert (tips, other) == ((4, 2) if alike == 2 else (4, 3))


def test_the_four_figures_are_model_as():
    """001: "Anzahl der Spielteile: 48 (jede Figur genau zwölfmal)"; "Zu Beginn
    liegen die Spielteile geordnet auf vier Haufen." The piles and figures
    are model A's, a pattern naming the inner stripes."""
    assert H.Tomoe(2, "standard", 1).supply == [12, 12, 12, 12]
    assert H.Tomoe(2, "tiles32", 1).supply == [8, 8, 8, 8]


@pytest.mark.parametrize("inner, others, parts", [
    (T.WHITE, (T.WHITE, T.BLACK), [(T.BLACK, 6, 9)]),
    (T.BLACK, (T.WHITE, T.BLACK), [(T.WHITE, 6, 9)]),
    (T.WHITE, (T.BLACK, T.BLACK), [(T.WHITE, 9, 15)]),
])
def test_a_ring_round_a_vertex_is_two_rings(inner, others, parts):
    """001: "Weiß hat drei schwarze Felder eingekreist. Keines der Spielteile darf
    daher im weiter folgenden Spielverlauf noch gedreht werden." In model D
    the six inner stripes round a vertex ring its three tips of the other
    colour, and the six outer stripes, of the other colour, ring that ring in
    turn: the outer ring scores the inner ring's six pieces (its three tips
    score nothing), unless the tiles' other stripes close a third ring round
    both (then nine). So the rulebook's three points do not arise here
    (docs/rules/tomoe.md: the scenes' counts fit no model). Every tile of it
    is locked."""
    cells = ring(TB.SMALL, CENTRE, inner, others)
    g = game(board=cells)
    assert g.score_parts() == parts
    for c in cells:
        assert g.locked[c]
        assert g.why_illegal(T.turn_action(c, 0)) == "that tile is locked in a closed curve"


def test_an_open_ring_may_still_be_turned():
    """001: "Gedreht werden dürfen nur solche Spielteile, die sich nicht bereits in
    einer geschlossenen Kurve befinden." Five of the six tiles of a ring do not
    close it: the only enclosure is a single black tip (cut off by its own
    white inner stripe, between two white tips), which locks the tiles
    touching it; the two tiles that touch no enclosure may be turned either
    way."""
    five = dict(list(ring(TB.SMALL, CENTRE, T.WHITE, (T.WHITE, T.BLACK)).items())[1:])
    g = game(board=five)
    assert g.score_parts() == [(T.WHITE, 1, 1)]
    free = [c for c in five if not g.locked[c]]
    assert len(free) == 2
    legal = set(g.legal_actions())
    for c in free:
        assert T.turn_action(c, 0) in legal and T.turn_action(c, 1) in legal


@pytest.mark.parametrize("variant", ["standard", "large"])
def test_pocket_rule_against_a_plain_recount(variant):
    """games.md: "A pocket whose neighbouring free sectors and touched rim areas
    are all of one colour X is enclosed by X, and each of its sectors of the
    other colour scores one point for X." 001: "Das kann nur der Fall sein,
    wenn die Kurve mit dem gleichfarbigen Randgebiet verbunden ist." On full
    boards the engine's count equals a plain recount from the geometry."""
    for seed in range(8):
        g = random_game(variant, seed)
        assert g.scores() == recount(g.geo, g.board), seed


@pytest.mark.parametrize("variant", ["standard", "large"])
def test_locks_never_open_and_parts_add_up(variant):
    """001: "geschlossene Kurven dürfen nicht mehr geöffnet oder anders
    verändert werden": a locked tile stays locked to the end; the scoring
    pockets add up to the scores all along."""
    for seed in range(4):
        g = H.Tomoe(2, variant, seed)
        rng = Rng(seed)
        was = bytearray(g.geo.n)
        while not g.is_terminal():
            g.apply(rng.choice(g.legal_actions()))
            lk = g.locked
            assert all(lk[c] for c in range(g.geo.n) if was[c])
            was = bytearray(lk)
            parts = g.score_parts()
            for seat in (0, 1):
                assert sum(p for s, p, _ in parts if s == seat) == g.scores()[seat]


def test_the_board_always_fills():
    """001: "Das Spiel ist beendet, wenn das gesamte Spielfeld mit Teilen bedeckt
    ist"; "die restlichen Teile dienen dazu, eine freie Auswahl zu ermöglichen":
    any figure of a cell's orientation may be laid there."""
    g = random_game("large", 3)
    assert g.is_terminal() and all(g.board)


def test_a_save_of_the_earlier_tiles_is_refused():
    """Issue 27: a save of the old model is refused with a clear message, not
    misread; the new model's saves round-trip."""
    old = T.Tomoe(2, "standard", 5)
    old.apply(old.legal_actions()[0])
    data = bytearray(old.serialize())
    assert data[:3] == b"TE\x04"
    data[2] = 3  # the earlier tiles' saves: the same layout, format 3
    with pytest.raises(OldSave, match="earlier Tomoe tiles"):
        H.Tomoe.restore(bytes(data))
    g = random_game("standard", 5)
    back = H.Tomoe.restore(g.serialize())
    assert isinstance(back, H.Tomoe)
    assert back.board == g.board and back.scores() == g.scores()
    assert isinstance(g.clone(), H.Tomoe) and g.clone().scores() == g.scores()

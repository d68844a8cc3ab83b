"""One test per Tomoe rule. Each quotes the sentence it checks: rulebook 001
(German) or ../shared/design/games.md (the tile model), or names the reading
in docs/rules/tomoe.md it checks.

Positions are built by hand (tests/tomoe_helpers.py); the small board is
drawn there with the (x, r) name of every cell."""

import pytest

from engines_core import tomoe as T
from engines_core import tomoe_board as TB
from engines_core.tomoe_ai import Chains
from engines_core.game import CorruptState, IllegalAction
from engines_core.prng import Rng
from tests.tomoe_helpers import position, cell, lay, pattern, enclosed_by, locked, node, \
    sector_at_edge

# Rulebook scene 1 (small board): three black-tip tiles each with a lone white
# middle, every edge of theirs facing white: "Weiß hat drei schwarze Felder
# eingekreist."
SCENE_ONE = {(3, 1): "UR", (2, 2): "UR", (4, 2): "UL",
             (2, 1): "L", (4, 1): "R", (3, 2): "D", (3, 0): "L", (1, 2): "L", (5, 2): "R"}
# Scene 2: a white-tip (W,B,B) tile whose white sectors face only black.
BLACK_CURVE = {(3, 2): "LR", (2, 2): "UR", (4, 2): "UL", (3, 3): "UR"}
# ...which White then surrounds,
WHITE_AROUND = dict(BLACK_CURVE)
WHITE_AROUND.update({(2, 1): "L", (1, 2): "L", (4, 1): "R", (5, 2): "R", (2, 3): "LD", (4, 3): "RD"})
# ...and Black surrounds White's curve in turn.
BLACK_AROUND = dict(WHITE_AROUND)
BLACK_AROUND.update({(1, 1): "R", (3, 1): "LR", (0, 2): "R", (1, 3): "UR", (5, 1): "L",
                     (6, 2): "L", (5, 3): "UL"})
# Open board: black middles around the empty down cell (3, 3), joined to the
# black bottom rim at both ends.
OPEN_AREA = {(2, 3): "LD", (4, 3): "RD", (3, 2): "LR", (1, 3): "UR", (2, 2): "R", (4, 2): "L",
             (5, 3): "UL"}


def sectors(g, colour):
    """All laid sectors of `colour` (nodes)."""
    out = []
    for c in range(g.geo.n):
        p = g.board[c]
        if p:
            ci = g.geo.or8[c] | p
            out += [4 * c + s for s in range(TB.NSEC[ci]) if TB.SCOL[ci * 4 + s] == colour]
    return out


def random_game(variant, seed, each=None):
    g = T.Tomoe(2, variant, seed)
    rng = Rng(seed + 77)
    while not g.is_terminal():
        if each:
            each(g)
        g.apply(rng.choice(g.legal_actions()))
    return g


def emptied(seed, cells, move_no, player):
    """The full board of the seeded random game with `cells` emptied again,
    the supply to match, `player` to start move `move_no`."""
    g = random_game("standard", seed)
    h = T.Tomoe(2, "standard", seed)
    h.board = bytearray(g.board)
    for c in cells:
        h.board[c] = 0
    h.supply = [12 - sum(1 for c in range(24) if h.board[c] and h.figure(c) == f)
                for f in range(4)]
    h.move_no = move_no
    h.player = player
    h._refresh()
    h.check()
    return h


# -- material and set-up ----------------------------------------------------------


def test_48_tiles_twelve_of_each_figure_in_four_piles():
    """001: "Anzahl der Spielteile: 48 (jede Figur genau zwölfmal)" and "Zu Beginn
    liegen die Spielteile geordnet auf vier Haufen." """
    for variant in ("standard", "large"):
        g = T.Tomoe(2, variant, 1)
        assert g.supply == [12, 12, 12, 12]
    assert T.FIGURE_NAMES == ("WWB", "WBB", "BBW", "BWW")


def test_the_four_figures():
    """games.md: "The four figures are the patterns that make turning
    meaningful: white tips with edge middles (W,W,B) and (W,B,B); black tips
    with (B,B,W) and (B,W,W). Turning by 120 degrees rotates the pattern." """
    seen = set()
    for orient in (0, 1):
        for p in range(1, 7):
            f = TB.figure_of(orient, p)
            seen.add(f)
            assert f // 2 == orient  # white tips up, black tips down
            blacks = bin(p).count("1")
            assert (blacks == 1) == (f in (0, 3))  # (W,W,B) and (B,W,W): one black middle
            # Turning keeps the figure and visits all three rotations.
            assert {p, TB.rot_cw(p), TB.rot_cw(TB.rot_cw(p))} == {q for q in range(1, 7)
                                                                   if TB.figure_of(orient, q) == f}
            assert TB.rot_ccw(TB.rot_cw(p)) == p
    assert seen == {0, 1, 2, 3}


def test_boards_of_24_and_36_cells():
    """001: "das Brett ist mit 24 Teilen bedeckt (das große Brett mit 36)";
    games.md: the small board is "a regular hexagon of side 2 (24 cells)"; the
    large one (our reading, docs/rules/tomoe.md) four rows of nine cells, as
    fair to both colours as the hexagon and without teeth. White-tip tiles
    fit up cells, black-tip tiles down cells."""
    small, large = TB.SMALL, TB.LARGE
    assert (small.n, small.up_cells, small.down_cells) == (24, 12, 12)
    assert (large.n, large.up_cells, large.down_cells) == (36, 18, 18)
    assert sorted(large.cells) == sorted((x, r) for x in range(1, 10) for r in range(4))
    for geo in TB.BOARDS:
        # A half-turn about the centre vertex maps the board onto itself and
        # swaps up and down cells; so does a mirror through it.
        cx, cr = geo.width // 2, geo.height // 2
        for (x, r) in geo.cells:
            half = geo.cell_at(2 * cx - x, 2 * cr - 1 - r)
            assert half >= 0 and geo.orient[half] != geo.orient[geo.cell_at(x, r)]
            assert geo.cell_at(2 * cx - x, r) >= 0
        # No cell has two rim edges (no teeth).
        for c in range(geo.n):
            assert sum(geo.nbc[3 * c + k] == 255 for k in range(3)) <= 1
    assert sum(large.nbc[e] == 255 for e in range(3 * large.n)) == 16
    assert T.Tomoe(2, "standard", 1).geo is small and T.Tomoe(2, "large", 1).geo is large


def test_the_mark_in_the_middle():
    """001: "die sechseckige Markierung in der Spielfeldmitte ..., die zeigt, in
    welche Richtung oben/unten die jeweils schwarze oder weiße Spitze des
    Spielteils zeigen muss" - games.md: "its centre vertex, where six cells
    meet, carries the mark": six cells, up and down alternating."""
    for geo in TB.BOARDS:
        assert len(geo.centre) == 6
        rows = sorted((r, x) for x, r in (geo.cells[c] for c in geo.centre))
        # Above the mark: up, down, up; below it: down, up, down.
        assert [geo.orient[geo.cell_at(x, r)] for r, x in rows] == [0, 1, 0, 1, 0, 1]


def test_rim_areas_alternate_white_and_black():
    """games.md: "the board outline is split into rim areas, alternately white
    and black (for the hexagon, one per side)". Our reading: a rim edge has
    the colour opposite to the tips of the cell along it, and a rim area is a
    run of one colour along the outline: six on the hexagon, ten on the
    large board (top, bottom, and single edges down its zigzag sides)."""
    for geo, sizes in ((TB.SMALL, [2] * 6), (TB.LARGE, [4, 1, 1, 1, 1, 4, 1, 1, 1, 1])):
        assert [len(e) for e in geo.rim_edges] == sizes
        cols = list(geo.rim_colour)
        assert cols == [0, 1] * (len(sizes) // 2)
        for area in range(len(sizes)):
            for e in geo.rim_edges[area]:
                assert geo.orient[e // 3] == 1 - cols[area]
                assert geo.nbc[e] == 255 and geo.nbk[e] == area
        assert sorted(e for a in geo.rim_edges for e in a) == \
            [e for e in range(3 * geo.n) if geo.nbc[e] == 255]
    # The hexagon's top side is white, its upper right side black.
    assert TB.SMALL.rim_edges[0] == (3, 9) and TB.SMALL.rim_edges[1] == (12, 33)


def test_32_tile_set_only_with_the_small_board():
    """games.md: "Support both boards and both tile sets (48 and 32)"; the
    English edition: 32 tiles, 8 of each figure. Reading: 16 tiles of one
    orientation cannot cover the 18 up cells of the large board, so the 32
    set is offered with the small board only."""
    g = T.Tomoe(2, "tiles32", 1)
    assert g.supply == [8, 8, 8, 8] and g.geo.n == 24
    assert T.Tomoe.VARIANTS == ("standard", "large", "tiles32")
    assert TB.LARGE.up_cells > 2 * 8
    with pytest.raises(ValueError):
        T.Tomoe(2, "large+tiles32", 1)


def test_every_action_has_its_own_name():
    """Every lay and turn on either board has a distinct readable name."""
    for variant in ("standard", "large"):
        g = position({(3, 1): "U", (5, 1): "L"}, variant=variant)
        full = T.Tomoe(2, variant, 1)
        names = set(full.action_name(a) for a in full.legal_actions())
        names |= set(g.action_name(a) for a in g.legal_actions() if T.is_turn(a))
        assert len(names) == 6 * g.geo.n + 4 and "?" not in names


def test_white_plays_black_white_begins_with_one_tile():
    """001: "Weiß spielt gegen Schwarz." / "Spielzüge sind jeweils abwechselnd,
    Weiß beginnt mit dem Legen eines Spielteils." """
    g = T.Tomoe(2, "standard", 1)
    assert g.current_player() == T.WHITE and g.num_players == 2
    assert all(not T.is_turn(a) for a in g.legal_actions())
    g.apply(lay(g, 3, 1, "U"))
    assert g.current_player() == T.BLACK  # one tile, then Black


def test_then_two_new_tiles_or_turn_one_and_lay_one():
    """001: "Alle weiteren Spielzüge bestehen daraus, entweder zwei neue
    Spielteile passend anzulegen oder ein bereits gelegtes Spielteil um 120° zu
    drehen und ein weiteres neues anzulegen." """
    g = position({(3, 1): "U"}, player=T.BLACK)
    g.apply(lay(g, 0, 1, "L"))
    assert g.current_player() == T.BLACK and g.phase == T.SECOND
    g.apply(lay(g, 5, 3, "U"))
    assert g.current_player() == T.WHITE
    c = cell(g.geo, 3, 1)
    p = g.board[c]
    g.apply(T.turn_action(c, 0))
    assert g.board[c] == TB.rot_cw(p) and g.current_player() == T.WHITE
    assert g.phase == T.AFTER_TURN
    assert all(not T.is_turn(a) for a in g.legal_actions())  # now a new tile
    g.apply(lay(g, 6, 2, "U"))
    assert g.current_player() == T.BLACK


def test_turn_comes_first_in_a_move():
    """Reading (docs/rules/tomoe.md): the turn, if any, is the first action of
    the move ("ein bereits gelegtes Spielteil um 120° zu drehen und ein
    weiteres neues anzulegen"); after a new tile only a second new tile."""
    g = position({(3, 1): "U", (0, 1): "L"})
    g.apply(lay(g, 5, 3, "U"))
    turn = T.turn_action(cell(g.geo, 3, 1), 0)
    before = g.serialize()
    assert g.why_illegal(turn) == "lay your second tile"
    with pytest.raises(IllegalAction):
        g.apply(turn)
    assert g.serialize() == before


def test_turning_by_120_degrees_either_way():
    """001: "um 120° zu drehen". Reading: either way round, so both other
    rotations can be reached in one turn."""
    for d, rot in ((0, TB.rot_cw), (1, TB.rot_ccw)):
        g = position({(3, 1): "U", (0, 1): "L"})
        c = cell(g.geo, 3, 1)
        p = g.board[c]
        g.apply(T.turn_action(c, d))
        assert g.board[c] == rot(p) != p


def test_no_turn_in_the_opening_and_no_turning_an_empty_cell():
    """Reading: the opening move is the one tile White lays; a turn needs a tile."""
    g = T.Tomoe(2, "standard", 1)
    assert g.why_illegal(T.turn_action(5, 0)) == "no tile there to turn"
    g.board[5] = 1  # even with a tile there, the opening lays
    assert g.why_illegal(T.turn_action(5, 0)) == "the first move lays one tile"


def test_a_turned_tile_may_be_turned_back():
    """001: "Weiter könnte Schwarz das gedrehte Spielteil vor dem Zurückdrehen
    sichern" - turning back is allowed (if the tile is still free to turn)."""
    g = position({(3, 1): "U", (0, 1): "L"})
    c = cell(g.geo, 3, 1)
    p = g.board[c]
    g.apply(T.turn_action(c, 0))
    g.apply(lay(g, 5, 3, "U"))
    assert g.current_player() == T.BLACK and not g.locked[c]
    g.apply(T.turn_action(c, 1))
    assert g.board[c] == p


def test_a_turn_that_closes_a_curve_locks_at_once():
    """001: "Gedreht werden dürfen nur solche Spielteile, die sich nicht bereits in
    einer geschlossenen Kurve befinden." A turn may itself close a curve:
    U(2,1)'s black middle turned to its right edge faces D(3,1)'s white
    middle, each lone middle is enclosed by the other colour, and both tiles
    lock at once. The move goes on with a new tile, and the turned tile can
    no longer be turned back."""
    g = position({(2, 1): "D", (3, 1): "UR", (5, 3): "U"})
    c = cell(g.geo, 2, 1)
    assert not locked(g, 2, 1) and not locked(g, 3, 1)
    g.apply(T.turn_action(c, 1))
    assert g.board[c] == pattern(g.geo, c, "R")
    assert enclosed_by(g, 2, 1, 1) == "W" and enclosed_by(g, 3, 1, 1) == "B"
    assert locked(g, 2, 1) and locked(g, 3, 1)
    assert g.phase == T.AFTER_TURN and g.current_player() == T.WHITE
    g.apply(lay(g, 1, 3, "U"))
    assert g.current_player() == T.BLACK
    for d in (0, 1):
        assert g.why_illegal(T.turn_action(c, d)) == "that tile is locked in a closed curve"
    assert T.turn_action(c, 0) not in g.legal_actions()


def test_the_tile_laid_after_a_turn_can_secure_it():
    """001: "Weiter könnte Schwarz das gedrehte Spielteil vor dem Zurückdrehen
    sichern, indem es wie folgt anlegt" ... "dass sowohl ein Zurückdrehen des
    oberen mittleren Spielteiles ... unmöglich wird." Black turns U(2,1)'s
    black middle to its left edge (still free to turn), then lays D(1,1) with
    its white middle against it: the turned tile is locked, White cannot
    turn it back."""
    g = position({(2, 1): "D", (3, 1): "UR", (5, 3): "U", (1, 3): "U"}, player=T.BLACK)
    c = cell(g.geo, 2, 1)
    g.apply(T.turn_action(c, 0))
    assert g.board[c] == pattern(g.geo, c, "L") and not locked(g, 2, 1)
    g.apply(lay(g, 1, 1, "UL"))
    assert g.current_player() == T.WHITE and locked(g, 2, 1)
    assert g.why_illegal(T.turn_action(c, 1)) == "that tile is locked in a closed curve"
    # Without that tile White could have turned it straight back.
    h = position({(2, 1): "D", (3, 1): "UR", (5, 3): "U", (1, 3): "U"}, player=T.BLACK)
    h.apply(T.turn_action(c, 0))
    h.apply(lay(h, 5, 1, "U"))
    assert h.why_illegal(T.turn_action(c, 1)) is None


def test_tiles_fit_the_grid_and_any_empty_cell():
    """001: "„Passend“ heißt hierbei zum einen in das vorgegebene Raster und zum
    andern mit farblichem Anschluss schwarz/weiß." games.md: "Laying a tile is
    legal on any empty cell of its orientation: no edge constraint beyond the
    tips". A lay action names the pattern; on an up cell it is a white-tip
    tile, on a down cell a black-tip tile, so the tips always fit."""
    g = position({(3, 1): "UR", (2, 1): "L"})
    empty = [c for c in range(g.geo.n) if not g.board[c]]
    lays = [a for a in g.legal_actions() if not T.is_turn(a)]
    assert len(lays) == 6 * len(empty)
    c = cell(g.geo, 2, 1)
    assert g.why_illegal(T.lay_action(c, 1)) == "that cell is taken"
    # A black middle next to a white one is fine (games.md: no edge constraint).
    g.apply(lay(g, 4, 1, "L"))


def test_tiles_may_be_laid_apart_from_others():
    """001: "Spielteile können auch nicht direkt an ein anderes angrenzend, also
    in den freien Raum gelegt werden." """
    g = position({(3, 1): "UR"}, player=T.BLACK)
    far = lay(g, 1, 3, "U")  # no tile next to it
    assert far in g.legal_actions()
    g.apply(far)


def test_free_choice_of_figure_while_its_pile_lasts():
    """001: "die restlichen Teile dienen dazu, eine freie Auswahl zu ermöglichen."
    Reading: any figure of the cell's orientation while tiles of it are left."""
    ups = [(1, 0), (3, 0), (5, 0), (0, 1), (2, 1), (4, 1), (6, 1), (1, 2)]
    g = position({xy: "LR" for xy in ups}, variant="tiles32")  # all 8 (W,B,B)
    assert g.supply[1] == 0
    c = cell(g.geo, 3, 2)
    assert g.why_illegal(T.lay_action(c, pattern(g.geo, c, "LR"))) == "no WBB tiles left"
    assert g.why_illegal(T.lay_action(c, pattern(g.geo, c, "D"))) is None
    assert not [a for a in g.legal_actions()
                if not T.is_turn(a) and g.geo.orient[T.cell_of(a)] == 0
                and TB.figure_of(0, T.pattern_of(a)) == 1]
    # The large board has 18 up cells for 12 tiles of each white-tip figure:
    # with the 48 tiles a pile runs out there too, and the other figure of
    # that orientation still fits every cell left.
    ups = [(x, r) for r in range(4) for x in range(1, 10) if (x + r) % 2][:12]
    g = position({xy: "D" for xy in ups}, variant="large")  # all 12 (W,W,B)
    assert g.supply == [0, 12, 12, 12]
    c = cell(g.geo, 2, 3)
    assert g.geo.orient[c] == 0 and not g.board[c]
    assert g.why_illegal(T.lay_action(c, pattern(g.geo, c, "D"))) == "no WWB tiles left"
    lays = [a for a in g.legal_actions() if T.cell_of(a) == c]
    assert sorted(T.pattern_of(a) for a in lays) == sorted(
        q for q in range(1, 7) if TB.figure_of(0, q) == 1)


# -- the tile model -------------------------------------------------------------------


def test_sectors_of_a_tile():
    """games.md: "Inside a tile, a tip joins a same-coloured middle on an edge
    next to it; two middles of one colour join; a tip cut off from
    same-coloured middles is its own sector." """
    for orient in (0, 1):
        for p in range(1, 7):
            ci = orient * 8 + p
            n = TB.NSEC[ci]
            minority = TB.figure_of(orient, p) in (1, 3)
            assert n == (3 if minority else 2)
            assert TB.SCOL[ci * 4] == orient  # the tips' colour
            assert TB.STIPS[ci * 4] | (TB.STIPS[ci * 4 + 2] if minority else 0) == 7
            if minority:
                v = [k for k in range(3) if TB.TOWN[ci * 4 + k] == 2][0]
                # The cut-off tip lies between the two middles of the other colour.
                assert (p >> v) & 1 != orient and (p >> ((v + 2) % 3)) & 1 != orient


def test_colours_join_across_an_edge_only_where_middles_match():
    """games.md: "Colour regions join across a tile edge where both middles
    have the same colour. Corner tips meet the other kind of tip at every
    vertex, so tips never join across tiles." """
    # Two black middles meeting join: U(2,1) black right, D(3,1) black left.
    g = position({(2, 1): "R", (3, 1): "L", (0, 1): "L"})
    ch = Chains(g.geo, g.board)
    a = node(g, 2, 1, sector_at_edge(g, 2, 1, "R"))
    b = node(g, 3, 1, sector_at_edge(g, 3, 1, "L"))
    assert ch.root[a] == ch.root[b]
    # A white middle meeting a black one does not; nor do the tips.
    g = position({(2, 1): "D", (3, 1): "L", (0, 1): "L"})
    ch = Chains(g.geo, g.board)
    assert ch.root[node(g, 2, 1, 0)] != ch.root[node(g, 3, 1, 0)]


def test_a_sector_touching_its_own_rim_area_joins_it():
    """games.md: "A sector touching a rim area of its own colour joins it." The
    upper left rim of the small board is black; U(0,1)'s left edge is on it."""
    g = position({(0, 1): "L", (1, 0): "D", (3, 1): "U"})
    ch = Chains(g.geo, g.board)
    assert ch.free[ch.root[node(g, 0, 1, sector_at_edge(g, 0, 1, "L"))]]
    assert not ch.free[ch.root[node(g, 1, 0, 0)]]  # its white middle faces the black rim


# -- closed curves ------------------------------------------------------------------


def test_white_encloses_three_black_fields_and_locks_the_tiles():
    """001: "Weiß hat drei schwarze Felder eingekreist. Keines der Spielteile darf
    daher im weiter folgenden Spielverlauf noch gedreht werden. Sofern die weiße
    Kurve nicht noch von Schwarz umschlossen wird, werden Weiß hierfür bei
    Spielende drei Punkte gutgeschrieben." """
    g = position(SCENE_ONE)
    for xy in ((3, 1), (2, 2), (4, 2)):
        assert enclosed_by(g, xy[0], xy[1], 0) == "W"  # each black main sector
    assert all(locked(g, x, r) for (x, r) in SCENE_ONE)
    assert g.scores() == [3, 0]
    for (x, r) in SCENE_ONE:
        c = cell(g.geo, x, r)
        assert g.why_illegal(T.turn_action(c, 0)) == "that tile is locked in a closed curve"
        assert g.why_illegal(T.turn_action(c, 1)) == "that tile is locked in a closed curve"
    assert not [a for a in g.legal_actions() if T.is_turn(a)]


def test_black_curve_enclosed_in_turn_by_white():
    """001: "Schwarz hat zwei weiße Felder umschlossen. Im nächsten Spielzug legt
    Weiß jedoch so an, dass die gesamte schwarze Kurve wiederum umkreist wird.
    Insgesamt ergibt dies drei Punkte für Weiß, kein Punkt für Schwarz. Keines
    der Spielteile darf gedreht werden." With our tiles the black curve has
    four sectors (the pictures are missing)."""
    g = position(BLACK_CURVE)
    # The (W,B,B) tile's two white sectors: its white middle and its cut-off tip.
    assert enclosed_by(g, 3, 2, 0) == "B" and enclosed_by(g, 3, 2, 2) == "B"
    assert g.scores() == [0, 2]
    g = position(WHITE_AROUND)
    black_curve = [node(g, x, r, 0) for x, r in ((2, 2), (4, 2), (3, 3))] + [node(g, 3, 2, 1)]
    assert all(g.enc[n] & 1 for n in black_curve)
    assert g.scores() == [4, 0]  # every black sector of the curve; nothing for Black
    # "Keines der Spielteile darf gedreht werden."
    assert all(locked(g, x, r) for (x, r) in WHITE_AROUND)


def test_black_counters_around_the_whole_white_curve():
    """001: "Schwarz kontert, indem es die gesamte weiße Kurve umschließt.
    Insgesamt ergibt dies sieben Punkte für Schwarz, kein Punkt für Weiß."
    games.md: "Black's free ring around White's ring around a black ring around
    white fields - every white sector in there scores for Black, the inner
    black ring for nobody, White scores nothing." """
    g = position(BLACK_AROUND, player=T.BLACK)
    inside = set(sectors(position(WHITE_AROUND), T.WHITE))
    # Every white sector of the earlier position is now Black's (with our
    # tiles thirteen; the rulebook's picture had seven).
    assert g.scores() == [0, len(inside)] == [0, 13]
    assert all(locked(g, x, r) for (x, r) in BLACK_AROUND)


def test_still_undecided_until_a_colour_reaches_its_rim():
    """001: "Offensichtlich ist die Lage aber für beide immer noch unentschieden,
    da Schwarz seinerseits wieder umschlossen werden kann. Das ändert sich erst,
    wenn eine Farbe Anschluss zu ihrem Spielfeldrand gewonnen hat. Verbindungen
    mit dem Rand sind nicht mehr umschließbar." Over many random games: a
    sector joined to a rim area of its colour is never enclosed."""
    def probe(g):
        ch = Chains(g.geo, g.board)
        for c in range(g.geo.n):
            p = g.board[c]
            if not p:
                continue
            ci = g.geo.or8[c] | p
            for s in range(TB.NSEC[ci]):
                if ch.free[ch.root[4 * c + s]]:
                    colour = TB.SCOL[ci * 4 + s]
                    assert not (g.enc[4 * c + s] >> (1 - colour)) & 1
    for seed in range(8):
        random_game("standard" if seed % 2 else "large", seed, probe)


def test_a_link_to_the_rim_cannot_be_turned_away():
    """001: "Verbindungen sind wiederum nur dann sicher, wenn sie fixiert sind,
    das heißt, dass sie aus einem geschlossenen Kurvenzug oder mehreren
    abschnittsweise geschlossenen Kurvenzügen bestehen." In our tile model a
    link to the rim is always fixed (docs/rules/tomoe.md): a chain can only
    pass through a tile of the other orientation by its band, whose cut-off
    tip is then boxed in and locks it and its neighbours. Over random games
    on both boards: no turn allowed by the rules ever cuts a sector of
    another tile off from the rim area it was joined to."""
    def frees(g):
        ch = Chains(g.geo, g.board)
        return set(n for colour in (0, 1) for n in sectors(g, colour) if ch.free[ch.root[n]])

    turns = []

    def probe(g):
        if not g.may_turn():
            return
        before = frees(g)
        for a in g.legal_actions():
            if T.is_turn(a):
                h = g.clone()
                h.apply(a)
                c = T.cell_of(a)
                assert set(n for n in before if n >> 2 != c) <= frees(h)
                turns.append(a)
    for seed in range(6):
        random_game("standard" if seed % 2 else "large", seed, probe)
    assert len(turns) > 100


def test_open_board_can_be_enclosed():
    """001: "Auch offenes, noch unbelegtes Spielfeld kann umschlossen und somit
    gewonnen werden: Schwarz hat einen geschlossenen Zug zurück zu seiner Seite
    gelegt. Das ganze Gebiet im Innern wird Schwarz zugerechnet, egal wie die
    noch fehlenden Teile gelegt werden. Als Punkte gezählt werden ... nur die
    weißen Abschnitte (die Punktezahl hängt noch von der Belegung im Inneren
    ab). Der Kurvenzug darf, da er geschlossen ist, nicht mehr durch Drehen
    eines Teils geändert werden." """
    g = position(OPEN_AREA)
    hole = cell(g.geo, 3, 3)
    assert g.board[hole] == 0 and g.enc[4 * hole] & 2  # the empty cell: Black's
    assert all(locked(g, x, r) for (x, r) in OPEN_AREA)
    before = g.scores()
    assert before == [0, 6]
    for p in range(1, 7):  # whatever is laid there, its white sector is Black's
        h = g.clone()
        h.apply(T.lay_action(hole, p))
        assert h.scores() == [0, before[1] + 1]


def test_a_band_between_two_rim_areas_is_not_a_closed_curve():
    """001: "Beachte: Die Verbindung zwischen zwei verschiedenen Randgebieten der
    eigenen Farbe zählt nicht als geschlossene Kurve." games.md: "a band joining
    two different X rim areas encloses nothing, because a Y rim area lies
    between them on each side." A black band from the upper left rim to the
    bottom rim, past the white lower left rim."""
    band = {(1, 0): "LD", (1, 1): "UR", (2, 1): "LD", (2, 2): "UL", (1, 2): "RD", (1, 3): "UR",
            (2, 3): "LD"}
    g = position(band, player=T.BLACK)
    ch = Chains(g.geo, g.board)
    assert ch.free[ch.root[node(g, 1, 2, 1)]]  # one chain, joined to black rims
    # Neither the cells between the band and the white rim nor those on the
    # other side are enclosed.
    for xy in ((0, 1), (0, 2), (3, 3), (3, 1), (4, 2)):
        assert enclosed_by(g, *xy) == ""
    # Only the cut-off white tips of its (W,B,B) tiles, each boxed in by the
    # band's black, count.
    assert g.scores() == [0, 4]
    # The same band returning to the rim area it left would close: compare
    # OPEN_AREA, where the empty cell inside is enclosed.


def test_a_band_between_two_rim_areas_of_the_large_board():
    """001: "Die Verbindung zwischen zwei verschiedenen Randgebieten der
    eigenen Farbe zählt nicht als geschlossene Kurve." On the large board's
    zigzag side the rim areas are single edges: a black band from the black
    edge of U(1,0) round D(1,1) to the black edge of U(1,2) does not enclose
    D(1,1), since the white edge beside D(1,1) lies between the two. (The
    band's tiles show D(1,1) their white middles, so with that white rim edge
    White holds it.)"""
    band = {(1, 0): "LR", (2, 0): "LR", (3, 0): "LD", (3, 1): "UL", (2, 1): "RD",
            (2, 2): "UL", (1, 2): "LR"}
    g = position(band, variant="large", player=T.BLACK)
    geo = g.geo
    for x, r, area in ((1, 0, 9), (1, 1, 8), (1, 2, 7)):
        assert geo.nbk[3 * cell(geo, x, r) + 2] == area  # the left edges
    assert list(geo.rim_colour[7:10]) == [T.BLACK, T.WHITE, T.BLACK]
    ch = Chains(geo, g.board)
    ends = [ch.root[node(g, x, r, sector_at_edge(g, x, r, "L"))] for x, r in ((1, 0), (1, 2))]
    assert ends[0] == ends[1] and ch.free[ends[0]]  # one band, on black rims
    assert enclosed_by(g, 1, 1) == "W"  # not Black's
    for x, r in ((4, 0), (4, 1), (3, 2), (1, 3)):  # open board along the band
        assert enclosed_by(g, x, r) == ""
    # Only the four cut-off white tips, boxed in by black, count.
    assert g.scores() == [0, 4]
    # A tile laid there: its white middle joins the white rim edge; its black
    # part faces only white and is enclosed by White - but the white parts
    # round it, cut off from the open board now, are enclosed by Black's
    # band. Those three form a pocket bordered by both colours (the free
    # white middle, the free band): it scores for nobody (games.md).
    g.apply(lay(g, 1, 1, "UR"))
    assert enclosed_by(g, 1, 1, sector_at_edge(g, 1, 1, "L")) == ""
    assert enclosed_by(g, 1, 1, sector_at_edge(g, 1, 1, "U")) == "W"
    assert enclosed_by(g, 1, 0, sector_at_edge(g, 1, 0, "D")) == "B"
    assert enclosed_by(g, 2, 1, sector_at_edge(g, 2, 1, "L")) == "B"
    assert g.scores() == [0, 4]


def test_closed_curves_are_never_opened():
    """001: "Gedreht werden dürfen nur solche Spielteile, die sich nicht bereits in
    einer geschlossenen Kurve befinden. Mit anderen Worten, geschlossene Kurven
    dürfen nicht mehr geöffnet oder anders verändert werden." Over random
    games: a tile once locked stays locked, and locked tiles are never offered
    for turning."""
    def probe(g):
        now = set(c for c in range(g.geo.n) if g.board[c] and g.locked[c])
        assert probe.locked <= now
        probe.locked = now
        for a in g.legal_actions():
            if T.is_turn(a):
                assert not g.locked[T.cell_of(a)]
    for seed in range(8):
        probe.locked = set()
        random_game("standard" if seed % 2 else "large", seed, probe)


def test_locking_follows_games_md():
    """games.md: "an X sector that borders something enclosed by X belongs to a
    closed curve; a tile with any sector on a closed curve may not be turned."
    A black middle facing a white middle: each tile's lone middle is enclosed
    by the other's colour, so both tiles lock; a tile apart stays free."""
    g = position({(3, 1): "UR", (2, 1): "R", (5, 3): "U"})
    assert enclosed_by(g, 2, 1, 1) == "W"  # U(2,1)'s black middle
    assert enclosed_by(g, 3, 1, 1) == "B"  # D(3,1)'s white middle
    assert locked(g, 2, 1) and locked(g, 3, 1) and not locked(g, 5, 3)


# -- the end --------------------------------------------------------------------------


def test_game_ends_when_the_board_is_covered():
    """001: "Das Spiel ist beendet, wenn das gesamte Spielfeld mit Teilen bedeckt
    ist." """
    for variant in T.Tomoe.VARIANTS:
        g = random_game(variant, 3)
        assert g.is_terminal() and g.empty == 0 and g.legal_actions() == []
        assert g.current_player() == T.TERMINAL


def test_last_move_with_one_tile():
    """games.md: "The last player may lay one tile only, if only one cell is
    left." A move that starts with one empty cell is that lay (or a turn and
    that lay), and the game ends."""
    last = 17
    h = emptied(5, (last,), 15, 1)
    assert {T.cell_of(a) for a in h.legal_actions() if not T.is_turn(a)} == {last}
    h.apply([a for a in h.legal_actions() if not T.is_turn(a)][0])
    assert h.is_terminal() and h.move_no == 16 and h.empty == 0


def test_turn_and_the_last_tile():
    """games.md: "The last player may lay one tile only, if only one cell is
    left." - or, as every move after the opening may be, "ein bereits gelegtes
    Spielteil um 120° zu drehen und ein weiteres neues anzulegen": a turn,
    then the last tile, which ends the game. (Random play from seed 78 reaches
    a move starting with one empty cell and a tile still free to turn.)"""
    g = T.Tomoe(2, "standard", 78)
    rng = Rng(78 + 77)
    while not (g.empty == 1 and g.phase == T.START):
        g.apply(rng.choice(g.legal_actions()))
    last = [c for c in range(g.geo.n) if not g.board[c]][0]
    mover = g.current_player()
    turns = [a for a in g.legal_actions() if T.is_turn(a)]
    assert turns
    g.apply(turns[0])
    assert not g.is_terminal() and g.current_player() == mover and g.phase == T.AFTER_TURN
    # Only the last cell is left to lay; no second turn.
    assert {T.cell_of(a) for a in g.legal_actions()} == {last}
    assert not [a for a in g.legal_actions() if T.is_turn(a)]
    g.apply(g.legal_actions()[0])
    assert g.is_terminal() and g.empty == 0 and g.this_move == [] and len(g.last_move) == 2


def test_turning_can_win_the_last_move():
    """001: "Mit der Option „Drehen“ statt „Neuanlegen“ kann man auch versuchen,
    durch Abzählen das Recht für den letzten Spielzug zu ergattern." With four
    empty cells, two new tiles leave Black the last move; a turn and one tile
    leave it to White."""
    def last_mover(turn_first):
        h = emptied(11, (3, 9, 14, 20), 12, 0)  # 20 tiles: some moves turned
        turns = [a for a in h.legal_actions() if T.is_turn(a)]
        rng = Rng(1)
        first = True
        while not h.is_terminal():
            mover = h.current_player()
            if first and turn_first:
                h.apply(turns[0])
            else:
                h.apply(rng.choice([a for a in h.legal_actions() if not T.is_turn(a)]))
            first = False
            if h.is_terminal():
                return mover
    assert last_mover(False) == T.BLACK
    assert last_mover(True) == T.WHITE


def test_score_and_winner():
    """001: "Nun werden die von freien schwarzen Kurven umschlossenen weißen
    Flächenabschnitte der Spielteile Schwarz zugezählt, und die von freien
    weißen Kurven umschlossenen schwarzen Flächenabschnitte der Spielteile
    werden Weiß zugezählt. Wer mehr Gebiet umschlossenen hat gewinnt." Reading:
    equal points are a draw (both win)."""
    results = set()
    for seed in range(30):
        g = random_game("standard", seed)
        w, b = g.scores()
        want = [T.WHITE] if w > b else [T.BLACK] if b > w else [T.WHITE, T.BLACK]
        assert g.winners() == want
        results.add(len(want))
    assert results == {1, 2}  # both decided games and draws occur


def test_free_means_joined_to_the_own_rim_at_the_end():
    """001: "„Frei“ ist eine Kurve, wenn sie nicht ihrerseits wieder von einer
    geschlossenen Kurve der gegnerischen Farbe umringt ist. Das kann nur der
    Fall sein, wenn die Kurve mit dem gleichfarbigen Randgebiet verbunden ist."
    games.md: "a component ... is free when it is joined to a rim area of its
    colour." On a full board the two agree for every sector."""
    for seed in range(10):
        g = random_game("standard" if seed % 2 else "large", seed)
        ch = Chains(g.geo, g.board)
        for colour in (0, 1):
            for n in sectors(g, colour):
                not_enclosed = not (g.enc[n] >> (1 - colour)) & 1
                assert not_enclosed == bool(ch.free[ch.root[n]])


def test_pocket_rule_at_the_end():
    """games.md: "A pocket whose neighbouring free sectors and touched rim areas
    are all of one colour X is enclosed by X, and each of its sectors of the
    other colour scores one point for X; its X sectors score for nobody, and a
    pocket bordered by both colours scores for nobody." Checked against a
    plain re-count on full boards."""
    for seed in range(10):
        g = random_game("standard" if seed % 2 else "large", seed)
        assert g.scores() == _recount(g)


# A full large board (the end of a game) holding games.md's example of
# nesting round the vertex at x 4 between rows 2 and 3 (hand-checked below).
NESTED = {(1, 0): "RL", (2, 0): "RL", (3, 0): "DL", (4, 0): "UL", (5, 0): "R",
          (6, 0): "R", (7, 0): "D", (8, 0): "R", (9, 0): "R",
          (1, 1): "R", (2, 1): "RL", (3, 1): "UR", (4, 1): "RL", (5, 1): "RL",
          (6, 1): "L", (7, 1): "UL", (8, 1): "RD", (9, 1): "U",
          (1, 2): "RL", (2, 2): "RL", (3, 2): "RD", (4, 2): "RL", (5, 2): "DL",
          (6, 2): "RL", (7, 2): "DL", (8, 2): "U", (9, 2): "R",
          (1, 3): "UR", (2, 3): "DL", (3, 3): "UR", (4, 3): "RL", (5, 3): "UL",
          (6, 3): "RD", (7, 3): "UL", (8, 3): "R", (9, 3): "R"}


def test_nested_rings_at_the_end_of_a_game():
    """games.md: "A pocket whose neighbouring free sectors and touched rim
    areas are all of one colour X is enclosed by X, and each of its sectors of
    the other colour scores one point for X; its X sectors score for nobody
    ... (Rulebook example: Black's free ring around White's ring around a
    black ring around white fields - every white sector in there scores for
    Black, the inner black ring for nobody, White scores nothing.)"

    The six cells round the vertex carry a black ring (bands and mains
    joined through their middles at the vertex) round the three white
    cut-off tips there. Outside it lie white parts only: the ring tiles' own
    white sectors and the tips of U(4,1), U(2,3), U(6,3) - four white chains,
    none joined to a white rim. Round those lie black chains joined to black
    rim areas (through U(1,2), U(1,0), U(9,0), and the bottom rim) and the
    black bottom rim itself."""
    g = position(NESTED, variant="large")
    assert g.is_terminal()
    ring = [(3, 2, 1), (4, 2, 0), (5, 2, 1), (3, 3, 0), (4, 3, 1), (5, 3, 0)]
    fields = [(3, 2, 2), (5, 2, 2), (4, 3, 2)]
    white_ring = [(3, 2, 0), (5, 2, 0), (4, 3, 0), (4, 2, 1), (3, 3, 1), (5, 3, 1), (4, 1, 0),
                  (2, 3, 0), (6, 3, 0)]
    for x, r, s in fields:
        assert enclosed_by(g, x, r, s) == "B"
    for x, r, s in ring:
        assert enclosed_by(g, x, r, s) == "W"
    for x, r, s in white_ring:
        assert enclosed_by(g, x, r, s) == "B"
    # Black's free chains round them: joined to black rim areas.
    ch = Chains(g.geo, g.board)
    for x, r, s in ((2, 2, 0), (6, 2, 0), (3, 1, 0), (5, 1, 0), (1, 3, 0), (7, 3, 0),
                    (2, 3, 1), (6, 3, 1), (4, 1, 1)):
        assert ch.free[ch.root[node(g, x, r, s)]]
    owner = bytearray(4 * g.geo.n)
    T.pockets(g.geo, g.board, g.enc, owner)
    for x, r, s in fields + white_ring:
        assert owner[node(g, x, r, s)] == 2  # Black's points
    for x, r, s in ring:
        assert owner[node(g, x, r, s)] == 3  # nobody's


def _recount(g):
    """The pocket rule written out slowly: union of touching non-free sectors."""
    geo = g.geo
    ch = Chains(geo, g.board)
    nodes = []
    colour = {}
    for c in range(geo.n):
        ci = geo.or8[c] | g.board[c]
        for s in range(TB.NSEC[ci]):
            nodes.append(4 * c + s)
            colour[4 * c + s] = TB.SCOL[ci * 4 + s]
    free = {n: bool(ch.free[ch.root[n]]) for n in nodes}
    touch = {n: set() for n in nodes}
    rims = {n: set() for n in nodes}
    for c in range(geo.n):
        ci = geo.or8[c] | g.board[c]
        for s in range(TB.NSEC[ci]):
            for s2 in range(TB.NSEC[ci]):
                if colour[4 * c + s] != colour[4 * c + s2]:
                    touch[4 * c + s].add(4 * c + s2)
        for k in range(3):
            parts = [(TB.MOWN[ci * 4 + k], "m"), (TB.TOWN[ci * 4 + k], "a"),
                     (TB.TOWN[ci * 4 + (k + 1) % 3], "b")]
            e = 3 * c + k
            m = geo.nbc[e]
            if m == 255:
                for s, _ in parts:
                    rims[4 * c + s].add(geo.rim_colour[geo.nbk[e]])
                continue
            kn = geo.nbk[e]
            cm = geo.or8[m] | g.board[m]
            facing = {"m": TB.MOWN[cm * 4 + kn], "a": TB.TOWN[cm * 4 + (kn + 1) % 3],
                      "b": TB.TOWN[cm * 4 + kn]}
            for s, part in parts:
                touch[4 * c + s].add(4 * m + facing[part])
    score = [0, 0]
    seen = set()
    for start in nodes:
        if free[start] or start in seen:
            continue
        pocket = {start}
        todo = [start]
        border = set()
        while todo:
            n = todo.pop()
            border |= rims[n]
            for t in touch[n]:
                if free[t]:
                    border.add(colour[t])
                elif t not in pocket:
                    pocket.add(t)
                    todo.append(t)
        seen |= pocket
        if len(border) == 1:
            x = border.pop()
            score[x] += sum(1 for n in pocket if colour[n] != x)
    return score


def test_live_score_counts_enclosures_by_curves_not_enclosed_themselves():
    """Reading (docs/rules/tomoe.md): during the game the score shown is the
    pocket rule with "free" read as the rulebook defines it - not enclosed by
    the other colour - and empty cells enclosed by someone taken into pockets.
    At the end it is the final count."""
    g = position(SCENE_ONE)
    assert g.scores() == [3, 0]  # White's curve touches open board: free
    g = position(BLACK_CURVE)
    assert g.scores() == [0, 2]
    g = position(WHITE_AROUND)
    assert g.scores() == [4, 0]  # Black's curve is enclosed: its catch counts for nobody


def test_a_save_claiming_more_tiles_than_its_moves_could_lay_is_refused():
    """001: each move lays two tiles, or turns one and lays one, and the first
    move lays one: a state with 20 tiles after 10 moves cannot be reached
    (at most 1 + 2 * 9 = 19), and a save that claims it is corrupt."""
    g = emptied(11, (3, 9, 14, 20), 12, 0)
    T.Tomoe.restore(g.serialize())  # as built: fine
    g.move_no = 10
    with pytest.raises(CorruptState):
        T.Tomoe.restore(g.serialize())
    g.move_no = 21  # more moves than tiles: also refused
    with pytest.raises(CorruptState):
        T.Tomoe.restore(g.serialize())

"""One test per Tomoe rule, on the triple-hexagon tiles the engine plays
(model D of docs/rules/tomoe.md). Each quotes the sentence it checks:
rulebook 001 (German), ../shared/design/games.md, the English edition's
facts in issue 27, or names the reading in docs/rules/tomoe.md it checks.

Positions are built by hand (tests/tomoe_helpers.py, which draws the small
board with the (x, r) name of every cell and says how a tile is named: the
colours of its inner stripes, corner 0, 1, 2). Where the book's sentence does
not hold on these tiles the test checks what the tiles do and says why."""

import pytest

from engines_core import tomoe as T
from engines_core import tomoe_board as TB
from engines_core.game import CorruptState, IllegalAction, OldSave
from engines_core.prng import Rng
from tests.tomoe_helpers import position, cell, lay, pattern, around, node, enclosed_by, \
    locked, owner, parts, sector_of, free_parts, recount, TIP, INNER, OUTER

CENTRE = (3, 2)  # the small board's centre vertex (x, line), the mark

# Rulebook scene 1: "Weiß hat drei schwarze Felder eingekreist." Round the
# top rim's middle vertex (3, 0) the three tiles' inner stripes are black
# and their outer stripes white; the white outer stripes and the white top
# rim close a ring round the black arc of inner stripes (a sector in each
# tile) and the white tip of U(3, 0) inside it.
SCENE_ONE = {(2, 0): "WBB", (3, 0): "BBW", (4, 0): "BWW"}

# Scene 2: five tiles round the centre vertex, their inner stripes there
# black: "Schwarz hat zwei weiße Felder umschlossen" (two white tips, each
# boxed in by black).
BLACK_CURVE = {(2, 1): "WBW", (3, 1): "WWB", (4, 1): "WWB", (2, 2): "WBW", (4, 2): "BWB"}
# ...White lays the sixth: the black ring of inner stripes closes round the
# three white tips, and the six outer stripes, white, ring it in turn.
WHITE_AROUND = dict(BLACK_CURVE)
WHITE_AROUND[(3, 2)] = "BWW"
# ...and Black rings White's ring in turn: the six tiles' other outer
# stripes are black but one (D(4, 2)'s at (4, 3)); four tiles round the
# vertex (4, 3) carry the black curve round it, joined to the rest at (5, 2).
BLACK_AROUND = dict(WHITE_AROUND)
BLACK_AROUND.update({(3, 3): "BWB", (4, 3): "WBB", (5, 3): "WBW", (5, 2): "WBW"})

# Open board: every kite round the vertices (2, 3), (4, 3) and the bottom
# rim's middle vertex (3, 4) has a white inner stripe, so a black outer
# stripe: a black curve round the empty cell D(3, 3), back to the black
# bottom rim at (3, 4) ("zurück zu seiner Seite").
OPEN_AREA = {(1, 2): "BWB", (2, 2): "BBW", (3, 2): "BWW", (4, 2): "BBW", (5, 2): "BBW",
             (1, 3): "BWB", (2, 3): "WWB", (4, 3): "WBW", (5, 3): "WBB"}


def sectors(g, colour):
    """All laid sectors of `colour` (nodes)."""
    out = []
    for c in range(g.geo.n):
        p = g.board[c]
        if p:
            ci = g.geo.or8[c] | p
            out += [8 * c + s for s in range(TB.NSEC[ci]) if TB.SCOL[ci * 8 + s] == colour]
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


def part_node(g, x, r, vertex, part=INNER):
    """The node of `part` of the kite of the tile on (x, r) at `vertex`."""
    return node(g, x, r, TB.corners(x, r).index(vertex), part)


# -- material and set-up ----------------------------------------------------------


def test_48_tiles_twelve_of_each_figure_in_four_piles():
    """001: "Anzahl der Spielteile: 48 (jede Figur genau zwölfmal)" and "Zu Beginn
    liegen die Spielteile geordnet auf vier Haufen." """
    for variant in ("standard", "large"):
        g = T.Tomoe(2, variant, 1)
        assert g.supply == [12, 12, 12, 12]
    assert T.FIGURE_NAMES == ("WWB", "WBB", "BBW", "BWW")


def test_the_four_figures():
    """English edition: 4 types of tile, 2 piles with white tips and 2 with
    black tips. docs/rules/tomoe.md: a figure names the colours of a tile's
    three inner stripes, the tips' colour first: white tips with (W,W,B) or
    (W,B,B), black tips with (B,B,W) or (B,W,W); "um 120° zu drehen" turns
    the pattern round and keeps the figure."""
    seen = set()
    for orient in (0, 1):
        for p in range(1, 7):
            f = TB.figure_of(orient, p)
            seen.add(f)
            assert f // 2 == orient  # white tips up, black tips down
            blacks = bin(p).count("1")
            assert (blacks == 1) == (f in (0, 3))  # (W,W,B) and (B,W,W): one black stripe
            # Turning keeps the figure and visits all three rotations.
            assert {p, TB.rot_cw(p), TB.rot_cw(TB.rot_cw(p))} == {q for q in range(1, 7)
                                                                   if TB.figure_of(orient, q) == f}
            assert TB.rot_ccw(TB.rot_cw(p)) == p
            # A third clockwise: corner k's stripe goes to corner k + 1.
            q = TB.rot_cw(p)
            assert all((q >> ((k + 1) % 3)) & 1 == (p >> k) & 1 for k in range(3))
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
    meet, carries the mark": six cells, up and down alternating; the six
    kites round it make one whole hexagon."""
    for geo in TB.BOARDS:
        assert len(geo.centre) == 6
        rows = sorted((r, x) for x, r in (geo.cells[c] for c in geo.centre))
        # Above the mark: up, down, up; below it: down, up, down.
        assert [geo.orient[geo.cell_at(x, r)] for r, x in rows] == [0, 1, 0, 1, 0, 1]
    assert sorted(around(TB.SMALL, CENTRE)) == list(TB.SMALL.centre)


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
        g = position({(3, 1): "BWW", (5, 1): "WWB"}, variant=variant)
        full = T.Tomoe(2, variant, 1)
        names = set(full.action_name(a) for a in full.legal_actions())
        names |= set(g.action_name(a) for a in g.legal_actions() if T.is_turn(a))
        assert len(names) == 6 * g.geo.n + 4 and "?" not in names


# -- a game ------------------------------------------------------------------------


def test_white_plays_black_white_begins_with_one_tile():
    """001: "Weiß spielt gegen Schwarz." / "Spielzüge sind jeweils abwechselnd,
    Weiß beginnt mit dem Legen eines Spielteils." """
    g = T.Tomoe(2, "standard", 1)
    assert g.current_player() == T.WHITE and g.num_players == 2
    assert all(not T.is_turn(a) for a in g.legal_actions())
    g.apply(lay(g, 3, 1, "BWW"))
    assert g.current_player() == T.BLACK  # one tile, then Black


def test_then_two_new_tiles_or_turn_one_and_lay_one():
    """001: "Alle weiteren Spielzüge bestehen daraus, entweder zwei neue
    Spielteile passend anzulegen oder ein bereits gelegtes Spielteil um 120° zu
    drehen und ein weiteres neues anzulegen." """
    g = position({(3, 1): "BWW"}, player=T.BLACK)
    g.apply(lay(g, 0, 1, "WWB"))
    assert g.current_player() == T.BLACK and g.phase == T.SECOND
    g.apply(lay(g, 5, 3, "BWW"))
    assert g.current_player() == T.WHITE
    c = cell(g.geo, 3, 1)
    p = g.board[c]
    g.apply(T.turn_action(c, 0))
    assert g.board[c] == TB.rot_cw(p) and g.current_player() == T.WHITE
    assert g.phase == T.AFTER_TURN
    assert all(not T.is_turn(a) for a in g.legal_actions())  # now a new tile
    g.apply(lay(g, 6, 2, "BWW"))
    assert g.current_player() == T.BLACK


def test_turn_comes_first_in_a_move():
    """Reading (docs/rules/tomoe.md): the turn, if any, is the first action of
    the move ("ein bereits gelegtes Spielteil um 120° zu drehen und ein
    weiteres neues anzulegen"); after a new tile only a second new tile."""
    g = position({(3, 1): "BWW", (0, 1): "WWB"})
    g.apply(lay(g, 5, 3, "BWW"))
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
        g = position({(3, 1): "BWW", (0, 1): "WWB"})
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
    g = position({(3, 1): "BWW", (0, 1): "WWB"})
    c = cell(g.geo, 3, 1)
    p = g.board[c]
    g.apply(T.turn_action(c, 0))
    g.apply(lay(g, 5, 3, "BWW"))
    assert g.current_player() == T.BLACK and not g.locked[c]
    g.apply(T.turn_action(c, 1))
    assert g.board[c] == p


def test_a_turn_that_closes_a_curve_locks_at_once():
    """001: "Gedreht werden dürfen nur solche Spielteile, die sich nicht bereits in
    einer geschlossenen Kurve befinden." A turn may itself close a curve.
    U(5, 0) and D(5, 1) meet at (6, 1), a vertex on the black upper right
    rim. D(5, 1) turned a third clockwise brings a black inner stripe round
    to (6, 1): U(5, 0)'s white tip and inner stripe there are then boxed in
    by black (D(5, 1)'s tip and inner stripe, U(5, 0)'s own outer stripe,
    the rim), so both tiles lock at once. The move goes on with a new tile,
    and the turned tile can no longer be turned back."""
    g = position({(5, 0): "BWB", (5, 1): "BWB", (1, 3): "BWB"}, player=T.BLACK)
    c = cell(g.geo, 5, 1)
    assert not locked(g, 5, 0) and not locked(g, 5, 1) and g.scores() == [0, 0]
    g.apply(T.turn_action(c, 0))
    assert g.board[c] == pattern("BBW")
    white = part_node(g, 5, 0, (6, 1))
    assert white == part_node(g, 5, 0, (6, 1), TIP) and enclosed_by(g, white) == "B"
    assert locked(g, 5, 0) and locked(g, 5, 1) and g.scores() == [0, 1]
    assert g.phase == T.AFTER_TURN and g.current_player() == T.BLACK
    g.apply(lay(g, 0, 1, "WWB"))
    assert g.current_player() == T.WHITE
    for d in (0, 1):
        assert g.why_illegal(T.turn_action(c, d)) == "that tile is locked in a closed curve"
    assert T.turn_action(c, 0) not in g.legal_actions()


def test_the_tile_laid_after_a_turn_can_secure_it():
    """001: "Weiter könnte Schwarz das gedrehte Spielteil vor dem Zurückdrehen
    sichern, indem es wie folgt anlegt" ... "dass sowohl ein Zurückdrehen des
    oberen mittleren Spielteiles ... unmöglich wird." Black turns U(3, 0) so
    that its tip at (2, 1) is cut off by its black inner stripe (still free
    to turn: the cell D(2, 0) beside the tip is empty), then lays D(2, 0):
    its black tip closes the tip in, the turned tile is locked, White cannot
    turn it back."""
    tiles = {(3, 0): "WBB", (3, 1): "WBW", (5, 3): "BWW"}
    g = position(tiles, player=T.BLACK)
    c = cell(g.geo, 3, 0)
    g.apply(T.turn_action(c, 0))
    assert g.board[c] == pattern("BWB") and not locked(g, 3, 0)
    g.apply(lay(g, 2, 0, "WBB"))
    assert g.current_player() == T.WHITE and locked(g, 3, 0)
    assert enclosed_by(g, part_node(g, 3, 0, (2, 1), TIP)) == "B"
    assert g.why_illegal(T.turn_action(c, 1)) == "that tile is locked in a closed curve"
    # Without that tile White could have turned it straight back.
    h = position(tiles, player=T.BLACK)
    h.apply(T.turn_action(c, 0))
    h.apply(lay(h, 0, 1, "WBW"))
    assert h.why_illegal(T.turn_action(c, 1)) is None


def test_tiles_fit_the_grid_and_any_empty_cell():
    """001: "„Passend“ heißt hierbei zum einen in das vorgegebene Raster und zum
    andern mit farblichem Anschluss schwarz/weiß." English edition: a tile fits
    an area if its edges' colours fit the lines printed round it, and
    white-tip tiles fit all areas of one orientation. Reading: a lay names
    the pattern; on an up cell it is a white-tip tile, on a down cell a
    black-tip tile, so the tips always fit; no other constraint along edges,
    so the board can always be completed."""
    g = position({(3, 1): "BBW", (2, 1): "WWB"})
    empty = [c for c in range(g.geo.n) if not g.board[c]]
    lays = [a for a in g.legal_actions() if not T.is_turn(a)]
    assert len(lays) == 6 * len(empty)
    c = cell(g.geo, 2, 1)
    assert g.why_illegal(T.lay_action(c, 1)) == "that cell is taken"
    # A black stripe facing a white one is fine.
    g.apply(lay(g, 4, 1, "WWB"))


def test_tiles_may_be_laid_apart_from_others():
    """001: "Spielteile können auch nicht direkt an ein anderes angrenzend, also
    in den freien Raum gelegt werden." """
    g = position({(3, 1): "BBW"}, player=T.BLACK)
    far = lay(g, 1, 3, "BWW")  # no tile next to it
    assert far in g.legal_actions()
    g.apply(far)


def test_free_choice_of_figure_while_its_pile_lasts():
    """001: "die restlichen Teile dienen dazu, eine freie Auswahl zu ermöglichen."
    Reading: any figure of the cell's orientation while tiles of it are left."""
    ups = [(1, 0), (3, 0), (5, 0), (0, 1), (2, 1), (4, 1), (6, 1), (1, 2)]
    g = position({xy: "BWB" for xy in ups}, variant="tiles32")  # all 8 (W,B,B)
    assert g.supply[1] == 0
    c = cell(g.geo, 3, 2)
    assert g.why_illegal(T.lay_action(c, pattern("BWB"))) == "no WBB tiles left"
    assert g.why_illegal(T.lay_action(c, pattern("WBW"))) is None
    assert not [a for a in g.legal_actions()
                if not T.is_turn(a) and g.geo.orient[T.cell_of(a)] == 0
                and TB.figure_of(0, T.pattern_of(a)) == 1]
    # The large board has 18 up cells for 12 tiles of each white-tip figure:
    # with the 48 tiles a pile runs out there too, and the other figure of
    # that orientation still fits every cell left.
    ups = [(x, r) for r in range(4) for x in range(1, 10) if (x + r) % 2][:12]
    g = position({xy: "WBW" for xy in ups}, variant="large")  # all 12 (W,W,B)
    assert g.supply == [0, 12, 12, 12]
    c = cell(g.geo, 2, 3)
    assert g.geo.orient[c] == 0 and not g.board[c]
    assert g.why_illegal(T.lay_action(c, pattern("WBW"))) == "no WWB tiles left"
    lays = [a for a in g.legal_actions() if T.cell_of(a) == c]
    assert sorted(T.pattern_of(a) for a in lays) == sorted(
        q for q in range(1, 7) if TB.figure_of(0, q) == 1)


# -- the tile model ------------------------------------------------------------------


def test_sectors_of_a_tile():
    """English edition: "triple hexagon" tiles; a sector is a "single colour
    area on one tile or the board"; 001: "Flächenabschnitte der Spielteile".
    docs/rules/tomoe.md (model D): each corner's kite, a sixth of the hexagon
    round that corner, holds the tip, an inner stripe of the figure's colour
    there and an outer stripe of the other colour; the three outer stripes
    meet in the middle; parts of one colour that touch are one sector. The
    engine's sectors are the plain reading's for every tile: white tips with
    (W,W,B) have four white sectors and two black, with (W,B,B) four and
    three; black tips the same with the colours swapped."""
    for orient in (0, 1):
        for p in range(1, 7):
            ci = orient * 8 + p
            col, inside, along = parts(orient, p)
            plain = sector_of(col, inside)
            engine = {}
            for k in range(3):
                for j, part in enumerate(along[k]):
                    engine[part] = TB.ESEC[ci * 18 + k * 6 + j]
            assert sorted(engine) == list(range(9))
            for a in range(9):
                assert TB.SCOL[ci * 8 + engine[a]] == col[a]
                for b in range(9):
                    assert (plain[a] == plain[b]) == (engine[a] == engine[b])
            # Sectors of a tile touching inside it.
            for a, b in inside:
                if engine[a] != engine[b]:
                    assert TB.SADJ[ci * 8 + engine[a]] >> engine[b] & 1
            assert TB.NSEC[ci] == len(set(plain))
            cols = [TB.SCOL[ci * 8 + s] for s in range(TB.NSEC[ci])]
            alike = sum(1 for k in range(3) if (p >> k) & 1 == orient)
            assert (cols.count(orient), cols.count(1 - orient)) == \
                ((4, 2) if alike == 2 else (4, 3))


def test_colours_join_across_an_edge_only_where_stripes_match():
    """games.md: "Colour regions join across a tile edge where [the parts
    facing each other] have the same colour. Corner tips meet the other kind
    of tip at every vertex, so tips never join across tiles." In model D
    along an edge each part faces the same part of the neighbour's kite at
    the same vertex: tip, inner stripe, outer stripe. U(2, 1) and D(3, 1)
    share the edge from (2, 1) to (3, 2): their black inner stripes at (2, 1)
    join; their tips there touch and never join; the outer stripes at (3, 2),
    white and black, touch without joining."""
    g = position({(2, 1): "BWW", (3, 1): "BWB", (0, 1): "WWB"})
    geo = g.geo

    def touch(a):
        out = []
        T.touching(geo, g.board, a, out)
        return out
    for part in (TIP, INNER, OUTER):
        for v in ((2, 1), CENTRE):
            a = part_node(g, 2, 1, v, part)
            b = part_node(g, 3, 1, v, part)
            assert b in touch(a) and a in touch(b)
    u_in, d_in = part_node(g, 2, 1, (2, 1)), part_node(g, 3, 1, (2, 1))
    assert T.colour(geo, g.board, u_in) == T.colour(geo, g.board, d_in) == T.BLACK
    u_tip, d_tip = part_node(g, 2, 1, (2, 1), TIP), part_node(g, 3, 1, (2, 1), TIP)
    assert (T.colour(geo, g.board, u_tip), T.colour(geo, g.board, d_tip)) == (T.WHITE, T.BLACK)
    u_out, d_out = part_node(g, 2, 1, CENTRE, OUTER), part_node(g, 3, 1, CENTRE, OUTER)
    assert T.colour(geo, g.board, u_out) != T.colour(geo, g.board, d_out)
    # A part faces only its own kind: the inner stripe not the tip or the
    # outer stripe facing it (unless they are one sector of that tile).
    assert part_node(g, 3, 1, (2, 1), OUTER) not in touch(u_in)
    assert d_tip not in touch(part_node(g, 2, 1, (2, 1), OUTER))
    # Tips meet tips of the other colour across every edge of either board.
    for geo in TB.BOARDS:
        for e in range(3 * geo.n):
            if geo.nbc[e] != 255:
                assert geo.orient[e // 3] != geo.orient[geo.nbc[e]]


def test_a_sector_touching_its_own_rim_area_joins_it():
    """games.md: "A sector touching a rim area of its own colour joins it." The
    upper left rim of the small board is black; U(0, 1)'s left edge is on
    it, with the kites of its top and bottom left corners: its black parts
    there join the rim area (they are never enclosed by White), its white
    ones only touch it."""
    g = position({(0, 1): "WWB", (3, 1): "BWW"})
    geo = g.geo
    rim = 8 * geo.n + 5
    assert geo.rim_colour[5] == T.BLACK
    c = cell(geo, 0, 1)
    free = free_parts(geo, g.board)
    for corner in (0, 2):  # top, bottom left: on the left edge
        for part in (TIP, INNER, OUTER):
            n = node(g, 0, 1, corner, part)
            out = []
            T.touching(geo, g.board, n, out)
            assert rim in out
            black = T.colour(geo, g.board, n) == T.BLACK
            assert ((c, 3 * part + corner) in free) == black
            if black:
                assert not g.enc[n] & 1
    # The kite of the bottom right corner is off the rim.
    out = []
    T.touching(geo, g.board, node(g, 0, 1, 1, INNER), out)
    assert rim not in out


# -- closed curves ------------------------------------------------------------------


def test_white_encloses_three_black_fields_and_locks_the_tiles():
    """001: "Weiß hat drei schwarze Felder eingekreist. Keines der Spielteile darf
    daher im weiter folgenden Spielverlauf noch gedreht werden. Sofern die weiße
    Kurve nicht noch von Schwarz umschlossen wird, werden Weiß hierfür bei
    Spielende drei Punkte gutgeschrieben." English edition: a tile together
    with the board's design can form a ring. Three tiles round the top rim's
    middle vertex: their white outer stripes and the white rim ring the
    three black inner-stripe sectors (one a tile) and U(3, 0)'s white tip;
    the white curve is joined to its rim, so it stays free: three points."""
    g = position(SCENE_ONE)
    fields = [part_node(g, x, r, (3, 0)) for x, r in ((2, 0), (3, 0), (4, 0))]
    for n in fields:
        assert T.colour(g.geo, g.board, n) == T.BLACK
        assert enclosed_by(g, n) == "W" and owner(g, n) == "W"
    tip = part_node(g, 3, 0, (3, 0), TIP)
    assert owner(g, tip) == "nobody"  # White's own, inside its curve
    assert g.scores() == [3, 0] and g.score_parts() == [(T.WHITE, 3, 4)]
    for (x, r) in SCENE_ONE:
        c = cell(g.geo, x, r)
        assert g.why_illegal(T.turn_action(c, 0)) == "that tile is locked in a closed curve"
        assert g.why_illegal(T.turn_action(c, 1)) == "that tile is locked in a closed curve"
    assert not [a for a in g.legal_actions() if T.is_turn(a)]


@pytest.mark.parametrize("inner, others, parts_", [
    ("W", "WB", [(T.BLACK, 6, 9)]),
    ("B", "WB", [(T.WHITE, 6, 9)]),
    ("W", "BB", [(T.WHITE, 9, 15)]),
])
def test_a_ring_round_a_vertex_is_two_rings(inner, others, parts_):
    """001: "Weiß hat drei schwarze Felder eingekreist." Round a vertex inside
    the board it cannot be three points, so the first scene is the rim's
    (above): the six inner stripes there ring the three tips of the other
    colour, but the six outer stripes, of the other colour, ring that ring
    in turn and take its six pieces (its three tips score nothing), unless
    the tiles' other outer stripes close a third ring round both (then
    nine). Every tile of it is locked."""
    geo = TB.SMALL
    tiles = {}
    for c, k in around(geo, CENTRE).items():
        name = [None] * 3
        name[k] = inner
        name[[j for j in range(3) if j != k][0]] = others[0]
        name[[j for j in range(3) if j != k][1]] = others[1]
        tiles[geo.cells[c]] = "".join(name)
    g = position(tiles)
    assert g.score_parts() == parts_
    for xy in tiles:
        assert locked(g, *xy)
        assert g.why_illegal(T.turn_action(cell(geo, *xy), 0)) == \
            "that tile is locked in a closed curve"


def test_an_open_ring_may_still_be_turned():
    """001: "Gedreht werden dürfen nur solche Spielteile, die sich nicht bereits in
    einer geschlossenen Kurve befinden." Five of the six tiles of a ring do not
    close it: the only enclosure is a single black tip (cut off by its own
    white inner stripe, between two white tips), which locks the tiles
    touching it; the two tiles that touch no enclosure may be turned either
    way."""
    five = dict(list({(2, 1): "WBB", (3, 1): "WWB", (4, 1): "BWW", (2, 2): "BWB",
                      (3, 2): "WBW", (4, 2): "WWB"}.items())[1:])
    g = position(five)
    assert g.score_parts() == [(T.WHITE, 1, 1)]
    free = [xy for xy in five if not locked(g, *xy)]
    assert len(free) == 2
    legal = set(g.legal_actions())
    for xy in free:
        c = cell(g.geo, *xy)
        assert T.turn_action(c, 0) in legal and T.turn_action(c, 1) in legal


def test_black_curve_enclosed_in_turn_by_white():
    """001: "Schwarz hat zwei weiße Felder umschlossen. Im nächsten Spielzug legt
    Weiß jedoch so an, dass die gesamte schwarze Kurve wiederum umkreist wird.
    Insgesamt ergibt dies drei Punkte für Weiß, kein Punkt für Schwarz. Keines
    der Spielteile darf gedreht werden." Black's five tiles round the centre
    vertex box in two white tips (two points); White lays the sixth: Black's
    ring of inner stripes closes round the three white tips, and the ring of
    outer stripes round it is White's. White scores the black ring's six
    pieces, not three: a ring inside the board holds six (the test above),
    and the book's picture is lost (docs/rules/tomoe.md); nothing for Black."""
    g = position(BLACK_CURVE, player=T.WHITE)
    assert g.scores() == [0, 2] and g.score_parts() == [(T.BLACK, 1, 1)] * 2
    fields = [n for n in range(8 * g.geo.n) if g.owners()[n] == 2]
    assert len(fields) == 2 and all(T.colour(g.geo, g.board, n) == T.WHITE for n in fields)
    g.apply(lay(g, 3, 2, WHITE_AROUND[(3, 2)]))
    assert g.phase == T.SECOND  # the move's second tile may go anywhere
    h = g
    ring = [part_node(h, x, r, CENTRE) for (x, r) in WHITE_AROUND]
    for n in ring:
        assert T.colour(h.geo, h.board, n) == T.BLACK
        assert enclosed_by(h, n) == "W" and owner(h, n) == "W"
    for n in fields:  # Black's catch now counts for nobody
        assert owner(h, n) == "nobody"
    assert h.scores() == [6, 0] and h.score_parts() == [(T.WHITE, 6, 9)]
    # "Keines der Spielteile darf gedreht werden."
    assert all(locked(h, x, r) for (x, r) in WHITE_AROUND)


def test_black_counters_around_the_whole_white_curve():
    """001: "Schwarz kontert, indem es die gesamte weiße Kurve umschließt.
    Insgesamt ergibt dies sieben Punkte für Schwarz, kein Punkt für Weiß."
    games.md: "Black's free ring around White's ring around a black ring
    around white fields - every white sector in there scores for Black, the
    inner black ring for nobody, White scores nothing." Black's curve runs
    round White's ring through the six tiles' other outer stripes and four
    tiles round the vertex (4, 3) (two of Black's moves, not one): White's
    ring and the three white tips score for Black, the inner black ring for
    nobody. The counts are not the book's: Black's pocket holds fourteen
    white sectors (with those of the tiles inside the curve), not seven, and
    the tiles laid for it box in two single tips of their own - a white one
    for Black, and D(4, 2)'s black tip at (5, 2) for White."""
    before = position(WHITE_AROUND)
    g = position(BLACK_AROUND, player=T.BLACK)
    white_ring = [part_node(before, x, r, CENTRE, OUTER) for (x, r) in WHITE_AROUND]
    white_tips = [n for n in sectors(before, T.WHITE) if owner(before, n) == "nobody"]
    black_ring = [part_node(before, x, r, CENTRE) for (x, r) in WHITE_AROUND]
    assert len(white_tips) == 3 and owner(before, white_ring[0]) == ""
    for n in white_ring + white_tips:
        assert T.colour(g.geo, g.board, n) == T.WHITE and owner(g, n) == "B"
    for n in black_ring:
        assert owner(g, n) == "nobody"
    tip = part_node(g, 4, 2, (5, 2), TIP)
    assert enclosed_by(g, tip) == "W" and owner(g, tip) == "W"
    assert sorted(g.score_parts()) == [(T.WHITE, 1, 1), (T.BLACK, 1, 1), (T.BLACK, 14, 23)]
    assert all(locked(g, x, r) for (x, r) in BLACK_AROUND)


def test_still_undecided_until_a_colour_reaches_its_rim():
    """001: "Offensichtlich ist die Lage aber für beide immer noch unentschieden,
    da Schwarz seinerseits wieder umschlossen werden kann. Das ändert sich erst,
    wenn eine Farbe Anschluss zu ihrem Spielfeldrand gewonnen hat. Verbindungen
    mit dem Rand sind nicht mehr umschließbar." Black's counter above is
    joined to no black rim area (it can be enclosed in turn); over random
    games, a part joined through its colour to a rim area of its colour is
    never enclosed."""
    g = position(BLACK_AROUND, player=T.BLACK)
    free = free_parts(g.geo, g.board)
    curve = part_node(g, 3, 3, (4, 3), OUTER)
    assert T.colour(g.geo, g.board, curve) == T.BLACK and owner(g, curve) == ""
    assert (cell(g.geo, 3, 3), 3 * OUTER + 1) not in free

    seen = []

    def probe(g):
        for (c, i) in free_parts(g.geo, g.board):
            if c == "rim":
                continue
            col, inside, along = parts(g.geo.orient[c], g.board[c])
            k = [j for j in range(3) if i in along[j]][0]
            n = 8 * c + TB.ESEC[(g.geo.or8[c] | g.board[c]) * 18 + k * 6 + along[k].index(i)]
            assert not (g.enc[n] >> (1 - col[i])) & 1
            seen.append(n)
    for seed in range(6):
        random_game("standard" if seed % 2 else "large", seed, probe)
    assert len(seen) > 1000


def test_a_link_to_the_rim_is_safe_only_when_fixed():
    """001: "Verbindungen sind wiederum nur dann sicher, wenn sie fixiert sind,
    das heißt, dass sie aus einem geschlossenen Kurvenzug oder mehreren
    abschnittsweise geschlossenen Kurvenzügen bestehen." U(3, 0)'s white band
    is joined to the white top rim through D(2, 0)'s outer stripe at (3, 0):
    while D(2, 0) may be turned, a turn cuts the link. Once D(4, 0) closes
    the curve round (3, 0) (the first scene), the link is part of a closed
    curve and no tile of it may be turned."""
    link = {(2, 0): "WBB", (3, 0): "BBW", (5, 3): "BWW"}
    g = position(link, player=T.BLACK)
    geo = g.geo
    band = (cell(geo, 3, 0), 3 * OUTER + 1)  # its outer stripe at (4, 1)
    assert T.colour(geo, g.board, node(g, 3, 0, 1, OUTER)) == T.WHITE
    assert band in free_parts(geo, g.board) and not locked(g, 2, 0)
    g.apply(T.turn_action(cell(geo, 2, 0), 0))
    assert band not in free_parts(geo, g.board)
    fixed = dict(link)
    fixed[(4, 0)] = "BWW"
    g = position(fixed, player=T.BLACK)
    assert band in free_parts(geo, g.board)
    for xy in SCENE_ONE:
        assert locked(g, *xy)
        assert g.why_illegal(T.turn_action(cell(geo, *xy), 0)) == \
            "that tile is locked in a closed curve"


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
    assert g.board[hole] == 0 and enclosed_by(g, 8 * hole) == "B"
    # The curve is joined to the black bottom rim.
    assert (cell(g.geo, 2, 3), 3 * OUTER + 1) in free_parts(g.geo, g.board)
    assert all(locked(g, x, r) for (x, r) in OPEN_AREA)
    before = g.scores()
    assert before[0] == 0
    for p in range(1, 7):  # whatever is laid there, its white sectors are Black's
        h = g.clone()
        h.apply(T.lay_action(hole, p))
        ci = 8 + p
        whites = [s for s in range(TB.NSEC[ci]) if TB.SCOL[ci * 8 + s] == T.WHITE]
        assert h.scores() == [0, before[1] + len(whites)]
        assert all(owner(h, 8 * hole + s) == "B" for s in whites)


def _rims_joined(geo, board, area):
    """The rim areas joined to `area` through its colour (plain reading)."""
    from tests.tomoe_helpers import graph, reach
    colour, _, adj = graph(geo, board)
    return sorted(v[1] for v in reach(colour, adj, [("rim", area)]) if v[0] == "rim")


def test_a_band_between_two_rim_areas_is_not_a_closed_curve():
    """001: "Beachte: Die Verbindung zwischen zwei verschiedenen Randgebieten der
    eigenen Farbe zählt nicht als geschlossene Kurve." games.md: "a band
    joining two different X rim areas encloses nothing, because a Y rim area
    lies between them on each side." A black curve of outer stripes from the
    upper left rim round the vertex (1, 2) and (2, 3) to the bottom rim,
    past the white lower left rim: the cells between it and that rim, and
    those on its other side, are not enclosed (the points are single tips
    boxed in where tiles meet)."""
    band = {(0, 1): "WWB", (1, 1): "BBW", (2, 1): "BBW", (2, 2): "WBW", (3, 2): "BBW",
            (3, 3): "WBB", (2, 3): "WWB"}
    g = position(band, player=T.BLACK)
    assert _rims_joined(g.geo, g.board, 5) == [3, 5]  # upper left and bottom
    assert g.geo.rim_colour[4] == T.WHITE
    for xy in ((0, 2), (1, 2), (1, 3), (3, 1), (4, 2), (4, 3)):
        assert enclosed_by(g, 8 * cell(g.geo, *xy)) == ""
    assert all(size == 1 for _, _, size in g.score_parts())
    # The same kind of curve back to the rim area it left encloses: compare
    # OPEN_AREA, where the empty cell inside is Black's.


def test_a_band_between_two_rim_areas_of_the_large_board():
    """001: "Die Verbindung zwischen zwei verschiedenen Randgebieten der
    eigenen Farbe zählt nicht als geschlossene Kurve." On the large board's
    zigzag side the rim areas are single edges: a black curve from the black
    edge of U(1, 0) round the vertices (2, 1) and (1, 2) to the black edge of
    U(1, 2) does not enclose the empty D(1, 1) between them, since the white
    edge beside D(1, 1) lies between the two."""
    band = {(1, 0): "BWW", (2, 0): "BBW", (3, 0): "BBW", (3, 1): "WBB", (2, 1): "WBW",
            (2, 2): "WBB", (1, 2): "WBB"}
    g = position(band, variant="large", player=T.BLACK)
    geo = g.geo
    for x, r, area in ((1, 0, 9), (1, 1, 8), (1, 2, 7)):
        assert geo.nbk[3 * cell(geo, x, r) + 2] == area  # the left edges
    assert list(geo.rim_colour[7:10]) == [T.BLACK, T.WHITE, T.BLACK]
    assert _rims_joined(geo, g.board, 9) == [7, 9]
    for xy in ((1, 1), (4, 0), (4, 1), (3, 2), (1, 3)):
        assert enclosed_by(g, 8 * cell(geo, *xy)) == ""
    assert all(size == 1 for _, _, size in g.score_parts())


def test_closed_curves_are_never_opened():
    """001: "Gedreht werden dürfen nur solche Spielteile, die sich nicht bereits in
    einer geschlossenen Kurve befinden. Mit anderen Worten, geschlossene Kurven
    dürfen nicht mehr geöffnet oder anders verändert werden." Over random
    games on both boards: a tile once locked stays locked, locked tiles are
    never offered for turning, and the scoring pockets add up to the scores
    all along."""
    def probe(g):
        now = set(c for c in range(g.geo.n) if g.board[c] and g.locked[c])
        assert probe.locked <= now
        probe.locked = now
        for a in g.legal_actions():
            if T.is_turn(a):
                assert not g.locked[T.cell_of(a)]
        parts_ = g.score_parts()
        for seat in (0, 1):
            assert sum(p for s, p, _ in parts_ if s == seat) == g.scores()[seat]
    for seed in range(8):
        probe.locked = set()
        random_game("standard" if seed % 2 else "large", seed, probe)


def test_locking_follows_games_md():
    """games.md: "an X sector that borders something enclosed by X belongs to a
    closed curve; a tile with any sector on a closed curve may not be turned."
    In BLACK_CURVE two white tips are boxed in by black: the tiles holding
    them or touching them are locked; a tile apart stays free."""
    g = position(BLACK_CURVE, player=T.WHITE)
    enclosed = [n for n in range(8 * g.geo.n) if g.enc[n] & 3]
    assert enclosed
    for c in range(g.geo.n):
        if not g.board[c]:
            continue
        near = set()
        for s in range(TB.NSEC[g.geo.or8[c] | g.board[c]]):
            near.add(8 * c + s)
            T.touching(g.geo, g.board, 8 * c + s, [])
            out = []
            T.touching(g.geo, g.board, 8 * c + s, out)
            near |= set(out)
        assert bool(g.locked[c]) == any(n in near for n in enclosed)
    apart = dict(BLACK_CURVE)
    apart[(0, 1)] = "WWB"
    h = position(apart, player=T.BLACK)
    assert not locked(h, 0, 1) and locked(h, 2, 1)


# -- the end --------------------------------------------------------------------------


def test_game_ends_when_the_board_is_covered():
    """001: "Das Spiel ist beendet, wenn das gesamte Spielfeld mit Teilen bedeckt
    ist"; "die restlichen Teile dienen dazu, eine freie Auswahl zu ermöglichen":
    any figure of a cell's orientation may be laid there, so every board fills."""
    for variant in T.Tomoe.VARIANTS:
        g = random_game(variant, 3)
        assert g.is_terminal() and g.empty == 0 and g.legal_actions() == []
        assert g.current_player() == T.TERMINAL and all(g.board)


def test_last_move_with_one_tile():
    """games.md: "The last player may lay one tile only, if only one cell is
    left." A move that starts with one empty cell is that lay, and the game
    ends."""
    last = 17
    h = emptied(5, (last,), 15, 1)
    assert {T.cell_of(a) for a in h.legal_actions()} == {last}
    h.apply(h.legal_actions()[0])
    assert h.is_terminal() and h.move_no == 16 and h.empty == 0


def test_with_one_cell_left_no_tile_can_be_turned():
    """games.md: "The last player may lay one tile only, if only one cell is
    left" - or, as every move after the opening may be, "ein bereits gelegtes
    Spielteil um 120° zu drehen und ein weiteres neues anzulegen". With these
    tiles the turn never comes: every tile has a tip whose inner stripe has
    the other colour, and such a tip touches only the other colour (the tips
    beside it, its inner stripe, the rim there) unless an empty cell lies
    beside it, so it is enclosed and its tile locked; and a tile beside the
    last cell is locked at its far corner (docs/rules/tomoe.md says why).
    So the last move is the last tile alone. Checked on every cell of
    emptied full boards."""
    for seed in range(12):
        g = random_game("standard" if seed % 2 else "large", seed)
        for last in range(g.geo.n):
            h = g.clone()
            h.board[last] = 0
            h.supply[TB.figure_of(h.geo.orient[last], g.board[last])] += 1
            h._refresh()
            assert all(h.locked[c] for c in range(h.geo.n) if h.board[c])
            h.player, h.phase = T.WHITE, T.START
            assert h.may_turn() and not [a for a in h.legal_actions() if T.is_turn(a)]


def test_turning_can_win_the_last_move():
    """001: "Mit der Option „Drehen“ statt „Neuanlegen“ kann man auch versuchen,
    durch Abzählen das Recht für den letzten Spielzug zu ergattern." With four
    empty cells, two new tiles leave Black the last move; a turn and one tile
    leave it to White."""
    def last_mover(turn_first):
        h = emptied(0, (2, 4, 8, 18), 12, 0)  # 20 tiles: some moves turned
        turns = [a for a in h.legal_actions() if T.is_turn(a)]
        assert turns
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
    colour." On a full board the two agree for every part of every tile:
    not enclosed by the other colour (the engine) exactly when joined
    through its colour to a rim area of its colour (the plain reading)."""
    for seed in range(10):
        g = random_game("standard" if seed % 2 else "large", seed)
        free = free_parts(g.geo, g.board)
        for c in range(g.geo.n):
            col, inside, along = parts(g.geo.orient[c], g.board[c])
            for k in range(3):
                for j, i in enumerate(along[k]):
                    n = 8 * c + TB.ESEC[(g.geo.or8[c] | g.board[c]) * 18 + k * 6 + j]
                    assert (not (g.enc[n] >> (1 - col[i])) & 1) == ((c, i) in free)


@pytest.mark.parametrize("variant", ["standard", "large"])
def test_pocket_rule_at_the_end(variant):
    """games.md: "A pocket whose neighbouring free sectors and touched rim areas
    are all of one colour X is enclosed by X, and each of its sectors of the
    other colour scores one point for X; its X sectors score for nobody, and a
    pocket bordered by both colours scores for nobody." On full boards the
    engine's count equals a plain recount from the geometry."""
    for seed in range(8):
        g = random_game(variant, seed)
        assert g.scores() == recount(g.geo, g.board), seed


# A full small board (the end of a game) holding games.md's nesting round
# the centre vertex, colours swapped: the six tiles there have white inner
# stripes at the centre and black ones at their other corners.
NESTED = {(1, 0): "BWW", (2, 0): "BWW", (3, 0): "BWW", (4, 0): "BBW", (5, 0): "WBW",
          (0, 1): "WBB", (1, 1): "WBB", (2, 1): "BWB", (3, 1): "BBW", (4, 1): "BBW",
          (5, 1): "BBW", (6, 1): "BBW", (0, 2): "BWB", (1, 2): "WBW", (2, 2): "BWB",
          (3, 2): "WBB", (4, 2): "WBB", (5, 2): "BWB", (6, 2): "BWW", (1, 3): "BWB",
          (2, 3): "WBB", (3, 3): "WBW", (4, 3): "WWB", (5, 3): "WBB"}


def test_nested_rings_at_the_end_of_a_game():
    """games.md: "A pocket whose neighbouring free sectors and touched rim
    areas are all of one colour X is enclosed by X, and each of its sectors of
    the other colour scores one point for X; its X sectors score for nobody
    ... (Rulebook example: Black's free ring around White's ring around a
    black ring around white fields - every white sector in there scores for
    Black, the inner black ring for nobody, White scores nothing.)"

    Here with the colours swapped: round the centre vertex the white inner
    stripes ring the three black tips, the black outer stripes ring them,
    and the six tiles' other outer stripes, white, joined to a white rim
    area, ring it all: the black tips and the black ring score for White,
    the inner white ring for nobody."""
    g = position(NESTED)
    assert g.is_terminal()
    ring = around(g.geo, CENTRE)
    inner, outer, tips = [], [], []
    for c, k in ring.items():
        x, r = g.geo.cells[c]
        inner.append(node(g, x, r, k, INNER))
        outer.append(node(g, x, r, k, OUTER))
        if g.geo.orient[c] == 1:
            tips.append(node(g, x, r, k, TIP))
    third = [(c, 3 * OUTER + j) for c, k in ring.items() for j in range(3) if j != k][0]
    assert third in free_parts(g.geo, g.board)  # the white third ring is free
    for n in tips + outer:
        assert T.colour(g.geo, g.board, n) == T.BLACK and owner(g, n) == "W"
    for n in inner:
        assert T.colour(g.geo, g.board, n) == T.WHITE and owner(g, n) == "nobody"


def test_live_score_counts_enclosures_by_curves_not_enclosed_themselves():
    """Reading (docs/rules/tomoe.md): during the game the score shown is the
    pocket rule with "free" read as the rulebook defines it - not enclosed by
    the other colour - and empty cells enclosed by someone taken into pockets.
    At the end it is the final count."""
    assert position(SCENE_ONE).scores() == [3, 0]  # joined to its rim: free
    assert position(BLACK_CURVE, player=T.WHITE).scores() == [0, 2]
    # Black's ring is enclosed: its catch counts for nobody.
    assert position(WHITE_AROUND).scores() == [6, 0]
    # Open board Black encloses lies in Black's pocket but scores nothing
    # itself; the tile laid there will (test_open_board_can_be_enclosed).
    g = position(OPEN_AREA)
    hole = 8 * cell(g.geo, 3, 3)
    assert enclosed_by(g, hole) == "B" and owner(g, hole) == "nobody"
    for seed in range(4):
        g = random_game("standard" if seed % 2 else "large", seed)
        assert g.scores() == recount(g.geo, g.board)


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


def test_a_save_of_the_earlier_tiles_is_refused():
    """Issue 27: "a save of the old model is refused with a clear message, not
    misread"; the triple-hexagon tiles' saves round-trip."""
    old = T.Tomoe(2, "standard", 5)
    old.apply(old.legal_actions()[0])
    data = bytearray(old.serialize())
    assert data[:3] == b"TE\x04"
    data[2] = 3  # the earlier tiles' saves: the same layout, format 3
    with pytest.raises(OldSave, match="earlier Tomoe tiles"):
        T.Tomoe.restore(bytes(data))
    g = random_game("standard", 5)
    back = T.Tomoe.restore(g.serialize())
    assert isinstance(back, T.Tomoe)
    assert back.board == g.board and back.scores() == g.scores()
    assert g.clone().scores() == g.scores()

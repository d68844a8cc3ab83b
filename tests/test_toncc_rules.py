"""One test per Tóncc rule. Each quotes the sentence it checks: rulebook 003
(../shared/seeds/003_1ad87be1ca36f7da.txt) or ../shared/design/games.md."""

import pytest

from engines_core import toncc as T
from engines_core.game import IllegalAction, TERMINAL
from engines_core.prng import Rng
from tests.toncc_helpers import cell, move, position, regions_with, NE, E, SE, SW, W, NW

RED, YELLOW, BLUE = T.RED, T.YELLOW, T.BLUE
MIND = T.MIND


def random_game(seed, variant="standard", each_move=None):
    g = T.Toncc(3, variant, seed)
    rng = Rng(seed + 99)
    while not g.is_terminal():
        if each_move:
            each_move(g)
        g.apply(rng.below(6))
    return g


# -- The creation ------------------------------------------------------------------

def test_regions_around_the_mind():
    """003: "Place the Mind in the middle of the table. Shuffle the Regions and
    place them face down around the Mind, each Region touching the others."
    (games.md: "the Mind in the middle, 18 Regions around it (6 touching it, 12
    outside): a hexagonal board of radius 2")."""
    g = T.Toncc(3, "standard", 4)
    assert T.COORDS[MIND] == (0, 0) and g.layout[MIND] == T.NONE
    assert sorted(g.layout[c] for c in range(T.CELLS) if c != MIND) == list(range(18))
    rings = [T.ring(c) for c in range(T.CELLS)]
    assert rings.count(1) == 6 and rings.count(2) == 12
    # Shuffled: different seeds give different boards.
    layouts = {bytes(T.Toncc(3, "standard", s).layout) for s in range(20)}
    assert len(layouts) == 20


def test_the_mind_points_at_the_six_adjacent_regions():
    """003: "rotate the Mind so that each of the 6 numbers coincides exactly
    with one of the 6 Regions adjacent to it"."""
    targets = [T.dest(MIND, d) for d in range(6)]
    assert sorted(targets) == sorted(c for c in range(T.CELLS) if T.ring(c) == 1)


def test_regions_turned_symbols_up():
    """003: "now turn the Regions over so that the symbols are showing"."""
    g = T.Toncc(3, "standard", 8)
    assert not any(g.face_down(r) for r in range(18))


def test_each_player_draws_a_colour():
    """003: "Each player draws a colour: red, yellow or blue." (a seeded draw)."""
    seen = set()
    for seed in range(30):
        g = T.Toncc(3, "standard", seed)
        assert sorted(g.kings) == [RED, YELLOW, BLUE]
        seen.add(bytes(g.kings))
        assert T.Toncc(3, "standard", seed).kings == g.kings  # same seed, same draw
    assert len(seen) == 6  # every seat can be every King


def test_king_head_and_six_seals():
    """003: "Then they receive the King, the Head and the 6 Seals of the drawn
    colour." """
    g = T.Toncc(3, "standard", 2)
    assert T.SEALS == 6
    assert [g.seals_placed(s) for s in range(3)] == [0, 0, 0]
    assert list(g.pos) == [MIND] * 3  # games.md: "the Kings start on the Mind"


def test_hair_colours():
    """003: "King Blue has yellow hair, King Yellow has red hair, King Red has
    blue hair" (games.md: Blue: blue body, yellow hair, red feet; Yellow:
    yellow body, red hair, blue feet; Red: red body, blue hair, yellow feet)."""
    assert T.hair(BLUE) == YELLOW and T.feet(BLUE) == RED
    assert T.hair(YELLOW) == RED and T.feet(YELLOW) == BLUE
    assert T.hair(RED) == BLUE and T.feet(RED) == YELLOW


def test_strong_middle_weak_colour():
    """003: "Every King has a strong colour (body), a middle colour (hair) and
    a weak colour (feet)." """
    for k in (RED, YELLOW, BLUE):
        assert T.weakness(k, k) == 0
        assert T.weakness(k, T.hair(k)) == 1
        assert T.weakness(k, T.feet(k)) == 2


# -- The challenge -------------------------------------------------------------------

def test_kings_choose_one_at_a_time_and_move_together():
    """003: "The Kings move simultaneously. You all choose mentally which
    Region ... your King wants to conquer." / "When you are all ready, reveal
    the Heads and move the Kings" (one secret choice per King, collected one
    seat at a time; nobody moves until all are in)."""
    g = T.Toncc(3, "standard", 5)
    assert g.current_player() == 0
    g.apply(E)
    assert g.current_player() == 1 and list(g.pos) == [MIND] * 3
    g.apply(W)
    assert g.current_player() == 2 and list(g.pos) == [MIND] * 3
    g.apply(SE)
    assert list(g.pos) == [T.dest(MIND, E), T.dest(MIND, W), T.dest(MIND, SE)]
    assert g.current_player() == 0 and list(g.last_dir) == [E, W, SE]


def test_choices_are_hidden_until_all_are_in():
    """003: "You all put your Heads on the table, hiding them with a hand."
    (games.md: "a player's choice must never be visible to, or used by, anyone
    choosing after them")."""
    g = T.Toncc(3, "standard", 5)
    g.apply(NE)
    v = g.view_for(1)
    assert v.pending[0] == T.HIDDEN
    other = T.Toncc(3, "standard", 5)
    other.apply(SW)
    assert other.view_for(1).serialize() == v.serialize()
    assert g.view_for(0).pending[0] == NE  # a seat sees its own Head


def test_a_view_cannot_reveal_the_heads():
    """003: "When you are all ready, reveal the Heads and move the Kings"
    (docs/rules/toncc.md: "A view is for looking, not for playing on:
    completing a move on it is refused"): on a view the other Heads are
    hidden, so the move cannot be completed there; once redeal_hidden has
    put Heads under the hands, it can."""
    g = T.Toncc(3, "standard", 5)
    g.apply(NE)
    v = g.view_for(1)
    v.apply(E)  # seat 1's own choice: the move is not complete yet
    assert v.current_player() == 2
    with pytest.raises(IllegalAction, match="other choices are hidden"):
        v.apply(SE)
    assert list(v.pos) == [MIND] * 3 and v.pending[2] == T.NONE  # nothing changed
    v.redeal_hidden(1, Rng(3))
    v.apply(SE)
    assert v.moves == 1 and v.pos[1] == T.dest(MIND, E) and v.pos[2] == T.dest(MIND, SE)


def test_first_move_from_the_mind():
    """003: "choose ... which Region, among the 6 adjacent to the Mind, your
    King wants to conquer ... it is as if the Kings came out of the Mind and
    stepped on the chosen Regions"."""
    for d in range(6):
        g = T.Toncc(3, "standard", 1)
        move(g, d, d, d)
        assert g.pos[0] == T.dest(MIND, d) and T.ring(g.pos[0]) == 1


def test_seal_on_the_map_then_face_down():
    """003: "Once the Kings have moved, you all put one of your 6 Seals on the
    image of the Map that represents the Region where your King stands ...,
    then turn the Region face down (all the Kings remain on it)." """
    g = T.Toncc(3, "standard", 3)
    move(g, NE, E, SE)
    for s, d in enumerate((NE, E, SE)):
        c = T.dest(MIND, d)
        region = g.layout[c]
        assert g.owner[region] == s  # the Seal sits on the Region's Map place
        assert g.face_down(region)
        assert g.pos[s] == c  # the King stays on it
        assert g.seals_placed(s) == 1


def test_contest_strongest_on_the_background_wins():
    """003: "If more than one King stand on the same Region there is a contest.
    Check the background colour of the Region: the King that prevails is the
    stronger on that colour" / "Just the conqueror puts a Seal on the Map"."""
    blue_region = regions_with(BLUE)[0]
    g = position(kings=(RED, YELLOW, BLUE), regions={blue_region: cell(1, 0)})
    move(g, E, E, E)  # all three on the blue Region
    assert g.owner[blue_region] == 2  # King Blue: body on blue
    assert [g.seals_placed(s) for s in range(3)] == [0, 0, 1]
    yellow_region = regions_with(YELLOW)[0]
    g = position(kings=(RED, YELLOW, BLUE), regions={yellow_region: cell(0, 1)})
    move(g, SE, W, SE)  # Red (yellow feet) and Blue (yellow hair) meet
    assert g.owner[yellow_region] == 2
    assert g.seals_placed(0) == 0 and g.pos[0] == g.pos[2] == cell(0, 1)


def test_contest_visually_the_larger_matching_surface():
    """003: "visually, the King that prevails is the one that shows the larger
    coloured surface that matches the background of the contended Region"
    (body larger than hair larger than feet): on red, Red beats Yellow (red
    hair) beats Blue (red feet)."""
    red_region = regions_with(RED)[0]
    g = position(kings=(BLUE, YELLOW, RED), regions={red_region: cell(-1, 0)})
    move(g, W, W, W)
    assert g.owner[red_region] == 2
    g = position(kings=(BLUE, YELLOW, RED), regions={red_region: cell(-1, 0)})
    move(g, W, W, E)  # Red goes elsewhere
    assert g.owner[red_region] == 1


def test_six_movements_one_step():
    """003: "The Kings must move one single step at a time and they always
    have 6 possible movements." """
    for seed in range(5):
        def each(g):
            assert g.legal_actions() == [0, 1, 2, 3, 4, 5]
        random_game(seed, each_move=each)
    # One step: from a Region, an unobstructed movement reaches a neighbour.
    c = cell(1, -1)
    for d in range(6):
        dq, dr = T.DIRS[d]
        q, r = T.COORDS[c]
        if T.on_board(q + dq, r + dr) and (q + dq, r + dr) != (0, 0):
            assert T.COORDS[T.dest(c, d)] == (q + dq, r + dr)


def test_compass_moved_without_rotating():
    """003: "imagine as if the Compass (move it without rotating it) was drawn
    on the Region where the King stands": a movement is the same direction
    from every Region."""
    for c in range(T.CELLS):
        q, r = T.COORDS[c]
        for d in range(6):
            dq, dr = T.DIRS[d]
            if c != MIND and T.on_board(q + dq, r + dr) and (q + dq, r + dr) != (0, 0):
                assert T.COORDS[T.dest(c, d)] == (q + dq, r + dr)


def test_moving_onto_the_mind_skips_it():
    """003: "If the King is on an internal Region and the chosen movement would
    put it on the Mind, the latter is skipped and the King is placed on the
    following Region." """
    for d in range(6):
        dq, dr = T.DIRS[d]
        start = cell(-dq, -dr)
        assert T.dest(start, d) == cell(dq, dr)
    g = position(pos=(cell(1, 0), cell(0, 1), cell(-1, 0)))
    move(g, W, NW, E)
    assert list(g.pos) == [cell(-1, 0), cell(0, -1), cell(1, 0)]


def test_moving_off_the_board_reverses_to_the_last_region():
    """003: "If the King is on an external Region and the chosen movement would
    take it out of Tóncc, reverse the direction and place the King on the last
    Region in that direction." (games.md: "go to the last Region along that
    line on the other side")."""
    assert T.dest(cell(2, 0), E) == cell(-2, 0)  # through the Mind's line
    assert T.dest(cell(2, -1), E) == cell(-1, -1)  # a line of 4
    assert T.dest(cell(0, -2), NW) == cell(0, 2)
    assert T.dest(cell(2, -2), NE) == cell(-2, 2)
    assert T.dest(cell(-1, 2), SE) == cell(-1, -1)
    for c in range(T.CELLS):
        for d in range(6):
            q, r = T.COORDS[c]
            dq, dr = T.DIRS[d]
            if c != MIND and not T.on_board(q + dq, r + dr):
                t = T.dest(c, d)
                tq, tr = T.COORDS[t]
                assert T.ring(t) == 2 and not T.on_board(tq - dq, tr - dr)
                # On the same line, the far end.
                steps = max(abs(q - tq), abs(r - tr))
                assert (q - steps * dq, r - steps * dr) == (tq, tr)


# Every landing, worked out by hand on this picture of the board (cells in
# reading order, M the Mind) along its 15 lines: rows (E/W), "/" lines
# (NE/SW) and "\\" lines (SE/NW).
#
#         0   1   2
#       3   4   5   6
#     7   8   M  10  11
#      12  13  14  15
#        16  17  18
#
# One step along the line; the Mind is skipped; off the end of a line, the
# King goes to the other end of the same line (through the Mind if need be).
# Columns: NE, E, SE, SW, W, NW.
LANDINGS = {
    0: (7, 1, 4, 3, 2, 18),
    1: (12, 2, 5, 4, 0, 15),
    2: (16, 0, 6, 5, 1, 11),
    3: (0, 4, 8, 7, 6, 17),
    4: (1, 5, 14, 8, 3, 0),
    5: (2, 6, 10, 13, 4, 1),
    6: (17, 3, 11, 10, 5, 2),
    7: (3, 8, 12, 0, 11, 16),
    8: (4, 10, 13, 12, 7, 3),
    9: (5, 10, 14, 13, 8, 4),  # the Mind: the 6 internal Regions
    10: (6, 11, 15, 14, 8, 5),
    11: (18, 7, 2, 15, 10, 6),
    12: (8, 13, 16, 1, 15, 7),
    13: (5, 14, 17, 16, 12, 8),
    14: (10, 15, 18, 17, 13, 4),
    15: (11, 12, 1, 18, 14, 10),
    16: (13, 17, 7, 2, 18, 12),
    17: (14, 18, 3, 6, 16, 13),
    18: (15, 16, 0, 11, 17, 14),
}


def test_every_landing_from_every_region():
    """003: "If the King is on an internal Region and the chosen movement would
    put it on the Mind, the latter is skipped and the King is placed on the
    following Region." / "If the King is on an external Region and the chosen
    movement would take it out of Tóncc, reverse the direction and place the
    King on the last Region in that direction." / "each of the 6
    above-mentioned Regions corresponds to one of the movements marked on the
    Compass": the whole table, 19 cells x 6 movements, against the hand-made
    one above (including lines through the Mind, e.g. 11 E -> 7, 2 NE -> 16,
    0 NW -> 18)."""
    assert T.COORDS[MIND] == (0, 0) and MIND == 9
    for c in range(T.CELLS):
        assert tuple(T.dest(c, d) for d in range(6)) == LANDINGS[c], c
    # Nobody ever lands on the Mind, nor stays where he is.
    for c in range(T.CELLS):
        for d in range(6):
            assert T.dest(c, d) not in (MIND, c)


def test_face_down_region_cannot_be_conquered():
    """003: "Kings moved on a face down Region cannot conquer it." """
    g = T.Toncc(3, "standard", 6)
    move(g, E, NE, SE)
    region = g.layout[cell(1, 0)]
    assert g.owner[region] == 0
    # Seat 1 steps onto seat 0's face-down Region: nothing happens.
    move(g, W, SE, NE)
    assert g.pos[1] == cell(1, 0)
    assert g.owner[region] == 0 and g.seals_placed(1) == 1


# -- End of the challenge ---------------------------------------------------------------

def test_last_seal_king_points_and_leaving():
    """003: "When one or more Kings put their last Seal on the Map, they mark
    with the Head a score equal to the number of Kings standing in that moment
    on Tóncc (king points). Only these Kings quit the challenge leaving the
    Tóncc board." """
    free = [15, 16, 17]
    owner = {}
    for p in range(5):
        owner[p] = 0
    for p in range(5, 9):
        owner[p] = 1
    g = position(pos=(cell(1, 0), cell(-1, 0), cell(0, 1)), owner=owner,
                 regions={15: cell(2, 0), 16: cell(-2, 0), 17: cell(0, 2)})
    assert all(g.owner[p] == T.NONE for p in free)
    move(g, E, W, SE)  # seat 0 places its 6th Seal
    assert g.kpts[0] == 3 and g.pos[0] == T.OFF
    assert g.pos[1] != T.OFF and g.pos[2] != T.OFF and g.kpts[1] == g.kpts[2] == 0
    assert g.current_player() == 1  # the others go on


def test_kings_finishing_together_get_the_same_king_points():
    """games.md: "A King that places his 6th Seal scores king points equal to
    the number of Kings standing on the board at that moment (himself
    included; Kings finishing on the same move all get the same number) and
    leaves." """
    owner = {p: 0 for p in range(5)}
    owner.update({p: 1 for p in range(5, 10)})
    g = position(pos=(cell(1, 0), cell(-1, 0), cell(0, 1)), owner=owner,
                 regions={15: cell(2, 0), 16: cell(-2, 0), 17: cell(1, 1)})
    move(g, E, W, NE)
    assert g.kpts[0] == g.kpts[1] == 3
    assert g.pos[0] == g.pos[1] == T.OFF and g.standing() == [2]
    # The last King then scores 1 when he finishes.
    g2 = position(pos=(T.OFF, T.OFF, cell(0, 1)),
                  owner=dict([(p, 0) for p in range(6)] + [(p, 1) for p in range(6, 12)]
                             + [(p, 2) for p in range(12, 17)]),
                  regions={17: cell(1, 1)})
    move(g2, E)
    assert g2.history[-1][1] == bytes([3, 3, 1])


def test_challenge_goes_on_until_every_seal_is_placed():
    """003: "The other Kings continue the challenge until they have placed all
    their Seals on the Map: Tóncc has become green again." """
    owner = dict([(p, 0) for p in range(6)] + [(p, 1) for p in range(6, 12)]
                 + [(p, 2) for p in range(12, 16)])
    g = position(pos=(T.OFF, T.OFF, cell(0, 1)), owner=owner,
                 regions={16: cell(1, 1), 17: cell(2, 0)})
    move(g, E)
    assert g.owner[16] == 2 and not g.history and g.standing() == [2]
    move(g, NE)
    sealed, kp = g.history[0]
    assert T.NONE not in sealed  # every Region face down: green again
    assert sorted(sealed) == [0] * 6 + [1] * 6 + [2] * 6
    assert kp == bytes([3, 3, 1])


def test_three_moves_without_conquest_end_the_challenge():
    """003: "The challenge will also end when no player conquers any Region in
    three consecutive moves. Assign the king points, but not the unconquered
    Regions." (games.md: "the Kings still standing score king points
    likewise")."""
    owner = {}
    for s in range(3):
        for p in range(5 * s, 5 * s + 5):
            owner[p] = s
    free = [15, 16, 17]
    g = position(pos=(cell(-2, 2), cell(-1, 2), cell(0, 2)), owner=owner,
                 regions={15: cell(0, -2), 16: cell(1, -2), 17: cell(2, -2)})
    move(g, E, W, W)  # bottom row only: every Region there is face down
    assert g.quiet == 1 and not g.history
    move(g, W, E, E)
    assert g.quiet == 2 and not g.history
    move(g, E, W, W)
    assert len(g.history) == 1
    sealed, kp = g.history[0]
    assert kp == bytes([3, 3, 3])
    assert all(sealed[p] == T.NONE for p in free)  # not the unconquered Regions
    assert list(g.pos) == [MIND] * 3 and g.quiet == 0  # the next challenge


def test_three_empty_moves_king_points_count_only_the_kings_standing():
    """003: "The challenge will also end when no player conquers any Region in
    three consecutive moves. Assign the king points" - "a score equal to the
    number of Kings standing in that moment on Tóncc" (games.md: "the Kings
    still standing score king points likewise"): with one King gone (3 king
    points), the two still standing score 2 each, not 3."""
    owner = dict([(p, 0) for p in range(6)] + [(p, 1) for p in range(6, 11)]
                 + [(p, 2) for p in range(11, 16)])
    g = position(pos=(T.OFF, cell(-1, 2), cell(0, 2)), owner=owner,
                 regions={16: cell(0, -2), 17: cell(1, -2)})
    move(g, W, W)  # bottom row only: every Region there is face down
    move(g, E, E)
    assert not g.history and g.quiet == 2
    move(g, W, W)
    sealed, kp = g.history[0]
    assert kp == bytes([3, 2, 2])
    assert sealed[16] == sealed[17] == T.NONE


def test_a_conquest_resets_the_count_of_empty_moves():
    """003: "no player conquers any Region in three consecutive moves": only
    consecutive moves count."""
    owner = {}
    for s in range(3):
        for p in range(5 * s, 5 * s + 5):
            owner[p] = s
    g = position(pos=(cell(-2, 2), cell(-1, 2), cell(0, 2)), owner=owner,
                 regions={15: cell(0, -2), 16: cell(1, -2), 17: cell(-1, 1)}, quiet=2)
    move(g, E, NW, W)  # seat 1 conquers Region 17
    assert g.quiet == 0 and g.owner[17] == 1 and not g.history


def test_every_challenge_ends():
    """games.md (a digital reading): every move either conquers a Region (at
    most 18 per challenge) or counts toward 3 empty moves, so a challenge ends
    within 18 x 3 = 54 moves (at most 2 empty moves before each conquest; with
    3 empty moves at the end at most 17 conquests) without any move cap."""
    for seed in range(60):
        longest = [0]

        def each(g):
            longest[0] = max(longest[0], g.moves)
        g = random_game(seed, each_move=each)
        assert longest[0] < 54  # g.moves counts the moves already made
    # Worst case: Kings that never conquer end it after 3 moves.
    g = position(pos=(cell(-2, 2), cell(-1, 2), cell(0, 2)),
                 owner={p: p // 5 for p in range(15)},
                 regions={15: cell(0, -2), 16: cell(1, -2), 17: cell(2, -2)})
    for _ in range(3):
        move(g, E, E, E)
    assert len(g.history) == 1


# -- The winner -----------------------------------------------------------------

def test_three_seals_in_a_row_is_a_kingdom_four_are_two():
    """003: "A King has realised one Kingdom if he has placed 3 Seals in a row
    on the same side of the Map, two Kingdoms if the Seals in a row are four and
    so on" (games.md: "a run of L >= 3 Seals of one King in a row is L-2
    Kingdoms")."""
    owner = bytearray(b"\xff" * 18)
    for p in (0, 1, 2):
        owner[p] = 0
    assert len(T.kingdom_list(owner, 0)) == 1
    owner[3] = 0
    assert len(T.kingdom_list(owner, 0)) == 2
    for p in (4, 5, 6):
        owner[p] = 0
    assert len(T.kingdom_list(owner, 0)) == 5  # a whole side: 7 in a row
    owner = bytearray(b"\xff" * 18)
    for p in (0, 1, 3):
        owner[p] = 0
    assert T.kingdom_list(owner, 0) == []  # not in a row


def test_corners_belong_to_two_sides():
    """games.md: "the 18 Regions drawn around a triangle with 7 places per side
    (corners shared: 3 x 6 = 18 places)"; runs are counted "on each side of the
    Map", so a corner Seal can be in a Kingdom on both sides, but three Seals
    round a corner are not in a row on one side."""
    owner = bytearray(b"\xff" * 18)
    for p in (4, 5, 6, 7, 8):
        owner[p] = 1
    ks = T.kingdom_list(owner, 1)
    assert [T.KINGDOMS[k] for k in ks] == [(4, 5, 6), (6, 7, 8)]
    owner = bytearray(b"\xff" * 18)
    for p in (5, 6, 7):
        owner[p] = 1
    assert T.kingdom_list(owner, 1) == []
    owner = bytearray(b"\xff" * 18)
    for p in (16, 17, 0, 1, 2):
        owner[p] = 2
    assert [T.KINGDOMS[k] for k in T.kingdom_list(owner, 2)] == [(0, 1, 2), (16, 17, 0)]


def test_seals_outside_kingdoms_are_taken_off():
    """003: "before the calculation, take off from the Map all the Seals that
    don't form a Kingdom." """
    owner = bytearray(b"\xff" * 18)
    for p in (0, 1, 2, 9, 11, 15):
        owner[p] = 0
    only_run = bytearray(b"\xff" * 18)
    for p in (0, 1, 2):
        only_run[p] = 0
    assert T.kingdom_points(owner, 0, RED) == T.kingdom_points(only_run, 0, RED) > 0


def test_kingdom_points_by_background():
    """003: "compare the background colour of the three Regions with the King's
    colours. The King gets these points: 1 for each Region with background
    equal to the King's body, 2 ... hair, 3 ... feet" / "It follows that each
    Kingdom is worth 3 to 9 points." """
    for k in (RED, YELLOW, BLUE):
        for p in range(18):
            bg = T.REGIONS[p][0]
            want = 1 if bg == k else (2 if bg == T.hair(k) else 3)
            assert T.region_points(k, p) == want
    for w in T.KINGDOMS:
        owner = bytearray(b"\xff" * 18)
        for p in w:
            owner[p] = 0
        for k in (RED, YELLOW, BLUE):
            assert 3 <= T.kingdom_points(owner, 0, k) <= 9
            assert T.kingdom_points(owner, 0, k) == sum(T.region_points(k, p) for p in w)


def test_overlapping_kingdoms_each_count():
    """003: "Consider one Kingdom at a time": in a run of four, the two
    Kingdoms share two Regions, and each Kingdom scores them."""
    owner = bytearray(b"\xff" * 18)
    for p in (0, 1, 2, 3):
        owner[p] = 0
    pts = [T.region_points(BLUE, p) for p in range(4)]
    assert T.kingdom_points(owner, 0, BLUE) == pts[0] + 2 * pts[1] + 2 * pts[2] + pts[3]


def test_score_is_kingdom_points_plus_king_points():
    """003: "The score of each King is the sum of the kingdom points (the value
    of the realised Kingdoms) and the king points (the number marked with the
    Head at the end of the challenge)." """
    g = random_game(21)
    for k in range(3):
        owner, kp = g.history[k]
        for s in range(3):
            kingdoms, king = g.challenge_scores(k)[s]
            assert kingdoms == T.kingdom_points(owner, s, g.kings[s])
            assert king == kp[s]


def test_toncc_points_two_one_zero():
    """003: "At the end of each challenge the King with the highest score gets
    2 tóncc points, the one with the middle score gets 1 tóncc point, the one
    with the lowest score doesn't get tóncc points." """
    assert T.toncc_points([5, 12, 8], (RED, YELLOW, BLUE)) == [0, 2, 1]


def test_toncc_points_three_way_tie():
    """003: "If the three Kings get the same score, all get 1 tóncc point." """
    assert T.toncc_points([7, 7, 7], (RED, YELLOW, BLUE)) == [1, 1, 1]


def test_toncc_points_two_way_tie_weaker_wins():
    """003: "If two Kings get the same score, the tóncc points go to the one,
    among them, that is the weaker for 2 colours out of 3": "King Blue beats
    King Yellow", "King Yellow beats King Red", "King Red beats King Blue"."""
    assert T.beats_in_tie(BLUE, YELLOW) and not T.beats_in_tie(YELLOW, BLUE)
    assert T.beats_in_tie(YELLOW, RED) and not T.beats_in_tie(RED, YELLOW)
    assert T.beats_in_tie(RED, BLUE) and not T.beats_in_tie(BLUE, RED)
    # A tie at the top: the weaker of the two gets 2, the other 1.
    assert T.toncc_points([9, 9, 3], (BLUE, YELLOW, RED)) == [2, 1, 0]
    assert T.toncc_points([9, 9, 3], (RED, BLUE, YELLOW)) == [2, 1, 0]
    assert T.toncc_points([9, 9, 3], (YELLOW, RED, BLUE)) == [2, 1, 0]
    assert T.toncc_points([9, 9, 3], (RED, YELLOW, BLUE)) == [1, 2, 0]


def test_rulebook_example_of_toncc_points():
    """003: "King Red gets 2 tóncc points, because he has the highest score (12
    points); King Blue and King Yellow scored both 10 points: in this case King
    Blue beats King Yellow and gets 1 tóncc point." """
    assert T.toncc_points([12, 10, 10], (RED, BLUE, YELLOW)) == [2, 1, 0]
    assert T.toncc_points([10, 12, 10], (YELLOW, RED, BLUE)) == [0, 2, 1]


def test_three_challenges_same_kings_reshuffled_regions():
    """003: "The Game ends after 3 challenges: keep the same Kings, but shuffle
    the Regions each time." """
    layouts = []
    kings = []

    def each(g):
        if g.moves == 0 and g.current_player() == 0 and bytes(g.layout) not in layouts:
            layouts.append(bytes(g.layout))
            kings.append(bytes(g.kings))
    g = random_game(31, each_move=each)
    assert len(g.history) == 3 and g.is_terminal()
    assert len(layouts) == 3 and len(set(layouts)) == 3
    assert len(set(kings)) == 1 and kings[0] == g.kings


def test_sum_of_toncc_points_decides():
    """003: "Sum the tóncc points to declare the winner of the game". scores()
    gives each seat's Tóncc points (running: of the finished challenges)."""
    g = random_game(40)
    totals = [0, 0, 0]
    for k in range(3):
        pts = g.challenge_toncc(k)
        assert sum(pts) == 3
        for s in range(3):
            totals[s] += pts[s]
    assert g.scores() == totals
    best = max(totals)
    w = g.winners()
    assert all(totals[s] == best for s in w)


def test_final_tie_weaker_king_wins():
    """003: "(in case of a tie, the weaker king wins)" (games.md: "ties to the
    weaker King (a three-way tie is shared)")."""
    assert T.final_winners([4, 4, 1], (BLUE, YELLOW, RED)) == [0]
    assert T.final_winners([4, 1, 4], (BLUE, YELLOW, RED)) == [2]  # Red beats Blue
    assert T.final_winners([1, 4, 4], (BLUE, YELLOW, RED)) == [1]  # Yellow beats Red
    assert T.final_winners([3, 3, 3], (BLUE, YELLOW, RED)) == [0, 1, 2]
    assert T.final_winners([5, 3, 1], (BLUE, YELLOW, RED)) == [0]


def test_game_won_by_the_weaker_of_two_tied_kings():
    """003: "Sum the tóncc points to declare the winner of the game (in case of
    a tie, the weaker king wins)": a whole game's winners(), not only the
    helper. Three challenges with no Kingdoms, king points 3/2/1, 2/3/1 and
    3/3/3: Tóncc points 2+1+1, 1+2+1, 0+0+1 = 4, 4, 1."""
    empty = bytes([T.NONE] * 18)
    hist = [(empty, bytes([3, 2, 1])), (empty, bytes([2, 3, 1])), (empty, bytes([3, 3, 3]))]
    for kings, winner in (((BLUE, YELLOW, RED), 0), ((YELLOW, BLUE, RED), 1),
                          ((RED, BLUE, YELLOW), 0), ((YELLOW, RED, BLUE), 0)):
        g = T.Toncc(3, "standard", 1)
        g.kings = bytes(kings)
        g.history = list(hist)
        g.done = True
        g.check()
        assert g.scores() == [4, 4, 1]
        assert g.winners() == [winner], kings


def test_running_scores_and_game_over():
    """Our reading: scores() is every seat's Tóncc points so far (0 until the
    first challenge ends); running_scores() is the challenge in play (Kingdom
    points of the Seals on the Map plus king points already marked). Once the
    game is over nobody moves and every movement is refused."""
    g = T.Toncc(3, "standard", 9)
    assert g.scores() == [0, 0, 0] and g.winners() == []
    g = random_game(9)
    assert g.current_player() == TERMINAL and g.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        g.apply(0)
    assert sum(g.scores()) == 9 and g.winners()


def test_short_variant_is_one_challenge():
    """Our addition (docs/rules/toncc.md): the "short" variant plays a single
    challenge, scored the same way."""
    g = random_game(3, "short")
    assert len(g.history) == 1 and sum(g.scores()) == 3
    assert T.Toncc.VARIANTS == ("standard", "short")


def test_misplacement_cannot_happen():
    """003: "If during the challenge you observe any misplacement, try to
    re-establish the correct situation: no King will receive a penalty." On the
    device the engine places everything: a corrupt position is refused."""
    g = T.Toncc(3, "standard", 2)
    g.owner[0] = 0
    g.owner[1] = 0  # Seals with the Kings still on the Mind
    from engines_core.game import CorruptState
    with pytest.raises(CorruptState):
        g.check()


def test_a_save_with_more_seals_than_its_moves_could_conquer_is_refused():
    """003: on each move every King conquers at most the one Region he moves
    to, so a challenge with 7 Seals after 2 moves cannot happen, nor more
    moves without a conquest than moves: such a save is corrupt."""
    from engines_core.game import CorruptState
    g = T.Toncc(3, "standard", 3)
    rng = Rng(3)
    while T.NUM_REGIONS - g.owner.count(T.NONE) < 7:
        a = g.legal_actions()
        g.apply(a[rng.below(len(a))])
    T.Toncc.restore(g.serialize())  # as played: fine
    moves = g.moves
    g.moves, g.quiet = 2, 0
    with pytest.raises(CorruptState):
        T.Toncc.restore(g.serialize())
    g.moves, g.quiet = moves, moves + 1
    with pytest.raises(CorruptState):
        T.Toncc.restore(g.serialize())


def test_a_save_with_a_hidden_choice_or_too_many_moves_is_refused():
    """A view marks the other seats' choices HIDDEN; a saved game holds every
    choice, so HIDDEN in a save is corrupt (a computer player could not move
    past it, nor a person: every action would be refused). A challenge has at
    most 3 moves per conquest plus its last quiet ones, so a move counter
    beyond that is corrupt too (255 loaded made the next save fail)."""
    from engines_core.game import CorruptState
    g = T.Toncc(3, "standard", 3)
    g.apply(NE)
    T.Toncc.restore(g.serialize())  # as played: fine
    assert g.view_for(1).pending[0] == T.HIDDEN
    g.view_for(1).check()  # a view may hide it
    h = g.clone()
    h.pending[0] = T.HIDDEN
    with pytest.raises(CorruptState):
        T.Toncc.restore(h.serialize())
    rng = Rng(4)
    while g.moves < 4:
        g.apply(rng.choice(g.legal_actions()))
    T.Toncc.restore(g.serialize())
    owned = T.NUM_REGIONS - g.owner.count(T.NONE)
    for moves in (3 * owned + g.quiet + 1, 255):
        h = g.clone()
        h.moves = moves
        with pytest.raises(CorruptState):
            T.Toncc.restore(h.serialize())

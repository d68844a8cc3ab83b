"""One test per Tokkome rule. Each quotes the sentence it checks: rulebook 002
(English) or ../shared/design/games.md (our readings); readings of our own
are in docs/rules/tokkome.md and quoted from there."""

import pytest

from engines_core import tokkome as T
from engines_core.game import IllegalAction, TERMINAL, CorruptState
from engines_core.prng import Rng
from tests.tokkome_helpers import position, hand_str, counts


def all_cards(g):
    c = bytearray(8)
    for h in g.hands:
        for v in range(1, 8):
            c[v] += h[v]
    for s in g.sets:
        for v in s:
            c[v] += 3
    for pile in (g.tokkome, g.maki, g.draw):
        for v in pile:
            c[v] += 1
    return list(c[1:])


# -- material and set-up ---------------------------------------------------------

def test_35_horse_cards_five_of_each_value():
    """games.md: "Material (ext: published review): 35 horse cards, five each of
    the values 1 to 7." """
    for n in (3, 4):
        for seed in range(5):
            g = T.Tokkome(n, "standard", seed)
            assert all_cards(g) == [5] * 7


def test_deal_8_cards_for_3_players_6_for_4():
    """002: "For 3 players, deal each player 8 cards, for 4 players deal 6 cards." """
    assert T.Tokkome(3, "standard", 1).hand_sizes() == [8, 8, 8]
    assert T.Tokkome(4, "standard", 1).hand_sizes() == [6, 6, 6, 6]
    with pytest.raises(ValueError):
        T.Tokkome(2, "standard", 1)
    with pytest.raises(ValueError):
        T.Tokkome(5, "standard", 1)


def test_shuffled_deal():
    """002: "1. Shuffle the horse cards" - different seeds, different deals;
    the same seed, the same deal."""
    deals = set()
    for seed in range(20):
        g = T.Tokkome(3, "standard", seed)
        deals.add(tuple(hand_str(g, s) for s in range(3)) + (tuple(g.draw),))
    assert len(deals) == 20
    assert T.Tokkome(3, "standard", 7).serialize() == T.Tokkome(3, "standard", 7).serialize()


def test_one_card_face_up_on_the_arena_is_the_tokkome():
    """002: "Draw one horse card from the draw pile and place it face up on the
    arena card. The card(s) placed inside the arena is called the Tokkome." """
    for n in (3, 4):
        g = T.Tokkome(n, "standard", 3)
        assert len(g.tokkome) == 1 and 1 <= g.tokkome[0] <= 7


def test_another_card_starts_the_maki_pile_rest_is_the_draw_pile():
    """002: "Draw another card from the draw pile and place it to the right of
    the arena. This is called the maki pile." / "Place all remaining horse cards
    face down to the left of the arena card." """
    for n, left in ((3, 35 - 24 - 2), (4, 35 - 24 - 2)):
        g = T.Tokkome(n, "standard", 3)
        assert len(g.maki) == 1
        assert len(g.draw) == left == 9


def test_p1_starts_and_turns_go_round():
    """002: "The starting player is the one who has most recently ridden a
    horse." (docs/rules/tokkome.md: the table seats that player as P1; turns
    then go P1, P2, P3, P4.)"""
    g = position(["47", "37", "27"], tokkome="5", maki="6")
    seen = []
    for _ in range(3):
        seen.append(g.current_player())
        g.apply(T.single(T.TOKKOME, g.top(T.TOKKOME) - 1))
    assert seen == [0, 1, 2] and g.current_player() == 0 and g.tokkome == [5, 4, 3, 2]


# -- the three actions -------------------------------------------------------------

def test_a_turn_is_one_of_three_actions():
    """002: "During their turn, a player may take one of 3 actions" - a card, a
    run of three, or taking the Tokkome; nothing else is offered at the start
    of a turn, and after a card or a run the next player moves."""
    g = position(["3567", "1111", "2222"], tokkome="4", maki="4")
    legal = g.legal_actions()
    assert legal == [T.single(T.TOKKOME, 3), T.single(T.TOKKOME, 5), T.single(T.MAKI, 3),
                     T.single(T.MAKI, 5), T.run(T.TOKKOME, False), T.run(T.MAKI, False), T.TAKE]
    g.apply(T.run(T.MAKI, False))
    assert g.current_player() == 1 and g.maki == [4, 5, 6, 7]


def test_single_card_one_more_or_one_less_on_either_pile():
    """002: "Place a card from your hand on the Tokkome OR maki pile." / "Any
    single card added to the Tokkome or maki pile must be in numerical order
    with the top card, ascending or descending" (games.md: "it must be one
    more or one less than that pile's top card")."""
    for pile in (T.TOKKOME, T.MAKI):
        for v, ok in ((3, True), (5, True), (4, False), (6, False), (2, False), (1, False)):
            g = position(["123456", "77", "77"], tokkome="4", maki="4")
            a = T.single(pile, v)
            if ok:
                g.apply(a)
                assert g.pile(pile)[-1] == v and g.hands[0][v] == 0
            else:
                before = g.serialize()
                assert "one more or one less" in g.why_illegal(a)
                with pytest.raises(IllegalAction):
                    g.apply(a)
                assert g.serialize() == before


def test_card_must_be_in_hand():
    """002: "Place a card from your hand" - a card not held is refused."""
    g = position(["1167", "77", "77"], tokkome="4", maki="4")
    assert g.why_illegal(T.single(T.TOKKOME, 5)) == "you have no 5"
    assert T.single(T.TOKKOME, 5) not in g.legal_actions()


def test_values_do_not_wrap_around():
    """games.md: "1 and 7 are ends: values do not wrap around." - a 1 on a 7
    or a 7 on a 1 is neither offered nor accepted, alone or in a run."""
    g = position(["17", "1", "1"], tokkome="7", maki="1")
    assert T.single(T.TOKKOME, 1) not in g.legal_actions()
    assert T.single(T.MAKI, 7) not in g.legal_actions()
    assert g.legal_actions() == [T.TAKE]
    before = g.serialize()
    for a in (T.single(T.TOKKOME, 1), T.single(T.MAKI, 7)):
        assert "one more or one less" in g.why_illegal(a)
        with pytest.raises(IllegalAction):
            g.apply(a)
    assert g.serialize() == before
    g = position(["12367", "45", "45"], tokkome="6", maki="2")
    assert g.why_illegal(T.run(T.TOKKOME, False)) == "no run up from 6"  # 7 1 2
    assert g.why_illegal(T.run(T.MAKI, True)) == "no run down from 2"  # 1 7 6
    assert g.legal_actions() == [T.single(T.TOKKOME, 7), T.single(T.MAKI, 1),
                                 T.single(T.MAKI, 3), T.TAKE]


def test_run_of_three_continues_from_the_top_card():
    """002: "Place a set of 3 numerically ordered cards on the Tokkome OR maki
    pile." / "A set of 3 cards placed on the Tokkome or maki pile must also be
    in ascending or descending order in relation to the top card on the
    pile." (games.md: "top 4: 5,6,7 or 3,2,1")"""
    g = position(["123567", "4", "4"], tokkome="4", maki="4")
    assert T.run(T.TOKKOME, False) in g.legal_actions()
    assert T.run(T.TOKKOME, True) in g.legal_actions()
    up = g.clone()
    up.apply(T.run(T.TOKKOME, False))
    assert up.tokkome == [4, 5, 6, 7] and hand_str(up, 0) == "123"
    down = g.clone()
    down.apply(T.run(T.MAKI, True))
    assert down.maki == [4, 3, 2, 1] and hand_str(down, 0) == "567"


def test_run_needs_all_three_and_the_room():
    """002: "A set of 3 cards ... in relation to the top card" - the three values
    must be held, and a run cannot go past 1 or 7."""
    g = position(["5677", "4", "4"], tokkome="5", maki="4")
    assert g.why_illegal(T.run(T.TOKKOME, False)) == "no run up from 5"
    assert g.why_illegal(T.run(T.MAKI, True)) == "a run needs 3 2 1"
    assert T.run(T.MAKI, False) in g.legal_actions()  # 5 6 7 on maki's 4
    g = position(["1245", "6", "6"], tokkome="3", maki="4")
    assert g.why_illegal(T.run(T.TOKKOME, True)) == "no run down from 3"
    assert T.run(T.TOKKOME, True) not in g.legal_actions()


def test_take_the_tokkome_adds_all_its_cards_to_the_hand():
    """002: "Add all of the cards from the Tokkome pile to the player's hand" """
    g = position(["11", "77", "77"], tokkome="34565", maki="1", draws="2")
    left = len(g.draw)
    g.apply(T.TAKE)
    assert hand_str(g, 0) == "1134556" and g.tokkome == []
    assert len(g.draw) == left  # five cards taken: nothing drawn


@pytest.mark.parametrize("size,drawn", [(1, 2), (2, 1), (3, 0), (4, 0)])
def test_fewer_than_three_taken_draw_the_difference(size, drawn):
    """002: "When taking the Tokkome pile, if the number of cards is less than
    3, the difference must be taken from the draw pile." """
    tok = "4545"[:size]
    g = position(["11", "77", "77"], tokkome=tok, maki="1", draws="236")
    left = len(g.draw)
    g.apply(T.TAKE)
    assert len(g.draw) == left - drawn
    expect = counts("11" + tok + "236"[:drawn])
    assert g.hands[0] == expect


def test_set_only_after_taking():
    """002: "Only after taking the Tokkome pile, a player may put down a set of
    three identical cards." """
    g = position(["5556", "77", "77"], tokkome="3", maki="1")
    assert not any(T.SET < a < T.NO_SET for a in g.legal_actions())
    assert g.why_illegal(T.lay_set(5)) == "take the Tokkome first"
    g.apply(T.TAKE)
    assert g.phase == T.LAY and T.lay_set(5) in g.legal_actions()


def test_three_of_a_kind_face_down():
    """002: "Add all of the cards from the Tokkome pile to the player's hand and
    place any three of a kind face down in front of the player." (games.md:
    "Hidden: hands and laid sets (face down, revealed at the end)") - the
    others see that a set was laid, not its value."""
    g = position(["5556", "1122", "7777"], tokkome="3", maki="1", draws="12")
    g.apply(T.TAKE)
    g.apply(T.lay_set(5))
    assert g.sets[0] == [5] and g.hands[0][5] == 0
    assert g.view_for(0).sets[0] == [5]  # the owner knows it
    for seat in (1, 2):
        v = g.view_for(seat)
        assert len(v.sets[0]) == 1  # the count is public
        values = set()
        for k in range(40):
            h = g.clone()
            h.redeal_hidden(seat, Rng(k))
            h.check()
            values.add(h.sets[0][0])
            assert h.view_for(seat).serialize() == v.serialize()
        assert len(values) > 1  # other values are just as consistent


def test_any_three_of_a_kind_in_the_hand_may_be_laid():
    """002: "place any three of a kind face down in front of the player" - the
    three may be cards held before the take, cards just taken, or a mix with
    a card just drawn."""
    g = position(["12", "77", "77"], tokkome="34343", maki="1")
    g.apply(T.TAKE)  # 3 3 3 all from the Tokkome
    assert T.lay_set(3) in g.legal_actions() and T.lay_set(4) not in g.legal_actions()
    g.apply(T.lay_set(3))
    assert g.sets[0] == [3] and hand_str(g, 0) == "1244"
    g = position(["56", "77", "77"], tokkome="6", maki="1", draws="62")
    g.apply(T.TAKE)  # one 6 held, one taken, one drawn
    assert hand_str(g, 0) == "25666" and g.legal_actions() == [T.lay_set(6), T.NO_SET]
    g.apply(T.lay_set(6))
    assert g.sets[0] == [6] and hand_str(g, 0) == "25"


def test_a_set_is_three_identical_cards():
    """002: "put down a set of three identical cards" - two of a kind is not a
    set; four of a kind lays three and keeps one, five keep two (and a set is
    worth its value, not its number of cards)."""
    g = position(["55556", "77", "77"], tokkome="6", maki="1", draws="12")
    g.apply(T.TAKE)
    assert g.why_illegal(T.lay_set(6)) == "you need three 6s for a set"
    g.apply(T.lay_set(5))
    assert g.hands[0][5] == 1 and g.sets[0] == [5]
    g = position(["55556", "77", "77"], tokkome="5", maki="1", draws="12")
    g.apply(T.TAKE)
    g.apply(T.lay_set(5))
    assert g.hands[0][5] == 2 and g.sets[0] == [5]
    assert T.lay_set(5) not in g.legal_actions()
    g.apply(T.put(6))
    assert g.score_of(0) == 5 - (1 + 2 + 5)


def test_only_one_set_per_turn():
    """002: "Only one set may be placed per turn." """
    g = position(["555666", "77", "77"], tokkome="6", maki="1", draws="12")
    g.apply(T.TAKE)
    assert T.lay_set(5) in g.legal_actions() and T.lay_set(6) in g.legal_actions()
    g.apply(T.lay_set(6))
    assert g.phase == T.PLACE
    assert g.why_illegal(T.lay_set(5)) == "put a card on the arena first"
    assert all(a > T.PUT for a in g.legal_actions())


def test_laying_a_set_is_optional():
    """002: "a player may put down a set" - the player may lay none."""
    g = position(["5556", "77", "77"], tokkome="3", maki="1")
    g.apply(T.TAKE)
    assert T.NO_SET in g.legal_actions()
    g.apply(T.NO_SET)
    assert g.phase == T.PLACE and g.sets[0] == []


def test_no_set_offered_when_none_is_possible():
    """docs/rules/tokkome.md: "When the hand holds no three-of-a-kind after the
    take, the device goes straight to putting a card on the arena." """
    g = position(["1256", "77", "77"], tokkome="3", maki="1")
    g.apply(T.TAKE)
    assert g.phase == T.PLACE


def test_after_taking_one_card_must_go_on_the_arena():
    """002: "After taking the Tokkome pile, one card from the player's hand must
    be placed on the arena card." - the turn is not over until then, and that
    card alone is the new Tokkome."""
    g = position(["1256", "77", "77"], tokkome="3", maki="1", draws="12")
    g.apply(T.TAKE)
    assert g.current_player() == 0 and g.legal_actions() == [T.put(v) for v in (1, 2, 3, 5, 6)]
    assert g.why_illegal(T.TAKE) == "put a card on the arena first"
    assert g.why_illegal(T.put(4)) == "you have no 4"
    g.apply(T.put(6))
    assert g.tokkome == [6] and g.current_player() == 1 and g.phase == T.MAIN


def test_set_must_leave_a_card_for_the_arena():
    """games.md: "A set may not be laid if it would leave no card to put on the
    arena." """
    g = position(["55", "7", "7"], tokkome="5", maki="1", draws="5", rest_to=2)
    g.apply(T.TAKE)  # needs two, the draw pile has one
    assert hand_str(g, 0) == "5555"
    assert T.lay_set(5) in g.legal_actions()  # leaves a 5 for the arena
    k = position(["5", "7", "7"], tokkome="5", maki="1", draws="5", rest_to=2)
    k.apply(T.TAKE)  # needs two, the draw pile has one: 555
    assert hand_str(k, 0) == "555"
    assert k.phase == T.PLACE and k.legal_actions() == [T.put(5)]
    assert k.why_illegal(T.lay_set(5)) == "put a card on the arena first"


# -- the end -------------------------------------------------------------------------

def test_game_ends_at_once_when_a_hand_is_empty():
    """002: "The game ends immediately when a player has no remaining cards in
    their hand." """
    g = position(["5", "34", "12"], tokkome="4", maki="1", sets=[[], [6], []])
    g.apply(T.single(T.TOKKOME, 5))
    assert g.is_terminal() and g.current_player() == TERMINAL
    assert g.end_reason == T.END_EMPTY_HAND and g.legal_actions() == []
    g = position(["567", "34", "12"], tokkome="4", maki="1")
    g.apply(T.run(T.TOKKOME, False))
    assert g.is_terminal()


def test_hand_emptied_by_the_card_on_the_arena_ends_the_game():
    """002: "The game ends immediately when a player has no remaining cards in
    their hand." - also when the card put on the arena was the last."""
    g = position(["1", "34", "12"], tokkome="6", maki="1", draws="66")
    g.apply(T.TAKE)
    assert hand_str(g, 0) == "1666"
    g.apply(T.lay_set(6))
    g.apply(T.put(1))
    assert g.is_terminal() and g.end_reason == T.END_EMPTY_HAND and g.sets[0] == [6]


def test_last_card_drawn_that_player_has_the_last_turn():
    """002: "Once the last card from the draw pile is taken, that player has the
    last turn." (games.md: "after the turn in which the last card of the draw
    pile is taken") - the taker still lays a set and puts a card, then the
    game ends."""
    g = position(["33", "1234", "1234"], tokkome="3", maki="1", draws="72", rest_to=1)
    assert len(g.draw) == 2
    g.apply(T.TAKE)
    assert g.draw == [] and not g.is_terminal() and g.current_player() == 0
    g.apply(T.lay_set(3))
    g.apply(T.put(7))
    assert g.is_terminal() and g.end_reason == T.END_DRAW_PILE
    assert g.tokkome == [7] and g.sets[0] == [3]


def test_short_draw_pile_gives_what_it_has():
    """docs/rules/tokkome.md: "If the draw pile holds fewer cards than the
    difference, the player takes what is left; that is the last card drawn,
    so that turn is the last." """
    g = position(["33", "1234", "1234"], tokkome="3", maki="1", draws="7", rest_to=1)
    assert len(g.draw) == 1
    g.apply(T.TAKE)  # needs 2, gets 1
    assert hand_str(g, 0) == "3337" and g.draw == []
    g.apply(T.NO_SET)
    g.apply(T.put(7))
    assert g.is_terminal() and g.end_reason == T.END_DRAW_PILE


def test_taking_without_drawing_does_not_end_the_game():
    """002: "Once the last card from the draw pile is taken" - only drawing the
    last card ends it; a take of three or more cards draws nothing."""
    g = position(["12", "1234", "1234"], tokkome="345", maki="1", draws="7", rest_to=1)
    g.apply(T.TAKE)
    g.apply(T.put(3))
    assert not g.is_terminal() and g.draw == [7]


def test_score_sets_minus_each_value_held_once():
    """002: "For each three of a kind placed in front of the player, the player
    receives points equal to the number on the set. (set of 4 horse cards = 4
    points, set of 5 horse cards = 5 points)" / "For each card remaining in a
    player's hand, points are deducted equal to the card value. A certain card
    value is only deducted once. (2 x 4 horse cards only = -4)" """
    g = position(["44", "1226", "7"], tokkome="4", maki="1", sets=[[5], [3, 1], []])
    assert g.scores()[0] == 5 - 4
    assert g.scores()[1] == (3 + 1) - (1 + 2 + 6)
    assert T.penalty(counts("44")) == 4


def test_highest_score_wins_ties_share():
    """docs/rules/tokkome.md: "The highest score wins; equal highest scores all
    win." (The rulebook names no tie-break.)"""
    g = position(["5", "34", "12"], tokkome="4", maki="1", sets=[[], [7], [3]])
    g.apply(T.single(T.TOKKOME, 5))
    # P1 0, P2 7 - 7 = 0, P3 3 - 3 = 0: a three-way tie.
    assert g.scores() == [0, 0, 0] and g.winners() == [0, 1, 2]
    h = position(["5", "34", "12"], tokkome="4", maki="1", sets=[[], [6], [3]])
    h.apply(T.single(T.TOKKOME, 5))
    assert h.scores() == [0, -1, 0] and h.winners() == [0, 2]


def test_turn_cap_ends_a_game_that_never_ends():
    """docs/rules/tokkome.md: "A digital addition: a game ends after 300 turns
    and is scored as it stands." """
    g = position(["12", "34", "56"], tokkome="3", maki="1")
    g.turns = T.TURN_CAP - 1
    g.apply(T.single(T.TOKKOME, 2))
    assert g.is_terminal() and g.end_reason == T.END_CAP and g.winners()


# -- what each seat sees -------------------------------------------------------------

def test_piles_hand_sizes_and_draw_count_are_public_hands_hidden():
    """games.md: "Hidden: hands and laid sets (face down, revealed at the
    end). Visible: both piles with every card in them, hand sizes, draw pile
    size." """
    g = T.Tokkome(4, "standard", 5)
    v = g.view_for(0)
    assert v.hands[0] == g.hands[0]
    assert v.tokkome == g.tokkome and v.maki == g.maki
    assert v.hand_sizes() == g.hand_sizes() and len(v.draw) == len(g.draw)
    other = g.clone()
    other.redeal_hidden(0, Rng(9))
    assert other.hands[1:] != g.hands[1:] or other.draw != g.draw
    assert other.view_for(0).serialize() == v.serialize()


def test_cards_taken_from_the_tokkome_stay_known():
    """docs/rules/tokkome.md: "Everyone saw the cards that went from the
    Tokkome into a hand." / "a card played or put on the arena lowers its
    value's count (if it was counted); a set laid face down could have been
    any three of a kind, so it lowers every count by three." """
    g = position(["11", "2233", "1"], tokkome="454", maki="1")
    g.apply(T.TAKE)
    assert g.known[0] == counts("445")
    g.apply(T.put(4))  # one 4 seen leaving
    assert g.known[0] == counts("45")
    for seed in range(5):
        h = g.clone()
        h.redeal_hidden(1, Rng(seed))
        assert h.hands[0][4] >= 1 and h.hands[0][5] >= 1  # always consistent
        assert h.view_for(1).serialize() == g.view_for(1).serialize()
    g2 = position(["555", "2233", "1"], tokkome="56", maki="1", draws="1", rest_to=2)
    g2.apply(T.TAKE)
    assert g2.known[0] == counts("56")
    g2.apply(T.lay_set(5))  # the others cannot see which three
    assert g2.known[0] == counts("")


def test_seen_cards_leave_the_count_when_played_on_a_pile():
    """docs/rules/tokkome.md: "a card played or put on the arena lowers its
    value's count (if it was counted)" - a single card or the cards of a run
    on either pile, and only the values that were counted."""
    g = position(["2", "4567", "1"], tokkome="3", maki="1")
    g.turn = 1
    g.known[1] = counts("45")
    g.check()
    g.apply(T.run(T.TOKKOME, False))  # 4 5 6 on the 3: the 4 and the 5 were seen
    assert g.known[1] == counts("")
    g = position(["2", "4457", "1"], tokkome="3", maki="6", turn=1,
                 known=["", "447", ""])
    g.apply(T.single(T.MAKI, 7))  # a counted 7 on the maki pile
    assert g.known[1] == counts("44")
    g = position(["2", "4457", "1"], tokkome="6", maki="1", turn=1,
                 known=["", "4", ""])
    g.apply(T.single(T.TOKKOME, 5))  # a 5 nobody saw going in: nothing to lower
    assert g.known[1] == counts("4")


def test_seen_cards_are_public_and_kept_by_every_deal():
    """docs/rules/tokkome.md: the seen-cards bound is "a lower bound everyone
    can work out": every seat's view holds every hand's counts, and dealing
    the unseen cards again never takes a seen card out of its hand."""
    g = position(["1122", "33456", "77"], tokkome="5", maki="1",
                 known=["12", "335", ""])
    for seat in range(3):
        v = g.view_for(seat)
        assert v.known == g.known
        for k in range(6):
            h = g.clone()
            h.redeal_hidden(seat, Rng(k))
            h.check()
            assert h.known == g.known
            for o in range(3):
                for x in range(1, 8):
                    assert h.hands[o][x] >= g.known[o][x]
            assert h.view_for(seat).serialize() == v.serialize()


def test_a_save_with_more_seen_cards_than_the_hand_holds_is_refused():
    """engines_core/game.py: restore refuses a save that describes no state the
    rules can reach - here a hand counted as holding a seen card it lacks."""
    g = position(["1122", "33456", "77"], tokkome="5", maki="1",
                 known=["12", "335", ""])
    assert T.Tokkome.restore(g.serialize()).known == g.known
    bad = g.clone()
    bad.known[2][1] = 1  # P3 holds no 1
    with pytest.raises(CorruptState):
        T.Tokkome.restore(bad.serialize())
    bad = g.clone()
    bad.known[1][3] = 3  # P2 holds two 3s
    with pytest.raises(CorruptState):
        T.Tokkome.restore(bad.serialize())


def test_a_seat_choosing_a_set_is_dealt_one_in_every_view():
    """docs/rules/tokkome.md: "While another player is choosing a set, that
    player is known to hold a three-of-a-kind (the device only asks when one
    can be laid), so dealt-out hands keep one then." """
    g = position(["2556", "1134", "1247"], tokkome="5", maki="1", draws="37")
    g.apply(T.TAKE)
    assert g.phase == T.LAY and g.current_player() == 0
    for seat in (1, 2):
        views = [g.view_for(seat)]
        for k in range(20):
            h = g.clone()
            h.redeal_hidden(seat, Rng(k))
            views.append(h)
        for v in views:
            v.check()
            assert any(v.can_lay(x) for x in range(1, 8)), hand_str(v, 0)
            assert [a for a in v.legal_actions() if T.SET < a < T.NO_SET]


def test_view_does_not_depend_on_hidden_cards():
    """games.md: hands and laid sets are hidden - two states a seat cannot tell
    apart give it the same view (engines_core/game.py's contract)."""
    rng = Rng(3)
    for seed in range(10):
        g = T.Tokkome(3 + seed % 2, "standard", seed)
        for _ in range(rng.below(12)):
            if g.is_terminal():
                break
            g.apply(rng.choice(g.legal_actions()))
        for seat in range(g.num_players):
            v = g.view_for(seat)
            v.check()
            for k in range(3):
                h = g.clone()
                h.redeal_hidden(seat, Rng(k))
                h.check()
                assert h.view_for(seat).serialize() == v.serialize()


def test_mid_turn_states_round_trip():
    """engines_core/game.py: serialize/restore gives an equal state, also in
    the middle of a take (the seat still to lay a set and put a card)."""
    g = position(["555", "2233", "1"], tokkome="56", maki="1", draws="1", rest_to=2)
    g.apply(T.TAKE)
    again = T.Tokkome.restore(g.serialize())
    assert again.serialize() == g.serialize() and again.phase == T.LAY
    assert again.legal_actions() == g.legal_actions()


def test_illegal_actions_change_nothing():
    """engines_core/game.py: an illegal action raises IllegalAction with a
    reason and changes nothing."""
    g = T.Tokkome(3, "standard", 2)
    before = g.serialize()
    for bad in (-1, T.NUM_ACTIONS, 1000, "A", None, 2.0, True, T.NO_SET, T.put(3)):
        assert g.why_illegal(bad)
        with pytest.raises(IllegalAction):
            g.apply(bad)
    assert g.serialize() == before

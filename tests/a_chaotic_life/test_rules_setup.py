"""Numbered rule tests, part 1: setup (the A Chaotic Life! rulebook, "Setup - Card
Removal" to "Starting the Game"). Each docstring names the section it checks."""

from __future__ import annotations

from collections import Counter

import pytest

from lifegames.a_chaotic_life import GAME
from lifegames.a_chaotic_life.data import box, card, names
from lifegames.a_chaotic_life.rules import build_deck, deck_piles
from lifegames.engine.core.contract import SetupError
from lifegames.engine.core.dice import Dice

from .helpers import ANA, check_invariants, new_state


def test_r01_card_removal_leaves_61_cards_baby_on_the_timeline_and_goals_aside():
    """Setup - Card Removal / Creating the Timeline: the Baby starts the Timeline face up, the
    three Mini-Goals lie face up for everyone, the two Life-Goals are dealt, and the rest
    (with the Child, Teen, Adult and Senior put back into the piles) is the deck."""
    state = new_state()
    assert state["timeline"] == [{"card": "Baby", "stage": "baby", "above": []}]
    assert state["stage"] == "baby" and state["history"] == {"baby": []}
    assert sorted(state["minigoals"]) == sorted(names("minigoal"))
    assert sorted(state["lifegoals"]) == sorted(names("lifegoal"))
    dealt = [n for p in state["players"] for n in state["hands"][p]]
    assert len(state["deck"]) + len(dealt) + len(state["discard"]) == 61
    for name in dealt + state["deck"]:
        assert card(name)["type"] not in ("minigoal", "lifegoal") and name != "Baby"
    check_invariants(state)


@pytest.mark.parametrize("seed", range(6))
def test_r02_four_near_equal_piles_each_with_its_age_card_child_pile_on_top(seed):
    """Setup - Building the Deck: the other 57 cards make four near-equal piles (15, 14, 14,
    14); the Child goes into the first, the Teen the second, the Adult the third and the Senior
    the fourth; each pile is shuffled and the Child's pile is stacked on top."""
    deck, aside = build_deck(Dice(seed, 0))
    assert len(deck) == 61 and len(aside) == 5
    piles = [deck[0:16], deck[16:31], deck[31:46], deck[46:61]]
    assert "Child" in piles[0] and "Teen" in piles[1]
    assert "Adult" in piles[2] and "Senior" in piles[3]
    assert "Child" not in deck[16:] and "Teen" not in deck[:16] + deck[31:]
    assert Counter(deck) + Counter(aside) + Counter(["Baby"]) == Counter(box())
    assert deck != build_deck(Dice(seed + 100, 0))[0], "the piles are shuffled"


def test_r02b_each_age_card_is_shuffled_into_its_pile_not_laid_on_it():
    """Setup - Building the Deck: the Child, Teen, Adult and Senior are shuffled into their
    piles, so each may lie anywhere in its pile (not always at its top or bottom)."""
    bounds = [(0, 16), (16, 31), (31, 46), (46, 61)]
    for age, (start, end) in zip(("Child", "Teen", "Adult", "Senior"), bounds, strict=True):
        places = {build_deck(Dice(seed, 0))[0][start:end].index(age) for seed in range(30)}
        assert len(places) >= 5, (age, sorted(places))
        assert places - {0, end - start - 1}, (age, "only at an end of its pile")


@pytest.mark.parametrize("players", [["Ana", "Ben"], ["Ana", "Ben", "Cleo"],
                                     ["Ana", "Ben", "Cleo", "Dan"]])
def test_r02c_everyone_knows_the_piles_and_what_is_left_of_them(players):
    """Setup - Building the Deck / Starting the Game: how the deck was stacked is no secret
    (four piles of 16, 15, 15, 15, the Child's on top, the Teen's, the Adult's, the
    Senior's), only its order is. The state keeps what is left of each pile as the cards are
    dealt from the top (at four players the deal reaches into the Teen's pile), public."""
    state = new_state(players)
    assert deck_piles() == [[16, "Child", False], [15, "Teen", False], [15, "Adult", False],
                            [15, "Senior", False]]
    dealt = 61 - len(state["deck"])
    assert state["loose"] == 0 and [p[0] for p in state["piles"]] == [
        max(0, 16 - dealt), 15 - max(0, dealt - 16), 15, 15]
    assert [(p[1], p[2]) for p in state["piles"]] == [
        ("Child", True), ("Teen", dealt > 16), ("Adult", False), ("Senior", False)]
    start = 0
    for size, age, opened in state["piles"]:
        pile = state["deck"][start:start + size]
        assert age in pile or (opened and age not in state["deck"]), age
        start += size
    assert GAME.knowledge(state, players[1])["piles"] == state["piles"]


def test_r03_two_players_the_first_named_draws_a_goal_the_other_takes_the_opposite():
    """Setup - Choosing a Life-Goal, 2 players: the youngest (the first name given) takes a
    Life-Goal at random; the opponent takes the other."""
    seen = set()
    for seed in range(12):
        state = new_state(["Ana", "Ben"], seed=seed)
        assert state["goals"]["Ana"] != state["goals"]["Ben"]
        assert card(state["goal_card"])["goal"] == state["goals"]["Ana"]
        seen.add(state["goals"]["Ana"])
    assert seen == {"happiness", "sadness"}, "the goal is drawn at random"


def test_r04_three_players_share_the_drawn_goal():
    """Setup - Choosing a Life-Goal, 3 players: the goal drawn is every player's goal."""
    seen = set()
    for seed in range(12):
        state = new_state(["Ana", "Ben", "Cleo"], seed=seed)
        assert len(set(state["goals"].values())) == 1
        seen.add(state["goals"]["Ana"])
    assert seen == {"happiness", "sadness"}


def test_r05_four_players_alternate_goals_around_the_table():
    """Setup - Choosing a Life-Goal, 4 players: the youngest's goal goes to them and to the
    player opposite; the players to their left and right take the other, so each player
    follows one with the opposite goal."""
    for seed in range(6):
        state = new_state(["Ana", "Ben", "Cleo", "Dan"], seed=seed)
        goals = [state["goals"][p] for p in state["players"]]
        assert goals[0] == goals[2] != goals[1] == goals[3]
        assert card(state["goal_card"])["goal"] == goals[0]


def test_r06_five_cards_each_and_volcano_or_gifts_in_an_opening_hand_is_replaced():
    """Starting the Game: deal five cards to each player; a dealt Volcano! or Gifts! is
    discarded and replaced."""
    replaced = 0
    for seed in range(40):
        state = new_state(["Ana", "Ben", "Cleo", "Dan"], seed=seed)
        for player in state["players"]:
            assert len(state["hands"][player]) == 5
            assert not {"Volcano!", "Gifts!"} & set(state["hands"][player])
        if state["discard"]:
            assert set(state["discard"]) <= {"Volcano!", "Gifts!"}
            assert any("was dealt" in e["text"] for e in state["recent"])
            replaced += 1
    assert replaced, "some seed deals a Volcano! or Gifts!"


def test_r07_the_youngest_begins_and_two_to_four_may_play():
    """Starting the Game: the youngest player (the first name given) takes the first turn;
    the game is for 2-4 players and takes no setup words or fixed length."""
    state = new_state()
    assert GAME.awaiting(state) == [ANA] and state["turn"]["number"] == 1
    for bad in (["Solo"], ["A", "B", "C", "D", "E"]):
        with pytest.raises(SetupError):
            GAME.setup(bad, {}, Dice(1, 0))
    with pytest.raises(SetupError):
        GAME.parse_options(["hard"], None)
    with pytest.raises(SetupError):
        GAME.parse_options([], 30)

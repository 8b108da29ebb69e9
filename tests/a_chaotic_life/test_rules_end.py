"""Numbered rule tests, part 4: counters, the deck and the end (the A Chaotic Life!
rulebook, "The Item Pouch & Discard Pile", "Other Small Reminders", "How to Win -
Or Lose!")."""

from __future__ import annotations

from lifegames.a_chaotic_life import GAME
from lifegames.a_chaotic_life.data import rules
from lifegames.a_chaotic_life.views import table_text
from lifegames.engine.core.dice import Dice

from .helpers import (
    ANA,
    BEN,
    CLEO,
    FakeDice,
    arrange,
    counters_of,
    new_state,
    order,
    play,
    reject,
    stand,
)


def test_r36_the_25_counters_of_each_kind_are_a_component_count_not_a_limit():
    """Components: 25 green and 25 red counters (the rulebook never says what happens when
    they run out; ours: a component limit, RULES.md Assumptions): once the box is empty a
    gain still pays in full, and the sheet says any token stands in. With rules.yaml
    counter_limit on, a gain takes only what the box still holds."""
    from lifegames.a_chaotic_life.model import in_box

    state = arrange(new_state(), stage="adult", hands={ANA: ["Big Win", "Party"]},
                    counters={BEN: {"happiness": 24}}, player=ANA)
    assert in_box(state, "happiness") == 1
    order(state, ANA, 'play("Big Win")')
    assert counters_of(state, ANA) == (2, 0) and in_box(state, "happiness") == 0
    assert "any token stands in" in GAME.views(state, ANA)["ana_sheet.txt"]
    limits = rules()
    limits["counter_limit"] = True
    try:
        order(state, ANA, 'play("Party")')
        assert counters_of(state, ANA) == (2, 0)
        assert "ran out of 2 happiness" in state["log"][-1]["text"]
    finally:
        limits["counter_limit"] = False


def _empty_deck(state):
    state["discard"] += state["deck"]
    state["deck"] = []


def test_r37_an_exhausted_deck_is_rebuilt_from_the_shuffled_discard_pile():
    """The Item Pouch & Discard Pile: when the deck is exhausted the discard pile is shuffled
    and becomes the new deck (in a two-player game too: Other Small Reminders)."""
    for players in (["Ana", "Ben"], ["Ana", "Ben", "Cleo"]):
        state = arrange(new_state(players), hands={ANA: []}, player=ANA)
        _empty_deck(state)
        pile = list(state["discard"])
        order(state, ANA, "draw", Dice(5, 1))
        assert state["discard"] == [] and state["reshuffles"] == 1
        assert sorted(state["deck"] + state["hands"][ANA]) == sorted(pile)
        assert state["deck"] + state["hands"][ANA] != pile, "shuffled"


def test_r37b_everyone_knows_what_a_rebuilt_deck_is_made_of():
    """The Item Pouch & Discard Pile: the discard pile lies face up, so when it becomes the new
    deck every player knows which cards that deck holds (not their order). The state keeps
    that list, a card put back into the deck since joins it, each player's view and the
    sheet show it; before any rebuild the sheet names no card of the deck. A game begun
    before the list was kept goes on without it."""
    state = arrange(new_state(["Ana", "Ben", "Cleo"]),
                    hands={ANA: ["Child"], BEN: ["Time Machine"]}, player=ANA)
    assert "each card in it is one of" not in table_text(state)
    _empty_deck(state)
    pile = sorted(state["discard"])
    stand(state, BEN, 'react("Time Machine")')
    order(state, ANA, "draw", Dice(5, 1))
    assert state["rebuilt"] == pile
    order(state, ANA, 'play("Child")', Dice(3, 1))
    assert "Child" in state["deck"] and state["rebuilt"] == sorted([*pile, "Child"])
    assert GAME.knowledge(state, CLEO)["rebuilt"] == state["rebuilt"]
    assert f"each card in it is one of {', '.join(state['rebuilt'])}" in table_text(state)
    del state["rebuilt"]  # a game begun before the list was kept still loads and plays
    assert not GAME.state_problem(state, state["players"])
    assert "each card in it is one of" not in table_text(state)
    order(state, ANA, "draw", Dice(3, 2))
    assert "rebuilt" not in state


def test_r38_two_players_put_a_card_back_at_a_random_place_without_shuffling():
    """Other Small Reminders: with two players a card to be shuffled back into the deck is put
    at a random place instead and the deck is not shuffled (so the Age cards keep their
    order); with more players the deck is shuffled with it. (Here a Time Machine sends the
    Child back.)"""
    state = arrange(new_state(["Ana", "Ben"]), hands={ANA: ["Child"], BEN: ["Time Machine"]},
                    player=ANA)
    stand(state, BEN, 'react("Time Machine")')
    before = list(state["deck"])
    order(state, ANA, 'play("Child")', Dice(3, 1))
    place = state["deck"].index("Child")
    assert state["deck"][:place] + state["deck"][place + 1:] == before
    state = arrange(new_state(), hands={ANA: ["Child"], BEN: ["Time Machine"]}, player=ANA)
    stand(state, BEN, 'react("Time Machine")')
    before = list(state["deck"])
    order(state, ANA, 'play("Child")', Dice(3, 1))
    rest = [n for n in state["deck"] if n != "Child"]
    assert sorted(rest) == sorted(before) and rest != before


def _piled(state, first):
    """Piles for an arranged deck (arrange keeps none): what is left of the first pile, and
    the three others as built."""
    state["piles"] = [[first, "Child", True], [15, "Teen", False], [15, "Adult", False],
                      [len(state["deck"]) - first - 30, "Senior", False]]
    state["loose"] = 0


def test_r38b_what_everyone_knows_of_the_piles_as_the_deck_changes():
    """Setup - Building the Deck, with Other Small Reminders and The Item Pouch & Discard
    Pile: a card drawn comes off the first pile that has cards left; a card put back at a
    random place (two players) may lie in any pile, so each may reach one card further down
    and the pile it came from no longer says where its Age card is; a deck shuffled whole
    (a card shuffled back with more players, or a deck rebuilt from the discard pile) keeps
    no piles."""
    state = arrange(new_state(["Ana", "Ben"]), hands={ANA: ["Child"], BEN: ["Time Machine"]},
                    player=ANA)
    _piled(state, 1)
    order(state, ANA, "draw", Dice(3, 1))
    order(state, ANA, "draw", Dice(3, 1))
    assert state["piles"][:2] == [[0, "Child", True], [14, "Teen", True]]
    stand(state, BEN, 'react("Time Machine")')
    order(state, ANA, 'play("Child")', Dice(3, 1))
    assert state["loose"] == 1 and state["piles"][:3] == [
        [0, None, True], [14, "Teen", True], [15, "Adult", False]]
    state = arrange(new_state(), hands={ANA: ["Child"], BEN: ["Time Machine"]}, player=ANA)
    _piled(state, 3)
    stand(state, BEN, 'react("Time Machine")')
    order(state, ANA, 'play("Child")', Dice(3, 1))
    assert state["piles"] == [] and state["loose"] == 0
    state = arrange(new_state(["Ana", "Ben"]), hands={ANA: []}, player=ANA)
    _piled(state, 3)
    _empty_deck(state)
    order(state, ANA, "draw", Dice(5, 1))
    assert state["reshuffles"] == 1 and state["piles"] == [] and state["loose"] == 0


def test_r39_the_deck_is_rebuilt_from_the_discard_pile_every_time_it_runs_out():
    """The Item Pouch & Discard Pile: whenever the deck is exhausted the discard pile becomes
    the new deck; the rulebook sets no limit, and the deck running out ends nothing (How to
    Win - Or Lose! names only a round without actions and Death!). Twelve times over, each
    exhausted deck is rebuilt from what was discarded, and the game goes on."""
    state = arrange(new_state(), hands={ANA: []}, player=ANA)
    rebuilds = 0
    for _ in range(12):
        _empty_deck(state)
        state["discard"] += state["hands"][ANA]
        state["hands"][ANA] = []
        state["turn"]["used"] = 0
        order(state, ANA, "draw", Dice(5, rebuilds + 1))
        rebuilds += 1
        assert state["reshuffles"] == rebuilds and state["discard"] == []
        assert not GAME.is_over(state) and state["end"] is None
        assert len(state["hands"][ANA]) == 1
    texts = [e["text"] for e in state["log"]]
    assert sum("shuffled into a new deck" in t for t in texts) == rebuilds
    assert not any("last deck" in t or "old age" in t for t in texts)


def test_r39b_no_round_limit_ends_a_game_unless_the_house_rule_sets_one():
    """How to Win - Or Lose!: a game ends only when a round passes without an action, or by
    Death!: however many rounds have passed, a turn with an action ends nothing. A table may
    bound a game by the house rule max_rounds=N (a setup word, off by default, not a rule):
    the turn that completes N whole rounds ends it, the CP dying of old age, and the result
    names the house rule."""
    state = arrange(new_state(), hands={ANA: ["Neighbor", "Party"]}, player=ANA)
    state["turns"] = 3 * 10_000
    order(state, ANA, 'discard("Party")')
    order(state, ANA, "end_turn", FakeDice())
    assert not GAME.is_over(state) and state["turn"]["player"] == BEN
    assert "max_rounds" not in state and GAME.parse_options([], None) == {}

    rounds = 7
    options = GAME.parse_options([f"max_rounds={rounds}"], None)
    assert options == GAME.parse_options(["--max-rounds", str(rounds)], None)
    state = GAME.setup(["Ana", "Ben", "Cleo"], options, Dice(2015, 0))
    state["tick"] = 0
    assert state["max_rounds"] == rounds and "House rule" in state["log"][-1]["text"]
    state = arrange(state, hands={ANA: ["Neighbor", "Party"]}, player=ANA)
    state["turns"] = rounds * 3 - 2
    order(state, ANA, 'discard("Party")')
    order(state, ANA, "end_turn", FakeDice())
    assert not GAME.is_over(state) and state["turn"]["player"] == BEN
    state["turn"]["used"] = 1  # Ben acts, so no idle round ends the game first
    order(state, BEN, "end_turn", FakeDice())
    assert GAME.is_over(state) and state["end"] == "old age"
    assert f"{rounds} whole rounds" in state["log"][-1]["text"]
    summary = GAME.result(state).summary
    assert summary.startswith(f"The CP died of old age after {rounds} whole rounds (a house "
                              f"rule, max_rounds={rounds}")
    assert "deck" not in summary


def test_r40_death_gives_three_counters_opposite_to_the_goal_and_ends_the_game():
    """Cards to Consider, Death!: its player takes 3 counters of the kind opposite to their
    goal and the game ends (How to Win - Or Lose!: the CP dies due to the Death card); our
    card asks for a Senior CP (RULES.md, Assumptions: measured under Balance); a Medicine
    cancels it."""
    state = arrange(new_state(), stage="adult", hands={ANA: ["Death!", "Senior"]},
                    counters={ANA: {"happiness": 6}}, goals={ANA: "happiness"}, player=ANA)
    reject(state, ANA, 'play("Death!")', "E-WRONG-STAGE")
    order(state, ANA, 'play("Senior")')
    paid = counters_of(state, ANA)
    order(state, ANA, 'play("Death!")')
    assert counters_of(state, ANA) == (paid[0], paid[1] + 3), "Death! pays 3 sadness"
    assert GAME.is_over(state) and state["end"] == "death" and GAME.awaiting(state) == []
    assert GAME.result(state).winners == [ANA]
    state = arrange(new_state(), stage="senior", hands={ANA: ["Death!"], CLEO: ["Medicine"]},
                    player=ANA)
    stand(state, CLEO, 'react("Medicine")')
    order(state, ANA, 'play("Death!")')
    assert not GAME.is_over(state) and state["discard"][-1] == "Death!"
    assert state["timeline"][-1]["card"] == "Medicine"


def test_r41_a_whole_round_without_an_action_ends_the_game():
    """How to Win - Or Lose!: the game ends when no player takes an action for an entire
    round (Early Riser, discarding down and moving Items are not actions)."""
    state = arrange(new_state(), hands={ANA: ["Neighbor"]}, player=ANA)
    for _ in range(2):
        outcome = play(state, "end_turn")
        assert not outcome.problems
        state = outcome.state
    assert state["idle"] == 2 and not GAME.is_over(state)
    state = play(state, "end_turn").state
    assert GAME.is_over(state) and state["end"] == "idle"
    state = arrange(new_state(), hands={ANA: ["Neighbor"]}, player=BEN)
    state = play(state, "end_turn").state
    state = play(state, "end_turn").state
    state = play(state, 'play("Neighbor")\nend_turn').state
    assert state["idle"] == 0 and not GAME.is_over(state)


def test_r42_scores_cancel_then_add_the_cards_and_ties_go_to_the_most_counters():
    """How to Win - Or Lose!: Happiness and Sadness cancel one for one; counters given by
    cards (Pets, Mini-Goals) are added to the owner's total after that; the most counters of
    your goal's kind wins; a tie goes to the most counters in total."""
    state = arrange(new_state(), front={ANA: ["Dog", "Mouse"], BEN: []},
                    counters={ANA: {"happiness": 2, "sadness": 4}, BEN: {"happiness": 3},
                              CLEO: {"happiness": 4, "sadness": 1}},
                    goals={ANA: "happiness", BEN: "happiness", CLEO: "happiness"})
    state["claimed"][BEN] = [state["minigoals"].pop(state["minigoals"].index("Hard Knocks"))]
    state["over"], state["end"] = True, "idle"
    result = GAME.result(state)
    assert result.scores == {ANA: 3, BEN: 3, CLEO: 3}
    assert result.winners == [BEN], "3 + 7 from Hard Knocks = 10 in all, more than 9 or 5"
    state["claimed"][ANA] = [state["minigoals"].pop(state["minigoals"].index("Block Party"))]
    assert GAME.result(state).scores[ANA] == 7
    assert GAME.result(state).winners == [ANA]


def test_r42b_the_tie_break_counts_every_counter_before_any_cancels():
    """How to Win - Or Lose!: on a tie, "the player who has the most total counters" wins,
    counted before one of each kind cancels out (they lived the more chaotic life): 10
    happiness and 5 sadness beat 5 happiness and none."""
    state = arrange(new_state(["Ana", "Ben"]), goals={ANA: "happiness", BEN: "happiness"},
                    counters={ANA: {"happiness": 10, "sadness": 5}, BEN: {"happiness": 5}})
    state["over"], state["end"] = True, "idle"
    result = GAME.result(state)
    assert result.scores == {ANA: 5, BEN: 5} and result.winners == [ANA]
    assert "15 against 5" in result.summary

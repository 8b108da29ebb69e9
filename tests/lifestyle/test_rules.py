"""One numbered test per rule of the Lifestyle rulebook (AMIGO, 2018; not in this repository:
see games/lifestyle/RULES.md). Each docstring names the section it checks. Dice are injected
with FakeDice."""

from __future__ import annotations

import json

import pytest

from lifegames.engine.core.contract import SetupError
from lifegames.engine.core.dice import Dice
from lifegames.lifestyle import GAME
from lifegames.lifestyle.data import CONDITIONS, card, deck
from lifegames.lifestyle.model import breakdown, met, score

from .helpers import (
    ANA,
    BEN,
    CLEO,
    FakeDice,
    arrange,
    check_alone,
    check_invariants,
    legal,
    new_state,
    order,
    orders,
    play,
    reject,
    set_turn,
)

FULL = ["Cat", "Dog", "Vet", "Scooter", "SUV", "Cabin", "Villa", "Running", "Manager"]


def seats(state):
    return state["seats"]


# -- Setup ---------------------------------------------------------------------------------------


def test_r01_setup_shuffles_72_cards_and_lays_out_three_rows_of_three():
    """Setup: shuffle the playing cards into a face-down pile; turn over three cards for each
    of the three rows (the card display)."""
    state = new_state()
    assert len(state["pile"]) == 63 and all(state["display"])
    assert sorted(state["pile"] + state["display"]) == sorted(deck())
    other = new_state(seed=7)
    assert other["pile"] != state["pile"], "different seeds give different shuffles"
    assert new_state()["pile"] == state["pile"], "the same seed gives the same shuffle"
    check_invariants(state)


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_r02_starting_tokens_by_seat_and_the_pool(count):
    """Setup: the first player gets no token, the next one 1, the next 2, and so on; the rest
    of the 25 tokens form the pool."""
    players = [f"P{i}" for i in range(count)]
    state = new_state(players)
    assert [state["seats"][p]["tokens"] for p in players] == list(range(count))
    assert state["pool"] == 25 - sum(range(count))


def test_r03_the_first_listed_player_goes_first_and_2_to_5_players_may_play():
    """Setup: the youngest player goes first (we seat players in the order given, first
    first); the box is for 2-5 players."""
    state = new_state()
    assert GAME.awaiting(state) == [ANA]
    for bad in (["Solo"], [f"P{i}" for i in range(6)]):
        with pytest.raises(SetupError):
            GAME.setup(bad, {}, Dice(1, 0))
    with pytest.raises(SetupError):
        GAME.parse_options(["hard"], None)


# -- Buying cards --------------------------------------------------------------------------------


def test_r04_one_token_buys_two_cards_into_gaps_left_to_right_row_1_first():
    """Playing the Game: pay 1 token to add two cards; new cards go into vacant spaces from
    left to right, the 1st row first."""
    state = arrange(new_state(), display=[None, "Cat", None, "Dog", None, "Vet", None, None,
                                          None], pile=["Cabin", "Villa", "SUV"],
                    Ana={"tokens": 2})
    order(state, ANA, "buy_two")
    assert state["display"][:5] == ["Cabin", "Cat", "Villa", "Dog", None]
    assert state["pile"][0] == "SUV"
    assert seats(state)[ANA]["tokens"] == 1 and state["pool"] == 25 - 1 - 1 - 2


def test_r05_one_token_buys_only_one_card_when_eight_are_showing():
    """Playing the Game: if there are already eight cards in the display, only add one."""
    state = arrange(new_state(), display=[*FULL[:4], None, *FULL[5:]], Ana={"tokens": 1})
    order(state, ANA, "buy_two")
    assert all(state["display"]) and seats(state)[ANA]["tokens"] == 0


def test_r06_two_tokens_refill_the_display_to_nine():
    """Playing the Game: pay 2 tokens to refill the card display back up to nine cards."""
    state = arrange(new_state(), display=["Cat"] + [None] * 8, Ana={"tokens": 2})
    order(state, ANA, "refill")
    assert all(state["display"]) and state["display"][0] == "Cat"
    assert seats(state)[ANA]["tokens"] == 0


def test_r07_buying_needs_a_gap_tokens_and_cards_and_fills_as_far_as_the_pile_goes():
    """Playing the Game: buy only with fewer than nine cards showing; if the pile cannot fill
    the display, fill it as far as you can."""
    state = arrange(new_state(), Ana={"tokens": 3})
    reject(state, ANA, "buy_two", "E-DISPLAY-FULL")
    state = arrange(new_state(), display=["Cat"] + [None] * 8, Ana={"tokens": 1})
    reject(state, ANA, "refill", "E-NO-TOKENS")
    state["pile"], spare = state["pile"][:1], state["pile"][1:]
    state["discard"] += spare  # keep all 72 cards accounted for
    order(state, ANA, "buy_two")
    assert sum(1 for c in state["display"] if c) == 2 and state["pile"] == []
    reject(state, ANA, "buy_two", "E-PILE-EMPTY")


def test_r08_several_purchases_then_a_main_action_in_one_file_but_none_after_it():
    """Playing the Game: you may spend as many tokens as you like at the start of your turn;
    then you must take cards or roll dice."""
    state = arrange(new_state(), display=[None] * 9, Ana={"tokens": 4})
    order(state, ANA, "buy_two")
    order(state, ANA, "buy_two")
    order(state, ANA, "refill")
    assert all(state["display"]) and seats(state)[ANA]["tokens"] == 0
    state = arrange(new_state(), display=["Cat"] + [None] * 8,
                    Ana={"dice": ["Scooter"], "tokens": 2})
    order(state, ANA, 'roll("Scooter")', FakeDice(2))
    reject(state, ANA, "buy_two", "E-WRONG-MOMENT")


# -- Take Cards ----------------------------------------------------------------------------------


def test_r09_take_one_card_into_the_dice_zone_and_the_turn_ends():
    """Action: Take Cards -- take any one card; place it in your dice zone; your turn ends."""
    state = arrange(new_state(), display=list(FULL))
    order(state, ANA, "take_card(2, 3)")
    assert seats(state)[ANA]["dice"] == ["Cabin"] and state["display"][5] is None
    assert GAME.awaiting(state) == [BEN] and state["turn"]["number"] == 2


def test_r10_take_all_remaining_cards_of_a_row_or_a_column():
    """Action: Take Cards -- or all (remaining) cards from one row or one column."""
    display = list(FULL)
    display[1] = None
    state = arrange(new_state(), display=display)
    order(state, ANA, "take_row(1)")
    assert seats(state)[ANA]["dice"] == ["Cat", "Vet"]
    order(state, BEN, "take_column(3)")
    assert seats(state)[BEN]["dice"] == ["Cabin", "Manager"]
    assert state["display"] == [None, None, None, "Scooter", "SUV", None, "Villa", "Running",
                                None]


def test_r11_taking_nothing_or_off_the_display_is_refused():
    """Action: Take Cards -- there must be a card to take."""
    display = list(FULL)
    display[0] = display[3] = display[6] = None
    state = arrange(new_state(), display=display)
    reject(state, ANA, "take_card(1, 1)", "E-EMPTY-SPACE")
    reject(state, ANA, "take_column(1)", "E-EMPTY-SPACE")
    reject(state, ANA, "take_row(4)", "E-OFF-DISPLAY")
    reject(state, ANA, "take_card(1, 0)", "E-OFF-DISPLAY")


def test_r12_an_empty_dice_zone_means_you_must_take():
    """Playing the Game, note: without cards in your dice zone you must Take Cards."""
    state = new_state()
    reject(state, ANA, 'roll("Cat")', "E-MUST-TAKE")
    assert not any(o.startswith("roll") for o in legal(state, ANA))
    assert any(o.startswith("take_card") for o in legal(state, ANA))


def test_r13_an_empty_display_is_refilled_for_free_at_the_end_of_the_turn():
    """Empty Card Display? If the display is empty at the end of your turn, nine new cards are
    laid out at no cost."""
    state = arrange(new_state(), display=["Cat", "Dog", "Vet"] + [None] * 6, Ana={"tokens": 0})
    pool = state["pool"]
    order(state, ANA, "take_row(1)")
    assert all(state["display"]) and len(state["pile"]) == 72 - 9 - 3
    assert state["pool"] == pool and seats(state)[ANA]["tokens"] == 0


# -- Roll Dice -----------------------------------------------------------------------------------


def test_r14_roll_names_a_dice_zone_card_and_rolls_its_dice_then_waits_for_an_answer():
    """Action: Roll Dice a -- name any card in your dice zone and roll the number of dice it
    shows. The roll is random: it ends the file, and the same player answers next tick."""
    state = arrange(new_state(), Ana={"dice": ["Cat", "Scooter"]})
    dice = FakeDice(2, 3)
    order(state, ANA, 'roll("cat")', dice)
    assert state["turn"]["roll"]["dice"] == [2, 3] and dice.asked == ["dice"]
    assert GAME.awaiting(state) == [ANA]
    prompt = GAME.prompt(state, ANA)
    assert prompt is not None and "does NOT meet" in prompt.text
    assert list(prompt.answers) == legal(state, ANA)
    assert set(legal(state, ANA)) == {"accept()", "reroll(1)", "reroll(2)"} or \
        seats(state)[ANA]["tokens"] == 0 and legal(state, ANA) == ["accept()"]
    state2 = arrange(new_state(), Ana={"dice": ["Cat"]})
    check = check_alone(state2, ANA, 'roll("Cat")\ntake_card(1, 1)\n')
    assert check.problems == [] and check.plan.later == 1  # after the roll: form only
    stuck = play(state2, 'roll("Cat")\ntake_card(1, 1)\n')
    assert stuck.executed[ANA] == ['roll("Cat")'] and "take_card(1, 1)" in stuck.stopped[ANA]
    assert GAME.is_random(parse("reroll(1)")) and GAME.is_random(parse('use("Running", 1)'))
    assert not GAME.is_random(parse('use("Cycling", 1)'))


def parse(text):
    from .helpers import parse_one

    return parse_one(text)


def test_r15_one_token_rerolls_one_die():
    """Action: Roll Dice b -- spend 1 token to re-roll any one die."""
    state = arrange(new_state(), Ana={"dice": ["Cat"], "tokens": 1})
    order(state, ANA, 'roll("Cat")', FakeDice(2, 3))
    pool = state["pool"]
    order(state, ANA, "reroll(1)", FakeDice(6))
    assert state["turn"]["roll"]["dice"] == [6, 3]
    assert seats(state)[ANA]["tokens"] == 0 and state["pool"] == pool + 1
    reject(state, ANA, "reroll(2)", "E-NO-TOKENS")
    reject(state, ANA, "reroll(3)", "E-NO-SUCH-DIE")
    assert legal(state, ANA) == ["accept()"]


def test_r16_sports_cards_each_once_a_turn():
    """Action: Roll Dice b and The Cards, Sports -- Running rerolls a die, Cycling adds 1 to a
    die (past 6 if need be), Swimming turns a die to 4, Rowing adds 1 to every die; each card
    once a turn; they stand upright again at the end of the turn."""
    sports = ["Running", "Cycling", "Swimming", "Rowing"]
    state = arrange(new_state(), Ana={"dice": ["Rolls-Royce"], "points": sports, "tokens": 0})
    order(state, ANA, 'roll("Rolls-Royce")', FakeDice(6, 2, 5))
    order(state, ANA, 'use("Running", 2)', FakeDice(1))
    assert state["turn"]["roll"]["dice"] == [6, 1, 5]
    reject(state, ANA, 'use("Running", 2)', "E-NO-SPORT")
    order(state, ANA, 'use("Swimming", 2)')
    assert state["turn"]["roll"]["dice"] == [6, 4, 5]
    order(state, ANA, 'use("Cycling", 2)')
    reject(state, ANA, 'use("Cycling", 3)', "E-NO-SPORT")
    order(state, ANA, 'use("Rowing")')
    assert state["turn"]["roll"]["dice"] == [7, 6, 6]
    reject(state, ANA, 'use("Rowing")', "E-NO-SPORT")
    reject(state, ANA, 'use("Skiing", 1)', "E-UNKNOWN-SPORT")
    order(state, ANA, "accept")  # botched: 7 6 6 is no three of a kind
    order(state, ANA, "end_turn")
    set_turn(state, ANA)
    assert GAME.awaiting(state) == [ANA]
    order(state, ANA, 'roll("Rolls-Royce")', FakeDice(6, 6, 5))
    order(state, ANA, 'use("Cycling", 3)')
    assert state["turn"]["roll"]["dice"] == [6, 6, 6], "upright again in a new turn"
    other = arrange(new_state(), Ana={"dice": ["Cat"], "points": ["Cycling", "Rowing"]})
    order(other, ANA, 'roll("Cat")', FakeDice(1, 1))
    reject(other, ANA, 'use("Rowing", 1)', "E-NO-DIE-NEEDED")
    reject(other, ANA, 'use("Cycling")', "E-DIE-NEEDED")
    reject(other, ANA, 'use("Running", 1)', "E-NO-SPORT")


def test_r17_a_met_card_lets_you_name_the_next_and_all_met_move_to_points():
    """Action: Roll Dice c -- fulfilled: name the next card; all fulfilled in one turn: move
    them all to the points zone, and the turn ends."""
    state = arrange(new_state(), Ana={"dice": ["Scooter", "Cabin"], "tokens": 0})
    order(state, ANA, 'roll("Scooter")', FakeDice(3))
    order(state, ANA, "accept")
    assert state["turn"]["phase"] == "next" and legal(state, ANA) == ['roll("Cabin")']
    reject(state, ANA, 'roll("Scooter")', "E-NOT-IN-DICE-ZONE")
    order(state, ANA, 'roll("Cabin")', FakeDice(5))
    order(state, ANA, "accept")
    assert seats(state)[ANA]["points"] == ["Scooter", "Cabin"] and not seats(state)[ANA]["dice"]
    assert GAME.awaiting(state) == [BEN]


def test_r18_each_pet_moved_to_the_points_zone_earns_a_token_from_the_pool():
    """Action: Roll Dice c, note, and The Cards, Pets -- each Pet moved into the points zone
    awards one token from the pool (none when the pool is empty)."""
    state = arrange(new_state(), Ana={"dice": ["Goldfish", "Goldfish"], "tokens": 0})
    pool = state["pool"]
    orders(state, ANA, 'roll("Goldfish")', FakeDice(6))
    orders(state, ANA, 'accept\nroll("Goldfish")', FakeDice(6))
    order(state, ANA, "accept")
    assert seats(state)[ANA]["tokens"] == 2 and state["pool"] == pool - 2
    dry = arrange(new_state(), Ana={"dice": ["Goldfish"], "tokens": 0}, Ben={"tokens": 23})
    assert dry["pool"] == 0
    orders(dry, ANA, 'roll("Goldfish")', FakeDice(6))
    order(dry, ANA, "accept")
    assert seats(dry)[ANA]["tokens"] == 0 and seats(dry)[ANA]["points"] == ["Goldfish"]


def test_r19_a_botch_pays_one_token_then_any_discards_and_the_turn_ends():
    """Action: Roll Dice c -- not reached: a botch; one token from the pool, discard as many
    dice-zone cards as you like, the turn ends; cards met earlier that turn stay unmet."""
    state = arrange(new_state(), Ana={"dice": ["Scooter", "Manager", "Villa"], "tokens": 0})
    orders(state, ANA, 'roll("Scooter")', FakeDice(4))
    orders(state, ANA, 'accept\nroll("Manager")', FakeDice(3))
    order(state, ANA, "accept")
    assert seats(state)[ANA]["tokens"] == 1 and state["turn"]["fulfilled"] == []
    assert legal(state, ANA) == ["end_turn()", 'discard("Manager")', 'discard("Scooter")',
                                 'discard("Villa")']
    reject(state, ANA, 'roll("Villa")', "E-WRONG-MOMENT")
    orders(state, ANA, 'discard("Manager")\ndiscard("Villa")\nend_turn')
    assert seats(state)[ANA]["dice"] == ["Scooter"]
    assert state["discard"] == ["Manager", "Villa"] and GAME.awaiting(state) == [BEN]


def test_r20_a_file_must_finish_the_turn_or_end_with_a_roll():
    """Playing the Game: then you must carry out one of the actions (our missing-orders
    policy: the awaited player must write a file that does so)."""
    state = arrange(new_state(), display=["Cat"] + [None] * 8, Ana={"dice": ["Cat"],
                                                                   "tokens": 2})
    outcome = play(state, "")
    assert [p.code for p in outcome.problems] == ["E-TURN-INCOMPLETE"]
    assert outcome.state is state
    # a purchase deals unknown cards: like a roll the file may stop there, and the turn goes
    # on next tick; or it goes on with orders that do not depend on the cards dealt
    assert not play(state, "buy_two\n").problems
    assert not play(state, 'buy_two\nroll("Cat")\n').problems
    after = play(state, 'roll("Cat")\n').state
    assert [p.code for p in play(after, "").problems] == ["E-TURN-INCOMPLETE"]
    assert [p.code for p in play(after, "accept\n").problems] == ["E-TURN-INCOMPLETE"]


def test_r21_only_the_player_whose_turn_it_is_may_act():
    """Playing the Game: players take turns clockwise (here: in seat order)."""
    state = new_state()
    reject(state, BEN, "take_card(1, 1)", "E-NOT-YOUR-TURN")
    check = check_alone(state, ANA, "take_card(1, 1)\ntake_card(1, 2)\n")
    assert [p.code for p in check.problems] == ["E-NOT-YOUR-TURN"]
    order(state, ANA, "take_card(1, 1)")
    order(state, BEN, "take_card(1, 2)")
    order(state, CLEO, "take_card(1, 3)")
    assert GAME.awaiting(state) == [ANA] and state["turn"]["number"] == 4


def test_r22_unknown_cards_are_named_with_the_nearest_match():
    """Action: Roll Dice a -- the named card must be in your dice zone."""
    state = arrange(new_state(), Ana={"dice": ["Cat", "Cockatoo"]})
    error = reject(state, ANA, 'roll("Cockatoe")', "E-UNKNOWN-CARD")
    assert '"Cockatoo"' in error.hint
    reject(state, ANA, 'roll("Dog")', "E-NOT-IN-DICE-ZONE")


# -- The End of the Game -------------------------------------------------------------------------


def test_r23_the_game_goes_on_while_the_player_to_begin_has_cards_to_take_or_roll():
    """The End of the Game: only no cards in the display AND none in the dice zone of the
    player beginning a turn ends the game."""
    state = arrange(new_state(), display=["Cat"] + [None] * 8, Ben={"dice": ["Dog"]})
    state["discard"], state["pile"] = state["pile"], []
    assert not GAME.is_over(state), "Ana's dice zone is empty, but the display is not"
    order(state, ANA, "take_card(1, 1)")
    assert state["display"] == [None] * 9
    assert not GAME.is_over(state), "Ben still has a card to roll for"
    assert GAME.awaiting(state) == [BEN] and legal(state, BEN) == ['roll("Dog")']


def test_r24_game_end_is_checked_for_the_player_who_begins_the_turn():
    """The End of the Game: the check is for the player beginning their turn."""
    state = arrange(new_state(), display=["Cat"] + [None] * 8, Ben={"dice": ["Dog"]})
    state["discard"], state["pile"] = state["pile"], []
    order(state, ANA, "take_card(1, 1)")
    orders(state, BEN, 'roll("Dog")', FakeDice(6, 6))
    order(state, BEN, "accept")
    assert GAME.is_over(state) and state["ended_by"] == CLEO
    assert GAME.awaiting(state) == [] and legal(state, CLEO) == []


def test_r25_most_points_win_then_most_tokens_then_a_shared_win():
    """The End of the Game: most points wins; a tie goes to the most tokens; still tied, more
    than one winner."""
    state = arrange(new_state(), display=[None] * 9, Ana={"points": ["Rolls-Royce"],
                                                          "tokens": 1},
                    Ben={"points": ["Sports Car", "Scooter", "City Car"], "tokens": 3},
                    Cleo={"points": ["Limousine", "City Car"], "tokens": 3})
    state["over"] = True
    result = GAME.result(state)
    assert result.scores == {ANA: 10, BEN: 10, CLEO: 10}
    assert result.winners == [BEN, CLEO] and "share the win" in result.summary
    state["seats"][CLEO]["tokens"] = 2
    state["pool"] += 1
    assert GAME.result(state).winners == [BEN] and "on tokens" in GAME.result(state).summary
    arrange(state, display=[None] * 9, Ana={"points": ["Rolls-Royce", "Hatchback"]})
    assert GAME.result(state).winners == [ANA]
    json.dumps(GAME.public_state(state))


# -- The Cards: scoring --------------------------------------------------------------------------


def test_r26_pet_sets_need_three_different_pets():
    """The Cards, Pets: each set of three different Pets is worth 10."""
    assert score(["Cat", "Cat", "Cat"]) == 0
    assert score(["Cat", "Dog", "Goldfish"]) == 10
    assert score(["Cat", "Dog", "Goldfish", "Cat", "Dog"]) == 10
    assert score(["Cat", "Dog", "Goldfish", "Cat", "Dog", "Hamster"]) == 20
    assert score(["Cat"] * 4 + ["Dog", "Goldfish", "Hamster", "Cockatoo"]) == 20


def test_r27_cars_are_worth_their_printed_value():
    """The Cards, Cars: each car is worth the points printed on it."""
    assert score(["Scooter", "Rolls-Royce"]) == 11
    assert score(["SUV", "SUV", "Pickup"]) == 14


def test_r28_house_sets_of_different_houses_score_on_the_table():
    """The Cards, Houses: each set of different Houses scores 1, 4, 9, ... 64 points."""
    houses = ["Cabin", "Cottage", "Bungalow", "Townhouse", "Farmhouse", "Beach House",
              "Chalet", "Villa"]
    for n in range(1, 9):
        assert score(houses[:n]) == n * n
    assert score(houses[:3] + ["Cabin"]) == 9 + 1
    assert score(houses + houses[:2]) == 64 + 4


def test_r29_jobs_count_cards_of_their_kind():
    """The Cards, Jobs: Vet 2 a Pet, Real Estate Agent 3 a House, Car Salesman 3 a Car,
    Personal Trainer 4 a Sports card, each Manager 7 a Pet+House+Car+Sports set."""
    base = ["Cat", "Dog", "Cabin", "Scooter", "Running", "Cycling"]
    assert score(base + ["Vet"]) == 1 + 1 + 2 * 2  # a House 1, a Scooter 1, 2 Pets
    assert score(base + ["Real Estate Agent"]) == 2 + 3
    assert score(base + ["Car Salesman"]) == 2 + 3
    assert score(base + ["Personal Trainer"]) == 2 + 8
    assert score(base + ["Manager"]) == 2 + 7
    assert score(base + ["Manager", "Manager"]) == 2 + 14
    sets = breakdown(base + ["Villa", "Pickup", "Manager"])
    assert sets["jobs"]["points"] == 14 and sets["houses"]["points"] == 4


def test_r30_love_doubles_its_category():
    """The Cards, Love: Animals doubles Pet sets, Cars the Cars, Houses the House sets, Jobs
    the Jobs; a Love card scores nothing itself."""
    assert score(["Cat", "Dog", "Goldfish", "Love (Animals)"]) == 20
    assert score(["Scooter", "SUV", "Love (Cars)"]) == 12
    assert score(["Cabin", "Villa", "Love (Houses)"]) == 8
    assert score(["Manager", "Cat", "Cabin", "Scooter", "Running", "Love (Jobs)"]) == \
        14 + 1 + 1
    assert score(["Love (Animals)", "Love (Cars)", "Love (Houses)", "Love (Jobs)"]) == 0
    assert score(["Running", "Cycling", "Swimming", "Rowing"]) == 0


def test_r31_a_manager_counts_only_sets_with_a_sports_card():
    """The Cards, Jobs, Managers: 7 points for each set of one Pet, one House, one Car and one
    Sports card; without a Sports card there is no set, however many of the others."""
    base = ["Cat", "Dog", "Cabin", "Villa", "Scooter", "SUV", "Manager"]
    assert breakdown(base)["jobs"]["points"] == 0
    assert breakdown([*base, "Running"])["jobs"]["points"] == 7
    assert breakdown([*base, "Running", "Rowing"])["jobs"]["points"] == 14
    assert breakdown([*base, "Running", "Rowing", "Cycling"])["jobs"]["points"] == 14
    assert breakdown([*base, "Running", "Manager"])["jobs"]["points"] == 14  # two Managers


def test_r32_cycling_takes_a_die_past_6_and_the_roll_counts_it():
    """The Cards, Sports, Cycling: +1 to one die, which may then show more than 6 pips; the
    card is judged on the 7."""
    state = arrange(new_state(), Ana={"dice": ["Sports Car"], "points": ["Cycling"]})
    order(state, ANA, 'roll("Sports Car")', FakeDice(6, 4))
    assert "does NOT meet it" in GAME.prompt(state, ANA).text
    order(state, ANA, 'use("Cycling", 1)')
    assert state["turn"]["roll"]["dice"] == [7, 4]
    order(state, ANA, "accept")
    assert seats(state)[ANA]["points"] == ["Cycling", "Sports Car"]


def test_r33_swimming_turns_a_die_to_4_even_from_above():
    """The Cards, Sports, Swimming: one die shows 4 afterwards, lowered from a 6 if need be
    (a total of exactly 7 from 6 and 3)."""
    state = arrange(new_state(), Ana={"dice": ["Farmhouse"], "points": ["Swimming"]})
    order(state, ANA, 'roll("Farmhouse")', FakeDice(6, 3))
    order(state, ANA, 'use("Swimming", 1)')
    assert state["turn"]["roll"]["dice"] == [4, 3]
    order(state, ANA, "accept")
    assert seats(state)[ANA]["points"] == ["Swimming", "Farmhouse"]


# -- The Cards: what the dice must show (the reconstructed condition vocabulary) ----------------

KINDS = "cards.yaml, Fields, condition"  # the six kinds and what each means
SIX_KINDS = "RULES.md, Assumptions, conditions row"  # the same six, as the project's choice
PAST_SIX = "RULES.md, Assumptions, dice may show more than 6"
REACH = "RULES.md, Assumptions, the Cat row"  # reaching a result reads as a minimum


def _case(kind, value, dice, wanted, section, why):
    condition = {"kind": kind, **({"value": value} if value is not None else {})}
    word = "meets" if wanted else "misses"
    label = f"{kind}{'' if value is None else value}-{len(dice)}dice-" \
        f"{'+'.join(map(str, dice))}-{word}"
    return pytest.param(condition, dice, wanted, f"{section}: {why}", id=label)


CONDITION_CASES = [
    # total_at_least N: the dice add up to N or more
    _case("total_at_least", 4, [4], True, REACH, "one die showing exactly N reaches N+"),
    _case("total_at_least", 4, [3], False, KINDS, "one die one short of N"),
    _case("total_at_least", 7, [3, 4], True, REACH, "two dice adding up to exactly N"),
    _case("total_at_least", 7, [3, 3], False, KINDS, "two dice one short of N"),
    _case("total_at_least", 12, [4, 4, 4], True, REACH, "three dice adding up to exactly N"),
    _case("total_at_least", 12, [4, 3, 4], False, KINDS, "three dice one short of N"),
    _case("total_at_least", 13, [7, 6], True, PAST_SIX, "a 7 from Cycling counts as 7"),
    # total_exactly N: the dice add up to N, no more and no less
    _case("total_exactly", 5, [5], True, KINDS, "one die showing N"),
    _case("total_exactly", 5, [4], False, KINDS, "one die one under N"),
    _case("total_exactly", 5, [6], False, KINDS, "one die one over N: exactly is not N+"),
    _case("total_exactly", 7, [4, 3], True, KINDS, "two dice adding up to N"),
    _case("total_exactly", 7, [3, 3], False, KINDS, "two dice one under N"),
    _case("total_exactly", 7, [4, 4], False, KINDS, "two dice one over N"),
    _case("total_exactly", 9, [2, 3, 4], True, KINDS, "three dice adding up to N"),
    _case("total_exactly", 9, [2, 3, 3], False, KINDS, "three dice one under N"),
    _case("total_exactly", 9, [2, 3, 5], False, KINDS, "three dice one over N"),
    # all_at_least N: every die, not just one or most of them, shows N or more
    _case("all_at_least", 5, [5], True, KINDS, "one die showing exactly N"),
    _case("all_at_least", 5, [4], False, KINDS, "one die one short of N"),
    _case("all_at_least", 5, [5, 6], True, KINDS, "both dice N or more"),
    _case("all_at_least", 5, [6, 4], False, KINDS, "the second die one short, the first high"),
    _case("all_at_least", 5, [5, 6, 5], True, KINDS, "all three dice N or more"),
    _case("all_at_least", 5, [6, 6, 4], False, KINDS, "the last die one short"),
    _case("all_at_least", 5, [4, 6, 6], False, KINDS, "the first die one short"),
    _case("all_at_least", 5, [6, 4, 6], False, KINDS, "the middle die one short"),
    _case("all_at_least", 5, [12, 4, 9], False, KINDS, "a high total does not lift a low die"),
    # pair: at least two of the dice show the same number, wherever they lie
    _case("pair", None, [3], False, KINDS, "one die is no pair"),
    _case("pair", None, [3, 3], True, KINDS, "two dice alike"),
    _case("pair", None, [3, 4], False, KINDS, "two dice one apart"),
    _case("pair", None, [2, 5, 2], True, KINDS, "a pair among three: first and last"),
    _case("pair", None, [5, 2, 2], True, KINDS, "a pair among three: last two"),
    _case("pair", None, [2, 2, 5], True, KINDS, "a pair among three: first two"),
    _case("pair", None, [4, 4, 4], True, KINDS, "three alike hold a pair"),
    _case("pair", None, [1, 2, 3], False, KINDS, "three dice all different"),
    _case("pair", None, [7, 5, 7], True, PAST_SIX, "two 7s are a pair"),
    # three_of_a_kind: three dice, all the same number
    _case("three_of_a_kind", None, [4], False, KINDS, "one die is not three of a kind"),
    _case("three_of_a_kind", None, [4, 4], False, KINDS, "two alike are not three of a kind"),
    _case("three_of_a_kind", None, [4, 4, 4], True, KINDS, "three alike"),
    _case("three_of_a_kind", None, [4, 4, 5], False, KINDS, "only a pair, the odd die last"),
    _case("three_of_a_kind", None, [5, 4, 4], False, KINDS, "only a pair, the odd die first"),
    # run: three dice in a row, in any order
    _case("run", None, [3], False, KINDS, "one die is no run of 3"),
    _case("run", None, [3, 4], False, KINDS, "two in a row are no run of 3"),
    _case("run", None, [3, 4, 5], True, KINDS, "three in a row"),
    _case("run", None, [5, 3, 4], True, KINDS, "three in a row, rolled out of order"),
    _case("run", None, [3, 4, 6], False, KINDS, "a gap at the top"),
    _case("run", None, [2, 4, 5], False, KINDS, "a gap at the bottom"),
    _case("run", None, [3, 3, 4], False, KINDS, "two alike and the next number"),
    _case("run", None, [5, 6, 7], True, PAST_SIX, "a 7 from Cycling continues 5-6"),
]


@pytest.mark.parametrize(("condition", "dice", "wanted", "section"), CONDITION_CASES)
def test_r36_each_dice_condition_is_met_at_its_boundary_and_missed_just_past_it(
        condition, dice, wanted, section):
    """The Cards (each card shows the result to reach; the deck and its conditions are our
    reconstruction: cards.yaml, Fields, condition, and RULES.md, Assumptions): every kind of
    condition with 1, 2 and 3 dice, on the roll that just meets it and the one that just
    misses it. The id names the kind and the dice; `section` names the text the case reads.
    Without these, a kind read too loosely (a total of N or more for exactly N, one die for
    every die, two dice for a run of three) went unnoticed by every rule test."""
    assert met(condition, list(dice)) is wanted, section


def test_r37_the_condition_table_covers_every_kind_with_one_two_and_three_dice():
    """The Cards, as r36 reads them (cards.yaml, Fields, condition; RULES.md, Assumptions,
    conditions row): each kind the loader accepts has cases with 1, 2 and 3 dice, both met and
    missed, so a kind added to the vocabulary without boundary cases fails here; every kind
    the deck uses is among them."""
    cases: dict[str, set[tuple[int, bool]]] = {}
    for case in CONDITION_CASES:
        condition, dice, wanted, _ = case.values
        cases.setdefault(condition["kind"], set()).add((len(dice), wanted))
    assert set(cases) == set(CONDITIONS), f"{SIX_KINDS}: a kind without boundary cases"
    assert {card(name)["condition"]["kind"] for name in set(deck())} <= set(cases)
    for kind, seen in cases.items():
        assert {count for count, _ in seen} == {1, 2, 3}, kind
        assert {wanted for _, wanted in seen} == {True, False}, kind


def test_r38_no_card_is_bought_in_the_middle_of_a_roll():
    """Playing the Game (buying comes at the start of your turn, then one action) and Action:
    Roll Dice a-c -- once the first die is rolled, no purchase: not while a roll waits for an
    answer, not after a met card before the next is named, not after a botch."""
    state = arrange(new_state(), display=["Cat"] + [None] * 8,
                    Ana={"dice": ["Scooter", "Cabin"], "tokens": 4})
    order(state, ANA, 'roll("Scooter")', FakeDice(3))
    assert state["turn"]["phase"] == "rolled"
    for kind in ("buy_two", "refill"):
        reject(state, ANA, kind, "E-WRONG-MOMENT")
    order(state, ANA, "accept")
    assert state["turn"]["phase"] == "next"
    for kind in ("buy_two", "refill"):
        reject(state, ANA, kind, "E-WRONG-MOMENT")
    order(state, ANA, 'roll("Cabin")', FakeDice(1))
    order(state, ANA, "accept")
    assert state["turn"]["phase"] == "botched"
    for kind in ("buy_two", "refill"):
        reject(state, ANA, kind, "E-WRONG-MOMENT")
        assert kind not in "".join(legal(state, ANA))

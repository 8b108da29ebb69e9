"""Numbered rule tests, part 3: the cards (the A Chaotic Life! rulebook, "Cards - And
How to Play Them!", "Cards to Consider", "Other Small Reminders")."""

from __future__ import annotations

import pytest

from lifegames.a_chaotic_life.data import card, stages
from lifegames.a_chaotic_life.model import breakdown
from lifegames.a_chaotic_life.moves import Play
from lifegames.a_chaotic_life.reactions import owner_change, reward_of

from .helpers import (
    ANA,
    BEN,
    CLEO,
    FakeDice,
    arrange,
    counters_of,
    legal,
    new_state,
    order,
    reject,
    stand,
)


def test_r23_age_cards_strictly_in_order():
    """Cards, Age Cards: the Teen only after the Child, the Adult only after the Teen...; a
    second Adult can never be played once the CP is an Adult."""
    state = arrange(new_state(), hands={ANA: ["Child", "Teen", "Adult", "Adult"]}, player=ANA)
    reject(state, ANA, 'play("Teen")', "E-WRONG-STAGE")
    order(state, ANA, 'play("Child")')
    reject(state, ANA, 'play("Adult")', "E-WRONG-STAGE")
    order(state, ANA, 'play("Teen")')
    order(state, ANA, 'play("Adult")')
    assert state["stage"] == "adult"
    assert [e["card"] for e in state["timeline"]] == ["Baby", "Child", "Teen", "Adult"]
    state["turn"]["used"] = 0
    reject(state, ANA, 'play("Adult")', "E-WRONG-STAGE")


def test_r24_an_age_card_pays_its_player_for_the_events_of_the_stage_just_ended():
    """Cards, Age Cards: for each event on the card that the CP lived since the last stage,
    the player of the new Age card takes its counters (once, however often it happened);
    events of earlier stages pay nothing."""
    state = arrange(new_state(), stage="teen", hands={BEN: ["Adult"]}, player=BEN,
                    history={"child": ["traveled", "injured"],
                             "teen": ["injured", "injured", "partied", "graduated"]})
    order(state, BEN, 'play("Adult")')
    assert counters_of(state, BEN) == (2, 2), "graduated +2 H; injured +1 S; partied +1 S"
    assert state["history"]["adult"] == []


@pytest.mark.parametrize("age, before", [("Child", "baby"), ("Teen", "child"),
                                         ("Senior", "adult")])
def test_r24b_growing_up_pays_its_player_one_counter_of_their_goal(age, before):
    """Cards, Age Cards (our reconstruction, rebalanced by measure: RULES.md, Assumptions):
    the Child, Teen and Senior cards also pay their player one counter of their own goal's
    kind for the CP growing up, whatever the stage held, so the next Age card is worth
    playing to either goal; the Adult card pays only its events (the Travel example)."""
    for goal in ("happiness", "sadness"):
        state = arrange(new_state(), stage=before, hands={BEN: [age]}, player=BEN,
                        goals={BEN: goal})
        order(state, BEN, f'play("{age}")')
        assert counters_of(state, BEN) == ((1, 0) if goal == "happiness" else (0, 1))
    state = arrange(new_state(), stage="teen", hands={BEN: ["Adult"]}, player=BEN)
    order(state, BEN, 'play("Adult")')
    assert counters_of(state, BEN) == (0, 0), "the Adult pays for events only"


@pytest.mark.parametrize("stage", stages())
def test_r25_event_cards_read_the_line_of_the_current_stage(stage):
    """Cards, Event Cards: played at any stage; the line across from the CP's stage is read
    and the player takes its counters."""
    state = arrange(new_state(), stage=stage, hands={ANA: ["Accident", "Vacation"]},
                    player=ANA)
    order(state, ANA, 'play("Vacation")')
    line = card("Vacation")["effects"][0][1][stage]
    assert counters_of(state, ANA) == (line["gain"]["happiness"], line["gain"]["sadness"])
    assert state["history"][stage] == ["traveled"]
    assert state["timeline"][-1] == {"card": "Vacation", "stage": stage, "above": []}


def test_r26_special_cards_place_themselves_spouse_above_the_adult_and_remarriage():
    """Cards, Special Cards / Other Small Reminders: Spouse goes above the Adult card; a
    second Spouse goes on the first and its player collects "the counter" again, one (the CP
    remarried); Travel only in its stages."""
    state = arrange(new_state(), stage="teen", hands={ANA: ["Spouse", "Adult", "Spouse"]},
                    player=ANA)
    reject(state, ANA, 'play("Spouse")', "E-WRONG-STAGE")
    order(state, ANA, 'play("Adult")')
    order(state, ANA, 'play("Spouse")')
    adult = state["timeline"][-1]
    assert adult["card"] == "Adult" and adult["above"] == ["Spouse"]
    order(state, ANA, 'play("Spouse")')
    assert adult["above"] == ["Spouse", "Spouse"] and counters_of(state, ANA) == (2, 0), \
        "each Spouse pays the counter: one happiness"
    assert "remarried" in state["log"][-1]["text"]
    state = arrange(new_state(), hands={ANA: ["Travel"]}, player=ANA)
    reject(state, ANA, 'play("Travel")', "E-WRONG-STAGE")


def test_r26b_spouse_pays_the_counter_of_the_kind_its_player_names():
    """Other Small Reminders: a Spouse's player "collect[s] the counter", of no stated kind: one
    counter of the kind its player names, their goal's unless they name one (RULES.md,
    Assumptions), so a marriage, and then a Divorce, is worth playing on a Terrible Life too."""
    state = arrange(new_state(), stage="adult", hands={ANA: ["Spouse", "Spouse", "Divorce"]},
                    goals={ANA: "sadness"}, player=ANA)
    order(state, ANA, 'play("Spouse")')
    assert counters_of(state, ANA) == (0, 1), "a Terrible Life's Spouse pays 1 sadness"
    order(state, ANA, 'play("Spouse", happiness)')
    assert counters_of(state, ANA) == (1, 1), "the kind named is the kind paid"
    order(state, ANA, 'play("Divorce")')
    assert counters_of(state, ANA) == (1, 4)
    state = arrange(new_state(), stage="adult", hands={ANA: ["Spouse"]},
                    goals={ANA: "happiness"}, player=ANA)
    order(state, ANA, 'play("Spouse")')
    assert counters_of(state, ANA) == (1, 0), "a Happy Life's Spouse pays 1 happiness"
    assert 'play("Spouse", sadness)' in legal(
        arrange(new_state(), stage="adult", hands={ANA: ["Spouse"]}, goals={ANA: "happiness"},
                player=ANA), ANA), "the other kind is listed as a choice"


def test_r27_special_cards_with_requirements():
    """Cards, Special Cards: each card's own requirements: Graduation needs a CP who studied
    (and costs a counter); Divorce needs a married CP, and a Spouse after a Divorce marries
    the CP again."""
    state = arrange(new_state(), stage="teen", hands={ANA: ["Graduation", "School Days"]},
                    counters={ANA: {"happiness": 2}}, player=ANA)
    reject(state, ANA, 'play("Graduation")', "E-NOT-MET")
    order(state, ANA, 'play("School Days")')
    order(state, ANA, 'play("Graduation")')
    assert counters_of(state, ANA) == (4, 1), "paid 1 happiness, took 3"
    state = arrange(new_state(), stage="adult", hands={ANA: ["Divorce", "Spouse", "Spouse"]},
                    player=ANA)
    reject(state, ANA, 'play("Divorce")', "E-NOT-MET")
    order(state, ANA, 'play("Spouse")')
    order(state, ANA, 'play("Divorce")')
    assert state["history"]["adult"] == ["married", "divorced"]
    state["turn"]["used"] = 0
    reject(state, ANA, 'play("Divorce")', "E-NOT-HELD")
    order(state, ANA, 'play("Spouse")')


def test_r28_an_item_is_a_card_you_play_on_your_turn_as_an_action():
    """What's in a Turn? / Actions!, Play a Card: playing a card from hand or Item Pouch is an
    action, an Item too ("to affect other played cards"). Played by order, the Item lies face
    up and alters the next card played this turn that it can (Item Cards: "played immediately
    when another is played"); one that altered nothing is discarded when the turn ends."""
    state = arrange(new_state(), stage="adult", hands={ANA: ["Spouse", "Neighbor"]},
                    pouches={ANA: ["Wedding Ring", "Umbrella"]}, player=ANA,
                    goals={ANA: "happiness"})
    order(state, ANA, 'play("Wedding Ring")')
    assert state["turn"]["used"] == 1 and state["turn"]["ready"] == ["Wedding Ring"]
    assert state["pouches"][ANA] == ["Umbrella"]
    order(state, ANA, 'play("Neighbor")')
    assert state["turn"]["ready"] == ["Wedding Ring"], "a Ring alters only a Spouse"
    order(state, ANA, 'play("Spouse")')
    assert counters_of(state, ANA) == (3, 0), "Neighbor 1 + the Spouse's 1 doubled"
    assert state["turn"]["ready"] == [] and state["timeline"][-1]["card"] == "Wedding Ring"
    reject(state, ANA, 'play("Umbrella")', "E-NO-ACTIONS")
    reject(state, ANA, 'play_on("Umbrella", "Ben")', "E-NO-TARGET")
    reject(state, ANA, 'react("Bandage", "Injured")', "E-STANDING-ONLY")
    state = arrange(new_state(), hands={ANA: ["Megaphone"]}, player=ANA)
    order(state, ANA, 'play("Megaphone")')
    order(state, ANA, "end_turn", FakeDice())
    assert state["discard"][-1] == "Megaphone" and state["turns"] == 1


def test_r28b_an_item_you_play_on_your_own_turn_is_an_action_by_standing_order_too():
    """What's in a Turn? / Item Cards: on your own turn an Item you play is one of your
    actions, also when your standing react order plays it on your own card (and with no
    action left it does not fire); on another player's turn an Item is free."""
    state = arrange(new_state(), stage="adult", hands={ANA: ["Spouse", "Spouse"]},
                    pouches={ANA: ["Wedding Ring"]}, player=ANA, goals={ANA: "happiness"})
    stand(state, ANA, 'react("Wedding Ring", "Spouse", mine)')
    state["turn"]["used"] = 2
    order(state, ANA, 'play("Spouse")')
    assert state["pouches"][ANA] == ["Wedding Ring"] and counters_of(state, ANA) == (1, 0)
    state = arrange(new_state(), stage="adult", hands={ANA: ["Spouse"]},
                    pouches={ANA: ["Wedding Ring"]}, player=ANA, goals={ANA: "happiness"})
    stand(state, ANA, 'react("Wedding Ring", "Spouse", mine)')
    order(state, ANA, 'play("Spouse")')
    assert state["turn"]["used"] == 2 and counters_of(state, ANA) == (2, 0)
    state = arrange(new_state(), stage="adult", hands={ANA: ["Spouse"], BEN: ["Wedding Ring"]},
                    player=ANA)
    stand(state, BEN, 'react("Wedding Ring")')
    order(state, ANA, 'play("Spouse")')
    assert state["turn"]["used"] == 1 and counters_of(state, ANA) == (2, 0), "Ben's is free"


def test_r28c_a_face_up_item_answers_only_in_its_own_players_place_in_the_asking():
    """Cards, Item Cards (an Item is played as another card is, to change it), with RULES.md,
    Assumptions, the row on playing an Item as an action: an Item its player lays face up on
    their turn waits for a card it can alter for that player, in that player's own place in
    the asking. Ben and Cleo, asked after Ana about her card, never play her face-up Item:
    her Piggy Bank cannot take her own Neighbor's counters, so no one else takes them with
    it, and her Lock, which her own Pickpocket does not touch, keeps no one else's hand. Both
    wait, and go to the discard pile when her turn ends."""
    state = arrange(new_state(), hands={ANA: ["Piggy Bank", "Neighbor", "Lock", "Pickpocket"],
                                        BEN: ["Dog"]},
                    goals={ANA: "happiness", BEN: "happiness", CLEO: "happiness"}, player=ANA)
    order(state, ANA, 'play("Piggy Bank")')
    order(state, ANA, 'play("Neighbor")')
    assert counters_of(state, ANA) == (1, 0), "the Neighbor pays Ana, not a later player"
    assert counters_of(state, BEN) == (0, 0) and counters_of(state, CLEO) == (0, 0)
    assert state["turn"]["ready"] == ["Piggy Bank"]
    state["turn"]["used"] = 0
    order(state, ANA, 'play("Lock")')
    order(state, ANA, 'play_on("Pickpocket", "Ben")', FakeDice(1))
    assert state["hands"][BEN] == [] and "Dog" in state["hands"][ANA], \
        "Ana's own Lock does not guard Ben's hand"
    assert state["turn"]["ready"] == ["Piggy Bank", "Lock"]
    order(state, ANA, "end_turn", FakeDice())
    assert state["discard"][-2:] == ["Piggy Bank", "Lock"]


def test_r29_reactions_fire_in_seat_order_one_item_each_first_standing_that_applies():
    """Cards, Item Cards (our order): the card's player first, then each player to their
    left; each plays at most one Item, the first of their standing react orders that applies
    (an Item they hold that can react); a cancel ends the reactions."""
    state = arrange(new_state(), stage="child", hands={
        ANA: ["Injured", "Party Hat"], BEN: ["Camera", "Bandage", "Lock"], CLEO: ["Bandage"]},
        player=ANA)
    stand(state, BEN, 'react("Camera")', 'react("Lock")', 'react("Bandage", "Injured")',
          'react("Bandage")')
    stand(state, CLEO, 'react("Bandage")')
    stand(state, ANA, 'react("Party Hat")')
    order(state, ANA, 'play("Injured")')
    assert "Bandage" not in state["hands"][BEN] and state["hands"][CLEO] == ["Bandage"]
    assert state["hands"][BEN] == ["Camera", "Lock"], "Camera and Lock cannot react to Injured"
    assert counters_of(state, ANA) == (0, 0) and counters_of(state, BEN) == (1, 0)
    assert state["history"]["child"] == [] and state["discard"][-1] == "Injured"
    assert state["hands"][ANA] == ["Party Hat"], "a Party Hat reacts only to Age cards"


def test_r29a_the_cards_own_player_is_asked_first():
    """Cards, Item Cards (the rulebook gives no order; ours: RULES.md, Assumptions): the
    card's own player may alter it first, as they play it ("enhance your own" plays), then
    each player to their left. Here Ana's Party Hat pays her before Ben's Time Machine sends
    the Child back: asked last, she would get nothing, the asking ended by the rewind."""
    state = arrange(new_state(), hands={ANA: ["Child", "Party Hat"], BEN: ["Time Machine"]},
                    player=ANA, goals={ANA: "happiness", BEN: "happiness"})
    stand(state, ANA, 'react("Party Hat")')
    stand(state, BEN, 'react("Time Machine")')
    order(state, ANA, 'play("Child")', FakeDice())
    assert counters_of(state, ANA) == (1, 0) and state["stage"] == "baby"
    assert [e["card"] for e in state["timeline"][-2:]] == ["Party Hat", "Time Machine"]


def test_r29c_a_reaction_can_say_whose_card_it_answers_and_whether_it_helps_them():
    """Cards, Item Cards ("alter your opponents' plays or enhance your own"): a standing react
    order may name whose card it answers (mine, others, any, a player) and whether the card,
    as it stands, helps or hurts its own player's goal; an Umbrella then flips only what
    helps an opponent, never its owner's own Family Feud."""
    state = arrange(new_state(["Ana", "Ben"]), stage="child", player=ANA,
                    hands={ANA: ["Family Feud", "Party"], BEN: ["Umbrella"]},
                    goals={ANA: "happiness", BEN: "sadness"})
    stand(state, BEN, 'react("Umbrella", "event", others, helps)')
    order(state, ANA, 'play("Family Feud")')
    assert state["hands"][BEN] == ["Umbrella"] and counters_of(state, ANA) == (0, 2), \
        "a Family Feud hurts Ana: Ben's Umbrella stays"
    order(state, ANA, 'play("Party")')
    assert state["hands"][BEN] == [] and counters_of(state, ANA) == (0, 3), "flipped"
    for whose, fires in (("mine", False), ("others", True), ("Ana", True), ("Cleo", False),
                         ("any", True)):
        state = arrange(new_state(), stage="child", player=ANA,
                        hands={ANA: ["Party"], BEN: ["Megaphone"]})
        stand(state, BEN, f'react("Megaphone", "any", {whose})')
        order(state, ANA, 'play("Party")')
        assert (state["hands"][BEN] == []) == fires, whose
    state = arrange(new_state(), stage="child", player=ANA, hands={ANA: ["Party"]},
                    pouches={ANA: ["Megaphone"]}, goals={ANA: "sadness"})
    stand(state, ANA, 'react("Megaphone", "any", mine, helps)')
    order(state, ANA, 'play("Party")')
    assert state["pouches"][ANA] == ["Megaphone"], "Party gives Ana the kind she does not want"


def test_r29b_no_standing_order_no_reaction_and_a_filter_narrows_one():
    """Our default: with no standing react order that applies, nobody plays an Item; a
    react order naming a card or type fires only for it."""
    state = arrange(new_state(), stage="child", hands={
        ANA: ["Party", "Injured"], BEN: ["Umbrella"], CLEO: ["Megaphone"]}, player=ANA)
    stand(state, BEN, 'react("Umbrella", "Accident")')
    order(state, ANA, 'play("Party")')
    assert state["hands"][BEN] == ["Umbrella"] and state["hands"][CLEO] == ["Megaphone"]
    assert counters_of(state, ANA) == (1, 0)
    stand(state, BEN, 'react("Umbrella", "event")')
    order(state, ANA, 'play("Injured")')
    assert state["hands"][BEN] == ["Umbrella"], "Injured is a Special, not an Event"


def test_r29d_a_reaction_for_others_cards_stays_silent_on_its_owners_own_card():
    """Cards, Item Cards ("alter your opponents' plays or enhance your own"; RULES.md,
    Assumptions, the row on whose card a standing react answers): a react order that answers
    `others` never fires on a card its own player plays, on their own turn, while the same
    order still answers the next player's card."""
    state = arrange(new_state(), stage="child", player=BEN,
                    hands={BEN: ["Party", "Megaphone"], CLEO: ["Big Win"]})
    stand(state, BEN, 'react("Megaphone", "any", others)')
    order(state, BEN, 'play("Party")')
    assert state["hands"][BEN] == ["Megaphone"] and counters_of(state, BEN) == (1, 0), \
        "Ben's own Party is not another player's card"
    assert state["turn"]["used"] == 1
    arrange(state, player=CLEO)
    order(state, CLEO, 'play("Big Win")')
    assert state["hands"][BEN] == [] and counters_of(state, CLEO) == (2, 0), "doubled"


def test_r29e_a_card_that_changes_nothing_for_its_player_neither_helps_nor_hurts_them():
    """Cards, Item Cards, with RULES.md, Assumptions, the row on whose card a standing react
    answers (`helps`, `hurts`: what the card does to its own player's goal as it stands): a
    card that moves its player's score by nothing is neither. An Adult card after Teen years
    with no note pays nothing (the Adult has no growing-up base), so a Time Machine waiting
    for another player's card that helps them, or one that hurts them, stays in hand; the
    Teen card, which pays its player a counter for growing up, is sent back."""
    for judged in ("helps", "hurts"):
        state = arrange(new_state(), stage="teen", player=ANA,
                        hands={ANA: ["Adult"], BEN: ["Time Machine"]},
                        goals={ANA: "happiness", BEN: "happiness", CLEO: "happiness"})
        stand(state, BEN, f'react("Time Machine", "any", others, {judged})')
        order(state, ANA, 'play("Adult")', FakeDice())
        assert state["hands"][BEN] == ["Time Machine"], judged
        assert state["stage"] == "adult" and counters_of(state, ANA) == (0, 0), judged
    state = arrange(new_state(), stage="child", player=ANA,
                    hands={ANA: ["Teen"], BEN: ["Time Machine"]},
                    goals={ANA: "happiness", BEN: "happiness", CLEO: "happiness"})
    stand(state, BEN, 'react("Time Machine", "any", others, helps)')
    order(state, ANA, 'play("Teen")', FakeDice())
    assert state["hands"][BEN] == [] and state["stage"] == "child"


def test_r29f_a_pet_its_own_player_chases_away_counts_against_the_card():
    """Cards, Pet Cards (a Pet is worth its counters at the end only if it is still in play;
    a Cat removes a Mouse, a Dog the Cat), with RULES.md, Assumptions, the row on whose card a
    standing react answers (`helps`: the card as it stands raises its player's score): losing
    one's own Pet counts against the card that chases it. Ana's Cat, with her own Mouse in
    front of her, wins her one Pet's counter and loses her another: it does not help her, so
    her Leash, kept for her cards that help her, stays in her pouch and the Mouse goes. With
    Ben's Mouse instead, her Cat helps her, and Ben's Leash, kept for another player's card
    that helps them, keeps his Mouse. Her Dog, with her own Cat in front of her, helps her by
    the Dog's worth less the Cat's."""
    goals = {ANA: "happiness", BEN: "happiness", CLEO: "happiness"}
    state = arrange(new_state(), player=ANA, hands={ANA: ["Cat"]}, pouches={ANA: ["Leash"]},
                    front={ANA: ["Mouse"]}, goals=goals)
    stand(state, ANA, 'react("Leash", "any", mine, helps)')
    order(state, ANA, 'play("Cat")')
    assert state["pouches"][ANA] == ["Leash"] and state["front"][ANA] == ["Cat"]
    assert breakdown(state, ANA)["score"] == 1, "one Pet for another"
    state = arrange(new_state(), player=ANA, hands={ANA: ["Cat"], BEN: ["Leash"]},
                    front={BEN: ["Mouse"]}, goals=goals)
    stand(state, BEN, 'react("Leash", "any", others, helps)')
    order(state, ANA, 'play("Cat")')
    assert state["hands"][BEN] == [] and state["front"][BEN] == ["Mouse"]
    state = arrange(new_state(), player=ANA, front={ANA: ["Cat"]}, goals=goals)
    dog = Play("Dog", ANA, None, None, reward_of(state, ANA, "Dog", None), ANA)
    worth = card("Dog")["worth"]["happiness"] - card("Cat")["worth"]["happiness"]
    assert owner_change(state, dog) == worth


def test_r29g_a_pet_counts_for_its_player_only_in_their_goals_kind():
    """How to Win - Or Lose! (the counters cards give are added after the cancelling; RULES.md,
    Assumptions, the scoring row: they cancel nothing), with the row on whose card a standing
    react answers: a Pet worth happiness is worth nothing to a player on a Terrible Life, so
    playing it neither helps nor hurts them. Ana's Mousetrap, kept for her own cards that hurt
    her, lets her Mouse stay; on a Happy Life her Mouse helps her, and Ben's Mousetrap, kept
    for another player's card that helps them, catches it."""
    state = arrange(new_state(), player=ANA, hands={ANA: ["Mouse"]},
                    pouches={ANA: ["Mousetrap"]}, counters={ANA: {"sadness": 2}},
                    goals={ANA: "sadness", BEN: "sadness", CLEO: "sadness"})
    stand(state, ANA, 'react("Mousetrap", "any", mine, hurts)')
    order(state, ANA, 'play("Mouse")')
    assert state["pouches"][ANA] == ["Mousetrap"] and state["front"][ANA] == ["Mouse"]
    assert breakdown(state, ANA)["score"] == 2, "the Mouse's happiness cancels none of hers"
    state = arrange(new_state(), player=ANA, hands={ANA: ["Mouse"], BEN: ["Mousetrap"]},
                    goals={ANA: "happiness", BEN: "sadness", CLEO: "sadness"})
    stand(state, BEN, 'react("Mousetrap", "any", others, helps)')
    order(state, ANA, 'play("Mouse")')
    assert state["hands"][BEN] == [] and state["front"][ANA] == []


@pytest.mark.parametrize("item, card_, expect", [
    ("Passport", "Travel", {"ANA": (2, 2)}),
    ("Umbrella", "Accident", {"ANA": (2, 0)}),
    ("Megaphone", "Accident", {"ANA": (0, 4)}),
    ("Piggy Bank", "Big Win", {"ANA": (0, 0), "BEN": (1, 0)}),
    ("Camera", "Travel", {"ANA": (1, 1), "BEN": (1, 0)}),
    ("Tissues", "Family Feud", {"ANA": (0, 2), "BEN": (0, 1)}),
])
def test_r30_items_change_the_card_they_react_to(item, card_, expect):
    """Cards, Item Cards: an Item alters the effect of the card it reacts to: double, flip
    (happiness and sadness change places), redirect (its player takes the counters), or a
    bonus for the Item's player; the Item goes to the discard pile."""
    state = arrange(new_state(), stage="child", hands={ANA: [card_], BEN: [item]}, player=ANA)
    stand(state, BEN, f'react("{item}")')
    order(state, ANA, f'play("{card_}")')
    names = {"ANA": ANA, "BEN": BEN}
    for who, pair in expect.items():
        assert counters_of(state, names[who]) == pair, who
    assert item in [e["card"] for e in state["timeline"]] and state["hands"][BEN] == [], \
        "an Item that altered a card goes to the Timeline"


def test_r30b_protect_and_rewind():
    """Cards, Item Cards: a Lock keeps a Pickpocket's hands off its player; a Time Machine
    sends an Age card back into the deck and the CP stays as it was."""
    state = arrange(new_state(), hands={ANA: ["Pickpocket", "Child"], BEN: ["Lock", "Dog"]},
                    player=ANA)
    stand(state, BEN, 'react("Lock")')
    order(state, ANA, 'play_on("Pickpocket", "Ben")', FakeDice())
    assert state["hands"][BEN] == ["Dog"] and state["hands"][ANA] == ["Child"]
    state = arrange(new_state(), hands={ANA: ["Child"], CLEO: ["Time Machine"]}, player=ANA)
    stand(state, CLEO, 'react("Time Machine")')
    order(state, ANA, 'play("Child")', FakeDice())
    assert state["stage"] == "baby" and "Child" in state["deck"]
    assert [e["card"] for e in state["timeline"]] == ["Baby", "Time Machine"]
    assert state["turn"]["used"] == 1


@pytest.mark.parametrize("name", ["Swindle", "Borrow"])
def test_r30c_a_lock_keeps_swindle_and_borrow_off_its_player(name):
    """Cards, Item Cards ("alter the effects of other cards", our Lock: it guards against the
    Interact cards that take from you): Swindle and Borrow played on the Lock's player move
    no counter."""
    state = arrange(new_state(), hands={ANA: [name, "Child"], BEN: ["Lock", "Dog"]},
                    counters={ANA: {"happiness": 2, "sadness": 2},
                              BEN: {"happiness": 3, "sadness": 3}}, player=ANA)
    stand(state, BEN, 'react("Lock")')
    order(state, ANA, f'play_on("{name}", "Ben", happiness)', FakeDice())
    assert counters_of(state, BEN) == (3, 3) and counters_of(state, ANA) == (2, 2), name
    assert "Lock" in [e["card"] for e in state["timeline"]]


def test_r31_an_item_whose_moment_has_passed_is_unusable_and_can_be_swapped():
    """Actions!, Swap what's Unusable: once the CP was Injured, a Bandage can react to
    nothing more and is a missed opportunity: swap it with another card for a counter."""
    state = arrange(new_state(), stage="child", hands={ANA: ["Injured", "Accident"],
                                                       BEN: ["Bandage", "Mouse"]}, player=ANA)
    order(state, ANA, 'play("Injured")')
    stand(state, BEN, 'react("Bandage")')
    order(state, ANA, 'play("Accident")')
    assert state["hands"][BEN] == ["Bandage", "Mouse"]
    state["turn"] = {**state["turn"], "player": BEN, "used": 0}
    order(state, BEN, 'swap("Bandage", "Mouse", happiness)')
    assert counters_of(state, BEN) == (1, 0)


def test_r32_pets_a_cat_chases_a_mouse_a_dog_a_cat_and_they_count_at_the_end():
    """Cards, Pet Cards: Pets are played in front of you and are worth Happiness at the end if
    still in play; a Cat played removes a Mouse in play, a Dog a Cat (a Leash keeps yours)."""
    state = arrange(new_state(), hands={ANA: ["Mouse", "Dog"], BEN: ["Cat", "Leash"]},
                    player=ANA, goals={ANA: "happiness", BEN: "happiness"})
    order(state, ANA, 'play("Mouse")')
    assert state["front"][ANA] == ["Mouse"]
    assert breakdown(state, ANA)["score"] == 1
    state["turn"] = {**state["turn"], "player": BEN}
    order(state, BEN, 'play("Cat")')
    assert state["front"][ANA] == [] and state["discard"][-1] == "Mouse"
    stand(state, BEN, 'react("Leash")')
    state["turn"] = {**state["turn"], "player": ANA}
    order(state, ANA, 'play("Dog")')
    assert state["front"] == {ANA: ["Dog"], BEN: ["Cat"], CLEO: []}
    assert breakdown(state, ANA)["cards"]["happiness"] == card("Dog")["worth"]["happiness"] == 2
    assert breakdown(state, BEN)["cards"]["happiness"] == card("Cat")["worth"]["happiness"] == 1


def test_r33_neighbors_stack_up_to_seven_and_reward_more_and_more():
    """Cards, Neighbor Cards: played in front of you, up to 7; each gives more the more
    Neighbors you have played (1, 1, 2, 2, 3, 3, 4 counters; your goal's kind unless you name
    one)."""
    state = arrange(new_state(), hands={ANA: ["Neighbor"] * 5}, front={ANA: ["Neighbor"] * 2},
                    goals={ANA: "sadness"}, player=ANA)
    order(state, ANA, 'play("Neighbor")')
    assert counters_of(state, ANA) == (0, 2)
    order(state, ANA, 'play("Neighbor", happiness)')
    assert counters_of(state, ANA) == (2, 2) and len(state["front"][ANA]) == 4


def test_r34_interact_cards_steal_cards_and_move_counters():
    """Cards, Interact Cards: steal a card at random (from the hand, or the Item Pouch) or
    swap, take or give counters."""
    state = arrange(new_state(), hands={ANA: ["Pickpocket", "Burglar", "Swindle"],
                                        BEN: ["Cat", "Dog"]}, pouches={BEN: ["Lock"]},
                    counters={ANA: {"sadness": 2}, BEN: {"happiness": 3}}, player=ANA)
    reject(state, ANA, 'play("Pickpocket")', "E-NEEDS-TARGET")
    reject(state, ANA, 'play_on("Pickpocket", "Ana")', "E-YOURSELF")
    reject(state, ANA, 'play_on("Burglar", "Cleo")', "E-NOTHING-TO-TAKE")
    order(state, ANA, 'play_on("Pickpocket", "Ben")', FakeDice(2))
    assert state["hands"][BEN] == ["Cat"] and "Dog" in state["hands"][ANA]
    entry = [e for e in state["log"] if "took a card" in e["text"]][-1]
    assert "Dog" not in entry["text"] and "Dog" in entry["private"][BEN]
    order(state, ANA, 'play_on("Burglar", "ben")', FakeDice(1))
    assert state["pouches"][BEN] == [] and "Lock" in state["hands"][ANA]
    order(state, ANA, 'play_on("Swindle", "Ben", sadness)')
    assert counters_of(state, ANA) == (1, 1) and counters_of(state, BEN) == (2, 1)
    state = arrange(new_state(), hands={ANA: ["Borrow", "Charity"]},
                    counters={ANA: {"sadness": 2}, BEN: {"happiness": 1}}, player=ANA)
    reject(state, ANA, 'play_on("Borrow", "Ben", sadness)', "E-NO-COUNTERS")
    reject(state, ANA, 'play_on("Borrow", "Ben")', "E-NEEDS-KIND")
    order(state, ANA, 'play_on("Borrow", "Ben", happiness)')
    order(state, ANA, 'play_on("Charity", "Ben", sadness)')
    assert counters_of(state, ANA) == (1, 2) and counters_of(state, BEN) == (0, 2), \
        "Charity: Ben takes 2 sadness from the box"
    assert [e["card"] for e in state["timeline"][-2:]] == ["Borrow", "Charity"], \
        "an Interact card played goes to the Timeline, not the discard pile"


def test_r35_volcano_takes_a_card_from_every_hand_and_gifts_pass_one_left():
    """Cards to Consider, Gifts! and Volcano!: they affect every player: the lava takes a
    random card from each hand (a Raincoat keeps yours); Gifts! passes a random card from
    each hand to the player on the left."""
    state = arrange(new_state(), hands={ANA: ["Cat"], BEN: ["Dog", "Raincoat"],
                                        CLEO: ["Mouse"]}, top=["Volcano!"], player=ANA)
    stand(state, BEN, 'react("Raincoat")')
    order(state, ANA, "draw", FakeDice(1, 1))
    assert state["hands"] == {ANA: [], BEN: ["Dog"], CLEO: []}
    assert state["discard"][-2:] == ["Cat", "Mouse"]
    assert [e["card"] for e in state["timeline"][-2:]] == ["Raincoat", "Volcano!"]
    state = arrange(new_state(), hands={ANA: ["Cat"], BEN: ["Dog"], CLEO: ["Mouse"]},
                    top=["Gifts!"], player=ANA)
    order(state, ANA, "draw", FakeDice(1, 1, 1))
    assert state["hands"] == {ANA: ["Mouse"], BEN: ["Cat"], CLEO: ["Dog"]}

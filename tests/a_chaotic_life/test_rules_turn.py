"""Numbered rule tests, part 2: a turn (the A Chaotic Life! rulebook, "What's in a
Turn?", "Actions!", "The Item Pouch & Discard Pile", "Cards to Consider: Early Riser")."""

from __future__ import annotations

from lifegames.a_chaotic_life import GAME, views

from .helpers import (
    ANA,
    BEN,
    FakeDice,
    arrange,
    check_as,
    counters_of,
    legal,
    new_state,
    order,
    orders,
    parse_one,
    play,
    reject,
)


def test_r08_up_to_three_actions_a_turn():
    """What's in a Turn?: up to THREE actions; a fourth is refused."""
    state = arrange(new_state(), hands={ANA: ["Neighbor"] * 4}, player=ANA)
    orders(state, ANA, 'play("Neighbor")\nplay("Neighbor")\nplay("Neighbor")')
    assert state["turn"]["used"] == 3
    error = reject(state, ANA, 'play("Neighbor")', "E-NO-ACTIONS")
    assert "end_turn" in error.hint


def test_r09_early_riser_costs_the_kind_held_most_is_no_action_and_gives_a_fourth():
    """Cards to Consider, Early Riser: pay one counter of the kind you hold most of; you may
    take four actions, and playing Early Riser is not one of them."""
    state = arrange(new_state(), hands={ANA: ["Early Riser"] + ["Neighbor"] * 4},
                    counters={ANA: {"happiness": 1, "sadness": 3}}, player=ANA)
    orders(state, ANA, 'play("Neighbor", sadness)\nplay("Neighbor", sadness)\n'
                       'play("Neighbor", sadness)')
    assert counters_of(state, ANA) == (1, 7)
    order(state, ANA, 'play("Early Riser")')
    assert counters_of(state, ANA) == (1, 6), "it cost one sadness, the kind held most"
    assert state["turn"] == {**state["turn"], "used": 3, "actions": 4}
    order(state, ANA, 'play("Neighbor", sadness)')
    reject(state, ANA, 'play("Neighbor")', "E-NO-ACTIONS")
    assert "Early Riser" in state["discard"]


def test_r10_a_cost_needs_a_counter_and_on_a_tie_the_player_chooses():
    """Other Small Reminders: with no counters a card that costs one cannot be played; with
    equal counts the player chooses which kind to spend."""
    state = arrange(new_state(), hands={ANA: ["Early Riser"]}, player=ANA)
    reject(state, ANA, 'play("Early Riser")', "E-NO-COUNTERS")
    arrange(state, counters={ANA: {"happiness": 2, "sadness": 2}})
    reject(state, ANA, 'play("Early Riser")', "E-CHOOSE-KIND")
    order(state, ANA, 'play("Early Riser", happiness)')
    assert counters_of(state, ANA) == (1, 2)
    state = arrange(new_state(), hands={ANA: ["Early Riser"]},
                    counters={ANA: {"happiness": 3, "sadness": 1}}, player=ANA)
    reject(state, ANA, 'play("Early Riser", sadness)', "E-WRONG-KIND")
    assert 'play("Early Riser")' in legal(state, ANA)


def test_r11_cards_in_the_pouch_act_as_in_hand():
    """The Item Pouch: Items stored there can be played, traded, stolen and so on as if in
    hand: here discarded, swapped and offered from the pouch."""
    state = arrange(new_state(), hands={ANA: ["Mouse"]}, pouches={ANA: ["Bandage", "Lock"]},
                    player=ANA)
    order(state, ANA, 'discard("Lock")')
    assert state["pouches"][ANA] == ["Bandage"] and state["discard"][-1] == "Lock"
    order(state, ANA, 'swap("Bandage", "Mouse", happiness)')
    assert state["pouches"][ANA] == [] and state["removed"] == [[ANA, "Bandage"], [ANA, "Mouse"]]


def test_r12_draw_from_the_deck_or_the_top_of_the_discard_pile():
    """Actions!, Draw: take the top card of the deck or of the discard pile. The deck's card is
    seen by its drawer only; the discard pile is face up."""
    state = arrange(new_state(), hands={ANA: []}, top=["Camera"], discard=["Lock", "Party"],
                    player=ANA)
    order(state, ANA, "draw", FakeDice())
    assert state["hands"][ANA] == ["Camera"]
    entry = state["log"][-1]
    assert "Camera" not in entry["text"] and "Camera" in entry["private"][ANA]
    order(state, ANA, "draw_discard")
    assert state["hands"][ANA] == ["Camera", "Party"] and state["discard"] == ["Lock"]
    assert state["turn"]["used"] == 2


def test_r13_volcano_or_gifts_drawn_is_played_at_once_and_the_action_is_spent():
    """Actions!, Draw: a Volcano! or Gifts! drawn from the deck or the discard pile is played
    at once; the action is spent and there is no second draw."""
    state = arrange(new_state(["Ana", "Ben"]), hands={ANA: ["Lock"], BEN: ["Mouse", "Cat"]},
                    top=["Gifts!"], discard=["Volcano!"], player=ANA)
    order(state, ANA, "draw", FakeDice(1, 2))
    assert state["hands"][ANA] == ["Cat"] and state["hands"][BEN] == ["Mouse", "Lock"]
    assert state["turn"]["used"] == 1 and state["discard"] == ["Volcano!"]
    assert state["timeline"][-1]["card"] == "Gifts!"
    order(state, ANA, "draw_discard", FakeDice(1, 1))
    assert state["hands"][ANA] == [] and state["hands"][BEN] == ["Lock"]
    assert state["discard"][-2:] == ["Cat", "Mouse"]
    assert state["timeline"][-1]["card"] == "Volcano!" and state["turn"]["used"] == 2


def test_r15_claim_a_mini_goal_when_its_requirements_are_met():
    """Actions!, Mini-Goals: claim one whose requirements are met (an action); it is then no
    longer open, and it adds its counters at the end."""
    state = arrange(new_state(), stage="teen", history={"child": ["traveled"]}, player=ANA)
    reject(state, ANA, 'claim("Globetrotter")', "E-NOT-MET")
    state["history"]["teen"].append("traveled")
    order(state, ANA, 'claim("globetrotter")')
    assert state["claimed"][ANA] == ["Globetrotter"] and state["turn"]["used"] == 1
    assert "Globetrotter" not in state["minigoals"]
    error = reject(state, ANA, 'claim("Globetrotter")', "E-CLAIMED")
    assert ANA in error.message
    reject(state, ANA, 'claim("Travel")', "E-UNKNOWN-CARD")


def test_r16_swap_two_item_special_or_pet_cards_for_a_counter_of_your_choice():
    """Actions!, Swap what's Unusable: any two Item, Special or Pet cards from hand or pouch
    for one counter of the player's choice; the cards leave the game face down."""
    state = arrange(new_state(), hands={ANA: ["Bandage", "Death!", "Party", "Neighbor"]},
                    player=ANA)
    reject(state, ANA, 'swap("Bandage", "Party", happiness)', "E-NOT-SWAPPABLE")
    reject(state, ANA, 'swap("Bandage", "Neighbor", happiness)', "E-NOT-SWAPPABLE")
    reject(state, ANA, 'swap("Bandage", "Bandage", happiness)', "E-NOT-HELD")
    order(state, ANA, 'swap("Bandage", "Death!", sadness)')
    assert counters_of(state, ANA) == (0, 1) and len(state["removed"]) == 2
    assert "Bandage" not in state["log"][-1]["text"], "removed face down"


def test_r17_discard_a_card_face_up():
    """Actions!, Discard: one card from hand or pouch, face up on the discard pile."""
    state = arrange(new_state(), hands={ANA: ["Senior"]}, player=ANA)
    order(state, ANA, 'discard("senior")')
    assert state["discard"][-1] == "Senior" and state["turn"]["used"] == 1
    reject(state, ANA, 'discard("Senior")', "E-NOT-HELD")


def test_r18_an_action_may_repeat_and_doing_nothing_is_allowed():
    """What's in a Turn?: the same action may be taken more than once; a player may also do
    nothing at all."""
    state = arrange(new_state(), hands={ANA: ["Senior", "Adult", "Teen"]}, player=ANA)
    orders(state, ANA, 'discard("Senior")\ndiscard("Adult")\ndiscard("Teen")')
    state = arrange(new_state(), player=ANA)
    outcome = play(state, "end_turn")
    assert not outcome.problems and outcome.state["turn"]["player"] == BEN
    assert outcome.state["idle"] == 1


def test_r19_after_the_actions_draw_up_to_five_and_volcano_gifts_drawn_then_are_played():
    """What's in a Turn?: at the end of the turn draw up to the hand limit of 5; a Volcano! or
    Gifts! drawn then is played at once and the drawing goes on."""
    state = arrange(new_state(["Ana", "Ben"]), hands={ANA: ["Lock"], BEN: ["Mouse"]},
                    top=["Party", "Volcano!", "Cat", "Dog", "Vacation", "Injured", "Heartbreak"],
                    player=ANA)
    order(state, ANA, "end_turn", FakeDice(2, 1))
    assert state["hands"][ANA] == ["Lock", "Cat", "Dog", "Vacation", "Injured"]
    assert state["discard"][-2:] == ["Party", "Mouse"]
    assert state["hands"][BEN] == [] and state["turn"]["player"] == BEN


def test_r20_discard_down_to_five_before_the_turn_ends():
    """What's in a Turn?: a hand over the limit is discarded down to 5; discarding down is not
    an action, and no action may follow it."""
    state = arrange(new_state(), hands={ANA: ["Lock", "Cat", "Dog", "Party", "Senior", "Adult",
                                             "Teen"]}, player=ANA)
    order(state, ANA, 'discard_down("Adult")')
    reject(state, ANA, 'discard("Teen")', "E-DISCARDING")
    order(state, ANA, 'discard_down("Teen")')
    reject(state, ANA, 'discard_down("Lock")', "E-NOT-OVER")
    assert state["turn"]["used"] == 0
    order(state, ANA, "end_turn", FakeDice())
    assert len(state["hands"][ANA]) == 5


def test_r20b_a_turn_never_ends_over_the_limit_end_turn_discards_down_by_itself():
    """What's in a Turn?: when the actions are done the player discards down to 5: end_turn
    does what discard_down orders have not, the cards that can no longer be played in this
    life first, then those received last, so a file can end a turn after a draw it cannot
    foresee. No turn ends with more than five cards in hand."""
    full = {ANA: ["Bandage", "Camera"]}  # a pouch with room takes Items first (r20c)
    state = arrange(new_state(), stage="adult", player=ANA, pouches=full,
                    hands={ANA: ["Lock", "Adult", "Dog", "Party", "Senior", "Cat", "Neighbor"]})
    order(state, ANA, 'discard_down("Neighbor")')
    order(state, ANA, "end_turn", FakeDice())
    assert state["discard"][-2:] == ["Neighbor", "Adult"], "a second Adult is never played now"
    assert state["hands"][ANA] == ["Lock", "Dog", "Party", "Senior", "Cat"]
    state = arrange(new_state(), player=ANA, pouches=full,
                    hands={ANA: ["Lock", "Cat", "Dog", "Party", "Senior", "Adult", "Teen"]})
    order(state, ANA, "end_turn", FakeDice())
    assert state["hands"][ANA] == ["Lock", "Cat", "Dog", "Party", "Senior"]
    assert state["turn"]["player"] == BEN


def test_r20c_end_turn_puts_items_in_the_pouch_before_it_discards_and_the_sheet_says_so():
    """The Item Pouch & Discard Pile / What's in a Turn?: the pouch holds two Items outside
    the hand limit and filling it is free until the draw-up, so end_turn moves Items there
    (the last received first) while it has room, and discards only what is still over. The
    sheet says beforehand what end_turn will move and discard."""
    state = arrange(new_state(), player=ANA, pouches={ANA: ["Lock"]},
                    hands={ANA: ["Bandage", "Cat", "Dog", "Party", "Senior", "Teen", "Passport"]})
    forecast = views.own_cards(GAME.knowledge(state, ANA), ANA)
    assert ("Over the hand limit: end_turn will move Passport into your Item Pouch and "
            "discard Teen.") in forecast
    events = order(state, ANA, "end_turn", FakeDice())
    assert state["pouches"][ANA] == ["Lock", "Passport"]
    assert state["discard"][-1] == "Teen"
    assert "Bandage" in state["hands"][ANA]
    assert any("moved Passport into the Item Pouch as the turn ended" in e for e in events)
    moved = next(e for e in state["log"] if "as the turn ended" in e["text"]
                 and "Item Pouch" in e["text"])
    assert "Passport" not in moved["text"], "the others read only that an Item moved"
    within = arrange(new_state(), player=ANA, hands={ANA: ["Bandage", "Cat"]})
    assert "Over the hand limit" not in views.own_cards(within, ANA)


def test_r21_the_pouch_holds_two_items_outside_the_limit_moves_are_free_before_drawing_up():
    """The Item Pouch / What's in a Turn?: two Items, face down, outside the hand limit;
    moving cards "back and forth" between hand and pouch is no action, but not after drawing
    up (end_turn draws up and passes the turn)."""
    state = arrange(new_state(), hands={ANA: ["Lock", "Bandage", "Camera", "Cat", "Dog",
                                             "Party"]}, player=ANA)
    order(state, ANA, 'pouch("Lock")')
    order(state, ANA, 'pouch("Bandage")')
    reject(state, ANA, 'pouch("Camera")', "E-POUCH-FULL")
    reject(state, ANA, 'pouch("Cat")', "E-NOT-ITEM")
    order(state, ANA, 'unpouch("Lock")')
    order(state, ANA, 'pouch("Lock")')  # back and forth, as the rulebook allows
    assert state["turn"]["used"] == 0 and len(state["hands"][ANA]) == 4
    entry = next(e for e in state["log"] if "Bandage" in e["private"].get(ANA, ""))
    assert "Bandage" not in entry["text"]
    order(state, ANA, "end_turn", FakeDice())
    assert len(state["hands"][ANA]) == 5 and len(state["pouches"][ANA]) == 2
    reject(state, ANA, 'unpouch("Lock")', "E-NOT-YOUR-TURN")


def test_r22_a_file_finishes_the_turn_or_stops_after_a_hidden_outcome():
    """On the turn processor: the active player's file must end the turn with end_turn, or
    stop after a draw, a steal or an offer (their outcome is hidden); an empty file waits."""
    state = arrange(new_state(), hands={ANA: ["Neighbor", "Neighbor"]}, player=ANA)
    assert [p.code for p in check_as(state, ANA, 'play("Neighbor")').problems] == [
        "E-TURN-INCOMPLETE"]
    assert [p.code for p in check_as(state, ANA, "").problems] == ["E-TURN-INCOMPLETE"]
    result = check_as(state, ANA, 'play("Neighbor")\ndraw')
    assert not result.problems and "outcome is chance or hidden" in result.effects[-1]
    assert not check_as(state, ANA, 'play("Neighbor")\nend_turn').problems
    assert GAME.ends_file(state, ANA, parse_one("draw"))
    assert not GAME.ends_file(state, ANA, parse_one('play("Neighbor")'))


def test_r22b_a_plan_reads_the_card_just_drawn():
    """Actions!, Draw (the card is the drawer's to see): the fact `drawn` names the card the
    player drew last this turn, so a file can play it in the tick it is drawn; the others'
    view of the fact is empty."""
    state = arrange(new_state(), stage="adult", hands={ANA: []}, top=["Spouse", "Party"],
                    player=ANA)
    outcome = play(state, 'draw()\nif drawn == "Spouse": play($drawn)\ndraw()\n'
                          'if drawn == "Spouse": play("Spouse")\nend_turn()\n')
    assert not outcome.problems, [p.render() for p in outcome.problems]
    assert outcome.executed[ANA] == ["draw()", 'play("Spouse")', "draw()", "end_turn()"]
    assert outcome.state["turn"]["player"] == BEN
    state = arrange(new_state(), hands={ANA: []}, top=["Party"], player=ANA)
    order(state, ANA, "draw", FakeDice())
    assert GAME.facts(state, ANA)["drawn"] == "Party" and GAME.facts(state, BEN)["drawn"] == ""
    assert "Party" not in str(GAME.knowledge(state, BEN)["turn"])


def test_r48b_an_offer_needs_an_action_left():
    """Actions!, Trade: a trade made is one of the turn's actions, so an offer needs one left
    (a declined offer gives it back: it was never spent)."""
    state = arrange(new_state(), hands={ANA: ["Camera"]}, player=ANA)
    state["turn"]["used"] = 3
    reject(state, ANA, 'offer("Ben", "Camera", "nothing")', "E-NO-ACTIONS")

"""What players found on their sheets and in `check`: the legal orders list Items playable on
your own turn, `check` warns of a card that works against its own player's goal, an unknown
card name is answered with the player's own cards (spelled as the cards are), the order
reference says which value lists are examples, and a standing reaction whose Item is gone is
shown as idle."""

from __future__ import annotations

from lifegames.a_chaotic_life import GAME, views
from lifegames.a_chaotic_life.data import names
from lifegames.engine.text.reference import render

from .helpers import ANA, BEN, CLEO, arrange, check_as, legal, new_state, reject, stand

# -- the legal orders: Items on your own turn -----------------------------------------------------


def test_items_in_hand_or_pouch_are_legal_orders_on_your_turn():
    """Actions! "Play a card from their hand or Item Pouch": an Item played on your own turn
    is an action (RULES.md, Items), so the sheet, the template and the language server's
    completion (all read Game.legal_orders) list it, from the hand and from the pouch; with
    no action left, or out of turn, it is not listed."""
    state = arrange(new_state(), hands={ANA: ["Party Hat", "Neighbor"]},
                    pouches={ANA: ["Umbrella"]}, player=ANA)
    mine = legal(state, ANA)
    assert 'play("Party Hat")' in mine and 'play("Umbrella")' in mine
    assert check_as(state, ANA, 'play("Party Hat")\nend_turn\n').problems == []
    sheet = views.orders_text(GAME, GAME.knowledge(state, ANA), ANA)
    assert '  play("Party Hat")' in sheet.split("Legal orders now:")[1]
    assert '# play("Umbrella")' in GAME.order_template(state, ANA)
    state["turn"]["used"] = state["turn"]["actions"]
    assert not any(o.startswith('play("Party Hat"') for o in legal(state, ANA))
    assert legal(arrange(new_state(), hands={BEN: ["Party Hat"]}, player=ANA), BEN) == []


# -- a card that works against its own player ------------------------------------------------------

GOALS = {ANA: "happiness", BEN: "sadness", CLEO: "sadness"}


def warned(state, text: str) -> list[tuple[str, str]]:
    check = check_as(state, ANA, text)
    assert not check.problems, [p.render() for p in check.problems]
    assert check.plan is not None
    return [(w.code, w.source[w.column - 1:w.end_column - 1]) for w in check.plan.warnings]


def test_a_card_certain_to_hurt_its_own_player_is_warned():
    """How to Win: counters of the other kind cancel yours, so a Swindle that gives away your
    goal's kind (1 happiness given, 1 sadness taken, for a Happy Life) or an Event whose line
    at this stage pays only the other kind lowers your score for sure: W-HURTS-OWN, judged as
    a standing react's `hurts` judges (reactions.owner_change). The same card played the other
    way round, or a card that helps, is not warned."""
    state = arrange(new_state(), goals=GOALS, player=ANA,
                    hands={ANA: ["Swindle", "Accident"]},
                    counters={ANA: {"happiness": 2, "sadness": 1},
                              CLEO: {"happiness": 1, "sadness": 2}},
                    stage="child")
    swindle = 'play_on("Swindle", "Cleo", happiness)\nend_turn\n'
    assert warned(state, swindle) == [("W-HURTS-OWN", '"Swindle"')]
    assert warned(state, 'play_on("Swindle", "Cleo", sadness)\nend_turn\n') == []
    check = check_as(state, ANA, swindle)
    assert check.plan is not None and "name sadness instead" in check.plan.warnings[0].hint
    assert warned(state, 'play("Accident")\nend_turn\n') == [("W-HURTS-OWN", '"Accident"')]
    text = views.orders_text(GAME, GAME.knowledge(state, ANA), ANA)
    head, tail = text.split("Legal, but check warns of them")
    assert 'play_on("Swindle", "Cleo", sadness)' in head
    (line,) = [t for t in tail.splitlines() if 'play_on("Swindle", "Cleo", happiness)' in t]
    assert line.endswith("  W-HURTS-OWN")


def test_the_new_warning_does_not_repeat_a_more_precise_one():
    """A Neighbor paid in the wrong kind is W-WRONG-KIND, a Dog chasing your own Cat
    W-CHASES-OWN: each is warned once, by its own code."""
    state = arrange(new_state(), goals=GOALS, player=ANA, hands={ANA: ["Neighbor", "Dog"]},
                    front={ANA: ["Cat"]})
    assert warned(state, 'play("Neighbor", sadness)\nend_turn\n') == [
        ("W-WRONG-KIND", "sadness")]
    assert warned(state, 'play("Dog")\nend_turn\n') == [("W-CHASES-OWN", '"Dog"')]


# -- unknown card names ----------------------------------------------------------------------------


def test_an_unknown_card_is_answered_in_the_cards_spelling_with_your_own_cards_first():
    """Names are not case-sensitive (RULES.md, Order syntax), but the hint spells the card as
    the deck does ("Senior", not "senior"), and lists the player's own hand and pouch rather
    than all 56 names, saying where the full list is."""
    state = arrange(new_state(), hands={ANA: ["Teen", "Neighbor"]}, pouches={ANA: ["Lock"]},
                    player=ANA)
    error = reject(state, ANA, 'play("senoir")', "E-UNKNOWN-CARD")
    assert 'did you mean "Senior"?' in error.hint
    assert "your own cards (hand and pouch): Teen, Neighbor, Lock" in error.hint
    assert f"all {len(names())} cards: python3 play.py orders a-chaotic-life" in error.hint
    assert "Piggy Bank" not in error.hint
    terms = reject(state, ANA, 'offer("Ben", "Lok", "a card")', "E-TERMS")
    assert 'did you mean "Lock"?' in terms.hint and "Piggy Bank" not in terms.hint
    goal = reject(state, ANA, 'claim("block partyy")', "E-UNKNOWN-CARD")
    assert 'did you mean "Block Party"?' in goal.hint
    assert "Globetrotter, Hard Knocks, Block Party" in goal.hint, "a short list is given whole"


# -- the order reference and the standing orders -------------------------------------------------


def test_the_reference_says_which_value_lists_are_examples():
    """`play.py orders a-chaotic-life`: the terms of a trade are any cards and counters, so
    their values are given as examples, not as the set; the players are named by the game."""
    text = render(GAME)
    values = text.split("Values:")[1].split("\n\n")[0]
    lines = {line.split(":")[0].strip(): line for line in values.splitlines() if line.strip()}
    assert "for example" in lines["give"] and "for example" in lines["want"]
    assert "Ana" not in lines["player"]
    assert "a card name" in lines["trigger"]


def test_a_standing_reaction_whose_item_is_gone_is_shown_idle():
    """Items (RULES.md): a standing react stays in force until replaced, but once its Item
    has left your hand and pouch (played, traded, stolen) it cannot fire; the sheet lists it
    apart as idle, so the orders that can fire are plain to see."""
    state = arrange(new_state(), hands={ANA: ["Neighbor"]}, pouches={ANA: ["Lock"]},
                    player=ANA)
    stand(state, ANA, 'react("Umbrella", "any", others, helps)', 'react("Lock")',
          "accept(helps)")
    text = views.standing_text(GAME.knowledge(state, ANA), ANA)
    active, idle = text.split("idle, as you hold none of their Items now")
    assert 'standing react("Lock")' in active and "accept(helps)" in active
    assert "Umbrella" not in active
    assert 'standing react("Umbrella", "any", others, helps)' in idle

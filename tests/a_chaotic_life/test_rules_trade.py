"""Numbered rule tests, part 5: trades (the A Chaotic Life! rulebook, "Actions!,
Trade"): an offer in the active player's file, answered by the other player in their next file
or at once by a standing answer; a trade made is an action, a declined or unanswered one costs
nothing; no trade takes more than one extra tick."""

from __future__ import annotations

from typing import Any

import pytest

from lifegames.a_chaotic_life import GAME
from lifegames.engine.core.contract import OrderError

from .helpers import (
    ANA,
    BEN,
    CLEO,
    FakeDice,
    arrange,
    check_as,
    counters_of,
    new_state,
    order,
    parse_one,
    play,
    reject,
    stand,
)


def _offer_state():
    return arrange(new_state(), hands={ANA: ["Camera", "Senior"], BEN: ["Lock", "Dog"]},
                   counters={ANA: {"sadness": 2}, BEN: {"happiness": 2}}, player=ANA)


def _judging_state(ana: dict[str, int], ben: dict[str, int]) -> dict[str, Any]:
    """Two players with these counters, Ana on a Happy Life to offer, Ben on a Terrible Life
    answering by standing order: accept what helps him, decline the rest."""
    state = arrange(new_state(["Ana", "Ben"]), counters={ANA: ana, BEN: ben},
                    goals={ANA: "happiness", BEN: "sadness"}, player=ANA)
    stand(state, BEN, "accept(helps)", "decline")
    return state


def _offer_ben(state: dict[str, Any], give: str, want: str) -> None:
    """Ana's offer to Ben."""
    order(state, ANA, f'offer("Ben", "{give}", "{want}")')


def test_r43_an_offer_waits_for_the_answer_in_the_other_players_next_file():
    """Actions!, Trade: the offer names the player and the terms; that player is awaited
    next tick; their accept makes the trade, which is one of the offerer's actions."""
    state = _offer_state()
    outcome = play(state, 'offer("Ben", "Camera, 1 sadness", "Lock")')
    assert not outcome.problems
    state = outcome.state
    assert state["offer"]["to"] == BEN and GAME.awaiting(state) == [BEN]
    assert "Camera and 1 sadness counter for Lock" in state["recent"][-2]["text"]
    prompt = GAME.prompt(state, BEN)
    assert prompt is not None and "accept()" in prompt.answers
    reject(state, ANA, "draw", "E-OFFER-PENDING")
    reject(state, BEN, "draw", "E-ANSWER-OFFER")
    state = play(state, "accept").state
    assert state["hands"][ANA] == ["Senior", "Lock"] and state["hands"][BEN] == ["Dog", "Camera"]
    assert counters_of(state, ANA) == (0, 1) and counters_of(state, BEN) == (2, 1)
    assert state["offer"] is None and state["turn"]["used"] == 1
    assert GAME.awaiting(state) == [ANA]


def test_r44_a_declined_offer_costs_no_action():
    """Actions!, Trade: an action is used only if the trade is completed."""
    state = play(_offer_state(), 'offer("Ben", "Camera", "Lock")').state
    state = play(state, "decline").state
    assert state["hands"][ANA] == ["Camera", "Senior"] and state["turn"]["used"] == 0
    assert GAME.awaiting(state) == [ANA]


def test_r45_an_unanswered_offer_lapses_after_one_tick():
    """Our choice: an offer whose player sends an empty file is declined at the end of that
    tick, so no trade takes more than one extra tick."""
    state = play(_offer_state(), 'offer("Ben", "Camera", "Lock")').state
    outcome = play(state, "")
    assert not outcome.problems
    state = outcome.state
    assert state["offer"] is None and GAME.awaiting(state) == [ANA]
    assert "did not answer" in state["recent"][-1]["text"]
    assert state["turn"]["used"] == 0


def test_r46_a_standing_answer_settles_the_offer_at_once():
    """Standing orders: the first of the player's standing accept/decline orders that applies
    answers at once, in the offerer's own tick; accept applies only to an offer the player
    can meet."""
    state = _offer_state()
    stand(state, BEN, 'accept("Dog")', "accept", "decline")
    order(state, ANA, 'offer("Ben", "Camera", "Lock")')
    assert state["offer"] is None and "Lock" in state["hands"][ANA]
    assert state["turn"]["used"] == 1
    state = _offer_state()
    stand(state, BEN, "accept", "decline")
    order(state, ANA, 'offer("Ben", "Camera", "Bandage")')
    assert state["offer"] is None and state["turn"]["used"] == 0, "Ben cannot give a Bandage"
    state = _offer_state()
    stand(state, BEN, 'accept("Dog")')
    order(state, ANA, 'offer("Ben", "Camera", "a card")')
    assert state["hands"][ANA] == ["Senior", "Dog"]


def test_r47_a_card_of_the_answerers_choice_is_seen_only_by_the_two_traders():
    """Actions!, Trade (what a player holds is a secret): an offer may ask for "a card"; the
    answerer names it; the others learn only that a card changed hands."""
    state = play(_offer_state(), 'offer("Ben", "Camera", "a card")').state
    reject(state, BEN, "accept", "E-NAME-A-CARD")
    reject(state, BEN, 'accept("Bandage")', "E-CANT-GIVE")
    state = play(state, 'accept("Dog")').state
    entry = state["recent"][-1]
    assert "Dog" not in entry["text"] and "Dog" in entry["private"][ANA]
    assert "Dog" in entry["private"][BEN] and CLEO not in entry["private"]
    assert state["hands"][ANA] == ["Senior", "Dog"]


def test_r48_offers_are_checked_and_may_end_the_file():
    """Actions!, Trade: the offerer must hold what they give and have an action left; an
    offer ends what check can foresee, so the file may stop after it. After a decline Ana
    may make Ben another offer (test_r48b), but not the very one he declined."""
    state = _offer_state()
    reject(state, ANA, 'offer("Ben", "Bandage", "Lock")', "E-CANT-GIVE")
    reject(state, ANA, 'offer("Ben", "3 sadness", "Lock")', "E-CANT-GIVE")
    reject(state, ANA, 'offer("Ben", "a card", "Lock")', "E-TERMS")
    reject(state, ANA, 'offer("Ben", "nothing", "nothing")', "E-TERMS")
    reject(state, ANA, 'offer("Ben", "Camera", "Lokc")', "E-TERMS")
    reject(state, ANA, 'offer("Zed", "Camera", "Lock")', "E-UNKNOWN-PLAYER")
    result = check_as(state, ANA, 'offer("Ben", "Camera", "Lock")')
    assert not result.problems and "hidden" in result.effects[-1]
    stand(state, BEN, "decline")
    order(state, ANA, 'offer("Ben", "Camera", "Lock")')
    reject(state, ANA, 'offer("Ben", "Camera", "Lock")', "E-OFFERED")
    reject(state, ANA, 'offer("Ben", "camera", "lock")', "E-OFFERED")
    order(state, ANA, 'offer("Cleo", "Camera", "Lock")')
    assert state["offer"]["to"] == CLEO


def test_r48b_a_player_may_make_the_same_player_several_offers_in_a_turn_auction_style():
    """What's in a Turn? (a player may take the same action more than once a turn) and
    Actions!, Trade (held up "auction style", offers fielded; an action is spent only when a
    trade is made): after Ben declines, Ana may bid again to Ben on other terms, as often as
    she likes, at no action; a bid he takes is one of her actions, and Ana may trade with
    him again in the same turn. Only the very terms he declined are not offered again that
    turn (our bound, RULES.md Assumptions); her next turn starts afresh."""
    state = arrange(new_state(), hands={ANA: ["Camera", "Senior", "Neighbor"],
                                        BEN: ["Lock", "Dog"]},
                    counters={ANA: {"sadness": 3}, BEN: {"happiness": 2}}, player=ANA)
    stand(state, BEN, 'accept("Lock")', "decline")
    for give in ("Camera", "Senior", "Camera, Senior"):
        order(state, ANA, f'offer("Ben", "{give}", "2 happiness")')  # Ben holds no such bid
    assert state["turn"]["used"] == 0 and counters_of(state, ANA) == (0, 3)
    assert state["turn"]["offered"] == [BEN] * 3 and len(state["turn"]["declined"]) == 3
    order(state, ANA, 'offer("Ben", "Camera, 1 sadness", "a card")')
    assert state["turn"]["used"] == 1 and "Lock" in state["hands"][ANA], "the fourth bid"
    order(state, ANA, 'offer("Ben", "1 sadness", "Dog")')
    assert state["turn"]["used"] == 1 and "Dog" in state["hands"][BEN], "declined"
    stand(state, BEN, "accept()")
    order(state, ANA, 'offer("Ben", "1 sadness", "1 happiness")')
    order(state, ANA, 'offer("Ben", "1 sadness", "1 happiness")')
    assert state["turn"]["used"] == 3 and counters_of(state, ANA) == (2, 0), "made twice"
    assert state["turn"]["offered"] == [BEN] * 7
    order(state, ANA, "end_turn", FakeDice())
    assert "declined" not in state["turn"] or state["turn"]["declined"] == []


def test_r49_the_offerers_plan_resumes_in_the_tick_that_answers():
    """Actions!, Trade (a trade takes at most one extra tick): the orders after an offer that
    waits for its answer are kept and run in the answer tick, once the answer is in, so the
    offerer's turn ends there and no tick is spent on what was already written."""
    text = ('offer("Ben", "Camera", "Lock")\nif can play("Neighbor")\n  play("Neighbor")\n'
            'endif\nend_turn()\n')
    state = arrange(_offer_state(), hands={ANA: ["Camera", "Senior", "Neighbor"]})
    state = play(state, text).state
    assert state["resume"] == {ANA: 'if can play("Neighbor")\n  play("Neighbor")\nendif\n'
                                    'end_turn()\n'}
    assert not GAME.knowledge(state, BEN).get("resume"), "the plan is Ana's alone"
    outcome = play(state, "accept()")
    assert not outcome.problems
    state = outcome.state
    assert "resume" not in state and state["turn"]["player"] == BEN
    assert outcome.executed[ANA][1:] == ['play("Neighbor")', "end_turn()"]
    assert "Lock" in state["hands"][ANA] and "Neighbor" in state["front"][ANA]
    state = arrange(_offer_state(), hands={ANA: ["Camera", "Senior", "Neighbor"]})
    state = play(play(state, text).state, "").state  # an empty answer declines
    assert state["turn"]["player"] == BEN and "Camera" in state["hands"][ANA]


def test_r50_a_standing_answer_may_accept_only_what_helps_its_players_goal():
    """Actions!, Trade (our standing answers): `accept(helps)` accepts an offer only when the
    counters that change hands raise the answerer's score, so a standing answer never takes
    a trade that hurts its player; `decline` after it settles the rest at once."""
    state = _judging_state({"sadness": 2}, {"happiness": 2})
    _offer_ben(state, "1 sadness", "1 happiness")
    assert counters_of(state, BEN) == (1, 1) and state["turn"]["used"] == 1, "it helps Ben"
    _offer_ben(state, "nothing", "1 sadness")
    assert counters_of(state, BEN) == (1, 1) and state["offer"] is None, "declined"
    with pytest.raises(OrderError) as info:
        GAME.validate(BEN, parse_one("accept(joy)"))
    assert info.value.code == "E-UNKNOWN-JUDGE"


def test_r50b_accept_helps_counts_the_counters_of_the_other_kind_which_cancel():
    """How to Win - Or Lose! (one counter of each kind cancels one of the other), with
    RULES.md, Assumptions, the trade row (`accept(helps)` takes only what raises your score):
    the counters of the kind opposite to the answerer's goal count against a trade that
    brings them, and for one that takes them away. Ben, on a Terrible Life, turns down 1
    sadness and 2 happiness for nothing (one more cancelled than gained), takes 2 sadness and
    1 happiness for nothing, and takes an offer that only asks for his 1 happiness."""
    state = _judging_state({"happiness": 3, "sadness": 3}, {"happiness": 1})
    _offer_ben(state, "1 sadness, 2 happiness", "nothing")
    assert counters_of(state, BEN) == (1, 0) and state["turn"]["used"] == 0, "declined"
    _offer_ben(state, "2 sadness, 1 happiness", "nothing")
    assert counters_of(state, BEN) == (2, 2) and state["turn"]["used"] == 1, "it helps Ben"
    _offer_ben(state, "nothing", "1 happiness")
    assert counters_of(state, BEN) == (1, 2) and state["turn"]["used"] == 2, "so does this"

"""The game's side of seats, plans, standing orders and absence (notes/newgame.md): knowledge,
validate, facts, standing_commands, absent_orders and turns, tested directly."""

from __future__ import annotations

import json

import pytest

from lifegames.a_chaotic_life import GAME
from lifegames.a_chaotic_life.data import HIDDEN, names
from lifegames.engine.core.contract import OrderError
from lifegames.engine.core.dice import Dice
from lifegames.engine.files.data import load_yaml

from .helpers import (
    ANA,
    BEN,
    CLEO,
    FakeDice,
    arrange,
    check_as,
    new_state,
    order,
    parse_one,
    play,
    reject,
    stand,
)


def _secret_state():
    state = arrange(new_state(), hands={ANA: ["Camera", "Neighbor"], BEN: ["Medicine", "Dog"],
                                        CLEO: ["Wedding Ring"]},
                    pouches={BEN: ["Passport"]}, player=ANA)
    stand(state, BEN, 'react("Medicine")')
    state["removed"] = []
    return state


def test_knowledge_hides_other_hands_pouches_the_deck_and_their_standing_orders():
    state = _secret_state()
    known = GAME.knowledge(state, ANA)
    assert known["hands"][ANA] == ["Camera", "Neighbor"]
    assert known["hands"][BEN] == [HIDDEN, HIDDEN] and known["pouches"][BEN] == [HIDDEN]
    assert known["hands"][CLEO] == [HIDDEN] and set(known["deck"]) == {HIDDEN}
    assert len(known["deck"]) == len(state["deck"])
    assert BEN not in known.get("standing", {})
    text = json.dumps(known)
    for secret in ("Medicine", "Dog", "Passport", "Wedding Ring"):
        assert secret not in text, secret
    assert json.loads(text) == known


def test_knowledge_keeps_only_the_players_own_private_log_lines():
    state = arrange(new_state(), hands={ANA: ["Pickpocket"], BEN: ["Dog"]}, player=ANA)
    order(state, ANA, 'play_on("Pickpocket", "Ben")', FakeDice(1))
    assert "Dog" in json.dumps(GAME.knowledge(state, ANA)["log"])
    assert "Dog" in json.dumps(GAME.knowledge(state, BEN)["log"])
    assert "Dog" not in json.dumps(GAME.knowledge(state, CLEO))


def test_act_runs_a_players_orders_on_their_knowledge():
    """check runs a file on the player's copy: draws and steals take face-down cards, an
    answer takes the offerer's face-down cards, and an order that needs a card still face
    down is refused with E-HIDDEN."""
    state = _secret_state()
    known = GAME.knowledge(state, ANA)
    GAME.act(known, ANA, parse_one("draw"), Dice(1, 1))
    assert known["hands"][ANA] == ["Camera", "Neighbor", HIDDEN]
    with pytest.raises(OrderError) as info:
        GAME.act(known, ANA, parse_one('discard("Lock")'), Dice(1, 1))
    assert info.value.code == "E-HIDDEN"
    state = play(_secret_state(), 'offer("Ben", "Camera", "Dog")').state
    known = GAME.knowledge(state, BEN)
    GAME.act(known, BEN, parse_one("accept"), Dice(1, 1))
    assert "Camera" in known["hands"][BEN] and known["hands"][ANA] == [HIDDEN, "Dog"]


def test_check_on_knowledge_never_fires_another_players_hidden_reaction():
    state = arrange(_secret_state(), stage="senior", hands={ANA: ["Death!"]})
    result = check_as(state, ANA, 'play("Death!")')
    assert not result.problems
    assert "Medicine" not in " ".join(result.effects)
    outcome = play(state, 'play("Death!")')
    assert not outcome.problems, "a hidden reaction lets the file stop short of end_turn"
    state = outcome.state
    assert not state["over"] and state["timeline"][-1]["card"] == "Medicine", \
        "the tick: Medicine fires"
    assert GAME.awaiting(state) == [ANA], "Ana's turn goes on next tick"


@pytest.mark.parametrize("text, code, arg", [
    ('play("Travle")', "E-UNKNOWN-CARD", "card"),
    ('play("Neighbor", joy)', "E-UNKNOWN-KIND", "kind"),
    ('offer("Ben", "Camera", "3 joy")', "E-TERMS", "want"),
    ('offer("Ben", "a card", "Lock")', "E-TERMS", "give"),
    ('claim("Travel")', "E-UNKNOWN-CARD", "goal"),
    ('react("Travel")', "E-UNKNOWN-CARD", "item"),
    ('react("Bandage", "Tuesday")', "E-UNKNOWN-CARD", "trigger"),
    ('swap("Bandage", "Lokc", happiness)', "E-UNKNOWN-CARD", "other"),
    ('accept("Zebra")', "E-UNKNOWN-CARD", "card"),
])
def test_validate_checks_names_without_a_state(text, code, arg):
    with pytest.raises(OrderError) as info:
        GAME.validate(ANA, parse_one(text))
    assert (info.value.code, info.value.arg) == (code, arg)


def test_validate_lets_well_named_orders_through():
    for text in ('play("Neighbor", sad)', 'offer("Ben", "Camera, 2 hc", "a card")',
                 'react("Bandage", "Injured")', 'react("Umbrella", "event")', "decline",
                 'swap("Bandage", "Death!", "happiness")', "end_turn", "draw"):
        GAME.validate(ANA, parse_one(text))


def test_facts_are_documented_and_of_plain_types():
    documented = load_yaml("a_chaotic_life", "orders.yaml")["facts"]
    state = _secret_state()
    for player in state["players"]:
        facts = GAME.facts(state, player)
        assert set(facts) == set(documented)
        for name, value in facts.items():
            ok = isinstance(value, (bool, int, str)) or (
                isinstance(value, list) and all(isinstance(v, str) for v in value))
            assert ok, (name, value)
    assert GAME.facts(state, ANA)["my_turn"] and GAME.facts(state, ANA)["actions_left"] == 3
    assert not GAME.facts(state, BEN)["my_turn"] and GAME.facts(state, BEN)["hand_size"] == 2
    assert "Medicine" not in json.dumps(GAME.facts(state, ANA))


def test_standing_commands_and_what_the_game_reads():
    assert GAME.standing_commands == {"react", "accept", "decline"}
    state = _secret_state()
    stand(state, BEN, 'react("Medicine", "Death!")', "decline")
    assert [o.command for o in GAME.standing(state, BEN)] == ["react", "decline"]
    assert [o["item"] for o in GAME.standing(state, BEN, "react")] == ["Medicine"]


def test_absent_orders_end_the_turn_or_decline_and_they_run():
    state = arrange(new_state(), hands={ANA: ["Lock", "Cat", "Dog", "Party", "Senior",
                                             "Adult", "Teen"]}, player=ANA)
    lines = GAME.absent_orders(state, ANA)
    assert lines == ["end_turn()"], "end_turn discards down by itself"
    assert GAME.absent_orders(state, BEN) == []
    outcome = play(state, "\n".join(lines))
    assert not outcome.problems and outcome.state["turn"]["player"] == BEN
    state = play(_secret_state(), 'offer("Ben", "Camera", "Dog")').state
    assert GAME.absent_orders(state, BEN) == ["decline()"]
    assert GAME.absent_orders(state, ANA) == []
    state = play(state, "decline()").state
    assert state["offer"] is None and GAME.absent_policy


def test_turns_counts_player_turns():
    state = new_state()
    assert GAME.turns(state) == 0
    state = play(state, "end_turn").state
    state = play(state, "end_turn").state
    assert GAME.turns(state) == 2 and state["tick"] == 2


def test_a_standing_react_order_must_name_an_item():
    state = arrange(new_state(), hands={ANA: ["Camera"]}, player=ANA)
    reject(state, ANA, 'react("Camera")', "E-STANDING-ONLY")
    assert all(n in names() for n in ("Bandage", "Medicine"))

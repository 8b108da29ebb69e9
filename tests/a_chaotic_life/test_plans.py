"""The game's side of seats, plans, standing orders and absence (notes/newgame.md): knowledge,
validate, facts, standing_commands, absent_orders and turns, tested directly."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from lifegames.a_chaotic_life import GAME
from lifegames.a_chaotic_life.data import HIDDEN, names
from lifegames.cli import cli
from lifegames.engine.core.contract import OrderError
from lifegames.engine.core.dice import Dice
from lifegames.engine.core.turn import count_orders
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


def cli_run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, f"play.py {' '.join(args)}:\n{result.output}"
    return result.output


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


# -- a plan that runs on after a hidden answer: recorded as written, so it replays -----------

ANSWERED = "# something the file could not foresee happened here; the rest of it, as written:"


def _rewound(text: str) -> tuple[dict, object]:
    """Ana plays Senior with a file `text`; Ben's standing Time Machine rewinds it."""
    state = arrange(new_state(), stage="adult",
                    hands={ANA: ["Senior", "Neighbor", "Death!"], BEN: ["Time Machine"]},
                    player=ANA)
    stand(state, BEN, 'react("Time Machine")')
    outcome = play(state, text)
    assert not outcome.problems, [p.render() for p in outcome.problems]
    assert outcome.state["stage"] == "adult", "the Time Machine undid Senior"
    return state, outcome


def _replayed(state: dict, outcome) -> None:
    """The record of the tick, played as a file from the same start, is the same tick."""
    replay = play(state, "".join(f"{line}\n" for line in outcome.executed[ANA]))
    assert not replay.problems, [p.render() for p in replay.problems]
    assert replay.executed == outcome.executed and replay.state == outcome.state


def test_a_plan_that_ends_after_a_hidden_answer_is_recorded_as_written():
    """A file that ends after an `if` the hidden answer made false: its record keeps the `if`
    (without it, a replay's check sees a turn stopped short: E-TURN-INCOMPLETE)."""
    text = 'play("Senior")\nif can play("Death!"): play("Death!")\n'
    state, outcome = _rewound(text)
    assert outcome.executed[ANA] == ['play("Senior")', ANSWERED,
                                     'if can play("Death!"): play("Death!")']
    assert "TURN-INCOMPLETE" in " ".join(p.code for p in play(state, 'play("Senior")\n').problems)
    _replayed(state, outcome)


def test_a_plan_stopped_after_a_hidden_answer_records_what_ran_as_notes():
    """Orders that ran after the answer are notes under the plan as written; the plan stops at
    the order the answer made impossible, in the tick and in its replay alike."""
    text = 'play("Senior")\nplay("Neighbor")\nplay("Death!")\n'
    state, outcome = _rewound(text)
    assert ANA in outcome.stopped and "Death!" in outcome.stopped[ANA]
    assert outcome.executed[ANA] == [
        'play("Senior")', ANSWERED, 'play("Neighbor")', 'play("Death!")',
        "# of which these orders ran:", '#   play("Neighbor")']
    assert count_orders(outcome.executed[ANA]) == 2
    _replayed(state, outcome)


def test_a_plan_whose_rest_all_ran_after_a_hidden_answer_is_recorded_as_its_orders():
    """A rest of plain orders that all ran says nothing more as written: the record is the
    orders that ran, as for any plan (a plan and its plain orders leave the same folder),
    and it replays."""
    text = 'play("Senior")\nplay("Neighbor")\nend_turn\n'
    state, outcome = _rewound(text)
    assert not outcome.stopped
    assert outcome.executed[ANA] == ['play("Senior")', 'play("Neighbor")', "end_turn()"]
    _replayed(state, outcome)
    plain = play(state, "".join(f"{line}\n" for line in outcome.executed[ANA]))
    assert plain.executed == outcome.executed


def test_a_file_stopped_short_by_a_hidden_answer_replays_from_its_record(tmp_path):
    """The game where a standing Time Machine undid Cleo's Senior at tick 12 (bots playing
    every seat): `verify` replays it, with the seed revealed or not."""
    where = ["--dir", str(tmp_path)]
    seed = ["--seed", "777", "--salt", "7b5012a1a0ba9858b604f30eaeff3618"]
    cli_run("setup", *where, "--game", "a-chaotic-life", "--players", "Ana,Ben,Cleo", *seed)
    for _ in range(12):
        cli_run("bot", "--all", *where)
        cli_run("tick", *where)
    record = (tmp_path / "Cleo" / "executed_orders.txt").read_text(encoding="utf-8")
    assert f'# Tick 12\nplay("Senior")\n{ANSWERED}\n' in record, "the case is not played"
    assert "verified" in cli_run("verify", *where)
    assert "verified" in cli_run("verify", *where, *seed)


def test_a_plan_kept_for_an_answer_after_a_hidden_answer_replays_and_is_kept_again():
    """After the hidden answer the plan offers a trade and waits: the record holds the plan
    as written (which keeps the same rest again in a replay) and the kept rest only as notes."""
    text = 'play("Senior")\noffer("Ben", "Neighbor", "Dog")\nif can play("Death!"): ' \
        'play("Death!")\n'
    state = arrange(new_state(), stage="adult", hands={ANA: ["Senior", "Neighbor", "Death!"],
                                                        BEN: ["Time Machine", "Dog"]},
                    player=ANA)
    stand(state, BEN, 'react("Time Machine")')
    outcome = play(state, text)
    assert not outcome.problems, [p.render() for p in outcome.problems]
    rest = 'if can play("Death!"): play("Death!")'
    assert outcome.state["resume"] == {ANA: f"{rest}\n"}
    assert outcome.executed[ANA] == [
        'play("Senior")', ANSWERED, 'offer("Ben", "Neighbor", "Dog")', rest,
        "# of which these orders ran:", '#   offer("Ben", "Neighbor", "Dog")',
        "# the rest of this plan waits for another player's answer; it runs in the tick it "
        "comes:", f"#   {rest}"]
    assert count_orders(outcome.executed[ANA]) == 2
    _replayed(state, outcome)

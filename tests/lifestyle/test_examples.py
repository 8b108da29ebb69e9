"""The rulebook's worked examples, replayed: Example 1 (Niko), Example 2 (Sandro), and the
Scoring Example (143 points). Dice are fixed with FakeDice; the first two examples are played
both order by order and as order files through the engine's tick."""

from __future__ import annotations

import pytest

from lifegames.engine.core import turn
from lifegames.lifestyle import GAME
from lifegames.lifestyle.actions import new_turn
from lifegames.lifestyle.model import breakdown, score

from .helpers import FakeDice, arrange, check_invariants, new_state, order, play

NIKO, SANDRO = "Niko", "Sandro"


def niko_state():
    """Niko's turn: a Cat and a Scooter in his dice zone, Cycling in his points zone."""
    return arrange(new_state([NIKO, SANDRO]),
                   Niko={"dice": ["Cat", "Scooter"], "points": ["Cycling"], "tokens": 0})


def sandro_state():
    """Sandro's turn: a Manager in his dice zone and one token."""
    state = arrange(new_state([NIKO, SANDRO]), Sandro={"dice": ["Manager"], "tokens": 1})
    state["turn"] = new_turn(SANDRO, 2)
    return state


def test_example_1_niko_meets_the_cat_then_the_scooter_with_cycling():
    """Example 1: a) the Cat, rolled 7, is met; b) the Scooter, rolled 1, is raised to 2 with
    Cycling and met; c) both move to the points zone and the Cat earns a token."""
    state = niko_state()
    pool = state["pool"]
    order(state, NIKO, 'roll("Cat")', FakeDice(3, 4))
    assert "meets it" in GAME.prompt(state, NIKO).text
    order(state, NIKO, "accept")
    order(state, NIKO, 'roll("Scooter")', FakeDice(1))
    assert "does NOT meet it" in GAME.prompt(state, NIKO).text
    assert 'use("Cycling", 1)' in GAME.prompt(state, NIKO).answers
    order(state, NIKO, 'use("Cycling", 1)')
    assert state["turn"]["roll"]["dice"] == [2]
    order(state, NIKO, "accept")
    niko = state["seats"][NIKO]
    assert niko["dice"] == [] and sorted(niko["points"]) == ["Cat", "Cycling", "Scooter"]
    assert niko["tokens"] == 1 and state["pool"] == pool - 1
    assert GAME.awaiting(state) == [SANDRO]


def test_example_2_sandro_misses_the_manager_twice_botches_and_discards_it():
    """Example 2: a) the Manager, rolled 4, is not enough; b) one token rerolls it: 5, missed
    again; c) Sandro accepts the botch, earns one token and discards the Manager."""
    state = sandro_state()
    order(state, SANDRO, 'roll("Manager")', FakeDice(4))
    order(state, SANDRO, "reroll(1)", FakeDice(5))
    assert state["seats"][SANDRO]["tokens"] == 0
    order(state, SANDRO, "accept")
    assert state["seats"][SANDRO]["tokens"] == 1
    order(state, SANDRO, 'discard("Manager")')
    order(state, SANDRO, "end_turn")
    assert state["seats"][SANDRO]["dice"] == [] and state["discard"] == ["Manager"]
    assert GAME.awaiting(state) == [NIKO]


@pytest.fixture
def fixed_dice(monkeypatch):
    """Make every tick's dice roll the listed faces (each check and each tick starts afresh)."""
    faces: list[int] = []

    def fake(seed, state):
        return FakeDice(*faces)

    monkeypatch.setattr(turn, "tick_dice", fake)
    return faces


def tick(state, text, faces, fixed_dice):
    fixed_dice[:] = faces
    outcome = play(state, text)
    assert not outcome.problems, [p.render() for p in outcome.problems]
    check_invariants(outcome.state)
    return outcome.state


def test_example_1_as_order_files_over_three_ticks(fixed_dice):
    """Example 1 on the turn processor: each roll ends a file and is answered the next tick."""
    state = niko_state()
    state = tick(state, 'roll("Cat")\n', [3, 4], fixed_dice)
    assert GAME.awaiting(state) == [NIKO] and state["turn"]["roll"]["dice"] == [3, 4]
    state = tick(state, 'accept\nroll("Scooter")\n', [1], fixed_dice)
    state = tick(state, 'use("Cycling", 1)\naccept\n', [], fixed_dice)
    assert state["seats"][NIKO]["tokens"] == 1 and GAME.awaiting(state) == [SANDRO]
    assert state["tick"] == 3


def test_example_2_as_order_files_over_three_ticks(fixed_dice):
    state = sandro_state()
    state = tick(state, 'roll("Manager")\n', [4], fixed_dice)
    state = tick(state, "reroll(1)\n", [5], fixed_dice)
    state = tick(state, 'accept\ndiscard("Manager")\nend_turn\n', [], fixed_dice)
    assert state["seats"][SANDRO]["tokens"] == 1 and state["discard"] == ["Manager"]


SANDRO_POINTS = [
    "Cat", "Dog", "Goldfish", "Cat", "Dog", "Goldfish", "Love (Animals)",
    "Cabin", "Cottage", "Bungalow", "Townhouse", "Farmhouse", "Beach House", "Chalet", "Villa",
    "Manager", "Love (Jobs)", "Rolls-Royce", "Scooter", "Running", "Cycling",
]


def test_scoring_example_comes_to_143():
    """Scoring Example: two Pet sets doubled 40, eight Houses 64, the Manager with two full
    sets doubled 28, the Cars 10 + 1 = 11, Sports nothing: 143."""
    parts = breakdown(SANDRO_POINTS)
    assert parts["pets"]["points"] == 40
    assert parts["houses"]["points"] == 64
    assert parts["jobs"]["points"] == 28
    assert parts["cars"]["points"] == 11
    assert parts["sports"]["points"] == 0
    assert parts["total"] == score(SANDRO_POINTS) == 143
    assert "doubled by Love (Animals)" in parts["pets"]["detail"]
    assert "Manager: 7 x 2 full sets" in parts["jobs"]["detail"]


def test_scoring_example_on_the_sheet():
    state = arrange(new_state([NIKO, SANDRO]), display=[None] * 9,
                    Sandro={"points": SANDRO_POINTS})
    sheet = GAME.views(state, NIKO)["niko_sheet.txt"]
    assert "    total    143" in sheet
    assert GAME.public_state(state)["seats"][SANDRO]["score"] == 143


def test_example_1_as_one_plan_in_one_tick(fixed_dice):
    """Example 1 written as a plan: the same rolls, the same end, in a single tick."""
    plan = ('roll("Cat")\naccept\nroll("Scooter")\n'
            'if not met: use("Cycling", $plus_one_die)\naccept\n')
    state = tick(niko_state(), plan, [3, 4, 1], fixed_dice)
    stepwise = niko_state()
    for text, faces in (('roll("Cat")\n', [3, 4]), ('accept\nroll("Scooter")\n', [1]),
                        ('use("Cycling", 1)\naccept\n', [])):
        stepwise = tick(stepwise, text, faces, fixed_dice)
    assert state["tick"] == 1 and stepwise["tick"] == 3
    assert state["seats"] == stepwise["seats"] and state["pool"] == stepwise["pool"]
    assert GAME.awaiting(state) == [SANDRO]


def test_example_2_as_one_plan_in_one_tick(fixed_dice):
    """Example 2 written as a plan: reroll while it misses and a token is left, then accept;
    after the botch discard the Manager and end the turn; one tick."""
    plan = ('roll("Manager")\nwhile not met and tokens > 0: reroll(1)\naccept\n'
            'if botched\ndiscard("Manager")\nend_turn\nendif\n')
    state = tick(sandro_state(), plan, [4, 5], fixed_dice)
    assert state["tick"] == 1 and state["discard"] == ["Manager"]
    assert state["seats"][SANDRO]["tokens"] == 1 and GAME.awaiting(state) == [NIKO]

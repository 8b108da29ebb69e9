"""Whole games between bots, solo and two-player: through the engine's own simulate.play_one,
and tick by tick through turn.play_tick with the invariants checked after every tick."""

from __future__ import annotations

import json
import random

import pytest

from lifegames.a_simple_life import GAME
from lifegames.engine.core.bots import choose_orders
from lifegames.engine.core.orders import parse_text
from lifegames.engine.core.simulate import play_one
from lifegames.engine.core.turn import play_tick

from .helpers import check_invariants, new_state


@pytest.mark.parametrize("players", [["Ana"], ["Ana", "Ben"]])
@pytest.mark.parametrize("strategy", ["random", "greedy"])
def test_play_one_whole_games(players, strategy):
    for seed in range(2):
        record = play_one(GAME, seed, [strategy], players=players)
        assert set(record.scores) == set(players)
        assert all(isinstance(v, int) for v in record.scores.values())
        assert record.length >= 10 and record.turns == 10
        if strategy == "greedy":  # a day a plan: at most 1.5 ticks a day
            assert record.ticks <= 15, (players, seed, record.ticks)


@pytest.mark.parametrize("players, strategies, seed", [
    (["Ana"], ["random"], 1), (["Ana"], ["greedy"], 2), (["Ana", "Ben"], ["random"], 3),
    (["Ana", "Ben"], ["greedy", "random"], 4), (["Ana"], ["random"], 5),
])
def test_playout_invariants(players, strategies, seed):
    """No inventory row over its length, no negative stock, every die accounted for, the state
    JSON-exact, only the legal answers while a prompt is pending, and days only go forward."""
    state = new_state(players, ["goals=2"], seed=seed)
    rng = random.Random(seed)
    seat = dict(zip(players, strategies * 2, strict=False))
    day = state["day"]
    while not GAME.is_over(state):
        check_invariants(state)
        assert json.loads(json.dumps(state)) == state
        files = {}
        for player in GAME.awaiting(state):
            prompt = GAME.prompt(state, player)
            if prompt is not None:
                assert list(prompt.answers) == GAME.legal_orders(state, player)
            text = "\n".join(choose_orders(GAME, state, player, seat[player], rng))
            files[player] = parse_text("a_simple_life", text, player)
        outcome = play_tick(GAME, state, files, seed)
        assert not outcome.problems, outcome.problems[0].render()
        state = outcome.state
        assert state["day"] >= day
        day = state["day"]
        assert state["tick"] < 2000
    check_invariants(state)
    assert state["day"] == 10
    for player in players:
        assert GAME.views(state, player)
        assert GAME.legal_orders(state, player) == []


def test_greedy_beats_random():
    greedy = sum(play_one(GAME, s, ["greedy"]).scores["Ana"] for s in range(3))
    rand = sum(play_one(GAME, s, ["random"]).scores["Ana"] for s in range(3))
    assert greedy > rand + 90

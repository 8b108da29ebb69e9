"""Whole games between bots at 2 to 5 players, through the engine's own tick: every tick keeps
all 72 cards and 25 tokens accounted for, legal_orders lists exactly what runs, the state
round-trips through JSON, and no view reveals the draw pile's order."""

from __future__ import annotations

import copy
import json
import random

import pytest

from lifegames.engine.core.bots import choose_orders
from lifegames.engine.core.contract import OrderError
from lifegames.engine.core.dice import Dice
from lifegames.engine.core.orders import parse_text
from lifegames.engine.core.simulate import play_one
from lifegames.engine.core.turn import play_tick
from lifegames.lifestyle import GAME

from .helpers import GRAMMAR, check_invariants, new_state, parse_one


def views_of(state):
    out = {p: GAME.views(state, p) for p in state["players"]}
    out["public"] = json.dumps(GAME.public_state(state), sort_keys=True)
    out["players"] = {p: json.dumps(GAME.player_state(state, p), sort_keys=True)
                      for p in state["players"]}
    return out


def assert_pile_order_hidden(state, rng):
    """Any other order of the same draw pile gives the very same views."""
    if len(set(state["pile"])) < 2:
        return
    shuffled = copy.deepcopy(state)
    while shuffled["pile"] == state["pile"]:
        rng.shuffle(shuffled["pile"])
    assert views_of(shuffled) == views_of(state)


def assert_legal_orders_are_exact(state, player):
    """Each listed order runs; a sample of other well-formed orders does not; and `can ORDER`,
    which asks the command's check alone, says so too (a check refuses all its apply cannot
    carry out)."""
    listed = set(GAME.legal_orders(state, player))
    candidates = listed | {"buy_two()", "refill()", "accept()", "end_turn()", "reroll(1)",
                           "reroll(3)", "take_card(1, 1)", "take_row(2)", "take_column(3)",
                           'roll("Cat")',
                           'use("Cycling", 1)', 'use("Rowing")', 'discard("Dog")'}
    for text in sorted(candidates):
        work = copy.deepcopy(state)
        try:
            GAME.act(work, player, parse_one(text), Dice(1, 1))
            ran = True
        except OrderError:
            ran = False
        assert ran == (text in listed), (text, state["turn"])
        assert GAME.can(state, player, parse_one(text)) == ran, (text, state["turn"])


def playout(players, seed, strategies, deep_every=0):
    rng = random.Random(seed)
    state = new_state(players, seed)
    ticks = 0
    while not GAME.is_over(state):
        (player,) = GAME.awaiting(state)
        if deep_every and ticks % deep_every == 0:
            assert_legal_orders_are_exact(state, player)
            assert_pile_order_hidden(state, rng)
        strategy = strategies[state["players"].index(player) % len(strategies)]
        text = "\n".join(choose_orders(GAME, state, player, strategy, rng))
        outcome = play_tick(GAME, state, {player: parse_text(GRAMMAR, text, player)}, seed)
        assert not outcome.problems, [p.render() for p in outcome.problems]
        state = outcome.state
        check_invariants(state)
        assert json.loads(json.dumps(state)) == state
        ticks += 1
        assert ticks < 3000, "the game does not end"
    return state


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_random_playouts_keep_every_card_and_token(count):
    players = [f"P{i}" for i in range(count)]
    for seed in range(2):
        state = playout(players, 100 * count + seed, ["random", "greedy"], deep_every=7)
        result = GAME.result(state)
        assert result.winners and set(result.scores) == set(players)
        assert state["display"] == [None] * 9 and state["pile"] == []
        assert not state["seats"][state["ended_by"]]["dice"]


def test_play_one_with_greedy_bots_ends_with_winners():
    record = play_one(GAME, 3, ["greedy"], players=["A", "B", "C"])
    assert record.winners and record.length > 10


def test_parse_of_every_legal_order_round_trips_through_canonical():
    state = new_state()
    for text in GAME.legal_orders(state, "Ana"):
        assert parse_one(text).canonical() == text

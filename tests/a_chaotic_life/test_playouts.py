"""Whole games between bots at 2, 3 and 4 players through the engine's own tick, the bots
leaving standing react orders as players would: every tick keeps all 67 cards and 50
counters accounted for and the state JSON-exact; the legal orders all run; and nothing a player
is shown depends on what they may not know (a differential test: the same views from a twin
state whose hidden cards are dealt differently)."""

from __future__ import annotations

import json
import random

import pytest

from lifegames.a_chaotic_life import GAME
from lifegames.a_chaotic_life.bots import equip
from lifegames.engine.core.bots import choose_orders
from lifegames.engine.core.contract import OrderError, clone
from lifegames.engine.core.dice import Dice
from lifegames.engine.core.orders import parse_text
from lifegames.engine.core.resample import resample
from lifegames.engine.core.simulate import play_one
from lifegames.engine.core.turn import play_tick

from ..secrecy.adapters import CHAOTIC
from .helpers import GRAMMAR, check_as, check_invariants, new_state, parse_one


def twin(state, player, rng):
    """The same game as `player` knows it, with every card hidden from them dealt again (the
    engine's resample, from the declaration, as the generic secrecy tests deal them)."""
    return resample(GAME, state, player, rng)


def seen_by(state, player, files):
    out = {f"sheet {k}": v for k, v in GAME.views(state, player).items()}
    out["template"] = GAME.order_template(state, player)
    out["player_state"] = json.dumps(GAME.player_state(state, player), sort_keys=True)
    out["knowledge"] = json.dumps(GAME.knowledge(state, player), sort_keys=True)
    out["status"] = "\n".join(GAME.status_lines(state))
    out["prompt"] = repr(GAME.prompt(state, player))
    out["legal"] = "\n".join(GAME.legal_orders(state, player))
    out["facts"] = json.dumps(GAME.facts(state, player), sort_keys=True)
    if player in GAME.awaiting(state):
        for text in files:
            result = check_as(state, player, text)
            out[f"check {text!r}"] = "\n".join([p.render() for p in result.problems]
                                                + result.effects)
    return out


def probes(state, player):
    """Order files naming cards the others hold: their errors must not tell."""
    return CHAOTIC.probes(state, player)


def assert_hides(state, player, files, rng):
    other = twin(state, player, rng)
    assert seen_by(other, player, files) == seen_by(state, player, files), player


def assert_legal_orders_run(state, player):
    for text in GAME.legal_orders(state, player):
        work = clone(state)
        try:
            GAME.act(work, player, parse_one(text), Dice(7, 7))
        except OrderError as error:  # pragma: no cover - the failure message shows it
            pytest.fail(f"listed order {text!r} was refused: {error.code} {error.message}")


def playout(players, seed, strategies, every=0):
    rng = random.Random(seed)
    state = new_state(players, seed)
    seat = {p: strategies[i % len(strategies)] for i, p in enumerate(players)}
    while not GAME.is_over(state):
        equip(state)
        (player,) = GAME.awaiting(state)
        text = "\n".join(choose_orders(GAME, state, player, seat[player], rng))
        if every and state["tick"] % every == 0:
            assert_legal_orders_run(state, player)
            for viewer in players:
                assert_hides(state, viewer, [text] + probes(state, viewer), rng)
        outcome = play_tick(GAME, state, {player: parse_text(GRAMMAR, text, player)}, seed)
        assert not outcome.problems, [p.render() for p in outcome.problems]
        state = outcome.state
        check_invariants(state)
        assert state["tick"] < 1500, "the game does not end"
    return state


@pytest.mark.parametrize("count, strategies, seed", [
    (2, ["greedy", "random"], 1), (3, ["random"], 2), (4, ["greedy"], 3),
    (2, ["random"], 4), (3, ["greedy", "random"], 5), (4, ["random", "greedy"], 6),
])
def test_whole_games_keep_every_card_and_counter_and_hide_every_secret(count, strategies, seed):
    players = ["Ana", "Ben", "Cleo", "Dan"][:count]
    state = playout(players, seed, strategies, every=4 if seed <= 3 else 0)
    result = GAME.result(state)
    assert result.winners and set(result.scores) == set(players)
    assert state["end"] in ("death", "idle"), "the rulebook's endings: no house rule is set"
    for player in players:
        assert GAME.legal_orders(state, player) == []
        assert GAME.views(state, player)


def test_simulate_plays_whole_games():
    record = play_one(GAME, 3, ["greedy", "random"], players=["A", "B", "C"])
    assert record.winners and record.length > 5


def test_every_legal_order_round_trips_through_its_canonical_spelling():
    state = new_state()
    for player in state["players"]:
        for text in GAME.legal_orders(state, player):
            assert parse_one(text).canonical() == text

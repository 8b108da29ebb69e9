"""Whole games by the greedy bot, for the picture tests: the states of every game, at the start,
on the way and at the end, and the boards of each player at them."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from typing import Any

from lifegames import registry
from lifegames.engine.core import turn
from lifegames.engine.core.bots import choose_orders
from lifegames.engine.core.dice import Dice
from lifegames.engine.core.orders import parse_text

from ..secrecy.adapters import ADAPTERS

State = dict[str, Any]
GAMES = sorted(ADAPTERS)


@cache
def game_states(game_id: str, seed: int = 5, players: tuple[str, ...] = ()) -> tuple[State, ...]:
    """Every state of one whole greedy game (setup first, the end last), by the adapter's
    players or by `players` (one name: a single-player game, where the game has one)."""
    return tuple(_play(game_id, seed, players))


def _play(game_id: str, seed: int, players: tuple[str, ...]) -> Iterator[State]:
    adapter, game = ADAPTERS[game_id], registry.get(game_id)
    state = game.setup(list(players or adapter.players), game.parse_options([], None),
                       Dice(seed, 0))
    state["tick"] = 0
    rng = random.Random(seed)
    yield state
    while not game.is_over(state) and state["tick"] < adapter.max_ticks:
        adapter.prepare(state)
        files = {p: "\n".join(choose_orders(game, state, p, "greedy", rng))
                 for p in game.awaiting(state)}
        parsed = {p: parse_text(game.grammar_name(), text, p) for p, text in files.items()}
        outcome = turn.play_tick(game, state, parsed, seed)
        assert not outcome.problems, [p.render() for p in outcome.problems]
        state = outcome.state
        yield state


def sampled(game_id: str, count: int = 6) -> list[State]:
    """About `count` states spread over the game, the first and the last among them."""
    found = game_states(game_id)
    step = max(1, len(found) // count)
    return list(found[::step]) + [found[-1]]


def boards(game_id: str, state: State) -> dict[str, str]:
    """Each player's board at `state` (as their folder would get it)."""
    return {p: views(game_id, state, p)[f"{p.lower()}_board.svg"]
            for p in ADAPTERS[game_id].players_of(state)}


def views(game_id: str, state: State, player: str) -> dict[str, str]:
    """Every file of `player`'s folder at `state`, by name: the sheet, the board."""
    return dict(registry.get(game_id).views(state, player))

"""The orders worth listing for a Lifestyle player now (`Game.candidates`): the engine keeps those
their rows' checks accept (contract.Game.legal_orders), so the legal orders are the rules' (as
OpenSpiel's legal_actions are), tested with the rules' own checks: no second copy of the rules.
They are used by prompts, error hints, sheets, bots and tests.

The listing order is the bots' hint: takes before rolls before buys; the hardest card first
among rolls; accept, then the Sports cards that change no die at random, then random rerolls
with the most helpful die first.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from ..engine.core.contract import Order
from .data import card
from .model import (
    chance,
    chance_rerolling,
    columns,
    rolling,
    rows,
    sports_left,
    unfulfilled,
)
from .state import BOTCHED, NEXT, ROLLED, START, LifestyleState


@functools.lru_cache(maxsize=4096)
def _order(command: str, **args: int | str) -> Order:
    """The same few hundred candidates come up all game long, so each Order is made once
    (orders are read-only once made, so they are shared)."""
    return Order.make(command, **args)


@functools.cache
def _takes() -> tuple[tuple[range, Order], ...]:
    """Every take the display allows, with the spaces each would take from: a card at each
    space row by row, then each row, then each column."""
    width, height = columns(), rows()
    out = [(range(i, i + 1), Order.make("take_card", row=i // width + 1, column=i % width + 1))
           for i in range(width * height)]
    out += [(range((r - 1) * width, r * width), Order.make("take_row", row=r))
            for r in range(1, height + 1)]
    out += [(range(c - 1, width * height, width), Order.make("take_column", column=c))
            for c in range(1, width + 1)]
    return tuple(out)


def candidates(state: LifestyleState, player: str) -> Iterator[Order]:
    turn = state["turn"]
    if state["over"] or turn["player"] != player:
        return
    phase = turn["phase"]
    if phase == START:
        display = state["display"]
        for spaces, order in _takes():  # those that would take a card
            if any(display[i] for i in spaces):
                yield order
    if phase in (START, NEXT) and state["seats"][player]["dice"]:
        for name in sorted(set(unfulfilled(state, player)), key=lambda n: (chance(n), n)):
            yield _order("roll", card=name)
    if phase == START:
        yield _order("buy_two")
        yield _order("refill")
    if phase == ROLLED:
        yield from _roll_answers(state, player)
    if phase == BOTCHED:
        yield _order("end_turn")
        for name in sorted(set(state["seats"][player]["dice"])):
            yield _order("discard", card=name)


def _roll_answers(state: LifestyleState, player: str) -> Iterator[Order]:
    roll = rolling(state)
    dice = roll["dice"]
    helpful = sorted(range(len(dice)),
                     key=lambda i: (-chance_rerolling(roll["card"], dice, i), i))
    yield _order("accept")
    rerollers: list[Order] = []
    for name in sorted(sports_left(state, player)):
        effect = card(name)["effect"]
        if effect == "plus_one_all":
            yield _order("use", sport=name)
        elif effect == "reroll":
            rerollers.extend(_order("use", sport=name, die=i + 1) for i in helpful)
        else:
            yield from (_order("use", sport=name, die=i + 1) for i in range(len(dice)))
    yield from rerollers
    if state["seats"][player]["tokens"] >= 1:
        yield from (_order("reroll", die=i + 1) for i in helpful)

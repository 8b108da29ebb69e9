"""The orders a Lifestyle player could give now: part of the rules (as OpenSpiel's
legal_actions are), used by prompts, error hints, sheets, bots and tests.

Every candidate is tested with the rules' own checks (checks.py), no second copy of the rules.
The listing order is the bots' hint: takes before rolls before buys; the hardest card first
among rolls; accept, then the Sports cards that change no die at random, then random rerolls
with the most helpful die first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.contract import Order, OrderError, State
from . import checks as r
from .conditions import chance, chance_rerolling
from .data import card


def fake(command: str, **args: Any) -> Order:
    """An Order as the parser would build it, for checks without text."""
    return Order.make(command, **args)


def _ok(check: Callable[[], Any]) -> bool:
    try:
        check()
    except OrderError:
        return False
    return True


def _quoted(name: str) -> str:
    return f'"{name}"'


def legal_orders(state: State, player: str) -> list[str]:
    if state["over"] or state["turn"]["player"] != player:
        return []
    turn = state["turn"]
    phase = turn["phase"]
    out: list[str] = []
    if phase == r.START:
        size = r.rows() * r.columns()
        for index in range(size):
            row, column = index // r.columns() + 1, index % r.columns() + 1
            if state["display"][index]:
                out.append(f"take_card({row}, {column})")
        for row in range(1, r.rows() + 1):
            if _ok(lambda row=row: r._check_take(state, player, fake("take_row", row=row))):
                out.append(f"take_row({row})")
        for column in range(1, r.columns() + 1):
            if _ok(lambda c=column: r._check_take(state, player, fake("take_column", column=c))):
                out.append(f"take_column({column})")
    if phase in (r.START, r.NEXT) and state["seats"][player]["dice"]:
        for name in sorted(set(r.unfulfilled(state, player)), key=lambda n: (chance(n), n)):
            out.append(f"roll({_quoted(name)})")
    if phase == r.START:
        if _ok(lambda: r._check_buy(state, player, "small")):
            out.append("buy_two()")
        if _ok(lambda: r._check_buy(state, player, "refill")):
            out.append("refill()")
    if phase == r.ROLLED:
        out.extend(_roll_answers(state, player))
    if phase == r.BOTCHED:
        out.append("end_turn()")
        for name in sorted(set(state["seats"][player]["dice"])):
            out.append(f"discard({_quoted(name)})")
    return out


def _roll_answers(state: State, player: str) -> list[str]:
    roll = state["turn"]["roll"]
    dice = roll["dice"]
    helpful = sorted(range(len(dice)),
                     key=lambda i: (-chance_rerolling(roll["card"], dice, i), i))
    out = ["accept()"]
    rerollers: list[str] = []
    for name in sorted(r.sports_left(state, player)):
        effect = card(name)["effect"]
        if effect == "plus_one_all":
            out.append(f"use({_quoted(name)})")
        elif effect == "reroll":
            rerollers.extend(f"use({_quoted(name)}, {i + 1})" for i in helpful)
        else:
            out.extend(f"use({_quoted(name)}, {i + 1})" for i in range(len(dice)))
    out.extend(rerollers)
    if state["seats"][player]["tokens"] >= 1:
        out.extend(f"reroll({i + 1})" for i in helpful)
    return out

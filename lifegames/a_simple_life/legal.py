"""The orders a player could give now: part of the rules (as OpenSpiel's legal_actions are),
used by prompts, sheets, bots and tests.

Each candidate is tried with the rules' own verify functions (no second copy of the rules).
While a prompt is pending it lists just the answers. Rerolls of the Available dice are listed as
one per die value plus "all of them" (any other set is legal too).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine.contract import Arg, Order, State, runs
from . import actions, rolls
from .data import rules, sheet
from .sheet import Sheet, me, stock


def fake(command: str, *args: tuple[str, Any]) -> Order:
    return Order(command, tuple(Arg(n, v, 1, 2) for n, v in args), 0, 1, 2, "")


def legal_orders(state: State, player: str) -> list[str]:
    if state["over"]:
        return []
    s = me(state, player)
    if s["day_over"]:
        return []
    pending = s["pending"]
    carrot = stock(s, "carrot") >= 1
    if pending is not None:
        return _answers(s, pending, carrot)
    out: list[str] = []
    if s["town"] is not None:
        for name in sheet()["townsfolk"]:
            if runs(actions.verify_give, s, fake("give", ("townsfolk", name))):
                out.append(f"give({name})")
        for resource in rules()["shop"]["sell"]:
            if runs(actions.verify_sell, s, fake("sell", ("resource", resource))):
                out.append(f"sell({resource})")
        for resource in rules()["shop"]["buy"]:
            if runs(actions.verify_buy, s, fake("buy", ("resource", resource))):
                out.append(f"buy({resource})")
        for tool in sheet()["tools"]:
            if runs(actions.verify_upgrade, s, fake("upgrade", ("tool", tool))):
                out.append(f"upgrade({tool})")
    faces = sorted(set(s["available"]))
    for face in faces:
        columns = range(1, 7) if face == 6 else [face]
        for col in columns:
            order = fake("farm", ("die", face), ("column", col))
            if runs(actions.verify_farm, state, s, order):
                out.append(f"farm({face}, {col})" if face == 6 else f"farm({face})")
    for face in faces:
        if runs(actions.verify_town, state, s, fake("town", ("die", face))):
            out.append(f"town({face})")
    for a, b in _pairs(s["available"]):
        if runs(rolls.verify_mine, state, s, fake("mine", ("die", a), ("other_die", b))):
            out.append(f"mine({a}, {b})")
    for face in faces:
        for row in range(1, len(sheet()["lake"]) + 1):
            if runs(rolls.verify_lake, state, s, fake("lake", ("die", face), ("row", row))):
                out.append(f"lake({face}, {row})")
    out.append("pass")
    if carrot and s["available"]:
        out += [f"reroll({face})" for face in faces]
        if len(s["available"]) > 1:
            out.append("reroll(" + ", ".join(str(v) for v in sorted(s["available"])) + ")")
    return out


def _pairs(available: list[int]) -> list[tuple[int, int]]:
    counts = Counter(available)
    faces = sorted(counts)
    return [(a, b) for i, a in enumerate(faces) for b in faces[i:] if a != b or counts[a] > 1]


def _answers(s: Sheet, pending: dict[str, Any], carrot: bool) -> list[str]:
    if pending["kind"] == "mine":
        out = [f"dig({c}, {r})" for c, r in rolls.reachable(s, pending["dice"])]
        if carrot:
            a, b = pending["dice"]
            out += [f"reroll({a}, {b})"] + [f"reroll({v})" for v in sorted({a, b})]
        return out
    if pending["kind"] == "fight" and pending["face"] is None:
        return ["fight"]
    out = ["accept"]
    if carrot:
        out.append(f"reroll({pending['face']})")
    return out

"""The bots' view of a position (the legal orders they choose among are the rules', in legal.py).

`rank` puts the chance orders (Lake casts, Mines trips) best first, since the greedy bot cannot
look past a roll and takes the first of equally judged orders.

`heuristic` is what the greedy bot maximises: the points on the sheet now, plus what the sheet
promises (goal progress, resources on their way to points, tools, dice still to spend, a Town
visit still open, a pending Mines choice or fight). A die's worth is what a Lake cast or half a
Mines trip is expected to bring, so a deterministic use (Farm, Town) is chosen only when it beats
the rolls; among the rolls the bot takes the first listed, so they are listed best first.
"""

from __future__ import annotations

import functools
from typing import Any

from ..engine.contract import Order, OrderError, State
from . import actions, rolls
from .data import rules, sheet
from .legal import fake
from .scoring import goal_progress, score
from .sheet import Sheet, clone, me, stock

DISCOUNT = 0.8  # a promise is worth a little less than a done deal


ROLLS = ("mine", "lake")


def rank(state: State, player: str, options: list[str]) -> list[str]:
    """The legal orders with the rolls (a contiguous run in legal.py's listing) sorted by what
    they are expected to bring, best first; ties keep the listing order."""
    s = me(state, player)
    if s["pending"] is not None:
        return options
    values = value_table(state, s)

    def worth(text: str) -> float:
        order = parse(text)
        if order.command == "mine":
            return mine_ev(s, values)
        return lake_ev(s, values, order.args[0].value, order.args[1].value)

    rolls = [t for t in options if t.split("(")[0] in ROLLS]
    if not rolls:
        return options
    first = options.index(rolls[0])
    rest = [t for t in options if t.split("(")[0] not in ROLLS]
    ranked = sorted(rolls, key=lambda t: -worth(t))
    return rest[:first] + ranked + rest[first:]


def parse(text: str) -> Order:
    """A legal order's text as an Order with its values (legal.py writes plain numbers)."""
    command, _, inside = text.partition("(")
    values = [int(v) for v in inside.rstrip(")").split(",") if v.strip()]
    return fake(command, *((f"a{i}", v) for i, v in enumerate(values)))


# -- the heuristic ------------------------------------------------------------------------------


def _days_left(state: State) -> float:
    return max(0.0, (state["days"] - state["day"] + 0.5) / state["days"])


def value_table(state: State, s: Sheet) -> dict[str, float]:
    """What one more of each icon is worth to this player now (points plus promise)."""
    goals = _goal_weights(state)
    museum = rules()["score"]["museum"]
    found = sum(s["museum"].values())
    later = _days_left(state)
    values = {
        "carrot": 1.0 + 0.8 * later,
        "flower": 1.0 + 0.8 * later + 1.0 * goals.get("befriend", 0),
        "stone": 1.0 + 0.8 * later + 0.8 * goals.get("tools", 0),
        "coin": 2.0,
        "diamond": 5.0,
        "heart": 5.0,
        "upgrade": 3.0,
        "star": 1.0,
    }
    for fish, points in sheet()["fish"].items():
        values[fish] = 0.0 if s["pond"][fish] else float(points)
    values["Legendary Fish"] += 0 if s["pond"]["Legendary Fish"] else \
        30 * goals.get("legendary", 0)
    step = museum[min(found + 1, 4)] - museum[found]
    for artifact in sheet()["artifacts"]:
        values[artifact] = 0.0 if s["museum"][artifact] else \
            step + 12 * goals.get("artifacts", 0)
    p = hit_chance(s)
    win = 2 + 5 * goals.get("monsters", 0)
    values["monster"] = p * win - (1 - p) * 2
    return values


def hit_chance(s: Sheet) -> float:
    return (7 - rolls.hits_on(s)) / 6


def _goal_weights(state: State) -> dict[str, float]:
    if state["sandbox"]:
        return {}
    return {goal: 1.0 for goal in state["goals"]}


def cell_value(values: dict[str, float], icons: list[str]) -> float:
    return sum(values.get(icon, 0.0) for icon in icons)


def lake_ev(s: Sheet, values: dict[str, float], face: int, row: int) -> float:
    spec = sheet()["lake"][row - 1]
    col = rolls.lake_column(face)
    needed = spec["needs"] - rolls.rod_bonus(s)
    chance = max(0, min(6, 7 - needed)) / 6
    return chance * cell_value(values, spec["cells"][col - 1])


def best_lake(s: Sheet, values: dict[str, float], face: int) -> float:
    col = rolls.lake_column(face)
    best = 0.0
    for row in range(1, len(sheet()["lake"]) + 1):
        if s["lake"][row - 1][col - 1] not in ("check", "cross"):
            best = max(best, lake_ev(s, values, face, row))
    return best


def dig_value(s: Sheet, values: dict[str, float], col: int, row: int) -> float:
    if s["mines"][row - 1][col - 1]:
        return 0.0
    return cell_value(values, sheet()["mines"][row][col - 1])


def best_dig(s: Sheet, values: dict[str, float], faces: list[int]) -> float:
    return max(dig_value(s, values, c, r) for c, r in rolls.reachable(s, faces))


def mine_ev(s: Sheet, values: dict[str, float]) -> float:
    key = (tuple(tuple(r) for r in s["mines"]), s["tools"]["pickaxe"],
           tuple(sorted(values.items())))
    return _mine_ev(key)


@functools.lru_cache(maxsize=4096)
def _mine_ev(key: tuple[Any, ...]) -> float:
    crossed, pickaxe, items = key
    values = dict(items)
    s = {"mines": [list(r) for r in crossed], "tools": {"pickaxe": pickaxe}}
    total = 0.0
    for a in range(1, 7):
        for b in range(1, 7):
            total += max(0.0, best_dig(s, values, [a, b]))
    return total / 36


def _town_candidates() -> list[tuple[Any, Order]]:
    out = [(actions.do_give, fake("give", ("townsfolk", n))) for n in sheet()["townsfolk"]]
    out += [(actions.do_upgrade, fake("upgrade", ("tool", t))) for t in sheet()["tools"]]
    out += [(actions.do_sell, fake("sell", ("resource", r))) for r in rules()["shop"]["sell"]]
    out += [(actions.do_buy, fake("buy", ("resource", r))) for r in rules()["shop"]["buy"]]
    return out


def town_plan(state: State, s: Sheet) -> float:
    """What the open Town visit is worth: the gain of the best one-step-at-a-time sequence
    of Town actions (each tried on a copy of the sheet, judged by `base`)."""
    work = clone(s)
    start = value = base(state, work)
    while work["town"] is not None:
        best, best_value = None, value
        for handler, order in _town_candidates():
            trial = clone(work)
            try:
                handler(state, trial, order)
            except OrderError:
                continue
            trial_value = base(state, trial)
            if trial_value > best_value + 1e-9:
                best, best_value = trial, trial_value
        if best is None:
            break
        work, value = best, best_value
    return value - start


def tool_value(state: State, s: Sheet) -> float:
    later = _days_left(state)
    weights = {"watering_can": 3.0, "pickaxe": 3.0, "fishing_rod": 5.0, "sword": 3.0}
    goals = _goal_weights(state)
    if goals.get("legendary") and not s["pond"]["Legendary Fish"]:
        weights["fishing_rod"] += 12
    if goals.get("monsters"):
        weights["sword"] += 6
    if goals.get("harvest"):
        weights["watering_can"] += 5
    return sum(weights[t] * later * level for t, level in s["tools"].items())


def heuristic(state: State, player: str) -> float:
    s = me(state, player)
    total = base(state, s)
    if s["town"] is not None:
        total += DISCOUNT * town_plan(state, s)
    return total


def base(state: State, s: Sheet) -> float:
    """The heuristic without the open Town visit."""
    values = value_table(state, s)
    total = float(score(s))
    points = rules()["score"]
    for kind in ("carrot", "flower", "stone"):  # their points are in the score already
        total += stock(s, kind) * (values[kind] - points[kind])
    total += tool_value(state, s)
    for goal, weight in _goal_weights(state).items():
        done, needed = goal_progress(s, goal)
        if goal == "befriend":  # count boxes, not just hearts: each give is progress
            done = sum(s["friends"].values())
            needed = sum(spec["boxes"] for spec in sheet()["townsfolk"].values())
        total += weight * (30 * done / needed + (25 if goal in s["done"] else 0))
    later = _days_left(state)
    farm = sheet()["farm"]
    total += 0.5 * later * sum(min(n, len(farm[c + 1])) for c, n in enumerate(s["farm"]))
    for name, spec in sheet()["townsfolk"].items():
        total += s["friends"][name] * (5 + cell_value(values, spec["gift"])) / spec["boxes"] \
            * DISCOUNT * (0 if s["friends"][name] >= spec["boxes"] else 1)
    mine = mine_ev(s, values)
    for face in s["available"]:
        total += DISCOUNT * max(best_lake(s, values, face), mine / 2)
    pending = s["pending"]
    if pending is not None:
        if pending["kind"] == "mine":
            total += DISCOUNT * max(0.0, best_dig(s, values, pending["dice"]))
        elif pending["kind"] == "fight":
            p = hit_chance(s)
            if pending["face"] is None:
                total += pending["left"] * values["monster"]
            else:
                total += (pending["left"] - 1) * values["monster"] - 2 + p * (
                    values["monster"] + 2) - values["carrot"]
        else:
            spec = sheet()["lake"][pending["row"] - 1]
            needed = spec["needs"] - rolls.rod_bonus(s)
            chance = max(0, min(6, 7 - needed)) / 6
            total += chance * cell_value(values, spec["cells"][pending["col"] - 1]) \
                - values["carrot"]
    return total


def plan(state: State, player: str, rng: Any) -> list[str] | None:
    """The greedy bot's whole day as a plan (planner.py)."""
    from .planner import write_plan

    return write_plan(state, player)

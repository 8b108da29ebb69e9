"""The Locations that roll nothing: the Farm, the Town (Town Square, Shop, Blacksmith), passing
and the end of a day; and what every Location shares (spending dice). One `do_*` per order: each
checks everything first and raises OrderError before touching the sheet, then applies the order
and returns what happened. The Lake, the Mines and their prompts are in rolls.py."""

from __future__ import annotations

from typing import Any

from ..engine.contract import Order, OrderError, State
from ..engine.words import counted
from .checks import resource_name, tool_name, townsfolk_name
from .data import rules, sheet
from .sheet import (
    Sheet,
    day_limit,
    gain,
    gains,
    lose,
    need,
    remove_dice,
    room,
    show_dice,
    take_dice,
)

LOCATIONS = ("farm", "lake", "mine", "town")
TOWN_ACTIONS = ("give", "buy", "sell", "upgrade")


# -- shared checks ------------------------------------------------------------------------------


def check_spend(state: State, s: Sheet, count: int) -> None:
    limit = day_limit(state)
    if limit is not None and s["spent"] + count > limit:
        raise OrderError("E-DAY-LIMIT", f"this needs {count} dice, but you have spent "
                         f"{s['spent']} of the {limit} dice a player may spend a day",
                         "choose a cheaper location, or pass to end your day")


def close_town(s: Sheet) -> list[str]:
    town = s["town"]
    if town is None:
        return []
    s["used"].append(town["face"])
    s["town"] = None
    left = f" ({counted(town['left'], 'Town action')} unused)" if town["left"] else ""
    return [f"left the Town{left}"]


def spend(state: State, s: Sheet, values: list[int], order: str) -> list[str]:
    """Take dice out of Available for a location (closing an open Town visit first). The
    sheet keeps `order`, the order they were spent by: the faces that end in Used may be
    rerolled ones, which a player would not recognise."""
    events = close_town(s)
    remove_dice(s, values)
    s["spent"] += len(values)
    s.setdefault("spent_on", []).append(order)
    return events


# -- Farm ---------------------------------------------------------------------------------------


def verify_farm(state: State, s: Sheet, order: Order) -> tuple[int, int]:
    face = order["die"]
    take_dice(s, [face])
    column = order.arg("column")
    col = column.value if column else face
    if not 1 <= col <= 6:
        raise OrderError("E-NO-COLUMN", f"the Farm has columns 1-6, not {col}", "", "column")
    if face != 6 and col != face:
        raise OrderError("E-WRONG-COLUMN", f"a {face} can only check Farm column {face}",
                         f"write farm({face}); only a 6 may choose any column", "column")
    boxes = sheet()["farm"][col]
    if s["farm"][col - 1] >= len(boxes):
        open_cols = [str(c) for c in range(1, 7) if s["farm"][c - 1] < len(sheet()["farm"][c])]
        raise OrderError("E-COLUMN-FULL", f"Farm column {col} is full",
                         f"columns with room: {', '.join(open_cols) or 'none'}",
                         "column" if column else "die")
    check_spend(state, s, rules()["costs"]["farm"])
    return face, col


def do_farm(state: State, s: Sheet, order: Order, dice: Any) -> list[str]:
    face, col = verify_farm(state, s, order)
    events = spend(state, s, [face], f"farm({face}, {col})" if face == 6 else f"farm({face})")
    s["used"].append(face)
    boxes = sheet()["farm"][col]
    checks = 1 + rules()["watering_can_extra"][s["tools"]["watering_can"]]
    done = []
    for _ in range(checks):
        index = s["farm"][col - 1]
        if index >= len(boxes):
            break
        s["farm"][col - 1] += 1
        icon = boxes[index]
        done.append(f"box {index + 1}" + (f" ({gain(s, icon, state['day'])})" if icon else ""))
    events.append(f"Farm column {col} with a {face}: checked {', '.join(done)}")
    return events


# -- Town ---------------------------------------------------------------------------------------


def verify_town(state: State, s: Sheet, order: Order) -> int:
    face = order["die"]
    take_dice(s, [face])
    check_spend(state, s, rules()["costs"]["town"])
    return face


def do_town(state: State, s: Sheet, order: Order) -> list[str]:
    face = verify_town(state, s, order)
    events = spend(state, s, [face], f"town({face})")
    s["town"] = {"face": face, "left": face}
    return events + [f"entered the Town with a {face}: {counted(face, 'action')}"]


def _in_town(s: Sheet) -> None:
    if s["town"] is None:
        raise OrderError("E-NOT-IN-TOWN", "you are not in the Town",
                         "first spend a die on the Town: town(die); its value is your actions")


def _town_used(s: Sheet) -> list[str]:
    s["town"]["left"] -= 1
    if s["town"]["left"] <= 0:
        s["used"].append(s["town"]["face"])
        s["town"] = None
        return ["the action die is used up: your Town visit ends"]
    return []


def verify_give(s: Sheet, order: Order) -> tuple[str, dict[str, Any]]:
    _in_town(s)
    name = townsfolk_name(order)
    spec = sheet()["townsfolk"][name]
    if s["friends"][name] >= spec["boxes"]:
        raise OrderError("E-ALREADY-FRIENDS", f"{name} is already your friend",
                         "give to someone whose heart is not checked yet", "townsfolk")
    need(s, "flower", spec["flowers"], f"a gift for {name}", "townsfolk")
    return name, spec


def do_give(state: State, s: Sheet, order: Order) -> list[str]:
    name, spec = verify_give(s, order)
    lose(s, "flower", spec["flowers"])
    s["friends"][name] += 1
    events = [f"gave {name} {counted(spec['flowers'], 'flower')}: box {s['friends'][name]} of "
              f"{spec['boxes']}"]
    if s["friends"][name] == spec["boxes"]:
        events.append(f"befriended {name}: " + "; ".join(
            gains(s, ["heart", *spec["gift"]], state["day"])))
    return events + _town_used(s)


def verify_buy(s: Sheet, order: Order) -> str:
    _in_town(s)
    resource = resource_name(order, rules()["shop"]["buy"], "buy")
    need(s, "coin", 1, f"buying a {resource}")
    if room(s, resource) <= 0:
        raise OrderError("E-ROW-FULL", f"your {resource} row is full: a bought {resource} "
                         "would be lost", "every icon of that row is already circled",
                         "resource")
    return resource


def do_buy(state: State, s: Sheet, order: Order) -> list[str]:
    resource = verify_buy(s, order)
    lose(s, "coin")
    gain(s, resource, state["day"])
    return [f"bought a {resource} for a coin"] + _town_used(s)


def verify_sell(s: Sheet, order: Order) -> tuple[str, int]:
    _in_town(s)
    prices = rules()["shop"]["sell"]
    resource = resource_name(order, list(prices), "sell")
    need(s, resource, prices[resource], "selling for a coin", "resource")
    if room(s, "coin") <= 0:
        raise OrderError("E-ROW-FULL", "your coin row is full: the coin would be lost",
                         "spend coins in the Shop first", "resource")
    return resource, prices[resource]


def do_sell(state: State, s: Sheet, order: Order) -> list[str]:
    resource, amount = verify_sell(s, order)
    lose(s, resource, amount)
    gain(s, "coin", state["day"])
    return [f"sold {counted(amount, resource)} for a coin"] + _town_used(s)


def verify_upgrade(s: Sheet, order: Order) -> str:
    _in_town(s)
    tool = tool_name(order)
    if s["tools"][tool] >= 2:
        raise OrderError("E-FULLY-UPGRADED", f"your {tool} is already at level 2",
                         "upgrade another tool", "tool")
    need(s, "stone", rules()["upgrade_stone"], f"upgrading the {tool}", "tool")
    return tool


def do_upgrade(state: State, s: Sheet, order: Order) -> list[str]:
    tool = verify_upgrade(s, order)
    lose(s, "stone", rules()["upgrade_stone"])
    s["tools"][tool] += 1
    gain(s, "upgrade", state["day"])
    return [f"upgraded the {tool} to level {s['tools'][tool]}"] + _town_used(s)


# -- the end of a day ---------------------------------------------------------------------------


def do_pass(state: State, s: Sheet, order: Order) -> list[str]:
    events = close_town(s)
    left = list(s["available"])
    _unused(s, left)
    s["available"] = []
    s["day_over"] = True
    return events + [f"passed: day {state['day']} is over" +
                     (f" (unused dice: {show_dice(left)})" if left else "")]


def maybe_end_day(state: State, s: Sheet) -> list[str]:
    """The day ends by itself when no die is left to use and nothing is in progress."""
    if s["day_over"] or s["pending"] is not None or s["town"] is not None:
        return []
    limit = day_limit(state)
    out_of_dice = not s["available"] or (limit is not None and s["spent"] >= limit)
    if not out_of_dice:
        return []
    left = list(s["available"])
    _unused(s, left)
    s["available"] = []
    s["day_over"] = True
    return [f"no dice left to use: day {state['day']} is over" +
            (f" (unused dice: {show_dice(left)})" if left else "")]



def _unused(s: Sheet, left: list[int]) -> None:
    s["used"].extend(left)
    if left:
        s.setdefault("spent_on", []).append(f"unused: {show_dice(left)}")

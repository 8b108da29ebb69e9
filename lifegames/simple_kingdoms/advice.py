"""What the rules make certain about a kingdom's orders before the tick plays them: the warnings
`check` shows for a legal order whose outcome is sure to be bad (issue 16 point 7).

Nothing in a kingdom's orders is chance, and the phases after them (production, raids, taxes,
meals, upkeep, growth) run on the kingdom's own stock, so the end of the tick is known once the
orders are: each warning compares the rules' own phases run on a copy without the order and with
it. What the partner may still send (a gift) is the one thing a kingdom cannot know, so the
messages name it. Everything here reads only what `check` passes in, the kingdom's knowledge.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.contract import Order, OrderError, State, clone
from .checks import where
from .data import rules
from .model import cap, exposed_tiles, food_needed, team_score, tile, tile_defense
from .phases import economy, resolve_act_phase

Act = Callable[[State, str, Order, Any], list[str]]


def after_tick(state: State) -> tuple[State, dict[str, dict[str, Any]]]:
    """The state at the end of this tick's economy (steps 1b-7: gifts, production, raids,
    taxes, meals, upkeep, growth) if no more orders were given, and each kingdom's ledger.
    The threat roll (step 8) comes after everything a kingdom's orders can change."""
    ahead = clone(state)
    resolve_act_phase(ahead)
    return ahead, economy(ahead)


def warnings(state: State, name: str, order: Order, act: Act) -> list[OrderError]:
    """The W- warnings of `order` on `state` (empty when the order is refused: its error says
    more). Each compares the end of the tick without and with the order, so an order is warned
    only for what it changes itself."""
    trial = clone(state)
    try:
        act(trial, name, order, None)
    except OrderError:
        return []
    found = _unexplored(state, name, order)
    if order.command == "sell_resource":
        found += _sold_for_nothing(state, name, order)
    before, was = after_tick(state)
    after, will = after_tick(trial)
    found += _hunger(trial, name, order, was[name], will[name])
    found += _desertion(name, order, was[name], will[name])
    found += _exposed(state, trial, name, order)
    found += _no_growth(after, name, order, was[name], will[name])
    if int(state["tick"]) + 1 == int(state["max_ticks"]):
        found += _last_tick(before, after, order)
    return found


def _arg(order: Order, *names: str) -> str | None:
    return next((n for n in names if order.arg(n) is not None), None)


def _unexplored(state: State, name: str, order: Order) -> list[OrderError]:
    if order.command != "move_soldiers":
        return []
    need = rules()["explore_soldiers"]
    dst = tile(state, order["to_row"], order["to_col"])
    if dst["explored"] or order["count"] >= need:
        return []
    return [OrderError("W-NOT-EXPLORED",
                       f"{order['count']} soldier(s) do not explore {where(dst)}: it stays "
                       "unexplored", f"send {need} or more in one move_soldiers order to "
                       "reveal it", "count")]


def _sold_for_nothing(state: State, name: str, order: Order) -> list[OrderError]:
    data = rules()
    resource = str(order["resource"]).lower()
    price, divisor = data["prices"][resource], data["sell_divisor"]
    if order["amount"] * price // divisor:
        return []
    least = -(-divisor // price)
    return [OrderError("W-SOLD-FOR-NOTHING",
                       f"selling {order['amount']} {resource} pays 0 gold (a quarter of "
                       f"{order['amount'] * price}, rounded down): the {resource} is lost",
                       f"sell {least} or more {resource} to be paid at least 1 gold", "amount")]


def _hunger(trial: State, name: str, order: Order, was: dict[str, Any],
            will: dict[str, Any]) -> list[OrderError]:
    if not was["fed"] or will["fed"]:
        return []
    return [OrderError("W-HUNGRY",
                       f"after this order your people go hungry at the end of this tick: they "
                       f"eat {food_needed(trial, name)} food and {will['eaten']} would be "
                       f"left; {will['starved']} civilian(s) leave and nobody grows",
                       "keep enough food (your sheet's Stock forecast shows it), buy more in a "
                       "later order, or agree a gift of food with your partner",
                       _arg(order, "amount", "count"))]


def _desertion(name: str, order: Order, was: dict[str, Any], will: dict[str, Any]
               ) -> list[OrderError]:
    gone = sum(d["count"] for d in will["deserted"])
    if gone <= sum(d["count"] for d in was["deserted"]):
        return []
    return [OrderError("W-DESERT",
                       f"after this order {gone} soldier(s) cannot be paid at the end of this "
                       f"tick and desert (upkeep is {rules()['soldiers']['upkeep_gold']} gold "
                       "each, paid after raids, taxes and meals)",
                       "keep gold for the upkeep (your sheet's Stock forecast shows it), or "
                       "dismiss the soldiers you cannot pay: they come home as civilians",
                       _arg(order, "count", "amount"))]


def _exposed(state: State, trial: State, name: str, order: Order) -> list[OrderError]:
    old = {(t["row"], t["col"]) for t in exposed_tiles(state, name)}
    new = [t for t in exposed_tiles(trial, name) if (t["row"], t["col"]) not in old]
    return [OrderError("W-EXPOSED",
                       f"after this order {where(t)} is exposed to the Orcs (threat "
                       f"{trial['threat']}, its defense {tile_defense(t)}): at the end of this "
                       "tick a raid takes 10% of your gold and food",
                       "leave or post enough of your own soldiers there (a watchtower "
                       "multiplies them); your sheet's Orc threat section says what covers it",
                       _arg(order, "count", "row")) for t in new]


def _no_growth(after: State, name: str, order: Order, was: dict[str, Any],
               will: dict[str, Any]) -> list[OrderError]:
    civilians = after["kingdoms"][name]["civilians"]
    if not was["growth"] or will["growth"] or civilians < cap(after, name):
        return []
    return [OrderError("W-NO-GROWTH",
                       f"after this order your civilians ({civilians} at the end of this tick) "
                       f"fill your cap of {cap(after, name)}: nobody grows",
                       "raise the cap first (claim land, upgrade a settlement), or keep them "
                       "as soldiers", _arg(order, "count"))]


def _last_tick(before: State, after: State, order: Order) -> list[OrderError]:
    old, new = team_score(before), team_score(after)
    if new >= old:
        return []
    return [OrderError("W-LOWERS-SCORE",
                       f"this is the last tick: this order lowers the final team score from "
                       f"{old} to {new}",
                       f"at the end only people (up to the cap), land, towns and cities, and "
                       f"gold (1 point per {rules()['score']['gold_per_point']}) score; food, "
                       "wood, stone, iron and other buildings count nothing", None)]

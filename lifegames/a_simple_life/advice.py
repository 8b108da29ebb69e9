"""check's warnings: orders the rules allow whose outcome is already certain and bad, so a
player does not burn a die (or a whole Town visit) on them unawares. They never block a tick.

Each one reads only the player's own sheet, which every player may see anyway, so a warning
can tell no secret. The order must be one `act` would run now: a refused order gets its error,
not a warning as well.
"""

from __future__ import annotations

from typing import Any

from ..engine.contract import Order, OrderError, State, clone
from ..engine.dice import Dice
from . import actions, rolls
from .data import rules, sheet
from .legal import fake
from .sheet import Sheet, me


def warnings(game: Any, state: State, player: str, order: Order) -> list[OrderError]:
    check = _CHECKS.get(order.command)
    if check is None:
        return []
    try:  # the cheap look first: most orders warrant no warning, and checks run constantly
        found = check(state, me(state, player), order)
    except (IndexError, KeyError, TypeError):
        return []  # an order act refuses (no prompt, a row off the sheet): its error says so
    return [found] if found is not None and _runs(game, state, player, order) else []


def _runs(game: Any, state: State, player: str, order: Order) -> bool:
    try:
        game.act(clone(state), player, order, Dice(-1, int(state["tick"]) + 1))
    except OrderError:
        return False
    return True


def _lake(state: State, s: Sheet, order: Order) -> OrderError | None:
    """A cast whose row asks more than a 6 plus the Fishing Rod: a certain miss, which only
    circles (or closes) the target, and no carrot can change it."""
    row = order["row"]
    needs = sheet()["lake"][row - 1]["needs"]
    bonus = rolls.rod_bonus(s)
    if 6 + bonus >= needs:
        return None
    col = rolls.lake_column(order["die"])
    mark = "a cross (it closes)" if s["lake"][row - 1][col - 1] == "circle" else "a circle"
    level = s["tools"]["fishing_rod"]
    best = f"6 + {bonus}" if bonus else "6"
    wanted = needs - 6
    return OrderError(
        "W-CANNOT-CATCH", f"Lake row {row} needs {needs}+ and your best roll is {best}: this "
        f"cast cannot catch, and the target only gets {mark}",
        f"a Fishing Rod at level {wanted} or more adds enough (yours is at level {level}): "
        "upgrade(fishing_rod) in the Town first, or cast into a row that needs less", "row")


def _dig(state: State, s: Sheet, order: Order) -> OrderError | None:
    """A dig into a cell already dug, while the dice name one that is not: nothing gained."""
    col, row = order["column"], order["row"]
    if not s["mines"][row - 1][col - 1]:
        return None
    fresh = [f"dig({c}, {r})" for c, r in rolls.reachable(s, s["pending"]["dice"])
             if not s["mines"][r - 1][c - 1]]
    if not fresh:
        return None
    return OrderError("W-DUG-ALREADY", f"Mines column {col}, row {row} is already dug: this "
                      "dig gains nothing", f"cells your dice name that are not dug yet: "
                      f"{', '.join(fresh)}", "column")


def _mine(state: State, s: Sheet, order: Order) -> OrderError | None:
    """The Mines with every cell dug: whatever the dice show, nothing is gained."""
    if not all(all(row) for row in s["mines"]):
        return None
    return OrderError("W-MINES-EMPTY", "every Mines cell is already dug: whatever the dice "
                      "show, this trip gains nothing", "spend the two dice elsewhere")


def _town(state: State, s: Sheet, order: Order) -> OrderError | None:
    """A Town visit in which no action is possible: every action needs something (flowers to
    give, a coin to buy, goods to sell, stones to upgrade), and none can be had inside."""
    inside = {**s, "town": {"face": order["die"], "left": order["die"]}}
    for command in actions.TOWN_ACTIONS:
        for value in _choices(command):
            try:
                _VERIFY[command](inside, fake(command, (_ARG[command], value)))
            except OrderError:
                continue
            return None
    sells = ", ".join(f"{n} {r}" for r, n in rules()["shop"]["sell"].items())
    return OrderError(
        "W-TOWN-IDLE", "no Town action is possible with what you have (nothing to give, buy, "
        "sell or upgrade with): this die would be spent for nothing",
        f"every Town action costs something: flowers to give, a coin to buy, {sells} to "
        f"sell, {rules()['upgrade_stone']} stones to upgrade; gather some first", "die")


_ARG = {"give": "townsfolk", "buy": "resource", "sell": "resource", "upgrade": "tool"}
_VERIFY = {"give": actions.verify_give, "buy": actions.verify_buy,
           "sell": actions.verify_sell, "upgrade": actions.verify_upgrade}


def _choices(command: str) -> list[str]:
    if command == "give":
        return list(sheet()["townsfolk"])
    if command == "upgrade":
        return list(sheet()["tools"])
    return list(rules()["shop"][command])


_CHECKS = {"lake": _lake, "dig": _dig, "mine": _mine, "town": _town}

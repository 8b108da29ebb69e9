"""The checks of an order that need no sheet: names and ranges. `act` uses the same resolvers
(a townsfolk, a resource, a tool, a Mines rule), so `validate`, which checks the plan lines a
`check` cannot run yet and every standing order, can never disagree with it."""

from __future__ import annotations

from typing import Any

from ..engine.contract import Order, OrderError
from ..engine.turn import unknown_value
from .data import rules, sheet

MISS_TARGETS = ("lake", "fight")  # the rolls a standing on_miss order answers
KEEP_ALL = "all"  # on_miss(lake, all): never pay a carrot, accept every miss
ARTIFACT = "artifact"  # on_mine(artifact): any of the four artifacts
MINE_RULES = ("any", "stone", "carrot", "flower", "coin", "diamond", "star", ARTIFACT,
              "monster")
STANDING_ONLY = frozenset({"on_miss", "on_mine"})
NUMBERS = frozenset({"die", "other_die", "column", "row"})


def name(value: Any) -> str:
    return str(value).strip().lower().replace(" ", "_").replace("-", "_")


def townsfolk_name(order: Order) -> str:
    names = list(sheet()["townsfolk"])
    wanted = name(order["townsfolk"])
    for known in names:
        if known.lower() == wanted:
            return known
    raise unknown_value("E-UNKNOWN-TOWNSFOLK", "townsfolk", str(order["townsfolk"]), names,
                        "townsfolk", "townsfolk")


def resource_name(order: Order, allowed: list[str], verb: str) -> str:
    value = name(order["resource"])
    if value.endswith("s") and value[:-1] in allowed:
        value = value[:-1]
    if value not in allowed:
        raise unknown_value("E-UNKNOWN-RESOURCE", "resource", str(order["resource"]), allowed,
                            "resource", f"you can {verb}")
    return value


def tool_name(order: Order) -> str:
    tools = sheet()["tools"]
    tool = name(order["tool"])
    if tool not in tools:
        raise unknown_value("E-UNKNOWN-TOOL", "tool", str(order["tool"]), tools, "tool")
    return tool


def miss_target(order: Order) -> str:
    target = name(order["target"])
    if target not in MISS_TARGETS:
        raise unknown_value("E-UNKNOWN-TARGET", "roll to answer", str(order["target"]),
                            list(MISS_TARGETS), "target", "on_miss answers")
    return target


def keep_value(order: Order) -> int | None:
    """How many carrots an on_miss order keeps (None: all of them, never reroll)."""
    keep = order["keep"]
    if isinstance(keep, str):
        if name(keep) != KEEP_ALL:
            raise OrderError("E-BAD-KEEP", f'"{keep}" is not a number of carrots to keep',
                             "write a number (0 spends every carrot) or all (never reroll)",
                             "keep")
        return None
    if keep < 0:
        raise OrderError("E-BAD-KEEP", f"you cannot keep {keep} carrots",
                         "write 0 or more, or all", "keep")
    return int(keep)


def mine_rule(order: Order) -> str:
    rule = name(order["icon"])
    if rule.endswith("s") and rule[:-1] in MINE_RULES:
        rule = rule[:-1]
    if rule not in MINE_RULES:
        raise unknown_value("E-UNKNOWN-ICON", "Mines rule", str(order["icon"]),
                            list(MINE_RULES), "icon", "on_mine takes")
    return rule


def _in_range(order: Order, arg: str, low: int, high: int, code: str, what: str) -> None:
    found = order.arg(arg)
    if found is None or found.kind == "ref":  # a $fact is checked when it runs
        return
    if not low <= found.value <= high:
        raise OrderError(code, f"{what} is {low} to {high}, not {found.value}",
                         "a die shows 1 to 6" if code == "E-NOT-A-DIE" else "", arg)


def numbers(order: Order) -> None:
    """A `$fact` that stood for a number must have been one (`farm($prompt)` is not)."""
    for arg in order.args:
        if arg.name in NUMBERS and not isinstance(arg.value, int):
            raise OrderError("E-NOT-A-NUMBER", f"{arg.name} must be a number, not "
                             f'"{arg.value}"', "use a fact that is a number, e.g. $best_col",
                             arg.name)


def validate(order: Order) -> None:
    """Every check of `order` that needs no sheet (raise OrderError)."""
    command = order.command
    for arg in order.args:
        if arg.name == "die" and arg.kind != "ref" and not 1 <= arg.value <= 6:
            raise OrderError("E-NOT-A-DIE", f"a die shows 1 to 6, not {arg.value}",
                             "dice are named by the value they show", "die")
    _in_range(order, "other_die", 1, 6, "E-NOT-A-DIE", "a die")
    _in_range(order, "column", 1, 6, "E-NO-COLUMN", f"a {_place(command)} column")
    rows = len(sheet()["lake"]) if command == "lake" else 6
    _in_range(order, "row", 1, rows, "E-NO-ROW", f"a {_place(command)} row")
    if command == "give":
        townsfolk_name(order)
    elif command == "buy":
        resource_name(order, rules()["shop"]["buy"], "buy")
    elif command == "sell":
        resource_name(order, list(rules()["shop"]["sell"]), "sell")
    elif command == "upgrade":
        tool_name(order)
    elif command == "on_miss":
        miss_target(order)
        keep_value(order)
    elif command == "on_mine":
        mine_rule(order)


# How each name argument is resolved: the same resolvers `act` and `validate` use.
RESOLVERS = {
    "townsfolk": townsfolk_name,
    "resource": lambda order: resource_name(
        order, rules()["shop"]["buy"] if order.command == "buy" else list(rules()["shop"]["sell"]),
        order.command),
    "tool": tool_name,
    "target": miss_target,
    "icon": mine_rule,
    "keep": lambda order: KEEP_ALL if keep_value(order) is None else order["keep"],
}


def spelled(order: Order) -> Order:
    """`order` with every name as the game data spells it, written bare (`give(Lily)`,
    `upgrade(fishing_rod)`, `buy(carrot)` for `give("LILY")`, `upgrade("Fishing Rod")`,
    `buy(carrots)`): the one spelling executed_orders.txt keeps. A name no resolver knows is
    left as written (act refuses it anyway); a $fact is resolved before this is asked."""
    args = []
    for arg in order.args:
        resolver = RESOLVERS.get(arg.name)
        if resolver is None or arg.kind not in ("string", "word"):
            args.append(arg)
            continue
        try:
            value = resolver(order)
        except OrderError:
            args.append(arg)
            continue
        args.append(arg._replace(value=value, kind="word"))
    return Order(order.command, tuple(args), order.line, order.column, order.end_column,
                 order.source)


def _place(command: str) -> str:
    return {"farm": "Farm", "lake": "Lake"}.get(command, "Mines")

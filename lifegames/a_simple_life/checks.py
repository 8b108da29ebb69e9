"""A Simple Life's order checks: one per command, named as the command, each the `check` of its
row in the command table (rules.py). A check raises OrderError without touching the state, or
returns what its apply (actions.py) needs. Each first asks what every order needs (`_sheet`: a
game and a day still going, numbers where numbers go, the sheet's open prompt answered first);
the Town actions' checks on a sheet alone (`ON_SHEET`) also tell advice and the bots what a
visit could do. `validate` is their state-free part (names, ranges), which holds the plan lines
`check` cannot run yet and every standing order, and `spelled` gives each order its one
spelling; both use the name resolvers of model.py that the checks use.

Nothing here is secret: a check reads the player's own sheet and the rule data.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from ..engine.base.codes import Code
from ..engine.base.words import counted
from ..engine.core.contract import Order, OrderError
from .codes import E
from .data import Townsfolk, rules, sheet
from .legal import answers
from .model import (
    KEEP_ALL,
    asked,
    day_limit,
    keep_value,
    lake_column,
    me,
    mine_rule,
    miss_keep,
    miss_target,
    reachable,
    resource_name,
    room,
    show_dice,
    stock,
    tool_name,
    townsfolk_name,
)
from .state import Pending, Sheet, SimpleLifeState

# The answers each prompt takes; the orders that answer a prompt and do nothing without one.
ANSWERS = {
    "lake": ("accept", "reroll"),
    "mine": ("dig", "reroll"),
    "fight": ("fight", "accept", "reroll"),
}
PROMPT_ONLY = ("dig", "fight", "accept")
NUMBERS = frozenset({"die", "other_die", "column", "row"})


# -- what every order needs ---------------------------------------------------------------------


def _open(state: SimpleLifeState, player: str) -> Sheet:
    """The game and the player's day are still going: their sheet."""
    if state["over"]:
        raise OrderError(E.GAME_OVER, "the game is over", "python3 play.py status")
    s = me(state, player)
    if s["day_over"]:
        raise OrderError(E.DAY_OVER, f"your day {state['day']} is over",
                         "the next day's dice are rolled when this tick ends; put this "
                         "order in your next file")
    return s


def _sheet(state: SimpleLifeState, player: str, order: Order) -> Sheet:
    """What every order a file may give needs: the day still going, numbers where numbers go,
    and the prompt on the sheet answered first (an answer only when there is one)."""
    s = _open(state, player)
    numbers(order)
    pending = s["pending"]
    command = order.command
    if pending is not None and command not in ANSWERS[pending["kind"]]:
        raise OrderError(E.PROMPT, f"first answer the prompt on your sheet: "
                         f"{prompt_title(pending)}", f"answer with one of: {answer_list(s)}")
    if pending is None and command in PROMPT_ONLY:
        raise OrderError(E.NO_PROMPT, f"{command} answers a prompt, and your sheet shows "
                         "none now", _prompt_help(command))
    return s


def numbers(order: Order) -> None:
    """A `$fact` that stood for a number must have been one (`farm($prompt)` is not)."""
    for arg in order.args:
        if arg.name in NUMBERS and not isinstance(arg.value, int):
            raise OrderError(E.NOT_A_NUMBER, f"{arg.name} must be a number, not "
                             f'"{arg.value}"', "use a fact that is a number, e.g. $best_col",
                             arg.name)


def answer_list(s: Sheet) -> str:
    """The orders that answer the open prompt, as the sheet lists them (the first eight)."""
    return ", ".join(o.source or o.canonical() for o in answers(s)[:8])


def prompt_title(pending: Pending) -> str:
    if pending["kind"] == "lake":
        return f"a missed Lake roll of {pending['face']} (accept, or reroll with a carrot)"
    if pending["kind"] == "mine":
        a, b = pending["dice"]
        return f"the Mines dice show {a} and {b}: choose a cell with dig(column, row)"
    if pending["face"] is not None:
        return f"a missed fight roll of {pending['face']} (accept, or reroll with a carrot)"
    return f"{counted(pending['left'], 'monster')} to fight: write fight"


def _prompt_help(command: str) -> str:
    return {
        "dig": "dig(column, row) follows mine(die, other_die) and its roll",
        "fight": "fight follows a dig that found monsters",
        "accept": "accept follows a missed Lake or fight roll",
    }[command]


def take_dice(s: Sheet, values: list[int], arg: str = "die") -> None:
    """Check that the Available area holds every die in `values` (a multiset)."""
    for value in values:
        if not 1 <= value <= 6:
            raise OrderError(E.NOT_A_DIE, f"a die shows 1 to 6, not {value}",
                             f"your available dice: {show_dice(s['available'])}", arg)
    want, have = Counter(values), Counter[int](s["available"])
    for value, count in want.items():
        if have[value] < count:
            message = (f"no die showing {value} is available" if not have[value] else
                       f"only {have[value]} of your available dice show {value}, not {count}")
            raise OrderError(E.NO_DIE, message,
                             f"your available dice: {show_dice(s['available'])}", arg)


def check_spend(state: SimpleLifeState, s: Sheet, count: int) -> None:
    limit = day_limit(state)
    if limit is not None and s["spent"] + count > limit:
        raise OrderError(E.DAY_LIMIT, f"this needs {count} dice, but you have spent "
                         f"{s['spent']} of the {limit} dice a player may spend a day",
                         "choose a cheaper location, or pass to end your day")


def need(s: Sheet, kind: str, count: int, what: str, arg: str | None = None) -> None:
    have = stock(s, kind)
    if have < count:
        plural = kind if count == 1 else f"{kind}s"
        raise OrderError(E.SHORT, f"{what} needs {count} {plural}, you have {have}",
                         _where_to_get(kind), arg)


def _where_to_get(kind: str) -> str:
    return {
        "carrot": "carrots come from the Farm, the Mines, the Lake and the Shop",
        "flower": "flowers come from the Farm, the Mines and the Shop",
        "stone": "stones come from the Mines and the Shop",
        "coin": "coins come from the Shop (sell), the Mines and the Lake",
    }.get(kind, "")


# -- the Farm, the Lake and the Mines -----------------------------------------------------------


def farm(state: SimpleLifeState, player: str, order: Order) -> tuple[int, int]:
    """The die and the column it checks (its own; a 6 names any)."""
    s = _sheet(state, player, order)
    face = order["die"]
    take_dice(s, [face])
    column = order.arg("column")
    col = column.value if column else face
    if not 1 <= col <= 6:
        raise OrderError(E.NO_COLUMN, f"the Farm has columns 1-6, not {col}", "", "column")
    if face != 6 and col != face:
        raise OrderError(E.WRONG_COLUMN, f"a {face} can only check Farm column {face}",
                         f"write farm({face}); only a 6 may choose any column", "column")
    boxes = sheet()["farm"][col]
    if s["farm"][col - 1] >= len(boxes):
        open_cols = [str(c) for c in range(1, 7) if s["farm"][c - 1] < len(sheet()["farm"][c])]
        raise OrderError(E.COLUMN_FULL, f"Farm column {col} is full",
                         f"columns with room: {', '.join(open_cols) or 'none'}",
                         "column" if column else "die")
    check_spend(state, s, rules()["costs"]["farm"])
    return face, col


def lake(state: SimpleLifeState, player: str, order: Order) -> tuple[int, int, int]:
    """The die, and the target's row and column (a cell without a check or a cross)."""
    s = _sheet(state, player, order)
    face, row = order["die"], order["row"]
    take_dice(s, [face])
    rows = sheet()["lake"]
    if not 1 <= row <= len(rows):
        raise OrderError(E.NO_ROW, f"the Lake has rows 1-{len(rows)}, not {row}", "", "row")
    col = lake_column(face)
    mark = s["lake"][row - 1][col - 1]
    if mark in ("check", "cross"):
        free = [str(r) for r in range(1, len(rows) + 1)
                if s["lake"][r - 1][col - 1] not in ("check", "cross")]
        raise OrderError(E.TARGET_DONE, f"Lake row {row}, column {col} already has a "
                         f"{mark}", f"free rows in column {col}: {', '.join(free) or 'none'}",
                         "row")
    check_spend(state, s, rules()["costs"]["lake"])
    return face, row, col


def mine(state: SimpleLifeState, player: str, order: Order) -> list[int]:
    """The two dice spent on the Mines."""
    s = _sheet(state, player, order)
    faces = [order["die"], order["other_die"]]
    take_dice(s, faces[:1], "die")
    take_dice(s, faces, "other_die")
    check_spend(state, s, rules()["costs"]["mines"])
    return faces


def dig(state: SimpleLifeState, player: str, order: Order) -> tuple[int, int]:
    """A cell the Mines dice name (the Pickaxe's moves included)."""
    s = _sheet(state, player, order)
    pending = asked(s)
    col, row = order["column"], order["row"]
    cells = reachable(s, pending["dice"])
    if (col, row) not in cells:
        hint = "you may dig: " + ", ".join(f"dig({c}, {r})" for c, r in cells)
        raise OrderError(E.CANNOT_DIG, f"your Mines dice {pending['dice'][0]} and "
                         f"{pending['dice'][1]} cannot name column {col}, row {row}", hint,
                         "column")
    return col, row


def fight(state: SimpleLifeState, player: str, order: Order) -> None:
    """A monster waiting, and no missed fight roll to settle first."""
    pending = asked(_sheet(state, player, order))
    if pending["face"] is not None:
        raise OrderError(E.PROMPT, f"your fight roll of {pending['face']} missed: accept "
                         "it or reroll it first", f"accept, or reroll({pending['face']})")


def accept(state: SimpleLifeState, player: str, order: Order) -> None:
    """A missed Lake or fight roll to keep."""
    pending = _sheet(state, player, order)["pending"]
    if pending is None or pending["kind"] == "mine" or (
            pending["kind"] == "fight" and pending["face"] is None):
        raise OrderError(E.NOTHING_TO_ACCEPT, "there is no missed roll to accept",
                         "accept answers a missed Lake or fight roll")


def held_dice(s: Sheet) -> list[int]:
    """The dice of the roll the open prompt is about (the Lake die, the Mines dice, a missed
    fight roll): none when no prompt is open or a fight is still to be rolled."""
    pending = s["pending"]
    if pending is None:
        return []
    if pending["kind"] == "mine":
        return list(pending["dice"])
    face = pending["face"]
    return [] if face is None else [face]


def reroll(state: SimpleLifeState, player: str, order: Order
           ) -> tuple[list[int], list[int]]:
    """The dice one carrot rerolls: (those of the open prompt, those in Available). Rerolling
    may come at any moment the player gives orders and takes any number of rolled dice, so a
    value names the prompt's die first, then an Available one; `reroll(available, ...)` names
    Available dice only."""
    s = _sheet(state, player, order)
    faces = [a.value for a in order.args if a.name == "die"]
    only_free = any(a.name == "spare" for a in order.args)
    held = [] if only_free else held_dice(s)
    if not held and not s["available"]:
        raise OrderError(E.NOTHING_TO_REROLL, "no rolled die to reroll: your Available dice "
                         "are spent and no roll waits (a fight is rolled first)",
                         "write: fight" if s["pending"] else "write: pass")
    take_held, take_free = [], []
    left_held, left_free = Counter(held), Counter(s["available"])
    for face in faces:
        if left_held[face] > 0:
            left_held[face] -= 1
            take_held.append(face)
        elif left_free[face] > 0:
            left_free[face] -= 1
            take_free.append(face)
        else:
            where = "available" if only_free or not held else "available or in play"
            named = faces.count(face) > 1
            raise OrderError(E.NO_DIE, f"you have no{' more' if named else ''} die showing "
                             f"{face} {where}", "dice you may reroll: "
                             f"{show_dice(held + list(s['available'])) or 'none'}", "die")
    need(s, "carrot", 1, "a reroll")
    return take_held, take_free


def fights_after(state: SimpleLifeState, player: str, order: Order) -> bool:
    """Would this dig or accept roll a die, before it runs? Yes when a standing order then
    fights a monster at once: a dig into a cell with monsters (or one a $fact names, not known
    before it runs), an accept with more monsters waiting. The random barrier of both rows."""
    s = me(state, player)
    pending = s["pending"]
    if pending is None or miss_keep(state, player, "fight") is None:
        return False
    if order.command == "accept":
        more: bool = pending["kind"] == "fight" and pending["left"] > 1
        return more
    if pending["kind"] != "mine":
        return False
    col, row = order.arg("column"), order.arg("row")
    if col is None or row is None or col.kind == "ref" or row.kind == "ref":
        return True
    if not (1 <= col.value <= 6 and 1 <= row.value <= 6) or s["mines"][row.value - 1][
            col.value - 1]:
        return False
    return "monster" in sheet()["mines"][row.value][col.value - 1] and room(s, "monster") > 0


# -- the Town -------------------------------------------------------------------------------------


def town(state: SimpleLifeState, player: str, order: Order) -> int:
    """The die entering the Town: its value in actions."""
    s = _sheet(state, player, order)
    face: int = order["die"]
    take_dice(s, [face])
    check_spend(state, s, rules()["costs"]["town"])
    return face


def _in_town(s: Sheet) -> None:
    if s["town"] is None:
        raise OrderError(E.NOT_IN_TOWN, "you are not in the Town",
                         "first spend a die on the Town: town(die); its value is your actions")


def give_on(s: Sheet, order: Order) -> tuple[str, Townsfolk]:
    """Town Square, on a sheet: a townsfolk not yet a friend, and the flowers they take."""
    _in_town(s)
    name = townsfolk_name(order)
    spec: Townsfolk = sheet()["townsfolk"][name]
    if s["friends"][name] >= spec["boxes"]:
        raise OrderError(E.ALREADY_FRIENDS, f"{name} is already your friend",
                         "give to someone whose heart is not checked yet", "townsfolk")
    need(s, "flower", spec["flowers"], f"a gift for {name}", "townsfolk")
    return name, spec


def buy_on(s: Sheet, order: Order) -> str:
    """The Shop, on a sheet: a coin, and room for what it buys."""
    _in_town(s)
    resource = resource_name(order, rules()["shop"]["buy"], "buy")
    need(s, "coin", 1, f"buying a {resource}")
    if room(s, resource) <= 0:
        raise OrderError(E.ROW_FULL, f"your {resource} row is full: a bought {resource} "
                         "would be lost", "every icon of that row is already circled",
                         "resource")
    return resource


def sell_on(s: Sheet, order: Order) -> tuple[str, int]:
    """The Shop, on a sheet: the goods a coin takes, and room for the coin."""
    _in_town(s)
    prices = rules()["shop"]["sell"]
    resource = resource_name(order, list(prices), "sell")
    need(s, resource, prices[resource], "selling for a coin", "resource")
    if room(s, "coin") <= 0:
        raise OrderError(E.ROW_FULL, "your coin row is full: the coin would be lost",
                         "spend coins in the Shop first", "resource")
    return resource, prices[resource]


def upgrade_on(s: Sheet, order: Order) -> str:
    """The Blacksmith, on a sheet: a tool below level 2, and the stones."""
    _in_town(s)
    tool = tool_name(order)
    if s["tools"][tool] >= 2:
        raise OrderError(E.FULLY_UPGRADED, f"your {tool} is already at level 2",
                         "upgrade another tool", "tool")
    need(s, "stone", rules()["upgrade_stone"], f"upgrading the {tool}", "tool")
    return tool


# The Town actions' checks on a sheet alone, by command: what advice and the bots try.
ON_SHEET: dict[str, Callable[[Sheet, Order], object]] = {
    "give": give_on, "buy": buy_on, "sell": sell_on, "upgrade": upgrade_on}


def give(state: SimpleLifeState, player: str, order: Order) -> tuple[str, Townsfolk]:
    return give_on(_sheet(state, player, order), order)


def buy(state: SimpleLifeState, player: str, order: Order) -> str:
    return buy_on(_sheet(state, player, order), order)


def sell(state: SimpleLifeState, player: str, order: Order) -> tuple[str, int]:
    return sell_on(_sheet(state, player, order), order)


def upgrade(state: SimpleLifeState, player: str, order: Order) -> str:
    return upgrade_on(_sheet(state, player, order), order)


# -- the end of a day, and the standing orders --------------------------------------------------


def pass_(state: SimpleLifeState, player: str, order: Order) -> None:
    """At any time the day is going and no prompt waits (`pass` is a Python word)."""
    _sheet(state, player, order)


def _standing_only(state: SimpleLifeState, player: str, order: Order) -> None:
    _open(state, player)
    raise OrderError(E.STANDING_ONLY, f"{order.command} is a standing order: it answers "
                     "your prompts from now on", f"write it as: standing {order.canonical()}")


def on_miss(state: SimpleLifeState, player: str, order: Order) -> None:
    """Never an order of the file: a standing order (model.miss_keep reads it)."""
    _standing_only(state, player, order)


def on_mine(state: SimpleLifeState, player: str, order: Order) -> None:
    """Never an order of the file: a standing order (model.mine_pref reads it)."""
    _standing_only(state, player, order)


# -- what needs no state --------------------------------------------------------------------------


def _in_range(order: Order, arg: str, low: int, high: int, code: Code, what: str) -> None:
    found = order.arg(arg)
    if found is None or found.kind == "ref":  # a $fact is checked when it runs
        return
    if not low <= found.value <= high:
        raise OrderError(code, f"{what} is {low} to {high}, not {found.value}",
                         "a die shows 1 to 6" if code == E.NOT_A_DIE else "", arg)


def validate(order: Order) -> None:
    """Every check of `order` that needs no sheet (raise OrderError): the `validate` of every
    row."""
    command = order.command
    for arg in order.args:
        if arg.name == "die" and arg.kind != "ref" and not 1 <= arg.value <= 6:
            raise OrderError(E.NOT_A_DIE, f"a die shows 1 to 6, not {arg.value}",
                             "dice are named by the value they show", "die")
    _in_range(order, "other_die", 1, 6, E.NOT_A_DIE, "a die")
    _in_range(order, "column", 1, 6, E.NO_COLUMN, f"a {_place(command)} column")
    rows = len(sheet()["lake"]) if command == "lake" else 6
    _in_range(order, "row", 1, rows, E.NO_ROW, f"a {_place(command)} row")
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


def _place(command: str) -> str:
    return {"farm": "Farm", "lake": "Lake"}.get(command, "Mines")


def _resource(order: Order) -> str:
    allowed = rules()["shop"]["buy"] if order.command == "buy" else list(rules()["shop"]["sell"])
    return resource_name(order, allowed, order.command)


def _keep(order: Order) -> str | int:
    return KEEP_ALL if keep_value(order) is None else order["keep"]


# How each name argument is resolved: the same resolvers the checks and `validate` use.
RESOLVERS: dict[str, Callable[[Order], str | int]] = {
    "townsfolk": townsfolk_name,
    "resource": _resource,
    "tool": tool_name,
    "target": miss_target,
    "icon": mine_rule,
    "keep": _keep,
}


def spelled(order: Order) -> Order:
    """`order` with every name as the game data spells it, written bare (`give(Lily)`,
    `upgrade(fishing_rod)`, `buy(carrot)` for `give("LILY")`, `upgrade("Fishing Rod")`,
    `buy(carrots)`): the one spelling executed_orders.txt keeps. A name no resolver knows is
    left as written (the check refuses it anyway); a $fact is resolved before this is asked."""
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

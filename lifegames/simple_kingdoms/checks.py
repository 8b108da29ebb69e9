"""Simple Kingdoms' order checks: one per command, named as the command, each the `check` of its
row in the command table (rules.py). A check raises OrderError without touching the state, or
returns what its apply (actions.py) needs. `validate` is their state-free part (names, ranges,
adjacency), which a plan's lines are held to wherever `check` cannot run them; `spelled` gives
each order its one spelling.

A building that depends on terrain, on a tile explored during this tick, is decided by the tick
with the real terrain: the kingdom's view (`check`) has no terrain for that tile, so `check`
cannot tell, and the order is a barrier there (`build_blind`), as a roll is; `check` never
tells a terrain.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.base.words import counted
from ..engine.core.contract import Order, OrderError
from ..engine.core.turn import unknown_value
from .codes import E
from .data import Building, rules
from .model import Kingdom, owned_tiles, place, tile
from .state import KingdomsState, ThisTick, Tile

COORDS = ("row", "col", "from_row", "from_col", "to_row", "to_col")
STEPS = ((1, 0), (0, 1), (1, 1))  # |d row|, |d col| of the 8 neighbours


# -- arguments that need no state -----------------------------------------------------------


def in_map(order: Order, arg: str, size: int) -> int:
    value: int = order[arg]
    if not 0 <= value < size:
        raise OrderError(E.OFF_MAP, f"{arg.replace('_', ' ')} {value} is off the map",
                         f"rows and columns run from 0 to {size - 1}", arg)
    return value


def positive(order: Order, arg: str) -> int:
    value = order[arg]
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise OrderError(E.BAD_AMOUNT, f"{arg} must be at least 1, not {value}",
                         "write a whole number, 1 or more", arg)
    return value


def resource(order: Order, allowed: Iterable[str], verb: str) -> str:
    value = str(order["resource"]).lower()
    allowed = list(allowed)
    if value not in rules()["resources"]:
        raise unknown_value(E.UNKNOWN_RESOURCE, "resource", value, rules()["resources"],
                            "resource")
    if value not in allowed:
        raise OrderError(E.CANNOT_TRADE, f"{value} cannot be {verb}",
                         f"what can be {verb}: {', '.join(allowed)}", "resource")
    return value


def trade_resource(order: Order, verb: str) -> str:
    """The resource of a give, buy_resource or sell_resource order (`verb`: give/buy/sell)."""
    data = rules()
    if verb == "give":
        return resource(order, data["resources"], "given")
    return resource(order, data["prices"], "bought" if verb == "buy" else "sold for gold")


def building_name(order: Order) -> str:
    """The building an order names, if it is one that can be built at all."""
    building = str(order["building"]).lower()
    settlements, buildings = rules()["settlements"], rules()["buildings"]
    if building in settlements and "upgrades" not in settlements[building]:
        raise OrderError(E.NOT_BUILDABLE, f"a {building} is not built",
                         "claim_tile founds a village on a claimed tile", "building")
    if building not in settlements and building not in buildings:
        names = [*buildings, *(s for s in settlements if "upgrades" in settlements[s])]
        raise unknown_value(E.UNKNOWN_BUILDING, "building", building, names, "building")
    return building


def adjacent(order: Order) -> None:
    step = (abs(order["from_row"] - order["to_row"]), abs(order["from_col"] - order["to_col"]))
    if step not in STEPS:
        raise OrderError(E.NOT_ADJACENT, f"({order['to_row']},{order['to_col']}) is not next "
                         f"to ({order['from_row']},{order['from_col']})",
                         "soldiers move one step, in any of 8 directions", "to_row")


TRADES = {"give": "give", "buy_resource": "buy", "sell_resource": "sell"}


def spelled(order: Order) -> Order:
    """The order with its building and resource written as rules.yaml spells them (players
    may write "Farm" or "WOOD"): the resolvers above read names in any case, so an order has
    one spelling in executed_orders.txt. A name the rules do not know is left as written (the
    order is refused anyway)."""
    data = rules()
    known = {"building": {*data["settlements"], *data["buildings"]},
             "resource": set(data["resources"])}
    args = tuple(arg._replace(value=str(arg.value).lower())
                 if arg.kind == "string" and str(arg.value).lower() in known.get(arg.name, ())
                 else arg for arg in order.args)
    return Order(order.command, args, order.line, order.column, order.end_column, order.source)


def validate(order: Order) -> None:
    """Every check of `order` that needs no state; `$fact` arguments (known only when the order
    runs) are skipped."""
    size = rules()["map"]["size"]
    known = {a.name for a in order.args if a.kind != "ref"}
    for arg in order.args:
        if arg.name not in known:
            continue
        if arg.name in COORDS:
            in_map(order, arg.name, size)
        elif arg.name in ("count", "amount"):
            positive(order, arg.name)
    if "building" in known:
        building_name(order)
    if "resource" in known:
        trade_resource(order, TRADES[order.command])
    if order.command == "move_soldiers" and {"from_row", "from_col", "to_row", "to_col"} <= known:
        adjacent(order)


# -- checks against the state --------------------------------------------------------------


def coord(state: KingdomsState, order: Order, row_arg: str = "row", col_arg: str = "col") -> Tile:
    size = state["size"]
    return tile(state, in_map(order, row_arg, size), in_map(order, col_arg, size))


def where(t: Tile) -> str:
    return f"({t['row']},{t['col']})"


def own_tile(state: KingdomsState, name: str, order: Order) -> Tile:
    t = coord(state, order)
    if t["owner"] != name:
        mine = ", ".join(where(x) for x in owned_tiles(state, name))
        whose = f"it belongs to {t['owner']}" if t["owner"] else "nobody has claimed it"
        raise OrderError(E.NOT_YOURS, f"tile {where(t)} is not yours: {whose}",
                         f"your tiles: {mine}", "row")
    return t


def afford(kingdom: Kingdom, cost: dict[str, int], what: str, arg: str | None = None) -> None:
    short = [f"{amount} {res}, you have {kingdom[res]}"
             for res, amount in cost.items() if kingdom[res] < amount]
    if short:
        price = ", ".join(f"{amount} {res}" for res, amount in cost.items())
        # The whole price helps only when it is more than what the message already says.
        raise OrderError(E.SHORT, f"{what} needs " + "; ".join(short),
                         f"it costs {price}" if len(cost) > len(short) else "", arg)


def this_tick(state: KingdomsState) -> ThisTick:
    """What the Act phase of this tick has done so far that later orders must know of: tiles
    explored (their terrain is news until the sheets show it) and tiles claimed."""
    return state.get("this_tick") or {"explored": [], "claimed": []}


def terrain_unseen(state: KingdomsState, t: Tile) -> bool:
    return t["terrain"] is None or place(t) in this_tick(state)["explored"]


def build_blind(state: KingdomsState, name: str, order: Order) -> bool:
    """Is this build decided only by the tick? Yes for a building that depends on terrain, on
    a tile whose terrain the kingdom has not seen (explored this tick): its view holds no
    terrain for it, the tick holds the real one."""
    try:
        t = coord(state, order)
        building = building_name(order)
    except (OrderError, KeyError, TypeError, ValueError):
        return False
    spec = rules()["buildings"].get(building)
    return bool(spec and spec.get("terrain") and terrain_unseen(state, t))


def build(state: KingdomsState, name: str, order: Order, hints: bool = True
          ) -> tuple[Tile, str, dict[str, int]]:
    data = rules()
    t = own_tile(state, name, order)
    try:
        building = building_name(order)
    except OrderError as error:
        if hints and error.code == E.UNKNOWN_BUILDING:
            close = error.hint.splitlines()[0] if error.hint.startswith("did") else ""
            error.hint = "\n".join(filter(None, [
                close, f"buildable on {where(t)}: {buildable(state, t)}"]))
        raise
    settlements, buildings = data["settlements"], data["buildings"]
    if building in settlements:
        spec = settlements[building]
        if t["settlement"] != spec["upgrades"]:
            raise OrderError(E.NEEDS_SETTLEMENT,
                             f"a {building} replaces a {spec['upgrades']}; this tile has a "
                             f"{t['settlement']}", "settlements upgrade one step at a time",
                             "building")
    else:
        spec = buildings[building]
        _building_fits(state, t, building, spec, hints)
    afford(state["kingdoms"][name], spec["cost"], f"a {building}", "building")
    return t, building, spec["cost"]


def _building_fits(state: KingdomsState, t: Tile, building: str, spec: Building,
                   hints: bool) -> None:
    data = rules()
    terrain = spec.get("terrain")
    # No terrain: a kingdom's view of a tile explored this tick; the tick decides (build_blind).
    if terrain and t["terrain"] is not None and t["terrain"] not in terrain:
        raise OrderError(E.WRONG_TERRAIN,
                         f"a {building} needs {' or '.join(terrain)}; this tile is "
                         f"{t['terrain']}",
                         f"buildable here: {buildable(state, t)}" if hints else "", "building")
    needs = spec.get("needs")
    if needs and not _at_least(t["settlement"], needs):
        raise OrderError(E.NEEDS_SETTLEMENT,
                         f"a {building} needs a {needs} (or better) on the tile; this "
                         f"tile has a {t['settlement']}",
                         f"settlements grow one step at a time: build({t['row']}, {t['col']}, "
                         f"\"{_next_settlement(t['settlement'])}\") first",
                         "building")
    here = t["buildings"]
    level = data["settlements"][t["settlement"]]
    if building == "watchtower" and here.get("watchtower", 0) >= level["watchtowers"]:
        raise OrderError(E.LIMIT, f"a {t['settlement']} tile holds at most "
                         f"{counted(level['watchtowers'], 'watchtower')}",
                         _more_room_hint(t["settlement"], building), "building")
    if building == "wall" and here.get("wall"):
        raise OrderError(E.LIMIT, "this tile already has a wall",
                         "a second wall would add nothing: the wall bonus counts once per tile; "
                         "build a wall on another city tile", "building")
    present = [b for b in here if data["buildings"][b]["kind"] == "resource"]
    if spec["kind"] == "resource" and present:
        raise OrderError(E.LIMIT, f"this tile already has its one resource building "
                         f"(a {present[0]})",
                         f"put the {building} on another tile of "
                         f"{' or '.join(spec.get('terrain', ['any']))}", "building")


def _next_settlement(settlement: str | None) -> str | None:
    return next((n for n, spec in rules()["settlements"].items()
                 if spec.get("upgrades") == settlement), settlement)


def _more_room_hint(settlement: str | None, building: str) -> str:
    bigger = [n for n, spec in rules()["settlements"].items() if spec.get("upgrades") ==
              settlement]
    if bigger:
        return f"upgrade this {settlement} to a {bigger[0]} for more"
    return f"a {settlement} is the largest settlement; build the {building} on another tile"


def _at_least(settlement: str | None, needed: str) -> bool:
    order = list(rules()["settlements"])
    return order.index(settlement) >= order.index(needed)


def buildable(state: KingdomsState, t: Tile) -> str:
    """What the tile's owner could build there (affordable or not)."""
    owner = t["owner"]
    if owner is None:  # asked of owned tiles only: nobody builds on the others
        return "nothing"
    names = []
    for candidate in [*rules()["buildings"], "town", "city"]:
        order = Order.make("build", row=t["row"], col=t["col"], building=candidate)
        try:
            build(state, owner, order, hints=False)
        except OrderError as error:
            if error.code == E.SHORT:  # allowed here, just not affordable yet
                names.append(candidate)
            continue
        names.append(candidate)
    return ", ".join(names) or "nothing"


def hire_soldiers(state: KingdomsState, name: str, order: Order) -> tuple[Tile, int]:
    t = own_tile(state, name, order)
    count = positive(order, "count")
    kingdom = state["kingdoms"][name]
    if kingdom["civilians"] < count:
        raise OrderError(E.NO_CIVILIANS, f"hiring {counted(count, 'soldier')} needs "
                         f"{counted(count, 'civilian')}, you have {kingdom['civilians']}",
                         f"each soldier is a civilian trained: hire at most "
                         f"{kingdom['civilians']}", "count")
    afford(kingdom, {"gold": count * rules()["soldiers"]["hire_gold"]},
           f"hiring {counted(count, 'soldier')}", "count")
    return t, count


def soldiers_hint(state: KingdomsState, name: str) -> str:
    """Where the kingdom's soldiers are, for a way forward."""
    posted = [f"{where(t)} {t['soldiers'][name]}" for t in state["tiles"]
              if t["soldiers"].get(name)]
    return ("your soldiers: " + ", ".join(posted)) if posted else \
        "you have no soldiers: hire_soldiers trains them on a tile you own"


def dismiss_soldiers(state: KingdomsState, name: str, order: Order) -> tuple[Tile, int]:
    t = coord(state, order)
    count = positive(order, "count")
    here = t["soldiers"].get(name, 0)
    if here < count:
        raise OrderError(E.NO_SOLDIERS, f"you have {counted(here, 'soldier')} on {where(t)}, not "
                         f"{count}", soldiers_hint(state, name), "count")
    return t, count


def move_soldiers(state: KingdomsState, name: str, order: Order) -> tuple[Tile, Tile, int]:
    src = coord(state, order, "from_row", "from_col")
    dst = coord(state, order, "to_row", "to_col")
    count = positive(order, "count")
    adjacent(order)
    here = src["soldiers"].get(name, 0)
    if here < count:
        raise OrderError(E.NO_SOLDIERS, f"you have {counted(here, 'soldier')} on "
                         f"{where(src)}, not {count}", soldiers_hint(state, name), "count")
    return src, dst, count


def explores(t: Tile, count: int) -> bool:
    return not t["explored"] and count >= rules()["explore_soldiers"]


def claim_tile(state: KingdomsState, name: str, order: Order) -> Tile:
    t = coord(state, order)
    spec = rules()["claim"]
    here = where(t)
    if t["owner"]:
        if place(t) in this_tick(state)["claimed"] and t["owner"] != name:
            raise OrderError(E.CLAIMED_THIS_TICK, f"{t['owner']} claimed {here} earlier "
                             "this tick (its orders run before yours)",
                             "both kingdoms claimed this tile in the same tick: agree which of "
                             "you takes it, and the other removes its claim_tile", "row")
        free = ", ".join(where(x) for x in state["tiles"]
                         if x["explored"] and not x["owner"]) or "none yet: explore first"
        raise OrderError(E.ALREADY_OWNED, f"tile {here} already belongs to {t['owner']}",
                         f"explored tiles nobody owns: {free}", "row")
    if not t["explored"]:
        raise OrderError(E.UNEXPLORED, f"tile {here} is unexplored",
                         f"move {spec['soldiers']} soldiers onto it first ("
                         f"{rules()['explore_soldiers']} or more in one order explore it, and "
                         "the claim can follow in the same tick)", "row")
    mine = t["soldiers"].get(name, 0)
    if mine < spec["soldiers"]:
        raise OrderError(E.TOO_FEW_SOLDIERS, f"claiming needs {spec['soldiers']} of your "
                         f"soldiers on {here}; you have {mine} there",
                         "march them there first with move_soldiers", "row")
    afford(state["kingdoms"][name], {"gold": spec["gold"]}, "a claim")
    return t


def _trade(state: KingdomsState, name: str, order: Order, verb: str) -> tuple[str, int, int]:
    data = rules()
    amount = positive(order, "amount")
    kingdom = state["kingdoms"][name]
    res = trade_resource(order, verb)
    price = data["prices"].get(res, 0) * amount  # gold is given, never bought or sold
    try:
        if verb == "buy":
            afford(kingdom, {"gold": price}, f"buying {amount} {res}", "amount")
            return res, amount, price
        afford(kingdom, {res: amount}, f"{'giving' if verb == 'give' else 'selling'} "
                                       f"{amount} {res}", "amount")
    except OrderError as error:
        most = kingdom["gold"] // data["prices"][res] if verb == "buy" else kingdom[res]
        error.hint = f"you can {verb} at most {most} {res} now"
        raise
    return res, amount, 0 if verb == "give" else price // data["sell_divisor"]


def build_unhinted(state: KingdomsState, name: str, order: Order
                   ) -> tuple[Tile, str, dict[str, int]]:
    """`build` without the ways forward (which list what the tile could hold, at the price of
    a check per building): the probe of the legal-order lists, which try every building."""
    return build(state, name, order, hints=False)


def give(state: KingdomsState, name: str, order: Order) -> tuple[str, int, int]:
    return _trade(state, name, order, "give")


def buy_resource(state: KingdomsState, name: str, order: Order) -> tuple[str, int, int]:
    return _trade(state, name, order, "buy")


def sell_resource(state: KingdomsState, name: str, order: Order) -> tuple[str, int, int]:
    return _trade(state, name, order, "sell")

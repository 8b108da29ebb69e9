"""Simple Kingdoms: two cooperating kingdoms on a 3x3 map against a rising Orc threat.

The only place the rules live. Each order has a `_verify_*` that raises OrderError without
touching the state (bots and sheet hints use it alone) and an apply step that runs after it;
`end_tick` runs the phases 2-8 of the rule text in order. Numbers come from rules.yaml.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..engine.contract import Game, Order, OrderError, Result, SetupError, State
from ..engine.turn import unknown_value
from . import phases
from .data import rules
from .model import (
    Kingdom,
    Tile,
    cap,
    other,
    owned_tiles,
    report,
    score,
    tile,
)

# -- order checks (never mutate) ---------------------------------------------------------------


def _coord(state: State, order: Order, row_arg: str = "row", col_arg: str = "col") -> Tile:
    size = state["size"]
    for arg in (row_arg, col_arg):
        if not 0 <= order[arg] < size:
            raise OrderError("E-OFF-MAP", f"{arg.replace('_', ' ')} {order[arg]} is off the map",
                             f"rows and columns run from 0 to {size - 1}", arg)
    return tile(state, order[row_arg], order[col_arg])


def _own_tile(state: State, name: str, order: Order) -> Tile:
    t = _coord(state, order)
    if t["owner"] != name:
        mine = ", ".join(f"({x['row']},{x['col']})" for x in owned_tiles(state, name))
        whose = f"it belongs to {t['owner']}" if t["owner"] else "nobody has claimed it"
        raise OrderError("E-NOT-YOURS", f"tile ({t['row']},{t['col']}) is not yours: {whose}",
                         f"your tiles: {mine}", "row")
    return t


def _positive(order: Order, arg: str) -> int:
    value = order[arg]
    if value <= 0:
        raise OrderError("E-BAD-AMOUNT", f"{arg} must be at least 1, not {value}",
                         "write a whole number, 1 or more", arg)
    return value


def _resource(order: Order, allowed: Iterable[str], verb: str) -> str:
    value = str(order["resource"]).lower()
    allowed = list(allowed)
    if value not in rules()["resources"]:
        raise unknown_value("E-UNKNOWN-RESOURCE", "resource", value, rules()["resources"],
                            "resource")
    if value not in allowed:
        raise OrderError("E-CANNOT-TRADE", f"{value} cannot be {verb}",
                         f"you can {verb.split()[0]}: {', '.join(allowed)}", "resource")
    return value


def _afford(kingdom: Kingdom, cost: dict[str, int], what: str, arg: str | None = None) -> None:
    short = [f"{amount} {res}, you have {kingdom[res]}"
             for res, amount in cost.items() if kingdom[res] < amount]
    if short:
        price = ", ".join(f"{amount} {res}" for res, amount in cost.items())
        raise OrderError("E-SHORT", f"{what} needs " + "; ".join(short),
                         f"it costs {price}", arg)


def _verify_build(state: State, name: str, order: Order, hints: bool = True
                  ) -> tuple[Tile, str, dict[str, int]]:
    data = rules()
    t = _own_tile(state, name, order)
    building = str(order["building"]).lower()
    settlements, buildings = data["settlements"], data["buildings"]
    if building in settlements:
        spec = settlements[building]
        if "upgrades" not in spec:
            raise OrderError("E-NOT-BUILDABLE", f"a {building} is not built",
                             "claim_tile founds a village on a claimed tile", "building")
        if t["settlement"] != spec["upgrades"]:
            raise OrderError("E-NEEDS-SETTLEMENT",
                             f"a {building} replaces a {spec['upgrades']}; this tile has a "
                             f"{t['settlement']}", "settlements upgrade one step at a time",
                             "building")
        cost = spec["cost"]
    elif building in buildings:
        spec = buildings[building]
        cost = spec["cost"]
        here = t["buildings"]
        terrain = spec.get("terrain")
        if terrain and t["terrain"] not in terrain:
            raise OrderError("E-WRONG-TERRAIN",
                             f"a {building} needs {' or '.join(terrain)}; this tile is "
                             f"{t['terrain']}",
                             f"buildable here: {buildable(state, t)}" if hints else "",
                             "building")
        needs = spec.get("needs")
        if needs and not _at_least(t["settlement"], needs):
            raise OrderError("E-NEEDS-SETTLEMENT",
                             f"a {building} needs a {needs} (or better) on the tile; this "
                             f"tile has a {t['settlement']}", "", "building")
        level = settlements[t["settlement"]]
        more = _more_room_hint(t["settlement"], building)
        if building == "watchtower" and here.get("watchtower", 0) >= level["watchtowers"]:
            raise OrderError("E-LIMIT", f"a {t['settlement']} tile holds at most "
                             f"{level['watchtowers']} watchtower(s)", more, "building")
        if building == "wall" and here.get("wall"):
            raise OrderError("E-LIMIT", "this tile already has a wall",
                             "one wall per tile; build a wall on another city tile", "building")
        present = [b for b in here if buildings[b]["kind"] == "resource"]
        if spec["kind"] == "resource" and present:
            raise OrderError("E-LIMIT", f"this tile already has its one resource building "
                             f"(a {present[0]})",
                             f"put the {building} on another tile of "
                             f"{' or '.join(spec.get('terrain', ['any']))}", "building")
        if spec["kind"] == "food":
            farms = sum(n for b, n in here.items() if buildings[b]["kind"] == "food")
            if farms >= level["farms"]:
                raise OrderError("E-LIMIT", f"a {t['settlement']} tile holds at most "
                                 f"{level['farms']} farms", more, "building")
    else:
        names = [*buildings, *(s for s in settlements if "upgrades" in settlements[s])]
        error = unknown_value("E-UNKNOWN-BUILDING", "building", building, names, "building")
        if hints:
            close = error.hint.splitlines()[0] if error.hint.startswith("did") else ""
            error.hint = "\n".join(filter(None, [
                close, f"buildable on ({t['row']},{t['col']}): {buildable(state, t)}"]))
        raise error
    _afford(state["kingdoms"][name], cost, f"a {building}", "building")
    return t, building, cost


def _more_room_hint(settlement: str, building: str) -> str:
    bigger = [n for n, spec in rules()["settlements"].items() if spec.get("upgrades") ==
              settlement]
    if bigger:
        return f"upgrade this {settlement} to a {bigger[0]} for more"
    return f"a {settlement} is the largest settlement; build the {building} on another tile"


def _at_least(settlement: str, needed: str) -> bool:
    order = list(rules()["settlements"])
    return order.index(settlement) >= order.index(needed)


def buildable(state: State, t: Tile) -> str:
    names = []
    for candidate in [*rules()["buildings"], "town", "city"]:
        order = _fake("build", row=t["row"], col=t["col"], building=candidate)
        try:
            _verify_build(state, t["owner"], order, hints=False)
        except OrderError as error:
            if error.code == "E-SHORT":  # allowed here, just not affordable yet
                names.append(candidate)
            continue
        names.append(candidate)
    return ", ".join(names) or "nothing"


def _fake(command: str, **args: Any) -> Order:
    return Order.make(command, **args)


def _verify_hire(state: State, name: str, order: Order) -> tuple[Tile, int]:
    t = _own_tile(state, name, order)
    count = _positive(order, "count")
    kingdom = state["kingdoms"][name]
    if kingdom["civilians"] < count:
        raise OrderError("E-NO-CIVILIANS", f"hiring {count} needs {count} civilians, you have "
                         f"{kingdom['civilians']}", "each soldier is a civilian trained", "count")
    _afford(kingdom, {"gold": count * rules()["soldiers"]["hire_gold"]},
            f"hiring {count} soldier(s)", "count")
    return t, count


def _verify_dismiss(state: State, name: str, order: Order) -> tuple[Tile, int]:
    t = _coord(state, order)
    count = _positive(order, "count")
    here = t["soldiers"].get(name, 0)
    if here < count:
        raise OrderError("E-NO-SOLDIERS", f"you have {here} soldier(s) on "
                         f"({t['row']},{t['col']}), not {count}", "", "count")
    room = cap(state, name) - state["kingdoms"][name]["civilians"]
    if count > room:
        raise OrderError("E-OVER-CAP", f"only {max(room, 0)} more civilians fit under your cap "
                         f"of {cap(state, name)}", "dismiss fewer, or raise the cap first",
                         "count")
    return t, count


def _verify_move(state: State, name: str, order: Order) -> tuple[Tile, Tile, int]:
    src = _coord(state, order, "from_row", "from_col")
    dst = _coord(state, order, "to_row", "to_col")
    count = _positive(order, "count")
    if (abs(src["row"] - dst["row"]), abs(src["col"] - dst["col"])) not in (
        (1, 0), (0, 1), (1, 1)
    ):
        raise OrderError("E-NOT-ADJACENT", f"({dst['row']},{dst['col']}) is not next to "
                         f"({src['row']},{src['col']})",
                         "soldiers move one step, in any of 8 directions", "to_row")
    here = src["soldiers"].get(name, 0)
    if here < count:
        raise OrderError("E-NO-SOLDIERS", f"you have {here} soldier(s) on "
                         f"({src['row']},{src['col']}), not {count}", "", "count")
    return src, dst, count


def _verify_claim(state: State, name: str, order: Order) -> Tile:
    t = _coord(state, order)
    spec = rules()["claim"]
    where = f"({t['row']},{t['col']})"
    free = ", ".join(f"({x['row']},{x['col']})" for x in state["tiles"]
                     if x["explored"] and not x["owner"]) or "none yet: explore first"
    if t["owner"]:
        raise OrderError("E-ALREADY-OWNED", f"tile {where} already belongs to {t['owner']}",
                         f"explored tiles nobody owns: {free}", "row")
    if not t["explored"]:
        raise OrderError("E-UNEXPLORED", f"tile {where} is unexplored",
                         f"move {rules()['explore_soldiers']}+ soldiers onto it first", "row")
    if any(c["tile"] == [t["row"], t["col"]] and c["kingdom"] == name
           for c in state["pending"]["claims"]):
        raise OrderError("E-DUPLICATE", f"you already claim {where} this tick",
                         "one claim_tile per tile is enough; remove this line", "row")
    here = t["soldiers"].get(name, 0)
    if here < spec["soldiers"]:
        raise OrderError("E-TOO-FEW-SOLDIERS", f"claiming needs {spec['soldiers']} of your "
                         f"soldiers on {where}; you have {here} there",
                         "march them there first with move_soldiers", "row")
    _afford(state["kingdoms"][name], {"gold": spec["gold"]}, "a claim")
    return t


def _verify_trade(state: State, name: str, order: Order, verb: str) -> tuple[str, int, int]:
    data = rules()
    amount = _positive(order, "amount")
    kingdom = state["kingdoms"][name]
    if verb == "give":
        resource = _resource(order, data["resources"], "given")
        _afford(kingdom, {resource: amount}, f"giving {amount} {resource}", "amount")
        return resource, amount, 0
    resource = _resource(order, data["prices"], "bought" if verb == "buy" else "sold for gold")
    price = data["prices"][resource] * amount
    if verb == "buy":
        _afford(kingdom, {"gold": price}, f"{amount} {resource}", "amount")
        return resource, amount, price
    _afford(kingdom, {resource: amount}, f"selling {amount} {resource}", "amount")
    return resource, amount, price // data["sell_divisor"]


# -- the game ------------------------------------------------------------------------------------


class SimpleKingdoms(Game):
    id = "simple-kingdoms"
    title = "Simple Kingdoms"
    package = "simple_kingdoms"
    min_players = 2
    max_players = 2
    default_players = ("Ironhold", "Thornvale")
    missing_orders_policy = ("Both kingdoms are awaited every tick; an empty or missing order "
                             "file means that kingdom takes no actions.")

    def parse_options(self, words: list[str], ticks: int | None) -> dict[str, Any]:
        levels = list(rules()["threat"]["rises_on"])
        difficulty = "easy"
        for word in words:
            if word.lower() not in levels:
                raise SetupError(f"unknown setup word {word!r}: choose one of {', '.join(levels)}")
            difficulty = word.lower()
        if len(words) > 1:
            raise SetupError("give at most one difficulty word")
        ticks = rules()["ticks"] if ticks is None else ticks
        if not 1 <= ticks <= 9999:
            raise SetupError("--ticks must be between 1 and 9999")
        return {"difficulty": difficulty, "ticks": ticks}

    def setup(self, players: list[str], options: dict[str, Any], dice: Any) -> State:
        data = rules()
        size = data["map"]["size"]
        starts = {tuple(s): p for s, p in zip(data["map"]["starts"], players, strict=True)}
        terrain_roll = dice.stream("terrain")
        tiles = []
        for row in range(size):
            for col in range(size):
                owner = starts.get((row, col))
                if owner:
                    terrain = data["map"]["start_terrain"]
                else:
                    terrain = data["terrain_d6"][terrain_roll.d6()]
                start = data["start"]
                tiles.append({
                    "row": row, "col": col, "terrain": terrain, "explored": bool(owner),
                    "owner": owner, "settlement": start["settlement"] if owner else None,
                    "buildings": dict(start["buildings"]) if owner else {},
                    "soldiers": {owner: start["soldiers"]} if owner else {},
                })
        kingdoms = {
            p: {r: data["start"][r] for r in [*data["resources"], "civilians"]} for p in players
        }
        return {
            "size": size,
            "players": list(players),
            "difficulty": options["difficulty"],
            "max_ticks": options["ticks"],
            "threat": data["threat"]["start"],
            "kingdoms": kingdoms,
            "tiles": tiles,
            "pending": {"claims": [], "gifts": []},
            "reports": {p: [] for p in players},
            "world": [],
        }

    def awaiting(self, state: State) -> list[str]:
        return [] if self.is_over(state) else list(state["players"])

    def max_orders(self, state: State, player: str) -> int:
        return rules()["actions_per_tick"]

    # -- orders -------------------------------------------------------------------------------
    def ends_file(self, state: State, player: str, order: Order) -> bool:
        """Exploring shows a tile's terrain: like a roll, it must be the last order of the
        file (so `check` cannot be used to peek at the map)."""
        if order.command != "move_soldiers" or not isinstance(order["count"], int):
            return False
        size = state["size"]
        row, col = order["to_row"], order["to_col"]
        return (0 <= row < size and 0 <= col < size and not tile(state, row, col)["explored"]
                and order["count"] >= rules()["explore_soldiers"])

    def begin_tick(self, state: State) -> None:
        state["reports"] = {p: [] for p in state["players"]}
        state["world"] = []

    def act(self, state: State, player: str, order: Order, dice: Any) -> list[str]:
        handler = getattr(self, f"_do_{order.command}")
        return handler(state, player, order)

    def _do_build(self, state: State, name: str, order: Order) -> list[str]:
        t, building, cost = _verify_build(state, name, order)
        kingdom = state["kingdoms"][name]
        for res, amount in cost.items():
            kingdom[res] -= amount
        if building in rules()["settlements"]:
            t["settlement"] = building
        else:
            t["buildings"][building] = t["buildings"].get(building, 0) + 1
        price = ", ".join(f"{a} {r}" for r, a in cost.items())
        return [report(state, name, f"built a {building} on ({t['row']},{t['col']}) "
                                    f"for {price}")]

    def _do_hire_soldiers(self, state: State, name: str, order: Order) -> list[str]:
        t, count = _verify_hire(state, name, order)
        gold = count * rules()["soldiers"]["hire_gold"]
        state["kingdoms"][name]["gold"] -= gold
        state["kingdoms"][name]["civilians"] -= count
        t["soldiers"][name] = t["soldiers"].get(name, 0) + count
        return [report(state, name, f"trained {count} soldier(s) on ({t['row']},{t['col']}) "
                                    f"for {gold} gold")]

    def _do_dismiss_soldiers(self, state: State, name: str, order: Order) -> list[str]:
        t, count = _verify_dismiss(state, name, order)
        _remove_soldiers(t, name, count)
        state["kingdoms"][name]["civilians"] += count
        return [report(state, name, f"dismissed {count} soldier(s) on "
                                    f"({t['row']},{t['col']}) back to civilian life")]

    def _do_move_soldiers(self, state: State, name: str, order: Order) -> list[str]:
        src, dst, count = _verify_move(state, name, order)
        _remove_soldiers(src, name, count)
        dst["soldiers"][name] = dst["soldiers"].get(name, 0) + count
        events = [report(state, name, f"moved {count} soldier(s) from ({src['row']},"
                                      f"{src['col']}) to ({dst['row']},{dst['col']})")]
        if not dst["explored"] and count >= rules()["explore_soldiers"]:
            dst["explored"] = True
            where = f"({dst['row']},{dst['col']})"
            events.append(report(state, name, f"explored {where}: {dst['terrain']}"))
            report(state, other(state, name), f"{name} explored {where}: {dst['terrain']}")
        return events

    def _do_claim_tile(self, state: State, name: str, order: Order) -> list[str]:
        t = _verify_claim(state, name, order)
        state["kingdoms"][name]["gold"] -= rules()["claim"]["gold"]
        state["pending"]["claims"].append({"kingdom": name, "tile": [t["row"], t["col"]]})
        return [report(state, name, f"paid {rules()['claim']['gold']} gold to claim "
                                    f"({t['row']},{t['col']}); it is settled when the Act "
                                    "phase ends")]

    def _do_give(self, state: State, name: str, order: Order) -> list[str]:
        resource, amount, _ = _verify_trade(state, name, order, "give")
        state["kingdoms"][name][resource] -= amount
        to = other(state, name)
        state["pending"]["gifts"].append({"from": name, "to": to, "resource": resource,
                                          "amount": amount})
        return [report(state, name, f"sent {amount} {resource} to {to}")]

    def _do_buy_resource(self, state: State, name: str, order: Order) -> list[str]:
        resource, amount, price = _verify_trade(state, name, order, "buy")
        kingdom = state["kingdoms"][name]
        kingdom["gold"] -= price
        kingdom[resource] += amount
        return [report(state, name, f"bought {amount} {resource} for {price} gold")]

    def _do_sell_resource(self, state: State, name: str, order: Order) -> list[str]:
        resource, amount, proceeds = _verify_trade(state, name, order, "sell")
        kingdom = state["kingdoms"][name]
        kingdom[resource] -= amount
        kingdom["gold"] += proceeds
        return [report(state, name, f"sold {amount} {resource} for {proceeds} gold")]

    # -- the phases after the orders ------------------------------------------------------------
    def end_tick(self, state: State, dice: Any) -> list[str]:
        return phases.end_tick(state, dice)

    # -- the end ------------------------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        return state["tick"] >= state["max_ticks"]

    def result(self, state: State) -> Result:
        scores = {name: score(state, name) for name in state["players"]}
        parts = " + ".join(f"{n} {s}" for n, s in scores.items())
        return Result(f"Team score {sum(scores.values())} ({parts})", scores, [])


def _remove_soldiers(t: Tile, name: str, count: int) -> None:
    t["soldiers"][name] -= count
    if t["soldiers"][name] == 0:
        del t["soldiers"][name]

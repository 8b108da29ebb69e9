"""What each kingdom sees: its kingdom sheet, a sheet per tile it owns, its order template, and
the referee's JSON. Unexplored terrain never leaves the state until a kingdom reveals it."""

from __future__ import annotations

from typing import Any

from ..engine import orders as order_syntax
from ..engine.contract import State, clone
from ..engine.sheets import commented, document, section, signed, table
from .checks import buildable
from .data import rules
from .legal import legal_orders
from .model import (
    cap,
    exposed_tiles,
    kingdom_defense,
    owned_tiles,
    people,
    score,
    score_parts,
    soldiers_of,
    team_score,
    tile_defense,
)
from .phases import economy

GRAMMAR = "simple_kingdoms"


def _where(t: dict[str, Any]) -> str:
    return f"({t['row']},{t['col']})"


def _header(state: State, name: str, what: str) -> str:
    return (f"{name} - {what} - tick {state['tick']} of {state['max_ticks']} "
            f"(Simple Kingdoms, {state['difficulty']})")


def forecast(state: State) -> dict[str, dict[str, Any]]:
    """Next tick's economy if no orders are given (the rules run on a copy; no threat roll)."""
    return economy(clone(state))


def kingdom_sheet(state: State, name: str) -> str:
    data = rules()
    kingdom = state["kingdoms"][name]
    ahead = forecast(state)[name]
    raids_gold = sum(r["gold"] for r in ahead["raids"])
    raids_food = sum(r["food"] for r in ahead["raids"])
    rows = []
    for res in data["resources"]:
        produce = ahead["produced"].get(res, 0)
        raid = -(raids_gold if res == "gold" else raids_food if res == "food" else 0)
        taxes = ahead["income"] if res == "gold" else 0
        eaten = -ahead["eaten"] if res == "food" else 0
        upkeep = -ahead["upkeep"] if res == "gold" else 0
        after = kingdom[res] + produce + raid + taxes + eaten + upkeep
        rows.append([res, kingdom[res], signed(produce), signed(raid), signed(taxes),
                     signed(eaten), signed(upkeep), after])
    stock = table(rows, ["resource", "have", "produce", "raids", "taxes", "eaten", "upkeep",
                         "next tick"], align="right")
    fed = "fed" if ahead["fed"] else "HUNGRY: 1 civilian would leave"
    population = (
        f"civilians {kingdom['civilians']} of cap {cap(state, name)}, soldiers "
        f"{soldiers_of(state, name)}, people {people(state, name)}\n"
        f"next tick: {fed}, growth {signed(ahead['growth'])}"
        + (f", {sum(d['count'] for d in ahead['deserted'])} unpaid soldier(s) would desert"
           if ahead["deserted"] else "")
    )
    stock_note = ("forecast if you give no orders; gifts sent this tick arrive first, the "
                  "threat roll comes after")
    soldier_rows = []
    for t in state["tiles"]:
        mine = t["soldiers"].get(name, 0)
        if not mine and t["owner"] != name:
            continue
        allies = sum(n for k, n in t["soldiers"].items() if k != name)
        owner = "yours" if t["owner"] == name else (t["owner"] or "unclaimed")
        defense = tile_defense(t) if t["owner"] else "-"
        exposed = ("EXPOSED" if t["owner"] == name and state["threat"] > tile_defense(t)
                   else "safe" if t["owner"] == name else "posted")
        soldier_rows.append([_where(t), owner, mine, allies, defense, exposed])
    soldiers = table(soldier_rows, ["tile", "owner", "your soldiers", "allied soldiers",
                                    "defense", "status"])
    soldiers += "\na tile's defense counts its owner's soldiers only"
    exposed = exposed_tiles(state, name)
    threat = (
        f"threat {state['threat']} of {data['threat']['max']}; your kingdom defense "
        f"{kingdom_defense(state, name)} (your weakest tile)\n"
        + (f"exposed now: {', '.join(_where(t) for t in exposed)} "
           "(each raid takes 10% of your gold and food)" if exposed else
           "no tile of yours is exposed")
    )
    last = state["reports"][name] + state["world"]
    if name in state.get("absent", []):
        last = ["you sent no orders and were played as absent: no actions", *last]
    happened = "\n".join(f"- {line}" for line in last) if last else "- the game has just begun"
    scores = ", ".join(f"{n} {score(state, n)}" for n in state["players"])
    parts = score_parts(state, name)
    team = (f"team score {team_score(state)} ({scores})\n"
            f"yours: {' + '.join(f'{v} {k}' for k, v in parts.items())}\n"
            "(people count up to your cap; gold at 1 point per "
            f"{rules()['score']['gold_per_point']}: python3 play.py orders shows the table)")
    hints = legal_orders(state, name)
    orders = (f"write up to {data['actions_per_tick']} orders in {name}/{name}_orders.txt; "
              f"{len(hints)} sample orders are legal now, e.g.\n"
              + "\n".join(f"  {h}" for h in _sample(hints)))
    parts = [
        section("Stock", stock + "\n" + stock_note),
        section("People", population),
        section("Soldiers", soldiers),
        section("Map", map_table(state, name)),
        section("Orc threat", threat),
        section("Last tick", happened),
        section("Score", team),
    ]
    if state["tick"] < state["max_ticks"]:
        parts.append(section("Orders", orders))
    else:
        parts.append(section("Game over", f"final {team}"))
    return document(_header(state, name, "kingdom sheet"), parts)


def map_table(state: State, name: str) -> str:
    size = state["size"]
    rows = []
    for row in range(size):
        cells = [f"row {row}"]
        for col in range(size):
            t = state["tiles"][row * size + col]
            if not t["explored"]:
                cells.append("? unexplored")
                continue
            owner = "yours" if t["owner"] == name else (t["owner"] or "free")
            settlement = f" {t['settlement']}" if t["settlement"] else ""
            cells.append(f"{t['terrain']} [{owner}{settlement}]")
        rows.append(cells)
    return table(rows, ["", *(f"col {c}" for c in range(size))])


def tile_sheet(state: State, name: str, t: dict[str, Any]) -> str:
    data = rules()
    level = data["settlements"][t["settlement"]]
    buildings = data["buildings"]
    rows = []
    for building, count in sorted(t["buildings"].items()):
        output = ", ".join(f"{n * count} {r}" for r, n in
                           buildings[building].get("produces", {}).items()) or "-"
        rows.append([building, count, output])
    soldiers = t["soldiers"].get(t["owner"], 0)
    towers = t["buildings"].get("watchtower", 0)
    wall = buildings["wall"]["bonus"] if t["buildings"].get("wall") else 0
    defense = tile_defense(t)
    verdict = ("EXPOSED: the orcs raid this tile" if state["threat"] > defense
               else "safe at the current threat")
    garrison = ", ".join(f"{k} {n}" for k, n in sorted(t["soldiers"].items())) or "none"
    allies = sum(n for k, n in t["soldiers"].items() if k != t["owner"])
    body = [
        section("Tile", f"terrain {t['terrain']}\nsettlement {t['settlement']} "
                        f"(cap {level['cap']})"),
        section("Buildings", table(rows, ["building", "count", "produces per tick"])
                if rows else "none"),
        section("Limits", f"watchtowers {towers} of {level['watchtowers']}, wall "
                          f"{'yes' if wall else 'no'} (cities only, one), one resource "
                          "building; farms: no limit"),
        section("Defense", f"soldiers here: {garrison}"
                           + (" (an ally's soldiers do not count)" if allies else "") + "\n"
                           f"defense = {soldiers} + {soldiers} x {towers} watchtower(s) + "
                           f"{wall} wall = {defense}\n"
                           f"threat {state['threat']}: {verdict}"),
        section("Buildable here", buildable(state, t)),
    ]
    return document(_header(state, name, f"tile {_where(t)}"), body)


def views(state: State, name: str) -> dict[str, str]:
    low = name.lower()
    out = {f"{low}_sheet.txt": kingdom_sheet(state, name)}
    for t in owned_tiles(state, name):
        out[f"{low}_tile_{t['row']}_{t['col']}_sheet.txt"] = tile_sheet(state, name, t)
    return out


def _sample(orders: list[str], per_command: int = 1, most: int = 6) -> list[str]:
    """A deterministic handful: the first legal order of each command."""
    seen: dict[str, int] = {}
    out = []
    for text in orders:
        command = text.split("(")[0]
        if seen.get(command, 0) < per_command:
            seen[command] = seen.get(command, 0) + 1
            out.append(text)
    return out[:most]


def order_template(state: State, name: str) -> str:
    limit = rules()["actions_per_tick"]
    if state["tick"] >= state["max_ticks"]:
        return commented([f"{name}: the game is over. python3 play.py status shows the result."])
    usages = [order_syntax.usage(GRAMMAR, c) for c in order_syntax.commands(GRAMMAR)]
    lines = [
        f"{name}'s orders for tick {state['tick'] + 1} of {state['max_ticks']}.",
        f"Up to {limit} orders, one per line; lines starting with # are ignored and an empty",
        "file means no actions. Test them with: python3 play.py check " + name,
        "",
        "Commands (python3 play.py orders explains each):",
        *(f"  {u}" for u in usages),
        "",
        "A few orders that are legal right now (remove the # to use one):",
    ]
    home = owned_tiles(state, name)[0] if owned_tiles(state, name) else state["tiles"][0]
    middle = state["size"] // 2
    r, c = home["row"], home["col"]
    plans = [
        "",
        "Plans: an order may wait on a condition over your facts (python3 play.py orders",
        "lists them), and exploring, claiming and building can share one tick, e.g.",
        f"  move_soldiers({r},{c}, {middle},{middle}, 4)",
        f"  claim_tile({middle},{middle})",
        f'  if gold >= 20: build({middle},{middle}, "watchtower")',
        "A building that needs the terrain of a tile explored this tick (a farm, a mine)",
        "waits for the next tick, when your sheet shows the terrain. Simple Kingdoms has no",
        "standing orders; a kingdom the host plays as absent takes no actions.",
    ]
    return (commented(lines) + "".join(f"# {o}\n" for o in _sample(legal_orders(state, name)))
            + commented(plans))


def public_state(state: State) -> dict[str, Any]:
    kingdoms = {}
    for name in state["players"]:
        k = state["kingdoms"][name]
        kingdoms[name] = {
            **{r: k[r] for r in rules()["resources"]},
            "civilians": k["civilians"],
            "soldiers": soldiers_of(state, name),
            "cap": cap(state, name),
            "defense": kingdom_defense(state, name),
            "score": score(state, name),
        }
    tiles = []
    for t in state["tiles"]:
        tiles.append({
            "row": t["row"], "col": t["col"],
            "terrain": t["terrain"] if t["explored"] else None,
            "explored": t["explored"], "owner": t["owner"], "settlement": t["settlement"],
            "buildings": dict(sorted(t["buildings"].items())),
            "soldiers": dict(sorted(t["soldiers"].items())),
            "defense": tile_defense(t),
        })
    return {
        "game": "simple-kingdoms",
        "tick": state["tick"],
        "max_ticks": state["max_ticks"],
        "difficulty": state["difficulty"],
        "threat": state["threat"],
        "team_score": team_score(state),
        "kingdoms": kingdoms,
        "tiles": tiles,
    }


def player_state(state: State, name: str) -> dict[str, Any]:
    """A kingdom's own view. Simple Kingdoms hides only unexplored terrain (already hidden in
    the public view), so this is the public view plus what the sheet adds for this kingdom."""
    view = public_state(state)
    ahead = forecast(state)[name]
    view["you"] = name
    view["forecast"] = {
        "produced": dict(sorted(ahead["produced"].items())),
        "raids": ahead["raids"],
        "income": ahead["income"],
        "eaten": ahead["eaten"],
        "fed": ahead["fed"],
        "upkeep": ahead["upkeep"],
        "growth": ahead["growth"],
    }
    view["last_tick"] = list(state["reports"][name]) + list(state["world"])
    view["legal_orders"] = legal_orders(state, name)
    return view


def status_lines(state: State) -> list[str]:
    return [
        f"difficulty {state['difficulty']}, Orc threat {state['threat']} of "
        f"{rules()['threat']['max']}",
        f"team score so far {team_score(state)}",
    ]


def order_help() -> dict[str, Any]:
    data = rules()
    upgrades = [s for s, spec in data["settlements"].items() if "upgrades" in spec]
    return {
        "values": {
            "building": [*upgrades, *data["buildings"]],
            "resource": list(data["resources"]),
            "row": f"0-{data['map']['size'] - 1}",
            "col": f"0-{data['map']['size'] - 1}",
        },
        "limit": f"up to {data['actions_per_tick']} orders a tick, one per line",
        "tables": [
            ("Buildings (cost; output per tick; where)",
             ["building", "cost", "produces", "terrain", "needs"], _building_rows()),
            ("Prices (gold to buy one; selling pays a quarter, total rounded down)",
             ["resource", "buy"], [[r, p] for r, p in data["prices"].items()]),
            ("Score (each kingdom's; the team adds both)", ["part", "points"], _score_rows()),
        ],
    }


def _score_rows() -> list[list[str]]:
    spec = rules()["score"]
    settled = ", ".join(f"{n} {p}" for n, p in spec["settlement"].items() if p)
    return [["people (civilians and soldiers), up to the civilian cap",
             f"{spec['per_person']} each"],
            ["tiles owned", f"{spec['per_tile']} each"],
            ["settlements", settled],
            ["gold in the treasury", f"1 per {spec['gold_per_point']}, rounded down"]]


def _building_rows() -> list[list[str]]:
    data = rules()
    rows = []
    for name, spec in data["settlements"].items():
        if "cost" in spec:
            rows.append([name, _cost(spec["cost"]), f"cap {spec['cap']}", "any",
                         spec["upgrades"]])
    for name, spec in data["buildings"].items():
        produces = _cost(spec.get("produces", {})) or (
            f"+{spec['bonus']} defense" if "bonus" in spec else "x soldiers defense")
        rows.append([name, _cost(spec["cost"]), produces, ", ".join(spec.get("terrain", ["any"])),
                     spec.get("needs", "-")])
    return rows


def _cost(amounts: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in amounts.items())

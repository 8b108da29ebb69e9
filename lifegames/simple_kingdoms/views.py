"""What each kingdom sees: its kingdom sheet, a sheet per tile it owns, its order template, and
the referee's JSON. Unexplored terrain never leaves the state until a kingdom reveals it."""

from __future__ import annotations

from typing import Any

from ..engine import orders as order_syntax
from ..engine.contract import State
from ..engine.sheets import commented, document, section, table
from ..engine.words import counted
from .advice import after_tick, suggestions
from .checks import buildable
from .data import rules
from .legal import legal_orders
from .model import (
    NEIGHBOURS,
    cap,
    kingdom_defense,
    owned_tiles,
    score,
    soldiers_of,
    team_score,
    tile,
    tile_defense,
)
from .sheet import current_act, final_result, header, kingdom_sheet, over, where

GRAMMAR = "simple_kingdoms"


def forecast(state: State) -> dict[str, dict[str, Any]]:
    """Next tick's economy if no orders are given (the rules run on a copy; no threat roll)."""
    return after_tick(state)[1]


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
    verdict = ("" if over(state) else
               f"\nthreat {state['threat']}: EXPOSED: the orcs raid this tile"
               if state["threat"] > defense else
               f"\nthreat {state['threat']}: safe at the current threat")
    garrison = ", ".join(f"{k} {n}" for k, n in sorted(t["soldiers"].items())) or "none"
    allies = sum(n for k, n in t["soldiers"].items() if k != t["owner"])
    body = [
        section("Tile", f"terrain {t['terrain']}\nsettlement {t['settlement']} "
                        f"(cap {level['cap']})"),
        section("Buildings", table(rows, ["building", "count", "produces per tick"])
                if rows else "none"),
        "" if over(state) else section(
            "Limits", f"watchtowers {towers} of {level['watchtowers']}, wall "
                      f"{'yes' if wall else 'no'} (cities only, one), one resource building; "
                      "farms: no limit"),
        section("Defense", f"soldiers here: {garrison}"
                           + (" (an ally's soldiers do not count)" if allies else "") + "\n"
                           f"defense = {soldiers} + {soldiers} x {counted(towers, 'watchtower')} + "
                           f"{wall} wall = {defense}{verdict}"),
        "" if over(state) else section("Buildable here", buildable(state, t)),
    ]
    return document(header(state, name, f"tile {where(t)}"), body)


def views(state: State, name: str) -> dict[str, str]:
    low = name.lower()
    out = {f"{low}_sheet.txt": kingdom_sheet(state, name)}
    for t in owned_tiles(state, name):
        out[f"{low}_tile_{t['row']}_{t['col']}_sheet.txt"] = tile_sheet(state, name, t)
    return out


def order_template(state: State, name: str) -> str:
    limit = rules()["actions_per_tick"]
    if over(state):
        return commented([f"{name}: the game is over, no more orders.", final_result(state)])
    usages = [order_syntax.usage(GRAMMAR, c) for c in order_syntax.commands(GRAMMAR)]
    lines = [
        f"{name}'s orders for tick {state['tick'] + 1} of {state['max_ticks']}.",
        f"Up to {limit} orders, one per line; lines starting with # are ignored and an empty",
        "file means no actions. Test them with: python3 play.py check " + name,
        "",
        "Commands (python3 play.py orders explains each):",
        *(f"  {u}" for u in usages),
        "",
    ]
    advised = suggestions(state, name, current_act())
    if advised:
        lines.append("What your situation asks for (remove the first # to use one; the note "
                     "says why):")
    else:
        lines.append("Nothing presses now; your sheet lists what stands where.")
    plans = ["", *_plan_example(state, name),
             "A building that needs the terrain of a tile explored this tick (a farm, a mine)",
             "waits for the next tick, when your sheet shows the terrain. Simple Kingdoms has no",
             "standing orders; a kingdom the host plays as absent takes no actions."]
    width = max((len(s.order) for s in advised), default=0)
    return (commented(lines)
            + "".join(f"# {s.order.ljust(width)}  # {s.why}\n" for s in advised)
            + commented(plans))


def _plan_example(state: State, name: str) -> list[str]:
    """A plan that fits the map: march from a tile of yours onto a neighbouring tile nobody
    owns (the centre first), claim it and build there in the same tick."""
    lead = ["Plans: an order may wait on a condition over your facts (python3 play.py orders",
            "lists them), and exploring, claiming and building can share one tick, e.g."]
    middle = state["size"] // 2
    for home in owned_tiles(state, name):
        spots = [(home["row"] + dr, home["col"] + dc) for dr, dc in NEIGHBOURS]
        spots.sort(key=lambda rc: rc != (middle, middle))
        for row, col in spots:
            if 0 <= row < state["size"] and 0 <= col < state["size"] and \
                    not tile(state, row, col)["owner"]:
                r, c = home["row"], home["col"]
                return [*lead, f"  move_soldiers({r},{c}, {row},{col}, 4)",
                        f"  claim_tile({row},{col})",
                        f'  if gold >= 20: build({row},{col}, "watchtower")']
    return ["Plans: an order may wait on a condition over your facts (python3 play.py orders",
            "lists them), e.g. `if food < food_needed: buy_resource(\"food\", 10)`."]


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
    threat = f"Orc threat {state['threat']} of {rules()['threat']['max']}"
    if over(state):
        return [f"difficulty {state['difficulty']}, {threat} at the end"]  # + the result
    return [f"difficulty {state['difficulty']}, {threat}",
            f"team score so far {team_score(state)}"]


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

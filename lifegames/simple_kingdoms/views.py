"""What each kingdom sees: its kingdom sheet, a sheet per tile it owns, its order template, its
JSON view and its facts, each made from the kingdom's view of the state (the engine derives it
from state.py, so unexplored terrain is not in it), and the referee's JSON and status lines.

The kingdom sheet says where a kingdom stands, what the coming tick will do to it if it gives
no orders, what its partner has, how the team score is made, and which orders the situation
asks for; every forecast is the rules' own phases run on a copy.
"""

from __future__ import annotations

from ..engine.base.jsondata import JsonObject
from ..engine.base.words import counted
from ..engine.core import orders as order_syntax
from ..engine.text.sheets import check_command, commented, document, section, signed, table
from .advice import after_tick, covers, food_to_buy, suggestions
from .checks import buildable, terrain_unseen, where
from .data import rules, terrains
from .model import (
    NEIGHBOURS,
    Ledger,
    cap,
    exposed_tiles,
    food_needed,
    income,
    kingdom_defense,
    other,
    owned_tiles,
    people,
    score,
    score_parts,
    soldiers_of,
    team_score,
    tile,
    tile_defense,
)
from .state import KingdomsGame, KingdomsState, Tile

GRAMMAR = "simple_kingdoms"


# -- the kingdom sheet ------------------------------------------------------------------------


def _steps(ahead: Ledger, res: str) -> list[int]:
    """What each step of the coming tick adds to or takes from `res`: production, raids,
    taxes, the meal, upkeep."""
    return [ahead["produced"].get(res, 0),
            -sum(r["gold"] if res == "gold" else r["food"] for r in ahead["raids"])
            if res in ("gold", "food") else 0,
            ahead["income"] if res == "gold" else 0,
            -ahead["eaten"] if res == "food" else 0,
            -ahead["upkeep"] if res == "gold" else 0]


def stock_after(state: KingdomsState, name: str, ahead: Ledger) -> dict[str, int]:
    kingdom = state["kingdoms"][name]
    return {res: kingdom[res] + sum(_steps(ahead, res)) for res in rules()["resources"]}


def stock_table(state: KingdomsState, name: str, ahead: Ledger) -> str:
    """Stock now, what each step of the coming tick adds or takes, and what is left after it
    if the kingdom gives no orders."""
    kingdom = state["kingdoms"][name]
    after = stock_after(state, name, ahead)
    rows = [[res, kingdom[res], *map(signed, _steps(ahead, res)), after[res]]
            for res in rules()["resources"]]
    return table(rows, ["resource", "have", "produce", "raids", "taxes", "eaten", "upkeep",
                        "next tick"], align="right")


def people_text(state: KingdomsState, name: str, ahead: Ledger) -> str:
    kingdom = state["kingdoms"][name]
    fed = "fed" if ahead["fed"] else f"HUNGRY: {counted(ahead['starved'], 'civilian')} would leave"
    gone = sum(d["count"] for d in ahead["deserted"])
    return (f"civilians {kingdom['civilians']} of cap {cap(state, name)}, soldiers "
            f"{soldiers_of(state, name)}, people {people(state, name)}\n"
            f"next tick: {fed}, growth {signed(ahead['growth'])}"
            + (f", {counted(gone, 'unpaid soldier')} would desert" if gone else ""))


def food_text(game: KingdomsGame, state: KingdomsState, name: str, ahead: Ledger) -> str:
    """How much food keeps the people fed at the end of the coming tick."""
    need = food_needed(state, name)
    tick = int(state["tick"]) + 1
    if ahead["fed"]:
        spare = stock_after(state, name, ahead)["food"]
        return (f"food: your people eat {need} at the end of tick {tick}; after production "
                f"and raids you have enough, {spare} to spare")
    text = (f"food: your people eat {need} at the end of tick {tick} and only "
            f"{ahead['eaten']} would be there")
    buy = food_to_buy(game, state, name)
    if buy and buy[0]:
        return (f"{text}: buy_resource(\"food\", {buy[0]}) ({buy[1]} gold) avoids hunger, or a "
                f"gift from {other(state, name)}")
    return f"{text}: you cannot buy enough; ask {other(state, name)} for a gift of food"


def soldiers_table(state: KingdomsState, name: str) -> str:
    rows = []
    for t in state["tiles"]:
        mine = t["soldiers"].get(name, 0)
        if not mine and t["owner"] != name:
            continue
        allies = sum(n for k, n in t["soldiers"].items() if k != name)
        owner = "yours" if t["owner"] == name else (t["owner"] or "unclaimed")
        defense = tile_defense(t) if t["owner"] else "-"
        exposed = ("EXPOSED" if t["owner"] == name and state["threat"] > tile_defense(t)
                   else "safe" if t["owner"] == name else "posted")
        rows.append([where(t), owner, mine, allies, defense, exposed])
    return (table(rows, ["tile", "owner", "your soldiers", "allied soldiers", "defense",
                         "status"])
            + "\na tile's defense counts its owner's soldiers only")


def threat_text(game: KingdomsGame, state: KingdomsState, name: str) -> str:
    """The threat, the tiles it opens now and what would cover each, and the tiles a rise of
    the threat at the end of the coming tick would open."""
    threat = state["threat"]
    lines = [f"threat {threat} of {rules()['threat']['max']}; your kingdom defense "
             f"{kingdom_defense(state, name)} (your weakest tile)"]
    exposed = exposed_tiles(state, name)
    if not exposed:
        lines.append("no tile of yours is exposed")
    else:
        lines.append("exposed now: at the end of tick "
                     f"{int(state['tick']) + 1} a raid takes 10% of your gold and food for "
                     "each tile, unless you cover it:")
    for t in exposed:
        ways = covers(game, state, name, t)
        lines.append(f"  {where(t)}, defense {tile_defense(t)}: "
                     + ("any one of these covers it" if ways else
                        "no single order you can give now covers it"))
        width = max((len(s.order) for s in ways), default=0)
        lines += [f"    {s.order.ljust(width)}  {s.why}" for s in ways]
    rise = threat + 1
    risky = [t for t in owned_tiles(state, name) if tile_defense(t) == threat]
    if rise <= rules()["threat"]["max"] and risky:
        faces = rules()["threat"]["rises_on"][state["difficulty"]]
        lines.append(f"exposed if the threat rises to {rise} (a d6 showing "
                     f"{' or '.join(map(str, faces))} at the end of tick "
                     f"{int(state['tick']) + 1}): "
                     + ", ".join(where(t) for t in risky))
    return "\n".join(lines)


def partner_text(state: KingdomsState, name: str, ledger: dict[str, Ledger]) -> str:
    """The partner's stock and people, public in Simple Kingdoms: what a trade or a gift
    can build on."""
    partner = other(state, name)
    ahead = ledger[partner]
    tiles = owned_tiles(state, partner)
    exposed = ", ".join(where(t) for t in exposed_tiles(state, partner)) or "none"
    kingdom = state["kingdoms"][partner]
    after = stock_after(state, partner, ahead)
    rows = [[res, kingdom[res], after[res]] for res in rules()["resources"]]
    return (f"{partner}: {counted(len(tiles), 'tile')} ({', '.join(where(t) for t in tiles)}), "
            f"exposed: {exposed}\n"
            + people_text(state, partner, ahead) + "\n"
            + table(rows, ["resource", "have", "next tick"], align="right")
            + f"\n(next tick: if {partner} gives no orders)")


def score_text(state: KingdomsState) -> str:
    """The team score and the parts each kingdom adds to it."""
    spec = rules()["score"]
    parts = {n: score_parts(state, n) for n in state["players"]}
    names = list(next(iter(parts.values())))
    rows = [[n, *(p[k] for k in names), sum(p.values())] for n, p in parts.items()]
    rows.append(["team", *(sum(p[k] for p in parts.values()) for k in names),
                 team_score(state)])
    over = [f"{n} {people(state, n) - cap(state, n)}" for n in state["players"]
            if people(state, n) > cap(state, n)]
    settled = ", ".join(f"{n} {p}" for n, p in spec["settlement"].items() if p)
    return (table(rows, ["kingdom", *names, "total"]) + "\n"
            f"people: {spec['per_person']} per civilian or soldier, up to the civilian cap"
            + (f" (above it, scoring nothing: {', '.join(over)})" if over else "") + "\n"
            f"land: {spec['per_tile']} per tile owned; settlements: {settled}; treasury: 1 "
            f"per {spec['gold_per_point']} gold, rounded down; buildings and other stock "
            "score nothing themselves")


def orders_text(game: KingdomsGame, state: KingdomsState, name: str) -> str:
    limit = rules()["actions_per_tick"]
    advised = suggestions(game, state, name)
    lines = [f"write up to {limit} orders in {name}_orders.txt; python3 play.py orders "
             "explains every command"]
    if advised:
        width = max(len(s.order) for s in advised)
        lines.append("what your situation asks for (each order runs now, without a warning):")
        lines += [f"  {s.order.ljust(width)}  {s.why}" for s in advised]
    return "\n".join(lines)


def over(state: KingdomsState) -> bool:
    return int(state["tick"]) >= int(state["max_ticks"])


def header(state: KingdomsState, name: str, what: str) -> str:
    when = ", game over" if over(state) else ""
    return (f"{name} - {what} - tick {state['tick']} of {state['max_ticks']}{when} "
            f"(Simple Kingdoms, {state['difficulty']})")


def final_result(state: KingdomsState) -> str:
    """The end of the game as one statement."""
    scores = " and ".join(f"{n} {sum(score_parts(state, n).values())}"
                          for n in state["players"])
    return (f"The game is over after {state['max_ticks']} ticks: the team scored "
            f"{team_score(state)} ({scores}), with the Orc threat at {state['threat']} of "
            f"{rules()['threat']['max']}.")


def _last_tick(state: KingdomsState, name: str) -> str:
    last = state["reports"][name] + state["world"]
    return "\n".join(f"- {line}" for line in last) if last else "- the game has just begun"


def kingdom_sheet(game: KingdomsGame, state: KingdomsState, name: str) -> str:
    if over(state):
        return final_sheet(state, name)
    ledger = after_tick(state)[1]
    ahead = ledger[name]
    stock_note = ("forecast if you give no orders; gifts sent this tick arrive first, the "
                  "threat roll comes after")
    parts = [
        section("Stock", stock_table(state, name, ahead) + "\n" + stock_note),
        section("People", people_text(state, name, ahead) + "\n"
                + food_text(game, state, name, ahead)),
        section("Soldiers", soldiers_table(state, name)),
        section("Map", map_table(state, name)),
        section("Orc threat", threat_text(game, state, name)),
        section("Partner", partner_text(state, name, ledger)),
        section("Last tick", _last_tick(state, name)),
        section("Score", score_text(state)),
        section("Orders", orders_text(game, state, name)),
    ]
    return document(header(state, name, "kingdom sheet"), parts)


def final_sheet(state: KingdomsState, name: str) -> str:
    """The last sheet: the result first, then where each kingdom ended; no forecast, no
    threat to cover and no orders, which no longer apply."""
    parts = [section("Game over", final_result(state) + "\n" + score_text(state))]
    for kingdom in (name, other(state, name)):
        stock = state["kingdoms"][kingdom]
        tiles = owned_tiles(state, kingdom)
        parts.append(section(
            "Your kingdom at the end" if kingdom == name else f"{kingdom} at the end",
            f"{counted(len(tiles), 'tile')}: "
            + ", ".join(f"{where(t)} {t['settlement']}" for t in tiles) + "\n"
            f"civilians {stock['civilians']} of cap {cap(state, kingdom)}, soldiers "
            f"{soldiers_of(state, kingdom)}, people {people(state, kingdom)}\n"
            "stock: " + ", ".join(f"{stock[r]} {r}" for r in rules()["resources"])))
    parts += [section("Map", map_table(state, name)),
              section("Last tick", _last_tick(state, name))]
    return document(header(state, name, "kingdom sheet"), parts)


def map_table(state: KingdomsState, name: str) -> str:
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


# -- the tile sheets, the template and the JSON views ---------------------------------------


def forecast(state: KingdomsState) -> dict[str, Ledger]:
    """Next tick's economy if no orders are given (the rules run on a copy; no threat roll)."""
    return after_tick(state)[1]


def tile_sheet(state: KingdomsState, name: str, t: Tile) -> str:
    data = rules()
    level = data["settlements"][t["settlement"]]
    buildings = data["buildings"]
    rows = []
    for building, count in sorted(t["buildings"].items()):
        output = ", ".join(f"{n * count} {r}" for r, n in
                           buildings[building].get("produces", {}).items()) or "-"
        rows.append([building, count, output])
    soldiers = t["soldiers"].get(t["owner"], 0) if t["owner"] else 0
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


def views(game: KingdomsGame, state: KingdomsState, name: str) -> dict[str, str]:
    low = name.lower()
    out = {f"{low}_sheet.txt": kingdom_sheet(game, state, name)}
    for t in owned_tiles(state, name):
        out[f"{low}_tile_{t['row']}_{t['col']}_sheet.txt"] = tile_sheet(state, name, t)
    return out


def order_template(game: KingdomsGame, state: KingdomsState, name: str) -> str:
    limit = rules()["actions_per_tick"]
    if over(state):
        return commented([f"{name}: the game is over, no more orders.", final_result(state)])
    usages = [order_syntax.usage(GRAMMAR, c) for c in order_syntax.commands(GRAMMAR)]
    lines = [
        f"{name}'s orders for tick {state['tick'] + 1} of {state['max_ticks']}.",
        f"Up to {limit} orders, one per line; lines starting with # are ignored and an empty",
        "file means no actions. Test them with: " + check_command(name),
        "",
        "Commands (python3 play.py orders explains each):",
        *(f"  {u}" for u in usages),
        "",
    ]
    advised = suggestions(game, state, name)
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


def _plan_example(state: KingdomsState, name: str) -> list[str]:
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


def public_state(game: KingdomsGame, state: KingdomsState) -> JsonObject:
    """The referee's view (`state --json`): unexplored terrain left out here too."""
    return _public(state)


def _public(state: KingdomsState) -> JsonObject:
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


def player_state(game: KingdomsGame, state: KingdomsState, name: str) -> JsonObject:
    """A kingdom's own view as data (`state --json --player`): the public view plus what the
    sheet adds for this kingdom."""
    view = _public(state)
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
    view["legal_orders"] = list(game.legal_orders(state, name))
    return view


def status_lines(game: KingdomsGame, state: KingdomsState) -> list[str]:
    threat = f"Orc threat {state['threat']} of {rules()['threat']['max']}"
    if over(state):
        return [f"difficulty {state['difficulty']}, {threat} at the end"]  # + the result
    return [f"difficulty {state['difficulty']}, {threat}",
            f"team score so far {team_score(state)}"]


def order_help(game: KingdomsGame) -> JsonObject:
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


def describe(game: KingdomsGame, name: str) -> str | None:
    """A building (or settlement upgrade) or a resource, as an editor's hover shows it: its
    cost, output, terrain and needs (the reference's Buildings row), or a resource's price.
    The name in any letter case."""
    wanted = name.strip().lower()
    upgrades = rules()["settlements"]
    for building, cost, produces, terrain, needs in _building_rows():
        if building.lower() == wanted and building in upgrades:
            return f"{building} (settlement): upgrades a {needs} for {cost}; {produces}"
        if building.lower() == wanted:
            return (f"{building} (building): costs {cost}; gives {produces}; terrain {terrain}"
                    + (f"; needs {needs}" if needs not in ("-", "") else ""))
    for resource, price in rules()["prices"].items():
        if resource.lower() == wanted:
            return f"{resource} (resource): {price} gold to buy one; selling pays a quarter"
    return None


# -- facts ---------------------------------------------------------------------------------------


def facts(game: KingdomsGame, state: KingdomsState, player: str) -> JsonObject:
    """The facts of orders.yaml `facts:`, as `player` sees the game at this point of the
    tick. Tiles are named "row,col"; a terrain lists only tiles whose terrain the kingdom
    has seen (never one explored this tick, nor one still unexplored)."""
    kingdom = state["kingdoms"][player]
    name = [f"{t['row']},{t['col']}" for t in state["tiles"]]
    found: JsonObject = {r: kingdom[r] for r in rules()["resources"]}
    found.update({
        "civilians": kingdom["civilians"],
        "soldiers": soldiers_of(state, player),
        "people": people(state, player),
        "cap": cap(state, player),
        "room": max(0, cap(state, player) - kingdom["civilians"]),
        "income": income(state, player),
        "food_needed": food_needed(state, player),
        "threat": state["threat"],
        "defense": kingdom_defense(state, player),
        "exposed": len(exposed_tiles(state, player)),
        "tick": int(state["tick"]) + 1,
        "ticks_left": int(state["max_ticks"]) - int(state["tick"]),
        "my_tiles": [name[i] for i, t in enumerate(state["tiles"]) if t["owner"] == player],
        "explored": [name[i] for i, t in enumerate(state["tiles"]) if t["explored"]],
        "unexplored": [name[i] for i, t in enumerate(state["tiles"]) if not t["explored"]],
        "free": [name[i] for i, t in enumerate(state["tiles"])
                 if t["explored"] and not t["owner"]],
    })
    for terrain in terrains():
        found[terrain] = [name[i] for i, t in enumerate(state["tiles"])
                          if t["explored"] and not terrain_unseen(state, t)
                          and t["terrain"] == terrain]
    return found


def held(game: KingdomsGame, view: KingdomsState, player: str) -> list[str]:
    """No card is held in this game: an editor has no hand to offer first."""
    return []

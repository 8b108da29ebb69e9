"""The kingdom sheet: where a kingdom stands, what the coming tick will do to it if it gives no
orders, what its partner has, how the team score is made, and which orders the situation asks
for (issue 16 point 9). Everything on it is public in Simple Kingdoms but unexplored terrain,
which the map shows as unexplored; every forecast is the rules' own phases run on a copy."""

from __future__ import annotations

from typing import Any

from ..engine.contract import State
from ..engine.sheets import document, section, signed, table
from ..engine.words import counted
from .advice import after_tick, covers, food_to_buy, suggestions
from .data import rules
from .model import (
    cap,
    exposed_tiles,
    food_needed,
    kingdom_defense,
    other,
    owned_tiles,
    people,
    score_parts,
    soldiers_of,
    team_score,
    tile_defense,
)


def where(t: dict[str, Any]) -> str:
    return f"({t['row']},{t['col']})"


def current_act() -> Any:
    """The rules' act (the Game is built after this module is loaded)."""
    from . import GAME

    return GAME.act


def _steps(ahead: dict[str, Any], res: str) -> list[int]:
    """What each step of the coming tick adds to or takes from `res`: production, raids,
    taxes, the meal, upkeep."""
    return [ahead["produced"].get(res, 0),
            -sum(r[res] for r in ahead["raids"]) if res in ("gold", "food") else 0,
            ahead["income"] if res == "gold" else 0,
            -ahead["eaten"] if res == "food" else 0,
            -ahead["upkeep"] if res == "gold" else 0]


def stock_after(state: State, name: str, ahead: dict[str, Any]) -> dict[str, int]:
    kingdom = state["kingdoms"][name]
    return {res: kingdom[res] + sum(_steps(ahead, res)) for res in rules()["resources"]}


def stock_table(state: State, name: str, ahead: dict[str, Any]) -> str:
    """Stock now, what each step of the coming tick adds or takes, and what is left after it
    if the kingdom gives no orders."""
    kingdom = state["kingdoms"][name]
    after = stock_after(state, name, ahead)
    rows = [[res, kingdom[res], *map(signed, _steps(ahead, res)), after[res]]
            for res in rules()["resources"]]
    return table(rows, ["resource", "have", "produce", "raids", "taxes", "eaten", "upkeep",
                        "next tick"], align="right")


def people_text(state: State, name: str, ahead: dict[str, Any]) -> str:
    kingdom = state["kingdoms"][name]
    fed = "fed" if ahead["fed"] else f"HUNGRY: {counted(ahead['starved'], 'civilian')} would leave"
    gone = sum(d["count"] for d in ahead["deserted"])
    return (f"civilians {kingdom['civilians']} of cap {cap(state, name)}, soldiers "
            f"{soldiers_of(state, name)}, people {people(state, name)}\n"
            f"next tick: {fed}, growth {signed(ahead['growth'])}"
            + (f", {counted(gone, 'unpaid soldier')} would desert" if gone else ""))


def food_text(state: State, name: str, ahead: dict[str, Any]) -> str:
    """How much food keeps the people fed at the end of the coming tick."""
    need = food_needed(state, name)
    tick = int(state["tick"]) + 1
    if ahead["fed"]:
        spare = stock_after(state, name, ahead)["food"]
        return (f"food: your people eat {need} at the end of tick {tick}; after production "
                f"and raids you have enough, {spare} to spare")
    text = (f"food: your people eat {need} at the end of tick {tick} and only "
            f"{ahead['eaten']} would be there")
    buy = food_to_buy(state, name, current_act())
    if buy and buy[0]:
        return (f"{text}: buy_resource(\"food\", {buy[0]}) ({buy[1]} gold) avoids hunger, or a "
                f"gift from {other(state, name)}")
    return f"{text}: you cannot buy enough; ask {other(state, name)} for a gift of food"


def soldiers_table(state: State, name: str) -> str:
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


def threat_text(state: State, name: str) -> str:
    """The threat, the tiles it opens now and what would cover each, and the tiles a rise of
    the threat at the end of the coming tick would open."""
    threat = state["threat"]
    act = current_act()
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
        ways = covers(state, name, t, act)
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


def partner_text(state: State, name: str, ledger: dict[str, dict[str, Any]]) -> str:
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


def score_text(state: State) -> str:
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


def orders_text(state: State, name: str) -> str:
    limit = rules()["actions_per_tick"]
    advised = suggestions(state, name, current_act())
    lines = [f"write up to {limit} orders in {name}_orders.txt; python3 play.py orders "
             "explains every command"]
    if advised:
        width = max(len(s.order) for s in advised)
        lines.append("what your situation asks for (each order runs now, without a warning):")
        lines += [f"  {s.order.ljust(width)}  {s.why}" for s in advised]
    return "\n".join(lines)


def over(state: State) -> bool:
    return int(state["tick"]) >= int(state["max_ticks"])


def header(state: State, name: str, what: str) -> str:
    when = ", game over" if over(state) else ""
    return (f"{name} - {what} - tick {state['tick']} of {state['max_ticks']}{when} "
            f"(Simple Kingdoms, {state['difficulty']})")


def final_result(state: State) -> str:
    """The end of the game as one statement."""
    scores = " and ".join(f"{n} {sum(score_parts(state, n).values())}"
                          for n in state["players"])
    return (f"The game is over after {state['max_ticks']} ticks: the team scored "
            f"{team_score(state)} ({scores}), with the Orc threat at {state['threat']} of "
            f"{rules()['threat']['max']}.")


def _last_tick(state: State, name: str) -> str:
    last = state["reports"][name] + state["world"]
    return "\n".join(f"- {line}" for line in last) if last else "- the game has just begun"


def kingdom_sheet(state: State, name: str) -> str:
    if over(state):
        return final_sheet(state, name)
    ledger = after_tick(state)[1]
    ahead = ledger[name]
    stock_note = ("forecast if you give no orders; gifts sent this tick arrive first, the "
                  "threat roll comes after")
    parts = [
        section("Stock", stock_table(state, name, ahead) + "\n" + stock_note),
        section("People", people_text(state, name, ahead) + "\n"
                + food_text(state, name, ahead)),
        section("Soldiers", soldiers_table(state, name)),
        section("Map", map_table(state, name)),
        section("Orc threat", threat_text(state, name)),
        section("Partner", partner_text(state, name, ledger)),
        section("Last tick", _last_tick(state, name)),
        section("Score", score_text(state)),
        section("Orders", orders_text(state, name)),
    ]
    return document(header(state, name, "kingdom sheet"), parts)


def final_sheet(state: State, name: str) -> str:
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

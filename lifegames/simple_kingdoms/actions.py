"""Every change of Simple Kingdoms' state: the apply of each command (named as the command, the
`apply` of its row in rules.py, run only with what its check in checks.py returned) and the
phases after the Act phase (rule text, "How a turn works", steps 2-8).

`economy` runs steps 2-7 and returns a ledger per kingdom; `end_tick` uses it for real and the
sheets and warnings run it on a copy for the forecast, so the forecast is the rules, not a
second copy of them.
"""

from __future__ import annotations

from typing import Literal

from ..engine.base.words import article, counted, listed
from ..engine.core.dice import Dice
from .checks import explores, where
from .data import rules
from .model import (
    Desertion,
    Ledger,
    Raid,
    cap,
    exposed_tiles,
    food_needed,
    income,
    linear,
    other,
    owned_tiles,
    place,
    report,
    soldiers_of,
)
from .state import KingdomsGame, KingdomsState, Tile

# -- the Act phase: one apply per command ----------------------------------------------------


def build(game: KingdomsGame, state: KingdomsState, name: str,
          checked: tuple[Tile, str, dict[str, int]], dice: Dice) -> list[str]:
    t, building, cost = checked
    kingdom = state["kingdoms"][name]
    for res, amount in cost.items():
        kingdom[res] -= amount
    if building in rules()["settlements"]:
        t["settlement"] = building
    else:
        t["buildings"][building] = t["buildings"].get(building, 0) + 1
    price = listed([f"{a} {r}" for r, a in cost.items()])
    said = article(building.replace("_", " "))
    return [report(state, name, f"built {said} on {where(t)} for {price}")]


def hire_soldiers(game: KingdomsGame, state: KingdomsState, name: str, checked: tuple[Tile, int],
                  dice: Dice) -> list[str]:
    t, count = checked
    gold = count * rules()["soldiers"]["hire_gold"]
    state["kingdoms"][name]["gold"] -= gold
    state["kingdoms"][name]["civilians"] -= count
    t["soldiers"][name] = t["soldiers"].get(name, 0) + count
    return [report(state, name, f"trained {counted(count, 'soldier')} on {where(t)} for "
                                f"{gold} gold")]


def dismiss_soldiers(game: KingdomsGame, state: KingdomsState, name: str, checked: tuple[Tile, int],
                     dice: Dice) -> list[str]:
    t, count = checked
    _remove_soldiers(t, name, count)
    state["kingdoms"][name]["civilians"] += count
    return [report(state, name, f"dismissed {counted(count, 'soldier')} on {where(t)} back to "
                                "civilian life")]


def move_soldiers(game: KingdomsGame, state: KingdomsState, name: str,
                  checked: tuple[Tile, Tile, int], dice: Dice) -> list[str]:
    src, dst, count = checked
    found = explores(dst, count)
    _remove_soldiers(src, name, count)
    dst["soldiers"][name] = dst["soldiers"].get(name, 0) + count
    events = [report(state, name, f"moved {counted(count, 'soldier')} from {where(src)} to "
                                  f"{where(dst)}")]
    if found:
        dst["explored"] = True
        _record(state, "explored", dst)
        # On a kingdom's view (`check`) the terrain is None: the effect names none.
        seen = f": {dst['terrain']}" if dst["terrain"] else " (its terrain shows on the " \
            "sheets after the tick)"
        events.append(report(state, name, f"explored {where(dst)}{seen}"))
        report(state, other(state, name), f"{name} explored {where(dst)}{seen}")
    return events


def claim_tile(game: KingdomsGame, state: KingdomsState, name: str, t: Tile, dice: Dice
               ) -> list[str]:
    """A claim takes effect at once: the tile, its village and its settlers are the
    kingdom's for the rest of its orders (the text: "instantly adding +50")."""
    spec = rules()["claim"]
    kingdom = state["kingdoms"][name]
    kingdom["gold"] -= spec["gold"]
    t["owner"] = name
    t["settlement"] = spec["settlement"]
    kingdom["civilians"] += spec["civilians"]
    _record(state, "claimed", t)
    return [report(state, name, f"claimed {where(t)} for {spec['gold']} gold: a new "
                                f"{t['settlement']} and {spec['civilians']} settlers")]


def give(game: KingdomsGame, state: KingdomsState, name: str, checked: tuple[str, int, int],
         dice: Dice) -> list[str]:
    resource, amount, _ = checked
    state["kingdoms"][name][resource] -= amount
    to = other(state, name)
    state["pending"]["gifts"].append({"from": name, "to": to, "resource": resource,
                                      "amount": amount})
    return [report(state, name, f"sent {amount} {resource} to {to}")]


def buy_resource(game: KingdomsGame, state: KingdomsState, name: str, checked: tuple[str, int, int],
                 dice: Dice) -> list[str]:
    resource, amount, price = checked
    kingdom = state["kingdoms"][name]
    kingdom["gold"] -= price
    kingdom[resource] += amount
    return [report(state, name, f"bought {amount} {resource} for {price} gold")]


def sell_resource(game: KingdomsGame, state: KingdomsState, name: str,
                  checked: tuple[str, int, int], dice: Dice) -> list[str]:
    resource, amount, proceeds = checked
    kingdom = state["kingdoms"][name]
    kingdom[resource] -= amount
    kingdom["gold"] += proceeds
    return [report(state, name, f"sold {amount} {resource} for {proceeds} gold")]


def _record(state: KingdomsState, what: Literal["explored", "claimed"], t: Tile) -> None:
    """Note a tile explored or claimed during the Act phase (checks.this_tick reads it)."""
    done = state.setdefault("this_tick", {"explored": [], "claimed": []})
    done[what].append(place(t))


def _remove_soldiers(t: Tile, name: str, count: int) -> None:
    t["soldiers"][name] -= count
    if t["soldiers"][name] == 0:
        del t["soldiers"][name]


# -- the phases after the Act phase -----------------------------------------------------------


def resolve_act_phase(state: KingdomsState) -> list[str]:
    """Gifts arrive once every kingdom's orders have run (so each file can be checked alone: a
    gift cannot be spent in the tick it is sent)."""
    events: list[str] = []
    for gift in state["pending"]["gifts"]:
        state["kingdoms"][gift["to"]][gift["resource"]] += gift["amount"]
        events.append(report(state, gift["to"], f"received {gift['amount']} {gift['resource']} "
                                                f"from {gift['from']}"))
    state["pending"] = {"gifts": []}
    return events


def economy(state: KingdomsState, names: list[str] | None = None) -> dict[str, Ledger]:
    """Steps 2-7 for every kingdom (or those in `names`: each kingdom's steps touch only its
    own stock and soldiers), in the rule text's order. Mutates `state`."""
    data = rules()
    ledger: dict[str, Ledger] = {}
    for name in state["players"] if names is None else names:
        kingdom = state["kingdoms"][name]
        # 2. Produce
        produced: dict[str, int] = {}
        for t in owned_tiles(state, name):
            for building, count in t["buildings"].items():
                for res, amount in data["buildings"][building].get("produces", {}).items():
                    produced[res] = produced.get(res, 0) + amount * count
        for res, amount in produced.items():
            kingdom[res] += amount
        # 3. Orc exposure: each exposed tile takes 10% of what is left, rounded down
        raids: list[Raid] = []
        for t in exposed_tiles(state, name):
            gold = linear(data["exposure"]["gold"], 0, kingdom["gold"])
            food = linear(data["exposure"]["food"], 0, kingdom["food"])
            kingdom["gold"] -= gold
            kingdom["food"] -= food
            raids.append({"tile": [t["row"], t["col"]], "gold": gold, "food": food})
        # 4. Gold income (the soldiers are counted once: nothing before step 6 moves them)
        soldiers = soldiers_of(state, name)
        head_count = kingdom["civilians"] + soldiers
        taxes = income(state, name, head_count)
        kingdom["gold"] += taxes
        # 5. Feed
        need = food_needed(state, name, head_count)
        eaten = min(need, kingdom["food"])
        fed = kingdom["food"] >= need
        kingdom["food"] -= eaten
        starved = 0
        if not fed and kingdom["civilians"] > 0:
            starved = min(data["growth"]["hungry_loss"], kingdom["civilians"])
            kingdom["civilians"] -= starved
        # 6. Pay soldiers; those who cannot be paid desert
        wage = data["soldiers"]["upkeep_gold"]
        paid = min(soldiers, kingdom["gold"] // wage) if wage else soldiers
        upkeep: int = paid * wage
        kingdom["gold"] -= upkeep
        deserted = _desert(state, name, soldiers - paid)
        # 7. Grow
        growth = 0
        room = cap(state, name) - kingdom["civilians"]
        if fed and room > 0 and kingdom["civilians"] > 0:
            grown = linear(data["growth"]["rate"], 0, kingdom["civilians"])
            growth = min(grown, room)
            kingdom["civilians"] += growth
        ledger[name] = {"produced": produced, "raids": raids, "income": taxes, "eaten": eaten,
                        "fed": fed, "starved": starved, "upkeep": upkeep,
                        "deserted": deserted, "growth": growth}
    return ledger


def _desert(state: KingdomsState, name: str, count: int) -> list[Desertion]:
    """Unpaid soldiers leave the tiles where most of them stand first (ties: map order)."""
    left: list[Desertion] = []
    while count > 0:
        here = [t for t in state["tiles"] if t["soldiers"].get(name, 0) > 0]
        t = max(here, key=lambda x: (x["soldiers"][name], -x["row"], -x["col"]))
        t["soldiers"][name] -= 1
        if not t["soldiers"][name]:
            del t["soldiers"][name]
        if left and left[-1]["tile"] == [t["row"], t["col"]]:
            left[-1]["count"] += 1
        else:
            left.append({"tile": [t["row"], t["col"]], "count": 1})
        count -= 1
    return left


def end_tick(state: KingdomsState, dice: Dice) -> list[str]:
    """Steps 1b-8: gifts arrive, then each kingdom's economy, then the Orc threat roll."""
    events = resolve_act_phase(state)
    ledger = economy(state)
    for name, entry in ledger.items():
        events.extend(report(state, name, line) for line in describe(entry))
    # 8. Orc threat
    spec = rules()["threat"]
    roll = dice.stream("threat").d6()
    before = state["threat"]
    if roll in spec["rises_on"][state["difficulty"]]:
        state["threat"] = min(spec["max"], before + 1)
    change = "rises to" if state["threat"] > before else "stays at"
    state["world"] = [f"Orc threat roll {roll} ({state['difficulty']}): the threat {change} "
                      f"{state['threat']}"]
    events.extend(state["world"])
    state["this_tick"] = {"explored": [], "claimed": []}  # the sheets show it all now
    return events


def describe(entry: Ledger) -> list[str]:
    """A ledger as the sentences of a sheet's 'last tick' section."""
    lines = []
    if entry["produced"]:
        made = listed([f"{n} {r}" for r, n in sorted(entry["produced"].items())])
        lines.append(f"produced {made}")
    for raid in entry["raids"]:
        row, col = raid["tile"]
        lines.append(f"orcs raided ({row},{col}): lost {raid['gold']} gold and "
                     f"{raid['food']} food")
    lines.append(f"collected {entry['income']} gold in taxes")
    if entry["fed"]:
        lines.append(f"ate {entry['eaten']} food")
    else:
        lines.append(f"went hungry (ate the last {entry['eaten']} food) and lost "
                     f"{counted(entry['starved'], 'civilian')}")
    lines.append(f"paid {entry['upkeep']} gold in soldier upkeep")
    for gone in entry["deserted"]:
        row, col = gone["tile"]
        lines.append(f"{counted(gone['count'], 'unpaid soldier')} deserted from ({row},{col})")
    if entry["growth"]:
        lines.append(f"grew by {counted(entry['growth'], 'civilian')}")
    return lines

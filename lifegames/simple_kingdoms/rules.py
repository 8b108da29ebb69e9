"""Simple Kingdoms: two cooperating kingdoms on a 3x3 map against a rising Orc threat.

The only place the rules act. Each order's checks live in checks.py (`verify_*`, which raise
OrderError without touching the state; bots and sheet hints use them alone); the `_do_*` here
apply an order after its check; `end_tick` runs the phases 2-8 of the rule text in order.
Numbers come from rules.yaml.

Nothing in a kingdom's orders is chance, and the one secret is the terrain of tiles nobody has
explored: `knowledge` hides it, so no order needs to end its file. A move that explores, a claim
(which takes effect at once) and a build that needs no terrain can share one tick.
"""

from __future__ import annotations

from typing import Any

from ..engine.contract import Game, Order, OrderError, Result, SetupError, State, clone
from ..engine.words import counted
from . import advice, phases
from .checks import (
    explores,
    spelled,
    terrain_unseen,
    validate,
    verify_build,
    verify_claim,
    verify_dismiss,
    verify_hire,
    verify_move,
    verify_trade,
    where,
)
from .data import rules
from .model import (
    Tile,
    cap,
    exposed_tiles,
    food_needed,
    income,
    kingdom_defense,
    other,
    people,
    report,
    score,
    soldiers_of,
)

# -- the game ------------------------------------------------------------------------------------


class SimpleKingdoms(Game):
    id = "simple-kingdoms"
    title = "Simple Kingdoms"
    package = "simple_kingdoms"
    min_players = 2
    max_players = 2
    default_players = ("Ironhold", "Thornvale")
    cooperative = True
    missing_orders_policy = ("Both kingdoms are awaited every tick; an empty or missing order "
                             "file means that kingdom takes no actions.")
    absent_policy = "An absent kingdom takes no actions that tick (its buildings still work)."
    # No standing orders: no kingdom's orders ever force a choice on the other, and the game
    # asks no question in the middle of a tick (RULES.md, Assumptions).
    standing_commands: frozenset[str] = frozenset()

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
            "pending": {"gifts": []},
            "this_tick": {"explored": [], "claimed": []},
            "reports": {p: [] for p in players},
            "world": [],
        }

    def awaiting(self, state: State) -> list[str]:
        return [] if self.is_over(state) else list(state["players"])

    def max_orders(self, state: State, player: str) -> int:
        return rules()["actions_per_tick"]

    # -- what a kingdom knows, and what its plans may read ---------------------------------
    def knowledge(self, state: State, player: str) -> State:
        """The state with the terrain of every unexplored tile blanked (None). An order that
        needs it (a farm on a tile explored in the same file) is refused with
        E-TERRAIN-UNSEEN, as it is when the tick runs (checks.terrain_unseen)."""
        known = clone(state)
        for t in known["tiles"]:
            if not t["explored"]:
                t["terrain"] = None
        return known

    def validate(self, player: str, order: Order) -> None:
        validate(order)

    def spell(self, order: Order) -> Order:
        return spelled(order)

    def warnings(self, state: State, player: str, order: Order) -> list[OrderError]:
        """advice.py: what the rules make certain at the end of this tick (hunger, desertion,
        a tile left to the Orcs...), comparing the tick's phases without and with the order."""
        return advice.warnings(state, player, order, self.act)

    def facts(self, state: State, player: str) -> dict[str, Any]:
        """The facts of orders.yaml `facts:`, as `player` sees the game at this point of the
        tick. Tiles are named "row,col"; a terrain lists only tiles whose terrain the kingdom
        has seen (never one explored this tick, nor one still unexplored)."""
        kingdom = state["kingdoms"][player]
        name = [f"{t['row']},{t['col']}" for t in state["tiles"]]
        facts: dict[str, Any] = {r: kingdom[r] for r in rules()["resources"]}
        facts.update({
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
            facts[terrain] = [name[i] for i, t in enumerate(state["tiles"])
                              if t["explored"] and not terrain_unseen(state, t)
                              and t["terrain"] == terrain]
        return facts

    # -- orders -------------------------------------------------------------------------------
    def begin_tick(self, state: State) -> None:
        state["reports"] = {p: [] for p in state["players"]}
        state["world"] = []
        state["this_tick"] = {"explored": [], "claimed": []}

    def act(self, state: State, player: str, order: Order, dice: Any) -> list[str]:
        handler = getattr(self, f"_do_{order.command}")
        return handler(state, player, order)

    def _do_build(self, state: State, name: str, order: Order) -> list[str]:
        t, building, cost = verify_build(state, name, order)
        kingdom = state["kingdoms"][name]
        for res, amount in cost.items():
            kingdom[res] -= amount
        if building in rules()["settlements"]:
            t["settlement"] = building
        else:
            t["buildings"][building] = t["buildings"].get(building, 0) + 1
        price = ", ".join(f"{a} {r}" for r, a in cost.items())
        return [report(state, name, f"built a {building} on {where(t)} for {price}")]

    def _do_hire_soldiers(self, state: State, name: str, order: Order) -> list[str]:
        t, count = verify_hire(state, name, order)
        gold = count * rules()["soldiers"]["hire_gold"]
        state["kingdoms"][name]["gold"] -= gold
        state["kingdoms"][name]["civilians"] -= count
        t["soldiers"][name] = t["soldiers"].get(name, 0) + count
        return [report(state, name, f"trained {counted(count, 'soldier')} on {where(t)} for "
                                    f"{gold} gold")]

    def _do_dismiss_soldiers(self, state: State, name: str, order: Order) -> list[str]:
        t, count = verify_dismiss(state, name, order)
        _remove_soldiers(t, name, count)
        state["kingdoms"][name]["civilians"] += count
        return [report(state, name, f"dismissed {counted(count, 'soldier')} on {where(t)} back to "
                                    "civilian life")]

    def _do_move_soldiers(self, state: State, name: str, order: Order) -> list[str]:
        src, dst, count = verify_move(state, name, order)
        found = explores(dst, count)
        _remove_soldiers(src, name, count)
        dst["soldiers"][name] = dst["soldiers"].get(name, 0) + count
        events = [report(state, name, f"moved {counted(count, 'soldier')} from {where(src)} to "
                                      f"{where(dst)}")]
        if found:
            dst["explored"] = True
            _record(state, "explored", dst)
            # On a kingdom's knowledge (`check`) the terrain is None: the effect names none.
            seen = f": {dst['terrain']}" if dst["terrain"] else " (its terrain shows on the " \
                "sheets after the tick)"
            events.append(report(state, name, f"explored {where(dst)}{seen}"))
            report(state, other(state, name), f"{name} explored {where(dst)}{seen}")
        return events

    def _do_claim_tile(self, state: State, name: str, order: Order) -> list[str]:
        """A claim takes effect at once: the tile, its village and its settlers are the
        kingdom's for the rest of its orders (the text: "instantly adding +50")."""
        t = verify_claim(state, name, order)
        spec = rules()["claim"]
        kingdom = state["kingdoms"][name]
        kingdom["gold"] -= spec["gold"]
        t["owner"] = name
        t["settlement"] = spec["settlement"]
        kingdom["civilians"] += spec["civilians"]
        _record(state, "claimed", t)
        return [report(state, name, f"claimed {where(t)} for {spec['gold']} gold: a new "
                                    f"{t['settlement']} and {spec['civilians']} settlers")]

    def _do_give(self, state: State, name: str, order: Order) -> list[str]:
        resource, amount, _ = verify_trade(state, name, order, "give")
        state["kingdoms"][name][resource] -= amount
        to = other(state, name)
        state["pending"]["gifts"].append({"from": name, "to": to, "resource": resource,
                                          "amount": amount})
        return [report(state, name, f"sent {amount} {resource} to {to}")]

    def _do_buy_resource(self, state: State, name: str, order: Order) -> list[str]:
        resource, amount, price = verify_trade(state, name, order, "buy")
        kingdom = state["kingdoms"][name]
        kingdom["gold"] -= price
        kingdom[resource] += amount
        return [report(state, name, f"bought {amount} {resource} for {price} gold")]

    def _do_sell_resource(self, state: State, name: str, order: Order) -> list[str]:
        resource, amount, proceeds = verify_trade(state, name, order, "sell")
        kingdom = state["kingdoms"][name]
        kingdom[resource] -= amount
        kingdom["gold"] += proceeds
        return [report(state, name, f"sold {amount} {resource} for {proceeds} gold")]

    # -- the phases after the orders ------------------------------------------------------------
    def end_tick(self, state: State, dice: Any) -> list[str]:
        events = phases.end_tick(state, dice)
        state["this_tick"] = {"explored": [], "claimed": []}  # the sheets show it all now
        return events

    # -- the end ------------------------------------------------------------------------------
    def figures(self, state: State, name: str) -> dict[str, Any]:
        """What the kingdom sheet leads with, for `history`."""
        from .model import owned_tiles, people, soldiers_of

        kingdom = state["kingdoms"][name]
        return {"score": score(state, name), "gold": kingdom["gold"], "food": kingdom["food"],
                "people": people(state, name), "soldiers": soldiers_of(state, name),
                "tiles": len(owned_tiles(state, name)), "threat": state["threat"]}

    def is_over(self, state: State) -> bool:
        return state["tick"] >= state["max_ticks"]

    def result(self, state: State) -> Result:
        scores = {name: score(state, name) for name in state["players"]}
        parts = " + ".join(f"{n} {s}" for n, s in scores.items())
        return Result(f"Team score {sum(scores.values())} ({parts})", scores, [])


def terrains() -> list[str]:
    """Every terrain a tile can have, in the order the d6 table lists them."""
    data = rules()
    names = [data["map"]["start_terrain"], *data["terrain_d6"].values()]
    return list(dict.fromkeys(names))


def _record(state: State, what: str, t: Tile) -> None:
    """Note a tile explored or claimed during the Act phase (checks.this_tick reads it)."""
    done = state.setdefault("this_tick", {"explored": [], "claimed": []})
    done[what].append([t["row"], t["col"]])


def _remove_soldiers(t: Tile, name: str, count: int) -> None:
    t["soldiers"][name] -= count
    if t["soldiers"][name] == 0:
        del t["soldiers"][name]

"""Simple Kingdoms: two cooperating kingdoms on a 3x3 map against a rising Orc threat.

The game object and its command table: each command's check is in checks.py and its apply in
actions.py, under the command's own name, and the row here says what else the engine must know
of it (engine/core/commands.py). `end_tick` runs the phases 2-8 of the rule text (actions.py). The
state is declared in state.py; numbers come from rules.yaml (data.py).

Nothing in a kingdom's orders is chance, and the one secret is the terrain of tiles nobody has
explored: the kingdoms' views hide it (state.py). A move that explores, a claim (which takes
effect at once) and a build can share one tick; a build that depends on the terrain of a tile
explored this tick is decided by the tick with the real terrain, so it ends what `check` can
run (its row's `blind`), and in the tick, once a tile was explored, an order that cannot run
stops the plan there (`unforeseen`) as after a roll.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from ..engine.base.jsondata import JsonObject
from ..engine.core.commands import Commands, row_maker
from ..engine.core.contract import Game, Order, Result, SetupError
from ..engine.core.dice import Dice
from . import actions, advice, checks, legal
from .data import rules, terrains
from .model import owned_tiles, people, score, soldiers_of
from .state import KingdomsState, Tile

# every command has the same state-free checks and warnings
row = row_maker(validate=checks.validate, warn=advice.warnings)


COMMANDS = Commands({
    "build": row(checks.build, actions.build, probe=checks.build_unhinted,
                 blind=checks.build_blind),
    "hire_soldiers": row(checks.hire_soldiers, actions.hire_soldiers),
    "dismiss_soldiers": row(checks.dismiss_soldiers, actions.dismiss_soldiers),
    "move_soldiers": row(checks.move_soldiers, actions.move_soldiers),
    "claim_tile": row(checks.claim_tile, actions.claim_tile),
    "give": row(checks.give, actions.give),
    "buy_resource": row(checks.buy_resource, actions.buy_resource),
    "sell_resource": row(checks.sell_resource, actions.sell_resource),
})


class SimpleKingdoms(Game[KingdomsState]):
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
    declaration = KingdomsState
    commands = COMMANDS

    def parse_options(self, words: list[str], ticks: int | None) -> JsonObject:
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

    def setup(self, players: list[str], options: JsonObject, dice: Dice) -> KingdomsState:
        data = rules()
        size = data["map"]["size"]
        starts = {tuple(s): p for s, p in zip(data["map"]["starts"], players, strict=True)}
        terrain_roll = dice.stream("terrain")
        tiles: list[Tile] = []
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
            "tick": 0,  # the engine's count, set again (in the same place) once setup returns
        }

    def vocabulary(self) -> Mapping[str, Collection[str]]:
        return _vocabulary()

    def awaiting(self, state: KingdomsState) -> list[str]:
        return [] if self.is_over(state) else list(state["players"])

    def max_orders(self, state: KingdomsState, player: str) -> int:
        return int(rules()["actions_per_tick"])

    def spell(self, order: Order) -> Order:
        return checks.spelled(order)

    def candidates(self, state: KingdomsState, player: str) -> Iterable[Order]:
        return legal.candidates(state, player)

    # -- a tick -----------------------------------------------------------------------------
    def begin_tick(self, state: KingdomsState) -> None:
        state["reports"] = {p: [] for p in state["players"]}
        state["world"] = []
        state["this_tick"] = {"explored": [], "claimed": []}

    def end_tick(self, state: KingdomsState, dice: Dice) -> list[str]:
        return actions.end_tick(state, dice)

    def unforeseen(self, state: KingdomsState, player: str) -> bool:
        """A tile explored this tick: its terrain is news the file's writer had not seen."""
        return bool(checks.this_tick(state)["explored"])

    # -- the end ------------------------------------------------------------------------------
    def figures(self, state: KingdomsState, name: str) -> dict[str, int]:
        """What the kingdom sheet leads with, for `history`."""
        kingdom = state["kingdoms"][name]
        return {"score": score(state, name), "gold": kingdom["gold"], "food": kingdom["food"],
                "people": people(state, name), "soldiers": soldiers_of(state, name),
                "tiles": len(owned_tiles(state, name)), "threat": state["threat"]}

    def public_figures(self) -> tuple[str, ...]:
        """The kingdoms play as one team and each sheet shows the other's score."""
        return ("score", "threat")

    def is_over(self, state: KingdomsState) -> bool:
        return bool(state["tick"] >= state["max_ticks"])

    def result(self, state: KingdomsState) -> Result:
        scores = {name: score(state, name) for name in state["players"]}
        parts = " + ".join(f"{n} {s}" for n, s in scores.items())
        return Result(f"Team score {sum(scores.values())} ({parts})", scores, [])


_VOCABULARY: dict[str, Collection[str]] = {}


def _vocabulary() -> dict[str, Collection[str]]:
    """The names state.py's bounds and resample's rolls refer to, from rules.yaml (made
    once)."""
    if not _VOCABULARY:
        data = rules()
        _VOCABULARY.update({
            "terrain": frozenset(terrains()),
            # what the d6 gives an unexplored tile: a name a face, in the order of the faces
            "terrain roll": tuple(data["terrain_d6"][face] for face in range(1, 7)),
            "settlement": frozenset(data["settlements"]),
            "building": frozenset(data["buildings"]),
            "resource": frozenset(data["resources"]),
            "stock": frozenset([*data["resources"], "civilians"]),
            "difficulty": frozenset(data["threat"]["rises_on"]),
        })
    return _VOCABULARY

"""Helpers for the Simple Kingdoms tests (the fixtures in conftest.py use them).

A state is built exactly as the host builds it (`GAME.setup(players, options, Dice(seed, 0))`
with tick 0); orders are parsed with the real grammar and applied with `GAME.act`; the phases
after the Act phase run with a fake dice object whose "threat" stream rolls a chosen face.
"""

from __future__ import annotations

from typing import Any

from lifegames.engine.core import turn
from lifegames.engine.core.dice import Dice
from lifegames.simple_kingdoms import GAME

from ..order_support import GameOrders, no_chance

GRAMMAR = "simple_kingdoms"
SAYS = r"\byou have\b|\bthis tile has\b|\bthis tile is\b"

PLAYERS = ["Ironhold", "Thornvale"]
IRON, THORN = PLAYERS
SEED = 20240601
RICH = {"gold": 5000, "food": 5000, "wood": 5000, "stone": 5000, "iron": 5000}


# -- building states ------------------------------------------------------------------------


def new_state(difficulty: str = "easy", seed: int = SEED, ticks: int | None = None,
              players: list[str] | None = None) -> dict[str, Any]:
    words = [] if difficulty == "easy" else [difficulty]
    options = GAME.parse_options(words, ticks)
    state = GAME.setup(list(players or PLAYERS), options, Dice(seed, 0))
    state["tick"] = 0
    return state


def tile(state: dict[str, Any], row: int, col: int) -> dict[str, Any]:
    return state["tiles"][row * state["size"] + col]


def kingdom(state: dict[str, Any], name: str) -> dict[str, Any]:
    return state["kingdoms"][name]


def set_tile(state: dict[str, Any], row: int, col: int, *, owner: str | None = None,
             terrain: str | None = None, settlement: str | None = None,
             explored: bool | None = None, buildings: dict[str, int] | None = None,
             soldiers: dict[str, int] | None = None) -> dict[str, Any]:
    """Arrange a tile directly (to reach a position without playing the ticks that lead there).
    An owned tile is explored and has a settlement (a village unless told otherwise)."""
    t = tile(state, row, col)
    if terrain is not None:
        t["terrain"] = terrain
    if owner is not None:
        t["owner"] = owner
        t["explored"] = True
        t["settlement"] = settlement or t["settlement"] or "village"
    elif settlement is not None:
        t["settlement"] = settlement
    if explored is not None:
        t["explored"] = explored
    if buildings is not None:
        t["buildings"] = dict(buildings)
    if soldiers is not None:
        t["soldiers"] = {k: v for k, v in soldiers.items() if v}
    return t


def set_stock(state: dict[str, Any], name: str, **amounts: int) -> None:
    state["kingdoms"][name].update(amounts)


def quiet(state: dict[str, Any]) -> None:
    """Remove the starting farms, so no tile produces anything (for arithmetic tests)."""
    for t in state["tiles"]:
        t["buildings"] = {}


# -- orders ---------------------------------------------------------------------------------


# The shared order helpers (tests/order_support.py), bound to this game: orders take no dice
# here (the Act phase rolls nothing), and a refusal may say what you or the tile have instead
# of giving a hint.
ORDERS = GameOrders(GAME, GRAMMAR, SEED, no_dice=no_chance, says=SAYS)
parse_one, parse_file, order, reject = (ORDERS.parse_one, ORDERS.parse_file, ORDERS.order,
                                        ORDERS.reject)
check_alone = ORDERS.check_alone


def play(state: dict[str, Any], files: dict[str, str], seed: int = SEED) -> turn.TickOutcome:
    """One tick through the engine, every kingdom's file parsed from `files` (a kingdom
    missing from it sends an empty file)."""
    return ORDERS.play(state, files, seed, everyone=state["players"])


# -- the phases after the Act phase -----------------------------------------------------------


class FixedStream:
    def __init__(self, rolls: list[int]) -> None:
        self.rolls = list(rolls)
        self.used: list[int] = []

    def d6(self) -> int:
        return self.die(6)

    def die(self, sides: int = 6) -> int:
        value = self.rolls.pop(0) if len(self.rolls) > 1 else self.rolls[0]
        assert 1 <= value <= sides
        self.used.append(value)
        return value


class FixedDice:
    """Dice whose named streams roll chosen faces (the last face repeats)."""

    def __init__(self, threat: int = 6, **streams: list[int]) -> None:
        self.streams = {"threat": FixedStream([threat])}
        self.streams.update({name: FixedStream(rolls) for name, rolls in streams.items()})
        self.asked: list[str] = []

    def stream(self, name: str) -> FixedStream:
        self.asked.append(name)
        return self.streams[name]


def end_tick(state: dict[str, Any], threat_roll: int = 6) -> tuple[list[str], FixedDice]:
    """Run GAME.end_tick (steps 2-8 after the Act phase) with the threat die showing
    `threat_roll` (6 never raises the threat)."""
    dice = FixedDice(threat_roll)
    events = GAME.end_tick(state, dice)
    return events, dice

"""Helpers for the A Simple Life tests: states built as the host builds them, orders parsed with
the real grammar and applied with GAME.act, and dice whose rolls the test chooses."""

from __future__ import annotations

from typing import Any

from lifegames.a_simple_life import GAME
from lifegames.a_simple_life.data import KINDS
from lifegames.a_simple_life.model import dice_conserved, me, room, stock
from lifegames.engine.core import turn
from lifegames.engine.core.contract import OrderError
from lifegames.engine.core.dice import Dice

from ..order_support import GameOrders, no_chance

SEED = 20240601

GRAMMAR = "a_simple_life"


def new_state(players: list[str] | None = None, words: list[str] | None = None,
              seed: int = SEED) -> dict[str, Any]:
    options = GAME.parse_options(list(words or []), None)
    state = GAME.setup(list(players or ["Ana"]), options, Dice(seed, 0))
    state["tick"] = 0
    return state


class FixedStream:
    def __init__(self, rolls: list[int]) -> None:
        self.rolls = list(rolls)

    def die(self, sides: int = 6) -> int:
        return self.rolls.pop(0)

    def d6(self) -> int:
        return self.die()

    def roll(self, count: int, sides: int = 6) -> list[int]:
        return [self.die() for _ in range(count)]


class FixedDice:
    """Every stream rolls the faces given for it, in order (a test fails if it runs out)."""

    def __init__(self, **streams: list[int]) -> None:
        self.streams = {name.replace("_", ":"): FixedStream(r) for name, r in streams.items()}

    def stream(self, name: str) -> FixedStream:
        return self.streams[name]


def rolls(player: str = "Ana", *faces: int, day: list[int] | None = None) -> FixedDice:
    dice = FixedDice()
    dice.streams[f"player:{player}"] = FixedStream(list(faces))
    if day is not None:
        dice.streams["day"] = FixedStream(day)
    return dice


# The shared order helpers (tests/order_support.py), bound to this game. An order given no
# dice gets none; a refused one gets dice with no stream, so refusing must not roll. A solo
# game is the usual test, so the player comes after the order and defaults to Ana.
ORDERS = GameOrders(GAME, GRAMMAR, SEED, no_dice=no_chance)
parse_one, parse_file = ORDERS.parse_one, ORDERS.parse_file


def order(state: dict[str, Any], text: str, player: str = "Ana", dice: Any = None
          ) -> list[str]:
    return ORDERS.order(state, player, text, dice)


def reject(state: dict[str, Any], text: str, code: str, player: str = "Ana") -> OrderError:
    """The order must be refused with `code`, leave the state untouched and say what to do."""
    return ORDERS.reject(state, player, text, code, FixedDice())


def sheet_of(state: dict[str, Any], player: str = "Ana") -> dict[str, Any]:
    return me(state, player)


def set_dice(state: dict[str, Any], faces: list[int], player: str = "Ana") -> None:
    """Put chosen faces in Available (the rest of the day's dice in Used)."""
    s = me(state, player)
    total = len(s["available"]) + len(s["used"])
    s["available"] = sorted(faces)
    s["used"] = [1] * (total - len(faces))


def give_stock(state: dict[str, Any], player: str = "Ana", **amounts: int) -> None:
    """Set what the player has of each kind (circles, no crosses)."""
    s = me(state, player)
    for kind, count in amounts.items():
        s["inventory"][kind] = {"circled": count, "crossed": 0}


def player_sheet(state: dict[str, Any], player: str = "Ana") -> str:
    """The player's sheet, as the engine makes it from their view of the state."""
    return GAME.views(state, player)[f"{player.lower()}_sheet.txt"]


def play(state: dict[str, Any], files: dict[str, str], seed: int = SEED) -> turn.TickOutcome:
    """One tick through the engine, each awaited player's file parsed from `files` (one
    missing from it sends an empty file)."""
    return ORDERS.play(state, files, seed, everyone=GAME.awaiting(state))


def check_invariants(state: dict[str, Any]) -> None:
    """No inventory row over its length, no negative stock, every die accounted for."""
    from lifegames.a_simple_life.data import sheet

    caps = sheet()["caps"]
    for player in state["players"]:
        s = me(state, player)
        for kind in KINDS:
            row = s["inventory"][kind]
            assert room(s, kind) >= 0, (player, kind, row)
            assert row["circled"] <= caps[kind]
            if kind != "monster":
                assert stock(s, kind) >= 0, (player, kind, row)
        assert dice_conserved(state, player), (player, s["available"], s["used"])
        for col, checks in enumerate(s["farm"], start=1):
            assert 0 <= checks <= len(sheet()["farm"][col])
        assert all(0 <= level <= 2 for level in s["tools"].values())

"""Helpers for the Lifestyle tests.

A state is built as the host builds it (`GAME.setup(players, {}, Dice(seed, 0))`, tick 0), then
arranged directly (display, zones, tokens) to reach a position without playing up to it. Orders
are parsed with the real grammar and applied with `GAME.act`; dice are injected with `FakeDice`,
whose every stream hands out the faces the test lists, in order.
"""

from __future__ import annotations

from typing import Any

from lifegames.engine.core.dice import Dice
from lifegames.lifestyle import GAME
from lifegames.lifestyle.actions import new_turn
from lifegames.lifestyle.model import card_count, token_count

from ..order_support import GameOrders

PLAYERS = ["Ana", "Ben", "Cleo"]
ANA, BEN, CLEO = PLAYERS
SEED = 20180101

GRAMMAR = "lifestyle"


class FakeStream:
    """A dice stream that rolls the faces it was given, in order, and records what it rolled."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = faces
        self.used: list[int] = []

    def die(self, sides: int = 6) -> int:
        if not self.faces:
            raise AssertionError("the test ran out of dice faces")
        value = self.faces.pop(0)
        assert 1 <= value <= sides
        self.used.append(value)
        return value

    def d6(self) -> int:
        return self.die(6)

    def roll(self, count: int, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(count)]


class FakeDice:
    """Every stream shares one list of faces: FakeDice(4, 5) rolls a 4, then a 5."""

    tick = 1  # plans try `can ORDER` with dice of this tick that nobody plays with

    def __init__(self, *faces: int) -> None:
        self.stream_ = FakeStream(list(faces))
        self.asked: list[str] = []

    def stream(self, name: str) -> FakeStream:
        self.asked.append(name)
        return self.stream_

    @property
    def left(self) -> list[int]:
        return self.stream_.faces


# -- building states ------------------------------------------------------------------------


def new_state(players: list[str] | None = None, seed: int = SEED) -> dict[str, Any]:
    state = GAME.setup(list(players or PLAYERS), GAME.parse_options([], None), Dice(seed, 0))
    state["tick"] = 0
    return state


def arrange(state: dict[str, Any], *, display: list[str | None] | None = None,
            pile: list[str] | None = None, **seats: dict[str, Any]) -> dict[str, Any]:
    """Put cards where a test wants them, keeping all 72 cards and 25 tokens accounted for:
    cards a test places are taken from wherever they are (pile first); cards a test removes go
    to the top of the pile's end; tokens come from or go to the pool.

    arrange(state, display=[...9 slots...], Ana={"dice": [...], "points": [...], "tokens": 3})
    """
    everything = list(state["pile"]) + [c for c in state["display"] if c] + state["discard"]
    for s in state["seats"].values():
        everything += s["dice"] + s["points"]
    wanted_display = display if display is not None else list(state["display"])
    placed: list[str] = [c for c in wanted_display if c]
    zones = {p: {"dice": list(state["seats"][p]["dice"]),
                 "points": list(state["seats"][p]["points"])} for p in state["players"]}
    for player, spec in seats.items():
        for zone in ("dice", "points"):
            if zone in spec:
                zones[player][zone] = list(spec[zone])
    for player in state["players"]:
        placed += zones[player]["dice"] + zones[player]["points"]
    placed += state["discard"]
    remaining = list(everything)
    for name in placed:
        assert name in remaining, f"arrange: no {name} left in the deck"
        remaining.remove(name)
    if pile is not None:
        for name in pile:
            assert name in remaining, f"arrange: no {name} left for the pile"
            remaining.remove(name)
        remaining = list(pile) + remaining
    state["pile"] = remaining
    state["display"] = list(wanted_display)
    for player in state["players"]:
        state["seats"][player]["dice"] = zones[player]["dice"]
        state["seats"][player]["points"] = zones[player]["points"]
    for player, spec in seats.items():
        if "tokens" in spec:
            change = spec["tokens"] - state["seats"][player]["tokens"]
            assert state["pool"] >= change, "arrange: not enough tokens in the pool"
            state["pool"] -= change
            state["seats"][player]["tokens"] = spec["tokens"]
    check_invariants(state)
    return state


def set_turn(state: dict[str, Any], player: str) -> None:
    state["turn"] = new_turn(player, state["turn"]["number"])


def check_invariants(state: dict[str, Any]) -> None:
    assert card_count(state) == 72, card_count(state)
    assert token_count(state) == 25, token_count(state)
    assert state["pool"] >= 0
    assert all(s["tokens"] >= 0 for s in state["seats"].values())
    assert len(state["display"]) == 9


# -- orders ---------------------------------------------------------------------------------


# The shared order helpers (tests/order_support.py), bound to this game; an order applied
# keeps every card and token accounted for, and an order given no dice must not roll.
ORDERS = GameOrders(GAME, GRAMMAR, SEED, invariants=check_invariants)
parse_one, parse_file, order, orders = (ORDERS.parse_one, ORDERS.parse_file, ORDERS.order,
                                        ORDERS.orders)
reject, check_alone, legal = ORDERS.reject, ORDERS.check_alone, ORDERS.legal
play = ORDERS.play_awaited

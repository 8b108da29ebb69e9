"""Helpers for the A Chaotic Life! tests.

A state is built as the host builds it (`GAME.setup(players, {}, Dice(seed, 0))`, tick 0), then
arranged directly (hands, deck top, stage, counters) to reach a position without playing up to
it, keeping all 67 cards accounted for. Orders are parsed with the real grammar
and applied with `GAME.act`; chance is injected with `FakeDice`.
"""

from __future__ import annotations

import json
from typing import Any

from lifegames.a_chaotic_life import GAME
from lifegames.a_chaotic_life.data import KINDS, card, rules, stages
from lifegames.a_chaotic_life.model import card_count
from lifegames.engine.core.dice import Dice

from ..order_support import GameOrders

GRAMMAR = "a_chaotic_life"
PLAYERS = ["Ana", "Ben", "Cleo"]
ANA, BEN, CLEO = PLAYERS
SEED = 2015
AGES = {"child": "Child", "teen": "Teen", "adult": "Adult", "senior": "Senior"}


class FakeStream:
    """A stream that hands out the given values in order: die(n) returns the next value
    (1-based), shuffle leaves the list as it is, choice takes the first."""

    def __init__(self, values: list[int]) -> None:
        self.values = values

    def die(self, sides: int = 6) -> int:
        value = self.values.pop(0) if self.values else 1
        assert 1 <= value <= sides, (value, sides)
        return value

    def shuffle(self, items: list[Any]) -> None:
        pass

    def choice(self, items: list[Any]) -> Any:
        return items[0]


class FakeDice:
    def __init__(self, *values: int) -> None:
        self.stream_ = FakeStream(list(values))
        self.asked: list[str] = []

    def stream(self, name: str) -> FakeStream:
        self.asked.append(name)
        return self.stream_




# -- building states ------------------------------------------------------------------------


def new_state(players: list[str] | None = None, seed: int = SEED) -> dict[str, Any]:
    state = GAME.setup(list(players or PLAYERS), GAME.parse_options([], None), Dice(seed, 0))
    state["tick"] = 0
    state["log"] = []
    return state


def _take(state: dict[str, Any], name: str) -> None:
    """Take one `name` from wherever it lies loose: the deck, the discard pile, a hand, a
    pouch or the cards in front of a player."""
    zones = [state["deck"], state["discard"]]
    for player in state["players"]:
        zones += [state["hands"][player], state["pouches"][player], state["front"][player]]
    for zone in zones:
        if name in zone:
            zone.remove(name)
            return
    raise AssertionError(f"arrange: no loose {name} left")


def arrange(state: dict[str, Any], *, hands: dict[str, list[str]] | None = None,
            pouches: dict[str, list[str]] | None = None,
            front: dict[str, list[str]] | None = None, discard: list[str] | None = None,
            top: list[str] | None = None, stage: str | None = None,
            history: dict[str, list[str]] | None = None,
            counters: dict[str, dict[str, int]] | None = None,
            goals: dict[str, str] | None = None, player: str | None = None
            ) -> dict[str, Any]:
    """Put cards where a test wants them. Zones named are emptied into the deck first; each
    wanted card is then taken from wherever it lies loose. `top` is the deck's top, first
    card first. `stage` moves the Age cards up to it onto the Timeline. A deck changed here is
    no longer stacked as the rules build it: nothing is kept of its piles."""
    deck = list(state["deck"])
    for zone, spec in (("hands", hands), ("pouches", pouches), ("front", front)):
        for name in spec or {}:
            state["deck"] += state[zone][name]
            state[zone][name] = []
    if discard is not None:
        state["deck"] += state["discard"]
        state["discard"] = []
    if stage is not None:
        order = stages()
        for entry in state["timeline"][1:]:
            state["deck"].append(entry["card"])
            state["deck"] += entry["above"]
        state["timeline"] = state["timeline"][:1]
        for reached in order[1:order.index(stage) + 1]:
            _take(state, AGES[reached])
            state["timeline"].append({"card": AGES[reached], "stage": reached, "above": []})
        state["stage"] = stage
        state["history"] = {s: [] for s in order[:order.index(stage) + 1]}
    for zone, spec in (("hands", hands), ("pouches", pouches), ("front", front)):
        for name, cards in (spec or {}).items():
            for one in cards:
                _take(state, one)
            state[zone][name] = list(cards)
    if discard is not None:
        for one in discard:
            _take(state, one)
        state["discard"] = list(discard)
    for one in reversed(top or []):
        _take(state, one)
        state["deck"].insert(0, one)
    if history is not None:
        state["history"].update({k: list(v) for k, v in history.items()})
    for name, mine in (counters or {}).items():
        for kind in KINDS:
            state["counters"][name][kind] = mine.get(kind, 0)
    state["goals"].update(goals or {})
    if player is not None:
        set_turn(state, player)
    if state["deck"] != deck and "piles" in state:
        state["piles"], state["loose"] = [], 0
    check_invariants(state)
    return state


def set_turn(state: dict[str, Any], player: str) -> None:
    from lifegames.a_chaotic_life.actions import new_turn

    state["turn"] = new_turn(player, state["turn"]["number"])
    state["offer"] = None


def stand(state: dict[str, Any], player: str, *orders: str) -> None:
    """Leave standing orders as the engine stores them (canonical text)."""
    standing = state.setdefault("standing", {})
    standing[player] = [parse_one(o).canonical() for o in orders]


def check_invariants(state: dict[str, Any]) -> None:
    assert card_count(state) == 67, card_count(state)
    for player in state["players"]:
        assert all(v >= 0 for v in state["counters"][player].values())
        assert len(state["pouches"][player]) <= rules()["pouch_size"]
        assert all(card(n)["type"] == "item" for n in state["pouches"][player])
        assert not any(card(n)["drawn"] for n in state["hands"][player])
    if state.get("piles"):  # what is left of the piles is what is left of the deck
        assert sum(size for size, _, _ in state["piles"]) + state["loose"] == len(state["deck"])
    assert json.loads(json.dumps(state)) == state


# -- orders ---------------------------------------------------------------------------------


# The shared order helpers (tests/order_support.py), bound to this game; an order applied
# keeps every card accounted for, and an order given no dice must not roll.
ORDERS = GameOrders(GAME, GRAMMAR, SEED, invariants=check_invariants)
parse_one, parse_file, order, orders = (ORDERS.parse_one, ORDERS.parse_file, ORDERS.order,
                                        ORDERS.orders)
reject, check_as, legal = ORDERS.reject, ORDERS.check_alone, ORDERS.legal
play = ORDERS.play_awaited


def counters_of(state: dict[str, Any], player: str) -> tuple[int, int]:
    mine = state["counters"][player]
    return mine["happiness"], mine["sadness"]

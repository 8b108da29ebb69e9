"""Helpers for The Sims Board Game tests.

A state is built as the host builds it (`GAME.setup(players, options, Dice(seed, 0))`, tick 0),
then arranged directly (Card Hub, collections, Needs, Iconic Sims) to reach a position without
playing up to it; `arrange` keeps every card accounted for. Orders are parsed with the real
grammar and applied with `GAME.act`; the Interaction die is injected with `FakeDice`, which
rolls the faces a test names, in order.
"""

from __future__ import annotations

from typing import Any

from lifegames.engine.core import turn
from lifegames.engine.core.dice import Dice
from lifegames.engine.core.orders import ParsedFile
from lifegames.the_sims import GAME
from lifegames.the_sims.actions import DIE, PICK
from lifegames.the_sims.data import (
    ASPIRATIONS,
    DECK_SIZE,
    HOMES,
    SIMS,
    aspirations,
    deck,
    homes,
    needs,
    rules,
    sims,
)
from lifegames.the_sims.effects import VENUE

from ..order_support import GameOrders

PLAYERS = ["Ana", "Ben", "Cleo"]
ANA, BEN, CLEO = PLAYERS
SEED = 2025

GRAMMAR = "the_sims"


class FakeStream:
    def __init__(self, values: list[int], name: str) -> None:
        self.values = values
        self.name = name

    def die(self, sides: int = 6) -> int:
        if not self.values:
            raise AssertionError(f"the test ran out of {self.name} values")
        value = self.values.pop(0)
        assert 1 <= value <= sides, (value, sides)
        return value

    def shuffle(self, items: list[Any]) -> None:
        """Reshuffles in tests keep their order."""


class FirstStream:
    """A chance that always comes out first: a new Iconic Sim goes to the first Venue in board
    order showing their interest, unless a test names the Venues (FakeDice places=...)."""

    def die(self, sides: int = 6) -> int:
        return 1


class FakeDice:
    """FakeDice("good", "hand", picks=[2], places=[2]): the Interaction die shows good, then
    the hand; a random card taken from a collection is the 2nd; a new Iconic Sim goes to the
    2nd matching Venue (without places=, always the first)."""

    def __init__(self, *faces: str, picks: list[int] | None = None,
                 places: list[int] | None = None) -> None:
        order = rules()["die"]
        self.streams: dict[str, Any] = {
            DIE: FakeStream([order.index(f) + 1 for f in faces], "die"),
            PICK: FakeStream(list(picks or []), "pick"),
            VENUE: FirstStream() if places is None else FakeStream(list(places), "venue")}

    def stream(self, name: str) -> FakeStream:
        return self.streams.setdefault(name, FakeStream([], name))

    @property
    def left(self) -> list[int]:
        return self.streams[DIE].values + self.streams[PICK].values




# -- building states ------------------------------------------------------------------------


def new_state(players: list[str] | None = None, words: list[str] | None = None,
              seed: int = SEED) -> dict[str, Any]:
    state = GAME.setup(list(players or PLAYERS), GAME.parse_options(list(words or []), None),
                       Dice(seed, 0))
    state["tick"] = 0
    return state


def moved_in(players: list[str] | None = None, words: list[str] | None = None,
             seed: int = SEED) -> dict[str, Any]:
    """A fresh game in which everyone has moved in with the first cards offered."""
    state = new_state(players, words, seed)
    for player in state["players"]:
        offers = state["seats"][player]["offers"]
        args = f'"{offers["homes"][0]}"'
        if offers["aspirations"]:
            args += f', "{offers["aspirations"][0]}"'
        order(state, player, f"move_in({args})")
    return state


def _take(pool: list[str], name: str, where: str) -> None:
    assert name in pool, f"arrange: no {name} left ({where})"
    pool.remove(name)


def arrange(state: dict[str, Any], *, hub: list[str | None] | None = None,
            board: list[Any] | None = None, discard: list[str] | None = None,
            **seats: dict[str, Any]) -> dict[str, Any]:
    """Put cards where a test wants them, keeping all 115 Action cards and 18 Iconic Sims
    accounted for: placed cards come from wherever they are (the pile first); displaced ones
    go to the end of their pile.

    arrange(state, hub=[...6...], board=["Bella Goth", ...], Ana={"cards": [...],
            "sims": [...], "needs": {"Fun": False}, "at": "Park", "aspiration": "..."})
    """
    actions = list(state["pile"]) + [c for c in state["hub"] if c] + state["discard"]
    people = list(state["sims_pile"]) + list(state["centre"]) + \
        [s["sim"] if isinstance(s, dict) else s for s in state["board"]]
    for name in state["players"]:
        actions += state["seats"][name]["cards"]
        people += state["seats"][name]["sims"]
    actions += state["box"]["cards"] + state["scored"]
    for name in state["players"]:
        actions += state["seats"][name]["specials"]
    people += state["box"]["sims"]
    wanted_hub = list(hub) if hub is not None else list(state["hub"])
    wanted_discard = list(discard) if discard is not None else list(state["discard"])
    wanted_board = list(board) if board is not None else list(state["board"])
    cards = {p: list(seats.get(p, {}).get("cards", state["seats"][p]["cards"]))
             for p in state["players"]}
    friends = {p: list(seats.get(p, {}).get("sims", state["seats"][p]["sims"]))
               for p in state["players"]}
    specials = {p: list(seats.get(p, {}).get("specials", state["seats"][p]["specials"]))
                for p in state["players"]}
    left = [c for c in actions]
    placed = [c for c in wanted_hub if c] + wanted_discard + state["box"]["cards"] + \
        state["scored"] + [c for p in state["players"] for c in cards[p]] + \
        [c for p in state["players"] for c in specials[p]]
    for name in placed:
        _take(left, name, "Action cards")
    everyone = list(people)
    placed_sims = [s["sim"] if isinstance(s, dict) else s for s in wanted_board] + \
        list(state["centre"]) + [s for p in state["players"] for s in friends[p]] + \
        state["box"]["sims"]
    for name in placed_sims:
        _take(everyone, name, "Iconic Sims")
    state["pile"] = _keep_order(state["pile"], left)
    state["hub"], state["discard"], state["board"] = wanted_hub, wanted_discard, wanted_board
    state["sims_pile"] = _keep_order(state["sims_pile"], everyone)
    for player in state["players"]:
        mine = state["seats"][player]
        mine["cards"], mine["sims"] = cards[player], friends[player]
        mine["specials"] = specials[player]
        spec = seats.get(player, {})
        for need, full in spec.get("needs", {}).items():
            mine["needs"][need] = full
        if "home" in spec:
            holder = next((p for p in state["players"]
                           if state["seats"][p]["home"] == spec["home"]), None)
            if holder is not None:
                state["seats"][holder]["home"] = mine["home"]
            else:
                _exchange(state, ["home_pile"], spec["home"], mine["home"])
            mine["home"] = spec["home"]
        for key in ("aspiration", "drawn"):
            if key in spec:
                holder = next((p for p in state["players"] if spec[key] is not None and
                               state["seats"][p]["aspiration"] == spec[key]), None)
                if holder is not None:
                    state["seats"][holder]["aspiration"] = mine[key]
                else:
                    _exchange(state, ["asp_pile", "asp_discard", "asp_box"], spec[key],
                              mine[key])
                mine[key] = spec[key]
        if "completed" in spec:
            for name in spec["completed"]:
                if name not in mine["aspirations"]:
                    _exchange(state, ["asp_pile", "asp_discard", "asp_box"], name, None)
            mine["completed"] = list(spec["completed"])
        if "at" in spec:
            mine["at"] = spec["at"]
    check_invariants(state)
    return state


def _keep_order(pile: list[str], left: list[str]) -> list[str]:
    """The cards of `left` (a multiset), those already in `pile` first in pile order."""
    spare = list(left)
    out = []
    for name in pile:
        if name in spare:
            spare.remove(name)
            out.append(name)
    return out + spare


def _exchange(state: dict[str, Any], piles: list[str], new: str | None, old: str | None
              ) -> None:
    """`new` leaves the first pile holding it; `old` takes its place there."""
    if new == old:
        return
    if new is None:
        state[piles[0]].append(old)
        return
    for key in piles:
        if new in state[key]:
            index = state[key].index(new)
            if old is None:
                del state[key][index]
            else:
                state[key][index] = old
            return
    raise AssertionError(f"arrange: {new} is not in {', '.join(piles)}")


def set_turn(state: dict[str, Any], player: str) -> None:
    from lifegames.the_sims.actions import new_turn

    state["turn"] = new_turn(player, state["turn"]["number"])
    state["refill"] = False


def count_actions(state: dict[str, Any]) -> int:
    total = len(state["pile"]) + sum(1 for c in state["hub"] if c) + len(state["discard"])
    total += len(state["box"]["cards"]) + len(state["scored"])
    for mine in state["seats"].values():
        total += len(mine["cards"]) + len(mine["specials"])
    held = state["turn"].get("holding")
    return total + (1 if held else 0)


def count_sims(state: dict[str, Any]) -> int:
    total = len(state["sims_pile"]) + len(state["board"]) + len(state["centre"])
    total += len(state["box"]["sims"])
    return total + sum(len(m["sims"]) for m in state["seats"].values())


def check_invariants(state: dict[str, Any]) -> None:
    """115 Action cards, 18 Iconic Sims, 27 Aspirations and 18 Home cards accounted for, each
    once; every Need FULL or EMPTY."""
    assert count_actions(state) == DECK_SIZE, count_actions(state)
    everything = list(state["pile"]) + [c for c in state["hub"] if c] + state["discard"] + \
        state["box"]["cards"] + state["scored"]
    for mine in state["seats"].values():
        everything += mine["cards"] + mine["specials"]
    if state["turn"].get("holding"):
        everything.append(state["turn"]["holding"])
    assert sorted(everything) == sorted(deck())
    assert count_sims(state) == SIMS
    people = list(state["sims_pile"]) + state["centre"] + state["box"]["sims"] + \
        [s["sim"] if isinstance(s, dict) else s for s in state["board"]]
    for mine in state["seats"].values():
        people += mine["sims"]
    assert sorted(people) == sorted(sims())
    held = list(state["asp_pile"]) + state["asp_discard"] + state["asp_box"]
    houses = list(state["home_pile"])
    for mine in state["seats"].values():
        held += mine["completed"] + mine["offers"]["aspirations"]
        held += [a for a in (mine["aspiration"], mine["drawn"]) if a]
        if len(state["players"]) == 1:
            held += [a for a in mine["aspirations"] if a not in mine["completed"]]
        houses += mine["offers"]["homes"] + ([mine["home"]] if mine["home"] else [])
        assert set(mine["needs"]) == set(needs())
        assert all(v in (True, False) for v in mine["needs"].values())
    assert sorted(held) == sorted(aspirations()) and len(held) == ASPIRATIONS
    if len(state["players"]) == 1 and not state["seats"][state["players"][0]]["home"]:
        houses = list(homes())
    assert sorted(houses) == sorted(homes()) and len(houses) == HOMES
    assert len(state["hub"]) == rules()["hub"]["rows"] * rules()["hub"]["columns"]


# -- orders ---------------------------------------------------------------------------------


# The shared order helpers (tests/order_support.py), bound to this game; an order applied
# keeps every card accounted for, and an order given no dice must not roll.
ORDERS = GameOrders(GAME, GRAMMAR, SEED, invariants=check_invariants)
parse_one, parse_file, order, reject = (ORDERS.parse_one, ORDERS.parse_file, ORDERS.order,
                                        ORDERS.reject)
check_alone, play, legal = ORDERS.check_alone, ORDERS.play, ORDERS.legal


def check_file(state: dict[str, Any], player: str, parsed: ParsedFile,
               seed: int = SEED) -> turn.FileCheck:
    """`check` of an already parsed file, on the player's knowledge of the state, with dice
    nobody plays with (the engine's check takes no seed: `seed` is accepted and unused)."""
    return turn.check_file(GAME, state, player, parsed)


def points(state: dict[str, Any], player: str) -> int:
    from lifegames.the_sims.model import points as score

    return score(state, player)

"""What Simple Kingdoms' state means: tiles, people, caps, defense and the formulas of the rule
text (income, food, score). Pure readings of the state, shared by the checks, the actions (the
orders and the phases after them), the warnings, the sheets and the bots, so none of those
imports another."""

from __future__ import annotations

import functools
import math
from typing import TypedDict, cast

from .data import rules
from .state import KingdomsState, Place, Tile

Kingdom = dict[str, int]  # a kingdom's stock: each resource and its civilians


class Raid(TypedDict):
    """Orcs raiding one exposed tile: what the kingdom lost."""

    tile: list[int]  # [row, col]
    gold: int
    food: int


class Desertion(TypedDict):
    """Unpaid soldiers leaving one tile."""

    tile: list[int]  # [row, col]
    count: int


class Ledger(TypedDict):
    """One kingdom's economy over a tick (steps 2-7 of the rule text), as the phases ran it:
    what the sheets, the warnings and the bots read."""

    produced: dict[str, int]  # resource -> made by the buildings
    raids: list[Raid]
    income: int
    eaten: int
    fed: bool
    starved: int
    upkeep: int
    deserted: list[Desertion]
    growth: int


NEIGHBOURS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


@functools.cache
def ratio(value: float | int) -> tuple[int, int]:
    """A rate from rules.yaml as an exact fraction in lowest terms, (numerator, denominator):
    the number as it is written, so 0.1 is 1/10, not 0.1000000000000000055. Read from its
    decimal spelling by hand rather than through `fractions`, whose import (with `decimal`)
    would cost every tick and check more than all the formulas it serves."""
    mantissa, _, exponent = str(value).lower().partition("e")
    whole, _, digits = mantissa.partition(".")
    numerator = int(whole + digits)
    power = int(exponent or 0) - len(digits)
    denominator = 1
    if power >= 0:
        numerator *= 10**power
    else:
        denominator = 10**-power
    common = math.gcd(numerator, denominator)
    return numerator // common, denominator // common


def linear(rate: float | int, base: float | int, x: int, up: bool = False) -> int:
    """floor (or ceil, `up`) of rate * x + base, exactly, in whole numbers: the formulas of
    the rule text (income, food, raids, growth) are evaluated thousands of times a game."""
    (a_top, a_bottom), (b_top, b_bottom) = ratio(rate), ratio(base)
    numerator = a_top * b_bottom * x + b_top * a_bottom
    denominator = a_bottom * b_bottom
    return -(-numerator // denominator) if up else numerator // denominator


# -- reading the state ---------------------------------------------------------------------------


def tile(state: KingdomsState, row: int, col: int) -> Tile:
    found: Tile = state["tiles"][row * state["size"] + col]
    return found


def place(t: Tile) -> Place:
    """A tile's place as this_tick records it: a JSON pair, so a list when the state holds it
    (JSON has no tuples), though declared a tuple for its fixed length."""
    return cast(Place, [t["row"], t["col"]])


def owned_tiles(state: KingdomsState, name: str) -> list[Tile]:
    return [t for t in state["tiles"] if t["owner"] == name]


def soldiers_of(state: KingdomsState, name: str) -> int:
    count = 0
    for t in state["tiles"]:  # a loop, not sum(): the bots' forecasts call this constantly
        count += t["soldiers"].get(name, 0)
    return count


def people(state: KingdomsState, name: str) -> int:
    civilians: int = state["kingdoms"][name]["civilians"]
    return civilians + soldiers_of(state, name)


def cap(state: KingdomsState, name: str) -> int:
    settlements = rules()["settlements"]
    return sum(settlements[t["settlement"]]["cap"] for t in owned_tiles(state, name)
               if t["settlement"])


def tile_defense(t: Tile) -> int:
    """soldiers + soldiers x watchtowers + wall bonus, counting the owner's soldiers: the
    watchtowers multiply "your soldiers' effectiveness" (an ally's stationed there do not)."""
    soldiers: int = t["soldiers"].get(t["owner"], 0) if t["owner"] else 0
    towers: int = t["buildings"].get("watchtower", 0)
    wall: int = rules()["buildings"]["wall"]["bonus"] if t["buildings"].get("wall") else 0
    return soldiers + soldiers * towers + wall


def kingdom_defense(state: KingdomsState, name: str) -> int:
    tiles = owned_tiles(state, name)
    return min((tile_defense(t) for t in tiles), default=0)


def exposed_tiles(state: KingdomsState, name: str) -> list[Tile]:
    return [t for t in owned_tiles(state, name) if state["threat"] > tile_defense(t)]


def income(state: KingdomsState, name: str, head_count: int | None = None) -> int:
    """`head_count`: the kingdom's people, when the caller has just counted them."""
    spec = rules()["income"]
    count = people(state, name) if head_count is None else head_count
    return linear(spec["per_person"], spec["base"], count)


def food_needed(state: KingdomsState, name: str, head_count: int | None = None) -> int:
    spec = rules()["eating"]
    count = people(state, name) if head_count is None else head_count
    return linear(spec["per_person"], spec["base"], count, up=True)


def score_parts(state: KingdomsState, name: str) -> dict[str, int]:
    """A kingdom's score by part: people (up to the cap: those its settlements house), land,
    settlements and the treasury, each at its rules.yaml weight. Buildings score through what
    they make."""
    spec = rules()["score"]
    tiles = owned_tiles(state, name)
    return {
        "people": min(people(state, name), cap(state, name)) * spec["per_person"],
        "land": spec["per_tile"] * len(tiles),
        "settlements": sum(spec["settlement"].get(t["settlement"], 0) for t in tiles
                           if t["settlement"]),
        "treasury": state["kingdoms"][name]["gold"] // spec["gold_per_point"],
    }


def score(state: KingdomsState, name: str) -> int:
    return sum(score_parts(state, name).values())


def team_score(state: KingdomsState) -> int:
    return sum(score(state, name) for name in state["players"])


def other(state: KingdomsState, name: str) -> str:
    players: list[str] = state["players"]
    return next(p for p in players if p != name)


def report(state: KingdomsState, name: str, text: str) -> str:
    state["reports"][name].append(text)
    return f"{name}: {text}"

"""Lifestyle's rule data, loaded once from games/lifestyle/{rules,cards}.yaml and checked.

A wrong entry in the YAML must fail loudly at start-up, naming the entry, never as a KeyError in
the middle of a tick.
"""

from __future__ import annotations

import functools
from typing import NotRequired, TypedDict

from ..engine.base.jsondata import Json, JsonObject
from ..engine.files.data import DataError, load_yaml, squeeze, whole_number

PACKAGE = "lifestyle"
CATEGORIES = ("pet", "car", "house", "sports", "job", "love")
CONDITIONS = {  # kind -> needs a value
    "total_at_least": True,
    "total_exactly": True,
    "all_at_least": True,
    "pair": False,
    "three_of_a_kind": False,
    "run": False,
}
EFFECTS = ("reroll", "plus_one", "set_four", "plus_one_all")
JOB_COUNTS = ("pet", "house", "car", "sports", "full_set")
DECK_SIZE = 72
MAX_DICE = 3


class Condition(TypedDict):
    """What a card's dice must show: its kind (a key of CONDITIONS) and, for the kinds that
    compare with a number, that number."""

    kind: str
    value: NotRequired[int]


class Card(TypedDict):
    """One kind of card of cards.yaml, checked; the last three keys belong to one category
    each (Sports, Job, Love)."""

    name: str
    category: str
    dice: int
    condition: Condition
    points: int
    copies: int
    effect: NotRequired[str]  # a Sports card's, one of EFFECTS
    per: NotRequired[str]  # what a Job counts, one of JOB_COUNTS
    doubles: NotRequired[str]  # the category a Love card doubles


@functools.cache
def rules() -> JsonObject:
    data = load_yaml(PACKAGE, "rules.yaml")
    if not isinstance(data, dict):
        raise DataError("rules.yaml: not a mapping")
    try:
        low = whole_number(data["players"]["min"], "rules.yaml players.min", 1)
        whole_number(data["players"]["max"], "rules.yaml players.max", low)
        whole_number(data["tokens"], "rules.yaml tokens", 1)
        whole_number(data["start_tokens_step"], "rules.yaml start_tokens_step")
        whole_number(data["display"]["rows"], "rules.yaml display.rows", 1)
        whole_number(data["display"]["columns"], "rules.yaml display.columns", 1)
        for kind in ("small", "refill"):
            whole_number(data["buying"][kind]["tokens"], f"rules.yaml buying.{kind}.tokens", 1)
        whole_number(data["buying"]["small"]["cards"], "rules.yaml buying.small.cards", 1)
        whole_number(data["botch_tokens"], "rules.yaml botch_tokens")
        whole_number(data["pet_tokens"], "rules.yaml pet_tokens")
        whole_number(data["pet_set"]["size"], "rules.yaml pet_set.size", 1)
        whole_number(data["pet_set"]["points"], "rules.yaml pet_set.points")
        whole_number(data["love_multiplier"], "rules.yaml love_multiplier", 1)
        houses = data["house_sets"]
    except (KeyError, TypeError) as error:
        raise DataError(f"rules.yaml: missing {error}") from None
    if not isinstance(houses, list) or not houses:
        raise DataError("rules.yaml: house_sets should list the points of sets of 1, 2, ...")
    for index, value in enumerate(houses):
        whole_number(value, f"rules.yaml house_sets[{index}]")
    step = data["start_tokens_step"]
    if step * sum(range(data["players"]["max"])) > data["tokens"]:
        raise DataError("rules.yaml: not enough tokens for the starting tokens of every seat")
    return data


def _card(entry: Json, index: int) -> Card:
    where = f"cards.yaml card {index + 1}"
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
        raise DataError(f"{where}: needs a name")
    name = entry["name"].strip()
    where = f"cards.yaml {name!r}"
    if not name or '"' in name:
        raise DataError(f"{where}: a name may not be empty or hold a double quote")
    category = entry.get("category")
    if category not in CATEGORIES:
        raise DataError(f"{where}: category should be one of {', '.join(CATEGORIES)}")
    dice = whole_number(entry.get("dice"), f"{where} dice", 1, MAX_DICE)
    condition = entry.get("condition")
    if not isinstance(condition, dict) or condition.get("kind") not in CONDITIONS:
        raise DataError(f"{where}: condition.kind should be one of {', '.join(CONDITIONS)}")
    kind = condition["kind"]
    if CONDITIONS[kind]:
        whole_number(condition.get("value"), f"{where} condition.value", 1)
    if kind in ("three_of_a_kind", "run") and dice != 3:
        raise DataError(f"{where}: a {kind} needs 3 dice")
    if kind == "pair" and dice < 2:
        raise DataError(f"{where}: a pair needs 2 or 3 dice")
    need: Condition = {"kind": kind}
    if CONDITIONS[kind]:
        need["value"] = condition["value"]
    card: Card = {
        "name": name, "category": category, "dice": dice, "condition": need,
        "points": whole_number(entry.get("points", 0), f"{where} points"),
        "copies": whole_number(entry.get("copies"), f"{where} copies", 1),
    }
    if category == "sports":
        if entry.get("effect") not in EFFECTS:
            raise DataError(f"{where}: a Sports card needs an effect: {', '.join(EFFECTS)}")
        card["effect"] = entry["effect"]
    if category == "job":
        if entry.get("per") not in JOB_COUNTS:
            raise DataError(f"{where}: a Job needs per: one of {', '.join(JOB_COUNTS)}")
        card["per"] = entry["per"]
    if category == "love":
        if entry.get("doubles") not in ("pet", "car", "house", "job"):
            raise DataError(f"{where}: a Love card needs doubles: pet, car, house or job")
        card["doubles"] = entry["doubles"]
    return card


@functools.cache
def cards() -> dict[str, Card]:
    """Every kind of card by name, in the order of cards.yaml."""
    data = load_yaml(PACKAGE, "cards.yaml")
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise DataError("cards.yaml: needs a `cards:` list")
    out: dict[str, Card] = {}
    for index, entry in enumerate(data["cards"]):
        card = _card(entry, index)
        if card["name"].lower() in (n.lower() for n in out):
            raise DataError(f"cards.yaml: {card['name']!r} is listed twice")
        out[card["name"]] = card
    total = sum(c["copies"] for c in out.values())
    if total != DECK_SIZE:
        raise DataError(f"cards.yaml: the deck holds {total} cards, not {DECK_SIZE}")
    houses = [c for c in out.values() if c["category"] == "house"]
    if len(houses) > len(rules()["house_sets"]):
        raise DataError("cards.yaml: more House kinds than rules.yaml house_sets covers")
    return out


def card(name: str) -> Card:
    return cards()[name]


def deck() -> list[str]:
    """The 72 cards in cards.yaml order (setup shuffles them)."""
    return [name for name, c in cards().items() for _ in range(c["copies"])]


def names(category: str | None = None) -> list[str]:
    return [n for n, c in cards().items() if category is None or c["category"] == category]


@functools.cache
def lookup() -> dict[str, str]:
    """Written name (any case, spaces squeezed) -> card name."""
    return {squeeze(n): n for n in cards()}


def find(written: str) -> str | None:
    return lookup().get(squeeze(written))

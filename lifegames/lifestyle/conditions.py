"""What a card's dice must show: checking a roll, describing the need, and the odds.

Dice may show more than 6 after Cycling or Rowing; every condition compares the numbers as they
stand (two dice showing 7 are a pair).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator
from typing import Any

from .data import card


def met(condition: dict[str, Any], dice: list[int]) -> bool:
    kind = condition["kind"]
    if kind == "total_at_least":
        return sum(dice) >= condition["value"]
    if kind == "total_exactly":
        return sum(dice) == condition["value"]
    if kind == "all_at_least":
        return min(dice) >= condition["value"]
    if kind == "pair":
        return len(set(dice)) < len(dice)
    if kind == "three_of_a_kind":
        return len(dice) == 3 and len(set(dice)) == 1
    if kind == "run":
        ordered = sorted(dice)
        return len(ordered) == 3 and ordered[1] == ordered[0] + 1 and ordered[2] == ordered[1] + 1
    raise ValueError(f"unknown condition {kind!r}")


def describe(condition: dict[str, Any], dice: int) -> str:
    """A short description for sheets: 'total 7+', 'a pair', 'every die 5+'."""
    kind = condition["kind"]
    if kind == "total_at_least":
        if dice == 1:
            return "a 6" if condition["value"] == 6 else f"{condition['value']}+"
        return f"total {condition['value']}+"
    if kind == "total_exactly":
        return f"exactly {condition['value']}" if dice == 1 else \
            f"total exactly {condition['value']}"
    if kind == "all_at_least":
        return f"every die {condition['value']}+"
    return {"pair": "a pair", "three_of_a_kind": "three of a kind", "run": "a run of 3"}[kind]


def card_need(name: str) -> str:
    """'2 dice: total 7+' for the card called `name`."""
    spec = card(name)
    dice = spec["dice"]
    return f"{dice} {'die' if dice == 1 else 'dice'}: {describe(spec['condition'], dice)}"


def card_met(name: str, dice: list[int]) -> bool:
    return met(card(name)["condition"], dice)


@functools.cache
def chance(name: str) -> float:
    """The chance that one plain roll of the card's dice meets it (no rerolls, no Sports)."""
    spec = card(name)
    faces = range(1, 7)
    outcomes = list(itertools.product(faces, repeat=spec["dice"]))
    return sum(met(spec["condition"], list(o)) for o in outcomes) / len(outcomes)


def chance_rerolling(name: str, dice: list[int], index: int) -> float:
    """The chance that the card is met after rerolling die `index` (0-based) of `dice`."""
    condition = card(name)["condition"]
    hits = 0
    for face in range(1, 7):
        trial = list(dice)
        trial[index] = face
        hits += met(condition, trial)
    return hits / 6


def rescues(name: str, dice: list[int], rerolls: int,
            effects: list[str]) -> Iterator[tuple[int, ...]]:
    """The sets of dice (0-based, fewest first) whose rerolls can still meet the card from
    `dice`, with at most `rerolls` rerolls and each Sports effect in `effects` used once at
    most ("reroll" is Running: one more reroll). The question is whether any outcome meets
    it, so a rerolled die may show any face; rerolls come first, since rerolling a die a
    Sports card has just changed undoes the change."""
    rerolls += effects.count("reroll")
    fixed = tuple(sorted(e for e in effects if e != "reroll"))
    for size in range(min(rerolls, len(dice)) + 1):
        for chosen in itertools.combinations(range(len(dice)), size):
            for faces in itertools.product(range(1, 7), repeat=size):
                trial = list(dice)
                for index, face in zip(chosen, faces, strict=True):
                    trial[index] = face
                if _settles(name, tuple(trial), fixed):
                    yield chosen
                    break


def reachable(name: str, dice: list[int], rerolls: int, effects: list[str]) -> bool:
    """Whether the card can still be met at all (see `rescues`)."""
    return next(rescues(name, dice, rerolls, effects), None) is not None


@functools.lru_cache(maxsize=65536)
def _settles(name: str, dice: tuple[int, ...], effects: tuple[str, ...]) -> bool:
    """Whether the Sports effects (each once, in any order, on any die) can meet the card."""
    if card_met(name, list(dice)):
        return True
    for effect in sorted(set(effects)):
        rest = list(effects)
        rest.remove(effect)
        if effect == "plus_one_all":
            trials = [tuple(v + 1 for v in dice)]
        else:
            trials = [tuple((v + 1 if effect == "plus_one" else 4) if j == i else v
                            for j, v in enumerate(dice)) for i in range(len(dice))]
        if any(_settles(name, trial, tuple(rest)) for trial in trials):
            return True
    return False

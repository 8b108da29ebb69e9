"""Final scoring of a points zone, category by category (the rulebook's "The Cards").

Pets score 10 a set of three different Pets; Cars their value; Houses in sets of different
Houses on the square table; Sports nothing; each Job counts cards of one kind; Love doubles a
category. Sets are formed to give the most points (see `pet_sets` and `house_sets`).
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

from ..engine.words import counted
from .checks import amount
from .data import card, rules

LINES = ("pets", "cars", "houses", "sports", "jobs")


def pet_sets(kinds: Counter[str]) -> int:
    """The most sets of `size` different Pets the counts allow: the largest k with
    sum(min(count, k)) >= size * k (each kind gives at most one Pet to a set)."""
    size = rules()["pet_set"]["size"]
    best = 0
    for k in range(1, sum(kinds.values()) // size + 1):
        if sum(min(n, k) for n in kinds.values()) >= size * k:
            best = k
    return best


def house_sets(kinds: Counter[str]) -> list[int]:
    """Sizes of the House sets: each set takes one House of every kind still left. With points
    growing as the square of a set's size, these layered sets score the most."""
    left = Counter({k: n for k, n in kinds.items() if n > 0})
    sizes = []
    while left:
        sizes.append(len(left))
        left = Counter({k: n - 1 for k, n in left.items() if n > 1})
    return sizes


def counts(cards: list[str]) -> dict[str, int]:
    out = dict.fromkeys(("pet", "car", "house", "sports", "job", "love"), 0)
    for name in cards:
        out[card(name)["category"]] += 1
    return out


COUNTED = {"pet": ("Pet", "Pets"), "car": ("Car", "Cars"), "house": ("House", "Houses"),
           "sports": ("Sports card", "Sports cards"),
           "full_set": ("full set (a Pet, a House, a Car and a Sports card)", "full sets (a Pet, "
                        "a House, a Car and a Sports card each)")}


def _many(number: int, category: str) -> str:
    return counted(number, *COUNTED[category])


def breakdown(cards: list[str]) -> dict[str, Any]:
    """Every category's points, with the working in words a player can check, and the total.

    {"pets": {"points": 40, "detail": "6 Pets make 2 sets of 3 different Pets: 2 x 10 = 20,
    doubled by Love (Animals)"}, ..., "total": n}
    """
    data = rules()
    table = data["house_sets"]
    multiplier = data["love_multiplier"]
    by_category: dict[str, Counter[str]] = {}
    for name in cards:
        by_category.setdefault(card(name)["category"], Counter())[name] += 1
    number = counts(cards)
    loves = {card(n)["doubles"]: n for n in by_category.get("love", {})}

    def doubled(category: str, points: int, detail: str) -> dict[str, Any]:
        if category in loves and points:
            return {"points": points * multiplier, "detail": f"{detail}, doubled by "
                                                             f"{loves[category]}"}
        if category in loves:
            return {"points": 0, "detail": f"{detail} ({loves[category]} has nothing to double)"}
        return {"points": points, "detail": detail}

    pets = by_category.get("pet", Counter())
    sets = pet_sets(pets)
    size, per_set = data["pet_set"]["size"], data["pet_set"]["points"]
    out: dict[str, Any] = {}
    if not pets:
        detail = "no Pets"
    elif not sets:
        detail = (f"{_many(number['pet'], 'pet')} of {counted(len(pets), 'kind')}: "
                  f"no set of {size} different Pets yet")
    else:
        detail = (f"{_many(number['pet'], 'pet')} make {counted(sets, 'set')} "
                  f"of {size} different Pets: {sets} x {per_set} = {sets * per_set}")
    out["pets"] = doubled("pet", sets * per_set, detail)
    car_values = sorted((card(n)["points"] for n in by_category.get("car", Counter()).elements()),
                        reverse=True)
    if car_values:
        worth = "its value" if len(car_values) == 1 else "their values"
        total = f" = {sum(car_values)}" if len(car_values) > 1 else ""
        detail = (f"{_many(len(car_values), 'car')} at {worth}: "
                  f"{' + '.join(map(str, car_values))}{total}")
    else:
        detail = "no Cars"
    out["cars"] = doubled("car", sum(car_values), detail)
    sizes = house_sets(by_category.get("house", Counter()))
    house_points = sum(table[min(s, len(table)) - 1] for s in sizes)
    out["houses"] = doubled("house", house_points, (
        f"{_many(number['house'], 'house')} in sets of different Houses: "
        + ", ".join(f"a set of {s} = {table[min(s, len(table)) - 1]}" for s in sizes))
        if sizes else "no Houses")
    out["sports"] = {"points": 0, "detail": f"{_many(number['sports'], 'sports')} "
                                            "(Sports cards score nothing)"}
    full_sets = min(number["pet"], number["house"], number["car"], number["sports"])
    jobs_points, parts = 0, []
    for name, copies in by_category.get("job", Counter()).items():
        spec = card(name)
        per = full_sets if spec["per"] == "full_set" else number[spec["per"]]
        points = spec["points"] * per * copies
        jobs_points += points
        parts.append(f"{name}: {spec['points']} x {_many(per, spec['per'])}"
                     + (f" x {copies} copies" if copies > 1 else "") + f" = {points}")
    out["jobs"] = doubled("job", jobs_points, "; ".join(parts) if parts else
                          "no Jobs")
    out["total"] = sum(out[line]["points"] for line in LINES)
    return out


@functools.lru_cache(maxsize=65536)
def _score(cards: tuple[str, ...]) -> int:
    return int(breakdown(list(cards))["total"])


def score(cards: list[str]) -> int:
    return _score(tuple(sorted(cards)))


def standings(seats: dict[str, dict[str, Any]], players: list[str]) -> list[tuple[int, str]]:
    """(place, player) from first to last: most points first, tokens breaking a tie; players
    tied on both share a place (and, in first place, the win). Seat order within a place."""
    key = {p: (-score(seats[p]["points"]), -seats[p]["tokens"]) for p in players}
    ordered = sorted(players, key=lambda p: (key[p], players.index(p)))
    return [(1 + sum(1 for q in players if key[q] < key[p]), p) for p in ordered]


def verdict(seats: dict[str, dict[str, Any]], players: list[str]) -> str:
    """Who won, and why, in one sentence: 'Ben wins with 143 points'."""
    places = standings(seats, players)
    winners = [p for place, p in places if place == 1]
    best = score(seats[winners[0]]["points"])
    tokens = seats[winners[0]]["tokens"]
    tied = [p for p in players if p not in winners and score(seats[p]["points"]) == best]
    if len(winners) > 1:
        return (f"{' and '.join(winners)} share the win with {amount(best, 'point')} and "
                f"{amount(tokens, 'token')} each")
    if tied:
        most = max(seats[p]["tokens"] for p in tied)
        return (f"{winners[0]} wins with {amount(best, 'point')}, as many as "
                f"{' and '.join(tied)}, on tokens ({tokens} to {most})")
    return f"{winners[0]} wins with {amount(best, 'point')}"


def legend() -> str:
    """How each category scores, from the rule data, for the top of the scores on a sheet."""
    data = rules()
    table = data["house_sets"]
    factor = data["love_multiplier"]
    times = "doubles" if factor == 2 else f"multiplies by {factor}"
    return (f"How points are counted: Pets {data['pet_set']['points']} for each set of "
            f"{data['pet_set']['size']} different Pets; Cars their value; Houses "
            f"{', '.join(map(str, table))} for a set of 1 to {len(table)} different Houses; "
            "each Job for every card of the kind it counts; Love "
            f"{times} the points of its category; Sports cards nothing.")

"""Final scoring of a points zone, category by category (the rulebook's "The Cards").

Pets score 10 a set of three different Pets; Cars their value; Houses in sets of different
Houses on the square table; Sports nothing; each Job counts cards of one kind; Love doubles a
category. Sets are formed to give the most points (see `pet_sets` and `house_sets`).
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

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


def breakdown(cards: list[str]) -> dict[str, Any]:
    """Every category's points, with the working, and the total.

    {"pets": {"points": 40, "detail": "2 sets x 10, doubled by Love (Animals)"}, ..., "total": n}
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
    per_set = data["pet_set"]["points"]
    out: dict[str, Any] = {}
    out["pets"] = doubled("pet", sets * per_set,
                          f"{number['pet']} Pet(s): {sets} set(s) of "
                          f"{data['pet_set']['size']} different x {per_set}")
    car_values = sorted((card(n)["points"] for n in by_category.get("car", Counter()).elements()),
                        reverse=True)
    out["cars"] = doubled("car", sum(car_values),
                          f"{len(car_values)} Car(s): " +
                          (" + ".join(map(str, car_values)) if car_values else "none"))
    sizes = house_sets(by_category.get("house", Counter()))
    house_points = sum(table[min(s, len(table)) - 1] for s in sizes)
    out["houses"] = doubled("house", house_points,
                            f"{number['house']} House(s): " +
                            (", ".join(f"a set of {s} = {table[min(s, len(table)) - 1]}"
                                       for s in sizes) if sizes else "none"))
    out["sports"] = {"points": 0, "detail": f"{number['sports']} Sports card(s) score nothing"}
    full_sets = min(number["pet"], number["house"], number["car"], number["sports"])
    jobs_points, parts = 0, []
    for name, copies in by_category.get("job", Counter()).items():
        spec = card(name)
        counted = full_sets if spec["per"] == "full_set" else number[spec["per"]]
        points = spec["points"] * counted * copies
        jobs_points += points
        what = ("full set(s)" if spec["per"] == "full_set"
                else {"sports": "Sports card(s)", "pet": "Pet(s)", "house": "House(s)",
                      "car": "Car(s)"}[spec["per"]])
        parts.append(f"{name}: {spec['points']} x {counted} {what}"
                     + (f" x {copies} copies" if copies > 1 else "") + f" = {points}")
    out["jobs"] = doubled("job", jobs_points, "; ".join(parts) if parts else "no Jobs")
    out["total"] = sum(out[line]["points"] for line in LINES)
    return out


@functools.lru_cache(maxsize=65536)
def _score(cards: tuple[str, ...]) -> int:
    return int(breakdown(list(cards))["total"])


def score(cards: list[str]) -> int:
    return _score(tuple(sorted(cards)))

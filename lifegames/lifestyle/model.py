"""Lifestyle's model: the readings of the state, what a card's dice must show, and the scoring
(the rulebook's "The Cards"), which checks, actions, advice, views and bots all read, so that
none of them imports another for them.

Dice may show more than 6 after Cycling or Rowing; every condition compares the numbers as they
stand (two dice showing 7 are a pair). Final scoring goes category by category: Pets score 10 a
set of three different Pets; Cars their value; Houses in sets of different Houses on the square
table; Sports nothing; each Job counts cards of one kind; Love doubles a category. Sets are
formed to give the most points (see `pet_sets` and `house_sets`).
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Literal, TypedDict

from ..engine.base.words import counted
from .data import Condition, card, rules
from .state import LifestyleState, Roll, Seat

# -- reading the state -----------------------------------------------------------------------------


def seat(state: LifestyleState, player: str) -> Seat:
    return state["seats"][player]


def rolling(state: LifestyleState) -> Roll:
    """The roll that waits for its answer: there is one whenever the turn's phase is ROLLED,
    the only phase in which this is asked."""
    roll = state["turn"]["roll"]
    assert roll is not None
    return roll


def display_count(state: LifestyleState) -> int:
    return sum(1 for slot in state["display"] if slot)


def columns() -> int:
    return int(rules()["display"]["columns"])


def rows() -> int:
    return int(rules()["display"]["rows"])


def slot_index(row: int, column: int) -> int:
    return (row - 1) * columns() + (column - 1)


def unfulfilled(state: LifestyleState, player: str) -> list[str]:
    """The dice-zone cards not yet met this turn (a multiset, in dice-zone order)."""
    left = list(seat(state, player)["dice"])
    turn = state["turn"]
    if turn["player"] == player:
        for name in turn["fulfilled"]:
            left.remove(name)
    return left


def sports_left(state: LifestyleState, player: str) -> dict[str, int]:
    """Sports cards in the points zone not yet turned this turn: name -> how many."""
    used = state["turn"]["sports_used"] if state["turn"]["player"] == player else {}
    out: dict[str, int] = {}
    for name in seat(state, player)["points"]:
        if card(name)["category"] == "sports":
            out[name] = out.get(name, 0) + 1
    return {n: c - used.get(n, 0) for n, c in out.items() if c - used.get(n, 0) > 0}


def card_count(state: LifestyleState) -> int:
    """Every card in the game, wherever it is (always the deck's 72)."""
    total = len(state["pile"]) + display_count(state) + len(state["discard"])
    for s in state["seats"].values():
        total += len(s["dice"]) + len(s["points"])
    return total


def token_count(state: LifestyleState) -> int:
    return int(state["pool"]) + sum(int(s["tokens"]) for s in state["seats"].values())


def slot_name(index: int) -> str:
    return f"({index // columns() + 1},{index % columns() + 1})"


# -- what a card's dice must show ------------------------------------------------------------------


def met(condition: Condition, dice: list[int]) -> bool:
    kind = condition["kind"]
    value = int(condition.get("value", 0))  # the kinds that compare with a number
    if kind == "total_at_least":
        return sum(dice) >= value
    if kind == "total_exactly":
        return sum(dice) == value
    if kind == "all_at_least":
        return min(dice) >= value
    if kind == "pair":
        return len(set(dice)) < len(dice)
    if kind == "three_of_a_kind":
        return len(dice) == 3 and len(set(dice)) == 1
    if kind == "run":
        ordered = sorted(dice)
        return len(ordered) == 3 and ordered[1] == ordered[0] + 1 and ordered[2] == ordered[1] + 1
    raise ValueError(f"unknown condition {kind!r}")


def describe(condition: Condition, dice: int) -> str:
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


def dice_text(values: list[int]) -> str:
    """'[3 5]': the dice of a roll as the sheets and the log show them."""
    return "[" + " ".join(map(str, values)) + "]"


def reroll_hits(name: str, dice: list[int], index: int) -> int:
    """Of the six faces a reroll of die `index` can show, how many meet the card."""
    return sum(card_met(name, [face if j == index else v for j, v in enumerate(dice)])
               for face in range(1, 7))


def best_die(name: str, dice: list[int]) -> tuple[int, int]:
    """The die (1-based) whose reroll most often meets the card, the lowest on a tie, and how
    many of its six faces do."""
    hits = [reroll_hits(name, dice, i) for i in range(len(dice))]
    best = max(range(len(dice)), key=lambda i: (hits[i], -i))
    return best + 1, hits[best]


def fixing_die(name: str, dice: list[int], change: Callable[[int], int]) -> int:
    """The first die (1-based) that `change(value)` turns into a roll meeting the card, or 0."""
    for index in range(len(dice)):
        if card_met(name, [change(v) if j == index else v for j, v in enumerate(dice)]):
            return index + 1
    return 0


def next_card(left: list[str]) -> str:
    """The card a plan rolls for next by `$next_card`: the one least likely met by a plain
    roll (a miss then costs the least), the first in the dice zone on a tie."""
    if not left:
        return ""
    return min(left, key=lambda n: (chance(n), left.index(n)))


# -- final scoring ---------------------------------------------------------------------------------

Line = Literal["pets", "cars", "houses", "sports", "jobs"]  # a line of the final score
LINES: tuple[Line, ...] = ("pets", "cars", "houses", "sports", "jobs")


class ScoreLine(TypedDict):
    """One category's points, with the working in words."""

    points: int
    detail: str


class Breakdown(TypedDict):
    """Every line of a final score, and their total."""

    pets: ScoreLine
    cars: ScoreLine
    houses: ScoreLine
    sports: ScoreLine
    jobs: ScoreLine
    total: int


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


def breakdown(cards: list[str]) -> Breakdown:
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

    def doubled(category: str, points: int, detail: str) -> ScoreLine:
        if category in loves and points:
            return {"points": points * multiplier, "detail": f"{detail}, doubled by "
                                                             f"{loves[category]}"}
        if category in loves:
            return {"points": 0, "detail": f"{detail} ({loves[category]} has nothing to double)"}
        return {"points": points, "detail": detail}

    pets = by_category.get("pet", Counter())
    sets = pet_sets(pets)
    size, per_set = data["pet_set"]["size"], data["pet_set"]["points"]
    if not pets:
        detail = "no Pets"
    elif not sets:
        detail = (f"{_many(number['pet'], 'pet')} of {counted(len(pets), 'kind')}: "
                  f"no set of {size} different Pets yet")
    else:
        detail = (f"{_many(number['pet'], 'pet')} make {counted(sets, 'set')} "
                  f"of {size} different Pets: {sets} x {per_set} = {sets * per_set}")
    pet_line = doubled("pet", sets * per_set, detail)
    car_values = sorted((card(n)["points"] for n in by_category.get("car", Counter()).elements()),
                        reverse=True)
    if car_values:
        worth = "its value" if len(car_values) == 1 else "their values"
        total = f" = {sum(car_values)}" if len(car_values) > 1 else ""
        detail = (f"{_many(len(car_values), 'car')} at {worth}: "
                  f"{' + '.join(map(str, car_values))}{total}")
    else:
        detail = "no Cars"
    car_line = doubled("car", sum(car_values), detail)
    sizes = house_sets(by_category.get("house", Counter()))
    house_points = sum(table[min(s, len(table)) - 1] for s in sizes)
    house_line = doubled("house", house_points, (
        f"{_many(number['house'], 'house')} in sets of different Houses: "
        + ", ".join(f"a set of {s} = {table[min(s, len(table)) - 1]}" for s in sizes))
        if sizes else "no Houses")
    sports_line: ScoreLine = {"points": 0, "detail": f"{_many(number['sports'], 'sports')} "
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
    job_line = doubled("job", jobs_points, "; ".join(parts) if parts else
                          "no Jobs")
    out: Breakdown = {"pets": pet_line, "cars": car_line, "houses": house_line,
                      "sports": sports_line, "jobs": job_line, "total": 0}
    out["total"] = sum(out[line]["points"] for line in LINES)
    return out


@functools.lru_cache(maxsize=65536)
def _score(cards: tuple[str, ...]) -> int:
    return breakdown(list(cards))["total"]


def score(cards: list[str]) -> int:
    return _score(tuple(sorted(cards)))


def standings(seats: dict[str, Seat], players: list[str]) -> list[tuple[int, str]]:
    """(place, player) from first to last: most points first, tokens breaking a tie; players
    tied on both share a place (and, in first place, the win). Seat order within a place."""
    key = {p: (-score(seats[p]["points"]), -seats[p]["tokens"]) for p in players}
    ordered = sorted(players, key=lambda p: (key[p], players.index(p)))
    return [(1 + sum(1 for q in players if key[q] < key[p]), p) for p in ordered]


def verdict(seats: dict[str, Seat], players: list[str]) -> str:
    """Who won, and why, in one sentence: 'Ben wins with 143 points'."""
    places = standings(seats, players)
    winners = [p for place, p in places if place == 1]
    best = score(seats[winners[0]]["points"])
    tokens = seats[winners[0]]["tokens"]
    tied = [p for p in players if p not in winners and score(seats[p]["points"]) == best]
    if len(winners) > 1:
        return (f"{' and '.join(winners)} share the win with {counted(best, 'point')} and "
                f"{counted(tokens, 'token')} each")
    if tied:
        most = max(seats[p]["tokens"] for p in tied)
        return (f"{winners[0]} wins with {counted(best, 'point')}, as many as "
                f"{' and '.join(tied)}, on tokens ({tokens} to {most})")
    return f"{winners[0]} wins with {counted(best, 'point')}"


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

"""Legal orders and the greedy bot's judgement for Lifestyle.

`legal_orders` lists exactly the orders that would run now, each tested with the rules' own
checks (no second copy of the rules). Their order is a hint, and the greedy bot relies on it:
takes before rolls before buys; the hardest card first among rolls; accept, then the Sports
cards that change no die at random, then random rerolls with the most helpful die first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..engine.contract import Order, OrderError, State
from . import rules as r
from .conditions import card_met, chance, chance_rerolling
from .data import card, rules
from .scoring import house_sets, pet_sets, score

TOKEN_VALUE = 1.0  # a token: a reroll later, a tie-break at the end
PENDING_COST = 0.01  # an unanswered roll is worth a little less than the same roll accepted
HELPER_WEIGHT = 0.6  # how much one token or Sports card raises a card's chance (as extra tries)
MOST_HELPERS = 3


def fake(command: str, **args: Any) -> Order:
    """An Order as the parser would build it, for checks without text."""
    return Order.make(command, **args)


def _ok(check: Callable[[], Any]) -> bool:
    try:
        check()
    except OrderError:
        return False
    return True


def _quoted(name: str) -> str:
    return f'"{name}"'


def legal_orders(state: State, player: str) -> list[str]:
    if state["over"] or state["turn"]["player"] != player:
        return []
    turn = state["turn"]
    phase = turn["phase"]
    out: list[str] = []
    if phase == r.START:
        size = r.rows() * r.columns()
        for index in range(size):
            row, column = index // r.columns() + 1, index % r.columns() + 1
            if state["display"][index]:
                out.append(f"take_card({row}, {column})")
        for row in range(1, r.rows() + 1):
            if _ok(lambda row=row: r._check_take(state, player, fake("take_row", row=row))):
                out.append(f"take_row({row})")
        for column in range(1, r.columns() + 1):
            if _ok(lambda c=column: r._check_take(state, player, fake("take_column", column=c))):
                out.append(f"take_column({column})")
    if phase in (r.START, r.NEXT) and state["seats"][player]["dice"]:
        for name in sorted(set(r.unfulfilled(state, player)), key=lambda n: (chance(n), n)):
            out.append(f"roll({_quoted(name)})")
    if phase == r.START:
        if _ok(lambda: r._check_buy(state, player, "small")):
            out.append("buy_two()")
        if _ok(lambda: r._check_buy(state, player, "refill")):
            out.append("refill()")
    if phase == r.ROLLED:
        out.extend(_roll_answers(state, player))
    if phase == r.BOTCHED:
        out.append("end_turn()")
        for name in sorted(set(state["seats"][player]["dice"])):
            out.append(f"discard({_quoted(name)})")
    return out


def _roll_answers(state: State, player: str) -> list[str]:
    roll = state["turn"]["roll"]
    dice = roll["dice"]
    helpful = sorted(range(len(dice)),
                     key=lambda i: (-chance_rerolling(roll["card"], dice, i), i))
    out = ["accept()"]
    rerollers: list[str] = []
    for name in sorted(r.sports_left(state, player)):
        effect = card(name)["effect"]
        if effect == "plus_one_all":
            out.append(f"use({_quoted(name)})")
        elif effect == "reroll":
            rerollers.extend(f"use({_quoted(name)}, {i + 1})" for i in helpful)
        else:
            out.extend(f"use({_quoted(name)}, {i + 1})" for i in range(len(dice)))
    out.extend(rerollers)
    if state["seats"][player]["tokens"] >= 1:
        out.extend(f"reroll({i + 1})" for i in helpful)
    return out


# -- the greedy bot's view of a position ----------------------------------------------------


def potential(cards: list[str]) -> float:
    """Points now, plus a little for cards on their way to points: Pets short of a set, Sports
    cards (they help later rolls), and Jobs and Love with nothing yet to count."""
    value = float(score(cards))
    categories = [card(n)["category"] for n in cards]
    pets = {}
    for name in cards:
        if card(name)["category"] == "pet":
            pets[name] = pets.get(name, 0) + 1
    spare = sum(pets.values()) - pet_sets(Counter(pets)) * rules()["pet_set"]["size"]
    value += 2.5 * spare
    value += 1.5 * categories.count("sports")
    houses = Counter(n for n in cards if card(n)["category"] == "house")
    value += 0.5 * len(house_sets(houses))
    value += 2.0 * categories.count("job") + 2.0 * categories.count("love")
    return value


def card_chance(name: str, helpers: int) -> float:
    """A rough chance to meet a card in a turn with `helpers` tokens or Sports cards to spend."""
    miss = 1.0 - chance(name)
    return 1.0 - miss ** (1.0 + HELPER_WEIGHT * min(helpers, MOST_HELPERS))


def _chance_now(state: State, player: str, helpers: int) -> float:
    """The chance of meeting the card whose roll waits for an answer, from the dice as they
    stand."""
    roll = state["turn"]["roll"]
    name, dice = roll["card"], roll["dice"]
    if card_met(name, dice):
        return 1.0
    left = r.sports_left(state, player)
    for sport in left:
        effect = card(sport)["effect"]
        trials = ([[v + 1 for v in dice]] if effect == "plus_one_all" else
                  [[v + 1 if j == i else v for j, v in enumerate(dice)]
                   for i in range(len(dice))] if effect == "plus_one" else
                  [[4 if j == i else v for j, v in enumerate(dice)]
                   for i in range(len(dice))] if effect == "set_four" else [])
        if any(card_met(name, t) for t in trials):
            return 0.97
    tries = min(state["seats"][player]["tokens"], MOST_HELPERS) + sum(
        n for s, n in left.items() if card(s)["effect"] == "reroll")
    if not tries:
        return 0.0
    best = max(chance_rerolling(name, dice, i) for i in range(len(dice)))
    best = max(best, chance(name) / 2)
    return 1.0 - (1.0 - best) ** tries


def heuristic(state: State, player: str) -> float:
    """What the position is worth to `player`: the points zone (with partial credit), tokens,
    and the dice zone weighted by the chance of meeting every card in it."""
    mine = state["seats"][player]
    base = potential(mine["points"])
    value = base + TOKEN_VALUE * mine["tokens"]
    if not mine["dice"]:
        return value
    gain = potential(mine["points"] + mine["dice"]) - base
    helpers = mine["tokens"] + sum(r.sports_left(state, player).values())
    odds = 1.0
    mine_now = state["turn"]["player"] == player and not state["over"]
    pending = mine_now and state["turn"]["phase"] == r.ROLLED
    left = r.unfulfilled(state, player)
    if pending:
        left.remove(state["turn"]["roll"]["card"])
        odds *= _chance_now(state, player, helpers)
        value -= PENDING_COST
    for name in left:
        odds *= card_chance(name, helpers)
    return value + gain * odds

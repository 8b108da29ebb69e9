"""The greedy bot's judgement of a Lifestyle position. It chooses among the rules' legal
orders (legal.py), whose listing order it relies on for chance orders it cannot look past."""

from __future__ import annotations

from collections import Counter

from ..engine.contract import State
from . import checks as r
from .conditions import card_met, chance, chance_rerolling
from .data import card, rules
from .scoring import house_sets, pet_sets, score

TOKEN_VALUE = 1.0  # a token: a reroll later, a tie-break at the end
PENDING_COST = 0.01  # an unanswered roll is worth a little less than the same roll accepted
HELPER_WEIGHT = 0.6  # how much one token or Sports card raises a card's chance (as extra tries)
MOST_HELPERS = 3


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

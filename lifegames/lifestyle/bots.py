"""The greedy bot's judgement of a Lifestyle position, and the plan it writes for a turn.

`heuristic` values a position; the engine's step-by-step greedy bot chooses among the rules'
legal orders by it. `plan` writes the whole turn as one file, the way a player by mail would:
take the cards that help most, buy display cards when the expected gain pays for the tokens,
or roll for every dice-zone card in one tick, answering each roll by the facts (met, best_die,
reroll_chance, ...) and discarding after a botch what the heuristic drops. Both are given the
player's view of the state, never the referee's.
"""

from __future__ import annotations

import functools
import random
from collections import Counter

from ..engine.core.contract import Order, OrderError, clone
from ..engine.core.orders import parse_text
from . import checks
from . import model as r
from .actions import deal, new_turn
from .data import card, deck, rules
from .model import (
    card_met,
    chance,
    chance_rerolling,
    house_sets,
    next_card,
    pet_sets,
    rolling,
    score,
)
from .state import BOTCHED, ROLLED, START, LifestyleGame, LifestyleState

TOKEN_VALUE = 1.0  # a token: a reroll later, a tie-break at the end
PENDING_COST = 0.01  # an unanswered roll is worth a little less than the same roll accepted
HELPER_WEIGHT = 0.6  # how much one token or Sports card raises a card's chance (as extra tries)
MOST_HELPERS = 3


# -- the greedy bot's view of a position ----------------------------------------------------


def potential(cards: list[str]) -> float:
    """Points now, plus a little for cards on their way to points: Pets short of a set, Sports
    cards (they help later rolls), and Jobs and Love with nothing yet to count."""
    return _potential(tuple(sorted(cards)))


@functools.lru_cache(maxsize=65536)
def _potential(cards: tuple[str, ...]) -> float:
    value = float(score(list(cards)))
    categories = [card(n)["category"] for n in cards]
    pets: Counter[str] = Counter(n for n in cards if card(n)["category"] == "pet")
    spare: int = sum(pets.values()) - pet_sets(pets) * rules()["pet_set"]["size"]
    value += 2.5 * spare
    value += 1.5 * categories.count("sports")
    houses = Counter(n for n in cards if card(n)["category"] == "house")
    value += 0.5 * len(house_sets(houses))
    value += 2.0 * categories.count("job") + 2.0 * categories.count("love")
    return value


@functools.lru_cache(maxsize=4096)
def card_chance(name: str, helpers: int) -> float:
    """A rough chance to meet a card in a turn with `helpers` tokens or Sports cards to spend."""
    miss = 1.0 - chance(name)
    hit: float = 1.0 - miss ** (1.0 + HELPER_WEIGHT * min(helpers, MOST_HELPERS))
    return hit


def zone_value(points: list[str], dice: list[str], left: list[str], tokens: int,
               helpers: int, odds: float = 1.0) -> float:
    """The points zone (with partial credit), tokens, and what the dice zone would add,
    weighted by the chance of meeting the cards `left` (and `odds` for the rest)."""
    base = potential(points)
    value = base + TOKEN_VALUE * tokens
    if not dice:
        return value
    for name in left:
        odds *= card_chance(name, helpers)
    return value + (potential(points + dice) - base) * odds


def _chance_now(state: LifestyleState, player: str, helpers: int) -> float:
    """The chance of meeting the card whose roll waits for an answer, from the dice as they
    stand."""
    roll = rolling(state)
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
    tries: int = min(state["seats"][player]["tokens"], MOST_HELPERS) + sum(
        n for s, n in left.items() if card(s)["effect"] == "reroll")
    if not tries:
        return 0.0
    best = max(chance_rerolling(name, dice, i) for i in range(len(dice)))
    best = max(best, chance(name) / 2)
    return 1.0 - (1.0 - best) ** tries


def rank(game: LifestyleGame, state: LifestyleState, player: str, options: list[str]) -> list[str]:
    """The legal orders as listed: among equals the bot prefers none (its plans choose)."""
    return options


def heuristic(game: LifestyleGame, state: LifestyleState, player: str) -> float:
    return judge(state, player)


def judge(state: LifestyleState, player: str) -> float:
    """What the position is worth to `player`: the points zone (with partial credit), tokens,
    and the dice zone weighted by the chance of meeting every card in it."""
    mine = state["seats"][player]
    helpers = mine["tokens"] + sum(r.sports_left(state, player).values())
    mine_now = state["turn"]["player"] == player and not state["over"]
    left = r.unfulfilled(state, player)
    if mine["dice"] and mine_now and state["turn"]["phase"] == ROLLED:
        left.remove(rolling(state)["card"])
        odds = _chance_now(state, player, helpers)
        return zone_value(mine["points"], mine["dice"], left, mine["tokens"], helpers,
                          odds) - PENDING_COST
    return zone_value(mine["points"], mine["dice"], left, mine["tokens"], helpers)


# -- the greedy bot's plan for a turn ----------------------------------------------------------

EPSILON = 1e-6
BUY_SAMPLES = 8  # deals imagined from the unseen cards to value a purchase
BUY_MARGIN = 0.5  # a purchase must beat the best take or roll by this much, tokens paid
REROLL_AT = 15  # a token buys a reroll when it meets the card at least this often (percent)
RUNNING_AT = 1  # Running is free: any chance will do


def plan(game: LifestyleGame, state: LifestyleState, player: str,
         rng: random.Random) -> list[str] | None:
    turn = state["turn"]
    if state["over"] or turn["player"] != player:
        return None
    # A standing end_turn in force answers a botch (after its standing discards): the plan
    # leaves the botch to it rather than ending the turn first.
    botch = [] if game.standing(state, player, "end_turn") else \
        [*_discards(state, player), "end_turn"]
    if turn["phase"] == BOTCHED:
        return botch
    if turn["phase"] == START:
        chosen = _main_action(state, player, rng)
        if chosen is not None:
            return [chosen]
    return _rolls(state, player, botch)


@functools.lru_cache(maxsize=256)
def _order(text: str) -> Order:
    (order,) = parse_text("lifestyle", text, "bot").orders
    return order


@functools.cache
def _take_orders() -> tuple[tuple[str, Order], ...]:
    """Every take a display allows at most, as text and as the Order the rules check."""
    out = []
    for row in range(1, r.rows() + 1):
        for column in range(1, r.columns() + 1):
            out.append((f"take_card({row}, {column})", _order(f"take_card({row}, {column})")))
    out += [(f"take_row({n})", _order(f"take_row({n})")) for n in range(1, r.rows() + 1)]
    out += [(f"take_column({n})", _order(f"take_column({n})"))
            for n in range(1, r.columns() + 1)]
    return tuple(out)


def _best_take(state: LifestyleState, player: str, display: list[str | None] | None = None,
               paid: int = 0) -> tuple[str | None, float]:
    """The take worth most once the turn has ended (the rules' own check says what each take
    picks), and its value; `display` and `paid` imagine the display after a purchase."""
    view: LifestyleState = state if display is None else {**state, "display": display}
    mine = r.seat(state, player)
    tokens = mine["tokens"] - paid
    helpers = tokens + sum(1 for n in mine["points"] if card(n)["category"] == "sports")
    best, value = None, float("-inf")
    for text, order in _take_orders():
        try:
            picked = checks.take(view, player, order)
        except OrderError:
            continue
        dice = mine["dice"] + [n for n in (view["display"][i] for i in picked) if n is not None]
        trial = zone_value(mine["points"], dice, dice, tokens, helpers)
        if trial > value + EPSILON:
            best, value = text, trial
    return best, value


def _main_action(state: LifestyleState, player: str, rng: random.Random) -> str | None:
    """A take or a purchase (one order), or None to roll for the dice zone. A roll keeps the
    position's value (the heuristic already weighs the dice zone by its odds), so a take must
    beat it; a purchase must beat both by BUY_MARGIN on average over imagined deals."""
    take, value = _best_take(state, player)
    can_roll = bool(r.seat(state, player)["dice"])
    now = max(value, judge(state, player) + EPSILON) if can_roll else value
    bought = _purchase(state, player, rng, now)
    if bought is not None:
        return bought
    if can_roll and (take is None or value <= judge(state, player) + EPSILON):
        return None
    return take


def unseen(state: LifestyleState) -> list[str]:
    """The cards nobody can see (the draw pile as a multiset, in deck order): the deck less
    every card on the table. Public knowledge; the pile's order is not used."""
    left = Counter(deck())
    shown = [c for c in state["display"] if c] + state["discard"]
    for mine in state["seats"].values():
        shown += mine["dice"] + mine["points"]
    left.subtract(shown)
    return [name for name in dict.fromkeys(deck()) for _ in range(left[name])]


def _purchase(state: LifestyleState, player: str, rng: random.Random, now: float) -> str | None:
    """buy_two or refill when the best take after it, averaged over deals imagined from the
    unseen cards, beats `now` by BUY_MARGIN; at most one purchase a turn."""
    if state["turn"]["bought"]:
        return None
    hidden = unseen(state)
    best, best_value = None, now + BUY_MARGIN
    for kind, text in (("small", "buy_two()"), ("refill", "refill()")):
        try:
            cost, wanted = checks.buying(state, player, kind)
        except OrderError:
            continue
        total = 0.0
        for _ in range(BUY_SAMPLES):
            display = list(state["display"])
            deal(display, rng.sample(hidden, min(wanted, len(hidden))), wanted)
            total += _best_take(state, player, display, cost)[1]
        if total / BUY_SAMPLES > best_value:
            best, best_value = text, total / BUY_SAMPLES
    return best


def _discards(state: LifestyleState, player: str) -> list[str]:
    """After a botch: drop the dice-zone cards, one at a time, whose loss raises the value of
    the position the next turn starts from (a long shot can sink every other card)."""
    work = clone(state)
    order = work["players"]
    work["turn"] = new_turn(order[(order.index(player) + 1) % len(order)], 0)
    zone = r.seat(work, player)["dice"]
    out = []
    while zone:
        base = judge(work, player)
        value, name = base + EPSILON, ""
        for kind in sorted(set(zone)):
            at = zone.index(kind)
            zone.pop(at)
            trial = judge(work, player)
            zone.insert(at, kind)
            if trial > value:
                value, name = trial, kind
        if not name:
            break
        zone.remove(name)
        out.append(f'discard("{name}")')
    return out


def _answer_lines(state: LifestyleState, player: str) -> list[str]:
    """The answer to each roll of the turn: a Sports card that makes it meet, else a free
    reroll, else a token's reroll while it pays and leaves a token for each card still to
    roll, else accept."""
    owned: dict[str, str] = {}
    for name in sorted(set(r.seat(state, player)["points"])):
        effect = card(name).get("effect")
        if effect:
            owned.setdefault(effect, name)
    branches = [("met", "accept")]
    if "plus_one_all" in owned:
        sport = owned["plus_one_all"]
        branches.append((f'plus_all_meets and can use("{sport}")', f'use("{sport}")'))
    for effect, fact in (("plus_one", "plus_one_die"), ("set_four", "four_die")):
        if effect in owned:
            use = f'use("{owned[effect]}", ${fact})'
            branches.append((f"can {use}", use))
    if "reroll" in owned:
        use = f'use("{owned["reroll"]}", $best_die)'
        branches.append((f"reroll_chance >= {RUNNING_AT} and can {use}", use))
    branches.append((f"reroll_chance >= {REROLL_AT} and tokens > to_meet", "reroll($best_die)"))
    lines = ['while phase == "rolled"']
    for index, (condition, order) in enumerate(branches):
        lines += [f"  {'if' if index == 0 else 'elif'} {condition}", f"    {order}"]
    lines += ["  else", "    accept", "  endif", '  if phase == "next": roll($next_card)',
              "endwhile"]
    return lines


def _rolls(state: LifestyleState, player: str, botch: list[str] | None = None) -> list[str]:
    """Every card of the dice zone in one tick, the hardest first; after a botch, the lines
    `botch` (default: the discards and the end of the turn; [] when standing orders answer
    it)."""
    if botch is None:
        botch = [*_discards(state, player), "end_turn"]
    lines = []
    if state["turn"]["phase"] != ROLLED:
        lines.append(f'roll("{next_card(r.unfulfilled(state, player))}")')
    lines += _answer_lines(state, player)
    if not botch:
        return lines
    return [*lines, "if botched", *(f"  {d}" for d in botch), "endif"]


"""The warnings `check` gives before an order runs (issue 16, point 7): orders the rules allow
whose outcome is certain and bad, or hopeless, so that a player does not burn a turn on them.
They never block a tick.

Each is worked out from what `check` runs on, the player's knowledge: the dice of a roll, the
tokens and Sports cards ready, the display and the size of the draw pile, all on every sheet.
An order the rules refuse gets no warning here: its error says more.
"""

from __future__ import annotations

from ..engine.contract import Order, OrderError, State
from .checks import (
    ROLLED,
    _check_buy,
    _check_reroll,
    _check_use,
    _phase,
    amount,
    seat,
    sports_left,
)
from .conditions import card_met, card_need, reachable, rescues
from .data import card, rules
from .facts import best_die, fixing_die

# Each warning in a few words, for the notes beside the legal orders on a sheet.
SHORT = {
    "W-BOTCH": "",  # the note says it botches
    "W-ALREADY-MET": "wasted: the {card} is met already",
    "W-CANNOT-MEET": "hopeless: no outcome can meet the {card} after it",
    "W-SHORT-BUY": "costly: the pile cannot fill it, and it costs the full price",
    "W-DEAR-REFILL": "costly: buy_two() deals as many cards for less",
}


def warnings(state: State, player: str, order: Order) -> list[OrderError]:
    if state["over"] or state["turn"]["player"] != player:
        return []
    try:
        if order.command in ("buy_two", "refill"):
            return _buying(state, player, order.command)
        if order.command in ("accept", "reroll", "use"):
            return _answering(state, player, order)
    except OrderError:
        pass
    return []


# -- buying -------------------------------------------------------------------------------------


def _buying(state: State, player: str, command: str) -> list[OrderError]:
    """A purchase the pile cannot fill still costs its full price; a refill that one buy_two
    would match costs a token more for the same cards."""
    kind = "small" if command == "buy_two" else "refill"
    cost, wanted = _check_buy(state, player, kind)
    pile = len(state["pile"])
    dealt = min(wanted, pile)
    out = []
    if dealt < wanted:
        out.append(OrderError(
            "W-SHORT-BUY", f"the draw pile holds only {amount(pile, 'card')}: {command} costs "
            f"{amount(cost, 'token')} and deals {dealt}, not {wanted}",
            "a purchase costs its full price however few cards the pile has left"))
    small = rules()["buying"]["small"]
    buys = -(-dealt // small["cards"])
    if kind == "refill" and buys * small["tokens"] < cost:
        cheaper = "buy_two()" if buys == 1 else f"buy_two() {buys} times"
        out.append(OrderError(
            "W-DEAR-REFILL", f"refill costs {amount(cost, 'token')} for "
            f"{amount(dealt, 'card')} here", f"{cheaper} deals as many for "
            f"{amount(buys * small['tokens'], 'token')}"))
    return out


# -- answering a roll ---------------------------------------------------------------------------


def _answering(state: State, player: str, order: Order) -> list[OrderError]:
    turn = _phase(state, player, (ROLLED,), "answering a roll")
    name, dice = turn["roll"]["card"], list(turn["roll"]["dice"])
    tokens = seat(state, player)["tokens"]
    effects = _effects(state, player)
    shown = f"the dice show {_faces(dice)} and it needs {card_need(name)}"
    if order.command == "accept":
        if card_met(name, dice) or not reachable(name, dice, tokens, effects):
            return []  # met, or a botch nothing can avoid
        return [OrderError("W-BOTCH", f"accepting botches the {name}: {shown}",
                           f"{_rescue(state, player, name, dice)}; a botch ends the turn")]
    if order.command == "reroll":
        index: int | None = _check_reroll(state, player, order)
        what, spent, left = "reroll", "a token", (tokens - 1, effects)
    else:
        sport, index = _check_use(state, player, order)
        effect = card(sport)["effect"]
        what, spent = f"use of {sport}", f"your {sport} card for this turn"
        rest = list(effects)
        rest.remove(effect)
        left = (tokens, rest)
        if effect != "reroll":
            dice = ([v + 1 for v in dice] if effect == "plus_one_all" else
                    [(v + 1 if effect == "plus_one" else 4) if j == index else v
                     for j, v in enumerate(dice)])
            index = None
    if card_met(name, turn["roll"]["dice"]):
        return [OrderError("W-ALREADY-MET", f"the {name} is met already: {shown}",
                           f"accept() keeps it; this spends {spent} for nothing"
                           + (" and may lose it" if index is not None else ""), "die")]
    faces = range(1, 7) if index is not None else (0,)
    if any(reachable(name, [f if j == index else v for j, v in enumerate(dice)], *left)
           for f in faces):
        return []
    helpers = f"{amount(left[0], 'token')} and {_ready(left[1])}"
    if reachable(name, turn["roll"]["dice"], tokens, effects):
        return [OrderError(
            "W-CANNOT-MEET", f"after this {what} the {name} cannot be met, whatever the dice "
            f"show: {shown}, and {helpers} would be left", _rescue(state, player, name,
                                                                     turn["roll"]["dice"]))]
    return [OrderError(
        "W-CANNOT-MEET", f"the {name} cannot be met any more, whatever the dice show: {shown}, "
        f"and {helpers} would be left", f"accept() takes the botch (and a token from the "
        f"pool) without spending {spent}")]


def _effects(state: State, player: str) -> list[str]:
    """The Sports effects ready this turn, one per card not yet turned."""
    return [card(n)["effect"] for n, c in sorted(sports_left(state, player).items())
            for _ in range(c)]


def _ready(effects: list[str]) -> str:
    return f"{amount(len(effects), 'Sports card')} ready" if effects else "no Sports card ready"


def _faces(dice: list[int]) -> str:
    return "[" + " ".join(map(str, dice)) + "]"


def _rescue(state: State, player: str, name: str, dice: list[int]) -> str:
    """The surest way the player still has to meet the card."""
    ready = sports_left(state, player)
    for sport in sorted(ready):
        effect = card(sport)["effect"]
        if effect == "plus_one_all" and card_met(name, [v + 1 for v in dice]):
            return f'use("{sport}") meets it now'
        if effect in ("plus_one", "set_four"):
            die = fixing_die(name, dice, (lambda v: v + 1) if effect == "plus_one"
                             else (lambda v: 4))
            if die:
                return f'use("{sport}", {die}) meets it now'
    runners = [s for s in sorted(ready) if card(s)["effect"] == "reroll"]
    die, hits = best_die(name, dice)
    if hits and (runners or seat(state, player)["tokens"]):
        how = f'use("{runners[0]}", {die})' if runners else f"reroll({die})"
        return f"{how} meets it with {amount(hits, 'chance')} in 6"
    chosen = next(rescues(name, dice, seat(state, player)["tokens"],
                          _effects(state, player)), ())
    if chosen:
        which = " and ".join(str(i + 1) for i in chosen)
        return (f"rerolling {'die' if len(chosen) == 1 else 'dice'} {which} can still meet "
                f"it (a token or Running each)")
    return f"your {_ready(_effects(state, player))} can still meet it"

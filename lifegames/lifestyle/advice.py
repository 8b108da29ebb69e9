"""What Lifestyle advises about an order: the warnings `check` gives before it runs:
orders the rules allow whose outcome is certain and bad, or hopeless, so that a player
does not burn a turn on them (they never block a tick); and the notes beside the legal orders
on the sheet and in the order template: what each leads to, or the warning it would get.

The warnings are the `warn` of their commands' rows (rules.py), asked only of an order its
check accepts. Each is worked out from what `check` runs on, the player's view: the dice of a
roll, the tokens and Sports cards ready, the display and the size of the draw pile, all on
every sheet. An order the rules refuse gets no warning here: its error says more.
"""

from __future__ import annotations

from ..engine.base.words import counted
from ..engine.core.contract import Order, OrderError, clone
from ..engine.core.dice import Dice, Stream
from ..engine.core.orders import parse_text
from . import checks
from .codes import W
from .data import card, rules
from .model import (
    best_die,
    card_met,
    card_need,
    dice_text,
    fixing_die,
    reachable,
    rescues,
    rolling,
    seat,
    sports_left,
)
from .state import BOTCHED, LifestyleGame, LifestyleState

# Each warning in a few words, for the notes beside the legal orders on a sheet.
SHORT = {
    W.BOTCH: "",  # the note says it botches
    W.ALREADY_MET: "wasted: the {card} is met already",
    W.CANNOT_MEET: "hopeless: no outcome can meet the {card} after it",
    W.SHORT_BUY: "costly: the pile cannot fill it, and it costs the full price",
    W.DEAR_REFILL: "costly: buy_two() deals as many cards for less",
}


# -- buying ----------------------------------------------------------------------------------------


def buying(game: LifestyleGame, state: LifestyleState, player: str, order: Order,
           after: LifestyleState
           ) -> list[OrderError]:
    """buy_two and refill: a purchase the pile cannot fill still costs its full price; a
    refill that one buy_two would match costs a token more for the same cards."""
    command = order.command
    kind = "small" if command == "buy_two" else "refill"
    cost, wanted = checks.buying(state, player, kind)
    pile = len(state["pile"])
    dealt = min(wanted, pile)
    out = []
    if dealt < wanted:
        out.append(OrderError(
            W.SHORT_BUY, f"the draw pile holds only {counted(pile, 'card')}: {command} costs "
            f"{counted(cost, 'token')} and deals {dealt}, not {wanted}",
            "a purchase costs its full price however few cards the pile has left"))
    small = rules()["buying"]["small"]
    buys = -(-dealt // small["cards"])
    if kind == "refill" and buys * small["tokens"] < cost:
        cheaper = "buy_two()" if buys == 1 else f"buy_two() {buys} times"
        out.append(OrderError(
            W.DEAR_REFILL, f"refill costs {counted(cost, 'token')} for "
            f"{counted(dealt, 'card')} here", f"{cheaper} deals as many for "
            f"{counted(buys * small['tokens'], 'token')}"))
    return out


# -- answering a roll ------------------------------------------------------------------------------


def answering(game: LifestyleGame, state: LifestyleState, player: str, order: Order,
              after: LifestyleState
              ) -> list[OrderError]:
    """accept, reroll and use: a certain botch that could still be avoided, a change of dice
    that meet the card already, or one after which nothing can meet it."""
    roll = rolling(state)
    name, dice = roll["card"], list(roll["dice"])
    tokens = seat(state, player)["tokens"]
    effects = _effects(state, player)
    shown = f"the dice show {dice_text(dice)} and it needs {card_need(name)}"
    if order.command == "accept":
        if card_met(name, dice) or not reachable(name, dice, tokens, effects):
            return []  # met, or a botch nothing can avoid
        return [OrderError(W.BOTCH, f"accepting botches the {name}: {shown}",
                           f"{_rescue(state, player, name, dice)}; a botch ends the turn")]
    if order.command == "reroll":
        index: int | None = checks.reroll(state, player, order)
        what, spent, left = "reroll", "a token", (tokens - 1, effects)
    else:
        sport, index = checks.use(state, player, order)
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
    if card_met(name, roll["dice"]):
        return [OrderError(W.ALREADY_MET, f"the {name} is met already: {shown}",
                           f"accept() keeps it; this spends {spent} for nothing"
                           + (" and may lose it" if index is not None else ""), "die")]
    faces = range(1, 7) if index is not None else (0,)
    if any(reachable(name, [f if j == index else v for j, v in enumerate(dice)], *left)
           for f in faces):
        return []
    helpers = f"{counted(left[0], 'token')} and {_ready(left[1])}"
    if reachable(name, roll["dice"], tokens, effects):
        return [OrderError(
            W.CANNOT_MEET, f"after this {what} the {name} cannot be met, whatever the dice "
            f"show: {shown}, and {helpers} would be left", _rescue(state, player, name,
                                                                     roll["dice"]))]
    return [OrderError(
        W.CANNOT_MEET, f"the {name} cannot be met any more, whatever the dice show: {shown}, "
        f"and {helpers} would be left", f"accept() takes the botch (and a token from the "
        f"pool) without spending {spent}")]


def _effects(state: LifestyleState, player: str) -> list[str]:
    """The Sports effects ready this turn, one per card not yet turned."""
    return [card(n)["effect"] for n, c in sorted(sports_left(state, player).items())
            for _ in range(c)]


def _ready(effects: list[str]) -> str:
    return f"{counted(len(effects), 'Sports card')} ready" if effects else "no Sports card ready"


def _rescue(state: LifestyleState, player: str, name: str, dice: list[int]) -> str:
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
        return f"{how} meets it with {counted(hits, 'chance')} in 6"
    chosen = next(rescues(name, dice, seat(state, player)["tokens"],
                          _effects(state, player)), ())
    if chosen:
        which = " and ".join(str(i + 1) for i in chosen)
        return (f"rerolling {'die' if len(chosen) == 1 else 'dice'} {which} can still meet "
                f"it (a token or Running each)")
    return f"your {_ready(_effects(state, player))} can still meet it"


# -- what each legal order leads to (sheets, order files) ------------------------------------------


class _NoDice(Dice):
    """Dice for orders that roll nothing: trying an order that would roll is a bug."""

    def __init__(self) -> None:
        super().__init__(-1, 0)

    def stream(self, name: str) -> Stream:
        raise AssertionError(f"a legal order rolled on stream {name!r}")


def legal_notes(game: LifestyleGame, state: LifestyleState, player: str, warned_only: bool = False
                ) -> list[tuple[str, str]]:
    """Each legal order with what it leads to, worked out by running it on a copy: a file
    holding it alone is refused when the turn is left half done (after a botch, end_turn is
    still owed), so the note says what must follow. Outcomes (rolls, rerolls, purchases) may
    end a file. A warning `check` would give replaces the note (only warnings are noted if
    `warned_only`: at the start of a turn, when every order ends the turn or is random)."""
    out = []
    for text in game.legal_orders(state, player):
        order = _parsed(text)
        if warned_only:
            note = ""
        elif game.is_random(order):
            note = "random: your file may end here, or a plan goes on"
        else:
            after = clone(state)
            game.act(after, player, order, _NoDice())
            note = _note(game, state, after, player)
        card = state["turn"]["roll"]["card"] if state["turn"]["roll"] else ""
        warned = [SHORT[w.code].format(card=card) for w in game.warnings(state, player, order)
                  if SHORT[w.code]]
        out.append((text, "; ".join(warned) or ("" if warned_only else note)))
    return out


def _note(game: LifestyleGame, before: LifestyleState, after: LifestyleState, player: str) -> str:
    turn, roll = after["turn"], before["turn"]["roll"]
    what = ""
    if roll is not None and turn["roll"] is None:  # the roll was accepted
        what = (f"botches the {roll['card']}" if turn["phase"] == BOTCHED
                else f"meets the {roll['card']}")
    elif turn["roll"] is not None and roll is not None and turn["roll"]["dice"] != roll["dice"]:
        met = card_met(turn["roll"]["card"], turn["roll"]["dice"])
        one = len(turn["roll"]["dice"]) == 1
        verb = ("meets" if met else "does not meet") if one else \
            ("meet" if met else "do not meet")
        what = (f"the {'die becomes' if one else 'dice become'} "
                f"{' '.join(map(str, turn['roll']['dice']))}, which {verb} the "
                f"{turn['roll']['card']}")
    if _complete(game, after, player):
        if turn["player"] == player and not after["over"]:
            return what
        if what.startswith("meets"):  # the last card: the turn ends with every card met
            return f"{what}: every card is met and moves to your points zone; your turn ends"
        return (f"{what}: " if what else "") + "your turn ends"
    ways = _completions(game, after, player)
    tail = " or ".join(ways) if ways else "more orders"
    if turn["phase"] == BOTCHED:
        tail += " (discard lines may come before it)"
    return (f"{what}; " if what else "") + f"complete the file with {tail}"


def _complete(game: LifestyleGame, state: LifestyleState, player: str) -> bool:
    """Whether a file may end here: the turn is over, or an outcome left it, or nothing is
    owed (the rules' own end_orders says)."""
    try:
        game.end_orders(state, player)
    except OrderError:
        return False
    return True


def _completions(game: LifestyleGame, state: LifestyleState, player: str,
                 depth: int = 3) -> list[str]:
    """The shortest ways (orders joined by ", then ") to finish a file from `state`: tried
    on copies with the rules' own act, the random orders ending a file as they do. At most
    three are named."""
    level: list[tuple[list[str], LifestyleState]] = [([], state)]
    for _ in range(depth):
        found, following = [], []
        for done, here in level:
            for text in game.legal_orders(here, player):
                order = _parsed(text)
                if game.is_random(order):
                    found.append([*done, text])
                    continue
                after = clone(here)
                game.act(after, player, order, _NoDice())
                if _complete(game, after, player):
                    found.append([*done, text])
                else:
                    following.append(([*done, text], after))
        if found:  # the first way, and those that differ from it only in the names
            shape = [_parsed(text).command for text in found[0]]
            alike = [w for w in found if [_parsed(text).command for text in w] == shape]
            return [", then ".join(way) for way in alike[:3]]
        level = following
    return []


def _parsed(text: str) -> Order:
    return parse_text("lifestyle", text, "legal").orders[0]

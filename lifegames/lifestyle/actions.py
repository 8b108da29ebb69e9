"""Every change of Lifestyle's state that an order makes: the apply of each command, named as
the command (the `apply` of its row in rules.py), run only with what its check in checks.py
returned; and what they share: dealing from the pile into the display, the log, tokens from the
pool, a reroll, the whole dice zone met, and the end of a turn.

Each apply ends by recording whether its outcome was chance (`turn.fresh_roll`, state.py):
after a roll, a reroll or a purchase the file may end and the turn goes on next tick; after
anything else the file must finish what the turn needs (rules.py, `end_orders`).
"""

from __future__ import annotations

from ..engine.base.words import counted, listed
from ..engine.core.dice import Dice
from .data import card, rules
from .model import (
    card_met,
    card_need,
    columns,
    dice_text,
    display_count,
    rolling,
    rows,
    seat,
    unfulfilled,
)
from .state import BOTCHED, NEXT, ROLLED, START, LifestyleGame, LifestyleState, Turn

DICE_STREAM = "dice"
DECK_STREAM = "deck"
RECENT = 12  # events the sheets keep showing from earlier ticks


def new_turn(player: str, number: int) -> Turn:
    return {"player": player, "number": number, "phase": START, "fulfilled": [],
            "roll": None, "sports_used": {}, "fresh_roll": False, "bought": 0,
            "missed": None}


def log(state: LifestyleState, text: str) -> str:
    """Record an event of this tick (and in the rolling list of recent events)."""
    state["log"].append(text)
    tick = int(state.get("tick", 0)) + 1
    state["recent"] = [*state["recent"], f"tick {tick}: {text}"][-RECENT:]
    return text


def fill(state: LifestyleState, wanted: int) -> list[str]:
    """Deal up to `wanted` cards from the pile into the display's gaps, left to right, row 1
    first, stopping when the pile or the gaps run out. The cards dealt."""
    return deal(state["display"], state["pile"], wanted)


def deal(display: list[str | None], pile: list[str], wanted: int) -> list[str]:
    """`fill` on a display and a pile alone (a bot's imagined deal needs no more)."""
    dealt: list[str] = []
    for index, slot in enumerate(display):
        if len(dealt) >= wanted or not pile:
            break
        if slot is None:
            name = pile.pop(0)
            display[index] = name
            dealt.append(name)
    return dealt


def take_tokens(state: LifestyleState, player: str, wanted: int) -> int:
    """Move up to `wanted` tokens from the pool to the player (the pool may run dry)."""
    given = min(wanted, int(state["pool"]))
    state["pool"] -= given
    seat(state, player)["tokens"] += given
    return given


def _chance(state: LifestyleState, was: bool) -> None:
    """Whether the order just applied had an outcome nobody could know when its file was
    checked (a roll, a reroll, cards dealt by a purchase)."""
    state["turn"]["fresh_roll"] = was


# -- buying ----------------------------------------------------------------------------------------


def _buy(state: LifestyleState, player: str, bought: tuple[int, int]) -> list[str]:
    cost, wanted = bought
    seat(state, player)["tokens"] -= cost
    state["pool"] += cost
    dealt = fill(state, wanted)
    state["turn"]["bought"] += len(dealt)
    _chance(state, True)
    return [log(state, f"{player} paid {counted(cost, 'token')} for "
                       f"{counted(len(dealt), 'new card')}: {', '.join(dealt)}")]


def buy_two(game: LifestyleGame, state: LifestyleState, player: str, bought: tuple[int, int],
            dice: Dice) -> list[str]:
    return _buy(state, player, bought)


def refill(game: LifestyleGame, state: LifestyleState, player: str, bought: tuple[int, int],
           dice: Dice) -> list[str]:
    return _buy(state, player, bought)


# -- taking ----------------------------------------------------------------------------------------


def take(game: LifestyleGame, state: LifestyleState, player: str, picked: list[int],
         dice: Dice) -> list[str]:
    """take_card, take_row and take_column: the spaces the check picked go to the dice zone,
    and the turn ends."""
    taken: list[str] = []
    for index in picked:
        name = state["display"][index]
        if name is not None:  # always: the check picks the spaces that hold a card
            taken.append(name)
        state["display"][index] = None
    seat(state, player)["dice"].extend(taken)
    cards = listed([f"the {n}" for n in taken])
    events = [log(state, f"{player} took {cards} into the dice zone")]
    events += finish_turn(state, player)
    _chance(state, False)
    return events


take_card = take_row = take_column = take


# -- rolling and answering a roll ------------------------------------------------------------------


def roll(game: LifestyleGame, state: LifestyleState, player: str, name: str,
         dice: Dice) -> list[str]:
    count = card(name)["dice"]
    values = list(dice.stream(DICE_STREAM).roll(count))
    turn = state["turn"]
    turn["phase"] = ROLLED
    turn["roll"] = {"card": name, "dice": values, "steps": [f"rolled {dice_text(values)}"]}
    _chance(state, True)
    return [log(state, f"{player} named the {name} ({card_need(name)}) and rolled "
                       f"{dice_text(values)}")]


def reroll(game: LifestyleGame, state: LifestyleState, player: str, index: int,
           dice: Dice) -> list[str]:
    seat(state, player)["tokens"] -= 1
    state["pool"] += 1
    return _reroll(state, player, index, dice, "paid 1 token to reroll")


def _reroll(state: LifestyleState, player: str, index: int, dice: Dice, how: str) -> list[str]:
    roll = rolling(state)
    old = roll["dice"][index]
    roll["dice"][index] = dice.stream(DICE_STREAM).d6()
    roll["steps"].append(f"{how} die {index + 1} ({old} -> {roll['dice'][index]}): "
                         f"{dice_text(roll['dice'])}")
    _chance(state, True)
    new = roll["dice"][index]
    became = f"{old} became {new}" if new != old else f"a {new} again"
    return [log(state, f"{player} {how} die {index + 1}: {became}; the dice now show "
                       f"{dice_text(roll['dice'])}")]


def use(game: LifestyleGame, state: LifestyleState, player: str, chosen: tuple[str, int | None],
        dice: Dice) -> list[str]:
    name, index = chosen
    turn = state["turn"]
    turn["sports_used"][name] = turn["sports_used"].get(name, 0) + 1
    effect = card(name)["effect"]
    roll = rolling(state)
    if effect == "reroll":
        assert index is not None
        return _reroll(state, player, index, dice, f"used {name} to reroll")
    if effect == "plus_one_all":
        roll["dice"] = [v + 1 for v in roll["dice"]]
        what = "added 1 to every die"
    else:
        assert index is not None
        old = roll["dice"][index]
        roll["dice"][index] = old + 1 if effect == "plus_one" else 4
        what = f"turned die {index + 1} from {old} to {roll['dice'][index]}"
    roll["steps"].append(f"{name}: {what}: {dice_text(roll['dice'])}")
    _chance(state, False)
    return [log(state, f"{player} used {name}: {what}; the dice now show "
                       f"{dice_text(roll['dice'])}")]


def accept(game: LifestyleGame, state: LifestyleState, player: str, checked: None,
           dice: Dice) -> list[str]:
    turn = state["turn"]
    roll = rolling(state)
    name, values = roll["card"], roll["dice"]
    turn["roll"] = None
    if not card_met(name, values):
        turn["phase"] = BOTCHED
        turn["fulfilled"] = []
        turn["missed"] = name
        got = take_tokens(state, player, rules()["botch_tokens"])
        _chance(state, False)
        return [log(state, f"{player} botched the {name} (rolled {dice_text(values)}; it needs "
                           f"{card_need(name)}) and took {counted(got, 'token')} from the pool")]
    turn["fulfilled"].append(name)
    events = [log(state, f"{player} met the {name} with {dice_text(values)}")]
    if unfulfilled(state, player):
        turn["phase"] = NEXT
    else:
        events += _score_dice_zone(state, player) + finish_turn(state, player)
    _chance(state, False)
    return events


def _score_dice_zone(state: LifestyleState, player: str) -> list[str]:
    mine = seat(state, player)
    moved = list(mine["dice"])
    mine["points"].extend(moved)
    mine["dice"] = []
    pets = sum(1 for n in moved if card(n)["category"] == "pet")
    got = take_tokens(state, player, pets * rules()["pet_tokens"])
    extra = f"; {counted(pets, 'Pet')} earned {counted(got, 'token')}" if pets else ""
    cards = listed([f"the {n}" for n in moved])
    return [log(state, f"{player} met every card in the dice zone and moved {cards} to the "
                       f"points zone{extra}")]


# -- after a botch, and the end of a turn ----------------------------------------------------------


def discard(game: LifestyleGame, state: LifestyleState, player: str, name: str,
            dice: Dice) -> list[str]:
    seat(state, player)["dice"].remove(name)
    state["discard"].append(name)
    _chance(state, False)
    return [log(state, f"{player} discarded the {name}")]


def end_turn(game: LifestyleGame, state: LifestyleState, player: str, checked: None,
             dice: Dice) -> list[str]:
    events = finish_turn(state, player)
    _chance(state, False)
    return events


def finish_turn(state: LifestyleState, player: str) -> list[str]:
    """The turn is over: Sports cards stand up again, an empty display is refilled for
    free, and the next player's turn begins (or the game ends)."""
    events = []
    size = rows() * columns()
    if display_count(state) == 0 and state["pile"]:
        dealt = fill(state, size)
        events.append(log(state, f"the display was empty: {counted(len(dealt), 'new card')} "
                                 "laid out for free"))
    order = state["players"]
    following = order[(order.index(player) + 1) % len(order)]
    state["turn"] = new_turn(following, state["turn"]["number"] + 1)
    if display_count(state) == 0 and not seat(state, following)["dice"]:
        state["over"] = True
        state["ended_by"] = following
        events.append(log(state, f"{following} begins a turn with no cards in the display "
                                 "and none in the dice zone: the game is over"))
    return events

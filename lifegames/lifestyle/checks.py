"""Lifestyle's order checks: one per command, named as the command, each the `check` of its row
in the command table (rules.py). A check raises OrderError without touching the state, or
returns what its apply (actions.py) needs; `can ORDER` and the legal-order lists trust the check
alone, so it refuses everything its apply cannot carry out. The way forward for an order given
at the wrong moment (the orders legal now) is added by the row in rules.py, where the legal
orders come from. The name resolvers the checks share also give `validate` its state-free
checks, and every order its one spelling (`spelled`).

Checks run on a player's view of the state too (`check`), where each card of the draw pile is
HIDDEN_CARD (state.py): a purchase made there deals placeholders, which no take accepts.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.base.words import counted
from ..engine.core.contract import Order, OrderError
from ..engine.core.turn import unknown_value
from .codes import E
from .data import MAX_DICE, card, find, names, rules
from .model import (
    columns,
    display_count,
    rolling,
    rows,
    seat,
    slot_index,
    slot_name,
    sports_left,
    unfulfilled,
)
from .state import BOTCHED, HIDDEN_CARD, NEXT, ROLLED, START, LifestyleState, Turn

RANDOM_EFFECTS = ("reroll",)  # Sports abilities whose outcome is chance (Running)


def _my_turn(state: LifestyleState, player: str) -> Turn:
    if state["over"]:
        raise OrderError(E.GAME_OVER, "the game is over", "python3 play.py status shows the "
                         "result")
    turn = state["turn"]
    if turn["player"] != player:
        raise OrderError(E.NOT_YOUR_TURN, f"it is {turn['player']}'s turn, not yours",
                         "a turn ends once cards are taken, once every card is met, or at "
                         "end_turn after a botch: an order after that belongs in the file of "
                         "your next turn")
    return turn


def _phase(state: LifestyleState, player: str, allowed: tuple[str, ...], what: str
           ) -> Turn:
    turn = _my_turn(state, player)
    if turn["phase"] in allowed:
        return turn
    reason = {
        START: "your turn has just begun: buy, take cards or roll",
        ROLLED: f"your roll for the {turn['roll']['card']} waits for an answer "
                f"({'/'.join(map(str, turn['roll']['dice']))})" if turn["roll"] else "",
        NEXT: "you met a card: name the next one with roll(...)",
        BOTCHED: "you botched: discard cards if you like, then end_turn",
    }[turn["phase"]]
    # The hint (what is legal now) is added by the command's row (rules.py): the legal
    # orders are built from these very checks.
    raise OrderError(E.WRONG_MOMENT, f"{what} is not possible now: {reason}")


# -- buying ----------------------------------------------------------------------------------------


def buying(state: LifestyleState, player: str, kind: str) -> tuple[int, int]:
    """A purchase of `kind` (rules.yaml buying: small or refill): its cost and how many cards
    it asks of the pile."""
    _phase(state, player, (START,), "buying cards")
    spec = rules()["buying"][kind]
    size = rows() * columns()
    showing = display_count(state)
    if showing >= size:
        raise OrderError(E.DISPLAY_FULL, f"the display already shows {size} cards",
                         "cards can be bought only while fewer than nine are showing")
    if not state["pile"]:
        raise OrderError(E.PILE_EMPTY, "the draw pile is empty: there is nothing to buy",
                         "take cards or roll dice instead")
    tokens = seat(state, player)["tokens"]
    if tokens < spec["tokens"]:
        raise OrderError(E.NO_TOKENS, f"this costs {counted(spec['tokens'], 'token')}; you "
                         f"have {tokens}", "take cards or roll dice instead")
    wanted = size - showing if kind == "refill" else min(spec["cards"], size - showing)
    return spec["tokens"], wanted


def buy_two(state: LifestyleState, player: str, order: Order) -> tuple[int, int]:
    return buying(state, player, "small")


def refill(state: LifestyleState, player: str, order: Order) -> tuple[int, int]:
    return buying(state, player, "refill")


# -- taking ----------------------------------------------------------------------------------------


def _slot(order: Order, arg: str, limit: int) -> int:
    value: int = order[arg]
    if not 1 <= value <= limit:
        raise OrderError(E.OFF_DISPLAY, f"{arg} {value} is not on the display",
                         f"{arg}s are numbered 1 to {limit}", arg)
    return value


def take(state: LifestyleState, player: str, order: Order) -> list[int]:
    """take_card, take_row and take_column: the display spaces whose cards they take."""
    _phase(state, player, (START,), "taking cards")
    width, height = columns(), rows()
    if order.command == "take_card":
        row = _slot(order, "row", height)
        column = _slot(order, "column", width)
        spaces: Iterable[int] = (slot_index(row, column),)
    elif order.command == "take_row":
        row = _slot(order, "row", height)
        spaces = range(slot_index(row, 1), slot_index(row, width) + 1)
    else:
        column = _slot(order, "column", width)
        spaces = range(slot_index(1, column), width * height, width)
    display = state["display"]
    picked = [i for i in spaces if display[i]]
    if any(display[i] == HIDDEN_CARD for i in picked):
        raise OrderError(E.HIDDEN_CARD, "a card you would take is not dealt yet",
                         "cards dealt this tick are known only once the tick is played: take "
                         "them in your next file")
    if not picked:
        where = {"take_card": "that space", "take_row": "that row",
                 "take_column": "that column"}[order.command]
        filled = ", ".join(slot_name(i) for i, s in enumerate(state["display"]) if s)
        raise OrderError(E.EMPTY_SPACE, f"{where} of the display holds no card",
                         f"cards are showing at (row,column): {filled or 'none'}",
                         "column" if order.command == "take_column" else "row")
    return picked


take_card = take_row = take_column = take


# -- rolling and answering a roll ------------------------------------------------------------------


def _card_name(order: Order, options: list[str], where: str) -> str:
    written = order["card"]
    name = find(written)
    if name is None:
        raise unknown_value(E.UNKNOWN_CARD, "card", written, options, "card",
                            extra=f"cards {where}")
    return name


def _card_in(order: Order, pool: list[str], where: str) -> str:
    """The card the order names, which must be one of `pool` (cards `where`)."""
    name = find(order["card"])
    if name is not None and name in pool:
        return name
    options = sorted(set(pool))
    name = _card_name(order, options or names(), where if options else "in the game")
    raise OrderError(E.NOT_IN_DICE_ZONE, f"no {name} {where}",
                     f"cards {where}: {', '.join(options) or 'none'}", "card")


def roll(state: LifestyleState, player: str, order: Order) -> str:
    """The card to roll for."""
    turn = _phase(state, player, (START, NEXT), "rolling")
    if not seat(state, player)["dice"]:
        raise OrderError(E.MUST_TAKE, "your dice zone is empty, so you must take cards",
                         "write take_card(row, column), take_row(row) or take_column(column)")
    where = "in your dice zone" if turn["phase"] == START else "left to meet in your dice zone"
    return _card_in(order, unfulfilled(state, player), where)


def _die_in_range(order: Order, count: int, rolled: bool) -> int:
    value: int = order["die"]
    if not 1 <= value <= count:
        why = f"you rolled {count}" if rolled else f"no card rolls more than {count} dice"
        raise OrderError(E.NO_SUCH_DIE, f"there is no die {value}: {why}",
                         f"dice are numbered 1 to {count}", "die")
    return value - 1


def _die(state: LifestyleState, order: Order) -> int:
    return _die_in_range(order, len(rolling(state)["dice"]), True)


def reroll(state: LifestyleState, player: str, order: Order) -> int:
    """The die to reroll (0-based)."""
    _phase(state, player, (ROLLED,), "rerolling")
    index = _die(state, order)
    if seat(state, player)["tokens"] < 1:
        raise OrderError(E.NO_TOKENS, "a reroll costs 1 token; you have 0",
                         "accept the roll, or use a Sports card", "die")
    return index


def use(state: LifestyleState, player: str, order: Order) -> tuple[str, int | None]:
    """The Sports card to turn, and the die it works on (None for Rowing)."""
    _phase(state, player, (ROLLED,), "using a Sports card")
    name = _sport_name(order)
    left = sports_left(state, player)
    if name not in left:
        have = sum(1 for n in seat(state, player)["points"] if n == name)
        why = (f"your {name} card{' is' if have == 1 else 's are'} already turned this turn"
               if have
               else f"you have no {name} card in your points zone")
        ready = ", ".join(sorted(left)) or "none"
        raise OrderError(E.NO_SPORT, why, f"Sports cards ready this turn: {ready}", "sport")
    if not _needs_die(order, name):
        return name, None
    return name, _die(state, order)


def running(order: Order) -> bool:
    """Whether a `use` order's outcome is chance: a Sports card that rerolls (Running)."""
    name = find(order["sport"])
    return bool(name and card(name).get("effect") in RANDOM_EFFECTS)


def _sport_name(order: Order) -> str:
    sports = names("sports")
    name = find(order["sport"])
    if name is None or name not in sports:
        raise unknown_value(E.UNKNOWN_SPORT, "Sports card", order["sport"], sports, "sport",
                            extra="Sports cards")
    return name


def _needs_die(order: Order, name: str) -> bool:
    """Whether `use` names a die, as the Sports card's ability wants (Rowing takes none)."""
    if card(name)["effect"] == "plus_one_all":
        if order.arg("die") is not None:
            raise OrderError(E.NO_DIE_NEEDED, f"{name} raises every die; name no die",
                             f'write use("{name}")', "die")
        return False
    if order.arg("die") is None:
        raise OrderError(E.DIE_NEEDED, f"{name} works on one die: say which",
                         f'write use("{name}", 1) for die 1', "sport")
    return True


def accept(state: LifestyleState, player: str, order: Order) -> None:
    _phase(state, player, (ROLLED,), "accepting a roll")


# -- after a botch ---------------------------------------------------------------------------------


def discard(state: LifestyleState, player: str, order: Order) -> str:
    """The dice-zone card to discard."""
    _phase(state, player, (BOTCHED,), "discarding")
    return _card_in(order, seat(state, player)["dice"], "in your dice zone")


def end_turn(state: LifestyleState, player: str, order: Order) -> None:
    _phase(state, player, (BOTCHED,), "ending the turn")


# -- one spelling, and the checks that need no state -----------------------------------------------


def spelled(order: Order) -> Order:
    """The order with each card or Sports card named as cards.yaml spells it, found by the
    same lookup the orders use (players may write any case and spacing); a name the game
    does not know, or a plan's `$fact`, stays as written."""
    args = []
    for arg in order.args:
        found = find(arg.value) if arg.name in ("card", "sport") and arg.kind == "string" \
            else None
        args.append(arg._replace(value=found) if found else arg)
    return Order(order.command, tuple(args), order.line, order.column, order.end_column,
                 order.source)


def validate(order: Order) -> None:
    """Names and ranges, with the same checks and messages the orders get when they run
    (an argument that is a plan's `$fact` is known only then, so it is skipped here): plan
    lines after an outcome, and standing orders."""
    command = order.command

    def given(name: str) -> bool:
        arg = order.arg(name)
        return arg is not None and arg.kind != "ref"

    if command in ("take_card", "take_row"):
        _slot(order, "row", rows())
    if command in ("take_card", "take_column"):
        _slot(order, "column", columns())
    if command in ("roll", "discard") and given("card"):
        _card_name(order, names(), "in the game")
    if command == "reroll" and given("die"):
        _die_in_range(order, MAX_DICE, False)
    if command == "use" and given("sport") and _needs_die(order, _sport_name(order)) and \
            given("die"):
        _die_in_range(order, MAX_DICE, False)

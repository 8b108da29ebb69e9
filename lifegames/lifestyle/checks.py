"""Lifestyle's state, read, and the checks of each order: each `_check_*` raises OrderError
without touching the state. The Game (rules.py) runs them before it acts, and the legal orders
(legal.py) are the candidates they let through."""

from __future__ import annotations

from typing import Any

from ..engine.contract import Order, OrderError, State
from ..engine.turn import unknown_value
from .data import MAX_DICE, card, find, names, rules

DICE_STREAM = "dice"
DECK_STREAM = "deck"
RANDOM_EFFECTS = ("reroll",)
# What a player's knowledge of the state holds in place of each card of the face-down pile:
# `check` may deal it (a purchase, the free refill) but no order may look at it.
HIDDEN_CARD = "(hidden card)"

# Turn phases: start (may buy; then take or roll), rolled (a roll awaits its answer), next (a
# card was met: name the next), botched (discard any cards, then end_turn).
START, ROLLED, NEXT, BOTCHED = "start", "rolled", "next", "botched"
GAME_PHASES = {
    START: "buy, then take cards or roll",
    ROLLED: "answering a roll",
    NEXT: "naming the next card",
    BOTCHED: "discarding after a botch",
}


def amount(number: int, noun: str, plural: str = "") -> str:
    """'1 token', '2 tokens', '0 Pets': a count with its noun in the right number."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


# -- reading the state -----------------------------------------------------------------------


def seat(state: State, player: str) -> dict[str, Any]:
    return state["seats"][player]


def display_count(state: State) -> int:
    return sum(1 for slot in state["display"] if slot)


def columns() -> int:
    return int(rules()["display"]["columns"])


def rows() -> int:
    return int(rules()["display"]["rows"])


def slot_index(row: int, column: int) -> int:
    return (row - 1) * columns() + (column - 1)


def unfulfilled(state: State, player: str) -> list[str]:
    """The dice-zone cards not yet met this turn (a multiset, in dice-zone order)."""
    left = list(seat(state, player)["dice"])
    turn = state["turn"]
    if turn["player"] == player:
        for name in turn["fulfilled"]:
            left.remove(name)
    return left


def sports_left(state: State, player: str) -> dict[str, int]:
    """Sports cards in the points zone not yet turned this turn: name -> how many."""
    used = state["turn"]["sports_used"] if state["turn"]["player"] == player else {}
    out: dict[str, int] = {}
    for name in seat(state, player)["points"]:
        if card(name)["category"] == "sports":
            out[name] = out.get(name, 0) + 1
    return {n: c - used.get(n, 0) for n, c in out.items() if c - used.get(n, 0) > 0}


def card_count(state: State) -> int:
    """Every card in the game, wherever it is (always the deck's 72)."""
    total = len(state["pile"]) + display_count(state) + len(state["discard"])
    for s in state["seats"].values():
        total += len(s["dice"]) + len(s["points"])
    return total


def token_count(state: State) -> int:
    return state["pool"] + sum(s["tokens"] for s in state["seats"].values())


RECENT = 12  # events the sheets keep showing from earlier ticks


def log(state: State, text: str) -> str:
    """Record an event of this tick (and in the rolling list of recent events)."""
    state["log"].append(text)
    tick = int(state.get("tick", 0)) + 1
    state["recent"] = [*state["recent"], f"tick {tick}: {text}"][-RECENT:]
    return text


def fill(state: State, wanted: int) -> list[str]:
    """Deal up to `wanted` cards from the pile into the display's gaps, left to right, row 1
    first, stopping when the pile or the gaps run out. The cards dealt."""
    dealt = []
    for index, slot in enumerate(state["display"]):
        if len(dealt) >= wanted or not state["pile"]:
            break
        if slot is None:
            state["display"][index] = state["pile"].pop(0)
            dealt.append(state["display"][index])
    return dealt


def _slot_name(index: int) -> str:
    return f"({index // columns() + 1},{index % columns() + 1})"


def _take_tokens(state: State, player: str, wanted: int) -> int:
    """Move up to `wanted` tokens from the pool to the player (the pool may run dry)."""
    given = min(wanted, state["pool"])
    state["pool"] -= given
    seat(state, player)["tokens"] += given
    return given


# -- order checks (never mutate) ---------------------------------------------------------------


def _my_turn(state: State, player: str) -> dict[str, Any]:
    if state["over"]:
        raise OrderError("E-GAME-OVER", "the game is over", "python3 play.py status shows the "
                         "result")
    turn = state["turn"]
    if turn["player"] != player:
        raise OrderError("E-NOT-YOUR-TURN", f"it is {turn['player']}'s turn, not yours",
                         "a turn ends once cards are taken, once every card is met, or at "
                         "end_turn after a botch: an order after that belongs in the file of "
                         "your next turn")
    return turn


def _phase(state: State, player: str, allowed: tuple[str, ...], what: str) -> dict[str, Any]:
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
    # The hint (what is legal now) is added by the Game's act: the legal orders are built
    # from these very checks.
    raise OrderError("E-WRONG-MOMENT", f"{what} is not possible now: {reason}")


def _check_buy(state: State, player: str, kind: str) -> tuple[int, int]:
    _phase(state, player, (START,), "buying cards")
    spec = rules()["buying"][kind]
    size = rows() * columns()
    showing = display_count(state)
    if showing >= size:
        raise OrderError("E-DISPLAY-FULL", f"the display already shows {size} cards",
                         "cards can be bought only while fewer than nine are showing")
    if not state["pile"]:
        raise OrderError("E-PILE-EMPTY", "the draw pile is empty: there is nothing to buy",
                         "take cards or roll dice instead")
    tokens = seat(state, player)["tokens"]
    if tokens < spec["tokens"]:
        raise OrderError("E-NO-TOKENS", f"this costs {amount(spec['tokens'], 'token')}; you "
                         f"have {tokens}", "take cards or roll dice instead")
    wanted = size - showing if kind == "refill" else min(spec["cards"], size - showing)
    return spec["tokens"], wanted


def _check_slot(order: Order, arg: str, limit: int) -> int:
    value = order[arg]
    if not 1 <= value <= limit:
        raise OrderError("E-OFF-DISPLAY", f"{arg} {value} is not on the display",
                         f"{arg}s are numbered 1 to {limit}", arg)
    return value


def _check_take(state: State, player: str, order: Order) -> list[int]:
    _phase(state, player, (START,), "taking cards")
    if order.command == "take_card":
        row = _check_slot(order, "row", rows())
        column = _check_slot(order, "column", columns())
        picked = [slot_index(row, column)]
    elif order.command == "take_row":
        row = _check_slot(order, "row", rows())
        picked = [slot_index(row, c) for c in range(1, columns() + 1)]
    else:
        column = _check_slot(order, "column", columns())
        picked = [slot_index(r, column) for r in range(1, rows() + 1)]
    picked = [i for i in picked if state["display"][i]]
    if any(state["display"][i] == HIDDEN_CARD for i in picked):
        raise OrderError("E-HIDDEN-CARD", "a card you would take is not dealt yet",
                         "cards dealt this tick are known only once the tick is played: take "
                         "them in your next file")
    if not picked:
        where = {"take_card": "that space", "take_row": "that row",
                 "take_column": "that column"}[order.command]
        filled = ", ".join(_slot_name(i) for i, s in enumerate(state["display"]) if s)
        raise OrderError("E-EMPTY-SPACE", f"{where} of the display holds no card",
                         f"cards are showing at (row,column): {filled or 'none'}",
                         "column" if order.command == "take_column" else "row")
    return picked


def _card_name(order: Order, options: list[str], where: str) -> str:
    written = order["card"]
    name = find(written)
    if name is None:
        raise unknown_value("E-UNKNOWN-CARD", "card", written, options, "card",
                            extra=f"cards {where}")
    return name


def _check_card(state: State, player: str, order: Order, pool: list[str], where: str) -> str:
    options = sorted(set(pool))
    name = _card_name(order, options or names(), where if options else "in the game")
    if name not in pool:
        listing = ", ".join(sorted(set(pool))) or "none"
        raise OrderError("E-NOT-IN-DICE-ZONE", f"no {name} {where}",
                         f"cards {where}: {listing}", "card")
    return name


def _check_roll(state: State, player: str, order: Order) -> str:
    turn = _phase(state, player, (START, NEXT), "rolling")
    if not seat(state, player)["dice"]:
        raise OrderError("E-MUST-TAKE", "your dice zone is empty, so you must take cards",
                         "write take_card(row, column), take_row(row) or take_column(column)")
    where = "in your dice zone" if turn["phase"] == START else "left to meet in your dice zone"
    return _check_card(state, player, order, unfulfilled(state, player), where)


def _die_in_range(order: Order, count: int, rolled: bool) -> int:
    value = order["die"]
    if not 1 <= value <= count:
        why = f"you rolled {count}" if rolled else f"no card rolls more than {count} dice"
        raise OrderError("E-NO-SUCH-DIE", f"there is no die {value}: {why}",
                         f"dice are numbered 1 to {count}", "die")
    return value - 1


def _check_die(state: State, order: Order) -> int:
    return _die_in_range(order, len(state["turn"]["roll"]["dice"]), True)


def _check_reroll(state: State, player: str, order: Order) -> int:
    _phase(state, player, (ROLLED,), "rerolling")
    index = _check_die(state, order)
    if seat(state, player)["tokens"] < 1:
        raise OrderError("E-NO-TOKENS", "a reroll costs 1 token; you have 0",
                         "accept the roll, or use a Sports card", "die")
    return index


def _check_use(state: State, player: str, order: Order) -> tuple[str, int | None]:
    _phase(state, player, (ROLLED,), "using a Sports card")
    name = _sport_name(order)
    left = sports_left(state, player)
    if name not in left:
        have = sum(1 for n in seat(state, player)["points"] if n == name)
        why = (f"your {name} card{' is' if have == 1 else 's are'} already turned this turn"
               if have
               else f"you have no {name} card in your points zone")
        ready = ", ".join(sorted(left)) or "none"
        raise OrderError("E-NO-SPORT", why, f"Sports cards ready this turn: {ready}", "sport")
    if not _needs_die(order, name):
        return name, None
    return name, _check_die(state, order)


def _sport_name(order: Order) -> str:
    sports = names("sports")
    name = find(order["sport"])
    if name is None or name not in sports:
        raise unknown_value("E-UNKNOWN-SPORT", "Sports card", order["sport"], sports, "sport",
                            extra="Sports cards")
    return name


def _needs_die(order: Order, name: str) -> bool:
    """Whether `use` names a die, as the Sports card's ability wants (Rowing takes none)."""
    if card(name)["effect"] == "plus_one_all":
        if order.arg("die") is not None:
            raise OrderError("E-NO-DIE-NEEDED", f"{name} raises every die; name no die",
                             f'write use("{name}")', "die")
        return False
    if order.arg("die") is None:
        raise OrderError("E-DIE-NEEDED", f"{name} works on one die: say which",
                         f'write use("{name}", 1) for die 1', "sport")
    return True


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


# -- the checks that need no state: plan lines after an outcome, standing orders ---------------


def validate(order: Order) -> None:
    """Names and ranges, with the same checks and messages the orders get when they run
    (an argument that is a plan's `$fact` is known only then, so it is skipped here)."""
    command = order.command

    def given(name: str) -> bool:
        arg = order.arg(name)
        return arg is not None and arg.kind != "ref"

    if command in ("take_card", "take_row"):
        _check_slot(order, "row", rows())
    if command in ("take_card", "take_column"):
        _check_slot(order, "column", columns())
    if command in ("roll", "discard") and given("card"):
        _card_name(order, names(), "in the game")
    if command == "reroll" and given("die"):
        _die_in_range(order, MAX_DICE, False)
    if command == "use" and given("sport") and _needs_die(order, _sport_name(order)) and \
            given("die"):
        _die_in_range(order, MAX_DICE, False)

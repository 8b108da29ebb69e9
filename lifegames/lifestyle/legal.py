"""The orders a Lifestyle player could give now: part of the rules (as OpenSpiel's
legal_actions are), used by prompts, error hints, sheets, bots and tests.

Every candidate is tested with the rules' own checks (checks.py), no second copy of the rules.
The listing order is the bots' hint: takes before rolls before buys; the hardest card first
among rolls; accept, then the Sports cards that change no die at random, then random rerolls
with the most helpful die first.
"""

from __future__ import annotations

from typing import Any

from ..engine.contract import Order, OrderError, State, clone, runs
from . import checks as r
from .conditions import card_met, chance, chance_rerolling
from .data import card


def fake(command: str, **args: Any) -> Order:
    """An Order as the parser would build it, for checks without text."""
    return Order.make(command, **args)


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
            if runs(lambda row=row: r._check_take(state, player, fake("take_row", row=row))):
                out.append(f"take_row({row})")
        for column in range(1, r.columns() + 1):
            if runs(lambda c=column: r._check_take(state, player, fake("take_column", column=c))):
                out.append(f"take_column({column})")
    if phase in (r.START, r.NEXT) and state["seats"][player]["dice"]:
        for name in sorted(set(r.unfulfilled(state, player)), key=lambda n: (chance(n), n)):
            out.append(f"roll({_quoted(name)})")
    if phase == r.START:
        if runs(lambda: r._check_buy(state, player, "small")):
            out.append("buy_two()")
        if runs(lambda: r._check_buy(state, player, "refill")):
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


# -- what each legal order leads to (sheets, order files, hints) -----------------------------


class _NoDice:
    """Dice for orders that roll nothing: trying an order that would roll is a bug."""

    def stream(self, name: str) -> Any:
        raise AssertionError(f"a legal order rolled on stream {name!r}")


def legal_notes(state: State, player: str, warned_only: bool = False) -> list[tuple[str, str]]:
    """Each legal order with what it leads to, worked out by running it on a copy: a file
    holding it alone is refused when the turn is left half done (after a botch, end_turn is
    still owed), so the note says what must follow. Outcomes (rolls, rerolls, purchases) may
    end a file. A warning `check` would give replaces the note (only warnings are noted if
    `warned_only`: at the start of a turn, when every order ends the turn or is random)."""
    from . import GAME
    from .cautions import SHORT, warnings

    out = []
    for text in legal_orders(state, player):
        order = _parsed(text)
        if warned_only:
            note = ""
        elif GAME.is_random(order):
            note = "random: your file may end here, or a plan goes on"
        else:
            after = clone(state)
            GAME.act(after, player, order, _NoDice())
            note = _note(state, after, player)
        card = state["turn"]["roll"]["card"] if state["turn"]["roll"] else ""
        warned = [SHORT[w.code].format(card=card) for w in warnings(state, player, order)
                  if SHORT[w.code]]
        out.append((text, "; ".join(warned) or ("" if warned_only else note)))
    return out


def _note(before: State, after: State, player: str) -> str:
    turn, roll = after["turn"], before["turn"]["roll"]
    what = ""
    if roll is not None and turn["roll"] is None:  # the roll was accepted
        what = (f"botches the {roll['card']}" if turn["phase"] == r.BOTCHED
                else f"meets the {roll['card']}")
    elif turn["roll"] is not None and roll is not None and turn["roll"]["dice"] != roll["dice"]:
        met = card_met(turn["roll"]["card"], turn["roll"]["dice"])
        one = len(turn["roll"]["dice"]) == 1
        verb = ("meets" if met else "does not meet") if one else \
            ("meet" if met else "do not meet")
        what = (f"the {'die becomes' if one else 'dice become'} "
                f"{' '.join(map(str, turn['roll']['dice']))}, which {verb} the "
                f"{turn['roll']['card']}")
    if _complete(after, player):
        if turn["player"] == player and not after["over"]:
            return what
        if what.startswith("meets"):  # the last card: the turn ends with every card met
            return f"{what}: every card is met and moves to your points zone; your turn ends"
        return (f"{what}: " if what else "") + "your turn ends"
    ways = _completions(after, player)
    tail = " or ".join(ways) if ways else "more orders"
    if turn["phase"] == r.BOTCHED:
        tail += " (discard lines may come before it)"
    return (f"{what}; " if what else "") + f"complete the file with {tail}"


def _complete(state: State, player: str) -> bool:
    """Whether a file may end here: the turn is over, or an outcome left it, or nothing is
    owed (the rules' own end_orders says)."""
    from . import GAME

    try:
        GAME.end_orders(state, player)
    except OrderError:
        return False
    return True


def _completions(state: State, player: str, depth: int = 3) -> list[str]:
    """The shortest ways (orders joined by ", then ") to finish a file from `state`: tried
    on copies with the rules' own act, the random orders ending a file as they do. At most
    three are named."""
    from . import GAME

    level: list[tuple[list[str], State]] = [([], state)]
    for _ in range(depth):
        found, following = [], []
        for done, here in level:
            for text in legal_orders(here, player):
                order = _parsed(text)
                if GAME.is_random(order):
                    found.append([*done, text])
                    continue
                after = clone(here)
                GAME.act(after, player, order, _NoDice())
                if _complete(after, player):
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
    from ..engine.orders import parse_text

    return parse_text("lifestyle", text, "legal").orders[0]


def in_short(options: list[str]) -> str:
    """The legal orders in one line for a hint: a command's several numbers joined by |
    (take_row(1|2|3)), and the cards one may take counted rather than listed."""
    grouped: dict[str, list[str]] = {}
    for text in options:
        command, _, args = text.partition("(")
        grouped.setdefault(command, []).append(args.rstrip(")"))
    parts = []
    for command, args in grouped.items():
        if command == "take_card" and len(args) > 1:
            parts.append(f"take_card(row, column) for any of the {len(args)} cards showing")
        elif len(args) == 1 or not all(a.isdigit() for a in args):
            parts.extend(f"{command}({a})" for a in args)
        else:
            parts.append(f"{command}({'|'.join(args)})")
    return ", ".join(parts)

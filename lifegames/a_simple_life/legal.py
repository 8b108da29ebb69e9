"""The orders worth listing for a player now (`Game.candidates`): the engine keeps those their
rows' checks accept (contract.Game.legal_orders), so the legal orders are the rules' (as
OpenSpiel's legal_actions are), used by prompts, sheets, bots and tests: no second copy of the
rules.

While a prompt is open only its answers are proposed. Rerolls of the Available dice are proposed
as one per die value plus "all of them" (any other set is legal too). Orders without arguments
are listed bare (`pass`, `fight`, `accept`), as players write them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ..engine.core.contract import Arg, Order
from .data import rules, sheet
from .model import asked, me, reachable, stock
from .state import Sheet, SimpleLifeState

WORDS = frozenset({"townsfolk", "resource", "tool"})  # arguments written bare: give(Lily)

_MADE: dict[tuple[str | int, ...], Order] = {}  # orders are read-only once made, so shared
_MOST = 4096


def proposed(command: str, *values: str | int) -> Order:
    """The order `command(values...)` as the list writes it, made once per process (the same
    few hundred come up all game long). Argument names are those of the grammar."""
    key = (command, *values)
    order = _MADE.get(key)
    if order is None:
        names = ("die",) * len(values) if command == "reroll" else \
            _ARGS.get(command, ())[:len(values)]
        args = tuple(Arg(n, v, 1, 2, "int" if isinstance(v, int) else
                         "word" if n in WORDS else "string")
                     for n, v in zip(names, values, strict=True))
        if len(_MADE) >= _MOST:
            _MADE.clear()
        order = _MADE[key] = Order(command, args, 0, 1, 2, "" if values else command)
    return order


_ARGS = {"farm": ("die", "column"), "lake": ("die", "row"), "mine": ("die", "other_die"),
         "dig": ("column", "row"), "town": ("die",), "give": ("townsfolk",),
         "buy": ("resource",), "sell": ("resource",), "upgrade": ("tool",)}


def candidates(state: SimpleLifeState, player: str) -> Iterator[Order]:
    if state["over"]:
        return
    s = me(state, player)
    if s["day_over"]:
        return
    if s["pending"] is not None:
        yield from answers(s)
        return
    if s["town"] is not None:
        for name in sheet()["townsfolk"]:
            yield proposed("give", name)
        for resource in rules()["shop"]["sell"]:
            yield proposed("sell", resource)
        for resource in rules()["shop"]["buy"]:
            yield proposed("buy", resource)
        for tool in sheet()["tools"]:
            yield proposed("upgrade", tool)
    faces = sorted(set(s["available"]))
    for face in faces:
        if face == 6:
            for col in range(1, 7):
                yield proposed("farm", face, col)
        else:
            yield proposed("farm", face)
    for face in faces:
        yield proposed("town", face)
    for a, b in _pairs(s["available"]):
        yield proposed("mine", a, b)
    for face in faces:
        for row in range(1, len(sheet()["lake"]) + 1):
            yield proposed("lake", face, row)
    yield proposed("pass")
    if stock(s, "carrot") >= 1 and s["available"]:
        for face in faces:
            yield proposed("reroll", face)
        if len(s["available"]) > 1:
            yield proposed("reroll", *sorted(s["available"]))


def _pairs(available: list[int]) -> list[tuple[int, int]]:
    counts = Counter(available)
    faces = sorted(counts)
    return [(a, b) for i, a in enumerate(faces) for b in faces[i:] if a != b or counts[a] > 1]


def answers(s: Sheet) -> list[Order]:
    """The answers to the prompt open on the sheet: each runs (checks.py lists them in its
    E-PROMPT hint, without asking the checks again)."""
    pending = asked(s)
    carrot = stock(s, "carrot") >= 1
    if pending["kind"] == "mine":
        out = [proposed("dig", c, r) for c, r in reachable(s, pending["dice"])]
        if carrot:
            a, b = pending["dice"]
            out += [proposed("reroll", a, b)] + [proposed("reroll", v) for v in sorted({a, b})]
        return out
    face = pending["face"]  # a missed Lake or fight roll (None: a fight still to roll)
    if face is None:
        return [proposed("fight")]
    out = [proposed("accept")]
    if carrot:
        out.append(proposed("reroll", face))
    return out

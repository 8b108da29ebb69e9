"""The orders worth listing for a kingdom now (`Game.candidates`): the engine keeps those their
rows' checks accept (contract.Game.legal_orders), so the legal orders are the rules', tested
with the rules' own checks: no second copy of the rules.

Amounts are open-ended (buy 1 food, 2 food, ...), so the list is a representative set: every
building, move and claim that could run now, and a few amounts for hiring and trading.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..engine.core.contract import Order
from .data import rules
from .model import NEIGHBOURS, owned_tiles
from .state import KingdomsState

AMOUNTS = (1, 5, 10)


def _candidates(state: KingdomsState, name: str) -> list[tuple[str, dict[str, int | str]]]:
    data = rules()
    out: list[tuple[str, dict[str, int | str]]] = []
    mine = owned_tiles(state, name)
    upgrades = [s for s, spec in data["settlements"].items() if "upgrades" in spec]
    for t in mine:
        for building in [*upgrades, *data["buildings"]]:
            out.append(("build", {"row": t["row"], "col": t["col"], "building": building}))
    for t in mine:
        for count in (1, 2, 5):
            out.append(("hire_soldiers", {"row": t["row"], "col": t["col"], "count": count}))
    size = state["size"]
    for t in state["tiles"]:
        here = t["soldiers"].get(name, 0)
        if not here:
            continue
        out.append(("dismiss_soldiers", {"row": t["row"], "col": t["col"], "count": 1}))
        for dr, dc in NEIGHBOURS:
            row, col = t["row"] + dr, t["col"] + dc
            if 0 <= row < size and 0 <= col < size:
                for count in sorted({1, 2, 4, here}):
                    out.append(("move_soldiers", {"from_row": t["row"], "from_col": t["col"],
                                                  "to_row": row, "to_col": col,
                                                  "count": count}))
    for t in state["tiles"]:
        out.append(("claim_tile", {"row": t["row"], "col": t["col"]}))
    for command in ("give", "buy_resource", "sell_resource"):
        for resource in data["resources"]:
            for amount in AMOUNTS:
                out.append((command, {"resource": resource, "amount": amount}))
    return out


_MADE: dict[tuple[int | str, ...], Order] = {}  # orders are read-only once made, so shared
_MOST = 8192


def candidates(state: KingdomsState, name: str) -> Iterator[Order]:
    """The same few hundred candidates come up all game long: each Order is made once."""
    for command, args in _candidates(state, name):
        key = (command, *args.values())
        order = _MADE.get(key)
        if order is None:
            if len(_MADE) >= _MOST:
                _MADE.clear()
            order = _MADE[key] = Order.make(command, **args)
        yield order

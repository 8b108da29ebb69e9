"""A player's standing orders (their defaults for their own prompts) and the Mines rule that
picks a cell for them.

`standing on_miss(lake, 2)`: a missed Lake roll is rerolled with a carrot while you have more
than 2 carrots, then accepted. `standing on_miss(fight, all)`: every monster waiting in a dug
cell is fought at once and a missed fight roll is accepted. `standing on_mine(stone)`: the
Mines dice are placed at once, on the cell the rule picks. A standing order answers its prompt
the moment the prompt arises (so the rest of the file runs), and any such prompt still open at
the end of a tick. The last order of each kind counts. The engine keeps the canonical texts in
state["standing"]; actions.py asks these functions.
"""

from __future__ import annotations

import functools

from ..engine.contract import Order, State
from ..engine.orders import standing_orders
from .checks import ARTIFACT, keep_value, mine_rule, miss_target
from .data import sheet
from .sheet import Sheet

GRAMMAR = "a_simple_life"
NEVER = 1_000_000  # "keep all carrots": more than any inventory row holds


def _orders(state: State, player: str) -> tuple[Order, ...]:
    texts = state.get("standing", {}).get(player, [])
    return standing_orders(GRAMMAR, tuple(texts)) if texts else ()


def miss_keep(state: State, player: str, target: str) -> int | None:
    """Carrots to keep when a `target` roll (lake or fight) misses: reroll while you have
    more; None if no standing order answers that prompt."""
    keep: int | None = None
    for order in _orders(state, player):
        if order.command == "on_miss" and miss_target(order) == target:
            value = keep_value(order)
            keep = NEVER if value is None else value
    return keep


def mine_pref(state: State, player: str) -> str | None:
    """The Mines rule of the player's standing on_mine order, or None."""
    rule = None
    for order in _orders(state, player):
        if order.command == "on_mine":
            rule = mine_rule(order)
    return rule


def covers(state: State, player: str, s: Sheet) -> bool:
    """Whether a standing order answers the prompt open on the sheet now."""
    pending = s["pending"]
    if pending is None:
        return False
    if pending["kind"] == "mine":
        return mine_pref(state, player) is not None
    return miss_keep(state, player, pending["kind"]) is not None


# -- the Mines rule -------------------------------------------------------------------------------


@functools.cache
def _artifacts() -> frozenset[str]:
    return frozenset(sheet()["artifacts"])


def cell_key(icons: tuple[str, ...], rule: str) -> tuple[int, ...]:
    """How a rule ranks a cell's icons (higher is better): `any` wants the most icons other
    than monsters, then the fewest monsters; `monster` the most monsters; any other rule the
    most of its icon, then as `any`."""
    monsters = icons.count("monster")
    others = len(icons) - monsters
    if rule == "any":
        return (others, -monsters)
    if rule == "monster":
        return (monsters, others)
    wanted = sum(1 for i in icons if i in _artifacts()) if rule == ARTIFACT else icons.count(rule)
    return (wanted, others, -monsters)


def best_cell(s: Sheet, cells: list[tuple[int, int]], rule: str) -> tuple[int, int]:
    """Among the (column, row) cells the Mines dice can name, the one `rule` prefers: an
    uncrossed cell before a crossed one, then by `cell_key`, then the lowest column, then the
    lowest row."""
    table = sheet()["mines"]

    def key(cell: tuple[int, int]) -> tuple[object, ...]:
        col, row = cell
        crossed = s["mines"][row - 1][col - 1]
        return (not crossed, cell_key(tuple(table[row][col - 1]), rule), -col, -row)

    return max(cells, key=key)

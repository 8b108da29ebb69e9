"""The facts a plan may read (`if carrots > 1: ...`, `dig($best_col, $best_row)`): each one is
something the player can read on their own sheet now. Every name is documented in
games/a_simple_life/orders.yaml under `facts:` (a test keeps the two lists equal)."""

from __future__ import annotations

from typing import Any

from ..engine.contract import State
from . import defaults
from .rolls import reachable
from .scoring import score
from .sheet import me, stock

PLURALS = {"carrot": "carrots", "flower": "flowers", "stone": "stones", "coin": "coins",
           "diamond": "diamonds", "heart": "hearts", "star": "stars"}


def prompt_name(pending: dict[str, Any] | None) -> str:
    """What the sheet's Prompt section asks now, in one word."""
    if pending is None:
        return "none"
    if pending["kind"] == "fight":
        return "fight" if pending["face"] is None else "fight_miss"
    return str(pending["kind"])


def facts(state: State, player: str) -> dict[str, Any]:
    s = me(state, player)
    pending = s["pending"]
    kind = pending["kind"] if pending else None
    mine_dice = list(pending["dice"]) if kind == "mine" else []
    best_col = best_row = 0
    diggable: list[str] = []
    if mine_dice:
        cells = reachable(s, mine_dice)
        rule = defaults.mine_pref(state, player) or "any"
        best_col, best_row = defaults.best_cell(s, cells, rule)
        diggable = [f"{c},{r}" for c, r in cells if not s["mines"][r - 1][c - 1]]
    monsters = s["inventory"]["monster"]
    out: dict[str, Any] = {
        "day": state["day"],
        "dice": sorted(s["available"]),
        "dice_left": len(s["available"]),
        "spent": s["spent"],
        "prompt": prompt_name(pending),
        "lake_die": pending["face"] if kind == "lake" else 0,
        "mine_dice": mine_dice,
        "mine_low": mine_dice[0] if mine_dice else 0,
        "mine_high": mine_dice[1] if mine_dice else 0,
        "best_col": best_col,
        "best_row": best_row,
        "diggable": diggable,
        "fight_die": (pending["face"] or 0) if kind == "fight" else 0,
        "monsters_left": pending["left"] if kind == "fight" else 0,
        "town_actions": s["town"]["left"] if s["town"] is not None else 0,
        "defeated": monsters["circled"],
        "escaped": monsters["crossed"],
        "dug": [f"{c + 1},{r + 1}" for r in range(6) for c in range(6) if s["mines"][r][c]],
        "goals_done": sorted(s["done"]),
        "score": score(s),
    }
    for kind_name, plural in PLURALS.items():
        out[plural] = stock(s, kind_name)
    out.update(s["tools"])
    return out

"""What a Lifestyle plan may read (`if met`, `reroll($best_die)`), and the plan an absent player
is given. Every fact is something the player's sheet shows or can be worked out from it; each is
documented in games/lifestyle/orders.yaml under `facts:`, which `play.py orders` lists.

The facts about the roll in play answer the questions a player asks before answering it: is it
met, which die is best rerolled and with what chance, and which die a Sports card would fix.
"""

from __future__ import annotations

from typing import Any

from ..engine.contract import State
from . import checks as r
from .conditions import card_met, chance

WAITING, OVER = "waiting", "over"


def _percent(hits: int, outcomes: int) -> int:
    """A chance as a whole percentage, rounded down (exact: no float in what a plan reads)."""
    return hits * 100 // outcomes


def reroll_hits(name: str, dice: list[int], index: int) -> int:
    """Of the six faces a reroll of die `index` can show, how many meet the card."""
    return sum(card_met(name, [face if j == index else v for j, v in enumerate(dice)])
               for face in range(1, 7))


def best_die(name: str, dice: list[int]) -> tuple[int, int]:
    """The die (1-based) whose reroll most often meets the card, the lowest on a tie, and how
    many of its six faces do."""
    hits = [reroll_hits(name, dice, i) for i in range(len(dice))]
    best = max(range(len(dice)), key=lambda i: (hits[i], -i))
    return best + 1, hits[best]


def fixing_die(name: str, dice: list[int], change: Any) -> int:
    """The first die (1-based) that `change(value)` turns into a roll meeting the card, or 0."""
    for index in range(len(dice)):
        if card_met(name, [change(v) if j == index else v for j, v in enumerate(dice)]):
            return index + 1
    return 0


def next_card(left: list[str]) -> str:
    """The card a plan rolls for next by `$next_card`: the one least likely met by a plain
    roll (a miss then costs the least), the first in the dice zone on a tie."""
    if not left:
        return ""
    return min(left, key=lambda n: (chance(n), left.index(n)))


def facts(state: State, player: str) -> dict[str, Any]:
    turn = state["turn"]
    mine = r.seat(state, player)
    playing = not state["over"] and turn["player"] == player
    phase = OVER if state["over"] else turn["phase"] if playing else WAITING
    roll = turn["roll"] if playing else None
    left = r.unfulfilled(state, player)
    if roll is not None:
        left.remove(roll["card"])
    ready = r.sports_left(state, player)
    out: dict[str, Any] = {
        "phase": phase,
        "my_turn": playing,
        "tokens": mine["tokens"],
        "pool": state["pool"],
        "card": roll["card"] if roll else "",
        "dice": list(roll["dice"]) if roll else [],
        "met": bool(roll) and card_met(roll["card"], roll["dice"]),
        "botched": phase == r.BOTCHED,
        "botched_card": (turn.get("missed") or "") if phase == r.BOTCHED else "",
        "best_die": 0,
        "reroll_chance": 0,
        "plus_one_die": 0,
        "four_die": 0,
        "plus_all_meets": False,
        "cards_left": left,
        "to_meet": len(left),
        "next_card": next_card(left),
        "met_cards": list(turn["fulfilled"]) if playing else [],
        "dice_zone": len(mine["dice"]),
        "sports_ready": [n for n in sorted(ready) for _ in range(ready[n])],
        "display": sum(1 for slot in state["display"] if slot),
        "pile": len(state["pile"]),
    }
    if roll:
        name, dice = roll["card"], roll["dice"]
        out["best_die"], hits = best_die(name, dice)
        out["reroll_chance"] = _percent(hits, 6)
        out["plus_one_die"] = fixing_die(name, dice, lambda v: v + 1)
        out["four_die"] = fixing_die(name, dice, lambda v: 4)
        out["plus_all_meets"] = card_met(name, [v + 1 for v in dice])
    return out


def absent_orders(state: State, player: str) -> list[str]:
    """An absent player's turn goes on without spending anything of theirs: with an empty
    dice zone they take the first card showing (reading the display row by row); otherwise
    each card is rolled for (hardest first) and the roll accepted as it falls, no token or
    Sports card used; a botch ends the turn with nothing discarded."""
    turn = state["turn"]
    if state["over"] or turn["player"] != player:
        return []
    if turn["phase"] == r.START and not r.seat(state, player)["dice"]:
        for index, slot in enumerate(state["display"]):
            if slot:
                return [f"take_card({index // r.columns() + 1}, {index % r.columns() + 1})"]
        return []
    return ['if phase == "rolled": accept',
            'while phase == "start" or phase == "next"',
            "roll($next_card)",
            "accept",
            "endwhile",
            "if botched: end_turn"]

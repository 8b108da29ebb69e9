"""The greedy bot's judgement of a Simple Kingdoms position (the legal orders it chooses among
are the rules', in legal.py)."""

from __future__ import annotations

from ..engine.contract import State, clone
from .data import rules
from .model import score
from .phases import economy, resolve_act_phase


def heuristic(state: State, name: str) -> float:
    """The greedy bot's view of a position: the kingdom's score two quiet ticks ahead (the
    rules' own phases run on a copy), plus a little for stock, claims under way and soldiers
    standing ready on explored free land."""
    ahead = clone(state)
    resolve_act_phase(ahead)
    economy(ahead)
    economy(ahead)
    kingdom = ahead["kingdoms"][name]
    prices = rules()["prices"]
    stock = kingdom["gold"] + sum(kingdom[r] * p for r, p in prices.items())
    ready = sum(min(t["soldiers"].get(name, 0), rules()["claim"]["soldiers"])
                for t in ahead["tiles"] if t["explored"] and not t["owner"])
    return score(ahead, name) + stock / 40 + ready * 2.5

"""What one player may know of the state: the deck's order and contents, the other players'
hands and Item Pouches, the cards others removed face down, their standing orders and what the
log told only them become placeholders. `check` runs a player's file on this copy and a seat
holds it, so it must hold no secret at all."""

from __future__ import annotations

from typing import Any

from ..engine.contract import State, clone
from .data import HIDDEN


def masked_entry(entry: dict[str, Any], player: str) -> dict[str, Any]:
    """A log entry as `player` saw it: their own private text, nobody else's."""
    private = {p: t for p, t in entry["private"].items() if p == player}
    return {**entry, "private": private}


def knowledge(state: State, player: str) -> State:
    known = clone(state)
    known["deck"] = [HIDDEN] * len(state["deck"])
    for other in state["players"]:
        if other == player:
            continue
        known["hands"][other] = [HIDDEN] * len(state["hands"][other])
        known["pouches"][other] = [HIDDEN] * len(state["pouches"][other])
    known["removed"] = [[owner, name if owner == player else HIDDEN]
                        for owner, name in state["removed"]]
    if "standing" in known:
        known["standing"] = {p: list(v) for p, v in known["standing"].items() if p == player}
    for key in ("log", "recent"):
        known[key] = [masked_entry(e, player) for e in state[key]]
    known["knowledge_of"] = player
    return known

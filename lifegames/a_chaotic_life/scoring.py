"""The end of the game (the rulebook's "How to Win - Or Lose!"): each player's Happiness and
Sadness counters cancel one for one; what the cards in front of them give (Pets, claimed
Mini-Goals) is added after that; the most counters of your own goal's kind wins, and a tie goes
to the most counters in all."""

from __future__ import annotations

from typing import Any

from ..engine.contract import State
from .data import KINDS, card


def card_counters(state: State, player: str) -> dict[str, int]:
    """Counters the cards in front of the player give at the end: Pets still in play and
    claimed Mini-Goals (a `goal` reward counts in the owner's goal kind)."""
    out = dict.fromkeys(KINDS, 0)
    for name in state["front"][player] + state["claimed"][player]:
        worth = card(name)["worth"]
        if not worth:
            continue
        for kind in KINDS:
            out[kind] += worth[kind]
        out[state["goals"][player]] += worth["goal"]
    return out


def cancel(happiness: int, sadness: int) -> tuple[str | None, int]:
    """One Happiness cancels one Sadness: the kind left over and how many (10 SC, 6 HC ->
    4 sadness)."""
    if happiness == sadness:
        return None, 0
    return ("happiness", happiness - sadness) if happiness > sadness else \
        ("sadness", sadness - happiness)


def breakdown(state: State, player: str) -> dict[str, Any]:
    mine = state["counters"][player]
    kind, left = cancel(mine["happiness"], mine["sadness"])
    extra = card_counters(state, player)
    goal = state["goals"][player]
    goal_score = (left if kind == goal else 0) + extra[goal]
    return {
        "goal": goal,
        "happiness": mine["happiness"],
        "sadness": mine["sadness"],
        "left_kind": kind,
        "left": left,
        "cards": extra,
        "score": goal_score,
        "total": left + sum(extra.values()),
    }


def left_text(parts: dict[str, Any]) -> str:
    if parts["left_kind"] is None:
        return "0 left (they cancel out)"
    return f"{parts['left']} {parts['left_kind']} left"


def score(state: State, player: str) -> int:
    return int(breakdown(state, player)["score"])


def standings(state: State) -> tuple[list[str], dict[str, int]]:
    """The winners (several on a full tie) and each player's score."""
    parts = {p: breakdown(state, p) for p in state["players"]}
    best = max((v["score"], v["total"]) for v in parts.values())
    winners = [p for p in state["players"] if (parts[p]["score"], parts[p]["total"]) == best]
    return winners, {p: int(v["score"]) for p, v in parts.items()}


ENDINGS = {"death": "The CP died (Death!)", "idle": "A whole round passed without an action",
           "old age": "The CP died of old age (the last deck ran out)"}


def final_statement(state: State) -> str:
    """The end of a finished game in one statement: how it ended, who won and why, and every
    player's score in their goal's kind (`status` puts "The game is over." before it)."""
    winners, _ = standings(state)
    parts = {p: breakdown(state, p) for p in state["players"]}
    best = parts[winners[0]]
    tied = [p for p in state["players"] if parts[p]["score"] == best["score"]]
    if len(winners) > 1:
        head = (f"{' and '.join(winners)} share the win with {best['score']} counters of their "
                f"goal each and {best['total']} in all")
    elif len(tied) > 1:
        others = ", ".join(str(parts[p]["total"]) for p in tied if p not in winners)
        head = (f"{winners[0]} wins: tied on {best['score']} counters of their goal, "
                f"{winners[0]} has the most in all ({best['total']} against {others})")
    else:
        head = f"{winners[0]} wins with {best['score']} {best['goal']}"
    scores = ", ".join(f"{p} {v['score']} {v['goal']}" for p, v in parts.items())
    return f"{ENDINGS.get(str(state['end']), 'The game ended')}. {head}. Scores: {scores}."


def verdict(state: State, player: str) -> str:
    """The result from one player's seat."""
    winners, _ = standings(state)
    if player not in winners:
        return "You lose."
    return "You win." if len(winners) == 1 else "You share the win."

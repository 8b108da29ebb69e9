"""What a collection shows and what it is worth: SIMbols counted (the Home card's included),
Aspirations met, points, and the single-player goals. Pure reading: nothing here changes a
state."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine.contract import State
from .data import HIDDEN, aspirations, card, cards, homes, rules, sims


def seat(state: State, player: str) -> dict[str, Any]:
    return state["seats"][player]


def card_symbols(name: str) -> list[str]:
    """A card's SIMbols (none for a card this seat cannot see)."""
    return [] if name == HIDDEN or name not in cards() else list(card(name)["symbols"])


def shown(state: State, player: str) -> Counter[str]:
    """Every SIMbol the player's collection shows: their Action cards and their Home card."""
    mine = seat(state, player)
    counts: Counter[str] = Counter()
    for name in mine["cards"]:
        counts.update(card_symbols(name))
    if mine["home"] and mine["home"] in homes():
        counts[homes()[mine["home"]]] += 1
    return counts


def matching(counts: Counter[str], aspiration: str) -> int:
    """How many shown SIMbols are of the Aspiration's two kinds."""
    if aspiration not in aspirations():
        return 0
    return sum(counts[kind] for kind in aspirations()[aspiration])


def needed() -> int:
    return int(rules()["aspiration_symbols"])


def left_for(state: State, player: str, aspiration: str | None) -> int:
    """SIMbols still missing for an Aspiration (0: it is met)."""
    if not aspiration:
        return needed()
    return max(0, needed() - matching(shown(state, player), aspiration))


def met(state: State, player: str, aspiration: str | None) -> bool:
    return bool(aspiration) and left_for(state, player, aspiration) == 0


def shows_interest(state: State, player: str, sim: str) -> bool:
    """True if the player's Action cards or Home card show this Iconic Sim's interest."""
    return sims().get(sim, "") in shown(state, player)


def friends(state: State, player: str) -> int:
    """Iconic Sims at home, with Don Lothario and the Grim Reaper when they moved in."""
    mine = seat(state, player)
    return len(mine["sims"]) + len(mine["specials"])


def points(state: State, player: str) -> int:
    """3 per completed Aspiration and 1 per Iconic Sim at home (2-5 players)."""
    table = rules()["points"]
    return (table["aspiration"] * len(seat(state, player)["completed"])
            + table["iconic_sim"] * friends(state, player))


def solo_goals(state: State, player: str) -> tuple[int, int]:
    """(Aspirations completed, Sims at home) for the single-player goals."""
    return len(seat(state, player)["completed"]), friends(state, player)


def solo_won(state: State, player: str) -> bool:
    done, friends_ = solo_goals(state, player)
    solo = rules()["solo"]
    return done >= solo["aspirations"] and friends_ >= solo["sims_to_win"]

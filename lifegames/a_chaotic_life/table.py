"""The moves every rule is made of: counters to and from the supply, cards between zones, the
deck (drawing, reshuffling, a card shuffled back) and the game log. Only rules.py and
effects.py call these, after the checks in checks.py have passed.

The log keeps, for each event, the text everyone may read and, where a hidden card is
involved, the fuller text for the players who saw it; views choose per player.
"""

from __future__ import annotations

from typing import Any

from ..engine.contract import State
from ..engine.words import counted
from .checks import counters, hand, pouch
from .data import HIDDEN, rules

DECK_STREAM = "deck"
RECENT = 16  # events the sheets keep showing from earlier ticks


def log(state: State, text: str, private: dict[str, str] | None = None) -> dict[str, Any]:
    """Record an event of this tick: `text` for everyone, `private[p]` instead for player p."""
    tick = int(state["tick"]) + 1 if "tick" in state else 0  # 0: at setup
    entry = {"tick": tick, "text": text, "private": dict(sorted((private or {}).items()))}
    state["log"].append(entry)
    state["recent"] = [*state["recent"], entry][-RECENT:]
    return entry


def seen_by(entry: dict[str, Any], player: str | None) -> str:
    """What `player` (None: the referee, who sees everything) reads of a log entry."""
    if player is None and entry["private"]:
        return " / ".join(f"{p}: {t}" for p, t in entry["private"].items())
    return entry["private"].get(player, entry["text"]) if player else entry["text"]


def gain(state: State, player: str, kind: str, amount: int) -> int:
    """Counters from the supply to the player, as many as are left (the supply may run dry)."""
    given = max(0, min(amount, state["supply"][kind]))
    state["supply"][kind] -= given
    counters(state, player)[kind] += given
    return given


def pay(state: State, player: str, kind: str, amount: int) -> None:
    counters(state, player)[kind] -= amount
    state["supply"][kind] += amount


def hand_over(state: State, giver: str, taker: str, kind: str, amount: int) -> int:
    """Counters from one player to another (never more than the giver has)."""
    moved = max(0, min(amount, counters(state, giver)[kind]))
    counters(state, giver)[kind] -= moved
    counters(state, taker)[kind] += moved
    return moved


def gains_text(amounts: dict[str, int]) -> str:
    parts = [f"+{n} {k}" for k, n in amounts.items() if n]
    return ", ".join(parts) or "nothing"


def take_card(state: State, player: str, name: str, zone: str | None = None) -> str:
    """Remove one `name` from the player's hand (or pouch); the zone it came from. In a
    player's copy of the state another player's cards are face down: one of those goes."""
    for wanted in (name, HIDDEN):
        for where in ([zone] if zone else ["hand", "pouch"]):
            cards = hand(state, player) if where == "hand" else pouch(state, player)
            if wanted in cards:
                cards.remove(wanted)
                return where
    raise ValueError(f"{player} holds no {name}")  # the checks rule this out


def refill_deck(state: State, dice: Any) -> bool:
    """An exhausted deck: the discard pile is shuffled into a new one (in every game, two
    players included). False when there was nothing to shuffle."""
    if state["deck"] or not state["discard"]:
        return bool(state["deck"])
    state["deck"] = list(state["discard"])
    state["discard"] = []
    dice.stream(DECK_STREAM).shuffle(state["deck"])
    state["reshuffles"] += 1
    last = " (the last deck of this life)" if last_deck(state) else ""
    pile = counted(len(state["deck"]), "card")
    log(state, f"the deck ran out: the discard pile ({pile}) was shuffled into a new deck{last}")
    return True


def last_deck(state: State) -> bool:
    return int(state["reshuffles"]) >= int(rules()["rebuilds"])


def draw_top(state: State, dice: Any) -> str | None:
    """The top card of the deck (refilled from the discard pile when empty), or None. Drawing
    the last card of the last deck ends the game: the CP dies of old age."""
    if not refill_deck(state, dice):
        return None
    name = state["deck"].pop(0)
    if not state["deck"] and last_deck(state) and not state["over"]:
        state["over"], state["end"] = True, "old age"
        log(state, "the last card of the last deck was drawn: the CP dies of old age and the "
                   "game is over")
    return name


def shuffle_back(state: State, name: str, dice: Any) -> str:
    """A card that goes back into the deck. With two players the deck is never shuffled (the
    Age cards would lose their order): the card goes to a random place. Otherwise the deck is
    shuffled with it."""
    stream = dice.stream(DECK_STREAM)
    if len(state["players"]) == 2:
        place = stream.die(len(state["deck"]) + 1) - 1
        state["deck"].insert(place, name)
        return f"{name} went back into the deck at a random place (the deck is not shuffled)"
    state["deck"].append(name)
    stream.shuffle(state["deck"])
    return f"{name} was shuffled back into the deck"


def random_index(dice: Any, stream: str, size: int) -> int:
    return dice.stream(stream).die(size) - 1


def mask(cards: list[str]) -> list[str]:
    return [HIDDEN] * len(cards)


def hand_limit() -> int:
    return int(rules()["hand_limit"])

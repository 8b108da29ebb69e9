"""The changes of state every rule is made of: counters to and from the box, cards between
zones, the deck (drawing, reshuffling, a card shuffled back) and the game log, and `Play`, a
card on its way from a hand to where it goes.

The log keeps, for each event, the text everyone may read and, where a hidden card is involved,
the fuller text for the players who saw it (state.py: each private line is its reader's); views
choose per player. effects.py (what each effect kind does) and reactions.py (a played card's
reactions and resolution) are made of these moves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

from ..engine.base.words import counted, listed
from ..engine.core.contract import Order
from ..engine.core.dice import Dice
from .data import Reward, Spec, card, rules
from .model import counters, hand, in_box, pouch
from .state import HIDDEN, ChaoticState, Entry, Kind, Pile, Removal

DECK_STREAM = "deck"
RECENT = 16  # events the sheets keep showing from earlier ticks


def log(state: ChaoticState, text: str, private: dict[str, str] | None = None) -> Entry:
    """Record an event of this tick: `text` for everyone, `private[p]` instead for player p."""
    tick = int(state["tick"]) + 1 if "tick" in state else 0  # 0: at setup
    entry: Entry = {"tick": tick, "text": text, "private": dict(sorted((private or {}).items()))}
    state["log"].append(entry)
    state["recent"] = [*state["recent"], entry][-RECENT:]
    return entry


def seen_by(entry: Entry, player: str | None) -> str:
    """What `player` (None: the referee, who sees everything) reads of a log entry."""
    if player is None and entry["private"]:
        return " / ".join(f"{p}: {t}" for p, t in entry["private"].items())
    return str(entry["private"].get(player, entry["text"]) if player else entry["text"])


def gain(state: ChaoticState, player: str, kind: Kind, amount: int) -> int:
    """Counters from the box to the player. The box's 25 of each kind are a component count,
    not a limit (rules.yaml `counter_limit`): when it is empty any token stands in. With the
    limit on, a gain takes only what the box still holds."""
    given = max(0, min(amount, in_box(state, kind))) if rules()["counter_limit"] else amount
    counters(state, player)[kind] += given
    return given


def pay(state: ChaoticState, player: str, kind: Kind, amount: int) -> None:
    counters(state, player)[kind] -= amount


def hand_over(state: ChaoticState, giver: str, taker: str, kind: Kind, amount: int) -> int:
    """Counters from one player to another (never more than the giver has)."""
    moved = max(0, min(amount, counters(state, giver)[kind]))
    counters(state, giver)[kind] -= moved
    counters(state, taker)[kind] += moved
    return moved


def counters_text(amounts: Reward) -> str:
    """`1 happiness counter`, `2 happiness counters and 1 sadness counter`, `no counters`:
    the counters of an event as a sentence names them."""
    parts = [counted(n, f"{k} counter") for k, n in amounts.items() if n]
    return listed(parts) or "no counters"


def take_card(state: ChaoticState, player: str, name: str, zone: str | None = None) -> str:
    """Remove one `name` from the player's hand (or pouch); the zone it came from. In a
    player's copy of the state another player's cards are face down: one of those goes."""
    for wanted in (name, HIDDEN):
        for where in ([zone] if zone else ["hand", "pouch"]):
            cards = hand(state, player) if where == "hand" else pouch(state, player)
            if wanted in cards:
                cards.remove(wanted)
                return where
    raise ValueError(f"{player} holds no {name}")  # the checks rule this out


def refill_deck(state: ChaoticState, dice: Dice) -> bool:
    """An exhausted deck: the discard pile is shuffled into a new one (in every game, two
    players included). False when there was nothing to shuffle."""
    if state["deck"] or not state["discard"]:
        return bool(state["deck"])
    state["deck"] = list(state["discard"])
    state["rebuilt"] = sorted(state["discard"])
    unpiled(state)
    state["discard"] = []
    dice.stream(DECK_STREAM).shuffle(state["deck"])
    state["reshuffles"] += 1
    size = len(state["deck"])
    pile = "only card was" if size == 1 else f"{size} cards were"
    log(state, f"The deck ran out: the discard pile's {pile} shuffled into a new deck")
    return True


def piled(pile: list[object]) -> Pile:
    """A pile of the deck as the state holds it: JSON has no tuples, so the list that the
    declaration's tuple (state.py `Pile`) describes position by position."""
    return cast(Pile, pile)


def removal(player: str, name: str) -> Removal:
    """A card removed face down by `player`, as the state holds it: a JSON pair, the list
    that the declaration's tuple (state.py `Removal`) describes."""
    return cast(Removal, [player, name])


def take_top(state: ChaoticState) -> str:
    """The top card of the deck, taken off it: from the first pile that has cards left (a
    card that went back in at a random place may have been the one, which `loose` allows
    for), as everyone sees it happen."""
    for pile in state.get("piles", []):
        if pile[0]:
            held = cast(list[object], pile)  # a JSON array: the declaration's tuple is its form
            held[0], held[2] = pile[0] - 1, True
            break
    else:
        if state.get("loose"):
            state["loose"] -= 1
    return str(state["deck"].pop(0))


def unpiled(state: ChaoticState) -> None:
    """The deck was shuffled whole: nothing is known of its order any more."""
    if "piles" in state:
        state["piles"], state["loose"] = [], 0


def draw_top(state: ChaoticState, dice: Dice) -> str | None:
    """The top card of the deck (refilled from the discard pile when empty, as often as it
    runs out), or None when both are empty."""
    if not refill_deck(state, dice):
        return None
    return take_top(state)


def shuffle_back(state: ChaoticState, name: str, dice: Dice) -> str:
    """A card that goes back into the deck. With two players the deck is never shuffled (the
    Age cards would lose their order): the card goes to a random place. Otherwise the deck is
    shuffled with it. What happened to the card, as a predicate its name goes before."""
    stream = dice.stream(DECK_STREAM)
    if "rebuilt" in state and state["reshuffles"]:
        state["rebuilt"] = sorted([*state["rebuilt"], name])
    if len(state["players"]) == 2:
        place = stream.die(len(state["deck"]) + 1) - 1
        state["deck"].insert(place, name)
        if state.get("piles"):  # in a pile nobody knows: each pile may reach one card further
            state["loose"] = state.get("loose", 0) + 1
            state["piles"] = [piled([size, None if own == name and opened else own, opened])
                              for size, own, opened in state["piles"]]
        return "went back into the deck at a random place, as a two-player deck is never shuffled"
    state["deck"].append(name)
    unpiled(state)
    stream.shuffle(state["deck"])
    return "was shuffled back into the deck"


def random_index(dice: Dice, stream: str, size: int) -> int:
    return dice.stream(stream).die(size) - 1


def mask(cards: list[str]) -> list[str]:
    return [HIDDEN] * len(cards)


def hand_limit() -> int:
    return int(rules()["hand_limit"])


# -- a card played ------------------------------------------------------------------------------

Standing = Callable[[str], list[Order]]


@dataclass
class Play:
    name: str
    player: str
    target: str | None
    kind: Kind | None
    reward: Reward
    to: str
    cancelled: bool = False
    rewound: bool = False
    protected: list[str] = field(default_factory=list)

    @property
    def spec(self) -> Spec:
        return card(self.name)


def seat_order(state: ChaoticState, player: str) -> list[str]:
    """`player`, then each player to their left (the order turns pass in)."""
    players: list[str] = state["players"]
    index = players.index(player)
    return list(players[index:] + players[:index])


def left_of(state: ChaoticState, player: str) -> str:
    return seat_order(state, player)[1]

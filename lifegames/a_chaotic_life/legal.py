"""The orders worth listing for a player now (`Game.candidates`): the engine keeps those their
rows' checks accept (contract.Game.legal_orders), so the legal orders are the rules' (as
OpenSpiel's legal_actions are), used by prompts, hints, sheets, bots and tests. Where the
choices are open (which two cards to swap, what to offer in a trade) the list is a
representative set: every order listed runs, not every order that runs is listed."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..engine.core.contract import Arg, Order
from . import model as m
from .data import KINDS, card, other, rules
from .state import HIDDEN, ChaoticState

MOST_SWAPS = 6  # pairs of cards offered as swaps
WORDS = frozenset({"kind"})  # arguments written bare (play("Neighbor", sadness))


def proposed(command: str, **args: str | None) -> Order:
    """An order as a player would write it (None arguments left out), so that its canonical
    text is the line listed."""
    built = tuple(Arg(k, v, 1, 2, "word" if k in WORDS else "string")
                  for k, v in args.items() if v is not None)
    return Order(command, built, 0, 1, 2, "")


def _own(cards: list[str]) -> list[str]:
    """Distinct card names, sorted; placeholders of a player's view of the state left out."""
    return sorted(set(cards) - {HIDDEN})


def _plays(state: ChaoticState, player: str) -> Iterator[Order]:
    """Each way to write a play of a card the player holds: on each other player, and with
    each counter kind where the card takes one. A cost is written without a kind unless the
    player holds as many happiness as sadness (then the kind says which pays). An Item is
    written bare: on the player's own turn it is laid face up for the next card it alters."""
    others = [p for p in state["players"] if p != player]
    for name in _own(m.holding(state, player)):
        spec = card(name)
        if spec["type"] == "item":
            yield proposed("play", card=name)
            continue
        kinds: list[str | None] = [None]
        if spec["target"] and spec["kind"]:
            kinds = list(KINDS)
        elif spec["kind"]:
            kinds = [None, other(m.goal(state, player))]
        elif spec["cost"] and len(m.most_held(state, player)) > 1:
            kinds = list(KINDS)
        for target in (others if spec["target"] else [None]):
            for kind in kinds:
                yield proposed("play_on" if target else "play", card=name, player=target,
                               kind=kind)


def _swaps(state: ChaoticState, player: str) -> Iterator[Order]:
    allowed = rules()["swap"]["types"]
    mine = [n for n in m.holding(state, player) if n != HIDDEN and card(n)["type"] in allowed]
    pairs = sorted({tuple(sorted(p)) for p in combinations(mine, 2)})
    for first, second in pairs[:MOST_SWAPS]:
        for kind in KINDS:
            yield proposed("swap", card=first, other=second, kind=kind)


def _offers(state: ChaoticState, player: str) -> Iterator[Order]:
    """A few trades worth asking about: a counter of the kind you do not want for one you
    do, and a card you cannot play now for a card of the other player's choice."""
    mine = m.goal(state, player)
    unwanted = other(mine)
    stuck = [n for n in _own(m.hand(state, player))
             if card(n)["type"] not in ("item",) and m.stage(state) not in card(n)["stages"]]
    for them in state["players"]:
        if them == player:
            continue
        if m.counters(state, player)[unwanted]:
            yield proposed("offer", player=them, give=f"1 {unwanted}", want=f"1 {mine}")
        if stuck:
            yield proposed("offer", player=them, give=stuck[0], want="a card")


def _answers(state: ChaoticState, player: str) -> Iterator[Order]:
    offer = state["offer"]
    assert offer is not None  # the row's check: only the player an offer waits for answers
    want = offer["want"]
    for name in _own(m.holding(state, player)) if want["any_card"] else [None]:
        yield proposed("accept", card=name)
    yield proposed("decline")


def candidates(state: ChaoticState, player: str) -> Iterator[Order]:
    if state["over"]:
        return
    offer = state["offer"]
    if offer:
        if offer["to"] == player:
            yield from _answers(state, player)
        return
    turn = state["turn"]
    if turn["player"] != player:
        return
    if turn["phase"] == m.ACT:
        yield from _plays(state, player)
        yield proposed("draw")
        yield proposed("draw_discard")
        for name in list(state["minigoals"]):
            yield proposed("claim", goal=name)
        yield from _swaps(state, player)
        for name in _own(m.holding(state, player)):
            yield proposed("discard", card=name)
        yield from _offers(state, player)
    for name in _own(m.hand(state, player)):
        yield proposed("pouch", item=name)
    for name in _own(m.pouch(state, player)):
        yield proposed("unpouch", item=name)
    for name in _own(m.hand(state, player)):
        yield proposed("discard_down", card=name)
    yield proposed("end_turn")

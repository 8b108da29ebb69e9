"""The orders a player could give now: part of the rules (as OpenSpiel's legal_actions are),
used by prompts, hints, sheets, bots and tests. Every candidate is tested with the rules' own
checks (checks.py). Where the choices are open (which two cards to swap, what to offer in a
trade) the list is a representative set: every order listed runs, not every order that runs is
listed."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ..engine.contract import Order, State, runs
from . import checks as c
from .data import HIDDEN, KINDS, card, other, rules

MOST_SWAPS = 6  # pairs of cards offered as swaps


def fake(command: str, **args: Any) -> Order:
    return Order.make(command, **{k: v for k, v in args.items() if v is not None})


def _own(cards: list[str]) -> list[str]:
    """Distinct card names, sorted; placeholders of a player's copy of the state left out."""
    return sorted(set(cards) - {HIDDEN})


def _q(name: str) -> str:
    return f'"{name}"'


def _play_forms(state: State, player: str, name: str) -> list[tuple[str, Order]]:
    """Each way to write a play of `name`: on each other player, and with each counter kind
    where the card takes one (a cost is written without a kind unless the counts tie)."""
    spec = card(name)
    others = [p for p in state["players"] if p != player]
    kinds: list[str | None] = [None]
    if spec["target"] and spec["kind"]:
        kinds = list(KINDS)
    elif spec["kind"]:
        kinds = [None, other(c.goal(state, player))]
    elif spec["cost"]:
        kinds = [None, *KINDS]
    out = []
    for target in (others if spec["target"] else [None]):
        for kind in kinds:
            command = "play_on" if target else "play"
            parts = [_q(name)] + ([_q(target)] if target else []) + ([kind] if kind else [])
            out.append((f"{command}({', '.join(parts)})",
                        fake(command, card=name, player=target, kind=kind)))
    return out


def _plays(state: State, player: str) -> list[str]:
    out = []
    for name in _own(c.holding(state, player)):
        if card(name)["type"] == "item":
            continue
        plain = None
        for text, order in _play_forms(state, player, name):
            if order.arg("kind") is not None and plain and not card(name)["kind"]:
                continue  # a cost needs no kind when one kind is held most
            if runs(lambda o=order: c.check_play(state, player, o)):
                out.append(text)
                plain = plain or order.arg("kind") is None
    return out


def _swaps(state: State, player: str) -> list[str]:
    allowed = rules()["swap"]["types"]
    mine = [n for n in c.holding(state, player) if n != HIDDEN and card(n)["type"] in allowed]
    pairs = sorted({tuple(sorted(p)) for p in combinations(mine, 2)})
    out = []
    for first, second in pairs[:MOST_SWAPS]:
        for kind in KINDS:
            order = fake("swap", card=first, other=second, kind=kind)
            if runs(lambda o=order: c.check_swap(state, player, o)):
                out.append(f"swap({_q(first)}, {_q(second)}, {kind})")
    return out


def _offers(state: State, player: str) -> list[str]:
    """A few trades worth asking about: a counter of the kind you do not want for one you
    do, and a card you cannot play now for a card of the other player's choice."""
    mine = c.goal(state, player)
    unwanted = other(mine)
    stuck = [n for n in _own(c.hand(state, player))
             if card(n)["type"] not in ("item",) and c.stage(state) not in card(n)["stages"]]
    out = []
    for them in state["players"]:
        if them == player:
            continue
        terms = []
        if c.counters(state, player)[unwanted]:
            terms.append((f"1 {unwanted}", f"1 {mine}"))
        if stuck:
            terms.append((stuck[0], "a card"))
        for give, want in terms:
            order = fake("offer", player=them, give=give, want=want)
            if runs(lambda o=order: c.check_offer(state, player, o)):
                out.append(f"offer({_q(them)}, {_q(give)}, {_q(want)})")
    return out


def _answers(state: State, player: str) -> list[str]:
    out = []
    want = c.Terms.of(state["offer"]["want"])
    choices = _own(c.holding(state, player)) if want.any_card else [None]
    for name in choices:
        order = fake("accept", card=name)
        if runs(lambda o=order: c.check_accept(state, player, o)):
            out.append(f"accept({_q(name)})" if name else "accept()")
    return out + ["decline()"]


def legal_orders(state: State, player: str) -> list[str]:
    if state["over"]:
        return []
    offer = state["offer"]
    if offer:
        return _answers(state, player) if offer["to"] == player else []
    turn = state["turn"]
    if turn["player"] != player:
        return []
    out: list[str] = []
    if turn["phase"] == c.ACT:
        out += _plays(state, player)
        if runs(lambda: c.check_draw(state, player)):
            out.append("draw()")
        if runs(lambda: c.check_draw_discard(state, player)):
            out.append("draw_discard()")
        for name in list(state["minigoals"]):
            if runs(lambda n=name: c.check_claim(state, player, fake("claim", goal=n))):
                out.append(f"claim({_q(name)})")
        out += _swaps(state, player)
        for name in _own(c.holding(state, player)):
            if runs(lambda n=name: c.check_discard(state, player, fake("discard", card=n))):
                out.append(f"discard({_q(name)})")
        out += _offers(state, player)
    for name in _own(c.hand(state, player)):
        if runs(lambda n=name: c.check_pouch(state, player, fake("pouch", item=n), True)):
            out.append(f"pouch({_q(name)})")
    for name in _own(c.pouch(state, player)):
        if runs(lambda n=name: c.check_pouch(state, player, fake("unpouch", item=n), False)):
            out.append(f"unpouch({_q(name)})")
    for name in _own(c.hand(state, player)):
        if runs(lambda n=name: c.check_discard_down(state, player,
                                                   fake("discard_down", card=n))):
            out.append(f"discard_down({_q(name)})")
    if runs(lambda: c.check_end_turn(state, player)):
        out.append("end_turn()")
    return out

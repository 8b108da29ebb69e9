"""The orders a player of The Sims Board Game could give now: part of the rules (as OpenSpiel's
legal_actions are), used by prompts, error hints, sheets, bots and tests.

Every candidate is tested with the rules' own checks (checks.py). Where a choice is wide (which
cards make a set, which cards to swap) the list is a representative set: every distinct
choice of what matters, not every spelling of it.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ..engine.contract import Order, State, runs
from . import checks as c
from .data import HIDDEN, aspirations, card
from .scoring import card_symbols, seat

MOST_GIVES = 12  # cards of your own offered in a swap (the most different ones)


def fake(command: str, **args: Any) -> Order:
    """An Order as the parser would build it, for checks without text."""
    return Order.make(command, **args)


def _q(*names: str) -> str:
    return ", ".join(f'"{n}"' for n in names)


def legal_orders(state: State, player: str) -> list[str]:
    if state["over"]:
        return []
    mine = seat(state, player)
    if not c.moved_in(state, player):
        return _move_ins(state, player)
    turn = state["turn"]
    if turn["player"] != player or state["refill"]:
        return []
    return {
        c.START: _start,
        c.KEEP: _keeps,
        c.SWAP: _swaps,
        c.INVITE: _invites,
        c.INTERACT: _interacts,
        c.SCORE: _scores,
    }[turn["step"]](state, player, mine)


def _move_ins(state: State, player: str) -> list[str]:
    offers = seat(state, player)["offers"]
    if c.solo(state):
        return [f"move_in({_q(h)})" for h in offers["homes"]]
    return [f"move_in({_q(h, a)})" for h in offers["homes"] for a in offers["aspirations"]
            if HIDDEN not in (h, a)]


def _start(state: State, player: str, mine: dict[str, Any]) -> list[str]:
    out = []
    for where in c.board(state):
        for name in sorted(set(c.hub_cards(state))):
            order = fake("travel", venue=where["name"], card=name)
            if runs(lambda o=order: c.check_travel(state, player, o)):
                out.append(f"travel({_q(where['name'], name)})")
    empty = c.empty_needs(state, player)
    if not c.solo(state):
        out.append("go_home()")
        out += [f"go_home({_q(n)})" for n in empty]
        out += [f"go_home({_q(a, b)})" for a, b in combinations(empty, 2)]
        return out
    for need in empty:
        for used in _sets(state, player):
            args = dict(zip(("second", "third", "fourth"), used, strict=False))
            order = fake("go_home", need=need, **args)
            if runs(lambda o=order: c.check_go_home(state, player, o)):
                out.append(f"go_home({_q(need, *used)})")
    return out


def _sets(state: State, player: str) -> list[list[str]]:
    """Single player: for each SIMbol, the sets of three made by the fewest cards, the cards
    showing it most first (then the plainest cards, so the richer ones are kept)."""
    out: list[list[str]] = []
    mine = sorted(set(seat(state, player)["cards"]))
    for kind in sorted({s for n in mine for s in card_symbols(n)}):
        showing = sorted((n for n in seat(state, player)["cards"] if kind in card_symbols(n)),
                         key=lambda n: (-card_symbols(n).count(kind), len(card_symbols(n)), n))
        for size in (1, 2, 3):
            for group in sorted({tuple(sorted(g)) for g in combinations(showing, size)}):
                if c.set_kind(state, player, list(group)) == kind:
                    out.append(list(group))
    return out


def _keeps(state: State, player: str, mine: dict[str, Any]) -> list[str]:
    return [f"keep({_q(a)})" for a in (mine["aspiration"], mine["drawn"])
            if a and a != HIDDEN]


def _swaps(state: State, player: str, mine: dict[str, Any]) -> list[str]:
    gives = sorted(set(mine["cards"]), key=lambda n: (len(card_symbols(n)), n))[:MOST_GIVES]
    if c.solo(state):
        sources = [(None, sorted(set(state["discard"])))]
    else:
        sources = [(p, sorted(set(seat(state, p)["cards"]))) for p in state["players"]
                   if p != player]
    out = []
    for who, cards_ in sources:
        for take in cards_:
            if take == HIDDEN:
                continue
            for give in gives:
                tail = f", {_q(who)}" if who else ""
                out.append(f"swap({_q(give, take)}{tail})")
    return out


def _invites(state: State, player: str, mine: dict[str, Any]) -> list[str]:
    return [f"invite({_q(s)})" for s in dict.fromkeys(c.invite_options(state, player))]


def _interacts(state: State, player: str, mine: dict[str, Any]) -> list[str]:
    if c.solo(state):
        return ["interact()"]
    return [f"interact({_q(p)})" for p in c.others_at(state, player)]


def _scores(state: State, player: str, mine: dict[str, Any]) -> list[str]:
    out = []
    for aspiration in mine["aspirations"]:
        if aspiration in mine["completed"]:
            continue
        kinds = aspirations()[aspiration]
        showing = sorted((n for n in mine["cards"] if set(card(n)["symbols"]) & set(kinds)),
                         key=lambda n: (len(card_symbols(n)), n))
        for size in (0, 1, 2, 3):
            for group in dict.fromkeys(combinations(showing, size)):
                if c.completes(state, player, aspiration, list(group)):
                    names = (aspiration, *group)
                    out.append(f"complete({_q(*names)})")
    out.append("end_turn()")
    return out

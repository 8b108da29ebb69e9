"""The orders worth listing for a player of The Sims Board Game now (`Game.candidates`): the
engine keeps those their rows' checks accept (contract.Game.legal_orders), so the legal orders
are the rules' (as OpenSpiel's legal_actions are), used by prompts, error hints, sheets, bots
and tests.

Each candidate proposed here runs: a Travel is proposed only to a Venue whose Need is FULL and
with a Hub card sharing one of its SIMbols, a set only if it is one. So the way forward of an
order given at the wrong step of a turn (checks.my_turn) can list these without asking the
table, and a test holds them to the engine's list. Where a choice is wide (which cards make a
set, which cards to swap) the list is a representative set: every distinct choice of what
matters, not every spelling of it.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..engine.core.contract import Arg, Order
from .data import aspirations, card
from .model import (
    INTERACT,
    INVITE,
    KEEP,
    SCORE,
    START,
    SWAP,
    board,
    card_symbols,
    completes,
    empty_needs,
    hub_cards,
    invite_options,
    moved_in,
    others_at,
    seat,
    set_kind,
    shares,
    solo,
)
from .state import HIDDEN, SimsState

MOST_GIVES = 12  # cards of your own offered in a swap (the most different ones)
_MADE: dict[tuple[str, tuple[tuple[str, str], ...]], Order] = {}  # the same orders recur all game
_MOST_MADE = 4096


def proposed(command: str, **args: str) -> Order:
    """An order as a player would write it, so that its canonical text is the line listed;
    made once per process (orders are read-only once made)."""
    key = (command, tuple(args.items()))
    found = _MADE.get(key)
    if found is None:
        if len(_MADE) >= _MOST_MADE:
            _MADE.clear()
        built = tuple(Arg(name, value, 1, 2, "string") for name, value in args.items())
        found = _MADE[key] = Order(command, built, 0, 1, 2, "")
    return found


def candidates(state: SimsState, player: str) -> Iterator[Order]:
    if state["over"]:
        return
    if not moved_in(state, player):
        yield from _move_ins(state, player)
        return
    turn = state["turn"]
    if turn["player"] != player or state["refill"]:
        return
    yield from {
        START: _start,
        KEEP: _keeps,
        SWAP: _swaps,
        INVITE: _invites,
        INTERACT: _interacts,
        SCORE: _scores,
    }[turn["step"]](state, player)


def _move_ins(state: SimsState, player: str) -> Iterator[Order]:
    offers = seat(state, player)["offers"]
    if solo(state):
        for home in offers["homes"]:
            yield proposed("move_in", home=home)
        return
    for home in offers["homes"]:
        for aspiration in offers["aspirations"]:
            if HIDDEN not in (home, aspiration):
                yield proposed("move_in", home=home, aspiration=aspiration)


def _start(state: SimsState, player: str) -> Iterator[Order]:
    tracker = seat(state, player)["needs"]
    for where in board(state):
        if not tracker[where["need"]]:
            continue
        for name in sorted(set(hub_cards(state))):
            if shares(name, where):
                yield proposed("travel", venue=where["name"], card=name)
    empty = empty_needs(state, player)
    if not solo(state):
        yield proposed("go_home")
        for need in empty:
            yield proposed("go_home", need=need)
        for first, second in combinations(empty, 2):
            yield proposed("go_home", need=first, second=second)
        return
    for need in empty:
        for used in _sets(state, player):
            yield proposed("go_home", need=need, **dict(zip(("second", "third", "fourth"), used,
                                                            strict=False)))


def _sets(state: SimsState, player: str) -> list[list[str]]:
    """Single player: for each SIMbol, the sets of three made by the fewest cards, the cards
    showing it most first (then the plainest cards, so the richer ones are kept)."""
    out: list[list[str]] = []
    mine = sorted(set(seat(state, player)["cards"]))
    for kind in sorted({s for n in mine for s in card_symbols(n)}):
        showing = sorted((n for n in seat(state, player)["cards"] if kind in card_symbols(n)),
                         key=lambda n: (-card_symbols(n).count(kind), len(card_symbols(n)), n))
        for size in (1, 2, 3):
            for group in sorted({tuple(sorted(g)) for g in combinations(showing, size)}):
                if set_kind(state, player, list(group)) == kind:
                    out.append(list(group))
    return out


def _keeps(state: SimsState, player: str) -> Iterator[Order]:
    mine = seat(state, player)
    for name in (mine["aspiration"], mine["drawn"]):
        if name and name != HIDDEN:
            yield proposed("keep", aspiration=name)


def _swaps(state: SimsState, player: str) -> Iterator[Order]:
    mine = seat(state, player)
    gives = sorted(set(mine["cards"]), key=lambda n: (len(card_symbols(n)), n))[:MOST_GIVES]
    if solo(state):
        sources: list[tuple[str | None, list[str]]] = [(None, sorted(set(state["discard"])))]
    else:
        sources = [(p, sorted(set(seat(state, p)["cards"]))) for p in state["players"]
                   if p != player]
    for who, cards_ in sources:
        for take in cards_:
            if take == HIDDEN:
                continue
            for give in gives:
                if who:
                    yield proposed("swap", give=give, take=take, player=who)
                else:
                    yield proposed("swap", give=give, take=take)


def _invites(state: SimsState, player: str) -> Iterator[Order]:
    for sim in dict.fromkeys(invite_options(state, player)):
        yield proposed("invite", sim=sim)


def _interacts(state: SimsState, player: str) -> Iterator[Order]:
    if solo(state):
        yield proposed("interact")
        return
    for other in others_at(state, player):
        yield proposed("interact", player=other)


def _scores(state: SimsState, player: str) -> Iterator[Order]:
    mine = seat(state, player)
    for aspiration in mine["aspirations"]:
        if aspiration in mine["completed"]:
            continue
        kinds = aspirations()[aspiration]
        showing = sorted((n for n in mine["cards"] if set(card(n)["symbols"]) & set(kinds)),
                         key=lambda n: (len(card_symbols(n)), n))
        for size in (0, 1, 2, 3):
            for group in dict.fromkeys(combinations(showing, size)):
                if completes(state, player, aspiration, list(group)):
                    yield proposed("complete", aspiration=aspiration,
                                   **dict(zip(("card1", "card2", "card3"), group,
                                              strict=False)))
    yield proposed("end_turn")

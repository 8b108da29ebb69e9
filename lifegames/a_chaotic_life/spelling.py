"""One spelling per order for executed_orders.txt: card names as cards.yaml writes them, counter
kinds and card types in lower case, the terms of a trade rebuilt from what they mean. Players
may write any case ("travel", "HAPPY", "camera, 1 hc"); each name goes through the resolver
`act` uses, and a name it does not know is left as written (the order is refused anyway)."""

from __future__ import annotations

from ..engine.contract import Arg, Order, OrderError
from .checks import Terms, parse_terms
from .data import KINDS, TYPES, find, kind_of

CARD_ARGS = ("card", "other", "item", "goal")


def _card(arg: Arg) -> Arg:
    name = find(arg.value)
    return arg._replace(value=name) if name else arg


def _kind(arg: Arg) -> Arg:
    kind = kind_of(arg.value)
    return arg._replace(value=kind, kind="word") if kind else arg


def _trigger(arg: Arg) -> Arg:
    """A react trigger: `any` or a card type (read first, as effects._trigger_matches reads
    it), else a card's name."""
    low = " ".join(str(arg.value).lower().split())
    return arg._replace(value=low) if low == "any" or low in TYPES else _card(arg)


def terms_text(terms: Terms) -> str:
    """Terms as parse_terms reads them back: the cards in the order given, then counters,
    then "a card" (of the answerer's choice)."""
    parts = list(terms.cards) + [f"{getattr(terms, k)} {k}" for k in KINDS if getattr(terms, k)]
    parts += ["a card"] * terms.any_card
    return ", ".join(parts) or "nothing"


def _terms(arg: Arg) -> Arg:
    try:
        terms = parse_terms(arg.value, arg.name, allow_any=arg.name == "want")
    except OrderError:
        return arg
    return arg._replace(value=terms_text(terms))


SPELLERS = {**dict.fromkeys(CARD_ARGS, _card), "kind": _kind, "trigger": _trigger,
            "give": _terms, "want": _terms}


def spelled(order: Order) -> Order:
    """The order with every name it holds as the game's data spells it. A player's name is
    left as written: which names are players is in the state, which `spell` does not get."""
    args = tuple(SPELLERS[a.name](a) if a.name in SPELLERS and a.kind in ("string", "word")
                 else a for a in order.args)
    return Order(order.command, args, order.line, order.column, order.end_column, order.source)

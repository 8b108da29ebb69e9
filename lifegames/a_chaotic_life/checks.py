"""A Chaotic Life!'s order checks: one per command, named as the command, each the `check` of its
row in the command table (rules.py). A check raises OrderError without touching the state, or
returns what its apply (actions.py) needs. The name resolvers they share also give `validate`
its state-free checks, and every order its one spelling (rules.py, `spelled`).

Nothing here may name a card another player holds: hints list the player's own hand and
pouch, or the public card list, never someone else's cards. Checks run on a player's view of
the state too (`check`), where another player's card is HIDDEN (state.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypedDict

from ..engine.base.codes import Code
from ..engine.base.words import counted, listed
from ..engine.core.contract import Order, OrderError
from ..engine.core.turn import unknown_value
from . import model as m
from .codes import E
from .data import (
    KINDS,
    TYPE_NAMES,
    an,
    card,
    effect_value,
    find,
    kind_of,
    names,
    played_when_drawn,
    rules,
    stage_words,
)
from .model import (
    LIMIT,
    counters,
    describe,
    goal,
    holding,
    met,
    most_held,
    stage,
    valid_trigger,
)
from .reactions import judged
from .state import HIDDEN, ChaoticState, Kind, Offer, Turn
from .state import Terms as TermsData

MAX_TERMS = 8
MAX_COUNT = 50


# -- terms of a trade ----------------------------------------------------------------------------


@dataclass
class Terms:
    """One side of a trade: named cards, counters, and "a card" of the answerer's choice."""

    cards: list[str] = field(default_factory=list)
    happiness: int = 0
    sadness: int = 0
    any_card: int = 0

    def empty(self) -> bool:
        return not (self.cards or self.happiness or self.sadness or self.any_card)

    def as_dict(self) -> TermsData:
        return {"cards": list(self.cards), "happiness": self.happiness,
                "sadness": self.sadness, "any_card": self.any_card}

    @classmethod
    def of(cls, data: TermsData) -> Terms:
        return cls(list(data["cards"]), data["happiness"], data["sadness"], data["any_card"])

    def text(self, whose: str = "their") -> str:
        """The terms as a sentence says them; `whose` choice "a card" is ("Ben's", "your")."""
        parts = list(self.cards)
        parts += [counted(getattr(self, k), f"{k} counter") for k in KINDS if getattr(self, k)]
        parts += [f"a card of {whose} choice"] * self.any_card
        return listed(parts) or "nothing"


_SPLIT = re.compile(r"\s*(?:,|\+|;|\band\b)\s*", re.IGNORECASE)
_COUNTERS = re.compile(r"^(\d{1,3})?\s*x?\s*([A-Za-z]+)$")
TERMS_HINT = ('write terms such as "Camera", "Camera, 1 happiness", "2 sadness", "a card" '
              '(the other player picks) or "nothing"')


def parse_terms(text: str, arg: str, allow_any: bool) -> Terms:
    """The terms a player wrote ("Camera, 2 happiness"), or OrderError naming the argument.
    Card names are checked against the whole card list only: whether anyone holds them is a
    question for the state."""
    terms = Terms()
    words = [w for w in _SPLIT.split(str(text).strip()) if w]
    if not words:
        raise OrderError(E.TERMS, f"the {arg} terms are empty", TERMS_HINT, arg)
    if len(words) > MAX_TERMS:
        raise OrderError(E.TERMS, f"at most {MAX_TERMS} things on each side of a trade",
                         TERMS_HINT, arg)
    for word in words:
        low = " ".join(word.lower().split())
        if low == "nothing":
            continue
        if low in ("a card", "any card", "one card", "1 card"):
            if not allow_any:
                raise OrderError(E.TERMS, '"a card" can only be asked for, not offered',
                                 "name the card you give", arg)
            terms.any_card += 1
            continue
        name = find(word)
        if name is not None:
            terms.cards.append(name)
            continue
        given = _COUNTERS.match(low)
        kind = kind_of(given.group(2)) if given else None
        if given and kind:
            amount = int(given.group(1) or 1)
            if not 1 <= amount <= MAX_COUNT:
                raise OrderError(E.TERMS, f"{amount} {kind} is not a count a trade can hold",
                                 f"counts run from 1 to {MAX_COUNT}", arg)
            setattr(terms, kind, getattr(terms, kind) + amount)
            continue
        raise unknown_card(E.TERMS, "card or counter", word, names(), arg, "cards")
    if terms.any_card > 1:
        raise OrderError(E.TERMS, 'ask for "a card" at most once in a trade',
                         "name the other cards you want", arg)
    return terms


def missing(state: ChaoticState, player: str, terms: Terms) -> str:
    """What `player` lacks to hand over `terms` ('' when they can): their own cards only."""
    have = holding(state, player)
    lacking: list[str] = []
    for name in terms.cards:
        if name in have:
            have.remove(name)
        else:
            lacking.append(name)
    mine = counters(state, player)
    short = [f"{getattr(terms, k)} {k} (you have {mine[k]})" for k in KINDS
             if getattr(terms, k) > mine[k]]
    parts = ([f"you do not hold {', '.join(lacking)}"] if lacking else []) + (
        [f"you lack {', '.join(short)}"] if short else [])
    return "; ".join(parts)


# -- order checks (never mutate) -----------------------------------------------------------------


def _over(state: ChaoticState) -> None:
    if state["over"]:
        raise OrderError(E.GAME_OVER, "the game is over", "python3 play.py status shows "
                         "the result")


def my_turn(state: ChaoticState, player: str) -> Turn:
    _over(state)
    turn: Turn = state["turn"]
    offer = state["offer"]
    if offer and offer["to"] == player:
        raise OrderError(E.ANSWER_OFFER, f"{offer['from']} waits for your answer to a "
                         "trade offer", "write accept() or decline() (see your sheet)")
    if turn["player"] != player:
        raise OrderError(E.NOT_YOUR_TURN, f"it is {turn['player']}'s turn, not yours",
                         "your orders are read on your own turn, or when someone offers you "
                         "a trade; reactions are standing orders: standing react(...)")
    if offer:
        raise OrderError(E.OFFER_PENDING, f"your offer to {offer['to']} waits for an answer",
                         "your turn goes on once they answer (next tick at the latest)")
    mine: Turn = turn
    return mine


def acting(state: ChaoticState, player: str, what: str, free: bool = False) -> Turn:
    """The player may take an action now (or, `free`, do something that is not one)."""
    turn = my_turn(state, player)
    if turn["phase"] == LIMIT:
        raise OrderError(E.DISCARDING, f"{what} is not possible now: you have begun "
                         "discarding down to the hand limit",
                         "finish with discard_down(...) and end_turn")
    if not free and turn["used"] >= turn["actions"]:
        raise OrderError(E.NO_ACTIONS, f"{what} needs an action and you have used all "
                         f"{turn['actions']} of this turn",
                         "end your turn with end_turn (Early Riser gives one more)")
    return turn


def resolve_card(order: Order, arg: str = "card", kinds: tuple[str, ...] | None = None,
                 what: str = "card", held: list[str] | None = None) -> str:
    """A written card name to the card, or E-UNKNOWN-CARD with the nearest names and, when
    `held` is given (the player's own hand and pouch), those cards first."""
    written = order[arg]
    name = find(written)
    pool = [n for n in names() if kinds is None or card(n)["type"] in kinds]
    if name is None or name not in pool:
        raise unknown_card(E.UNKNOWN_CARD, what, written, pool, arg,
                           f"{what}s" if kinds else "cards", held)
    return name


SHORT_LIST = 12  # a list of names this long or shorter is given whole in an error


def unknown_card(code: Code, what: str, written: str, pool: list[str], arg: str,
                 plural: str, held: list[str] | None = None) -> OrderError:
    """No card of that name: the nearest names as the cards spell them, then the player's own
    cards among the names the order takes, then the rest only if the list is short (else
    where to read it: the 56 card names would bury the hint)."""
    import difflib

    spelled = {n.lower(): n for n in pool}
    close = difflib.get_close_matches(str(written).lower(), list(spelled), n=2, cutoff=0.6)
    lines = ["did you mean " + " or ".join(f'"{spelled[c]}"' for c in close) + "?"] \
        if close else []
    mine = list(dict.fromkeys(n for n in held or [] if n in pool))
    if mine:
        lines.append(f"your own {plural} (hand and pouch): {', '.join(mine)}")
    if len(pool) <= SHORT_LIST:
        lines.append(f"{plural}: {', '.join(pool)}")
    else:
        lines.append(f"all {len(pool)} {plural}: python3 play.py orders a-chaotic-life")
    return OrderError(code, f'no {what} called "{written}"', "\n".join(lines), arg)


def resolve_kind(order: Order, arg: str = "kind") -> Kind:
    kind = kind_of(order[arg])
    if kind is None:
        raise unknown_value(E.UNKNOWN_KIND, "counter kind", order[arg], list(KINDS), arg,
                            extra="counter kinds (or happy/sad, hc/sc)")
    return kind


def resolve_player(state: ChaoticState, player: str, order: Order, arg: str = "player") -> str:
    other = m.find_player(state, order[arg])
    others = [p for p in state["players"] if p != player]
    if other is None:
        raise unknown_value(E.UNKNOWN_PLAYER, "player", order[arg], others, arg,
                            extra="other players")
    if other == player:
        raise OrderError(E.YOURSELF, "you cannot do that to yourself",
                         f"other players: {', '.join(others)}", arg)
    return other


def must_hold(state: ChaoticState, player: str, name: str, arg: str = "card",
              zones: tuple[str, ...] = ("hand", "pouch")) -> str:
    """Where the player holds `name` among `zones` (the hand first), or E-NOT-HELD listing the
    player's own cards."""
    for zone in zones:
        if name in (m.hand(state, player) if zone == "hand" else m.pouch(state, player)):
            return zone
    if HIDDEN in m.hand(state, player):
        raise OrderError(E.HIDDEN, f"you cannot know yet whether you will hold {name}: a "
                         "card you receive this tick is still face down", "the tick decides; "
                         "check again after it, or write this order in your next file", arg)
    place = " or ".join("your " + ("Item Pouch" if z == "pouch" else z) for z in zones)
    mine = ", ".join(sorted(set(m.hand(state, player)))) or "none"
    kept = ", ".join(sorted(set(m.pouch(state, player)))) or "empty"
    raise OrderError(E.NOT_HELD, f"no {name} in {place}",
                     f"your hand: {mine}; your Item Pouch: {kept}", arg)


@dataclass
class PlayPlan:
    """A checked play: the card, where it came from, and its choices."""

    name: str
    zone: str
    target: str | None = None
    kind: Kind | None = None
    pay: Kind | None = None  # the counter kind a cost is paid with


def play(state: ChaoticState, player: str, order: Order) -> PlayPlan:
    name = resolve_card(order, held=holding(state, player))
    spec = card(name)
    kind_given = order.arg("kind") is not None
    targeted = order.command == "play_on"
    if spec["type"] == "item" and not targeted:
        return _item(state, player, order, name)
    if spec["target"] and not targeted:
        raise OrderError(E.NEEDS_TARGET, f"{name} is played on another player",
                         f'write play_on("{name}", "PLAYER"' + (", KIND)" if spec["kind"]
                                                                 else ")"), "card")
    if targeted and not spec["target"]:
        raise OrderError(E.NO_TARGET, f"{name} is not played on another player",
                         f'write play("{name}")', "card")
    acting(state, player, f"playing {name}", free=spec["free"])
    zone = must_hold(state, player, name)
    plan = PlayPlan(name, zone)
    now = stage(state)
    if now not in spec["stages"]:
        allowed = " or ".join(stage_words(s) for s in spec["stages"])
        what = "right after the CP is" if spec["type"] == "age" else "while the CP is"
        raise OrderError(E.WRONG_STAGE, f"{name} can be played only {what} {allowed}; the "
                         f"CP is {stage_words(now)}",
                         "keep it for later, discard it, or swap it with another card for a "
                         "counter", "card")
    for condition in spec["needs"]:
        if not met(state, player, condition):
            raise OrderError(E.NOT_MET, f"{name} needs {describe(condition)}",
                             "play it once that has happened", "card")
    if targeted:
        plan.target = resolve_player(state, player, order)
    if spec["kind"]:
        if kind_given:
            plan.kind = resolve_kind(order)
        elif not spec["target"]:  # a reward of the kind you name: your goal's by default
            plan.kind = goal(state, player)
        else:
            raise OrderError(E.NEEDS_KIND, f"{name} needs a counter kind",
                             f'write play_on("{name}", "{plan.target}", happiness) or sadness',
                             "card")
    if spec["cost"]:
        plan.pay = _cost_kind(state, player, name, spec["cost"], order, kind_given)
    elif kind_given and not spec["kind"]:
        raise OrderError(E.NO_KIND, f"{name} needs no counter kind",
                         f'write play("{name}")', "kind")
    if targeted:
        _check_interact(state, player, plan)
    return plan


def _item(state: ChaoticState, player: str, order: Order, name: str) -> PlayPlan:
    """An Item played by order on your turn: one of your actions; it waits face up for the
    next card played this turn that it can alter (out of your turn Items answer cards through
    standing react orders)."""
    acting(state, player, f"playing {name}")
    zone = must_hold(state, player, name)
    if order.arg("kind") is not None:
        raise OrderError(E.NO_KIND, f"{name} needs no counter kind", f'write play("{name}")',
                         "kind")
    return PlayPlan(name, zone)


def _cost_kind(state: ChaoticState, player: str, name: str, cost: int, order: Order,
               kind_given: bool) -> Kind:
    mine = counters(state, player)
    if sum(mine[k] for k in KINDS) < cost:
        held = sum(mine[k] for k in KINDS)
        raise OrderError(E.NO_COUNTERS, f"{name} costs {counted(cost, 'counter')} and you "
                         f"have {held or 'none'}",
                         "gain counters first", "card")
    options = most_held(state, player)
    if kind_given:
        kind = resolve_kind(order)
        if kind not in options:
            raise OrderError(E.WRONG_KIND, f"a cost is paid with the kind you hold most "
                             f"of: {options[0]} ({mine[options[0]]} against {mine[kind]})",
                             f'write play("{name}")', "kind")
        if mine[kind] < cost:
            raise OrderError(E.NO_COUNTERS, f"{name} costs {cost} {kind}; you have "
                             f"{mine[kind]}", "gain counters first", "kind")
        return kind
    if len(options) > 1:
        raise OrderError(E.CHOOSE_KIND, f"you hold as many happiness as sadness: say which "
                         f"pays for {name}", f'write play("{name}", happiness) or sadness',
                         "card")
    if mine[options[0]] < cost:
        raise OrderError(E.NO_COUNTERS, f"{name} costs {cost} {options[0]}; you have "
                         f"{mine[options[0]]}", "gain counters first", "card")
    return options[0]


def _check_interact(state: ChaoticState, player: str, plan: PlayPlan) -> None:
    target = plan.target
    assert target is not None
    for kind, value in card(plan.name)["effects"]:
        if (check := _ON_TARGET.get(kind)) is not None:
            check(state, player, plan, target, value)


def _check_steal(state: ChaoticState, player: str, plan: PlayPlan, target: str, value: str) -> None:
    zone = m.hand(state, target) if value == "hand" else m.pouch(state, target)
    if not zone:
        where = "hand" if value == "hand" else "Item Pouch"
        raise OrderError(E.NOTHING_TO_TAKE, f"{target}'s {where} is empty",
                         "choose a player with cards there", "player")


def _check_moved(state: ChaoticState, plan: PlayPlan, target: str, value: int, wanted: Kind
                ) -> None:
    if counters(state, target)[wanted] < value:
        theirs = counters(state, target)[wanted]
        raise OrderError(E.NO_COUNTERS, f"{target} has {theirs} {wanted}; "
                         f"{plan.name} takes {value}", "choose another player or kind",
                         "player")


def _check_swap(state: ChaoticState, player: str, plan: PlayPlan, target: str, value: int) -> None:
    assert plan.kind is not None
    mine = counters(state, player)
    if mine[plan.kind] < value:
        raise OrderError(E.NO_COUNTERS, f"you need {value} {plan.kind} to give; you "
                         f"have {mine[plan.kind]}", "choose the other kind", "kind")
    _check_moved(state, plan, target, value, KINDS[1 - KINDS.index(plan.kind)])


def _check_take(state: ChaoticState, player: str, plan: PlayPlan, target: str, value: int) -> None:
    assert plan.kind is not None
    _check_moved(state, plan, target, value, plan.kind)


# effect kind -> what must hold of the target for a card played on them (the other kinds: nothing)
# Each check takes its own kind's value shape (a zone, a count), so the table's rows
# leave the value untyped: a Callable type cannot tie a parameter to the key it is filed under.
_ON_TARGET: dict[str, Callable[[ChaoticState, str, PlayPlan, str, Any], None]] = {
    "steal": _check_steal, "swap_counters": _check_swap, "take_counters": _check_take,
}


def draw(state: ChaoticState, player: str, order: Order) -> None:
    acting(state, player, "drawing")
    if not state["deck"] and not state["discard"]:
        raise OrderError(E.NO_CARDS, "the deck and the discard pile are both empty",
                         "do something else, or end_turn")


def draw_discard(state: ChaoticState, player: str, order: Order) -> str:
    acting(state, player, "drawing from the discard pile")
    if not state["discard"]:
        raise OrderError(E.DISCARD_EMPTY, "the discard pile is empty",
                         "draw from the deck with draw()")
    return str(state["discard"][-1])


def claim(state: ChaoticState, player: str, order: Order) -> str:
    name = resolve_card(order, "goal", ("minigoal",), "Mini-Goal")
    acting(state, player, f"claiming {name}")
    if name not in state["minigoals"]:
        owner = next(p for p in state["players"] if name in state["claimed"][p])
        raise OrderError(E.CLAIMED, f"{owner} has already claimed {name}",
                         "open Mini-Goals: " + (", ".join(state["minigoals"]) or "none"), "goal")
    lacking = [describe(c) for c in card(name)["needs"] if not met(state, player, c)]
    if lacking:
        raise OrderError(E.NOT_MET, f"{name} needs {' and '.join(lacking)}",
                         "claim it once every requirement is met", "goal")
    return name


def swap(state: ChaoticState, player: str, order: Order) -> tuple[str, str, Kind]:
    first = resolve_card(order, "card", held=holding(state, player))
    second = resolve_card(order, "other", held=holding(state, player))
    kind = resolve_kind(order)
    acting(state, player, "swapping cards for a counter")
    allowed = rules()["swap"]["types"]
    for name, arg in ((first, "card"), (second, "other")):
        if card(name)["type"] not in allowed:
            what = an(TYPE_NAMES[card(name)["type"]])
            raise OrderError(E.NOT_SWAPPABLE, f"{name} is {what} card; only "
                             "Item, Special and Pet cards can be swapped",
                             "discard it instead", arg)
    must_hold(state, player, first, "card")
    must_hold(state, player, second, "other")
    if first == second and holding(state, player).count(first) < 2:
        raise OrderError(E.NOT_HELD, f"you hold one {first}; swapping needs two cards",
                         "name a second card", "other")
    if rules()["counter_limit"] and m.in_box(state, kind) < rules()["swap"]["counters"]:
        raise OrderError(E.BOX_EMPTY, f"no {kind} counters are left in the box",
                         "choose the other kind", "kind")
    return first, second, kind


def discard(state: ChaoticState, player: str, order: Order) -> tuple[str, str]:
    name = resolve_card(order, held=holding(state, player))
    acting(state, player, "discarding")
    return name, must_hold(state, player, name)


def discard_down(state: ChaoticState, player: str, order: Order) -> str:
    name = resolve_card(order, held=m.hand(state, player))
    my_turn(state, player)
    limit = rules()["hand_limit"]
    held = len(m.hand(state, player))
    if held <= limit:
        raise OrderError(E.NOT_OVER, f"your hand holds {counted(held, 'card')}, "
                         f"within the limit of {limit}: there is nothing to discard down",
                         "discard(...) gets rid of a card as one of your actions", "card")
    must_hold(state, player, name, zones=("hand",))
    return name


def _move(state: ChaoticState, player: str, order: Order, into: bool) -> str:
    name = resolve_card(order, "item", held=holding(state, player))
    my_turn(state, player)
    if into and card(name)["type"] != "item":
        raise OrderError(E.NOT_ITEM, f"{name} is not an Item; only Items go in the pouch",
                         "keep it in your hand", "item")
    must_hold(state, player, name, "item", ("hand",) if into else ("pouch",))
    size = rules()["pouch_size"]
    if into and len(m.pouch(state, player)) >= size:
        raise OrderError(E.POUCH_FULL, f"your Item Pouch already holds {size} Items",
                         "take one out first with unpouch(...)", "item")
    return name


def pouch(state: ChaoticState, player: str, order: Order) -> str:
    """An Item from the hand into the Item Pouch (not an action)."""
    return _move(state, player, order, True)


def unpouch(state: ChaoticState, player: str, order: Order) -> str:
    """An Item from the Item Pouch back into the hand (not an action)."""
    return _move(state, player, order, False)


def end_turn(state: ChaoticState, player: str, order: Order) -> None:
    """A hand over the limit is discarded down by the end of the turn itself (actions.py);
    discard_down orders before it choose the cards instead."""
    my_turn(state, player)


def offer(state: ChaoticState, player: str, order: Order) -> tuple[str, Terms, Terms]:
    other = resolve_player(state, player, order)
    give = parse_terms(order["give"], "give", allow_any=False)
    want = parse_terms(order["want"], "want", allow_any=True)
    turn = acting(state, player, "trading")
    if give.empty() and want.empty():
        raise OrderError(E.TERMS, "a trade needs something on at least one side",
                         TERMS_HINT, "give")
    if deal_key(other, give, want) in turn.get("declined", []):
        raise OrderError(E.OFFERED, f"{other} declined this very offer this turn",
                         "offer other terms (a better bid), or trade with another player",
                         "give")
    lacking = missing(state, player, give)
    if lacking:
        raise OrderError(E.CANT_GIVE, f"you cannot give that: {lacking}",
                         "offer what you hold", "give")
    return other, give, want


def deal_key(to: str, give: Terms, want: Terms) -> str:
    """An offer's player and terms as one line, the cards of each side in name order (so
    the same terms written in another order are the same offer)."""
    sides = [Terms(sorted(t.cards), t.happiness, t.sadness, t.any_card) for t in (give, want)]
    return f"{to}: {sides[0].text()} for {sides[1].text()}"


def answering(state: ChaoticState, player: str) -> Offer:
    _over(state)
    offer: Offer | None = state["offer"]
    if not offer or offer["to"] != player:
        raise OrderError(E.NO_OFFER, "nobody waits for your answer to a trade offer",
                         "accept() and decline() answer an offer made to you")
    made: Offer = offer
    return made


def accept(state: ChaoticState, player: str, order: Order) -> str | None:
    """The card chosen for "a card" (or None), if the player can meet the offer."""
    offer = answering(state, player)
    want = Terms.of(offer["want"])
    chosen = None
    if order.arg("card") is not None:
        chosen = resolve_card(order, held=holding(state, player))
        if not want.any_card:
            raise OrderError(E.NO_CARD_WANTED, f"{offer['from']} asked for no card of your "
                             "choice", "write accept()", "card")
    elif want.any_card:
        raise OrderError(E.NAME_A_CARD, f"{offer['from']} asks for a card of your choice: "
                         "name it", 'write accept("CARD") with a card from your hand or pouch')
    needed = Terms(want.cards + ([chosen] if chosen else []), want.happiness, want.sadness)
    lacking = missing(state, player, needed)
    if lacking:
        raise OrderError(E.CANT_GIVE, f"you cannot meet the offer: {lacking}",
                         "decline() it", "card" if chosen else None)
    maker = offer["from"]
    lacking = "" if HIDDEN in holding(state, maker) else missing(state, maker,
                                                                   Terms.of(offer["give"]))
    if lacking:  # cannot happen while the offer waits, but never trade what is gone
        raise OrderError(E.OFFER_VOID, f"{maker} no longer holds what was offered",
                         "decline() it")
    judge = order.arg("judge")
    if judge is not None:
        wanted = resolve_judge(order)
        change = trade_change(state, player, offer)
        if wanted == "helps" and change <= 0:
            raise OrderError(E.NOT_HELPFUL, f"the trade would not raise your score (it "
                             f"changes it by {change})", "decline() it, or accept() it as it "
                             "is", "judge")
    return chosen


# The two sides of a trade as trade_change weighs them: an offer made, or one a bot considers.
Deal = TypedDict("Deal", {"from": str, "to": str, "give": TermsData, "want": TermsData})


JUDGES = ("helps",)


def resolve_judge(order: Order) -> str:
    written = str(order["judge"]).strip().lower()
    if written not in JUDGES:
        raise OrderError(E.UNKNOWN_JUDGE, f'no judgement called "{written}"',
                         "accept(helps) accepts only a trade that raises your score", "judge")
    return written


def trade_change(state: ChaoticState, player: str, offer: Deal) -> int:
    """How accepting the offer moves `player` toward their goal: the counters of their goal's
    kind they gain less those of the other kind (each cancels one), before any floor at 0;
    cards in hands count for nothing at the end."""
    give, want = Terms.of(offer["give"]), Terms.of(offer["want"])
    kind = goal(state, player)
    other_kind = KINDS[1 - KINDS.index(kind)]
    return int((getattr(give, kind) - getattr(want, kind)) - (getattr(give, other_kind)
                                                             - getattr(want, other_kind)))


def decline(state: ChaoticState, player: str, order: Order) -> Offer:
    """The offer declined."""
    return answering(state, player)


def react(state: ChaoticState, player: str, order: Order) -> None:
    """Out of your own actions, an Item answers a card through a standing order."""
    raise OrderError(E.STANDING_ONLY, "react is a standing order: it waits for a card "
                     "to be played, on anyone's turn",
                     f"write it as a standing order: standing {order.canonical()}; on your "
                     f"turn, play(\"{order['item']}\") plays the Item on your next card")


# -- what the engine must know of an order besides its check -------------------------------------


def steals(name: str | None) -> bool:
    """A card that takes a random card from another player."""
    return bool(name and effect_value(card(name), "steal") is not None)


def chance_play_on(order: Order) -> bool:
    """play_on's outcome is chance when the card steals (a random card)."""
    return steals(find(order["card"]))


def blind_draw_discard(state: ChaoticState, player: str, order: Order) -> bool:
    """The top of the discard pile is face up, but Volcano! and Gifts! taken from it are
    played at once, and their effects are chance."""
    return bool(state["discard"]) and played_when_drawn(state["discard"][-1])


# -- each command's state-free checks: the names an order gives (its `validate`) -------------


def written(order: Order, arg: str) -> bool:
    """The order gives `arg` in its text (a `$fact` is checked when the order runs)."""
    found = order.arg(arg)
    return found is not None and found.kind != "ref"


def validate_cards(order: Order) -> None:
    """The state-free checks of an order naming a card (play, play_on, discard, discard_down,
    accept naming one)."""
    if written(order, "card"):
        resolve_card(order)
    if written(order, "kind"):
        resolve_kind(order)


def validate_claim(order: Order) -> None:
    if written(order, "goal"):
        resolve_card(order, "goal", ("minigoal",), "Mini-Goal")


def validate_swap(order: Order) -> None:
    validate_cards(order)
    if written(order, "other"):
        resolve_card(order, "other")


def validate_item(order: Order) -> None:
    if written(order, "item"):
        resolve_card(order, "item")


def validate_offer(order: Order) -> None:
    if written(order, "give"):
        parse_terms(order["give"], "give", allow_any=False)
    if written(order, "want"):
        parse_terms(order["want"], "want", allow_any=True)


def validate_accept(order: Order) -> None:
    validate_cards(order)
    if written(order, "judge"):
        resolve_judge(order)


def validate_react(order: Order) -> None:
    if written(order, "item"):
        resolve_card(order, "item", ("item",), "Item")
    trigger = order.arg("trigger")
    if written(order, "trigger") and trigger is not None and \
            not valid_trigger(trigger.value):
        raise OrderError(E.UNKNOWN_CARD, f'no card or card type called "{trigger.value}"',
                         "name a card, a type (event, age, special, interact, pet, "
                         "neighbor) or any", "trigger")
    whose = order.arg("whose")
    if whose is not None and written(order, "whose") and \
            not PLAYER_NAME.match(str(whose.value).strip()):
        raise OrderError(E.UNKNOWN_WHOSE, f'"{whose.value}" is not whose card a reaction '
                         "answers", "write mine, others, any or a player's name", "whose")
    effect = order.arg("effect")
    if effect is not None and written(order, "effect") and judged(effect.value) is None:
        raise OrderError(E.UNKNOWN_EFFECT, f'no judgement of a card called "{effect.value}"',
                         "write helps (the card helps its player's goal), hurts, or any",
                         "effect")


PLAYER_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_\- ]{0,31}$")

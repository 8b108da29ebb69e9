"""A Chaotic Life! (GrubTon Games 2015): 2-4 players raise one Central Person (CP) from Baby to
Senior, collecting Happiness or Sadness counters as their Life-Goal asks.

The game object and its command table: each command's check is in checks.py and its apply in
actions.py, under the command's own name, and its row here says what else the engine must know
of it (engine/core/commands.py): whether its outcome is chance (a draw, a steal) or hidden from the
file's writer (an offer, whose answer is another player's; end_turn, which draws face down),
whether it may be a standing order, its state-free checks and its warnings (advice.py). The
state is declared in state.py.

One player is awaited at a time: the player whose turn it is, or the player who owes an answer
to a trade offer. A turn is up to three actions (play a card, draw, trade, claim a Mini-Goal,
swap two cards for a counter, discard), free moves between hand and Item Pouch, then
discarding down or drawing up to five and `end_turn`. A draw, a steal and an offer end what
`check` can foresee (their outcome is hidden), so the file may stop after them and the turn
goes on next tick; anything else must finish with end_turn. Choices other players' cards force
on someone who is not acting are standing orders: Items played in reaction (`react`,
reactions.py) and answers to trade offers (`accept`, `decline`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from ..engine.base.jsondata import JsonObject
from ..engine.base.words import counted, listed
from ..engine.core.commands import Commands, row_maker
from ..engine.core.contract import Arg, Order, OrderError, Prompt, Result, SetupError
from ..engine.core.dice import Dice
from . import actions, advice, checks, legal
from .actions import close, new_turn
from .checks import Terms, parse_terms
from .codes import E
from .data import (
    KINDS,
    TYPES,
    an,
    box,
    card,
    cards,
    find,
    goal_card,
    goal_of,
    kind_of,
    names,
    other,
    played_when_drawn,
    rules,
    stages,
)
from .model import breakdown, final_statement, standings
from .moves import hand_limit, log, piled, seen_by, take_top
from .state import ChaoticGame, ChaoticState, Kind, Pile

row = row_maker()  # each command has its own state-free checks and warnings
MAX_ROUNDS = 10_000  # the most whole rounds the house rule max_rounds may name

COMMANDS = Commands({
    "play": row(checks.play, actions.play, validate=checks.validate_cards,
                warn=advice.play),
    "play_on": row(checks.play, actions.play_on, chance=checks.chance_play_on,
                   validate=checks.validate_cards, warn=advice.play_on),
    "draw": row(checks.draw, actions.draw, chance=True),
    "draw_discard": row(checks.draw_discard, actions.draw_discard,
                        blind=checks.blind_draw_discard, warn=advice.ending),
    "offer": row(checks.offer, actions.offer, blind=True, validate=checks.validate_offer,
                 warn=advice.offer),
    "accept": row(checks.accept, actions.accept, standing=True,
                  validate=checks.validate_accept, warn=advice.ending),
    "decline": row(checks.decline, actions.decline, standing=True, warn=advice.ending),
    "claim": row(checks.claim, actions.claim, validate=checks.validate_claim,
                 warn=advice.ending),
    "swap": row(checks.swap, actions.swap, validate=checks.validate_swap, warn=advice.swap),
    "discard": row(checks.discard, actions.discard, validate=checks.validate_cards,
                   warn=advice.ending),
    "discard_down": row(checks.discard_down, actions.discard_down,
                        validate=checks.validate_cards, warn=advice.ending),
    "pouch": row(checks.pouch, actions.pouch, validate=checks.validate_item,
                 warn=advice.ending),
    "unpouch": row(checks.unpouch, actions.unpouch, validate=checks.validate_item,
                   warn=advice.ending),
    "end_turn": row(checks.end_turn, actions.end_turn, blind=True, warn=advice.end_turn),
    "react": row(checks.react, actions.react, standing=True,
                 validate=checks.validate_react),
})


# -- one spelling per order ------------------------------------------------------------------
# executed_orders.txt keeps card names as cards.yaml writes them, counter kinds and card types in
# lower case, the terms of a trade rebuilt from what they mean. Players may write any case
# ("travel", "HAPPY", "camera, 1 hc"); each name goes through the resolver the checks use, and a
# name it does not know is left as written (the order is refused anyway).

CARD_ARGS = ("card", "other", "item", "goal")


def _card(arg: Arg) -> Arg:
    name = find(arg.value)
    return arg._replace(value=name) if name else arg


def _kind(arg: Arg) -> Arg:
    kind = kind_of(arg.value)
    return arg._replace(value=kind, kind="word") if kind else arg


def _trigger(arg: Arg) -> Arg:
    """A react trigger: `any` or a card type (read first, as reactions.trigger_matches reads
    it), else a card's name."""
    low = " ".join(str(arg.value).lower().split())
    return arg._replace(value=low) if low == "any" or low in TYPES else _card(arg)


def goals_text(players: list[str], goals: list[Kind]) -> str:
    """Who plays for which Life-Goal, the players of one goal named together: 'Ana and Cleo
    play for a Terrible Life, Ben and Dan for a Happy Life'."""
    said: list[str] = []
    for kind in dict.fromkeys(goals):
        who = [p for p, g in zip(players, goals, strict=True) if g == kind]
        verb = "" if said else (" plays" if len(who) == 1 else " play")
        said.append(f"{listed(who)}{verb} for {an(goal_card(kind))}")
    return ", ".join(said)


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


def _word(arg: Arg) -> Arg:
    """A word of the rules (mine, others, any; helps, hurts; helps) in lower case, bare; a
    player's name as written."""
    low = str(arg.value).strip().lower()
    words = ("mine", "others", "any", "helps", "hurts")
    return arg._replace(value=low, kind="word") if low in words else arg


SPELLERS = {**dict.fromkeys(CARD_ARGS, _card), "kind": _kind, "trigger": _trigger,
            "give": _terms, "want": _terms, "whose": _word, "effect": _word, "judge": _word}


def spelled(order: Order) -> Order:
    """The order with every name it holds as the game's data spells it. A player's name is
    left as written: which names are players is in the state, which `spell` does not get."""
    args = tuple(SPELLERS[a.name](a) if a.name in SPELLERS and a.kind in ("string", "word")
                 else a for a in order.args)
    return Order(order.command, args, order.line, order.column, order.end_column, order.source)


def answers_hint(game: ChaoticGame, state: ChaoticState, player: str) -> str:
    options = list(game.legal_orders(state, player))
    return "legal now: " + ", ".join(options[:12]) + (" ..." if len(options) > 12 else "") \
        if options else ""


def build_deck(dice: Dice) -> tuple[list[str], list[str]]:
    """The deck, top first, and the cards set aside (Mini-Goals, Life-Goals). The Age cards
    named in rules.yaml come out; the rest are shuffled into near-equal piles (the first piles
    take one more when they cannot be equal); the Child goes into the first pile, the Teen the
    second, and so on, each pile is shuffled, and the piles are stacked first on top."""
    rest, aside = _sorted_out()
    stream = dice.stream("deck")
    stream.shuffle(rest)
    deck, start = [], 0
    for size, age, _ in deck_piles():
        end = start + size - 1
        assert age is not None  # each pile has its Age card at setup
        pile = rest[start:end] + [age]
        stream.shuffle(pile)
        deck += pile
        start = end
    return deck, aside


def deck_piles() -> list[Pile]:
    """The piles `build_deck` stacks, top first, as the state keeps them (state.Pile): each
    pile's size (its Age card included), its Age card, and no card drawn from it yet."""
    data = rules()
    size, extra = divmod(len(_sorted_out()[0]), data["piles"])
    return [piled([size + (1 if index < extra else 0) + 1, age, False])
            for index, age in enumerate(data["pile_ages"])]


def _sorted_out() -> tuple[list[str], list[str]]:
    """The cards that go into the piles, and those set aside, in the box's order."""
    data = rules()
    cards()
    rest = box()
    for name in data["removed_at_setup"]["age"]:
        rest.remove(name)
    aside = [n for n in rest if card(n)["type"] in data["removed_at_setup"]["all_of"]]
    return [n for n in rest if n not in aside], aside


class AChaoticLife(ChaoticGame):
    id = "a-chaotic-life"
    title = "A Chaotic Life!"
    package = "a_chaotic_life"
    min_players = 2
    max_players = 4
    default_players = ("Ana", "Ben", "Cleo")
    declaration = ChaoticState
    commands = COMMANDS
    hidden_answers = True  # a standing Item in another player's pouch answers a played card
    missing_orders_policy = (
        "One player is awaited at a time: the player whose turn it is (their file must end "
        "the turn with end_turn, or stop after a draw, a steal or an offer), or the player "
        "who owes an answer to a trade offer (an empty file declines it).")
    absent_policy = (
        "An absent player takes no action: the player whose turn it is discards down to five "
        "(the cards received last go first) and ends the turn; a player owing an answer to a "
        "trade offer declines it.")

    def parse_options(self, words: list[str], ticks: int | None) -> JsonObject:
        """The only setup word is a house rule, off by default: `max_rounds=N` (or
        `max_rounds N`, `--max-rounds N`) ends the game by the CP's old age once N whole
        rounds are over. The rulebook's game has no such bound (it ends with Death! or a
        round without actions); a host or a simulation may want one."""
        if ticks is not None:
            raise SetupError("A Chaotic Life! has no fixed length: it ends with Death! or a "
                             "round without actions (drop --ticks; the house rule "
                             "max_rounds=N bounds a game in whole rounds)")
        options: JsonObject = {}
        pending = False
        for raw in words:
            word = raw.strip().lower()
            if pending:  # the value of `max_rounds N`, as written
                word, pending = f"max_rounds={word}", False
            word = word.lstrip("-").replace("-", "_", 1) if word.startswith("-") else word
            word = word.replace("max-rounds", "max_rounds", 1)
            if word == "max_rounds":
                pending = True
                continue
            key, _, value = word.partition("=")
            if key != "max_rounds" or not value:
                raise SetupError(f"unknown setup word {raw!r}: A Chaotic Life! takes only the "
                                 "house rule max_rounds=N (the CP dies of old age after N "
                                 "whole rounds; off by default)")
            if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= MAX_ROUNDS:
                raise SetupError(f"max_rounds={value}: give a whole number of rounds from 1 "
                                 f"to {MAX_ROUNDS}")
            options["max_rounds"] = int(value)
        if pending:
            raise SetupError("max_rounds needs a value, e.g. max_rounds=40")
        return options

    # -- setup --------------------------------------------------------------------------------
    def setup(self, players: list[str], options: JsonObject, dice: Dice) -> ChaoticState:
        data = rules()
        if not data["players"]["min"] <= len(players) <= data["players"]["max"]:
            raise SetupError(f"A Chaotic Life! takes {data['players']['min']}-"
                             f"{data['players']['max']} players, not {len(players)}")
        deck, aside = build_deck(dice)
        first = dice.stream("goal").choice(names("lifegoal"))
        kind = goal_of(first)
        if len(players) == 3:
            goals = [kind] * 3
        else:  # two players: opposite goals; four: they alternate around the table
            goals = [kind if i % 2 == 0 else other(kind) for i in range(len(players))]
        # no tick yet: the engine's, set once setup returns
        state: ChaoticState = {  # type: ignore[typeddict-item]
            "players": list(players),
            "goals": dict(zip(players, goals, strict=True)),
            "goal_card": first,
            "lifegoals": names("lifegoal"),
            "deck": deck,
            "discard": [],
            "removed": [],
            "hands": {p: [] for p in players},
            "pouches": {p: [] for p in players},
            "front": {p: [] for p in players},
            "claimed": {p: [] for p in players},
            "minigoals": [n for n in aside if card(n)["type"] == "minigoal"],
            "timeline": [{"card": "Baby", "stage": "baby", "above": []}],
            "stage": "baby",
            "history": {"baby": []},
            "counters": {p: {"happiness": 0, "sadness": 0} for p in players},
            "turn": new_turn(players[0], 1),
            "offer": None,
            "idle": 0,
            "turns": 0,
            "reshuffles": 0,
            "rebuilt": [],
            "piles": deck_piles(),
            "loose": 0,
            "over": False,
            "end": None,
            "log": [],
            "recent": [],
        }
        rounds = options.get("max_rounds")
        if rounds is not None:
            state["max_rounds"] = int(rounds)
        for _ in range(hand_limit()):
            for player in players:
                state["hands"][player].append(take_top(state))
        for player in players:
            mine = state["hands"][player]
            while any(played_when_drawn(n) for n in mine):
                drawn = next(n for n in mine if played_when_drawn(n))
                mine.remove(drawn)
                state["discard"].append(drawn)
                mine.append(take_top(state))
                log(state, f"{player} was dealt {drawn}, discarded it and was dealt another card")
        log(state, f"{players[0]} drew the {first} card: " + goals_text(players, goals))
        if rounds is not None:
            log(state, f"House rule (not a rule of the game): the CP dies of old age after "
                       f"{counted(int(rounds), 'whole round')}")
        return state

    def vocabulary(self) -> Mapping[str, Collection[str]]:
        return _vocabulary()

    # -- whose orders ---------------------------------------------------------------------------
    def awaiting(self, state: ChaoticState) -> list[str]:
        if state["over"]:
            return []
        if state["offer"]:
            return [state["offer"]["to"]]
        return [state["turn"]["player"]]

    def max_orders(self, state: ChaoticState, player: str) -> int:
        """Far more than any turn needs: every kind of order is limited by the rules (actions,
        one move of each card between hand and pouch, an offer on the same terms to the same
        player once a turn after it was declined; the file cap bounds the rest)."""
        return 60

    def suspended(self, state: ChaoticState, player: str) -> bool:
        """The player's trade offer waits for its answer: the rest of their plan runs in the
        tick that answers it (a trade costs at most one extra tick)."""
        offer = state["offer"]
        return bool(offer and offer["from"] == player)

    def unforeseen(self, state: ChaoticState, player: str) -> bool:
        """Another player's hidden Item answered one of this player's cards this tick, or the
        player's own order had an outcome they could not know (actions.py)."""
        return bool(state["turn"].get("unforeseen"))

    def begin_tick(self, state: ChaoticState) -> None:
        state["log"] = []
        state["turn"]["unforeseen"] = False

    def end_tick(self, state: ChaoticState, dice: Dice) -> list[str]:
        """An offer that waited a whole tick for its answer lapses (declined)."""
        offer = state["offer"]
        if offer and offer["tick"] < int(state["tick"]):
            return [seen_by(e, None) for e in close(state, offer, None, "did not answer")]
        return []

    def end_orders(self, state: ChaoticState, player: str) -> None:
        turn = state["turn"]
        if state["over"] or turn["player"] != player or turn["unforeseen"] or state["offer"]:
            return
        raise OrderError(E.TURN_INCOMPLETE, "the file stops before your turn is done: end "
                         "it with end_turn (a file may also stop after a draw, a steal or an "
                         "offer)", answers_hint(self, state, player))

    def prompt(self, state: ChaoticState, player: str) -> Prompt | None:
        offer = state["offer"]
        if state["over"] or not offer or offer["to"] != player:
            return None
        give, want = checks.Terms.of(offer["give"]), checks.Terms.of(offer["want"])
        text = (f"{player}: {offer['from']} offers you {give.text('your')} for "
                f"{want.text('your')}. "
                "Answer with accept() or decline(); an empty file declines.")
        return Prompt(player, text, tuple(self.legal_orders(state, player)))

    def candidates(self, state: ChaoticState, player: str) -> Iterable[Order]:
        return legal.candidates(state, player)

    # -- plans, standing orders, absence -------------------------------------------------------
    def spell(self, order: Order) -> Order:
        return spelled(order)

    def absent_orders(self, state: ChaoticState, player: str) -> list[str]:
        offer = state["offer"]
        if state["over"]:
            return []
        if offer and offer["to"] == player:
            return ["decline()"]
        if state["turn"]["player"] != player or offer:
            return []
        return ["end_turn()"]  # which discards down by itself (actions.end_turn)

    def turns(self, state: ChaoticState) -> int:
        return int(state["turns"])

    # -- the end --------------------------------------------------------------------------------
    def figures(self, state: ChaoticState, player: str) -> dict[str, int]:
        """What the sheet leads with, for `history`: counters and the score they make."""
        parts = breakdown(state, player)
        return {"score": parts["score"], "happiness": parts["happiness"],
                "sadness": parts["sadness"]}

    def public_figures(self) -> tuple[str, ...]:
        """The counters are made by the cards laid open, so everyone's are known."""
        return ("score", "happiness", "sadness")

    def is_over(self, state: ChaoticState) -> bool:
        return bool(state["over"])

    def ending(self, state: ChaoticState) -> str | None:
        """The rulebook's endings, "idle" (a round without an action) and "death" (Death!),
        or "old age" under the house rule max_rounds (model.ENDINGS)."""
        return str(state["end"]) if state["over"] else None

    def result(self, state: ChaoticState) -> Result:
        winners, scores = standings(state)
        if not state["over"]:
            return Result("the game is not over yet", scores, [])
        return Result(final_statement(state), scores, winners)


_VOCABULARY: dict[str, frozenset[str]] = {}


def _vocabulary() -> dict[str, frozenset[str]]:
    """The names state.py's bounds and pools refer to, from the rule data (made once): every
    card, and those a place may hold by the rules (a hand: any card but those played when
    drawn; an Item Pouch: Items; a face-down swap: the types a swap takes)."""
    if not _VOCABULARY:
        swappable = rules()["swap"]["types"]
        _VOCABULARY.update({
            "card": frozenset(cards()), "stage": frozenset(stages()),
            "held": frozenset(n for n in cards() if not played_when_drawn(n)),
            "item": frozenset(names("item")),
            "swappable": frozenset(n for n in cards() if card(n)["type"] in swappable),
        })
    return _VOCABULARY

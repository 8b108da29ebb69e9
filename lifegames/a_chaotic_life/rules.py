"""A Chaotic Life! (GrubTon Games 2015): 2-4 players raise one Central Person (CP) from Baby to
Senior, collecting Happiness or Sadness counters as their Life-Goal asks.

The only place the rules live. One player is awaited at a time: the player whose turn it is, or
the player who owes an answer to a trade offer. A turn is up to three actions (play a card,
draw, trade, claim a Mini-Goal, swap two cards for a counter, discard), free moves between hand
and Item Pouch, then discarding down or drawing up to five and `end_turn`. A draw, a steal and
an offer end what `check` can foresee (their outcome is hidden), so the file may stop after
them and the turn goes on next tick; anything else must finish with end_turn.

Choices other players' cards force on someone who is not acting are standing orders: Items
played in reaction (`react`, effects.py) and answers to trade offers (`accept`, `decline`).
"""

from __future__ import annotations

from typing import Any

from ..engine.contract import Game, Order, OrderError, Prompt, Result, SetupError, State
from ..engine.words import counted
from . import checks as c
from .data import (
    KINDS,
    box,
    card,
    cards,
    find,
    goal_card,
    names,
    other,
    played_when_drawn,
    rules,
)
from .effects import left_of, resolve, texts
from .hidden import knowledge as _knowledge
from .legal import legal_orders
from .spelling import spelled
from .table import draw_top, gain, hand_limit, hand_over, log, pay, seen_by, take_card

STANDING = ("react", "accept", "decline")


def _new_turn(player: str, number: int) -> dict[str, Any]:
    return {"player": player, "number": number, "actions": int(rules()["actions"]), "used": 0,
            "phase": c.ACT, "moved": [], "offered": [], "unforeseen": False}


def answers_hint(state: State, player: str) -> str:
    options = legal_orders(state, player)
    return "legal now: " + ", ".join(options[:12]) + (" ..." if len(options) > 12 else "") \
        if options else ""


def build_deck(dice: Any) -> tuple[list[str], list[str]]:
    """The deck, top first, and the cards set aside (Mini-Goals, Life-Goals). The Age cards
    named in rules.yaml come out; the rest are shuffled into near-equal piles (the first piles
    take one more when they cannot be equal); the Child goes into the first pile, the Teen the
    second, and so on, each pile is shuffled, and the piles are stacked first on top."""
    data = rules()
    cards()
    rest = box()
    for name in data["removed_at_setup"]["age"]:
        rest.remove(name)
    aside = [n for n in rest if card(n)["type"] in data["removed_at_setup"]["all_of"]]
    rest = [n for n in rest if n not in aside]
    stream = dice.stream("deck")
    stream.shuffle(rest)
    size, extra = divmod(len(rest), data["piles"])
    deck, start = [], 0
    for index, age in enumerate(data["pile_ages"]):
        end = start + size + (1 if index < extra else 0)
        pile = rest[start:end] + [age]
        stream.shuffle(pile)
        deck += pile
        start = end
    return deck, aside


class AChaoticLife(Game):
    id = "a-chaotic-life"
    title = "A Chaotic Life!"
    package = "a_chaotic_life"
    min_players = 2
    max_players = 4
    default_players = ("Ana", "Ben", "Cleo")
    standing_commands = frozenset(STANDING)
    missing_orders_policy = (
        "One player is awaited at a time: the player whose turn it is (their file must end "
        "the turn with end_turn, or stop after a draw, a steal or an offer), or the player "
        "who owes an answer to a trade offer (an empty file declines it).")
    absent_policy = (
        "An absent player takes no action: the player whose turn it is discards down to five "
        "(the cards received last go first) and ends the turn; a player owing an answer to a "
        "trade offer declines it.")

    def parse_options(self, words: list[str], ticks: int | None) -> dict[str, Any]:
        if words:
            raise SetupError(f"A Chaotic Life! takes no setup words (got {' '.join(words)!r})")
        if ticks is not None:
            raise SetupError("A Chaotic Life! has no fixed length: it ends with Death! or a "
                             "round without actions (drop --ticks)")
        return {}

    # -- setup --------------------------------------------------------------------------------
    def setup(self, players: list[str], options: dict[str, Any], dice: Any) -> State:
        data = rules()
        if not data["players"]["min"] <= len(players) <= data["players"]["max"]:
            raise SetupError(f"A Chaotic Life! takes {data['players']['min']}-"
                             f"{data['players']['max']} players, not {len(players)}")
        deck, aside = build_deck(dice)
        first = dice.stream("goal").choice(names("lifegoal"))
        kind = card(first)["goal"]
        if len(players) == 3:
            goals = [kind] * 3
        else:  # two players: opposite goals; four: they alternate around the table
            goals = [kind if i % 2 == 0 else other(kind) for i in range(len(players))]
        state: State = {
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
            "counters": {p: dict.fromkeys(KINDS, 0) for p in players},
            "supply": {k: int(data["counters"][k]) for k in KINDS},
            "turn": _new_turn(players[0], 1),
            "offer": None,
            "idle": 0,
            "turns": 0,
            "reshuffles": 0,
            "over": False,
            "end": None,
            "log": [],
            "recent": [],
        }
        for _ in range(hand_limit()):
            for player in players:
                state["hands"][player].append(state["deck"].pop(0))
        for player in players:
            mine = state["hands"][player]
            while any(played_when_drawn(n) for n in mine):
                drawn = next(n for n in mine if played_when_drawn(n))
                mine.remove(drawn)
                state["discard"].append(drawn)
                mine.append(state["deck"].pop(0))
                log(state, f"{player} was dealt {drawn}: discarded and replaced")
        log(state, f"{players[0]} drew the {first} card: goals are "
                   + ", ".join(f"{p} {goal_card(g)}" for p, g in zip(players, goals,
                                                                     strict=True)))
        return state

    # -- whose orders ---------------------------------------------------------------------------
    def awaiting(self, state: State) -> list[str]:
        if state["over"]:
            return []
        if state["offer"]:
            return [state["offer"]["to"]]
        return [state["turn"]["player"]]

    def max_orders(self, state: State, player: str) -> int:
        """Far more than any turn needs: every kind of order is limited by the rules (actions,
        one move of each card between hand and pouch, one offer to each player a turn)."""
        return 60

    def is_random(self, order: Order) -> bool:
        """Draws from the face-down deck and steals of a random card."""
        if order.command == "draw":
            return True
        if order.command == "play_on":
            name = find(order["card"])
            return bool(name and any(k == "steal" for k, _ in card(name)["effects"]))
        return False

    def ends_file(self, state: State, player: str, order: Order) -> bool:
        """Besides chance: an offer (the answer is the other player's), the top of the discard
        pile when it is played at once (its effects are random), and end_turn (it draws face
        down cards and passes the turn)."""
        if self.is_random(order) or order.command in ("offer", "end_turn"):
            return True
        if order.command == "draw_discard" and state["discard"]:
            return played_when_drawn(state["discard"][-1])
        return False

    def unforeseen(self, state: State, player: str) -> bool:
        """Another player's hidden Item answered one of this player's cards this tick."""
        return bool(state["turn"].get("unforeseen"))

    def begin_tick(self, state: State) -> None:
        state["log"] = []
        state["turn"]["unforeseen"] = False

    def act(self, state: State, player: str, order: Order, dice: Any) -> list[str]:
        handler = getattr(self, f"_do_{order.command}")
        barrier = self.ends_file(state, player, order)
        try:
            entries = handler(state, player, order, dice)
        except OrderError as error:
            if error.code in ("E-NO-ACTIONS", "E-DISCARDING") and not error.hint:
                error.hint = answers_hint(state, player)
            raise
        if barrier and state["turn"]["player"] == player:
            state["turn"]["unforeseen"] = True
        return texts(entries, player)

    def _standing(self, state: State, player: str) -> list[Order]:
        return self.standing(state, player, "react")

    def _resolve(self, state: State, player: str, name: str, dice: Any, **how: Any
                 ) -> list[dict[str, Any]]:
        return resolve(state, player, name, dice, lambda p: self._standing(state, p), **how)

    def _spend(self, state: State) -> None:
        state["turn"]["used"] += 1

    # -- actions ------------------------------------------------------------------------------
    def _do_play(self, state: State, player: str, order: Order, dice: Any) -> list[Any]:
        plan = c.check_play(state, player, order)
        take_card(state, player, plan.name, plan.zone)
        if plan.pay:
            pay(state, player, plan.pay, card(plan.name)["cost"])
        if not card(plan.name)["free"]:
            self._spend(state)
        cost = f" (paid {card(plan.name)['cost']} {plan.pay})" if plan.pay else ""
        return self._resolve(state, player, plan.name, dice, target=plan.target,
                             kind=plan.kind, how=f"played{cost}")

    _do_play_on = _do_play

    def _drawn(self, state: State, player: str, name: str, dice: Any, where: str
               ) -> list[dict[str, Any]]:
        """A card just drawn: Volcano! and Gifts! are played at once (unless that draw ended
        the game), the rest kept."""
        if played_when_drawn(name) and state["over"]:
            state["discard"].append(name)
            return [log(state, f"{player} drew {name}; the game is over, so it is discarded")]
        if played_when_drawn(name):
            return self._resolve(state, player, name, dice, how=f"drew from the {where} and "
                                                                "at once played")
        c.hand(state, player).append(name)
        text = f"{player} drew a card from the {where}"
        if where == "discard pile":
            return [log(state, f"{player} took {name} from the discard pile")]
        return [log(state, text, {player: f"{text}: {name}"})]

    def _do_draw(self, state: State, player: str, order: Order, dice: Any) -> list[Any]:
        c.check_draw(state, player)
        self._spend(state)
        name = draw_top(state, dice)
        assert name is not None  # check_draw made sure there is a card
        return self._drawn(state, player, name, dice, "deck")

    def _do_draw_discard(self, state: State, player: str, order: Order, dice: Any) -> list[Any]:
        c.check_draw_discard(state, player)
        self._spend(state)
        return self._drawn(state, player, state["discard"].pop(), dice, "discard pile")

    def _do_claim(self, state: State, player: str, order: Order, dice: Any) -> list[Any]:
        name = c.check_claim(state, player, order)
        state["minigoals"].remove(name)
        state["claimed"][player].append(name)
        self._spend(state)
        return [log(state, f"{player} claimed the Mini-Goal {name}")]

    def _do_swap(self, state: State, player: str, order: Order, dice: Any) -> list[Any]:
        first, second, kind = c.check_swap(state, player, order)
        for name in (first, second):
            take_card(state, player, name)
            state["removed"].append([player, name])
        got = gain(state, player, kind, rules()["swap"]["counters"])
        self._spend(state)
        text = f"{player} removed two cards face down for {got} {kind}"
        return [log(state, text, {player: f"{text} ({first} and {second})"})]

    def _do_discard(self, state: State, player: str, order: Order, dice: Any) -> list[Any]:
        name, zone = c.check_discard(state, player, order)
        take_card(state, player, name, zone)
        state["discard"].append(name)
        self._spend(state)
        return [log(state, f"{player} discarded {name}")]

    def _do_discard_down(self, state: State, player: str, order: Order, dice: Any
                         ) -> list[Any]:
        name = c.check_discard_down(state, player, order)
        take_card(state, player, name, "hand")
        state["discard"].append(name)
        state["turn"]["phase"] = c.LIMIT
        return [log(state, f"{player} discarded {name} (down to the hand limit)")]

    def _move(self, state: State, player: str, order: Order, into: bool) -> list[Any]:
        name = c.check_pouch(state, player, order, into)
        take_card(state, player, name, "hand" if into else "pouch")
        (c.pouch if into else c.hand)(state, player).append(name)
        state["turn"]["moved"].append(name)
        text = f"{player} moved an Item {'into' if into else 'out of'} the Item Pouch"
        return [log(state, text, {player: f"{text}: {name}"})]

    def _do_pouch(self, state: State, player: str, order: Order, dice: Any) -> list[Any]:
        return self._move(state, player, order, True)

    def _do_unpouch(self, state: State, player: str, order: Order, dice: Any) -> list[Any]:
        return self._move(state, player, order, False)

    def _do_react(self, state: State, player: str, order: Order, dice: Any) -> list[Any]:
        raise OrderError("E-STANDING-ONLY", "react is a standing order: it waits for a card "
                         "to be played, on anyone's turn",
                         f"write it as a standing order: standing {order.canonical()}")

    # -- the end of a turn ----------------------------------------------------------------------
    def _do_end_turn(self, state: State, player: str, order: Order, dice: Any) -> list[Any]:
        c.check_end_turn(state, player)
        entries = self._draw_up(state, player, dice)
        if state["over"]:
            return entries
        return entries + self._next_turn(state, player)

    def _draw_up(self, state: State, player: str, dice: Any) -> list[dict[str, Any]]:
        """Draw up to the hand limit. Volcano! and Gifts! drawn now are played and the drawing
        goes on; one drawn a second time in the same draw-up is discarded unplayed, so the
        drawing always ends."""
        entries: list[dict[str, Any]] = []
        played: set[str] = set()
        mine = c.hand(state, player)
        got: list[str] = []
        while len(mine) < hand_limit():
            pool = state["deck"] + state["discard"]
            if all(played_when_drawn(n) and n in played for n in pool):
                break
            name = draw_top(state, dice)
            if name is None:
                break
            if state["over"] and played_when_drawn(name):
                state["discard"].append(name)
                break
            if not played_when_drawn(name):
                mine.append(name)
                got.append(name)
                if state["over"]:
                    break
            elif name in played:
                state["discard"].append(name)
                entries.append(log(state, f"{player} drew {name} again while drawing up: "
                                          "discarded unplayed"))
            else:
                played.add(name)
                entries += self._resolve(state, player, name, dice,
                                         how="drew while drawing up and at once played")
        if got:
            text = f"{player} drew {counted(len(got), 'card')} up to the hand limit"
            entries.append(log(state, text, {player: f"{text}: {', '.join(got)}"}))
        return entries

    def _next_turn(self, state: State, player: str) -> list[dict[str, Any]]:
        turn = state["turn"]
        state["idle"] = 0 if turn["used"] else state["idle"] + 1
        state["turns"] += 1
        if state["idle"] >= len(state["players"]):
            state["over"], state["end"] = True, "idle"
            return [log(state, "a whole round passed without an action: the game is over")]
        following = left_of(state, player)
        state["turn"] = _new_turn(following, turn["number"] + 1)
        return [log(state, f"{player} ended the turn ({counted(turn['used'], 'action')}); "
                           f"{following} is next")]

    # -- trades ---------------------------------------------------------------------------------
    def _do_offer(self, state: State, player: str, order: Order, dice: Any) -> list[Any]:
        to, give, want = c.check_offer(state, player, order)
        state["turn"]["offered"].append(to)
        offer = {"from": player, "to": to, "give": give.as_dict(), "want": want.as_dict(),
                 "tick": int(state["tick"])}
        entries = [log(state, f"{player} offered {to} a trade: {give.text()} for "
                              f"{want.text()}")]
        for standing in self.standing(state, to):
            if standing.command == "decline":
                return entries + self._close(state, offer, None, "declined (standing order)")
            if standing.command == "accept":
                state["offer"] = offer
                try:
                    chosen = c.check_accept(state, to, standing)
                except OrderError:
                    state["offer"] = None
                    continue
                state["offer"] = None
                return entries + self._close(state, offer, chosen, "accepted (standing order)",
                                             True)
        state["offer"] = offer
        return entries + [log(state, f"{to} may answer in their next order file")]

    def _close(self, state: State, offer: dict[str, Any], chosen: str | None, how: str,
               done: bool = False) -> list[dict[str, Any]]:
        """Settle an offer: trade everything (an action of the offerer) or nothing."""
        state["offer"] = None
        maker, taker = offer["from"], offer["to"]
        if not done:
            return [log(state, f"{taker} {how} {maker}'s offer: nothing changes hands and no "
                               "action is spent")]
        give, want = c.Terms.of(offer["give"]), c.Terms.of(offer["want"])
        for name in give.cards:
            take_card(state, maker, name)
            c.hand(state, taker).append(name)
        for name in want.cards + ([chosen] if chosen else []):
            take_card(state, taker, name)
            c.hand(state, maker).append(name)
        for kind in KINDS:
            hand_over(state, maker, taker, kind, getattr(give, kind))
            hand_over(state, taker, maker, kind, getattr(want, kind))
        self._spend(state)
        text = f"{taker} {how} {maker}'s offer: the trade is made"
        private = {}
        if chosen:
            seen = f"{text} ({taker} gave {chosen} as the card of their choice)"
            private = {maker: seen, taker: seen}
        return [log(state, text, private)]

    def _do_accept(self, state: State, player: str, order: Order, dice: Any) -> list[Any]:
        chosen = c.check_accept(state, player, order)
        return self._close(state, state["offer"], chosen, "accepted", True)

    def _do_decline(self, state: State, player: str, order: Order, dice: Any) -> list[Any]:
        offer = c.check_answer(state, player)
        return self._close(state, offer, None, "declined")

    def end_tick(self, state: State, dice: Any) -> list[str]:
        """An offer that waited a whole tick for its answer lapses (declined)."""
        offer = state["offer"]
        if offer and offer["tick"] < int(state["tick"]):
            return [seen_by(e, None) for e in self._close(state, offer, None,
                                                           "did not answer")]
        return []

    def end_orders(self, state: State, player: str) -> None:
        turn = state["turn"]
        if state["over"] or turn["player"] != player or turn["unforeseen"] or state["offer"]:
            return
        raise OrderError("E-TURN-INCOMPLETE", "the file stops before your turn is done: end "
                         "it with end_turn (a file may also stop after a draw, a steal or an "
                         "offer)", answers_hint(state, player))

    # `unforeseen` (reset each tick): an order ran whose outcome the file's writer could not
    # know when writing it (a draw, a steal, an offer, or another player's Item reacting to
    # their card); the file may then stop short of end_turn and the turn goes on next tick.

    def prompt(self, state: State, player: str) -> Prompt | None:
        offer = state["offer"]
        if state["over"] or not offer or offer["to"] != player:
            return None
        give, want = c.Terms.of(offer["give"]), c.Terms.of(offer["want"])
        text = (f"{player}: {offer['from']} offers you {give.text()} for {want.text()}. "
                "Answer with accept() or decline(); an empty file declines.")
        return Prompt(player, text, tuple(legal_orders(state, player)))

    # -- seats, plans, standing orders, absence --------------------------------------------------
    def knowledge(self, state: State, player: str) -> State:
        return _knowledge(state, player)

    def validate(self, player: str, order: Order) -> None:
        command = order.command
        if command in ("play", "play_on", "discard", "discard_down"):
            c.resolve_card(order)
        elif command == "accept" and order.arg("card") is not None:
            c.resolve_card(order)
        elif command == "claim":
            c.resolve_card(order, "goal", ("minigoal",), "Mini-Goal")
        elif command == "swap":
            c.resolve_card(order)
            c.resolve_card(order, "other")
        elif command in ("pouch", "unpouch", "react"):
            c.resolve_card(order, "item", ("item",) if command == "react" else None,
                           "Item" if command == "react" else "card")
        elif command == "offer":
            c.parse_terms(order["give"], "give", allow_any=False)
            c.parse_terms(order["want"], "want", allow_any=True)
        if order.arg("kind") is not None:
            c.resolve_kind(order)
        trigger = order.arg("trigger")
        if trigger is not None and not c.valid_trigger(trigger.value):
            raise OrderError("E-UNKNOWN-CARD", f'no card or card type called "{trigger.value}"',
                             "name a card, a type (event, age, special, interact, pet, "
                             "neighbor) or any", "trigger")

    def spell(self, order: Order) -> Order:
        return spelled(order)

    def warnings(self, state: State, player: str, order: Order) -> list[OrderError]:
        from .advice import warnings

        return warnings(self, state, player, order)

    def facts(self, state: State, player: str) -> dict[str, Any]:
        from .views import facts

        return facts(state, player)

    def absent_orders(self, state: State, player: str) -> list[str]:
        offer = state["offer"]
        if state["over"]:
            return []
        if offer and offer["to"] == player:
            return ["decline()"]
        if state["turn"]["player"] != player or offer:
            return []
        extra = len(c.hand(state, player)) - hand_limit()
        newest = list(reversed(c.hand(state, player)))[:max(0, extra)]
        return [f'discard_down("{n}")' for n in newest] + ["end_turn()"]

    def turns(self, state: State) -> int:
        return int(state["turns"])

    # -- the end --------------------------------------------------------------------------------
    def figures(self, state: State, player: str) -> dict[str, Any]:
        """What the sheet leads with, for `history`: counters and the score they make."""
        from .scoring import breakdown

        parts = breakdown(state, player)
        return {"score": parts["score"], "happiness": parts["happiness"],
                "sadness": parts["sadness"]}

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def result(self, state: State) -> Result:
        from .scoring import final_statement, standings

        winners, scores = standings(state)
        if not state["over"]:
            return Result("the game is not over yet", scores, [])
        return Result(final_statement(state), scores, winners)

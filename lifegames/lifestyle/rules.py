"""Lifestyle (AMIGO 2018): collect Pets, Cars, Houses, Sports, Jobs and Love by rolling dice.

The only place the rules live. One player is awaited at a time: whoever's turn it is. A turn is
an optional purchase of display cards, then Take Cards (the turn ends) or Roll Dice. Rolling
names a card in the dice zone and rolls its dice; the roll is then answered (reroll a die for a
token, use a Sports card, accept). An accepted roll that meets the card lets the player name the
next card; one that fails is a botch (a token, then discard any dice-zone cards and end the
turn); all cards met move to the points zone.

A roll, a reroll and a purchase are outcomes nobody may know when a file is checked
(`ends_file`): a step-by-step file ends there and the turn goes on next tick, while a plan says
what to do with the dice before they fall (facts.py gives what its conditions read). Standing
orders answer the player's own prompts when a file leaves them open: `accept` a roll, and after
a botch `discard` the named cards and `end_turn` (fired in `end_tick`).

Each `_check_*` raises OrderError without touching the state; each `_do_*` checks, then acts.
"""

from __future__ import annotations

from typing import Any

from ..engine.contract import Game, Order, OrderError, Prompt, Result, SetupError, State, clone
from . import cautions
from . import facts as plan_facts
from .checks import (
    BOTCHED,
    DECK_STREAM,
    DICE_STREAM,
    HIDDEN_CARD,
    NEXT,
    RANDOM_EFFECTS,
    ROLLED,
    START,
    _check_buy,
    _check_card,
    _check_reroll,
    _check_roll,
    _check_take,
    _check_use,
    _phase,
    _take_tokens,
    amount,
    columns,
    display_count,
    fill,
    log,
    rows,
    seat,
    spelled,
    unfulfilled,
    validate,
)
from .conditions import card_met, card_need
from .data import card, cards, deck, find, rules
from .legal import in_short, legal_orders


def answers_hint(state: State, player: str) -> str:
    options = legal_orders(state, player)
    return "legal now: " + in_short(options) if options else ""



# -- the game ------------------------------------------------------------------------------------


class Lifestyle(Game):
    id = "lifestyle"
    title = "Lifestyle"
    package = "lifestyle"
    min_players = 2
    max_players = 5
    default_players = ("Ana", "Ben", "Cleo")
    missing_orders_policy = (
        "Only the player whose turn it is (or who owes an answer to a roll) is awaited, and "
        "they must write orders: a file that neither finishes the turn nor reaches a roll or "
        "a purchase is rejected (E-TURN-INCOMPLETE), unless a standing order answers what it "
        "leaves open, so the tick waits for them.")
    absent_policy = (
        "An absent player spends nothing: with an empty dice zone they take the first card "
        "showing; otherwise they roll for each card (hardest first) and accept each roll as "
        "it falls, and a botch ends the turn with nothing discarded.")
    # Defaults for a player's own prompts, used when their file leaves one open: answer a roll
    # with accept; after a botch discard the named cards, then end the turn.
    standing_commands = frozenset({"accept", "discard", "end_turn"})

    def parse_options(self, words: list[str], ticks: int | None) -> dict[str, Any]:
        if words:
            raise SetupError(f"Lifestyle takes no setup words (got {' '.join(words)!r})")
        if ticks is not None:
            raise SetupError("Lifestyle has no fixed length: it ends when a player starts a "
                             "turn with an empty display and an empty dice zone (drop --ticks)")
        return {}

    def setup(self, players: list[str], options: dict[str, Any], dice: Any) -> State:
        data = rules()
        if not data["players"]["min"] <= len(players) <= data["players"]["max"]:
            raise SetupError(f"Lifestyle takes {data['players']['min']}-"
                             f"{data['players']['max']} players, not {len(players)}")
        cards()  # check the deck before anything else
        pile = deck()
        dice.stream(DECK_STREAM).shuffle(pile)
        step = data["start_tokens_step"]
        seats = {p: {"tokens": i * step, "dice": [], "points": []}
                 for i, p in enumerate(players)}
        state: State = {
            "players": list(players),
            "pile": pile,
            "display": [None] * (rows() * columns()),
            "discard": [],
            "pool": data["tokens"] - sum(s["tokens"] for s in seats.values()),
            "seats": seats,
            "turn": self._new_turn(players[0], 1),
            "over": False,
            "ended_by": None,
            "log": [],
            "recent": [],
        }
        fill(state, rows() * columns())
        return state

    @staticmethod
    def _new_turn(player: str, number: int) -> dict[str, Any]:
        return {"player": player, "number": number, "phase": START, "fulfilled": [],
                "roll": None, "sports_used": {}, "fresh_roll": False, "bought": 0,
                "missed": None}

    def awaiting(self, state: State) -> list[str]:
        return [] if state["over"] else [state["turn"]["player"]]

    def max_orders(self, state: State, player: str) -> int:
        """Enough for any turn played as one plan: purchases and a main action, then for each
        dice-zone card a roll, an accept and a discard, every token spent on a reroll and
        every Sports card turned; and a few refused tries besides."""
        mine = seat(state, player)
        sports = sum(1 for n in mine["points"] if card(n)["category"] == "sports")
        return 10 + sports + mine["tokens"] + 3 * len(mine["dice"])

    def is_random(self, order: Order) -> bool:
        """Rolls, rerolls and Running are chance; buying deals unknown cards from the pile.
        These are the outcomes `check` cannot know (`ends_file`): a plain file stops there and
        the turn goes on next tick; a plan goes on with the real outcome."""
        if order.command in ("roll", "reroll", "buy_two", "refill"):
            return True
        if order.command == "use":
            name = find(order["sport"])
            return bool(name and card(name).get("effect") in RANDOM_EFFECTS)
        return False

    def knowledge(self, state: State, player: str) -> State:
        """Lifestyle hides one thing from everyone: the order of the face-down pile (its
        size is on every sheet). A purchase or a free refill made on this copy deals
        placeholders, which no order can take."""
        known = clone(state)
        known["pile"] = [HIDDEN_CARD] * len(state["pile"])
        return known

    def validate(self, player: str, order: Order) -> None:
        validate(order)

    def spell(self, order: Order) -> Order:
        return spelled(order)

    def warnings(self, state: State, player: str, order: Order) -> list[OrderError]:
        return cautions.warnings(state, player, order)

    def facts(self, state: State, player: str) -> dict[str, Any]:
        return plan_facts.facts(state, player)

    def absent_orders(self, state: State, player: str) -> list[str]:
        return plan_facts.absent_orders(state, player)

    def turns(self, state: State) -> int:
        """Player turns finished (the turn that finds the game over is not played)."""
        return int(state["turn"]["number"]) - 1

    def begin_tick(self, state: State) -> None:
        state["log"] = []
        state["turn"]["fresh_roll"] = False

    def act(self, state: State, player: str, order: Order, dice: Any) -> list[str]:
        handler = getattr(self, f"_do_{order.command}")
        try:
            events = handler(state, player, order, dice)
        except OrderError as error:
            if error.code == "E-WRONG-MOMENT" and not error.hint:
                error.hint = answers_hint(state, player)
            raise
        # After chance (a roll, or cards dealt by a purchase) the file may end and the turn
        # goes on next tick; after anything else the file must finish what the turn needs.
        state["turn"]["fresh_roll"] = self.is_random(order)
        return events

    # -- buying -----------------------------------------------------------------------------
    def _buy(self, state: State, player: str, kind: str) -> list[str]:
        cost, wanted = _check_buy(state, player, kind)
        seat(state, player)["tokens"] -= cost
        state["pool"] += cost
        dealt = fill(state, wanted)
        state["turn"]["bought"] += len(dealt)
        return [log(state, f"{player} paid {amount(cost, 'token')} for "
                           f"{amount(len(dealt), 'new card')}: {', '.join(dealt)}")]

    def _do_buy_two(self, state: State, player: str, order: Order, dice: Any) -> list[str]:
        return self._buy(state, player, "small")

    def _do_refill(self, state: State, player: str, order: Order, dice: Any) -> list[str]:
        return self._buy(state, player, "refill")

    # -- taking -----------------------------------------------------------------------------
    def _take(self, state: State, player: str, order: Order) -> list[str]:
        picked = _check_take(state, player, order)
        taken = []
        for index in picked:
            taken.append(state["display"][index])
            state["display"][index] = None
        seat(state, player)["dice"].extend(taken)
        events = [log(state, f"{player} took {', '.join(taken)} into the dice zone")]
        return events + self._end_turn(state, player)

    def _do_take_card(self, state: State, player: str, order: Order, dice: Any) -> list[str]:
        return self._take(state, player, order)

    _do_take_row = _do_take_card
    _do_take_column = _do_take_card

    # -- rolling ----------------------------------------------------------------------------
    def _do_roll(self, state: State, player: str, order: Order, dice: Any) -> list[str]:
        name = _check_roll(state, player, order)
        count = card(name)["dice"]
        values = list(dice.stream(DICE_STREAM).roll(count))
        turn = state["turn"]
        turn["phase"] = ROLLED
        turn["roll"] = {"card": name, "dice": values, "steps": [f"rolled {_dice(values)}"]}
        turn["fresh_roll"] = True
        return [log(state, f"{player} named the {name} ({card_need(name)}) and rolled "
                           f"{_dice(values)}")]

    def _do_reroll(self, state: State, player: str, order: Order, dice: Any) -> list[str]:
        index = _check_reroll(state, player, order)
        seat(state, player)["tokens"] -= 1
        state["pool"] += 1
        return self._reroll(state, player, index, dice, "paid 1 token to reroll")

    def _reroll(self, state: State, player: str, index: int, dice: Any, how: str) -> list[str]:
        roll = state["turn"]["roll"]
        old = roll["dice"][index]
        roll["dice"][index] = dice.stream(DICE_STREAM).d6()
        roll["steps"].append(f"{how} die {index + 1} ({old} -> {roll['dice'][index]}): "
                             f"{_dice(roll['dice'])}")
        state["turn"]["fresh_roll"] = True
        return [log(state, f"{player} {how} die {index + 1}: {old} became "
                           f"{roll['dice'][index]}, now {_dice(roll['dice'])}")]

    def _do_use(self, state: State, player: str, order: Order, dice: Any) -> list[str]:
        name, index = _check_use(state, player, order)
        turn = state["turn"]
        turn["sports_used"][name] = turn["sports_used"].get(name, 0) + 1
        effect = card(name)["effect"]
        roll = turn["roll"]
        if effect == "reroll":
            assert index is not None
            return self._reroll(state, player, index, dice, f"used {name} to reroll")
        if effect == "plus_one_all":
            roll["dice"] = [v + 1 for v in roll["dice"]]
            what = "added 1 to every die"
        else:
            assert index is not None
            old = roll["dice"][index]
            roll["dice"][index] = old + 1 if effect == "plus_one" else 4
            what = f"turned die {index + 1} from {old} to {roll['dice'][index]}"
        roll["steps"].append(f"{name}: {what}: {_dice(roll['dice'])}")
        return [log(state, f"{player} used {name}: {what}, now {_dice(roll['dice'])}")]

    def _do_accept(self, state: State, player: str, order: Order, dice: Any) -> list[str]:
        turn = _phase(state, player, (ROLLED,), "accepting a roll")
        roll = turn["roll"]
        name, values = roll["card"], roll["dice"]
        turn["roll"] = None
        if not card_met(name, values):
            turn["phase"] = BOTCHED
            turn["fulfilled"] = []
            turn["missed"] = name
            got = _take_tokens(state, player, rules()["botch_tokens"])
            return [log(state, f"{player} botched the {name} ({_dice(values)}, needs "
                               f"{card_need(name)}) and took {amount(got, 'token')} from the pool")]
        turn["fulfilled"].append(name)
        events = [log(state, f"{player} met the {name} with {_dice(values)}")]
        if unfulfilled(state, player):
            turn["phase"] = NEXT
            return events
        return events + self._score_dice_zone(state, player) + self._end_turn(state, player)

    def _score_dice_zone(self, state: State, player: str) -> list[str]:
        mine = seat(state, player)
        moved = list(mine["dice"])
        mine["points"].extend(moved)
        mine["dice"] = []
        pets = sum(1 for n in moved if card(n)["category"] == "pet")
        got = _take_tokens(state, player, pets * rules()["pet_tokens"])
        extra = f"; {amount(pets, 'Pet')} earned {amount(got, 'token')}" if pets else ""
        return [log(state, f"{player} met every card and moved {', '.join(moved)} to the "
                           f"points zone{extra}")]

    # -- after a botch ------------------------------------------------------------------------
    def _do_discard(self, state: State, player: str, order: Order, dice: Any) -> list[str]:
        _phase(state, player, (BOTCHED,), "discarding")
        name = _check_card(state, player, order, seat(state, player)["dice"],
                           "in your dice zone")
        seat(state, player)["dice"].remove(name)
        state["discard"].append(name)
        return [log(state, f"{player} discarded the {name}")]

    def _do_end_turn(self, state: State, player: str, order: Order, dice: Any) -> list[str]:
        _phase(state, player, (BOTCHED,), "ending the turn")
        return self._end_turn(state, player)

    def _end_turn(self, state: State, player: str) -> list[str]:
        """The turn is over: Sports cards stand up again, an empty display is refilled for
        free, and the next player's turn begins (or the game ends)."""
        events = []
        size = rows() * columns()
        if display_count(state) == 0 and state["pile"]:
            dealt = fill(state, size)
            events.append(log(state, f"the display was empty: {amount(len(dealt), 'new card')} "
                                     "laid out for free"))
        order = state["players"]
        following = order[(order.index(player) + 1) % len(order)]
        state["turn"] = self._new_turn(following, state["turn"]["number"] + 1)
        if display_count(state) == 0 and not seat(state, following)["dice"]:
            state["over"] = True
            state["ended_by"] = following
            events.append(log(state, f"{following} begins a turn with no cards in the display "
                                     "and none in the dice zone: the game is over"))
        return events

    # -- standing orders: defaults for the player's own prompts ------------------------------
    def _answered(self, state: State, player: str) -> bool:
        """Whether a standing order answers the prompt the player's turn stands at."""
        phase = state["turn"]["phase"]
        wanted = {ROLLED: "accept", BOTCHED: "end_turn"}.get(phase)
        return wanted is not None and bool(self.standing(state, player, wanted))

    def end_tick(self, state: State, dice: Any) -> list[str]:
        """The awaited player's standing orders answer what their file left open: `accept` a
        roll waiting for an answer; after a botch, with `end_turn` standing, each standing
        `discard` of a card still in the dice zone (a `$fact` read now, as in a plan), then
        the end of the turn."""
        if state["over"]:
            return []
        player = state["turn"]["player"]
        events: list[str] = []
        if state["turn"]["phase"] == ROLLED and self._answered(state, player):
            events += self._play_standing(state, player, [Order.make("accept")], dice)
        if state["turn"]["phase"] == BOTCHED and self._answered(state, player):
            left = list(seat(state, player)["dice"])
            chosen = []
            known = self.facts(state, player)
            for standing in self.standing(state, player, "discard"):
                written = standing.args[0]
                name = find(known.get(written.value, "") if written.kind == "ref"
                            else written.value)
                if name in left:
                    left.remove(name)
                    chosen.append(Order.make("discard", card=name))
            events += self._play_standing(state, player, [*chosen, Order.make("end_turn")],
                                          dice)
        return events

    def _play_standing(self, state: State, player: str, orders: list[Order],
                       dice: Any) -> list[str]:
        text = ", ".join(o.canonical() for o in orders)
        events = [log(state, f"{player}'s standing orders answer for them: {text}")]
        for order in orders:
            events += self.act(state, player, order, dice)
        return events

    def end_orders(self, state: State, player: str) -> None:
        turn = state["turn"]
        if state["over"] or turn["player"] != player or turn["fresh_roll"]:
            return
        if self._answered(state, player):
            return
        need = {
            START: "your turn needs a main action: take cards or roll dice",
            ROLLED: "your roll waits for an answer: reroll, use a Sports card or accept "
                    "(`standing accept` answers every roll your files leave open)",
            NEXT: "you met a card: name the next one with roll(...)",
            BOTCHED: "after a botch, end the turn with end_turn (discard cards first if you "
                     "like; `standing end_turn` ends such turns for you)",
        }[turn["phase"]]
        raise OrderError("E-TURN-INCOMPLETE", f"the file stops before your turn is done: "
                         f"{need}", answers_hint(state, player))

    def prompt(self, state: State, player: str) -> Prompt | None:
        turn = state["turn"]
        if state["over"] or turn["player"] != player or turn["phase"] == START:
            return None
        if turn["phase"] == ROLLED:
            roll = turn["roll"]
            verdict = "meets it" if card_met(roll["card"], roll["dice"]) else "does NOT meet it"
            text = (f"{player}: your roll for the {roll['card']} ({card_need(roll['card'])}) "
                    f"shows {_dice(roll['dice'])}, which {verdict}.")
        elif turn["phase"] == NEXT:
            text = (f"{player}: met so far this turn: {', '.join(turn['fulfilled'])}; name the "
                    "next card to roll for.")
        else:
            text = (f"{player}: you botched. Discard any cards from your dice zone, then "
                    "end_turn.")
        return Prompt(player, text, tuple(legal_orders(state, player)))

    # -- the end ------------------------------------------------------------------------------
    def figures(self, state: State, player: str) -> dict[str, Any]:
        """What the sheet leads with, for `history`."""
        from .scoring import score

        mine = seat(state, player)
        return {"points": score(mine["points"]), "tokens": mine["tokens"],
                "points zone": len(mine["points"]), "dice zone": len(mine["dice"])}

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def result(self, state: State) -> Result:
        """The winner first, in one sentence, then every player's points and tokens."""
        from .scoring import score, standings, verdict

        scores = {p: score(seat(state, p)["points"]) for p in state["players"]}
        if not state["over"]:
            return Result("the game is not over yet", scores, [])
        places = standings(state["seats"], state["players"])
        parts = ", ".join(f"{p} {scores[p]} ({amount(seat(state, p)['tokens'], 'token')})"
                          for _, p in places)
        return Result(f"{verdict(state['seats'], state['players'])}. Final scores: {parts}.",
                      scores, [p for place, p in places if place == 1])


def _dice(values: list[int]) -> str:
    return "[" + " ".join(map(str, values)) + "]"

"""Lifestyle (AMIGO 2018): collect Pets, Cars, Houses, Sports, Jobs and Love by rolling dice.

The only place the rules live. One player is awaited at a time: whoever's turn it is. A turn is
an optional purchase of display cards, then Take Cards (the turn ends) or Roll Dice. Rolling
names a card in the dice zone and rolls its dice; that order is random, so it ends the order
file, and the turn goes on next tick with a pending roll the same player answers (reroll a die
for a token, use a Sports card, accept). An accepted roll that meets the card lets the player
name the next card; one that fails is a botch (a token, then discard any dice-zone cards and end
the turn); all cards met move to the points zone.

Each `_check_*` raises OrderError without touching the state; each `_do_*` checks, then acts.
"""

from __future__ import annotations

from typing import Any

from ..engine.contract import Game, Order, OrderError, Prompt, Result, SetupError, State
from ..engine.turn import unknown_value
from .conditions import card_met, card_need
from .data import card, cards, deck, find, names, rules

DICE_STREAM = "dice"
DECK_STREAM = "deck"
RANDOM_EFFECTS = ("reroll",)

# Turn phases: start (may buy; then take or roll), rolled (a roll awaits its answer), next (a
# card was met: name the next), botched (discard any cards, then end_turn).
START, ROLLED, NEXT, BOTCHED = "start", "rolled", "next", "botched"
GAME_PHASES = {
    START: "buy, then take cards or roll",
    ROLLED: "answering a roll",
    NEXT: "naming the next card",
    BOTCHED: "discarding after a botch",
}


# -- reading the state -----------------------------------------------------------------------


def seat(state: State, player: str) -> dict[str, Any]:
    return state["seats"][player]


def display_count(state: State) -> int:
    return sum(1 for slot in state["display"] if slot)


def columns() -> int:
    return int(rules()["display"]["columns"])


def rows() -> int:
    return int(rules()["display"]["rows"])


def slot_index(row: int, column: int) -> int:
    return (row - 1) * columns() + (column - 1)


def unfulfilled(state: State, player: str) -> list[str]:
    """The dice-zone cards not yet met this turn (a multiset, in dice-zone order)."""
    left = list(seat(state, player)["dice"])
    turn = state["turn"]
    if turn["player"] == player:
        for name in turn["fulfilled"]:
            left.remove(name)
    return left


def sports_left(state: State, player: str) -> dict[str, int]:
    """Sports cards in the points zone not yet turned this turn: name -> how many."""
    used = state["turn"]["sports_used"] if state["turn"]["player"] == player else {}
    out: dict[str, int] = {}
    for name in seat(state, player)["points"]:
        if card(name)["category"] == "sports":
            out[name] = out.get(name, 0) + 1
    return {n: c - used.get(n, 0) for n, c in out.items() if c - used.get(n, 0) > 0}


def card_count(state: State) -> int:
    """Every card in the game, wherever it is (always the deck's 72)."""
    total = len(state["pile"]) + display_count(state) + len(state["discard"])
    for s in state["seats"].values():
        total += len(s["dice"]) + len(s["points"])
    return total


def token_count(state: State) -> int:
    return state["pool"] + sum(s["tokens"] for s in state["seats"].values())


RECENT = 12  # events the sheets keep showing from earlier ticks


def log(state: State, text: str) -> str:
    """Record an event of this tick (and in the rolling list of recent events)."""
    state["log"].append(text)
    tick = int(state.get("tick", 0)) + 1
    state["recent"] = [*state["recent"], f"tick {tick}: {text}"][-RECENT:]
    return text


def fill(state: State, wanted: int) -> list[str]:
    """Deal up to `wanted` cards from the pile into the display's gaps, left to right, row 1
    first, stopping when the pile or the gaps run out. The cards dealt."""
    dealt = []
    for index, slot in enumerate(state["display"]):
        if len(dealt) >= wanted or not state["pile"]:
            break
        if slot is None:
            state["display"][index] = state["pile"].pop(0)
            dealt.append(state["display"][index])
    return dealt


def _slot_name(index: int) -> str:
    return f"({index // columns() + 1},{index % columns() + 1})"


def _take_tokens(state: State, player: str, wanted: int) -> int:
    """Move up to `wanted` tokens from the pool to the player (the pool may run dry)."""
    given = min(wanted, state["pool"])
    state["pool"] -= given
    seat(state, player)["tokens"] += given
    return given


# -- order checks (never mutate) ---------------------------------------------------------------


def _my_turn(state: State, player: str) -> dict[str, Any]:
    if state["over"]:
        raise OrderError("E-GAME-OVER", "the game is over", "python3 play.py status shows the "
                         "result")
    turn = state["turn"]
    if turn["player"] != player:
        raise OrderError("E-NOT-YOUR-TURN", f"it is {turn['player']}'s turn, not yours",
                         "your turn has ended; write this order in your next turn's file")
    return turn


def answers_hint(state: State, player: str) -> str:
    from .bots import legal_orders

    options = legal_orders(state, player)
    return "legal now: " + ", ".join(options) if options else ""


def _phase(state: State, player: str, allowed: tuple[str, ...], what: str) -> dict[str, Any]:
    turn = _my_turn(state, player)
    if turn["phase"] in allowed:
        return turn
    reason = {
        START: "your turn has just begun: buy, take cards or roll",
        ROLLED: f"your roll for the {turn['roll']['card']} waits for an answer "
                f"({'/'.join(map(str, turn['roll']['dice']))})" if turn["roll"] else "",
        NEXT: "you met a card: name the next one with roll(...)",
        BOTCHED: "you botched: discard cards if you like, then end_turn",
    }[turn["phase"]]
    raise OrderError("E-WRONG-MOMENT", f"{what} is not possible now: {reason}",
                     answers_hint(state, player))


def _check_buy(state: State, player: str, kind: str) -> tuple[int, int]:
    _phase(state, player, (START,), "buying cards")
    spec = rules()["buying"][kind]
    size = rows() * columns()
    showing = display_count(state)
    if showing >= size:
        raise OrderError("E-DISPLAY-FULL", f"the display already shows {size} cards",
                         "cards can be bought only while fewer than nine are showing")
    if not state["pile"]:
        raise OrderError("E-PILE-EMPTY", "the draw pile is empty: there is nothing to buy",
                         "take cards or roll dice instead")
    tokens = seat(state, player)["tokens"]
    if tokens < spec["tokens"]:
        raise OrderError("E-NO-TOKENS", f"this costs {spec['tokens']} token(s); you have "
                         f"{tokens}", "take cards or roll dice instead")
    wanted = size - showing if kind == "refill" else min(spec["cards"], size - showing)
    return spec["tokens"], wanted


def _check_slot(state: State, order: Order, arg: str, limit: int) -> int:
    value = order[arg]
    if not 1 <= value <= limit:
        raise OrderError("E-OFF-DISPLAY", f"{arg} {value} is not on the display",
                         f"{arg}s are numbered 1 to {limit}", arg)
    return value


def _check_take(state: State, player: str, order: Order) -> list[int]:
    _phase(state, player, (START,), "taking cards")
    if order.command == "take_card":
        row = _check_slot(state, order, "row", rows())
        column = _check_slot(state, order, "column", columns())
        picked = [slot_index(row, column)]
    elif order.command == "take_row":
        row = _check_slot(state, order, "row", rows())
        picked = [slot_index(row, c) for c in range(1, columns() + 1)]
    else:
        column = _check_slot(state, order, "column", columns())
        picked = [slot_index(r, column) for r in range(1, rows() + 1)]
    picked = [i for i in picked if state["display"][i]]
    if not picked:
        where = {"take_card": "that space", "take_row": "that row",
                 "take_column": "that column"}[order.command]
        filled = ", ".join(_slot_name(i) for i, s in enumerate(state["display"]) if s)
        raise OrderError("E-EMPTY-SPACE", f"{where} of the display holds no card",
                         f"cards are showing at (row,column): {filled or 'none'}",
                         "column" if order.command == "take_column" else "row")
    return picked


def _check_card(state: State, player: str, order: Order, pool: list[str], where: str) -> str:
    written = order["card"]
    name = find(written)
    if name is None:
        raise unknown_value("E-UNKNOWN-CARD", "card", written, sorted(set(pool)) or names(),
                            "card", extra=f"cards {where}")
    if name not in pool:
        listing = ", ".join(sorted(set(pool))) or "none"
        raise OrderError("E-NOT-IN-DICE-ZONE", f"no {name} {where}",
                         f"cards {where}: {listing}", "card")
    return name


def _check_roll(state: State, player: str, order: Order) -> str:
    turn = _phase(state, player, (START, NEXT), "rolling")
    if not seat(state, player)["dice"]:
        raise OrderError("E-MUST-TAKE", "your dice zone is empty, so you must take cards",
                         "write take_card(row, column), take_row(row) or take_column(column)")
    where = "in your dice zone" if turn["phase"] == START else "left to meet in your dice zone"
    return _check_card(state, player, order, unfulfilled(state, player), where)


def _check_die(state: State, order: Order) -> int:
    dice = state["turn"]["roll"]["dice"]
    value = order["die"]
    if not 1 <= value <= len(dice):
        raise OrderError("E-NO-SUCH-DIE", f"there is no die {value}: you rolled {len(dice)}",
                         f"dice are numbered 1 to {len(dice)}", "die")
    return value - 1


def _check_reroll(state: State, player: str, order: Order) -> int:
    _phase(state, player, (ROLLED,), "rerolling")
    index = _check_die(state, order)
    if seat(state, player)["tokens"] < 1:
        raise OrderError("E-NO-TOKENS", "a reroll costs 1 token; you have 0",
                         "accept the roll, or use a Sports card", "die")
    return index


def _check_use(state: State, player: str, order: Order) -> tuple[str, int | None]:
    _phase(state, player, (ROLLED,), "using a Sports card")
    sports = names("sports")
    name = find(order["sport"])
    if name is None or name not in sports:
        raise unknown_value("E-UNKNOWN-SPORT", "Sports card", order["sport"], sports, "sport",
                            extra="Sports cards")
    left = sports_left(state, player)
    if name not in left:
        have = sum(1 for n in seat(state, player)["points"] if n == name)
        why = (f"your {name} card(s) are already turned this turn" if have
               else f"you have no {name} card in your points zone")
        ready = ", ".join(sorted(left)) or "none"
        raise OrderError("E-NO-SPORT", why, f"Sports cards ready this turn: {ready}", "sport")
    if card(name)["effect"] == "plus_one_all":
        if order.arg("die") is not None:
            raise OrderError("E-NO-DIE-NEEDED", f"{name} raises every die; name no die",
                             f'write use("{name}")', "die")
        return name, None
    if order.arg("die") is None:
        raise OrderError("E-DIE-NEEDED", f"{name} works on one die: say which",
                         f'write use("{name}", 1) for die 1', "sport")
    return name, _check_die(state, order)


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
        "they must write orders: a file that does not finish the turn, or end with a roll or "
        "a purchase, is "
        "rejected (E-TURN-INCOMPLETE), so the tick waits for them.")

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
                "roll": None, "sports_used": {}, "fresh_roll": False, "bought": 0}

    def awaiting(self, state: State) -> list[str]:
        return [] if state["over"] else [state["turn"]["player"]]

    def max_orders(self, state: State, player: str) -> int:
        """Enough for any turn: a few purchases and a main action, or every Sports card, an
        accept, a discard of each dice-zone card and end_turn."""
        mine = seat(state, player)
        sports = sum(1 for n in mine["points"] if card(n)["category"] == "sports")
        return 8 + sports + len(mine["dice"])

    def is_random(self, order: Order) -> bool:
        """Rolls, rerolls and Running are chance; buying deals unknown cards from the pile.
        Each ends its file, and the turn goes on in the next tick."""
        if order.command in ("roll", "reroll", "buy_two", "refill"):
            return True
        if order.command == "use":
            name = find(order["sport"])
            return bool(name and card(name).get("effect") in RANDOM_EFFECTS)
        return False

    def begin_tick(self, state: State) -> None:
        state["log"] = []
        state["turn"]["fresh_roll"] = False

    def act(self, state: State, player: str, order: Order, dice: Any) -> list[str]:
        handler = getattr(self, f"_do_{order.command}")
        events = handler(state, player, order, dice)
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
        return [log(state, f"{player} paid {cost} token(s) for {len(dealt)} new card(s): "
                           f"{', '.join(dealt)}")]

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
            got = _take_tokens(state, player, rules()["botch_tokens"])
            return [log(state, f"{player} botched the {name} ({_dice(values)}, needs "
                               f"{card_need(name)}) and took {got} token(s) from the pool")]
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
        extra = f"; {pets} Pet(s) earned {got} token(s)" if pets else ""
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
            events.append(log(state, f"the display was empty: {len(dealt)} new card(s) laid "
                                     "out for free"))
        order = state["players"]
        following = order[(order.index(player) + 1) % len(order)]
        state["turn"] = self._new_turn(following, state["turn"]["number"] + 1)
        if display_count(state) == 0 and not seat(state, following)["dice"]:
            state["over"] = True
            state["ended_by"] = following
            events.append(log(state, f"{following} begins a turn with no cards in the display "
                                     "and none in the dice zone: the game is over"))
        return events

    def end_orders(self, state: State, player: str) -> None:
        turn = state["turn"]
        if state["over"] or turn["player"] != player or turn["fresh_roll"]:
            return
        need = {
            START: "your turn needs a main action: take cards or roll dice",
            ROLLED: "your roll waits for an answer: reroll, use a Sports card or accept",
            NEXT: "you met a card: name the next one with roll(...)",
            BOTCHED: "after a botch, end the turn with end_turn (discard cards first if you "
                     "like)",
        }[turn["phase"]]
        raise OrderError("E-TURN-INCOMPLETE", f"the file stops before your turn is done: "
                         f"{need}", answers_hint(state, player))

    def prompt(self, state: State, player: str) -> Prompt | None:
        turn = state["turn"]
        if state["over"] or turn["player"] != player or turn["phase"] == START:
            return None
        from .bots import legal_orders

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
    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def result(self, state: State) -> Result:
        from .scoring import score

        scores = {p: score(seat(state, p)["points"]) for p in state["players"]}
        if not state["over"]:
            return Result("the game is not over yet", scores, [])
        best = max(scores.values())
        tied = [p for p in state["players"] if scores[p] == best]
        most = max(seat(state, p)["tokens"] for p in tied)
        winners = [p for p in tied if seat(state, p)["tokens"] == most]
        parts = ", ".join(f"{p} {scores[p]} ({seat(state, p)['tokens']} tokens)"
                          for p in state["players"])
        if len(winners) == 1:
            how = " on tokens" if len(tied) > 1 else ""
            head = f"{winners[0]} wins{how} with {best} points"
        else:
            head = f"shared win: {' and '.join(winners)} with {best} points and {most} tokens"
        return Result(f"{head}. {parts}", scores, winners)


def _dice(values: list[int]) -> str:
    return "[" + " ".join(map(str, values)) + "]"

"""Lifestyle (AMIGO 2018): collect Pets, Cars, Houses, Sports, Jobs and Love by rolling dice.

The game object and its command table: each command's check is in checks.py and its apply in
actions.py, under the command's own name, and its row here says what else the engine must know
of it (engine/core/commands.py): whether its outcome is chance, whether it may be a standing order,
its state-free checks and its warnings (advice.py). The state is declared in state.py.

One player is awaited at a time: whoever's turn it is. A turn is an optional purchase of
display cards, then Take Cards (the turn ends) or Roll Dice. Rolling names a card in the dice
zone and rolls its dice; the roll is then answered (reroll a die for a token, use a Sports card,
accept). An accepted roll that meets the card lets the player name the next card; one that
fails is a botch (a token, then discard any dice-zone cards and end the turn); all cards met
move to the points zone.

A roll, a reroll and a purchase are outcomes nobody may know when a file is checked (their rows'
`chance`): a step-by-step file ends there and the turn goes on next tick, while a plan says
what to do with the dice before they fall (views.py gives the facts its conditions read).
Standing orders answer the player's own prompts when a file leaves them open: `accept` a roll,
and after a botch `discard` the named cards and `end_turn` (fired in `end_tick`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from ..engine.base.jsondata import JsonObject
from ..engine.base.words import counted
from ..engine.core.commands import Check, Commands, row_maker
from ..engine.core.contract import (
    Game,
    Order,
    OrderError,
    Prompt,
    Result,
    SetupError,
    runs,
)
from ..engine.core.dice import Dice
from . import actions, advice, checks, legal
from .actions import DECK_STREAM, fill, log, new_turn
from .codes import E
from .data import card, cards, deck, find, names, rules
from .model import (
    card_met,
    card_need,
    columns,
    dice_text,
    rolling,
    rows,
    score,
    seat,
    standings,
    verdict,
)
from .state import BOTCHED, NEXT, ROLLED, START, LifestyleState, Seat

# -- the command table -----------------------------------------------------------------------------


def in_short(options: list[str]) -> str:
    """The legal orders in one line for a hint: a command's several numbers joined by |
    (takerow(1|2|3)), and the cards one may take counted rather than listed."""
    grouped: dict[str, list[str]] = {}
    for text in options:
        command, _, args = text.partition("(")
        grouped.setdefault(command, []).append(args.rstrip(")"))
    parts = []
    for command, written in grouped.items():
        if command == "take_card" and len(written) > 1:
            parts.append(f"take_card(row, column) for any of the {len(written)} cards showing")
        elif len(written) == 1 or not all(a.isdigit() for a in written):
            parts.extend(f"{command}({a})" for a in written)
        else:
            parts.append(f"{command}({'|'.join(written)})")
    return ", ".join(parts)


def answers_hint(options: list[str]) -> str:
    return "legal now: " + in_short(options) if options else ""


def legal_now(state: LifestyleState, player: str) -> list[str]:
    """The orders `player` could give now, as Game.legal_orders lists them (each candidate
    its row's check accepts), for the checks' hints: a check is not given the game."""
    tests = COMMANDS.tests
    return [order.canonical() for order in legal.candidates(state, player)
            if runs(tests[order.command], state, player, order)]


def _hinted(check: Check) -> Check:
    """The check `act` runs: the command's check, and for an order given at the wrong moment
    the orders legal now as its way forward. `can ORDER` and the legal lists ask the plain
    check (the row's probe), which needs no way forward."""

    def hinted(state: LifestyleState, player: str, order: Order) -> object:
        try:
            return check(state, player, order)
        except OrderError as error:
            if error.code == E.WRONG_MOMENT and not error.hint:
                error.hint = answers_hint(legal_now(state, player))
            raise

    return hinted


# the same state-free checks for every command, and hinted checks
row = row_maker(validate=checks.validate, hinted=_hinted)


COMMANDS = Commands({
    "buy_two": row(checks.buy_two, actions.buy_two, chance=True, warn=advice.buying),
    "refill": row(checks.refill, actions.refill, chance=True, warn=advice.buying),
    "take_card": row(checks.take_card, actions.take_card),
    "take_row": row(checks.take_row, actions.take_row),
    "take_column": row(checks.take_column, actions.take_column),
    "roll": row(checks.roll, actions.roll, chance=True),
    "reroll": row(checks.reroll, actions.reroll, chance=True, warn=advice.answering),
    # Running rerolls a die (chance); the other Sports cards change the dice as they stand
    "use": row(checks.use, actions.use, chance=checks.running, warn=advice.answering),
    "accept": row(checks.accept, actions.accept, standing=True, warn=advice.answering),
    "discard": row(checks.discard, actions.discard, standing=True),
    "end_turn": row(checks.end_turn, actions.end_turn, standing=True),
})


# -- the game --------------------------------------------------------------------------------------


class Lifestyle(Game[LifestyleState]):
    id = "lifestyle"
    title = "Lifestyle"
    package = "lifestyle"
    min_players = 2
    max_players = 5
    default_players = ("Ana", "Ben", "Cleo")
    declaration = LifestyleState
    # Standing orders (their rows' `standing`) are defaults for a player's own prompts, used
    # when their file leaves one open: answer a roll with accept; after a botch discard the
    # named cards, then end the turn.
    commands = COMMANDS
    missing_orders_policy = (
        "Only the player whose turn it is (or who owes an answer to a roll) is awaited, and "
        "they must write orders: a file that neither finishes the turn nor reaches a roll or "
        "a purchase is rejected (E-TURN-INCOMPLETE), unless a standing order answers what it "
        "leaves open, so the tick waits for them.")
    absent_policy = (
        "An absent player spends nothing: with an empty dice zone they take the first card "
        "showing; otherwise they roll for each card (hardest first) and accept each roll as "
        "it falls, and a botch ends the turn with nothing discarded.")

    def parse_options(self, words: list[str], ticks: int | None) -> JsonObject:
        if words:
            raise SetupError(f"Lifestyle takes no setup words (got {' '.join(words)!r})")
        if ticks is not None:
            raise SetupError("Lifestyle has no fixed length: it ends when a player starts a "
                             "turn with an empty display and an empty dice zone (drop --ticks)")
        return {}

    def setup(self, players: list[str], options: JsonObject, dice: Dice) -> LifestyleState:
        data = rules()
        if not data["players"]["min"] <= len(players) <= data["players"]["max"]:
            raise SetupError(f"Lifestyle takes {data['players']['min']}-"
                             f"{data['players']['max']} players, not {len(players)}")
        cards()  # check the deck before anything else
        pile = deck()
        dice.stream(DECK_STREAM).shuffle(pile)
        step = data["start_tokens_step"]
        seats: dict[str, Seat] = {p: {"tokens": i * step, "dice": [], "points": []}
                 for i, p in enumerate(players)}
        state: LifestyleState = {
            "players": list(players),
            "pile": pile,
            "display": [None] * (rows() * columns()),
            "discard": [],
            "pool": data["tokens"] - sum(s["tokens"] for s in seats.values()),
            "seats": seats,
            "turn": new_turn(players[0], 1),
            "over": False,
            "ended_by": None,
            "log": [],
            "recent": [],
            "tick": 0,  # the engine's count, set again (in the same place) once setup returns
        }
        fill(state, rows() * columns())
        return state

    def vocabulary(self) -> Mapping[str, Collection[str]]:
        return _vocabulary()

    def awaiting(self, state: LifestyleState) -> list[str]:
        return [] if state["over"] else [state["turn"]["player"]]

    def max_orders(self, state: LifestyleState, player: str) -> int:
        """Enough for any turn played as one plan: purchases and a main action, then for each
        dice-zone card a roll, an accept and a discard, every token spent on a reroll and
        every Sports card turned; and a few refused tries besides."""
        mine = seat(state, player)
        sports = sum(1 for n in mine["points"] if card(n)["category"] == "sports")
        return 10 + sports + int(mine["tokens"]) + 3 * len(mine["dice"])

    def spell(self, order: Order) -> Order:
        return checks.spelled(order)

    def candidates(self, state: LifestyleState, player: str) -> Iterable[Order]:
        return legal.candidates(state, player)

    def absent_orders(self, state: LifestyleState, player: str) -> list[str]:
        """An absent player's turn goes on without spending anything of theirs: with an empty
        dice zone they take the first card showing (reading the display row by row);
        otherwise each card is rolled for (hardest first) and the roll accepted as it falls,
        no token or Sports card used; a botch ends the turn with nothing discarded."""
        turn = state["turn"]
        if state["over"] or turn["player"] != player:
            return []
        if turn["phase"] == START and not seat(state, player)["dice"]:
            for index, slot in enumerate(state["display"]):
                if slot:
                    return [f"take_card({index // columns() + 1}, {index % columns() + 1})"]
            return []
        return ['if phase == "rolled": accept',
                'while phase == "start" or phase == "next"',
                "roll($next_card)",
                "accept",
                "endwhile",
                "if botched: end_turn"]

    def turns(self, state: LifestyleState) -> int:
        """Player turns finished (the turn that finds the game over is not played)."""
        return int(state["turn"]["number"]) - 1

    def begin_tick(self, state: LifestyleState) -> None:
        state["log"] = []
        state["turn"]["fresh_roll"] = False

    # -- standing orders: defaults for the player's own prompts ------------------------------------
    def _answered(self, state: LifestyleState, player: str) -> bool:
        """Whether a standing order answers the prompt the player's turn stands at."""
        phase = state["turn"]["phase"]
        wanted = {ROLLED: "accept", BOTCHED: "end_turn"}.get(phase)
        return wanted is not None and bool(self.standing(state, player, wanted))

    def end_tick(self, state: LifestyleState, dice: Dice) -> list[str]:
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

    def _play_standing(self, state: LifestyleState, player: str, orders: list[Order],
                       dice: Dice) -> list[str]:
        text = ", ".join(o.canonical() for o in orders)
        events = [log(state, f"{player}'s standing orders answer for them: {text}")]
        for order in orders:
            events += self.act(state, player, order, dice)
        return events

    def end_orders(self, state: LifestyleState, player: str) -> None:
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
        raise OrderError(E.TURN_INCOMPLETE, f"the file stops before your turn is done: "
                         f"{need}", answers_hint(list(self.legal_orders(state, player))))

    def prompt(self, state: LifestyleState, player: str) -> Prompt | None:
        turn = state["turn"]
        if state["over"] or turn["player"] != player or turn["phase"] == START:
            return None
        if turn["phase"] == ROLLED:
            roll = rolling(state)
            met = "meets it" if card_met(roll["card"], roll["dice"]) else "does NOT meet it"
            text = (f"{player}: your roll for the {roll['card']} ({card_need(roll['card'])}) "
                    f"shows {dice_text(roll['dice'])}, which {met}.")
        elif turn["phase"] == NEXT:
            text = (f"{player}: met so far this turn: {', '.join(turn['fulfilled'])}; name the "
                    "next card to roll for.")
        else:
            text = (f"{player}: you botched. Discard any cards from your dice zone, then "
                    "end_turn.")
        return Prompt(player, text, tuple(self.legal_orders(state, player)))

    # -- the end -----------------------------------------------------------------------------------
    def figures(self, state: LifestyleState, player: str) -> dict[str, int]:
        """What the sheet leads with, for `history`."""
        mine = seat(state, player)
        return {"points": score(mine["points"]), "tokens": mine["tokens"],
                "points zone": len(mine["points"]), "dice zone": len(mine["dice"])}

    def public_figures(self) -> tuple[str, ...]:
        """Every seat's cards and tokens lie open: the PLAYERS table shows them all."""
        return ("points", "tokens", "points zone", "dice zone")

    def is_over(self, state: LifestyleState) -> bool:
        return bool(state["over"])

    def result(self, state: LifestyleState) -> Result:
        """The winner first, in one sentence, then every player's points and tokens."""
        scores = {p: score(seat(state, p)["points"]) for p in state["players"]}
        if not state["over"]:
            return Result("the game is not over yet", scores, [])
        places = standings(state["seats"], state["players"])
        parts = ", ".join(f"{p} {scores[p]} ({counted(seat(state, p)['tokens'], 'token')})"
                          for _, p in places)
        return Result(f"{verdict(state['seats'], state['players'])}. Final scores: {parts}.",
                      scores, [p for place, p in places if place == 1])


_VOCABULARY: dict[str, frozenset[str]] = {}


def _vocabulary() -> dict[str, frozenset[str]]:
    """The names state.py's bounds refer to, from cards.yaml (made once)."""
    if not _VOCABULARY:
        _VOCABULARY.update({"card": frozenset(cards()), "sport": frozenset(names("sports"))})
    return _VOCABULARY

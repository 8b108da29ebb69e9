"""A tiny game that exercises every hook of the engine's Game contract.

Each player has a running total. `add(n)` adds to it; `take(n)` takes from a pool shared by all
players (two players each taking what is there collide: E-CONFLICT); `roll()` is a random order
that leaves a pending prompt, so the roller alone is awaited next tick and must write
`answer(keep)` or `answer(drop)`. The end of each tick draws from the "weather" stream so that the
state depends on the dice seed.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any, TypedDict

from lifegames.engine.core.commands import Command, Commands
from lifegames.engine.core.contract import (
    AnyGame,
    Arg,
    EngineState,
    Order,
    OrderError,
    Prompt,
    Result,
    SetupError,
    State,
)
from lifegames.engine.core.declared import PLAYER, PUBLIC, Keys, OneOf, Range

GRAMMAR = str(Path(__file__).resolve().with_name("toy.lark"))
ANSWERS = ("keep", "drop")


class Pending(TypedDict):
    player: Annotated[str, PUBLIC, OneOf(PLAYER)]
    roll: Annotated[int, PUBLIC, Range(1, 6)]


class ToyState(EngineState):
    """Everything is on the table: the toy has no secrets (the declared games test those)."""

    players: Annotated[list[Annotated[str, OneOf(PLAYER)]], PUBLIC]
    max_ticks: Annotated[int, PUBLIC, Range(0)]
    totals: Annotated[dict[str, int], PUBLIC, Keys(PLAYER)]
    pool: Annotated[int, PUBLIC, Range(0)]
    pending: Annotated[Pending | None, PUBLIC]
    weather: Annotated[list[Annotated[int, Range(1, 6)]], PUBLIC]
    log: Annotated[list[str], PUBLIC]


def _listed(command: str, value: int | str | None = None) -> Order:
    """A legal-list candidate, spelled as a player writes it."""
    if value is None:
        return Order(command, (), 0, 1, 2, f"{command}()")
    kind = "int" if isinstance(value, int) else "word"
    name = "amount" if isinstance(value, int) else "choice"
    return Order(command, (Arg(name, value, 1, 2, kind),), 0, 1, 2, f"{command}({value})")


def _log(state: State, text: str) -> list[str]:
    state["log"].append(text)
    return [text]


def _not_prompted(state: State, player: str) -> None:
    pending = state["pending"]
    if pending and pending["player"] == player:
        raise OrderError("E-PROMPT-PENDING", "answer your roll first",
                         "write answer(keep) or answer(drop)")


def validate_amount(order: Order) -> None:
    if order.arg("amount") is not None and order.arg("amount").kind == "int" \
            and order["amount"] <= 0:
        raise OrderError("E-BAD-AMOUNT", f"amount must be at least 1, not "
                         f"{order['amount']}", "", "amount")


def check_add(state: State, player: str, order: Order) -> int:
    _not_prompted(state, player)
    validate_amount(order)
    return int(order["amount"])


def check_take(state: State, player: str, order: Order) -> int:
    amount = check_add(state, player, order)
    if state["pool"] < amount:
        raise OrderError("E-POOL-EMPTY", f"the pool holds {state['pool']}, not {amount}", "",
                         "amount")
    return amount


def check_roll(state: State, player: str, order: Order) -> None:
    _not_prompted(state, player)


def check_answer(state: State, player: str, order: Order) -> str:
    pending = state["pending"]
    if not pending or pending["player"] != player:
        raise OrderError("E-NO-PROMPT", "there is no roll to answer", "", "choice")
    if order["choice"] not in ANSWERS:
        raise OrderError("E-BAD-ANSWER", f"answer {order['choice']!r} is not allowed",
                         "answer keep or answer drop", "choice")
    return str(order["choice"])


def apply_add(game: AnyGame, state: State, player: str, amount: int, dice: Any) -> list[str]:
    state["totals"][player] += amount
    return _log(state, f"{player} add {amount}")


def apply_take(game: AnyGame, state: State, player: str, amount: int, dice: Any) -> list[str]:
    state["pool"] -= amount
    state["totals"][player] += amount
    return _log(state, f"{player} take {amount}")


def apply_roll(game: AnyGame, state: State, player: str, _: None, dice: Any) -> list[str]:
    value = dice.stream("roll").d6()
    state["pending"] = {"player": player, "roll": value}
    return _log(state, f"{player} rolled {value}")


def apply_answer(game: AnyGame, state: State, player: str, choice: str, dice: Any) -> list[str]:
    roll = state["pending"]["roll"]
    state["pending"] = None
    if choice == "keep":
        state["totals"][player] += roll
    return _log(state, f"{player} answered {choice}")


COMMANDS = Commands({
    "add": Command(check_add, apply_add, validate=validate_amount),
    "take": Command(check_take, apply_take, validate=validate_amount),
    "roll": Command(check_roll, apply_roll, chance=True),
    "answer": Command(check_answer, apply_answer),
})


class ToyGame(AnyGame):
    id = "toy"
    title = "Toy"
    package = "toy"
    grammar = GRAMMAR
    min_players = 1
    max_players = 4
    default_players = ("Ann", "Bob")
    declaration = ToyState
    commands = COMMANDS

    def parse_options(self, words: list[str], ticks: int | None) -> dict[str, Any]:
        if words:
            raise SetupError(f"toy takes no words, got {words!r}")
        return {"ticks": 5 if ticks is None else ticks}

    def setup(self, players: list[str], options: dict[str, Any], dice: Any) -> State:
        return {
            "players": list(players),
            "max_ticks": options["ticks"],
            "totals": {p: 0 for p in players},
            "pool": 5,
            "pending": None,
            "weather": [dice.stream("weather").d6()],
            "log": [],
        }

    def awaiting(self, state: State) -> list[str]:
        if self.is_over(state):
            return []
        if state["pending"]:
            return [state["pending"]["player"]]
        return list(state["players"])

    def max_orders(self, state: State, player: str) -> int | None:
        return 3

    def begin_tick(self, state: State) -> None:
        state["log"] = []

    def candidates(self, state: State, player: str) -> Iterable[Order]:
        if self.prompt(state, player):
            return [_listed("answer", a) for a in ANSWERS]
        return [_listed("add", 1), _listed("roll"), _listed("take", 1)]

    def end_tick(self, state: State, dice: Any) -> list[str]:
        state["weather"].append(dice.stream("weather").d6())
        return [f"weather {state['weather'][-1]}"]

    def prompt(self, state: State, player: str) -> Prompt | None:
        pending = state["pending"]
        if pending and pending["player"] == player:
            return Prompt(player, f"you rolled {pending['roll']}",
                          tuple(f"answer({a})" for a in ANSWERS))
        return None

    def views(self, state: State, player: str) -> dict[str, str]:
        lines = [f"{player} tick {state['tick']}", f"total {state['totals'][player]}",
                 f"pool {state['pool']}", f"weather {state['weather'][-1]}", *state["log"]]
        asked = self.prompt(state, player)
        if asked:
            lines += [asked.text, *asked.answers]
        return {"sheet.txt": "\n".join(lines) + "\n"}

    def order_template(self, state: State, player: str) -> str:
        return f"# {player}: orders for tick {state['tick'] + 1}\n"

    def public_state(self, state: State) -> dict[str, Any]:
        return dict(state)

    def status_lines(self, state: State) -> list[str]:
        return [f"pool {state['pool']}"]

    def is_over(self, state: State) -> bool:
        return state["tick"] >= state["max_ticks"]

    def result(self, state: State) -> Result:
        return Result("done", dict(state["totals"]))


TOY = ToyGame()
GAME = TOY  # so the registry can load this module like a real game's package

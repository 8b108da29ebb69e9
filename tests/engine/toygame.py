"""A tiny game that exercises every hook of the engine's Game contract.

Each player has a running total. `add(n)` adds to it; `take(n)` takes from a pool shared by all
players (two players each taking what is there collide: E-CONFLICT); `roll()` is a random order
that leaves a pending prompt, so the roller alone is awaited next tick and must write
`answer(keep)` or `answer(drop)`. The end of each tick draws from the "weather" stream so that the
state depends on the dice seed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lifegames.engine.contract import Game, Order, OrderError, Prompt, Result, SetupError, State

GRAMMAR = str(Path(__file__).resolve().with_name("toy.lark"))
ANSWERS = ("keep", "drop")


class ToyGame(Game):
    id = "toy"
    title = "Toy"
    package = "toy"
    grammar = GRAMMAR
    min_players = 1
    max_players = 4
    default_players = ("Ann", "Bob")

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

    def is_random(self, order: Order) -> bool:
        return order.command == "roll"

    def begin_tick(self, state: State) -> None:
        state["log"] = []

    def act(self, state: State, player: str, order: Order, dice: Any) -> list[str]:
        pending = state["pending"]
        if order.command == "answer":
            if not pending or pending["player"] != player:
                raise OrderError("E-NO-PROMPT", "there is no roll to answer", "", "choice")
            if order["choice"] not in ANSWERS:
                raise OrderError("E-BAD-ANSWER", f"answer {order['choice']!r} is not allowed",
                                 "answer keep or answer drop", "choice")
            state["pending"] = None
            if order["choice"] == "keep":
                state["totals"][player] += pending["roll"]
            return self._log(state, f"{player} answered {order['choice']}")
        if pending and pending["player"] == player:
            raise OrderError("E-PROMPT-PENDING", "answer your roll first",
                             "write answer(keep) or answer(drop)")
        if order.command in ("add", "take"):
            self.validate(player, order)
            amount = order["amount"]
            if order.command == "take":
                if state["pool"] < amount:
                    raise OrderError("E-POOL-EMPTY", f"the pool holds {state['pool']}, "
                                     f"not {amount}", "", "amount")
                state["pool"] -= amount
            state["totals"][player] += amount
            return self._log(state, f"{player} {order.command} {amount}")
        if order.command == "roll":
            value = dice.stream("roll").d6()
            state["pending"] = {"player": player, "roll": value}
            return self._log(state, f"{player} rolled {value}")
        raise AssertionError(order.command)

    def validate(self, player: str, order: Order) -> None:
        if order.command in ("add", "take") and order.arg("amount") is not None \
                and order.arg("amount").kind == "int" and order["amount"] <= 0:
            raise OrderError("E-BAD-AMOUNT", f"amount must be at least 1, not "
                             f"{order['amount']}", "", "amount")

    @staticmethod
    def _log(state: State, text: str) -> list[str]:
        state["log"].append(text)
        return [text]

    def end_tick(self, state: State, dice: Any) -> list[str]:
        state["weather"].append(dice.stream("weather").d6())
        return [f"weather {state['weather'][-1]}"]

    def prompt(self, state: State, player: str) -> Prompt | None:
        pending = state["pending"]
        if pending and pending["player"] == player:
            return Prompt(player, f"you rolled {pending['roll']}",
                          tuple(f"answer({a})" for a in ANSWERS))
        return None

    def legal_orders(self, state: State, player: str) -> list[str]:
        if self.prompt(state, player):
            return [f"answer({a})" for a in ANSWERS]
        return ["add(1)", "roll()"] + (["take(1)"] if state["pool"] else [])

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

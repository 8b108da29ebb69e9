"""The toy game on a grammar built on grammars/common.lark, so its files may hold plans,
standing orders, `absent` and the `orders for tick N` line; with facts for conditions.

The grammar lives in a temporary folder beside a copy of common.lark (grammars import it by a
relative path), made once per test process.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from lifegames.engine.core.contract import Order, OrderError, State
from lifegames.engine.files.data import grammar_path
from toygame import ANSWERS, ToyGame

GRAMMAR_TEXT = """
%import .common (line, order, condition, INT, REF, WORD, WS, COMMENT)
%override order: add | take | roll | answer
add: "add" "(" amount ")"
take: "take" "(" amount ")"
roll: "roll" ("(" ")")?
answer: "answer" "(" choice ")"
amount: INT | REF
choice: WORD | REF
%ignore WS
%ignore COMMENT
"""


def _grammar() -> str:
    folder = Path(tempfile.mkdtemp(prefix="lifegames-toy-plans-"))
    shutil.copy(grammar_path("common"), folder / "common.lark")
    path = folder / "toy_plans.lark"
    path.write_text(GRAMMAR_TEXT, encoding="utf-8")
    return str(path)


class PlannedToy(ToyGame):
    id = "planned-toy"
    grammar = _grammar()
    standing_commands = frozenset({"answer"})
    absent_policy = "An absent toy player adds 1."
    limit: int | None = 3

    def max_orders(self, state: State, player: str) -> int | None:
        return self.limit

    def facts(self, state: State, player: str) -> dict[str, Any]:
        pending = state["pending"]
        mine = pending is not None and pending["player"] == player
        return {"total": state["totals"][player], "pool": state["pool"],
                "rolled": pending["roll"] if mine else 0, "pending": mine,
                "weather": list(state["weather"]), "choice": "keep"}

    def fact_names(self) -> list[str]:
        return ["total", "pool", "rolled", "pending", "weather", "choice"]

    def validate(self, player: str, order: Order) -> None:
        super().validate(player, order)
        arg = order.arg("choice")
        if arg is not None and arg.kind != "ref" and arg.value not in ANSWERS:
            raise OrderError("E-BAD-ANSWER", f"answer {arg.value!r} is not allowed",
                             "answer keep or answer drop", "choice")

    def warnings(self, state: State, player: str, order: Order) -> list[OrderError]:
        pending = state["pending"]
        if order.command == "answer" and order["choice"] == "drop" and pending \
                and pending["player"] == player and pending["roll"] == 6:
            return [OrderError("W-DROPS-A-SIX", "this drops a roll of 6, the best there is",
                               "answer(keep) keeps it", "choice")]
        return []

    def absent_orders(self, state: State, player: str) -> list[str]:
        return ["add(1)"]


PLANNED = PlannedToy()

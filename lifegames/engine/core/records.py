"""The records of one order: its arguments, the order as parsed, and the error of an order that
cannot run. They sit apart from the contract so that the parser (orders.py), which makes them,
and the contract, which reads standing orders through the parser, import in one direction;
contract.py hands them on, and games import them from there."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..base.codes import Code
from ..base.errors import LifegamesError


class Arg(NamedTuple):
    """One argument of an order, with where it was written (for carets under the right text).
    A tuple: bots build tens of thousands of orders a game, and tuples are cheap to make."""

    name: str
    # an int for "int", a str otherwise; Any, not `int | str`: each game's checks read their
    # own arguments as the type the grammar gave them, without narrowing them first
    value: Any
    column: int
    end_column: int
    kind: str = "string"  # "int", "string" (quoted), "word" (bare) or "ref" ($fact): canonical()


@dataclass(slots=True)
class Order:
    """One parsed order line. `command` is the grammar rule's name; args keep grammar order.
    Treated as read-only once made (not frozen: frozen dataclasses are slow to build)."""

    command: str
    args: tuple[Arg, ...]
    line: int
    column: int
    end_column: int
    source: str

    @classmethod
    def make(cls, command: str, **args: int | str) -> Order:
        """An order built in code (bots, hints): ints stay numbers, other values are names."""
        built = tuple(Arg(k, v, 1, 2, "int" if isinstance(v, int) else "string")
                      for k, v in args.items())
        return cls(command, built, 0, 1, 2, "")

    def __getitem__(self, name: str) -> Any:  # an Arg's value (see Arg)
        for arg in self.args:
            if arg.name == name:
                return arg.value
        raise KeyError(name)

    def arg(self, name: str) -> Arg | None:
        for arg in self.args:
            if arg.name == name:
                return arg
        return None

    def canonical(self) -> str:
        """The stable spelling written to executed_orders.txt (and read back by a replay)."""
        parts = [f'"{a.value}"' if a.kind == "string" else f"${a.value}" if a.kind == "ref"
                 else str(a.value) for a in self.args]
        return f"{self.command}({', '.join(parts)})"


class OrderError(LifegamesError):
    """An order that cannot run now. `arg` names the argument the caret should point at."""

    def __init__(self, code: Code, message: str, hint: str = "", arg: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.hint = hint
        self.arg = arg


def runs(check: Callable[..., object], *args: object) -> bool:
    """True when `check(*args)` raises no OrderError. The legal-order lists ask the rules'
    own checks "could this run now?" this way, so the rules are written once."""
    try:
        check(*args)
    except OrderError:
        return False
    return True

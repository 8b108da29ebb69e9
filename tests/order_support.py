"""What every game's rule tests need to drive orders: parse a line or a file with the game's
grammar, apply an order through the game's one `act`, hold a refusal to the project's standard
(its code, the state untouched, a way forward), check a file as `check` does and play a tick as
`tick` does. One `GameOrders` per game, made in that game's tests/<game>/helpers.py, so every
game's tests drive orders the same way and a change to how is made once, here."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pytest

from lifegames.engine.core import turn
from lifegames.engine.core.contract import Game, Order, OrderError
from lifegames.engine.core.orders import ParsedFile, parse_text

YOU_HAVE = r"\byou have\b"  # "needs 20 gold, you have 12": the message itself says what to do


class NoDice:
    """Dice for an order that must not roll or shuffle: any use fails the test."""

    def stream(self, name: str) -> Any:
        raise AssertionError(f"this order should need no chance (stream {name!r})")


def parse_one(grammar: str, text: str) -> Order:
    parsed = parse_text(grammar, text, "T")
    assert not parsed.problems, [p.render() for p in parsed.problems]
    assert len(parsed.orders) == 1, text
    return parsed.orders[0]


def parse_file(grammar: str, text: str, path: str = "T") -> ParsedFile:
    return parse_text(grammar, text, path)


def assert_way_forward(error: OrderError, says: str = YOU_HAVE) -> None:
    """A refusal tells the player what to do: a hint, or a message matching `says`."""
    assert error.message.strip(), f"{error.code}: empty message"
    assert error.hint.strip() or re.search(says, error.message), (
        f"{error.code}: {error.message!r} gives no way forward (empty hint)")


def refused(game: Game, state: dict[str, Any], player: str, order: Order, code: str,
            dice: Any = None, says: str = YOU_HAVE) -> OrderError:
    """`order` must be refused with `code`, leave the state untouched, and say how to go on."""
    before = copy.deepcopy(state)
    with pytest.raises(OrderError) as info:
        game.act(state, player, order, dice)
    error = info.value
    text = order.source or order.canonical()
    assert error.code == code, f"{text}: got {error.code}: {error.message}"
    assert state == before, f"{text}: a refused order changed the state"
    assert_way_forward(error, says)
    return error


def no_chance() -> None:
    """The dice of a game whose orders never roll: none at all."""
    return None


State = dict[str, Any]


@dataclass(frozen=True)
class GameOrders:
    """One game's way of driving orders in a test: its `game`, its `grammar` (the name under
    grammars/), the `seed` a tick is played with unless a test names another, the dice an order
    gets when the test gives none (`no_dice`, called afresh each time: by default dice that
    fail the test if the order rolls), what a refusal may say instead of a hint (`says`) and
    the game's own invariants, checked after every order applied (`invariants`)."""

    game: Game
    grammar: str
    seed: int
    no_dice: Callable[[], Any] = NoDice
    says: str = YOU_HAVE
    invariants: Callable[[State], None] | None = None

    def parse_one(self, text: str) -> Order:
        """The one order on `text`, parsed with the game's grammar (no problem allowed)."""
        return parse_one(self.grammar, text)

    def parse_file(self, text: str, path: str = "T") -> ParsedFile:
        return parse_file(self.grammar, text, path)

    def order(self, state: State, player: str, text: str, dice: Any = None) -> list[str]:
        """Parse one order line and apply it with the game's `act`; the events it wrote."""
        events = self.game.act(state, player, self.parse_one(text),
                               dice if dice is not None else self.no_dice())
        if self.invariants is not None:
            self.invariants(state)
        return events

    def orders(self, state: State, player: str, lines: str, dice: Any = None) -> list[str]:
        """Each line of `lines` as `order`, in turn; all their events."""
        events: list[str] = []
        for line in lines.strip().splitlines():
            events += self.order(state, player, line.strip(), dice)
        return events

    def reject(self, state: State, player: str, text: str, code: str,
               dice: Any = None) -> OrderError:
        """The order must be refused with `code`, leave the state untouched, and say how to
        go on (a hint, or a message matching `says`)."""
        return refused(self.game, state, player, self.parse_one(text), code,
                       dice if dice is not None else self.no_dice(), self.says)

    def check_alone(self, state: State, player: str, text: str) -> turn.FileCheck:
        """`check` as a player runs it: the file alone, on that player's knowledge of the
        state (the engine's default), with dice nobody plays with."""
        return turn.check_file(self.game, state, player,
                               self.parse_file(text, f"{player}_orders.txt"))

    def play(self, state: State, files: dict[str, str], seed: int | None = None,
             everyone: Iterable[str] | None = None) -> turn.TickOutcome:
        """One tick through the engine with these players' files; with `everyone`, each of
        those players sends their file in `files` or an empty one."""
        texts = files if everyone is None else {p: files.get(p, "") for p in everyone}
        parsed = {p: self.parse_file(t, f"{p}_orders.txt") for p, t in texts.items()}
        return turn.play_tick(self.game, state, parsed, self.seed if seed is None else seed)

    def play_awaited(self, state: State, text: str, seed: int | None = None
                     ) -> turn.TickOutcome:
        """One tick through the engine with the file of the one player awaited."""
        (player,) = self.game.awaiting(state)
        return self.play(state, {player: text}, seed)

    def legal(self, state: State, player: str) -> list[str]:
        return list(self.game.legal_orders(state, player))

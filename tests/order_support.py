"""What every game's rule tests need to drive orders one at a time: parse a line with the
game's grammar, apply it through the game's one `act`, and hold a refusal to the project's
standard (its code, the state untouched, a way forward). Each game's helpers.py binds these to
its grammar and game."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from lifegames.engine.contract import Game, Order, OrderError
from lifegames.engine.orders import ParsedFile, parse_text

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

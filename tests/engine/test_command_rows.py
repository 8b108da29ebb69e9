"""Every game builds its command table one way: a row maker from engine.core.commands (`row =
row_maker(...)`, the options all its rows share) and one `row(check, apply, ...)` per command,
each an engine Command whose check and apply can be called, named as orders.yaml names them."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from lifegames import registry
from lifegames.engine.core.commands import Command, row_maker
from lifegames.engine.text.reference import order_docs

GAMES = registry.ids()


def _rules_source(game_id: str) -> str:
    module = importlib.import_module(type(registry.get(game_id)).__module__)
    assert module.__file__ is not None
    return Path(module.__file__).read_text(encoding="utf-8")


def _how_built(source: str) -> tuple[list[str], list[str]]:
    """What `row` is made by, and what each value of the COMMANDS table is a call to."""
    makers, calls = [], []
    for node in ast.parse(source).body:
        if not isinstance(node, ast.Assign) or not isinstance(node.targets[0], ast.Name):
            continue
        name, value = node.targets[0].id, node.value
        if name == "row" and isinstance(value, ast.Call):
            makers.append(ast.unparse(value.func))
        if name == "COMMANDS" and isinstance(value, ast.Call) and value.args and \
                isinstance(value.args[0], ast.Dict):
            calls += [ast.unparse(v.func) if isinstance(v, ast.Call) else ast.unparse(v)
                      for v in value.args[0].values]
    return makers, calls


@pytest.mark.parametrize("game_id", GAMES)
def test_every_row_is_made_by_the_games_row_maker(game_id: str) -> None:
    makers, calls = _how_built(_rules_source(game_id))
    assert makers == ["row_maker"]
    assert calls and set(calls) == {"row"}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_row_is_a_command_named_as_orders_yaml_names_it(game_id: str) -> None:
    game = registry.get(game_id)
    for name, command in game.commands.items():
        assert type(command) is Command, name
        assert callable(command.check) and callable(command.apply), name
        assert callable(command.test), name
    assert set(game.commands) <= set(order_docs(game))


def test_the_scan_tells_a_hand_built_row_from_a_made_one() -> None:
    made = "row = row_maker(validate=v)\nCOMMANDS = Commands({'a': row(c, a)})\n"
    by_hand = "COMMANDS = Commands({'a': Command(c, a), 'b': _row(c, a)})\n"
    assert _how_built(made) == (["row_maker"], ["row"])
    assert _how_built(by_hand) == ([], ["Command", "_row"])


def test_a_hinted_maker_keeps_the_plain_check_as_the_probe() -> None:
    def check(state: object, player: str, order: object) -> str:
        return "plain"

    def hinted(inner: object) -> object:
        return lambda state, player, order: "hinted"

    made = row_maker(hinted=hinted, standing=True)(check, lambda *a: [])
    assert made.probe is check and made.standing
    assert made.check(None, "Ana", None) == "hinted"
    assert row_maker(standing=True)(check, lambda *a: [], standing=False).standing is False

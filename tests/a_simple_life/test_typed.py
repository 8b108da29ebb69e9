"""A Simple Life's code is typed by its own state: the game object is a game of the state
state.py declares, and no module of the package reads a state as the engine's untyped JSON
(`State`, `AnyGame`), so mypy checks every key a check, action, view or bot reads."""

from __future__ import annotations

import re
from pathlib import Path

from lifegames.a_simple_life import GAME, state
from lifegames.engine.core.contract import Game

PACKAGE = Path(state.__file__).parent


def test_the_game_is_a_game_of_its_declared_state() -> None:
    assert Game[state.SimpleLifeState] in type(GAME).__orig_bases__  # as written in rules.py
    assert type(GAME).declaration is state.SimpleLifeState


def test_no_module_holds_the_state_as_untyped_json() -> None:
    # the balance script drives whole games through the engine's ticks, which hand states on
    # as JSON: it alone may
    untyped = re.compile(r"\b(State|AnyGame)\b")
    found = [f"{path.name}:{n}" for path in sorted(PACKAGE.glob("*.py"))
             if path.name != "balance.py"
             for n, line in enumerate(path.read_text().splitlines(), start=1)
             if untyped.search(line)]
    assert not found, found

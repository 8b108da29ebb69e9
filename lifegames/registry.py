"""The games this installation knows: id -> module holding a `GAME` instance.

Modules are imported only when asked for, so a command touching one game never pays for others.
"""

from __future__ import annotations

import importlib

from .engine.contract import Game

GAMES: dict[str, str] = {
    "simple-kingdoms": "lifegames.simple_kingdoms",
    "a-simple-life": "lifegames.a_simple_life",
    "lifestyle": "lifegames.lifestyle",
    "a-chaotic-life": "lifegames.a_chaotic_life",
}
DEFAULT = "simple-kingdoms"


def get(game_id: str) -> Game:
    """The game called `game_id`; KeyError if there is none."""
    module = importlib.import_module(GAMES[game_id])
    return module.GAME


def ids() -> list[str]:
    return sorted(GAMES)

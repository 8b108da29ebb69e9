"""The games this installation knows: id -> module holding a `GAME` instance.

Modules are imported only when asked for, so a command touching one game never pays for others.
"""

from __future__ import annotations

import importlib

from .engine.core.contract import AnyGame, Game

GAMES: dict[str, str] = {
    "simple-kingdoms": "lifegames.simple_kingdoms",
    "a-simple-life": "lifegames.a_simple_life",
    "lifestyle": "lifegames.lifestyle",
    "the-sims": "lifegames.the_sims",
    "a-chaotic-life": "lifegames.a_chaotic_life",
}
DEFAULT = "simple-kingdoms"


def canonical(game_id: str) -> str:
    """A game id as written anywhere (`Lifestyle`, `a_simple_life`) in its one spelling
    (`lifestyle`, `a-simple-life`); KeyError if no game has it."""
    wanted = game_id.strip().lower().replace("_", "-").replace(" ", "-")
    if wanted not in GAMES:
        raise KeyError(game_id)
    return wanted


def get(game_id: str) -> AnyGame:
    """The game called `game_id` (in any case, with '_' or '-'); KeyError if there is none."""
    module = importlib.import_module(GAMES[canonical(game_id)])
    game = module.GAME
    if not isinstance(game, Game):
        raise TypeError(f"{module.__name__}.GAME is not a Game")
    return game


def ids() -> list[str]:
    return sorted(GAMES)

"""A game's parts, declared: what the engine asks of a game's views, board and bots, as
Protocols a game's modules satisfy, and the one record (`Parts`) that hands them to the game.

Every game package has the same shape (README: Layout): views.py turns a player's view into
what they see (sheets, template, JSON views, facts), board.py draws the board picture beside
the sheets, bots.py holds the judgement a bot chooses by. The package's __init__ names its
modules here, each behind a function that imports it, so the type checker holds every module
to its Protocol and nothing is looked up by name; and each part is imported on first use, so
a `check` never loads the sheet code and no simulation loads the SVG writer (engine/base/svg.py,
host side). A game's warnings (advice.py) are not a part: each command's row names its own
(`Command.warn`, engine/core/commands.py), typed there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..base.jsondata import JsonObject

if TYPE_CHECKING:
    import random

    from ..base.codes import Codes
    from ..base.svg import Picture
    from .contract import AnyGame


# A game's own state, or a player's view of it (the TypedDict its state.py declares): each
# game's modules take their own type, which the engine does not know.
GameState = Any


class Views(Protocol):
    """What a player sees, made from their view (`Game.knowledge`; None: a spectator's), and
    what the referee sees. Arguments are positional: each game names them its own way."""

    def views(self, game: AnyGame, view: GameState, player: str, /) -> dict[str, str]:
        """The player's files for this tick: name -> text (the sheets)."""

    def order_template(self, game: AnyGame, view: GameState, player: str, /) -> str:
        """The order file the player is given to fill in."""

    def public_state(self, game: AnyGame, state: GameState, /) -> JsonObject:
        """The referee's view as data (`state --json`)."""

    def player_state(self, game: AnyGame, view: GameState, player: str, /) -> JsonObject:
        """What the player may know, as data (`state --json --player NAME`)."""

    def status_lines(self, game: AnyGame, view: GameState, /) -> list[str]:
        """What `status` shows anyone."""

    def order_help(self, game: AnyGame, /) -> JsonObject:
        """Per-command help and the value lists of `play.py orders`."""

    def facts(self, game: AnyGame, view: GameState, player: str, /) -> JsonObject:
        """What a plan's conditions and `$name` arguments may read."""

    def describe(self, game: AnyGame, name: str, /) -> str | None:
        """What a name an order may give is (a card, a building), for an editor's hover; None
        for a name the game does not know."""

    def held(self, game: AnyGame, view: GameState, player: str, /) -> list[str]:
        """The names of the cards the player holds, hand first (empty: no hand)."""


class Board(Protocol):
    """The board picture of a view, and what the last tick did, in words."""

    def board(self, game: AnyGame, view: GameState, player: str | None, /) -> Picture:
        """The picture (engine/base/svg.py writes it)."""

    def happened(self, game: AnyGame, view: GameState, player: str | None, /) -> list[str]:
        """The last tick, as the player was told it (the story page)."""


class Bots(Protocol):
    """The judgement of the greedy bot: what the rules leave to a player's choice."""

    def heuristic(self, game: AnyGame, state: GameState, player: str, /) -> float:
        """How good `state` looks for `player` (the greedy bot maximises it)."""

    def rank(self, game: AnyGame, state: GameState, player: str, options: list[str], /
             ) -> list[str]:
        """The legal orders, best first among those the bot cannot look past."""

    def plan(self, game: AnyGame, state: GameState, player: str, rng: random.Random, /
             ) -> list[str] | None:
        """The bot's whole file for this tick as plan lines, or None to let the engine's
        step-by-step greedy bot choose."""


@dataclass(frozen=True)
class Parts:
    """A game's parts: each a function that imports the module and returns it (imported on
    first use, see above), and the game's own problem codes (its codes.py's E and W)."""

    views: Callable[[], Views]
    board: Callable[[], Board] | None = None
    bots: Callable[[], Bots] | None = None
    codes: Sequence[type[Codes]] = ()

"""One player's order file checked on what that player knows, wherever the file stands.

In a seat, seat.json holds the knowledge the host left for its player; in a game folder (the
host's, or one shared by every player), the file is checked as the player whose folder holds
it, on `game.knowledge(state, player)` with dice nobody plays with, as `check` does. `check`
run in a seat and the language server (lifegames/lsp) both call `check_as`, which calls
turn.check_file as the host's `check` does: an editor's diagnostics are check's problems, never
a second validator's. Nothing here writes anything, nor takes the folder's lock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..base.codes import W
from ..core.contract import AnyGame, State, clone
from ..core.orders import ParsedFile, Problem
from ..core.plans import problem
from ..core.turn import FileCheck, check_file, standing_lines, unended
from ..folder.folder import FolderError
from . import seats as seat_files


@dataclass(frozen=True)
class Standpoint:
    """Whose order file it is and what they know: `state` is what check_file takes as the
    state (the whole game in a folder, the player's knowledge in a seat); `knowledge` is the
    seat's knowledge (checks run on a copy), None where check_file derives it from `state`."""

    game: AnyGame
    player: str
    state: State
    knowledge: State | None
    awaited: tuple[str, ...]
    players: tuple[str, ...]
    over: bool
    seat: bool
    result: str = ""  # how the game ended (a seat's, once it is over)

    @property
    def next_tick(self) -> int:
        return int(self.state["tick"]) + 1

    @property
    def is_awaited(self) -> bool:
        return self.player in self.awaited

    def known(self) -> State:
        """A fresh copy of what the player knows, to run orders on."""
        if self.knowledge is not None:
            known: State = clone(self.knowledge)
            return known
        view: State = self.game.knowledge(self.state, self.player)
        return view

    def not_awaited_note(self) -> str:
        """What a file of a player who is not awaited can still do."""
        return (f"your orders are not awaited now ({', '.join(self.awaited) or 'nobody'}): "
                "only standing orders take effect, from a file that starts with `orders for "
                f"tick {self.next_tick}` and ends with `end`")


@dataclass
class PlayerCheck:
    """A file checked from its player's standpoint. `result` is the whole check of an
    awaited player's file (None for a player who is not awaited: only their standing lines
    count); `problems` are every E- problem, `warnings` the W- ones."""

    standpoint: Standpoint
    parsed: ParsedFile
    result: FileCheck | None
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    standing: list[str] | None = None


PLAIN = ("header", "standing", "standing_none")  # lines a file out of turn may hold


def out_of_turn(where: Standpoint, parsed: ParsedFile) -> Problem | None:
    """W-NOT-AWAITED on the first order (or plan line) of a file whose player is not awaited:
    such orders never run as written. A file that names the coming tick (or an earlier one)
    is stale once that tick is played (E-STALE-ORDERS), so its orders never run at all; one
    that names no tick keeps them for the first tick that awaits its player, against sheets
    not yet written. Standing lines are not warned of: they take effect out of turn. A file
    for a later tick is a draft for it, checked when it comes."""
    if where.is_awaited or where.over:
        return None
    first = next((line for line in parsed.lines if line.kind not in PLAIN), None)
    header = parsed.header
    tick = header.tick if header is not None else None
    if first is None or (tick is not None and tick > where.next_tick):
        return None
    whose = ", ".join(where.awaited) or "nobody"
    end = first.order.end_column if first.order is not None else None
    standing = ("only `standing` lines take effect out of turn (in a file that starts with "
                f"`orders for tick {where.next_tick}` and ends with `end`)")
    if tick is None:
        return problem(parsed.path, first, W.NOT_AWAITED,
                       f"these orders do not run now: tick {where.next_tick} awaits only "
                       f"{whose}; left in this file, they run at the first tick that awaits "
                       "you, against sheets you have not seen yet",
                       "delete them, or check them again once your sheet says it is your "
                       f"turn; {standing}", end=end)
    return problem(parsed.path, first, W.NOT_AWAITED,
                   f"these orders will never run: tick {where.next_tick} awaits only {whose}, "
                   "and once it is played this file is for an earlier tick (E-STALE-ORDERS)",
                   "write them when your sheet says your orders are awaited, under the "
                   f"`orders for tick` line of that sheet's template; {standing}", end=end)


def check_as(where: Standpoint, parsed: ParsedFile) -> PlayerCheck:
    """`parsed` checked as `check` checks it for that player (see the module's docstring)."""
    game, player = where.game, where.player
    if not where.is_awaited:
        texts, problems = standing_lines(game, player, parsed)
        warned = [out_of_turn(where, parsed), None if where.over else unended(parsed, False)]
        return PlayerCheck(where, parsed, None, [*parsed.problems, *problems],
                           [w for w in warned if w is not None], texts)
    work = None if where.knowledge is None else clone(where.knowledge)
    result = check_file(game, where.state, player, parsed, work=work)
    warnings = result.warnings
    return PlayerCheck(where, parsed, result, list(result.problems), warnings, result.standing)


def seat_standpoint(root: Path, resolve: Callable[[str], AnyGame]) -> Standpoint | None:
    """The standpoint of the seat in `root` (None if `root` holds no seat.json); FolderError
    if its seat.json is damaged or names a game this lifegames does not have."""
    try:
        seat = seat_files.load(root)
    except seat_files.NotASeat as error:
        raise FolderError(str(error), "the host's next tick writes it again") from None
    if seat is None:
        return None
    try:
        game = resolve(seat.game_id)
    except KeyError:
        raise FolderError(f"this seat is for {seat.game_id!r}, which this lifegames does not "
                          "have", "install the lifegames version the host uses") from None
    return Standpoint(game, seat.player, seat.knowledge, seat.knowledge, tuple(seat.awaited),
                      tuple(seat.players), seat.over, True, seat.result)


def folder_standpoint(game: AnyGame, state: State, players: list[str], player: str) -> Standpoint:
    """The standpoint of `player` in a game folder whose game and state were read."""
    return Standpoint(game, player, state, None, tuple(game.awaiting(state)), tuple(players),
                      bool(game.is_over(state)), False)

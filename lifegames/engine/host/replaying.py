"""Replaying a game from its recorded setup and executed orders, on disk or in memory.

A game is a pure function of its setup (players, options, seed) and its executed orders: the
replay runs the host's own setup and tick on them. `replay` writes the result into a new
folder. `verify` and `rollback` replay into a MemoryFolder instead (no staging, journal or
fsync per tick), and draw a tick's sheets only for the ticks they need (the current one, the
one rolled back to): every other sheet is a Deferred, trusted when the file the real folder
holds still has the sha256 that `.lifegames/sheets.txt` recorded for it when it was written,
and drawn like any other when it has not (or the record lacks it). Only the state chain is
replayed tick by tick, which is what makes a check of a long game cheap. A referee who fears
that both a sheet and its line in that record were edited asks for every sheet to be drawn
(`verify --full`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from ..core.contract import SetupError
from ..core.orders import header_line
from ..files import playerfiles
from ..folder.folder import (
    DAMAGED_HINT,
    META,
    STATE_FILE,
    Damaged,
    FolderError,
    GameFolder,
    Op,
)
from ..folder.memory import Deferred, MemoryFolder
from ..folder.shapes import SNAPSHOT
from .host import (
    ARCHIVE,
    EXECUTED,
    ON_PURPOSE,
    SHEETS_RECORD,
    Host,
    Loaded,
    order_file,
    record_file,
    snapshot_name,
)

# What hand-edited setup data can make a game's own setup or rules raise while replaying.
_BAD_DATA = (SetupError, TypeError, ValueError, KeyError, IndexError, AttributeError,
             RecursionError)
TICK_LINE = re.compile(r"^# Tick ([0-9]+)\s*$")
REPAIR = ("`python3 play.py verify` shows what differs; `python3 play.py rollback N` "
          "rebuilds the folder from the record of executed orders")


def read_engine(root: Path, relative: str) -> bytes | None:
    from ..folder.folder import read_engine_file

    return read_engine_file(root, relative, REPAIR)


class ReplayError(FolderError):
    """The executed orders cannot be replayed (a hand-edited log, or another seed)."""

    exit_code = 6




def executed_log(folder: GameFolder, player: str) -> dict[int, str]:
    """A player's executed_orders.txt split into tick -> that tick's order lines."""
    return {tick: text for tick, (text, _) in _log_blocks(folder, player).items()}


def _log_source(folder: GameFolder, player: str) -> tuple[str, bytes | None]:
    """The hidden record of a player's executed orders, or their executed_orders.txt in a
    folder without one: (its path, its bytes or None)."""
    for relative in (record_file(player), f"{player}/{EXECUTED}"):
        data = read_engine(folder.root, relative)
        if data is not None:
            return relative, data
    return record_file(player), None


def _log_blocks(folder: GameFolder, player: str) -> dict[int, tuple[str, list[int]]]:
    """tick -> (order lines, the line number of each in the log)."""
    _, data = _log_source(folder, player)
    if data is None:
        return {}
    ticks: dict[int, tuple[list[str], list[int]]] = {}
    current: tuple[list[str], list[int]] | None = None
    for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), start=1):
        match = TICK_LINE.match(line)
        if match:
            current = ticks.setdefault(int(match.group(1)), ([], []))
        elif line.strip() and current is not None:
            current[0].append(line)
            current[1].append(number)
    return {tick: ("".join(f"{x}\n" for x in lines), numbers)
            for tick, (lines, numbers) in ticks.items()}


def _replaying(source: Host, loaded: Loaded, target: Path, seed: int | None
               ) -> Iterator[tuple[int, Loaded]]:
    """Rebuild `source`'s game in the empty folder `target` from its recorded setup and
    executed orders: (0, the setup), then (N, the game after tick N) up to the current tick.
    The caller holds the source's lock."""
    scratch = Host(str(target), source.resolve)
    # A game with seats is replayed with seats (beside the target), so the referee's files
    # come out laid out as the original's.
    seats = seats_beside(target) if source.folder.seats_root() else None

    def put(player: str, text: bytes) -> None:
        playerfiles.write(seats or target, order_file(player), text, sync=False)

    envelope = loaded.envelope
    return _play(source, loaded, scratch, put, lambda: scratch.create(
        loaded.game, loaded.players, envelope["setup"]["options"],
        envelope["seed"] if seed is None else seed, envelope.get("salt"), seats))


def _play(source: Host, loaded: Loaded, scratch: Host, put: Callable[[str, bytes], None],
          start: Callable[[], Loaded]) -> Iterator[tuple[int, Loaded]]:
    """Play the recorded game in `scratch`: `start` sets it up, `put` writes a player's
    order file of a tick."""
    logs = {p: _log_blocks(source.folder, p) for p in loaded.players}
    try:
        built = start()
    except _BAD_DATA as error:
        raise Damaged(f"the setup recorded in {META}/{STATE_FILE} cannot be replayed "
                      f"({error!r})", DAMAGED_HINT) from None
    yield 0, built
    for tick in range(1, int(loaded.state["tick"]) + 1):
        awaited = built.game.awaiting(built.state)
        for player in loaded.players:
            block = logs[player].get(tick)
            if player in awaited or block:  # others' blocks hold standing orders only
                text = block[0] if block else ""
                head = header_line(built.game.grammar_name(), tick)
                # `end` as the player wrote it: others' standing orders need it, and an
                # awaited file without orders had it only if its block says so (ON_PURPOSE).
                end = "end\n" if player not in awaited or ON_PURPOSE in text else ""
                put(player, f"{head}{text}{end}".encode())
        built, outcome = scratch.tick(expect=tick - 1)
        if outcome.problems:
            first = outcome.problems[0]
            player = first.path.split("/", 1)[0]
            numbers = logs.get(player, {}).get(tick, ("", []))[1]
            log, _ = _log_source(source.folder, player)
            skip = 2 if header_line(built.game.grammar_name(), tick) else 1
            where = (f"{log}:{numbers[first.line - skip]}"
                     if skip <= first.line < len(numbers) + skip
                     else log)
            raise ReplayError(f"{where}: the orders recorded for tick {tick} do not replay: "
                              f"{first.code} {first.message}",
                              "the record of executed orders was edited, or the seed is not "
                              "this game's")
        yield tick, built


def in_memory(source: Host, loaded: Loaded, seed: int | None, draw: Callable[[int], bool]
              ) -> Iterator[tuple[int, Loaded, MemoryFolder]]:
    """_replaying into a MemoryFolder: (N, the game after tick N, the folder then). Only the
    sheets of the ticks `draw` names are drawn at once; the others are Deferred (see the
    module docstring). The caller holds the source's lock."""
    scratch = MemoryHost(source, int(loaded.state["tick"]), draw)
    envelope = loaded.envelope

    def put(player: str, text: bytes) -> None:
        scratch.memory.write(order_file(player), text.decode("utf-8"))

    for tick, built in _play(source, loaded, scratch, put, lambda: scratch._first_commit(
            loaded.game, loaded.players, envelope["setup"]["options"],
            envelope["seed"] if seed is None else seed, envelope.get("salt"))):
        yield tick, built, scratch.memory


class MemoryHost(Host):
    """The host playing into a MemoryFolder: it reads order files from it, writes no seat
    and draws a tick's sheets only when asked to (or when the real folder's copy can no
    longer be trusted)."""

    def __init__(self, source: Host, current: int, draw: Callable[[int], bool]) -> None:
        super().__init__(str(source.folder.root), source.resolve)
        self.memory = MemoryFolder(source.folder.root, source.folder.seats_root())
        self.folder = self.memory  # type: ignore[assignment]
        self.source, self.current, self.draw = source, current, draw
        self._recorded: dict[str, dict[str, str]] | None = None

    def _load(self, strict: bool = True) -> Loaded:
        envelope = self.memory.load()
        return Loaded(self.resolve(envelope["game"]), envelope)

    def read_order(self, player: str) -> playerfiles.Content | None:
        return self.memory.read_player(order_file(player), 1 << 30)

    def _seat_ops(self, loaded: Loaded, ops: list[Op], setup: bool = False) -> list[Op]:
        return []

    def _sheets(self, loaded: Loaded, player: str, away: str) -> dict[str, str]:
        tick = int(loaded.state["tick"])
        if self.draw(tick):
            return super()._sheets(loaded, player, away)
        known = self._trusted(player, tick)
        if not known:
            return super()._sheets(loaded, player, away)
        drawn: dict[str, str] = {}

        def draw_all() -> dict[str, str]:
            if not drawn:
                drawn.update(Host._sheets(self, loaded, player, away))
            return drawn

        return {name: Deferred(digest, lambda name=name: draw_all()[name])  # type: ignore[misc]
                for name, digest in known.items()}

    def _trusted(self, player: str, tick: int) -> dict[str, str]:
        """name -> sha256 of the player's sheets of `tick`, as recorded when they were
        written, if every one of them is still in the real folder with that digest ({}
        otherwise: they are drawn)."""
        if self._recorded is None:
            self._recorded = recorded_sheets(self.source.folder)
        prefix = f"{player}/{snapshot_name(tick, '')}"
        known = {path[len(prefix):]: digest for path, digest in
                 self._recorded.get(prefix, {}).items()}
        folder = player if tick == self.current else f"{player}/{ARCHIVE}"
        for name, digest in known.items():
            try:
                found = read_engine(self.source.folder.root,
                                    f"{folder}/{snapshot_name(tick, name)}")
            except Damaged:
                return {}
            if found is None or hashlib.sha256(found).hexdigest() != digest:
                return {}
        return known


def recorded_sheets(folder: GameFolder) -> dict[str, dict[str, str]]:
    """`Player/NNN_` -> {`Player/NNN_name`: sha256} from the record of written sheets (a
    line that is not one lifegames writes is ignored: its sheet is then drawn)."""
    out: dict[str, dict[str, str]] = {}
    try:
        raw = read_engine(folder.root, SHEETS_RECORD) or b""
    except Damaged:
        return out
    for line in raw.decode("utf-8", "replace").splitlines():
        path, _, digest = line.partition(" ")
        player, _, name = path.partition("/")
        if SNAPSHOT.match(name) and len(digest) == 64:
            out.setdefault(f"{player}/{name.split('_', 1)[0]}_", {})[path] = digest
    return out


def seats_beside(target: Path) -> Path:
    """Where a replay of a game with seats puts its seats: `TARGET-seats`, beside it."""
    return target.parent / f"{target.name}-seats"



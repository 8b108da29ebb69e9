"""Referee tools over a game folder: replay, verify, rollback, diff, reveal.

All of them rest on one fact: a game is a pure function of its setup (players, options, seed)
and its executed orders. `replay` rebuilds the folder from those in a scratch folder; `verify`
compares the rebuilt folder with the real one byte for byte; `rollback` rebuilds up to an
earlier tick and installs the result atomically.

Each holds the folder's lock from its first read to its last write, so a tick cannot slip in
between (a rollback would silently throw it away; a verify would report tampering that did
not happen), and each reads the folder only through the guarded reader: a sheet or an order
file that is a link, a FIFO or a huge sparse file is reported, never followed or copied.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..base.jsondata import Json
from ..core.contract import SetupError
from ..core.dice import committed_text, seed_digest
from ..core.orders import MAX_FILE_BYTES, header_line
from ..files import playerfiles
from ..folder.folder import (
    DAMAGED_HINT,
    MANIFEST_FILE,
    META,
    SNAPSHOT,
    STATE_FILE,
    Damaged,
    FolderError,
    GameFolder,
    NoGame,
    Op,
    Refused,
    dumps,
    read_engine_file,
)
from ..seats.gitseats import SeatProblem
from ..seats.seats import seat_view, sync, template_file
from .host import (
    ARCHIVE,
    EXECUTED,
    ON_PURPOSE,
    SEED_FILE,
    Host,
    Loaded,
    order_file,
    record_file,
)

if TYPE_CHECKING:
    from ..core.contract import State
    from ..core.history import Row, Story

ROLLBACKS = "rollbacks.txt"
TICK_LINE = re.compile(r"^# Tick ([0-9]+)\s*$")
# What hand-edited setup data can make a game's own setup or rules raise while replaying.
_BAD_DATA = (SetupError, TypeError, ValueError, KeyError, IndexError, AttributeError,
             RecursionError)


class ReplayError(FolderError):
    """The executed orders cannot be replayed (a hand-edited log, or another seed)."""

    exit_code = 6


class UsageError(FolderError):
    exit_code = 2


@dataclass(frozen=True)
class Difference:
    path: str
    line: int
    expected: str
    found: str

    def render(self) -> str:
        return (f"{self.path}:{self.line}: differs from the replay\n"
                f"  replay: {self.expected!r}\n  folder: {self.found!r}")


def _read(root: Path, relative: str) -> bytes | None:
    return read_engine_file(root, relative, _REPAIR)


def executed_log(folder: GameFolder, player: str) -> dict[int, str]:
    """A player's executed_orders.txt split into tick -> that tick's order lines."""
    return {tick: text for tick, (text, _) in _log_blocks(folder, player).items()}


def _log_source(folder: GameFolder, player: str) -> tuple[str, bytes | None]:
    """The hidden record of a player's executed orders, or their executed_orders.txt in a
    folder without one: (its path, its bytes or None)."""
    for relative in (record_file(player), f"{player}/{EXECUTED}"):
        data = _read(folder.root, relative)
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
    envelope = loaded.envelope
    logs = {p: _log_blocks(source.folder, p) for p in loaded.players}
    scratch = Host(str(target), source.resolve)
    # A game with seats is replayed with seats (beside the target), so the referee's files
    # come out laid out as the original's.
    seats = seats_beside(target) if source.folder.seats_root() else None
    try:
        built = scratch.create(loaded.game, loaded.players, envelope["setup"]["options"],
                               envelope["seed"] if seed is None else seed,
                               envelope.get("salt"), seats)
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
                playerfiles.write(seats or target, order_file(player),
                                  f"{head}{text}{end}".encode(), sync=False)
        built, outcome = scratch.tick()
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


def seats_beside(target: Path) -> Path:
    """Where a replay of a game with seats puts its seats: `TARGET-seats`, beside it."""
    return target.parent / f"{target.name}-seats"


def replay(source: Host, target: Path, upto: int | None = None, seed: int | None = None
           ) -> Loaded:
    """Rebuild `source`'s game in the empty folder `target`, up to tick `upto` (default: the
    source's current tick), using its recorded setup and executed orders."""
    with source.folder.locked():
        loaded = source._load(strict=False)
        current = int(loaded.state["tick"])
        upto = current if upto is None else upto
        if not 0 <= upto <= current:
            raise UsageError(f"cannot replay up to tick {upto}: the game is at tick {current}",
                             f"choose --upto from 0 to {current}")
        for tick, built in _replaying(source, loaded, target, seed):
            if tick == upto:
                return built
    raise AssertionError("unreachable: the replay stops at the current tick")


def _files(root: Path, players: list[str]) -> set[str]:
    """The files the engine writes, which verify compares and rollback restores: numbered
    sheets (current and archived), executed orders, the published seed hash and the state.
    Order files hold the players' drafts, and anything else in a player folder is theirs:
    neither is compared nor touched. A name that is not a plain file (a link, a FIFO) is
    listed too, so that it is reported or replaced, never read through."""
    out: set[str] = set()
    for player in players:
        for folder in (player, f"{player}/{ARCHIVE}"):
            for name, kind in playerfiles.listing(root, folder).items():
                if kind != "folder" and (SNAPSHOT.match(name) or (
                        folder == player and name == EXECUTED)):
                    out.add(f"{folder}/{name}")
    for extra in (SEED_FILE, *(record_file(p) for p in players), f"{META}/{MANIFEST_FILE}",
                  f"{META}/{STATE_FILE}"):
        try:
            if playerfiles.kind(root, extra) not in ("missing", "folder"):
                out.add(extra)
        except Refused:
            out.add(extra)
    return out


def _tick_order(relative: str) -> tuple[int, str]:
    """Files in the order the game wrote them: the seed hash, each tick's sheets, the logs, and
    the state last; so the first difference is the earliest one."""
    name = relative.rsplit("/", 1)[-1]
    match = re.match(r"([0-9]{3,})_", name)
    if relative == SEED_FILE:
        return (-1, relative)
    if match:
        return (int(match.group(1)), relative)
    if name == EXECUTED:
        return (10**9, relative)
    return (10**9 + 1, relative)


def compare(expected_root: Path, found_root: Path, players: list[str]) -> list[Difference]:
    expected, found = _files(expected_root, players), _files(found_root, players)
    differences = []
    for relative in sorted(expected | found, key=_tick_order):
        if relative not in found:
            differences.append(Difference(relative, 0, "(file exists)", "(missing)"))
            continue
        if relative not in expected:
            differences.append(Difference(relative, 0, "(no such file)", "(extra file)"))
            continue
        a = _read(expected_root, relative)
        try:
            b = _read(found_root, relative)
        except Damaged as damaged:
            differences.append(Difference(relative, 0, "(a plain file)",
                                          f"({damaged.message})"))
            continue
        if a == b:
            continue
        a_lines = (a or b"").decode("utf-8", "replace").splitlines(keepends=True)
        b_lines = (b or b"").decode("utf-8", "replace").splitlines(keepends=True)
        for number, (x, y) in enumerate(zip(a_lines, b_lines, strict=False), start=1):
            if x != y:
                differences.append(Difference(relative, number, x.rstrip("\n"), y.rstrip("\n")))
                break
        else:
            number = min(len(a_lines), len(b_lines)) + 1
            x = a_lines[number - 1] if number <= len(a_lines) else "(end of file)"
            y = b_lines[number - 1] if number <= len(b_lines) else "(end of file)"
            differences.append(Difference(relative, number, x.rstrip("\n"), y.rstrip("\n")))
    return differences


def diagnose(differences: list[Difference], players: list[str]) -> str:
    """What the pattern of differences most likely means, in one sentence."""
    paths = [d.path for d in differences]
    state = f"{META}/{STATE_FILE}"
    if paths == [state]:
        return "only the hidden state differs: it was edited by hand"
    if len(paths) == 1:
        return f"only {paths[0]} differs: that file was edited by hand"
    ticks = [_tick_order(p)[0] for p in paths if _tick_order(p)[0] < 10**9]
    if ticks:
        logs = " or ".join(f"{p}/{EXECUTED}" for p in players)
        return (f"every sheet from tick {min(ticks)} on differs: the orders recorded for tick "
                f"{min(ticks)} in {logs} are not the ones that were played (or the seed is not "
                "this game's)")
    return "several files differ"


def verify(source: Host, seed: int | None = None, salt: str | None = None
           ) -> list[Difference]:
    """Replay the whole game and compare every file; [] means the folder is genuine. A seed
    (and salt) given is first checked against the hash published at setup."""
    with source.folder.locked():
        loaded = source._load(strict=False)
        if seed is not None:
            salt = loaded.envelope.get("salt") if salt is None else salt
            published = (_read(source.folder.root, SEED_FILE) or b"").decode(
                "utf-8", "replace").split()
            if not published or seed_digest(seed, salt) != published[-1]:
                raise ReplayError(f"sha256 of {committed_text(seed, salt)} is "
                                  f"{seed_digest(seed, salt)}, but this game published "
                                  f"{published[-1] if published else 'nothing'}",
                                  "that is not this game's seed (and salt)")
        with tempfile.TemporaryDirectory(prefix="lifegames-verify-") as scratch:
            rebuilt = Path(scratch) / "game"
            replay(source, rebuilt, seed=seed)
            return compare(rebuilt, source.folder.root, loaded.players)


def rollback(source: Host, tick: int) -> Loaded:
    """Put the folder back exactly as it was right after `tick`. What is undone (executed
    orders and the order files' drafts) is kept in the hidden rollback record. The whole game
    is replayed first and must reproduce the recorded state exactly: a record of executed
    orders that was edited or deleted is refused, naming what differs, never adopted."""
    with source.folder.locked():
        loaded = source._load(strict=False)
        current = int(loaded.state["tick"])
        if not 0 <= tick <= current:
            raise FolderError(f"cannot roll back to tick {tick}: the game is at tick {current}",
                              f"choose a tick from 0 to {current} ({current} rebuilds the "
                              "current tick, repairing a damaged folder)")
        players = loaded.players
        seats = source.folder.seats_root()
        with tempfile.TemporaryDirectory(prefix="lifegames-rollback-") as scratch:
            root = Path(scratch) / "game"
            wanted: dict[str, bytes] = {}
            chosen = final = None
            for number, built in _replaying(source, loaded, root, None):
                if number == tick:
                    chosen = built
                    for relative in sorted(_files(root, players)):
                        wanted[relative] = _read(root, relative) or b""
                    for player in players:  # with seats, the order file is the player's
                        kept = template_file(player) if seats else order_file(player)
                        wanted[kept] = _read(root, kept) or b""
                final = built
            assert chosen is not None and final is not None
            _check_reproduces(source, loaded, final)
        record = _rollback_record(source, loaded, tick)
        for player in players:  # each player's undone orders, back where they write orders
            kept = template_file(player) if seats else order_file(player)
            wanted[kept] = wanted.get(kept, b"") + _undone_note(source, player, tick)
        ops: list[Op] = []
        for relative in sorted(_files(source.folder.root, players)):
            if relative not in wanted:
                ops.append(Op("delete", relative))
        state_key = f"{META}/{STATE_FILE}"
        for relative, data in sorted(wanted.items()):
            if relative != state_key:
                ops.append(Op("write", relative, data.decode("utf-8")))
        ops.append(Op("append", f"{META}/{ROLLBACKS}", record))
        if seats is not None:
            views = {p: seat_view(chosen.game, chosen.state, p, players) for p in players}
            shown = {rel: data for rel, data in wanted.items() if not rel.startswith(META)}
            ops += sync(seats, players, shown, views, int(chosen.state["tick"]))
        source.folder.commit(ops, chosen.envelope)
        source.publish_seats(f"Rolled back to tick {tick}")
        return source._load(strict=False)


def _check_reproduces(source: Host, loaded: Loaded, final: Loaded) -> None:
    """The replay of the record must end exactly at the recorded state: the one the last
    commit vouched for in the manifest (or, without a manifest, state.json)."""
    replayed = dumps(final.envelope).encode("utf-8")
    try:
        manifest = source.folder.read_manifest()
    except Damaged:
        manifest = None
    recorded = manifest["state"] if manifest else source.folder.state_digest
    if hashlib.sha256(replayed).hexdigest() == recorded:
        return
    what = _first_difference(final.envelope, loaded.envelope, "")
    logs = _log_differences(source.folder, loaded.players)
    raise ReplayError(
        "the record of executed orders does not reproduce this game: replaying it gives "
        f"{what}; nothing was changed" + (f" ({logs})" if logs else ""),
        f"the record in {META}/orders/ was edited or deleted; restore the {META} folder from "
        "your synced copy or git history (`verify` lists every file that differs)")


def _first_difference(replayed: Json, recorded: Json, where: str) -> str:
    """The first place two JSON values differ, as 'state.gold: replay 5, recorded 7'."""
    if isinstance(replayed, dict) and isinstance(recorded, dict):
        for key in sorted(set(replayed) | set(recorded), key=str):
            if replayed.get(key, _MISSING) != recorded.get(key, _MISSING):
                return _first_difference(replayed.get(key, _MISSING),
                                         recorded.get(key, _MISSING), f"{where}.{key}".lstrip("."))
    elif isinstance(replayed, list) and isinstance(recorded, list) and \
            len(replayed) == len(recorded):
        for index, (a, b) in enumerate(zip(replayed, recorded, strict=True)):
            if a != b:
                return _first_difference(a, b, f"{where}[{index}]")
    if replayed == recorded:  # state.json was edited to match, but not the manifest
        return f"the state in {META}/{STATE_FILE}, not the one the manifest vouches for"
    shown = [("(nothing)" if v is _MISSING else json.dumps(v, sort_keys=True))[:80]
             for v in (replayed, recorded)]
    return f"{where or 'the state'}: replay {shown[0]}, recorded {shown[1]}"


_MISSING = object()


def _log_differences(folder: GameFolder, players: list[str]) -> str:
    """Where each player's hidden record and public executed_orders.txt disagree."""
    notes = []
    for player in players:
        try:
            record = _read(folder.root, record_file(player))
            public = _read(folder.root, f"{player}/{EXECUTED}")
        except Damaged as damaged:
            notes.append(damaged.message)
            continue
        if record is None and public is not None:
            notes.append(f"{record_file(player)} is missing")
        elif record is not None and public is not None and record != public:
            a = record.decode("utf-8", "replace").splitlines()
            b = public.decode("utf-8", "replace").splitlines()
            line = next((i for i, (x, y) in enumerate(zip(a, b, strict=False), start=1)
                         if x != y),
                        min(len(a), len(b)) + 1)
            notes.append(f"{record_file(player)} and {player}/{EXECUTED} differ at line {line}")
    return "; ".join(notes)


def _undone_note(source: Host, player: str, tick: int) -> bytes:
    """The orders a rollback to `tick` undid for `player`, as comments to copy from."""
    undone = {t: text for t, text in executed_log(source.folder, player).items() if t > tick}
    if not undone:
        return b""
    lines = [f"# The rollback to tick {tick} undid these orders of yours (uncomment what you",
             "# want to play again; the game is back at the sheets of that tick):"]
    for number, text in sorted(undone.items()):
        lines.append(f"#   tick {number}:")
        lines += [f"#   {line}" for line in text.splitlines()]
    return ("\n".join(lines) + "\n").encode("utf-8")


def _rollback_record(source: Host, loaded: Loaded, tick: int) -> str:
    lines = [f"# Rolled back from tick {loaded.state['tick']} to tick {tick}"]
    for player in loaded.players:
        undone = {t: text for t, text in executed_log(source.folder, player).items() if t > tick}
        for number, text in sorted(undone.items()):
            lines.append(f"## {player} tick {number} (undone)")
            lines.extend(text.splitlines())
        try:
            draft = source.read_order(player)
        except SeatProblem as problem:
            lines.append(f"## {player} order file at the time of the rollback: not kept "
                         f"({problem.reason})")
            continue
        except Refused as refused:
            lines.append(f"## {player} order file at the time of the rollback: not kept, it "
                         f"{refused.reason}")
            continue
        if draft is None:
            continue
        if not draft.complete:
            lines.append(f"## {player} order file at the time of the rollback: not kept, it is "
                         f"{draft.size} bytes (an order file holds at most {MAX_FILE_BYTES})")
            continue
        lines.append(f"## {player} order file at the time of the rollback")
        lines.extend(draft.data.decode("utf-8", errors="replace").splitlines())
    return "\n".join(lines) + "\n\n"


def diff(source: Host, player: str, first: int | None = None, second: int | None = None
         ) -> str:
    """A unified diff of a player's sheets and board between two ticks (default: the last
    two): the board's SVG is stable line by line, so its diff shows what changed."""
    with source.folder.locked():
        loaded = source._load(strict=False)
        if player not in loaded.players:
            raise UsageError(f"no player {player!r}", "players: " + ", ".join(loaded.players))
        current = int(loaded.state["tick"])
        second = current if second is None else second
        first = second - 1 if first is None else first
        for tick in (first, second):
            if not 0 <= tick <= current:
                raise UsageError(f"there is no tick {tick}", f"ticks run from 0 to {current}")
        a, b = _sheets(source, player, first, current), _sheets(source, player, second, current)
    chunks: list[str] = []
    for kind in sorted(set(a) | set(b), key=lambda k: (k.endswith(".svg"), k)):  # sheets first
        old_name, old = a.get(kind, ("/dev/null", ""))
        new_name, new = b.get(kind, ("/dev/null", ""))
        chunks.extend(difflib.unified_diff(old.splitlines(keepends=True),
                                           new.splitlines(keepends=True), old_name, new_name))
    return "".join(chunks)


def _sheets(source: Host, player: str, tick: int, current: int) -> dict[str, tuple[str, str]]:
    folder = f"{player}" if tick == current else f"{player}/{ARCHIVE}"
    prefix = f"{tick:03d}_"
    out = {}
    for name, kind in playerfiles.listing(source.folder.root, folder).items():
        if not name.startswith(prefix) or kind == "folder":
            continue
        relative = f"{folder}/{name}"
        try:
            text = (_read(source.folder.root, relative) or b"").decode("utf-8", "replace")
        except Damaged as damaged:
            text = f"(not shown: {damaged.message})\n"
        out[name[len(prefix):]] = (relative, text)
    return out


def reveal(source: Host, force: bool = False) -> tuple[int, str | None]:
    """The seed and its salt (None in games set up before salts), once the game is over. The
    state must be the one the game wrote (a state edited to look finished reveals nothing);
    --force skips both checks."""
    loaded = source.load(strict=not force)
    if not force and not loaded.game.is_over(loaded.state):
        raise FolderError("the seed stays secret until the game is over",
                          "the referee may use --force (players then know every future roll)")
    return int(loaded.envelope["seed"]), loaded.envelope.get("salt")


_REPAIR = ("`python3 play.py verify` shows what differs; `python3 play.py rollback N` "
           "rebuilds the folder from the record of executed orders")

__all__ = ["Difference", "NoGame", "ReplayError", "compare", "diff", "dumps", "executed_log",
           "history", "replay", "reveal", "rollback", "verify"]


def history(source: Host, viewer: str | None = None) -> tuple[Loaded, list[Row]]:
    """Each player's figures tick by tick (`viewer`: only that player's, as they saw them),
    from a replay in memory of the hidden record of executed orders."""
    from ..core.history import rows

    loaded, replayed = _replayed(source)
    try:
        return loaded, rows(loaded.game, (s for s, _ in replayed), loaded.players, viewer)
    except ValueError as error:
        raise _edited(error) from None


def story(source: Host, viewer: str | None = None) -> tuple[Loaded, Story]:
    """The game's story (history.Story) from the same replay: the figures, and each tick's
    board and words, as `viewer` knew them (None: the referee)."""
    from ..core.history import story as told

    loaded, replayed = _replayed(source)
    try:
        return loaded, told(loaded.game, replayed, loaded.players, viewer)
    except ValueError as error:
        raise _edited(error) from None


def _replayed(source: Host) -> tuple[Loaded, Iterator[tuple[State, list[str]]]]:
    from ..core.history import replay

    with source.folder.locked():
        loaded = source._load(strict=False)
        logs = {p: executed_log(source.folder, p) for p in loaded.players}
    envelope = loaded.envelope
    return loaded, replay(loaded.game, loaded.players, envelope["setup"]["options"],
                          int(envelope["seed"]), logs, int(loaded.state["tick"]))


def _edited(error: ValueError) -> ReplayError:
    return ReplayError(str(error), "the record of executed orders was edited; "
                       "`python3 play.py verify` shows where")

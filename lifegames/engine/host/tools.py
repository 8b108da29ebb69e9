"""Referee tools over a game folder: replay, verify, rollback, diff, reveal.

All of them rest on one fact: a game is a pure function of its setup (players, options, seed)
and its executed orders (host/replaying.py). `replay` rebuilds the folder from those in a new
folder; `verify` replays in memory and compares every file the engine wrote with the real one;
`rollback` replays in memory up to an earlier tick and commits, through the journalled commit,
only the files that differ from what the folder holds.

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
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..base.jsondata import Json
from ..core.dice import committed_text, seed_digest
from ..core.orders import MAX_FILE_BYTES
from ..files import playerfiles
from ..folder.folder import (
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
from ..folder.memory import Deferred, MemoryFolder, text_of
from ..seats.gitseats import SeatProblem
from ..seats.seats import seat_view, sync, template_file
from .host import (
    ARCHIVE,
    EXECUTED,
    SEED_FILE,
    SHEETS_RECORD,
    Host,
    Loaded,
    order_file,
    record_file,
)
from .replaying import (
    ReplayError,
    _replaying,
    executed_log,
    in_memory,
    seats_beside,
)

if TYPE_CHECKING:
    from ..core.contract import State
    from ..core.history import Row, Story

ROLLBACKS = "rollbacks.txt"


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


def _engine_files(names: list[str], players: list[str]) -> set[str]:
    """_files among the paths of a folder held in memory."""
    extras = {SEED_FILE, SHEETS_RECORD, f"{META}/{MANIFEST_FILE}", f"{META}/{STATE_FILE}",
              *(record_file(p) for p in players)}
    out = set()
    for relative in names:
        folder, _, name = relative.rpartition("/")
        if relative in extras or (SNAPSHOT.match(name) and folder in {
                *players, *(f"{p}/{ARCHIVE}" for p in players)}) or (
                folder in players and name == EXECUTED):
            out.add(relative)
    return out


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
                  f"{META}/{STATE_FILE}", SHEETS_RECORD):
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


def _same(text: str, found: bytes | None) -> bool:
    """A file's replayed text (perhaps a Deferred sheet: compared by its sha256, undrawn)
    is what the folder holds."""
    if found is None:
        return False
    if isinstance(text, Deferred):
        return hashlib.sha256(found).hexdigest() == text.digest
    return text.encode("utf-8") == found


def compare(replayed: MemoryFolder, found_root: Path, players: list[str]) -> list[Difference]:
    """Every difference between the files the engine wrote in the replayed folder and in
    the real one, the earliest first."""
    expected = _engine_files(list(replayed.files), players)
    found = _files(found_root, players)
    differences = []
    for relative in sorted(expected | found, key=_tick_order):
        if relative not in found:
            differences.append(Difference(relative, 0, "(file exists)", "(missing)"))
            continue
        if relative not in expected:
            differences.append(Difference(relative, 0, "(no such file)", "(extra file)"))
            continue
        try:
            b = _read(found_root, relative)
        except Damaged as damaged:
            differences.append(Difference(relative, 0, "(a plain file)",
                                          f"({damaged.message})"))
            continue
        if _same(replayed.files[relative], b):
            continue
        a = text_of(replayed.files[relative]).encode("utf-8")
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


def verify(source: Host, seed: int | None = None, salt: str | None = None, full: bool = False
           ) -> list[Difference]:
    """Replay the whole game in memory and compare every file; [] means the folder is
    genuine. A seed (and salt) given is first checked against the hash published at setup.
    An archived sheet is checked against the sha256 recorded when it was written (drawn
    again only if it differs, to name the line); `full` draws every tick's sheets anew."""
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
        current = int(loaded.state["tick"])
        *_, (_, _, replayed) = in_memory(source, loaded, seed,
                                         lambda tick: full or tick == current)
        return compare(replayed, source.folder.root, loaded.players)


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
        wanted: dict[str, str] = {}
        chosen = final = None
        for number, built, memory in in_memory(source, loaded, None,
                                               lambda at: at in (tick, current)):
            if number == tick:
                chosen = built
                drafts = [template_file(p) if seats else order_file(p) for p in players]
                wanted = {relative: memory.files.get(relative, "") for relative in
                          sorted(_engine_files(list(memory.files), players)) + drafts}
            final = built
        assert chosen is not None and final is not None
        _check_reproduces(source, loaded, final)
        record = _rollback_record(source, loaded, tick)
        for player in players:  # each player's undone orders, back where they write orders
            kept = template_file(player) if seats else order_file(player)
            wanted[kept] = wanted.get(kept, "") + _undone_note(source, player, tick).decode()
        ops: list[Op] = []
        for relative in sorted(_files(source.folder.root, players)):
            if relative not in wanted:
                ops.append(Op("delete", relative))
        state_key = f"{META}/{STATE_FILE}"
        for relative, text in sorted(wanted.items()):
            if relative != state_key and not _unchanged(source.folder.root, relative, text):
                ops.append(Op("write", relative, text_of(text)))
        ops.append(Op("append", f"{META}/{ROLLBACKS}", record))
        if seats is not None:
            views = {p: seat_view(chosen.game, chosen.state, p, players) for p in players}
            shown = {rel: None if _unchanged(seats, rel, text) else text_of(text).encode()
                     for rel, text in wanted.items() if not rel.startswith(META)}
            ops += sync(seats, players, shown, views, int(chosen.state["tick"]))
        source.folder.commit(ops, chosen.envelope)
        source.publish_seats(f"Rolled back to tick {tick}")
        return source._load(strict=False)


def _unchanged(root: Path, relative: str, text: str) -> bool:
    """The folder already holds exactly `text` at `relative` (a rollback leaves it be)."""
    try:
        return _same(text, _read(root, relative))
    except Damaged:
        return False


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
           "history", "seats_beside", "replay", "reveal", "rollback", "verify"]


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

"""Referee tools over a game folder: replay, verify, rollback, diff, reveal.

All of them rest on one fact: a game is a pure function of its setup (players, options, seed)
and its executed orders. `replay` rebuilds the folder from those in a scratch folder; `verify`
compares the rebuilt folder with the real one byte for byte; `rollback` rebuilds up to an
earlier tick and installs the result atomically.
"""

from __future__ import annotations

import difflib
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .dice import committed_text, seed_digest
from .folder import MANIFEST_FILE, META, SNAPSHOT, STATE_FILE, FolderError, GameFolder, Op, dumps
from .host import ARCHIVE, EXECUTED, SEED_FILE, Host, Loaded, order_file, record_file
from .orders import header_line

ROLLBACKS = "rollbacks.txt"
TICK_LINE = re.compile(r"^# Tick (\d+)\s*$")


class ReplayError(FolderError):
    """The executed orders cannot be replayed (a hand-edited log, or another seed)."""

    exit_code = 6


@dataclass(frozen=True)
class Difference:
    path: str
    line: int
    expected: str
    found: str

    def render(self) -> str:
        return (f"{self.path}:{self.line}: differs from the replay\n"
                f"  replay: {self.expected!r}\n  folder: {self.found!r}")


def executed_log(folder: GameFolder, player: str) -> dict[int, str]:
    """A player's executed_orders.txt split into tick -> that tick's order lines."""
    return {tick: text for tick, (text, _) in _log_blocks(folder, player).items()}


def _log_blocks(folder: GameFolder, player: str) -> dict[int, tuple[str, list[int]]]:
    """tick -> (order lines, the line number of each in the log): from the hidden record,
    or from the player's executed_orders.txt in a folder without one."""
    path = folder.path(record_file(player))
    if not path.exists():
        path = folder.path(f"{player}/{EXECUTED}")
    if not path.exists():
        return {}
    ticks: dict[int, tuple[list[str], list[int]]] = {}
    current: tuple[list[str], list[int]] | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        match = TICK_LINE.match(line)
        if match:
            current = ticks.setdefault(int(match.group(1)), ([], []))
        elif line.strip() and current is not None:
            current[0].append(line)
            current[1].append(number)
    return {tick: ("".join(f"{x}\n" for x in lines), numbers)
            for tick, (lines, numbers) in ticks.items()}


def replay(source: Host, target: Path, upto: int | None = None, seed: int | None = None
           ) -> Loaded:
    """Rebuild `source`'s game in the empty folder `target`, up to tick `upto` (default: the
    source's current tick), using its recorded setup and executed orders."""
    loaded = source.load(strict=False)
    envelope = loaded.envelope
    upto = int(loaded.state["tick"]) if upto is None else upto
    logs = {p: _log_blocks(source.folder, p) for p in loaded.players}
    scratch = Host(str(target), source.resolve)
    built = scratch.create(loaded.game, loaded.players, envelope["setup"]["options"],
                           envelope["seed"] if seed is None else seed, envelope.get("salt"))
    for tick in range(1, upto + 1):
        awaited = built.game.awaiting(built.state)
        for player in loaded.players:
            block = logs[player].get(tick)
            if player in awaited or block:  # others' blocks hold standing orders only
                text = block[0] if block else ""
                head = header_line(built.game.grammar_name(), tick)
                scratch.folder.path(order_file(player)).write_text(
                    f"{head}{text}end\n", encoding="utf-8")
        built, outcome = scratch.tick()
        if outcome.problems:
            first = outcome.problems[0]
            player = first.path.split("/", 1)[0]
            numbers = logs.get(player, {}).get(tick, ("", []))[1]
            log = (record_file(player) if source.folder.path(record_file(player)).exists()
                   else f"{player}/{EXECUTED}")
            where = (f"{log}:{numbers[first.line - 2]}" if 1 < first.line <= len(numbers) + 1
                     else log)
            raise ReplayError(f"{where}: the orders recorded for tick {tick} do not replay: "
                              f"{first.code} {first.message}",
                              "the record of executed orders was edited, or the seed is not "
                              "this game's")
    return built


def _files(root: Path, players: list[str]) -> dict[str, Path]:
    """The files the engine writes, which verify compares and rollback restores: numbered
    sheets (current and archived), executed orders, the published seed hash and the state.
    Order files hold the players' drafts, and anything else in a player folder is theirs:
    neither is compared nor touched."""
    out: dict[str, Path] = {}
    for player in players:
        base = root / player
        candidates = [base / EXECUTED]
        for folder in (base, base / ARCHIVE):
            if folder.is_dir():
                candidates += sorted(p for p in folder.iterdir() if SNAPSHOT.match(p.name))
        for path in candidates:
            if path.is_file():
                out[path.relative_to(root).as_posix()] = path
    for extra in (SEED_FILE, *(record_file(p) for p in players), f"{META}/{MANIFEST_FILE}",
                  f"{META}/{STATE_FILE}"):
        if (root / extra).is_file():
            out[extra] = root / extra
    return out


def _tick_order(relative: str) -> tuple[int, str]:
    """Files in the order the game wrote them: the seed hash, each tick's sheets, the logs, and
    the state last; so the first difference is the earliest one."""
    name = relative.rsplit("/", 1)[-1]
    match = re.match(r"(\d{3,})_", name)
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
    for relative in sorted(set(expected) | set(found), key=_tick_order):
        if relative not in found:
            differences.append(Difference(relative, 0, "(file exists)", "(missing)"))
            continue
        if relative not in expected:
            differences.append(Difference(relative, 0, "(no such file)", "(extra file)"))
            continue
        a = expected[relative].read_bytes()
        b = found[relative].read_bytes()
        if a == b:
            continue
        a_lines, b_lines = a.decode("utf-8", "replace").splitlines(keepends=True), \
            b.decode("utf-8", "replace").splitlines(keepends=True)
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
    loaded = source.load(strict=False)
    if seed is not None:
        salt = loaded.envelope.get("salt") if salt is None else salt
        published = source.folder.path(SEED_FILE).read_text(encoding="utf-8").split()[-1]
        if seed_digest(seed, salt) != published:
            raise ReplayError(f"sha256 of {committed_text(seed, salt)} is "
                              f"{seed_digest(seed, salt)}, but this game published {published}",
                              "that is not this game's seed (and salt)")
    with tempfile.TemporaryDirectory(prefix="lifegames-verify-") as scratch:
        replay(source, Path(scratch), seed=seed)
        return compare(Path(scratch), source.folder.root, loaded.players)


def rollback(source: Host, tick: int) -> Loaded:
    """Put the folder back exactly as it was right after `tick`. What is undone (executed
    orders and the order files' drafts) is kept in the hidden rollback record."""
    loaded = source.load(strict=False)
    current = int(loaded.state["tick"])
    if not 0 <= tick <= current:
        raise FolderError(f"cannot roll back to tick {tick}: the game is at tick {current}",
                          f"choose a tick from 0 to {current} ({current} rebuilds the "
                          "current tick, repairing a damaged folder)")
    with tempfile.TemporaryDirectory(prefix="lifegames-rollback-") as scratch:
        root = Path(scratch)
        built = replay(source, root, upto=tick)
        players = loaded.players
        wanted = {rel: path.read_bytes() for rel, path in _files(root, players).items()}
        for player in players:
            wanted[order_file(player)] = root.joinpath(order_file(player)).read_bytes()
        record = _rollback_record(source, loaded, tick)
        with source.folder.locked():
            ops: list[Op] = []
            present = _files(source.folder.root, players)
            for relative in sorted(present):
                if relative not in wanted:
                    ops.append(Op("delete", relative))
            state_key = f"{META}/{STATE_FILE}"
            for relative, data in sorted(wanted.items()):
                if relative != state_key:
                    ops.append(Op("write", relative, data.decode("utf-8")))
            ops.append(Op("append", f"{META}/{ROLLBACKS}", record))
            source.folder.commit(ops, built.envelope)
    return source.load(strict=False)


def _rollback_record(source: Host, loaded: Loaded, tick: int) -> str:
    lines = [f"# Rolled back from tick {loaded.state['tick']} to tick {tick}"]
    for player in loaded.players:
        undone = {t: text for t, text in executed_log(source.folder, player).items() if t > tick}
        for number, text in sorted(undone.items()):
            lines.append(f"## {player} tick {number} (undone)")
            lines.extend(text.splitlines())
        draft = source.folder.path(order_file(player))
        if draft.exists():
            lines.append(f"## {player} order file at the time of the rollback")
            lines.extend(draft.read_text(encoding="utf-8", errors="replace").splitlines())
    return "\n".join(lines) + "\n\n"


def diff(source: Host, player: str, first: int | None = None, second: int | None = None
         ) -> str:
    """A unified diff of a player's sheets between two ticks (default: the last two)."""
    loaded = source.load(strict=False)
    if player not in loaded.players:
        raise FolderError(f"no player {player!r}", "players: " + ", ".join(loaded.players))
    current = int(loaded.state["tick"])
    second = current if second is None else second
    first = second - 1 if first is None else first
    for tick in (first, second):
        if not 0 <= tick <= current:
            raise FolderError(f"there is no tick {tick}", f"ticks run from 0 to {current}")
    a, b = _sheets(source, player, first, current), _sheets(source, player, second, current)
    chunks = []
    for kind in sorted(set(a) | set(b)):
        old_name, old = a.get(kind, ("/dev/null", ""))
        new_name, new = b.get(kind, ("/dev/null", ""))
        chunks.extend(difflib.unified_diff(old.splitlines(keepends=True),
                                           new.splitlines(keepends=True), old_name, new_name))
    return "".join(chunks)


def _sheets(source: Host, player: str, tick: int, current: int) -> dict[str, tuple[str, str]]:
    folder = f"{player}" if tick == current else f"{player}/{ARCHIVE}"
    prefix = f"{tick:03d}_"
    out = {}
    directory = source.folder.path(folder)
    if directory.is_dir():
        for path in sorted(directory.iterdir()):
            if path.is_file() and path.name.startswith(prefix):
                out[path.name[len(prefix):]] = (f"{folder}/{path.name}",
                                                path.read_text(encoding="utf-8"))
    return out


def reveal(source: Host, force: bool = False) -> tuple[int, str | None]:
    """The seed and its salt (None in games set up before salts)."""
    loaded = source.load(strict=False)
    if not loaded.game.is_over(loaded.state) and not force:
        raise FolderError("the seed stays secret until the game is over",
                          "the referee may use --force (players then know every future roll)")
    return int(loaded.envelope["seed"]), loaded.envelope.get("salt")


__all__ = ["Difference", "ReplayError", "compare", "diff", "dumps", "executed_log", "replay",
           "reveal", "rollback", "verify"]


def history(source: Host, viewer: str | None = None) -> tuple[Loaded, list[Any]]:
    """Each player's figures tick by tick (`viewer`: only that player's, as they saw them),
    from a replay in memory of the hidden record of executed orders."""
    from .history import replay_states, rows

    loaded = source.load(strict=False)
    envelope = loaded.envelope
    logs = {p: executed_log(source.folder, p) for p in loaded.players}
    states = replay_states(loaded.game, loaded.players, envelope["setup"]["options"],
                           int(envelope["seed"]), logs, int(loaded.state["tick"]))
    try:
        return loaded, rows(loaded.game, states, loaded.players, viewer)
    except ValueError as error:
        raise ReplayError(str(error), "the record of executed orders was edited; "
                          "`python3 play.py verify` shows where") from None

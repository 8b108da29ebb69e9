"""The game folder on disk: its lock, its hidden state, and the atomic commit of a tick.

A commit writes every new file into a staging folder, then records a journal of the moves,
writes and appends that put them in place, then carries the journal out and deletes it. Every
journal step is idempotent, so a command that finds a journal (the last one was killed) simply
carries it out again; one that finds staging without a journal throws the staging away. The
folder is therefore always exactly at tick N or at tick N+1.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import socket
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

META = ".lifegames"
STATE_FILE = "state.json"
MANIFEST_FILE = "manifest.json"
JOURNAL_FILE = "journal.json"
LOCK_FILE = "lock"
STAGING = "staging"
FORMAT = 1
SNAPSHOT = re.compile(r"^\d{3,}_.+\.txt$")


class FolderError(Exception):
    """A problem with the folder itself; `exit_code` is the documented process exit code."""

    exit_code = 4

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


class Busy(FolderError):
    exit_code = 3


class Damaged(FolderError):
    exit_code = 4


class NoGame(FolderError):
    exit_code = 2


class NotARegularFile(Exception):
    """A player's file that is a link, a folder or a device."""


@dataclass(frozen=True)
class Op:
    """One step of a commit: write a whole file, append to one, or move one (to archive/)."""

    kind: str  # "write" | "append" | "move" | "delete"
    path: str
    text: str = ""
    dest: str = ""


def dumps(data: Any) -> str:
    """JSON as written anywhere: sorted keys, stable layout, a final newline."""
    return json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def safe_relative(path: str) -> PurePosixPath:
    """Reject any path that could leave the game folder (names come from players)."""
    pure = PurePosixPath(path)
    if pure.is_absolute() or not pure.parts or any(p in ("", ".", "..") for p in pure.parts):
        raise ValueError(f"unsafe path {path!r}")
    return pure


class GameFolder:
    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = Path(root)
        self.meta = self.root / META
        self.state_digest = ""  # sha256 of state.json as last loaded
        self.recovered = False  # the last lock finished an interrupted commit

    # -- paths ----------------------------------------------------------------------------------
    def path(self, relative: str) -> Path:
        return self.root / safe_relative(relative)

    @property
    def state_path(self) -> Path:
        return self.meta / STATE_FILE

    def has_game(self) -> bool:
        return self.state_path.exists() or (self.meta / JOURNAL_FILE).exists()

    # -- locking --------------------------------------------------------------------------------
    @contextlib.contextmanager
    def locked(self, wait: float = 2.0, create: bool = False) -> Iterator[None]:
        """Hold the folder's lock, and first finish or undo any interrupted commit. Only setup
        may `create` the hidden folder: any other command in a folder without a game leaves
        it untouched."""
        if create:
            self.meta.mkdir(parents=True, exist_ok=True)
        elif not self.meta.is_dir():
            raise NoGame(f"no game in {self.root}",
                         "start one with: python3 play.py setup (or pass --dir PATH)")
        lock = self.meta / LOCK_FILE
        deadline = time.monotonic() + wait
        while True:
            try:
                fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except FileExistsError:
                if self._clear_stale(lock):
                    continue
                if time.monotonic() >= deadline:
                    raise Busy(  # noqa: B904 - the lock being held is the news, not the race
                        "another play.py command is working on this folder",
                        f"try again in a moment; if none is running, delete {lock}")
                time.sleep(0.05)
                continue
            try:
                os.write(fd, f"{os.getpid()} {socket.gethostname()}\n".encode())
            except OSError:
                os.close(fd)
                with contextlib.suppress(OSError):
                    lock.unlink()  # never leave an ownerless lock behind
                raise
            os.close(fd)
            break
        try:
            self.recovered = self.recover()
            yield
        finally:
            with contextlib.suppress(FileNotFoundError):
                lock.unlink()

    def _clear_stale(self, lock: Path) -> bool:
        """Remove a lock left by a process that died on this machine (or one never finished
        being written); True if it was removed. Another machine's lock is never touched: its
        owner may still be working over a synced folder. Two commands may find the same stale
        lock: a kernel lock on the hidden folder lets only one of them judge and remove it, and
        it removes it only if it is still the lock it judged."""
        guard = None
        try:
            import fcntl

            guard = os.open(self.meta, os.O_RDONLY)  # the hidden folder itself: no new file
            fcntl.flock(guard, fcntl.LOCK_EX)
        except (ImportError, OSError):
            if guard is not None:
                os.close(guard)
                guard = None  # no flock here (Windows, some network shares): judge unguarded
        try:
            return self._judge_stale(lock)
        finally:
            if guard is not None:
                os.close(guard)

    @staticmethod
    def _judge_stale(lock: Path) -> bool:
        try:
            raw = lock.read_bytes()
            age = time.time() - lock.stat().st_mtime
        except FileNotFoundError:
            return True
        content = raw.decode("utf-8", "replace").split()
        if len(content) == 2 and content[0].isdigit():
            if content[1] != socket.gethostname():
                return False
            try:
                os.kill(int(content[0]), 0)
                return False
            except ProcessLookupError:
                pass
            except (PermissionError, OverflowError, ValueError):
                return False
        elif age < 10:  # being written right now
            return False
        with contextlib.suppress(FileNotFoundError):
            if lock.read_bytes() == raw:
                lock.unlink()
        return True

    # -- state ----------------------------------------------------------------------------------
    def load(self) -> dict[str, Any]:
        if not self.state_path.exists():
            raise NoGame(f"no game in {self.root}",
                         "start one with: python3 play.py setup (or pass --dir PATH)")
        try:
            raw = self.state_path.read_bytes()
            self.state_digest = hashlib.sha256(raw).hexdigest()
            envelope = json.loads(raw.decode("utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise Damaged(f"the game state {self.state_path} cannot be read ({exc})",
                          _DAMAGED_HINT) from None
        if not isinstance(envelope, dict) or envelope.get("format") != FORMAT or not all(
            key in envelope for key in ("game", "seed", "setup", "state")
        ):
            raise Damaged(f"the game state {self.state_path} is not a lifegames state",
                          _DAMAGED_HINT)
        return envelope

    def peek_tick(self) -> int | None:
        """The tick in the state file, read without the lock (None if it cannot be read)."""
        try:
            return int(json.loads(self.state_path.read_text(encoding="utf-8"))["state"]["tick"])
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def read_bytes(self, relative: str, limit: int) -> bytes | None:
        """A player's file, at most `limit`+1 bytes of it (enough to tell it is too large).
        Raises NotARegularFile for a link, folder or device: an order file that is a link
        could make `check` print any file the host can read."""
        path = self.path(relative)
        self.check_inside(relative)
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        try:
            fd = os.open(path, flags)
        except FileNotFoundError:
            return None
        except OSError as exc:  # ELOOP: a symbolic link
            raise NotARegularFile(relative) from exc
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise NotARegularFile(relative)
        with os.fdopen(fd, "rb") as handle:
            return handle.read(limit + 1)

    def check_inside(self, relative: str) -> None:
        """Refuse a path that passes through a link (a player folder linked elsewhere would
        make a tick write outside the game folder)."""
        current = self.root
        for part in safe_relative(relative).parts[:-1]:
            current = current / part
            if current.is_symlink():
                raise Damaged(f"{current} is a link; lifegames only writes inside the game "
                              "folder", "replace the link with the real folder")

    def snapshots(self, folder: str) -> list[str]:
        """The numbered sheet files currently shown in a player's folder (not archive/)."""
        directory = self.path(folder)
        if not directory.is_dir():
            return []
        return sorted(p.name for p in directory.iterdir() if p.is_file() and SNAPSHOT.match(p.name))

    # -- commit ---------------------------------------------------------------------------------
    def commit(self, ops: list[Op], envelope: dict[str, Any]) -> None:
        """Put every op and the new state in place, all or nothing (see the module docstring)."""
        staging = self.meta / STAGING
        if staging.exists():
            shutil.rmtree(staging)
        staging.mkdir(parents=True)
        entries: list[dict[str, Any]] = []
        all_ops = [*ops, Op("write", f"{META}/{STATE_FILE}", dumps(envelope))]
        for index, op in enumerate(all_ops):
            self.check_inside(op.path)
            if op.kind == "move":
                self.check_inside(op.dest)
                entries.append({"op": "move", "path": op.path, "dest": op.dest})
                continue
            if op.kind == "delete":
                entries.append({"op": "delete", "path": op.path})
                continue
            staged = f"{index:05d}"
            (staging / staged).write_bytes(op.text.encode("utf-8"))
            entry: dict[str, Any] = {"op": op.kind, "path": op.path, "staged": staged}
            if op.kind == "append":
                target = self.path(op.path)
                entry["offset"] = target.stat().st_size if target.exists() else 0
            entries.append(entry)
        journal_tmp = self.meta / (JOURNAL_FILE + ".tmp")
        with open(journal_tmp, "w", encoding="utf-8") as handle:
            handle.write(dumps({"ops": entries}))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(journal_tmp, self.meta / JOURNAL_FILE)
        self._carry_out(entries)

    def _prune(self, directory: Path) -> None:
        """Remove folders a delete left empty (an archive/ that held nothing yet)."""
        root = self.root.resolve()
        while directory.resolve() != root and directory.is_dir() and not any(directory.iterdir()):
            directory.rmdir()
            directory = directory.parent

    def recover(self) -> bool:
        """Finish an interrupted commit (True) or throw away a half-staged one (False)."""
        journal = self.meta / JOURNAL_FILE
        if journal.exists():
            try:
                entries = json.loads(journal.read_text(encoding="utf-8"))["ops"]
            except (OSError, ValueError, KeyError, TypeError) as exc:
                raise Damaged(f"the interrupted-commit journal {journal} is unreadable ({exc})",
                              _DAMAGED_HINT) from None
            self._carry_out(entries)
            return True
        for leftover in (self.meta / STAGING, self.meta / (JOURNAL_FILE + ".tmp")):
            if leftover.is_dir():
                shutil.rmtree(leftover)
            elif leftover.exists():
                leftover.unlink()
        return False

    def _carry_out(self, entries: list[dict[str, Any]]) -> None:
        staging = self.meta / STAGING
        for entry in entries:
            self.check_inside(entry["path"])
            if entry["op"] == "move":
                self.check_inside(entry["dest"])
            target = self.path(entry["path"])
            if entry["op"] == "move":
                if target.exists():
                    dest = self.path(entry["dest"])
                    dest.parent.mkdir(parents=True, exist_ok=True)
                    os.replace(target, dest)
                continue
            if entry["op"] == "delete":
                if target.exists():
                    target.unlink()
                self._prune(target.parent)
                continue
            staged = staging / entry["staged"]
            target.parent.mkdir(parents=True, exist_ok=True)
            if entry["op"] == "write":
                if staged.exists():
                    os.replace(staged, target)
            elif entry["op"] == "append":
                if target.is_symlink():
                    raise Damaged(f"{target} is a link; lifegames only writes inside the game "
                                  "folder", "replace the link with the real file")
                data = staged.read_bytes()
                with open(target, "r+b" if target.exists() else "w+b") as handle:
                    handle.truncate(entry["offset"])
                    handle.seek(entry["offset"])
                    handle.write(data)
        (self.meta / JOURNAL_FILE).unlink()
        shutil.rmtree(staging, ignore_errors=True)


_DAMAGED_HINT = (
    "the folder's hidden state was changed or truncated outside play.py; restore the .lifegames "
    "folder from your synced copy or git history, or start a new game"
)
REPAIR_HINT = (
    "`python3 play.py verify` shows every file that differs from a replay of the executed "
    "orders; `python3 play.py rollback N` rebuilds the folder as it was right after tick N "
    "(N = the current tick repairs it in place)"
)

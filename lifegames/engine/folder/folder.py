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
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ..base.errors import LifegamesError
from ..base.jsondata import Json, JsonObject
from ..files import playerfiles
from ..files.playerfiles import Folder, Refused
from .locking import flock, host_name, kernel_locked
from .shapes import (
    FORMAT,
    PLAYER_NAME,
    SNAPSHOT,
    arrival_problem,
    engine_path,
    envelope_problem,
    journal_problem,
    manifest_problem,
    seat_path,
)

__all__ = ["FORMAT", "PLAYER_NAME", "SNAPSHOT", "Busy", "Damaged", "FolderError", "GameFolder",
           "NoGame", "NotARegularFile", "Op", "Refused", "dumps", "safe_relative"]

META = playerfiles.PRIVATE_FOLDER  # every file in it is the host's alone (0600, folders 0700)
STATE_FILE = "state.json"
MANIFEST_FILE = "manifest.json"
SEATS_FILE = "seats.json"  # where the players' seats are (the referee's own record)
JOURNAL_FILE = "journal.json"
LOCK_FILE = "lock"
STAGING = "staging"
FILE_LIMIT = 32 * 1024 * 1024  # far above any file the engine writes: a bound for reading
LOCK_LIMIT = 256


class FolderError(LifegamesError):
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


class Midway(FolderError):
    """The folder holds a commit not carried out yet, which this command may not finish."""


NotARegularFile = Refused  # the name older callers catch


@dataclass(frozen=True)
class Op:
    """One step of a commit: write a whole file, append to one, or move one (to archive/)."""

    kind: str  # "write" | "append" | "move" | "delete"
    path: str
    text: str = ""
    dest: str = ""


def dumps(data: Json) -> str:
    """JSON as written anywhere: sorted keys, stable layout, a final newline."""
    return json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def safe_relative(path: str) -> PurePosixPath:
    """Reject any path that could leave the game folder (names come from players)."""
    return PurePosixPath(*playerfiles.parts(path))


class GameFolder:
    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = Path(root)
        self.meta = self.root / META
        self.state_digest = ""  # sha256 of state.json as last loaded
        self.recovered = False  # the last lock finished an interrupted commit
        self.committed = False  # this object put a commit's journal in place
        self.written: list[str] = []  # every path the last commit wrote, moved or deleted
        self.seat_written: list[str] = []  # every seat path it wrote or deleted (Player/...)
        self._depth = 0  # how many nested locked() blocks hold the lock
        self._lock_fd: int | None = None  # the lock file, kernel-locked while we hold it

    # -- paths ----------------------------------------------------------------------------------
    def path(self, relative: str) -> Path:
        return self.root / safe_relative(relative)

    @property
    def state_path(self) -> Path:
        return self.meta / STATE_FILE

    def has_game(self) -> bool:
        return self.state_path.exists() or (self.meta / JOURNAL_FILE).exists()

    def _meta_is_folder(self) -> bool:
        """Whether the hidden folder exists; Damaged if it is a link or not a folder, before
        anything is written or deleted through it."""
        try:
            info = os.lstat(self.meta)
        except FileNotFoundError:
            return False
        except NotADirectoryError:
            raise NoGame(f"{self.root} is a file, not a folder",
                         "pass the game's folder with --dir PATH") from None
        if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
            reason = "a link" if stat.S_ISLNK(info.st_mode) else "not a folder"
            raise Damaged(f"{self.meta} is {reason}; lifegames keeps a game's hidden state only "
                          "in a real folder inside the game folder",
                          "replace it with the real folder (from your synced copy or git)")
        return True

    # -- locking --------------------------------------------------------------------------------
    @contextlib.contextmanager
    def locked(self, wait: float = 2.0, create: bool = False) -> Iterator[None]:
        """Hold the folder's lock, and first finish or undo any interrupted commit. Only setup
        may `create` the hidden folder: any other command in a folder without a game leaves
        it untouched. Nested use (a tool that replays while it holds the lock) holds it once."""
        if self._depth:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        if self.root.exists() and not self.root.is_dir():
            raise NoGame(f"{self.root} is a file, not a folder",
                         "pass a folder with --dir PATH")
        if not self._meta_is_folder():
            if not create:
                raise NoGame(f"no game in {self.root}",
                             "start one with: python3 play.py setup (or pass --dir PATH)")
            playerfiles.make_folders(self.meta)
            self._meta_is_folder()
            playerfiles.make_private(self.root)  # a game folder is the host's alone
        lock = self.meta / LOCK_FILE
        deadline = time.monotonic() + wait
        while not self._take(lock):
            if self._clear_stale(lock):
                continue
            if time.monotonic() >= deadline:
                raise Busy("another play.py command is working on this folder",
                           f"try again in a moment; if none is running, delete {lock}")
            time.sleep(0.05)
        self._depth = 1
        try:
            self.recovered = self.recover()
            yield
        finally:
            self._depth = 0
            with contextlib.suppress(FileNotFoundError):
                lock.unlink()
            if self._lock_fd is not None:
                os.close(self._lock_fd)
                self._lock_fd = None

    def _take(self, lock: Path) -> bool:
        """Create the lock and write its owner into it. The new lock file is also locked
        with the kernel (flock) for as long as the command holds it, so a lock found empty
        and not kernel-locked was left by a process killed between creating and writing it:
        it is cleared at once instead of blocking every command for seconds."""
        try:
            fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY | playerfiles.NOFOLLOW,
                         playerfiles.PRIVATE_FILE_MODE)
        except FileExistsError:
            return False
        try:
            flock(fd, blocking=True)
            os.write(fd, f"{os.getpid()} {host_name()}\n".encode())
        except OSError:
            os.close(fd)
            with contextlib.suppress(OSError):
                lock.unlink()  # never leave an ownerless lock behind
            raise
        self._lock_fd = fd
        return True

    @contextlib.contextmanager
    def _guard(self) -> Iterator[bool]:
        """A kernel lock on the hidden folder itself (no new file), held while a lock file is
        created or judged; yields False where there is none (Windows, some network shares)."""
        guard = None
        try:
            import fcntl

            guard = os.open(self.meta, os.O_RDONLY)
            fcntl.flock(guard, fcntl.LOCK_EX)
        except (ImportError, OSError):
            if guard is not None:
                os.close(guard)
                guard = None
        try:
            yield guard is not None
        finally:
            if guard is not None:
                os.close(guard)

    def _clear_stale(self, lock: Path) -> bool:
        """Remove a lock left by a process that died on this machine (or one never finished
        being written); True if it was removed. Another machine's lock is never touched: its
        owner may still be working over a synced folder. Two commands may find the same stale
        lock: the guard lets only one of them judge and remove it, and it removes it only if
        it is still the lock it judged."""
        with self._guard() as guarded:
            return self._judge_stale(lock, guarded)

    def _judge_stale(self, lock: Path, guarded: bool = False) -> bool:
        relative = f"{META}/{LOCK_FILE}"
        try:
            found = playerfiles.read(self.root, relative, LOCK_LIMIT)
            if found is None:
                return True
            raw = found.data
            age = time.time() - found.info.st_mtime if found.info else 0.0
        except Refused:  # a link or a folder where the lock should be: not a lock at all
            raw, age = b"", 1e9
        content = raw.decode("utf-8", "replace").split()
        if guarded and not content and age >= 0.5 and kernel_locked(lock) is False:
            age = 1e9  # empty and no one holds it: its maker died before writing its owner
        if len(content) == 2 and re.fullmatch(r"[0-9]{1,12}", content[0], re.ASCII):
            if content[1] != host_name():
                return False
            try:
                os.kill(int(content[0]), 0)
                return False
            except ProcessLookupError:
                pass
            except (PermissionError, OverflowError, ValueError):
                return False
        elif age < 10:  # perhaps being written right now
            return False
        with contextlib.suppress(FileNotFoundError, Refused):
            again = playerfiles.read(self.root, relative, LOCK_LIMIT)
            if again is None or again.data != raw:
                return True
        try:
            with Folder.open(self.meta) as meta:
                meta.unlink(LOCK_FILE)
        except Refused as refused:
            raise Damaged(f"{self.meta / LOCK_FILE} {refused.reason}",
                          "remove it: lifegames makes its lock file itself") from None
        return True

    # -- state ----------------------------------------------------------------------------------
    def read_meta(self, name: str) -> bytes | None:
        """A file of the hidden folder, read like any other (bounded, never through a link);
        Damaged if it is not a plain file or is implausibly large."""
        relative = f"{META}/{name}"
        try:
            found = playerfiles.read(self.root, relative, FILE_LIMIT)
        except Refused as refused:
            raise Damaged(f"{relative} {refused.reason}", _DAMAGED_HINT) from None
        if found is None:
            return None
        if not found.complete:
            raise Damaged(f"{relative} is {found.size} bytes, far larger than lifegames writes",
                          _DAMAGED_HINT)
        return found.data

    def _seats_record(self) -> JsonObject | None:
        raw = self.read_meta(SEATS_FILE)
        if raw is None:
            return None
        try:
            record = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            record = None
        root = record.get("root") if isinstance(record, dict) else None
        remotes = record.get("remotes", {}) if isinstance(record, dict) else None
        if not isinstance(root, str) or not root or "\x00" in root or not isinstance(
                remotes, dict) or not all(
                isinstance(p, str) and PLAYER_NAME.match(p) and isinstance(u, str) and u
                and not u.startswith("-") and not any(c in u for c in "\x00\n\r")
                for p, u in remotes.items()):
            raise Damaged(f"{META}/{SEATS_FILE} is not a record lifegames wrote", _DAMAGED_HINT)
        assert isinstance(record, dict)
        return record

    def seats_root(self) -> Path | None:
        """The folder holding the players' seats, if the game was set up with seats. Read from
        the referee's own record, never from anything in a seat."""
        record = self._seats_record()
        if record is None:
            return None
        # Kept relative to the game folder, so the two can move together (or be copied).
        return Path(os.path.normpath(self.root.absolute() / record["root"]))

    def remotes(self) -> dict[str, str]:
        """player -> the git remote of their seat, for a game set up with `--remotes` ({}
        otherwise). The seats' files are then the host's own, in .lifegames/seats."""
        record = self._seats_record()
        return dict(record.get("remotes", {})) if record is not None else {}

    def read_manifest(self) -> JsonObject | None:
        """The manifest of the last commit, if it is one lifegames wrote (None if it is
        missing or of another shape); Damaged if it is not a plain file."""
        raw = self.read_meta(MANIFEST_FILE)
        try:
            manifest = json.loads(raw.decode("utf-8")) if raw is not None else None
        except (UnicodeDecodeError, ValueError, RecursionError):
            return None
        return None if manifest_problem(manifest) else manifest

    def load(self) -> JsonObject:
        if self.root.exists() and not self.root.is_dir():
            raise NoGame(f"{self.root} is a file, not a folder", "pass a folder with --dir PATH")
        self._meta_is_folder()
        raw = self.read_meta(STATE_FILE)
        if raw is None:
            raise NoGame(f"no game in {self.root}",
                         "start one with: python3 play.py setup (or pass --dir PATH)")
        self.state_digest = hashlib.sha256(raw).hexdigest()
        try:
            envelope: JsonObject = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError) as exc:
            reason = "it is nested too deeply" if isinstance(exc, RecursionError) else exc
            raise Damaged(f"the game state {self.state_path} cannot be read ({reason})",
                          _DAMAGED_HINT) from None
        problem = envelope_problem(envelope)
        if problem:
            raise Damaged(f"the game state {self.state_path} is not a lifegames state "
                          f"({problem})", _DAMAGED_HINT)
        return envelope

    def peek_tick(self) -> int | None:
        """The tick in the state file, read without the lock (None if it cannot be read)."""
        try:
            found = playerfiles.read(self.root, f"{META}/{STATE_FILE}", FILE_LIMIT)
            tick = json.loads(found.data.decode("utf-8"))["state"]["tick"]  # type: ignore[union-attr]
            return tick if isinstance(tick, int) else None
        except (OSError, Refused, ValueError, KeyError, TypeError, AttributeError,
                RecursionError):
            return None

    def read_player(self, relative: str, limit: int) -> playerfiles.Content | None:
        """A player's file through the guarded reader: at most `limit`+1 bytes of it (enough
        to tell it is too large) and its true size. Refused for a link, a folder, a FIFO, a
        device or an unreadable file (with the reason): an order file that is a link could
        make `check` print any file the host can read."""
        return playerfiles.read(self.root, relative, limit)

    def exists(self, relative: str) -> bool:
        return self.path(relative).exists()

    def read_engine(self, relative: str, hint: str) -> bytes | None:
        """read_engine_file in this folder."""
        return read_engine_file(self.root, relative, hint)

    def read_bytes(self, relative: str, limit: int) -> bytes | None:
        found = self.read_player(relative, limit)
        return None if found is None else found.data

    def write_player(self, relative: str, text: str) -> None:
        """A whole file written into a player's folder through the guarded writer (atomic,
        never through a link); FolderError naming what stands in the way."""
        try:
            playerfiles.write(self.root, relative, text.encode("utf-8"))
        except Refused as refused:
            raise FolderError(f"{refused.path} {refused.reason}", refused.hint) from None

    # -- commit ---------------------------------------------------------------------------------
    def commit(self, ops: list[Op], envelope: JsonObject) -> None:
        """Put every op and the new state in place, all or nothing (see the module docstring).
        Every target is checked first: a folder where a sheet goes, a file called archive, a
        log that is a FIFO, a folder that cannot be written is reported before anything is
        written, and the folder is left exactly as it was."""
        all_ops = [*ops, Op("write", f"{META}/{STATE_FILE}", dumps(envelope))]
        self._preflight(all_ops)
        staging = self.meta / STAGING
        if staging.exists():
            shutil.rmtree(staging)
        playerfiles.make_folders(staging)
        entries: list[JsonObject] = []
        for index, op in enumerate(all_ops):
            if op.kind == "seat-delete":
                entries.append({"op": op.kind, "path": op.path})
                continue
            if op.kind == "move":
                entries.append({"op": "move", "path": op.path, "dest": op.dest})
                continue
            if op.kind == "delete":
                entries.append({"op": "delete", "path": op.path})
                continue
            staged = f"{index:05d}"
            _write_private(staging / staged, op.text.encode("utf-8"))
            entry: JsonObject = {"op": op.kind, "path": op.path, "staged": staged}
            if op.kind == "append":
                entry["offset"] = self._size(op.path)
            entries.append(entry)
        journal_tmp = self.meta / (JOURNAL_FILE + ".tmp")
        _write_private(journal_tmp, dumps({"ops": entries}).encode("utf-8"), sync=True)
        os.replace(journal_tmp, self.meta / JOURNAL_FILE)
        self.committed = True
        self.written = sorted({p for e in entries if not e["op"].startswith("seat-")
                               for p in (e["path"], e.get("dest")) if p})
        self.seat_written = sorted({e["path"] for e in entries if e["op"].startswith("seat-")})
        self._carry_out(entries)

    def _size(self, relative: str) -> int:
        with playerfiles.parent_of(self.root, relative) as (folder, name):
            info = folder.lstat(name) if folder is not None else None
            return info.st_size if info is not None and stat.S_ISREG(info.st_mode) else 0

    def _preflight(self, ops: list[Op]) -> None:
        """Raise FolderError naming the first target that cannot take its op; writes nothing."""
        for op in ops:
            seat = op.kind in ("seat-write", "seat-delete")
            if op.kind not in ("write", "append", "move", "delete", "seat-write",
                               "seat-delete") or not (seat_path if seat else engine_path)(
                    op.path) or (op.kind == "move" and not engine_path(op.dest)):
                raise ValueError(f"the engine made an op it may not carry out: {op!r}")
        self._check_target(f"{META}/{STAGING}", "folder")
        seats = self.seats_root() if any(o.kind.startswith("seat-") for o in ops) else None
        for op in ops:
            if op.kind == "move":
                self._check_target(op.path, "source")
                self._check_target(op.dest, "write")
            elif op.kind.startswith("seat-"):
                if seats is None:
                    raise ValueError("a seat op in a game without seats")
                self._check_target(op.path, op.kind[5:], seats)
            else:
                self._check_target(op.path, op.kind)

    def _check_target(self, relative: str, use: str, root: Path | None = None) -> None:
        *folders, name = playerfiles.parts(relative)
        try:
            with Folder.open(root or self.root) as top:
                deepest, missing = top._dup(), False
                try:
                    for part in folders:
                        step = deepest.child([part])
                        if step is None:
                            missing = True
                            break
                        deepest.close()
                        deepest = step
                    if not deepest.writable():
                        raise _Blocked(deepest.shown or str(self.root),
                                       "cannot be written (no permission, or a read-only "
                                       "file system)", "make it writable")
                    info = None if missing else deepest.lstat(name)
                finally:
                    deepest.close()
        except Refused as refused:
            raise _Blocked(refused.path, refused.reason, refused.hint) from None
        if info is None:
            return
        kind = playerfiles.kind_of(info.st_mode)
        if use == "folder" and kind != "folder":
            raise _Blocked(relative, playerfiles.refusal(relative, info.st_mode).reason,
                           "move it out of the way")
        if use in ("write", "delete") and kind == "folder":
            raise _Blocked(relative, "is a folder, not a file",
                           "move it out of the way (lifegames writes a file of that name)")
        if use in ("append", "source") and kind != "file":
            found = playerfiles.refusal(relative, info.st_mode)
            raise _Blocked(relative, found.reason,
                           "move it out of the way (lifegames writes a file of that name)")
        if use == "append" and not os.access(self.root / relative, os.W_OK):
            raise _Blocked(relative, "cannot be written (it is read-only)", "make it writable")

    def _prune(self, top: Folder, folders: list[str]) -> None:
        """Remove folders a delete left empty (an archive/ that held nothing yet)."""
        for depth in range(len(folders), 0, -1):
            parent = top.child(folders[: depth - 1])
            if parent is None:
                return
            with parent:
                if not parent.rmdir_if_empty(folders[depth - 1]):
                    return

    def recover(self) -> bool:
        """Finish an interrupted commit (True) or throw away a half-staged one (False)."""
        if (self.meta / JOURNAL_FILE).exists() or (self.meta / JOURNAL_FILE).is_symlink():
            raw = self.read_meta(JOURNAL_FILE) or b""
            try:
                entries = json.loads(raw.decode("utf-8"))["ops"]
            except (UnicodeDecodeError, ValueError, KeyError, TypeError,
                    RecursionError) as exc:
                raise Damaged(f"the interrupted-commit journal {self.meta / JOURNAL_FILE} is "
                              f"unreadable ({exc!r})", _DAMAGED_HINT) from None
            problem = journal_problem(entries)
            if problem:
                raise Damaged(f"the interrupted-commit journal {self.meta / JOURNAL_FILE} is "
                              f"not one lifegames wrote ({problem})", _DAMAGED_HINT)
            arriving = arrival_problem(entries, set(playerfiles.listing(
                self.root, f"{META}/{STAGING}")))
            if arriving:  # carrying it out now would leave the folder at neither tick
                raise Midway(f"this folder is in the middle of a sync: {META}/{JOURNAL_FILE} "
                             f"is there, but not every file it names ({arriving}); nothing was "
                             "changed", ARRIVING_HINT)
            self._carry_out(entries)
            return True
        for leftover in (self.meta / STAGING, self.meta / (JOURNAL_FILE + ".tmp")):
            if leftover.is_dir() and not leftover.is_symlink():
                shutil.rmtree(leftover)
            elif leftover.exists() or leftover.is_symlink():
                leftover.unlink()
        return False

    def _carry_out(self, entries: list[JsonObject]) -> None:
        """Do every journal step; each is idempotent (a step already done is skipped or done
        again to the same effect). Nothing is ever written through a link."""
        try:
            with Folder.open(self.root) as top:
                staging = top.child([META, STAGING])
                seats = None
                try:
                    for entry in entries:
                        if entry["op"].startswith("seat-"):
                            if seats is None:
                                seats = Folder.open(self._seats_for_journal())
                            self._seat_step(seats, staging, entry)
                        else:
                            self._step(top, staging, entry)
                    _keep_private(top, entries)
                finally:
                    if staging is not None:
                        staging.close()
                    if seats is not None:
                        seats.close()
        except Refused as refused:
            raise Damaged(f"{refused.path} {refused.reason}; the interrupted tick cannot be "
                          "finished until it is a plain file or folder again",
                          f"{refused.hint}; the next command then finishes the tick") from None
        (self.meta / JOURNAL_FILE).unlink()
        shutil.rmtree(self.meta / STAGING, ignore_errors=True)

    def _seats_for_journal(self) -> Path:
        root = self.seats_root()
        if root is None:
            raise Damaged(f"the interrupted-commit journal writes into seats, but this game has "
                          f"no {META}/{SEATS_FILE}", _DAMAGED_HINT)
        return root

    def _seat_step(self, seats: Folder, staging: Folder | None, entry: JsonObject) -> None:
        """A file of a player's seat, written whole from the staged copy (the seat may sit on
        another file system, so the staged file is copied, never moved) or deleted. Done
        again after a crash, it gives the same seat."""
        *folders, name = playerfiles.parts(entry["path"])
        if entry["op"] == "seat-delete":
            parent = seats.child(folders)
            if parent is not None:
                with parent:
                    if parent.lstat(name) is not None:
                        parent.unlink(name)
            return
        found = staging.read(entry["staged"], FILE_LIMIT) if staging is not None else None
        if found is None:
            raise Damaged(f"the interrupted commit's staged file {META}/{STAGING}/"
                          f"{entry['staged']} is missing", _DAMAGED_HINT)
        with seats.child(folders, create=True) as parent:  # type: ignore[union-attr]
            parent.write(name, found.data)

    def _step(self, top: Folder, staging: Folder | None, entry: JsonObject) -> None:
        *folders, name = playerfiles.parts(entry["path"])
        kind = entry["op"]
        if kind in ("move", "delete"):
            parent = top.child(folders)
            if parent is None:
                return
            with parent:
                info = parent.lstat(name)
                if info is None:
                    return
                if kind == "delete":
                    parent.unlink(name)
                elif not stat.S_ISREG(info.st_mode):
                    raise playerfiles.refusal(entry["path"], info.st_mode)
                else:
                    *dest_folders, dest_name = playerfiles.parts(entry["dest"])
                    with top.child(dest_folders, create=True) as dest:  # type: ignore[union-attr]
                        parent.rename(name, dest, dest_name)
            if kind == "delete":
                self._prune(top, folders)
            return
        staged = entry["staged"]
        if staging is None or staging.lstat(staged) is None:
            if kind == "write":
                return  # already moved into place
            raise Damaged(f"the interrupted commit's staged file {META}/{STAGING}/{staged} is "
                          "missing", _DAMAGED_HINT)
        with top.child(folders, create=True) as parent:  # type: ignore[union-attr]
            if kind == "write":
                staging.rename(staged, parent, name)
            else:
                found = staging.read(staged, FILE_LIMIT)
                parent.append_at(name, entry["offset"], found.data if found else b"")


def _write_private(path: Path, data: bytes, sync: bool = False) -> None:
    """A new file inside the hidden folder, 0600 whatever the umask (a staged file, the
    journal): the referee's files are never readable by anyone else, even for a moment."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | playerfiles.NOFOLLOW
                 | playerfiles.CLOEXEC | playerfiles.BINARY, playerfiles.PRIVATE_FILE_MODE)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, playerfiles.PRIVATE_FILE_MODE)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        if sync:
            os.fsync(fd)
    finally:
        os.close(fd)


def _keep_private(top: Folder, entries: list[JsonObject]) -> None:
    """After a commit, the game folder, every folder on the way to a file the commit wrote,
    moved or appended to, and that file are the host's alone (0700 folders, 0600 files),
    whatever the umask, an older lifegames or a chmod left there. A player's seat (a seat-
    op) keeps the modes its synced folder needs."""
    top.make_private()
    folders: set[tuple[str, ...]] = set()
    files: set[tuple[str, ...]] = set()
    for entry in entries:
        if entry["op"].startswith("seat-") or entry["op"] == "delete":
            continue
        for relative in (entry["path"], entry.get("dest")):
            if relative:
                names = playerfiles.parts(relative)
                files.add(names)
                folders.update(names[:depth] for depth in range(1, len(names)))
    for names in sorted(folders | files):
        parent = top.child(list(names[:-1]))
        if parent is not None:
            with parent:
                parent.make_private(names[-1])


def read_engine_file(root: str | os.PathLike[str], relative: str, hint: str) -> bytes | None:
    """A file the engine wrote (a sheet, a log, a record), through the guarded reader; None
    if missing, Damaged (with `hint`) if it is no longer a plain file or is far too large:
    nothing is followed, and nothing is read whole that lifegames could not have written."""
    try:
        found = playerfiles.read(root, relative, FILE_LIMIT)
    except Refused as refused:
        raise Damaged(f"{refused.path} {refused.reason}", hint) from None
    if found is not None and not found.complete:
        raise Damaged(f"{relative} is {found.size} bytes, far larger than lifegames writes",
                      hint)
    return None if found is None else found.data


class _Blocked(FolderError):
    """A commit target that cannot take its op, found before anything was written."""

    def __init__(self, path: str, reason: str, hint: str) -> None:
        super().__init__(f"{path} {reason}; nothing was changed",
                         f"{hint}, then run the command again")


_DAMAGED_HINT = (
    "the folder's hidden state was changed or truncated outside play.py; restore the .lifegames "
    "folder from your synced copy or git history, or start a new game"
)
DAMAGED_HINT = _DAMAGED_HINT
ARRIVING_HINT = (
    "wait until the sync has brought every file, then run the command again; if no sync is "
    "running, copy the .lifegames folder again from the copy that played the tick"
)
REPAIR_HINT = (
    "`python3 play.py verify` shows every file that differs from a replay of the executed "
    "orders; `python3 play.py rollback N` rebuilds the folder as it was right after tick N "
    "(N = the current tick repairs it in place)"
)

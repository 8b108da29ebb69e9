"""Reading a game folder without writing a byte of it: what `check` needs.

Every other command takes the folder's lock, which is a file it creates, and first finishes
or undoes an interrupted commit (folder.GameFolder.locked). `check` promises to change nothing,
so it takes no lock and carries out no journal: it reads the folder as the last complete commit
left it and makes sure no commit was carried out while it read (the state file is replaced by
every commit, and the journal stands from before a commit's first step to after its last), or
reads again. A folder caught in the middle of a commit (a tick interrupted, or a synced copy
whose journal arrived before the files it names) is reported with the command that finishes it.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from typing import TypeVar

from ..files import playerfiles
from .folder import (
    ARRIVING_HINT,
    DAMAGED_HINT,
    JOURNAL_FILE,
    LOCK_FILE,
    LOCK_LIMIT,
    META,
    STAGING,
    STATE_FILE,
    Busy,
    Damaged,
    FolderError,
    GameFolder,
    Midway,
)
from .locking import host_name, kernel_locked
from .shapes import arrival_problem, journal_problem

T = TypeVar("T")
FINISH = "python3 play.py status"  # any command that takes the lock finishes a commit


def read_only(folder: GameFolder, read: Callable[[], T], wait: float = 2.0) -> T:
    """`read()`, on a folder no commit changed while it ran; never writes. A journal left by a
    command that is still running is waited for (up to `wait` seconds: then Busy)."""
    if folder._depth:  # the caller holds the lock already
        return read()
    deadline = time.monotonic() + wait
    while True:
        before = _mark(folder)
        if before is None:
            if not _lock_held(folder) or time.monotonic() >= deadline:
                if _lock_held(folder):
                    raise Busy("another play.py command is writing a tick into this folder",
                               "try again in a moment")
                raise _midway(folder)
        else:
            try:
                result, failure = read(), None
            except FolderError as error:  # perhaps only a commit seen half-way: look again
                result, failure = None, error
            if _mark(folder) == before:
                if failure is not None:
                    raise failure
                return result  # type: ignore[return-value]
        if time.monotonic() >= deadline:
            raise Busy("the folder kept changing while it was read (ticks being played)",
                       "try again in a moment")
        time.sleep(0.05)


def _mark(folder: GameFolder) -> tuple[int, ...] | None:
    """What changes whenever a commit is carried out; None while a journal stands."""
    if os.path.lexists(folder.meta / JOURNAL_FILE):
        return None
    try:
        info = os.lstat(folder.meta / STATE_FILE)
    except OSError:
        return ()
    return (info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


def _lock_held(folder: GameFolder) -> bool:
    """Whether a live command holds the folder's lock (judged without touching it)."""
    try:
        found = playerfiles.read(folder.root, f"{META}/{LOCK_FILE}", LOCK_LIMIT)
    except (playerfiles.Refused, OSError):
        return False
    if found is None:
        return False
    held = kernel_locked(folder.meta / LOCK_FILE)
    if held is not None:
        return held
    owner = found.data.decode("utf-8", "replace").split()
    if len(owner) != 2 or not owner[0].isdigit():
        return found.info is None or time.time() - found.info.st_mtime < 10
    if owner[1] != host_name():
        return True  # another machine's: it may well be working
    try:
        os.kill(int(owner[0]), 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    return True


def _midway(folder: GameFolder) -> FolderError:
    """What to say of a folder whose journal stands with no command carrying it out."""
    shown = f"{META}/{JOURNAL_FILE}"
    raw = folder.read_meta(JOURNAL_FILE) or b""
    try:
        entries = json.loads(raw.decode("utf-8"))["ops"]
    except (UnicodeDecodeError, ValueError, KeyError, TypeError, RecursionError):
        entries = None
    problem = journal_problem(entries)
    if problem:
        return Damaged(f"the interrupted-commit journal {shown} is not one lifegames wrote "
                       f"({problem})", DAMAGED_HINT)
    arriving = arrival_problem(entries, set(playerfiles.listing(folder.root,
                                                                f"{META}/{STAGING}")))
    if arriving:
        return Midway(f"this folder is in the middle of a sync: {shown} is there, but not "
                      f"every file it names ({arriving}); check changed nothing", ARRIVING_HINT)
    return Midway(f"this folder is in the middle of a tick: the tick was recorded, but the "
                  f"command writing it stopped before it was done ({shown} is there); check "
                  "changed nothing", f"`{FINISH}` finishes writing it; then check again")

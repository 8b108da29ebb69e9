"""Where an open order file stands: which game, which player, and what that player knows.

An editor names a file by its path only, so the place is worked out as `check` would: a folder
holding seat.json (and no game of its own) is a seat, and its file is checked from what the
seat's player knows; otherwise the folder above is a game folder (a host's, or one shared by
every player) and the file is checked as the player whose folder holds it. Everything is read
through the engine's guarded readers (engine/files/playerfiles.py: never through a link, never past
a bound) and nothing is written: no lock is taken, so a game folder met in the middle of a tick (its
journal present) is reported as such rather than repaired, and a folder that changes while it
is read is read again. What was read is kept until the files it came from change.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..engine.core.contract import AnyGame
from ..engine.folder.folder import JOURNAL_FILE, MANIFEST_FILE, META, STATE_FILE, FolderError
from ..engine.host.host import Host, order_file
from ..engine.seats.playercheck import Standpoint, folder_standpoint, seat_standpoint
from ..engine.seats.seats import SEAT_FILE

ORDER_NAME = re.compile(r"(?P<player>[A-Za-z][A-Za-z0-9_-]{0,23})_orders(?:[A-Za-z0-9_.-]*)\.txt")
NOT_AN_ORDER_FILE = ("lifegames checks order files: <Player>_orders.txt in that player's "
                     "folder of a game folder, or in their seat")
READS = 3  # times a game folder is read before giving up on one that keeps changing


@dataclass(frozen=True)
class Place:
    """An open file's place. `standpoint` is None when nothing can be checked; `trouble`
    then says why (no game here, a damaged folder, a tick being written; nothing for a file
    not named like an order file). `relative` names
    the file as `check` does; `notes` are for the player (a draft tick never reads, say)."""

    standpoint: Standpoint | None
    relative: str
    trouble: str = ""
    notes: tuple[str, ...] = ()


Signature = tuple[tuple[int, int, int] | None, ...]


def _signature(*paths: Path) -> Signature:
    """What tells that a file changed (replaced, rewritten, removed), from lstat alone."""
    out: list[tuple[int, int, int] | None] = []
    for path in paths:
        try:
            info = os.lstat(path)
        except OSError:
            out.append(None)
            continue
        out.append((info.st_ino, info.st_mtime_ns, info.st_size))
    return tuple(out)


class Places:
    """The places of open files, each read again only when its game's files change."""

    def __init__(self, resolve: Callable[[str], AnyGame]) -> None:
        self.resolve = resolve
        self._seen: dict[Path, tuple[Signature, Standpoint | str, tuple[str, ...]]] = {}
        self._lock = threading.Lock()

    def signature(self, path: Path) -> Signature:
        """Changes whenever what `find(path)` reads changes."""
        folder = Path(os.path.abspath(path)).parent
        meta = folder.parent / META
        return _signature(folder / SEAT_FILE, folder / META, meta, meta / STATE_FILE,
                          meta / MANIFEST_FILE, meta / JOURNAL_FILE)

    def find(self, path: Path) -> Place:
        path = Path(os.path.abspath(path))
        match = ORDER_NAME.fullmatch(path.name)
        if match is None:  # an editor may hand the server every text file: say nothing
            return Place(None, path.name)
        folder = path.parent
        with self._lock:
            signature = self.signature(path)
            seen = self._seen.get(folder)
            if seen is None or seen[0] != signature:
                seen = (signature, *self._read(folder))
                self._seen[folder] = seen
        _, found, notes = seen
        if isinstance(found, str):
            return Place(None, path.name, found)
        player = found.player
        relative = path.name if found.seat else f"{player}/{path.name}"
        wanted = f"{player}_orders.txt"
        if match.group("player") != player:
            return Place(None, relative, f"this is {player}'s {'seat' if found.seat else 'folder'}"
                         f": their order file is {wanted}")
        if path.name != wanted:
            notes = (*notes, f"lifegames reads only {wanted}: this file is checked as "
                     f"{player}'s orders, but a tick never reads it")
        return Place(found, relative, "", notes)

    def _read(self, folder: Path) -> tuple[Standpoint | str, tuple[str, ...]]:
        """The standpoint of the files in `folder` (a seat or a player's folder), or why
        there is none; and notes that hold for every file there."""
        if not folder.is_dir():
            return f"not in a game: the folder {folder} is not there (moved, or deleted?)", ()
        if not (folder / META).exists():
            try:
                seat = seat_standpoint(folder, self.resolve)
            except FolderError as error:
                return _trouble(error), ()
            except OSError as error:
                return f"the seat cannot be read: {error.strerror or error}", ()
            if seat is not None:
                return seat, ()
        root = folder.parent
        meta = root / META
        if not meta.exists():
            return ("not in a game: this folder holds no seat.json, and the folder above it "
                    f"no game ({NOT_AN_ORDER_FILE})"), ()
        for _ in range(READS):
            signature = _signature(meta / STATE_FILE, meta / MANIFEST_FILE)
            if (meta / JOURNAL_FILE).exists():
                return ("a tick is being written in this game folder (its journal is there): "
                        "the next lifegames command (`status`, say) finishes it; checking "
                        "goes on once it is done"), ()
            host = Host(str(root), self.resolve)
            try:
                loaded = host.peek()
                seats = host.folder.seats_root()
            except FolderError as error:
                if _signature(meta / STATE_FILE, meta / MANIFEST_FILE) != signature:
                    continue  # a tick was committed while we read: read it again
                return _trouble(error), ()
            except OSError as error:
                return f"the game folder cannot be read: {error.strerror or error}", ()
            if _signature(meta / STATE_FILE, meta / MANIFEST_FILE) != signature:
                continue
            break
        else:
            return "the game folder keeps changing while it is read; checking again soon", ()
        player = folder.name
        if player not in loaded.players:
            return (f"{player!r} is not a player of this game (players: "
                    f"{', '.join(loaded.players)})"), ()
        notes: tuple[str, ...] = ()
        if seats is not None:
            notes = (f"this game has seats: a tick reads {player}'s orders from their seat "
                     f"({seats / order_file(player)}), not from the game folder",)
        return folder_standpoint(loaded.game, loaded.state, loaded.players, player), notes


def _trouble(error: FolderError) -> str:
    return f"{error.message}" + (f" ({error.hint})" if error.hint else "")

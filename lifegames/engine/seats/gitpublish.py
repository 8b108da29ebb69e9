"""Publishing the host's files to seats over git (the host's side of gitseats.py): each seat's
new commit, rebuilt on a player's newer commit when they pushed meanwhile, pushed (never
forced), and the host's repositories packed as they grow.

What a commit costs does not grow with the game: a seat's archive/ gains a few files a tick,
and only the files whose stat signature moved since they were last read (those the tick wrote)
are read and hashed; the rest keep the blob id recorded for them, and fast-import builds the
new tree from the previous commit's, given only the entries that changed."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import threading
import time
from collections.abc import Iterable
from pathlib import Path

from ..files import playerfiles
from .gitseats import (
    BUILD,
    CHAIN_LIMIT,
    FILE_LIMIT,
    HOST_CONFIG,
    IDENTITY,
    MAIN,
    GitError,
    RemoteSeat,
    SeatProblem,
    blob_id,
    first_line,
    host_path,
    run,
)

PUSH_TIME = 60.0  # seconds the host keeps answering refused pushes (a player pushing on and on)
PACK_EVERY = 16  # commits built in a host's repository before its loose objects are packed
PACKS = 16  # packs a host's repository may hold before they are packed into one
RACY = 2.0  # seconds: a file changed this recently may change again within its stamp

Mark = tuple[int, int]  # size and mtime (ns) of a file


# -- the host's files of a seat -----------------------------------------------------------------


def _known_path(seat: RemoteSeat) -> Path:
    return seat.git_dir.with_suffix(".files.json")


def _known(seat: RemoteSeat) -> dict[str, tuple[Mark, str]]:
    """path -> (stat signature, blob id) of the seat's files as last read (host-owned)."""
    if seat.hashed is None:
        seat.hashed = {}
        try:
            data = json.loads(_known_path(seat).read_text(encoding="ascii"))
            for path, (mark, oid) in data.items():
                size, mtime = (int(n) for n in mark)
                seat.hashed[path] = ((size, mtime), str(oid))
        except (OSError, ValueError, TypeError, AttributeError):
            seat.hashed = {}
    return seat.hashed


def _mark(info: os.stat_result) -> Mark:
    return (info.st_size, info.st_mtime_ns)


def host_files(seat: RemoteSeat) -> tuple[dict[str, str], dict[str, bytes]]:
    """The host's files of this seat as its last commit left them (the private copy): path ->
    blob id, and the bytes of those read now. A file is read only if its size or mtime moved
    since it was last read (git's own minimal check: the folder is the host's, written by
    lifegames alone, and a copy made with its times kept needs no reading again). A signature
    is recorded only for a file written more than RACY seconds before it was read: one
    written again later has a later mtime."""
    known = _known(seat)
    ids: dict[str, str] = {}
    fresh: dict[str, bytes] = {}
    now: dict[str, tuple[Mark, str]] = {}
    settled = time.time() - RACY

    def scan(folder: playerfiles.Folder, prefix: str) -> None:
        for name in folder.names():
            path = prefix + name
            if not host_path(seat.player, path):
                continue
            info = folder.lstat(name)
            if info is None or not stat.S_ISREG(info.st_mode):
                continue
            old = known.get(path)
            if old is not None and old[0] == _mark(info):
                ids[path] = old[1]
                now[path] = old
                continue
            found = folder.read(name, FILE_LIMIT)
            if found is None:
                continue
            ids[path] = oid = blob_id(found.data)
            fresh[path] = found.data
            info = found.info or info
            if info.st_mtime < settled:
                now[path] = (_mark(info), oid)

    try:
        with playerfiles.Folder.open(seat.files.parent) as top:
            folder = top.child([seat.player])
            if folder is not None:
                with folder:
                    scan(folder, "")
                    try:
                        archive = folder.child(["archive"])
                    except (playerfiles.Refused, NotADirectoryError):
                        archive = None
                    if archive is not None:
                        with archive:
                            scan(archive, "archive/")
    except (playerfiles.Refused, NotADirectoryError):
        pass
    if now != known:
        seat.hashed = now
        playerfiles.write(seat.git_dir.parent, _known_path(seat).name,
                          json.dumps({p: [list(m), o] for p, (m, o) in sorted(now.items())},
                                     separators=(",", ":")).encode("ascii"), sync=False)
    return ids, fresh


def renewal(seat: RemoteSeat) -> bytes | None:
    """The host's newest template, to become the order file when the seat's order file
    is one the host may replace: the very file a tick played, or an untouched copy of the
    template the host wrote last (a plain game folder renews the same two). A player's
    clone is then ready for the next tick after a `git pull`, and a player who pulls
    before writing meets no conflict; a file the player changed since is never touched.
    None when there is nothing to renew."""
    base = seat.ref(MAIN)
    now = seat.order_entry(base) if base else ""
    if not now:
        return None
    template_name = f"{seat.player}_orders_template.txt"
    entry = seat.top(base).get(template_name)
    replaceable = {seat.order_entry(seat.record.played) if seat.record.played else "",
                   entry[1] if entry is not None else ""} - {""}
    if now not in replaceable:
        return None
    found = playerfiles.read(seat.files.parent, f"{seat.player}/{template_name}", FILE_LIMIT)
    if found is None or blob_id(found.data) == now:
        return None
    return found.data


def build(seat: RemoteSeat, message: str, orders: bytes | None = None) -> bool:
    """A commit making the seat's branch hold the host's files as they are now (and
    `orders` as the order file: at setup, and for a bot); False if nothing changed."""
    base = seat.ref(MAIN)
    have = seat.host_entries(base) if base else {}
    ids, fresh = host_files(seat)
    if orders is not None:
        ids[seat.order_name] = blob_id(orders)
        fresh[seat.order_name] = orders
        order = seat.top(base).get(seat.order_name) if base else None
        if order is not None:
            have[seat.order_name] = order[1]
    puts: dict[str, bytes | str] = {}
    for path, oid in ids.items():
        if have.get(path) == oid:
            continue
        if path in fresh:
            puts[path] = fresh[path]
        elif seat.objects.info(oid) is not None:  # a file the host committed before
            puts[path] = oid
        else:  # its blob is not in the repository: read it again
            found = playerfiles.read(seat.files.parent, f"{seat.player}/{path}", FILE_LIMIT)
            if found is not None:
                puts[path] = found.data
    gone = [path for path in have if path not in ids]
    if not puts and not gone:
        return False
    made = commit(seat, base or None, message, puts, gone)
    if made:
        seat.set_main(made)
    return bool(made)


def commit(seat: RemoteSeat, parent: str | None, message: str, puts: dict[str, bytes | str],
           gone: Iterable[str]) -> str:
    """A new commit on `parent` (by fast-import: no index, no work tree, no attributes; the
    parent's tree is taken as it is, with `puts` and `gone` changed); returns its id."""
    text = message.encode("utf-8")
    stream = [b"feature done\n", f"reset {BUILD}\n".encode(), f"commit {BUILD}\n".encode(),
              f"committer {IDENTITY[0]} <{IDENTITY[1]}> now\n".encode(),
              b"data %d\n" % len(text), text, b"\n"]
    if parent:
        stream.append(f"from {parent}\n".encode())
    for path in sorted(gone):
        stream.append(f"D {path}\n".encode())
    for path, data in sorted(puts.items()):
        if isinstance(data, str):
            stream.append(f"M 100644 {data} {path}\n".encode())
        else:
            stream += [f"M 100644 inline {path}\n".encode(), b"data %d\n" % len(data), data,
                       b"\n"]
    stream.append(b"done\n")
    run(["fast-import", "--quiet", "--force", "--date-format=now"], seat.git_dir,
        b"".join(stream))
    made = seat.ref(BUILD)
    if not made:
        raise GitError("git fast-import made no commit")
    seat.record.built = str(int(seat.record.built or 0) + 1) if \
        (seat.record.built or "0").isdigit() else "1"
    return made


def rebuild_on(seat: RemoteSeat, tip: str, mine: str) -> None:
    """The host's commits that the remote has not got, rebuilt one by one on the player's
    newer commit `tip`: the host's files, and an order file the host wrote for the player
    (a bot's) unless the player's own newer commits changed that file: theirs wins then,
    and the host says so (in `notes`). Every other file stays as the player pushed it."""
    listed = run(["rev-list", "--first-parent", "--parents", f"--max-count={CHAIN_LIMIT}",
                  mine, "--not", tip], seat.git_dir).stdout.decode("ascii").split("\n")
    chain = [line.split() for line in listed if line.strip()][::-1]  # oldest first
    built_on = chain[0][1] if chain and len(chain[0]) > 1 else ""
    theirs = seat.order_entry(built_on) != seat.order_entry(tip)
    base = tip
    for old, *parents in chain:
        before = seat.host_entries(parents[0]) if parents else {}
        after = seat.host_entries(old)
        puts: dict[str, bytes | str] = {path: oid for path, oid in after.items()
                                        if before.get(path) != oid}
        gone = [path for path in before if path not in after]
        message = seat.objects.message(old)
        wrote = seat.order_entry(old)
        if wrote != seat.order_entry(parents[0] if parents else ""):
            if theirs:
                seat.notes.append(f"seat {seat.player}: the order file of the host's "
                                  f"commit \"{message}\" was not kept: {seat.player} "
                                  "pushed an order file of their own meanwhile, and "
                                  "theirs stands")
            elif wrote:
                puts[seat.order_name] = wrote
            else:
                gone.append(seat.order_name)
        base = commit(seat, base, message, puts, gone) or base
    seat.set_main(base)


def pack(seat: RemoteSeat) -> None:
    """Pack the host's repository of a seat as it grows (git's automatic gc is off: it would
    run a program the host did not choose). Every PACK_EVERY commits built, the loose objects
    go into one new pack (work in proportion to what is new); once there are more than PACKS
    packs, everything goes into one. The repository and its config are the host's own."""
    count = int(seat.record.built) if seat.record.built.isdigit() else 0
    if count < PACK_EVERY:
        return
    try:
        packs = sum(name.endswith(".pack") for name in os.listdir(seat.git_dir / "objects" /
                                                                   "pack"))
    except OSError:
        packs = 0
    everything = ["-a"] if packs >= PACKS else []
    run(["-c", "repack.writeBitmaps=false", "repack", "-d", "-q", *everything], seat.git_dir)
    seat.record.built = "0"
    seat.save()


# -- every seat of a game -----------------------------------------------------------------------


class RemoteSeats:
    """The remote seats of one game: fetch them all, read order files, publish the host's
    files. Git runs only with the repositories in `git_root` (the referee's own)."""

    def __init__(self, git_root: Path, seats_root: Path, remotes: dict[str, str]) -> None:
        self.git_root = git_root = git_root.absolute()
        self.moved: set[str] = set()  # seats whose branch changed since fetch() last said
        self.seats = {player: RemoteSeat(player, url, git_root / f"{player}.git",
                                         seats_root.absolute() / player)
                      for player, url in sorted(remotes.items())}

    def close(self) -> None:
        for seat in self.seats.values():
            seat.objects.close()

    @staticmethod
    def create(git_root: Path, players: Iterable[str]) -> None:
        """The host's own bare repositories (config written by lifegames, no hooks), the host's
        account's alone: folders 0700, files 0600, and so is what a fetch adds."""
        playerfiles.make_folders(git_root)
        for player in players:
            path = git_root / f"{player}.git"
            run(["init", "--quiet", "--bare", "--template=", "--initial-branch=main",
                 "--shared=0600", str(path)], None)
            playerfiles.write(path, "config", HOST_CONFIG.encode("utf-8"))
            playerfiles.make_private_tree(path)

    def fetch(self) -> list[str]:
        """Fetch every seat's remote at once; the players whose branch changed since the last
        call (also by a fetch made to answer a refused push)."""
        self._fetch(list(self.seats.values()))
        changed, self.moved = sorted(self.moved), set()
        return changed

    def _fetch(self, seats: list[RemoteSeat]) -> None:
        seats = [seat for seat in seats if not seat.blocked()]
        for seat, done in zip(seats, _together([(s.fetch_command(), s.git_dir) for s in seats]),
                              strict=True):
            if seat.fetched(done):
                self.moved.add(seat.player)

    def publish(self, message: str, orders: dict[str, bytes] | None = None,
                only: Iterable[str] | None = None) -> list[str]:
        """Commit each seat's new files (and `orders`: player -> order file) and push every
        seat the remote lacks; one line per seat that was published or could not be."""
        chosen = set(self.seats if only is None else only)
        lines = []
        for player in sorted(chosen):
            seat = self.seats[player]
            try:
                order = (orders or {}).get(player)
                build(seat, message, order if order is not None else renewal(seat))
                why = ""
            except GitError as error:
                why = str(error)
            except SeatProblem as problem:
                why = problem.reason
            if why:
                lines.append(f"seat {player}: not committed yet ({why}); the next tick or "
                             "`watch` round tries again")
            if seat.record.unpublished != why:
                seat.record.unpublished = why
                seat.save()
        lines += self.push()
        for player in sorted(chosen):
            try:
                pack(self.seats[player])
            except GitError as error:
                lines.append(f"seat {player}: its repository was not packed ({error}); the "
                             "next tick tries again")
        return lines

    def push(self, patience: float = PUSH_TIME) -> list[str]:
        """Push every seat whose branch the remote lacks; a push that raced a player's is
        rebuilt on their new commit and pushed again, never forced, for up to `patience`
        seconds: a player who pushes on and on cannot keep the host's commit out (each try
        fetches, rebuilds and pushes at once, leaving a window of one push's length)."""
        lines: list[str] = []
        todo = [seat for seat in self.seats.values() if seat.pending() and not seat.blocked()]
        deadline = time.monotonic() + patience
        tries = 0
        while todo and (tries == 0 or time.monotonic() < deadline):
            tries += 1
            results = _together([(seat.push_command(), seat.git_dir) for seat in todo])
            again = []
            for seat, done in zip(todo, results, strict=True):
                head = seat.ref(MAIN)
                if not isinstance(done, GitError) and done.returncode == 0:
                    seat.record.pushed = seat.record.fetched = head
                    seat.gone = False
                    seat.save()
                    lines.append(f"seat {seat.player}: pushed {head[:7]} to {seat.url}")
                elif _raced(done):
                    again.append(seat)
                else:
                    why = str(done) if isinstance(done, GitError) else first_line(done.stderr)
                    lines.append(f"seat {seat.player}: not pushed yet ({why}); the next tick "
                                 "or `watch` round tries again")
            self._fetch(again)
            todo = [seat for seat in again if seat.pending() and not seat.record.problem]
            lines += [f"seat {seat.player}: not pushed ({seat.record.problem})"
                      for seat in again if seat.record.problem]
        lines += [f"seat {seat.player}: not pushed yet (the remote kept moving for "
                  f"{patience:.0f} s, {tries} tries); the next round tries again"
                  for seat in todo]
        for seat in self.seats.values():
            lines += seat.notes
            seat.notes.clear()
        return lines


def _raced(done: subprocess.CompletedProcess[bytes] | GitError) -> bool:
    """A push refused only because the remote moved on (a player pushed meanwhile)."""
    if isinstance(done, GitError):
        return False
    text = (done.stdout + done.stderr).decode("utf-8", "replace")
    return "[rejected]" in text and ("fetch first" in text or "non-fast-forward" in text)


def _together(commands: list[tuple[list[str], Path]]
              ) -> list[subprocess.CompletedProcess[bytes] | GitError]:
    """Several git commands at once (fetches and pushes wait on the network, not the CPU);
    results in order."""
    results: list[subprocess.CompletedProcess[bytes] | GitError] = [
        GitError("not run")] * len(commands)

    def one(number: int, args: list[str], git_dir: Path) -> None:
        try:
            results[number] = run(args, git_dir, check=False)
        except GitError as error:
            results[number] = error

    if len(commands) == 1:
        one(0, *commands[0])
        return results
    threads = [threading.Thread(target=one, args=(n, a, d)) for n, (a, d) in enumerate(commands)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results

"""`--commit`: record a tick in the game folder's own git repository. Never pushes or pulls,
and never runs in a seat: a seat is a player's to write, and git reads far more of a
repository than its config (seats over git live in gitseats.py, in repositories the host
owns). The game folder's repository is the host's; in a folder shared whole with the players
(no seats) it is everyone's, like the rest of that folder, so its config is checked too."""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import time
from pathlib import Path
from typing import TYPE_CHECKING

from ..base.words import counted
from ..core.orders import MAX_FILE_BYTES
from ..core.turn import count_orders
from ..files import playerfiles
from ..folder.folder import (
    MANIFEST_FILE,
    META,
    REPAIR_HINT,
    SEATS_FILE,
    SNAPSHOT,
    STATE_FILE,
    NotARegularFile,
    read_engine_file,
)
from ..seats.gitseats import GitError, environment
from ..seats.seats import template_file
from .host import ARCHIVE, COMMITS_FILE, EXECUTED, SEED_FILE, SHEETS_RECORD, order_file, record_file

if TYPE_CHECKING:
    from .host import Host, Loaded

# In a folder shared whole with the players, its repository's config is theirs to write too:
# only settings that cannot make git run a program (or read another config file) are taken.
SAFE_KEYS = re.compile(
    r"(core\.(repositoryformatversion|filemode|bare|logallrefupdates|ignorecase|"
    r"precomposeunicode|symlinks|autocrlf|eol|safecrlf)|user\.(name|email)|init\.\w+|"
    r"(remote|branch)\.[^.\s]+\.(url|fetch|pushurl|remote|merge|rebase)|"
    r"extensions\.objectformat)", re.IGNORECASE)


def check_repository(root: Path) -> None:
    """Refuse a repository whose own settings could make git run a program on the host
    (filters, an fsmonitor, an ssh or pager command, includes...): a player who can write a
    synced seat can write its .git/config. Read with `git config --file`, which runs nothing."""
    dot = root / ".git"
    if not dot.exists() and not dot.is_symlink():
        return
    if dot.is_symlink() or not dot.is_dir():
        raise GitError(f"{dot} is not a plain folder; lifegames commits only in a plain git "
                       "repository")
    config = dot / "config"
    if config.is_symlink():
        raise GitError(f"{config} is a link; lifegames will not run git there")
    if not config.exists():
        return
    listed = subprocess.run(["git", "config", "--file", str(config), "--name-only", "--list"],
                            capture_output=True, text=True, check=False, env=_environment())
    unsafe = sorted({k for k in listed.stdout.split() if not SAFE_KEYS.fullmatch(k)})
    if listed.returncode != 0 or unsafe:
        shown = ", ".join(unsafe[:5]) or "it cannot be read"
        raise GitError(f"{config} holds settings lifegames will not run git with ({shown})")


def _git(root: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    try:
        done = subprocess.run(["git", "-C", str(root), *args], capture_output=True,
                              text=True, check=False, env=_environment())
    except FileNotFoundError:
        raise GitError("git is not installed") from None
    if check and done.returncode != 0:
        raise GitError(f"git {' '.join(args)} failed: {done.stderr.strip() or done.stdout}")
    return done


def _environment() -> dict[str, str]:
    """gitseats' environment (no system or global config, no prompt, a fixed identity),
    without GIT_DIR: here git finds the game folder's repository itself."""
    env = environment()
    env.pop("GIT_DIR", None)
    return env


# The subjects of the commits lifegames makes: `Setup: ...` and `Tick N: ...` (a late one
# adds LATE after the usual subject).
SUBJECT = re.compile(r"Setup: |Tick ([0-9]+)[: ]")
LATE = " (committed late: the run that played it did not commit it)"
WAIT_FOR_GIT = 3.0  # seconds a live git gets to finish with the index before we give up


def committed_tick(root: Path) -> int | None:
    """The tick named by the newest commit lifegames made in the game folder's repository
    (0: the setup); None if there is no repository or no such commit. Read from the log, so a
    commit the host made by hand in between changes nothing."""
    if not (root / ".git").is_dir():
        return None
    check_repository(root)
    found = _git(root, "log", "-n", "1", "--extended-regexp",
                 "--grep=^(Setup: |Tick [0-9]+[: ])", "--format=%s", check=False)
    match = SUBJECT.match(found.stdout) if found.returncode == 0 else None
    if match is None:
        return None
    return int(match.group(1)) if match.group(1) else 0


def clear_index_lock(root: Path, since: float | None) -> None:
    """A `.git/index.lock` left by a git that was killed, removed; GitError naming it if it may
    belong to a git still at work. Git takes that lock for every change of the index and
    removes it when done, so one left behind blocks every later commit.

    The caller holds the game folder's lock (so no other lifegames command runs git here) and
    owes the repository a commit of the game as it stood at `since` (the state file's time;
    None: never remove). The index lock is removed only if it is no older than that state
    (made by the git of the run that played it, or later) and, after a few seconds' wait, no
    process has it open and no git process works in this folder: a git orphaned by the kill
    of lifegames finishes by itself, and a git of the host's own (a `git commit` waiting for
    its editor) is left alone. Where processes cannot be seen (no /proc) the lock must also be
    a minute old."""
    lock = root / ".git" / "index.lock"
    deadline = time.monotonic() + WAIT_FOR_GIT
    while lock.exists() or lock.is_symlink():
        if time.monotonic() >= deadline:
            break
        time.sleep(0.05)
    else:
        return
    try:
        made = lock.lstat().st_mtime
    except FileNotFoundError:
        return
    ours = since is not None and made >= since
    busy = _git_at_work(root, lock) if ours else True
    if ours and (busy is False or (busy is None and time.time() - made >= 60)):
        lock.unlink(missing_ok=True)
        return
    raise GitError(f"{lock} is there: another git is working in this repository, or one was "
                   "killed (if no git is running, remove that file and run the command again)")


def _git_at_work(root: Path, lock: Path) -> bool | None:
    """Whether a process has `lock` open or is a git working in `root` (None: this system
    cannot tell, having no /proc). Bounded by the number of processes, and run only when an
    index lock was found."""
    proc = Path("/proc")
    if not (proc / "self" / "fd").is_dir():
        return None
    here = os.path.realpath(root)
    target = os.path.realpath(lock)
    for entry in os.listdir(proc):
        if not entry.isdigit():
            continue
        try:
            name = (proc / entry / "comm").read_text(encoding="utf-8", errors="replace").strip()
            if name.startswith("git") and os.readlink(proc / entry / "cwd") == here:
                return True
            for fd in os.listdir(proc / entry / "fd"):
                if os.readlink(proc / entry / "fd" / fd) == target:
                    return True
        except OSError:  # gone meanwhile, or another user's process: not ours to judge
            continue
    return False


def commit(root: Path, message: str, paths: list[str], since: float | None = None) -> str:
    """Commit the files lifegames just wrote, moved or deleted (`paths`, relative to `root`)
    and nothing else: a player's draft, a host's notes or a secret beside the game are never
    added. Starts a repository there if there is none. Returns what happened. `since`: see
    clear_index_lock."""
    check_repository(root)
    clear_index_lock(root, since)
    inside = _git(root, "rev-parse", "--is-inside-work-tree", check=False)
    started = ""
    if inside.returncode != 0:
        _git(root, "init", "-q")
        started = "started a git repository; "
    present = [p for p in paths if os.path.lexists(root / p)]
    ignored = set(_git(root, "check-ignore", "--", *present, check=False).stdout.splitlines()
                  ) if present else set()
    present = [p for p in present if p not in ignored]
    known = set(_git(root, "ls-files", "--", *paths).stdout.splitlines()) if paths else set()
    gone = [p for p in paths if p in known and not os.path.lexists(root / p)]
    if present:
        _git(root, "add", "--", *present)
    if gone:
        _git(root, "rm", "-q", "--cached", "--", *gone)
    chosen = present + gone
    if not chosen or not _git(root, "status", "--porcelain", "--", *chosen).stdout.strip():
        return started + "nothing new to commit"
    _git(root, "commit", "-q", "-m", message, "--", *chosen)
    head = _git(root, "rev-parse", "--short", "HEAD").stdout.strip()
    return f"{started}committed {head}: {message}"


def engine_paths(host: Host, loaded: Loaded) -> list[str]:
    """Every path of the game folder that the engine keeps up to date, as the last commit
    left them: the seed's hash, .gitignore, the hidden state and records, each player's
    current sheets, archived sheets (and the places they were moved from, now gone),
    logs, and the order template where it is still the engine's (a draft is the
    player's, never listed). Derived from the manifest and the player folders, so a
    commit into git that a killed run never made can be made later from it."""

    root = host.folder.root
    paths = [SEED_FILE, ".gitignore", f"{META}/{STATE_FILE}", f"{META}/{MANIFEST_FILE}",
             f"{META}/{SEATS_FILE}", COMMITS_FILE, SHEETS_RECORD]
    previous = host._previous_manifest()
    for player in loaded.players:
        entry = previous.get(player, {})
        paths += [f"{player}/{name}" for name in entry.get("sheets", [])]
        for name in sorted(playerfiles.listing(root, f"{player}/{ARCHIVE}")):
            if SNAPSHOT.match(name):
                paths += [f"{player}/{ARCHIVE}/{name}", f"{player}/{name}"]
        paths += [f"{player}/{EXECUTED}", record_file(player)]
        for name in (order_file(player), template_file(player)):
            try:
                found = host.folder.read_player(name, MAX_FILE_BYTES)
            except NotARegularFile:
                continue
            if found is not None and entry.get("template") == \
                    hashlib.sha256(found.data).hexdigest():
                paths.append(name)
    return sorted(set(paths))

def commit_message(host: Host, loaded: Loaded) -> str:
    """The subject a `--commit` run gives the game as it stands: `Setup: TITLE for A, B`
    at tick 0, else `Tick N: K orders`, K counted from the referee's record of the
    orders executed in tick N (as the run that played it counted them)."""
    tick = int(loaded.state["tick"])
    if tick == 0:
        return f"Setup: {loaded.game.title} for {', '.join(loaded.players)}"
    count = 0
    for player in loaded.players:
        raw = read_engine_file(host.folder.root, record_file(player), REPAIR_HINT) or b""
        lines: list[str] | None = None
        for line in raw.decode("utf-8", "replace").splitlines():
            if line.startswith("# Tick "):
                lines = [] if line == f"# Tick {tick}" else None
            elif lines is not None and line:
                lines.append(line)
        count += count_orders(lines or [])
    return f"Tick {tick}: {counted(count, 'order')}"

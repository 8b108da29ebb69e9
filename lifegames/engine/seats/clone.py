"""A player's git clone of their seat, seen from inside it: is it behind the remote it was
cloned from, and does the remote hold newer sheets?

This runs on the player's own machine, in the player's own clone, when the player asks
(`status` or `check` run there): the repository, its config and its hooks are the player's,
as they are for every `git pull` they type. The host's side never comes here (gitseats.py is
its own, and runs git only in repositories no player can write). Nothing here changes the
clone's files or branches: it reads the branch, its upstream and the upstream's seat.json.
A fetch (it updates only the remote-tracking ref) runs only when the player asks for it
(`status --fetch`); otherwise the remote is as the player's last fetch or pull left it.
"""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from ..base.errors import LifegamesError
from ..base.jsondata import Json
from .seats import SEAT_FILE, SEAT_LIMIT

# The variables that would make git read another repository than the one in the seat's folder.
PLACES = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR",
          "GIT_NAMESPACE", "GIT_CEILING_DIRECTORIES")
GIT_TIMEOUT = 120.0  # seconds a fetch may take before the player is told it did not finish


@dataclass(frozen=True)
class Behind:
    """How a clone stands against its upstream (as last fetched): `upstream` its name
    (origin/main), `behind` and `ahead` the commits each side lacks, `tick` the tick of the
    upstream's seat.json (None if it has none the player's lifegames can read)."""

    upstream: str
    behind: int
    ahead: int
    tick: int | None


class CloneError(LifegamesError):
    """git could not say: the reason, in a line."""


def is_clone(root: Path) -> bool:
    """True if `root` is the top of a git work tree (a `.git` folder or file there)."""
    return (root / ".git").exists()


def _git(root: Path, *args: str, timeout: float = 30.0
         ) -> subprocess.CompletedProcess[bytes]:
    """git in the player's clone, its output read whole (seat.json's size is checked first),
    no pager, no prompt for a password it would wait on without saying. The player's own
    settings stay (an ssh command for their key, say), but not those that would point git at
    another repository than the seat's folder."""
    env = {k: v for k, v in os.environ.items() if k not in PLACES}
    env.update(GIT_PAGER="cat", PAGER="cat", GIT_TERMINAL_PROMPT="0", LC_ALL="C")
    try:
        return subprocess.run(["git", "--no-optional-locks", "-C", str(root), *args],
                              capture_output=True, stdin=subprocess.DEVNULL, env=env,
                              timeout=timeout, check=False)
    except FileNotFoundError:
        raise CloneError("git is not installed here") from None
    except subprocess.TimeoutExpired:
        raise CloneError(f"git {args[0]} took more than {int(timeout)} seconds") from None


def _said(done: subprocess.CompletedProcess[bytes]) -> str:
    text = done.stderr.decode("utf-8", "replace").strip().splitlines()
    return text[-1] if text else f"git exited with {done.returncode}"


def fetch(root: Path) -> None:
    """`git fetch` of the branch's upstream remote (asked for by the player)."""
    done = _git(root, "fetch", "--quiet", timeout=GIT_TIMEOUT)
    if done.returncode != 0:
        raise CloneError(f"git fetch failed: {_said(done)}")


def behind(root: Path) -> Behind | None:
    """How the clone in `root` stands against its branch's upstream, as last fetched; None
    if the branch has no upstream (a clone made without one, a detached head)."""
    found = _git(root, "rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}")
    if found.returncode != 0:
        return None
    upstream = found.stdout.decode("utf-8", "replace").strip()
    counted = _git(root, "rev-list", "--left-right", "--count", "@{upstream}...HEAD")
    if counted.returncode != 0:
        raise CloneError(f"git rev-list failed: {_said(counted)}")
    try:
        late, early = (int(n) for n in counted.stdout.split())
    except ValueError:
        raise CloneError("git rev-list said something lifegames cannot read") from None
    return Behind(upstream, late, early, _upstream_tick(root) if late else None)


def changed(root: Path, name: str) -> bool:
    """True if the file `name` at the clone's top differs from its last commit (or is new)."""
    done = _git(root, "status", "--porcelain", "--", name)
    return done.returncode == 0 and bool(done.stdout.strip())


def _upstream_tick(root: Path) -> int | None:
    """The tick of seat.json in the upstream's newest commit (None if it has none, or one
    too large or not one lifegames wrote)."""
    spec = f"@{{upstream}}:{SEAT_FILE}"
    size = _git(root, "cat-file", "-s", spec)
    if size.returncode != 0 or not size.stdout.strip().isdigit() or \
            int(size.stdout) > SEAT_LIMIT:
        return None
    blob = _git(root, "cat-file", "blob", spec)
    if blob.returncode != 0:
        return None
    try:
        data: Json = json.loads(blob.stdout.decode("utf-8"))
        tick = data["tick"]
    except (UnicodeDecodeError, ValueError, KeyError, TypeError, RecursionError):
        return None
    return tick if isinstance(tick, int) and not isinstance(tick, bool) else None


def behind_line(found: Behind, tick: int, fetched: bool) -> str | None:
    """What a player should know of a clone behind its upstream (None if it is not): newer
    sheets to pull, or the host's other commits (a check report)."""
    if not found.behind:
        return None
    when = "just fetched" if fetched else "as your last fetch or pull left it"
    commits = f"{found.behind} commit{'s' if found.behind != 1 else ''}"
    if found.tick is not None and found.tick > tick:
        return (f"your clone is behind {found.upstream} ({when}): tick {found.tick} is played "
                f"there, this clone's sheets are of tick {tick}; `git pull` brings the newer "
                f"sheets ({commits}), then check your order file again")
    return (f"your clone is behind {found.upstream} ({when}) by {commits} (the host's check "
            "report, or files of yours pushed from elsewhere): `git pull` brings them")

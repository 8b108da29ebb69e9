"""`--commit`: record a tick in the game folder's git repository. Never pushes or pulls."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


class GitError(Exception):
    pass


def _git(root: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    try:
        done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True,
                              check=False)
    except FileNotFoundError:
        raise GitError("git is not installed") from None
    if check and done.returncode != 0:
        raise GitError(f"git {' '.join(args)} failed: {done.stderr.strip() or done.stdout}")
    return done


def commit(root: Path, message: str, paths: list[str]) -> str:
    """Commit the files lifegames just wrote, moved or deleted (`paths`, relative to the game
    folder) and nothing else: a player's draft, a host's notes or a secret beside the game
    are never added. Starts a repository there if there is none. Returns what happened."""
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
    identity: list[str] = []
    if not _git(root, "config", "user.email", check=False).stdout.strip():
        identity = ["-c", "user.name=lifegames", "-c", "user.email=lifegames@localhost"]
    _git(root, *identity, "commit", "-q", "-m", message, "--", *chosen)
    head = _git(root, "rev-parse", "--short", "HEAD").stdout.strip()
    return f"{started}committed {head}: {message}"

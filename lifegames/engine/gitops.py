"""`--commit`: record a tick in the game folder's git repository. Never pushes or pulls."""

from __future__ import annotations

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


def commit(root: Path, message: str) -> str:
    """Commit everything in the game folder; start a repository there if there is none.
    Returns what happened, for the command's output."""
    inside = _git(root, "rev-parse", "--is-inside-work-tree", check=False)
    started = ""
    if inside.returncode != 0:
        _git(root, "init", "-q")
        started = "started a git repository; "
    _git(root, "add", "-A", ".")
    if not _git(root, "status", "--porcelain", ".").stdout.strip():
        return started + "nothing new to commit"
    identity: list[str] = []
    if not _git(root, "config", "user.email", check=False).stdout.strip():
        identity = ["-c", "user.name=lifegames", "-c", "user.email=lifegames@localhost"]
    _git(root, *identity, "commit", "-q", "-m", message, "--", ".")
    head = _git(root, "rev-parse", "--short", "HEAD").stdout.strip()
    return f"{started}committed {head}: {message}"

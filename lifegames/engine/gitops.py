"""`--commit`: record a tick in the game folder's own git repository. Never pushes or pulls,
and never runs in a seat: a seat is a player's to write, and git reads far more of a
repository than its config (seats over git live in gitseats.py, in repositories the host
owns). The game folder's repository is the host's; in a folder shared whole with the players
(no seats) it is everyone's, like the rest of that folder, so its config is checked too."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from .gitseats import GitError, environment

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


def commit(root: Path, message: str, paths: list[str]) -> str:
    """Commit the files lifegames just wrote, moved or deleted (`paths`, relative to `root`)
    and nothing else: a player's draft, a host's notes or a secret beside the game are never
    added. Starts a repository there if there is none. Returns what happened."""
    check_repository(root)
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

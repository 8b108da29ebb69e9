"""Small but wrong. A 300 MB order file's true size; "permission denied"
for an unreadable order file; `setup --dir FILE`; `replay --upto -5`; a lock left empty by a
kill; a non-ASCII digit in a setup word; setup in a folder that is not empty, its .gitignore
and what `--commit` commits."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import PLAY, REPO, Servers, env, new_game, output, refuse_opening, tree

SEED = 1_234_987_650_011_223_344
IRON = "Ironhold"
ORDERS = f"{IRON}/{IRON}_orders.txt"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    root = tmp_path / "game"
    new_game(root, "simple-kingdoms", SEED)
    return root


def test_a_huge_order_file_is_reported_with_its_true_size(game: Path, servers: Servers) -> None:
    """Property: a 300 MB (sparse) order file is refused as 314572800 bytes, not as the
    65537 bytes that were read."""
    with open(game / ORDERS, "wb") as handle:
        handle.truncate(300 * 1024 * 1024)
    result = servers.run(game, "check", IRON)
    assert result.returncode == 1, output(result)
    assert "E-FILE-TOO-LARGE" in result.stdout and "314572800 bytes" in result.stdout


def test_an_unreadable_order_file_says_permission_denied(
        game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: an order file of mode 000 is E-UNREADABLE, 'cannot be read: permission
    denied', not 'a link, a folder or a device'. (Root reads through mode 000, so for root the
    refusal of the open is simulated.)"""
    from lifegames import registry
    from lifegames.engine.host.host import Host

    (game / ORDERS).chmod(0)
    if os.geteuid() == 0:
        refuse_opening(monkeypatch, "_orders.txt")
    _, checks = Host(str(game), registry.get).check(IRON)
    problem = checks[0].problems[0]
    assert problem.code == "E-UNREADABLE", problem.render()
    assert "permission denied" in problem.message and "link" not in problem.message


def test_setup_in_a_file_is_a_usage_error(tmp_path: Path, servers: Servers) -> None:
    """Property: `setup --dir FILE` says the path is a file, exit 2, not a disk failure."""
    target = tmp_path / "afile"
    target.write_text("mine\n")
    result = servers.run(target, "setup")
    assert result.returncode == 2, output(result)
    assert "is a file, not a folder" in result.stderr and "disk" not in result.stderr
    assert target.read_text() == "mine\n"
    status = servers.run(target, "status")
    assert status.returncode == 2 and "disk" not in status.stderr, output(status)


@pytest.mark.parametrize("upto", ["-5", "99"])
def test_replay_refuses_a_tick_the_game_does_not_have(game: Path, servers: Servers,
                                                      tmp_path: Path, upto: str) -> None:
    """Property: `replay --upto -5` (or a tick past the current one) is a usage error, not a
    silent replay of nothing (or of ticks nobody played)."""
    result = servers.run(game, "replay", str(tmp_path / "out"), "--upto", upto)
    assert result.returncode == 2, output(result)
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_a_lock_left_empty_by_a_kill_does_not_block_commands(game: Path,
                                                             servers: Servers) -> None:
    """Property: a lock file left empty (its maker was killed between creating it and writing
    its owner) and held by no process is cleared at once: `status` runs (exit 0) within its
    normal wait instead of reporting busy for ten seconds."""
    lock = game / ".lifegames" / "lock"
    lock.write_bytes(b"")
    past = os.path.getmtime(lock) - 2
    os.utime(lock, (past, past))
    result = servers.run(game, "status")
    assert result.returncode == 0, output(result)
    assert not lock.exists()


def test_an_empty_lock_a_live_process_holds_is_respected(game: Path, servers: Servers) -> None:
    """Property (the control): an empty lock that a live process holds (kernel lock taken,
    owner not yet written) is never cleared: the command reports busy (exit 3)."""
    lock = game / ".lifegames" / "lock"
    holder = subprocess.Popen([sys.executable, "-c", (
        "import fcntl, os, sys, time\n"
        f"fd = os.open({str(lock)!r}, os.O_CREAT | os.O_EXCL | os.O_WRONLY)\n"
        "fcntl.flock(fd, fcntl.LOCK_EX)\n"
        "print('held', flush=True)\n"
        "time.sleep(30)\n")], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        past = os.path.getmtime(lock) - 2
        os.utime(lock, (past, past))
        result = servers.run(game, "status")
        assert result.returncode == 3, output(result)
        assert lock.exists()
    finally:
        holder.kill()
        holder.wait()


@pytest.mark.parametrize("word", ["goals=\u0663", "days=\u0661\u0660", "goal=\u0662",
                                  "goals=\uff13"])
def test_a_setup_number_must_be_written_in_ascii_digits(tmp_path: Path, servers: Servers,
                                                        word: str) -> None:
    """Property: `goals=٣` (an Arabic-Indic digit), a full-width digit and the like are
    refused (exit 2), not read as 3."""
    result = servers.run(tmp_path / "g", "setup", "--game", "a-simple-life", "--players",
                         "Ana", word)
    assert result.returncode == 2, output(result)


def test_setup_refuses_a_folder_that_is_not_empty(tmp_path: Path, servers: Servers) -> None:
    """Property: setup in a folder holding other files (a host's secrets.txt) is refused
    (exit 4), and nothing is written there."""
    root = tmp_path / "busy"
    root.mkdir()
    (root / "secrets.txt").write_text("password\n")
    (root / ".gitignore").write_text("secrets.txt\n")
    before = tree(root)
    result = servers.run(root, "setup", "--commit")
    assert result.returncode == 4, output(result)
    assert "not empty" in result.stderr and "secrets.txt" in result.stderr
    assert tree(root) == before


def _git(root: Path, *args: str) -> str:
    home = root.parent / "home"
    home.mkdir(exist_ok=True)
    environment = {**{k: v for k, v in os.environ.items() if not k.startswith("GIT_")},
                   "HOME": str(home), "GIT_CONFIG_GLOBAL": os.devnull,
                   "GIT_CONFIG_NOSYSTEM": "1"}
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True,
                          check=True, env=environment).stdout


def test_setup_keeps_every_gitignore_line_and_commits_only_its_own_files(
        tmp_path: Path) -> None:
    """Property: in a fresh repository with its own .gitignore, `setup --commit` keeps every
    line of that .gitignore (adding the game's), and commits exactly the files it wrote; a
    later `tick --commit` commits the tick's files and not a file the host put beside them."""
    root = tmp_path / "repo"
    root.mkdir()
    _git(root, "init", "-q")
    own = "secrets.txt\n*.key\n# the host's notes\nnotes/\n"
    (root / ".gitignore").write_text(own)
    run_env = {**env(), "HOME": str(tmp_path / "home"), "GIT_CONFIG_GLOBAL": os.devnull,
               "GIT_CONFIG_NOSYSTEM": "1"}
    setup = subprocess.run([sys.executable, str(PLAY), "--dir", str(root), "setup", "--seed",
                            "7", "--commit"], cwd=REPO, capture_output=True, text=True,
                           env=run_env, timeout=120)
    assert setup.returncode == 0, setup.stdout + setup.stderr
    gitignore = (root / ".gitignore").read_text()
    assert gitignore.startswith(own) and ".lifegames/lock" in gitignore
    written = sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                     if p.is_file() and ".git" not in p.relative_to(root).parts[:1]
                     and not p.relative_to(root).as_posix().startswith(".git/"))
    assert sorted(_git(root, "ls-files").split()) == written
    (root / "host-notes.txt").write_text("not for git\n")
    (root / IRON / "draft-ideas.txt").write_text("a player's own\n")
    tick = subprocess.run([sys.executable, str(PLAY), "--dir", str(root), "tick", "--commit"],
                          cwd=REPO, capture_output=True, text=True, env=run_env, timeout=120)
    assert tick.returncode == 0, tick.stdout + tick.stderr
    files = _git(root, "ls-files").split()
    assert "host-notes.txt" not in files and f"{IRON}/draft-ideas.txt" not in files
    assert f"{IRON}/001_ironhold_sheet.txt" in files
    assert f"{IRON}/000_ironhold_sheet.txt" not in files  # its move to archive/ is committed
    assert f"{IRON}/archive/000_ironhold_sheet.txt" in files


def test_the_lock_owner_is_this_host(game: Path) -> None:
    """The lock names this machine (so the stale-lock rules above apply to it)."""
    from lifegames import registry
    from lifegames.engine.host.host import Host

    host = Host(str(game), registry.get)
    with host.folder.locked():
        owner = (game / ".lifegames" / "lock").read_text().split()
    assert owner == [str(os.getpid()), socket.gethostname()]


def test_a_setup_folder_may_hold_an_empty_git_repository(tmp_path: Path,
                                                         servers: Servers) -> None:
    root = tmp_path / "fresh"
    root.mkdir()
    (root / ".git").mkdir()
    result = servers.run(root, "setup")
    assert result.returncode == 0, output(result)
    shutil.rmtree(root / ".git")

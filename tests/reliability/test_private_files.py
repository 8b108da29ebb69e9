"""The referee's files are the host's alone, whatever the umask: setup makes `.lifegames/`
(state, seed, journal, the host's repositories of the seats) and each local remote it creates
readable and writable by the host's account only, and what ticks and pushes write later stays
so. `status` warns when that is no longer true, naming the first offending path."""

from __future__ import annotations

import os
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..seats.gitkit import Table

LOOSE = stat.S_IRWXG | stat.S_IRWXO


@pytest.fixture(params=[0o022, 0o002], ids=["umask022", "umask002"])
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    """Every command of the test (play.py, the players' git) runs under this umask."""
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


def loose(*tops: Path) -> list[str]:
    """Every path under `tops` (the tops included) that has a group or other bit."""
    found = []
    for top in tops:
        for folder, names, files in os.walk(top):
            for path in [folder, *(os.path.join(folder, n) for n in names + files)]:
                if os.lstat(path).st_mode & LOOSE:
                    found.append(f"{path} {stat.filemode(os.lstat(path).st_mode)}")
    return found


def ok(done: subprocess.CompletedProcess[str]) -> None:
    assert done.returncode == 0, (done.stdout, done.stderr)


def warning(text: str) -> list[str]:
    return [line for line in text.splitlines() if "chmod -R go=" in line]


def test_a_git_seats_game_stays_private(tmp_path: Path, umask: int) -> None:
    """Property: after setup, after players' pushes and after a tick, nothing under
    host/.lifegames or remotes/ has a group or other permission bit (the players' remotes are
    served as the host's own account); status warns once one has, and not before."""
    table = Table(tmp_path)
    ok(table.setup("simple-kingdoms", ["Ana", "Ben"], 5))
    meta, remotes = table.host_dir / ".lifegames", tmp_path / "remotes"
    assert (meta / "git" / "Ana.git").is_dir() and (remotes / "Ana.git").is_dir()
    # The folder that holds the remotes may be anyone's (it was there before, or is made
    # as any folder is); each remote in it is the host's alone.
    repos = [remotes / "Ana.git", remotes / "Ben.git"]
    assert loose(meta, *repos) == [], "after setup"
    fresh = table.play("--dir", "host", "status")
    ok(fresh)
    assert warning(fresh.stdout) == []

    table.clone("Ana")
    table.push_orders("Ana", "orders for tick 1\nend\n")
    table.clone("Ben")
    table.push_orders("Ben", "orders for tick 1\nend\n")
    assert loose(meta, *repos) == [], "after the players' pushes"

    ok(table.play("--dir", "host", "tick"))
    assert (meta / "git" / "Ana.fetched").exists()
    assert loose(meta, *repos) == [], "after a tick (a fetch into the host's repositories)"

    (meta / "state.json").chmod(0o644)
    told = table.play("--dir", "host", "status")
    ok(told)
    lines = warning(told.stdout)
    assert len(lines) == 1, told.stdout
    assert "(the first: .lifegames/state.json)" in lines[0] and " 1 path " in lines[0]


def test_a_remote_made_readable_is_named(tmp_path: Path, umask: int) -> None:
    """Property: a local remote that others can read is named by status too."""
    table = Table(tmp_path)
    ok(table.setup("simple-kingdoms", ["Ana", "Ben"], 5))
    (tmp_path / "remotes" / "Ben.git").chmod(0o755)
    told = table.play("--dir", "host", "status")
    ok(told)
    lines = warning(told.stdout)
    assert len(lines) == 1 and "Ben.git" in lines[0], told.stdout


@pytest.mark.parametrize("mask", [0o022, 0o002, 0o000])
def test_a_plain_game_stays_private(tmp_path: Path, mask: int) -> None:
    """Property: without seats, the game folder itself, the players' folders, their sheets,
    logs and archive, and .lifegames are the host's alone after setup and after each tick,
    whatever the umask, so that another account on the machine reads nothing even where the
    home folder is 0755."""
    old = os.umask(mask)
    try:
        table = Table(tmp_path)
        ok(table.play("setup", "--game", "simple-kingdoms", "--players", "Ana,Ben",
                      "--seed", "9", "--dir", "host"))
        host = table.host_dir
        assert loose(host) == [], "after setup"
        assert host.stat().st_mode & 0o777 == 0o700
        for tick in (1, 2):
            ok(table.play("--dir", "host", "tick"))
            assert loose(host) == [], f"after tick {tick}"
        sheets = [p for p in (host / "Ana").iterdir() if p.is_file()]
        archived = list((host / "Ana" / "archive").iterdir())
        assert sheets and archived
        assert all(p.stat().st_mode & 0o777 == 0o600 for p in sheets + archived)
        assert (host / "Ana").stat().st_mode & 0o777 == 0o700
        told = table.play("--dir", "host", "status")
        ok(told)
        assert warning(told.stdout) == []
    finally:
        os.umask(old)


def test_a_tick_takes_back_what_a_chmod_gave(tmp_path: Path) -> None:
    """Property: a sheet, a player's folder or the game folder made readable by others
    (a chmod, a copy, an older lifegames) is named by status (W-NOT-PRIVATE), and the next
    tick makes the game folder, the folders it writes in and the files it touches private
    again."""
    table = Table(tmp_path)
    ok(table.play("setup", "--game", "simple-kingdoms", "--players", "Ana,Ben",
                  "--seed", "9", "--dir", "host"))
    host = table.host_dir
    sheet = next(p for p in sorted((host / "Ana").iterdir()) if p.name.startswith("000_"))
    opened = [(host, 0o755, "the game folder itself"), (host / "Ana", 0o755, "Ana"),
              (sheet, 0o644, f"Ana/{sheet.name}")]
    for path, mode, named in opened:
        kept = path.stat().st_mode & 0o777
        path.chmod(mode)
        told = table.play("--dir", "host", "status")
        ok(told)
        lines = warning(told.stdout)
        assert len(lines) == 1 and "W-NOT-PRIVATE" in lines[0], told.stdout
        assert f"(the first: {named})" in lines[0] and " 1 path " in lines[0], told.stdout
        path.chmod(kept)
    for path, mode, _ in opened:
        path.chmod(mode)
    ok(table.play("--dir", "host", "tick"))
    assert loose(host) == []
    assert warning(table.play("--dir", "host", "status").stdout) == []


def test_a_player_draft_is_not_the_referee_s(tmp_path: Path) -> None:
    """Property: an order file a player saved with their editor's modes is theirs: status
    does not warn of it (it sits in a folder only the host can enter)."""
    table = Table(tmp_path)
    ok(table.play("setup", "--game", "simple-kingdoms", "--players", "Ana,Ben",
                  "--seed", "9", "--dir", "host"))
    (table.host_dir / "Ana" / "Ana_orders.txt").chmod(0o644)
    assert warning(table.play("--dir", "host", "status").stdout) == []


def test_synced_seats_keep_their_modes(tmp_path: Path) -> None:
    """Property: with seats in synced folders (setup --seats), the game folder is private but
    each seat, which the players read through their sync, keeps the modes of the umask."""
    old = os.umask(0o022)
    try:
        table = Table(tmp_path)
        ok(table.play("setup", "--game", "simple-kingdoms", "--players", "Ana,Ben",
                      "--seed", "9", "--dir", "host", "--seats", "seats"))
        ok(table.play("--dir", "host", "tick"))
        assert loose(table.host_dir) == []
        seat = tmp_path / "seats" / "Ana"
        assert seat.stat().st_mode & 0o777 == 0o755
        assert all(p.stat().st_mode & 0o777 == 0o644 for p in seat.iterdir() if p.is_file())
    finally:
        os.umask(old)

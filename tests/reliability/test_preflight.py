"""No tick can get stuck half-way.

Every target of a commit is checked before the journal (the point of no return) is written: a
folder named like the next sheet, a file called archive, executed_orders.txt as a folder, a
FIFO or a dangling link, a read-only log or player folder refuse the tick at once, naming the
path and what to do, with not a byte changed. A player folder on another file system is simply
written. After the point of no return, a failure leaves a folder the next command finishes once
the cause is gone, and the message names the real cause; an append never pads a log with NUL
bytes. A journal is carried out only if every step is one the engine makes (no `.git/`, nothing
outside the game, only the engine's staging names), and a `.lifegames` that is a link is
refused before anything is written or deleted through it."""

from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path

import pytest

from lifegames import registry
from lifegames.engine.folder import shapes
from lifegames.engine.folder.folder import FolderError, GameFolder
from lifegames.engine.host.host import Host

from .helpers import (
    TRANSIENT,
    Servers,
    leftovers,
    new_game,
    output,
    tree,
)

SEED = 7_120_448_913_265_330_101
IRON = "Ironhold"


@pytest.fixture
def bases(kingdoms_ready: dict[str, Path]) -> dict[str, Path]:
    """Folder A at tick 1 with bot orders written, and folder B: A after an ordinary tick."""
    return kingdoms_ready


@pytest.fixture
def game(bases: dict[str, Path], tmp_path: Path) -> Path:
    root = tmp_path / "game"
    shutil.copytree(bases["a"], root)
    return root


def _replace_by(path: Path, what: str, tmp: Path) -> None:
    if path.is_dir():
        shutil.rmtree(path)
    elif path.exists() or path.is_symlink():
        path.unlink()
    if what == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("the player's own\n")
    elif what == "file":
        path.write_text("not a folder\n")
    elif what == "fifo":
        os.mkfifo(path)
    elif what == "dangling link":
        path.symlink_to(tmp / "nowhere")


# Each obstacle: where, what stands there, and a word the refusal must contain.
OBSTACLES = {
    "a folder named like the next sheet": (f"{IRON}/002_ironhold_sheet.txt", "folder",
                                           "is a folder"),
    "a file called archive": (f"{IRON}/archive", "file", "is a file, not a folder"),
    "the log is a folder": (f"{IRON}/executed_orders.txt", "folder", "is a folder"),
    "the log is a FIFO": (f"{IRON}/executed_orders.txt", "fifo", "named pipe"),
    "the log is a dangling link": (f"{IRON}/executed_orders.txt", "dangling link", "link"),
    "the record is a folder": (f".lifegames/orders/{IRON}.txt", "folder", "is a folder"),
    "the order file is a folder": (f"{IRON}/{IRON}_orders.txt", "folder", "folder"),
}


@pytest.mark.parametrize("name", sorted(OBSTACLES))
def test_an_obstacle_is_found_before_anything_is_written(game: Path, servers: Servers,
                                                         tmp_path: Path, name: str) -> None:
    """Property: with something in the way of the tick, `tick` is refused (exit 4, or exit 1
    for an order file that is no file), naming the path and what stands there, with no
    traceback and no advice about disk space; no byte changes and no journal is left; and
    once the obstacle is gone, the same tick plays."""
    relative, what, words = OBSTACLES[name]
    path = game / relative
    saved = tmp_path / "saved"
    if path.is_dir():
        shutil.copytree(path, saved)
    elif path.exists():
        shutil.copy2(path, saved)
    _replace_by(path, what, tmp_path)
    before = tree(game)
    result = servers.run(game, "tick")
    text = result.stdout + result.stderr
    assert result.returncode in (1, 4), output(result)
    assert relative.rsplit("/", 1)[-1] in text and words in text, output(result)
    assert "Traceback" not in text and "space" not in text, output(result)
    assert tree(game) == before and leftovers(game) == []
    _replace_by(path, "none", tmp_path)
    if saved.is_dir():
        shutil.copytree(saved, path)
    elif saved.exists():
        shutil.copy2(saved, path)
    assert servers.run(game, "tick").returncode == 0


def _deny_writes_to(monkeypatch: pytest.MonkeyPatch, target: Path) -> None:
    """os.access says `target` cannot be written (as for a read-only file or folder when not
    root; root writes through chmod, so the test would prove nothing with a real chmod)."""
    real = os.access

    def access(path: object, mode: int, *args: object, **kwargs: object) -> bool:
        if mode & os.W_OK and Path(str(path)).resolve() == target.resolve():
            return False
        return real(path, mode, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "access", access)


@pytest.mark.parametrize("relative", [f"{IRON}/executed_orders.txt", IRON, ".lifegames",
                                      f"{IRON}/archive"])
def test_a_read_only_target_is_found_before_anything_is_written(
        game: Path, monkeypatch: pytest.MonkeyPatch, relative: str) -> None:
    """Property: a read-only log, player folder, archive or hidden folder refuses the tick
    before the journal, naming it and saying to make it writable; nothing changes."""
    _deny_writes_to(monkeypatch, game / relative)
    before = tree(game)
    with pytest.raises(FolderError) as caught:
        Host(str(game), registry.get).tick()
    assert caught.value.exit_code == 4
    assert relative in caught.value.message or str(game / relative) in caught.value.message
    assert "cannot be written" in caught.value.message and "writable" in caught.value.hint
    assert tree(game) == before


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root writes through chmod (the os.access test above covers it)")
@pytest.mark.parametrize("relative", [f"{IRON}/executed_orders.txt", IRON])
def test_a_chmod_read_only_target_refuses_the_tick_cleanly(game: Path, servers: Servers,
                                                           relative: str) -> None:
    path = game / relative
    path.chmod(0o555 if path.is_dir() else 0o444)
    try:
        before = tree(game)
        result = servers.run(game, "tick")
        assert result.returncode == 4, output(result)
        assert "cannot be written" in result.stderr and "nothing was changed" in result.stderr
        assert tree(game) == before
    finally:
        path.chmod(0o755 if path.is_dir() else 0o644)


def test_a_player_folder_on_another_file_system_is_written_normally(
        game: Path, bases: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: when the kernel refuses to rename the staged files into a player's folder
    (EXDEV: it is on another file system), the tick writes them there whole instead, and the
    folder ends exactly as an ordinary tick leaves it."""
    player = (game / IRON).stat().st_ino
    real = os.replace

    def cross(src: object, dst: object, **where: int) -> None:
        target = where.get("dst_dir_fd")
        source = where.get("src_dir_fd")
        if target is not None and source is not None and os.fstat(target).st_ino == player \
                and os.fstat(source).st_ino != player:
            raise OSError(errno.EXDEV, os.strerror(errno.EXDEV))
        real(src, dst, **where)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", cross)
    _, outcome = Host(str(game), registry.get).tick()
    assert not outcome.problems
    assert tree(game) == tree(bases["b"])


def test_a_failure_after_the_point_of_no_return_names_its_cause_and_is_finished_later(
        game: Path, bases: dict[str, Path], servers: Servers, monkeypatch: pytest.MonkeyPatch
        ) -> None:
    """Property: if something gets in the way after the journal is written (here a folder
    appears where a new sheet goes, unseen by the checks), the tick says it WAS recorded and
    names the path and the cause, not the disk's free space; every command then says so
    until the folder is moved away, and the next command after that finishes the tick exactly
    as an uninterrupted one."""
    sheet = game / IRON / "002_ironhold_sheet.txt"
    real = GameFolder._carry_out

    def obstruct(self: GameFolder, entries: list[dict[str, object]]) -> None:
        sheet.mkdir()
        (sheet / "x").write_text("in the way\n")
        real(self, entries)

    monkeypatch.setattr(GameFolder, "_carry_out", obstruct)
    from click.testing import CliRunner

    from lifegames.cli import cli

    result = CliRunner().invoke(cli, ["--dir", str(game), "tick"])
    monkeypatch.undo()
    assert result.exit_code == 4, result.output
    assert "002_ironhold_sheet.txt" in result.stderr and "WAS recorded" in result.stderr
    assert "space" not in result.stderr, result.stderr
    again = servers.run(game, "status")
    assert again.returncode == 4 and "002_ironhold_sheet.txt" in again.stderr, output(again)
    shutil.rmtree(sheet)
    assert servers.run(game, "status").returncode == 0
    assert tree(game, TRANSIENT) == tree(bases["b"])


def test_a_log_cut_short_after_the_journal_gets_no_nul_bytes(
        game: Path, servers: Servers, monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: an append is replayed at its recorded offset; if the log was meanwhile cut
    shorter than that (or deleted), the orders go at its end: the log never fills with NUL
    bytes (it once began with 4096 of them). The changed log is then reported as damaged,
    and `rollback` to the current tick restores it from the hidden record."""
    log = game / IRON / "executed_orders.txt"

    def crash(self: GameFolder, entries: list[dict[str, object]]) -> None:
        raise KeyboardInterrupt("power cut after the journal")

    with monkeypatch.context() as patch:
        patch.setattr(GameFolder, "_carry_out", crash)
        with pytest.raises(KeyboardInterrupt):
            Host(str(game), registry.get).tick()
    log.unlink()
    status = servers.run(game, "status")
    assert b"\x00" not in log.read_bytes()
    assert log.read_bytes().startswith(b"\n# Tick 2\n") or log.read_bytes().startswith(
        b"# Tick 2"), log.read_bytes()[:40]
    assert status.returncode == 4 and "executed_orders.txt" in status.stderr, output(status)
    assert servers.run(game, "rollback", "2").returncode == 0
    assert servers.run(game, "verify").returncode == 0


# -- journals ---------------------------------------------------------------------------------

def _entry(**fields: object) -> dict[str, object]:
    return dict(fields)


BAD_JOURNALS: dict[str, object] = {
    "ops is a number": {"ops": 5},
    "ops is an object": {"ops": {"op": "write"}},
    "a step is a string": {"ops": ["write"]},
    "unknown kind": {"ops": [_entry(op="exec", path="Ironhold/x.txt")]},
    "writes into .git": {"ops": [_entry(op="write", path=".git/config", staged="00000")]},
    "writes outside": {"ops": [_entry(op="write", path="../outside.txt", staged="00000")]},
    "absolute path": {"ops": [_entry(op="delete", path="/etc/passwd")]},
    "staged name escapes": {"ops": [_entry(op="write", path="Ironhold/x.txt",
                                           staged="../../../etc/passwd")]},
    "moves into .git": {"ops": [_entry(op="move", path="Ironhold/a.txt", dest=".git/a")]},
    "negative offset": {"ops": [_entry(op="append", path="Ironhold/executed_orders.txt",
                                       staged="00000", offset=-4096)]},
    "offset is text": {"ops": [_entry(op="append", path="Ironhold/executed_orders.txt",
                                      staged="00000", offset="0")]},
    "extra field": {"ops": [_entry(op="delete", path="Ironhold/x.txt", mode=0o777)]},
    "path is a list": {"ops": [_entry(op="delete", path=["Ironhold", "x.txt"])]},
    "deeply nested": json.loads("[" * 50 + "]" * 50),
}


@pytest.mark.parametrize("name", sorted(BAD_JOURNALS))
def test_a_journal_lifegames_did_not_write_is_damage_not_a_crash(
        game: Path, servers: Servers, tmp_path: Path, name: str) -> None:
    """Property: a journal of the wrong shape, or naming a file the engine never writes
    (.git/, outside the game, an unknown staging name), is refused by every command as a
    damaged folder (exit 4) without a traceback, and nothing is carried out: no byte of the
    folder (nor outside it) changes."""
    (game / ".git").mkdir()
    (game / ".git" / "config").write_text("[core]\n")
    (tmp_path / "outside.txt").write_text("outside\n")
    (game / ".lifegames" / "journal.json").write_text(json.dumps(BAD_JOURNALS[name]))
    before, outside = tree(game), tree(tmp_path, ["game"])
    for command in ("status", "tick", "rollback"):
        result = servers.run(game, command, *(["1"] if command == "rollback" else []))
        assert result.returncode == 4, output(result)
        assert "journal" in result.stderr and "Traceback" not in result.stderr, output(result)
    assert tree(game) == before and tree(tmp_path, ["game"]) == outside


def test_a_hidden_folder_that_is_a_link_is_refused_before_any_write(
        game: Path, servers: Servers, tmp_path: Path) -> None:
    """Property: a `.lifegames` replaced by a link (to another game's hidden folder, or to
    anywhere) is refused by every command (exit 4, naming the link) before any lock, journal
    or state is written or deleted through it."""
    elsewhere = tmp_path / "elsewhere"
    shutil.move(str(game / ".lifegames"), elsewhere)
    (game / ".lifegames").symlink_to(elsewhere, target_is_directory=True)
    before = tree(elsewhere)
    for command in ("status", "tick", "check", "verify", "rollback", "bot"):
        extra = {"rollback": ["1"], "bot": [IRON]}.get(command, [])
        result = servers.run(game, command, *extra)
        assert result.returncode == 4, (command, output(result))
        assert "is a link" in result.stderr, (command, output(result))
    assert tree(elsewhere) == before


def test_every_step_of_real_commits_is_one_the_journal_check_accepts(
        game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Property (the check's own control): the journals of setup, a tick and a rollback all
    pass the check the recovery applies, so a real interrupted commit is always finished."""
    seen: list[str] = []
    real = GameFolder._carry_out

    def check(self: GameFolder, entries: list[dict[str, object]]) -> None:
        seen.append(shapes.journal_problem(entries))
        real(self, entries)

    monkeypatch.setattr(GameFolder, "_carry_out", check)
    host = Host(str(game), registry.get)
    host.tick()
    from lifegames.engine.host import tools

    tools.rollback(host, 1)
    new_game(game.parent / "fresh", "lifestyle", SEED, ["Ana", "Ben"])
    assert seen and seen == [""] * len(seen), seen


def test_without_descriptor_relative_calls_a_tick_commits_the_same_files(
        game: Path, bases: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: on a platform without descriptor-relative calls (Windows), the path-based
    fallback of the guarded reader and writer plays the very same tick, byte for byte."""
    from lifegames.engine.files import playerfiles

    monkeypatch.setattr(playerfiles, "DIR_FDS", False)
    _, outcome = Host(str(game), registry.get).tick()
    assert not outcome.problems
    assert tree(game) == tree(bases["b"])

"""`check` never writes. It takes no lock (a file it would create) and
carries out no interrupted commit; a folder caught in the middle of a tick or of a sync is
reported, naming the command that finishes it. And no command carries out a journal whose files
have not all arrived (a synced copy caught half-way), which would leave the folder at neither
tick N nor N+1."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lifegames import registry
from lifegames.engine.folder import folder as folder_module
from lifegames.engine.folder.folder import GameFolder
from lifegames.engine.host.host import Host

from ..seats.helpers import new_seated
from .helpers import REPO, TRANSIENT, crashrun, env, output, play, tree


def count_steps(root: Path, *args: str) -> tuple[int, list[str]]:
    """How many write steps `play.py ARGS` takes in `root` (crashrun.py counts every call
    that changes the disk), and a line for each."""
    count, log = root.parent / f"{root.name}.steps", root.parent / f"{root.name}.steplog"
    log.unlink(missing_ok=True)
    result = crashrun(root, 0, *args, options=["--count-file", str(count), "--log", str(log)])
    assert result.returncode in (0, 1), output(result)
    return int(count.read_text().strip()), log.read_text().splitlines() if log.exists() else []


def _interrupted(source: Path, work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`work`: a copy of `source` whose tick stopped right after its journal was written (the
    tick is recorded, nothing of it carried out)."""
    shutil.copytree(source, work)

    def stop(self: GameFolder, entries: object) -> None:
        raise SystemExit("stopped")

    with monkeypatch.context() as patch:
        patch.setattr(GameFolder, "_carry_out", stop)
        with pytest.raises(SystemExit):
            Host(str(work), registry.get).tick()
    assert (work / ".lifegames" / "journal.json").exists()


def test_check_takes_no_write_step(kingdoms_ready: dict[str, Path], tmp_path: Path) -> None:
    """Property: `check`, `check PLAYER` and `check` with problems take no write step at all
    (every call that changes the disk is counted): no lock file, nothing recovered."""
    root = tmp_path / "game"
    shutil.copytree(kingdoms_ready["a"], root)
    for args in (("check",), ("check", "ironhold")):
        count, steps = count_steps(root, *args)
        assert count == 0, steps
    (root / "Ironhold" / "Ironhold_orders.txt").write_text("biuld(0,0)\n", encoding="utf-8")
    assert play(root, "check").returncode == 1
    before = tree(root)
    count, steps = count_steps(root, "check", "Thornvale")
    assert count == 0 and tree(root) == before, steps


def test_a_seats_check_and_a_hosts_check_of_a_seated_game_write_nothing(
        tmp_path: Path) -> None:
    """Property: with seats, `check` in the host folder and in a seat takes no write step."""
    host, seats = new_seated(tmp_path, "lifestyle", 5, ["Ana", "Ben", "Cleo"])
    assert count_steps(Path(host.folder.root), "check")[0] == 0
    assert count_steps(seats / "Ana", "check")[0] == 0


def test_check_reports_an_interrupted_tick_and_leaves_it(
        kingdoms_ready: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: in a folder whose tick stopped after its journal was written, `check` changes
    no byte (it used to finish the tick), exits 4 and names `status`; `status` then finishes
    the tick, exactly as an uninterrupted tick would have left the folder."""
    work = tmp_path / "work"
    _interrupted(kingdoms_ready["a"], work, monkeypatch)
    before = tree(work)
    result = play(work, "check")
    assert result.returncode == 4, output(result)
    assert "in the middle of a tick" in result.stderr and "play.py status" in result.stderr
    assert "Traceback" not in result.stderr
    assert tree(work) == before
    assert play(work, "status").returncode == 0
    assert tree(work, TRANSIENT) == tree(kingdoms_ready["b"])
    assert play(work, "check").returncode == 0


def test_a_half_synced_copy_is_never_carried_out(kingdoms_ready: dict[str, Path],
                                                 tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: a copy caught half-synced (the journal has arrived, the staged files it names
    have not): `check` says so and changes nothing (it used to move sheets into archive/ and
    then fail, leaving the copy at neither tick); `status` and `tick` refuse it too, unchanged,
    until the files arrive; then `status` finishes the tick exactly."""
    work = tmp_path / "work"
    _interrupted(kingdoms_ready["a"], work, monkeypatch)
    staging = work / ".lifegames" / "staging"
    arrived = tmp_path / "staging"
    shutil.move(staging, arrived)
    before = tree(work)
    for command in ("check", "status", "tick"):
        result = play(work, command)
        assert result.returncode == 4, output(result)
        assert "in the middle of a sync" in result.stderr, output(result)
        assert tree(work) == before, command
    shutil.move(arrived, staging)
    assert play(work, "status").returncode == 0
    assert tree(work, TRANSIENT) == tree(kingdoms_ready["b"])


def test_a_journal_half_carried_out_is_still_finished(kingdoms_ready: dict[str, Path],
                                                      tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: what a crash in the middle of carrying a journal out leaves (the first
    writes' staged files already moved into place) is not mistaken for a copy still syncing:
    the next command finishes the tick."""
    work = tmp_path / "work"
    shutil.copytree(kingdoms_ready["a"], work)
    real = GameFolder._step
    done = {"writes": 0}

    def step(self: GameFolder, top: object, staging: object, entry: dict) -> None:
        if entry["op"] == "write":
            done["writes"] += 1
            if done["writes"] > 3:
                raise SystemExit("killed")
        real(self, top, staging, entry)

    with monkeypatch.context() as patch:
        patch.setattr(GameFolder, "_step", step)
        with pytest.raises(SystemExit):
            Host(str(work), registry.get).tick()
    result = play(work, "check")
    assert result.returncode == 4 and "in the middle of a tick" in result.stderr, output(result)
    assert play(work, "status").returncode == 0
    assert tree(work, TRANSIENT) == tree(kingdoms_ready["b"])


def test_check_waits_for_a_tick_being_written_then_says_busy(
        kingdoms_ready: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: a journal whose writer is alive (it holds the lock) is not reported as an
    interrupted tick: `check` waits for it, and says the folder is busy (exit 3) if it is
    still being written; it touches neither the lock nor the journal."""
    work = tmp_path / "work"
    _interrupted(kingdoms_ready["a"], work, monkeypatch)
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time\n"
         "from lifegames.engine.folder.folder import GameFolder\n"
         "folder = GameFolder(sys.argv[1])\n"
         "assert folder._take(folder.meta / 'lock')\n"
         "print('held', flush=True)\n"
         "time.sleep(60)\n", str(work)],
        cwd=REPO, env=env(), stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        before = tree(work)
        result = play(work, "check")
        assert result.returncode == 3, output(result)
        assert "another play.py command" in result.stderr
        assert tree(work) == before
    finally:
        holder.kill()
        holder.wait()


def test_watch_still_finishes_an_interrupted_tick(kingdoms_ready: dict[str, Path],
                                                  tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: `watch` (which plays ticks, and so writes) finishes an interrupted tick
    before it checks, as before; only `check` leaves it."""
    work = tmp_path / "work"
    _interrupted(kingdoms_ready["a"], work, monkeypatch)
    from click.testing import CliRunner

    from lifegames.cli import cli

    monkeypatch.setattr("lifegames.cli_tools.time.sleep", lambda s: (_ for _ in ()).throw(
        SystemExit(0)))
    CliRunner().invoke(cli, ["--dir", str(work), "watch", "--interval", "0.01"])
    assert tree(work, TRANSIENT) == tree(kingdoms_ready["b"])
    assert folder_module.JOURNAL_FILE not in {p.name for p in (work / ".lifegames").iterdir()}

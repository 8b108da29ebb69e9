"""Rollback, repair and verify are safe under concurrency and cannot
rewrite history.

`rollback N` holds the folder's lock from its first read to its last write, so a tick cannot
run in between and be silently thrown away; `verify` holds it while it replays and compares,
so it never reports tampering that is only a tick half-written. And a repair replays the
record of executed orders only if that replay reproduces the recorded state exactly: a record
that was edited or deleted is refused (exit 6), naming what differs, and changes nothing."""

from __future__ import annotations

import random
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from lifegames import registry
from lifegames.engine.host import tools
from lifegames.engine.host.host import Host

from .helpers import (
    REPO,
    Servers,
    crash_command,
    env,
    output,
    tree,
    write_bot_orders,
)

IRON, THORN = "Ironhold", "Thornvale"
RECORD = f".lifegames/orders/{IRON}.txt"
LOG = f"{IRON}/executed_orders.txt"


@pytest.fixture
def played(kingdoms_played: Path) -> Path:
    """Simple Kingdoms after 2 ticks of random bots."""
    return kingdoms_played


@pytest.fixture
def game(kingdoms: Path) -> Path:
    return kingdoms


def _drop_orders(text: str) -> str:
    """The log with every order of tick 1 removed (the block header stays)."""
    out, skipping = [], False
    for line in text.splitlines(keepends=True):
        if line.startswith("# Tick "):
            skipping = line.strip() == "# Tick 1"
        elif skipping and line.strip():
            continue
        out.append(line)
    return "".join(out)


def _edit(root: Path, how: str) -> None:
    record, log = root / RECORD, root / LOG
    assert _drop_orders(record.read_text()) != record.read_text(), "tick 1 had no orders"
    if how == "record deleted":
        record.unlink()
    elif how == "record edited":
        record.write_text(_drop_orders(record.read_text()))
    elif how == "both edited":
        record.write_text(_drop_orders(record.read_text()))
        log.write_text(_drop_orders(log.read_text()))
    elif how == "both deleted":
        record.unlink()
        log.unlink()


EDITS = ["record edited", "both edited", "both deleted"]


@pytest.mark.parametrize("how", EDITS)
@pytest.mark.parametrize("target", ["current", "earlier"])
def test_a_repair_never_adopts_an_edited_history(game: Path, servers: Servers, how: str,
                                                 target: str) -> None:
    """Property: after the record of executed orders was edited or deleted (orders removed
    from tick 1), `rollback` to the current tick (the repair the error messages suggest) and
    to an earlier tick both refuse with exit 6, say that the record does not reproduce the
    game and name what differs, and change no byte; `verify` does not pass either."""
    _edit(game, how)
    before = tree(game)
    tick = "2" if target == "current" else "1"
    result = servers.run(game, "rollback", tick)
    assert result.returncode == 6, output(result)
    assert "does not reproduce this game" in result.stderr, output(result)
    assert "replay" in result.stderr and "recorded" in result.stderr, output(result)
    assert "Traceback" not in result.stderr
    assert tree(game) == before
    verify = servers.run(game, "verify")
    assert verify.returncode == 6, output(verify)


def test_a_deleted_record_with_a_true_public_log_is_repaired_exactly(
        game: Path, played: Path, servers: Servers) -> None:
    """Property: the hidden record deleted while the public executed_orders.txt still holds
    every order is no change of history: replaying the public log reproduces the recorded
    state exactly, so `rollback` to the current tick repairs the folder byte for byte."""
    _edit(game, "record deleted")
    assert servers.run(game, "verify").returncode == 6
    result = servers.run(game, "rollback", "2")
    assert result.returncode == 0, output(result)
    now = {k: v for k, v in tree(game).items() if k != ".lifegames/rollbacks.txt"}
    assert now == tree(played)


def test_a_refused_repair_names_the_record_that_disagrees(game: Path, servers: Servers) -> None:
    """Property: when the hidden record and the public log disagree, the refusal says where."""
    _edit(game, "record edited")
    result = servers.run(game, "rollback", "2")
    assert f"{RECORD} and {LOG} differ at line" in result.stderr, output(result)


def test_a_repair_still_rebuilds_what_was_damaged_around_a_true_record(
        game: Path, played: Path, servers: Servers) -> None:
    """Property (the control): with the record intact, a deleted sheet, an edited public log
    and an edited state are all repaired by `rollback` to the current tick, byte for byte."""
    (game / IRON / "002_ironhold_sheet.txt").unlink()
    (game / LOG).write_text("# Tick 1\n")
    state = game / ".lifegames" / "state.json"
    state.write_text(state.read_text().replace('"tick": 2', '"tick": 2 '))
    result = servers.run(game, "rollback", "2")
    assert result.returncode == 0, output(result)
    now, then = tree(game), tree(played)
    assert {k: v for k, v in now.items() if k != ".lifegames/rollbacks.txt"} == then


# -- the lock is held throughout -----------------------------------------------------------


def _start_paused(root: Path, tmp_path: Path, *args: str, at: int, seconds: float
                  ) -> subprocess.Popen[str]:
    """`play.py ARGS` through crashrun.py, paused `seconds` at write step `at` once it gets
    there (this returns when it does)."""
    ready = tmp_path / f"ready-{args[0]}"
    process = subprocess.Popen(crash_command(root, 0, *args, options=[
        "--notify", f"{at}:{ready}", "--pause", f"{at}:{seconds}"]), cwd=REPO, env=env(),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not ready.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            raise AssertionError(process.communicate())
        time.sleep(0.01)
    return process


def _finish(process: subprocess.Popen[str]) -> subprocess.CompletedProcess[str]:
    out, err = process.communicate(timeout=120)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def test_a_tick_during_a_rollback_waits_and_is_never_thrown_away(
        game: Path, servers: Servers, tmp_path: Path) -> None:
    """Property: while `rollback 1` replays the game (paused in the middle of its replay),
    a `tick` cannot run: it exits 3 (busy) and changes nothing. (Rollback used to replay
    without the lock; a tick that ran meanwhile was then silently overwritten.) The rollback
    then completes and the folder is a genuine tick-1 folder."""
    write_bot_orders(Host(str(game), registry.get), random.Random(1))
    rollback = _start_paused(game, tmp_path, "rollback", "1", at=6, seconds=4)
    ticked = servers.run(game, "tick")
    assert ticked.returncode == 3, output(ticked)
    assert "another play.py command" in ticked.stderr
    done = _finish(rollback)
    assert done.returncode == 0, output(done)
    host = Host(str(game), registry.get)
    assert host.load().state["tick"] == 1
    assert tools.verify(host) == []


def test_verify_during_a_tick_never_reports_tampering(game: Path, servers: Servers,
                                                     tmp_path: Path) -> None:
    """Property: `verify` started while a tick is half-way through writing its files (paused
    after its journal) either waits and passes or says the folder is busy (exit 3); it never
    reports a difference (exit 6) that is only the tick in progress."""
    write_bot_orders(Host(str(game), registry.get), random.Random(2))
    probe = tmp_path / "probe"
    shutil.copytree(game, probe)
    log = tmp_path / "steps"
    assert servers.run(probe, "tick", log=str(log)).returncode == 0
    steps = log.read_text().splitlines()
    journal = next(n for n, line in enumerate(steps, start=1)
                   if line.endswith(".lifegames/journal.json"))
    ticking = _start_paused(game, tmp_path, "tick", at=journal + 3, seconds=3)
    verify = servers.run(game, "verify")
    assert verify.returncode in (0, 3), output(verify)
    assert _finish(ticking).returncode == 0
    assert servers.run(game, "verify").returncode == 0


class _FastClock:
    """Stands in for folder.py's time module: a lock wait takes no real time."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        self.now += 0.25
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds

    @staticmethod
    def time() -> float:
        return time.time()


def test_a_tick_cannot_land_between_verifys_replay_and_its_comparison(
        game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: verify holds the lock from its replay to the end of its comparison: a tick
    tried at the moment verify compares is refused as busy, and verify finds the folder
    genuine. (Verify used to compare without the lock; a tick landing then was reported as
    tampering.)"""
    from lifegames.engine.folder import folder as folder_module
    from lifegames.engine.folder.folder import Busy

    write_bot_orders(Host(str(game), registry.get), random.Random(3))
    real = tools.compare
    seen = []

    def compare_after_a_tick(*args: object) -> object:
        try:
            Host(str(game), registry.get).tick()
            seen.append("ticked")
        except Busy:
            seen.append("busy")
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(tools, "compare", compare_after_a_tick)
    monkeypatch.setattr(folder_module, "time", _FastClock())
    assert tools.verify(Host(str(game), registry.get)) == []
    assert seen == ["busy"]

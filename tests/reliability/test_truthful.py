"""Exit codes and messages tell the truth about whether the tick was recorded.

Ctrl-C at any step of a tick says "nothing was changed" exactly when the folder stays at tick N
and "WAS recorded" exactly when the next command lands at N+1 (exit 130, never "Aborted!" and
exit 1, never a traceback). A report that cannot be printed (`> /dev/full`, a closed pipe) never
turns a played tick into an error that invites playing it again. Ctrl-C while the program is
still starting ends it quietly."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from .helpers import (
    PLAY,
    REPO,
    TRANSIENT,
    Servers,
    count_steps,
    env,
    leftovers,
    output,
    tree,
)

SEED = 2_952_390_117_640_883_571
INTERRUPTED = 130


@pytest.fixture
def folders(kingdoms_ready: dict[str, Path]) -> dict[str, Path]:
    """A: tick 1 with orders written; B: A after its tick."""
    return kingdoms_ready


def test_ctrl_c_at_every_step_tells_whether_the_tick_was_recorded(
        folders: dict[str, Path], servers: Servers, tmp_path: Path) -> None:
    """Property: SIGINT delivered before any write step of a tick ends the command with exit
    130 and one line on stderr: "nothing was changed" if the folder is then (after the next
    command) exactly at tick N, "WAS recorded" or "played and recorded" if it is exactly at
    N+1. Never "Aborted!", exit 1 (orders rejected) or a traceback."""
    counted = tmp_path / "counted"
    shutil.copytree(folders["a"], counted)
    count, _ = count_steps(counted, "tick")
    at_n, at_n1 = tree(folders["a"]), tree(folders["b"])

    def one(step: int) -> tuple[int, str, str | None]:
        work = tmp_path / f"int-{step}"
        shutil.copytree(folders["a"], work)
        result = servers.run(work, "tick", step=step, fault="sigint")
        after = servers.run(work, "status")
        found = tree(work, TRANSIENT)
        landed = "N" if found == at_n else "N+1" if found == at_n1 else None
        problems = []
        if result.returncode != INTERRUPTED or "Traceback" in result.stderr \
                or "Aborted" in result.stderr or after.returncode != 0 or leftovers(work):
            problems.append(output(result) + output(after))
        said_recorded = "WAS recorded" in result.stderr or "played and recorded" in \
            result.stderr
        said_nothing = "nothing was changed" in result.stderr
        if landed == "N" and not (said_nothing and not said_recorded):
            problems.append(f"landed at N but said: {result.stderr}")
        if landed == "N+1" and not (said_recorded and not said_nothing):
            problems.append(f"landed at N+1 but said: {result.stderr}")
        if landed is None:
            problems.append("landed at neither tick N nor N+1")
        shutil.rmtree(work)
        return step, "\n".join(problems), landed

    with ThreadPoolExecutor(4) as pool:
        runs = list(pool.map(one, range(1, count + 1)))
    bad = [f"step {step}: {problem}" for step, problem, _ in runs if problem]
    where = Counter(landed for _, _, landed in runs)
    assert where["N"] and where["N+1"], where
    assert not bad, "\n".join(bad[:5])


def _play(root: Path, *args: str, stdout: object = subprocess.PIPE,
          extra_env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(PLAY), "--dir", str(root), *args], cwd=REPO,
                          stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=120,
                          env={**env(), **(extra_env or {})})


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_tick_whose_report_cannot_be_written_says_it_was_played(
        folders: dict[str, Path], tmp_path: Path) -> None:
    """Property: `tick > /dev/full` plays the tick (the folder is at N+1), exits 0 and says
    on stderr that the tick WAS played and must not be run again; never "nothing was
    changed ... run the command again" (a script that obeyed would play an extra tick)."""
    work = tmp_path / "full"
    shutil.copytree(folders["a"], work)
    with open("/dev/full", "w") as full:
        result = _play(work, "tick", stdout=full)
    assert tree(work, TRANSIENT) == tree(folders["b"])
    assert result.returncode == 0, result.stderr
    assert "WAS played" in result.stderr and "do not run it again" in result.stderr
    assert "nothing was changed" not in result.stderr and "Traceback" not in result.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_read_only_command_whose_report_cannot_be_written_fails_plainly(
        folders: dict[str, Path], tmp_path: Path) -> None:
    """Property: `status > /dev/full` cannot do its only job: exit 4, "nothing was changed",
    no traceback."""
    with open("/dev/full", "w") as full:
        result = _play(folders["a"], "status", stdout=full)
    assert result.returncode == 4, result.stderr
    assert "nothing was changed" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("command, code", [(("tick",), 0), (("check",), 0), (("status",), 0),
                                           (("orders",), 0)])
def test_a_closed_output_pipe_keeps_the_commands_own_exit_code(
        folders: dict[str, Path], tmp_path: Path, command: tuple[str, ...], code: int) -> None:
    """Property: with stdout a pipe nobody reads (`| head` that has stopped), the command
    exits with its own code (not 1, "orders rejected"); a tick is still played."""
    work = tmp_path / "pipe"
    shutil.copytree(folders["a"], work)
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        with os.fdopen(write_end, "w") as closed:
            result = _play(work, *command, stdout=closed)
    finally:
        pass
    assert result.returncode == code, result.stderr
    assert "Traceback" not in result.stderr
    if command == ("tick",):
        assert tree(work, TRANSIENT) == tree(folders["b"])


def test_a_closed_pipe_after_rejected_orders_still_says_rejected(folders: dict[str, Path],
                                                                 tmp_path: Path) -> None:
    """Property: the exit code of `check` with a bad order file stays 1 with a closed pipe."""
    work = tmp_path / "bad"
    shutil.copytree(folders["a"], work)
    (work / "Ironhold" / "Ironhold_orders.txt").write_text("biuld(0,0)\n", encoding="utf-8")
    read_end, write_end = os.pipe()
    os.close(read_end)
    with os.fdopen(write_end, "w") as closed:
        result = _play(work, "check", stdout=closed)
    assert result.returncode == 1, result.stderr


def test_ctrl_c_while_starting_up_ends_quietly(tmp_path: Path) -> None:
    """Property: Ctrl-C while play.py is still importing the program prints one line and
    exits 130, not a traceback. (The interrupt is raised by the import itself, so the test
    does not depend on timing.)"""
    code = (
        "import builtins, sys\n"
        "real = builtins.__import__\n"
        "def slow(name, *args, **kwargs):\n"
        "    if name == 'cli' or name.endswith('.cli'):\n"
        "        raise KeyboardInterrupt\n"
        "    return real(name, *args, **kwargs)\n"
        "builtins.__import__ = slow\n"
        f"sys.argv = [{str(PLAY)!r}, 'status']\n"
        "from lifegames.start import main\n"
        "main()\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                            text=True, env=env(), timeout=60)
    assert result.returncode == INTERRUPTED, output(result)
    assert "Traceback" not in result.stderr and "interrupted" in result.stderr


def test_every_entry_point_starts_through_the_quiet_start(tmp_path: Path) -> None:
    """Property: play.py, `python3 -m lifegames` and the installed `lifegames` command all
    begin in lifegames.start (which is what catches Ctrl-C during start-up)."""
    assert "from lifegames.start import main" in PLAY.read_text(encoding="utf-8")
    assert "from .start import main" in (REPO / "lifegames" / "__main__.py").read_text(
        encoding="utf-8")
    assert 'lifegames = "lifegames.start:main"' in (REPO / "pyproject.toml").read_text(
        encoding="utf-8")

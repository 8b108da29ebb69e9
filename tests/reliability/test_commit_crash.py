"""`tick --commit` and `setup --commit` killed at every write step: the next command must leave
the game folder's own git history whole.

A tick played by a run that was killed before it could commit is committed late by the next
`--commit` run, so after the kill and the next command the history holds exactly one commit
per tick played (`Setup: ...`, `Tick 1: ...`, ... in order), each commit's tree the one an
uninterrupted run commits, and `git status` shows no file lifegames wrote left uncommitted. A
file that is not the engine's (a player's draft, the host's notes) is never added.

Each kill runs in a child forked from a `crashrun.py --serve` process (see test_crash.py), so
a sweep over every step takes seconds. `python3 -m pytest tests/reliability/test_commit_crash.py
-s` prints how many steps were swept and how each recovered.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from lifegames import registry
from lifegames.engine.folder.folder import GameFolder
from lifegames.engine.host.host import Host

from .helpers import Servers, count_steps, leftovers, output, write_bot_orders

SEED = 6_022_140_857_747_474_101
WORKERS = 2
KILLED = -9
LATE = " (committed late: the run that played it did not commit it)"
NOTES = "notes.txt"  # the host's own file beside the game: never lifegames' to commit


def git(root: Path, *args: str, check: bool = True) -> str:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True,
                          check=check).stdout


def history(root: Path) -> list[tuple[str, str]]:
    """(subject without the late note, tree) of every commit, oldest first."""
    lines = git(root, "log", "--reverse", "--format=%T %s", check=False).splitlines()
    return [(subject.removesuffix(LATE), tree) for tree, _, subject in
            (line.partition(" ") for line in lines)]


def dirty(root: Path) -> list[str]:
    """What `git status --porcelain` shows, but the host's own notes (never added)."""
    return [line for line in git(root, "status", "--porcelain", "--untracked-files=all",
                                 check=False).splitlines()
            if not line.endswith(NOTES)]


@dataclass
class Base:
    a: Path  # tick 2 committed, orders for tick 3 written
    b: Path  # a after an uninterrupted `tick --commit`
    steps: list[str]


@pytest.fixture(scope="module")
def base(servers: Servers, tmp_path_factory: pytest.TempPathFactory) -> Base:
    root = tmp_path_factory.mktemp("commit")
    a = root / "a"
    result = servers.run(a, "setup", "--seed", str(SEED), "--commit")
    assert result.returncode == 0, output(result)
    rng = random.Random(SEED)
    for _ in range(2):
        write_bot_orders(Host(str(a), registry.get), rng)
        result = servers.run(a, "tick", "--commit")
        assert result.returncode == 0, output(result)
    write_bot_orders(Host(str(a), registry.get), rng)
    (a / NOTES).write_text("the host's own notes\n", encoding="utf-8")
    b = root / "b"
    shutil.copytree(a, b)
    result = servers.run(b, "tick", "--commit")
    assert result.returncode == 0, output(result)
    counted = root / "counted"
    shutil.copytree(a, counted)
    _, steps = count_steps(counted, "tick", "--commit")
    assert [s for s, _ in history(b)][-1].startswith("Tick 3: ")
    assert dirty(b) == [], git(b, "status", "--porcelain")
    return Base(a, b, steps)


def _kill_then_next(servers: Servers, base: Base, scratch: Path, step: int) -> str | None:
    """Kill `tick --commit` before `step`, run `tick --commit` again; what is wrong, if
    anything, and how it recovered."""
    work = scratch / f"k{step}"
    shutil.copytree(base.a, work)
    first = servers.run(work, "tick", "--commit", step=step)
    if first.returncode != KILLED:
        return f"step {step}: not killed\n{output(first)}"
    after = servers.run(work, "tick", "--commit")
    said = f"step {step} ({base.steps[step - 1]}): next tick --commit:\n{output(after)}"
    if "Traceback" in after.stderr or after.returncode not in (0, 3):
        return said
    want = history(base.b)
    found = history(work)
    tick = GameFolder(work).peek_tick()
    if tick == len(want) and found[:-1] == want and found[-1][0].startswith(f"Tick {tick}: "):
        # killed after the tick was wholly in place (the journal gone): the next command
        # played the next tick, on the fresh templates, and committed it too
        want = found
    if found != want:
        return f"{said}\nhistory {[s for s, _ in found]}\nwanted  {[s for s, _ in want]}" + (
            " (same subjects, other trees)" if [s for s, _ in found] == [s for s, _ in want]
            else "")
    if dirty(work) or leftovers(work):
        return f"{said}\nleft uncommitted: {dirty(work)} {leftovers(work)}"
    if (work / NOTES).read_text(encoding="utf-8") != "the host's own notes\n" or \
            NOTES in git(work, "ls-files"):
        return f"{said}\nthe host's notes were committed"
    shutil.rmtree(work)
    return None


def test_tick_commit_killed_at_every_step_keeps_one_commit_per_tick(
        base: Base, servers: Servers, tmp_path: Path) -> None:
    """Property: a kill at ANY write step of `tick --commit`, then `tick --commit` again:
    the history is the uninterrupted one (subjects and trees), nothing lifegames wrote is
    left uncommitted, and the host's notes are never added."""
    with ThreadPoolExecutor(WORKERS) as pool:
        found = list(pool.map(lambda k: _kill_then_next(servers, base, tmp_path, k),
                              range(1, len(base.steps) + 1)))
    bad = [f for f in found if f]
    print(f"\ntick --commit: {len(base.steps)} kill points, {len(bad)} misbehaved")
    assert not bad, f"{len(bad)} of {len(base.steps)} kill points:\n" + "\n\n".join(bad[:3])


def test_setup_commit_killed_at_every_step_is_committed_by_the_next_run(
        servers: Servers, tmp_path: Path) -> None:
    """Property: a kill at any write step of `setup --commit`; then the host runs
    `setup --commit` again (if the game was not set up) or `tick --commit`: the history
    starts with exactly one setup commit and nothing lifegames wrote is left uncommitted."""
    counted = tmp_path / "counted"
    count, steps = count_steps(counted, "setup", "--seed", str(SEED), "--commit")
    subjects: Counter[str] = Counter()
    bad = []

    def one(step: int) -> str | None:
        work = tmp_path / f"s{step}"
        first = servers.run(work, "setup", "--seed", str(SEED), "--commit", step=step)
        if first.returncode != KILLED:
            return f"step {step}: not killed\n{output(first)}"
        again = servers.run(work, "setup", "--seed", str(SEED), "--commit")
        said = f"step {step} ({steps[step - 1]}): setup again:\n{output(again)}"
        if again.returncode != 0:
            if "already holds a game" not in again.stderr:
                return said
            nxt = servers.run(work, "tick", "--commit")
            said += f"\nthen tick --commit:\n{output(nxt)}"
            if "Traceback" in nxt.stderr:
                return said
        found = [s for s, _ in history(work)]
        subjects[" / ".join(found)] += 1
        if not found or not found[0].startswith("Setup: ") or \
                any(s.startswith("Setup: ") for s in found[1:]):
            return f"{said}\nhistory {found}"
        if dirty(work) or leftovers(work):
            return f"{said}\nleft uncommitted: {dirty(work)} {leftovers(work)}"
        shutil.rmtree(work)
        return None

    with ThreadPoolExecutor(WORKERS) as pool:
        bad = [f for f in pool.map(one, range(1, count + 1)) if f]
    print(f"\nsetup --commit: {count} kill points, {len(bad)} misbehaved; {dict(subjects)}")
    assert not bad, f"{len(bad)} of {count} kill points:\n" + "\n\n".join(bad[:3])


def test_index_lock_left_by_a_killed_commit_is_removed(base: Base, servers: Servers,
                                                        tmp_path: Path) -> None:
    """Property: a run killed while its git held `.git/index.lock` (simulated: the run killed
    after the tick, its folder lock left behind, and an index lock made during it) does not
    block the history for good: the next `tick --commit` removes that lock and commits the
    tick late."""
    work = tmp_path / "locked"
    shutil.copytree(base.a, work)
    # the last step before git runs: the tick is in place, the folder lock still held
    before_git = len(base.steps) - 1
    assert base.steps[-1].endswith(".lifegames/lock")
    assert servers.run(work, "tick", "--commit", step=before_git).returncode == KILLED
    assert (work / ".lifegames" / "lock").exists()
    (work / ".git" / "index.lock").write_bytes(b"")
    said = servers.run(work, "status")
    assert "tick 3 is played but not committed yet" in said.stdout, output(said)
    after = servers.run(work, "tick", "--commit")
    assert after.returncode == 0 and "Traceback" not in after.stderr, output(after)
    assert f"{history(base.b)[3][0]} (committed late" in after.stdout, output(after)
    assert not (work / ".git" / "index.lock").exists()
    assert history(work)[:4] == history(base.b)
    assert dirty(work) == []


def test_index_lock_of_someone_elses_git_is_named_not_removed(base: Base, servers: Servers,
                                                                tmp_path: Path) -> None:
    """Property: an index lock lifegames did not leave (no killed lifegames run before it) is
    the host's own git at work: `tick --commit` names it and leaves it alone; the tick itself
    is saved and committed late by the next run once the lock is gone."""
    work = tmp_path / "busy"
    shutil.copytree(base.a, work)
    (work / ".git" / "index.lock").write_bytes(b"")
    made = time.time() - 10  # made before the tick: not by a git lifegames ran for it
    os.utime(work / ".git" / "index.lock", (made, made))
    result = servers.run(work, "tick", "--commit")
    assert result.returncode == 4 and "index.lock" in result.stderr, output(result)
    assert "Traceback" not in result.stderr
    assert (work / ".git" / "index.lock").exists()
    (work / ".git" / "index.lock").unlink()
    later = servers.run(work, "tick", "--commit")
    assert "Tick 3: " in later.stdout, output(later)
    assert [s for s, _ in history(work)][:4] == [s for s, _ in history(base.b)]
    assert history(work)[:4] == history(base.b)

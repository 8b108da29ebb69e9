"""Crash safety: a real `play.py tick` process is killed (SIGKILL) or hit by an OSError at every
write step of a tick, through crashrun.py; the next command must leave the folder byte for byte
at the tick-N folder or the tick-N+1 folder of an uninterrupted run.

Each case builds a folder at tick N with bot orders written (folder A), plays it uninterrupted
(folder B), and counts the write steps of that tick. Then for every step k: copy A, run the tick
with the fault at step k, run `python3 play.py status` (which takes the lock and recovers), and
compare every file, .lifegames/ included, with A and with B. Only the lock, the staging folder
and the journal are left out of the comparison, and those must be gone.

The sweeps run each command in a fresh child process forked from a `crashrun.py --serve`
process (lifegames imported once, patches installed first), which SIGKILL ends like any other
process; that makes a sweep of a few hundred injection points take seconds. The uninterrupted
tick N+1 comes from a real `python3 play.py tick`, the step count from a real
`python3 crashrun.py 0 -- tick`, and test_one_shot_processes_agree_with_the_forked_sweep checks
that fresh `python3 crashrun.py N -- tick` + `python3 play.py status` processes land exactly
where the sweep landed.

`python3 -m pytest tests/reliability/test_crash.py -s` prints the number of injection points
and where each one recovered to.
"""

from __future__ import annotations

import os
import random
import shutil
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from lifegames import registry
from lifegames.engine.host.host import Host

from .helpers import (
    TRANSIENT,
    Servers,
    count_steps,
    crashrun,
    difference,
    leftovers,
    new_game,
    output,
    play,
    play_ticks,
    tree,
    write_bot_orders,
)

WORKERS = max(2, min(8, os.cpu_count() or 2))
KILLED = -9


@dataclass(frozen=True)
class Case:
    name: str
    game_id: str
    players: tuple[str, ...] | None
    seed: int
    warm: int  # ticks played before the tick that is interrupted


CASES = [
    # tick 0 -> 1: archive/ and executed_orders.txt are created
    Case("kingdoms-first-tick", "simple-kingdoms", None, 3_141_592_653_589_793, 0),
    # tick 2 -> 3: sheets move into an existing archive/, executed orders are appended
    Case("kingdoms-later-tick", "simple-kingdoms", None, 2_718_281_828_459_045, 2),
    # setup --game lifestyle --players Ana,Ben; tick 3 -> 4
    Case("lifestyle", "lifestyle", ("Ana", "Ben"), 1_618_033_988_749_894, 3),
    # the two newer games: tick 3 -> 4 with three players
    Case("the-sims", "the-sims", ("Ana", "Ben", "Cleo"), 1_732_050_807_568_877, 3),
    Case("a-chaotic-life", "a-chaotic-life", ("Ana", "Ben", "Cleo"), 2_236_067_977_499_789,
         3),
]


@dataclass
class Base:
    case: Case
    a: Path  # tick N, orders written
    b: Path  # tick N+1, played uninterrupted
    steps: list[str]
    tree_a: dict[str, bytes | None] = field(default_factory=dict)
    tree_b: dict[str, bytes | None] = field(default_factory=dict)

    @property
    def count(self) -> int:
        return len(self.steps)

    def landed(self, root: Path) -> str | None:
        found = tree(root, TRANSIENT)
        if found == self.tree_a:
            return "N"
        if found == self.tree_b:
            return "N+1"
        return None


@pytest.fixture(scope="session")
def bases(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Base]:
    """Folder A (tick N, orders written), folder B (tick N+1) and the write steps of the tick,
    for every case (built once per session)."""
    out = {}
    for case in CASES:
        root = tmp_path_factory.mktemp(case.name)
        a = root / "a"
        host = new_game(a, case.game_id, case.seed,
                        list(case.players) if case.players else None)
        rng = random.Random(case.seed)
        assert play_ticks(host, case.warm, rng) == case.warm
        write_bot_orders(host, rng)
        b = root / "b"
        shutil.copytree(a, b)
        result = play(b, "tick")
        assert result.returncode == 0, output(result)
        counted = root / "counted"
        shutil.copytree(a, counted)
        _, steps = count_steps(counted, "tick")
        base = Base(case, a, b, steps, tree(a), tree(b))
        assert base.tree_a != base.tree_b
        assert leftovers(a) == [] and leftovers(b) == []
        # The wrapper changes nothing: the counted run ends exactly where play.py does.
        assert difference(tree(counted), base.tree_b) == []
        out[case.name] = base
    return out


@dataclass
class Run:
    step: int
    fault: str
    what: str
    result_code: int
    stderr: str
    next_code: int
    next_output: str
    landed: str | None
    left: list[str]
    diff: list[str]
    empty_lock: bool = False
    continued: bool | None = None

    def describe(self) -> str:
        return (f"step {self.step} ({self.what}) fault {self.fault}: exit {self.result_code}, "
                f"next command exit {self.next_code}, landed at {self.landed}, "
                f"left {self.left}, differences from N: {self.diff[:6]}\n"
                f"  stderr: {self.stderr.strip()[-400:]}\n  next: {self.next_output[-400:]}")


def inject(servers: Servers | None, base: Base, work: Path, step: int, fault: str,
           follow: str = "status") -> Run:
    """Copy folder A to `work`, run the tick with `fault` at `step`, then the next command.
    With `servers`, each command is a child forked from a crashrun.py server; without, a new
    `python3 crashrun.py` and a new `python3 play.py` process."""
    shutil.copytree(base.a, work)
    if servers is None:
        result = crashrun(work, step, "tick", fault=fault)
        after = play(work, follow)
    else:
        result = servers.run(work, "tick", step=step, fault=fault)
        after = servers.run(work, follow)
    empty_lock = False
    lock = work / ".lifegames" / "lock"
    if after.returncode == 3 and lock.exists() and lock.read_bytes() == b"":
        # Killed between creating the lock and writing its owner into it: the lock is
        # "being written" for 10 seconds, then stale. Nothing else may have changed.
        empty_lock = True
        assert tree(work, TRANSIENT) == base.tree_a, f"step {step}: changed with an empty lock"
        past = time.time() - 60
        os.utime(lock, (past, past))
        after = play(work, follow) if servers is None else servers.run(work, follow)
    run = Run(step, fault, base.steps[step - 1], result.returncode, result.stderr,
              after.returncode, after.stdout + after.stderr, base.landed(work), leftovers(work),
              difference(base.tree_a, tree(work, TRANSIENT)), empty_lock)
    if run.landed == "N" and follow == "status":
        # The game goes on from the recovered folder exactly as if nothing had happened.
        _, outcome = Host(str(work), registry.get).tick()
        run.continued = not outcome.problems and tree(work, TRANSIENT) == base.tree_b
    shutil.rmtree(work, ignore_errors=True)
    return run


def inject_all(servers: Servers, base: Base, tmp: Path, jobs: list[tuple[int, str]]
               ) -> list[Run]:
    with ThreadPoolExecutor(WORKERS) as pool:
        futures = [pool.submit(inject, servers, base, tmp / f"{fault}-{step}", step, fault)
                   for step, fault in jobs]
        return [f.result() for f in futures]


def _kill_jobs(base: Base) -> list[tuple[int, str]]:
    jobs = [(k, "kill") for k in range(1, base.count + 1)]
    # A write step is also cut in half: half of its data reaches the file, then the kill.
    jobs += [(k, "torn") for k in range(1, base.count + 1)
             if base.steps[k - 1].split("\t")[1] in ("write", "os.write")]
    return jobs


_KILL_RUNS: dict[str, list[Run]] = {}


def _kill_runs(servers: Servers, base: Base, tmp: Path) -> list[Run]:
    if base.case.name not in _KILL_RUNS:
        _KILL_RUNS[base.case.name] = inject_all(servers, base, tmp, _kill_jobs(base))
    return _KILL_RUNS[base.case.name]


@pytest.mark.parametrize("name", [c.name for c in CASES])
def test_sigkill_at_every_write_step_recovers_to_tick_n_or_n_plus_1(
        name: str, bases: dict[str, Base], servers: Servers, tmp_path: Path) -> None:
    """Property: a tick killed (SIGKILL) before any of its write steps, or half-way through a
    write, is finished or undone by the next command: the folder is then byte for byte the
    tick-N or the tick-N+1 folder, no lock, staging or journal remains, and a folder put back
    at tick N plays the same tick N+1 as the uninterrupted run."""
    base = bases[name]
    runs = _kill_runs(servers, base, tmp_path)
    bad = []
    for run in runs:
        ok = (run.result_code == KILLED and run.next_code == 0 and run.landed is not None
              and not run.left and run.continued is not False)
        if not ok:
            bad.append(run.describe())
    where = Counter(r.landed for r in runs)
    print(f"\n{name}: {base.count} write steps, {len(runs)} injection points "
          f"({Counter(r.fault for r in runs)}); recovered to N: {where['N']}, to N+1: "
          f"{where['N+1']}, failed: {len(bad)}; empty-lock kills: "
          f"{sum(r.empty_lock for r in runs)}")
    assert base.count >= 20, "too few write steps counted: is crashrun.py patching anything?"
    assert where["N"] and where["N+1"], "every kill landed on the same side: weak test"
    assert not bad, f"{len(bad)} of {len(runs)} injection points did not recover:\n" + \
        "\n".join(bad)


def test_one_shot_processes_agree_with_the_forked_sweep(
        bases: dict[str, Base], servers: Servers, tmp_path: Path) -> None:
    """Property: the fast sweep is faithful. A fresh `python3 crashrun.py N -- tick` followed
    by a fresh `python3 play.py status` lands where the forked sweep landed, at the first step,
    around the commit point and at the last step; and a forked uninterrupted tick takes as many
    write steps as a fresh process."""
    base = bases["kingdoms-later-tick"]
    counted = tmp_path / "counted"
    shutil.copytree(base.a, counted)
    servers.run(counted, "tick", count_file=str(tmp_path / "count"))
    assert int((tmp_path / "count").read_text()) == base.count
    assert tree(counted, TRANSIENT) == base.tree_b
    commit = _journal_step(base)
    swept = {r.step: r for r in _kill_runs(servers, base, tmp_path / "sweep")
             if r.fault == "kill"}
    for step in sorted({1, commit - 1, commit, commit + 1, base.count}):
        run = inject(None, base, tmp_path / f"one-{step}", step, "kill")
        assert run.result_code == KILLED and run.next_code == 0, run.describe()
        assert run.landed == swept[step].landed, run.describe()


def _journal_step(base: Base) -> int:
    """The step that puts the journal in place: from the next step on, the tick is committed."""
    for number, line in enumerate(base.steps, start=1):
        _, kind, what = line.split("\t", 2)
        if kind in ("replace", "rename") and what.endswith(".lifegames/journal.json"):
            return number
    raise AssertionError("no journal rename among the steps:\n" + "\n".join(base.steps))


def test_a_killed_tick_lands_at_n_before_the_journal_and_n_plus_1_after(
        bases: dict[str, Base], servers: Servers, tmp_path: Path) -> None:
    """Property: the journal's rename is the commit point: a kill at or before it leaves tick N,
    a kill after it leaves tick N+1 (so the recovery is the journal's, not luck)."""
    for base in bases.values():
        commit = _journal_step(base)
        for run in _kill_runs(servers, base, tmp_path / base.case.name):
            if run.fault != "kill" or run.landed is None:
                continue
            expected = "N" if run.step <= commit else "N+1"
            assert run.landed == expected, run.describe()


def test_rerunning_tick_after_a_crash_does_not_play_a_second_tick(
        bases: dict[str, Base], tmp_path: Path) -> None:
    """Property: after a tick killed once its journal was written, the natural next command,
    `tick` again, finishes the interrupted tick and stops there: the folder is the tick-N+1
    folder. It must not go on to play tick N+2 on the freshly reset order files (in Simple
    Kingdoms an empty order file is a legal "no actions", so the kingdoms would silently lose
    a tick)."""
    base = bases["kingdoms-later-tick"]
    step = _journal_step(base) + 3  # inside _carry_out: the tick is committed
    run = inject(None, base, tmp_path / "rerun", step, "kill", follow="tick")
    assert run.result_code == KILLED
    assert run.landed == "N+1", (
        "the re-run tick finished the interrupted tick and then played another one:\n"
        + run.describe())


# -- disk full -------------------------------------------------------------------------------

_ENOSPC_RUNS: dict[str, list[Run]] = {}


def _enospc_runs(servers: Servers, base: Base, tmp: Path) -> list[Run]:
    if base.case.name not in _ENOSPC_RUNS:
        jobs = [(k, "enospc") for k in range(1, base.count + 1)]
        _ENOSPC_RUNS[base.case.name] = inject_all(servers, base, tmp, jobs)
    return _ENOSPC_RUNS[base.case.name]


ENOSPC_CASE = "kingdoms-later-tick"


def test_disk_full_at_every_write_step_is_a_clear_error_and_recovers(
        bases: dict[str, Base], servers: Servers, tmp_path: Path) -> None:
    """Property: when a write fails with ENOSPC (disk full) at any step of a tick, the command
    exits non-zero with a one-line reason naming the full disk and no traceback (or, where the
    engine may ignore the failure, such as removing the emptied staging folder, it succeeds),
    and the next command leaves the folder at tick N or N+1 with no lock, staging or journal
    left behind."""
    base = bases[ENOSPC_CASE]
    runs = _enospc_runs(servers, base, tmp_path)
    bad = []
    for run in runs:
        if "Traceback" in run.stderr or run.result_code == KILLED:
            clear = False
        elif run.result_code == 0:
            clear = run.landed == "N+1"
        else:
            clear = "No space left on device" in run.stderr
        if not (clear and run.next_code == 0 and run.landed and not run.left
                and run.continued is not False):
            bad.append(run.describe())
    print(f"\ndisk full: {len(runs)} injection points, recovered: {len(runs) - len(bad)}; "
          f"{Counter(r.landed for r in runs)}")
    assert not bad, f"{len(bad)} of {len(runs)} disk-full points misbehaved:\n" + "\n".join(bad)


def test_disk_full_after_the_commit_point_is_not_reported_as_nothing_committed(
        bases: dict[str, Base], servers: Servers, tmp_path: Path) -> None:
    """Property: the error printed for a failed write tells the truth. Once the journal is in
    place the tick is committed (the next command finishes it), so the message must not say
    "Nothing was committed" (a player who believes it runs tick again) nor call a full disk a
    bug (exit 5, "internal error ... please report it")."""
    base = bases[ENOSPC_CASE]
    runs = _enospc_runs(servers, base, tmp_path)
    lies = [run.describe() for run in runs if run.landed == "N+1" and (
        "nothing was committed" in run.stderr.lower() or run.result_code == 5)]
    assert not lies, f"{len(lies)} disk-full runs committed tick N+1 but said otherwise:\n" + \
        "\n".join(lies[:3])


def test_a_command_that_cannot_write_its_lock_leaves_no_lock_behind(
        bases: dict[str, Base], servers: Servers, tmp_path: Path) -> None:
    """Property: a command whose lock file was created but whose owner line could not be
    written (the disk filled up at that moment) removes the lock before it exits, so the next
    command runs at once instead of reporting "busy" for the lock's 10-second grace period."""
    base = bases[ENOSPC_CASE]
    step = next(n for n, line in enumerate(base.steps, start=1)
                if line.split("\t")[1] == "os.write")
    work = tmp_path / "lockwrite"
    shutil.copytree(base.a, work)
    result = servers.run(work, "tick", step=step, fault="enospc")
    assert result.returncode not in (0, KILLED), output(result)
    assert "Traceback" not in result.stderr, output(result)
    assert leftovers(work) == [], "the failed command left its (empty) lock behind"
    after = servers.run(work, "status")
    assert after.returncode == 0, output(after)


# -- read-only folder ------------------------------------------------------------------------


@pytest.mark.parametrize("fault,reason", [("erofs", "Read-only file system"),
                                          ("eacces", "Permission denied")])
@pytest.mark.parametrize("command", ["tick", "check", "status"])
def test_read_only_folder_is_a_clear_error_and_changes_nothing(
        bases: dict[str, Base], tmp_path: Path, fault: str, reason: str, command: str) -> None:
    """Property: in a folder that cannot be written (every write raises EROFS or EACCES from
    the first one on), `tick` exits non-zero with the reason and no traceback; `check` and
    `status` either work (they write nothing the players see) or fail the same clear way; and
    not a byte of the folder changes."""
    base = bases["kingdoms-later-tick"]
    work = tmp_path / "ro"
    shutil.copytree(base.a, work)
    result = crashrun(work, 1, command, fault=fault)
    assert "Traceback" not in result.stderr, output(result)
    if command == "tick" or result.returncode not in (0, 1):
        assert result.returncode not in (0, KILLED), output(result)
        assert reason in result.stderr, output(result)
    assert tree(work) == base.tree_a


def test_read_only_folder_is_not_reported_as_a_bug(bases: dict[str, Base],
                                                    tmp_path: Path) -> None:
    """Property: a folder that cannot be written is the environment's problem, not a bug in
    lifegames: `tick` says the folder cannot be written (exit 4, "a folder that cannot take
    this command"), not "internal error ... please report it" (exit 5)."""
    base = bases["kingdoms-later-tick"]
    work = tmp_path / "ro"
    shutil.copytree(base.a, work)
    result = crashrun(work, 1, "tick", fault="erofs")
    assert result.returncode == 4 and "internal error" not in result.stderr, output(result)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root writes through chmod; the injected EROFS/EACCES test covers it")
def test_chmod_read_only_folder_is_a_clear_error_and_changes_nothing(
        bases: dict[str, Base], tmp_path: Path) -> None:
    """Property: `chmod -R a-w` on the game folder: tick exits non-zero with a clear reason and
    no traceback, and nothing changes."""
    base = bases["kingdoms-later-tick"]
    work = tmp_path / "ro"
    shutil.copytree(base.a, work)
    paths = [work, *work.rglob("*")]
    try:
        for path in paths:
            path.chmod(path.stat().st_mode & ~0o222)
        result = play(work, "tick")
        assert result.returncode not in (0, KILLED), output(result)
        assert "Traceback" not in result.stderr, output(result)
        assert "Permission denied" in result.stderr or "Read-only" in result.stderr
        assert tree(work) == base.tree_a
    finally:
        for path in paths:
            path.chmod(path.stat().st_mode | 0o200)

"""Concurrency: real `play.py` processes racing over one folder.

The processes are started through crashrun.py, which here injects no fault: it only signals
when a process reaches a given write step (a barrier the test can wait on), pauses or slows a
process at a step (to hold a race window open), and logs when each process takes and drops the
folder's lock."""

from __future__ import annotations

import os
import random
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import pytest

from .helpers import (
    REPO,
    TRANSIENT,
    Servers,
    crash_command,
    difference,
    env,
    leftovers,
    new_game,
    output,
    play,
    play_ticks,
    tree,
    write_bot_orders,
)

SEED = 6_022_140_857_747_474
LOCK = Path(".lifegames") / "lock"


def _folder(tmp_path: Path, warm: int = 1) -> Path:
    """A Simple Kingdoms folder a tick or so in, with bot orders written for the next tick."""
    root = tmp_path / "game"
    host = new_game(root, "simple-kingdoms", SEED, ticks=12)
    rng = random.Random(SEED)
    play_ticks(host, warm, rng)
    write_bot_orders(host, rng)
    return root


def _start(root: Path, *args: str, options: list[str] | None = None
           ) -> subprocess.Popen[str]:
    return subprocess.Popen(crash_command(root, 0, *args, options=options or []), cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env())


def _wait_for(paths: list[Path], processes: list[subprocess.Popen[str]],
              timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not all(p.exists() for p in paths):
        for process in processes:
            if process.poll() is not None and not all(p.exists() for p in paths):
                out, err = process.communicate()
                raise AssertionError(f"a process ended before the barrier: {out}{err}")
        assert time.monotonic() < deadline, "the processes never reached the barrier"
        time.sleep(0.01)


def _finish(process: subprocess.Popen[str]) -> subprocess.CompletedProcess[str]:
    out, err = process.communicate(timeout=120)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def _dead_pid() -> int:
    """The pid of a process that has just exited (so it is not running now)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_two_ticks_started_together_exactly_one_runs(tmp_path: Path) -> None:
    """Property: two `tick`s started together: exactly one plays the tick, the other exits 3
    (busy) and changes nothing; the folder ends exactly one tick on. (Both processes are held
    at a start line just before their first attempt to take the lock, then let go at once.)"""
    root = _folder(tmp_path)
    expected = tmp_path / "expected"
    shutil.copytree(root, expected)
    assert play(expected, "tick").returncode == 0
    gate = tmp_path / "go"
    ready = [tmp_path / "ready-1", tmp_path / "ready-2"]
    processes = [_start(root, "tick", options=["--notify", f"1:{flag}", "--gate", f"1:{gate}"])
                 for flag in ready]
    _wait_for(ready, processes)
    gate.write_text("go\n", encoding="utf-8")
    results = [_finish(p) for p in processes]
    codes = sorted(r.returncode for r in results)
    report = "\n".join(output(r) for r in results)
    assert codes == [0, 3], f"expected one tick and one busy exit:\n{report}"
    busy = next(r for r in results if r.returncode == 3)
    assert "another play.py command" in busy.stderr and "Traceback" not in busy.stderr
    assert leftovers(root) == []
    assert difference(tree(root), tree(expected)) == [], report


def test_status_check_and_state_during_ticks_only_ever_see_whole_ticks(tmp_path: Path) -> None:
    """Property: `status`, `check` and `state --json` run in a loop while ticks are played
    (each tick slowed to hold the folder half-written for a while) print exactly what they
    print at some whole tick, or exit 3 (busy); never anything else."""
    ticks = 6
    root = _folder(tmp_path, warm=0)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    servers = Servers(3, scratch)  # one ticker and two readers, none waiting for a server
    commands = [("status",), ("check",), ("state", "--json")]
    placeholder = "<DIR>"

    def normal(text: str, where: Path) -> str:
        return text.replace(str(where.resolve()), placeholder).replace(str(where), placeholder)

    # What each command prints at each whole tick, from an undisturbed copy.
    reference = tmp_path / "reference"
    shutil.copytree(root, reference)
    expected: dict[tuple[str, ...], set[str]] = {c: set() for c in commands}
    for tick in range(ticks + 1):
        for command in commands:
            result = servers.run(reference, *command)
            assert result.returncode == 0, output(result)
            expected[command].add(normal(result.stdout, reference))
        if tick < ticks:
            assert servers.run(reference, "tick").returncode == 0

    done = threading.Event()
    seen: list[tuple[tuple[str, ...], int, str, float]] = []

    def ticker() -> None:
        try:
            for _ in range(ticks):
                result = servers.run(root, "tick", sleep=0.004)
                assert result.returncode == 0, output(result)
                time.sleep(0.25)  # the lock is not fair: give the readers a turn
        finally:
            done.set()

    def reader(offset: int) -> None:
        number = offset
        while not done.is_set():
            command = commands[number % len(commands)]
            number += 1
            result = servers.run(root, *command)
            seen.append((command, result.returncode, normal(result.stdout, root),
                         time.monotonic()))

    threads = [threading.Thread(target=ticker)]
    threads += [threading.Thread(target=reader, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    servers.close()
    assert done.is_set()
    codes = Counter(code for _, code, _, _ in seen)
    assert set(codes) <= {0, 3}, codes
    bad = [(c, out) for c, code, out, _ in seen if code == 0 and out not in expected[c]]
    assert not bad, f"a reader saw a folder that is no whole tick: {bad[0][0]}\n{bad[0][1]}"
    statuses = {out for c, code, out, _ in seen if code == 0 and c == ("status",)}
    assert len(seen) >= 10 and len(statuses) >= 2, f"too little overlap to prove much: {codes}"
    assert leftovers(root) == []


def test_a_stale_lock_from_a_killed_tick_is_detected_and_cleared(tmp_path: Path,
                                                                 servers: Servers) -> None:
    """Property: a tick SIGKILLed while it holds the lock leaves a lock naming a dead process
    on this machine; the next command sees that the owner is gone, clears the lock, finishes
    or undoes the commit, and runs (exit 0) without waiting for a timeout."""
    root = _folder(tmp_path)
    log = tmp_path / "steps"
    probe = tmp_path / "probe"
    shutil.copytree(root, probe)
    servers.run(probe, "tick", log=str(log))
    steps = log.read_text().splitlines()
    middle = next(n for n, line in enumerate(steps, start=1) if "journal.json" in line)
    killed = servers.run(root, "tick", step=middle)
    assert killed.returncode == -9
    owner = (root / LOCK).read_text().split()
    assert len(owner) == 2 and owner[1] == socket.gethostname()
    with pytest.raises(ProcessLookupError):
        os.kill(int(owner[0]), 0)
    started = time.monotonic()
    after = play(root, "status")
    assert after.returncode == 0, output(after)
    assert time.monotonic() - started < 60
    assert leftovers(root) == []


@pytest.mark.parametrize("holder", ["live-process", "other-machine"])
def test_a_lock_whose_owner_may_still_be_working_is_never_cleared(
        tmp_path: Path, holder: str) -> None:
    """Property: a lock held by a live process on this machine, or by any process on another
    machine (a synced folder), is left alone: `tick` and `status` exit 3 (busy), the lock file
    is untouched and nothing else changes."""
    root = _folder(tmp_path)
    before = tree(root)
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        content = (f"{sleeper.pid} {socket.gethostname()}\n" if holder == "live-process"
                   else f"{_dead_pid()} not-{socket.gethostname()}\n")
        (root / LOCK).write_text(content, encoding="utf-8")
        for command in ("tick", "status"):
            result = play(root, command)
            assert result.returncode == 3, output(result)
            assert "Traceback" not in result.stderr
            assert (root / LOCK).read_text(encoding="utf-8") == content
        assert tree(root, TRANSIENT) == before
    finally:
        sleeper.kill()
        sleeper.wait()


def test_only_one_process_ever_holds_the_lock_when_two_clear_a_stale_one(
        tmp_path: Path) -> None:
    """Property: when two commands find the same stale lock, at most one of them holds the
    folder's lock at any moment. Process B reads the stale lock and is paused just before it
    deletes it; process A meanwhile clears it, takes the lock and starts a (slowed) tick; when
    B resumes it must not delete A's fresh lock and run alongside A."""
    root = _folder(tmp_path)
    lock = root / LOCK
    lock.write_text(f"{_dead_pid()} {socket.gethostname()}\n", encoding="utf-8")
    events = tmp_path / "events"
    ready = tmp_path / "b-ready"
    # B's write steps: 1 = its attempt to create the lock (refused), 2 = deleting the stale one.
    b = _start(root, "status", options=["--events", str(events), "--notify", f"2:{ready}",
                                        "--pause", "2:2.5"])
    _wait_for([ready], [b])
    a = _start(root, "tick", options=["--events", str(events), "--sleep", "0.05"])
    results = [_finish(a), _finish(b)]
    report = "\n".join(output(r) for r in results)
    held: dict[str, float] = {}
    intervals: list[tuple[float, float, str]] = []
    for line in events.read_text().splitlines():
        kind, pid, when = line.split()
        if kind == "acquire":
            held[pid] = float(when)
        elif kind == "release" and pid in held:
            intervals.append((held.pop(pid), float(when), pid))
    intervals += [(start, float("inf"), pid) for pid, start in held.items()]
    intervals.sort()
    overlaps = [(x, y) for x, y in zip(intervals, intervals[1:], strict=False) if y[0] < x[1]]
    # With the guard, B judges and removes the stale lock while A waits; then whichever of the
    # two creates the lock first runs, and the other waits or reports busy (exit 3).
    assert intervals, f"nobody took the lock:\n{events.read_text()}"
    assert sorted(r.returncode for r in results) in ([0, 0], [0, 3]), report
    assert not overlaps, (f"two processes held the lock at once: {overlaps}\n"
                          f"{events.read_text()}\n{report}")

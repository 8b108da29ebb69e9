"""Shared by the benchmark scripts: paths, the children's environment, one measured run of a
command (through bench/rss.py), restoring a game folder, and min/median/max."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from rss import busy_seconds

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
PLAY = str(REPO / "play.py")
PYTHON = sys.executable
RSS = str(BENCH / "rss.py")

# The sandbox this was written in sets PYTHONDONTWRITEBYTECODE=1, so every process would
# recompile lifegames from source. Players' machines write bytecode: measured commands run
# without it (and after a warm-up run, so the .pyc files exist).
REMOVED_ENV = ("PYTHONDONTWRITEBYTECODE",)

IMPORT_BASELINE = [PYTHON, "-c", "import click, lark, yaml, tabulate"]

_reports = itertools.count()


class BenchError(RuntimeError):
    """A measured command failed or did not do what the benchmark expects."""


def child_env() -> dict[str, str]:
    env = dict(os.environ)
    for name in REMOVED_ENV:
        env.pop(name, None)
    return env


def removed_env() -> list[str]:
    """Which of REMOVED_ENV were set in this environment (and so are taken away)."""
    return [name for name in REMOVED_ENV if name in os.environ]


@dataclass
class Run:
    wall: float  # seconds, the command alone (spawn to reap)
    cpu: float  # user + system seconds of the command and its children
    rss_kb: int  # peak resident set of the command (or its largest child), KiB
    others: float | None  # cores other processes kept busy meanwhile (Linux), on average
    stdout: str
    stderr: str


def measure(command: list[str], cwd: Path, scratch: Path, expect: str = "") -> Run:
    """Run `command` once in `cwd` under bench/rss.py; fail loudly on a non-zero exit or when
    `expect` is not in its standard output."""
    report = scratch / f"report-{next(_reports)}.json"
    done = subprocess.run([PYTHON, RSS, str(report), *command], cwd=cwd, env=child_env(),
                          capture_output=True, text=True, check=False)
    shown = " ".join(Path(c).name if c in (PYTHON, PLAY) else c for c in command)
    if done.returncode != 0:
        raise BenchError(f"`{shown}` exited {done.returncode} in {cwd}:\n"
                         f"{done.stdout}{done.stderr}")
    if expect and expect not in done.stdout:
        raise BenchError(f"`{shown}` in {cwd} did not say {expect!r}:\n{done.stdout}"
                         f"{done.stderr}")
    data = json.loads(report.read_text(encoding="utf-8"))
    report.unlink()
    return Run(data["wall"], data["cpu"], int(data["maxrss_kb"]), data.get("others_cores"),
               done.stdout, done.stderr)


def restore(pristine: Path, work: Path) -> None:
    """Put `work` back exactly as `pristine` (a full copy: a tick appends to files in place,
    so hard links would change the pristine copy too)."""
    if work.exists():
        shutil.rmtree(work)
    shutil.copytree(pristine, work, symlinks=True)


def settle() -> None:
    """Flush the restore's writes now, so the kernel does not write them back during the timed
    run that follows."""
    if hasattr(os, "sync"):
        os.sync()


class Quiet:
    """Waits for the rest of the machine to go quiet before a run whose result a busy core
    would distort (a 2-job run needs the second core). At most `patience` seconds a wait and
    `budget` seconds in all; it keeps count of what it did."""

    def __init__(self, patience: float, threshold: float, budget: float = 300.0) -> None:
        self.patience, self.threshold, self.budget = patience, threshold, budget
        self.waited = 0.0
        self.gave_up = 0

    def wait(self) -> None:
        if self.patience <= 0 or self.waited >= self.budget:
            return
        start = time.monotonic()
        while True:
            before = busy_seconds()
            if before is None:  # not Linux: cannot tell
                return
            time.sleep(0.5)
            after = busy_seconds()
            assert after is not None
            elapsed = time.monotonic() - start
            if (after - before) / 0.5 < self.threshold:
                break
            if elapsed >= self.patience or self.waited + elapsed >= self.budget:
                self.gave_up += 1
                break
        self.waited += time.monotonic() - start

    def summary(self) -> str:
        if self.patience <= 0:
            return "runs started without waiting for a quiet machine (--patience 0)"
        text = (f"before each run it waited for the rest of the machine to keep fewer than "
                f"{self.threshold} cores busy: {self.waited:.0f} s of waiting in all")
        return text + (f", gave up {_times(self.gave_up)}" if self.gave_up else "")


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"


def spread(values: list[float]) -> tuple[float, float, float]:
    ordered = sorted(values)
    return ordered[0], statistics.median(ordered), ordered[-1]


def log(message: str) -> None:
    """Progress goes to stderr; the report itself is on stdout."""
    print(message, file=sys.stderr, flush=True)

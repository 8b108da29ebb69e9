"""With standard output or standard error closed (`>&-`, `2>&-`), full
(`> /dev/full`) or a broken pipe, no command shows a traceback and every exit code tells the
truth: a tick that was played exits 0 (and says so on stderr if it can), orders refused exit 1
with nothing changed, and a command whose only job was its report says the report was lost
(exit 4)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lifegames.engine.host.host import order_file

from .helpers import PLAY, REPO, TRANSIENT, env, tree

FULL = os.path.exists("/dev/full")


def _run(root: Path, *args: str, out: str = "pipe", err: str = "pipe"
         ) -> subprocess.CompletedProcess[str]:
    """`play.py --dir root ARGS` with each stream "pipe" (captured), "closed", "full" or
    "broken" (a pipe whose reader is gone)."""
    opened: list[object] = []
    close: list[int] = []

    def stream(kind: str, number: int) -> object:
        if kind == "pipe":
            return subprocess.PIPE
        if kind == "closed":
            close.append(number)
            return None
        if kind == "full":
            handle = open("/dev/full", "w")  # noqa: SIM115 - closed below
            opened.append(handle)
            return handle
        read_end, write_end = os.pipe()
        os.close(read_end)
        handle = os.fdopen(write_end, "w")
        opened.append(handle)
        return handle

    stdout, stderr = stream(out, 1), stream(err, 2)
    try:
        return subprocess.run([sys.executable, str(PLAY), "--dir", str(root), *args], cwd=REPO,
                              stdout=stdout, stderr=stderr, text=True, timeout=120, env=env(),
                              preexec_fn=lambda: [os.close(n) for n in close])  # noqa: PLW1509
    finally:
        for handle in opened:
            handle.close()  # type: ignore[attr-defined]


def _clean(result: subprocess.CompletedProcess[str]) -> None:
    said = result.stderr or ""
    assert "Traceback" not in said and "internal error" not in said, said
    assert result.returncode not in (5, 120), (result.returncode, said)


@pytest.fixture
def ready(kingdoms_ready: dict[str, Path], tmp_path: Path) -> Path:
    work = tmp_path / "work"
    shutil.copytree(kingdoms_ready["a"], work)
    return work


@pytest.fixture
def refused(ready: Path) -> Path:
    (ready / order_file("Ironhold")).write_text("biuld(0,0)\n", encoding="utf-8")
    return ready


def test_a_tick_with_its_output_closed_is_played_and_says_so(
        ready: Path, kingdoms_ready: dict[str, Path]) -> None:
    """Property: `tick >&-` plays the tick, exits 0 and says on stderr that it WAS played
    (it used to print "internal error: AttributeError" and a traceback, exit 120)."""
    result = _run(ready, "tick", out="closed")
    _clean(result)
    assert result.returncode == 0 and "WAS played" in result.stderr, result.stderr
    assert tree(ready, TRANSIENT) == tree(kingdoms_ready["b"])


@pytest.mark.parametrize("command", [("status",), ("check",), ("orders",), ("state",)])
def test_a_report_lost_to_a_closed_output_is_said_and_exits_4(ready: Path,
                                                              command: tuple[str, ...]) -> None:
    """Property: a command that changes nothing and whose report goes to a closed output
    says the report was lost and that nothing changed (exit 4), with no traceback."""
    before = tree(ready)
    result = _run(ready, *command, out="closed")
    _clean(result)
    assert result.returncode == 4, result.stderr
    assert "could not be printed" in result.stderr and "nothing was changed" in result.stderr
    assert tree(ready) == before


@pytest.mark.parametrize("out, err", [("closed", "pipe"), ("pipe", "closed"),
                                      ("closed", "closed"), ("broken", "pipe"),
                                      ("pipe", "broken"), ("broken", "broken")]
                         + ([("full", "pipe"), ("pipe", "full"), ("full", "full")]
                            if FULL else []))
def test_refused_orders_exit_1_whatever_the_streams(refused: Path, out: str, err: str) -> None:
    """Property: orders that are refused keep exit 1 (nothing changed) whether the report
    reaches the user or not, for `tick` and `check` alike."""
    before = tree(refused)
    for command in ("tick", "check"):
        result = _run(refused, command, out=out, err=err)
        _clean(result)
        assert result.returncode == 1, (command, result.stderr)
    assert tree(refused) == before


@pytest.mark.parametrize("out, err", [("pipe", "closed"), ("closed", "closed"),
                                      ("broken", "broken")]
                         + ([("full", "full"), ("pipe", "full")] if FULL else []))
def test_a_played_tick_exits_0_whatever_the_streams(ready: Path, kingdoms_ready: dict[str, Path],
                                                    out: str, err: str) -> None:
    """Property: a tick that was played exits 0 however its report and messages fare, so a
    script that obeys the exit code never plays a second one."""
    result = _run(ready, "tick", out=out, err=err)
    _clean(result)
    assert result.returncode == 0, result.stderr
    assert tree(ready, TRANSIENT) == tree(kingdoms_ready["b"])


def test_a_closed_error_stream_keeps_a_read_only_commands_exit_code(ready: Path) -> None:
    """Property: `status 2>&-` still prints its report and exits 0 (its stderr had nothing
    to say); a usage error with stderr closed still exits 2."""
    result = _run(ready, "status", err="closed")
    assert result.returncode == 0 and "awaiting orders" in result.stdout
    assert _run(ready, "no-such-command", err="closed").returncode == 2


def test_no_file_of_the_command_takes_a_closed_descriptor(ready: Path) -> None:
    """Property: with descriptors 1 and 2 closed, nothing the command opens can take their
    place (a stray write or a child process would land in it): /dev/null takes them first."""
    code = ("import os, sys\n"
            "os.close(1); os.close(2)\n"
            "from lifegames.start import fill_closed_streams\n"
            "fill_closed_streams()\n"
            "fd = os.open(sys.argv[1], os.O_RDONLY)\n"
            "os._exit(0 if fd > 2 and os.readlink(f'/proc/self/fd/1') == os.devnull else 1)\n")
    if not os.path.exists("/proc/self/fd"):
        pytest.skip("no /proc here")
    result = subprocess.run([sys.executable, "-c", code, str(ready / ".lifegames" /
                                                             "state.json")],
                            cwd=REPO, env=env(), timeout=60)
    assert result.returncode == 0

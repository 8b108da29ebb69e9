"""Ctrl-C at any moment of start-up ends the command quietly (one line, exit
130, nothing changed), never with a KeyboardInterrupt traceback from inside the import machinery;
and Ctrl-C once the command is done (its report being flushed) says whether the tick was
recorded. The signal is real (SIGINT sent to the process itself) and is sent exactly when a
chosen module is about to be imported, so the test does not depend on timing. What remains
(the interpreter's own start, and for the installed `lifegames` command the lines before
lifegames.start runs) is said in the README."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import PLAY, REPO, TRANSIENT, env, output, tree

# Sends SIGINT to this process when module argv[1] is first looked for, then runs argv[2] as
# the main script with the rest of argv.
TRIP = """
import os, runpy, signal, sys
module = sys.argv[1]
class Trip:
    def find_spec(self, name, path=None, target=None):
        if name == module:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, Trip())
script = sys.argv[2]
sys.argv = [script, *sys.argv[3:]]
runpy.run_path(script, run_name="__main__")
"""

# What the installed `lifegames` command runs (pip's console script).
CONSOLE = "import sys\nfrom lifegames.start import main\nsys.exit(main())\n"

MODULES = ["lifegames", "lifegames.start", "lifegames.cli", "lifegames.cli_common", "click",
           "lark", "yaml", "lifegames.engine.host.host", "lifegames.engine.folder.folder",
           "lifegames.registry", "lifegames.simple_kingdoms", "lifegames.engine.core.turn"]


def _tripped(module: str, script: Path, root: Path, *args: str
             ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", TRIP, module, str(script), "--dir", str(root),
                           *args], cwd=REPO, capture_output=True, text=True, env=env(),
                          timeout=120)


@pytest.mark.parametrize("module", MODULES)
def test_ctrl_c_while_play_py_starts_ends_quietly(kingdoms_ready: dict[str, Path],
                                                  tmp_path: Path, module: str) -> None:
    """Property: SIGINT as `play.py tick` is about to import any of its modules (its own
    package first of all, which used to give a traceback and exit 1) ends it with one line,
    exit 130, and the folder exactly as it was."""
    work = tmp_path / "work"
    shutil.copytree(kingdoms_ready["a"], work)
    result = _tripped(module, PLAY, work, "tick")
    assert result.returncode == 130, output(result)
    assert "Traceback" not in result.stderr and "KeyboardInterrupt" not in result.stderr
    assert result.stderr.strip().splitlines() == ["interrupted; nothing was changed"]
    assert tree(work, TRANSIENT) == tree(kingdoms_ready["a"])


@pytest.mark.parametrize("module", [m for m in MODULES if m not in ("lifegames",
                                                                    "lifegames.start")])
def test_ctrl_c_while_the_installed_command_starts_ends_quietly(
        kingdoms_ready: dict[str, Path], tmp_path: Path, module: str) -> None:
    """Property: the same for the installed `lifegames` command, from the moment
    lifegames.start runs (what comes before it is pip's, and the README says so)."""
    work = tmp_path / "work"
    shutil.copytree(kingdoms_ready["a"], work)
    script = tmp_path / "lifegames"
    script.write_text(CONSOLE, encoding="utf-8")
    result = _tripped(module, script, work, "tick")
    assert result.returncode == 130, output(result)
    assert "Traceback" not in result.stderr, output(result)
    assert tree(work, TRANSIENT) == tree(kingdoms_ready["a"])


# Sends SIGINT to this process as soon as the command itself is done (before its report is
# flushed and the process exits).
AFTER = """
import os, runpy, signal, sys
from lifegames import cli_common
real = cli_common._after_the_command
def after(message):
    real(message)
    os.kill(os.getpid(), signal.SIGINT)
cli_common._after_the_command = after
sys.argv = [sys.argv[1], *sys.argv[2:]]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


@pytest.mark.parametrize("command, said", [
    ("tick", "interrupted after the tick was played and recorded: do not run it again"),
    ("status", "interrupted; nothing was changed")])
def test_ctrl_c_once_the_command_is_done_says_whether_the_tick_was_recorded(
        kingdoms_ready: dict[str, Path], tmp_path: Path, command: str, said: str) -> None:
    """Property: Ctrl-C while a finished command's report is still being flushed gives exit
    130 and the line that says where the game stands, not a traceback from wherever it fell."""
    work = tmp_path / "work"
    shutil.copytree(kingdoms_ready["a"], work)
    result = subprocess.run([sys.executable, "-c", AFTER, str(PLAY), "--dir", str(work),
                             command], cwd=REPO, capture_output=True, text=True, env=env(),
                            timeout=120)
    assert result.returncode == 130, output(result)
    assert "Traceback" not in result.stderr and said in result.stderr, output(result)
    expected = kingdoms_ready["b"] if command == "tick" else kingdoms_ready["a"]
    assert tree(work, TRANSIENT) == tree(expected)

"""An `authorized_keys` line written by an earlier version names the forced command at its old
place, lifegames/engine/sshserve.py: it still runs the forced command, with the same answers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from lifegames.engine.seats import seatkeys

ENGINE = Path(seatkeys.__file__).resolve().parents[1]
OLD = ENGINE / "sshserve.py"

REQUESTS = [None, "git-upload-pack '/etc'", "git-upload-archive 'x.git'", "sh -c id",
            "git-receive-pack 'Ben.git'"]


def _serve(script: Path, request: str | None, tmp_path: Path) -> tuple[int, str, str]:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    if request is not None:
        env["SSH_ORIGINAL_COMMAND"] = request
    done = subprocess.run([sys.executable, "-I", "-S", str(script), "--player", "Ana",
                           "--repo", str(tmp_path / "Ana.git"), "--git", "/usr/bin/git"],
                          env=env, capture_output=True, text=True, timeout=60, check=False)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("request_line", REQUESTS)
def test_k01_the_old_place_of_the_forced_command_answers_as_the_new_one(tmp_path: Path,
                                                                         request_line: str | None
                                                                         ) -> None:
    """Each request, refused or not, gets the same exit code and the same words from the old
    path as from the forced command that `authorized-keys` writes now."""
    new = seatkeys.server_script()
    assert new != OLD and OLD.is_file()
    old_answer = _serve(OLD, request_line, tmp_path)
    assert old_answer == _serve(new, request_line, tmp_path)
    assert old_answer[0] != 0 and old_answer[2].startswith("lifegames: refused")


def test_k02_the_old_place_imports_nothing_of_lifegames() -> None:
    """It runs as `python -I -S`, as sshd starts it: it may not need lifegames on the path."""
    text = OLD.read_text(encoding="utf-8")
    assert "lifegames" not in "".join(line for line in text.splitlines()
                                       if line.startswith(("import", "from")))
    assert os.path.basename(str(seatkeys.server_script())) == "sshserve.py"

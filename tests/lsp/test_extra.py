"""The language server is an optional extra: the core install runs without pygls, `lsp` says
what to install when it is missing, and a tick or a check never imports any of it (the
project measures their start-up, bench/run.py). These run with or without pygls."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from lifegames import registry
from lifegames.engine.host.host import Host

from .client import REPO

LSP_MODULES = ("pygls", "lsprotocol", "lifegames.lsp", "cattrs")


def run(args: list[str], extra_path: Path | None = None) -> subprocess.CompletedProcess[str]:
    path = ":".join(str(p) for p in (extra_path, REPO) if p)
    return subprocess.run([sys.executable, *args], capture_output=True, text=True,
                          env={"PYTHONPATH": path, "PATH": "/usr/bin:/bin"}, timeout=120,
                          cwd=REPO)


def test_lsp_without_pygls_says_what_to_install(tmp_path: Path):
    for name in ("pygls", "lsprotocol"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text(f"raise ImportError('no {name} here')\n")
    result = run(["play.py", "lsp"], tmp_path)
    assert result.returncode == 2, result
    assert "needs pygls and lsprotocol" in result.stderr
    assert "pip install 'lifegames[lsp]'" in result.stderr
    assert result.stdout == ""
    helped = run(["play.py", "lsp", "--help"], tmp_path)
    assert helped.returncode == 0 and "language server" in helped.stdout
    assert "lsp" in run(["play.py", "--help"], tmp_path).stdout


@pytest.mark.parametrize("command", ["check", "tick", "status"])
def test_tick_and_check_never_import_the_language_server(command: str, tmp_path: Path):
    folder = tmp_path / "game"
    Host(str(folder), registry.get).setup(registry.get("simple-kingdoms"), ["Ironhold",
                                                                            "Thornvale"],
                                          [], 1, None, "ab")
    probe = ("import atexit, sys\n"
             "atexit.register(lambda: sys.__stderr__.write('LOADED ' + ' '.join(sorted("
             f"m for m in sys.modules if m.split('.')[0] in {LSP_MODULES!r} or "
             "m.startswith('lifegames.lsp')))))\n"
             f"sys.argv = ['play.py', {command!r}, '--dir', {str(folder)!r}]\n"
             "from lifegames.start import main\n"
             "main()\n")
    result = run(["-c", probe])
    assert "LOADED" in result.stderr, result
    loaded = result.stderr.split("LOADED", 1)[1].split()
    assert loaded == [], f"`{command}` imported {loaded}"


def test_the_extras_name_the_server_and_ci_installs_it():
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    extras = project["project"]["optional-dependencies"]
    names = {name: {re.split(r"[<>=\[ ]", d, maxsplit=1)[0] for d in deps}
             for name, deps in extras.items()}
    assert {"pygls", "lsprotocol"} <= names["lsp"]
    assert names["lsp"] <= names["test"], "CI (pip install -e '.[test]') runs the server's tests"
    assert not {"pygls", "lsprotocol"} & {re.split(r"[<>=\[ ]", d, maxsplit=1)[0]
                                          for d in project["project"]["dependencies"]}
    assert "lifegames.lsp" in project["tool"]["setuptools"]["packages"]

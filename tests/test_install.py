"""Installing lifegames as a newcomer would.

The wheel must carry the grammars and the rule data (they sit outside the package in the
checkout, and pyproject.toml maps them in); installed into a fresh virtual environment, the
`lifegames` command must play a game in a folder far from the checkout. The README's two
commands are checked here too: the play command is run as written, and the test command must be
what .ci/run runs.

The virtual environments see this machine's packages (--system-site-packages), so click, lark,
PyYAML and tabulate are not downloaded; building the wheel, like `pip install .`, fetches the
build backend (setuptools) when pip's cache lacks it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import site
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
CI_RUN = ROOT / ".ci" / "run"
SKIP = shutil.ignore_patterns(".git", ".venv", "venv", "build", "dist", "*.egg-info",
                              "__pycache__", ".pytest_cache", ".ruff_cache", ".hypothesis",
                              ".benchmarks", ".mypy_cache")
TIMEOUT = 300


# -- helpers --------------------------------------------------------------------------------


def copy_checkout(dest: Path) -> Path:
    """The working tree (not just what is committed), without caches and build leftovers, so
    builds never write into the real checkout."""
    shutil.copytree(ROOT, dest, ignore=SKIP, symlinks=True)
    return dest


def run(args: list[str] | str, cwd: Path, env: dict[str, str] | None = None,
        ok: bool = True) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=TIMEOUT, shell=isinstance(args, str),
                            executable="/bin/bash" if isinstance(args, str) else None)
    if ok and result.returncode != 0:
        pytest.fail(f"{args!r} in {cwd} exited {result.returncode}\n--- stdout\n"
                    f"{result.stdout}\n--- stderr\n{result.stderr}", pytrace=False)
    return result


def make_venv(path: Path) -> dict[str, str]:
    """A fresh venv that sees this machine's packages; returns the environment of a shell in
    which it is activated."""
    run([sys.executable, "-m", "venv", "--system-site-packages", str(path)], cwd=path.parent)
    python = path / "bin" / "python"
    if sys.prefix != sys.base_prefix:
        # pytest itself runs in a venv, whose packages --system-site-packages does not reach.
        purelib = run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                      cwd=path.parent).stdout.strip()
        Path(purelib, "_outer_site_packages.pth").write_text(
            "\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV")}
    env.update(VIRTUAL_ENV=str(path), PATH=f"{path / 'bin'}{os.pathsep}{env.get('PATH', '')}",
               PIP_DISABLE_PIP_VERSION_CHECK="1", LIFEGAMES_DEBUG="1")
    return env


def fenced_command(markdown: str, heading: str) -> str:
    """The one command of the first ```sh block after the heading `heading`."""
    match = re.search(rf"^#+ {re.escape(heading)}\s*$(.*?)^```(?:sh|bash|console)\s*\n(.*?)^```",
                      markdown, flags=re.MULTILINE | re.DOTALL)
    assert match, f"README.md needs a heading '{heading}' followed by a ```sh block"
    assert "```" not in match.group(1), f"the first code block after '{heading}' is not ```sh"
    lines = [line for line in match.group(2).splitlines() if line.strip()]
    assert len(lines) == 1, f"the '{heading}' block must hold exactly one line, not {lines}"
    return lines[0].strip().removeprefix("$ ")


# -- the wheel --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    source = copy_checkout(work / "lifegames")
    dist = work / "dist"
    run([sys.executable, "-m", "pip", "wheel", str(source), "-w", str(dist), "--no-deps",
         "--disable-pip-version-check"], cwd=work)
    wheels = sorted(dist.glob("lifegames-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_wheel_ships_code_grammars_and_game_data(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = {f"lifegames/{p.relative_to(ROOT / 'lifegames').as_posix()}"
              for p in (ROOT / "lifegames").rglob("*.py") if "__pycache__" not in p.parts}
    wanted |= {f"lifegames/grammars/{p.name}" for p in (ROOT / "grammars").glob("*.lark")}
    wanted |= {f"lifegames/games/{p.relative_to(ROOT / 'games').as_posix()}"
               for pattern in ("*.yaml", "*.md") for p in (ROOT / "games").rglob(pattern)}
    assert "lifegames/grammars/simple_kingdoms.lark" in wanted
    assert "lifegames/games/simple_kingdoms/rules.yaml" in wanted
    missing = sorted(wanted - names)
    assert not missing, ("the wheel lacks these files; list new packages and data in "
                         f"pyproject.toml [tool.setuptools]: {missing}")
    stray = sorted(n for n in names if n.split("/")[0] in ("tests", "examples", "grammars",
                                                           "games", "bench"))
    assert not stray, f"the wheel ships files outside the package: {stray}"
    hook = "lifegames/engine/seats/hooks/pre-receive"  # seats over ssh take no push without it
    assert hook in names, f"the wheel lacks {hook}: see pyproject.toml [tool.setuptools]"
    mode = zipfile.ZipFile(wheel).getinfo(hook).external_attr >> 16
    assert mode & 0o111, f"the wheel ships {hook} not executable ({mode:o})"
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert re.search(r"^lifegames = lifegames\.start:main$", text, flags=re.MULTILINE), text


def test_installed_command_plays_a_game_outside_the_checkout(wheel: Path, tmp_path: Path
                                                             ) -> None:
    env = make_venv(tmp_path / "venv")
    run(["python", "-m", "pip", "install", str(wheel)], cwd=tmp_path, env=env)
    game = tmp_path / "far" / "away" / "game"
    game.mkdir(parents=True)
    where = run(["python", "-c", "import lifegames, lifegames.engine.files.data as d; "
                 "print(lifegames.__file__); print(d.root('grammars')); print(d.root('games'))"],
                cwd=game, env=env).stdout.split()
    venv = str((tmp_path / "venv").resolve())
    assert all(str(Path(p).resolve()).startswith(venv) for p in where), (
        f"the installed lifegames reads files outside its venv: {where}")

    lifegames = str(tmp_path / "venv" / "bin" / "lifegames")
    run([lifegames, "setup", "--seed", "7"], cwd=game, env=env)
    for player in ("Ironhold", "Thornvale"):
        low = player.lower()
        assert (game / player / f"000_{low}_sheet.txt").is_file()
        assert (game / player / f"{player}_orders.txt").is_file()

    orders = game / "Ironhold" / "Ironhold_orders.txt"
    orders.write_text('build(0,0, "farm")\nbuy_resource("wood", 2)\n', encoding="utf-8")
    checked = run([lifegames, "check"], cwd=game, env=env).stdout
    assert "OK Ironhold/Ironhold_orders.txt: 2 orders would run" in checked
    bad = game / "Thornvale" / "Thornvale_orders.txt"
    bad.write_text('biuld(2,2, "farm")\n', encoding="utf-8")
    rejected = run([lifegames, "check", "Thornvale"], cwd=game, env=env, ok=False)
    assert rejected.returncode == 1 and "E-UNKNOWN-COMMAND" in rejected.stdout, rejected
    bad.write_text("", encoding="utf-8")

    ticked = run([lifegames, "tick"], cwd=game, env=env).stdout
    assert "Tick 1 played" in ticked
    for player in ("Ironhold", "Thornvale"):
        low = player.lower()
        assert (game / player / f"001_{low}_sheet.txt").is_file()
        assert (game / player / "archive" / f"000_{low}_sheet.txt").is_file()
        assert not (game / player / f"000_{low}_sheet.txt").exists()
    executed = (game / "Ironhold" / "executed_orders.txt").read_text(encoding="utf-8")
    assert 'build(0, 0, "farm")' in executed
    assert "build(" not in "".join(
        line for line in orders.read_text(encoding="utf-8").splitlines(keepends=True)
        if not line.startswith("#")), "the order file was not reset after the tick"

    status = run([lifegames, "status"], cwd=game, env=env).stdout
    assert "tick 1 of 24" in status
    state = json.loads(run([lifegames, "state", "--json"], cwd=game, env=env).stdout)
    assert state["tick"] == 1
    reference = run([lifegames, "orders"], cwd=game, env=env).stdout
    assert "build(row, col, building)" in reference and "quarry" in reference
    games = run([lifegames, "games"], cwd=tmp_path, env=env).stdout
    assert "simple-kingdoms" in games
    elsewhere = run([lifegames, "--dir", str(game), "status"], cwd=tmp_path, env=env).stdout
    assert "tick 1 of 24" in elsewhere


# -- the README ---------------------------------------------------------------------------------


def test_readme_play_command_installs_and_starts_a_game(tmp_path: Path) -> None:
    command = fenced_command(README.read_text(encoding="utf-8"), "Play")
    checkout = copy_checkout(tmp_path / "lifegames")  # as cloned by a newcomer
    env = make_venv(tmp_path / "venv")
    result = run(command, cwd=checkout, env=env)
    game = tmp_path / "mygame"
    assert (game / ".lifegames" / "state.json").is_file(), result.stdout
    assert (game / "Ironhold" / "000_ironhold_sheet.txt").is_file()
    assert (game / "Thornvale" / "Thornvale_orders.txt").is_file()
    # what the README's walkthrough does next works too, from the game folder and from the
    # checkout
    assert "Tick 1 played" in run(["lifegames", "tick"], cwd=game, env=env).stdout
    status = run(["python3", "play.py", "status", "--dir", "../mygame"], cwd=checkout, env=env)
    assert "tick 1 of 24" in status.stdout


def test_readme_test_command_is_what_ci_runs() -> None:
    command = fenced_command(README.read_text(encoding="utf-8"), "Test")
    assert "pytest" in command
    ci = CI_RUN.read_text(encoding="utf-8")
    assert command in [line.strip() for line in ci.splitlines()], (
        f".ci/run must run the README's test command as written: {command}")
    assert os.access(CI_RUN, os.X_OK), ".ci/run must be executable"
    assert ci.startswith("#!/usr/bin/env bash\n") and "set -euo pipefail" in ci

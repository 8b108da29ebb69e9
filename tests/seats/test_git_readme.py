"""The README's recipe for seats over git, run as written: the host's two
commands from a clone of lifegames, then each player's commands, from the line setup printed
for them. Two things are the test's own: `watch` gets `--interval 0.1` (the default is 5 s),
and the comment line that says to write the orders is done by writing them."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from pathlib import Path

from .gitkit import REPO, player_env

README = REPO / "README.md"


def _block(marker: str) -> list[str]:
    text = README.read_text(encoding="utf-8")
    found = re.search(rf"<!-- {marker} -->\n```sh\n(.*?)```", text, re.S)
    assert found, f"README has no block marked {marker}"
    return [line for line in found.group(1).splitlines() if line.strip()]


def _run(line: str, cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(["bash", "-c", line], cwd=cwd, capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0, f"{line}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_r01_the_readme_recipe_for_seats_over_git_works_as_written(tmp_path):
    host_lines = _block("readme:git-host")
    player_lines = _block("readme:git-player")
    assert host_lines[0].startswith("python3 play.py setup") and "--remotes" in host_lines[0]
    assert host_lines[1].startswith("python3 play.py watch")
    clone = tmp_path / "lifegames"  # the host's clone of lifegames
    clone.mkdir()
    shutil.copy(REPO / "play.py", clone / "play.py")
    env = player_env(tmp_path / "home")
    env["PYTHONPATH"] = str(REPO)
    said = _run(host_lines[0], clone, env)
    watcher = subprocess.Popen(["bash", "-c", host_lines[1] + " --interval 0.1"], cwd=clone,
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    players = tmp_path / "players"
    players.mkdir()
    try:
        lines = dict(re.findall(r"^ +(\w+): (git clone .*)$", said, re.M))
        assert sorted(lines) == ["Ana", "Ben", "Cleo"], said
        example = player_lines[0]
        assert example.startswith("git clone -b main -c pull.rebase=true ")
        for line in lines.values():
            assert line.split()[:5] == example.split()[:5]  # the README's line, their path
        ana = players / "Ana"
        for step in player_lines:
            if step.startswith("git clone"):
                _run(lines["Ana"], players, env)
            elif step.startswith("cd "):
                assert step == "cd Ana"
            elif step.startswith("#"):
                template = (ana / "Ana_orders_template.txt").read_text(encoding="utf-8")
                body = "".join(line + "\n" for line in template.splitlines()
                               if not line.startswith("#") and line.strip())
                (ana / "Ana_orders.txt").write_text(body + "end_turn()\nend\n",
                                                    encoding="utf-8")
            elif step.startswith("git pull"):
                for _ in range(200):  # watch plays the tick within a round or two
                    _run(step, ana, env)
                    if any(ana.glob("001_*")):
                        break
                    time.sleep(0.1)
            else:
                _run(step, ana, env)
        assert (ana / "001_ana_sheet.txt").exists()
        assert (ana / "executed_orders.txt").read_text() == "# Tick 1\nend_turn()\n"
        assert (ana / "check_report.txt").exists()
        for name in ("check_report.txt", "001_ana_sheet.txt", "Ana_orders_template.txt"):
            text = (ana / name).read_text(encoding="utf-8")
            assert "Ana/" not in text, f"the clone's {name} names a path of the host's folder"
    finally:
        watcher.terminate()
        watcher.communicate(timeout=30)

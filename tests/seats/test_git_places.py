"""Where a seat's remote may be: never inside the game folder (the referee's private files,
a player's folder, the host's own repository of a seat), nor holding it. Setup refuses such a
`--remotes` with exit 2 before it writes anything, as `--seats` refuses such a folder."""

from __future__ import annotations

import os

import pytest

from ..reliability.helpers import output
from .gitkit import Table

INSIDE = ["host/.lifegames/{player}.git", "host/{player}", "host/.lifegames/git/{player}.git",
          "host/Ana/{player}.git", "link/{player}.git", "{player}"]


@pytest.mark.parametrize("template", INSIDE)
def test_w01_a_remote_inside_the_game_folder_is_refused_at_setup(tmp_path, template):
    """Each template lands inside the game folder `host` (through a link to it, too) or is
    the folder that holds it (`--dir .`): exit 2, the reason named, nothing written."""
    table = Table(tmp_path / "t")
    os.symlink(table.base / "host", table.base / "link")
    where = "." if template == "{player}" else "host"
    if where == ".":
        table.base.joinpath("home").rmdir()
        table.base.joinpath("clones").rmdir()
        os.unlink(table.base / "link")
    done = table.play("setup", "--players", "Ana,Ben", "--dir", where, "--remotes",
                      str(table.base / template) if template == "{player}" else template)
    assert done.returncode == 2, output(done)
    assert "inside the game folder" in done.stderr, output(done)
    assert not (table.base / "host" / ".lifegames").exists()
    assert not list(table.base.rglob("*.git"))


def test_w02_a_remote_beside_the_game_folder_is_taken(tmp_path):
    """The layout the README shows: remotes beside the game folder."""
    table = Table(tmp_path / "t")
    done = table.play("setup", "--players", "Ana,Ben", "--dir", "host", "--remotes",
                      "remotes/{player}.git")
    assert done.returncode == 0, output(done)

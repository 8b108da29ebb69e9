"""Edited sheets are noticed, as the README promises. A current sheet appended
to, changed, or replaced by a link or a folder stops every command that builds on the folder
(exit 4), and `rollback` to the current tick repairs it; a link is never followed by verify or
diff, and a linked sheet is never archived."""

from __future__ import annotations

from pathlib import Path

import pytest

from lifegames.engine.host.host import order_file

from .helpers import SECRET, Servers, output, tree

IRON, THORN = "Ironhold", "Thornvale"


@pytest.fixture
def game(kingdoms: Path) -> Path:
    return kingdoms


@pytest.fixture
def played(kingdoms_played: Path) -> Path:
    return kingdoms_played


def _complete(root: Path) -> None:
    (root / order_file(IRON)).write_text('sell_resource("wood", 1)\nend\n', encoding="utf-8")
    (root / order_file(THORN)).write_text("end\n", encoding="utf-8")


COMMANDS = [["status"], ["check"], ["tick"], ["state", "--json"], ["bot", IRON]]


@pytest.mark.parametrize("how", ["appended", "one byte changed", "replaced by a link",
                                 "replaced by a folder"])
def test_an_edited_current_sheet_stops_every_command(game: Path, servers: Servers,
                                                     played: Path, how: str) -> None:
    """Property: a current sheet that was appended to, had one byte changed, or was replaced
    by a link (to a host secret) or a folder makes status, check, tick, state and bot stop
    with exit 4 naming that sheet, change nothing and print no secret; `rollback 2` then
    restores the folder byte for byte."""
    sheet = game / IRON / "002_ironhold_sheet.txt"
    if how == "appended":
        with open(sheet, "a", encoding="utf-8") as handle:
            handle.write("gold 9999\n")
    elif how == "one byte changed":
        data = bytearray(sheet.read_bytes())
        data[10] = ord("#") if data[10] != ord("#") else ord("+")
        sheet.write_bytes(bytes(data))
    elif how == "replaced by a link":
        sheet.unlink()
        sheet.symlink_to(game.parent / "secret.txt")
    else:
        sheet.unlink()
        sheet.mkdir()
    before = tree(game)
    for command in COMMANDS:
        result = servers.run(game, *command)
        assert result.returncode == 4, (command, output(result))
        assert "002_ironhold_sheet.txt" in result.stderr, (command, output(result))
        assert SECRET not in result.stdout + result.stderr
    assert tree(game) == before
    if how == "replaced by a folder":
        sheet.rmdir()
    repaired = servers.run(game, "rollback", "2")
    assert repaired.returncode == 0, output(repaired)
    now = {k: v for k, v in tree(game).items() if k != ".lifegames/rollbacks.txt"}
    assert now == tree(played)


def test_a_sheet_replaced_by_a_link_is_never_archived(game: Path, servers: Servers) -> None:
    """Property: a linked current sheet is not moved into archive/ by a tick (the tick is
    refused first), so it can never be printed later through verify or diff."""
    sheet = game / IRON / "002_ironhold_sheet.txt"
    sheet.unlink()
    sheet.symlink_to(game.parent / "secret.txt")
    _complete(game)
    assert servers.run(game, "tick").returncode == 4
    assert not (game / IRON / "archive" / sheet.name).exists()
    for command in (["verify"], ["diff", IRON]):
        result = servers.run(game, *command)
        assert SECRET not in result.stdout + result.stderr, output(result)

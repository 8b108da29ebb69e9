"""`watch` plays only what is complete at the moment it plays. The check that
every awaited file ends with `end` is made again under the same hold of the lock as the tick
itself, so a tick someone else played in between, or a file saved half-way meanwhile, is never
played."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from lifegames import registry
from lifegames.cli import cli
from lifegames.engine.host import host as host_module
from lifegames.engine.host.host import Host, Incomplete, order_file

from .helpers import tree

IRON, THORN = "Ironhold", "Thornvale"


@pytest.fixture
def game(kingdoms: Path) -> Path:
    return kingdoms


def _complete(root: Path) -> None:
    (root / order_file(IRON)).write_text('sell_resource("wood", 1)\nend\n', encoding="utf-8")
    (root / order_file(THORN)).write_text("end\n", encoding="utf-8")



def test_tick_for_watch_refuses_a_file_that_lost_its_end(game: Path) -> None:
    """Property: the tick watch asks for (complete=True) re-reads every awaited file under
    the lock and plays nothing if one no longer ends with `end` (saved half-way since)."""
    _complete(game)
    (game / order_file(THORN)).write_text('sell_resource("wood", 1)\n', encoding="utf-8")
    before = tree(game)
    with pytest.raises(Incomplete):
        Host(str(game), registry.get).tick(complete=True, expect=2)
    assert tree(game) == before


def test_tick_for_watch_refuses_when_someone_else_played_the_tick(game: Path) -> None:
    """Property: the tick watch asks for plays only the tick it saw complete: if the game has
    moved on since (someone ran tick), it plays nothing."""
    _complete(game)
    Host(str(game), registry.get).tick()
    _complete(game)
    before = tree(game)
    with pytest.raises(host_module.Busy):
        Host(str(game), registry.get).tick(complete=True, expect=2)
    assert tree(game) == before


def _watch(game: Path, monkeypatch: pytest.MonkeyPatch, meddle: object) -> str:
    """Run `watch --max-ticks 1` in this process; `meddle(game)` runs right after watch's
    own check, before its tick (the window a late save could slip through). Stops after a few
    looks."""
    real = Host.check
    calls = {"check": 0, "sleep": 0}

    def check(self: Host, only: str | None = None) -> object:
        result = real(self, only)
        calls["check"] += 1
        if calls["check"] == 1:
            meddle(game)  # type: ignore[operator]
        return result

    def sleep(seconds: float) -> None:
        calls["sleep"] += 1
        if calls["sleep"] > 3:
            raise SystemExit(0)

    monkeypatch.setattr(Host, "check", check)
    monkeypatch.setattr("lifegames.cli_tools.time.sleep", sleep)
    result = CliRunner().invoke(cli, ["--dir", str(game), "watch", "--interval", "0.01",
                                      "--max-ticks", "1"])
    return result.output


def test_watch_does_not_play_an_empty_tick_after_someone_else_ticked(
        game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: watch sees both files complete; before it plays, someone else runs tick.
    Watch must not then play a second, empty tick on the fresh templates: the game is at
    tick 3, not 4."""
    _complete(game)

    def other_tick(root: Path) -> None:
        _, outcome = Host(str(root), registry.get).tick()
        assert not outcome.problems

    text = _watch(game, monkeypatch, other_tick)
    assert Host(str(game), registry.get).load().state["tick"] == 3, text
    assert "Tick 4 played" not in text


def test_watch_does_not_play_a_file_saved_half_way(game: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: watch sees both files complete; before it plays, a player starts saving a
    new version (no `end` yet). Watch must not play that half-saved file."""
    _complete(game)

    def half_save(root: Path) -> None:
        (root / order_file(THORN)).write_text('sell_resource("wood", 2)\n', encoding="utf-8")

    before = tree(game)
    _watch(game, monkeypatch, half_save)
    assert Host(str(game), registry.get).load().state["tick"] == 2
    after = tree(game)
    assert {k: v for k, v in after.items() if THORN not in k} == \
        {k: v for k, v in before.items() if THORN not in k}


def test_watch_deadline_says_who_was_away_and_how_they_were_played(game: Path) -> None:
    """`watch --deadline`: past the deadline, a player whose file is not complete is played
    by the default, and watch says so in the tick's own words: "Thornvale was away: played
    by the default (...)", as the tick's report and every sheet do."""
    (game / order_file(IRON)).write_text('sell_resource("wood", 1)\nend\n', encoding="utf-8")
    (game / order_file(THORN)).write_text('sell_resource("wood", 1)\n', encoding="utf-8")
    state = Host(str(game), registry.get).folder.state_path
    os.utime(state, (state.stat().st_atime - 3600, state.stat().st_mtime - 3600))
    result = CliRunner().invoke(cli, ["--dir", str(game), "watch", "--interval", "0.01",
                                      "--max-ticks", "1", "--deadline", "30m"])
    assert result.exit_code == 0, result.output
    assert f"\n  {THORN} was away: played by the default (an absent kingdom takes no " \
        "actions" in result.output, result.output
    sheet = next((game / IRON).glob("003_*_sheet.txt")).read_text(encoding="utf-8")
    assert f"{THORN} was away: played by the default" in sheet

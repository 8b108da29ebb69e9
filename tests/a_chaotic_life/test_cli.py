"""Whole games at 2, 3 and 4 players through the command line, as players and a referee run
them (`setup`, then `bot` and `tick` for every tick, `verify` at the end), with the invariants
checked after every tick: all 67 cards and 50 counters accounted for, each player folder holding
exactly that player's views, and `state --json` showing hands and pouches by name to the
referee and as counts to a player."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lifegames import registry
from lifegames.a_chaotic_life import GAME
from lifegames.cli import cli
from lifegames.engine.host.host import Host, snapshot_name

from .helpers import check_invariants


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, f"play.py {' '.join(args)}:\n{result.output}"
    return result.output


def assert_json_views(root: Path, state: dict) -> None:
    where = ["--dir", str(root)]
    public = json.loads(run(*where, "state", "--json"))
    for player in state["players"]:
        seat = public["players"][player]
        assert seat["hand"] == state["hands"][player]
        assert seat["pouch"] == state["pouches"][player]
    viewer = state["players"][0]
    mine = json.loads(run(*where, "state", "--json", "--player", viewer))
    for player in state["players"]:
        seat = mine["players"][player]
        if player == viewer:
            assert seat["hand"] == state["hands"][player]
        else:
            assert seat["hand"] == len(state["hands"][player])
            assert seat["pouch"] == len(state["pouches"][player])


# Seeds whose games are short (a few dozen ticks at most), to keep the
# suite quick; test_playouts.py plays longer games in memory.
@pytest.mark.parametrize("players, strategy, seed", [
    ("Ana,Ben", "greedy", 8), ("Ana,Ben,Cleo", "greedy", 23), ("Ana,Ben,Cleo,Dan", "greedy", 27),
])
def test_a_whole_game_through_the_command_line(tmp_path: Path, players, strategy, seed):
    root = tmp_path / "game"
    where = ["--dir", str(root)]
    run(*where, "setup", "--game", "a-chaotic-life", "--players", players, "--seed", str(seed))
    host = Host(str(root), registry.get)
    while True:
        state = host.load().state
        check_invariants(state)
        tick = state["tick"]
        for player in state["players"]:
            sheet = root / player / snapshot_name(tick, f"{player.lower()}_sheet.txt")
            assert sheet.read_text(encoding="utf-8") == GAME.views(state, player)[
                f"{player.lower()}_sheet.txt"]
        if tick % 10 == 0:
            assert_json_views(root, state)
        if GAME.is_over(state):
            break
        for player in GAME.awaiting(state):
            run(*where, "bot", player, "--strategy", strategy)
        run(*where, "tick")
        assert tick < 400, "the game does not end"
    assert "The game is over" in run(*where, "status")
    run(*where, "verify")


def test_simulate_json_says_how_each_game_ended():
    """Each `simulate --json` record names the ending (the rulebook's idle
    round or Death!; old age only under the house rule max_rounds, set here for the third
    game), as the final state has it, and the summary names the setup words."""
    lines = run("simulate", "--game", "a-chaotic-life", "--games", "2", "--strategy", "greedy",
                "--players", "Ana,Ben", "--json").splitlines()
    records = [json.loads(line) for line in lines if line.startswith("{")]
    assert len(records) == 2
    assert all(r["end"] in ("idle", "death") for r in records), records
    out = run("simulate", "--game", "a-chaotic-life", "--games", "1", "--strategy", "random",
              "--players", "Ana,Ben", "--setup", "max_rounds=2", "--json")
    (record,) = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    assert record["end"] in ("idle", "old age") and record["turns"] <= 4, record
    out = run("simulate", "--game", "a-chaotic-life", "--games", "1", "--strategy", "random",
              "--players", "Ana,Ben", "--setup", "max_rounds=2")
    assert "setup 'max_rounds=2'" in out


def test_the_house_rule_max_rounds_is_set_up_kept_shown_and_replayed(tmp_path: Path):
    """How to Win - Or Lose! sets no round limit; the house rule `max_rounds=N`, a setup word,
    does: the state keeps it, every sheet names it as a house rule, the game ends by old age
    after N whole rounds (here one: the random bots act in both turns), and `verify` replays the
    game from its recorded setup to the same bytes. A bad value is refused at setup (exit 2)."""
    bad = CliRunner().invoke(cli, ["--dir", str(tmp_path / "bad"), "setup", "--game",
                                   "a-chaotic-life", "--players", "Ana,Ben", "max_rounds=0"])
    assert bad.exit_code == 2 and "max_rounds=0" in bad.output
    root = tmp_path / "game"
    where = ["--dir", str(root)]
    run(*where, "setup", "--game", "a-chaotic-life", "--players", "Ana,Ben", "--seed", "3",
        "max_rounds=1")
    host = Host(str(root), registry.get)
    assert host.load().state["max_rounds"] == 1
    sheet = next((root / "Ana").glob("*_ana_sheet.txt")).read_text(encoding="utf-8")
    assert "House rule (not a rule of the game): the CP dies of old age after 1 whole round" \
        in sheet
    while not GAME.is_over(state := host.load().state):
        for player in GAME.awaiting(state):
            run(*where, "bot", player, "--strategy", "random")
        run(*where, "tick")
        assert state["turns"] <= 2
    assert state["end"] == "old age" and state["turns"] == 2  # this seed's random bots act
    assert "house rule, max_rounds=1" in run(*where, "status")
    run(*where, "verify")

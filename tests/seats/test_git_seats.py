"""Seats over git that the host owns (issue 20): `setup --remotes`, and `tick` / `watch` that
fetch, play, commit and push. Real git, real bare remotes, real clones; no mocks.

The invariant: no git command that lifegames runs ever uses a repository, config, hook,
attribute file or work tree a player can write (test_git_attacks.py tries every way in)."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

from lifegames.engine.gitseats import REPO_CONFIG
from lifegames.engine.tools import verify

from ..reliability.helpers import output
from .gitkit import Table

ACL = ["Ana", "Ben", "Cleo"]


def test_g01_setup_makes_a_remote_per_seat_and_prints_the_one_line_each_player_needs(
        tmp_path):
    """setup --remotes with a local path: the bare remotes are made, each holds one commit of
    exactly that player's seat, and setup prints one `git clone` line per player. The host's
    repositories are in its private folder, configured by lifegames alone, with no hooks."""
    table = Table(tmp_path)
    done = table.setup("a-chaotic-life", ACL)
    assert done.returncode == 0, output(done)
    for player in ACL:
        line = f"{player}: git clone -c pull.rebase=true {table.remote(player)} {player}"
        assert line in done.stdout
        assert table.log(player) == ["lifegames Setup: A Chaotic Life! for Ana, Ben, Cleo"]
        clone = table.clone(player)
        names = sorted(p.name for p in clone.iterdir() if p.name != ".git")
        assert names == ["000_" + player.lower() + "_sheet.txt", f"{player}_orders.txt",
                         f"{player}_orders_template.txt", "seat.json"]
        assert table.seat(player)["player"] == player
        mine = table.host_dir / ".lifegames" / "git" / f"{player}.git"
        assert (mine / "config").read_text() == REPO_CONFIG
        assert not (mine / "hooks").exists()
    assert not any((table.host_dir / p).exists() for p in ("Ana/.git", ".git"))


def _play_to_the_end(table: Table, rng: random.Random, limit: float = 300.0) -> int:
    """Every player pulls, and the awaited ones push a bot's orders, until the game is over
    (watch, in the background, plays each tick); the number of ticks played."""
    players = table.players
    for player in players:
        table.clone(player)
    pushed: dict[str, int] = {}
    start = time.monotonic()
    while time.monotonic() - start < limit:
        for player in players:
            table.git(table.clones / player, "pull", "-q")
        seat = table.seat(players[0])
        if seat["over"]:
            return int(seat["tick"])
        state = table.host().load().state
        for player in seat["awaited"]:
            mine = table.seat(player)
            tick = int(mine["tick"]) + 1
            if pushed.get(player) == tick or int(state["tick"]) + 1 != tick:
                continue
            table.push_orders(player, table.bot_text(player, rng, "greedy"),
                              f"orders for tick {tick}")
            pushed[player] = tick
        time.sleep(0.05)
    raise AssertionError("the game did not end in time")


def test_g02_a_whole_game_over_git_with_watch_in_the_background(tmp_path):
    """A Chaotic Life! for three players, to the end, through --remotes on local bare
    repositories: the players clone, write, commit, push and pull; `watch` fetches, plays,
    commits and pushes. At the end verify passes, and every seat's history holds one host
    commit per tick, plus every commit its player pushed (none lost, none rewritten)."""
    table = Table(tmp_path)
    assert table.setup("a-chaotic-life", ACL, 11).returncode == 0  # greedy: 30 ticks
    watcher = table.popen("--dir", "host", "watch", "--interval", "0.05")
    try:
        final = _play_to_the_end(table, random.Random(4))
    finally:
        watcher.terminate()
        said, errors = watcher.communicate(timeout=30)
    assert "Traceback" not in said + errors, said + errors
    assert final > 3
    assert verify(table.host()) == []
    for player in ACL:
        history = table.log(player)
        ticks = [line for line in history if line.startswith("lifegames Tick ")]
        numbers = [int(line.split()[2].rstrip(":")) for line in ticks]
        assert sorted(numbers) == list(range(1, final + 1)), (player, numbers)
        ours = table.git(table.clones / player, "log", "--format=%an %s", "--author=player")
        mine = [line for line in history if line.startswith("player ")]
        assert mine == ours.splitlines()  # every commit the player pushed is there
        seat = json.loads((table.clones / player / "seat.json").read_text())
        assert seat["over"] and seat["player"] == player


def _tick_numbers(lines: list[str]) -> list[int]:
    return [int(line.split()[2].rstrip(":")) for line in lines
            if line.startswith("lifegames Tick ")]


__all__ = ["Path"]

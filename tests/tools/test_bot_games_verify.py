"""Property: every played game verifies. Greedy bots play every installed game at each player
count it allows (up to 4) from two seeds, through the command line as a referee runs it
(`bot --all`, then `tick`, a dozen times), and `verify` replays each from its record of executed
orders to the same files byte for byte: what a tick ran and what its replay runs agree."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lifegames import registry
from lifegames.cli import cli

NAMES = ["Ana", "Ben", "Cleo", "Dan"]
SEEDS = (777, 778)
TICKS = 12  # the Time Machine game (a-chaotic-life, 3 players, 777) needs 12
SALT = "7b5012a1a0ba9858b604f30eaeff3618"
GAMES = [(game, count) for game in registry.ids()
         for count in range(registry.get(game).min_players,
                            min(registry.get(game).max_players, len(NAMES)) + 1)]


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, f"play.py {' '.join(args)} exited {result.exit_code}:\n" \
        f"{result.output}"
    return result.output


def test_every_game_and_player_count_is_played() -> None:
    assert {game for game, _ in GAMES} == set(registry.ids()) and len(registry.ids()) >= 5
    assert ("a-chaotic-life", 4) in GAMES and ("the-sims", 1) in GAMES


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game, count", GAMES)
def test_a_game_played_by_bots_verifies(tmp_path: Path, game: str, count: int,
                                        seed: int) -> None:
    where = ["--dir", str(tmp_path)]
    players = ",".join(NAMES[:count])
    run("setup", *where, "--game", game, "--players", players, "--seed", str(seed),
        "--salt", SALT)
    for _ in range(TICKS):
        run("bot", "--all", *where)
        if "The game is over" in run("tick", *where):
            break
    assert "verified" in run("verify", *where)

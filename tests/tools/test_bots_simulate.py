"""bot and simulate: bots write legal order files; greedy plays better than random; simulate is
deterministic for a seed whatever the number of processes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lifegames.engine.core import simulate as sim

from .helpers import GAME, IRON, PLAYERS, THORN, current_tick, executed_ticks, output, play


@pytest.mark.parametrize("strategy", ["random", "greedy"])
def test_bot_writes_order_files_that_check_accepts(tmp_path: Path, strategy: str) -> None:
    """Property: `bot PLAYER --strategy S` writes a complete order file (ending with `end`)
    that `check` accepts (exit 0) and `tick` plays, tick after tick; it says how many lines
    it wrote, notes aside, the header and `end` included."""
    root = tmp_path / "game"
    assert play(root, "setup", "--seed", "8", "--ticks", "4").returncode == 0
    written = 0
    for tick in range(1, 3):
        for player in PLAYERS:
            result = play(root, "bot", player, "--strategy", strategy)
            assert result.returncode == 0, output(result)
            text = (root / player / f"{player}_orders.txt").read_text(encoding="utf-8")
            assert text.splitlines()[-1] == "end"
            assert f"{strategy} bot" in text
            lines = [x for x in text.splitlines() if x.strip() and not x.startswith("#")]
            assert f"wrote {len(lines)} lines to " in result.stdout, "counted as an editor shows"
        checked = play(root, "check")
        assert checked.returncode == 0, output(checked)
        assert checked.stdout.count("OK ") == 2, checked.stdout
        ticked = play(root, "tick")
        assert ticked.returncode == 0, output(ticked)
        assert current_tick(root) == tick
        written += sum(len(executed_ticks(root, p).get(tick, [])) for p in PLAYERS)
    assert written > 0, "the bots never gave an order"


def test_bot_stands_in_with_the_greedy_strategy_unless_told(tmp_path: Path) -> None:
    """`bot PLAYER` writes the greedy bot's file (the one a player would
    want standing in for them); `--help` and the README say what each strategy does."""
    root = tmp_path / "game"
    assert play(root, "setup", "--seed", "8", "--ticks", "4").returncode == 0
    assert play(root, "bot", IRON).returncode == 0
    text = (root / IRON / f"{IRON}_orders.txt").read_text(encoding="utf-8")
    assert "written by the greedy bot" in text
    said = " ".join(play(None, "bot", "--help").stdout.split())
    assert "[default: greedy]" in said and "greedy: what a thoughtful player" in said
    assert "random: any legal orders" in said
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| `bot PLAYER`"))
    assert "`greedy` (the default" in row and "`random` writes" in row


def test_bot_refuses_unknown_players_and_finished_games(tmp_path: Path) -> None:
    """Property: a bot for nobody, or once the game is over, is a usage error (exit 2)."""
    root = tmp_path / "game"
    assert play(root, "setup", "--seed", "8", "--ticks", "1").returncode == 0
    nobody = play(root, "bot", "Nobody")
    assert nobody.returncode == 2 and "no player 'Nobody'" in nobody.stderr
    assert play(root, "tick").returncode == 0
    late = play(root, "bot", IRON)
    assert late.returncode == 2 and "not awaited" in late.stderr


def test_greedy_beats_random(tmp_path: Path) -> None:
    """Property: over the same 10 simulated games (simulate's own per-game seeds, 8-tick
    games), the greedy bot's mean team score is higher than the random bot's."""
    options = GAME.parse_options([], 8)
    means = {}
    for strategy in ("random", "greedy"):
        records = [sim.play_one(GAME, sim.game_seed(4, i), [strategy], options=options, index=i)
                   for i in range(10)]
        assert all(r.length == 8 for r in records)
        means[strategy] = sum(sum(r.scores.values()) for r in records) / len(records)
    assert means["greedy"] > means["random"], means


def test_simulate_is_the_same_with_one_or_two_jobs() -> None:
    """Property: `simulate --json` gives byte-identical per-game results with --jobs 1 and
    --jobs 2 for the same seed; each game has its own seed, scores per seat and a length."""
    runs = {}
    for jobs in ("1", "2"):
        result = play(None, "simulate", "--games", "6", "--seed", "3", "--json", "--jobs", jobs)
        assert result.returncode == 0, output(result)
        runs[jobs] = result.stdout
    assert runs["1"] == runs["2"]
    records = [json.loads(line) for line in runs["1"].splitlines()]
    assert [r["index"] for r in records] == list(range(6))
    assert len({r["seed"] for r in records}) == 6
    assert all(sorted(r["scores"]) == sorted(PLAYERS) and r["length"] == 24 for r in records)
    assert [r["seed"] for r in records] == [sim.game_seed(3, i) for i in range(6)]
    other = play(None, "simulate", "--games", "6", "--seed", "4", "--json")
    assert other.returncode == 0 and other.stdout != runs["1"]


def test_simulate_table_names_seats_scores_and_speed() -> None:
    """Property: the table output names every seat with games and mean/min/max score; for the
    cooperative Simple Kingdoms a team-score row and no win column (nobody wins alone), for a
    competitive game a win rate; a summary line with the mean length and games per second."""
    result = play(None, "simulate", "--games", "2", "--seed", "3")
    assert result.returncode == 0, output(result)
    text = result.stdout
    header = text.splitlines()[0].split()
    for word in ("seat", "games", "mean", "min", "max"):
        assert word in header, header
    assert "win" not in header
    for seat in (IRON, THORN, "team score"):
        assert any(line.startswith(seat) for line in text.splitlines()), seat
    other = play(None, "simulate", "--game", "lifestyle", "--games", "2")
    assert "win rate" in other.stdout.splitlines()[0], output(other)
    assert "mean length 24.0 ticks" in text
    assert "games/s" in text and "2 games of simple-kingdoms" in text


def test_simulate_refuses_unknown_games_and_strategies() -> None:
    """Property: an unknown game or strategy is a usage error (exit 2)."""
    assert play(None, "simulate", "--game", "chess", "--games", "1").returncode == 2
    assert play(None, "simulate", "--strategy", "clever", "--games", "1").returncode == 2


OWN_STANDING = ['standing react("Umbrella", "any", others, helps)  # mine, not the bot\'s',
                "standing decline"]


def test_bot_keeps_the_standing_orders_the_player_wrote(tmp_path: Path) -> None:
    """`bot` stands in for a turn, not for the answers a player chose: the standing lines in
    the player's file (a file for this tick holding nothing else, or one for an earlier
    tick) go into the bot's file as written, in place of the bot's own; `--force` writes the
    bot's own."""
    from lifegames import registry
    from lifegames.engine.host.host import Host

    root = tmp_path / "game"
    made = play(root, "setup", "--game", "a-chaotic-life", "--seed", "8")
    assert made.returncode == 0, output(made)
    loaded = Host(str(root), registry.get).load()
    (player,) = loaded.game.awaiting(loaded.state)
    path = root / player / f"{player}_orders.txt"
    for tick in (1, 0):
        path.write_text(f"orders for tick {tick}\n" + "\n".join(OWN_STANDING) + "\nend\n",
                        encoding="utf-8")
        result = play(root, "bot", player)
        assert result.returncode == 0, output(result)
        assert "kept the 2 standing lines already in" in result.stdout
        assert "; in force once it is played: react(" in result.stdout, "named, each"
        assert ", decline" in result.stdout
        lines = path.read_text(encoding="utf-8").splitlines()
        assert [x for x in lines if x.startswith("standing")] == OWN_STANDING, lines
        assert "written by the greedy bot" in lines[1] and lines[-1] == "end"
        checked = play(root, "check", player)
        assert checked.returncode == 0, output(checked)
    forced = play(root, "bot", player, "--force")
    assert forced.returncode == 0 and "kept the" not in forced.stdout, output(forced)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert not set(OWN_STANDING) & set(lines)
    assert sum(x.startswith("standing") for x in lines) > len(OWN_STANDING)


def test_bot_keeps_the_standing_orders_in_force_from_an_earlier_file(tmp_path: Path) -> None:
    """Standing orders a player put in force with an earlier file stay in force when `bot`
    stands in for a later turn: a file that says nothing of standing orders changes none, so
    the bot's file holds none of its own (and says so); `--force` writes the bot's own."""
    from lifegames import registry
    from lifegames.engine.host.host import Host

    root = tmp_path / "game"
    assert play(root, "setup", "--game", "a-chaotic-life", "--seed", "8").returncode == 0
    host = Host(str(root), registry.get)
    loaded = host.load()
    (first,) = loaded.game.awaiting(loaded.state)
    path = root / first / f"{first}_orders.txt"
    assert play(root, "bot", first).returncode == 0
    lines = [x for x in path.read_text(encoding="utf-8").splitlines()
             if not x.startswith("standing")]
    path.write_text("\n".join(lines[:1] + OWN_STANDING + lines[1:]) + "\n", encoding="utf-8")
    assert play(root, "tick").returncode == 0
    in_force = host.load().state["standing"][first]
    assert len(in_force) == len(OWN_STANDING)
    for _ in range(12):  # the others' turns, by the bot, until it is the first player's again
        loaded = host.load()
        if first in loaded.game.awaiting(loaded.state):
            break
        assert play(root, "bot", "--all").returncode == 0
        assert play(root, "tick").returncode == 0
    assert first in host.load().game.awaiting(host.load().state)
    result = play(root, "bot", first)
    assert result.returncode == 0, output(result)
    assert "wrote none of the bot's standing orders: the 2 in force" in result.stdout
    assert "from an earlier file stay: react(" in result.stdout and ", decline" in result.stdout
    assert not [x for x in path.read_text(encoding="utf-8").splitlines()
                if x.startswith("standing")]
    assert play(root, "tick").returncode == 0
    assert host.load().state["standing"][first] == in_force
    forced = play(root, "bot", "--all", "--force")
    assert forced.returncode == 0 and "in force" not in forced.stdout, output(forced)

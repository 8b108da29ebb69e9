"""The play.py command line: --dir, exit codes, and the read-only commands."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine_support import folder_digest, write_orders
from lifegames import registry
from lifegames.cli import cli
from lifegames.engine.core.orders import commands, usage
from lifegames.engine.core.turn import HIDDEN
from lifegames.engine.folder import folder as folder_module
from lifegames.engine.folder.folder import META
from lifegames.engine.host.host import Host

ROOT = Path(__file__).resolve().parents[2]
SK = "simple_kingdoms"


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(cli, [str(a) for a in args], catch_exceptions=False)

    return invoke


@pytest.fixture
def game(tmp_path, run) -> Path:
    """A Simple Kingdoms folder set up through the CLI (seed 5)."""
    root = tmp_path / "game"
    result = run("--dir", root, "setup", "--seed", "5")
    assert result.exit_code == 0, result.output
    return root


@pytest.fixture
def toy_registered(monkeypatch):
    """Make the toy game installable by id 'toy' for the CLI (tests/engine is on sys.path)."""
    monkeypatch.setitem(registry.GAMES, "toy", "toygame")


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        self.now += 0.25
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds

    @staticmethod
    def time() -> float:
        import time

        return time.time()


# -- --dir ----------------------------------------------------------------------------------


def test_dir_works_before_and_after_the_command_name(tmp_path, run):
    """`play.py --dir X setup` and `play.py setup --dir X` set up the same game, and every
    later command finds it either way."""
    a, b = tmp_path / "a", tmp_path / "b"
    assert run("--dir", a, "setup", "--seed", "9", "--salt", "ab").exit_code == 0
    assert run("setup", "--seed", "9", "--salt", "ab", "--dir", b).exit_code == 0
    assert folder_digest(a) == folder_digest(b)
    for args in (("--dir", a, "status"), ("status", "--dir", a), ("--dir", a, "check"),
                 ("check", "--dir", a), ("--dir", a, "state", "--json"),
                 ("state", "--json", "--dir", a)):
        result = run(*args)
        assert result.exit_code == 0, (args, result.output)
    assert str(a.resolve()) in run("status", "--dir", a).output


def test_dir_after_the_command_wins_over_dir_before_it(tmp_path, game, run):
    """When both are given, the command's own --dir is used."""
    empty = tmp_path / "empty"
    empty.mkdir()
    assert run("--dir", empty, "status", "--dir", game).exit_code == 0
    assert run("--dir", game, "status", "--dir", empty).exit_code == 2


def test_the_current_folder_is_the_default(tmp_path, run, monkeypatch):
    """Without --dir the command works on the current folder."""
    runner = CliRunner()
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(cli, ["setup", "--seed", "1"]).exit_code == 0
    assert (tmp_path / META / "state.json").exists()
    assert runner.invoke(cli, ["status"]).exit_code == 0


# -- exit codes ---------------------------------------------------------------------------------


def test_exit_0_for_a_played_tick(game, run):
    """A tick with good orders exits 0 and says which tick was played."""
    write_orders(game, "Ironhold", "hire_soldiers(0,0, 1)\n")
    result = run("tick", "--dir", game)
    assert result.exit_code == 0, result.output
    assert "Tick 1 played" in result.output
    assert json.loads(run("state", "--json", "--dir", game).output)["tick"] == 1


def test_exit_1_when_orders_are_rejected_with_every_problem_rendered(game, run):
    """Rejected orders exit 1; tick prints every problem as file:line:col: CODE with its
    caret, on stderr, and changes nothing."""
    write_orders(game, "Ironhold", "biuld(0,0, 'farm')\n\nclaim_tile(1,\n")
    write_orders(game, "Thornvale", "hire_soldiers(2,2, 0)\n")
    before = folder_digest(game)
    result = run("tick", "--dir", game)
    assert result.exit_code == 1
    assert "Ironhold/Ironhold_orders.txt:1:1: E-UNKNOWN-COMMAND" in result.stderr
    assert "Ironhold/Ironhold_orders.txt:3:14: E-SYNTAX" in result.stderr
    assert "Thornvale/Thornvale_orders.txt:1:20: E-BAD-AMOUNT" in result.stderr
    assert "    ^^^^^" in result.stderr
    assert "3 problems;" in result.stderr
    assert folder_digest(game) == before
    check = run("check", "--dir", game)
    assert check.exit_code == 1
    assert "E-UNKNOWN-COMMAND" in check.output and "E-BAD-AMOUNT" in check.output


@pytest.mark.parametrize("args", [
    ("status",),                       # no game here
    ("tick",),
    ("setup", "--game", "no-such-game"),
    ("setup", "--players", "Ann,../evil"),
    ("setup", "--players", "Ann,ann"),
    ("setup", "--no-such-flag"),
    ("no-such-command",),
    ("setup", "--seed", "-1"),
    ("orders", "no-such-game"),
])
def test_exit_2_for_usage_errors(tmp_path, run, args):
    """Bad arguments, unknown games or commands, bad player names and a folder with no game
    all exit 2, without a traceback."""
    result = run("--dir", tmp_path, *args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


def test_exit_2_for_checking_a_player_who_is_not_in_the_game(game, run):
    """`check Nobody` names the real players and exits 2."""
    result = run("check", "Nobody", "--dir", game)
    assert result.exit_code == 2
    assert "Ironhold" in result.stderr and "Thornvale" in result.stderr


def test_exit_3_when_the_folder_is_busy(game, run, monkeypatch):
    """While another live command holds the lock, commands exit 3 and say the folder is busy,
    changing nothing; `check`, which takes no lock (it writes nothing), reads the last whole
    tick meanwhile."""
    monkeypatch.setattr(folder_module, "time", FakeClock())
    (game / META / "lock").write_text(f"{os.getpid()} {socket.gethostname()}\n")
    before = folder_digest(game)
    for command in ("tick", "status"):
        result = run(command, "--dir", game)
        assert result.exit_code == 3, (command, result.output)
        assert "lock" in result.stderr
    assert run("check", "--dir", game).exit_code == 0
    assert folder_digest(game) == before


def test_busy_message_says_another_command_is_running(game, run, monkeypatch):
    """The busy error's first line tells the player what is happening, not only what to do."""
    monkeypatch.setattr(folder_module, "time", FakeClock())
    (game / META / "lock").write_text(f"{os.getpid()} {socket.gethostname()}\n")
    result = run("tick", "--dir", game)
    assert result.stderr.splitlines()[0] == (
        "error: another play.py command is working on this folder")


@pytest.mark.parametrize("damage", ["truncate", "garbage", "delete-key"])
def test_exit_4_for_a_damaged_folder_without_a_traceback(game, run, damage):
    """A damaged state.json makes every command exit 4 with a one-line reason and a hint,
    never a Python traceback."""
    path = game / META / "state.json"
    text = path.read_text()
    if damage == "truncate":
        path.write_text(text[:100])
    elif damage == "garbage":
        path.write_bytes(b"\xff\xfe not json at all")
    else:
        path.write_text(json.dumps({k: v for k, v in json.loads(text).items() if k != "state"}))
    for command in (("tick",), ("check",), ("status",), ("state", "--json")):
        result = run(*command, "--dir", game)
        assert result.exit_code == 4, (command, result.output)
        assert result.stderr.startswith("error: the game state")
        assert "Traceback" not in result.output


def test_exit_4_for_a_second_setup_and_for_a_tick_after_the_end(tmp_path, run):
    """A folder that cannot take the command (already set up; game over) exits 4."""
    root = tmp_path / "g"
    assert run("setup", "--seed", "1", "--ticks", "1", "--dir", root).exit_code == 0
    assert run("setup", "--seed", "2", "--dir", root).exit_code == 4
    assert run("tick", "--dir", root).exit_code == 0
    result = run("tick", "--dir", root)
    assert result.exit_code == 4 and "over" in result.stderr


def test_documented_exit_codes_match_the_constants():
    """The exit codes in the cli_common docstring are the ones the module uses."""
    from lifegames import cli_common as cli_module

    doc = cli_module.__doc__
    for code, word in ((0, "ok"), (1, "orders rejected"), (2, "usage"), (3, "busy"),
                       (4, "damaged")):
        assert f"  {code}  {word}" in doc
    assert (cli_module.OK, cli_module.REJECTED, cli_module.USAGE, cli_module.BUSY,
            cli_module.DAMAGED) == (0, 1, 2, 3, 4)


# -- check ------------------------------------------------------------------------------------


def test_check_lists_each_order_once_with_its_effects_below_it(game, run):
    """`check` says "3 orders would run:" and then three bullets, one per order as written in
    the log, each followed by what it does; an order with two effects (a move that explores)
    keeps the second on an indented line of its own, never a bullet."""
    write_orders(game, "Ironhold", 'hire_soldiers(0,0, 2)\nbuild(0,0, "farm")\n'
                                   "move_soldiers(0,0, 0,1, 4)\n")
    result = run("check", "Ironhold", "--dir", game)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "OK Ironhold/Ironhold_orders.txt: 3 orders would run:"
    bullets = [line for line in lines if line.startswith("  - ")]
    assert [b.split(":")[0] for b in bullets] == [
        "  - hire_soldiers(0, 0, 2)", '  - build(0, 0, "farm")', "  - move_soldiers(0, 0, 0, 1, 4)"]
    assert bullets[0] == "  - hire_soldiers(0, 0, 2): trained 2 soldiers on (0,0) for 10 gold"
    below = lines[lines.index(bullets[2]) + 1]
    assert below.startswith("      explored (0,1)"), result.output


def test_check_player_checks_only_that_player(game, run):
    """`check Ironhold` reports only Ironhold's file (Thornvale's errors are not shown and do
    not change the exit code); `check Thornvale` shows them."""
    write_orders(game, "Ironhold", "hire_soldiers(0,0, 1)\n")
    write_orders(game, "Thornvale", "nonsense(\n")
    result = run("check", "Ironhold", "--dir", game)
    assert result.exit_code == 0, result.output
    assert "OK Ironhold/Ironhold_orders.txt: 1 order would run" in result.output
    assert "Thornvale" not in result.output
    other = run("check", "Thornvale", "--dir", game)
    assert other.exit_code == 1
    assert "Thornvale/Thornvale_orders.txt:1:1: E-UNKNOWN-COMMAND" in other.output
    assert "Ironhold" not in other.output


def test_check_reports_empty_files_as_no_actions(game, run):
    """A fresh template holds no orders: check says so for both and exits 0."""
    result = run("check", "--dir", game)
    assert result.exit_code == 0
    assert result.output.count("no orders (no actions this tick)") == 2


def test_check_does_not_refuse_an_untouched_template(tmp_path, run):
    """Right after setup, a game whose turn cannot be empty (Lifestyle) has nothing written
    yet: check says the file is still the template and what is legal, and exits 0; once the
    player edits it, the same file is refused as usual."""
    root = tmp_path / "game"
    assert run("setup", "--game", "lifestyle", "--seed", "3", "--dir", root).exit_code == 0
    result = run("check", "--dir", root)
    assert result.exit_code == 0, result.output
    assert "Ana/Ana_orders.txt: not written yet (still the template)" in result.output
    assert "legal now: take_card" in result.output and "E-" not in result.output
    path = root / "Ana" / "Ana_orders.txt"
    path.write_text(path.read_text(encoding="utf-8") + "# thinking\n", encoding="utf-8")
    edited = run("check", "--dir", root)
    assert edited.exit_code == 1 and "E-TURN-INCOMPLETE" in edited.output, edited.output


def test_check_hides_a_roll_end_to_end(tmp_path, run, toy_registered):
    """Through the CLI, checking a random order shows the HIDDEN text and never the value."""
    root = tmp_path / "toy"
    assert run("setup", "--game", "toy", "--seed", "3", "--dir", root).exit_code == 0
    write_orders(root, "Ann", "add(1)\nroll()\n")
    result = run("check", "Ann", "--dir", root)
    assert result.exit_code == 0, result.output
    assert HIDDEN in result.output
    assert "rolled" not in result.output


# -- the read-only commands --------------------------------------------------------------


def test_orders_lists_every_command_usage_from_the_grammar(game, run):
    """`orders` (in a game folder, by game id, and with no folder at all) prints the written form
    of every command of the grammar."""
    for args in (("orders", "--dir", game), ("orders", "simple-kingdoms"), ("orders",)):
        result = run(*args)
        assert result.exit_code == 0, result.output
        lines = [line.strip() for line in result.output.splitlines()]
        for command in commands(SK):
            assert usage(SK, command) in lines, (args, command)


def test_games_lists_simple_kingdoms(run):
    """`games` lists every installed game with its title and player count."""
    result = run("games")
    assert result.exit_code == 0
    row = next(line for line in result.output.splitlines() if line.startswith("simple-kingdoms"))
    assert "Simple Kingdoms" in row and "2" in row
    for game_id in registry.ids():
        assert game_id in result.output


def test_state_json_is_json_with_the_referee_keys(game, run):
    """`state --json` prints one JSON object holding game, tick, max_ticks, difficulty, threat,
    kingdoms and tiles."""
    result = run("state", "--json", "--dir", game)
    assert result.exit_code == 0
    view = json.loads(result.output)
    assert {"game", "tick", "max_ticks", "difficulty", "threat", "kingdoms", "tiles"} <= set(view)
    assert view["game"] == "simple-kingdoms" and view["tick"] == 0
    assert set(view["kingdoms"]) == {"Ironhold", "Thornvale"}
    assert len(view["tiles"]) == 9


def test_state_is_the_referees_tabulated_overview(game, run):
    """`state` shows the game's figures, every player in one table, the board, and who is
    awaited, all from public_state."""
    result = run("--dir", game, "state")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "Kingdoms" in lines and "Tiles" in lines and "Now" in lines
    assert any(line.startswith("Ironhold ") for line in lines)
    assert any(line.startswith("Thornvale ") for line in lines)
    assert "awaiting orders from: Ironhold, Thornvale" in lines


def test_state_and_status_do_not_change_the_folder(game, run):
    """status, state, check, orders and games only read."""
    write_orders(game, "Ironhold", "hire_soldiers(0,0, 1)\n")
    before = folder_digest(game)
    for args in (("status",), ("state",), ("state", "--json"), ("check",), ("orders",)):
        assert run(*args, "--dir", game).exit_code == 0
    assert folder_digest(game) == before


def test_status_names_the_awaited_players_and_their_files(game, run):
    """status shows the tick and each awaited order file with its order count."""
    write_orders(game, "Ironhold", "hire_soldiers(0,0, 1)\nbuy_resource('food', 1)\n")
    write_orders(game, "Thornvale", "bad(\n")
    result = run("status", "--dir", game)
    assert result.exit_code == 0
    assert "tick 0 of" in result.output
    assert "awaiting orders from: Ironhold, Thornvale" in result.output
    assert "Ironhold/Ironhold_orders.txt: 2 orders" in result.output
    assert "Thornvale/Thornvale_orders.txt: has problems" in result.output


def _all_commands():
    return sorted(cli.commands)


def test_top_level_help_documents_the_exit_codes(run):
    """`play.py --help` works and states the exit codes."""
    result = run("--help")
    assert result.exit_code == 0
    assert "Exit codes" in result.output and "3 folder busy" in result.output
    for name in ("setup", "tick", "check", "status", "state", "orders", "games"):
        assert name in result.output


@pytest.mark.parametrize("name", _all_commands())
def test_every_command_has_help(run, name):
    """`play.py COMMAND --help` exits 0 with a usage line for every command."""
    result = run(name, "--help")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Usage: ")
    assert name in result.output.splitlines()[0]
    assert run(name, "-h").exit_code == 0


# -- end to end through play.py ------------------------------------------------------------


def play(*args: object, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "LIFEGAMES_DEBUG"}
    return subprocess.run([sys.executable, str(ROOT / "play.py"), *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=60, env=env)


def test_play_py_end_to_end(tmp_path):
    """The real entry point: setup (0), rejected tick (1), good tick (0), damaged folder (4)
    with no traceback on stderr."""
    root = tmp_path / "e2e"
    assert play("--dir", root, "setup", "--seed", "11").returncode == 0
    write_orders(root, "Ironhold", "hire_soldiers(0,0, 99)\n")
    bad = play("tick", "--dir", root)
    assert bad.returncode == 1
    assert "Ironhold/Ironhold_orders.txt:1:20: E-" in bad.stderr
    write_orders(root, "Ironhold", "hire_soldiers(0,0, 1)\n")
    good = play("--dir", root, "tick")
    assert good.returncode == 0, good.stderr
    assert (root / "Ironhold" / "archive" / "000_ironhold_sheet.txt").exists()
    assert (root / "Ironhold" / "executed_orders.txt").read_text() == (
        "# Tick 1\nhire_soldiers(0, 0, 1)\n")
    (root / META / "state.json").write_text('{"format": 1, "game": "simple-')
    damaged = play("status", "--dir", root)
    assert damaged.returncode == 4
    assert "Traceback" not in damaged.stderr and damaged.stderr.startswith("error: ")


def test_play_py_help_runs_from_another_folder(tmp_path):
    """play.py works from any current folder (it finds its grammars and data)."""
    result = play("orders", cwd=tmp_path)
    assert result.returncode == 0
    assert "build(row, col, building)" in result.stdout


def test_a_misnamed_order_file_is_pointed_out_by_check_and_status(game, run):
    """A file saved as Ironhold_Orders.txt or orders.txt is never read: check and status say
    so, naming the file lifegames reads (sheets and the real order file are not named)."""
    (game / "Ironhold" / "Ironhold_Orders.txt").write_text('build(0,0, "farm")\n')
    (game / "Thornvale" / "orders.txt").write_text("claim_tile(1,1)\n")
    checked = run("check", "--dir", game).output
    assert "note: Ironhold/Ironhold_Orders.txt looks like an order file" in checked
    assert "note: Thornvale/orders.txt looks like an order file" in checked
    assert "Ironhold/Ironhold_orders.txt looks" not in checked
    assert "Thornvale/orders.txt looks like an order file" in run("status", "--dir", game).output


def test_the_programs_own_files_are_never_taken_for_a_misnamed_order_file(game, run):
    """After a tick each player folder holds executed_orders.txt (and a seat its template,
    seat.json and check_report.txt): check and status never call them misnamed order files,
    while a file the player misnamed still is."""
    assert run("tick", "--dir", game).exit_code == 0
    assert (game / "Ironhold" / "executed_orders.txt").exists()
    for name in ("Ironhold_orders_template.txt", "seat.json", "check_report.txt"):
        (game / "Ironhold" / name).write_text("orders\n")
    said = run("check", "--dir", game).output + run("status", "--dir", game).output
    assert "looks like an order file" not in said, said
    (game / "Ironhold" / "my_orders.txt").write_text("claim_tile(1,1)\n")
    said = run("check", "--dir", game).output + run("status", "--dir", game).output
    assert said.count("looks like an order file") == 2
    assert "Ironhold/my_orders.txt looks like an order file" in said


@pytest.mark.parametrize("game_id", registry.ids())
def test_an_absent_player_is_named_by_the_tick_and_on_every_sheet(tmp_path, run, game_id):
    """`tick --absent NAME`, in every game: the tick's report and every sheet of every player
    say "NAME was away: played by the default (the game's stated default)", once, from the
    engine; the next tick, played by the player, says it nowhere."""
    game = registry.get(game_id)
    root = tmp_path / "game"
    players = ",".join(game.default_players or ("Ana", "Ben", "Cleo")[:max(game.min_players, 2)])
    assert run("setup", "--dir", root, "--game", game_id, "--players", players, "--seed",
               "4").exit_code == 0
    host = Host(str(root), registry.get)
    away = host.load().game.awaiting(host.load().state)[0]
    assert run("bot", "--dir", root, "--all", "--strategy", "greedy").exit_code == 0
    played = run("tick", "--dir", root, "--absent", away)
    assert played.exit_code == 0, played.output
    said = f"{away} was away: played by the default ("
    policy = game.absent_policy.rstrip(".")
    assert f"  {said}{policy[:1].lower()}{policy[1:]})\n" in played.output
    assert f"{away} away" in played.output.splitlines()[0]
    sheets = sorted(root.glob("*/001_*.txt"))
    assert len(sheets) >= len(host.load().players)
    for sheet in sheets:
        assert sheet.read_text(encoding="utf-8").count(said) == 1, sheet
    assert run("bot", "--dir", root, "--all", "--strategy", "random").exit_code == 0
    again = run("tick", "--dir", root)
    assert again.exit_code == 0 and "was away" not in again.output, again.output
    for sheet in root.glob("*/002_*.txt"):
        assert "was away" not in sheet.read_text(encoding="utf-8"), sheet


def test_orders_written_out_of_turn_get_a_warning_that_they_will_not_run(tmp_path, run):
    """A player who is not awaited writes orders (Lifestyle, Ben while it is Ana's turn):
    `check` warns W-NOT-AWAITED on the first order, that they will never run and what to do,
    and keeps its exit code (a warning never stops a tick); the next tick indeed refuses the
    file as stale. A file without the tick line keeps its orders for Ben's turn, and says so;
    a file of standing orders only is not warned of."""
    root = tmp_path / "game"
    assert run("setup", "--dir", root, "--game", "lifestyle", "--players", "Ana,Ben",
               "--seed", "3").exit_code == 0
    assert run("bot", "Ana", "--dir", root, "--strategy", "greedy").exit_code == 0
    write_orders(root, "Ben", "orders for tick 1\ntake_card(1, 1)\nend\n")
    checked = run("check", "--dir", root)
    assert checked.exit_code == 0, checked.output
    assert "Ben/Ben_orders.txt:2:1: W-NOT-AWAITED: these orders will never run: tick 1 " \
        "awaits only Ana" in checked.output, checked.output
    assert "only `standing` lines take effect out of turn" in checked.output
    alone = run("check", "Ben", "--dir", root)
    assert "W-NOT-AWAITED" in alone.output and alone.exit_code == 0
    write_orders(root, "Ben", "take_card(1, 1)\n")
    assert "W-NOT-AWAITED: these orders do not run now: tick 1 awaits only Ana; left in this " \
        "file, they run at the first tick that awaits you" in run("check", "--dir", root).output
    write_orders(root, "Ben", "orders for tick 1\nstanding end_turn()\nend\n")
    assert "W-NOT-AWAITED" not in run("check", "--dir", root).output
    write_orders(root, "Ben", "orders for tick 1\ntake_card(1, 1)\nend\n")
    assert run("tick", "--dir", root).exit_code == 0
    host = Host(str(root), registry.get)
    assert host.load().game.awaiting(host.load().state) == ["Ben"]
    stale = run("check", "Ben", "--dir", root)
    assert stale.exit_code == 1 and "E-STALE-ORDERS" in stale.output, stale.output

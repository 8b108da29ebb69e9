"""Host tools: status, watch, git commits, and the machine-readable player view."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from lifegames.engine.host.host import order_file

from .helpers import (
    IRON,
    PLAY,
    PLAYERS,
    REPO,
    THORN,
    current_tick,
    executed_ticks,
    output,
    play,
    tree,
    write_orders,
)


def setup_game(root: Path, ticks: int = 6, seed: int = 17, *extra: str) -> None:
    result = play(root, "setup", "--seed", str(seed), "--ticks", str(ticks), *extra)
    assert result.returncode == 0, output(result)


def status_line(text: str, player: str) -> str:
    lines = [line for line in text.splitlines() if line.strip().startswith(order_file(player))]
    assert len(lines) == 1, text
    return lines[0]


# -- status -----------------------------------------------------------------------------------


def test_status_shows_awaited_players_order_counts_and_missed_ticks(tmp_path: Path) -> None:
    """Property: status names who is awaited, how many orders each file holds now, which files
    are complete (end with `end`), and how many ticks each player missed: a tick played with
    an empty file counts as missed 1, one with orders does not."""
    root = tmp_path / "game"
    setup_game(root)
    first = play(root, "status")
    assert first.returncode == 0, output(first)
    assert f"awaiting orders from: {IRON}, {THORN}" in first.stdout
    assert "missing orders:" in first.stdout and "empty" in first.stdout
    for player in PLAYERS:
        assert status_line(first.stdout, player).endswith("missed 0 ticks")

    write_orders(root, IRON, 'sell_resource("wood", 2)\nsell_resource("stone", 1)\nend\n')
    write_orders(root, THORN, "# nothing this time\n")
    before = play(root, "status")
    iron, thorn = status_line(before.stdout, IRON), status_line(before.stdout, THORN)
    assert "2 orders" in iron and "complete" in iron
    assert "no orders yet" in thorn and "complete" not in thorn

    assert play(root, "tick").returncode == 0
    after = play(root, "status")
    assert after.returncode == 0, output(after)
    assert "tick 1 of 6" in after.stdout
    assert status_line(after.stdout, IRON).endswith("missed 0 ticks")
    assert status_line(after.stdout, THORN).endswith("missed 1 tick")

    (root / order_file(THORN)).unlink()  # a missing file is missed too
    write_orders(root, IRON, 'buy_resorce("iron", 1)\n')  # a typo: shown as a problem
    problems = play(root, "status")
    assert "has problems" in status_line(problems.stdout, IRON)
    write_orders(root, IRON, "")
    assert play(root, "tick").returncode == 0
    last = play(root, "status")
    assert status_line(last.stdout, IRON).endswith("missed 1 tick")
    assert status_line(last.stdout, THORN).endswith("missed 2 ticks")


def test_status_says_one_phrase_for_one_situation(tmp_path: Path) -> None:
    """A file of standing orders only is "standing orders only" for every
    player, with or without a tick line and stale or not (its standing orders are in force
    once read); "stale" is said only of orders that will never run; a file that says `end`
    and nothing else is no orders on purpose, and never a missed tick (A Simple Life for
    two, and Simple Kingdoms), where an untouched template is."""
    root = tmp_path / "life"
    assert play(root, "setup", "--game", "lifestyle", "--players", "Ana,Ben,Cleo", "--seed",
                "3").returncode == 0
    write_orders(root, "Ben", "orders for tick 1\nstanding end_turn()\nend\n")
    write_orders(root, "Cleo", "standing end_turn()\n")
    for player in ("Ben", "Cleo"):
        line = status_line(play(root, "status").stdout, player)
        assert ": standing orders only" in line, line
    assert play(root, "bot", "Ana", "--strategy", "greedy").returncode == 0
    assert play(root, "tick").returncode == 0
    after = play(root, "status").stdout
    assert ": standing orders only" in status_line(after, "Ben")  # tick 1's file: stale
    write_orders(root, "Cleo", "orders for tick 1\ntake_card(1, 1)\nend\n")
    line = status_line(play(root, "status").stdout, "Cleo")
    assert ": stale: written for tick 1, so its orders will never run" in line, line

    for game, players in (("a-simple-life", "Ana,Ben"), ("simple-kingdoms", f"{IRON},{THORN}")):
        root = tmp_path / game
        assert play(root, "setup", "--game", game, "--players", players, "--seed",
                    "2").returncode == 0
        first, second = players.split(",")
        write_orders(root, first, "orders for tick 1\nend\n")
        line = status_line(play(root, "status").stdout, first)
        assert ": no orders, on purpose (it ends with `end`) [complete" in line, line
        assert play(root, "tick").returncode == 0, game  # the second leaves the template
        said = play(root, "status").stdout
        assert status_line(said, first).endswith("missed 0 ticks"), said
        assert status_line(said, second).endswith("missed 1 tick"), said
        log = (root / first / "executed_orders.txt").read_text(encoding="utf-8")
        assert log == "# Tick 1\n# no orders, on purpose (the file ended with `end`)\n", log
        verified = play(root, "verify")  # the replay counts the same misses from the record
        assert verified.returncode == 0, output(verified)


# -- watch ------------------------------------------------------------------------------------


def test_watch_plays_exactly_one_tick_when_every_file_ends_with_end(tmp_path: Path) -> None:
    """Property: with every awaited file ending in `end`, `watch --max-ticks 1` plays exactly
    one tick (and runs the orders in the files), then stops."""
    root = tmp_path / "game"
    setup_game(root)
    write_orders(root, IRON, 'sell_resource("wood", 3)\nend\n')
    write_orders(root, THORN, "end\n")
    result = play(root, "watch", "--interval", "0.05", "--max-ticks", "1", timeout=30)
    assert result.returncode == 0, output(result)
    assert current_tick(root) == 1
    assert result.stdout.count("played") == 1 and "Tick 1 played (1 order)" in result.stdout
    assert executed_ticks(root, IRON) == {1: ['sell_resource("wood", 3)']}


def watch_for(roots: list[Path], seconds: float) -> list[str]:
    """Run `watch --max-ticks 1` on every folder at once for `seconds`, then stop each watcher
    (by its own handle); returns each one's stderr."""
    command = [sys.executable, str(PLAY), "watch", "--interval", "0.05", "--max-ticks", "1"]
    watchers = [subprocess.Popen([*command[:2], "--dir", str(root), *command[2:]], cwd=REPO,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                for root in roots]
    time.sleep(seconds)
    errors = []
    for watcher in watchers:
        still_running = watcher.poll() is None
        watcher.kill()
        stdout, stderr = watcher.communicate()
        assert still_running, f"watch stopped by itself: {stderr}"
        # what it waits for, said once (not at every look: its output suits a log file)
        assert stdout.count("waiting for") == 1, stdout
        errors.append(stderr)
    return errors


def test_watch_waits_while_a_file_lacks_end(tmp_path: Path) -> None:
    """Property: while any awaited file has no `end` line (half-saved, or not yet written),
    watch plays nothing and changes no file, however long it polls; complete files holding a
    bad order are not played either (the problem is reported once)."""
    cases = {"half-saved": ('sell_resource("wood", 3)\nend\n', 'buy_resource("stone", 1)\n'),
             "not written": ('sell_resource("wood", 3)\nend\n', ""),
             "bad order": ('sell_resource("wood", 500)\nend\n', "end\n")}
    roots = []
    for name, (iron, thorn) in cases.items():
        root = tmp_path / name.replace(" ", "-")
        setup_game(root)
        write_orders(root, IRON, iron)
        write_orders(root, THORN, thorn)
        roots.append(root)
    before = [tree(root) for root in roots]
    errors = watch_for(roots, 3.0)
    for root, snapshot in zip(roots, before, strict=True):
        assert current_tick(root) == 0, root.name
        assert tree(root, skip=(".lifegames/lock",)) == snapshot, root.name
    assert errors == ["", "", ""], errors  # a player's problems are theirs: see below


def test_watch_says_whose_file_stands_how_and_never_what_is_in_it(tmp_path: Path) -> None:
    """Property: watch's line names each awaited player and how their file stands (no orders
    yet: empty, or still last tick's; not ended; so many problems, and the command that shows
    them), never a problem's text: it can quote a hand or a plan, which only its player may
    read, and the host may be a player too."""
    root = tmp_path / "game"
    setup_game(root, ticks=3)
    write_orders(root, IRON, "end\n")
    write_orders(root, THORN, "end\n")
    assert play(root, "tick").returncode == 0
    write_orders(root, IRON, 'orders for tick 2\nsell_resource("wood", 500)\nend\n')
    command = [sys.executable, str(PLAY), "--dir", str(root), "watch", "--interval", "0.05"]
    watcher = subprocess.Popen(command, cwd=REPO, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    time.sleep(3.0)
    watcher.kill()
    stdout, stderr = watcher.communicate()
    assert f"waiting for {IRON} (1 problem: `python3 play.py check {IRON}` shows them to " \
           f"{IRON}), {THORN} (no orders yet)" in stdout, stdout
    assert "E-" not in stdout + stderr and "wood" not in stdout + stderr, stdout + stderr


def test_watch_stops_at_the_end_of_the_game(tmp_path: Path) -> None:
    """Property: without --max-ticks, watch plays the last tick and then stops by itself,
    reporting the result (a 1-tick game)."""
    root = tmp_path / "game"
    setup_game(root, ticks=1)
    write_orders(root, IRON, "end\n")
    write_orders(root, THORN, "end\n")
    result = play(root, "watch", "--interval", "0.05", timeout=30)
    assert result.returncode == 0, output(result)
    assert "Tick 1 played" in result.stdout and "The game is over" in result.stdout
    assert current_tick(root) == 1


# -- git --------------------------------------------------------------------------------------


def git_env(home: Path) -> dict[str, str]:
    """An environment with no git identity at all (no global or system config)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("GIT_") and k not in ("EMAIL",)}
    home.mkdir(exist_ok=True)
    env.update(HOME=str(home), GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1",
               XDG_CONFIG_HOME=str(home))
    return env


def git(root: Path, env: dict[str, str], *args: str) -> str:
    done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True,
                          env=env, check=True)
    return done.stdout


def test_setup_and_tick_commit_to_git_without_an_identity(tmp_path: Path) -> None:
    """Property: `setup --commit` starts a repository in a fresh folder and commits the game;
    `tick --commit` commits the tick as "Tick N: K orders" (K = orders executed); the work
    tree is clean afterwards and the lock is never committed; no git identity is needed."""
    env = git_env(tmp_path / "home")
    root = tmp_path / "game"
    setup = play(root, "setup", "--seed", "3", "--ticks", "4", "--commit", env=env)
    assert setup.returncode == 0, output(setup)
    assert (root / ".git").is_dir()
    write_orders(root, IRON, 'sell_resource("wood", 2)\nsell_resource("stone", 1)\nend\n')
    write_orders(root, THORN, 'sell_resource("stone", 1)\nend\n')
    tick = play(root, "tick", "--commit", env=env)
    assert tick.returncode == 0, output(tick)
    subjects = git(root, env, "log", "--format=%s").splitlines()
    assert subjects == ["Tick 1: 3 orders", f"Setup: Simple Kingdoms for {IRON}, {THORN}"]
    assert git(root, env, "status", "--porcelain") == ""
    files = git(root, env, "ls-files").splitlines()
    assert ".lifegames/state.json" in files and f"{IRON}/executed_orders.txt" in files
    # The note that this game is committed into git travels with it, so that `status` in
    # any clone can say when the newest tick is not committed yet.
    kept = {".lifegames/state.json", ".lifegames/manifest.json", ".lifegames/commits_in_git.txt",
            ".lifegames/sheets.txt"}
    assert not any(f.startswith(".lifegames/") and f not in kept
                   and not f.startswith(".lifegames/orders/") for f in files)
    assert git(root, env, "log", "-1", "--format=%an").strip()  # an author was supplied


def test_commit_never_pushes(tmp_path: Path) -> None:
    """Property: with a remote configured, setup/tick --commit commit locally only: the remote
    receives nothing."""
    env = git_env(tmp_path / "home")
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True, env=env)
    root = tmp_path / "game"
    root.mkdir()
    git(root, env, "init", "-q")
    git(root, env, "remote", "add", "origin", str(remote))
    assert play(root, "setup", "--seed", "3", "--ticks", "4", "--commit", env=env
                ).returncode == 0
    write_orders(root, IRON, "end\n")
    write_orders(root, THORN, "end\n")
    tick = play(root, "tick", "--commit", env=env)
    assert tick.returncode == 0, output(tick)
    assert git(root, env, "log", "-1", "--format=%s").strip() == "Tick 1: 0 orders"
    assert git(remote, env, "for-each-ref") == ""
    assert git(root, env, "for-each-ref", "refs/remotes") == ""


# -- state --json --player --------------------------------------------------------------------


def test_state_json_for_a_player_hides_unexplored_terrain(tmp_path: Path) -> None:
    """Property: `state --json --player NAME` is JSON naming that player ("you"), and every
    unexplored tile's terrain is null (explored tiles show theirs); unknown players exit 2."""
    root = tmp_path / "game"
    setup_game(root)
    result = play(root, "state", "--json", "--player", THORN)
    assert result.returncode == 0, output(result)
    view = json.loads(result.stdout)
    assert view["you"] == THORN
    unexplored = [t for t in view["tiles"] if not t["explored"]]
    assert unexplored, "a fresh game has unexplored tiles"
    assert all(t["terrain"] is None for t in unexplored)
    assert all(isinstance(t["terrain"], str) for t in view["tiles"] if t["explored"])
    referee = json.loads((root / ".lifegames" / "state.json").read_text())["state"]
    hidden = {(t["row"], t["col"]) for t in referee["tiles"] if not t["explored"]}
    assert hidden == {(t["row"], t["col"]) for t in unexplored}
    nobody = play(root, "state", "--json", "--player", "Nobody")
    assert nobody.returncode == 2, output(nobody)


def test_state_json_shows_terrain_once_explored(tmp_path: Path) -> None:
    """Property: after a kingdom explores a tile (moves 2 soldiers there), both kingdoms'
    views show its terrain, matching the referee's state."""
    root = tmp_path / "game"
    setup_game(root)
    write_orders(root, IRON, "move_soldiers(0, 0, 0, 1, 2)\nend\n")
    write_orders(root, THORN, "end\n")
    assert play(root, "tick").returncode == 0, "exploring (0,1) failed"
    referee = json.loads((root / ".lifegames" / "state.json").read_text())["state"]
    truth = next(t for t in referee["tiles"] if (t["row"], t["col"]) == (0, 1))
    assert truth["explored"]
    for player in PLAYERS:
        view = json.loads(play(root, "state", "--json", "--player", player).stdout)
        seen = next(t for t in view["tiles"] if (t["row"], t["col"]) == (0, 1))
        assert seen["terrain"] == truth["terrain"]


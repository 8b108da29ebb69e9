"""Seats over git that the host owns: `setup --remotes`, and `tick` / `watch` that
fetch, play, commit and push. Real git, real bare remotes, real clones; no mocks.

The invariant: no git command that lifegames runs ever uses a repository, config, hook,
attribute file or work tree a player can write (test_git_attacks.py tries every way in)."""

from __future__ import annotations

import json
import random
import socket
import subprocess
import time

import pytest

from lifegames.engine.host.host import Host
from lifegames.engine.host.tools import verify
from lifegames.engine.seats import gitpublish
from lifegames.engine.seats.gitseats import HOST_CONFIG

from ..reliability.helpers import output
from .gitkit import Table, player_env

ACL = ["Ana", "Ben", "Cleo"]


def test_g01_setup_makes_a_remote_per_seat_and_prints_the_one_line_each_player_needs(
        tmp_path):
    """setup --remotes with a local path: the bare remotes are made, each holds one commit of
    exactly that player's seat (its archive/ holds the copy of seat.json), and setup prints
    one `git clone` line per player. The host's repositories are in its private folder,
    configured by lifegames alone, with no hooks."""
    table = Table(tmp_path)
    done = table.setup("a-chaotic-life", ACL)
    assert done.returncode == 0, output(done)
    for player in ACL:
        line = f"{player}: git clone -b main -c pull.rebase=true {table.remote(player)} {player}"
        assert line in done.stdout
        assert table.log(player) == ["lifegames Setup: A Chaotic Life! for Ana, Ben, Cleo"]
        clone = table.clone(player)
        names = sorted(p.name for p in clone.iterdir() if p.name != ".git")
        assert names == [f"000_{player.lower()}_board.svg", f"000_{player.lower()}_sheet.txt",
                         f"{player}_orders.txt",
                         f"{player}_orders_template.txt", "archive", "seat.json"]
        assert [p.name for p in (clone / "archive").iterdir()] == ["000_seat.json"]
        assert table.seat(player)["player"] == player
        mine = table.host_dir / ".lifegames" / "git" / f"{player}.git"
        assert (mine / "config").read_text() == HOST_CONFIG
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


def test_g03_a_real_network_remote_over_git_daemon(tmp_path, monkeypatch):
    """The same start over `git daemon` on 127.0.0.1 (the git:// protocol, existing empty
    repositories), which setup and status say is not private (any player may clone any
    seat): setup pushes, a player clones, pushes orders; the host fetches, plays and
    pushes; a push of the host's that races a player's push is refused by the server, rebuilt
    on the player's commit and pushed again, never forced."""
    remotes = tmp_path / "served"
    remotes.mkdir()
    for player in ("Ana", "Ben"):
        subprocess.run(["git", "init", "-q", "--bare", str(remotes / f"{player}.git")],
                       check=True, env=player_env(tmp_path))
    port = _free_port()
    daemon = subprocess.Popen(
        ["git", "daemon", "--reuseaddr", "--export-all", "--enable=receive-pack",
         "--listen=127.0.0.1", f"--port={port}", f"--base-path={remotes}", str(remotes)],
        env=player_env(tmp_path), stderr=subprocess.PIPE)
    try:
        _wait_for(port)
        table = Table(tmp_path / "t")
        url = f"git://127.0.0.1:{port}/{{player}}.git"
        done = table.play("setup", "--game", "lifestyle", "--players", "Ana,Ben", "--seed",
                          "3", "--dir", "host", "--remotes", url)
        assert done.returncode == 0, output(done)
        assert f"Ana: git clone -b main -c pull.rebase=true git://127.0.0.1:{port}/Ana.git Ana" in \
            done.stdout
        # git daemon asks nobody who they are: neither setup nor status calls it private
        assert "warning: these seats are NOT private: git daemon (git://) serves the seats of " \
            "Ana, Ben to anyone who can reach its port" in done.stdout, done.stdout
        said = table.play("status", "--dir", "host")
        assert said.returncode == 0, output(said)
        assert "seats over git daemon, NOT private" in said.stdout, said.stdout
        assert "each player's seat holds only what they may see" not in said.stdout
        clone = table.clones / "Ana"
        table.git(table.clones, "clone", "-q", "-b", "main", "-c", "pull.rebase=true",
                  url.format(player="Ana"), "Ana")
        table.push_orders("Ana", table.bot_text("Ana", random.Random(1), "greedy"))
        # A second clone of Ana's pushes just after the host fetched, before it pushes.
        other = table.clones / "Ana-laptop"
        table.git(table.clones, "clone", "-q", "-b", "main", url.format(player="Ana"),
                  "Ana-laptop")
        real = gitpublish.RemoteSeats.push
        raced = []

        def push(self: gitpublish.RemoteSeats) -> list[str]:
            if not raced:
                (other / "notes.txt").write_text("my plan\n")
                table.git(other, "add", "notes.txt")
                table.git(other, "commit", "-qm", "notes from my laptop")
                table.git(other, "push", "-q", "origin", "HEAD:main")
                raced.append(True)
            return real(self)

        monkeypatch.setattr(gitpublish.RemoteSeats, "push", push)
        host = table.host()
        after, outcome = host.tick()
        host.close()
        assert not outcome.problems and int(after.state["tick"]) == 1
        assert raced and any("pushed" in line for line in host.seat_lines), host.seat_lines
        table.git(clone, "pull", "-q")
        history = table.git(clone, "log", "--format=%an %s").splitlines()
        assert history[:2] == ["lifegames Tick 1: 1 order", "player notes from my laptop"]
        assert (clone / "notes.txt").read_text() == "my plan\n"  # the player's commit kept
        assert (clone / "001_ana_sheet.txt").exists()
    finally:
        daemon.terminate()
        daemon.communicate(timeout=30)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_for(port: int) -> None:
    for _ in range(200):
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError("git daemon did not start")


def test_g04_players_racing_the_host_between_fetch_and_push_lose_nothing(tmp_path,
                                                                        monkeypatch):
    """Fifty ticks in which, between the host's fetch and its push, a player pushes (or not)
    after a random delay: no player commit is lost, the remote's branch only ever moved
    forward (its reflog: each update a fast-forward), no tick is played twice, and each
    tick played the orders the player had pushed for it."""
    table = Table(tmp_path / "t")
    done = table.play("setup", "--players", "Ana,Ben", "--seed", "9", "--ticks", "60",
                      "--dir", "host", "--remotes", "remotes/{player}.git")
    assert done.returncode == 0, output(done)
    for player in ("Ana", "Ben"):
        table.git(table.remote(player), "config", "core.logAllRefUpdates", "always")
        table.clone(player)
    laptop = table.clones / "Ana-laptop"
    table.git(table.clones, "clone", "-q", "-b", "main", "-c", "pull.rebase=true",
              str(table.remote("Ana")), "Ana-laptop")
    rng = random.Random(20)
    real = gitpublish.RemoteSeats.push
    raced = [0]

    def push(self: gitpublish.RemoteSeats) -> list[str]:
        if rng.random() < 0.6:
            time.sleep(rng.random() / 50)
            table.git(laptop, "pull", "-q")
            with open(laptop / "notes.txt", "a", encoding="utf-8") as handle:
                handle.write(f"note {raced[0]}\n")
            table.git(laptop, "add", "notes.txt")
            table.git(laptop, "commit", "-qm", f"note {raced[0]}")
            table.git(laptop, "push", "-q")
            raced[0] += 1
        return real(self)

    monkeypatch.setattr(gitpublish.RemoteSeats, "push", push)
    wanted: dict[int, str] = {}
    for tick in range(1, 51):
        for player in ("Ana", "Ben"):
            table.git(table.clones / player, "pull", "-q")
            moves = "" if player == "Ben" or tick % 3 else "buy_resource(\"food\", 1)\n"
            table.push_orders(player, f"orders for tick {tick}\n# try {tick}\n{moves}end\n",
                              f"orders for tick {tick}")
            if player == "Ana":
                wanted[tick] = moves.strip()
        host = table.host()
        after, outcome = host.tick()
        host.close()
        assert not outcome.problems, [p.render() for p in outcome.problems]
        assert int(after.state["tick"]) == tick
    assert raced[0] > 15
    table.git(table.clones / "Ana", "pull", "-q")
    history = table.log("Ana", "%H %an %s")
    assert _tick_numbers([line.split(" ", 1)[1] for line in history]) == list(range(50, 0, -1))
    pushed = table.git(table.clones / "Ana", "log", "--format=%H", "--author=player").split()
    mine = {line.split()[0] for line in history}
    assert set(pushed) <= mine and len(pushed) >= 50 + raced[0]
    reflog = (table.remote("Ana") / "logs" / "refs" / "heads" / "main").read_text().splitlines()
    for entry in reflog:
        old, new = entry.split()[:2]
        if set(old) != {"0"}:
            table.git(table.base, "--git-dir", str(table.remote("Ana")), "merge-base",
                      "--is-ancestor", old, new)  # a fast-forward, every time
    log = (table.host_dir / "Ana" / "executed_orders.txt").read_text()
    for tick, moves in wanted.items():
        block = log.split(f"# Tick {tick}\n", 1)[1].split("\n# Tick", 1)[0]
        assert (moves.replace(" ", "") in block.replace(" ", "")) if moves else True


def test_g05_an_unreachable_remote_is_reported_and_its_player_waits(tmp_path):
    """A remote that cannot be reached: status says so; tick refuses (that player's file is
    not complete: E-SEAT-UNREACHABLE, located); `tick --absent` still plays them by the
    default; once the remote is back, the host's commits it missed are pushed."""
    table = Table(tmp_path / "t")
    assert table.setup("simple-kingdoms", ["Ana", "Ben"], 5).returncode == 0
    away = table.base / "away.git"
    table.remote("Ana").rename(away)
    tick = table.play("--dir", "host", "tick")
    assert tick.returncode == 1 and "E-SEAT-UNREACHABLE" in tick.stderr, output(tick)
    assert "Ana/Ana_orders.txt:1:1" in tick.stderr
    status = table.play("--dir", "host", "status")
    assert "could not be fetched" in status.stdout, output(status)
    absent = table.play("--dir", "host", "tick", "--absent", "Ana")
    assert absent.returncode == 0, output(absent)
    assert "seat Ana: not pushed yet" in absent.stdout, output(absent)
    assert "not pushed yet" in table.play("--dir", "host", "status").stdout
    away.rename(table.remote("Ana"))
    assert table.play("--dir", "host", "status").returncode == 0
    checked = table.play("--dir", "host", "check")  # reads as last fetched: pushes nothing
    assert checked.returncode == 1 and "Traceback" not in checked.stderr, output(checked)
    back = table.play("--dir", "host", "tick", "--absent", "Ana,Ben")
    assert back.returncode == 0, output(back)
    assert table.log("Ana")[:2] == ["lifegames Tick 2: 0 orders", "lifegames Tick 1: 0 orders"]


def test_g06_a_bot_for_a_remote_seat_leaves_nothing_to_clean_up(tmp_path):
    """`bot --all` commits each bot's file to its seat and pushes it, as the player would:
    no file is left modified anywhere, the player's next `git pull` is clean, and the next
    tick plays the bot's orders."""
    table = Table(tmp_path / "t")
    assert table.setup("lifestyle", ["Ana", "Ben"], 3).returncode == 0
    clone = table.clone("Ana")
    bot = table.play("--dir", "host", "bot", "--all", "--strategy", "greedy")
    assert bot.returncode == 0, output(bot)
    assert "seat Ana: pushed" in bot.stdout
    assert table.log("Ana")[0].startswith("lifegames Ana's orders for tick 1, by the greedy")
    table.git(clone, "pull", "-q")
    assert table.git(clone, "status", "--porcelain") == ""
    assert "take_card" in (clone / "Ana_orders.txt").read_text() or \
        "roll" in (clone / "Ana_orders.txt").read_text()
    tick = table.play("--dir", "host", "tick")
    assert tick.returncode == 0 and "Tick 1 played: Ana" in tick.stdout, output(tick)
    assert table.git(table.host_dir, "status", "--porcelain", "--ignored") if (
        table.host_dir / ".git").exists() else True


def test_g07_rollback_and_a_crash_before_the_push_reach_the_seats(tmp_path, monkeypatch):
    """A tick whose commit to the seats a crash cut off is committed and pushed by the next
    command; rollback puts every seat back too (a commit saying so, with the old sheets)."""
    table = Table(tmp_path / "t")
    assert table.setup("simple-kingdoms", ["Ana", "Ben"], 5).returncode == 0
    assert table.play("--dir", "host", "tick").returncode == 0

    def crash(self: Host, *args: object, **kwargs: object) -> None:
        raise SystemExit("killed")  # right after the tick's commit, before any seat's

    monkeypatch.setattr(Host, "publish_seats", crash)
    host = table.host()
    with pytest.raises(SystemExit):
        host.tick(absent={"Ana", "Ben"})  # their files are for tick 1
    host.close()
    monkeypatch.undo()
    assert table.log("Ana")[0] == "lifegames Tick 1: 0 orders"
    assert int(table.host().load().state["tick"]) == 2
    checked = table.play("--dir", "host", "check")  # writes nothing, pushes nothing
    assert checked.returncode == 1 and "Traceback" not in checked.stderr, output(checked)
    assert table.log("Ana")[0] == "lifegames Tick 1: 0 orders"
    again = table.play("--dir", "host", "tick", "--absent", "Ana,Ben")
    assert again.returncode == 0, output(again)
    assert table.log("Ana")[:2] == ["lifegames Tick 3: 0 orders", "lifegames Tick 2"]
    back = table.play("--dir", "host", "rollback", "1")
    assert back.returncode == 0, output(back)
    assert table.log("Ana")[0] == "lifegames Rolled back to tick 1"
    clone = table.clone("Ana")
    assert (clone / "001_ana_sheet.txt").exists() and not (clone / "003_ana_sheet.txt").exists()
    assert verify(table.host()) == []


def test_g08_after_a_tick_and_a_pull_the_clone_is_ready_for_the_next_tick(tmp_path):
    """The order file a tick played (and an untouched template) becomes the next tick's
    template in the host's commit, as a plain game folder renews it: a player who pulls before
    writing meets no conflict, and their next file is for the coming tick, never stale. A file
    the player changed since it was played is left as it is."""
    table = Table(tmp_path / "t")
    assert table.setup("simple-kingdoms", ["Ana", "Ben"], 3).returncode == 0
    ana, ben = table.clone("Ana"), table.clone("Ben")
    table.push_orders("Ana", 'orders for tick 1\nsell_resource("wood", 1)\nend\n')
    table.push_orders("Ben", "orders for tick 1\nend\n")
    tick = table.play("--dir", "host", "tick")
    assert tick.returncode == 0, output(tick)
    for clone, player in ((ana, "Ana"), (ben, "Ben")):
        pulled = table.run_git(clone, "pull", "-q")
        assert pulled.returncode == 0, pulled.stderr
        assert table.git(clone, "status", "--porcelain") == ""
        text = (clone / f"{player}_orders.txt").read_text(encoding="utf-8")
        assert text == (clone / f"{player}_orders_template.txt").read_text(encoding="utf-8")
        assert text.startswith("orders for tick 2")
    (ana / "Ana_orders.txt").write_text('orders for tick 2\nsell_resource("wood", 1)\nend\n')
    checked = table.play("check", cwd=ana)
    assert checked.returncode == 0 and "E-STALE" not in checked.stdout, output(checked)
    table.git(ana, "commit", "-qam", "tick 2")
    table.git(ana, "push", "-q")
    # Ben keeps last tick's file on purpose (edited after the tick): it is his, untouched.
    table.push_orders("Ben", "orders for tick 1\n# mine\nend\n")
    again = table.play("--dir", "host", "tick", "--absent", "Ben")
    assert again.returncode == 0, output(again)
    table.git(ben, "pull", "-q")
    assert (ben / "Ben_orders.txt").read_text() == "orders for tick 1\n# mine\nend\n"
    table.git(ana, "pull", "-q")
    assert (ana / "Ana_orders.txt").read_text().startswith("orders for tick 3")

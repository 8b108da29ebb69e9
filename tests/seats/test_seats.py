"""Seats: the referee's folder stays private, and each player's seat holds only
what that player may see. Real folders, real git repositories, every installed game."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from lifegames import registry
from lifegames.engine.host.host import Host, order_file
from lifegames.engine.host.tools import rollback, verify
from lifegames.engine.seats.seats import SEAT_FILE

from ..reliability.helpers import SECRET, output, play, tree
from .helpers import SALT, expected_seat, new_seated, seat_files, write_in_seats

GAMES = registry.ids()
PLAYERS = {"simple-kingdoms": None, "a-simple-life": ["Ana", "Ben"],
           "lifestyle": ["Ana", "Ben", "Cleo"], "the-sims": ["Ana", "Ben", "Cleo"],
           "a-chaotic-life": ["Ana", "Ben", "Cleo"]}
SEED = 8_243_117_950_612_337_401  # many digits: found in a file, it is the seed


def players_of(game_id: str) -> list[str]:
    return PLAYERS.get(game_id) or list(registry.get(game_id).default_players)


def secret_free(seats: Path, host: Host) -> None:
    """No seat byte holds the seed, the salt, the journal or anything of the referee's folder;
    no seat holds another player's folder."""
    envelope = host.load(strict=False).envelope
    needles = [str(envelope["seed"]).encode(), envelope["salt"].encode(), b"journal",
               b'"seed"', SECRET.encode()]
    players = host.load(strict=False).players
    for player in players:
        for name, data in seat_files(seats, player).items():
            assert not any(n in data for n in needles), f"{player}/{name} holds a secret"
            assert ".lifegames" not in name
            assert not any(name.startswith(f"{other}/") for other in players)


@pytest.mark.parametrize("game_id", GAMES)
def test_s01_setup_with_seats_gives_each_player_only_their_own_files(tmp_path, game_id):
    """setup --seats: the referee's folder holds no order file; each seat holds the player's
    sheets, their order file (with the template), a template and seat.json, and nothing of
    any other player's."""
    host, seats = new_seated(tmp_path, game_id, SEED, players_of(game_id))
    for player in players_of(game_id):
        assert not (tmp_path / "host" / order_file(player)).exists()
        found = seat_files(seats, player)
        assert f"{player}_orders.txt" in found and f"{player}_orders_template.txt" in found
        assert SEAT_FILE in found and any(n.startswith("000_") for n in found)
        mirror = expected_seat(host, player)
        assert {k: v for k, v in found.items()
                if k not in (SEAT_FILE, f"{player}_orders.txt")} == mirror
    secret_free(seats, host)


@pytest.mark.parametrize("game_id", GAMES)
def test_s02_a_game_played_from_the_seats_keeps_every_seat_a_true_copy(tmp_path, game_id):
    """Ticks driven by order files written in the seats: after every tick each seat is
    exactly the player's files in the referee's folder, their own order file and seat.json
    (their knowledge), with no secret in any byte; the referee's folder verifies."""
    host, seats = new_seated(tmp_path, game_id, SEED, players_of(game_id))
    rng = random.Random(SEED)
    for _ in range(8):
        loaded = host.load()
        if loaded.game.is_over(loaded.state):
            break
        written = write_in_seats(host, seats, rng)
        _, outcome = host.tick()
        assert not outcome.problems, [p.render() for p in outcome.problems]
        for player in loaded.players:
            found = seat_files(seats, player)
            orders = found.pop(f"{player}_orders.txt")
            if player in written:
                assert orders == written[player].encode(), "the host rewrote an order file"
            found.pop(SEAT_FILE)
            assert found == expected_seat(host, player)
        secret_free(seats, host)
    assert verify(host) == []


def test_s03_what_a_player_puts_in_a_seat_has_no_effect_on_the_host(tmp_path):
    """A crafted .lifegames/journal.json naming the host's files, a .git/hooks script, links to
    a host secret at the names of the next sheet and the log, and a huge file: the tick
    plays as usual, replaces the links (their target keeps its bytes), runs nothing and reads
    nothing but the order file."""
    host, seats = new_seated(tmp_path, "simple-kingdoms", SEED)
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET, encoding="utf-8")
    seat = seats / "Ironhold"
    (seat / ".lifegames").mkdir()
    (seat / ".lifegames" / "journal.json").write_text(json.dumps({"ops": [
        {"op": "write", "path": "../host/.lifegames/state.json", "staged": "00000"}]}))
    hooks = seat / ".git" / "hooks"
    hooks.mkdir(parents=True)
    (hooks / "post-commit").write_text(f"#!/bin/sh\ntouch {tmp_path / 'pwned'}\n")
    (hooks / "post-commit").chmod(0o755)
    (seat / "001_ironhold_sheet.txt").symlink_to(secret)
    (seat / "executed_orders.txt").symlink_to(secret)
    with open(seat / "huge.bin", "wb") as handle:
        handle.truncate(300 * 1024 * 1024)
    before = tree(tmp_path / "host")
    result = play(tmp_path / "host", "tick")
    assert result.returncode == 0, output(result)
    assert secret.read_text(encoding="utf-8") == SECRET
    assert not (seat / "001_ironhold_sheet.txt").is_symlink()
    assert not (seat / "executed_orders.txt").is_symlink()
    assert not (tmp_path / "pwned").exists()
    assert tree(tmp_path / "host") != before and verify(host) == []
    assert SECRET not in result.stdout + result.stderr


def test_s04_a_seat_that_cannot_take_a_file_stops_the_tick_before_anything_changes(tmp_path):
    """A folder where the next sheet goes: the tick is refused naming the seat's file, and
    neither the referee's folder nor any seat changes."""
    host, seats = new_seated(tmp_path, "simple-kingdoms", SEED)
    (seats / "Thornvale" / "001_thornvale_sheet.txt").mkdir()
    before = tree(tmp_path)
    result = play(tmp_path / "host", "tick")
    assert result.returncode == 4, output(result)
    assert "001_thornvale_sheet.txt" in result.stderr
    assert tree(tmp_path) == before
    shutil.rmtree(seats / "Thornvale" / "001_thornvale_sheet.txt")
    assert play(tmp_path / "host", "tick").returncode == 0


def test_s05_seats_on_another_file_system_are_written_whole(tmp_path):
    """Seats in /dev/shm (a tmpfs) while the referee's folder is on disk: ticks play, each
    seat is a true copy, and no temporary file is left anywhere."""
    shm = Path("/dev/shm")
    if not shm.is_dir() or os.stat(shm).st_dev == os.stat(tmp_path).st_dev:
        pytest.skip("no second file system here (/dev/shm missing or on the same device)")
    base = tmp_path
    seats = Path(shm / f"lifegames-seats-{os.getpid()}-{tmp_path.name}")
    try:
        game = registry.get("lifestyle")
        host = Host(str(base / "host"), registry.get)
        host.setup(game, ["Ana", "Ben"], [], SEED, None, SALT, seats)
        rng = random.Random(2)
        for _ in range(5):
            write_in_seats(host, seats, rng)
            _, outcome = host.tick()
            assert not outcome.problems
        for player in ("Ana", "Ben"):
            found = seat_files(seats, player)
            assert not [n for n in found if ".lifegames-tmp-" in n]
            for name in (f"{player}_orders.txt", SEAT_FILE):
                found.pop(name)
            assert found == expected_seat(host, player)
        assert verify(host) == []
    finally:
        shutil.rmtree(seats, ignore_errors=True)


def test_s06_rollback_puts_every_seat_back_too(tmp_path):
    """rollback N: the referee's folder and every seat are as they were right after tick N
    (the players' order files are left alone: they are the players')."""
    host, seats = new_seated(tmp_path, "lifestyle", SEED, ["Ana", "Ben"])
    rng = random.Random(4)
    snapshots = {}
    for tick in range(1, 5):
        write_in_seats(host, seats, rng)
        host.tick()
        snapshots[tick] = {p: expected_seat(host, p) | {SEAT_FILE: seat_files(seats, p)[SEAT_FILE]}
                           for p in ("Ana", "Ben")}
    rollback(host, 2)
    for player in ("Ana", "Ben"):
        found = seat_files(seats, player)
        found.pop(f"{player}_orders.txt")
        template = f"{player}_orders_template.txt"
        before = snapshots[2][player].pop(template)
        assert found.pop(template).startswith(before)  # + the undone orders, as comments
        assert found == snapshots[2][player]
    assert verify(host) == []


def _watched_reports(host_dir: Path, seats: Path, players: list[str]) -> dict[str, str]:
    """Run `watch` until each of `players` has a check report in their seat (one pass writes
    them one after the other); their texts."""
    watcher = subprocess.Popen(
        ["python3", str(Path(__file__).resolve().parents[2] / "play.py"), "--dir",
         str(host_dir), "watch", "--interval", "0.1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    reports = {p: seats / p / "check_report.txt" for p in players}
    try:
        for _ in range(100):
            if all(r.exists() for r in reports.values()):
                break
            subprocess.run(["sleep", "0.1"], check=True)
        return {p: r.read_text(encoding="utf-8") for p, r in reports.items()}
    finally:
        watcher.kill()
        watcher.communicate()


def test_s07_watch_answers_each_changed_order_file_in_its_seat(tmp_path):
    """watch writes the player's own check results into their seat (check_report.txt) within
    one polling interval of a change."""
    host, seats = new_seated(tmp_path, "simple-kingdoms", SEED)
    (seats / "Ironhold" / "Ironhold_orders.txt").write_text('build(0,0, "farn")\n')
    said = _watched_reports(tmp_path / "host", seats, ["Ironhold", "Thornvale"])
    text = said["Ironhold"]
    assert "E-UNKNOWN-BUILDING" in text and "farn" in text
    assert "\nIronhold_orders.txt:1:" in text and "Ironhold/" not in text  # as the seat names it
    assert "Thornvale" not in text
    assert not said["Thornvale"].count("Ironhold")


def test_s08_a_player_checks_in_their_seat_against_what_they_know(tmp_path):
    """`play.py check` in a seat: the player's own file, checked on seat.json (no referee
    folder needed), located problems with the usual codes, exit 1 on a problem."""
    host, seats = new_seated(tmp_path, "simple-kingdoms", SEED)
    seat = seats / "Ironhold"
    (seat / "Ironhold_orders.txt").write_text('orders for tick 1\nbuild(0,0, "farm")\nend\n')
    ok = play(seat, "check")
    assert ok.returncode == 0, output(ok)
    assert "Ironhold's seat" in ok.stdout and "1 order would run" in ok.stdout
    (seat / "Ironhold_orders.txt").write_text('orders for tick 1\nbiuld(0,0, "farm")\n')
    bad = play(seat, "check")
    assert bad.returncode == 1 and "Ironhold_orders.txt:2:1: E-UNKNOWN-COMMAND" in bad.stdout


def test_s09_stale_files_and_absent_players_in_seats(tmp_path):
    """The host never rewrites a seat's order file, so after a tick it is for an earlier tick:
    played again it is refused (E-STALE-ORDERS), and `tick --absent` plays the player by
    their game's default; both are recorded."""
    host, seats = new_seated(tmp_path, "simple-kingdoms", SEED)
    write_in_seats(host, seats, random.Random(1))
    assert play(tmp_path / "host", "tick").returncode == 0
    stale = play(tmp_path / "host", "tick")
    assert stale.returncode == 1 and "E-STALE-ORDERS" in stale.stderr
    away = play(tmp_path / "host", "tick", "--absent", "ironhold,thornvale")
    assert away.returncode == 0, output(away)
    log = (seats / "Ironhold" / "executed_orders.txt").read_text()
    assert log.endswith("# Tick 2\nabsent\n")
    assert verify(host) == []


# -- git ------------------------------------------------------------------------------------


def test_s11_a_shared_game_folder_whose_repository_could_run_a_program_is_refused(tmp_path):
    """One folder for everyone (no seats) is shared with every player, its repository too:
    `tick --commit` plays the tick, then refuses a repository whose settings could make git
    run a program, and says why; the program never runs."""
    root = tmp_path / "game"
    assert play(None, "setup", "--dir", str(root), "--commit", "--seed", "5").returncode == 0
    with open(root / ".git" / "config", "a", encoding="utf-8") as handle:
        handle.write(f"[core]\n\tfsmonitor = touch {tmp_path / 'pwned'}\n")
    result = play(root, "tick", "--commit")
    assert result.returncode == 4 and "core.fsmonitor" in result.stderr, output(result)
    assert not (tmp_path / "pwned").exists()


@pytest.mark.parametrize("game_id", GAMES)
def test_s12_every_game_refuses_a_stale_file_and_plays_an_absent_player(tmp_path, game_id):
    """For every game: a file written for an earlier tick is refused with E-STALE-ORDERS and
    a way forward; `tick --absent` plays every awaited player by the game's stated default
    (recorded as `absent` in their log and in the state the sheets show), and the referee's
    folder verifies."""
    host, seats = new_seated(tmp_path, game_id, SEED, players_of(game_id))
    loaded = host.load()
    awaited = loaded.game.awaiting(loaded.state)
    for player in awaited:
        (seats / order_file(player)).write_text("orders for tick 0\nend\n")
    stale = play(tmp_path / "host", "tick")
    assert stale.returncode == 1 and "E-STALE-ORDERS" in stale.stderr, output(stale)
    assert "orders for tick 1" in stale.stderr
    away = play(tmp_path / "host", "tick", "--absent", ",".join(awaited))
    assert away.returncode == 0, output(away)
    after = host.load()
    assert after.state.get("absent") == sorted(awaited)
    for player in awaited:
        log = (seats / player / "executed_orders.txt").read_text()
        assert "# Tick 1\nabsent\n" in log
    assert loaded.game.absent_policy and loaded.game.absent_policy in play(
        tmp_path / "host", "status").stdout
    assert verify(host) == []


def test_s13_a_seats_own_files_are_never_taken_for_a_misnamed_order_file(tmp_path):
    """A seat holds executed_orders.txt, the template, seat.json and watch's check report
    beside the order file: status and check on the host name none of them as a misnamed
    order file, and a file the player misnamed is still named."""
    host, seats = new_seated(tmp_path, "simple-kingdoms", SEED)
    write_in_seats(host, seats, random.Random(2))
    assert play(tmp_path / "host", "tick").returncode == 0
    (seats / "Ironhold" / "check_report.txt").write_text("no orders\n")
    assert (seats / "Ironhold" / "executed_orders.txt").exists()
    said = play(tmp_path / "host", "status").stdout + play(tmp_path / "host", "check").stdout
    assert "looks like an order file" not in said, said
    (seats / "Ironhold" / "Orders.txt").write_text("claim_tile(1,1)\n")
    said = play(tmp_path / "host", "status").stdout
    assert "note: Ironhold/Orders.txt looks like an order file" in said, said


@pytest.mark.parametrize("game_id", GAMES)
def test_s14_every_path_a_seat_names_is_right_inside_the_seat(tmp_path, game_id):
    """Sheets, templates and logs in a seat name the order file as it stands beside them
    (`Ben_orders.txt`), never as the referee's folder does (`Ben/Ben_orders.txt`): no seat
    file names a path of any player's folder. The referee's sheets are the same bytes, and
    right there too: they stand in the player's folder, beside the order file."""
    players = players_of(game_id)
    host, seats = new_seated(tmp_path, game_id, SEED, players)
    rng = random.Random(4)
    for _ in range(3):
        write_in_seats(host, seats, rng, "greedy")
        _, outcome = host.tick()
        assert not outcome.problems, [p.render() for p in outcome.problems]
    for player in players:
        for name, data in seat_files(seats, player).items():
            text = data.decode("utf-8")
            wrong = [f"{p}/" for p in players if f"{p}/" in text]
            assert not wrong, f"{player}'s seat file {name} names {wrong}"


def test_s15_orders_out_of_turn_are_warned_of_in_the_seat(tmp_path):
    """Ben writes orders while it is Ana's turn (Lifestyle): `check` in his seat warns
    W-NOT-AWAITED on them, naming the file as the seat does, and watch's report in his seat
    says the same; a seat whose file says nothing (the template) gets no report at all."""
    host, seats = new_seated(tmp_path, "lifestyle", SEED, ["Ana", "Ben", "Cleo"])
    assert host.load().game.awaiting(host.load().state) == ["Ana"]
    (seats / "Ben" / "Ben_orders.txt").write_text("orders for tick 1\ntake_card(1, 1)\nend\n")
    checked = play(seats / "Ben", "check")
    assert checked.returncode == 0, output(checked)
    assert "\nBen_orders.txt:2:1: W-NOT-AWAITED: these orders will never run" in checked.stdout
    text = _watched_reports(tmp_path / "host", seats, ["Ana", "Ben"])["Ben"]
    assert "\nBen_orders.txt:2:1: W-NOT-AWAITED" in text and "Ben/" not in text, text
    assert not (seats / "Cleo" / "check_report.txt").exists()


def test_s16_check_in_a_seat_or_the_game_folder_says_a_finished_game_is_over(tmp_path):
    """Once the last tick is played, `check` in a seat says the game is over and how it
    ended (the result the sheets show), not which tick awaits nobody; so does `check` in the
    game folder."""
    root, seats = tmp_path / "host", tmp_path / "seats"
    made = play(root, "setup", "--seed", "3", "--ticks", "1", "--seats", str(seats))
    assert made.returncode == 0, output(made)
    done = play(root, "tick", "--absent", "Ironhold,Thornvale")
    assert done.returncode == 0 and "The game is over." in done.stdout, output(done)
    summary = done.stdout.split("The game is over. ", 1)[1].splitlines()[0]
    checked = play(seats / "Ironhold", "check")
    assert checked.returncode == 0, output(checked)
    assert "the game is over (after tick 1)" in checked.stdout and summary in checked.stdout
    assert "awaited" not in checked.stdout and "next tick" not in checked.stdout
    host = play(root, "check")
    assert host.returncode == 0 and f"The game is over. {summary}" in host.stdout, output(host)

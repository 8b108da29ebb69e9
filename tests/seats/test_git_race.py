"""A host's commit rebuilt on a player's newer push keeps what the host wrote into that seat:
a bot's order file and a check report are never dropped silently. If the player changed their
own order file meanwhile, theirs stands, and the host says so. The race is made exactly: the
host's commit is built, the player pushes, then the host pushes (refused, fetched, rebuilt)."""

from __future__ import annotations

import pytest

from lifegames.engine.seats import gitpublish
from lifegames.engine.seats.gitseats import MAIN, RemoteSeat

from ..reliability.helpers import output
from .gitkit import Table

BOT = 'orders for tick 1\nsell_resource("food", 1)\nend\n'
THEIRS = 'orders for tick 1\nsell_resource("food", 2)\nend\n'


def _seated(tmp_path):  # noqa: ANN001, ANN202
    """A game of two over git seats: the table, Ana's clone, the host, its seats, and Ana's
    seat with a check report the host wrote (not yet built into a commit)."""
    table = Table(tmp_path / "t")
    done = table.setup("simple-kingdoms", ["Ana", "Ben"], 5)
    assert done.returncode == 0, output(done)
    clone = table.clone("Ana")
    host = table.host()
    seats = host.remote_seats()
    assert seats is not None
    seat = seats.seats["Ana"]
    (seat.files / "check_report.txt").write_text("a check report\n")
    return table, clone, host, seats, seat


def _raced(tmp_path, player_touches_orders: bool) -> tuple[Table, list[str]]:
    table, clone, host, seats, seat = _seated(tmp_path)
    assert gitpublish.build(seat, "bot: Ana", BOT.encode())  # built, not pushed yet
    if player_touches_orders:
        (clone / "Ana_orders.txt").write_text(THEIRS)
    else:
        (clone / "notes.txt").write_text("my notes\n")
    table.git(clone, "add", "-A")
    table.git(clone, "commit", "-qm", "mine")
    table.git(clone, "push", "-q")
    lines = seats.push()
    assert seat.ref(MAIN) == seat.record.pushed, lines
    table.git(clone, "pull", "-q")
    host.close()
    return table, lines


def test_r01_the_bots_file_and_the_check_report_survive_a_players_push(tmp_path):
    """The player pushed a file of their own: the host's rebuilt commit keeps the bot's
    order file and the check report beside the player's file; nothing needs saying."""
    table, lines = _raced(tmp_path, player_touches_orders=False)
    clone = table.clones / "Ana"
    assert (clone / "Ana_orders.txt").read_text() == BOT, lines
    assert (clone / "check_report.txt").read_text() == "a check report\n"
    assert (clone / "notes.txt").read_text() == "my notes\n"
    assert not any("not kept" in line for line in lines), lines


def test_r02_the_players_own_order_file_wins_and_the_host_says_so(tmp_path):
    """The player pushed their own order file meanwhile: it stands, the check report is
    still written, and the host's output says the bot's file was not kept."""
    table, lines = _raced(tmp_path, player_touches_orders=True)
    clone = table.clones / "Ana"
    assert (clone / "Ana_orders.txt").read_text() == THEIRS
    assert (clone / "check_report.txt").read_text() == "a check report\n"
    assert any("was not kept" in line and "Ana" in line for line in lines), lines


@pytest.mark.parametrize("touch", [False, True])
def test_r03_the_next_tick_plays_the_file_that_stood(tmp_path, touch):
    """After the race, tick plays Ana's file as it stands in her branch: the bot's (never
    'no orders' for a file the host lost) or her own."""
    table, _ = _raced(tmp_path, player_touches_orders=touch)
    table.clone("Ben")
    table.push_orders("Ben", "orders for tick 1\nend\n")
    done = table.play("--dir", "host", "tick")
    assert done.returncode == 0, output(done)
    log = (table.host_dir / "Ana" / "executed_orders.txt").read_text()
    assert f'sell_resource("food", {2 if touch else 1})' in log, log
    assert table.play("--dir", "host", "status").returncode == 0


def test_r04_a_player_pushing_on_and_on_cannot_keep_the_hosts_commit_out(tmp_path, monkeypatch):
    """The player pushes again just before each of the host's pushes, ten times over: each
    push of the host's is refused, rebuilt on the player's newest commit and tried again
    (for a time, not a fixed few tries), until the host's commit is in the branch, with
    every commit of the player's."""
    table, clone, host, seats, seat = _seated(tmp_path)
    assert gitpublish.build(seat, "report")
    real = RemoteSeat.push_command
    pushed: list[int] = []

    def push_command(self: RemoteSeat) -> list[str]:
        if len(pushed) < 10:  # the player wins the race, again
            pushed.append(1)
            (clone / "notes.txt").write_text(f"note {len(pushed)}\n")
            table.git(clone, "add", "-A")
            table.git(clone, "commit", "-qm", f"mine {len(pushed)}")
            table.git(clone, "push", "-q")
        return real(self)

    monkeypatch.setattr(RemoteSeat, "push_command", push_command)
    lines = seats.push()
    assert len(pushed) == 10
    assert seat.ref(MAIN) == seat.record.pushed, lines
    table.git(clone, "pull", "-q")
    assert (clone / "check_report.txt").read_text() == "a check report\n"
    assert (clone / "notes.txt").read_text() == "note 10\n"
    host.close()

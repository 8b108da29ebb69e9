"""`history` in a player's seat: the player's own story, made from the copies of seat.json the
seat keeps (one a tick), equal byte for byte to the page and table the host's
`history PLAYER` makes for that player, in a synced seat and in a git clone; nothing of the
referee's goes into those copies."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from lifegames.engine.core.history import seat_story
from lifegames.engine.seats.seats import ARCHIVE, mirror, seat_view, snapshot_file
from lifegames.engine.text.story import page

from ..reliability.helpers import output, play
from .gitkit import Table
from .helpers import new_seated, write_in_seats

SEED = 4_242


def _same_story(host_dir: Path, seat: Path, player: str, out: Path) -> bytes:
    """The seat's page and table are the host's for `player`; returns the page."""
    by_host, by_seat = out / f"host_{player}.html", out / f"seat_{player}.html"
    made = play(host_dir, "history", player, "--html", str(by_host))
    assert made.returncode == 0, output(made)
    told = play(seat, "history", "--html", str(by_seat))
    assert told.returncode == 0, output(told)
    assert by_seat.read_bytes() == by_host.read_bytes()
    table = play(seat, "history")
    assert table.returncode == 0, output(table)
    assert table.stdout == play(host_dir, "history", player).stdout
    return by_seat.read_bytes()


@pytest.mark.parametrize("game_id,ticks", [("a-chaotic-life", 7), ("the-sims", 5),
                                           ("a-simple-life", 40)])
def test_t01_a_synced_seat_tells_the_page_the_host_makes_for_its_player(tmp_path, game_id,
                                                                         ticks):
    """A game played from synced seats (A Simple Life to its end, so the result is told
    too): in each seat, `history --html` writes the very page the host's
    `history PLAYER --html` writes, and `history` prints the very table."""
    host, seats = new_seated(tmp_path, game_id, SEED)
    rng = random.Random(SEED)
    for _ in range(ticks):
        loaded = host.load()
        if loaded.game.is_over(loaded.state):
            break
        write_in_seats(host, seats, rng, "greedy")
        assert not host.tick()[1].problems
    loaded = host.load()
    if game_id == "a-simple-life":
        assert loaded.game.is_over(loaded.state)
    for player in loaded.players:
        text = _same_story(tmp_path / "host", seats / player, player, tmp_path)
        assert f"{loaded.state['tick']} ticks.</p>".encode() in text


def test_t02_a_git_clone_of_a_seat_tells_the_same_page_and_may_keep_it(tmp_path):
    """Over git (A Chaotic Life!, hidden hands): a player's clone, pulled after some ticks,
    tells the host's page for that player; the page may be written in the clone itself, where
    it is the player's one new file, but never over a file the host writes there."""
    table = Table(tmp_path)
    players = ["Ana", "Ben", "Cleo"]
    assert table.setup("a-chaotic-life", players).returncode == 0
    clones = {p: table.clone(p) for p in players}
    rng = random.Random(3)
    for _ in range(4):
        loaded = table.host().load()
        for player in loaded.game.awaiting(loaded.state):
            table.git(clones[player], "pull", "-q")
            table.push_orders(player, table.bot_text(player, rng))
        assert table.play("--dir", "host", "tick").returncode == 0
    out = tmp_path / "pages"
    out.mkdir()
    for player in players:
        clone = clones[player]
        table.git(clone, "pull", "-q")
        assert (clone / snapshot_file(4)).is_file()
        _same_story(table.host_dir, clone, player, out)
        kept = table.play("history", "--html", "story.html", cwd=clone)
        assert kept.returncode == 0, output(kept)
        assert (clone / "story.html").read_bytes() == (out / f"host_{player}.html").read_bytes()
        assert table.git(clone, "status", "--porcelain") == "?? story.html\n"
        for name in ("seat.json", f"{player}_orders.txt", "004_ana_sheet.txt"):
            refused = table.play("history", "--html", name, cwd=clone)
            assert refused.returncode == 2 and "which the seat" in refused.stderr, \
                output(refused)
        assert table.git(clone, "status", "--porcelain") == "?? story.html\n"


def test_t03_a_seat_of_a_game_begun_before_it_kept_copies_tells_what_it_holds(tmp_path):
    """A seat without the copies of the first ticks (a game begun with an earlier lifegames)
    tells the ticks it holds and says from which; a damaged copy is named."""
    host, seats = new_seated(tmp_path, "the-sims", SEED, ["Ana", "Ben"])
    rng = random.Random(1)
    for _ in range(4):
        write_in_seats(host, seats, rng, "greedy")
        assert not host.tick()[1].problems
    seat = seats / "Ana"
    for tick in (0, 1):
        (seat / snapshot_file(tick)).unlink()
    told = play(seat, "history", "--html", str(tmp_path / "ana.html"))
    assert told.returncode == 0, output(told)
    assert "from tick 2 on" in told.stderr
    text = (tmp_path / "ana.html").read_text(encoding="utf-8")
    assert "ticks 2 to 4 (what came before tick 2 was not kept" in text
    assert 'id="tick-1"' not in text and 'id="tick-2"' in text
    rows = play(seat, "history").stdout.splitlines()
    assert [line.split()[:2] for line in rows[2:]] == [
        [str(t), p] for t in (2, 3, 4) for p in ("Ana", "Ben")]
    (seat / snapshot_file(3)).write_text("{", encoding="utf-8")
    damaged = play(seat, "history")
    assert damaged.returncode == 4 and "003_seat.json" in damaged.stderr, output(damaged)


def test_t04_the_copies_and_the_page_hold_no_secret(tmp_path):
    """The others' hands and the draw pile changed behind a player's back (the referee's
    secrets), at every tick: the seat files a tick writes for that player (seat.json and its
    copy) and the page made from them do not change by a byte."""
    host, seats = new_seated(tmp_path, "a-chaotic-life", SEED)
    rng = random.Random(SEED)
    states = [host.load().state]
    for _ in range(5):
        write_in_seats(host, seats, rng, "greedy")
        assert not host.tick()[1].problems
        states.append(host.load().state)
    loaded = host.load()
    game, players, player = loaded.game, loaded.players, loaded.players[0]

    def hidden(state: dict) -> dict:
        other = copy.deepcopy(state)
        pool = other["deck"] + [c for p in players if p != player for c in other["hands"][p]]
        pool.reverse()
        for p in players:
            if p != player:
                count = len(other["hands"][p])
                other["hands"][p], pool = pool[:count], pool[count:]
        other["deck"] = pool
        return other

    changed = [hidden(s) for s in states]
    assert any(a["hands"] != b["hands"] for a, b in zip(states, changed, strict=True))
    pages = []
    for each in (states, changed):
        views = {player: seat_view(game, each[-1], player, players)}
        ops = mirror(tmp_path / "host", players, [], views, int(each[-1]["tick"]), False)
        assert [op.path for op in ops] == [f"{player}/seat.json",
                                           f"{player}/{ARCHIVE}/005_seat.json"]
        told = seat_story(game, [game.knowledge(s, player) for s in each], players, player)
        pages.append(([op.text for op in ops], page("story", told)))
    assert pages[0] == pages[1]
    held = (seats / player / snapshot_file(5)).read_text(encoding="utf-8")
    assert held == pages[0][0][0]

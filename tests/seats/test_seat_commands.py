"""What a player runs in their own seat (a synced folder or a git clone of it): the order
template names the `check` that works there, and `bot` and `history` work from what the seat
holds (seat.json: the player's knowledge, and its copies of earlier ticks) or say what to use
instead."""

from __future__ import annotations

import random

import pytest

from lifegames import registry
from lifegames.engine.core.bots import choose_orders, order_file_text
from lifegames.engine.host.host import order_file

from ..reliability.helpers import output, play
from .gitkit import Table
from .helpers import new_seated, write_in_seats

GAMES = registry.ids()
SEED = 4_242


def players_of(game_id: str) -> list[str]:
    return list(registry.get(game_id).default_players)


@pytest.mark.parametrize("game_id", GAMES)
def test_c01_a_seat_template_names_the_check_that_works_in_the_seat(tmp_path, game_id):
    """A seat has no play.py and its `check` takes no player: the template there names
    `lifegames check` (and, from a clone of lifegames, `check --dir` the seat), and that
    second form does check the seat's file. A game folder's template keeps the game-folder
    form, `python3 play.py check PLAYER`."""
    players = players_of(game_id)
    host, seats = new_seated(tmp_path / "seated", game_id, SEED, players)
    player = players[0]
    seat = seats / player
    for name in (f"{player}_orders_template.txt", f"{player}_orders.txt"):
        text = (seat / name).read_text(encoding="utf-8")
        assert "play.py check " + player not in text, name
        assert "lifegames check" in text and "python3 play.py check --dir" in text, name
    checked = play(seat, "check")  # the untouched template: a turn may still be missing
    assert checked.returncode in (0, 1), output(checked)
    assert f"{player}'s seat, next tick 1: checked against what you know" in checked.stdout
    plain = tmp_path / "plain"
    made = play(plain, "setup", "--game", game_id, "--seed", "3")
    assert made.returncode == 0, output(made)
    first = registry.get(game_id).default_players[0]
    text = (plain / order_file(first)).read_text(encoding="utf-8")
    assert f"python3 play.py check {first}" in text and "lifegames check" not in text


def _host_bot(table: Table, player: str) -> str:
    """The file the host's greedy `bot` writes for `player` now (it plans on the player's
    knowledge: a bot in the seat, which has nothing else, must write the same)."""
    loaded = table.host().load()
    rng = random.Random(f"{player}:{loaded.state['tick']}")
    orders = choose_orders(loaded.game, loaded.state, player, "greedy", rng)
    return order_file_text(loaded.game, loaded.state, player, orders, "greedy")


def test_c02_bot_in_a_players_git_clone_writes_their_file_from_what_they_know(tmp_path):
    """`play.py bot` in a player's git clone (no game folder there, only seat.json): the
    player's own order file, the one the host's bot would write for them, which `check` in
    the clone accepts and the host's tick plays once pushed. A draft is kept unless --force;
    another player's name is refused (the seat knows only its player's secrets)."""
    table = Table(tmp_path)
    assert table.setup("the-sims", ["Ana", "Ben", "Cleo"]).returncode == 0
    ana = table.clone("Ana")
    template = (ana / "Ana_orders_template.txt").read_text(encoding="utf-8")
    assert "lifegames check" in template and "play.py check Ana" not in template
    wanted = _host_bot(table, "Ana")
    made = table.play("bot", cwd=ana)
    assert made.returncode == 0, output(made)
    assert "wrote 4 lines to Ana_orders.txt, from what Ana knows" in made.stdout
    assert (ana / "Ana_orders.txt").read_text(encoding="utf-8") == wanted
    assert table.git(ana, "status", "--porcelain") == " M Ana_orders.txt\n", "nothing else"
    checked = table.play("check", cwd=ana)
    assert checked.returncode == 0 and "2 orders would run" in checked.stdout, output(checked)
    again = table.play("bot", cwd=ana)
    assert again.returncode == 2 and "already holds orders (a draft)" in again.stderr
    assert table.play("bot", "--force", cwd=ana).returncode == 0
    other = table.play("bot", "Ben", cwd=ana)
    assert other.returncode == 2 and "this is Ana's seat" in other.stderr, output(other)
    table.git(ana, "commit", "-qam", "orders")
    table.git(ana, "push", "-q")
    tick = table.play("--dir", "host", "tick", "--absent", "Ben,Cleo")
    assert tick.returncode == 0, output(tick)
    executed = (table.host_dir / "Ana" / "executed_orders.txt").read_text(encoding="utf-8")
    assert [line for line in wanted.splitlines()[2:-1]] == \
        [line for line in executed.splitlines() if not line.startswith("#")]


def test_c03_history_in_a_players_git_clone_tells_their_own_story(tmp_path):
    """`play.py history` in a player's git clone at setup: their figures of tick 0 (the
    seat's seat.json), the same table the host's `history PLAYER` prints; it writes nothing
    but a page asked for, and another player's name is refused."""
    table = Table(tmp_path)
    assert table.setup("the-sims", ["Ana", "Ben", "Cleo"]).returncode == 0
    ana = table.clone("Ana")
    told = table.play("history", cwd=ana)
    assert told.returncode == 0, output(told)
    assert told.stdout == table.play("--dir", "host", "history", "Ana").stdout
    assert told.stdout.splitlines()[2].split()[:2] == ["0", "Ana"]
    assert table.git(ana, "status", "--porcelain") == ""
    other = table.play("history", "Ben", cwd=ana)
    assert other.returncode == 2 and "this is Ana's seat" in other.stderr


def test_c04_bot_in_a_synced_seat_folder(tmp_path):
    """The same `bot` in a synced seat folder (`setup --seats`); for a player who is not
    awaited it writes nothing and says who is."""
    host, seats = new_seated(tmp_path, "the-sims", SEED, ["Ana", "Ben", "Cleo"])
    made = play(seats / "Ben", "bot")
    assert made.returncode == 0, output(made)
    assert (seats / "Ben" / "Ben_orders.txt").read_text().startswith("orders for tick 1\n")
    checked = play(seats / "Ben", "check")
    assert checked.returncode == 0, output(checked)
    write_in_seats(host, seats, random.Random(1), "greedy")
    _, outcome = host.tick()
    assert not outcome.problems
    waiting = [p for p in ("Ben", "Cleo") if p not in host.load().game.awaiting(
        host.load().state)]
    assert waiting, "someone waits for their turn"
    before = (seats / waiting[0] / f"{waiting[0]}_orders.txt").read_bytes()
    refused = play(seats / waiting[0], "bot")
    assert refused.returncode == 2 and f"{waiting[0]}'s orders are not awaited now" in \
        refused.stderr and "awaited now: " in refused.stderr, output(refused)
    assert (seats / waiting[0] / f"{waiting[0]}_orders.txt").read_bytes() == before


def test_c05_bot_in_a_seat_keeps_the_standing_orders_the_player_wrote(tmp_path):
    """`bot` in a seat stands in for the turn only: standing lines the player wrote in their
    file (here a file for this tick with nothing else) are kept as written, in place of the
    bot's own, and it says so; `--force` writes the bot's own."""
    host, seats = new_seated(tmp_path, "a-chaotic-life", SEED, ["Ana", "Ben", "Cleo"])
    loaded = host.load()
    (player,) = loaded.game.awaiting(loaded.state)
    path = seats / player / f"{player}_orders.txt"
    own = ['standing react("Umbrella", "any", others, helps)  # my answer', "standing decline"]
    path.write_text("orders for tick 1\n" + "\n".join(own) + "\nend\n", encoding="utf-8")
    made = play(seats / player, "bot")
    assert made.returncode == 0, output(made)
    assert f"kept the 2 standing lines already in {player}_orders.txt" in made.stdout
    lines = path.read_text(encoding="utf-8").splitlines()
    assert [x for x in lines if x.startswith("standing")] == own
    checked = play(seats / player, "check")
    assert checked.returncode == 0, output(checked)
    forced = play(seats / player, "bot", "--force")
    assert forced.returncode == 0, output(forced)
    assert not set(own) & set(path.read_text(encoding="utf-8").splitlines())


# -- status in a seat ----------------------------------------------------------------------------


def _file_line(said: str, player: str) -> str:
    return next(line for line in said.splitlines()
                if line.startswith(f"  {player}_orders.txt: ")).split(": ", 1)[1]


def test_c06_status_in_a_synced_seat_says_how_the_players_file_stands(tmp_path):
    """`status` in a synced seat folder, from seat.json alone: the tick, who is awaited
    (and whether it is this player), and the player's file: with problems, not complete
    (W-NO-END: watch waits), complete, or stale once the tick is played; `--fetch` there
    says there is nothing to fetch, and in a game folder it is a usage error."""
    host, seats = new_seated(tmp_path, "simple-kingdoms", SEED)
    seat = seats / "Ironhold"
    mine = seat / "Ironhold_orders.txt"
    said = play(seat, "status")
    assert said.returncode == 0, output(said)
    assert said.stdout.startswith(f"Simple Kingdoms, Ironhold's seat in {seat.resolve()}: "
                                  "tick 0 of ")
    assert "awaiting orders for tick 1 from: Ironhold, Thornvale (yours are awaited)" in \
        said.stdout
    assert _file_line(said.stdout, "Ironhold") == (
        "no orders yet, not complete: it does not end with `end`, so `watch` waits for it "
        "(W-NO-END)")
    assert "synced seat: the host's new sheets arrive with the sync" in said.stdout
    mine.write_text('orders for tick 1\nbiuld(0,0, "farm")\nend\n')
    assert _file_line(play(seat, "status").stdout, "Ironhold") == \
        "1 problem: `lifegames check` here shows them"
    mine.write_text('orders for tick 1\nbuild(0,0, "farm")\nend\n')
    assert _file_line(play(seat, "status").stdout, "Ironhold") == \
        "1 order, complete (it ends with `end`)"
    write_in_seats(host, seats, random.Random(1), "greedy")
    _, outcome = host.tick()
    assert not outcome.problems
    after = play(seat, "status")
    assert "tick 1 of " in after.stdout.splitlines()[0], after.stdout
    assert _file_line(after.stdout, "Ironhold").startswith(
        "stale: written for tick 1, and the next tick is 2 (E-STALE-ORDERS if it were read)")
    fetched = play(seat, "status", "--fetch")
    assert fetched.returncode == 0 and "this seat is no git clone" in fetched.stdout
    in_folder = play(tmp_path / "host", "status", "--fetch")
    assert in_folder.returncode == 2 and "--fetch is for a player's git clone" in \
        in_folder.stderr, output(in_folder)
    assert play(tmp_path / "host", "status").returncode == 0


def test_c07_status_in_a_seat_out_of_turn(tmp_path):
    """A player the game does not await: status says whose turn it is, and a file holding
    standing lines without `end` is not complete (they would not take effect)."""
    host, seats = new_seated(tmp_path, "lifestyle", SEED, ["Ana", "Ben", "Cleo"])
    seat = seats / "Ben"
    said = play(seat, "status")
    assert said.returncode == 0, output(said)
    assert "awaiting orders for tick 1 from: Ana (not yours: your sheet says when it is " \
        "your turn)" in said.stdout
    assert _file_line(said.stdout, "Ben") == "no orders yet"
    (seat / "Ben_orders.txt").write_text("orders for tick 1\nstanding accept\n")
    assert _file_line(play(seat, "status").stdout, "Ben") == (
        "standing lines only, not complete: it does not end with `end`, so its standing "
        "lines do not take effect (W-NO-END)")
    (seat / "Ben_orders.txt").unlink()
    assert _file_line(play(seat, "status").stdout, "Ben") == \
        "missing: write it from Ben_orders_template.txt"


def test_c08_status_and_check_in_a_git_clone_behind_its_remote(tmp_path):
    """In a player's git clone (real git, a bare remote): status says the clone is up to
    date as last fetched; after the host plays a tick it still says so without a fetch
    (nothing is fetched unasked), and `status --fetch` finds tick 1 there and says that
    `git pull` brings the newer sheets; `check` in that stale clone says so too, beside
    W-NOT-AWAITED for orders the old sheet thinks are out of turn. Commits not pushed and
    changes not committed are named; after `git pull` the clone is up to date again. The
    host's status calls seats on local paths private (it is the git daemon that is not)."""
    table = Table(tmp_path)
    assert table.setup("lifestyle", ["Ana", "Ben", "Cleo"]).returncode == 0
    ben = table.clone("Ben")
    table.clone("Ana")
    said = table.play("status", cwd=ben)
    assert said.returncode == 0, output(said)
    assert "Lifestyle, Ben's seat in" in said.stdout and "tick 0 played" in said.stdout
    assert "git: up to date with origin/main (as last fetched; `status --fetch` fetches " \
        "first, or `git pull`)" in said.stdout, said.stdout
    host_said = table.play("status", "--dir", "host")
    assert "seats: each player's seat holds only what they may see" in host_said.stdout
    table.push_orders("Ana", table.bot_text("Ana", random.Random(2), "greedy"))
    host = table.host()
    after, outcome = host.tick()
    host.close()
    assert not outcome.problems and int(after.state["tick"]) == 1
    assert "Ben" in after.game.awaiting(after.state), "Ben's turn now"
    unasked = table.play("status", cwd=ben)
    assert "git: up to date with origin/main" in unasked.stdout, "no fetch unless asked"
    fetched = table.play("status", "--fetch", cwd=ben)
    assert fetched.returncode == 0, output(fetched)
    behind = ("git: your clone is behind origin/main (just fetched): tick 1 is played there, "
              "this clone's sheets are of tick 0; `git pull` brings the newer sheets")
    assert behind in fetched.stdout, fetched.stdout
    (ben / "Ben_orders.txt").write_text("orders for tick 1\ntake_card(1, 1)\nend\n")
    checked = table.play("check", cwd=ben)
    assert "your clone is behind origin/main (as your last fetch or pull left it): tick 1 " \
        "is played there" in checked.stdout, output(checked)
    assert "W-NOT-AWAITED" in checked.stdout, "what the old sheet says is said too"
    changed = table.play("status", cwd=ben)
    assert "git: Ben_orders.txt has changes not committed" in changed.stdout, changed.stdout
    table.git(ben, "checkout", "--", "Ben_orders.txt")
    table.git(ben, "pull", "-q")
    pulled = table.play("status", cwd=ben)
    assert "tick 1 played" in pulled.stdout and "(yours are awaited)" in pulled.stdout
    assert "git: up to date with origin/main" in pulled.stdout, pulled.stdout
    assert "not committed" not in pulled.stdout
    (ben / "notes.txt").write_text("my plan\n")
    table.git(ben, "add", "notes.txt")
    table.git(ben, "commit", "-qm", "notes")
    ahead = table.play("status", cwd=ben)
    assert "git: 1 commit of yours not pushed yet: the host reads only what is pushed" in \
        ahead.stdout, ahead.stdout
    assert table.git(ben, "status", "--porcelain") == "", "status wrote nothing"

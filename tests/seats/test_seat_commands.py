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

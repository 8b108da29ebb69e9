"""The referee and player tools on Lifestyle folders: verify, diff, rollback, bot, simulate."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from lifegames import registry
from lifegames.engine.core import simulate
from lifegames.engine.core.bots import choose_orders, order_file_text
from lifegames.engine.core.dice import Dice
from lifegames.engine.core.orders import parse_text
from lifegames.engine.core.turn import play_tick
from lifegames.engine.host import tools
from lifegames.engine.host.host import Host, order_file
from lifegames.lifestyle import GAME

PLAYERS = ["Ana", "Ben"]
SEED = 31


def new_game(root: Path, players=PLAYERS, seed=SEED) -> Host:
    host = Host(str(root), registry.get)
    host.setup(GAME, list(players), [], seed, None, "a5")
    return host


def play_ticks(host: Host, count: int | None, rng: random.Random, strategy="random") -> int:
    played = 0
    while count is None or played < count:
        loaded = host.load()
        if GAME.is_over(loaded.state):
            break
        for player in GAME.awaiting(loaded.state):
            orders = choose_orders(GAME, loaded.state, player, strategy, rng)
            host.folder.path(order_file(player)).write_text(
                order_file_text(GAME, loaded.state, player, orders, strategy), encoding="utf-8")
        _, outcome = host.tick()
        assert not outcome.problems, [p.render() for p in outcome.problems]
        played += 1
    return int(host.load().state["tick"])


def files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()
            and p.relative_to(root).as_posix() != ".lifegames/rollbacks.txt"}


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("lifestyle") / "game"
    host = new_game(root)
    play_ticks(host, None, random.Random(SEED), "greedy")
    assert GAME.is_over(host.load().state)
    return root


def test_verify_a_whole_game_replays_byte_for_byte(finished: Path):
    host = Host(str(finished), registry.get)
    seed, _ = tools.reveal(host)
    assert seed == SEED
    assert tools.verify(host, seed=seed) == []


def test_verify_notices_an_edited_sheet(tmp_path: Path):
    root = tmp_path / "game"
    play_ticks(new_game(root), 10, random.Random(2))
    assert tools.verify(Host(str(root), registry.get)) == []
    sheet = sorted((root / "Ana").glob("*_ana_sheet.txt"))[-1]
    sheet.write_text(sheet.read_text(encoding="utf-8") + "x\n", encoding="utf-8")
    assert tools.verify(Host(str(root), registry.get))


def test_diff_shows_what_changed_on_a_sheet(finished: Path):
    text = tools.diff(Host(str(finished), registry.get), "Ana", 1, 2)
    assert "ana_sheet.txt" in text and "\n+" in text and "\n-" in text


def test_rollback_restores_the_folder_as_it_was_after_tick_n(tmp_path: Path):
    root = tmp_path / "game"
    host = new_game(root)
    rng = random.Random(5)
    play_ticks(host, 6, rng)
    copy = tmp_path / "copy"
    shutil.copytree(root, copy)
    play_ticks(host, 5, rng)
    assert files(root) != files(copy)
    tools.rollback(host, 6)
    now, before = files(root), files(copy)
    for name in [n for n in now if n.endswith("_orders.txt")]:  # + the undone orders, as notes
        assert now.pop(name).startswith(before.pop(name))
    assert now == before


def test_bot_orders_are_accepted_by_play_tick_for_both_strategies():
    state = GAME.setup(["A", "B", "C"], {}, Dice(9, 0))
    state["tick"] = 0
    rng = random.Random(9)
    for step in range(60):
        if GAME.is_over(state):
            break
        (player,) = GAME.awaiting(state)
        strategy = ("random", "greedy")[step % 2]
        text = "\n".join(choose_orders(GAME, state, player, strategy, rng))
        outcome = play_tick(GAME, state, {player: parse_text("lifestyle", text, player)}, 9)
        assert not outcome.problems, [p.render() for p in outcome.problems]
        state = outcome.state


def test_simulate_gives_the_same_games_with_one_or_two_jobs():
    one = simulate.run(registry.get, "lifestyle", 4, 3, ["greedy", "random"], jobs=1)
    two = simulate.run(registry.get, "lifestyle", 4, 3, ["greedy", "random"], jobs=2)
    assert [r.as_dict() for r in one] == [r.as_dict() for r in two]
    assert all(r.winners for r in one)

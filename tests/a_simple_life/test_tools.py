"""The referee's tools on A Simple Life: replay/verify, diff, rollback, bot, simulate."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from lifegames import registry
from lifegames.engine.core.bots import choose_orders, order_file_text
from lifegames.engine.core.simulate import run
from lifegames.engine.host import tools
from lifegames.engine.host.host import Host, order_file

GAME_ID = "a-simple-life"


def _host(root: Path, players: list[str], words: list[str]) -> Host:
    host = Host(str(root), registry.get)
    host.setup(registry.get(GAME_ID), players, words, 99, None, "a5")
    return host


def _play(host: Host, ticks: int | None = None, snapshot: tuple[int, Path] | None = None
          ) -> None:
    rng = random.Random(5)
    played = 0
    while True:
        loaded = host.load()
        if loaded.game.is_over(loaded.state) or (ticks is not None and played >= ticks):
            return
        for player in loaded.game.awaiting(loaded.state):
            orders = choose_orders(loaded.game, loaded.state, player, "random", rng)
            text = order_file_text(loaded.game, loaded.state, player, orders, "random")
            host.folder.path(order_file(player)).write_text(text, encoding="utf-8")
        _, outcome = host.tick()
        assert not outcome.problems, outcome.problems[0].render()
        played += 1
        if snapshot and played == snapshot[0]:
            shutil.copytree(host.folder.root, snapshot[1])


def test_verify_a_whole_two_player_game(tmp_path):
    host = _host(tmp_path / "g", ["Ana", "Ben"], ["days=3", "goals=2"])
    _play(host)
    assert host.load().game.is_over(host.load().state)
    assert tools.verify(host) == []


def test_diff_and_rollback(tmp_path):
    host = _host(tmp_path / "g", ["Ana"], ["days=3"])
    _play(host, ticks=6, snapshot=(3, tmp_path / "copy"))
    text = tools.diff(host, "Ana")
    assert text.startswith("---") and "+++" in text
    tools.rollback(host, 3)
    copy_files = {p.relative_to(tmp_path / "copy").as_posix(): p.read_bytes()
                  for p in sorted((tmp_path / "copy").rglob("*")) if p.is_file()
                  and "lock" not in p.name and "rollbacks" not in p.name}
    now = {p.relative_to(host.folder.root).as_posix(): p.read_bytes()
           for p in sorted(host.folder.root.rglob("*")) if p.is_file()
           and "lock" not in p.name and "rollbacks" not in p.name}
    # the order file gains the undone orders as comments; everything else is as it was
    orders = "Ana/Ana_orders.txt"
    assert now.pop(orders).startswith(copy_files.pop(orders))
    assert now == copy_files


def test_bot_files_are_accepted_by_tick(tmp_path):
    host = _host(tmp_path / "g", ["Ana"], [])
    for strategy in ("greedy", "random"):
        loaded = host.load()
        orders = choose_orders(loaded.game, loaded.state, "Ana", strategy, random.Random(1))
        text = order_file_text(loaded.game, loaded.state, "Ana", orders, strategy)
        host.folder.path(order_file("Ana")).write_text(text, encoding="utf-8")
        _, outcome = host.tick()
        assert not outcome.problems


def test_simulate_with_one_and_two_jobs_is_identical():
    one = run(registry.get, GAME_ID, 4, 11, ["random"], jobs=1)
    two = run(registry.get, GAME_ID, 4, 11, ["random"], jobs=2)
    assert [r.as_dict() for r in one] == [r.as_dict() for r in two]

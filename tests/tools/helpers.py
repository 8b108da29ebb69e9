"""Helpers for the tools tests: real Simple Kingdoms folders played by seeded bots, folder
snapshots for byte-for-byte comparison, and `python3 play.py` run as a subprocess."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

from lifegames import registry
from lifegames.engine.core.bots import choose_orders, order_file_text
from lifegames.engine.host.host import Host, order_file

GAME_ID = "simple-kingdoms"
GAME = registry.get(GAME_ID)
PLAYERS = ["Ironhold", "Thornvale"]
IRON, THORN = PLAYERS
REPO = Path(__file__).resolve().parents[2]
PLAY = REPO / "play.py"


def new_game(root: Path, seed: int, ticks: int, words: list[str] | None = None) -> Host:
    """Set up a fresh game in `root` exactly as `play.py setup` does."""
    host = Host(str(root), registry.get)
    host.setup(GAME, list(PLAYERS), list(words or []), seed, ticks)
    return host


def write_bot_orders(host: Host, rng: random.Random, strategy: str = "random") -> int:
    """Every awaited player's order file, written by a bot; returns how many orders."""
    loaded = host.load()
    total = 0
    for player in loaded.game.awaiting(loaded.state):
        orders = choose_orders(loaded.game, loaded.state, player, strategy, rng)
        text = order_file_text(loaded.game, loaded.state, player, orders, strategy)
        host.folder.path(order_file(player)).write_text(text, encoding="utf-8")
        total += len(orders)
    return total


def play_ticks(host: Host, count: int | None, rng: random.Random,
               strategy: str = "random") -> int:
    """Play `count` ticks (None: to the end of the game) with bot orders; returns the tick."""
    played = 0
    while count is None or played < count:
        loaded = host.load()
        if loaded.game.is_over(loaded.state):
            break
        write_bot_orders(host, rng, strategy)
        _, outcome = host.tick()
        assert not outcome.problems, [p.render() for p in outcome.problems]
        played += 1
    return int(host.load().state["tick"])


def tree(root: Path, skip: tuple[str, ...] = ()) -> dict[str, bytes | None]:
    """Every file (-> its bytes) and folder (-> None) under root, hidden ones too, by relative
    POSIX path. Two equal trees are byte-identical folders."""
    out: dict[str, bytes | None] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if any(rel == s or rel.startswith(s + "/") for s in skip):
            continue
        out[rel] = None if path.is_dir() else path.read_bytes()
    return out


def player_trees(root: Path) -> dict[str, bytes | None]:
    """The player folders (sheets, archive/, executed orders, order files) only."""
    out: dict[str, bytes | None] = {}
    for player in PLAYERS:
        out[player] = None
        out.update({f"{player}/{k}": v for k, v in tree(root / player).items()})
    return out


def tree_difference(a: dict[str, bytes | None], b: dict[str, bytes | None]) -> list[str]:
    """Readable differences between two trees ([] when byte-identical)."""
    problems = [f"only in first: {k}" for k in sorted(set(a) - set(b))]
    problems += [f"only in second: {k}" for k in sorted(set(b) - set(a))]
    problems += [f"bytes differ: {k}" for k in sorted(set(a) & set(b)) if a[k] != b[k]]
    return problems


def published_digest(root: Path) -> str:
    """The hex digest on the last line of seed_sha256.txt."""
    return (root / "seed_sha256.txt").read_text(encoding="utf-8").split()[-1]


def play(root: Path | None, *args: str, timeout: float = 120,
         env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run `python3 play.py [--dir root] ARGS...` from the checkout, as a user would."""
    command = [sys.executable, str(PLAY)]
    if root is not None:
        command += ["--dir", str(root)]
    return subprocess.run([*command, *args], cwd=REPO, capture_output=True, text=True,
                          timeout=timeout, env=env if env is not None else dict(os.environ))


def output(result: subprocess.CompletedProcess[str]) -> str:
    return result.stdout + result.stderr


def executed_ticks(root: Path, player: str) -> dict[int, list[str]]:
    """A player's executed_orders.txt as tick -> order lines."""
    ticks: dict[int, list[str]] = {}
    current: list[str] = []
    path = root / player / "executed_orders.txt"
    if not path.exists():
        return ticks
    for line in path.read_text(encoding="utf-8").splitlines():
        match = re.fullmatch(r"# Tick (\d+)", line)
        if match:
            current = ticks.setdefault(int(match.group(1)), [])
        elif line.strip():
            current.append(line)
    return ticks


def write_orders(root: Path, player: str, text: str) -> None:
    (root / order_file(player)).write_text(text, encoding="utf-8")


def current_tick(root: Path) -> int:
    return int(Host(str(root), registry.get).load().state["tick"])

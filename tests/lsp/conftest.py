"""Fixtures for the language server's tests: real game folders and seats made as `setup` makes
them, and servers started as separate processes speaking over real pipes (client.py).

The server needs pygls and lsprotocol (the `lsp` extra, also in the `test` extra that CI
installs); without them the tests that start one are skipped, saying so."""

from __future__ import annotations

import hashlib
import os
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from lifegames import registry
from lifegames.engine.core.bots import choose_orders, order_file_text
from lifegames.engine.core.contract import Game
from lifegames.engine.host.host import Host

from .client import Client

SALT = "15b"
PLAYERS = {
    "simple-kingdoms": None,
    "a-simple-life": ["Ana"],
    "lifestyle": ["Ana", "Ben", "Cleo"],
    "the-sims": ["Ana", "Ben", "Cleo"],
    "a-chaotic-life": ["Ana", "Ben", "Cleo"],
}


@dataclass
class Setup:
    """A game set up in a folder: `orders(player)` is where that player's order file is."""

    game: Game
    host: Host
    seats: Path | None

    @property
    def root(self) -> Path:
        return Path(self.host.folder.root)

    def orders(self, player: str) -> Path:
        base = self.seats / player if self.seats else self.root / player
        return base / f"{player}_orders.txt"

    @property
    def state(self) -> dict[str, Any]:
        return self.host.load().state

    @property
    def awaited(self) -> str:
        return self.game.awaiting(self.state)[0]

    def waiting(self) -> str:
        """A player whose orders are not awaited now."""
        loaded = self.host.load()
        return next(p for p in loaded.players if p not in self.game.awaiting(loaded.state))

    def good_file(self, player: str, seed: int = 1) -> str:
        """A whole order file that check accepts: what the greedy bot writes."""
        state = self.state
        orders = choose_orders(self.game, state, player, "greedy", random.Random(seed))
        return order_file_text(self.game, state, player, orders, "greedy")

    def legal(self, player: str) -> list[str]:
        """The orders legal at the start of the file, on what the player knows."""
        state = self.state
        return list(self.game.legal_orders(self.game.knowledge(state, player), player))


def make_game(base: Path, game_id: str, seats: bool = False, seed: int = 3) -> Setup:
    game = registry.get(game_id)
    host = Host(str(base / "game"), registry.get)
    players = PLAYERS[game_id] or list(game.default_players)
    host.setup(game, players, [], seed, None, SALT, base / "seats" if seats else None)
    return Setup(game, host, base / "seats" if seats else None)


def tree(root: Path) -> dict[str, tuple[str, int]]:
    """Every file below `root` with its hash and mtime: what "nothing was written" compares."""
    out = {}
    for path in sorted(root.rglob("*")):
        info = os.lstat(path)
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "dir"
        out[path.relative_to(root).as_posix()] = (digest, info.st_mtime_ns)
    return out


def needs_pygls() -> None:
    pytest.importorskip("pygls", reason="the language server needs pygls and lsprotocol: "
                        "pip install -e '.[lsp]'")
    pytest.importorskip("lsprotocol", reason="the language server needs lsprotocol")


@pytest.fixture
def client() -> Iterator[Client]:
    """A server in its own process, initialised; after the test it must end cleanly (exit
    code 0) with no traceback in its log."""
    needs_pygls()
    server = Client()
    server.initialize()
    yield server
    code = server.shutdown()
    log = server.log()
    assert code == 0, log
    assert "Traceback" not in log, log


@pytest.fixture(scope="module")
def shared_client() -> Iterator[Client]:
    """One server for a module's tests (each test opens its own documents)."""
    needs_pygls()
    server = Client()
    server.initialize()
    yield server
    code = server.shutdown()
    assert code == 0, server.log()
    assert "Traceback" not in server.log(), server.log()

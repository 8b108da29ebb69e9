"""Helpers shared by the engine tests (fixtures live in conftest.py)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from lifegames import registry
from lifegames.engine.core.contract import Game
from lifegames.engine.host.host import Host, order_file
from toygame import TOY

TOY_PLAYERS = ["Ann", "Bob"]
SK_PLAYERS = ["Ironhold", "Thornvale"]
SALT = "5a17" * 8  # fixed, so folders set up with the same seed are byte-identical


def resolve(game_id: str) -> Game:
    """The toy game, or any installed game (KeyError for an unknown id, like the registry)."""
    return TOY if game_id == TOY.id else registry.get(game_id)


def folder_digest(root: Path) -> dict[str, str]:
    """Every file and folder under root (hidden ones too) -> sha256 of its bytes ('dir' for
    folders): equal digests mean byte-identical trees."""
    out: dict[str, str] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        out[rel] = "dir" if path.is_dir() else hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def write_orders(root: Path, player: str, text: str | bytes) -> None:
    path = root / order_file(player)
    if isinstance(text, str):
        text = text.encode("utf-8")
    path.write_bytes(text)


def new_toy(root: Path, seed: int = 7, players: list[str] | None = None,
            ticks: int | None = None) -> Host:
    host = Host(str(root), resolve)
    host.setup(TOY, list(players or TOY_PLAYERS), [], seed, ticks, SALT)
    return host


def new_kingdoms(root: Path, seed: int = 42) -> Host:
    host = Host(str(root), resolve)
    host.setup(registry.get("simple-kingdoms"), list(SK_PLAYERS), [], seed, None, SALT)
    return host

"""Fixtures for the reliability suites."""

from __future__ import annotations

import os
import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from lifegames import registry
from lifegames.engine.host.host import Host

from .helpers import SECRET, Servers, new_game, play_ticks, write_bot_orders

KINGDOMS_SEED = 5_550_126_337_981_004_263


@pytest.fixture(scope="session")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    """A pool of crashrun.py servers: each command runs in a fresh forked process."""
    pool = Servers(max(2, min(8, os.cpu_count() or 2)), tmp_path_factory.mktemp("servers"))
    yield pool
    pool.close()


@pytest.fixture(scope="session")
def kingdoms_played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Simple Kingdoms after two ticks of random bots. Read-only: copy it (`kingdoms`)."""
    root = tmp_path_factory.mktemp("kingdoms") / "game"
    host = new_game(root, "simple-kingdoms", KINGDOMS_SEED)
    assert play_ticks(host, 2, random.Random(KINGDOMS_SEED)) == 2
    return root


@pytest.fixture
def kingdoms(kingdoms_played: Path, tmp_path: Path) -> Path:
    """A private copy of kingdoms_played, with a host secret beside it (tmp/secret.txt)."""
    root = tmp_path / "game"
    shutil.copytree(kingdoms_played, root)
    (tmp_path / "secret.txt").write_text(SECRET, encoding="utf-8")
    return root


@pytest.fixture(scope="session")
def kingdoms_ready(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """"a": Simple Kingdoms at tick 1 with bot orders written; "b": a after its tick.
    Read-only: copy before changing."""
    base = tmp_path_factory.mktemp("ready")
    a = base / "a"
    host = new_game(a, "simple-kingdoms", KINGDOMS_SEED)
    rng = random.Random(KINGDOMS_SEED)
    play_ticks(host, 1, rng)
    write_bot_orders(host, rng)
    b = base / "b"
    shutil.copytree(a, b)
    _, outcome = Host(str(b), registry.get).tick()
    assert not outcome.problems
    return {"a": a, "b": b}

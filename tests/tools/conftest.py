"""Fixtures for the tools tests: finished and half-played Simple Kingdoms folders (built once per
session by seeded random bots, then copied afresh for every test that changes them)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from .helpers import IRON, THORN, new_game, play_ticks, write_orders

FINISHED_SEED = 11
FINISHED_TICKS = 12
SCRIPTED_SEED = 5


@pytest.fixture(scope="session")
def finished_base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole 12-tick game (seed 11) played by random bots. Read-only: copy before editing."""
    root = tmp_path_factory.mktemp("finished") / "game"
    host = new_game(root, FINISHED_SEED, FINISHED_TICKS)
    assert play_ticks(host, None, random.Random(FINISHED_SEED)) == FINISHED_TICKS
    return root


@pytest.fixture
def finished(finished_base: Path, tmp_path: Path) -> Path:
    """A private copy of the finished game."""
    root = tmp_path / "game"
    shutil.copytree(finished_base, root)
    return root


@pytest.fixture(scope="session")
def scripted_base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 6-tick game (seed 5) whose tick 1 is known: Ironhold sells 5 wood (line 2 of its
    executed_orders.txt), Thornvale gives no orders; random bots play the other ticks."""
    root = tmp_path_factory.mktemp("scripted") / "game"
    host = new_game(root, SCRIPTED_SEED, 6)
    write_orders(root, IRON, 'sell_resource("wood", 5)\nend\n')
    write_orders(root, THORN, "end\n")
    _, outcome = host.tick()
    assert not outcome.problems, [p.render() for p in outcome.problems]
    play_ticks(host, None, random.Random(SCRIPTED_SEED))
    return root


@pytest.fixture
def scripted(scripted_base: Path, tmp_path: Path) -> Path:
    root = tmp_path / "game"
    shutil.copytree(scripted_base, root)
    return root

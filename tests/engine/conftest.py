"""Fixtures for the engine tests: a toy game folder and a Simple Kingdoms folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine_support import new_kingdoms, new_toy, resolve
from lifegames.engine.host.host import Host


@pytest.fixture
def toy_dir(tmp_path: Path) -> Path:
    """A folder holding a fresh toy game (players Ann and Bob, seed 7)."""
    root = tmp_path / "toy"
    new_toy(root)
    return root


@pytest.fixture
def toy_host(toy_dir: Path) -> Host:
    """A Host on toy_dir that resolves the toy game."""
    return Host(str(toy_dir), resolve)


@pytest.fixture
def sk_dir(tmp_path: Path) -> Path:
    """A folder holding a fresh Simple Kingdoms game (seed 42)."""
    root = tmp_path / "sk"
    new_kingdoms(root)
    return root

"""Fixtures for the Simple Kingdoms tests: a fresh state built as the host builds it."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import new_state


@pytest.fixture
def state() -> dict[str, Any]:
    """A fresh easy game (`GAME.setup(players, options, Dice(seed, 0))`, tick 0): Ironhold at
    (0,0), Thornvale at (2,2)."""
    return new_state()


@pytest.fixture
def hard_state() -> dict[str, Any]:
    """The same game on hard difficulty."""
    return new_state("hard")

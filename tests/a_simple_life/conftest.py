"""Fixtures for the A Simple Life tests."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import new_state


@pytest.fixture
def state() -> dict[str, Any]:
    """A fresh solo game for Ana, goal 3 (tools), day 1."""
    return new_state(words=["goal=3"])


@pytest.fixture
def duo() -> dict[str, Any]:
    """A fresh two-player game, Ana and Ben, goal 3."""
    return new_state(["Ana", "Ben"], ["goal=3"])

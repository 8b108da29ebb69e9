"""Fixtures for the reliability suites."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from .helpers import Servers


@pytest.fixture(scope="session")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    """A pool of crashrun.py servers: each command runs in a fresh forked process."""
    pool = Servers(max(2, min(8, os.cpu_count() or 2)), tmp_path_factory.mktemp("servers"))
    yield pool
    pool.close()

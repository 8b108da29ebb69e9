"""Fixtures for the seats suite."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ..reliability.helpers import Servers


@pytest.fixture(scope="session")
def seat_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    """crashrun.py servers: each command a fresh process forked from one of them."""
    pool = Servers(2, tmp_path_factory.mktemp("seat-servers"))
    yield pool
    pool.close()

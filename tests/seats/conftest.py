"""Fixtures for the seats suite."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ..reliability.helpers import Servers
from .sshkit import Sshd, missing


@pytest.fixture(scope="session")
def seat_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    """crashrun.py servers: each command a fresh process forked from one of them."""
    pool = Servers(2, tmp_path_factory.mktemp("seat-servers"))
    yield pool
    pool.close()


@pytest.fixture(scope="module")
def sshd(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sshd]:
    """A private sshd on 127.0.0.1 for one test module, or the module skipped saying why."""
    why = missing()
    if why:
        pytest.skip(why)
    server = Sshd(tmp_path_factory.mktemp("sshd"))
    try:
        yield server
    finally:
        server.stop()

"""Types that mean something: `mypy --strict` passes on the engine and on
every game's state.py (the declaration the engine derives views and validation from)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lifegames import registry

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_strict_passes_on_the_engine_and_every_declared_state(tmp_path: Path) -> None:
    try:
        import mypy  # noqa: F401
    except ImportError:
        pytest.fail("mypy comes with the test extra: python3 -m pip install -e '.[test]'")
    states = sorted(str(Path("lifegames") / registry.GAMES[g].rpartition(".")[2] / "state.py")
                    for g in registry.ids())
    assert len(states) == 5, states
    # The engine and the declarations are held to --strict; the rest of a game's code that a
    # state.py imports on the way is read for its types but not judged here.
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports",
                             "silent", "--cache-dir", str(tmp_path / "cache"),
                             "lifegames/engine", *states],
                            cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stdout + result.stderr

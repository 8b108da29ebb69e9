"""Types that mean something: `mypy --strict` passes on the whole package (the engine, every
game and the language server), and every game declares its state in a state.py (the
declaration the engine derives views and validation from)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lifegames import registry

ROOT = Path(__file__).resolve().parents[1]


def test_every_game_declares_its_state() -> None:
    states = sorted(ROOT / "lifegames" / registry.GAMES[g].rpartition(".")[2] / "state.py"
                    for g in registry.ids())
    assert len(states) == 5, states
    assert all(path.is_file() for path in states), states


def test_mypy_strict_passes_on_the_whole_package(tmp_path: Path) -> None:
    try:
        import mypy  # noqa: F401
    except ImportError:
        pytest.fail("mypy comes with the test extra: python3 -m pip install -e '.[test]'")
    # Every module is judged, none merely read for its types: no --follow-imports, and no
    # module is let off.
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir",
                             str(tmp_path / "cache"), "lifegames"],
                            cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stdout + result.stderr

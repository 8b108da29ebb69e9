"""Types that mean something: `mypy --strict` passes on the whole package (the engine, every
game and the language server), and every game declares its state in a state.py (the
declaration the engine derives views and validation from)."""

from __future__ import annotations

import re
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


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_game_is_a_game_of_its_declared_state(game_id: str) -> None:
    """The game's class is `Game[X]` for X the TypedDict its state.py declares (the one the
    engine derives views and validation from), so mypy reads every state its rules take as X."""
    from lifegames.engine.core.contract import Game

    game = registry.get(game_id)
    declared = type(game).declaration
    bases = [b for cls in type(game).__mro__ for b in getattr(cls, "__orig_bases__", ())]
    assert Game[declared] in bases, (type(game).__name__, bases)


@pytest.mark.parametrize("game_id", registry.ids())
def test_no_rule_module_holds_the_state_as_untyped_json(game_id: str) -> None:
    """A game's checks, actions, model, views, board and bots take its own state type, never
    the engine's `State` (JSON as read) or `AnyGame`: so every key they read is checked. Its
    balance script alone may, as it drives whole games through the engine's ticks."""
    package = ROOT / "lifegames" / registry.GAMES[game_id].rpartition(".")[2]
    untyped = re.compile(r"\b(State|AnyGame)\b")
    found = [f"{path.name}:{n}" for path in sorted(package.glob("*.py"))
             if path.name != "balance.py"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if untyped.search(line)]
    assert not found, found


def test_any_is_left_only_where_typing_must_stop() -> None:
    """`Any` is rare (at most 120 times in the package, each with its reason beside it), and
    only two names stand for it, each declared once: `Json` (engine/base/jsondata.py), for the
    values that cross a JSON or YAML boundary, and `GameState` (engine/core/parts.py), a game's
    own state type, which the engine cannot name. No other module makes an alias of Any."""
    sources = sorted((ROOT / "lifegames").rglob("*.py"))
    uses = sum(len(re.findall(r"\bAny\b", path.read_text(encoding="utf-8")))
               for path in sources)
    assert uses <= 120, uses
    alias = re.compile(r"^\s*\w+\s*(?::\s*\w+\s*)?=\s*(?:typing\.)?Any\b", re.MULTILINE)
    aliased = [path.relative_to(ROOT).as_posix() for path in sources
               if alias.search(path.read_text(encoding="utf-8"))]
    assert aliased == ["lifegames/engine/base/jsondata.py", "lifegames/engine/core/parts.py"]

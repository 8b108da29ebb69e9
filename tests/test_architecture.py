"""The engine's layers hold: who may import whom is written once, as import-linter contracts
in pyproject.toml ([tool.importlinter]), and checked here on the code as it stands; the map in
lifegames/engine/__init__.py names exactly the sub-packages on disk and the layers contract
ranks every one of them; and a forbidden import added to a copy of the package is caught."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "lifegames" / "engine"

try:  # the contracts are the architecture's rules: not having their checker is a failure
    import importlinter  # noqa: F401
except ImportError:
    pytest.fail("import-linter comes with the test extra: python3 -m pip install -e '.[test]'",
                pytrace=False)
if sys.version_info >= (3, 11):
    import tomllib
else:  # import-linter needs tomli before 3.11
    import tomli as tomllib


def lint(root: Path) -> subprocess.CompletedProcess[str]:
    """import-linter run on the package under `root` (imported from there, not from whatever
    copy is installed), with no cache written."""
    code = ("import sys\n"
            "from importlinter.cli import lint_imports\n"
            "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True))\n")
    return subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                          text=True, timeout=300, env=dict(os.environ, COLUMNS="300"))


def contracts() -> list[dict[str, object]]:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        found: list[dict[str, object]] = tomllib.load(handle)["tool"]["importlinter"][
            "contracts"]
    return found


def sub_packages() -> set[str]:
    return {p.parent.name for p in ENGINE.glob("*/__init__.py")}


def test_every_import_contract_is_kept() -> None:
    done = lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(contracts())} kept, 0 broken" in done.stdout, done.stdout


def test_the_engine_map_names_exactly_the_sub_packages_on_disk() -> None:
    doc = ast.get_docstring(ast.parse((ENGINE / "__init__.py").read_text(encoding="utf-8")))
    mapped = re.findall(r"^ {4}(\w+)/ ", doc or "", flags=re.MULTILINE)
    assert len(mapped) == len(set(mapped)), mapped
    assert set(mapped) == sub_packages()
    # sshserve.py at the top stands in for the forced command at its place of old, for the
    # authorized_keys lines written before (tests/seats/test_old_key_lines.py)
    assert not [p.name for p in ENGINE.glob("*.py") if p.name not in ("__init__.py",
                                                                      "sshserve.py")], \
        "every engine module sits in a sub-package"


def test_the_layers_contract_ranks_every_sub_package_and_names_every_game() -> None:
    layers = next(c for c in contracts() if c["type"] == "layers")
    ranked = {name.strip() for layer in layers["layers"]  # type: ignore[attr-defined]
              for name in re.split(r"[|:]", layer)}
    assert ranked == sub_packages()
    from lifegames.registry import GAMES

    for contract in contracts():
        if contract["type"] == "independence":
            assert set(contract["modules"]) == set(GAMES.values())  # type: ignore[arg-type]
    engine_rule = next(c for c in contracts() if c.get("source_modules") == ["lifegames.engine"])
    assert set(GAMES.values()) <= set(engine_rule["forbidden_modules"])  # type: ignore[arg-type]


@pytest.mark.parametrize(("module", "line", "contract"), [
    ("core/dice.py", "from ..folder import folder as _folder", "The turn core"),
    ("base/words.py", "from ..core import dice as _dice", "The engine's layers"),
    ("core/turn.py", "from ... import simple_kingdoms as _game", "The engine imports no game"),
])
def test_a_forbidden_import_is_caught(tmp_path: Path, module: str, line: str,
                                      contract: str) -> None:
    """The contracts are not vacuous: each import above, added to a copy, breaks its contract
    (and the untouched copy passes, so the failure is the added line's)."""
    shutil.copytree(ROOT / "lifegames", tmp_path / "lifegames",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    assert lint(tmp_path).returncode == 0
    target = tmp_path / "lifegames" / "engine" / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    done = lint(tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    broken = [row for row in done.stdout.splitlines() if "BROKEN" in row]
    assert any(row.startswith(contract) for row in broken), done.stdout

"""The sheets' table helper imports tabulate without importlib.metadata (a start-up cost of
every tick), and never at the price of a broken table or a broken importlib.metadata."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def run(code: str, *paths: Path) -> str:
    path = ":".join(str(p) for p in (*paths, REPO))
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env={"PYTHONPATH": path, "PATH": "/usr/bin:/bin"}, check=True)
    return result.stdout


def test_a_table_leaves_importlib_metadata_unimported_and_usable():
    out = run("import sys\n"
              "from lifegames.engine.text.sheets import table\n"
              "print(table([[1, 'a']], ['n', 'x']))\n"
              "print('importlib.metadata' in sys.modules)\n"
              "import importlib.metadata\n"
              "print(importlib.metadata.version('click') != '')\n")
    assert out == "n    x\n---  ---\n1    a\nFalse\nTrue\n"


def test_a_tabulate_that_needs_more_of_importlib_metadata_is_imported_plainly(tmp_path):
    """A future tabulate importing another name from importlib.metadata: the stand-in is
    dropped and the real module serves the plain import."""
    fake = tmp_path / "tabulate"
    fake.mkdir()
    (fake / "__init__.py").write_text(
        "from importlib.metadata import version, distributions\n"
        "def tabulate(rows, headers, **options):\n"
        "    return 'real metadata: ' + str(callable(distributions))\n")
    out = run("from lifegames.engine.text.sheets import table\n"
              "print(table([[1]], ['n']))\n", tmp_path)
    assert out == "real metadata: True\n"

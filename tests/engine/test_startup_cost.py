"""What a command costs before and beside its own work: the imports and regular expressions a
tick or a check does not need stay unloaded, and the start-up's garbage collector is back on
(with the imported modules frozen) by the time the command runs. None of this may change what
a command does, so each shortcut is also checked against the plain way it replaces."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from engine_support import new_kingdoms, write_orders
from lifegames.engine.base import escape
from lifegames.simple_kingdoms.model import ratio

REPO = Path(__file__).resolve().parents[2]
RULES = REPO / "games" / "simple_kingdoms" / "rules.yaml"


def python(code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True,
                          text=True, env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})


def numbers(value: object) -> list[float | int]:
    if isinstance(value, dict):
        return [n for v in value.values() for n in numbers(v)]
    if isinstance(value, list):
        return [n for v in value for n in numbers(v)]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return [value]
    return []


def test_rates_are_read_exactly_as_fractions_would_read_them():
    """The formulas' rates (every number of rules.yaml, and spellings YAML may give a float)
    become the same lowest-terms fraction that fractions.Fraction makes of them."""
    found = numbers(yaml.safe_load(RULES.read_text(encoding="utf-8")))
    assert any(isinstance(n, float) for n in found)
    extra = [0, 7, -3, 0.1, 0.5, 1.5, -0.25, 0.3333333333333333, 1e-05, 2.5e-07, 1e20,
             1.23e25, 123456.789, -0.0, 10**30]
    for value in found + extra:
        exact = Fraction(str(value))
        assert ratio(value) == (exact.numerator, exact.denominator), value


@pytest.mark.parametrize("text", [
    "", "plain words", "tab\tand\nnewline", "carriage\rreturn", "esc\x1b[2J", "del\x7f",
    "nul\x00", "caf\u00e9", "bidi\u202eevil", "c1\x85", "byte \udc9f", "lone \ud800",
    "mark\u200e", "snow\u2603",
])
def test_escaping_plain_text_without_the_pattern_matches_escaping_with_it(text):
    """The shortcut for plain ASCII text gives what the patterns give, for either function."""
    control = escape.re.compile(escape._CONTROL)
    in_name = escape.re.compile(escape._IN_NAME)
    assert escape.visible(text) == control.sub(escape._spell, text)
    assert escape.file_name(text) == in_name.sub(escape._spell, text)


def test_printing_plain_text_compiles_no_escaping_pattern(tmp_path):
    out = python("from lifegames.engine.base import escape\n"
                 "escape.visible('orders\\tfor tick 1\\n'); escape.file_name('Ironhold')\n"
                 "print(escape._pattern.cache_info().currsize)\n"
                 "escape.visible('\\x1b[2J')\n"
                 "print(escape._pattern.cache_info().currsize)\n", tmp_path)
    assert out.stdout == "0\n1\n", out.stderr


def test_the_collector_is_back_on_with_the_imports_frozen_when_the_command_runs(tmp_path):
    out = python("import gc\n"
                 "import lifegames.cli\n"
                 "lifegames.cli.main = lambda: print(gc.isenabled(), gc.get_freeze_count() > 0)\n"
                 "from lifegames.start import main\n"
                 "main()\n", tmp_path)
    assert out.stdout == "True True\n", out.stderr


@pytest.mark.parametrize("command", ["check", "tick"])
def test_a_tick_or_a_check_leaves_unneeded_modules_unimported(tmp_path, command):
    """fractions (and decimal with it) and shlex: imported by neither command, whose every
    start pays for each module it loads."""
    root = tmp_path / "sk"
    new_kingdoms(root)
    write_orders(root, "Ironhold", "orders for tick 1\nhire_soldiers(0,0, 2)\nend\n")
    write_orders(root, "Thornvale", "orders for tick 1\nbuild(2,2, \"farm\")\nend\n")
    out = python("import atexit, sys\n"
                 "atexit.register(lambda: sys.stderr.write('MODULES ' + ' '.join("
                 "m for m in ('fractions', 'decimal', 'shlex') if m in sys.modules) + '\\n'))\n"
                 f"sys.argv = ['play.py', {command!r}]\n"
                 "from lifegames.start import main\n"
                 "main()\n", root)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "MODULES \n" in out.stderr, out.stderr

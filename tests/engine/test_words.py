"""Counts read as English: `counted` and a scan that keeps `soldier(s)` out of every message.

Plurals are spelled out: messages, sheets and command-line lines once wrote `3 soldier(s)`,
`1 problem(s)`. The fix is one helper and a project-wide check, so the class of wording cannot
come back: any string literal in lifegames/ or bench/ (plain or f-string) or any text in the
games' data that spells a plural as `(s)` fails here, named by file and line.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from lifegames.engine.base.words import counted

ROOT = Path(__file__).resolve().parents[2]
HEDGED = re.compile(r"[a-z]\(s\)")


@pytest.mark.parametrize(("count", "word", "plural", "expected"), [
    (1, "goal", "", "1 goal"),
    (2, "goal", "", "2 goals"),
    (0, "goal", "", "0 goals"),
    (-1, "point", "", "-1 points"),
    (1, "die", "dice", "1 die"),
    (3, "die", "dice", "3 dice"),
    (0, "die", "dice", "0 dice"),
    (1, "Town action", "", "1 Town action"),
    (12, "Town action", "", "12 Town actions"),
])
def test_counted_picks_the_noun_form(count: int, word: str, plural: str, expected: str):
    """One thing takes the singular, every other count (none included) the plural; an
    irregular noun gives its plural."""
    assert counted(count, word, plural) == expected


def _text(node: ast.AST) -> str:
    """A string literal as it reads, an f-string's replacement fields standing as `x` (a
    letter, so f"{noun}(s)" is caught too)."""
    if isinstance(node, ast.JoinedStr):
        return "".join(_text(part) if isinstance(part, ast.Constant) else "x"
                       for part in node.values)
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else ""


def hedged_literals(source: str, name: str) -> list[str]:
    """Every string literal of one Python source that writes a plural as `(s)`, as
    `name:line: text`."""
    tree = ast.parse(source, name)
    parts = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
             for part in node.values}  # read once, as part of their f-string
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Constant, ast.JoinedStr)) and id(node) not in parts:
            text = _text(node)
            if HEDGED.search(text):
                found.append(f"{name}:{node.lineno}: {text!r}")
    return found


def test_the_scan_catches_hedged_plurals():
    """The check below can fail: a plain literal, an f-string and an f-string whose noun is a
    replacement field are each caught, and a call such as score(s) is not text."""
    source = ('a = "1 problem(s)"\n'
              'b = f"{n} soldier(s) left"\n'
              'c = f"{n} {noun}(s)"\n'
              'd = score(s)\n'
              'e = "fine: 2 soldiers (see above)"\n')
    assert [line.split(":")[1] for line in hedged_literals(source, "t.py")] == ["1", "2", "3"]


def test_no_message_writes_a_plural_as_s_in_brackets():
    """Every string literal of lifegames/ (and of bench/, whose reports people read too) reads
    `1 soldier` / `3 soldiers`, through counted() or plain wording, never `soldier(s)`."""
    found = []
    for path in sorted((ROOT / "lifegames").rglob("*.py")) + sorted((ROOT / "bench").glob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        found += hedged_literals(path.read_text(encoding="utf-8"), name)
    assert not found, "use lifegames.engine.base.words.counted:\n" + "\n".join(found)


def test_no_game_data_writes_a_plural_as_s_in_brackets():
    """The games' YAML and grammars are printed to players too (card texts, order help)."""
    found = []
    for path in sorted((ROOT / "games").rglob("*.yaml")) + sorted((ROOT / "grammars").glob("*")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if HEDGED.search(line):
                found.append(f"{path.relative_to(ROOT).as_posix()}:{number}: {line.strip()}")
    assert not found, "\n".join(found)

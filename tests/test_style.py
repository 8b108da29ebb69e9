"""Docstrings and comments say what and why, never which issue asked for it: an issue number
means nothing to a reader of the code, and the tracker is not part of the project. A test's
name and docstring say the rule and its section (of the rule text, RULES.md or the README)
instead. This test reads every docstring and comment of lifegames/, tests/ and bench/, and the
text of each game's documents and rule data (games/: RULES.md, the YAML and its comments)
outside the figure blocks a script writes."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ("lifegames", "tests", "bench")

# the word issue (or issues) and a number, with or without "#" or "no."; or a number right after
# "#" at the start of a word, as a tracker links one; not a tick's event number (`tick 4#2`)
# nor a colour (`#1f77b4`)
ISSUE = re.compile(r"\bissues?\s*(?:no\.?\s*)?#?\s*\d+|(?<![\w#])#\d{1,5}(?![\w])",
                   re.IGNORECASE)


def docstrings_and_comments(source: str) -> list[tuple[int, str]]:
    """(line, text) of every comment and every module, class and function docstring."""
    found: list[tuple[int, str]] = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            found.append((token.start[0], token.string))
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                found.append((body[0].lineno, body[0].value.value))
    return found


def issue_numbers(source: str) -> list[tuple[int, str]]:
    """(line, the words) of each issue number named in a docstring or comment of `source`."""
    out = []
    for line, text in docstrings_and_comments(source):
        for match in ISSUE.finditer(text):
            out.append((line + text.count("\n", 0, match.start()), match.group(0)))
    return out


def test_the_finder_sees_issue_numbers_in_docstrings_and_comments_only() -> None:
    source = ('"""Plans (issue 12)."""\n'
              "def f() -> None:\n"
              '    """Issue 16 point 8: the last sheet."""\n'
              "    x = 'issue 5'  # as asked in #21\n"
              "    y = '#1f77b4'  # colour #1f77b4, event tick 4#2, 3 players\n")
    assert issue_numbers(source) == [(4, "#21"), (1, "issue 12"), (3, "Issue 16")]


def test_no_docstring_or_comment_names_an_issue_number() -> None:
    named = []
    for folder in CHECKED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for line, words in issue_numbers(path.read_text(encoding="utf-8")):
                named.append(f"{path.relative_to(ROOT)}:{line}: {words}")
    assert not named, ("say the rule, section or reason instead of the issue:\n"
                       + "\n".join(named))


def test_no_game_document_or_rule_data_names_an_issue_number() -> None:
    """games/<game>/: RULES.md (its Assumptions say the rule text's words and the reason, not
    who asked) and the YAML rule data with its comments. Figure blocks are left out: their
    text is a script's output (a card named Tissues is no issue)."""
    block = re.compile(r"<!-- figures:.*?<!-- /figures[^>]*-->", re.DOTALL)
    named = []
    for path in sorted((ROOT / "games").rglob("*")):
        if path.suffix not in (".md", ".yaml"):
            continue
        text = block.sub("", path.read_text(encoding="utf-8"))
        named += [f"{path.relative_to(ROOT)}: {m.group(0)}"
                  for m in re.finditer(r"\bissues?\s*(?:no\.?\s*)?#?\s*\d+", text, re.I)]
    assert not named, "say the rule, section or reason instead of the issue:\n" + "\n".join(named)

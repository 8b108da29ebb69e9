"""One table of codes: every E- and W- code is declared once (engine/base/codes.py for the engine's,
each game package's codes.py for the game's), every code the source names is declared, every
declaration is used and documented where it says, and every exception lifegames defines is
of one family (engine/base/errors.py)."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import lifegames
from lifegames import registry
from lifegames.engine.base import codes
from lifegames.engine.base.codes import Code, Codes
from lifegames.engine.base.errors import LifegamesError

REPO = Path(__file__).resolve().parents[1]
SOURCE = REPO / "lifegames"
# a code as written anywhere: in a message, a docstring, a comment or a declaration
MENTION = re.compile(r"(?<![\w-])[EW]-[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*(?![\w-])")
# a string that is a code, or the start of one built at run time ("E-UNKNOWN-" + kind)
LITERAL = re.compile(r"^[EW]-[A-Z0-9-]+$")


def _games() -> dict[str, list[Code]]:
    """package folder name -> the codes its game declares."""
    found = {}
    for game_id in registry.ids():
        game = registry.get(game_id)
        found[type(game).__module__.split(".")[1]] = game.codes()
    assert len(found) >= 5
    return found


def _declared_here(path: Path) -> set[str]:
    """The codes a module may name: the engine's, and its game's if it is in a game package."""
    allowed = {str(c) for c in codes.engine()}
    package = path.relative_to(SOURCE).parts[0]
    games = _games()
    if package in games:
        allowed |= {str(c) for c in games[package]}
    return allowed


def _modules() -> list[Path]:
    return sorted(SOURCE.rglob("*.py"))


def test_every_code_the_source_names_is_declared_and_none_is_a_bare_string() -> None:
    """A code in a message, a docstring or a comment is one the engine or that module's game
    declares (no typo reaches a player), and no code is written as a string of its own: it is
    raised through its declaration (codes.py files aside, where the declarations are)."""
    unknown, bare = [], []
    for path in _modules():
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(REPO).as_posix()
        allowed = _declared_here(path)
        unknown += [f"{name}: {m}" for m in MENTION.findall(text) if m not in allowed]
        if path.name == "codes.py":
            continue
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    LITERAL.match(node.value):
                bare.append(f"{name}:{node.lineno}: {node.value!r}")
    assert not unknown, f"codes named but never declared: {unknown}"
    assert not bare, f"codes written as strings, not raised through codes.py: {bare}"


def _uses() -> set[tuple[str, str, str]]:
    """(codes module, namespace, attribute) of every `E.NAME` / `W.NAME` in the source, the
    namespace traced through the module's imports (aliases too)."""
    used = set()
    for path in _modules():
        module = ".".join(path.relative_to(REPO).with_suffix("").parts)
        package = module.rpartition(".")[0] if path.name != "__init__.py" else module
        tree = ast.parse(path.read_text(encoding="utf-8"))
        spaces = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")[:len(package.split(".")) - node.level + 1] \
                    if node.level else []
                source = ".".join([*base, *(node.module or "").split(".")]).strip(".")
                if source.endswith("codes"):
                    spaces.update({a.asname or a.name: (source, a.name) for a in node.names})
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                    node.value.id in spaces and node.attr.isupper():
                used.add((*spaces[node.value.id], node.attr))
    return used


def _namespaces() -> list[tuple[str, type[Codes]]]:
    found = []
    for module in ["lifegames.engine.base.codes",
                   *(f"lifegames.{package}.codes" for package in _games())]:
        loaded = importlib.import_module(module)
        found += [(module, space) for space in vars(loaded).values()
                  if isinstance(space, type) and issubclass(space, Codes) and space is not Codes]
    return found


def test_every_declared_code_is_used_and_every_use_is_declared() -> None:
    """No dead declaration, and no `E.NAME` the declarations lack (a game's code is not
    checked by mypy, so a misspelt name would only fail when raised)."""
    used = _uses()
    declared = {(module, space.__name__, name) for module, space in _namespaces()
                for name, value in vars(space).items() if isinstance(value, Code)}
    assert len(declared) > 150
    assert not sorted(declared - used), f"declared, never used: {sorted(declared - used)}"
    assert not sorted(used - declared), f"used, never declared: {sorted(used - declared)}"


def test_each_declaration_is_named_as_its_code_and_said_in_one_line() -> None:
    """E holds E- codes and W the W- ones (Referee too: the warnings `status` gives the
    referee, not `check` a player), each named as its code (E-NO-DIE is E.NO_DIE); a game
    declares none of the engine's codes over again, nor one twice."""
    prefix = {"E": "E", "W": "W", "Referee": "W"}
    engine = {str(c) for c in codes.engine()}
    for module, space in _namespaces():
        seen = set()
        for name, code in vars(space).items():
            if not isinstance(code, Code):
                continue
            where = f"{module}.{space.__name__}.{name}"
            assert space.__name__ in prefix and code == f"{prefix[space.__name__]}-" + \
                name.replace("_", "-"), where
            assert code.meaning.strip() and "\n" not in code.meaning, where
            assert code not in seen, where
            seen.add(code)
            assert module == "lifegames.engine.base.codes" or code not in engine, where


def _anchor(heading: str) -> str:
    """A heading's anchor, as GitHub makes it."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _section(doc: Path, anchor: str) -> str:
    """The text under the heading with that anchor, up to the next heading of its level or
    above ('' if no heading has it)."""
    lines = doc.read_text(encoding="utf-8").splitlines()
    fenced = False
    start = level = None
    for number, line in enumerate(lines):
        fenced ^= line.startswith("```")
        heading = re.match(r"^(#+) (.*)", line) if not fenced else None
        if heading is None:
            continue
        if start is not None and len(heading.group(1)) <= level:
            return "\n".join(lines[start:number])
        if start is None and _anchor(heading.group(2)) == anchor:
            start, level = number, len(heading.group(1))
    return "\n".join(lines[start:]) if start is not None else ""


def test_every_declared_code_is_documented_where_its_declaration_says() -> None:
    """A player who looks a code up where its declaration (and `play.py explain`) sends them
    finds it in that very section."""
    missing = []
    for code in [*codes.engine(), *(c for found in _games().values() for c in found)]:
        path, _, anchor = code.doc.partition("#")
        section = _section(REPO / path, anchor)
        assert section, f"{code}: {code.doc} has no such section"
        if not re.search(rf"(?<![\w-]){code}(?![\w-])", section):
            missing.append(f"{code} (in {code.doc})")
    assert not missing, missing


def test_a_code_keeps_its_declaration_through_a_copy_and_prints_as_itself() -> None:
    import copy
    import json
    import pickle

    code = codes.E.SYNTAX
    assert f"{code}: x" == "E-SYNTAX: x" and json.dumps({code: code}) == \
        '{"E-SYNTAX": "E-SYNTAX"}'
    for again in (copy.deepcopy(code), pickle.loads(pickle.dumps(code))):
        assert again == code and again.meaning == code.meaning and again.doc == code.doc
    assert {"E-SYNTAX": 1}[code] == 1


def _defined_exceptions() -> list[type[BaseException]]:
    found = []
    for info in pkgutil.walk_packages(lifegames.__path__, "lifegames."):
        if info.name == "lifegames.__main__":  # it runs the command line when imported
            continue
        module = importlib.import_module(info.name)
        found += [value for value in vars(module).values()
                  if isinstance(value, type) and issubclass(value, BaseException)
                  and value.__module__ == info.name]
    return found


def test_every_exception_lifegames_defines_is_of_one_family() -> None:
    """One base (engine/base/errors.py) under every exception class lifegames defines, but the
    Refused of sshserve.py, which may import nothing of lifegames (it runs as
    `python -I -S sshserve.py`)."""
    pytest.importorskip("pygls")  # the language server's modules are imported too
    found = _defined_exceptions()
    outside = sorted(f"{e.__module__}.{e.__qualname__}" for e in found
                     if not issubclass(e, LifegamesError))
    assert outside == ["lifegames.engine.seats.sshserve.Refused"]
    assert len(found) > 20


def test_explain_prints_each_games_meaning_and_where_to_read_more() -> None:
    from click.testing import CliRunner

    from lifegames.cli import cli

    done = CliRunner().invoke(cli, ["explain", "e-game-over"])
    assert done.exit_code == 0, done.output
    games = [g for g in _games().values() if "E-GAME-OVER" in g]
    assert len(games) >= 2 and done.output.count("E-GAME-OVER (") == len(games)
    assert "read more: games/lifestyle/RULES.md#problem-codes" in done.output
    done = CliRunner().invoke(cli, ["explain", "W-NOT-AWAITED"])
    assert done.output == (f"W-NOT-AWAITED (every game): {codes.W.NOT_AWAITED.meaning}\n"
                           "  read more: README.md#problem-codes\n")
    done = CliRunner().invoke(cli, ["explain", "E-SYNTAXX"])
    assert done.exit_code == 2 and "did you mean E-SYNTAX?" in done.output

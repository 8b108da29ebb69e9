"""The grammar cache is opened, not just checked.

Entries are plain JSON (a built grammar is never unpickled), and the cache folder and the entry
are checked on the descriptors that are read, so swapping either between the check and the read
cannot feed the program another user's data."""

from __future__ import annotations

import ast
import json
import pickle
import re
from pathlib import Path

import pytest

from lifegames.engine.core import orders
from lifegames.engine.files import cache
from lifegames.engine.files.playerfiles import Folder

from .helpers import REPO


@pytest.fixture
def place(tmp_path: Path) -> Path:
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    return folder


def test_a_grammar_is_cached_as_json_and_loads_without_pickle(
        place: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: the cached grammar is a JSON file; loading it back does not call pickle at
    all, and the loaded parser parses exactly as a freshly built one."""
    monkeypatch.setattr(cache, "folder", lambda: place)
    orders.grammar.cache_clear()
    fresh = orders.grammar("simple_kingdoms")
    entries = list(place.iterdir())
    assert len(entries) == 1 and entries[0].suffix == ".json"
    assert entries[0].read_bytes().lstrip().startswith(b"{")

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("pickle was used to load the cache")

    monkeypatch.setattr(pickle, "load", refuse)
    monkeypatch.setattr(pickle, "loads", refuse)
    monkeypatch.setattr(pickle, "Unpickler", refuse)
    orders.grammar.cache_clear()
    cached = orders.grammar("simple_kingdoms")
    orders.grammar.cache_clear()
    assert cached is not fresh
    for line in ('build(0,0, "farm")', "hire_soldiers(1, 2, 3)", "give('gold', 5)"):
        a, b = fresh.parse(line), cached.parse(line)
        assert a.pretty() == b.pretty()
        assert [(t.type, t.column, t.end_column) for t in a.scan_values(lambda _: True)] == \
            [(t.type, t.column, t.end_column) for t in b.scan_values(lambda _: True)]


def test_lark_is_never_asked_to_cache_with_pickle() -> None:
    """Property: nothing in lifegames passes `cache=` to Lark (its own cache is a pickle)."""
    for path in (REPO / "lifegames").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and any(k.arg == "cache" for k in node.keywords):
                raise AssertionError(f"{path}:{node.lineno} passes cache= to a call")


def test_an_entry_in_a_folder_swapped_after_opening_is_not_read(
        place: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: the cache reads through the folder descriptor it checked: if the folder is
    renamed away and another put in its place between the check and the read, what is read
    is still the checked folder's entry, never the substitute's."""
    entry = place / "entry.json"
    cache.write_atomic(entry, b'{"mine": true}')
    assert cache.load_json(entry) == {"mine": True}
    real_read = Folder.read

    def swap_then_read(self: Folder, name: str, limit: int) -> object:
        moved = tmp_path / "moved"
        if place.exists() and not moved.exists():
            place.rename(moved)
            place.mkdir(mode=0o700)
            (place / "entry.json").write_bytes(b'{"mine": false, "attacker": true}')
        return real_read(self, name, limit)

    monkeypatch.setattr(Folder, "read", swap_then_read)
    found = cache.load_json(entry)
    assert found in (None, {"mine": True}), found


@pytest.mark.parametrize("what", ["folder", "entry"])
def test_a_cache_another_user_could_write_is_not_read(place: Path, what: str) -> None:
    """Property: an entry in a folder others may write, or an entry others may write, is
    not read at all."""
    entry = place / "entry.json"
    cache.write_atomic(entry, b'{"mine": true}')
    (place if what == "folder" else entry).chmod(0o777 if what == "folder" else 0o666)
    assert cache.load_json(entry) is None


def test_an_entry_that_is_a_link_is_not_read(place: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_bytes(b'{"attacker": true}')
    (place / "entry.json").symlink_to(other)
    assert cache.load_json(place / "entry.json") is None


LINES = ('orders for tick 3', 'build(0,0, "farm")', "hire_soldiers(1, 2, 3)", "give('gold', 5)",
         "if gold >= 10 and not (food < 3): build(0,0, \u201cfarm\u201d)  # note",
         "while can hire_soldiers(0,0, 1)", "standing none", "build(0,0 farm)", "@@", "end")


def _parses(parser: object, lines: tuple[str, ...] = LINES) -> list[str]:
    """What each line parses to (tree, token kinds and places), or the error it raises."""
    out = []
    for line in lines:
        try:
            tree = parser.parse(line)  # type: ignore[attr-defined]
        except Exception as error:  # noqa: BLE001 - the error is part of what is compared
            out.append(f"{type(error).__name__}: {error}")
            continue
        out.append(tree.pretty() + repr([(t.type, t.line, t.column, t.end_column)
                                         for t in tree.scan_values(lambda _: True)]))
    return out


def _cached(place: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[object, Path]:
    """A freshly built grammar, and the cache entry it was stored in."""
    monkeypatch.setattr(cache, "folder", lambda: place)
    orders.grammar.cache_clear()
    fresh = orders.grammar("simple_kingdoms")
    orders.grammar.cache_clear()
    (entry,) = place.iterdir()
    return fresh, entry


def test_a_cached_grammar_compiles_no_regular_expression_and_lexes_the_same(
        place: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: the lexers of a grammar loaded from its entry take every pattern from the
    programs stored with it (re compiles nothing, not even for an error), and every line,
    good or bad, parses (or fails) exactly as with a freshly built grammar."""
    import re._compiler as compiler

    fresh, _ = _cached(place, monkeypatch)
    expected = _parses(fresh)
    compiled: list[object] = []
    real = compiler.compile

    def counted(pattern: object, flags: int = 0) -> object:
        compiled.append(pattern)
        return real(pattern, flags)

    re.purge()  # nothing the fresh grammar compiled may be served from re's own cache
    monkeypatch.setattr(compiler, "compile", counted)
    cached = orders.grammar("simple_kingdoms")
    orders.grammar.cache_clear()
    assert _parses(cached) == expected
    assert compiled == []


def test_a_stored_program_the_regex_engine_refuses_is_compiled_as_usual(
        place: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: an entry whose programs were altered (here: every one replaced by nonsense)
    still gives a grammar that lexes exactly as a fresh one; `_sre` refuses the programs
    before running them and the patterns are compiled from their text."""
    fresh, entry = _cached(place, monkeypatch)
    found = json.loads(entry.read_bytes())
    assert found["patterns"], "the entry keeps its lexers' programs"
    for item in found["patterns"]:
        item[3] = [99999] * len(item[3])
    entry.write_bytes(json.dumps(found).encode())
    cached = orders.grammar("simple_kingdoms")
    orders.grammar.cache_clear()
    assert _parses(cached) == _parses(fresh)

"""A per-user cache of built grammars and parsed rule data, shared between processes.

A `tick` is a short process; building an LALR table and parsing YAML on every run would cost
more than the rules themselves. Entries are keyed by a hash of everything they were built from,
so an edited grammar or YAML file is never served stale. Every entry is plain JSON (a built
grammar is stored as the data Lark serializes it to, never as a pickle), so nothing read from
the cache can run code. It is still read only from a folder that belongs to this user and is
closed to others, and that is checked on the open file descriptors themselves (the folder,
then the entry, opened without following links): swapping the folder or an entry between the
check and the read changes nothing. `LIFEGAMES_CACHE=off` turns caching off;
`LIFEGAMES_CACHE=DIR` moves it.

A grammar's entry also keeps its lexers' regular expressions compiled: the program that Python's
`re` compiles each to (a list of numbers, for the interpreter that wrote it alone), so a process
does not parse and compile them again; `_sre` checks such a program before it runs any of it.
"""

from __future__ import annotations

import functools
import json
import os
import re
import stat
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ... import __version__
from ..base.jsondata import Json, JsonObject
from .playerfiles import Folder, Refused

if TYPE_CHECKING:
    from lark import Lark

ENTRY_LIMIT = 16 * 1024 * 1024
# Part of a grammar entry's key: entries of another layout or for another Python are not read.
LARK_FORMAT = f"patterns-1 {sys.version}"
_ITEMS = "\u0000items"
_TUPLE = "\u0000tuple"


@functools.cache
def folder() -> Path | None:
    setting = os.environ.get("LIFEGAMES_CACHE", "")
    if setting.lower() in ("off", "0", "no", "false"):
        return None
    base = Path(setting) if setting else Path(
        os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "lifegames"
    place = base / __version__
    try:
        place.mkdir(parents=True, exist_ok=True, mode=0o700)
        for directory in (place, base):
            if not _mine(directory.stat()):
                return None
    except (OSError, AttributeError):
        return None
    return place


def _mine(info: os.stat_result) -> bool:
    """Written by this user and writable by no one else."""
    return info.st_uid == os.getuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def read_trusted(path: Path) -> bytes | None:
    """An entry's bytes, if its folder and the entry itself (checked on the descriptors that
    are read, so no one can swap either in between) belong to this user alone."""
    try:
        with Folder.open(path.parent) as place:
            if not _mine(place.stat()):
                return None
            found = place.read(path.name, ENTRY_LIMIT)
    except (OSError, Refused, AttributeError):
        return None
    if found is None or not found.complete or found.info is None or not _mine(found.info):
        return None
    return found.data


def write_atomic(path: Path, data: bytes) -> None:
    """Write a cache entry so a concurrent reader sees all of it or none (failures ignored:
    the cache only saves time)."""
    try:
        with Folder.open(path.parent) as place:
            if _mine(place.stat()):
                place.write(path.name, data, sync=False)
    except (OSError, Refused, AttributeError):
        pass


def _encode(value: object) -> Json:
    """JSON has no tuples and cannot key a dict by a number (YAML can: `1: plains`); tag
    both, so an entry reads back exactly as it was built."""
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {str(k): _encode(v) for k, v in value.items()}
        return {_ITEMS: [[_encode(k), _encode(v)] for k, v in value.items()]}
    if isinstance(value, tuple):
        return {_TUPLE: [_encode(v) for v in value]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if isinstance(value, str):
        return str(value)  # a str subclass (Lark's Token) is stored as the text it is
    return value


def _tagged(value: JsonObject) -> Json:
    if _TUPLE in value:
        return tuple(value[_TUPLE])
    if _ITEMS in value:
        return {k: v for k, v in value[_ITEMS]}
    return value


def load_json(path: Path) -> Json | None:
    raw = read_trusted(path)
    if raw is None:
        return None
    try:
        return json.loads(raw, object_hook=_tagged)
    except (ValueError, RecursionError):
        return None


def save_json(path: Path, value: object) -> None:
    try:
        data = json.dumps(_encode(value), sort_keys=False).encode("utf-8")
    except (TypeError, ValueError):  # something JSON cannot hold (dates...): don't cache
        return
    write_atomic(path, data)


def lark(entry: Path, build: Callable[[], Lark]) -> Lark:
    """A Lark LALR parser from its cache entry (the data Lark serializes a parser to, loaded
    without pickle), else built by `build` and stored for the next process."""
    from lark import Lark
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    found = load_json(entry)
    if isinstance(found, dict):
        try:
            parser = Lark.load({"data": found["data"], "memo": found["memo"]})
            compiled = Compiled(found.get("patterns"))
            for lexer in _lexers(parser):
                lexer.re = compiled
            return parser
        except Exception:  # noqa: BLE001 - a torn or foreign entry: build without it
            pass
    parser = build()
    try:
        data, memo = parser.memo_serialize([TerminalDef, Rule])
        save_json(entry, {"data": data, "memo": memo, "patterns": _patterns(data, memo)})
    except Exception:  # noqa: BLE001 - a parser Lark cannot serialize is simply not cached
        pass
    return parser


def _lexers(parser: Lark) -> Iterator[Any]:
    """The lexers of a parser (one per set of terminals its states accept, and the one that
    words an error), which compile their patterns through their `re` attribute. Any: they
    are reached through lark's internals, and their `re` (typed as the module) is replaced."""
    contextual = getattr(getattr(parser, "parser", None), "lexer", None)
    yield from getattr(contextual, "lexers", {}).values()
    root = getattr(contextual, "root_lexer", None)
    if root is not None:
        yield root


def _patterns(data: Json, memo: Json) -> list[list[Json]]:
    """Every regular expression the lexers of this parser compile, each as the program `re`
    makes of it: learned on a loaded copy of the parser, the very lexers a later process uses
    (building all their scanners here, where the built parser is left as it was)."""
    from lark import Lark

    learner = Compiled(None, learn=True)
    try:
        for lexer in _lexers(Lark.load({"data": data, "memo": memo})):
            lexer.re = learner
            _ = lexer.scanner
    except Exception:  # noqa: BLE001 - a Lark built otherwise: its entry keeps what was learned
        pass
    return learner.learned


class Compiled:
    """The `re` module as a parser's lexers use it (compile, match, error), serving each
    pattern from its program in the cache entry, else compiling it (and, when it is to
    `learn`, keeping its program in `learned`); a program `_sre` refuses, or any other
    surprise, is compiled as usual."""

    error = re.error

    def __init__(self, known: object, learn: bool = False) -> None:
        self.learn = learn
        self.known: dict[tuple[str, int], list[Json]] = {}
        self.learned: list[list[Json]] = []
        self.made: dict[tuple[str, int], re.Pattern[str]] = {}
        if isinstance(known, list):
            for item in known:
                if isinstance(item, list) and len(item) == 6 and isinstance(item[0], str) and \
                        isinstance(item[1], int):
                    self.known[(item[0], item[1])] = item[2:]

    def compile(self, pattern: str, flags: int = 0) -> re.Pattern[str]:
        key = (pattern, int(flags))
        made = self.made.get(key)
        if made is None:
            made = self.made[key] = self._program(key) or self._learn(key)
        return made

    def match(self, pattern: str, string: str, flags: int = 0) -> re.Match[str] | None:
        return self.compile(pattern, flags).match(string)

    def _program(self, key: tuple[str, int]) -> re.Pattern[str] | None:
        found = self.known.get(key)
        if found is None:
            return None
        flags, code, groups, names = found
        try:
            index: list[str | None] = [None] * (groups + 1)
            for name, number in names.items():
                index[number] = name
            engine = _sre()  # the regex engine's compile (of a checked program), not Python's
            made: re.Pattern[str] = engine.compile(key[0], flags, code, groups, names,
                                                   tuple(index))
        except Exception:  # noqa: BLE001 - refused or malformed: compile it as usual
            return None
        return made

    def _learn(self, key: tuple[str, int]) -> re.Pattern[str]:
        pattern, flags = key
        made = re.compile(pattern, flags)
        if not self.learn:
            return made
        try:
            from re import _compiler, _parser  # type: ignore[attr-defined]

            parsed = _parser.parse(pattern, flags)
            code = [int(c) for c in _compiler._code(parsed, flags)]
            self.learned.append([pattern, flags, made.flags, code, made.groups,
                                 dict(made.groupindex)])
        except Exception:  # noqa: BLE001 - another Python: its patterns are simply compiled
            pass
        return made


def _sre() -> ModuleType:
    import _sre  # type: ignore[import-not-found]

    engine: ModuleType = _sre  # untyped: it has no stubs
    return engine

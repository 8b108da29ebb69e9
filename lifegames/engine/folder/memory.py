"""A game folder held in memory: what a replay plays into.

`verify` and `rollback` replay a whole game from its setup and its record of executed orders.
Played on disk, every replayed tick would stage, journal, write and fsync its files; held here,
a tick is a few dictionary updates. The folder answers the calls the host makes of a
GameFolder while it sets up and plays ticks (load, read_manifest, read_player, commit...),
with the same results, so the host's own code plays the replay: one rules path.

A file's text may be a Deferred: a sheet the replay has not drawn yet, which knows its sha256
(checked against the file the real folder holds) and draws itself only when read.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path

from ..base.jsondata import JsonObject
from ..files.playerfiles import Content
from .folder import MANIFEST_FILE, META, STATE_FILE, Op, dumps
from .shapes import manifest_problem


class Deferred(str):
    """A file's text not made yet: `digest` is its sha256, `draw()` makes it. As a str it is
    empty, so nothing may use it as text without drawing it first (MemoryFolder does)."""

    digest: str
    draw: Callable[[], str]

    def __new__(cls, digest: str, draw: Callable[[], str]) -> Deferred:
        made = super().__new__(cls, "")
        made.digest, made.draw = digest, draw
        return made


def text_of(text: str) -> str:
    """The text itself, drawn if it was Deferred."""
    return text.draw() if isinstance(text, Deferred) else text


class MemoryFolder:
    """The files of a game folder as relative path -> text (see the module docstring)."""

    recovered = False

    def __init__(self, root: Path, seats: Path | None = None) -> None:
        self.root = root  # names the folder in messages; nothing is read or written there
        self.files: dict[str, str] = {}
        self.state_digest = ""
        self._seats = seats

    # -- what the host asks of a GameFolder ------------------------------------------------
    @contextlib.contextmanager
    def locked(self, wait: float = 2.0, create: bool = False) -> Iterator[None]:
        yield

    def has_game(self) -> bool:
        return f"{META}/{STATE_FILE}" in self.files

    def seats_root(self) -> Path | None:
        return self._seats

    def remotes(self) -> dict[str, str]:
        return {}

    def exists(self, relative: str) -> bool:
        return relative in self.files

    def read(self, relative: str) -> bytes | None:
        text = self.files.get(relative)
        return None if text is None else text_of(text).encode("utf-8")

    def read_engine(self, relative: str, hint: str) -> bytes | None:
        return self.read(relative)

    def read_meta(self, name: str) -> bytes | None:
        return self.read(f"{META}/{name}")

    def read_player(self, relative: str, limit: int) -> Content | None:
        data = self.read(relative)
        return None if data is None else Content(data[:limit + 1], len(data))

    def read_manifest(self) -> JsonObject | None:
        raw = self.files.get(f"{META}/{MANIFEST_FILE}")
        manifest = json.loads(raw) if raw is not None else None
        return None if manifest_problem(manifest) else manifest

    def load(self) -> JsonObject:
        envelope: JsonObject = json.loads(self.files[f"{META}/{STATE_FILE}"])
        return envelope

    def peek_tick(self) -> int | None:
        return int(self.load()["state"]["tick"]) if self.has_game() else None

    def write(self, relative: str, text: str) -> None:
        self.files[relative] = text

    def commit(self, ops: list[Op], envelope: JsonObject) -> None:
        """Every op, then the new state (a seat's ops are no file of the game folder)."""
        for op in [*ops, Op("write", f"{META}/{STATE_FILE}", dumps(envelope))]:
            if op.kind == "write":
                self.files[op.path] = op.text
            elif op.kind == "append":
                self.files[op.path] = text_of(self.files.get(op.path, "")) + op.text
            elif op.kind == "move":
                if op.path in self.files:
                    self.files[op.dest] = self.files.pop(op.path)
            elif op.kind == "delete":
                self.files.pop(op.path, None)

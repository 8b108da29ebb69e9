"""A per-user cache of built grammars and parsed rule data, shared between processes.

A `tick` is a short process; building an LALR table and parsing YAML on every run would cost
more than the rules themselves. Entries are keyed by a hash of everything they were built from,
so an edited grammar or YAML file is never served stale. The folder must belong to this user
and be closed to others (the Lark entry is a pickle, which must never come from anyone else);
otherwise nothing is cached. `LIFEGAMES_CACHE=off` turns caching off; `LIFEGAMES_CACHE=DIR`
moves it.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from .. import __version__


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
            info = directory.stat()
            if info.st_uid != os.getuid() or info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
                return None
    except (OSError, AttributeError):
        return None
    return place


def trusted(path: Path) -> bool:
    """A cache file written by this user and writable by no one else."""
    try:
        info = path.stat()
    except OSError:
        return False
    return info.st_uid == os.getuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def write_atomic(path: Path, data: bytes) -> None:
    """Write a cache entry so a concurrent reader sees all of it or none (failures ignored:
    the cache only saves time)."""
    with contextlib.suppress(OSError):
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def _encode(value: Any) -> Any:
    """JSON cannot key a dict by a number (YAML can: `1: plains`); tag such dicts."""
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {k: _encode(v) for k, v in value.items()}
        return {"\u0000items": [[k, _encode(v)] for k, v in value.items()]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    return value


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        if "\u0000items" in value:
            return {k: _decode(v) for k, v in value["\u0000items"]}
        return {k: _decode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_decode(v) for v in value]
    return value


def load_json(path: Path) -> Any | None:
    if not trusted(path):
        return None
    try:
        return _decode(json.loads(path.read_bytes()))
    except (OSError, ValueError):
        return None


def save_json(path: Path, value: Any) -> None:
    try:
        data = json.dumps(_encode(value), sort_keys=False).encode("utf-8")
    except (TypeError, ValueError):  # something JSON cannot hold (dates...): don't cache
        return
    write_atomic(path, data)

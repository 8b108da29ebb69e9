"""Whether the referee's files are still the host's alone.

Setup makes the game folder, its `.lifegames/` (state, dice seed, journal, the host's
repositories of the seats), the players' folders and sheets, and each player's local remote
readable and writable by the host's account only, whatever the umask, and everything lifegames
or git writes there later keeps those modes. A `chmod`, a copy
or a restore from a backup can undo it without anyone noticing; `status` walks those folders
(a bounded walk, so it stays fast on a large repository) and says so.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

LOOSE = stat.S_IRWXG | stat.S_IRWXO  # any permission of the group or of others
WALK_LIMIT = 20_000  # entries looked at, at most, by one check


@dataclass
class Exposure:
    """What a check found: every path with a group or other bit (`found` counts them, `first`
    is the first one met), the tops holding any, and whether the walk stopped at its limit."""

    found: int = 0
    first: Path | None = None
    tops: list[Path] = field(default_factory=list)
    cut: bool = False


def exposed(tops: list[Path], limit: int = WALK_LIMIT,
            shallow: Sequence[tuple[Path, list[Path]]] = ()) -> Exposure:
    """Walk each of `tops` (a folder or a file; a missing one is skipped) and count the
    entries that others may read, write or enter. Links are neither followed nor counted (a
    link's own mode means nothing); an entry that cannot be read is skipped. `shallow`: (a
    top, the paths under it looked at one by one, never walked into), looked at first. At
    most `limit` entries are looked at."""
    out = Exposure()
    seen = 0
    walks: list[tuple[Path, list[Path], bool]] = [(top, paths, False) for top, paths in shallow]
    walks += [(top, [top], True) for top in tops]
    for top, paths, deep in walks:
        counted_before = out.found
        stack = list(reversed(paths))
        while stack:
            if seen >= limit:
                out.cut = True
                break
            path = stack.pop()
            seen += 1
            try:
                info = os.lstat(path)
            except OSError:
                continue
            if stat.S_ISLNK(info.st_mode):
                continue
            if info.st_mode & LOOSE:
                out.found += 1
                if out.first is None:
                    out.first = path
            if deep and stat.S_ISDIR(info.st_mode):
                try:
                    names = sorted(os.listdir(path), reverse=True)
                except OSError:
                    continue
                stack.extend(path / name for name in names)
        if out.found > counted_before:
            out.tops.append(top)
        if out.cut:
            break
    return out

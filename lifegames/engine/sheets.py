"""Text helpers shared by every game's sheets: stable tables and headed sections."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tabulate import tabulate


def table(rows: Iterable[Sequence[Any]], headers: Sequence[str], align: str = "left") -> str:
    """A plain-text table that looks the same in any editor and diffs line by line."""
    return tabulate(list(rows), headers=list(headers), tablefmt="simple",
                    disable_numparse=True, stralign=align)


def section(title: str, body: str) -> str:
    return f"{title.upper()}\n{'-' * len(title)}\n{body.rstrip()}\n"


def document(title: str, parts: Iterable[str]) -> str:
    """A whole sheet: a title, then sections separated by one blank line, one final newline."""
    rule = "=" * len(title)
    return f"{title}\n{rule}\n\n" + "\n".join(p.rstrip() + "\n" for p in parts if p)


def commented(lines: Iterable[str]) -> str:
    return "".join(f"# {line}".rstrip() + "\n" for line in lines)


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)

"""An editor's buffer checked as `check` checks the file, and each problem as an LSP diagnostic.

The buffer is what a tick would read: its UTF-8 bytes go through the same parse_bytes (so a
buffer past 64 KiB, or holding a NUL, is refused exactly as the file would be) and the same
check (engine/seats/playercheck.py). Problems are located in characters of a line split as the
engine splits it (CR, LF or CRLF only); the editor counts in the position encoding agreed at
start-up, UTF-16 unless it offered another, so columns are converted here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lsprotocol import types as lsp

from ..engine.core.orders import ParsedFile, Problem, parse_bytes
from ..engine.seats.playercheck import PlayerCheck, check_as
from .places import Place

LINES = re.compile(r"\r\n|\r|\n")
SOURCE = "lifegames"
BOM = "\ufeff"

def split_lines(text: str) -> list[str]:
    """The lines of a buffer as LSP and the engine count them (a trailing break ends a
    line; the empty line after it still has a number)."""
    return LINES.split(text)


def units(line: str, index: int, encoding: str) -> int:
    """How many of the editor's code units the first `index` characters of `line` take."""
    head = line[:index]
    if encoding == lsp.PositionEncodingKind.Utf32:
        return len(head)
    if encoding == lsp.PositionEncodingKind.Utf8:
        return len(head.encode("utf-8", "surrogatepass"))
    return len(head) + sum(1 for c in head if ord(c) > 0xFFFF)


def index_of(line: str, count: int, encoding: str) -> int:
    """The character index in `line` that `count` of the editor's code units reach (a
    position inside a character, or past the end, is moved to the nearest one before)."""
    if encoding == lsp.PositionEncodingKind.Utf32:
        return max(0, min(count, len(line)))
    used = 0
    for index, char in enumerate(line):
        width = (len(char.encode("utf-8", "surrogatepass"))
                 if encoding == lsp.PositionEncodingKind.Utf8 else 2 if ord(char) > 0xFFFF else 1)
        if used + width > count:
            return index
        used += width
    return len(line)


@dataclass
class Buffer:
    """One open document as the editor last sent it."""

    uri: str
    text: str
    version: int | None
    lines: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.lines = split_lines(self.text)

    def position(self, line: int, index: int, encoding: str) -> lsp.Position:
        """A character position (0-based line and index) in the editor's units, kept inside
        the buffer."""
        if not self.lines:
            return lsp.Position(0, 0)
        line = max(0, min(line, len(self.lines) - 1))
        text = self.lines[line]
        return lsp.Position(line, units(text, max(0, min(index, len(text))), encoding))

    def index(self, position: lsp.Position, encoding: str) -> tuple[int, int]:
        """The (line, character index) of an editor's position, kept inside the buffer."""
        line = max(0, min(position.line, len(self.lines) - 1))
        return line, index_of(self.lines[line], max(0, position.character), encoding)


@dataclass
class Checked:
    """A buffer checked: the report behind the diagnostics (kept for code actions)."""

    buffer: Buffer
    place: Place
    parsed: ParsedFile | None
    report: PlayerCheck | None
    diagnostics: list[lsp.Diagnostic]


def check_buffer(buffer: Buffer, place: Place, encoding: str) -> Checked:
    where = place.standpoint
    if where is None:
        troubles = [_note(buffer, place.trouble, encoding)] if place.trouble else []
        return Checked(buffer, place, None, None, troubles)
    raw = buffer.text.encode("utf-8", "surrogatepass")
    parsed = parse_bytes(where.game.grammar_name(), raw, place.relative)
    report = check_as(where, parsed)
    diagnostics = [diagnostic(buffer, p, encoding) for p in report.problems]
    diagnostics += [diagnostic(buffer, p, encoding, lsp.DiagnosticSeverity.Warning)
                    for p in report.warnings]
    notes = list(place.notes)
    if where.over:
        notes.append("the game is over: no more orders are played")
    elif report.result is None:
        notes.append(where.not_awaited_note())
    diagnostics += [_note(buffer, note, encoding) for note in notes]
    return Checked(buffer, place, parsed, report, diagnostics)


def problem_range(buffer: Buffer, problem: Problem, encoding: str) -> lsp.Range:
    """Where a problem stands in the buffer. A problem placed after the last line (a turn
    left unfinished) is shown at the end of the buffer."""
    line = problem.line - 1
    shift = 1 if line == 0 and buffer.text.startswith(BOM) else 0  # parse_bytes drops a BOM
    start, end = problem.column - 1 + shift, max(problem.end_column, problem.column + 1) - 1 + shift
    if line >= len(buffer.lines):
        last = len(buffer.lines) - 1
        end_of = len(buffer.lines[last]) if buffer.lines else 0
        point = buffer.position(last, end_of, encoding)
        return lsp.Range(point, point)
    return lsp.Range(buffer.position(line, start, encoding), buffer.position(line, end, encoding))


def diagnostic(buffer: Buffer, problem: Problem, encoding: str,
               severity: lsp.DiagnosticSeverity | None = None) -> lsp.Diagnostic:
    """A problem as the editor shows it: its code, its reason, then the way forward."""
    if severity is None:
        severity = (lsp.DiagnosticSeverity.Warning if problem.code.startswith("W-")
                    else lsp.DiagnosticSeverity.Error)
    message = problem.message + (f"\n{problem.hint}" if problem.hint else "")
    return lsp.Diagnostic(problem_range(buffer, problem, encoding), message, severity,
                          code=problem.code, source=SOURCE)


def _note(buffer: Buffer, text: str, encoding: str) -> lsp.Diagnostic:
    """Something the player should know about the whole file, on its first line."""
    first = buffer.lines[0] if buffer.lines else ""
    where = lsp.Range(buffer.position(0, 0, encoding), buffer.position(0, len(first), encoding))
    return lsp.Diagnostic(where, text, lsp.DiagnosticSeverity.Information, source=SOURCE)

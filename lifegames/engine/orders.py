"""Order files: reading them safely, parsing them with the game's Lark grammar, and rendering
every problem as `file:line:col: CODE: reason`, the line, a caret and a way forward.

Files are parsed a line at a time with the grammar's `order` rule, so one bad line never hides
the next; a grammar is built once per process (LALR) and reused.
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import re
from dataclasses import dataclass, field

import lark
from lark import Lark, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.grammar import NonTerminal, Terminal

from . import cache
from .contract import Arg, Order
from .data import grammar_path
from .escape import visible

MAX_FILE_BYTES = 64 * 1024
MAX_LINE_CHARS = 400
MAX_INT_DIGITS = 9
END_WORD = "end"
_END = re.compile(rf"{END_WORD}\s*(#.*)?", re.IGNORECASE)
_LINES = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class Problem:
    """One located complaint about an order file. `code` is stable; tests and tools key on it."""

    path: str
    line: int
    column: int
    end_column: int
    code: str
    message: str
    hint: str = ""
    source: str = ""

    def render(self) -> str:
        """The problem as printed; what the player wrote has its control characters shown
        escaped (the caret still stands under the fault)."""
        head = f"{self.path}:{self.line}:{self.column}: {self.code}: {self.message}"
        lines = [visible(head)]
        if self.source:
            shown = self.source.expandtabs(1)
            lines.append("    " + visible(shown))
            before = len(visible(shown[: self.column - 1]))
            width = max(1, len(visible(shown[self.column - 1: self.end_column - 1])))
            lines.append("    " + " " * before + "^" * width)
        if self.hint:
            lines.extend("  " + visible(h) for h in self.hint.splitlines())
        return "\n".join(lines)


@dataclass
class ParsedFile:
    path: str
    orders: list[Order] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    ended: bool = False  # an explicit `end` line was present


def suggest(word: str, options: list[str] | tuple[str, ...]) -> str:
    """'did you mean "farm"?' or '' - the nearest valid names for a misspelling."""
    close = difflib.get_close_matches(word.lower(), [o.lower() for o in options], n=2, cutoff=0.6)
    if not close:
        return ""
    return "did you mean " + " or ".join(f'"{c}"' for c in close) + "?"


# -- grammars ---------------------------------------------------------------------------------


@functools.cache
def grammar(name: str) -> Lark:
    """The game's LALR parser, built once per process and cached on disk between processes
    (keyed by every grammar file it may import and the Lark version)."""
    path = grammar_path(name)
    options: dict[str, object] = {"parser": "lalr", "start": "order",
                                  "propagate_positions": True}
    place = cache.folder()
    if place is not None:
        digest = hashlib.sha256(f"{lark.__version__} {sorted(options.items())}".encode())
        for source in [path, *sorted(path.parent.glob("*.lark"))]:
            digest.update(source.read_bytes())
        entry = place / f"grammar-{path.stem}-{digest.hexdigest()[:32]}.json"
        return cache.lark(entry, lambda: Lark.open(str(path), **options))  # type: ignore[no-any-return]
    return Lark.open(str(path), **options)


@functools.cache
def commands(name: str) -> dict[str, tuple[str, ...]]:
    """command -> argument names, read from the grammar (so help and errors cannot drift)."""
    parser = grammar(name)
    command_names = [
        r.expansion[0].name for r in parser.rules if r.origin.name == "order" and r.expansion
    ]
    out: dict[str, tuple[str, ...]] = {}
    for command in command_names:
        for rule in parser.rules:
            if rule.origin.name == command:
                out[command] = tuple(
                    s.name for s in rule.expansion if isinstance(s, NonTerminal)
                )
                break
    return out


@functools.cache
def usage(name: str, command: str) -> str:
    """The order's written form, rebuilt from the grammar: `build(row, col, building)`."""
    parser = grammar(name)
    for rule in parser.rules:
        if rule.origin.name != command:
            continue
        text = ""
        for symbol in rule.expansion:
            if isinstance(symbol, NonTerminal):
                text += symbol.name
            elif isinstance(symbol, Terminal):
                literal = _literal(parser, symbol.name)
                text += literal + (" " if literal == "," else "")
        return text
    raise KeyError(command)


def _literal(parser: Lark, terminal: str) -> str:
    try:
        pattern = parser.get_terminal(terminal).pattern
    except KeyError:  # Lark's own end markers ($END, <END-OF-FILE>)
        return "the end of the line"
    if pattern.type == "str":
        return pattern.value
    return {"INT": "<number>", "STRING": '"<name>"', "WORD": "<word>"}.get(terminal, terminal)


def _expected(parser: Lark, names: set[str] | frozenset[str]) -> str:
    shown = sorted({_literal(parser, n) for n in names})
    return ", ".join(f"'{s}'" if len(s) == 1 else s for s in shown)


# -- reading ----------------------------------------------------------------------------------


def decode(raw: bytes, path: str, size: int | None = None) -> tuple[str | None, Problem | None]:
    """Bytes from disk to text, refusing what is not a text file quickly and with a location.
    `size` is the file's true size when only its first bytes were read."""
    if len(raw) > MAX_FILE_BYTES or (size or 0) > MAX_FILE_BYTES:
        return None, Problem(path, 1, 1, 2, "E-FILE-TOO-LARGE",
                             f"the file is {max(len(raw), size or 0)} bytes; order files may "
                             f"hold at most {MAX_FILE_BYTES} bytes")
    if b"\x00" in raw:
        prefix = raw[: raw.index(b"\x00")].decode("utf-8", "replace")
        line = len(re.split(r"\r\n|\r|\n", prefix))
        return None, Problem(path, line, 1, 2, "E-BINARY",
                             "the file holds a NUL byte; it is not a text file",
                             "save it as plain UTF-8 text")
    body = raw.removeprefix(b"\xef\xbb\xbf")  # a BOM is not part of the text
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = re.split(r"\r\n|\r|\n", body[: exc.start].decode("utf-8", "replace"))
        line, col = len(before), len(before[-1]) + 1
        return None, Problem(path, line, col, col + 1, "E-ENCODING",
                             f"byte 0x{body[exc.start]:02x} is not valid UTF-8",
                             "save the file as UTF-8 (most editors: 'Save with encoding')")
    return text, None


def parse_text(grammar_name: str, text: str, path: str) -> ParsedFile:
    parsed = ParsedFile(path)
    parser = grammar(grammar_name)
    text = text.removeprefix("\ufeff")
    for number, raw_line in enumerate(_LINES.split(text), start=1):
        line = raw_line.rstrip()
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if parsed.ended:
            col = len(line) - len(line.lstrip()) + 1
            parsed.problems.append(Problem(
                path, number, col, len(line) + 1, "E-AFTER-END",
                f"nothing may follow the '{END_WORD}' line", f"move this order above '{END_WORD}'",
                line))
            continue
        if len(line) > MAX_LINE_CHARS:
            parsed.problems.append(Problem(
                path, number, MAX_LINE_CHARS + 1, MAX_LINE_CHARS + 2, "E-LINE-TOO-LONG",
                f"the line has {len(line)} characters; at most {MAX_LINE_CHARS} are read",
                "one order per line"))
            continue
        if stripped[0] in "eE" and _END.fullmatch(stripped):
            parsed.ended = True
            continue
        try:
            tree = parser.parse(line)
        except UnexpectedInput as exc:
            parsed.problems.append(_syntax_problem(grammar_name, parser, exc, line, number, path))
            continue
        order, problems = _to_order(tree, line, number, path)
        parsed.problems.extend(problems)
        if order is not None:
            parsed.orders.append(order)
    return parsed


def parse_bytes(grammar_name: str, raw: bytes, path: str, size: int | None = None
                ) -> ParsedFile:
    text, problem = decode(raw, path, size)
    if problem is not None:
        return ParsedFile(path, problems=[problem])
    assert text is not None
    return parse_text(grammar_name, text, path)


def _syntax_problem(grammar_name: str, parser: Lark, exc: UnexpectedInput, line: str,
                    number: int, path: str) -> Problem:
    known = commands(grammar_name)
    lead = re.match(r"\s*([^\s(]+)", line)
    word = lead.group(1) if lead else ""
    start = (lead.start(1) + 1) if lead else 1
    if word and word not in known:
        hint = suggest(word, list(known)) or "commands: " + ", ".join(known)
        return Problem(path, number, start, start + len(word), "E-UNKNOWN-COMMAND",
                       f'no command called "{word}"', hint, line)
    hint = f"write it as {usage(grammar_name, word)}" if word in known else ""
    if isinstance(exc, UnexpectedEOF):
        col = len(line) + 1
        return Problem(path, number, col, col + 1, "E-SYNTAX",
                       f"the order stops early; expected {_expected(parser, exc.expected)}",
                       hint, line)
    col = getattr(exc, "column", 1) or 1
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        if token.type == "$END":
            col = len(line) + 1
            what = "the order stops early"
        else:
            what = f"unexpected {str(token)!r}"
            if any(_literal(parser, n) == "the end of the line" for n in exc.expected):
                hint = "one order per line: put what follows on a line of its own"
        end = col + max(1, len(str(token)) if token.type != "$END" else 1)
        return Problem(path, number, col, end, "E-SYNTAX",
                       f"{what}; expected {_expected(parser, exc.expected)}", hint, line)
    if isinstance(exc, UnexpectedCharacters):
        char = line[col - 1] if 0 < col <= len(line) else ""
        message = f"unexpected character {char!r}"
        if char in "\"'\u201c\u2018":
            message = "a quoted name is not closed on this line"
        return Problem(path, number, col, col + 1, "E-SYNTAX", message, hint, line)
    return Problem(path, number, col, col + 1, "E-SYNTAX", str(exc).splitlines()[0], hint, line)


def _to_order(tree: Tree, line: str, number: int, path: str) -> tuple[Order | None, list[Problem]]:
    command_tree = tree.children[0]
    args: list[Arg] = []
    problems: list[Problem] = []
    for child in command_tree.children:  # type: ignore[union-attr]
        token = child.children[0]  # type: ignore[union-attr]
        kind = token.type
        if kind == "INT":
            if len(token.lstrip("+-").lstrip("0")) > MAX_INT_DIGITS:
                problems.append(Problem(path, number, token.column, token.end_column,
                                        "E-NUMBER-TOO-LARGE", f"{child.data} is too large",
                                        f"numbers have at most {MAX_INT_DIGITS} digits", line))
                continue
            args.append(Arg(str(child.data), int(token), token.column, token.end_column, "int"))
        elif kind == "STRING":
            args.append(Arg(str(child.data), token[1:-1].strip(), token.column, token.end_column,
                            "string"))
        else:
            args.append(Arg(str(child.data), str(token), token.column, token.end_column, "word"))
    if problems:
        return None, problems
    first = len(line) - len(line.lstrip()) + 1
    end = tree.meta.end_column if not tree.meta.empty else len(line) + 1
    return Order(str(command_tree.data), tuple(args), number, first, end, line), []  # type: ignore


@functools.lru_cache(maxsize=512)
def standing_orders(grammar_name: str, texts: tuple[str, ...]) -> tuple[Order, ...]:
    """Standing orders as the engine stores them (canonical order text), parsed once."""
    out = []
    for text in texts:
        parsed = parse_text(grammar_name, text, "standing")
        out.extend(parsed.orders)
    return tuple(out)

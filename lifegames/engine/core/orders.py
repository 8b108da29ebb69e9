"""Order files: reading them safely, parsing them with the game's Lark grammar, and rendering
every problem as `file:line:col: CODE: reason`, the line, a caret and a way forward.

Files are parsed a line at a time with the grammar's `order` rule, so one bad line never hides
the next; a grammar is built once per process (LALR) and reused.
"""

from __future__ import annotations

import functools
import hashlib
import re
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple, TypedDict, cast

import lark
from lark import Lark, ParseTree, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.grammar import NonTerminal, Terminal

from ..base.codes import E
from ..base.escape import visible
from ..files import cache
from ..files.data import grammar_path
from .records import Arg, Order

MAX_FILE_BYTES = 64 * 1024
MAX_LINE_CHARS = 400
MAX_INT_DIGITS = 9
MAX_CONDITION_NESTING = 10  # `(` and `not` inside each other in one condition
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

    def in_file(self, path: str) -> Problem:
        """The same problem, located in the file as `path` names it (a seat's own name for
        its order file)."""
        return replace(self, path=path)

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


class Cond(NamedTuple):
    """A plan's condition, as written: `kind` is "or", "and", "not", "fact", "cmp", "in",
    "can", "int" or "str"; `parts` its operands (Conds, an Order for "can", a value for "int"
    and "str", the name for "fact", the operator then the operands for "cmp")."""

    kind: str
    # Any: what each operand is depends on `kind` (a tagged tuple), and plans.py reads it by kind
    parts: tuple[Any, ...]
    column: int
    end_column: int


@dataclass(slots=True)
class Line:
    """One line of an order file that is not a comment: an order (kind "step") or a line of a
    plan around orders (see grammars/common.lark for the kinds)."""

    kind: str
    number: int
    column: int
    end_column: int
    source: str
    order: Order | None = None
    condition: Cond | None = None
    tick: int | None = None  # of an `orders for tick N` header


@dataclass
class ParsedFile:
    path: str
    lines: list[Line] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    ended: bool = False  # an explicit `end` line was present
    # Block lines (`if ...`, `endif`) that did not parse, as the kind they were meant to be:
    # their syntax problem is reported once, and the block they open or close still matches,
    # so its partner line is not reported as well.
    broken: list[Line] = field(default_factory=list)

    @property
    def orders(self) -> list[Order]:
        """Every order written in the file, in file order (in any branch of a plan)."""
        return [line.order for line in self.lines
                if line.order is not None and line.kind != "standing"]

    @property
    def standing(self) -> list[Line]:
        return [line for line in self.lines if line.kind in ("standing", "standing_none")]

    @property
    def header(self) -> Line | None:
        return next((line for line in self.lines if line.kind == "header"), None)

    @property
    def is_plan(self) -> bool:
        """True when the file holds more than plain orders (conditions, loops, stop)."""
        return any(line.kind not in ("step", "header", "standing", "standing_none")
                   for line in self.lines)


def suggest(word: str, options: list[str] | tuple[str, ...]) -> str:
    """'did you mean "farm"?' or '' - the nearest valid names for a misspelling (difflib is
    imported here: only a file with a mistake needs it)."""
    import difflib

    spelled = {o.lower(): o for o in reversed(options)}  # each name as the game writes it
    close = difflib.get_close_matches(word.lower(), list(spelled), n=2, cutoff=0.6)
    if not close:
        return ""
    return "did you mean " + " or ".join(f'"{spelled[c]}"' for c in close) + "?"


# -- grammars ---------------------------------------------------------------------------------


class _LarkOptions(TypedDict):
    parser: str
    start: str
    propagate_positions: bool


@functools.cache
def grammar(name: str) -> Lark:
    """The game's LALR parser, built once per process and cached on disk between processes
    (keyed by every grammar file it may import and the Lark version)."""
    path = grammar_path(name)
    options: _LarkOptions = {"parser": "lalr", "start": start_rule(name),
                               "propagate_positions": True}
    place = cache.folder()
    if place is not None:
        digest = hashlib.sha256(
            f"{lark.__version__} {cache.LARK_FORMAT} {sorted(options.items())}".encode())
        # every grammar beside it (listed by hand: a glob would compile a pattern for this)
        sources = sorted(p for p in path.parent.iterdir() if p.name.endswith(".lark"))
        for source in [path, *sources]:
            digest.update(source.read_bytes())
        entry = place / f"grammar-{path.stem}-{digest.hexdigest()[:32]}.json"
        return cache.lark(entry, lambda: Lark.open(str(path), **options))
    return Lark.open(str(path), **options)


_USES_LINE = re.compile(r"%import\s+\.common\s*\([^)]*\bline\b|^line\s*:", re.MULTILINE)


@functools.cache
def start_rule(name: str) -> str:
    """`line` for a grammar built on grammars/common.lark (orders and plans); `order` for a
    standalone grammar of orders only (the engine works with either)."""
    return "line" if _USES_LINE.search(grammar_path(name).read_text(encoding="utf-8")) else "order"


def header_line(grammar_name: str, tick: int) -> str:
    """The line that binds an order file to its tick (none in a grammar of orders only)."""
    return f"orders for tick {tick}\n" if start_rule(grammar_name) == "line" else ""


PLAN_USAGE = {
    "orders": "orders for tick <number>",
    "if": "if <condition>: <order>, or `if <condition>` alone on its line, closed by `endif`",
    "elif": "elif <condition>, between `if <condition>` and `endif`",
    "else": "else, alone on its line, between `if <condition>` and `endif`",
    "endif": "endif, alone on its line",
    "while": "while <condition>: <order>, or `while <condition>` alone, closed by `endwhile`",
    "endwhile": "endwhile, alone on its line",
    "stop": "stop, alone on its line",
    "standing": "standing <order>, or `standing none`",
    "absent": "absent, alone on its line",
}
PLAN_WORDS = tuple(PLAN_USAGE)


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
def argument_kinds(name: str) -> dict[str, frozenset[str]]:
    """argument rule -> the terminals it takes (INT, STRING, WORD, REF): what a `$fact` may
    stand for there (a number where INT is taken, a name where STRING or WORD is)."""
    parser = grammar(name)
    wanted = {arg for args in commands(name).values() for arg in args}
    out: dict[str, set[str]] = {}
    for rule in parser.rules:
        origin = str(rule.origin.name)
        if origin in wanted:
            out.setdefault(origin, set()).update(
                _bare(s.name) for s in rule.expansion if isinstance(s, Terminal))
    return {k: frozenset(v) for k, v in out.items()}


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
    bare = terminal.rpartition("__")[2]
    return {"INT": "<number>", "STRING": '"<name>"', "WORD": "<word>", "REF": "$<fact>",
            "FACT": "<fact>", "COMPARE": "a comparison"}.get(bare, bare)


def _expected(parser: Lark, names: set[str] | frozenset[str]) -> str:
    shown = sorted({_literal(parser, n) for n in names})
    return ", ".join(f"'{s}'" if len(s) == 1 else s for s in shown)


# -- reading ----------------------------------------------------------------------------------


def decode(raw: bytes, path: str, size: int | None = None) -> tuple[str | None, Problem | None]:
    """Bytes from disk to text, refusing what is not a text file quickly and with a location.
    `size` is the file's true size when only its first bytes were read."""
    if len(raw) > MAX_FILE_BYTES or (size or 0) > MAX_FILE_BYTES:
        return None, Problem(path, 1, 1, 2, E.FILE_TOO_LARGE,
                             f"the file is {max(len(raw), size or 0)} bytes; order files may "
                             f"hold at most {MAX_FILE_BYTES} bytes")
    if b"\x00" in raw:
        prefix = raw[: raw.index(b"\x00")].decode("utf-8", "replace")
        line = len(re.split(r"\r\n|\r|\n", prefix))
        return None, Problem(path, line, 1, 2, E.BINARY,
                             "the file holds a NUL byte; it is not a text file",
                             "save it as plain UTF-8 text")
    body = raw.removeprefix(b"\xef\xbb\xbf")  # a BOM is not part of the text
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = re.split(r"\r\n|\r|\n", body[: exc.start].decode("utf-8", "replace"))
        line, col = len(before), len(before[-1]) + 1
        return None, Problem(path, line, col, col + 1, E.ENCODING,
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
                path, number, col, len(line) + 1, E.AFTER_END,
                f"nothing may follow the '{END_WORD}' line", f"move this order above '{END_WORD}'",
                line))
            continue
        if len(line) > MAX_LINE_CHARS:
            parsed.problems.append(Problem(
                path, number, MAX_LINE_CHARS + 1, MAX_LINE_CHARS + 2, E.LINE_TOO_LONG,
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
            meant = _meant_block(line)
            if meant:
                first = len(line) - len(line.lstrip()) + 1
                parsed.broken.append(Line(meant, number, first, len(line) + 1, line))
            continue
        problems: list[Problem] = []
        item = _to_line(tree, line, number, path, problems)
        parsed.problems.extend(problems)
        if item is not None and not problems:
            parsed.lines.append(item)
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
    word = lead.group(1).lower() if lead else ""
    start = (lead.start(1) + 1) if lead else 1
    plans = start_rule(grammar_name) == "line"
    if word and word not in known and not (plans and word in PLAN_WORDS):
        hint = suggest(word, list(known)) or "commands: " + ", ".join(known)
        return Problem(path, number, start, start + len(word), E.UNKNOWN_COMMAND,
                       f'no command called "{word}"', hint, line)
    hint = (f"write it as {usage(grammar_name, word)}" if word in known
            else f"write it as {PLAN_USAGE[word]}" if word in PLAN_USAGE else "")
    split = _outside_quotes(line, ";")
    if split is not None and _parses(parser, line[:split]):
        return Problem(path, number, split + 1, split + 2, E.SYNTAX,
                       "two orders on one line, joined by ';'",
                       "one order per line: put what follows the ';' on a line of its own", line)
    repaired = _quote_names(parser, line) if word in known else None
    if repaired is not None:
        col = getattr(exc, "column", 1) or 1
        joined = repaired.startswith(word + "(") and '"' not in repaired
        return Problem(path, number, col, col + 1, E.NAME_NOT_QUOTED,
                       "a name of several words is written with _ between them" if joined
                       else "names go in quotes", f"did you mean {repaired}?", line)
    if isinstance(exc, UnexpectedEOF):
        col = len(line) + 1
        return Problem(path, number, col, col + 1, E.SYNTAX,
                       f"the order stops early; expected {_expected(parser, set(exc.expected))}",
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
        return Problem(path, number, col, end, E.SYNTAX,
                       f"{what}; expected {_expected(parser, exc.expected)}", hint, line)
    if isinstance(exc, UnexpectedCharacters):
        char = line[col - 1] if 0 < col <= len(line) else ""
        message = f"unexpected character {char!r}"
        if char in "\"'\u201c\u2018":
            message = "a quoted name is not closed on this line"
        elif char == "=" and word in ("if", "elif", "while"):
            message = "a single '=' does not compare"
            fixed = line[: col - 1] + "==" + line[col:]
            hint = (f"write == to compare: {fixed.strip()}" if _parses(parser, fixed)
                    else "write == to compare (also != < <= > >=)")
        return Problem(path, number, col, col + 1, E.SYNTAX, message, hint, line)
    return Problem(path, number, col, col + 1, E.SYNTAX, str(exc).splitlines()[0], hint, line)


_BLOCK_WORDS = {"if": "if_open", "while": "while_open", "elif": "elif_open", "else": "else_open",
                "endif": "endif", "endwhile": "endwhile"}


def _meant_block(line: str) -> str:
    """The block line kind a line that did not parse was meant to be ("if_open", "endif"...),
    or "" (an order, or a one-line `if C: ORDER`, which opens no block)."""
    lead = re.match(r"\s*([A-Za-z]+)\b", line)
    kind = _BLOCK_WORDS.get(lead.group(1).lower(), "") if lead else ""
    if kind in ("if_open", "while_open") and _outside_quotes(line, ":") is not None:
        return ""
    return kind


def _parses(parser: Lark, text: str) -> bool:
    try:
        parser.parse(text)
    except UnexpectedInput:
        return False
    return True


def _outside_quotes(line: str, char: str) -> int | None:
    """The index of the first `char` that is not inside quotes (or in a # note), or None."""
    quote = ""
    for index, c in enumerate(line):
        if quote:
            if c in _CLOSERS[quote]:
                quote = ""
        elif c in _CLOSERS:
            quote = c
        elif c == "#":
            return None
        elif c == char:
            return index
    return None


_CLOSERS = {'"': '"', "'": "'", "\u201c": "\u201d", "\u2018": "\u2019"}
# Patterns of a hint for a failed line, compiled (by `re`, which caches them) only when a
# line fails: a file that parses never pays for them.
_CALL = r"^(\s*[A-Za-z_]+\s*\()(.*)\)\s*$"
_BARE_NAME = r"[A-Za-z][A-Za-z0-9_ \-]*"


def _quote_names(parser: Lark, line: str) -> str | None:
    """The line as it was surely meant, if what it lacked was quotes around its names (the
    commonest slip: `build(0,0, farm)`), or, in a game that takes bare names, _ between the
    words of one (`upgrade(fishing rod)`); None if neither fixes it."""
    match = re.match(_CALL, line.split("#", 1)[0].rstrip())
    if not match or any(q in match.group(2) for q in _CLOSERS):
        return None
    values = [raw.strip() for raw in match.group(2).split(",")]
    names = [bool(re.fullmatch(_BARE_NAME, v)) and not v.lstrip("+-").isdigit() for v in values]
    if not any(names):
        return None
    for form in ("{}", '"{}"'):  # bare with _ where the game allows it, else quoted
        args = [form.format(v.replace(" ", "_") if form == "{}" else v) if name else v
                for v, name in zip(values, names, strict=True)]
        fixed = f"{match.group(1).strip()}{', '.join(args)})"
        try:
            parser.parse(fixed)
        except UnexpectedInput:
            continue
        return fixed
    return None


def _bare(name: str) -> str:
    """A rule or terminal name without the namespace Lark gives what common.lark defines."""
    return name.rpartition("__")[2]


def _to_line(tree: ParseTree, line: str, number: int, path: str, problems: list[Problem]
             ) -> Line | None:
    """A parsed line as a Line (problems found in its values are appended to `problems`)."""
    kind = _bare(str(tree.data))
    first = len(line) - len(line.lstrip()) + 1
    item = Line("step" if kind in ("order", "line") else kind, number, first, len(line) + 1, line)
    if kind == "order":  # a standalone grammar of orders only
        item.order = _to_order(tree, line, number, path, problems)
        return item
    for child in tree.children:
        if isinstance(child, Tree) and _bare(str(child.data)) == "order":
            item.order = _to_order(child, line, number, path, problems)
        elif isinstance(child, Tree):
            item.condition = _to_cond(child, line, number, path, problems)
        elif child.type.endswith("INT"):  # the header's tick
            item.tick = _number(child, "tick", line, number, path, problems)
    return item


def _span(token: Token) -> tuple[int, int]:
    """Where a lexed token stands on its line. The lexer always sets both columns; lark types
    them optional because a token made by hand has none."""
    assert token.column is not None and token.end_column is not None
    return token.column, token.end_column


def _number(token: Token, what: str, line: str, number: int, path: str,
            problems: list[Problem]) -> int | None:
    if len(token.lstrip("+-").lstrip("0")) > MAX_INT_DIGITS:
        problems.append(Problem(path, number, *_span(token),
                                E.NUMBER_TOO_LARGE, f"{what} is too large",
                                f"numbers have at most {MAX_INT_DIGITS} digits", line))
        return None
    return int(token)


def _to_cond(tree: ParseTree, line: str, number: int, path: str, problems: list[Problem],
             depth: int = 0) -> Cond:
    kind = _bare(str(tree.data))
    column = tree.meta.column if not tree.meta.empty else 1
    end = tree.meta.end_column if not tree.meta.empty else len(line) + 1
    if kind in ("group", "negate"):
        depth += 1
        if depth > MAX_CONDITION_NESTING:  # refused before it is walked any deeper
            problems.append(Problem(
                path, number, column, end, E.TOO_DEEP, "this part of the condition is inside "
                f"{MAX_CONDITION_NESTING} others (brackets and `not`); they nest at most "
                f"{MAX_CONDITION_NESTING} deep", "write it with fewer brackets: `and` binds "
                "tighter than `or`, and `not (a and b)` is `not a or not b`", line))
            return Cond("int", (0,), column, end)

    def sub(child: ParseTree | Token) -> Cond | Order | str | None:
        if isinstance(child, Tree):
            if _bare(str(child.data)) == "order":
                return _to_order(child, line, number, path, problems)
            return _to_cond(child, line, number, path, problems, depth)
        bare = _bare(child.type)
        if bare == "FACT":
            return Cond("fact", (str(child).lower(),), *_span(child))
        if bare == "INT":
            return Cond("int", (_number(child, "the number", line, number, path, problems),),
                        *_span(child))
        if bare == "STRING":
            return Cond("str", (child[1:-1].strip(),), *_span(child))
        return str(child)  # the comparison operator

    parts = tuple(sub(c) for c in tree.children)
    if kind in ("condition", "conjunction", "group", "operand") and len(parts) == 1:
        return cast("Cond", parts[0])  # the grammar gives these rules a condition when alone
    named = {"condition": "or", "conjunction": "and", "negate": "not", "truth": "fact",
             "compare": "cmp", "member": "in", "can": "can"}
    if kind == "truth":
        return cast("Cond", parts[0])  # a truth is a fact condition
    return Cond(named[kind], parts, column, end)


def _to_order(tree: ParseTree, line: str, number: int, path: str, problems: list[Problem]
              ) -> Order | None:
    command_tree = cast("ParseTree", tree.children[0])  # the grammar: a command, then its args
    args: list[Arg] = []
    bad = len(problems)
    for child in cast("list[ParseTree]", command_tree.children):  # each arg holds one token
        token = cast("Token", child.children[0])
        kind = _bare(token.type)
        name = str(child.data)
        if kind == "INT":
            value = _number(token, name, line, number, path, problems)
            if value is not None:
                args.append(Arg(name, value, *_span(token), "int"))
        elif kind == "STRING":
            args.append(Arg(name, token[1:-1].strip(), *_span(token), "string"))
        elif kind == "REF":
            args.append(Arg(name, token[1:].lower(), *_span(token), "ref"))
        else:
            args.append(Arg(name, str(token), *_span(token), "word"))
    if len(problems) > bad:
        return None
    meta = command_tree.meta
    first = meta.column if not meta.empty else len(line) - len(line.lstrip()) + 1
    end = meta.end_column if not meta.empty else len(line) + 1
    return Order(str(command_tree.data), tuple(args), number, first, end, line)


@functools.lru_cache(maxsize=512)
def standing_orders(grammar_name: str, texts: tuple[str, ...]) -> tuple[Order, ...]:
    """Standing orders as the engine stores them (canonical order text), parsed once."""
    out = []
    for text in texts:
        parsed = parse_text(grammar_name, text, "standing")
        out.extend(parsed.orders)
    return tuple(out)

"""An order file's outline and colours, for an editor that has no grammar for order files: the
document symbols (each order line; an `if` or `while` block with the lines inside it, its
`elif` and `else` branches nested in it) and the semantic tokens (commands, names, numbers,
facts, plan words, notes).

Both read the buffer line by line as the engine splits it, with the same quoting rules as the
grammar (a `#` inside quotes starts no note), so a line the grammar refuses is still outlined
and coloured as far as it goes. Only the lines a tick would read are looked at (the first
MAX_FILE_BYTES of the buffer), so an editor that sends megabytes gets an answer as quick as
for an order file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from lsprotocol import types as lsp

from ..engine.core.contract import AnyGame
from ..engine.core.orders import END_WORD, MAX_FILE_BYTES, PLAN_WORDS, commands
from ..engine.files.data import fact_docs
from .diagnose import Buffer, units

# The token types, in the order the legend gives them (a token's type is its index here).
TOKEN_TYPES = ["keyword", "function", "string", "number", "variable", "comment", "operator",
               "enumMember"]
KEYWORD, FUNCTION, STRING, NUMBER, VARIABLE, COMMENT, OPERATOR, NAME = range(len(TOKEN_TYPES))
LEGEND = lsp.SemanticTokensLegend(token_types=TOKEN_TYPES, token_modifiers=[])

QUOTES = {'"': '"', "'": "'", "\u201c": "\u201d", "\u2018": "\u2019"}
CONDITION_WORDS = frozenset({"not", "and", "or", "can", "in"})
LINE_WORDS = frozenset({*PLAN_WORDS, END_WORD, "for", "tick", "none"})
CONDITIONS = ("if", "elif", "while")
NAME_WIDTH = 80  # characters of a line shown as a symbol's name
TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<comment>\#.*)
  | (?P<fact>\$[A-Za-z_][A-Za-z0-9_]*)
  | (?P<number>-?[0-9]+)
  | (?P<word>[A-Za-z_][A-Za-z0-9_\-]*)
  | (?P<operator>>=|<=|==|!=|[<>=])
  | (?P<open>\()
  | (?P<close>\))
  | (?P<other>.)
""", re.VERBOSE)


def read_lines(buffer: Buffer) -> list[str]:
    """The lines a tick would read of the buffer: those that start within its first
    MAX_FILE_BYTES (measured in characters, an upper bound on what fits in the bytes)."""
    out, used = [], 0
    for line in buffer.lines:
        if used > MAX_FILE_BYTES:
            break
        out.append(line)
        used += len(line) + 1
    return out


# -- semantic tokens -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Token:
    line: int
    start: int  # character index in the line
    end: int
    kind: int


@dataclass(frozen=True)
class Words:
    """What a game's words are: its commands, and the facts a condition reads."""

    commands: frozenset[str] = frozenset()
    facts: frozenset[str] = frozenset()

    @classmethod
    def of(cls, game: AnyGame | None) -> Words:
        """A game's words (none for a file outside a game: a word before `(` is still taken
        for a command)."""
        if game is None:
            return cls()
        facts = fact_docs(game.package) if game.package else {}
        return cls(frozenset(commands(game.grammar_name())), frozenset(facts))


def line_tokens(words: Words, number: int, text: str) -> Iterator[Token]:
    """The coloured pieces of one line, left to right."""
    known, facts = words.commands, words.facts
    first = text.strip().split(" ", 1)[0].lower() if text.strip() else ""
    condition = first.rstrip(":") in CONDITIONS
    depth = 0
    index = 0
    while index < len(text):
        char = text[index]
        if char in QUOTES:
            closer = text.find(QUOTES[char], index + 1)
            end = len(text) if closer < 0 else closer + 1
            yield Token(number, index, end, STRING)
            index = end
            continue
        match = TOKEN.match(text, index)
        assert match is not None  # `other` takes any character
        kind, end = match.lastgroup, match.end()
        word = match.group().lower()
        if kind == "comment":
            yield Token(number, index, end, COMMENT)
        elif kind == "fact":
            yield Token(number, index, end, VARIABLE)
        elif kind == "number":
            yield Token(number, index, end, NUMBER)
        elif kind == "operator":
            yield Token(number, index, end, OPERATOR)
        elif kind == "open":
            depth += 1
        elif kind == "close":
            depth = max(0, depth - 1)
        elif kind == "word":
            calls = text[end:].lstrip().startswith("(")
            if (word in known or not known) and calls or word in known and depth == 0:
                yield Token(number, index, end, FUNCTION)
            elif condition and word in CONDITION_WORDS:
                yield Token(number, index, end, KEYWORD)
            elif depth == 0 and word in LINE_WORDS:
                yield Token(number, index, end, KEYWORD)
            elif condition and word in facts:
                yield Token(number, index, end, VARIABLE)
            else:
                yield Token(number, index, end, NAME)
        index = end


def semantic_tokens(words: Words, buffer: Buffer, encoding: str) -> lsp.SemanticTokens:
    """The whole buffer's tokens, encoded as LSP wants them: five numbers a token (line and
    start relative to the token before, length, type, modifiers), in the editor's units."""
    data: list[int] = []
    last_line, last_start = 0, 0
    for number, text in enumerate(read_lines(buffer)):
        for token in line_tokens(words, number, text):
            start = units(text, token.start, encoding)
            length = units(text, token.end, encoding) - start
            if length <= 0:
                continue
            delta = number - last_line
            data += [delta, start - (last_start if delta == 0 else 0), length, token.kind, 0]
            last_line, last_start = number, start
    return lsp.SemanticTokens(data=data)


# -- document symbols ------------------------------------------------------------------------------


def code_of(text: str) -> str:
    """A line without its note (a `#` outside quotes) and the spaces around it."""
    closer = ""
    for index, char in enumerate(text):
        if closer:
            if char == closer:
                closer = ""
        elif char == "#":
            return text[:index].strip()
        elif char in QUOTES:
            closer = QUOTES[char]
    return text.strip()


@dataclass
class Open:
    """A block being read: its symbol's parts until its closing line is met."""

    word: str  # if, while; or elif, else for a branch inside an if block
    name: str
    line: int
    text: str
    children: list[lsp.DocumentSymbol] = field(default_factory=list)


def document_symbols(buffer: Buffer, encoding: str) -> list[lsp.DocumentSymbol]:
    """Each line that says something, as a symbol: the `orders for tick` line, each order and
    standing order, `stop`, `absent`, `end`; an `if` or `while` block spans its lines to its
    closing word and holds what is inside it (each `elif` and `else` a branch of its `if`)."""
    lines = read_lines(buffer)
    top: list[lsp.DocumentSymbol] = []
    stack: list[Open] = []

    def span(first: int, last: int) -> lsp.Range:
        return lsp.Range(buffer.position(first, 0, encoding),
                         buffer.position(last, len(lines[last]), encoding))

    def chosen(number: int, text: str) -> lsp.Range:
        lead = len(text) - len(text.lstrip())
        return lsp.Range(buffer.position(number, lead, encoding),
                         buffer.position(number, lead + len(code_of(text)), encoding))

    def add(symbol: lsp.DocumentSymbol) -> None:
        (stack[-1].children if stack else top).append(symbol)

    def close(block: Open, last: int) -> None:
        kind = lsp.SymbolKind.Namespace if block.word in ("if", "while") else \
            lsp.SymbolKind.Boolean
        stack.pop()
        add(lsp.DocumentSymbol(block.name, kind, span(block.line, last),
                               chosen(block.line, block.text), detail=f"{block.word} block",
                               children=block.children))

    for number, text in enumerate(lines):
        code = code_of(text)
        if not code:
            continue
        word = re.split(r"[\s(:]", code, maxsplit=1)[0].lower()
        name = code if len(code) <= NAME_WIDTH else code[:NAME_WIDTH - 3] + "..."
        one_line = word in ("if", "while") and ":" in code
        if word in ("if", "while") and not one_line:
            stack.append(Open(word, name, number, text))
            continue
        if word in ("elif", "else") and stack and stack[-1].word in ("if", "elif", "else"):
            if stack[-1].word != "if":
                close(stack[-1], max(stack[-1].line, number - 1))
            stack.append(Open(word, name, number, text))
            continue
        if word == "endif" and stack and stack[-1].word in ("if", "elif", "else"):
            if stack[-1].word != "if":
                close(stack[-1], max(stack[-1].line, number - 1))
            close(stack[-1], number)
            continue
        if word == "endwhile" and stack and stack[-1].word == "while":
            close(stack[-1], number)
            continue
        kind, detail = {
            "orders": (lsp.SymbolKind.Module, "the tick this file is for"),
            "standing": (lsp.SymbolKind.Property, "standing order"),
            END_WORD: (lsp.SymbolKind.Key, "the file is complete"),
            "stop": (lsp.SymbolKind.Key, "the plan ends here"),
            "absent": (lsp.SymbolKind.Key, "played as absent"),
        }.get(word, (lsp.SymbolKind.Function, "plan line" if one_line else "order"))
        add(lsp.DocumentSymbol(name, kind, chosen(number, text), chosen(number, text),
                               detail=detail))
    while stack:  # a block never closed runs to the last line (check says so)
        close(stack[-1], len(lines) - 1)
    return top

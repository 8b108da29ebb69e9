"""Completion, hover and code actions for an order file, from what the engine already knows.

Completion offers what the game's grammar allows where the cursor stands (commands, the names
and numbers an argument takes, plan words, `$facts`) and the orders that are legal at that
line: the lines above it are run through the same check as the file (on what the player knows,
with dice nobody plays with), then the game's own legal.py lists what could run next (the list
the player's sheet shows as legal now); after a roll or a draw nobody can know that, and only
the grammar's offers remain. Where a card's name is typed, the cards the player holds
(Game.held) come first. Hover shows a command's entry of `play.py orders GAME`
(engine/text/reference.py), what a fact or plan word means, and what a name is (Game.describe: a
card's text, a building's cost, from the game's data). Code actions apply the fixes check's own
hints name: did-you-mean, the right `orders for tick N` line, and the `end` that marks a file
complete.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Protocol

from lsprotocol import types as lsp

from ..cli_common import report_lines
from ..engine.base.codes import E, W
from ..engine.base.words import counted
from ..engine.core.contract import AnyGame, State
from ..engine.core.orders import (
    END_WORD,
    PLAN_USAGE,
    Problem,
    argument_kinds,
    commands,
    header_line,
    parse_text,
    start_rule,
)
from ..engine.core.turn import check_file
from ..engine.files.data import fact_docs
from ..engine.seats.playercheck import Standpoint
from ..engine.text.reference import command_entry, order_docs, value_line
from .diagnose import Buffer, Checked, problem_range

PLAN_LINES = 400  # lines above the cursor run to find the legal orders there (more: line 1's)
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")
BARE = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*")
QUOTES = {'"': '"', "'": "'", "\u201c": "\u201d", "\u2018": "\u2019"}
CONDITION_WORDS = {
    "not": "not CONDITION: true when the condition is false",
    "and": "CONDITION and CONDITION: both hold",
    "or": "CONDITION or CONDITION: at least one holds",
    "can": "can ORDER: the order would run now (nothing is done)",
    "in": "VALUE in FACT: the fact's list holds the value",
}
WORD_HELP = {
    **PLAN_USAGE,
    **CONDITION_WORDS,
    END_WORD: "end, alone on the last line: the file is complete (`watch` waits for it; "
              "nothing may follow it)",
    "none": "standing none: clear the standing orders in force",
}


# -- the game's vocabulary -----------------------------------------------------------------------


@functools.lru_cache(maxsize=32)
def _values(game: AnyGame) -> dict[str, list[str] | str]:
    values = game.order_help().get("values", {})
    return dict(values) if isinstance(values, dict) else {}


def argument_names(game: AnyGame, where: Standpoint, argument: str) -> list[str]:
    """The names an argument takes, from the reference's Values (a value given as words
    that point at another list, `an Action card (see card)`, takes that list)."""
    if argument == "player":
        return [p for p in where.players if p != where.player]
    values = _values(game)
    found = values.get(argument)
    if isinstance(found, str):
        see = re.search(r"\(see (\w+)\)", found)
        found = values.get(see.group(1)) if see else None
    return [str(v) for v in found] if isinstance(found, list) else []


def written(name: str, kinds: frozenset[str]) -> str:
    """A name as an argument is written: bare where the grammar takes a word, else quoted."""
    if "WORD" in kinds and BARE.fullmatch(name):
        return name
    return f'"{name}"'


# -- what the cursor stands in -------------------------------------------------------------------


@dataclass(frozen=True)
class Spot:
    """What is being typed: `kind` is "line" (a line's first word), "order" (after `if
    C:`, `can`, `standing`), "condition", "argument", "fact" (after `$`), "header" or
    "none"; `start` the index where the typed word starts (it is replaced)."""

    kind: str
    start: int
    command: str = ""
    index: int = 0
    standing: bool = False


def _outside_quotes(text: str) -> list[tuple[int, str]]:
    """(index, character) of every character of `text` outside quoted names (the quotes
    themselves included), up to and including the `#` of a note."""
    out: list[tuple[int, str]] = []
    closer = ""
    for index, char in enumerate(text):
        if closer:
            if char == closer:
                closer = ""
                out.append((index, char))
            continue
        if char == "#":
            out.append((index, "#"))
            return out
        if char in QUOTES:
            closer = QUOTES[char]
        out.append((index, char))
    return out


def spot(before: str) -> Spot:
    """Where the text before the cursor leaves it."""
    seen = _outside_quotes(before)
    if seen and seen[-1][1] == "#":
        return Spot("none", len(before))
    opens = []
    for index, char in seen:
        if char == "(":
            opens.append(index)
        elif char == ")" and opens:
            opens.pop()
    if opens:
        at = opens[-1]
        name = re.search(r"([A-Za-z_]+)\s*$", before[:at])
        commas = [i for i, c in seen if c == "," and i > at]
        cut = (commas[-1] if commas else at) + 1
        start = cut + len(before[cut:]) - len(before[cut:].lstrip())
        return Spot("argument", start, name.group(1).lower() if name else "", len(commas))
    word = re.search(r"\$?[A-Za-z_][A-Za-z0-9_]*$", before)
    start = word.start() if word else len(before)
    if word and word.group().startswith("$"):
        return Spot("fact", start)
    head = before[:start].strip().lower()
    if not head:
        return Spot("line", start)
    first = head.split()[0]
    if first in ("if", "elif", "while"):
        if any(c == ":" for _, c in _outside_quotes(before[:start])):
            return Spot("order", start)
        if head.split()[-1] == "can":
            return Spot("order", start)
        return Spot("condition", start)
    if head == "standing":
        return Spot("order", start, standing=True)
    if head in ("orders", "orders for", "orders for tick"):
        return Spot("header", len(before) - len(before.lstrip()))
    return Spot("none", start)


# -- completion ----------------------------------------------------------------------------------


def legal_at(where: Standpoint, buffer: Buffer, line: int) -> list[str] | None:
    """The orders that are legal once the lines above `line` have run, as check runs them;
    None after a roll or a draw (nobody can know then). A long file gives line 1's. They come
    from the game's legal_orders, the list the player's sheet shows as legal now."""
    return _run_above(where, buffer, line)[0]


def _run_above(where: Standpoint, buffer: Buffer, line: int) -> tuple[list[str] | None, State]:
    """legal_at's answer, and the player's view once the lines above have run (the view at
    the start of the file when the player is not awaited)."""
    if not where.is_awaited:
        return [], where.known()
    game = where.game
    above = buffer.lines[:line] if line <= PLAN_LINES else []
    closers = []
    for text in above:
        word = text.strip().split(" ", 1)[0].lower() if text.strip() else ""
        if word in ("if", "while") and not _one_line(text):
            closers.append("endif" if word == "if" else "endwhile")
        elif word in ("endif", "endwhile") and closers:
            closers.pop()
    source = "\n".join([*above, *reversed(closers)])
    parsed = parse_text(game.grammar_name(), source, "above")
    work = where.known()
    result = check_file(game, where.state, where.player, parsed, work=work, hints=False, warn=False)
    if result.plan is not None and result.plan.outcome:
        return None, work
    return list(game.legal_orders(work, where.player)), work


def _one_line(text: str) -> bool:
    """An `if C: ORDER` or `while C: ORDER` line (it opens no block)."""
    return any(c == ":" for _, c in _outside_quotes(text))


def complete(where: Standpoint, buffer: Buffer, position: lsp.Position, encoding: str
             ) -> list[lsp.CompletionItem]:
    line, index = buffer.index(position, encoding)
    text = buffer.lines[line] if buffer.lines else ""
    at = spot(text[:index])
    if at.kind == "none":
        return []
    game = where.game
    grammar = game.grammar_name()
    plans = start_rule(grammar) == "line"
    end = _token_end(text, index)
    typed = text[at.start:index]
    if at.kind == "argument" and typed[:1] in QUOTES and text[end:end + 1] == QUOTES[typed[0]]:
        end += 1  # the closing quote an editor typed ahead is replaced too
    span = lsp.Range(buffer.position(line, at.start, encoding),
                     buffer.position(line, end, encoding))
    items: list[lsp.CompletionItem] = []

    def add(label: str, kind: lsp.CompletionItemKind, detail: str = "", insert: str = "",
            rank: int = 5, docs: str = "", filter_text: str = "") -> None:
        items.append(lsp.CompletionItem(
            label, kind=kind, detail=detail or None, sort_text=f"{rank}{len(items):04d}",
            filter_text=filter_text or None,
            documentation=lsp.MarkupContent(lsp.MarkupKind.Markdown, docs) if docs else None,
            text_edit=lsp.TextEdit(span, insert or label)))

    if at.kind == "argument":
        _arguments(add, where, buffer, line, at, typed)
        return items
    if at.kind == "fact":
        for name, help_text in _facts(game).items():
            add(f"${name}", lsp.CompletionItemKind.Variable, "fact", docs=help_text)
        return items
    if at.kind == "header":
        add(header_line(grammar, where.next_tick).strip(), lsp.CompletionItemKind.Keyword,
            "the tick this file is for", rank=0)
        return items
    if at.kind == "condition":
        for name, help_text in _facts(game).items():
            add(name, lsp.CompletionItemKind.Variable, "fact", docs=help_text)
        for word, help_text in CONDITION_WORDS.items():
            add(word, lsp.CompletionItemKind.Keyword, help_text, rank=7)
        return items
    legal = legal_at(where, buffer, line) or []
    if at.standing:
        legal = [o for o in legal if o.split("(")[0] in game.standing_commands]
        add("none", lsp.CompletionItemKind.Keyword, WORD_HELP["none"], rank=7)
    for order in legal:
        add(order, lsp.CompletionItemKind.Value, "legal now", rank=1)
    docs = order_docs(game) if game.package else {}
    for command, arguments in commands(grammar).items():
        if at.standing and command not in game.standing_commands:
            continue
        doc = docs.get(command, {})
        add(command, lsp.CompletionItemKind.Function, _usage(game, command),
            f"{command}(" if arguments else command, 3, str(doc.get("help", "")))
    if at.kind == "line" and plans:
        for word in ("if", "elif", "else", "endif", "while", "endwhile", "stop", "standing",
                     "absent"):
            add(word, lsp.CompletionItemKind.Keyword, PLAN_USAGE[word], rank=6)
        header = header_line(grammar, where.next_tick).strip()
        add(header, lsp.CompletionItemKind.Keyword, "the tick this file is for",
            rank=2 if not any(t.strip() and not t.strip().startswith("#")
                              for t in buffer.lines[:line]) else 8)
    if at.kind == "line":
        add(END_WORD, lsp.CompletionItemKind.Keyword, WORD_HELP[END_WORD], rank=8)
    return items


class _Add(Protocol):
    """How `complete` offers one completion (its `add`)."""

    def __call__(self, label: str, kind: lsp.CompletionItemKind, detail: str = "",
                 insert: str = "", rank: int = 5, docs: str = "", filter_text: str = ""
                 ) -> None: ...


def _arguments(add: _Add, where: Standpoint, buffer: Buffer, line: int, at: Spot,
               typed: str) -> None:
    game = where.game
    grammar = game.grammar_name()
    names = commands(grammar).get(at.command)
    if names is None or at.index >= len(names):
        return
    argument = names[at.index]
    kinds = argument_kinds(grammar).get(argument, frozenset())
    quoted = typed[:1] in QUOTES

    def offer(value: str, detail: str, rank: int) -> None:
        plain = value.strip('"')
        add(plain, lsp.CompletionItemKind.EnumMember, detail, value, rank,
            filter_text=value if quoted else plain)

    legal, view = _run_above(where, buffer, line)
    values: dict[str, str] = {}  # lower case -> the value as written
    in_legal: set[str] = set()
    for order in legal or []:  # the values legal orders give it
        parsed = parse_text(grammar, order, "legal")
        for found in parsed.orders:
            if found.command == at.command and at.index < len(found.args):
                arg = found.args[at.index]
                value = str(arg.value) if arg.kind == "int" else written(str(arg.value), kinds)
                values.setdefault(value.lower(), value)
                in_legal.add(value.lower())
    choices = argument_names(game, where, argument)
    takes = {n.lower() for n in choices}
    held = [written(n, kinds) for n in game.held(view, where.player) if n.lower() in takes]
    mine = {h.lower() for h in held}
    for name in choices:
        value = written(name, kinds)
        values.setdefault(value.lower(), value)
    # what the player holds first (legal now, then the rest of the hand), then the other
    # values legal orders give, then every name the argument takes
    for value in [*(v for v in values.values() if v.lower() in mine & in_legal),
                  *(h for h in held if h.lower() not in in_legal)]:
        if value.lower() in values:
            legal_now = value.lower() in in_legal
            offer(values.pop(value.lower()), f"{argument}: you hold it" +
                  ("; in an order legal now" if legal_now else ""), 1 if legal_now else 2)
    for key in [k for k in values if k in in_legal]:
        offer(values.pop(key), f"{argument}: in an order legal now", 3)
    for value in values.values():
        offer(value, argument, 4)
    if "REF" in kinds:
        for name, help_text in _facts(game).items():
            add(f"${name}", lsp.CompletionItemKind.Variable, "fact", rank=6, docs=help_text)


def _facts(game: AnyGame) -> dict[str, str]:
    return fact_docs(game.package) if game.package else {}


def _usage(game: AnyGame, command: str) -> str:
    return command_entry(game, command, {})[0].strip()


def _token_end(text: str, index: int) -> int:
    """Where the word under the cursor ends (what a completion replaces with it)."""
    match = re.match(r"[A-Za-z0-9_$]*", text[index:])
    return index + (match.end() if match else 0)


# -- hover ---------------------------------------------------------------------------------------


def hover(where: Standpoint, buffer: Buffer, position: lsp.Position, encoding: str,
          checked: Checked | None = None) -> lsp.Hover | None:
    """What the word under the cursor means; on the `orders for tick N` line, also what
    `check` says of the whole file (`checked`: the buffer's check)."""
    line, index = buffer.index(position, encoding)
    text = buffer.lines[line] if buffer.lines else ""
    seen = _outside_quotes(text)
    if seen and seen[-1][1] == "#" and index >= seen[-1][0]:
        return None  # a note
    quoted = quoted_at(text, index)
    if quoted is not None:
        start, end = quoted
        return _described(where.game, text[start + 1:end - 1], buffer, line, start, end,
                          encoding)
    for match in re.finditer(r"\$?[A-Za-z_][A-Za-z0-9_]*", text):
        if match.start() <= index <= match.end():
            break
    else:
        return None
    word = match.group().lower()
    if _in_quotes(text, match.start()):
        return None
    game = where.game
    found = _word_help(game, word, text)
    if found is None and not word.startswith("$"):
        return _described(game, match.group(), buffer, line, match.start(), match.end(),
                          encoding)
    if found is None:
        return None
    if checked is not None and text.strip().lower().startswith("orders") and word in (
            "orders", "for", "tick"):
        found += "\n\n" + said(checked)
    span = lsp.Range(buffer.position(line, match.start(), encoding),
                     buffer.position(line, match.end(), encoding))
    return lsp.Hover(lsp.MarkupContent(lsp.MarkupKind.Markdown, found), span)


def quoted_at(text: str, index: int) -> tuple[int, int] | None:
    """The span (its quotes included) of the quoted name the index stands in, if any; an
    unclosed quote runs to the end of the line."""
    start = -1
    closer = ""
    for at, char in _outside_quotes(text):
        if char == "#" and not closer:
            break
        if closer and char == closer:
            if start <= index <= at:
                return start, at + 1
            closer = ""
        elif not closer and char in QUOTES:
            start, closer = at, QUOTES[char]
    if closer and index >= start:
        return start, len(text)
    return None


def _described(game: AnyGame, name: str, buffer: Buffer, line: int, start: int, end: int,
               encoding: str) -> lsp.Hover | None:
    """What the game says a name is (Game.describe, from its data), as a hover over the name."""
    text = game.describe(name.strip()) if 0 < len(name.strip()) <= 80 else None
    if text is None:
        return None
    span = lsp.Range(buffer.position(line, start, encoding), buffer.position(line, end, encoding))
    return lsp.Hover(lsp.MarkupContent(lsp.MarkupKind.PlainText, text), span)


def said(checked: Checked) -> str:
    """What `check` says of the file as it stands: what would run (check's own report) or
    how many problems stop it."""
    report = checked.report
    if report is None:
        return ""
    if report.problems:
        count = len(report.problems)
        return (f"`check`: {counted(count, 'problem')}; a tick would refuse this file until "
                f"{'it is' if count == 1 else 'they are'} fixed")
    if report.result is None:
        lines = [report.standpoint.not_awaited_note()]
        if report.standing is not None:
            lines.append("standing orders in force once this file is read: " +
                         (", ".join(report.standing) or "none"))
    else:
        warned = {w.render() for w in report.warnings}
        lines = [line for line in report_lines(report.result) if line not in warned]
    return "`check`:\n```text\n" + "\n".join(lines) + "\n```"


def _in_quotes(text: str, index: int) -> bool:
    return index not in {i for i, _ in _outside_quotes(text)}


def _word_help(game: AnyGame, word: str, line: str) -> str | None:
    grammar = game.grammar_name()
    known = commands(grammar)
    if word in known:
        entry = command_entry(game, word)
        values = _values(game)
        shown = [value_line(a, values[a]) for a in dict.fromkeys(known[word]) if a in values]
        block = "\n".join([*(e.strip() for e in entry), *(["", "Values:", *shown] if shown
                                                         else [])])
        return f"```text\n{block}\n```\n(`play.py orders {game.id}` lists every order)"
    facts = _facts(game)
    name = word.removeprefix("$")
    if name in facts and (word.startswith("$") or line.strip().lower().startswith(
            ("if", "elif", "while"))):
        return f"**{name}** (a fact a plan reads): {facts[name]}"
    if word in WORD_HELP and start_rule(grammar) == "line" or word == END_WORD:
        return f"`{word}`: {WORD_HELP[word]}"
    return None


# -- code actions --------------------------------------------------------------------------------


MEANT = re.compile(r"did you mean (.+)\?")


def actions(checked: Checked, span: lsp.Range, encoding: str) -> list[lsp.CodeAction]:
    """The fixes for the problems in `span`, and the lines a complete file needs."""
    buffer, report, where = checked.buffer, checked.report, checked.place.standpoint
    if report is None or where is None or checked.parsed is None:
        return []
    out: list[lsp.CodeAction] = []
    shown = checked.diagnostics[:len(report.problems)]  # the problems' come first, in order
    for problem, diagnostic in zip(report.problems, shown, strict=True):
        place = problem_range(buffer, problem, encoding)
        if place.end.line < span.start.line or place.start.line > span.end.line:
            continue
        for title, edit_range, text in _fixes(buffer, problem, place, encoding):
            out.append(_action(title, buffer, edit_range, text, [diagnostic],
                               preferred=not out))
    grammar = where.game.grammar_name()
    parsed = checked.parsed
    code = [i for i, text in enumerate(buffer.lines)
            if text.strip() and not text.lstrip().startswith("#")] or [0]
    if start_rule(grammar) == "line" and parsed.header is None and \
            span.start.line <= code[0] and not any(
                p.code == E.FILE_TOO_LARGE for p in parsed.problems):
        header = header_line(grammar, where.next_tick)
        start = buffer.position(0, 1 if buffer.text.startswith("\ufeff") else 0, encoding)
        out.append(_action(f"Add the line `{header.strip()}` at the top", buffer,
                           lsp.Range(start, start), header))
    if not parsed.ended and not parsed.problems and span.end.line >= code[-1]:
        last = len(buffer.lines) - 1
        end = buffer.position(last, len(buffer.lines[last]), encoding)
        lead = "" if not buffer.lines[last] else "\n"
        hint = [d for d in checked.diagnostics if d.code == W.NO_END]
        out.append(_action("Finish the file: add `end` as its last line", buffer,
                           lsp.Range(end, end), f"{lead}{END_WORD}\n", hint or None))
    return out


def _fixes(buffer: Buffer, problem: Problem, place: lsp.Range, encoding: str
           ) -> list[tuple[str, lsp.Range, str]]:
    """(title, range, new text) for each fix the problem's hint names."""
    fixes: list[tuple[str, lsp.Range, str]] = []
    line = problem.line - 1
    if line >= len(buffer.lines):
        return fixes
    text = buffer.lines[line]
    wanted = re.search(r"change this line to: (.+)$", problem.hint, re.MULTILINE)
    if wanted:
        whole = lsp.Range(buffer.position(line, 0, encoding),
                          buffer.position(line, len(text), encoding))
        fixes.append((f"Change this line to `{wanted.group(1)}`", whole, wanted.group(1)))
    meant = MEANT.search(problem.hint)
    if not meant:
        return fixes
    if problem.code == E.NAME_NOT_QUOTED:
        code = text.split("#", 1)[0].rstrip()
        lead = len(code) - len(code.lstrip())
        order = lsp.Range(buffer.position(line, lead, encoding),
                          buffer.position(line, len(code), encoding))
        return [*fixes, (f"Write `{meant.group(1)}`", order, meant.group(1))]
    old = text[_index(buffer, line, place.start, encoding):_index(buffer, line, place.end,
                                                                   encoding)]
    for choice in re.findall(r'"([^"]+)"', meant.group(1)):
        choice = _spelled(choice, problem.hint)
        new = choice
        if old[:1] == "$":
            new = f"${choice}"
        elif old[:1] in QUOTES:
            new = f"{old[0]}{choice}{QUOTES[old[0]]}"
        fixes.append((f"Change to {new}", place, new))
    return fixes


def _index(buffer: Buffer, line: int, position: lsp.Position, encoding: str) -> int:
    return buffer.index(lsp.Position(line, position.character), encoding)[1]


def _spelled(choice: str, hint: str) -> str:
    """A suggestion as the hint's own list spells it (suggestions come in lower case)."""
    listed = re.search(rf"(?:^|[:,] )({re.escape(choice)})(?=,|$)", hint,
                       re.IGNORECASE | re.MULTILINE)
    return listed.group(1) if listed else choice


def _action(title: str, buffer: Buffer, span: lsp.Range, text: str,
            diagnostics: list[lsp.Diagnostic] | None = None, preferred: bool = False
            ) -> lsp.CodeAction:
    edit = lsp.WorkspaceEdit(changes={buffer.uri: [lsp.TextEdit(span, text)]})
    return lsp.CodeAction(title, kind=lsp.CodeActionKind.QuickFix, diagnostics=diagnostics,
                          edit=edit, is_preferred=preferred or None)

"""Order files from each game's own grammar, and the mutations a careless editor, a wrong
encoding or a hostile player might apply to them. Shared by the hypothesis suite
(test_fuzz.py, which drives it with a hypothesis-controlled `random.Random`) and by
bench/fuzz_orders.py (which drives it with a seeded one).

A *target* is a real position of a game (a state from a bot-played game, the player whose file
is checked, the seed). `run_one` pushes one file through everything a command does with it
(parse_bytes, then turn.check_file on the state, then for an accepted file turn.play_tick and
the new sheets) and raises AssertionError if a property breaks; any other exception is a crash.
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass, field
from typing import Any

from lark.grammar import NonTerminal, Terminal

from lifegames import registry
from lifegames.engine.base.words import counted
from lifegames.engine.core import orders as syntax
from lifegames.engine.core import turn
from lifegames.engine.core.bots import choose_orders
from lifegames.engine.core.contract import Game
from lifegames.engine.core.dice import Dice
from lifegames.engine.core.orders import MAX_FILE_BYTES, ParsedFile, parse_bytes, parse_text

CODE = re.compile(r"^E-[A-Z-]+$")
NEWLINES = re.compile(r"\r\n|\r|\n")
WORD = re.compile(r"^[A-Za-z][A-Za-z0-9_\-]*$")

# Characters that look like the ones a grammar wants, and are not.
LOOKALIKES = {
    "(": ["\uff08", "\u207d", "\u2768", "["], ")": ["\uff09", "\u207e", "\u2769", "]"],
    ",": ["\uff0c", "\u201a", "\u3001", "\u060c", ";", "."],
    '"': ["\u201c", "\u201d", "\u00ab", "\u00bb", "\u2033", "\uff02", "'", "`"],
    " ": ["\u00a0", "\u200b", "\u3000", "\u2009", "\t", "\u2028", "\u0085", "\x0b", "\x0c"],
    "a": ["\u0430", "\u03b1"], "c": ["\u0441"], "e": ["\u0435"], "i": ["\u0456", "\u0131"],
    "o": ["\u043e", "\u03bf", "0"], "p": ["\u0440"], "s": ["\u0455"], "x": ["\u0445"],
    "y": ["\u0443"], "l": ["1", "\u04cf", "I"], "_": ["\uff3f", "-", "\u2017"],
    "0": ["\uff10", "O", "\u0660"], "1": ["\uff11", "\u0661", "l"], "2": ["\uff12", "\u00b2"],
    "3": ["\uff13", "\u0663"], "-": ["\u2212", "\u2013", "\uff0d"],
}
ODD_TEXT = ["\x00", "\r", "\r\n", "\n", "\t", "\ufeff", "\u202e", "\u200d", "\ud7ff",
            "\U0001f600", "\u0301", "#", "end", "END", "\\", "'", '"', "(", ")", ",", "=",
            "\x1b[31m", "\x7f", "\u2028", "\u2029"]
HUGE = ["9" * 10, "1" + "0" * 9, "4294967296", "18446744073709551616", "9" * 40,
        "0" * 30 + "7", "-" + "9" * 12, "+" + "9" * 9, "999999999", "-999999999", "-1", "-0",
        "+0", "0", "00", "2147483648", "1e9", "0x10", "1_000", "3.5", "\u0663"]
ENCODINGS = ["latin-1", "cp1252", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-7",
             "shift_jis", "koi8-r"]
BAD_UTF8 = [b"\xff", b"\xfe\xff", b"\xc0\xaf", b"\xed\xa0\x80", b"\xe2\x82", b"\xf4\x90\x80\x80",
            b"\x80", b"\xc3", b"\xef\xbb\xbf\xef\xbb\xbf"]


@dataclass
class Spec:
    """One grammar's commands as alternatives of literal text and argument slots."""

    grammar: str
    alternatives: dict[str, list[list[tuple[str, str]]]]  # command -> [[("lit"|"arg", x)]]
    kinds: dict[str, set[str]]  # argument -> terminals: INT, STRING, WORD
    ints: dict[str, tuple[int, int]]
    names: dict[str, list[str]]
    facts: list[str] = field(default_factory=list)  # what `$fact` may name (REF arguments)
    plans: bool = False  # the grammar takes the plan lines of grammars/common.lark


def spec(game: Game) -> Spec:
    """What `commands()`, the grammar's rules and the game's `order_help()` values say a valid
    order looks like."""
    name = game.grammar_name()
    parser = syntax.grammar(name)
    commands = syntax.commands(name)
    alternatives: dict[str, list[list[tuple[str, str]]]] = {c: [] for c in commands}
    kinds: dict[str, set[str]] = {}
    keywords: dict[str, list[str]] = {}  # argument -> the words a keyword terminal matches
    for rule in parser.rules:
        origin = rule.origin.name
        if origin in commands:
            parts = []
            for symbol in rule.expansion:
                if isinstance(symbol, NonTerminal):
                    parts.append(("arg", symbol.name))
                elif isinstance(symbol, Terminal):
                    parts.append(("lit", parser.get_terminal(symbol.name).pattern.value))
            alternatives[origin].append(parts)
        elif not origin.startswith(("_", "order")):
            kinds.setdefault(origin, set()).update(
                s.name for s in rule.expansion if isinstance(s, Terminal))
            keywords.setdefault(origin, []).extend(
                parser.get_terminal(s.name).pattern.value for s in rule.expansion
                if isinstance(s, Terminal) and s.name not in PLAIN_KINDS)
    for command, args in commands.items():
        # commands() and usage() document one of the forms found above
        forms = [tuple(part for kind, part in alt if kind == "arg")
                 for alt in alternatives[command]]
        assert args in forms, (command, syntax.usage(name, command), forms)
    values = game.order_help().get("values", {})
    ints: dict[str, tuple[int, int]] = {}
    names: dict[str, list[str]] = {}
    for arg in kinds:
        value = values.get(arg)
        if isinstance(value, (list, tuple)):
            names[arg] = [str(v) for v in value]
        elif isinstance(value, str):
            numbers = re.findall(r"(-?\d+)\s*-\s*(-?\d+)", value)
            if numbers:
                low, high = int(numbers[0][0]), int(numbers[0][1])
                ints[arg] = (min(low, high), max(low, high))
            words = [w for w in re.findall(r"[A-Za-z_][A-Za-z_]+", value.split(":", 1)[-1])]
            if words:
                names[arg] = words
    names.update({arg: words for arg, words in keywords.items() if words})
    return Spec(name, alternatives, kinds, ints, names, game.fact_names(),
                syntax.start_rule(name) == "line")


# -- valid lines ---------------------------------------------------------------------------------


PLAIN_KINDS = frozenset({"INT", "REF", "STRING", "WORD"})  # terminals that carry a value


def value(sp: Spec, arg: str, rng: random.Random) -> str:
    kinds = sp.kinds.get(arg, {"INT"})
    kind = rng.choice(sorted(kinds))
    if kind == "REF":  # a plan's `$fact`: one the game documents, now and then a made-up one
        return "$" + (rng.choice(sp.facts) if sp.facts and rng.random() < 0.9 else "nofact")
    if kind == "INT":
        low, high = sp.ints.get(arg, (0, 6))
        roll = rng.random()
        if roll < 0.75:
            return str(rng.randint(low, high))
        if roll < 0.9:
            return str(rng.randint(low - 3, high + 3))
        return str(rng.randint(-20, 200))
    if kind not in PLAIN_KINDS:  # a keyword (`available`): the word itself, bare
        return rng.choice(sp.names.get(arg) or [kind.lower()])
    pool = sp.names.get(arg) or ["farm", "gold", "Cat", "x"]
    word = rng.choice(pool)
    if rng.random() < 0.1:
        word = word.upper() if rng.random() < 0.5 else word.capitalize()
    if kind == "WORD" and WORD.match(word) and (rng.random() < 0.7 or "STRING" not in kinds):
        return word  # an argument the grammar takes only bare is never quoted
    quote = rng.choice(['""', '""', "''", "\u201c\u201d", "\u2018\u2019"])
    pad = " " if rng.random() < 0.1 else ""
    return f"{quote[0]}{pad}{word}{pad}{quote[1]}"


def valid_line(sp: Spec, rng: random.Random) -> str:
    """A line built from the grammar: a command, one of its forms, a value for each argument,
    with the spacing people use."""
    command = rng.choice(sorted(sp.alternatives))
    form = rng.choice(sp.alternatives[command])
    spaced = rng.random() < 0.5
    out = []
    for kind, text in form:
        if kind == "lit":
            out.append(text + (" " if spaced and text == "," else ""))
        else:
            out.append(value(sp, text, rng))
    line = "".join(out)
    if rng.random() < 0.1:
        line = " " * rng.randint(1, 4) + line
    if rng.random() < 0.1:
        line += rng.choice(["  ", "\t", "  # a comment", "#x"])
    return line


def condition(sp: Spec, rng: random.Random, legal: list[str], depth: int = 0) -> str:
    """A plan's condition: facts (mostly the game's own), comparisons, `in`, `can ORDER`,
    joined with not/and/or and parentheses."""
    fact = rng.choice(sp.facts) if sp.facts and rng.random() < 0.9 else "nofact"
    roll = rng.random()
    if depth < 2 and roll < 0.15:
        joined = rng.choice([" and ", " or "])
        return f"({condition(sp, rng, legal, depth + 1)}{joined}" \
               f"{condition(sp, rng, legal, depth + 1)})"
    if roll < 0.3:
        return fact
    if roll < 0.4:
        return "not " + fact
    if roll < 0.6:
        operand = rng.choice(["0", "1", "3", "-2", '"x"', '"Ana"', fact])
        return f"{fact} {rng.choice(['==', '!=', '<', '<=', '>', '>='])} {operand}"
    if roll < 0.7:
        return f"{rng.choice(['1', '6', chr(34) + 'Cat' + chr(34)])} in {fact}"
    order = rng.choice(legal) if legal and rng.random() < 0.5 else valid_line(sp, rng).strip()
    return "can " + order.split("#")[0].strip()


def plan_lines(sp: Spec, rng: random.Random, legal: list[str]) -> list[str]:
    """A few lines of a plan around orders: one-line and block conditions and loops, stop,
    standing orders, absent, the tick line; now and then a block left open or closed twice."""
    def order() -> str:
        return rng.choice(legal) if legal and rng.random() < 0.5 else valid_line(sp, rng)

    roll = rng.random()
    if roll < 0.25:
        return [f"if {condition(sp, rng, legal)}: {order().strip()}"]
    if roll < 0.35:
        return [f"while {condition(sp, rng, legal)}: {order().strip()}"]
    if roll < 0.6:
        body = [order() for _ in range(rng.randint(0, 3))]
        other = [order() for _ in range(rng.randint(0, 2))]
        lines = [f"if {condition(sp, rng, legal)}", *body]
        if rng.random() < 0.4:
            lines += [f"elif {condition(sp, rng, legal)}", order()]
        if rng.random() < 0.5:
            lines += ["else", *other]
        if rng.random() < 0.95:
            lines.append("endif")
        return lines
    if roll < 0.7:
        return [f"while {condition(sp, rng, legal)}", order(), "endwhile"]
    return [rng.choice(["stop", "absent", "standing none", f"standing {order().strip()}",
                        f"orders for tick {rng.randint(0, 30)}", "endif", "else",
                        "endwhile"])]


def order_file(sp: Spec, rng: random.Random, legal: list[str]) -> str:
    """A whole order file: comments, blank lines, orders (legal ones from the position, and
    grammar-built ones) and lines of plans around them, perhaps an `end` line, LF or CRLF."""
    lines: list[str] = []
    if rng.random() < 0.3:
        lines.append("# orders for this tick")
    plans = sp.plans and rng.random() < 0.5
    for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 4, 6, 10])):
        roll = rng.random()
        if plans and roll < 0.3:
            lines.extend(plan_lines(sp, rng, legal))
        elif legal and roll < 0.45:
            lines.append(rng.choice(legal))
        elif roll < 0.9:
            lines.append(valid_line(sp, rng))
        elif roll < 0.95:
            lines.append("")
        else:
            lines.append("# " + valid_line(sp, rng))
    if rng.random() < 0.4:
        lines.append(rng.choice(["end", "end", "END", "end  # done", "  end"]))
        if rng.random() < 0.1:
            lines.append(valid_line(sp, rng))
    newline = "\r\n" if rng.random() < 0.15 else "\n"
    text = newline.join(lines)
    if lines and rng.random() < 0.8:
        text += newline
    return text


# -- mutations ---------------------------------------------------------------------------------


def _pos(text: str | bytes, rng: random.Random) -> int:
    return rng.randint(0, len(text))


def mutate_text(text: str, rng: random.Random) -> str:
    kind = rng.randrange(15)
    if kind == 0 and text:  # delete characters
        i = rng.randrange(len(text))
        return text[:i] + text[i + rng.randint(1, 3):]
    if kind == 1 and text:  # duplicate characters
        i = rng.randrange(len(text))
        j = min(len(text), i + rng.randint(1, 4))
        return text[:j] + text[i:j] * rng.randint(1, 3) + text[j:]
    if kind == 2:  # odd characters
        i = _pos(text, rng)
        return text[:i] + rng.choice(ODD_TEXT) + text[i:]
    if kind == 3:  # huge, negative, signed, non-decimal numbers
        numbers = list(re.finditer(r"[+-]?\d+", text))
        if numbers:
            m = rng.choice(numbers)
            return text[:m.start()] + rng.choice(HUGE) + text[m.end():]
        return text + rng.choice(HUGE)
    if kind == 4:  # look-alikes
        spots = [i for i, c in enumerate(text) if c in LOOKALIKES]
        for i in rng.sample(spots, min(len(spots), rng.randint(1, 3))):
            text = text[:i] + rng.choice(LOOKALIKES[text[i]]) + text[i + 1:]
        return text
    if kind == 5:  # a very long line
        lines = text.split("\n")
        i = rng.randrange(len(lines))
        lines[i] = lines[i] + rng.choice([" ", "x", "(1, ", "#", "9", "\u00e9"]) * rng.choice(
            [300, 400, 401, 1000, 5000])
        return "\n".join(lines)
    if kind == 6:  # lines shuffled, duplicated, dropped
        lines = text.split("\n")
        op = rng.randrange(3)
        i = rng.randrange(len(lines))
        if op == 0:
            lines.insert(i, lines[i])
        elif op == 1 and len(lines) > 1:
            del lines[i]
        else:
            rng.shuffle(lines)
        return "\n".join(lines)
    if kind == 7:  # cut short
        return text[:_pos(text, rng)]
    if kind == 8:  # random unicode
        i = _pos(text, rng)
        char = chr(rng.choice([rng.randint(1, 0x7f), rng.randint(0x80, 0x2fff),
                               rng.randint(0xe000, 0x10ffff)]))
        if 0xd800 <= ord(char) <= 0xdfff:
            char = "?"
        return text[:i] + char * rng.randint(1, 3) + text[i:]
    if kind == 9:  # NULs and carriage returns
        i = _pos(text, rng)
        return text[:i] + rng.choice(["\x00", "\r", "\r\r", "\x00\x00"]) + text[i:]
    if kind == 10:  # case and underscores
        return text.swapcase() if rng.random() < 0.5 else text.replace("_", rng.choice(
            ["", " ", "-", "__"]))
    if kind == 11:  # swapped neighbours
        if len(text) > 1:
            i = rng.randrange(len(text) - 1)
            return text[:i] + text[i + 1] + text[i] + text[i + 2:]
        return text
    if kind == 12:  # many lines
        return text + "\n".join([text] * rng.randint(2, 60))
    if kind == 13:  # two lines joined: two orders (or an order and a stray word) on one line
        lines = text.split("\n")
        if len(lines) > 1:
            i = rng.randrange(len(lines) - 1)
            glue = rng.choice(["", " ", ", ", "; ", " and ", "\t"])
            lines[i:i + 2] = [lines[i].rstrip("\r") + glue + lines[i + 1]]
            return "\n".join(lines)
        return text + rng.choice([",", " 5", ")", "(", " x", ', "farm"', ";", " end"])
    # byte-order marks and invisible characters at the start
    return rng.choice(["\ufeff", "\ufeff\ufeff", "\u200b", " ", "\t"]) + text


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    kind = rng.randrange(6)
    if kind == 0:  # random bytes inserted
        i = _pos(data, rng)
        return data[:i] + rng.randbytes(rng.randint(1, 8)) + data[i:]
    if kind == 1 and data:  # random bytes overwritten
        i = rng.randrange(len(data))
        return data[:i] + rng.randbytes(1) + data[i + 1:]
    if kind == 2:  # another encoding
        text = data.decode("utf-8", "replace")
        encoding = rng.choice(ENCODINGS)
        return text.encode(encoding, "replace")
    if kind == 3:  # invalid UTF-8
        i = _pos(data, rng)
        return data[:i] + rng.choice(BAD_UTF8) + data[i:]
    if kind == 4:  # just noise
        return rng.randbytes(rng.choice([1, 7, 64, 700]))
    # past the size cap
    return data + b"#" * (MAX_FILE_BYTES + rng.choice([-1, 0, 1, 2, 100]) - len(data))


def fuzz_file(sp: Spec, rng: random.Random, legal: list[str],
              whole: tuple[str, ...] = ()) -> bytes:
    """A file to try: a generated order file (or one of the `whole` files a bot wrote for the
    position, which play a complete turn), often mutated (text, then bytes)."""
    if whole and rng.random() < 0.3:
        text = rng.choice(whole)
    else:
        text = order_file(sp, rng, legal)
    roll = rng.random()
    if roll < 0.25:
        return text.encode("utf-8")
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        text = mutate_text(text, rng)
    raw = text.encode("utf-8", "surrogatepass")
    if roll > 0.8:
        raw = mutate_bytes(raw, rng)
    return raw


# -- positions to check against ------------------------------------------------------------------


@dataclass
class Target:
    game: Game
    spec: Spec
    state: dict[str, Any]
    player: str
    seed: int
    legal: list[str] = field(default_factory=list)
    whole: tuple[str, ...] = ()  # order files a bot wrote for this position

    @property
    def path(self) -> str:
        return f"{self.player}/{self.player}_orders.txt"


def targets(game_id: str, seed: int, ticks: int = 12, every: int = 1) -> list[Target]:
    """Positions of a game played in memory by random bots: the start and the state after each
    of the first `ticks` ticks, each with every awaited player."""
    game = registry.get(game_id)
    sp = spec(game)
    players = list(game.default_players)
    state = game.setup(list(players), game.parse_options([], None), Dice(seed, 0))
    state["tick"] = 0
    rng = random.Random(seed)
    out: list[Target] = []
    for tick in range(ticks + 1):
        if game.is_over(state):
            break
        awaited = game.awaiting(state)
        if tick % every == 0:
            for player in awaited:
                whole = tuple("\n".join(choose_orders(game, state, player, strategy, rng))
                              + "\nend\n" for strategy in ("random", "random", "greedy"))
                out.append(Target(game, sp, copy.deepcopy(state), player, seed,
                                  list(game.legal_orders(state, player)), whole))
        files = {}
        for player in awaited:
            chosen = choose_orders(game, state, player, "random", rng)
            files[player] = parse_text(sp.grammar, "\n".join(chosen), f"{player}/x.txt")
        outcome = turn.play_tick(game, state, files, seed)
        assert not outcome.problems, [p.render() for p in outcome.problems]
        state = outcome.state
    return out


# -- the properties ------------------------------------------------------------------------------


def check_problems(target: Target, raw: bytes, problems: list[syntax.Problem]) -> None:
    lines = len(NEWLINES.split(raw.decode("utf-8", "replace")))
    for problem in problems:
        where = f"{problem.code} at {problem.line}:{problem.column}: {problem.message}"
        assert problem.path == target.path, where
        assert CODE.match(problem.code), where
        assert problem.line >= 1 and problem.column >= 1, where
        assert problem.line <= lines + 1, f"{where}: the file has {counted(lines, 'line')}"
        assert problem.end_column >= problem.column, where
        assert problem.message.strip(), where
        rendered = problem.render()
        assert rendered.startswith(f"{target.path}:{problem.line}:{problem.column}: "
                                   f"{problem.code}: "), rendered


def run_one(target: Target, raw: bytes) -> str:
    """'accepted' or 'rejected'; AssertionError if a property breaks (a bad location or code,
    a file check accepted and tick refused); any other exception is a crash."""
    parsed = parse_bytes(target.spec.grammar, raw, target.path)
    check = turn.check_file(target.game, target.state, target.player, parsed)
    check_problems(target, raw, check.problems)
    if check.problems:
        return "rejected"
    files: dict[str, ParsedFile] = {target.player: parsed}
    outcome = turn.play_tick(target.game, target.state, files, target.seed)
    assert not outcome.problems, ("check accepted the file but tick refused it: "
                                  + "; ".join(p.render() for p in outcome.problems))
    for player in outcome.state.get("players", [target.player]):
        for text in target.game.views(outcome.state, player).values():
            assert isinstance(text, str)
    return "accepted"

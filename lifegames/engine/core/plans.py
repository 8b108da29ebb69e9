"""Plans: order files that say what to do after an outcome they cannot know yet.

A file is a sequence of orders and, around them, the plan lines of grammars/common.lark: `if` /
`elif` / `else` / `endif`, `while` / `endwhile`, `stop`, and one-line `if C: ORDER` and `while C:
ORDER`. Conditions read the game's facts (`Game.facts`) and `can ORDER` (would it run now?);
`$fact` in an argument reads a fact when the order runs.

Every order still goes through the game's one `act`. `check` runs a file on the player's
knowledge of the state with dice nobody plays with: up to and including the first order whose
outcome cannot be known (`Game.ends_file`), then it only checks the form and names of what
follows (`Game.validate`), so its output is the same whatever the seed. `tick` runs the file with
the real dice; after an outcome, the first order or condition that cannot run stops the plan
there (what ran is kept, and the player is awaited again as the game's rules say). What ran is
returned as plain orders, which is what executed_orders.txt keeps: a replay needs no plan.

A plan can also be kept waiting: when the game says the player's turn now waits for another
player's answer (`Game.suspended`: a trade offer), the rest of the plan is kept as text
(`PlanResult.resume`) and runs, as after an outcome, in the tick that brings the answer
(turn.play_tick). Its text is the rest of the file from the order that waited, each block
around it closed and a loop around it written again, so the kept plan reads as a file. After
an answer `check` cannot see (`Game.unforeseen` in a game with `hidden_answers`: another
player's hidden card), the log keeps the plan's rest so too, and what then ran as notes, unless
that rest was plain orders that all ran: a replay runs (and checks) the same file.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple

from ..base.codes import Code, E
from ..base.errors import LifegamesError
from ..base.jsondata import JsonObject
from .budget import Budget, OverBudget
from .contract import AnyGame, Arg, Game, Order, OrderError, S
from .dice import Dice
from .orders import Cond, Line, ParsedFile, Problem, argument_kinds, parse_text, suggest

MAX_LOOP = 100  # times one `while` may repeat in one tick
MAX_NESTING = 10  # blocks inside blocks (if in while in if...): far more than a person writes
HIDDEN = "(its outcome is chance or hidden: you see it when the tick runs)"
OPENERS = {"if_open": "endif", "while_open": "endwhile"}
ANSWERED = "# something the file could not foresee happened here; the rest of it, as written:"
RAN = "# of which these orders ran:"


class Step(NamedTuple):
    line: Line


class Branch(NamedTuple):
    line: Line  # the `if`, `elif` or `else` line (else: no condition)
    body: list[Node]


class If(NamedTuple):
    branches: list[Branch]


class While(NamedTuple):
    line: Line
    body: list[Node]


class Mark(NamedTuple):
    """A line with no order: `stop` or `absent`."""

    line: Line


# A node of a plan's tree (`build`): an order, a block, or a line with no order.
Node = Step | If | While | Mark


@dataclass(slots=True)
class _Frame:
    """A block being run: its nodes, and the index of the one running now."""

    nodes: list[Node]
    index: int = -1


def problem(path: str, line: Line, code: Code, message: str, hint: str = "",
            column: int | None = None, end: int | None = None) -> Problem:
    return Problem(path, line.number, column or line.column, end or line.end_column, code,
                   message, hint, line.source)


def build(parsed: ParsedFile) -> tuple[list[Node], list[Problem]]:
    """The file's lines as a tree of blocks, or the problems that stop it being one (an `endif`
    without its `if`, a standing order inside a block, a second header...)."""
    path = parsed.path
    problems: list[Problem] = []
    root: list[Node] = []
    stack: list[tuple[Line, list[Node], If | While]] = []  # (opening line, body, node holding it)
    headers = 0
    deep: Line | None = None  # the first block opened deeper than MAX_NESTING
    broken = {id(line) for line in parsed.broken}  # already reported as E-SYNTAX
    # A trial reorders parsed.lines (turn._swap_hint): their order is kept as given.
    lines = sorted(parsed.lines + parsed.broken, key=lambda line: line.number) \
        if parsed.broken else parsed.lines
    for line in lines:
        body = stack[-1][1] if stack else root
        kind = line.kind
        if id(line) in broken:
            _match_broken(line, stack)
            continue
        if kind in ("header", "standing", "standing_none"):
            if stack:
                problems.append(problem(path, line, E.PLAN, "this line cannot stand inside "
                                        f"an if or while block (line {stack[-1][0].number})",
                                        "move it above the block"))
            if kind == "header":
                headers += 1
                if headers > 1:
                    problems.append(problem(path, line, E.PLAN, "a second `orders for tick` "
                                            "line", "keep one, at the top of the file"))
            continue
        if kind in ("step", "if_step", "while_step"):
            if kind == "step":
                body.append(Step(line))
            elif kind == "if_step":
                body.append(If([Branch(line, [Step(line)])]))
            else:
                body.append(While(line, [Step(line)]))
        elif kind in ("stop", "absent"):
            body.append(Mark(line))
        elif kind in ("if_open", "while_open"):
            node = If([Branch(line, [])]) if kind == "if_open" else While(line, [])
            if len(stack) >= MAX_NESTING:
                # Matched like any block, but kept out of the tree: the tree stays shallow
                # whatever the file, so nothing that walks it can run out of stack.
                deep = deep or line
            else:
                body.append(node)
            stack.append((line, node.branches[0].body if isinstance(node, If) else node.body,
                          node))
        elif kind in ("elif_open", "else_open"):
            opener = stack[-1] if stack else None
            if opener is None or not isinstance(opener[2], If) or opener[2].branches[-1] \
                    .line.kind == "else_open":
                word = "elif" if kind == "elif_open" else "else"
                problems.append(problem(path, line, E.PLAN, f"`{word}` without an open "
                                        "`if` block", "start the block with `if <condition>` "
                                        "on a line of its own"))
                continue
            branch = Branch(line, [])
            opener[2].branches.append(branch)
            stack[-1] = (opener[0], branch.body, opener[2])
        elif kind in ("endif", "endwhile"):
            wanted = "if_open" if kind == "endif" else "while_open"
            if not stack or stack[-1][0].kind != wanted:
                what = f"an open `{'if' if kind == 'endif' else 'while'}` block"
                problems.append(problem(path, line, E.PLAN, f"`{kind}` without {what}",
                                        "every block line needs its opening line above it"))
                continue
            stack.pop()
    for unclosed, _, _ in stack:
        if id(unclosed) in broken:
            continue
        problems.append(problem(path, unclosed, E.PLAN, "this block is never closed",
                                f"add a line `{OPENERS[unclosed.kind]}` after its last order"))
    if deep is not None:
        problems.append(problem(path, deep, E.TOO_DEEP, f"this block is inside "
                                f"{MAX_NESTING} others; blocks nest at most {MAX_NESTING} deep",
                                "join conditions with `and` instead of nesting one block in "
                                "another"))
    return root, problems


def _match_broken(line: Line, stack: list[tuple[Line, list[Node], If | While]]) -> None:
    """A block line that did not parse still opens or closes its block, so its partner is not
    reported too; what a broken `if`, `elif` or `while` holds is kept out of the tree (nothing
    can be said of when it would run)."""
    kind = line.kind
    if kind in ("if_open", "while_open"):
        node: If | While = If([Branch(line, [])]) if kind == "if_open" else While(line, [])
        stack.append((line, [], node))
    elif kind in ("elif_open", "else_open") and stack and isinstance(stack[-1][2], If):
        stack[-1] = (stack[-1][0], [], stack[-1][2])
    elif kind in ("endif", "endwhile") and stack \
            and stack[-1][0].kind == ("if_open" if kind == "endif" else "while_open"):
        stack.pop()


@dataclass
class PlanResult:
    player: str
    executed: list[Order] = field(default_factory=list)  # as they ran ($facts resolved)
    log: list[str] = field(default_factory=list)  # the lines executed_orders.txt gets
    effects: list[str] = field(default_factory=list)
    # Each order that ran (as spelled in the log, `absent: ` before the default's) with the
    # effects it had, for `check` to list orders and their effects apart.
    steps: list[tuple[str, list[str]]] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)  # W- codes: check shows, tick ignores
    stopped: str = ""  # why a plan stopped after an outcome (tick)
    outcome: bool = False  # an order whose outcome could not be known ran
    later: int = 0  # check: lines after the outcome, checked for form and names only
    resume: str = ""  # tick: the rest of a plan kept waiting for another player's answer
    written: bool = False  # tick: the log holds the plan as written after a hidden answer


class Stopped(LifegamesError):
    """A plan cannot go on after an outcome (tick only)."""


class Suspended(LifegamesError):
    """The game keeps the player waiting for another player's answer (tick only)."""


class Runner(Generic[S]):
    """Runs one player's file on one state (of its game's state type). `checking`: on the
    player's knowledge, with dice nobody plays with, blind after the first outcome; otherwise
    for real."""

    def __init__(self, game: Game[S], player: str, parsed: ParsedFile, dice: Dice,
                 checking: bool, warn: bool = True, budget: Budget | None = None,
                 resumed: bool = False) -> None:
        self.game = game
        self.player = player
        self.parsed = parsed
        self.path = parsed.path
        self.dice = dice
        self.checking = checking
        self.warn = checking and warn  # W- codes are for `check` to show; a tick never needs them
        self.result = PlanResult(player)
        self.blind = False  # checking, past an outcome
        self.seen: set[tuple[int, int]] = set()  # (line, column) of what ran or was evaluated
        self.limit: int | None = None
        self.reached = 0  # orders reached so far (run or refused): what the limit counts
        self.absent_depth = 0
        self.budget = budget or Budget.for_file()
        self.at: Line | None = None  # the line being run (where a spent budget is reported)
        self._facts: JsonObject | None = None  # the facts, until an order changes the state
        self.frames: list[_Frame] = []  # each block being run, outermost first
        self.result.outcome = resumed  # a kept plan runs as after an outcome: it may stop

    # -- the whole file ---------------------------------------------------------------------
    def run(self, state: S, nodes: list[Node]) -> PlanResult:
        self.limit = self.game.max_orders(state, self.player)
        try:
            self._block(state, nodes)
        except Stopped as stop:
            self.result.stopped = str(stop)
        except Suspended as kept:
            self.result.resume = str(kept)
            self.result.outcome = True
        except OverBudget as spent:
            message, hint = spent.explain()
            assert self.at is not None
            if self.result.outcome and not self.checking:  # after an outcome: as any stop
                self.result.stopped = f"line {self.at.number}: {message}"
            else:
                self.result.problems.append(problem(self.path, self.at, E.PLAN_BUDGET,
                                                    message, hint))
        if self.checking:
            self._static_rest(nodes)
        elif self.result.written and not (self.result.stopped or self.result.resume):
            self._plain_if_all_ran()
        return self.result

    def _plain_if_all_ran(self) -> None:
        """The plan as written is kept in the record only where it says more than the orders
        that ran: a rest of plain orders that all ran is recorded as those orders, as any
        plan is, so that a plan and its plain orders still leave the same folder."""
        log = self.result.log
        start = log.index(ANSWERED)
        end = log.index(RAN) if RAN in log else len(log)
        ran = [line.removeprefix("#   ") for line in log[end + 1:]]
        rest = parse_text(self.game.grammar_name(), "\n".join(log[start + 1:end]), self.path)
        if rest.problems or rest.is_plan or rest.standing:
            return
        if [self.game.spell(order).canonical() for order in rest.orders] == ran:
            self.result.log = [*log[:start], *ran]
            self.result.written = False

    def _block(self, state: S, nodes: list[Node]) -> bool:
        """Run `nodes`; False once a `stop` ran (the plan ends)."""
        frame = _Frame(nodes)
        own = not self.absent_depth  # the default's own lines are not the player's to keep
        if own:
            self.frames.append(frame)
        try:
            return self._nodes(state, nodes, frame)
        finally:
            if own:
                self.frames.pop()

    def _nodes(self, state: S, nodes: list[Node], frame: _Frame) -> bool:
        for index, node in enumerate(nodes):
            frame.index = index
            self._spend(node.branches[0].line if isinstance(node, If) else node.line)
            if isinstance(node, Step):
                self._order(state, node.line.order, node.line)
            elif isinstance(node, If):
                for branch in node.branches:
                    if branch.line.kind == "else_open" or self._truth(state, branch.line):
                        if not self._block(state, branch.body):
                            return False
                        break
                    if self.blind:
                        break
            elif isinstance(node, While):
                if not self._loop(state, node):
                    return False
            elif node.line.kind == "stop":
                self.seen.add((node.line.number, node.line.column))
                if not self.blind:
                    return False
            else:
                self._absent(state, node.line)
            if self.blind:
                return True  # the rest is checked for form only (_static_rest)
        return True

    def _loop(self, state: S, node: While) -> bool:
        for _ in range(MAX_LOOP):
            if self.blind or not self._truth(state, node.line):
                return True
            found = len(self.result.problems)
            if not self._block(state, node.body):
                return False
            if len(self.result.problems) > found:
                return True  # a loop whose body was refused: once is enough to report
        if not self.blind:
            self._fail(node.line, E.ENDLESS_LOOP,
                       f"this loop would repeat more than {MAX_LOOP} times in one tick",
                       "make its condition turn false, e.g. `while can reroll(1): ...`")
        return True

    # -- orders -------------------------------------------------------------------------------
    def _order(self, state: S, order: Order | None, line: Line) -> None:
        if order is None:
            return
        self.seen.add((line.number, order.column))
        concrete = self._resolve(state, order, line)
        if concrete is None:
            return
        self._spend(line, runs=1)
        count = self.reached
        self.reached += 1
        if self.limit is not None and count >= self.limit:
            self._fail(line, E.TOO_MANY_ORDERS,
                       f"at most {self.limit} orders a tick; this is order {count + 1}",
                       "delete or comment out (#) the extra orders",
                       order.column, order.end_column)
            return
        ends = self.game.ends_file(state, self.player, concrete)
        if self.warn:
            self.result.warnings += [order_problem(self.path, concrete, w)
                                     for w in self.game.warnings(state, self.player, concrete)]
        self._facts = None  # whatever act does, the facts are read anew after it
        try:
            effects = self.game.act(state, self.player, concrete, self.dice)
        except OrderError as error:
            if self.result.outcome and not self.checking:
                raise Stopped(f"line {line.number}: {concrete.canonical()}: "
                              f"{error.message}") from None
            self.result.problems.append(order_problem(self.path, concrete, error))
            # What follows was written for the state this order would have made: run on the
            # state without it, a good line would be refused for the wrong reason. It is
            # checked for form and names only, as after an outcome.
            self.blind = True
            return
        self.result.executed.append(concrete)
        text = self.game.spell(concrete).canonical()
        self._log(text)
        if not ends and not self.checking and not self.result.outcome and \
                self.game.unforeseen(state, self.player):
            ends, rest = True, self._rest().splitlines() if self.game.hidden_answers else []
            self.result.written = bool(rest)  # nothing after it: nothing to keep
            self.result.log += [ANSWERED, *rest] if rest else []
        shown = list(effects)
        if ends:
            self.result.outcome = True
            if self.checking:
                self.blind = True
                effects = [f"{concrete.canonical()}: {HIDDEN}"]
                shown = [HIDDEN]
        self.result.effects.extend(effects)
        self.result.steps.append((f"absent: {text}" if self.absent_depth else text, shown))
        if not self.checking and self.game.suspended(state, self.player):
            raise Suspended(self._rest())

    def _log(self, text: str) -> None:
        """Log a line that ran: a note inside the absent default or after a hidden answer."""
        if self.result.written and RAN not in self.result.log:
            self.result.log.append(RAN)
        self.result.log.append(f"#   {text}" if self.absent_depth or self.result.written
                               else text)

    def _rest(self) -> str:
        """The plan from the order just run to its end, as file text: the rest of each block
        around it (a loop written again, to go on looping), then what follows the block."""
        lines: list[str] = []
        for depth in range(len(self.frames) - 1, -1, -1):
            frame = self.frames[depth]
            for node in frame.nodes[frame.index + 1:]:
                lines += _source(node)
            if depth:
                outer = self.frames[depth - 1]
                if isinstance(outer.nodes[outer.index], While):
                    lines += _source(outer.nodes[outer.index])
        return "".join(f"{line}\n" for line in lines)

    def _resolve(self, state: S, order: Order, line: Line) -> Order | None:
        """The order with each `$fact` argument replaced by the fact's value now."""
        if not any(a.kind == "ref" for a in order.args):
            return order
        facts = self._facts_now(state)
        args = []
        for arg in order.args:
            if arg.kind != "ref":
                args.append(arg)
                continue
            if arg.value not in facts:
                self._unknown_fact(line, arg.value, arg.column, arg.end_column)
                return None
            value = facts[arg.value]
            takes = argument_kinds(self.game.grammar_name()).get(arg.name, frozenset())
            kind = "int" if isinstance(value, int) and not isinstance(value, bool) else \
                "string" if isinstance(value, str) else ""
            fits = {"int": "INT" in takes, "string": bool(takes & {"STRING", "WORD"})}
            if not fits.get(kind):
                wants = "a number" if "INT" in takes else "a name"
                self._fail(line, E.FACT_TYPE, f"${arg.value} is {value!r} now, but {arg.name} "
                           f"takes {wants}", "use a fact of the right kind, or this one in a "
                           "condition", arg.column, arg.end_column)
                return None
            args.append(Arg(arg.name, value, arg.column, arg.end_column, kind))
        return Order(order.command, tuple(args), order.line, order.column, order.end_column,
                     order.source)

    def _absent(self, state: S, line: Line) -> None:
        """`absent`: the game's default for a player who sent nothing, run as a plan. The log
        keeps the word `absent` (a replay expands it again) and, as notes, what it played."""
        self.seen.add((line.number, line.column))
        if self.absent_depth:
            return
        self._spend(line, runs=1)  # the game's rules choose the default
        text = "\n".join(self.game.absent_orders(state, self.player))
        nodes = _default_plan(self.game.grammar_name(), text, f"{self.path} (absent default)")
        self._log("absent")
        self.absent_depth += 1
        had, warned = len(self.result.problems), len(self.result.warnings)
        try:
            self._block(state, nodes)
        finally:
            self.absent_depth -= 1
            # what the default's orders earned is the `absent` line's, not a line of its own
            for found, start in ((self.result.problems, had), (self.result.warnings, warned)):
                found[start:] = [_at_line(p, line, self.path) for p in found[start:]]

    # -- work -------------------------------------------------------------------------------
    def _spend(self, line: Line, steps: int = 1, runs: int = 0) -> None:
        if not self.absent_depth:  # the default's own lines are not the player's: its `absent`
            self.at = line
        self.budget.spend(steps, runs)

    def _facts_now(self, state: S) -> JsonObject:
        """The game's facts, worked out once for each state the plan reaches: a loop that tests
        them again and again costs one look-up per test, not one reckoning of the game."""
        if self._facts is None:
            self._facts = self.game.facts(state, self.player)
        return self._facts

    # -- conditions ---------------------------------------------------------------------------
    def _truth(self, state: S, line: Line) -> bool:
        self.seen.add((line.number, line.column))
        if self.blind:
            return False
        assert line.condition is not None
        try:
            return bool(self._value(state, line.condition, line))
        except _Unknown:
            return False

    def _value(self, state: S, cond: Cond, line: Line) -> object:
        kind, parts = cond.kind, cond.parts
        self._spend(line, runs=1 if kind == "can" else 0)
        if kind == "or":
            return any(self._value(state, c, line) for c in parts)
        if kind == "and":
            return all(self._value(state, c, line) for c in parts)
        if kind == "not":
            return not self._value(state, parts[0], line)
        if kind in ("int", "str"):
            return parts[0]
        if kind == "fact":
            facts = self._facts_now(state)
            if parts[0] not in facts:
                self._unknown_fact(line, parts[0], cond.column, cond.end_column)
                raise _Unknown
            return facts[parts[0]]
        if kind == "can":
            concrete = self._resolve(state, parts[0], line)
            if concrete is None:
                raise _Unknown
            return self.game.can(state, self.player, concrete)
        if kind == "in":
            needle, haystack = (self._value(state, p, line) for p in parts)
            if not isinstance(haystack, list):
                self._fail(line, E.FACT_TYPE, f"{parts[1].parts[0]} is not a list",
                           "`X in FACT` needs a fact that lists values", cond.column,
                           cond.end_column)
                raise _Unknown
            return _fold(needle) in [_fold(v) for v in haystack]
        left, op, right = parts
        a, b = self._value(state, left, line), self._value(state, right, line)
        if isinstance(a, bool) or isinstance(b, bool) or type(a) is not type(b):
            self._fail(line, E.FACT_TYPE, f"cannot compare {a!r} with {b!r}",
                       "compare a number with a number, a name with a name", cond.column,
                       cond.end_column)
            raise _Unknown
        return _COMPARE[op](_fold(a), _fold(b))

    # -- problems -----------------------------------------------------------------------------
    def _fail(self, line: Line, code: Code, message: str, hint: str = "",
              column: int | None = None, end: int | None = None) -> None:
        if self.result.outcome and not self.checking:
            raise Stopped(f"line {line.number}: {message}")
        self.result.problems.append(problem(self.path, line, code, message, hint, column, end))

    def _unknown_fact(self, line: Line, name: str, column: int, end: int) -> None:
        names = fact_names(self.game)
        close = suggest(name, names)
        listing = "facts: " + ", ".join(names) if names else "this game has no facts"
        self._fail(line, E.UNKNOWN_FACT, f'no fact called "{name}"',
                   f"{close}\n{listing}".strip(), column, end)

    # -- what did not run: form and names -------------------------------------------------------
    def _static_rest(self, nodes: list[Node]) -> None:
        """Check what the run did not reach (untaken branches, lines after an outcome or a
        `stop`) for form and names only, so a typo anywhere in a plan is found now. `later`
        counts the file's lines so checked (`if C: ORDER` is one line, not two)."""
        later: set[int] = set()
        for node in _walk(nodes):
            line = node.line
            if isinstance(node, (Branch, While)) and line.condition is not None:
                if (line.number, line.column) not in self.seen:
                    later.add(line.number)
                    self._static_cond(line.condition, line)
            order = line.order if isinstance(node, Step) else None
            if order is not None and (line.number, order.column) not in self.seen:
                later.add(line.number)
                self._static_order(order, line)
        self.result.later = len(later)

    def _static_order(self, order: Order, line: Line) -> None:
        names = fact_names(self.game)
        for arg in order.args:
            if arg.kind == "ref" and arg.value not in names:
                self._unknown_fact(line, arg.value, arg.column, arg.end_column)
        try:
            self.game.validate(self.player, order)
        except OrderError as error:
            self.result.problems.append(order_problem(self.path, order, error))

    def _static_cond(self, cond: Cond, line: Line) -> None:
        if cond.kind == "fact":
            if cond.parts[0] not in fact_names(self.game):
                self._unknown_fact(line, cond.parts[0], cond.column, cond.end_column)
        elif cond.kind == "can":
            self._static_order(cond.parts[0], line)
        elif cond.kind not in ("int", "str"):
            for part in cond.parts:
                if isinstance(part, Cond):
                    self._static_cond(part, line)


@functools.lru_cache(maxsize=64)
def _default_plan(grammar: str, text: str, path: str) -> list[Node]:
    """A game's absent default as a plan, parsed once however often a file says `absent`."""
    parsed = parse_text(grammar, text, path)
    nodes, problems = build(parsed)
    if parsed.problems or problems:
        raise ValueError(f"{grammar}: absent default does not parse: "
                         f"{(parsed.problems + problems)[0].render()}")
    return nodes


def _source(node: Node) -> list[str]:
    """A node of a plan as the lines that make it (a block closed by its end line)."""
    if isinstance(node, If):
        first = node.branches[0].line
        if first.kind == "if_step":
            return [first.source]
        out = []
        for branch in node.branches:
            out.append(branch.line.source)
            for inner in branch.body:
                out += _source(inner)
        return [*out, "endif"]
    if isinstance(node, While):
        if node.line.kind == "while_step":
            return [node.line.source]
        return [node.line.source, *(x for inner in node.body for x in _source(inner)),
                "endwhile"]
    return [node.line.source]


class _Unknown(LifegamesError):
    """A condition that could not be evaluated (its problem is already reported)."""


def _walk(nodes: list[Node]) -> Iterator[Step | Branch | While | Mark]:
    """Every node of a plan, with each `if` seen through its branches."""
    for node in nodes:
        if isinstance(node, If):
            for branch in node.branches:
                yield branch
                yield from _walk(branch.body)
        elif isinstance(node, While):
            yield node
            yield from _walk(node.body)
        else:
            yield node


def _fold(value: object) -> object:
    """Names compare without regard to case, as names in orders do."""
    return value.lower() if isinstance(value, str) else value


# Any: `_value` has already checked that both sides are ints or both are strings
_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}


def fact_names(game: AnyGame) -> list[str]:
    return list(game.fact_names())


def order_problem(path: str, order: Order, error: OrderError) -> Problem:
    where = order.arg(error.arg) if error.arg else None
    column, end = (where.column, where.end_column) if where else (order.column, order.end_column)
    return Problem(path, order.line, column, end, error.code, error.message, error.hint,
                   order.source)


def _at_line(problem: Problem, line: Line, path: str) -> Problem:
    """`problem`, raised by an order of the absent default, placed on the `absent` line that
    ran it: the default's own line numbers point nowhere in the player's file."""
    source = problem.source.strip()
    return Problem(path, line.number, line.column, line.end_column, problem.code,
                   f"absent plays `{source}`: {problem.message}" if source else problem.message,
                   problem.hint, line.source)

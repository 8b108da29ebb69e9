"""Validate-then-apply: the one path by which orders change a game.

`check_file` runs a player's file through the game's own `act` on the player's knowledge of the
state (plans.py: up to the first outcome nobody may know yet), so `check` and `tick` cannot
disagree and `check` cannot be used to peek. `play_tick` checks every awaited file alone against
the start of the tick, then runs them all in turn on one state with the real dice, then the
plans kept waiting for an answer that has come (plans.py), and ends the tick; any problem
anywhere means no new state at all.

A kept plan lives in the state (`resume`, its player's alone) and in executed_orders.txt of the
tick that kept it, after a note: the orders that ran, then the lines still to run. A replay of
that tick's lines keeps the same plan, so replays and `verify` need nothing more. After a hidden
answer the record holds the rest of the plan as written (plans.py), which keeps the plan again
in a replay: the kept lines are then only notes.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..base.codes import Code, E, W
from .budget import Budget
from .contract import AnyGame, Order, OrderError, State, clone
from .dice import Dice
from .orders import ParsedFile, Problem, parse_text, suggest
from .plans import ANSWERED, HIDDEN, RAN, PlanResult, Runner, build, order_problem, problem

__all__ = ["HIDDEN", "FileCheck", "TickOutcome", "check_file", "check_files", "order_problem",
           "play_tick", "standing_lines", "standing_updates", "tick_dice", "unended",
           "unknown_value"]

CHECK_SEED = -1  # `check` rolls dice nobody plays with: its output cannot depend on the seed
KEPT = "# the rest of this plan waits for another player's answer; it runs in the tick it comes:"
RESUMED = "# the rest of the plan kept from an earlier tick ran:"


@dataclass
class FileCheck:
    """One player's file checked: its own list of problems (the parsed file is not touched,
    so checking twice reports each problem once)."""

    player: str
    parsed: ParsedFile
    effects: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    plan: PlanResult | None = None
    standing: list[str] | None = None  # the standing orders this file puts in force
    # W- warnings of the file as a whole (W-NO-END), said after the plan's
    file_warnings: list[Problem] = field(default_factory=list)

    @property
    def warnings(self) -> list[Problem]:
        """Every W- warning `check` shows for the file: the plan's, then the file's."""
        return [*(self.plan.warnings if self.plan else []), *self.file_warnings]

    @property
    def orders(self) -> list[Order]:
        return self.parsed.orders


@dataclass
class TickOutcome:
    state: State
    checks: list[FileCheck]
    executed: dict[str, list[str]]  # player -> the lines executed_orders.txt gets this tick
    events: list[str]
    stopped: dict[str, str] = field(default_factory=dict)  # player -> why their plan stopped

    @property
    def problems(self) -> list[Problem]:
        return [p for c in self.checks for p in c.problems]


def count_orders(lines: list[str]) -> int:
    """How many orders a tick's executed lines hold (standing orders and notes aside): plan
    text after a note (KEPT, ANSWERED) is not orders that ran; the notes after RAN are."""
    count, mode = 0, "orders"
    for line in lines:
        if line in (KEPT, ANSWERED, RAN):
            mode = "notes" if line == RAN else "text"
        elif mode == "orders":
            count += not line.startswith(("#", "standing")) and line != "absent"
        elif mode == "notes":
            count += line.startswith("#   ") and line != "#   absent"
    return count


def unknown_value(code: Code, kind: str, value: str, options: list[str], arg: str,
                  extra: str = "") -> OrderError:
    """The standard 'no such name' error, with the nearest valid names (used by every game)."""
    hint = suggest(value, options)
    listing = f"{extra or kind + 's'}: {', '.join(options)}"
    return OrderError(code, f'no {kind} called "{value}"', f"{hint}\n{listing}".strip(), arg)


def tick_dice(seed: int, state: State) -> Dice:
    """The dice of the tick about to be played (its number is the state's tick plus one)."""
    return Dice(seed, int(state["tick"]) + 1)


def standing_lines(game: AnyGame, player: str, parsed: ParsedFile
                   ) -> tuple[list[str] | None, list[Problem]]:
    """The standing orders a file puts in force (canonical text; [] for `standing none`), or
    None if it says nothing of them; and the problems of its standing lines."""
    lines = parsed.standing
    if not lines:
        return None, []
    problems: list[Problem] = []
    texts: list[str] = []
    allowed = sorted(game.standing_commands)
    for line in lines:
        order = line.order
        if order is None:  # standing none
            continue
        if order.command not in game.standing_commands:
            problems.append(problem(
                parsed.path, line, E.NOT_STANDING, f"{order.command} cannot be a standing order",
                "standing orders of this game: " + (", ".join(allowed) or "none"),
                order.column, order.end_column))
            continue
        unknown = [a for a in order.args if a.kind == "ref" and a.value not in game.fact_names()]
        if unknown:
            problems.append(problem(
                parsed.path, line, E.UNKNOWN_FACT, f'no fact called "{unknown[0].value}"',
                (suggest(unknown[0].value, game.fact_names()) + "\nfacts: " +
                 ", ".join(game.fact_names())).strip(), unknown[0].column, unknown[0].end_column))
            continue
        try:
            game.validate(player, order)
        except OrderError as error:
            problems.append(order_problem(parsed.path, order, error))
            continue
        texts.append(order.canonical())
    return texts, problems


def standing_updates(game: AnyGame, state: State, files: dict[str, ParsedFile]
                     ) -> dict[str, list[str]]:
    """The standing orders that the files of players who are NOT awaited put in force this
    tick: only from a file that names this tick, ends with `end`, and has no problem at all (a
    half-saved file, or a draft for a later turn, changes nothing)."""
    updates: dict[str, list[str]] = {}
    for player, parsed in files.items():
        header = parsed.header
        if parsed.problems or not parsed.ended or header is None or \
                header.tick != int(state["tick"]) + 1:
            continue
        texts, problems = standing_lines(game, player, parsed)
        if texts is not None and not problems:
            updates[player] = texts
    return updates


def _header_problems(parsed: ParsedFile, state: State) -> list[Problem]:
    """An order file names the tick it was written for; one written for another tick (a draft
    kept from before other players moved, a late copy) is never played silently."""
    header = parsed.header
    wanted = int(state["tick"]) + 1
    if header is None or header.tick is None or header.tick == wanted:
        return []
    if header.tick < wanted:
        return [problem(parsed.path, header, E.STALE_ORDERS,
                        f"this file was written for tick {header.tick}, but the next tick is "
                        f"{wanted}: the game has moved on since",
                        f"read your new sheets, check the orders still make sense, then change "
                        f"this line to: orders for tick {wanted}")]
    return [problem(parsed.path, header, E.WRONG_TICK,
                    f"this file is for tick {header.tick}, but the next tick is {wanted}",
                    f"change this line to: orders for tick {wanted}")]


def check_file(game: AnyGame, state: State, player: str, parsed: ParsedFile, *,
               work: State | None = None, hints: bool = True, warn: bool = True,
               budget: Budget | None = None) -> FileCheck:
    """Run one player's file on `work` (default: the player's knowledge of `state`); collect
    problems. Lines that did not parse are reported and the rest still runs, so one run shows
    every problem in the file (past an order the rules refuse, for form and names only).
    `hints`: say when swapping an order with the one above it would make the file good
    (order matters: each order runs after those above it).
    `warn`: collect the W- warnings, the game's and W-NO-END (only `check` shows them).
    `budget`: the work the file may take (budget.py; a fresh one by default), the hints'
    trials included."""
    budget = budget or Budget.for_file()
    result = _check_file(game, state, player, parsed, work, warn, budget)
    if hints:
        _swap_hint(game, state, player, parsed, result, work, budget)
    warned = unended(parsed) if warn and not result.problems else None
    if warned is not None:  # said once the file has no problem: check shows only those then
        result.file_warnings.append(warned)
    return result


def _swap_hint(game: AnyGame, state: State, player: str, parsed: ParsedFile, result: FileCheck,
               work: State | None, budget: Budget) -> None:
    """If the first refused order would run at another place in the file (just above or below
    another order), and the whole file then has no problem, say where in its hint. The trials
    draw on the file's budget: once it is spent, no more places are tried."""
    if not result.problems or parsed.problems:
        return
    first = result.problems[0]
    steps = [i for i, line in enumerate(parsed.lines) if line.kind == "step"]
    at = next((i for i in steps if parsed.lines[i].number == first.line), None)
    if at is None or len(steps) < 2:
        return
    for other in [i for i in steps if i != at][:MOVES]:
        if budget.spent:
            return
        lines = [line for k, line in enumerate(parsed.lines) if k != at]
        place = lines.index(parsed.lines[other]) + (1 if other > at else 0)
        lines.insert(place, parsed.lines[at])
        moved = ParsedFile(parsed.path, lines, [], parsed.ended)
        trial = _check_file(game, state, player, moved, None if work is None else clone(work),
                            False, budget)
        if not trial.problems and _ran(trial, parsed.lines[at].order):
            where = "below" if other > at else "above"
            hint = (f"{first.hint}\n" if first.hint else "") + \
                f"the file works with this order {where} line {parsed.lines[other].number}: " \
                "each order runs after the ones above it"
            result.problems[0] = replace(first, hint=hint)
            return


MOVES = 12  # places tried for a refused order


def unended(parsed: ParsedFile, awaited: bool = True) -> Problem | None:
    """W-NO-END on the last line of a file that reads well but has no `end` line: a tick run
    by hand plays it as it stands, but `watch` (and a host's deadline) waits for the line, so
    a file saved half-way is never played; a file out of turn puts its standing lines in force
    only once it has it. None for a file that ends, or that did not parse (a line that did
    not may be the `end` meant), or (out of turn) holds no standing line."""
    if parsed.ended or parsed.problems or (not awaited and not parsed.standing):
        return None
    hint = "add a line that says `end` below your last order once the file is final"
    if awaited:
        message = ("this file does not end with `end`: `watch` waits until it does before it "
                   "plays the tick (a file saved half-way is never played); `tick` run by "
                   "hand plays it as it stands")
    else:
        message = ("this file does not end with `end`: its standing lines take effect only "
                   "from a file that ends with it")
    if not parsed.lines:
        return Problem(parsed.path, 1, 1, 2, W.NO_END, message, hint)
    return problem(parsed.path, parsed.lines[-1], W.NO_END, message, hint)


def _ran(trial: FileCheck, order: Order | None) -> bool:
    """True if the moved order ran in the trial: past a roll or draw it is only checked for
    form, which says nothing of whether it would run there."""
    return trial.plan is not None and any(o is order for o in trial.plan.executed)


def _check_file(game: AnyGame, state: State, player: str, parsed: ParsedFile,
                work: State | None, warn: bool, budget: Budget) -> FileCheck:
    result = FileCheck(player, parsed, problems=list(parsed.problems))
    result.problems += _header_problems(parsed, state)
    result.standing, problems = standing_lines(game, player, parsed)
    result.problems += problems
    nodes, problems = build(parsed)
    result.problems += problems
    if problems:  # blocks that do not match: nothing can be said of what would run
        result.problems.sort(key=lambda p: (p.line, p.column))
        return result
    work = game.knowledge(state, player) if work is None else work
    if result.standing is not None:  # in force before any order runs, as in play_tick
        work.setdefault("standing", {})[player] = list(result.standing)
    game.begin_tick(work)
    runner = Runner(game, player, parsed, Dice(CHECK_SEED, int(state["tick"]) + 1), True, warn,
                    budget)
    plan = runner.run(work, nodes)
    result.plan = plan
    result.effects = plan.effects
    result.problems += plan.problems
    if not result.problems and not plan.outcome:
        _end_orders(game, work, result, None)
    elif parsed.problems:
        result.effects = []  # nothing runs until the file parses
    result.problems.sort(key=lambda p: (p.line, p.column))
    return result


def _end_orders(game: AnyGame, state: State, check: FileCheck, code: Code | None) -> None:
    """The whole-file check, located just after the file's last order."""
    try:
        game.end_orders(state, check.player)
    except OrderError as error:
        parsed = check.parsed
        line = parsed.lines[-1].number + 1 if parsed.lines else 1
        check.problems.append(Problem(parsed.path, line, 1, 2, code or error.code,
                                      error.message, error.hint))


def check_files(game: AnyGame, state: State, files: dict[str, ParsedFile], *,
                warn: bool = True, tick: Budget | None = None) -> list[FileCheck]:
    """Each awaited player's file alone against the start of the tick, each on its own budget
    and all on the tick's (`tick`; a fresh one by default). The hints for refused files are
    looked for once every file is checked, so one file's hints never spend another's share."""
    tick = tick or Budget.for_tick()
    budgets = {player: Budget.for_file(tick) for player in files}
    checks = [check_file(game, state, player, parsed, warn=warn, hints=False,
                         budget=budgets[player]) for player, parsed in files.items()]
    for check in checks:
        _swap_hint(game, state, check.player, check.parsed, check, None, budgets[check.player])
    return checks


def play_tick(game: AnyGame, state: State, files: dict[str, ParsedFile], seed: int,
              standing: dict[str, list[str]] | None = None) -> TickOutcome:
    """Play one tick. `files` are the awaited players' files; `standing` the standing orders
    that other players' files put in force this tick (checked by the caller)."""
    budget = Budget.for_tick()
    checks = check_files(game, state, files, warn=False, tick=budget)
    if any(c.problems for c in checks):
        return TickOutcome(state, checks, {}, [])
    new = clone(state)
    new.pop("absent", None)
    absent = sorted(c.player for c in checks
                    if any(line.kind == "absent" for line in c.parsed.lines))
    if absent:
        new["absent"] = absent
    updates = dict(standing or {})
    updates.update({c.player: c.standing for c in checks if c.standing is not None})
    executed: dict[str, list[str]] = {}
    for player, texts in sorted(updates.items()):
        new.setdefault("standing", {})[player] = list(texts)
        executed[player] = [f"standing {t}" for t in texts] or ["standing none"]
    game.begin_tick(new)
    dice = tick_dice(seed, state)
    events: list[str] = []
    stopped: dict[str, str] = {}
    for check in checks:
        nodes, _ = build(check.parsed)
        plan = Runner(game, check.player, check.parsed, dice, False,
                      budget=Budget.for_file(budget)).run(new, nodes)
        for bad in plan.problems:
            # Possible only when orders of different players collide, or their plans together
            # spend the tick's budget: each file was fine alone. Nothing is committed; the
            # player sees which order and why.
            if bad.code == E.PLAN_BUDGET:
                check.problems.append(bad)
                continue
            check.problems.append(Problem(bad.path, bad.line, bad.column, bad.end_column,
                                          E.CONFLICT, f"{bad.message} (after the other "
                                          "players' orders ran)", bad.hint, bad.source))
        executed[check.player] = executed.get(check.player, []) + plan.log
        events.extend(plan.effects)
        if plan.stopped:
            stopped[check.player] = plan.stopped
        _keep(new, plan, executed)
        if not check.problems and not plan.outcome:
            _end_orders(game, new, check, E.CONFLICT)
    if any(c.problems for c in checks):
        return TickOutcome(state, checks, {}, [])
    events.extend(game.end_tick(new, dice))
    for player in sorted(new.get("resume", {})):
        if player in files or player not in game.awaiting(new) or game.suspended(new, player):
            continue
        kept = parse_text(game.grammar_name(), new["resume"].pop(player),
                          f"{player} (the plan kept from an earlier tick)")
        nodes, _ = build(kept)
        plan = Runner(game, player, kept, dice, False, budget=Budget.for_file(budget),
                      resumed=True).run(new, nodes)
        executed[player] = executed.get(player, []) + [RESUMED] + plan.log
        events.extend(plan.effects)
        if plan.stopped:
            stopped[player] = plan.stopped
        _keep(new, plan, executed)
    if not new.get("resume", True):
        del new["resume"]
    new["tick"] = int(new["tick"]) + 1
    return TickOutcome(new, checks, executed, events, stopped)


def _keep(state: State, plan: PlanResult, executed: dict[str, list[str]]) -> None:
    """Keep the rest of the plan's player's plan (or forget an older one their newer orders
    replace), and note it in the tick's executed orders so that a replay keeps it too (as
    notes only when the plan as written is there already)."""
    kept = state.setdefault("resume", {})
    player, text = plan.player, plan.resume
    kept.pop(player, None)
    if text:
        kept[player] = text
        lines = text.splitlines()
        executed[player] = executed.get(player, []) + [KEPT, *(
            [f"#   {line}" for line in lines] if plan.written else lines)]

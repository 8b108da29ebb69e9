"""Validate-then-apply: the one path by which orders change a game.

`check_file` runs a player's orders through the game's own `act` on a copy of the state, so
`check` and `tick` cannot disagree. `play_tick` checks every awaited file alone against the start
of the tick, then runs them all in turn on one state and ends the tick; any problem anywhere
means no new state at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .contract import Game, Order, OrderError, State, clone
from .dice import Dice
from .orders import ParsedFile, Problem, suggest

HIDDEN = "(its outcome is chance or hidden: you see it when the tick runs)"


@dataclass
class FileCheck:
    """One player's file checked: its own list of problems (the parsed file is not touched,
    so checking twice reports each problem once)."""

    player: str
    parsed: ParsedFile
    effects: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def orders(self) -> list[Order]:
        return self.parsed.orders


@dataclass
class TickOutcome:
    state: State
    checks: list[FileCheck]
    executed: dict[str, list[Order]]
    events: list[str]

    @property
    def problems(self) -> list[Problem]:
        return [p for c in self.checks for p in c.problems]


def order_problem(path: str, order: Order, error: OrderError) -> Problem:
    where = order.arg(error.arg) if error.arg else None
    column, end = (where.column, where.end_column) if where else (order.column, order.end_column)
    return Problem(path, order.line, column, end, error.code, error.message, error.hint,
                   order.source)


def unknown_value(code: str, kind: str, value: str, options: list[str], arg: str,
                  extra: str = "") -> OrderError:
    """The standard 'no such name' error, with the nearest valid names (used by every game)."""
    hint = suggest(value, options)
    listing = f"{extra or kind + 's'}: {', '.join(options)}"
    return OrderError(code, f'no {kind} called "{value}"', f"{hint}\n{listing}".strip(), arg)


def tick_dice(seed: int, state: State) -> Dice:
    """The dice of the tick about to be played (its number is the state's tick plus one)."""
    return Dice(seed, int(state["tick"]) + 1)


def check_file(game: Game, state: State, player: str, parsed: ParsedFile, seed: int,
               work: State | None = None) -> FileCheck:
    """Run one player's orders on `work` (default: a private copy of `state`); collect problems.

    A random order ends the file (the random barrier): an order after it would be checked
    against an outcome nobody may know yet. Effects of random orders are hidden from the report.
    """
    # Lines that did not parse are already reported; the orders that did parse still run, so
    # one run shows every problem in the file.
    result = FileCheck(player, parsed, problems=list(parsed.problems))
    work = clone(state) if work is None else work
    game.begin_tick(work)
    dice = tick_dice(seed, state)
    limit = game.max_orders(work, player)
    barrier: Order | None = None
    for index, order in enumerate(parsed.orders):
        if limit is not None and index >= limit:
            result.problems.append(Problem(
                parsed.path, order.line, order.column, order.end_column, "E-TOO-MANY-ORDERS",
                f"at most {limit} orders a tick; this is order {index + 1}",
                "delete or comment out (#) the extra orders", order.source))
            continue
        if barrier is not None:
            result.problems.append(Problem(
                parsed.path, order.line, order.column, order.end_column, "E-AFTER-ROLL",
                f"this order comes after one whose outcome is chance or hidden (line "
                f"{barrier.line}: {barrier.canonical()}), which must be the last of the file",
                "move it to your next order file, after you have seen the outcome",
                order.source))
            continue
        ends = game.ends_file(work, player, order)
        try:
            effects = game.act(work, player, order, dice)
        except OrderError as error:
            result.problems.append(order_problem(parsed.path, order, error))
            continue
        if ends:
            barrier = order
            effects = [f"{order.canonical()}: {HIDDEN}"]
        result.effects.extend(effects)
    if not result.problems:
        _end_orders(game, work, result, None)
    elif parsed.problems:
        result.effects.clear()  # nothing runs until the file parses
    result.problems.sort(key=lambda p: (p.line, p.column))
    return result


def _end_orders(game: Game, state: State, check: FileCheck, code: str | None) -> None:
    """The whole-file check, located just after the file's last order."""
    try:
        game.end_orders(state, check.player)
    except OrderError as error:
        parsed = check.parsed
        line = parsed.orders[-1].line + 1 if parsed.orders else 1
        check.problems.append(Problem(parsed.path, line, 1, 2, code or error.code,
                                      error.message, error.hint))


def check_files(game: Game, state: State, files: dict[str, ParsedFile], seed: int
                ) -> list[FileCheck]:
    """Each awaited player's file alone against the start of the tick."""
    return [check_file(game, state, player, parsed, seed) for player, parsed in files.items()]


def play_tick(game: Game, state: State, files: dict[str, ParsedFile], seed: int) -> TickOutcome:
    checks = check_files(game, state, files, seed)
    if any(c.problems for c in checks):
        return TickOutcome(state, checks, {}, [])
    new = clone(state)
    game.begin_tick(new)
    dice = tick_dice(seed, state)
    events: list[str] = []
    executed: dict[str, list[Order]] = {}
    for check in checks:
        executed[check.player] = list(check.orders)
        for order in check.orders:
            try:
                events.extend(game.act(new, check.player, order, dice))
            except OrderError as error:
                # Possible only when orders of different players collide: each file was fine
                # alone. Nothing is committed; the player sees which order and why.
                check.problems.append(order_problem(check.parsed.path, order, OrderError(
                    "E-CONFLICT", f"{error.message} (after the other players' orders ran)",
                    error.hint, error.arg)))
        if not check.problems:
            _end_orders(game, new, check, "E-CONFLICT")
    if any(c.problems for c in checks):
        return TickOutcome(state, checks, {}, [])
    events.extend(game.end_tick(new, dice))
    new["tick"] = int(new["tick"]) + 1
    return TickOutcome(new, checks, executed, events)

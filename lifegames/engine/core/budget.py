"""The work a plan may do in one tick, counted and never timed.

A plan can loop (`while`, up to MAX_LOOP times, inside other loops) and every `can ORDER` runs
the game's rules on a copy of the state, so a short file could otherwise keep `check`, a seat's
`check`, `watch` or a tick (holding the folder's lock) busy for minutes. Each run of a file
draws on its own budget of *steps* (every line the plan reaches and every part of a condition
it tests) and *rule runs* (every order it tries and every `can` it tests: each runs the game's
rules once); a tick draws every run of every file (each is checked alone, then played) from one
budget of the tick. Counting, not timing, keeps the verdict the same on every machine: a file
that `check` accepts is accepted by the tick, however loaded the host is.

The figures are sized by `python3 bench/plan_budget.py`, which searches for the costliest file a
budget lets through in every game (see bench/README.md).
"""

from __future__ import annotations

from ..base.errors import LifegamesError

FILE_STEPS = 10_000  # per run of one file
FILE_RUNS = 1_000
TICK_FILES = 4  # a tick's budget: this many files' worth (two awaited files, each run twice)


class OverBudget(LifegamesError):
    """The budget named by `budget` is spent; raised before the step that would exceed it."""

    def __init__(self, budget: Budget, what: str) -> None:
        super().__init__(what)
        self.budget = budget
        self.what = what  # "steps" or "runs"

    def explain(self) -> tuple[str, str]:
        """(the message, the hint) a player reads."""
        limit = self.budget.limits[self.what]
        what = ("orders and `can` tests" if self.what == "runs"
                else "steps (lines reached and parts of conditions tested)")
        if self.budget.scope == "tick":
            message = (f"the plans of this tick together would take more than {limit:,} {what}, "
                       "the most one tick may take; this file was running when they ran out")
        else:
            message = (f"this plan would take more than {limit:,} {what} in one tick, the most "
                       "one file may take")
        return message, ("a `while` runs its block up to 100 times: test fewer `can` "
                         "conditions inside it, or make it end sooner")


class Budget:
    """What is left of a file's or a tick's budget; `parent` (the tick's) is drawn on too."""

    def __init__(self, steps: int, runs: int, scope: str = "file",
                 parent: Budget | None = None) -> None:
        self.limits = {"steps": steps, "runs": runs}
        self.left = dict(self.limits)
        self.scope = scope
        self.parent = parent

    @classmethod
    def for_tick(cls) -> Budget:
        return cls(FILE_STEPS * TICK_FILES, FILE_RUNS * TICK_FILES, "tick")

    @classmethod
    def for_file(cls, tick: Budget | None = None) -> Budget:
        return cls(FILE_STEPS, FILE_RUNS, "file", tick)

    def spend(self, steps: int = 0, runs: int = 0) -> None:
        """Take `steps` and `runs`, or raise OverBudget (this budget's, or the tick's)."""
        for what, amount in (("steps", steps), ("runs", runs)):
            if amount and self.left[what] < amount:
                raise OverBudget(self, what)
        if self.parent is not None:
            self.parent.spend(steps, runs)
        self.left["steps"] -= steps
        self.left["runs"] -= runs

    @property
    def used(self) -> dict[str, int]:
        return {what: self.limits[what] - self.left[what] for what in self.limits}

    @property
    def spent(self) -> bool:
        return not all(self.left.values())

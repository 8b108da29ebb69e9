"""The costliest order files the plan budget lets through (lifegames/engine/core/budget.py), found
by search in every game, and what they cost as whole `check` and `tick` processes against an
ordinary tick of the same game in the same run.

    python3 bench/plan_budget.py                  # every game (about 3 minutes)
    python3 bench/plan_budget.py --quick          # fewer candidates and runs (about 40 s)
    python3 bench/plan_budget.py --only the-sims --runs 5

For each game the search takes a position a few ticks into a game of greedy bots, lists the
awaited player's legal orders and facts, times each `can ORDER` on a copy of the state, and
builds files of every shape a plan can take that costs work, filled to the size limits (64 KiB,
400 characters a line) with the costliest parts found:

- `can` chains: lines of `if can A and can A ... and <false>: A`, in a `while` that never
  ends (refused after the budget or 100 rounds), or straight, as many lines as the budget
  allows and one more, followed by the bot's own orders, or after a roll or draw (after one,
  `check` stops reading and only the tick runs them);
- fact chains and nested loops (ten `while` blocks deep), which spend steps, not rule runs;
- `absent` in a loop, and plain files of the costliest order, refused or not;
- a file whose refused first order sets off the search for a place it would run (hints).

Each candidate is timed in this process (parse, `check`, the tick), and the costliest per game
is then run as real `play.py check` and `play.py tick` processes, interleaved with the ordinary
tick (the greedy bot's own file). The report is a Markdown table on stdout.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from common import PLAY, PYTHON, REPO, RSS, child_env, log, restore, settle

if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from lifegames import registry  # noqa: E402
from lifegames.engine.core import budget as budgets  # noqa: E402
from lifegames.engine.core.bots import choose_orders, order_file_text  # noqa: E402
from lifegames.engine.core.contract import Game, OrderError, State, clone  # noqa: E402
from lifegames.engine.core.dice import Dice  # noqa: E402
from lifegames.engine.core.orders import MAX_FILE_BYTES, MAX_LINE_CHARS, parse_text  # noqa: E402
from lifegames.engine.core.turn import check_files, play_tick  # noqa: E402
from lifegames.engine.host.host import Host, order_file  # noqa: E402

SEED = 11
TICKS_IN = 4  # how far into a game the position is taken
PLAYERS = {"a-simple-life": ["Ana", "Ben"], "the-sims": ["Ana", "Ben", "Cleo"],
           "lifestyle": ["Ana", "Ben", "Cleo"], "a-chaotic-life": ["Ana", "Ben", "Cleo"]}


@dataclass
class Position:
    game: Game
    root: Path  # a folder at this position, the bots' files for the next tick in place
    state: State
    player: str  # the awaited player whose file the search writes
    ordinary: dict[str, str]  # player -> the greedy bot's file for the next tick


@dataclass
class Found:
    shape: str
    text: str
    check: float  # seconds in this process: parse and check (hints included)
    tick: float  # parse and the whole tick
    used: str  # what the tick's budget spent, or why the file was refused

    @property
    def cost(self) -> float:
        return max(self.check, self.tick)


def position(game_id: str, scratch: Path) -> Position:
    game = registry.get(game_id)
    root = scratch / game_id
    host = Host(str(root), registry.get)
    host.setup(game, PLAYERS.get(game_id, list(game.default_players)), [], SEED, None)
    rng = random.Random(SEED)
    ordinary: dict[str, str] = {}
    for tick in range(TICKS_IN + 1):
        loaded = host.load()
        state = loaded.state
        ordinary = {p: order_file_text(game, state, p,
                                       choose_orders(game, state, p, "greedy", rng), "greedy")
                    for p in game.awaiting(state)}
        for player, text in ordinary.items():
            host.folder.path(order_file(player)).write_text(text, encoding="utf-8")
        if tick == TICKS_IN:
            break
        _, outcome = host.tick()
        if outcome.problems:
            raise RuntimeError(f"{game_id}: the bots' orders were refused")
    return Position(game, root, state, game.awaiting(state)[0], ordinary)


# -- the parts files are made of ------------------------------------------------------------


def can_costs(pos: Position, reps: int) -> list[tuple[float, str]]:
    """(seconds, order) for each legal order of the player, as `can` tests it, costliest first
    (on the player's knowledge, as check runs it, and on the real state, as the tick does)."""
    game, player = pos.game, pos.player
    known = game.knowledge(pos.state, player)
    out = []
    for text in sorted(set(game.legal_orders(known, player))):
        parsed = parse_text(game.grammar_name(), text, "x")
        if parsed.problems or not parsed.orders:
            continue
        order = parsed.orders[0]
        worst = 0.0
        for state in (known, pos.state):
            start = time.perf_counter()
            for _ in range(reps):
                trial = clone(state)
                try:
                    game.act(trial, player, order, Dice(-1, 1))
                except OrderError:
                    pass
            worst = max(worst, (time.perf_counter() - start) / reps)
        out.append((worst, text))
    return sorted(out, reverse=True)


def truth(pos: Position) -> tuple[str, str]:
    """A condition that always holds and one that never does, on a fact of the game."""
    facts = pos.game.facts(pos.game.knowledge(pos.state, pos.player), pos.player)
    name = next(n for n, v in sorted(facts.items()) if isinstance(v, int)
                and not isinstance(v, bool))
    return f"{name} == {name}", f"{name} != {name}"


def outcome_order(pos: Position) -> str | None:
    """A legal order whose outcome check cannot know (a roll, a draw), if there is one."""
    game, player = pos.game, pos.player
    known = game.knowledge(pos.state, player)
    for text in sorted(set(game.legal_orders(known, player))):
        parsed = parse_text(game.grammar_name(), text, "x")
        if parsed.orders and game.ends_file(known, player, parsed.orders[0]):
            return text
    return None


def chain(parts: list[str], tail: str, joint: str = " and ", lead: str = "if ") -> str:
    """`if P and P and ...<tail>` as long as a line may be."""
    line = lead + parts[0]
    index = 1
    while len(line + joint + parts[index % len(parts)] + tail) <= MAX_LINE_CHARS:
        line += joint + parts[index % len(parts)]
        index += 1
    return line + tail


def fill(head: list[str], body: str, foot: list[str], lines: int | None = None) -> str:
    """head, then `body` repeated (`lines` times, or as often as the size limit allows), foot."""
    fixed = sum(len(line) + 1 for line in head + foot)
    room = (MAX_FILE_BYTES - 64 - fixed) // (len(body) + 1)
    count = room if lines is None else min(room, lines)
    return "\n".join(head + [body] * count + foot) + "\n"


def shapes(pos: Position, cans: list[str], quick: bool) -> list[tuple[str, str]]:
    """(what it is, the file) for every candidate."""
    yes, no = truth(pos)
    header = f"orders for tick {int(pos.state['tick']) + 1}"
    rolled = outcome_order(pos)
    known = pos.game.facts(pos.game.knowledge(pos.state, pos.player), pos.player)
    facts = [f"{n} == {n}" if not isinstance(v, bool) else f"({n} or not {n})"
             for n, v in sorted(known.items()) if not isinstance(v, list)]
    # The bot's own orders end each file, so a file within the budget is one the game takes.
    tail = [line for line in pos.ordinary[pos.player].splitlines()
            if line.strip() and not line.startswith(("#", "orders for"))]
    out = []
    per_run = budgets.FILE_RUNS
    for order in cans[: 1 if quick else 3]:
        line = chain([f"can {order}"], f" and {no}: {order}")
        per_line = line.count("can ")
        just_fits = max(1, (per_run - 4 * len(tail)) // per_line)  # the tail runs too
        out += [
            (f"`can {order}` chains in an endless while", fill([header, f"while {yes}"], line,
                                                               ["endwhile", "end"])),
            (f"{just_fits} lines of `can {order}` chains, then the bot's orders",
             fill([header], line, tail, just_fits)),
            (f"{just_fits + 1} lines of `can {order}` chains, then the bot's orders",
             fill([header], line, tail, just_fits + 1)),
            (f"`{order}` twice, then `can` chains (hints)",
             fill([header, order, order], line, tail, just_fits // 2)),
            (f"`{order}` as a plain file", fill([header], order, ["end"])),
        ]
        if rolled is not None:
            out.append((f"`{rolled}`, then `can {order}` chains in an endless while",
                        fill([header, rolled, f"while {yes}"], line, ["endwhile", "end"])))
    deep = [f"while {yes}"] * 10
    out += [
        ("fact chains in an endless while",
         fill([header, f"while {yes}"], chain(facts, f" and {no}: {cans[0]}"),
              ["endwhile", "end"])),
        ("ten nested endless whiles", fill([header, *deep], f"if {no}: {cans[0]}",
                                           ["endwhile"] * 10 + ["end"], 1)),
        ("`absent` in an endless while", fill([header, f"while {yes}"], "absent",
                                              ["endwhile", "end"])),
    ]
    return out


# -- timing -------------------------------------------------------------------------------------


def timed(pos: Position, shape: str, text: str) -> Found:
    game, player = pos.game, pos.player
    files_text = dict(pos.ordinary, **{player: text})
    start = time.perf_counter()
    parsed = parse_text(game.grammar_name(), text, order_file(player))
    check_files(game, pos.state, {player: parsed})
    checked = time.perf_counter() - start
    start = time.perf_counter()
    files = {p: parse_text(game.grammar_name(), t, order_file(p)) for p, t in files_text.items()}
    spent: list[budgets.Budget] = []
    real = budgets.Budget.for_tick

    def tracked() -> budgets.Budget:
        spent.append(real())
        return spent[-1]

    budgets.Budget.for_tick = tracked  # type: ignore[method-assign]
    try:
        outcome = play_tick(game, pos.state, files, SEED)
    finally:
        budgets.Budget.for_tick = real  # type: ignore[method-assign]
    ticked = time.perf_counter() - start
    codes = sorted({p.code for p in outcome.problems})
    used = spent[0].used if spent else {"steps": 0, "runs": 0}
    what = f"{used['steps']:,} steps, {used['runs']:,} rule runs"
    if codes:
        what += f"; refused ({', '.join(codes)})"
    elif outcome.stopped:
        what += "; played, the plan stopped"
    return Found(shape, text, checked, ticked, what)


def process(command: list[str], cwd: Path, scratch: Path) -> float:
    """Wall seconds of one whole command (bench/rss.py; any exit code)."""
    report = scratch / "report.json"
    subprocess.run([PYTHON, RSS, str(report), *command], cwd=cwd, env=child_env(),
                   capture_output=True, text=True, check=False)
    return float(json.loads(report.read_text(encoding="utf-8"))["wall"])


def whole(pos: Position, found: Found, runs: int, scratch: Path) -> dict[str, float]:
    """Median seconds of `check`, `tick` (the found file) and the ordinary tick, interleaved."""
    worst = scratch / "worst"
    restore(pos.root, worst)
    worst.joinpath(order_file(pos.player)).write_text(found.text, encoding="utf-8")
    pristine = scratch / "worst-pristine"
    restore(worst, pristine)
    work = scratch / "work"
    times: dict[str, list[float]] = {"check": [], "tick": [], "ordinary": []}
    for _ in range(runs + 1):  # the first round warms the caches and is not counted
        round_ = {}
        restore(pos.root, work)
        settle()
        round_["ordinary"] = process([PYTHON, PLAY, "tick"], work, scratch)
        restore(pristine, work)
        settle()
        round_["check"] = process([PYTHON, PLAY, "check"], work, scratch)
        round_["tick"] = process([PYTHON, PLAY, "tick"], work, scratch)
        for key, value in round_.items():
            times[key].append(value)
    return {key: statistics.median(values[1:]) for key, values in times.items()}


def search(game_id: str, scratch: Path, quick: bool, say: Callable[[str], None]
           ) -> tuple[Position, Found]:
    pos = position(game_id, scratch)
    cans = [text for _, text in can_costs(pos, 3 if quick else 10)]
    found = []
    for shape, text in shapes(pos, cans, quick):
        found.append(timed(pos, shape, text))
        say(f"  {game_id}: {shape}: check {found[-1].check:.2f} s, tick {found[-1].tick:.2f} s"
            f" ({found[-1].used})")
    return pos, max(found, key=lambda f: f.cost)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer candidates, one run each")
    parser.add_argument("--only", action="append", default=[], metavar="GAME")
    parser.add_argument("--runs", type=int, default=3, help="whole-process runs of each")
    args = parser.parse_args()
    games = [g for part in args.only for g in part.split(",")] or registry.ids()
    runs = 1 if args.quick else args.runs
    rows = []
    with tempfile.TemporaryDirectory(prefix="lifegames-budget-") as temp:
        scratch = Path(temp)
        for game_id in games:
            log(f"{game_id}: searching")
            pos, worst = search(game_id, scratch / game_id, args.quick, log)
            seconds = whole(pos, worst, runs, scratch)
            shutil.rmtree(scratch / game_id, ignore_errors=True)
            rows.append((registry.get(game_id).title, worst, seconds))
    print(f"Plan budget (lifegames/engine/core/budget.py): {budgets.FILE_STEPS:,} steps and "
          f"{budgets.FILE_RUNS:,} rule runs (orders tried, `can` tests) for each run of a file; "
          f"a tick {budgets.TICK_FILES} times that.\n")
    print("| game | costliest file found | what the tick spent | check | tick | ordinary tick "
          "| check / ordinary | tick / ordinary |")
    print("|---|---|---|---|---|---|---|---|")
    for title, worst, s in rows:
        print(f"| {title} | {worst.shape} ({len(worst.text.encode()):,} bytes) | {worst.used} "
              f"| {s['check']:.2f} s | {s['tick']:.2f} s | {s['ordinary']:.2f} s "
              f"| {s['check'] / s['ordinary']:.1f}x | {s['tick'] / s['ordinary']:.1f}x |")
    top = max(rows, key=lambda r: max(r[2]["check"], r[2]["tick"]) / r[2]["ordinary"])
    ratio = max(top[2]["check"], top[2]["tick"]) / top[2]["ordinary"]
    print(f"\nWorst case found: {top[0]}, {top[1].shape}: {ratio:.1f}x an ordinary tick "
          f"(median of {runs} whole-process runs each; {sys.executable} "
          f"{' '.join(sys.argv[1:]) or ''})".rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())

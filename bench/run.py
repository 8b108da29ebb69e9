"""lifegames benchmarks: each performance figure against a baseline measured in the same run.

    python3 bench/run.py                 every figure, 15 interleaved pairs each (4-5 min)
    python3 bench/run.py --full          also play 1,000 games of each game on 2 jobs (+2 min)
    python3 bench/run.py --quick         a smoke run: few repeats, small inputs (about 15 s)
    python3 bench/run.py --only tick,memory --repeat 30

Figures (names for --only): tick, check, long, parse, memory, simulate. See bench/README.md.
The report (stdout) is a Markdown table of ratios, min/median/max over repeated runs; progress
goes to stderr.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import platform
import re
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from common import (
    IMPORT_BASELINE,
    PLAY,
    PYTHON,
    REPO,
    BenchError,
    Quiet,
    Run,
    child_env,
    log,
    measure,
    removed_env,
    restore,
    settle,
    spread,
)
from prepare import ORDERS_EACH, SEED

FIGURES = ("tick", "check", "long", "parse", "memory", "simulate")
SIM_GAMES = ("simple-kingdoms", "lifestyle", "a-simple-life")
FULL_GAMES = 1000
SIM_GOAL_SECONDS = 60.0


@dataclass
class Settings:
    repeat: int
    sim_repeat: int
    sim_games: int
    long_late: int  # the late tick of figure 3 (1,000; less with --quick)
    long_early: int
    parse_lines: int
    full: bool
    patience: float
    scratch: Path
    failures: list[str] = field(default_factory=list)


@dataclass
class Row:
    figure: str
    measured: str
    baseline: str
    values: list[float]  # one per repeat (ratios, or seconds)
    unit: str  # "x" (a ratio) or "s"
    goal: tuple[str, float]  # ("<=", 1.2) or (">=", 0.8)
    cpu: list[float] = field(default_factory=list)  # CPU-time ratios, per repeat
    note: str = ""

    def cells(self) -> list[str]:
        low, mid, high = spread(self.values)
        fmt = (lambda v: f"{v:.2f}x") if self.unit == "x" else (lambda v: f"{v:.1f} s")
        op, target = self.goal
        met = mid <= target if op == "<=" else mid >= target
        goal = f"{op} {target:.1f}x" if self.unit == "x" else f"{op} {target:g} s"
        if met:
            verdict = "met"
        else:
            miss = (mid / target - 1) if op == "<=" else (1 - mid / target)
            verdict = f"MISSED by {100 * miss:.0f}%"
        cpu = f"{spread(self.cpu)[1]:.2f}x" if self.cpu else "-"
        return [self.figure, self.measured, self.baseline, fmt(low), fmt(mid), fmt(high), goal,
                verdict, cpu]


HEADERS = ["figure", "measured: median (min-max)", "baseline: median (min-max)",
           "min", "median", "max", "goal", "result", "CPU-time ratio"]


def _ms(runs: list[Run]) -> str:
    low, mid, high = spread([r.wall * 1000 for r in runs])
    return f"{mid:.0f} ms ({low:.0f}-{high:.0f})"


def _mib(runs: list[Run]) -> str:
    low, mid, high = spread([r.rss_kb / 1024 for r in runs])
    return f"{mid:.1f} MiB ({low:.1f}-{high:.1f})"


def _others(runs: list[Run]) -> str:
    """How busy the rest of the machine was during these runs (median cores)."""
    values = [r.others for r in runs if r.others is not None]
    return f"{spread(values)[1]:.2f}" if values else "unknown"


def _ratios(measured: list[Run], baseline: list[Run], what: Callable[[Run], float]
            ) -> list[float]:
    return [what(m) / what(b) for m, b in zip(measured, baseline, strict=True)]


# -- figures 1, 2, 5: one tick / check of a fresh game against the import baseline ------------

def _against_import(s: Settings, command: str, expect: str) -> tuple[list[Run], list[Run]]:
    """`play.py COMMAND` in a freshly restored copy of the tick game, alternating with the
    import baseline (baseline first in each pair)."""
    from prepare import tick_game

    pristine = s.scratch / "tick-game"
    if not pristine.exists():
        tick_game(pristine)
    work = s.scratch / f"{command}-work"
    cmd = [PYTHON, PLAY, command]
    restore(pristine, work)
    measure(cmd, work, s.scratch, expect)  # warm-up: writes .pyc, fills ~/.cache/lifegames
    measure(IMPORT_BASELINE, work, s.scratch)
    measured: list[Run] = []
    baseline: list[Run] = []
    for i in range(s.repeat):
        restore(pristine, work)
        settle()
        baseline.append(measure(IMPORT_BASELINE, work, s.scratch))
        measured.append(measure(cmd, work, s.scratch, expect))
        log(f"  {command} {i + 1}/{s.repeat}: {measured[-1].wall * 1000:.0f} ms, import "
            f"{baseline[-1].wall * 1000:.0f} ms")
    return measured, baseline


def fig_tick_and_memory(s: Settings, wanted: set[str]) -> list[Row]:
    log("tick (and its peak memory) vs `python3 -c 'import click, lark, yaml, tabulate'`")
    ticks, imports = _against_import(s, "tick", "Tick 1 played")
    rows = []
    if "tick" in wanted:
        rows.append(Row("1. `tick`, Simple Kingdoms, 2 kingdoms x 3 orders, whole process",
                        f"tick {_ms(ticks)}", f"import {_ms(imports)}",
                        _ratios(ticks, imports, lambda r: r.wall), "x", ("<=", 1.2),
                        _ratios(ticks, imports, lambda r: r.cpu),
                        f"tick 1 of a seed-{SEED} game; other processes kept "
                        f"{_others(ticks + imports)} cores busy meanwhile (median)"))
    if "memory" in wanted:
        rows.append(Row("5. peak memory (max RSS) of that `tick`", f"tick {_mib(ticks)}",
                        f"import {_mib(imports)}",
                        _ratios(ticks, imports, lambda r: r.rss_kb), "x", ("<=", 1.5)))
    return rows


def fig_check(s: Settings, wanted: set[str]) -> list[Row]:
    log("check vs the import baseline")
    checks, imports = _against_import(s, "check", "OK Ironhold")
    return [Row("2. `check`, same files, whole process", f"check {_ms(checks)}",
                f"import {_ms(imports)}", _ratios(checks, imports, lambda r: r.wall), "x",
                ("<=", 1.0), _ratios(checks, imports, lambda r: r.cpu),
                f"other processes kept {_others(checks + imports)} cores busy meanwhile")]


# -- figure 3: a tick late in a long game against an early one ---------------------------------

def fig_long(s: Settings, wanted: set[str]) -> list[Row]:
    from prepare import long_game

    log(f"long game: advancing a --ticks 1000 game to tick {s.long_late - 1} in-process "
        "(random bots)")
    early, late = long_game(s.scratch, 1000, s.long_early, s.long_late,
                            lambda t: log(f"  at tick {t}"))
    work_early, work_late = s.scratch / "long-early-work", s.scratch / "long-late-work"
    cmd = [PYTHON, PLAY, "tick"]
    said = {early: f"Tick {s.long_early} played", late: f"Tick {s.long_late} played"}
    for pristine, work in ((early, work_early), (late, work_late)):
        restore(pristine, work)
        measure(cmd, work, s.scratch, said[pristine])  # warm-up
    measured: list[Run] = []
    baseline: list[Run] = []
    for i in range(s.repeat):
        restore(early, work_early)
        restore(late, work_late)
        settle()
        baseline.append(measure(cmd, work_early, s.scratch, said[early]))
        measured.append(measure(cmd, work_late, s.scratch, said[late]))
        log(f"  long {i + 1}/{s.repeat}: tick {s.long_late} {measured[-1].wall * 1000:.0f} ms,"
            f" tick {s.long_early} {baseline[-1].wall * 1000:.0f} ms")
    archived = sum(1 for _ in late.glob("*/archive/*"))
    logs = sum(f.stat().st_size for f in late.glob("*/executed_orders.txt"))
    return [Row(f"3. `tick` at tick {s.long_late:,} of a `--ticks 1000` game",
                f"tick {s.long_late:,}: {_ms(measured)}",
                f"tick {s.long_early}: {_ms(baseline)}",
                _ratios(measured, baseline, lambda r: r.wall), "x", ("<=", 1.1),
                _ratios(measured, baseline, lambda r: r.cpu),
                f"advanced with random-bot orders; both ticks play {ORDERS_EACH} bot orders per "
                f"kingdom; before tick {s.long_late:,} the folder holds {archived:,} archived "
                f"sheets and {logs // 1024:,} KiB of executed_orders.txt; other processes kept "
                f"{_others(measured + baseline)} cores busy meanwhile")]


# -- figure 4: order parsing throughput ---------------------------------------------------------

def fig_parse(s: Settings, wanted: set[str]) -> list[Row]:
    log(f"order parsing: {s.parse_lines:,} lines, parse_text vs raw Lark LALR, "
        f"{s.repeat} pairs")
    done = subprocess.run([PYTHON, str(REPO / "bench" / "parsing.py"), "--lines",
                           str(s.parse_lines), "--repeat", str(s.repeat)], env=child_env(),
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BenchError(f"bench/parsing.py failed:\n{done.stdout}{done.stderr}")
    data = json.loads(done.stdout)
    lines = data["lines"]
    ours = [lines / t for t in data["ours"]]
    raw = [lines / t for t in data["raw"]]

    def rate(values: list[float]) -> str:
        low, mid, high = spread(values)
        return f"{mid:,.0f} lines/s ({low:,.0f}-{high:,.0f})"

    return [Row(f"4. order parsing, {lines:,} lines, lines per second",
                f"parse_text {rate(ours)}", f"raw Lark LALR {rate(raw)}",
                [o / r for o, r in zip(ours, raw, strict=True)], "x", (">=", 0.8),
                note=f"one text of {data['text_lines']:,} lines: {lines:,} orders of every "
                "command, the rest comments and blank lines; in-process, in a fresh Python "
                "(bench/parsing.py)")]


# -- figure 6: simulate ------------------------------------------------------------------------

GAMES_PER_SECOND = re.compile(r"([0-9][0-9.,]*) games/s")


def _simulate(s: Settings, game: str, games: int, jobs: int) -> tuple[Run, float]:
    cmd = [PYTHON, PLAY, "simulate", "--game", game, "--games", str(games), "--jobs", str(jobs),
           "--seed", "0"]
    run = measure(cmd, s.scratch, s.scratch, "games/s")
    found = GAMES_PER_SECOND.search(run.stdout)
    assert found is not None  # measure() checked the words are there
    return run, float(found.group(1).replace(",", ""))


def fig_simulate(s: Settings, wanted: set[str]) -> list[Row]:
    n = s.sim_games
    pairs = "pair" if s.sim_repeat == 1 else "pairs"
    log(f"simulate: {n} games of each game, --jobs 1 and --jobs 2, {s.sim_repeat} {pairs}")
    games = []
    for game in SIM_GAMES:
        try:
            _simulate(s, game, 2, 2)  # warm-up
            games.append(game)
        except BenchError as error:
            s.failures.append(f"6. simulate {game}: {error}")
    quiet = Quiet(s.patience, QUIET)
    results: dict[str, dict[int, list[tuple[Run, float]]]] = {
        g: {1: [], 2: []} for g in games}
    for i in range(s.sim_repeat):
        for game in list(games):
            try:
                for jobs in (1, 2):
                    quiet.wait()
                    results[game][jobs].append(_simulate(s, game, n, jobs))
            except BenchError as error:  # a game broken mid-run: drop it, keep the others
                s.failures.append(f"6. simulate {game}: {error}")
                games.remove(game)
                continue
            log(f"  simulate {game} {i + 1}/{s.sim_repeat}: "
                f"{results[game][1][-1][1]:.1f} / {results[game][2][-1][1]:.1f} games/s")
    rows = []
    for game in games:
        one = [gps for _, gps in results[game][1]]
        two = [gps for _, gps in results[game][2]]

        def rate(values: list[float]) -> str:
            low, mid, high = spread(values)
            return f"{mid:.1f} games/s ({low:.1f}-{high:.1f})"

        runs_one = [r for r, _ in results[game][1]]
        runs_two = [r for r, _ in results[game][2]]
        cores = spread([r.cpu / r.wall for r in runs_two])[1]
        rows.append(Row(f"6. `simulate --game {game}`, {n} games: 2 jobs vs 1 job",
                        f"2 jobs {rate(two)}", f"1 job {rate(one)}",
                        [b / a for a, b in zip(one, two, strict=True)], "x", (">=", 1.7),
                        _ratios(runs_two, runs_one, lambda r: r.cpu),
                        f"{game}: the 2-job runs kept {cores:.2f} cores busy on average, while "
                        f"other processes kept {_others(runs_two)} busy (1-job runs: "
                        f"{_others(runs_one)}); {_quiet(one, two, runs_one, runs_two)}"))
        # process start-up and pool set-up are paid once; the games scale with their number
        projected = [run.wall - n / gps + FULL_GAMES / gps for run, gps in results[game][2]]
        rows.append(Row(f"6. `simulate --game {game}`: {FULL_GAMES:,} games on 2 jobs, "
                        "projected", f"{n} games in {_seconds(runs_two)}", "-", projected, "s",
                        ("<=", SIM_GOAL_SECONDS)))
    if s.full:
        for game in games:
            log(f"  simulate {game}: {FULL_GAMES} games on 2 jobs (--full)")
            quiet.wait()
            try:
                run, gps = _simulate(s, game, FULL_GAMES, 2)
            except BenchError as error:
                s.failures.append(f"6. simulate {game}, {FULL_GAMES} games: {error}")
                continue
            rows.append(Row(f"6. `simulate --game {game}`: {FULL_GAMES:,} games on 2 jobs, "
                            "played (--full)", f"{gps:.1f} games/s", "-", [run.wall], "s",
                            ("<=", SIM_GOAL_SECONDS),
                            note=f"{game}, {FULL_GAMES:,} games: {run.cpu / run.wall:.2f} cores "
                            f"busy on average; other processes kept {_others([run])} busy"))
    if rows:
        rows[0].note += f"\nsimulate: {quiet.summary()}"
    return rows


QUIET = 0.2  # cores other processes may keep busy for a run to count as on a quiet machine


def _quiet(one: list[float], two: list[float], runs_one: list[Run], runs_two: list[Run]) -> str:
    """The 2-job speed-up over the pairs during which the rest of the machine was idle: a
    busy second core caps it whatever the code does."""
    kept = [b / a for a, b, ra, rb in zip(one, two, runs_one, runs_two, strict=True)
            if ra.others is not None and rb.others is not None
            and max(ra.others, rb.others) < QUIET]
    if not kept:
        return f"no pair ran with the rest of the machine quiet (< {QUIET} cores)"
    pairs = "pair" if len(one) == 1 else "pairs"
    return (f"{len(kept)} of {len(one)} {pairs} ran with the rest of the machine quiet "
            f"(< {QUIET} cores): median 2-job/1-job {spread(kept)[1]:.2f}x")


def _seconds(runs: list[Run]) -> str:
    low, mid, high = spread([r.wall for r in runs])
    return f"{mid:.1f} s ({low:.1f}-{high:.1f})"


# -- the report ---------------------------------------------------------------------------------

def machine() -> list[str]:
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count() or 0
    versions = ", ".join(f"{name} {importlib.metadata.version(name)}"
                         for name in ("click", "lark", "PyYAML", "tabulate"))
    load = ""
    if hasattr(os, "getloadavg"):
        load = ", load average at start {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())
    return [
        f"machine: nproc {usable} (cpu_count {os.cpu_count()}), {platform.system()} "
        f"{platform.machine()}{load}",
        f"python: {platform.python_implementation()} {platform.python_version()} ({PYTHON}); "
        f"{versions}",
    ]


def code_version() -> str:
    """The commit measured, and whether lifegames' code differs from it."""
    def git(*words: str) -> str:
        done = subprocess.run(["git", *words], cwd=REPO, capture_output=True, text=True,
                              check=False)
        return done.stdout.strip() if done.returncode == 0 else ""

    commit = git("rev-parse", "--short", "HEAD")
    if not commit:
        return "code: not a git checkout"
    changed = git("status", "--porcelain", "--", "lifegames", "grammars", "games", "play.py")
    edits = len(changed.splitlines())
    changes = "change" if edits == 1 else "changes"
    return f"code: git {commit}" + (f" with {edits} uncommitted {changes} in lifegames/, "
                                    "grammars/, games/" if edits else " (clean)")


def method(s: Settings) -> list[str]:
    removed = removed_env()
    env = (f"{', '.join(removed)} removed from their environment (it is set here; players' "
           "machines write bytecode)" if removed else "the environment as it is")
    return [
        f"measured commands run with {env}, after one warm-up run of each, so .pyc files and "
        "the grammar/data cache (~/.cache/lifegames) exist;",
        f"baseline and measured runs alternate (ABAB...); {s.repeat} pairs per figure "
        f"({s.sim_repeat} for simulate, {s.sim_games} games a run); each ratio is measured / "
        "baseline of one pair; min/median/max over the pairs; the goal is judged on the median;",
        "CPU-time ratio: the same pairs' user+system time, less sensitive to a busy machine.",
    ]


def parse_args(argv: list[str]) -> argparse.Namespace:
    options = argparse.ArgumentParser(
        prog="python3 bench/run.py", description=__doc__.splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Figures: " + ", ".join(FIGURES) + ". Details: bench/README.md.")
    options.add_argument("--repeat", type=int, default=None, metavar="N",
                         help="interleaved baseline/measured pairs per figure (default 15; "
                              "3 with --quick)")
    options.add_argument("--quick", action="store_true",
                         help="a fast smoke run: 3 pairs, a tick-100 long game, 2,000 parsed "
                              "lines, 20 simulated games, 1 simulate pair")
    options.add_argument("--only", action="append", default=[], metavar="NAME",
                         help="only these figures (comma-separated or repeated): "
                              + ", ".join(FIGURES))
    options.add_argument("--full", action="store_true",
                         help="also play 1,000 games of each game on 2 jobs (a few minutes)")
    options.add_argument("--sim-games", type=int, default=None, metavar="N",
                         help="games per simulate run (default 100; 20 with --quick)")
    options.add_argument("--sim-repeat", type=int, default=None, metavar="N",
                         help="simulate pairs (1 job, 2 jobs) per game (default 3)")
    options.add_argument("--patience", type=float, default=60.0, metavar="SECONDS",
                         help="before each simulate run, wait up to this long for the rest of "
                              "the machine to be quiet, 5 min in all (default 60; 0: never)")
    options.add_argument("--keep", action="store_true",
                         help="keep the scratch folder (game copies) and print its path")
    args = options.parse_args(argv)
    chosen = {name.strip() for value in args.only for name in value.split(",") if name.strip()}
    unknown = chosen - set(FIGURES)
    if unknown:
        options.error(f"unknown {'figure' if len(unknown) == 1 else 'figures'} "
                      f"{', '.join(sorted(unknown))}; "
                      f"choose from {', '.join(FIGURES)}")
    args.wanted = chosen or set(FIGURES)
    for name in ("repeat", "sim_games", "sim_repeat"):
        value = getattr(args, name)
        if value is not None and value < 1:
            options.error(f"--{name.replace('_', '-')} must be at least 1")
    return args


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    from tabulate import tabulate

    scratch = Path(tempfile.mkdtemp(prefix="lifegames-bench-"))
    code_at_start = code_version()
    settings = Settings(
        repeat=args.repeat or (3 if args.quick else 15),
        sim_repeat=args.sim_repeat or (1 if args.quick else 3),
        sim_games=args.sim_games or (20 if args.quick else 100),
        long_late=100 if args.quick else 1000,
        long_early=10,
        parse_lines=2_000 if args.quick else 20_000,
        full=args.full,
        patience=args.patience,
        scratch=scratch,
    )
    steps: list[tuple[set[str], Callable[[Settings, set[str]], list[Row]]]] = [
        ({"tick", "memory"}, fig_tick_and_memory),
        ({"check"}, fig_check),
        ({"long"}, fig_long),
        ({"parse"}, fig_parse),
        ({"simulate"}, fig_simulate),
    ]
    rows: list[Row] = []
    try:
        for names, step in steps:
            if names & args.wanted:
                try:
                    rows.extend(step(settings, args.wanted))
                except BenchError as error:  # report it, go on with the other figures
                    label = "/".join(sorted(names & args.wanted))
                    settings.failures.append(f"{label}: {error}")
    finally:
        if args.keep:
            log(f"scratch folder kept: {scratch}")
        else:
            import shutil

            shutil.rmtree(scratch, ignore_errors=True)
    rows.sort(key=lambda r: r.figure[:2])
    print("lifegames benchmarks (bench/run.py)" + (" - QUICK smoke run, not for the record"
                                                    if args.quick else ""))
    code = code_at_start
    if code_version() != code_at_start:
        code += f"; at the end: {code_version().removeprefix('code: ')} (it changed meanwhile)"
    for line in [*machine(), code, *method(settings)]:
        print(line)
    print()
    print(tabulate([r.cells() for r in rows], HEADERS, tablefmt="github",
                   disable_numparse=True))
    notes = [f"- {r.figure.split('.')[0]}. {line}" for r in rows if r.note
             for line in r.note.splitlines()]
    if notes:
        print()
        print("notes:")
        for note in notes:
            print(note)
    if settings.failures:
        print()
        print("FAILED (no figure for these; the command's own output follows):")
        for failure in settings.failures:
            for line in failure.strip().splitlines():
                print(f"    {line}")
            log(f"failed: {failure}")
    print()
    print("rerun: " + shlex.join(["python3", "bench/run.py", *argv]))
    return 1 if settings.failures else 0


def readme_table() -> str:
    """The README's speed block (bench/figures.py: `readme/speed`): a whole `--full` run in a
    process of its own, its table under one line naming the commit, machine and versions."""
    done = subprocess.run([sys.executable, str(Path(__file__)), "--full"], capture_output=True,
                          text=True, cwd=REPO, check=False)
    if done.returncode != 0:
        raise BenchError(f"bench/run.py --full failed:\n{done.stdout}\n{done.stderr}")
    lines = done.stdout.splitlines()
    table = [line for line in lines if line.startswith("|")]
    commit = re.search(r"code: git (\w+)", done.stdout)
    python = re.search(r"python: (\S+ \S+) \(.*?\); (.*)", done.stdout)
    cores = re.search(r"nproc (\d+)", done.stdout)
    where = (f"Measured at commit {commit.group(1) if commit else '?'} on a shared "
             f"{cores.group(1) if cores else '?'}-core {platform.system()} machine, "
             f"{python.group(1) + ', ' + python.group(2) if python else '?'}:")
    return where + "\n\n" + "\n".join(table)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

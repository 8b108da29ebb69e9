"""Simple Kingdoms' figures, printed by script so that none is typed by hand.

    python3 bench/simple_kingdoms.py ticks [--before DIR|REV]   (another checkout, or a commit
                                    of this repository, exported by `git archive`)
    python3 bench/simple_kingdoms.py speed
    python3 bench/simple_kingdoms.py balance [--games 50]
    python3 bench/simple_kingdoms.py readme

ticks    ticks and turns per game with greedy bots (`simulate --json`), for
         this checkout and, with --before, another one on the same seeds
speed    100 greedy games on 2 jobs, wall time (the goal: under a minute on 2 cores)
balance  the table of RULES.md, played by lifegames/simple_kingdoms/balance.py: the team
         score of each policy on easy and hard over paired seeds, raids, threat, and the
         people each policy ends with
readme   the README's sentence on greedy and random bots (20 games each, seed 0)

Run by hand, not by the test suite: each takes from seconds to a few minutes. Tables are
Markdown on stdout; progress goes to stderr. `python3 bench/figures.py` writes them into
RULES.md (blocks `simple-kingdoms/balance`, `/ticks` and `/speed`).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from lifegames import registry  # noqa: E402
from lifegames.engine.core import simulate  # noqa: E402
from lifegames.simple_kingdoms import GAME, balance  # noqa: E402
from lifegames.simple_kingdoms.balance import log, table  # noqa: E402

GAME_ID = "simple-kingdoms"


def commit(tree: Path) -> str:
    """The checkout's commit (+changes when its code differs from it), or its folder's name
    for a plain copy (`git archive REV | tar -x -C DIR`)."""
    if not (tree / ".git").exists():
        return tree.name
    result = subprocess.run(["git", "-C", str(tree), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True, check=False)
    dirty = subprocess.run(["git", "-C", str(tree), "status", "--porcelain", "--", "lifegames",
                            "games", "grammars"], capture_output=True, text=True, check=False)
    return (result.stdout.strip() or "?") + ("+changes" if dirty.stdout.strip() else "")


# -- ticks per game -----------------------------------------------------------------------------


def simulate_json(tree: Path, games: int, seed: int, words: str, jobs: int
                  ) -> tuple[list[dict[str, Any]], float]:
    command = [sys.executable, str(tree / "play.py"), "simulate", "--game", GAME_ID, "--games",
               str(games), "--seed", str(seed), "--strategy", "greedy", "--jobs", str(jobs),
               "--json"]
    if words:
        command += ["--setup", words]
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, check=True, cwd=tree)
    seconds = time.perf_counter() - start
    return [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")], \
        seconds


def ticks_text(games: int = 20, seed: int = 0, jobs: int = 2, before: str = "") -> str:
    """`before`: another checkout's folder, or a commit of this repository (exported with
    `git archive` into a scratch folder named after it)."""
    again = f"(python3 bench/simple_kingdoms.py ticks --games {games}" + \
        (f" --before {before})" if before else ")")
    if before and not Path(before).is_dir():
        with tempfile.TemporaryDirectory() as scratch:
            tree = Path(scratch) / f"sk_before_{before}"
            tree.mkdir()
            archive = subprocess.run(["git", "-C", str(REPO), "archive", before],
                                     capture_output=True, check=True).stdout
            subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
            return _ticks_table(games, seed, jobs, tree) + "\n\n" + again
    return _ticks_table(games, seed, jobs, Path(before) if before else None) + "\n\n" + again


def _ticks_table(games: int, seed: int, jobs: int, before: Path | None) -> str:
    trees = ([("before", before.resolve())] if before else []) + [
        ("this checkout", REPO)]
    rows = []
    for label, tree in trees:
        for words in ("", "hard"):
            log(f"ticks: {label} {words or 'easy'}")
            records, seconds = simulate_json(tree, games, seed, words, jobs)
            ticks_ = [r["ticks"] for r in records]
            turns = [r.get("turns", r["ticks"]) for r in records]
            team = [sum(r["scores"].values()) for r in records]
            rows.append([f"{label} ({commit(tree)})", words or "easy", len(records),
                         f"{statistics.mean(ticks_):.1f}", f"{statistics.mean(turns):.1f}",
                         f"{sum(ticks_) / sum(turns):.2f}", f"{statistics.mean(team):.1f}",
                         f"{seconds:.1f}"])
    return (f"Greedy bots, `simulate --json --games {games} --seed {seed}` (--jobs {jobs}):"
            "\n\n" + table(["checkout", "level", "games", "ticks", "turns", "ticks a turn",
                             "team score", "seconds"], rows))


def speed_text(seed: int = 0) -> str:
    log("speed: 100 greedy games on 2 jobs")
    records, seconds = simulate_json(REPO, 100, seed, "", 2)
    return (f"100 greedy games of Simple Kingdoms on 2 jobs ({commit(REPO)}): {seconds:.1f} s "
            f"wall, {len(records) / seconds:.1f} games/s (goal: under 60 s)\n\n"
            "(python3 bench/simple_kingdoms.py speed)")


# -- balance: the game's own module plays it (lifegames/simple_kingdoms/balance.py) -----------


def balance_text(games: int = 50, seed: int = 0, jobs: int = 2) -> str:
    return balance.balance_text(GAME, games, seed, jobs)


# -- readme ---------------------------------------------------------------------------------------


def readme(args: argparse.Namespace) -> None:
    parts = []
    for strategy in ("greedy", "random"):
        log(f"readme: 20 {strategy} games")
        records = simulate.run(registry.get, GAME_ID, 20, 0, [strategy], jobs=args.jobs)
        team = [sum(r.scores.values()) for r in records]
        parts.append((strategy, statistics.mean(team), min(team), max(team)))
    (_, g, gmin, gmax), (_, r, rmin, rmax) = parts
    print(f"in Simple Kingdoms (20 games each, seed 0) the team scores a mean of {g:.0f} "
          f"(min {gmin}, max {gmax}) with greedy bots and {r:.0f} ({rmin} to {rmax}) with "
          "random ones.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("figure", choices=["ticks", "speed", "balance", "readme"])
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--before", default="", help="another checkout, for `ticks`")
    args = parser.parse_args()
    if args.games is None:
        args.games = 50 if args.figure == "balance" else 20
    if args.figure == "readme":
        readme(args)
    elif args.figure == "speed":
        print(speed_text(args.seed))
    elif args.figure == "ticks":
        print(ticks_text(args.games, args.seed, args.jobs, args.before))
    else:
        print(balance_text(args.games, args.seed, args.jobs))


if __name__ == "__main__":
    main()

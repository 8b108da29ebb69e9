"""Simulation speed against an older commit, measured in the same run.

A refactoring that should change nothing (every game moved to a declared state and a command
table, say) must not make `simulate` slower. This script checks out `--base` in a temporary
git worktree and plays the same games (same game, seed, strategy and count) with both trees,
interleaved in pairs, one job each, and prints each game's games per second as a ratio
(this tree / the base): at least 1.0x means no slower. CPU time is the measure (wall time on a
shared machine counts other people's work too); wall time is printed beside it.

    python3 bench/against_commit.py --base 24c1f4d [--games 40] [--pairs 3] [--only lifestyle]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from common import PYTHON, REPO, measure, spread

GAMES = ("simple-kingdoms", "a-simple-life", "lifestyle", "the-sims", "a-chaotic-life")


def main() -> int:
    parser = argparse.ArgumentParser(prog="python3 bench/against_commit.py",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", required=True, help="the commit to compare with")
    parser.add_argument("--games", type=int, default=40, help="games per run (default 40)")
    parser.add_argument("--pairs", type=int, default=3, help="interleaved pairs (default 3)")
    parser.add_argument("--strategy", default="greedy", help="random or greedy (default)")
    parser.add_argument("--only", action="append", choices=GAMES, help="only these games")
    args = parser.parse_args()
    base = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", args.base],
                          capture_output=True, text=True, check=False)
    if base.returncode != 0:
        print(f"against_commit: no commit {args.base!r} here", file=sys.stderr)
        return 2
    head = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True, check=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="lifegames-base-") as scratch_name:
        scratch = Path(scratch_name)
        tree = scratch / "base"
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "--quiet",
                        str(tree), base.stdout.strip()], check=True)
        try:
            rows = [_compare(game, tree, scratch, args) for game in args.only or GAMES]
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force",
                            str(tree)], check=False)
    print(f"simulate, {args.games} {args.strategy} games a run, 1 job, {args.pairs} pairs: "
          f"this tree ({head}, uncommitted changes included) against {base.stdout.strip()}")
    print("| game | this tree: games/s (CPU) | base: games/s (CPU) | ratio min | median | max "
          "| wall-time ratio, median |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print(row)
    return 0


def _compare(game: str, tree: Path, scratch: Path, args: argparse.Namespace) -> str:
    command = ["simulate", "--game", game, "--games", str(args.games), "--seed", "7",
               "--strategy", args.strategy]
    ours, theirs, walls = [], [], []
    for _ in range(args.pairs):
        here = measure([PYTHON, str(REPO / "play.py"), *command], REPO, scratch, "games of")
        there = measure([PYTHON, str(tree / "play.py"), *command], tree, scratch, "games of")
        ours.append(args.games / here.cpu)
        theirs.append(args.games / there.cpu)
        walls.append(there.wall / here.wall)
    ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
    low, mid, high = spread(ratios)
    return (f"| {game} | {spread(ours)[1]:.1f} | {spread(theirs)[1]:.1f} | {low:.2f}x | "
            f"{mid:.2f}x | {high:.2f}x | {spread(walls)[1]:.2f}x |")


if __name__ == "__main__":
    sys.exit(main())

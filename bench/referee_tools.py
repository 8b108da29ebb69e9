"""Referee tools at tick 200: `verify` and `rollback` against a single tick, in one run.

Builds a Simple Kingdoms game (seed 1, random bots) up to tick 200 with bench/prepare.py,
then times, interleaved, whole `python3 play.py` runs as the referee types them: `tick` (tick
201, on a fresh copy), `verify` and `rollback 199` (on a fresh copy), and prints each tool's
median ratio to the tick.
Goal: each <= 10x. Usage: python3 bench/referee_tools.py [--repeat N]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import prepare
from common import PLAY, PYTHON, REPO, child_env

if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


TICK = 200
GOAL = 10.0


def timed(folder: Path, *args: str) -> float:
    start = time.perf_counter()
    done = subprocess.run([PYTHON, PLAY, "--dir", str(folder), *args], capture_output=True,
                          text=True, env=child_env(), check=False)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"play.py {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="lifegames-bench-") as scratch:
        base = Path(scratch)
        _, game = prepare.long_game(base, 1000, 2, TICK + 1)
        work = base / "work"
        times: dict[str, list[float]] = {"tick": [], "verify": [], "rollback": []}

        def fresh() -> Path:
            shutil.rmtree(work, ignore_errors=True)
            shutil.copytree(game, work, symlinks=True)
            return work

        timed(fresh(), "tick")  # warm-up: bytecode, the grammar cache
        for _ in range(args.repeat):
            times["tick"].append(timed(fresh(), "tick"))
            times["verify"].append(timed(fresh(), "verify"))
            times["rollback"].append(timed(fresh(), "rollback", str(TICK - 1)))
    tick = statistics.median(times["tick"])
    print(f"| figure (Simple Kingdoms, tick {TICK}) | median s | x a tick | goal |")
    print("|---|---|---|---|")
    print(f"| tick | {tick:.3f} | 1.0 | |")
    for name in ("verify", "rollback"):
        value = statistics.median(times[name])
        ratio = value / tick
        print(f"| {name} | {value:.3f} | {ratio:.1f} | <= {GOAL:g}x "
              f"{'met' if ratio <= GOAL else 'missed'} |")
    print(f"\n`python3 bench/referee_tools.py --repeat {args.repeat}`")


if __name__ == "__main__":
    main()

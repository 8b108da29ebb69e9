"""The cost of the board pictures: a whole `play.py tick` process with pictures against
the same tick without them, as a ratio measured in one run (goal: at most 1.15x).

    python3 bench/pictures.py [--repeat N] [--quick]

For each game the golden playthrough (examples/<game>/) is played up to its last tick; that
tick is then played again and again from a pristine copy, through one runner for both sides:
the baseline runner first replaces `Game.board` by one that draws nothing (so no board file
is written and no SVG is made), the measured one leaves it alone. Pairs are interleaved
(A B A B ...), and the median ratio of each game and of all of them is judged. The figures
printed are what was measured here; the SVG sizes are those the tick wrote.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from common import PYTHON, REPO, BenchError, log, measure, restore, settle, spread

sys.path.insert(0, str(REPO))

from tests.golden_support import GOLDEN_SALT, run  # noqa: E402

GOAL = 1.15
GAMES = {  # example folder -> the golden's setup arguments and players (tests/<game>/golden.py)
    "simple_kingdoms": None, "a_simple_life": None, "lifestyle": None, "the_sims": None,
    "a_chaotic_life": None,
}
RUNNER = (
    "import sys\n"
    "mode = sys.argv.pop(1)\n"
    "from lifegames.engine.core import contract\n"
    "if mode == 'without':\n"
    "    contract.Game.board = lambda self, view, player: None\n"
    "from lifegames.start import main\n"
    "main()\n"
)


def prepare(name: str, where: Path) -> Path:
    """The golden game of `name` played up to its last tick, with that tick's orders in place."""
    import importlib

    golden = importlib.import_module(f"tests.{name}.golden").GOLDEN
    folder = where / name
    folder.mkdir(parents=True)
    run("--dir", str(folder), "setup", "--salt", GOLDEN_SALT, *golden.setup)
    ticks = golden.tick_folders()
    for tick in ticks:
        for player in golden.players:
            orders = tick / f"{player}_orders.txt"
            if orders.exists():
                shutil.copyfile(orders, folder / player / f"{player}_orders.txt")
        if tick == ticks[-1]:
            break
        run("--dir", str(folder), "tick")
    return folder


def tick(mode: str, folder: Path, scratch: Path) -> float:
    done = measure([PYTHON, "-c", RUNNER, mode, "--dir", str(folder), "tick"], REPO, scratch,
                   expect="played")
    return done.wall


def rendering(folder: Path, loops: int) -> tuple[float, float]:
    """CPU seconds per round of every player's views (what a tick writes for them) at the
    folder's state, with and without the board: the pictures' cost without start-up or I/O."""
    import json
    import time

    from lifegames import registry
    from lifegames.engine.core import contract

    envelope = json.loads((folder / ".lifegames" / "state.json").read_text(encoding="utf-8"))
    game, state = registry.get(envelope["game"]), envelope["state"]
    players = envelope["setup"]["players"]
    honest = contract.Game.board
    out = []
    for board in (lambda self, view, player: None, honest):
        contract.Game.board = board  # type: ignore[method-assign]
        try:
            game.views(state, players[0])  # warm: imports, data
            start = time.process_time()
            for _ in range(loops):
                for player in players:
                    game.views(state, player)
            out.append((time.process_time() - start) / loops)
        finally:
            contract.Game.board = honest  # type: ignore[method-assign]
    return out[0], out[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=11, help="interleaved pairs per game")
    parser.add_argument("--quick", action="store_true", help="3 pairs: a smoke run")
    args = parser.parse_args()
    repeat = 3 if args.quick else args.repeat
    rows, every, renders = [], [], []
    with tempfile.TemporaryDirectory(prefix="bench-pictures-") as temp:
        scratch = Path(temp)
        for name in GAMES:
            log(f"{name}: preparing")
            pristine = prepare(name, scratch / "pristine")
            work = scratch / "work" / name
            restore(pristine, work)
            for mode in ("without", "with"):  # warm-up: bytecode and caches
                tick(mode, work, scratch)
                restore(pristine, work)
            ratios, plain, drawn = [], [], []
            for _ in range(repeat):
                settle()
                without = tick("without", work, scratch)
                restore(pristine, work)
                settle()
                with_ = tick("with", work, scratch)
                sizes = [p.stat().st_size for p in work.glob("*/[0-9][0-9][0-9]_*_board.svg")]
                if not sizes:
                    raise BenchError(f"{name}: the tick wrote no board")
                restore(pristine, work)
                plain.append(without)
                drawn.append(with_)
                ratios.append(with_ / without)
            every += ratios
            sheets, both = rendering(pristine, 5 if args.quick else 30)
            renders.append(f"| {name} | {both * 1000:.1f} ms | {sheets * 1000:.1f} ms | "
                           f"{both / sheets:.2f} |")
            low, mid, high = spread(ratios)
            rows.append(f"| {name} | {spread(drawn)[1] * 1000:.0f} ms | "
                        f"{spread(plain)[1] * 1000:.0f} ms | {low:.3f} / {mid:.3f} / {high:.3f} "
                        f"| {max(sizes) / 1024:.1f} KB | {'yes' if mid <= GOAL else 'NO'} |")
    low, mid, high = spread(every)
    print(f"A tick with board pictures against the same tick without, {repeat} interleaved "
          "pairs per game (whole `play.py tick` processes, wall time):\n")
    print("| game | tick with pictures | without | ratio min / median / max | largest board "
          f"| median <= {GOAL}x |")
    print("| --- | --- | --- | --- | --- | --- |")
    print("\n".join(rows))
    print(f"| all games | | | {low:.3f} / {mid:.3f} / {high:.3f} | | "
          f"{'yes' if mid <= GOAL else 'NO'} |")
    print("\nThe same, without start-up and I/O: CPU time of one round of every player's "
          "views (sheets and board) against the sheets alone, in this process:\n")
    print("| game | sheets and boards | sheets alone | ratio |")
    print("| --- | --- | --- | --- |")
    print("\n".join(renders))
    print(f"\nreproduce: python3 bench/pictures.py --repeat {repeat}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

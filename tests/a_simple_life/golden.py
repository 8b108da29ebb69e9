"""The golden playthrough of A Simple Life (examples/a_simple_life/).

`play(folder)` sets up a game with seed 2024 and plays every tick_NN/ folder of order files
through the real command line (`setup`, then `check` and `tick` for each tick, exactly as a
player would run them), and returns every file of the game folder except the hidden
.lifegames/ state. The test compares that, byte for byte, with examples/a_simple_life/expected/.

    python3 -m tests.a_simple_life.golden               # compare, print a diff
    python3 -m tests.a_simple_life.golden --regenerate  # rewrite expected/ after a change
"""

from __future__ import annotations

import argparse
import difflib
import shutil
import sys
import tempfile
from pathlib import Path

from click.testing import CliRunner

from lifegames.cli import cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "a_simple_life"
EXPECTED = EXAMPLE / "expected"
SEED = 2024
PLAYERS = ("Ana",)
WORDS = ("goal=5", "days=3")  # a short 3-day game; the goal: defeat 5 monsters
HIDDEN = ".lifegames"
REGENERATE = "python3 -m tests.a_simple_life.golden --regenerate"


class GoldenError(AssertionError):
    """A command of the playthrough failed (an example order file is no longer valid)."""


def tick_folders() -> list[Path]:
    """examples/a_simple_life/tick_01, tick_02, ... in order."""
    folders = sorted(p for p in EXAMPLE.glob("tick_*") if p.is_dir())
    if not folders:
        raise GoldenError(f"no tick_NN folders in {EXAMPLE}")
    return folders


def run(*args: str) -> str:
    """One `play.py` command through the click entry point; its output, or GoldenError."""
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    if result.exit_code != 0:
        raise GoldenError(f"play.py {' '.join(args)} exited {result.exit_code}:\n"
                          f"{result.output}")
    return result.output


def play(folder: Path) -> dict[str, bytes]:
    """Set up in `folder` (empty or absent) and play every example tick; the files made."""
    folder.mkdir(parents=True, exist_ok=True)
    where = ["--dir", str(folder)]
    run(*where, "setup", "--game", "a-simple-life", "--players", ",".join(PLAYERS),
        "--seed", str(SEED), *WORDS)
    for tick in tick_folders():
        for player in PLAYERS:
            orders = tick / f"{player}_orders.txt"
            if orders.exists():  # a missing file leaves the reset template: no actions
                shutil.copyfile(orders, folder / player / f"{player}_orders.txt")
        try:
            run(*where, "check")
            run(*where, "tick")
        except GoldenError as error:
            raise GoldenError(f"{tick.relative_to(ROOT)}: {error}") from None
    return tree(folder)


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` but the hidden state: relative POSIX path -> bytes."""
    files = {}
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if path.is_file() and relative.parts[0] != HIDDEN:
            files[relative.as_posix()] = path.read_bytes()
    return files


def expected_tree() -> dict[str, bytes]:
    return tree(EXPECTED) if EXPECTED.is_dir() else {}


def compare(expected: dict[str, bytes], actual: dict[str, bytes]) -> str:
    """'' when equal, else what differs: missing and extra files and a unified diff of each
    changed file (paths as under expected/)."""
    out: list[str] = []
    for name in sorted(expected.keys() - actual.keys()):
        out.append(f"missing (expected but not produced): {name}")
    for name in sorted(actual.keys() - expected.keys()):
        out.append(f"extra (produced but not expected): {name}")
    for name in sorted(expected.keys() & actual.keys()):
        if expected[name] == actual[name]:
            continue
        old = expected[name].decode("utf-8", "replace").splitlines(keepends=True)
        new = actual[name].decode("utf-8", "replace").splitlines(keepends=True)
        diff = list(difflib.unified_diff(old, new, f"expected/{name}", f"actual/{name}"))
        if not diff:  # same text, different bytes (line endings, encoding)
            diff = [f"--- expected/{name}\n+++ actual/{name}\n",
                    f"(bytes differ: {expected[name][:60]!r} vs {actual[name][:60]!r})\n"]
        out.append("".join(line if line.endswith("\n") else line + "\n\\ no newline\n"
                           for line in diff).rstrip("\n"))
    return "\n".join(out)


def regenerate() -> int:
    """Play the example and replace expected/ with what it produced; the number of files."""
    with tempfile.TemporaryDirectory(prefix="golden-") as scratch:
        files = play(Path(scratch) / "game")
    if EXPECTED.exists():
        shutil.rmtree(EXPECTED)
    for name, data in files.items():
        target = EXPECTED / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return len(files)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m tests.a_simple_life.golden",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--regenerate", action="store_true",
                        help=f"rewrite {EXPECTED.relative_to(ROOT)}/ from a fresh playthrough")
    args = parser.parse_args(argv)
    if args.regenerate:
        count = regenerate()
        print(f"wrote {count} files to {EXPECTED.relative_to(ROOT)}/; review them with git diff")
        return 0
    with tempfile.TemporaryDirectory(prefix="golden-") as scratch:
        diff = compare(expected_tree(), play(Path(scratch) / "game"))
    if diff:
        print(diff)
        print(f"\nThe playthrough differs from expected/. If the change is intended: {REGENERATE}")
        return 1
    print("the playthrough matches expected/")
    return 0


if __name__ == "__main__":
    sys.exit(main())

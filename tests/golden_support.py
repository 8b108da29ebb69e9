"""Golden playthroughs, shared by every game: examples/<game>/tick_NN/ order files played
through the real command line (`setup`, then `check` and `tick` for each tick, exactly as a
player would run them) must produce examples/<game>/expected/ byte for byte, every file of the
game folder except the hidden .lifegames/ state. Each game's tests/<game>/golden.py names its
example, setup and players, and runs as

    python3 -m tests.<game>.golden               # compare, print a diff
    python3 -m tests.<game>.golden --regenerate  # rewrite expected/ after a change

tests/test_golden.py compares every registered game's playthrough (`golden_for`); each game's
tests/<game>/test_golden.py reads what its own playthrough shows off, from the same play
(`Golden.produced`: one playthrough a game per test run).
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import shutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from lifegames import registry
from lifegames.cli import cli

ROOT = Path(__file__).resolve().parents[1]
HIDDEN = ".lifegames"


class GoldenError(AssertionError):
    """A command of the playthrough failed (an example order file is no longer valid)."""


def run(*args: str) -> str:
    """One `play.py` command through the click entry point; its output, or GoldenError."""
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    if result.exit_code != 0:
        raise GoldenError(f"play.py {' '.join(args)} exited {result.exit_code}:\n"
                          f"{result.output}")
    return result.output


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` but the hidden state: relative POSIX path -> bytes."""
    files = {}
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if path.is_file() and relative.parts[0] != HIDDEN:
            files[relative.as_posix()] = path.read_bytes()
    return files


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


_PLAYED: dict[str, dict[str, bytes]] = {}  # game folder name -> files its playthrough made

GOLDEN_SALT = "601de0"  # a fixed salt: the published seed hash is part of the golden files


@dataclass(frozen=True)
class Golden:
    """One game's example: its folder name, `setup` arguments and players."""

    name: str  # examples/<name>/ and tests/<name>/
    setup: tuple[str, ...]
    players: tuple[str, ...]

    @property
    def example(self) -> Path:
        return ROOT / "examples" / self.name

    @property
    def expected(self) -> Path:
        return self.example / "expected"

    @property
    def regenerate_command(self) -> str:
        return f"python3 -m tests.{self.name}.golden --regenerate"

    def tick_folders(self) -> list[Path]:
        """examples/<name>/tick_01, tick_02, ... in order."""
        folders = sorted(p for p in self.example.glob("tick_*") if p.is_dir())
        if not folders:
            raise GoldenError(f"no tick_NN folders in {self.example}")
        return folders

    def play(self, folder: Path) -> dict[str, bytes]:
        """Set up in `folder` (empty or absent) and play every example tick; the files made."""
        folder.mkdir(parents=True, exist_ok=True)
        where = ["--dir", str(folder)]
        run(*where, "setup", "--salt", GOLDEN_SALT, *self.setup)
        for tick in self.tick_folders():
            for player in self.players:
                orders = tick / f"{player}_orders.txt"
                if orders.exists():  # a missing file leaves the reset template
                    shutil.copyfile(orders, folder / player / f"{player}_orders.txt")
            try:
                run(*where, "check")
                run(*where, "tick")
            except GoldenError as error:
                raise GoldenError(f"{tick.relative_to(ROOT)}: {error}") from None
        return tree(folder)

    def produced(self) -> dict[str, bytes]:
        """The files of one playthrough in a scratch folder, played once a process: the
        comparison and every check of what the example shows off read the same play."""
        if self.name not in _PLAYED:
            with tempfile.TemporaryDirectory(prefix="golden-") as scratch:
                _PLAYED[self.name] = self.play(Path(scratch) / "game")
        return _PLAYED[self.name]

    def expected_tree(self) -> dict[str, bytes]:
        return tree(self.expected) if self.expected.is_dir() else {}

    def mismatch(self, produced: dict[str, bytes]) -> str:
        """'' if `produced` is exactly expected/, else the message a failing test shows."""
        expected = self.expected_tree()
        if not expected:
            return f"{self.expected} is empty; create it with: {self.regenerate_command}"
        diff = compare(expected, produced)
        if not diff:
            return ""
        return (f"the golden playthrough changed:\n{diff}\n\nIf every change above is "
                f"intended, regenerate with:\n  {self.regenerate_command}\nand commit "
                f"{self.expected.relative_to(ROOT)}/ with the change.")

    def regenerate(self) -> int:
        """Play the example and replace expected/ with what it produced; the number of files."""
        with tempfile.TemporaryDirectory(prefix="golden-") as scratch:
            files = self.play(Path(scratch) / "game")
        if self.expected.exists():
            shutil.rmtree(self.expected)
        for name, data in files.items():
            target = self.expected / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        return len(files)

    def main(self, argv: list[str] | None = None) -> int:
        parser = argparse.ArgumentParser(prog=f"python3 -m tests.{self.name}.golden",
                                         description=f"The golden playthrough of {self.name}.")
        relative = self.expected.relative_to(ROOT)
        parser.add_argument("--regenerate", action="store_true",
                            help=f"rewrite {relative}/ from a fresh playthrough")
        args = parser.parse_args(argv)
        if args.regenerate:
            count = self.regenerate()
            print(f"wrote {count} files to {relative}/; review them with git diff")
            return 0
        with tempfile.TemporaryDirectory(prefix="golden-") as scratch:
            diff = compare(self.expected_tree(), self.play(Path(scratch) / "game"))
        if diff:
            print(diff)
            print("\nThe playthrough differs from expected/. If the change is intended: "
                  f"{self.regenerate_command}")
            return 1
        print("the playthrough matches expected/")
        return 0


def golden_for(game_id: str) -> Golden:
    """The golden playthrough of a registered game: GOLDEN of tests/<game>/golden.py, the
    test folder named as the game's package (ModuleNotFoundError if the game has none)."""
    package = registry.GAMES[registry.canonical(game_id)].rpartition(".")[2]
    module = importlib.import_module(f"tests.{package}.golden")
    golden = module.GOLDEN
    assert isinstance(golden, Golden), f"tests/{package}/golden.py: GOLDEN is not a Golden"
    return golden


def produced_fixture(golden: Golden) -> Callable[[], dict[str, bytes]]:
    """A test module's `produced` fixture: the files of `golden`'s playthrough (shared with
    tests/test_golden.py's comparison, so the game is played once)."""

    @pytest.fixture(scope="module")
    def produced() -> dict[str, bytes]:
        return golden.produced()

    return produced


if __name__ == "__main__":
    sys.exit("run python3 -m tests.<game>.golden")

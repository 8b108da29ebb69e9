"""The README's board pictures are the script's output (bench/readme_boards.py), and the README
shows each of them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("simple_kingdoms", "a_simple_life", "lifestyle", "the_sims", "a_chaotic_life")


def test_r01_the_readme_boards_are_current() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "readme_boards.py"), "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_r02_the_readme_shows_one_board_of_each_game() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for game in GAMES:
        assert f"](docs/boards/{game}.svg)" in readme, game
        assert (ROOT / "docs" / "boards" / f"{game}.svg").is_file(), game

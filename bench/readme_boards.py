"""The README's board pictures, one per game, copied by this script so that none is made by hand.

    python3 bench/readme_boards.py           # rewrite docs/boards/<game>.svg
    python3 bench/readme_boards.py --check   # exit 1 if a picture is not what it would write

Each picture is the last board the game's golden playthrough gives its first player
(examples/<game>/expected/<player>/NNN_<player>_board.svg), so it is a real board of a real
game, drawn by the same code as every player's. The golden test pins the examples; the test
tests/pictures/test_readme_boards.py runs --check, so a change to a board that regenerates the
examples fails until this script has been run again.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TARGET = REPO / "docs" / "boards"
GAMES = ("simple_kingdoms", "a_simple_life", "lifestyle", "the_sims", "a_chaotic_life")


def source(game: str) -> Path:
    """The last board of the first player (by name) of the game's golden playthrough."""
    expected = REPO / "examples" / game / "expected"
    player = sorted(p for p in expected.iterdir() if p.is_dir())[0]
    boards = sorted(player.glob("[0-9][0-9][0-9]_*_board.svg"))
    if not boards:
        raise SystemExit(f"no board in {player}: regenerate the golden playthrough first")
    return boards[-1]


def wanted() -> dict[Path, bytes]:
    return {TARGET / f"{game}.svg": source(game).read_bytes() for game in GAMES}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether they are current")
    args = parser.parse_args(argv)
    stale = [p for p, data in wanted().items() if not p.is_file() or p.read_bytes() != data]
    if args.check:
        for path in stale:
            print(f"{path.relative_to(REPO)} is stale: run python3 bench/readme_boards.py")
        return 1 if stale else 0
    TARGET.mkdir(parents=True, exist_ok=True)
    for path, data in wanted().items():
        path.write_bytes(data)
    print(f"wrote {len(GAMES)} boards to {TARGET.relative_to(REPO)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())

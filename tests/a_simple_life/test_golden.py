"""The golden playthrough: examples/a_simple_life/ (a 3-day game, goal 5, seed 2024) played
through the CLI must produce examples/a_simple_life/expected/ byte for byte (see golden.py)."""

from __future__ import annotations

import re

import pytest

from .golden import GOLDEN, PLAYERS, play, tick_folders


@pytest.fixture(scope="module")
def produced(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    return play(tmp_path_factory.mktemp("golden") / "game")


def test_playthrough_matches_expected(produced: dict[str, bytes]) -> None:
    message = GOLDEN.mismatch(produced)
    if message:
        pytest.fail(message, pytrace=False)


def test_playthrough_plays_to_the_end(produced: dict[str, bytes]) -> None:
    last = len(tick_folders())
    sheet = produced[f"Ana/{last:03d}_ana_sheet.txt"].decode()
    assert "GAME OVER" in sheet
    assert "Ana/archive/000_ana_sheet.txt" in produced


def test_example_shows_off_every_kind_of_order(produced: dict[str, bytes]) -> None:
    executed = "".join(produced[f"{p}/executed_orders.txt"].decode() for p in PLAYERS)
    used = set(re.findall(r"^(\w+)", executed, flags=re.MULTILINE))
    wanted = {"farm", "town", "give", "sell", "buy", "lake", "mine", "dig", "fight", "accept",
              "reroll", "pass"}
    assert wanted <= used, f"the example never uses: {sorted(wanted - used)}"

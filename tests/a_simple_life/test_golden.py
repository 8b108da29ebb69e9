"""What the golden playthrough of A Simple Life (examples/a_simple_life/: a 3-day game, goal
5, seed 2024; see golden.py) shows off. Its byte-for-byte comparison with expected/ is
tests/test_golden.py's, for every game."""

from __future__ import annotations

import re

from ..golden_support import produced_fixture
from .golden import GOLDEN

produced = produced_fixture(GOLDEN)
PLAYERS, tick_folders = GOLDEN.players, GOLDEN.tick_folders


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

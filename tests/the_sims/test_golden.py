"""What the golden playthrough of The Sims Board Game (examples/the_sims/, see golden.py)
shows off. Its byte-for-byte comparison with expected/ is tests/test_golden.py's, for every
game."""

from __future__ import annotations

import re

from ..golden_support import produced_fixture
from .golden import GOLDEN

produced = produced_fixture(GOLDEN)
PLAYERS, tick_folders = GOLDEN.players, GOLDEN.tick_folders


def test_playthrough_reaches_the_last_tick_and_a_winner(produced: dict[str, bytes]) -> None:
    last = len(tick_folders())
    for player in PLAYERS:
        low = player.lower()
        assert f"{player}/{last:03d}_{low}_sheet.txt" in produced
        assert f"{player}/archive/000_{low}_sheet.txt" in produced
    assert b"Ana wins, ending a turn with 10 points" in produced[f"Ana/{last:03d}_ana_sheet.txt"]


def test_example_shows_off_every_kind_of_turn(produced: dict[str, bytes]) -> None:
    executed = "".join(produced.get(f"{p}/executed_orders.txt", b"").decode() for p in PLAYERS)
    used = set(re.findall(r"^(\w+)", executed, flags=re.MULTILINE))
    wanted = {"move_in", "travel", "interact", "go_home", "keep", "swap"}
    assert wanted <= used, f"the example never uses: {sorted(wanted - used)}"
    sheets = "".join(v.decode() for k, v in produced.items() if k.endswith("_sheet.txt"))
    for event in ("ICONIC SIMS MOVE!", "Mrs. Crumplebottom made", "completed the Aspiration",
                  "befriended", "at random", "SWAP CARDS"):
        assert event in sheets, f"no sheet reports {event!r}"


def test_a_drawn_aspiration_is_shown_only_to_the_player_who_drew_it(
        produced: dict[str, bytes]) -> None:
    """Ana drew an Aspiration at Go Home (tick 16) and kept her own: the card she drew is
    named on her sheet and in no file of Ben's or Cleo's."""
    found = re.search(rb"tick 16: you drew the Aspiration ([A-Za-z ]+)",
                      produced["Ana/archive/016_ana_sheet.txt"])
    assert found
    drawn = found.group(1).strip()
    for name, data in produced.items():
        if not name.startswith("Ana/"):
            assert drawn not in data, name

"""What the golden playthrough of Lifestyle (examples/lifestyle/, see golden.py) shows off.
Its byte-for-byte comparison with expected/ is tests/test_golden.py's, for every game."""

from __future__ import annotations

import re

from ..golden_support import produced_fixture
from .golden import GOLDEN

produced = produced_fixture(GOLDEN)
PLAYERS, tick_folders = GOLDEN.players, GOLDEN.tick_folders


def test_playthrough_reaches_the_last_tick(produced: dict[str, bytes]) -> None:
    last = len(tick_folders())
    for player in PLAYERS:
        low = player.lower()
        assert f"{player}/{last:03d}_{low}_sheet.txt" in produced
        assert f"{player}/archive/000_{low}_sheet.txt" in produced


def test_example_shows_off_buying_taking_rolling_rerolling_and_a_botch(
        produced: dict[str, bytes]) -> None:
    executed = "".join(produced.get(f"{p}/executed_orders.txt", b"").decode() for p in PLAYERS)
    used = set(re.findall(r"^(\w+)", executed, flags=re.MULTILINE))
    wanted = {"buy_two", "take_card", "take_row", "take_column", "roll", "reroll", "accept",
              "end_turn"}
    assert wanted <= used, f"the example never uses: {sorted(wanted - used)}"
    sheets = "".join(v.decode() for k, v in produced.items() if k.endswith("_sheet.txt"))
    for event in ("botched the", "met every card", "paid 1 token to reroll"):
        assert event in sheets, f"no sheet reports {event!r}"


def test_each_tick_folder_holds_one_order_file_of_a_player() -> None:
    for folder in tick_folders():
        assert re.fullmatch(r"tick_\d\d", folder.name), folder
        names = [p.name for p in folder.iterdir()]
        assert len(names) == 1 and names[0] in {f"{p}_orders.txt" for p in PLAYERS}, names


def test_example_shows_off_plans_standing_orders_and_absence(produced: dict[str, bytes]) -> None:
    """Plans, standing orders and absence (README, "Plans, standing orders and absent players"): the
    playthrough holds plans (a whole turn in one tick, one that stops), a standing order that fires,
    and a turn played by the absent default."""
    files = [path for folder in tick_folders() for path in folder.iterdir()]
    plans = [p for p in files if "endwhile" in p.read_text(encoding="utf-8")]
    assert plans, "no plan in the example"
    executed = "".join(produced.get(f"{p}/executed_orders.txt", b"").decode() for p in PLAYERS)
    assert "standing end_turn()" in executed and "\nabsent\n" in executed
    sheets = "".join(v.decode() for k, v in produced.items() if k.endswith("_sheet.txt"))
    assert "standing orders answer for them" in sheets
    assert "was away: played by the default (an absent player spends nothing" in sheets

"""What the golden playthrough of Simple Kingdoms (examples/simple_kingdoms/, see golden.py)
shows off. Its byte-for-byte comparison with expected/ is tests/test_golden.py's, for every
game."""

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
        executed = produced[f"{player}/executed_orders.txt"].decode()
        assert f"# Tick {last}\n" in executed


def test_example_shows_off_every_kind_of_order(produced: dict[str, bytes]) -> None:
    executed = "".join(produced[f"{p}/executed_orders.txt"].decode() for p in PLAYERS)
    used = set(re.findall(r"^(\w+)\(", executed, flags=re.MULTILINE))
    wanted = {"build", "hire_soldiers", "move_soldiers", "claim_tile", "give", "buy_resource",
              "sell_resource"}
    assert wanted <= used, f"the example never uses: {sorted(wanted - used)}"
    sheets = "".join(v.decode() for k, v in produced.items() if k.endswith("_sheet.txt"))
    for event in ("explored (", "claimed (", "received ", "built a big farm"):
        assert event in sheets, f"no sheet reports {event!r}"


def test_example_holds_plans_and_an_explore_claim_tick(produced: dict[str, bytes]) -> None:
    """Plans (README, "Plans, standing orders and absent players"): the golden playthrough has plans
    in it (an if block with `can` and an else, a one-line if over a fact), logged as the plain
    orders that ran; and a tick that explores a tile and claims it."""
    texts = [p.read_text(encoding="utf-8") for folder in tick_folders()
             for p in sorted(folder.iterdir())]
    assert any("\nif can claim_tile(" in t and "\nelse\n" in t for t in texts)
    assert any(re.search(r"^if gold >= \d+: ", t, flags=re.MULTILINE) for t in texts)
    executed = produced["Thornvale/executed_orders.txt"].decode()
    assert "# Tick 1\nhire_soldiers(2, 2, 2)\nmove_soldiers(2, 2, 2, 1, 4)\nclaim_tile(2, 1)\n" \
        in executed
    assert "if " not in executed and "else" not in executed


def test_every_tick_folder_has_both_order_files() -> None:
    for folder in tick_folders():
        assert re.fullmatch(r"tick_\d\d", folder.name), folder
        names = sorted(p.name for p in folder.iterdir())
        assert names == sorted(f"{p}_orders.txt" for p in PLAYERS), (folder, names)


def test_the_last_sheets_open_with_the_result(produced: dict[str, bytes]) -> None:
    """Game over: the playthrough is a whole (six-tick) game; its last sheets open
    with GAME OVER and the result, and hold no forecast, no orders and nothing buildable."""
    last = len(tick_folders())
    for player in PLAYERS:
        low = player.lower()
        sheet = produced[f"{player}/{last:03d}_{low}_sheet.txt"].decode()
        first = sheet.split("\n\n")[1]
        assert first.startswith("GAME OVER\n---------\nThe game is over after 6 ticks: the "
                                "team scored ")
        for gone in ("ORDERS", "forecast", "next tick", "exposed", "SCORE\n"):
            assert gone not in sheet, gone
        tiles = [v.decode() for k, v in produced.items()
                 if k.startswith(f"{player}/{last:03d}_{low}_tile_")]
        assert tiles and not any("BUILDABLE HERE" in t or "LIMITS" in t for t in tiles)
        template = produced[f"{player}/{player}_orders.txt"].decode()
        assert "the game is over, no more orders" in template and "(" not in \
            template.split("\n", 2)[1].split(":")[0]

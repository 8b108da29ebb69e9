"""Rules checked only through the public path: a game set up and ticked as the host does it
(order files through `Host`, the engine's validate-then-apply, the game's `act` and end of
tick), read back through the contract (`figures`) and the sheets. They hold whatever shape the
package's state and modules take (they were added when a rule break got past the tests
that read the internals)."""

from __future__ import annotations

from pathlib import Path

from lifegames import registry
from lifegames.engine.host.host import Host, order_file

IRON, THORN = "Ironhold", "Thornvale"


def test_r58_unpaid_soldiers_who_desert_leave_the_kingdom(tmp_path: Path) -> None:
    """Rule text: PEOPLE / Soldiers ("Upkeep: 1 gold per soldier per tick (if you can't pay,
    soldiers desert)") and HOW A TURN WORKS step 6. A deserter leaves the kingdom: unlike a
    dismissed soldier he does not come home as a civilian. Ironhold trains 18 of its 20
    civilians (90 of its 100 gold) and spends the rest, so the tick's income of 16 gold pays
    16 of its 20 soldiers: 4 desert, and the kingdom ends with 2 civilians and 16 soldiers
    (18 people), not 6 civilians (22 people)."""
    host = Host(str(tmp_path / "game"), registry.get)
    game = registry.get("simple-kingdoms")
    host.setup(game, [IRON, THORN], [], 3, None, "5a17")
    before = game.figures(host.load().state, IRON)
    assert (before["people"], before["soldiers"], before["gold"]) == (22, 2, 100)
    host.folder.path(order_file(IRON)).write_text(
        'orders for tick 1\nhire_soldiers(0,0, 18)\nbuy_resource("food", 5)\nend\n',
        encoding="utf-8")
    after, outcome = host.tick()
    assert not outcome.problems, [p.render() for p in outcome.problems]
    figures = game.figures(after.state, IRON)
    assert figures["soldiers"] == 16, figures
    assert figures["people"] - figures["soldiers"] == 2, "deserters became civilians"
    assert figures["people"] == 18, figures
    sheet = host.folder.path(f"{IRON}/001_ironhold_sheet.txt").read_text(encoding="utf-8")
    assert "4 unpaid soldiers deserted from (0,0)" in sheet
    assert "civilians 2 of cap" in sheet

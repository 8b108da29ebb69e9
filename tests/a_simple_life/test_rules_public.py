"""Rules checked only through the public path: a game set up and ticked as the host does it
(order files through `Host`, the engine's validate-then-apply, the game's `act`), read back
through the contract (`facts`, `legal_orders`) and the sheets; they hold whatever shape the
package's state and modules take (they were added when a rule break got past the tests
that read the internals)."""

from __future__ import annotations

from pathlib import Path

from lifegames import registry
from lifegames.engine.host.host import Host, order_file

GAME = registry.get("a-simple-life")


def _cast(root: Path, seed: int, row: int) -> tuple[dict, str]:
    """A solo game (seed `seed`): one Lake cast with the first die into `row`, one carrot in
    stock; the facts after the tick, and the sheet."""
    host = Host(str(root), registry.get)
    host.setup(GAME, ["Ana"], [], seed, None, "ab")
    facts = GAME.facts(host.load().state, "Ana")
    assert facts["carrots"] == 1 and facts["fishing_rod"] == 0
    host.folder.path(order_file("Ana")).write_text(
        f"orders for tick 1\nlake({facts['dice'][0]}, {row})\nend\n", encoding="utf-8")
    after, outcome = host.tick()
    assert not outcome.problems, [p.render() for p in outcome.problems]
    sheet = host.folder.path("Ana/001_ana_sheet.txt").read_text(encoding="utf-8")
    return GAME.facts(after.state, "Ana"), sheet


def test_r36_the_lake_asks_for_a_reroll_only_when_one_could_still_catch(tmp_path: Path):
    """Rule text: Locations / Lake (a roll at least the row's value is a catch, otherwise a
    fail; "use Carrots wisely to reroll") with Rerolling (a carrot rerolls the die). A missed
    cast becomes a prompt (accept, or pay a carrot to reroll) only when a reroll can still
    reach the target: row 6 needs 7 and a die shows at most 6 (no Fishing Rod), so that miss
    is final at once, with no prompt and the carrot kept; row 4 needs 6, so a miss there asks."""
    asked = 0
    for seed in range(1, 12):
        facts, sheet = _cast(tmp_path / f"row6-{seed}", seed, 6)
        assert facts["prompt"] == "none", (seed, facts)
        assert facts["carrots"] == 1 and "gets a circle" in sheet
        facts, sheet = _cast(tmp_path / f"row4-{seed}", seed, 4)
        if "a catch!" not in sheet:  # missed: a reroll could still roll a 6
            assert facts["prompt"] == "lake", (seed, facts)
            asked += 1
    assert asked, "no seed missed row 4: the prompt side of the rule went untested"

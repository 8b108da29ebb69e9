"""Every W- warning a game can give is listed in that game's RULES.md, as `play.py orders`
promises (a warning the player cannot look up is half a message): the game's own codes, and
the engine's, which every game can give. tests/test_codes.py holds every code, E- and W-, to
the section its declaration names."""

from __future__ import annotations

from pathlib import Path

from lifegames import registry
from lifegames.engine.base import codes

REPO = Path(__file__).resolve().parents[1]


def test_every_warning_code_is_listed_in_its_games_rules():
    engine = {str(c) for c in codes.W.declared()}
    assert "W-NOT-AWAITED" in engine
    assert len(registry.ids()) >= 5
    for game_id in registry.ids():
        game = registry.get(game_id)
        own = {str(c) for c in game.codes() if c.startswith("W-")}
        assert own, f"{game_id} gives no warning at all"
        rules_md = (REPO / "games" / game.package / "RULES.md").read_text("utf-8")
        missing = sorted(c for c in own | engine if c not in rules_md)
        assert not missing, f"games/{game.package}/RULES.md does not list {missing}"

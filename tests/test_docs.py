"""Every W- warning a game can give is listed in that game's RULES.md, as `play.py orders`
promises (a warning the player cannot look up is half a message): the game package's own
codes, and the engine's, which every game can give."""

from __future__ import annotations

import re
from pathlib import Path

from lifegames import registry

REPO = Path(__file__).resolve().parents[1]
CODE = re.compile(r"\"(W-[A-Z][A-Z-]*[A-Z])\"")


def _codes(folder: Path) -> set[str]:
    return {m for f in folder.rglob("*.py") for m in CODE.findall(f.read_text("utf-8"))}


def test_every_warning_code_is_listed_in_its_games_rules():
    packages = sorted(REPO / Path(*module.split(".")) for module in registry.GAMES.values())
    assert len(packages) >= 5
    engine = _codes(REPO / "lifegames" / "engine")
    assert "W-NOT-AWAITED" in engine
    for package in packages:
        codes = _codes(package)
        assert codes, f"{package.name} gives no warning at all"
        rules_md = (REPO / "games" / package.name / "RULES.md").read_text("utf-8")
        missing = sorted(c for c in codes | engine if c not in rules_md)
        assert not missing, f"games/{package.name}/RULES.md does not list {missing}"

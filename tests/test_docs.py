"""Every W- warning a game can give is listed in that game's RULES.md, as `play.py orders`
promises (a warning the player cannot look up is half a message)."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CODE = re.compile(r"\"(W-[A-Z][A-Z-]*[A-Z])\"")


def test_every_warning_code_is_listed_in_its_games_rules():
    packages = sorted(p for p in (REPO / "lifegames").iterdir() if (p / "rules.py").exists())
    assert len(packages) >= 5
    for package in packages:
        codes = {m for f in package.rglob("*.py") for m in CODE.findall(f.read_text("utf-8"))}
        assert codes, f"{package.name} gives no warning at all"
        rules_md = (REPO / "games" / package.name / "RULES.md").read_text("utf-8")
        missing = sorted(c for c in codes if c not in rules_md)
        assert not missing, f"games/{package.name}/RULES.md does not list {missing}"

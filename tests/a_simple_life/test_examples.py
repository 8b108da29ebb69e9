"""The rulebook's scoring examples (Winning and Scoring; Museum & Pond)."""

from __future__ import annotations

import pytest

from lifegames.a_simple_life.model import breakdown, score

from .helpers import new_state, sheet_of


def _blank():
    state = new_state(words=["sandbox"])
    s = sheet_of(state)
    for row in s["inventory"].values():
        row.update(circled=0, crossed=0)
    return s


def test_pond_crab_and_legendary_fish_score_12():
    """Pond, Scoring -- 'if you have the Crab (2) and Legendary Fish (10), Gain 12 points'."""
    s = _blank()
    s["pond"]["Crab"] = True
    s["pond"]["Legendary Fish"] = True
    assert score(s) == 12
    assert dict((w, p) for w, _, p in breakdown(s))["pond"] == 12


@pytest.mark.parametrize("count, points", [(0, 0), (1, 3), (2, 8), (3, 15), (4, 25)])
def test_museum_table(count, points):
    """Museum, Scoring -- 3/8/15/25 points for 1/2/3/4 artifacts."""
    s = _blank()
    for name in list(s["museum"])[:count]:
        s["museum"][name] = True
    assert score(s) == points


def test_monsters_plus_two_minus_two():
    """Winning and Scoring -- a circled monster +2, a crossed one -2."""
    s = _blank()
    s["inventory"]["monster"] = {"circled": 3, "crossed": 1}
    assert score(s) == 3 * 2 - 2


def test_circled_icons_without_a_cross():
    """Scoring -- 1 point for each icon circled and not crossed, except those the table lists:
    heart 5, diamond 5, tool upgrade 3, coin 2, carrot 1; so flowers, stones and stars (the
    Point icon: "each point is worth 1 point") score 1 each; crossed icons count nothing."""
    s = _blank()
    values = {"heart": 5, "diamond": 5, "upgrade": 3, "coin": 2, "carrot": 1, "flower": 1,
              "stone": 1, "star": 1}
    for kind, points in values.items():
        s["inventory"][kind] = {"circled": 2, "crossed": 1}
        assert score(s) == points, kind
        s["inventory"][kind] = {"circled": 0, "crossed": 0}
    assert {w for w, _, _ in breakdown(s)} >= set(values)

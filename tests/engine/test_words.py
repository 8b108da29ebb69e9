"""Counts read as English: `counted`, the one helper every game's messages use.

Issue 16 point 4: messages, sheets and command-line lines wrote `3 soldier(s)`, `1 problem(s)`.
"""

from __future__ import annotations

import pytest

from lifegames.engine.words import counted


@pytest.mark.parametrize(("count", "word", "plural", "expected"), [
    (1, "goal", "", "1 goal"),
    (2, "goal", "", "2 goals"),
    (0, "goal", "", "0 goals"),
    (-1, "point", "", "-1 points"),
    (1, "die", "dice", "1 die"),
    (3, "die", "dice", "3 dice"),
    (0, "die", "dice", "0 dice"),
    (1, "Town action", "", "1 Town action"),
    (12, "Town action", "", "12 Town actions"),
])
def test_counted_picks_the_noun_form(count: int, word: str, plural: str, expected: str):
    """One thing takes the singular, every other count (none included) the plural; an
    irregular noun gives its plural."""
    assert counted(count, word, plural) == expected

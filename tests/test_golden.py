"""The golden playthroughs of every game in the registry: examples/<game>/tick_NN/ played
through the real command line (`setup`, then `check` and `tick` each tick, as a player would)
must produce examples/<game>/expected/ byte for byte. Determinism and every player-visible
file are pinned here; what each example shows off is read in tests/<game>/test_golden.py.
The runner, and the regeneration command a failure names, are tests/golden_support.py."""

from __future__ import annotations

import pytest

from lifegames import registry

from .golden_support import compare, golden_for


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_golden_playthrough_matches_expected(game_id: str) -> None:
    """A registered game without tests/<game>/golden.py fails here, by its missing module."""
    golden = golden_for(game_id)
    # played outside the assert: pytest's explanation of a failed assert would play again
    problem = golden.mismatch(golden.produced())
    if problem:
        pytest.fail(problem, pytrace=False)


def test_compare_reports_a_diff() -> None:
    text = compare({"a.txt": b"one\ntwo\n", "gone.txt": b""},
                   {"a.txt": b"one\nthree\n", "new.txt": b""})
    assert "missing (expected but not produced): gone.txt" in text
    assert "extra (produced but not expected): new.txt" in text
    assert "-two" in text and "+three" in text
    assert compare({"a": b"x"}, {"a": b"x"}) == ""

"""The rulebook's worked examples, exactly: the Travel example ("Cards - And How to Play
Them!") and the scoring example ("How to Win - Or Lose!")."""

from __future__ import annotations

from lifegames.a_chaotic_life import GAME
from lifegames.a_chaotic_life.model import breakdown, cancel

from .helpers import arrange, counters_of, new_state, order

MARK, JENNY = "Mark", "Jenny"


def test_the_travel_example():
    """The CP is a Teen. Mark plays Travel and takes 1 Happiness and 1 Sadness (the CP ran
    away); Jenny then plays the Adult card and takes 1 Happiness for a Traveled Teen."""
    state = arrange(new_state([MARK, JENNY]), stage="teen", hands={
        MARK: ["Travel"], JENNY: ["Adult"]}, player=MARK)
    order(state, MARK, 'play("Travel")')
    assert counters_of(state, MARK) == (1, 1)
    assert state["history"]["teen"] == ["traveled"]
    assert state["timeline"][-1] == {"card": "Travel", "stage": "teen", "above": []}
    order(state, MARK, "end_turn", _draws())
    assert GAME.awaiting(state) == [JENNY]
    order(state, JENNY, 'play("Adult")')
    assert counters_of(state, JENNY) == (1, 0)
    assert state["stage"] == "adult"
    assert counters_of(state, MARK) == (1, 1)


def test_the_scoring_example():
    """Mark ends the game with 10 Sadness and 6 Happiness: 4 Sadness are left, a Terrible
    Life; with no cards giving counters, that is his score for a Terrible Life."""
    assert cancel(6, 10) == ("sadness", 4)
    state = arrange(new_state([MARK, JENNY]), counters={MARK: {"happiness": 6, "sadness": 10}},
                    goals={MARK: "sadness", JENNY: "happiness"})
    parts = breakdown(state, MARK)
    assert (parts["left_kind"], parts["left"], parts["score"]) == ("sadness", 4, 4)
    state["goals"][MARK] = "happiness"
    assert breakdown(state, MARK)["score"] == 0, "4 Sadness are no Happy Life"


def _draws():
    from .helpers import FakeDice

    return FakeDice()

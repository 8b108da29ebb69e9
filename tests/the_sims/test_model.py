"""The board's two shapes, read through model.py: Iconic Sims at Venues alone, names face up
with 2-5 players. The readers hand back the state's own list, so a change through them is a
change of the state, and a board of the other shape is refused rather than misread."""

from __future__ import annotations

import pytest

from lifegames.the_sims import model

from .helpers import new_state


@pytest.mark.parametrize(("players", "reader", "kind", "other"), [
    (["Ana"], model.spots, dict, model.face_up),  # alone: Iconic Sims at Venues
    (None, model.face_up, str, model.spots),  # 2-5 players: names face up
])
def test_the_board_is_read_in_the_shape_the_player_count_gives_it(players, reader, kind, other):
    state = new_state(players)
    board = reader(state)
    assert board is state["board"] and board and all(isinstance(s, kind) for s in board)
    with pytest.raises(TypeError, match="board"):
        other(state)


def test_an_empty_board_is_either_shape():
    state = new_state()
    state["board"] = []
    assert model.face_up(state) == model.spots(state) == []

"""The shared checks every game's rule data goes through (lifegames.engine.files.data): a count in
a YAML file is a whole number in range, never a bool or a float; names are looked up however
a player spaces or capitalises them."""

from __future__ import annotations

import pytest

from lifegames.a_chaotic_life import data as chaotic_data
from lifegames.engine.files.data import DataError, squeeze, whole_number
from lifegames.lifestyle import data as lifestyle_data
from lifegames.the_sims import data as sims_data


@pytest.mark.parametrize("value", [True, False, 1.0, "3", None, -1, 6])
def test_whole_number_refuses_what_is_not_a_count_in_range(value):
    with pytest.raises(DataError, match="rules.yaml x should be a whole number 0..5"):
        whole_number(value, "rules.yaml x", 0, 5)


def test_whole_number_keeps_a_count_in_range():
    assert [whole_number(v, "x", 1) for v in (1, 2, 10_000)] == [1, 2, 10_000]
    assert whole_number(0, "x") == 0 and whole_number(5, "x", 0, 5) == 5
    with pytest.raises(DataError, match="1 or more"):
        whole_number(0, "x", 1)


def test_squeeze_and_the_games_name_lookups():
    assert squeeze("  Big   WIN ") == "big win"
    assert lifestyle_data.find("  cat ") == "Cat"
    assert chaotic_data.find("big   win") == "Big Win"
    assert lifestyle_data.find("no such card") is None


@pytest.mark.parametrize("module", [chaotic_data, lifestyle_data, sims_data])
def test_a_bool_where_rules_yaml_wants_a_count_is_refused(module, monkeypatch):
    """Each game validates its rules.yaml with the shared check (players.min: true is not 1)."""
    real = module.load_yaml(module.PACKAGE, "rules.yaml")
    broken = {**real, "players": {**real["players"], "min": True}}
    monkeypatch.setattr(module, "load_yaml", lambda *a: broken)
    module.rules.cache_clear()
    try:
        with pytest.raises(DataError, match="players.min"):
            module.rules()
    finally:
        module.rules.cache_clear()

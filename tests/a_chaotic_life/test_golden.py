"""The golden playthrough: examples/a_chaotic_life/tick_NN/ played through the real command
line must produce examples/a_chaotic_life/expected/ byte for byte."""

from __future__ import annotations

from pathlib import Path

from .golden import GOLDEN


def test_the_golden_playthrough_matches(tmp_path: Path):
    assert not (problem := GOLDEN.mismatch(GOLDEN.play(tmp_path / "game"))), problem


def test_the_example_ends_with_death_and_a_shared_win():
    last = sorted((GOLDEN.expected / "Ana").glob("*_ana_sheet.txt"))[-1]
    text = last.read_text(encoding="utf-8")
    assert "shared win: Ana and Ben (the CP died)" in text

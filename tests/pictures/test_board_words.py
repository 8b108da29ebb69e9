"""What the boards say: the same figures as the sheet beside them, in words a player reads
without a key. Each board draws its counts from the functions its sheet prints them with, so
these tests compare the picture's text with the sheet's, never with a count of their own.
"""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from lifegames import registry
from lifegames.the_sims.data import rules as sims_rules

from .support import boards, game_states, sampled, views

ROOT = Path(__file__).resolve().parents[2]
NS = "{http://www.w3.org/2000/svg}"


def _texts(text: str) -> str:
    """Every text label of a picture, joined by spaces (what a screen reader reads)."""
    root = ET.fromstring(text.encode("utf-8"))
    return " ".join("".join(e.itertext()) for e in root.iter(f"{NS}text"))


def _desc(text: str) -> str:
    found = ET.fromstring(text.encode("utf-8")).find(f"{NS}desc")
    assert found is not None
    return found.text or ""


# -- A Chaotic Life! --------------------------------------------------------------------------


def _finished_chaotic_life() -> dict[str, Any]:
    """The greedy game's end, with Cleo playing for sadness: her happiness counters are then
    no part of her score, so a board that showed raw counters would not show her score."""
    state = copy.deepcopy(game_states("a-chaotic-life")[-1])
    assert state["over"]
    state["goals"]["Cleo"] = "sadness"
    return state


def test_w01_a_finished_chaotic_life_board_shows_the_sheets_scores_and_the_winner() -> None:
    state = _finished_chaotic_life()
    game = registry.get("a-chaotic-life")
    result = game.result(state)
    for viewer in state["players"]:
        words = _texts(boards("a-chaotic-life", state)[viewer])
        sheet = views("a-chaotic-life", state, viewer)[f"{viewer.lower()}_sheet.txt"]
        assert "game over" in words and "over (" not in words
        assert result.summary in words, viewer
        for player in state["players"]:
            line = next(li for li in sheet.splitlines() if li.startswith(f"{player} (")
                        and " score " in li)
            made = line.split("): ", 1)[1]
            assert made in words, (viewer, player, made)
            score = re.search(r"score (\d+) (\w+)", made)
            assert score, made
            you = " (you)" if player == viewer else ""
            head = f"{player}{you}: score {score[1]} {score[2]}"
            assert head in words, (viewer, head)
            assert (f"{head}, wins" in words) == (player in result.winners), (viewer, player)


def test_w02_a_chaotic_life_board_counts_in_words_and_names_only_the_goals_in_play() -> None:
    """`1 Item`, never `1 Items`; the Life Goals line names the goals someone plays for; the
    description calls the CP by the name the rules give it."""
    rules_md = (ROOT / "games" / "a_chaotic_life" / "RULES.md").read_text(encoding="utf-8")
    assert "Central Person" in rules_md
    for state in sampled("a-chaotic-life"):
        for text in boards("a-chaotic-life", state).values():
            assert not re.search(r"\b1 (cards|Items)\b", _texts(text)), state["tick"]
            assert "Central Person" in _desc(text) and "Communal" not in text
    end = game_states("a-chaotic-life")[-1]
    assert set(end["goals"].values()) == {"happiness"}  # nobody plays for a Terrible Life
    words = _texts(boards("a-chaotic-life", end)["Ana"])
    assert "Life Goals in play: Happy Life (Ana, Ben, Cleo)" in words
    assert "Terrible Life" not in words
    assert len(end["pouches"]["Ben"]) == 1 and "pouch: 1 Item " in words + " "


# -- The Sims Board Game, alone ------------------------------------------------------------------


def test_w03_the_sims_solo_board_counts_what_the_solo_game_is_won_by() -> None:
    """Alone there are no points: the board states the two goals (Aspirations completed and
    Sims at home, as the sheet counts them) and lists the three Aspirations as the sheet
    does."""
    goal = sims_rules()["solo"]
    states = game_states("the-sims", 7, ("Ana",))
    assert states[-1]["over"] and len(states) > 4
    for state in (states[1], states[len(states) // 2], states[-1]):
        files = views("the-sims", state, "Ana")
        board, sheet = files["ana_board.svg"], files["ana_sheet.txt"]
        words = _texts(board)
        assert "point" not in words and "point" not in _desc(board), state["tick"]
        assert (f"alone: win with {goal['aspirations']} Aspirations and "
                f"{goal['sims_to_win']} Sims at home") in words
        counts = next(li for li in sheet.splitlines() if li.startswith("Goals: "))
        assert f"Ana (you): {counts.removeprefix('Goals: ').rstrip('.')}" in words
        aspirations = [li for li in sheet.splitlines() if li.startswith("Aspiration ")]
        assert len(aspirations) == goal["aspirations"]
        for line in aspirations:
            assert line in words, (state["tick"], line)


# -- A Simple Life ----------------------------------------------------------------------------


def _labels(text: str) -> list[str]:
    root = ET.fromstring(text.encode("utf-8"))
    return ["".join(e.itertext()) for e in root.iter(f"{NS}text")]


def test_w04_a_simple_life_board_has_a_key_for_every_code_it_draws() -> None:
    """A label too short to be a word (a crop's letter, a Lake row's `3+`) is explained by the
    key at the foot, so is every mark a Lake target carries; a target's contents are words
    (`3 carrots`), never squeezed together (`carrot+carrot+carrot`)."""
    from lifegames.a_simple_life.board import MARKS

    game = registry.get("a-simple-life")
    end = game_states("a-simple-life")[-1]
    drawn = [text for state in sampled("a-simple-life")
             for text in boards("a-simple-life", state).values()]
    drawn.append(str(game.board(game.knowledge(end, None), None)))  # a spectator's: both sheets
    marks = {m for sheet in end["sheets"].values() for row in sheet["lake"] for m in row if m}
    assert marks and len(drawn) > 3
    for text in drawn:
        labels = _labels(text)
        assert "Key:" in labels
        body, key = labels[:labels.index("Key:")], labels[labels.index("Key:") + 1:]
        explained = {re.sub(r"[0-9]+", "N", k.split(" = ")[0]) for k in key if " = " in k}
        codes = {re.sub(r"[0-9]+", "N", b) for b in body if len(b) <= 3 and not b.isdigit()}
        assert codes and codes <= explained, codes - explained
        assert all(any(MARKS[m] in k for k in key) for m in marks), key
        assert not [b for b in body if re.search(r"\w\+\w", b)]
        assert "3 carrots" in body and "2 coins + star" in body


def test_w05_lifestyle_and_the_sims_final_boards_name_the_result_not_a_turn() -> None:
    """At game over the Lifestyle and The Sims boards say `game over` and give the result's
    sentence (the winner, then every player's score); Lifestyle's no longer names a turn's
    phase or the dice on the table."""
    for game_id in ("lifestyle", "the-sims"):
        state = game_states(game_id)[-1]
        assert state["over"], game_id
        summary = registry.get(game_id).result(state).summary
        for viewer, picture in boards(game_id, state).items():
            words = _texts(picture)
            assert "game over" in words and summary in words, (game_id, viewer, summary)
            assert "phase " not in words and "dice on the table" not in words, (game_id, viewer)


def test_w06_a_simple_life_final_board_names_a_band_only_for_points_that_count() -> None:
    """A Simple Life at game over: each sheet on the board says what the sheet's result line
    says, so a player who missed a goal is shown as not winning with points not recorded,
    never with the band a win would have earned."""
    from lifegames.a_simple_life.model import result_line

    state = game_states("a-simple-life")[-1]
    assert state["over"]
    lost = 0
    for viewer, picture in boards("a-simple-life", state).items():
        words = _texts(picture)
        for player in state["players"]:
            if f"{player}'s sheet: " in words:
                line = result_line(state, player)
                assert f"{player}'s sheet: {line}" in words, (viewer, player)
                lost += "not recorded" in line
        assert "dice to use" not in words, viewer
    assert lost, "the greedy game has a player who missed their goal"


def test_w07_the_sims_needs_trackers_are_never_squeezed() -> None:
    """Every Need label on a Sims board (`Bladder full`, `Hygiene empty`) fits its box at its
    own size: no label is squeezed (textLength) to fit."""
    for state in sampled("the-sims", 3):
        for viewer, picture in boards("the-sims", state).items():
            root = ET.fromstring(picture.encode("utf-8"))
            for label in root.iter(f"{NS}text"):
                words = "".join(label.itertext())
                if re.fullmatch(r"\w+ (full|empty)", words):
                    assert "textLength" not in label.attrib, (viewer, words)

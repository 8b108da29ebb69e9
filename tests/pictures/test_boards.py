"""The board pictures: one beside every sheet, named and archived like the sheets,
small, stable byte for byte, readable without colour, and showing what each game's board holds.

Secrecy (a board shows only what the player's view holds) is tested with every other byte a
player sees, in tests/secrecy (s1, s2, s5).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from lifegames import registry
from lifegames.engine.base import svg
from lifegames.engine.base.words import counted

from .support import GAMES, State, boards, game_states, sampled

ROOT = Path(__file__).resolve().parents[2]
NS = "{http://www.w3.org/2000/svg}"
LIMIT = 40 * 1024


def _reversed(value: Any) -> Any:
    """`value` with every dict's keys in the opposite order (the same JSON state)."""
    if isinstance(value, dict):
        return {k: _reversed(value[k]) for k in reversed(list(value))}
    if isinstance(value, list):
        return [_reversed(v) for v in value]
    return value


def _texts(text: str) -> str:
    """Every text label of a picture, joined (what a screen reader reads)."""
    root = ET.fromstring(text.encode("utf-8"))
    return " ".join("".join(e.itertext()) for e in root.iter(f"{NS}text"))


# -- the writer ----------------------------------------------------------------------------------


def test_p01_numbers_have_one_spelling_and_text_is_escaped() -> None:
    assert [svg.number(v) for v in (3, 3.0, -0.0, 0.004, 2.5, 1 / 3, -1.005, 12.3456)] == [
        "3", "3", "0", "0", "2.5", "0.33", "-1", "12.35"]
    pic = svg.Picture(100, 50, 'A & B <"x">', "d\x00e")
    pic.text(1, 2, "<script>&", tip="a\"b")
    text = pic.render()
    assert "<script>" not in text and "&lt;script&gt;&amp;" in text
    assert "<title>A &amp; B &lt;&quot;x&quot;&gt;</title>" in text
    assert "\x00" not in text
    ET.fromstring(text.encode("utf-8"))


def test_p02_a_label_longer_than_its_box_is_squeezed_into_it() -> None:
    pic = svg.Picture(100, 50, "t", "d")
    pic.text(0, 10, "short", size=10, fit=90)
    pic.text(0, 20, "a label far too long for its ninety units", size=10, fit=90)
    short, long = pic.parts
    assert "textLength" not in short
    assert 'textLength="90" lengthAdjust="spacingAndGlyphs"' in long


def test_p03_every_player_has_a_colour_and_a_shape_of_their_own() -> None:
    styles = [svg.player_style(i) for i in range(5)]  # the most players a game seats
    assert len({c for c, _ in styles}) == 5 and len({s for _, s in styles}) == 5


# -- the boards of every game ---------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_p04_boards_are_small_well_formed_and_readable_without_colour(game_id: str) -> None:
    """Under 40 KB; well-formed; a <title> and <desc> first; no script, no ids, no numbers in
    another spelling; every player named in text, each drawn with their own shape."""
    for state in sampled(game_id):
        for player, text in boards(game_id, state).items():
            where = f"{game_id} tick {state['tick']} {player}"
            assert len(text.encode("utf-8")) < LIMIT, (where, len(text.encode("utf-8")))
            root = ET.fromstring(text.encode("utf-8"))
            assert [c.tag for c in root][:2] == [f"{NS}title", f"{NS}desc"], where
            assert root.get("role") == "img" and root.get("viewBox"), where
            assert "<script" not in text and " id=" not in text and "href" not in text, where
            numbers = re.findall(r'="(-?[0-9][0-9.e+-]*)"', text.split("\n", 1)[1])
            assert all(n == svg.number(float(n)) for n in numbers), where
            assert player in _texts(text), where


@pytest.mark.parametrize("game_id", GAMES)
def test_p05_the_same_game_gives_the_same_bytes(game_id: str) -> None:
    """A board depends on the state alone: drawn again, or from the same state with its keys
    in another order, it is the same bytes (so a diff between ticks shows what changed)."""
    game = registry.get(game_id)
    for state in sampled(game_id, 3):
        first = boards(game_id, state)
        assert boards(game_id, _reversed(state)) == first
        assert boards(game_id, state) == first
    states = game_states(game_id)
    if len(states) > 2:  # a tick changes the picture
        assert boards(game_id, states[0]) != boards(game_id, states[-1])
    assert game.board(game.knowledge(states[-1], None), None) is not None  # a spectator's


def test_p06_simple_kingdoms_draws_terrain_only_where_explored() -> None:
    state = game_states("simple-kingdoms")[0]
    text = _texts(boards("simple-kingdoms", state)["Ironhold"])
    hidden = [t for t in state["tiles"] if not t["explored"]]
    assert hidden and text.count("unexplored") == len(hidden)
    assert "Orc threat 0 of 20" in text and "soldiers" in text and "village" in text
    end = game_states("simple-kingdoms")[-1]
    for t in end["tiles"]:
        if t["explored"]:
            assert f"({t['row']},{t['col']}) {t['terrain']}" in _texts(
                boards("simple-kingdoms", end)["Ironhold"])


def test_p07_a_chaotic_life_shows_your_hand_and_only_the_size_of_the_others() -> None:
    state = next(s for s in game_states("a-chaotic-life")[1:] if all(s["hands"].values()))
    drawn = boards("a-chaotic-life", state)
    for player, text in drawn.items():
        words = _texts(text)
        mine = state["hands"][player]
        assert f"hand ({len(mine)}): {', '.join(mine)}" in words
        for other in state["players"]:
            if other != player:
                assert f"hand: {counted(len(state['hands'][other]), 'card')}" in words
        for stage in ("Baby", "Child", "Teen", "Adult", "Senior"):
            assert stage in words


def test_p08_each_game_draws_what_its_board_holds() -> None:
    """The parts each game's board must show, by game, found in the text of a board mid-game."""
    wanted = {
        "a-simple-life": ["Farm", "Lake", "Mines", "Town Square", "Inventory", "Goals"],
        "lifestyle": ["Display", "dice zone", "points zone", "token pool", "draw pile"],
        "the-sims": ["Card Hub", "Iconic Sims face up", "Hunger", "Energy", "Bladder",
                     "Hygiene", "Social", "Fun", "Aspiration", "draw piles"],
    }
    for game_id, parts in wanted.items():
        states = game_states(game_id)
        state: State = states[len(states) // 2]
        for player, text in boards(game_id, state).items():
            words = _texts(text)
            missing = [p for p in parts if p not in words]
            assert not missing, (game_id, player, missing)
    sims = game_states("the-sims")[1]
    from lifegames.the_sims.model import board as venues

    words = _texts(next(iter(boards("the-sims", sims).values())))
    assert all(v["name"] in words and f"fills {v['need']}" in words for v in venues(sims))


@pytest.mark.parametrize("game", ["simple_kingdoms", "a_simple_life", "lifestyle", "the_sims",
                                  "a_chaotic_life"])
def test_p09_a_board_beside_every_sheet_of_the_golden_folders(game: str) -> None:
    """In each golden playthrough every numbered player sheet has its board of the same tick
    beside it, archived with it, under 40 KB."""
    expected = ROOT / "examples" / game / "expected"
    sheets = sorted(expected.rglob("[0-9][0-9][0-9]_*_sheet.txt"))
    assert sheets
    for sheet in sheets:
        tick, player = sheet.name.split("_")[:2]
        board = sheet.with_name(f"{tick}_{player}_board.svg")
        assert board.is_file(), board
        assert board.stat().st_size < LIMIT, board


def test_p10_every_board_of_the_golden_playthroughs_is_a_whole_svg_document():
    """A board is written as the game drew it: nothing the engine adds to text sheets (the
    line naming an absent player, say) lands in front of its XML declaration."""
    import xml.etree.ElementTree as ElementTree

    root = Path(__file__).resolve().parents[2] / "examples"
    boards = sorted(root.glob("*/expected/**/*_board.svg"))
    assert len({p.relative_to(root).parts[0] for p in boards}) == 5
    for path in boards:
        text = path.read_text(encoding="utf-8")
        assert text.startswith("<?xml"), path
        assert ElementTree.fromstring(text.encode("utf-8")).tag.endswith("svg"), path

"""The story page's boards can be read: each thumbnail is a link to its own figure, and the
figure a link targets is drawn at the board's full size (CSS alone, no script); a tick's
words link to its board. tests/pictures/test_browser.py checks the same in a browser."""

from __future__ import annotations

import re

from lifegames import registry
from lifegames.engine.core.history import Chapter, Story
from lifegames.engine.text.story import MAX_BOARDS, page

from .support import game_states


def _story() -> Story:
    """A Chaotic Life!'s greedy game told by the referee, a board per tick."""
    game = registry.get("a-chaotic-life")
    states = game_states("a-chaotic-life")
    chapters = [Chapter(s["tick"], game.board(game.knowledge(s, None), None), ["a line"])
                for s in states]
    return Story(None, list(states[0]["players"]), [], chapters, ["-"], True)


def test_t01_every_board_links_to_a_full_size_view_of_itself() -> None:
    told = _story()
    text = page("story", told)
    style = re.search(r"<style>(.*)</style>", text, re.S)
    assert style and ".board:target{width:100%" in style[1]
    figures = re.findall(r'<figure class="board" id="board-([0-9]+)">(.*?)</figure>', text, re.S)
    assert len(figures) == min(len(told.chapters), MAX_BOARDS)
    for tick, body in figures:
        link = re.match(rf'<a href="#board-{tick}"[^>]*>(.*?)</a>', body, re.S)
        assert link and link[1].startswith("<svg"), tick  # the thumbnail is the link
        assert '<a class="back" href="#boards">' in body, tick
        if int(tick):
            words = re.search(rf'<div class="tick" id="tick-{tick}"><h3>(.*?)</h3>', text)
            assert words and f'href="#board-{tick}"' in words[1], tick
    assert "<script" not in text


def test_a_chart_of_whole_numbers_has_whole_number_gridlines() -> None:
    """A figure that only takes whole values (a count of 0 or 1) is charted on gridlines
    1 apart, never 0.2, 0.4...; a figure with fractions keeps its finer ones."""
    import re

    from lifegames.engine.text.story import chart

    found = [(1, "Ann", {"Sims": 0}), (2, "Ann", {"Sims": 1}), (3, "Ann", {"Sims": 1})]
    labels = re.findall(r'fill="[^"]+" text-anchor="end">([^<]+)</text>',
                        chart("Sims", found, ["Ann"]))
    assert labels == ["0", "1"], labels
    halves = [(1, "Ann", {"odds": 0.5}), (2, "Ann", {"odds": 0.75})]
    fine = re.findall(r'fill="[^"]+" text-anchor="end">([^<]+)</text>',
                      chart("odds", halves, ["Ann"]))
    assert any("." in label for label in fine), fine

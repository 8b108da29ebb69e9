"""`history`: each player's figures tick by tick, from a replay of the hidden record; a
player's own history is what their sheets showed; the HTML page is self-contained and stable."""

from __future__ import annotations

from pathlib import Path

from lifegames import registry
from lifegames.engine.core.history import Story, table_rows
from lifegames.engine.host.host import Host
from lifegames.engine.host.tools import history, story
from lifegames.engine.text.story import MAX_BOARDS, page

from .conftest import FINISHED_TICKS
from .helpers import GAME, IRON, PLAYERS, play


def test_history_has_every_tick_of_every_player_and_matches_the_final_state(finished: Path):
    """One row per player per tick, 0 to the last; the last rows are the figures of the state
    the folder holds now."""
    host = Host(str(finished), registry.get)
    loaded, found = history(host)
    assert [(t, p) for t, p, _ in found] == [(t, p) for t in range(FINISHED_TICKS + 1)
                                             for p in PLAYERS]
    for player in PLAYERS:
        last = [f for t, p, f in found if t == FINISHED_TICKS and p == player][0]
        assert last == GAME.figures(loaded.state, player)


def test_a_players_history_is_computed_on_what_they_knew(finished: Path, monkeypatch):
    """history PLAYER shows that player's figures and the others' public ones
    (Game.public_figures), each from their knowledge of the state (Game.knowledge), never
    from the referee's whole state."""
    seen: list[object] = []
    real_knowledge, real_figures = GAME.knowledge, GAME.figures

    def knowledge(state, player):  # noqa: ANN001, ANN202
        return dict(real_knowledge(state, player), known_by=player)

    def figures(state, player):  # noqa: ANN001, ANN202
        seen.append(state.get("known_by"))
        return real_figures(state, player)

    monkeypatch.setattr(GAME, "knowledge", knowledge)
    monkeypatch.setattr(GAME, "figures", figures)
    _, found = history(Host(str(finished), registry.get), IRON)
    assert {p for _, p, _ in found} == set(PLAYERS)
    assert seen == [IRON] * (FINISHED_TICKS + 1) * len(PLAYERS)
    public = set(GAME.public_figures())
    for _, player, figures in found:
        assert player == IRON or set(figures) <= public, (player, figures)
    assert any(p != IRON and f for _, p, f in found)
    mine = {n for _, p, f in found if p == IRON for n in f}
    assert mine - public, "the player's own figures are more than the public ones"


def test_the_html_page_is_self_contained_and_stable(finished: Path, tmp_path: Path):
    """`history --html FILE`: an SVG chart per figure, a board per tick and the table, no
    script and nothing fetched from elsewhere; two runs write the same bytes."""
    first, second = tmp_path / "a.html", tmp_path / "b.html"
    for target in (first, second):
        result = play(finished, "history", "--html", str(target))
        assert result.returncode == 0, result.stderr
    text = first.read_text(encoding="utf-8")
    assert first.read_bytes() == second.read_bytes()
    figures = len(table_rows(history(Host(str(finished), registry.get))[1])[0]) - 2
    boards = min(FINISHED_TICKS + 1, MAX_BOARDS)
    assert text.count('<figure class="chart">') == figures
    assert text.count('<figure class="board"') == boards
    assert text.count("<svg") == figures + boards
    assert "<script" not in text and "http" not in text.replace("http://www.w3.org", "")
    assert page("t", Story(None, [], [], [], ["-"], False)).startswith("<!DOCTYPE html>")


def test_the_story_tells_the_result_first_then_each_tick_in_words(finished: Path):
    """The page leads with the result (the game is over: who won or how it ended), then the
    charts, the boards and every tick's events in the order the referee saw them."""
    loaded, told = story(Host(str(finished), registry.get))
    text = page("t", told)
    result = GAME.result(loaded.state)
    assert told.over and told.result[-len(PLAYERS):] == [
        f"{p}: {result.scores[p]}" for p in PLAYERS]
    order = [text.index(mark) for mark in ('id="result"', 'id="figures"', 'id="boards"',
                                           'id="ticks"', 'id="table"')]
    assert order == sorted(order)
    assert text.index(result.summary.replace("'", "&#x27;")) < order[1]
    assert [c.tick for c in told.chapters] == list(range(FINISHED_TICKS + 1))
    assert all(c.events for c in told.chapters[1:])  # every tick of Simple Kingdoms reports
    for chapter in told.chapters[1:]:
        assert f'id="tick-{chapter.tick}"' in text


def test_a_players_story_is_what_their_sheets_showed(finished: Path):
    """Ironhold's page: the boards are Ironhold's own boards of each tick, and the words are
    what Ironhold's sheets reported (Game.happened on Ironhold's view), never the referee's."""
    _, told = story(Host(str(finished), registry.get), IRON)
    _, everyone = story(Host(str(finished), registry.get))
    assert {p for _, p, _ in told.rows} == set(PLAYERS)
    public = set(GAME.public_figures())
    assert all(p == IRON or set(f) <= public for _, p, f in told.rows)
    assert told.chapters[-1].board == GAME.board(GAME.knowledge(
        Host(str(finished), registry.get).load().state, IRON), IRON)
    assert told.chapters != everyone.chapters
    for chapter in told.chapters[1:]:
        name = f"{chapter.tick:03d}_{IRON.lower()}_sheet.txt"
        sheet = next(p for p in (finished / IRON / name, finished / IRON / "archive" / name)
                     if p.exists()).read_text(encoding="utf-8")
        assert chapter.events and all(line in sheet for line in chapter.events), chapter.tick


def test_history_html_prints_only_where_the_page_is(finished: Path, tmp_path: Path):
    """`history --html FILE` writes the table into the page and prints one line naming it,
    not the table too; without --html the table is printed."""
    target = tmp_path / "page.html"
    result = play(finished, "history", "--html", str(target))
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"wrote {target}\n"
    shown = play(finished, "history")
    assert shown.returncode == 0 and len(shown.stdout.splitlines()) > FINISHED_TICKS


def test_the_result_block_lists_the_players_in_rank_order() -> None:
    """The Result block of a finished game names the winner, then each player's score best
    first (the winner first on a tie broken by other means), not in seat order."""
    from lifegames.engine.core import history as history_module
    from lifegames.engine.core.contract import Result

    class Finished:
        def knowledge(self, state, viewer):
            return state

        def happened(self, state, viewer):
            return []

        def board(self, state, viewer):
            return None

        def figures(self, state, player):
            return {"score": {"Ann": 3, "Bob": 9, "Cid": 9}[player]}

        def public_figures(self):
            return ("score",)

        def is_over(self, state):
            return True

        def result(self, state):
            return Result("Cid wins on the tie-break", {"Ann": 3, "Bob": 9, "Cid": 9}, ["Cid"])

    told = history_module.story(Finished(), iter([({"tick": 1}, [])]), ["Ann", "Bob", "Cid"],
                                None)
    assert told.result == ["Winner: Cid", "Cid wins on the tie-break", "Cid: 9", "Bob: 9",
                           "Ann: 3"]

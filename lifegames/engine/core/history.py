"""A game's story: each player's key figures, the board and what happened, tick by tick.

The referee's folder holds only the current state, so the states of earlier ticks are rebuilt
in memory from the setup and the hidden record of executed orders (the replay `verify` trusts).
Each figure comes from `Game.figures`; a player's own history is computed on their knowledge of
each state, so it shows only what their sheets showed; so are the boards and the words of
each tick (`Game.board`, `Game.happened`). engine/text/story.py makes the page.

A player's seat holds no record to replay, but it keeps what its player knew after each tick
(seats/seats.py: seat.json and its copies in archive/). Each of those is `knowledge(state, player)`,
and everything a player's story asks of a state is asked of that player's knowledge of it (a
knowledge is its own knowledge; a game's end, result and status are what its players'
sheets show), so `seat_story` makes the same Story from them: the page the host makes for
that player, byte for byte (tests/seats/test_seat_story.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..base.jsondata import JsonObject
from .contract import AnyGame, State
from .dice import Dice
from .orders import header_line, parse_text
from .turn import play_tick, standing_updates

Row = tuple[int, str, JsonObject]  # tick, player, figures


def replay_states(game: AnyGame, players: list[str], options: JsonObject, seed: int,
                  logs: dict[str, dict[int, str]], upto: int) -> Iterator[State]:
    """The state after setup and after each tick up to `upto`, replayed in memory from each
    player's executed orders (tick -> that tick's lines)."""
    for state, _ in replay(game, players, options, seed, logs, upto):
        yield state


def replay(game: AnyGame, players: list[str], options: JsonObject, seed: int,
           logs: dict[str, dict[int, str]], upto: int) -> Iterator[tuple[State, list[str]]]:
    """As replay_states, each state with the events of the tick that made it (none at setup):
    the referee's words for what happened."""
    state = game.setup(list(players), options, Dice(seed, 0))
    state["tick"] = 0
    yield state, []
    for tick in range(1, upto + 1):
        awaited = game.awaiting(state)
        parsed = {p: parse_text(game.grammar_name(),
                                f"{header_line(game.grammar_name(), tick)}{logs[p].get(tick, '')}"
                                "end\n", f"{p}/executed_orders.txt")
                  for p in players if p in awaited or tick in logs[p]}
        files = {p: parsed[p] for p in awaited}
        others = {p: f for p, f in parsed.items() if p not in awaited}
        outcome = play_tick(game, state, files, seed, standing_updates(game, state, others))
        if outcome.problems:
            raise ValueError(f"tick {tick} does not replay: {outcome.problems[0].render()}")
        state = outcome.state
        yield state, list(outcome.events)


def rows(game: AnyGame, states: Iterator[State], players: list[str], viewer: str | None
         ) -> list[Row]:
    """Figures per tick: every player's for the referee (`viewer` None); for a player, their
    own and the public ones of the others (Game.public_figures), all computed on what they
    knew."""
    out: list[Row] = []
    public = game.public_figures()
    for state in states:
        seen = state if viewer is None else game.knowledge(state, viewer)
        for player in players:
            figures = dict(game.figures(seen, player))
            if viewer is not None and player != viewer:
                figures = {n: v for n, v in figures.items() if n in public}
            if figures:
                out.append((int(state["tick"]), player, figures))
    return out


def figure_names(found: list[Row]) -> list[str]:
    names: list[str] = []
    for _, _, figures in found:
        names += [n for n in figures if n not in names]
    return names


def table_rows(found: list[Row]) -> tuple[list[str], list[list[object]]]:
    names = figure_names(found)
    return ["tick", "player", *names], [[t, p, *(f.get(n, "") for n in names)]
                                        for t, p, f in found]


@dataclass
class Chapter:
    """One tick of the story: the board as the viewer saw it then (SVG text, or None if the
    game draws none) and what happened, in words, as they were told it."""

    tick: int
    board: str | None
    events: list[str]


@dataclass
class Story:
    """A game's story as one viewer may know it (None: the referee): the figures, one
    chapter per tick, and how it ended or stands."""

    viewer: str | None
    players: list[str]
    rows: list[Row]
    chapters: list[Chapter]
    result: list[str]
    over: bool
    first: int = 0  # the first tick told (a seat that kept nothing of the ticks before it)


def story(game: AnyGame, replayed: Iterable[tuple[State, list[str]]], players: list[str],
          viewer: str | None) -> Story:
    """The story of a replayed game: for a player, everything from their knowledge of each
    state (their sheets' figures, their board, what they were told); for the referee, every
    player's figures, a spectator's board and every event of each tick."""
    found: list[Row] = []
    chapters: list[Chapter] = []
    state: State = {}
    for state, events in replayed:
        found += rows(game, iter([state]), players, viewer)
        seen = game.knowledge(state, viewer)
        told = events if viewer is None else game.happened(state, viewer)
        chapters.append(Chapter(int(state["tick"]), game.board(seen, viewer), told))
    over = game.is_over(state)
    if over:
        result = game.result(state)
        lines = [result.summary]
        if result.winners:
            lines.insert(0, ("Winners: " if len(result.winners) > 1 else "Winner: ")
                         + ", ".join(result.winners))
        ranked = sorted((p for p in players if p in result.scores),  # winners, then best
                        key=lambda p: (p not in result.winners, -result.scores[p]))
        lines += [f"{p}: {result.scores[p]}" for p in ranked]
    else:
        lines = [f"The game is not over: tick {state['tick']} was the last played.",
                 *game.status_lines(state)]
    return Story(viewer, list(players), found, chapters, lines, over)


def seat_story(game: AnyGame, views: list[State], players: list[str], player: str) -> Story:
    """`player`'s story from what they knew after each tick (`views`, oldest first, each
    `knowledge(state, player)`, as a seat keeps them): as `story` makes it for that player
    from the replayed states, from the first tick held on."""
    told = story(game, ((view, []) for view in views), players, player)
    told.first = int(views[0]["tick"]) if views else 0
    return told

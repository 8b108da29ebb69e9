"""A game's story at a glance: each player's key figures, tick by tick.

The referee's folder holds only the current state, so the states of earlier ticks are rebuilt
in memory from the setup and the hidden record of executed orders (the replay `verify` trusts).
Each figure comes from `Game.figures`; a player's own history is computed on their knowledge of
each state, so it shows only what their sheets showed.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from typing import Any

from .contract import Game, State
from .dice import Dice
from .orders import header_line, parse_text
from .turn import play_tick, standing_updates

Row = tuple[int, str, dict[str, Any]]  # tick, player, figures


def replay_states(game: Game, players: list[str], options: dict[str, Any], seed: int,
                  logs: dict[str, dict[int, str]], upto: int) -> Iterator[State]:
    """The state after setup and after each tick up to `upto`, replayed in memory from each
    player's executed orders (tick -> that tick's lines)."""
    state = game.setup(list(players), options, Dice(seed, 0))
    state["tick"] = 0
    yield state
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
        yield state


def rows(game: Game, states: Iterator[State], players: list[str], viewer: str | None
         ) -> list[Row]:
    """Figures per tick: every player's for the referee (`viewer` None), else the viewer's
    own, computed on what they knew."""
    out: list[Row] = []
    for state in states:
        shown = players if viewer is None else [viewer]
        for player in shown:
            seen = state if viewer is None else game.knowledge(state, viewer)
            out.append((int(state["tick"]), player, dict(game.figures(seen, player))))
    return out


def figure_names(found: list[Row]) -> list[str]:
    names: list[str] = []
    for _, _, figures in found:
        names += [n for n in figures if n not in names]
    return names


def table_rows(found: list[Row]) -> tuple[list[str], list[list[Any]]]:
    names = figure_names(found)
    return ["tick", "player", *names], [[t, p, *(f.get(n, "") for n in names)]
                                        for t, p, f in found]


def page(title: str, found: list[Row]) -> str:
    """One self-contained HTML page: a small SVG chart per figure and the table (no network,
    no script), stable byte for byte."""
    headers, body = table_rows(found)
    players = list(dict.fromkeys(p for _, p, _ in found))
    parts = [
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        f"<title>{html.escape(title)}</title>",
        "<style>body{font-family:sans-serif;margin:2em}svg{margin:0 1em 1em 0}"
        "table{border-collapse:collapse}td,th{border:1px solid #999;padding:2px 6px;"
        "text-align:right}</style>", "</head>", "<body>", f"<h1>{html.escape(title)}</h1>",
    ]
    for name in figure_names(found):
        parts.append(_chart(name, found, players))
    parts.append("<table>")
    parts.append("<tr>" + "".join(f"<th>{html.escape(str(h))}</th>" for h in headers) +
                 "</tr>")
    for row in body:
        parts.append("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) +
                     "</tr>")
    parts += ["</table>", "</body>", "</html>", ""]
    return "\n".join(parts)


COLOURS = ("#1b6ca8", "#c0392b", "#27ae60", "#8e44ad", "#d68910")
WIDTH, HEIGHT, PAD = 320, 160, 24


def _chart(name: str, found: list[Row], players: list[str]) -> str:
    series = {p: [(t, f[name]) for t, q, f in found if q == p and _number(f.get(name))]
              for p in players}
    points = [v for s in series.values() for v in s]
    if not points:
        return ""
    ticks = [t for t, _ in points]
    values = [float(v) for _, v in points]
    t0, t1 = min(ticks), max(max(ticks), min(ticks) + 1)
    v0, v1 = min(min(values), 0.0), max(max(values), 1.0)

    def x(t: int) -> float:
        return PAD + (WIDTH - 2 * PAD) * (t - t0) / (t1 - t0)

    def y(v: float) -> float:
        return HEIGHT - PAD - (HEIGHT - 2 * PAD) * (v - v0) / (v1 - v0)

    out = [f'<svg width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
           f'role="img" aria-label="{html.escape(name)}">',
           f'<text x="{PAD}" y="14" font-size="12">{html.escape(name)} '
           f'({_fmt(v0)} to {_fmt(max(values))})</text>',
           f'<line x1="{PAD}" y1="{HEIGHT - PAD}" x2="{WIDTH - PAD}" y2="{HEIGHT - PAD}" '
           'stroke="#999"/>']
    for index, (player, points_of) in enumerate(series.items()):
        if not points_of:
            continue
        colour = COLOURS[index % len(COLOURS)]
        line = " ".join(f"{x(t):.1f},{y(float(v)):.1f}" for t, v in points_of)
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" '
                   f'points="{line}"/>')
        out.append(f'<text x="{WIDTH - PAD}" y="{20 + 12 * index}" font-size="10" '
                   f'text-anchor="end" fill="{colour}">{html.escape(player)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"

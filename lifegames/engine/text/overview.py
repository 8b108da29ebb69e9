"""`state` without --json: the referee's overview of a whole game, tabulated from the game's
public_state (so it cannot drift from `state --json`): the game's own figures, a table of every
player, the board and piles, and what is awaited now."""

from __future__ import annotations

from ..base.jsondata import JsonObject
from ..core.contract import AnyGame, State
from .sheets import table

SHORT = 6  # a list longer than this is shown as its length


def render(game: AnyGame, state: State, players: list[str]) -> str:
    view = game.public_state(state)
    parts: list[str] = []
    scalars = [[key, _cell(value)] for key, value in sorted(view.items())
               if not isinstance(value, (dict, list))]
    if scalars:
        parts.append(_titled("Game", table(scalars, ["", "value"])))
    for key, value in sorted(view.items()):
        if isinstance(value, dict) and set(value) == set(players) and all(
                isinstance(v, dict) for v in value.values()):
            parts.append(_titled(key.replace("_", " ").capitalize(), _players(value, players)))
        elif isinstance(value, dict):
            rows = [[k, _cell(v)] for k, v in sorted(value.items())]
            parts.append(_titled(key.replace("_", " ").capitalize(), table(rows, ["", ""])))
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            parts.append(_titled(key.replace("_", " ").capitalize(), _records(value)))
        elif isinstance(value, list) and value and all(isinstance(v, list) for v in value):
            rows = [[i + 1, *(_cell(c) for c in row)] for i, row in enumerate(value)]
            width = max(len(r) for r in value)
            parts.append(_titled(key.replace("_", " ").capitalize(),
                                 table(rows, ["", *(str(i + 1) for i in range(width))])))
        elif isinstance(value, list) and key != "players":
            parts.append(_titled(key.replace("_", " ").capitalize(), _cell(value, long=True)))
    awaited = game.awaiting(state)
    lines = ["awaiting orders from: " + (", ".join(awaited) or "nobody")]
    for player in awaited:
        prompt = game.prompt(state, player)
        if prompt is not None:
            lines.append(f"  {prompt.text}")
    parts.append(_titled("Now", "\n".join(lines)))
    return "\n\n".join(parts) + "\n"


def _titled(title: str, body: str) -> str:
    return f"{title}\n{'-' * len(title)}\n{body.rstrip()}"


def _players(value: dict[str, JsonObject], players: list[str]) -> str:
    columns: list[str] = []
    for player in players:
        columns += [k for k in value[player] if k not in columns]
    rows = [[player, *(_cell(value[player].get(c, "")) for c in columns)] for player in players]
    return table(rows, ["", *columns])


def _records(items: list[JsonObject]) -> str:
    columns: list[str] = []
    for item in items:
        columns += [k for k in item if k not in columns]
    return table([[_cell(item.get(c, "")) for c in columns] for item in items], columns)


def _cell(value: object, long: bool = False) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if not value:
            return "none"
        if len(value) > SHORT and not long:
            return f"{len(value)} items"
        return ("\n" if long else ", ").join(_cell(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_cell(v)}" for k, v in sorted(value.items())) or "none"
    return str(value)

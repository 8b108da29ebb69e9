"""What the generic secrecy tests need, game by game and for every game.

`seen` renders every byte a player is shown at a state, by where it is shown: their seat's
seat.json, their sheets and board picture, order template, `check`'s output (problems,
warnings, effects) for order files, their facts and `state --json --player`, `status`, and
what the rules answer them on the state itself (their prompt and legal orders); `answers` adds
what a plan's `can` would answer them. `states` plays whole games by the engine's bots (random
and greedy) and yields the states to look at: the start of every tick and the state after every
order of it (mid-turn: what a seat holds when a file stops after a draw, and what `check` and
the sheets would be made from if it stopped anywhere else), each with the kinds of moment it
is (`Looked.kinds`: after a draw, at a prompt, with an offer waiting, after a standing
reaction). Each game's `Adapter` (adapters.py) says, from its rules and not from its
declaration, what is hidden from a player and what is visible to them, and which order files
probe the secrets; the secrets are dealt again by the engine's `resample`, from the
declaration.
"""

from __future__ import annotations

import functools
import html
import json
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from lifegames import registry
from lifegames.engine.core import turn
from lifegames.engine.core.bots import choose_orders
from lifegames.engine.core.contract import Game, clone
from lifegames.engine.core.dice import Dice
from lifegames.engine.core.orders import ParsedFile, parse_text
from lifegames.engine.seats.seats import seat_view

from ..reliability.test_hidden import differences

__all__ = ["DRAW", "OFFER", "PROMPT", "REACTION", "Adapter", "Finder", "Looked", "answers",
           "differences", "moments", "names_shown", "scripted", "seen", "states"]

State = dict[str, Any]
JSON_OUTPUTS = ("seat.json", "facts", "state --json --player")


@dataclass
class Adapter:
    """One game's side of the secrecy tests (written from the rules, not the declaration)."""

    game_id: str
    players: list[str]
    names: Callable[[], list[str]]  # every name a hidden thing may have (cards, terrains)
    hidden: Callable[[State, str], set[str]]  # names hidden from the player by the rules
    visible: Callable[[State, str], set[str]]  # names the rules let the player see
    probes: Callable[[State, str], list[str]]  # order files that touch the secrets
    prepare: Callable[[State], None] = lambda state: None  # what bots do between ticks
    games: tuple[tuple[int, str], ...] = ()  # whole games looked at: (seed, strategy)
    # scripted turns for what the bots seldom do: (label, state, the awaited player's file)
    scripted: Callable[[], list[tuple[str, State, str]]] = lambda: []
    # the commands a tick's events show were played as standing orders (a reaction)
    fired: Callable[[list[str]], set[str]] = lambda events: set()
    max_ticks: int = 2000
    # the players of a state, for a game whose scripted turns have other seats (alone, say)
    seats: Callable[[State], list[str]] | None = None

    def players_of(self, state: State) -> list[str]:
        return list(self.seats(state)) if self.seats else list(self.players)


@functools.lru_cache(maxsize=4096)
def parsed_file(grammar: str, text: str, path: str) -> ParsedFile:
    """An order file parsed once: the same probes are checked at many states (a check reads
    a parsed file and never changes it)."""
    return parse_text(grammar, text, path)


def check_output(game: Game, state: State, player: str, text: str) -> str:
    """What `play.py check` shows for this file: every problem, every warning, and the effects
    of the orders that would run."""
    parsed = parsed_file(game.grammar_name(), text, f"{player}_orders.txt")
    result = turn.check_file(game, state, player, parsed)
    warnings = result.plan.warnings if result.plan else []
    return "\n".join([*(p.render() for p in result.problems),
                      *(w.render() for w in warnings), *result.effects])


def seen(game: Game, state: State, player: str, players: list[str], files: list[str]
         ) -> dict[str, str]:
    """Every byte `player` is shown at `state`, by where it is shown."""
    out = {"seat.json": seat_view(game, state, player, players)}
    # a board picture is read as its text says it (a name with & in it is escaped in the SVG)
    out.update({f"sheet {name}": html.unescape(text) if name.endswith(".svg") else text
                for name, text in game.views(state, player).items()})
    out["order template"] = game.order_template(state, player)
    out["facts"] = json.dumps(game.facts(state, player), sort_keys=True)
    out["state --json --player"] = json.dumps(game.player_state(state, player), sort_keys=True)
    out["status"] = "\n".join(game.status_lines(state))
    out["prompt"] = repr(game.prompt(state, player))
    out["legal orders"] = "\n".join(game.legal_orders(state, player))
    if player in game.awaiting(state):
        for text in files:
            out[f"check of {text!r}"] = check_output(game, state, player, text)
    return out


def answers(game: Game, state: State, player: str, files: list[str]) -> dict[str, str]:
    """What `can ORDER` answers `player` on the state itself (a plan asks it at tick time),
    for every order the rules could list to them and every order of `files` (which may name
    what is hidden from them): the same order file must take the same branches whatever the
    secrets are."""
    orders = list(game.candidates(game.knowledge(state, player), player))
    for text in files:
        orders += parsed_file(game.grammar_name(), text, "probe").orders
    return {f"can {order.canonical()}": str(game.can(state, player, order)) for order in orders}


# -- looking for names -------------------------------------------------------------------------


class Finder:
    """Finds whole names in text: case-sensitive, not inside a longer word, and not as part of
    a longer name of the same list ("Party" inside "Party Hat": the longest is tried first)."""

    def __init__(self, names: list[str]) -> None:
        ordered = sorted(set(names), key=len, reverse=True)
        self.pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, ordered)) + r")(?!\w)")

    def found(self, text: str) -> set[str]:
        return {m.group(0) for m in self.pattern.finditer(text)}


def strings(value: Any) -> Iterator[str]:
    """Every string value of a JSON document (keys left out: a fact named after a terrain
    says nothing about where that terrain is)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def names_shown(finder: Finder, shown: dict[str, str]) -> dict[str, set[str]]:
    """The names found in each output (JSON outputs: in their string values)."""
    out = {}
    for where, text in shown.items():
        if where in JSON_OUTPUTS:  # no name spans two strings: each ends a line
            out[where] = finder.found("\n".join(strings(json.loads(text))))
        else:
            out[where] = finder.found(text)
    return out


# -- the states to look at -------------------------------------------------------------------------


# The kinds of moment a state may be, besides a tick's start: each game's states must include
# every kind its rules have (test_secrecy's s6).
DRAW = "after a draw"  # after an order whose outcome its writer could not know (a roll too)
PROMPT = "at a prompt"  # a player owes an answer (a roll to keep, an offer to answer)
OFFER = "with an offer waiting"  # a player's turn waits for another's answer
REACTION = "after a standing reaction"  # a standing order played for its player


@dataclass
class Looked:
    """A state to look at, why, the order files each awaited player has for it, and the
    kinds of moment it is."""

    label: str
    state: State
    files: dict[str, list[str]] = field(default_factory=dict)
    kinds: set[str] = field(default_factory=set)


def moments(game: Game, state: State) -> set[str]:
    """The kinds of moment `state` is that it shows by itself: a prompt, an offer waiting."""
    players = list(state.get("players", []))
    found = {PROMPT} if any(game.prompt(state, p) for p in players) else set()
    return found | ({OFFER} if any(game.suspended(state, p) for p in players) else set())


def _after_each_order(adapter: Adapter, game: Game, state: State,
                      executed: dict[str, list[str]], seed: int
                      ) -> Iterator[tuple[str, State, set[str]]]:
    """The states after each order the tick ran, replayed with the tick's own dice, and what
    kind of moment each is."""
    work = clone(state)
    for player, lines in executed.items():  # a file's standing orders hold from its start
        texts = [line.removeprefix("standing ") for line in lines if line.startswith("standing")]
        if texts:
            work.setdefault("standing", {})[player] = [t for t in texts if t != "none"]
    game.begin_tick(work)
    dice = turn.tick_dice(seed, state)
    for player, lines in executed.items():
        for number, line in enumerate(lines, start=1):
            if line.startswith(("#", "standing")) or line == "absent":
                continue
            (order,) = parse_text(game.grammar_name(), line, "replay").orders
            chance = game.ends_file(work, player, order)
            events = game.act(work, player, order, dice)
            kinds = moments(game, work) | ({DRAW} if chance else set())
            kinds |= {REACTION} if adapter.fired(events) else set()
            yield f"{player}'s order {number} ({line})", clone(work), kinds


def states(adapter: Adapter, seed: int, strategy: str, used: set[str] | None = None
           ) -> Iterator[Looked]:
    """A whole game by bots: the start of every tick and the state after every order. `used`
    collects the commands that ran."""
    game = registry.get(adapter.game_id)
    state = game.setup(list(adapter.players), game.parse_options([], None), Dice(seed, 0))
    state["tick"] = 0
    rng = random.Random(seed)
    reacted = False  # a standing order played in the tick before
    while not game.is_over(state):
        assert state["tick"] < adapter.max_ticks, "the game does not end"
        adapter.prepare(state)
        files = {p: "\n".join(choose_orders(game, state, p, strategy, rng))
                 for p in game.awaiting(state)}
        parsed = {p: parse_text(game.grammar_name(), text, p) for p, text in files.items()}
        outcome = turn.play_tick(game, state, parsed, seed)
        assert not outcome.problems, [p.render() for p in outcome.problems]
        _record(adapter, outcome, used)
        yield from _tick(adapter, game, f"tick {state['tick'] + 1}", state, files, outcome, seed,
                         reacted)
        state, reacted = outcome.state, bool(adapter.fired(outcome.events))
    yield Looked(f"the end, tick {state['tick']}", state, kinds={REACTION} if reacted else set())


def scripted(adapter: Adapter, used: set[str] | None = None) -> Iterator[Looked]:
    """The adapter's scripted turns: each start, the state after each order, and the end."""
    game = registry.get(adapter.game_id)
    for label, state, text in adapter.scripted():
        files = {p: text for p in game.awaiting(state)}
        parsed = {p: parse_text(game.grammar_name(), t, p) for p, t in files.items()}
        outcome = turn.play_tick(game, state, parsed, 2015)
        assert not outcome.problems, (label, [p.render() for p in outcome.problems])
        _record(adapter, outcome, used)
        yield from _tick(adapter, game, label, state, files, outcome, 2015, False)
        reacted = {REACTION} if adapter.fired(outcome.events) else set()
        yield Looked(f"{label}, after the tick", outcome.state,
                     kinds=moments(game, outcome.state) | reacted)


def _record(adapter: Adapter, outcome: turn.TickOutcome, used: set[str] | None) -> None:
    if used is None:
        return
    for lines in outcome.executed.values():
        used.update(line.split("(")[0] for line in lines if not line.startswith("#"))
    used.update(adapter.fired(outcome.events))


def _tick(adapter: Adapter, game: Game, label: str, state: State, files: dict[str, str],
          outcome: turn.TickOutcome, seed: int, reacted: bool) -> Iterator[Looked]:
    """The start of a tick (`reacted`: after a tick in which a standing order played, at its
    end perhaps), and the state after each of its orders."""
    probes = {p: [files[p], *adapter.probes(state, p)] for p in files}
    yield Looked(f"{label} begins", state, probes,
                 moments(game, state) | ({REACTION} if reacted else set()))
    for done, mid, kinds in _after_each_order(adapter, game, state, outcome.executed, seed):
        yield Looked(f"{label}, after {done}", mid,
                     {p: adapter.probes(mid, p) for p in game.awaiting(mid)}, kinds)

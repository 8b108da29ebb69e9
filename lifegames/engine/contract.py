"""The contract every game implements, and the records that pass between a game and the engine.

A game is a set of pure functions over a JSON-shaped state dict (python-chess keeps `parse` and
`push` apart; PokerKit's `verify`/`do` split is the model for `act`): `act` either raises an
OrderError without touching the state, or applies the order and returns what happened. The engine
owns files, locking, dice and the tick counter; the game owns the rules.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

State = dict[str, Any]


def clone(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, scalars), as copy.deepcopy would make
    of a state but several times faster: checks, bots and forecasts copy states constantly."""
    if isinstance(value, dict):
        return {k: clone(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clone(v) for v in value]
    if isinstance(value, tuple):
        return tuple(clone(v) for v in value)
    return value


class Arg(NamedTuple):
    """One argument of an order, with where it was written (for carets under the right text).
    A tuple: bots build tens of thousands of orders a game, and tuples are cheap to make."""

    name: str
    value: Any
    column: int
    end_column: int
    kind: str = "string"  # "int", "string" (quoted), "word" (bare) or "ref" ($fact): canonical()


@dataclass(slots=True)
class Order:
    """One parsed order line. `command` is the grammar rule's name; args keep grammar order.
    Treated as read-only once made (not frozen: frozen dataclasses are slow to build)."""

    command: str
    args: tuple[Arg, ...]
    line: int
    column: int
    end_column: int
    source: str

    @classmethod
    def make(cls, command: str, **args: Any) -> Order:
        """An order built in code (bots, hints): ints stay numbers, other values are names."""
        built = tuple(Arg(k, v, 1, 2, "int" if isinstance(v, int) else "string")
                      for k, v in args.items())
        return cls(command, built, 0, 1, 2, "")

    def __getitem__(self, name: str) -> Any:
        for arg in self.args:
            if arg.name == name:
                return arg.value
        raise KeyError(name)

    def arg(self, name: str) -> Arg | None:
        for arg in self.args:
            if arg.name == name:
                return arg
        return None

    def canonical(self) -> str:
        """The stable spelling written to executed_orders.txt (and read back by a replay)."""
        parts = [f'"{a.value}"' if a.kind == "string" else f"${a.value}" if a.kind == "ref"
                 else str(a.value) for a in self.args]
        return f"{self.command}({', '.join(parts)})"


class OrderError(Exception):
    """An order that cannot run now. `arg` names the argument the caret should point at."""

    def __init__(self, code: str, message: str, hint: str = "", arg: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.hint = hint
        self.arg = arg


def runs(check: Callable[..., Any], *args: Any) -> bool:
    """True when `check(*args)` raises no OrderError. The legal-order lists ask the rules'
    own checks "could this run now?" this way, so the rules are written once."""
    try:
        check(*args)
    except OrderError:
        return False
    return True


class SetupError(Exception):
    """Options or players that a game cannot start with."""


@dataclass(frozen=True)
class Prompt:
    """A decision owed by one player in the middle of a turn (after a roll, say).

    The game stores it in its state; `awaiting` names the player; the sheet prints `text` and the
    exact orders in `answers` that settle it.
    """

    player: str
    text: str
    answers: tuple[str, ...]


@dataclass
class Result:
    """The end of a game: a line per player (or team) and an overall summary."""

    summary: str
    scores: dict[str, int] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)


class Game:
    """Base class of every game. Subclasses set the class attributes and override the methods.

    State rules: `state["tick"]` is the number of ticks played; the engine increments it after
    `end_tick`. The engine also owns `state["standing"]` (player -> the canonical text of their
    standing orders, present once someone has left one; read it with `standing`) and
    `state["absent"]` (the players the host played by their default this tick, present only
    then). Everything else in the state is the game's, and must round-trip through JSON.
    """

    id: str = ""
    title: str = ""
    package: str = ""  # data folder name under games/ and grammar name under grammars/
    grammar: str = ""  # another grammar: a name in grammars/ or a path to a .lark file
    min_players: int = 1
    max_players: int = 1
    default_players: tuple[str, ...] = ()
    missing_orders_policy: str = "An empty order file means no actions."
    cooperative: bool = False  # the players win or lose together (no one wins alone)
    # What `tick --absent PLAYER` (and `watch --deadline`) plays for an awaited player who sent
    # nothing: `absent_orders` below; this sentence says it in `status`.
    absent_policy: str = "An absent player takes no actions."
    # Commands a player may leave in force over several ticks (`standing <order>` lines):
    # choices other players' turns force on them, and defaults for their own prompts.
    standing_commands: frozenset[str] = frozenset()

    def grammar_name(self) -> str:
        return self.grammar or self.package

    # -- setup --------------------------------------------------------------------------------
    def parse_options(self, words: list[str], ticks: int | None) -> dict[str, Any]:
        """Turn `setup` words and flags into options, or raise SetupError."""
        if words:
            raise SetupError(f"{self.title} takes no setup words (got {' '.join(words)!r})")
        return {}

    def setup(self, players: list[str], options: dict[str, Any], dice: Any) -> State:
        raise NotImplementedError

    # -- a tick ---------------------------------------------------------------------------------
    def awaiting(self, state: State) -> list[str]:
        raise NotImplementedError

    def max_orders(self, state: State, player: str) -> int | None:
        """How many orders a file may hold this tick (None: no limit)."""
        return None

    def is_random(self, order: Order) -> bool:
        """True for an order whose outcome is chance (a roll, a draw from a hidden pile)."""
        return False

    def ends_file(self, state: State, player: str, order: Order) -> bool:
        """The random barrier, asked before `order` runs on `state`: True for an order whose
        outcome nobody may know when the file is checked. `check` runs a file up to and
        including such an order and checks what follows only for form and names (`validate`),
        since it may depend on the outcome; `tick` runs it all with the real dice, and stops a
        plan at the first later order the outcome made impossible. Hidden facts that are not
        chance (unexplored terrain, say) need no barrier: `knowledge` hides them instead."""
        return self.is_random(order)

    def unforeseen(self, state: State, player: str) -> bool:
        """Asked during a tick after each of `player`'s orders runs: True once something the
        player could not know has happened this tick (another player's hidden card answered
        theirs, say). From then on the player's plan stops at the first order that cannot
        run, as after a roll, instead of refusing the whole tick."""
        return False

    def knowledge(self, state: State, player: str) -> State:
        """The state as `player` knows it: a copy in which everything hidden from them (draw
        piles, others' hands, unexplored terrain) is replaced by placeholders that `act` runs
        on, raising an OrderError wherever an order would depend on a secret. `check` runs on
        it, so neither its effects nor its errors can tell a secret; a seat holds it for
        player-side checks. A game without secrets keeps the default (the whole state)."""
        return clone(state)

    def spell(self, order: Order) -> Order:
        """`order` with its names spelled as the game spells them (players may write names in
        any case): what executed_orders.txt keeps, so one order has one spelling."""
        return order

    def warnings(self, state: State, player: str, order: Order) -> list[OrderError]:
        """Asked by `check` just before `order` runs: outcomes the rules make certain or
        hopeless though the order is legal (a roll that cannot succeed), as OrderErrors with W-
        codes. `check` shows them; they never block a tick. Runs on the player's knowledge, so
        it cannot tell a secret."""
        return []

    def validate(self, player: str, order: Order) -> None:
        """The checks of `order` that need no state (names, ranges): raise OrderError. Run on
        plan steps that come after an outcome `check` cannot know, and on standing orders."""

    def facts(self, state: State, player: str) -> dict[str, Any]:
        """What a plan's conditions (`if met`, `while tokens > 1`) and `$name` arguments may
        read, as `player` sees the game now: ints, bools, strings or lists of them. Every name
        is documented in the game's orders.yaml under `facts:`."""
        return {}

    def fact_names(self) -> list[str]:
        """The facts a plan may name, checked before their values are known: those the game
        documents in orders.yaml under `facts:`."""
        from .reference import fact_docs

        return list(fact_docs(self.package)) if self.package else []

    def absent_orders(self, state: State, player: str) -> list[str]:
        """The lines an absent awaited player plays (their game's stated default; a plan is
        allowed). Default: none, that is no actions."""
        return []

    def standing(self, state: State, player: str, command: str | None = None) -> list[Order]:
        """`player`'s standing orders in force, oldest first (only those of `command`, if
        given): what a game consults when another player's turn needs that player's choice."""
        from .orders import standing_orders

        texts = state.get("standing", {}).get(player, [])
        return [o for o in standing_orders(self.grammar_name(), tuple(texts))
                if command is None or o.command == command]

    def figures(self, state: State, player: str) -> dict[str, Any]:
        """The figures `player`'s sheet leads with (stock, score, threat, cards...), for
        `history`: numbers where they can be charted. Asked of the player's knowledge when a
        player's own history is shown. Default: the score."""
        return {"score": self.result(state).scores.get(player, 0)}

    def turns(self, state: State) -> int:
        """How many turns the game has had, in its own unit (player turns, days, ticks), so
        `simulate` can report round trips per turn. Default: the ticks played."""
        return int(state["tick"])

    def begin_tick(self, state: State) -> None:
        """Called once before any order of a tick runs (on every copy a check makes, too)."""

    def act(self, state: State, player: str, order: Order, dice: Any) -> list[str]:
        """Apply one order, returning what happened; raise OrderError (state untouched) if it
        cannot run."""
        raise NotImplementedError

    def end_orders(self, state: State, player: str) -> None:
        """Called after a player's last order of the tick: raise OrderError if the file as a
        whole is incomplete (a game where a turn must end with a main action, say)."""

    def end_tick(self, state: State, dice: Any) -> list[str]:
        """The phases after everyone's orders; returns what happened."""
        return []

    def prompt(self, state: State, player: str) -> Prompt | None:
        return None

    # -- what players see -------------------------------------------------------------------
    # Every game package has the same shape: rules.py holds the Game, legal.py the legal orders
    # (rules too, as OpenSpiel's legal_actions are), views.py the sheets and JSON views, bots.py
    # the heuristic a bot chooses by. These defaults call the function of the same name there,
    # imported on first use (a `check` never loads the sheet code).
    def _part(self, module: str, name: str) -> Any:
        for klass in type(self).__mro__:  # a subclass elsewhere (a test's) uses its game's
            if klass is Game:
                break
            package = klass.__module__.rpartition(".")[0]
            try:
                return getattr(importlib.import_module(f"{package}.{module}"), name)
            except ImportError:
                continue
        raise AttributeError(f"{type(self).__name__} has no {module}.{name}")

    def legal_orders(self, state: State, player: str) -> Iterable[str]:
        """Orders `player` could give now (a representative set where amounts are open), each
        one tested with the rules' own checks."""
        return self._part("legal", "legal_orders")(state, player)

    def views(self, state: State, player: str) -> dict[str, str]:
        """Every file the player's folder holds for this tick: name -> text. The engine prefixes
        numbered names with the tick; the only path from state to a player's folder."""
        return self._part("views", "views")(state, player)

    def order_template(self, state: State, player: str) -> str:
        return self._part("views", "order_template")(state, player)

    def public_state(self, state: State) -> dict[str, Any]:
        """The referee's view (`state --json`)."""
        return self._part("views", "public_state")(state)

    def player_state(self, state: State, player: str) -> dict[str, Any]:
        """What one player may know, as data (`state --json --player NAME`): the facts behind
        their sheet and nothing hidden from them."""
        return self._part("views", "player_state")(state, player)

    def heuristic(self, state: State, player: str) -> float:
        """How good `state` looks for `player` (the greedy bot maximises it): bots.heuristic,
        or else the player's score."""
        try:
            return float(self._part("bots", "heuristic")(state, player))
        except (ImportError, AttributeError):
            return float(self.result(state).scores.get(player, 0))

    def rank(self, state: State, player: str, options: list[str]) -> list[str]:
        """The legal orders in the order a bot should prefer among equals (bots.rank, if the
        game has one): the greedy bot cannot look past chance, so it takes the first of the
        random orders; ranking them is the bot's judgement, not the rules'."""
        try:
            ranker = self._part("bots", "rank")
        except AttributeError:
            return options
        return list(ranker(state, player, options))

    def bot_plan(self, state: State, player: str, rng: Any) -> list[str] | None:
        """The greedy bot's whole file for this tick as plan lines (bots.plan, if the game has
        one), or None to let the engine's step-by-step greedy bot choose."""
        try:
            planner = self._part("bots", "plan")
        except AttributeError:
            return None
        return planner(state, player, rng)

    def status_lines(self, state: State) -> list[str]:
        return list(self._part("views", "status_lines")(state))

    def order_help(self) -> dict[str, Any]:
        """Per-command help and the value lists that go into `play.py orders`."""
        return self._part("views", "order_help")()

    # -- the end ------------------------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        raise NotImplementedError

    def result(self, state: State) -> Result:
        raise NotImplementedError

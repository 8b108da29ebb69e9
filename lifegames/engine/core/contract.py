"""The contract every game implements, and the records that pass between a game and the engine.

A game is a set of pure functions over a JSON-shaped state dict (python-chess keeps `parse` and
`push` apart; PokerKit's `verify`/`do` split is the model for `act`): `act` either raises an
OrderError without touching the state, or applies the order and returns what happened. The engine
owns files, locking, dice and the tick counter; the game owns the rules.

A game declares two things and the engine derives the rest from them, once, here:

- its state (`Game.declaration`, a TypedDict in the game's state.py, engine/core/declared.py): the
  player views (`knowledge`: what `check` runs on and a seat holds; the input of the sheets,
  the JSON view and the facts) and the validation of every state the host loads;
- its commands (`Game.commands`, the table in the game's rules.py, engine/core/commands.py): `act`,
  `can`, the random barrier, `validate`, `warnings`, the legal-order lists (each candidate the
  game proposes, kept if its row's check accepts it) and the standing commands.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Generic, TypedDict, TypeVar, cast

from ..base.codes import Code
from ..base.errors import LifegamesError
from ..base.jsondata import Json, JsonObject
from ..files.data import fact_docs
from . import declared
from .commands import Commands
from .declared import KEY, PLAYER, PUBLIC, Keys, OneOf, Owner, Range
from .dice import Dice
from .orders import standing_orders
from .parts import GameState, Parts, Views

# the records of an order, handed on: games import them from here
from .records import Arg as Arg
from .records import Order as Order
from .records import OrderError as OrderError
from .records import runs as runs

if TYPE_CHECKING:
    import random

# A state as the engine holds it: JSON read from the game folder, checked against the game's
# declaration before any code reads it (engine/core/declared.py).
State = JsonObject
# A game's own state type: the TypedDict its state.py declares (a view has the same shape).
S = TypeVar("S", bound=Mapping[str, Json])


class _EngineKept(TypedDict, total=False):
    standing: Annotated[dict[str, list[str]], Owner(by=KEY), Keys(PLAYER)]
    absent: Annotated[list[Annotated[str, OneOf(PLAYER)]], PUBLIC]
    # the rest of a player's plan, kept while their turn waits for another's answer (plans.py)
    resume: Annotated[dict[str, str], Owner(by=KEY), Keys(PLAYER)]


class EngineState(_EngineKept):
    """The fields the engine keeps in every game's state (see Game): a game's declaration
    inherits them. A player's standing orders are theirs alone."""

    tick: Annotated[int, PUBLIC, Range(0)]


_ATOMS = frozenset({str, int, float, bool, type(None)})


# Any, not a TypeVar: a generic clone would give a game's copy its TypedDict type, and a game
# module that fills a copy from an untyped dict literal would then need its own annotation.
def clone(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, scalars), as copy.deepcopy would make
    of a state but several times faster: checks, bots and forecasts copy states constantly."""
    if isinstance(value, dict):  # leaves are copied without a call: most of a state is leaves
        return {k: v if type(v) in _ATOMS else clone(v) for k, v in value.items()}
    if isinstance(value, list):
        return [v if type(v) in _ATOMS else clone(v) for v in value]
    if isinstance(value, tuple):
        return tuple(clone(v) for v in value)
    return value


class SetupError(LifegamesError):
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


# The facts score_facts gives, in its order (every scored game documents them in orders.yaml).
SCORE_FACTS = ("my_score", "best_other_score", "margin", "i_lead", "leader", "leaders")


def score_facts(scores: Mapping[str, int], player: str) -> JsonObject:
    """`player`'s standing among `scores`, on the score alone (before any tie-break): their
    score, the best of the others' (0 when alone), the margin between the two, whether they
    are ahead of everyone else (always, alone), the one top scorer ("" on a tie) and all the
    top scorers."""
    mine = scores.get(player, 0)
    others = [s for p, s in scores.items() if p != player]
    best = max(others, default=0)
    top = max(scores.values(), default=mine)
    leaders = [p for p, s in scores.items() if s == top]
    return {"my_score": mine, "best_other_score": best, "margin": mine - best,
            "i_lead": not others or mine > best, "leader": leaders[0] if len(leaders) == 1 else "",
            "leaders": leaders}


class Game(Generic[S]):
    """Base class of every game. Subclasses set the class attributes and override the methods.

    State rules: `state["tick"]` is the number of ticks played; the engine increments it after
    `end_tick`. The engine also owns `state["standing"]` (player -> the canonical text of their
    standing orders, present once someone has left one; read it with `standing`) and
    `state["absent"]` (the players the host played by their default this tick, present only
    then) and `state["resume"]` (player -> the rest of a plan kept waiting for another
    player's answer, `suspended`). Everything else in the state is the game's, and must
    round-trip through JSON.
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
    # choices other players' turns force on them, and defaults for their own prompts. A game
    # with a command table gets them from its rows (Command.standing).
    standing_commands: frozenset[str] = frozenset()
    # True where another player's hidden card can answer an order in the middle of a tick
    # (`unforeseen`): `check`, and so a replay's check, cannot see that answer, so from there
    # the record keeps the rest of the plan as written (plans.py). Elsewhere the news
    # `unforeseen` reports (a tile's terrain, say) only stops the plan, and the record holds
    # the orders that ran, as for any plan.
    hidden_answers: bool = False
    # The declaration of the state (a TypedDict inheriting EngineState; engine/core/declared.py)
    # and the command table (engine/core/commands.py): every game has both.
    declaration: ClassVar[type]
    commands: ClassVar[Commands]
    # Its views, board and bots (engine/core/parts.py), named by the game package's __init__; a
    # game without them (a test's toy) writes the methods that would use them.
    parts: ClassVar[Parts | None] = None

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if getattr(cls, "commands", None) is not None and "standing_commands" not in cls.__dict__:
            cls.standing_commands = cls.commands.standing()

    def grammar_name(self) -> str:
        return self.grammar or self.package

    def codes(self) -> list[Code]:
        """The problem codes the game gives beside the engine's (engine/base/codes.py): the E and W
        namespaces of its package's codes.py, as declared there. `play.py explain` reads them,
        and a test holds each to its docs and to the code that raises it."""
        spaces = self.parts.codes if self.parts is not None else ()
        return [code for space in spaces for code in space.declared()]

    # -- setup --------------------------------------------------------------------------------
    def parse_options(self, words: list[str], ticks: int | None) -> JsonObject:
        """Turn `setup` words and flags into options, or raise SetupError."""
        if words:
            raise SetupError(f"{self.title} takes no setup words (got {' '.join(words)!r})")
        return {}

    def setup(self, players: list[str], options: JsonObject, dice: Dice) -> S:
        raise NotImplementedError

    # -- the declared state -------------------------------------------------------------------
    def vocabulary(self) -> Mapping[str, Collection[str]]:
        """The names the declaration's OneOf and Keys bounds refer to (card names, stages...);
        the engine adds "player"."""
        return {}

    def state_problem(self, state: object, players: list[str], view: bool = False) -> str:
        """What makes `state` not fit the game's declaration ('' if nothing): the host refuses
        such a state as a damaged folder before any game code reads it. `view`: a player's
        view (placeholders stand for what is hidden)."""
        names = {**self.vocabulary(), PLAYER: frozenset(players)}
        return declared.problem(self.declaration, state, names, view)

    def knowledge(self, state: S, player: str | None) -> S:
        """The state as `player` knows it (None: a spectator): everything hidden from them
        (draw piles, others' hands, unexplored terrain) is a placeholder that `act` runs on,
        raising an OrderError wherever an order would depend on a secret. `check` runs on it,
        so neither its effects nor its errors can tell a secret; a seat holds it; the sheets,
        the JSON view and the facts are made from it. Derived from the declaration: a game
        never writes it."""
        return cast(S, declared.view(self.declaration, state, player))

    # -- a tick ---------------------------------------------------------------------------------
    def awaiting(self, state: S) -> list[str]:
        raise NotImplementedError

    def max_orders(self, state: S, player: str) -> int | None:
        """How many orders a file may hold this tick (None: no limit)."""
        return None

    def is_random(self, order: Order) -> bool:
        """True for an order whose outcome is chance (a roll, a draw from a hidden pile): its
        row's `chance`."""
        return self.commands[order.command].is_chance(order)

    def ends_file(self, state: S, player: str, order: Order) -> bool:
        """The random barrier, asked before `order` runs on `state`: True for an order whose
        outcome nobody may know when the file is checked (its row's `chance` or `blind`).
        `check` runs a file up to and including such an order and checks what follows only for
        form and names (`validate`), since it may depend on the outcome; `tick` runs it all
        with the real dice, and stops a plan at the first later order the outcome made
        impossible. Hidden facts that are not chance (unexplored terrain, say) need no
        barrier while no order's outcome depends on them: the player's view hides them
        instead; an order whose outcome does is `blind`."""
        row = self.commands[order.command]
        return row.is_chance(order) or row.is_blind(state, player, order)

    def unforeseen(self, state: S, player: str) -> bool:
        """Asked during a tick after each of `player`'s orders runs: True once something the
        player could not know has happened this tick (another player's hidden card answered
        theirs, say). From then on the player's plan stops at the first order that cannot
        run, as after a roll, instead of refusing the whole tick."""
        return False

    def suspended(self, state: S, player: str) -> bool:
        """Asked during a tick after each of `player`'s orders runs: True when the player's
        turn now waits for another player's answer (a trade offer). The engine then keeps
        the rest of the player's plan and runs it, as after an outcome, at the end of the
        tick that brings the answer, once the game awaits the player again and no longer
        keeps them waiting. Default: never."""
        return False

    def spell(self, order: Order) -> Order:
        """`order` with its names spelled as the game spells them (players may write names in
        any case): what executed_orders.txt keeps, so one order has one spelling."""
        return order

    def warnings(self, state: S, player: str, order: Order) -> list[OrderError]:
        """Asked by `check` just before `order` runs: outcomes the rules make certain or
        hopeless though the order is legal (a roll that cannot succeed), as OrderErrors with W-
        codes. `check` shows them; they never block a tick. Runs on the player's knowledge, so
        it cannot tell a secret. From the table: nothing for an order its check refuses (its
        error says more), else its row's `warn`, given the state after the order too."""
        warn = self.commands[order.command].warn
        # asked of orders about to run: mostly accepted, so no check before the copy
        after = None if warn is None else self._trial(state, player, order)
        if warn is None or after is None:
            return []
        return warn(self, state, player, order, after)

    def validate(self, player: str, order: Order) -> None:
        """The checks of `order` that need no state (names, ranges): raise OrderError. Run on
        plan steps that come after an outcome `check` cannot know, and on standing orders."""
        check = self.commands[order.command].validate
        if check is not None:
            check(order)

    def facts(self, state: S, player: str) -> JsonObject:
        """What a plan's conditions (`if met`, `while tokens > 1`) and `$name` arguments may
        read, as `player` sees the game now: ints, bools, strings or lists of them. Every name
        is documented in the game's orders.yaml under `facts:`. Read from the player's view
        (views.facts)."""
        return dict(self._views().facts(self, self.knowledge(state, player), player))

    def score_facts(self, view: S, player: str) -> JsonObject:
        """The facts a player weighs before ending a game or racing to its end, the same in
        every game where players score against each other: from the scores `result` gives on
        `view` (the player's knowledge), so a card the player cannot see never moves them. A
        game adds them in its views.facts and documents them in orders.yaml `facts:`."""
        return score_facts(self.result(view).scores, player)

    def fact_names(self) -> list[str]:
        """The facts a plan may name, checked before their values are known: those the game
        documents in orders.yaml under `facts:`."""
        return list(fact_docs(self.package)) if self.package else []

    def absent_orders(self, state: S, player: str) -> list[str]:
        """The lines an absent awaited player plays (their game's stated default; a plan is
        allowed). Default: none, that is no actions."""
        return []

    def standing(self, state: S, player: str, command: str | None = None) -> list[Order]:
        """`player`'s standing orders in force, oldest first (only those of `command`, if
        given): what a game consults when another player's turn needs that player's choice."""
        texts = state.get("standing", {}).get(player, [])
        return [o for o in standing_orders(self.grammar_name(), tuple(texts))
                if command is None or o.command == command]

    def figures(self, state: S, player: str) -> JsonObject:
        """The figures `player`'s sheet leads with (stock, score, threat, cards...), for
        `history`: numbers where they can be charted. Asked of the player's knowledge when a
        player's own history is shown. Default: the score."""
        return {"score": self.result(state).scores.get(player, 0)}

    def public_figures(self) -> tuple[str, ...]:
        """The names among `figures` that every sheet shows of every player (scores on the
        table): a player's own history charts these of the others too, computed on what that
        player knew, so it tells no more than their sheets did. Default: the score."""
        return ("score",)

    def turns(self, state: S) -> int:
        """How many turns the game has had, in its own unit (player turns, days, ticks), so
        `simulate` can report round trips per turn. Default: the ticks played."""
        return int(state["tick"])

    def begin_tick(self, state: S) -> None:
        """Called once before any order of a tick runs (on every copy a check makes, too)."""

    def act(self, state: S, player: str, order: Order, dice: Dice) -> list[str]:
        """Apply one order, returning what happened; raise OrderError (state untouched) if it
        cannot run: the row's check, then (with what it returned) the row's apply."""
        row = self.commands[order.command]
        return row.apply(self, state, player, row.check(state, player, order), dice)

    def can(self, state: S, player: str, order: Order) -> bool:
        """Could `order` run now (`can ORDER` in a plan)? Its row's check alone: a check
        refuses every order its apply cannot carry out."""
        return runs(self.commands.tests[order.command], state, player, order)

    def after(self, state: S, player: str, order: Order) -> S | None:
        """The state after `order` ran on a copy of `state`, with dice nobody plays with (a
        forecast, a warning, a bot's trial), or None if it cannot run. The check alone comes
        first: most trials are refused, and then nothing is copied."""
        if not self.can(state, player, order):
            return None
        return self._trial(state, player, order)

    def _trial(self, state: S, player: str, order: Order) -> S | None:
        trial: S = clone(state)
        try:
            self.act(trial, player, order, Dice(-1, int(state["tick"]) + 1))
        except OrderError:
            return None
        return trial

    def end_orders(self, state: S, player: str) -> None:
        """Called after a player's last order of the tick: raise OrderError if the file as a
        whole is incomplete (a game where a turn must end with a main action, say)."""

    def end_tick(self, state: S, dice: Dice) -> list[str]:
        """The phases after everyone's orders; returns what happened."""
        return []

    def prompt(self, state: S, player: str) -> Prompt | None:
        return None

    # -- the legal orders -------------------------------------------------------------------
    def candidates(self, state: S, player: str) -> Iterable[Order]:
        """The orders worth listing now (legal.py), a representative set where amounts are
        open; `legal_orders` keeps those their rows' checks accept. A candidate is listed in
        its canonical spelling, or as its `source` says if the game gives one (A Simple Life
        lists `pass`, as its players write it, not `pass()`)."""
        return ()

    def legal_orders(self, state: S, player: str) -> Iterable[str]:
        """Orders `player` could give now, each one tested with its row's check, in the order
        the game proposes them (each as candidates() says it is written)."""
        tests = self.commands.tests
        out = []
        for order in self.candidates(state, player):
            try:
                tests[order.command](state, player, order)
            except OrderError:
                continue
            out.append(order.source or order.canonical())
        return out

    # -- what players see -------------------------------------------------------------------
    # Every game package has the same shape (README: Layout), and its __init__ names the parts
    # the engine asks (`parts`, engine/core/parts.py): views.py turns a player's view into what
    # they see, board.py draws it, bots.py holds the heuristic a bot chooses by. Each part is
    # called with the game and, for what a player sees, the player's view derived from the
    # declaration.
    def _views(self) -> Views:
        if self.parts is None:
            raise AttributeError(f"{type(self).__name__} has no views")
        return self.parts.views()

    def views(self, state: S, player: str) -> dict[str, str]:
        """Every file the player's folder holds for this tick: name -> text. The engine prefixes
        numbered names with the tick; the only path from state to a player's folder. Beside
        the sheets, the board picture (`<player>_board.svg`, if the game draws one): made from
        the same view as the sheets, so it shows nothing they could not."""
        view = self.knowledge(state, player)
        out = dict(self._views().views(self, view, player))
        board = self.board(view, player)
        if board is not None:
            out[f"{player.lower()}_board.svg"] = board
        return out

    def board(self, view: S, player: str | None) -> str | None:
        """The board picture of a view (`knowledge(state, player)`; None: a spectator's), as
        SVG text: the board part draws it (engine/base/svg.py), or None if the game draws none."""
        if self.parts is None or self.parts.board is None:
            return None
        return str(self.parts.board().board(self, view, player).render())

    def happened(self, state: S, player: str | None) -> list[str]:
        """What the last tick did, in words, as `player` was told it (None: a spectator), for
        the story page (`history --html`): the board part's, of the player's view, or nothing
        if the game has no board."""
        if self.parts is None or self.parts.board is None:
            return []
        told = self.parts.board().happened(self, self.knowledge(state, player), player)
        return [str(line) for line in told]

    def order_template(self, state: S, player: str) -> str:
        view = self.knowledge(state, player)
        return str(self._views().order_template(self, view, player))

    def public_state(self, state: S) -> JsonObject:
        """The referee's view (`state --json`)."""
        return dict(self._views().public_state(self, state))

    def player_state(self, state: S, player: str) -> JsonObject:
        """What one player may know, as data (`state --json --player NAME`): the facts behind
        their sheet and nothing hidden from them."""
        view = self.knowledge(state, player)
        return dict(self._views().player_state(self, view, player))

    def heuristic(self, state: S, player: str) -> float:
        """How good `state` looks for `player` (the greedy bot maximises it): the bots part's,
        or else the player's score."""
        if self.parts is None or self.parts.bots is None:
            return float(self.result(state).scores.get(player, 0))
        return float(self.parts.bots().heuristic(self, state, player))

    def rank(self, state: S, player: str, options: list[str]) -> list[str]:
        """The legal orders in the order a bot should prefer among equals (the bots part's):
        the greedy bot cannot look past chance, so it takes the first of the random orders;
        ranking them is the bot's judgement, not the rules'."""
        if self.parts is None or self.parts.bots is None:
            return options
        return list(self.parts.bots().rank(self, state, player, options))

    def bot_plan(self, state: S, player: str, rng: random.Random) -> list[str] | None:
        """The greedy bot's whole file for this tick as plan lines (the bots part's), or None
        to let the engine's step-by-step greedy bot choose."""
        if self.parts is None or self.parts.bots is None:
            return None
        return self.parts.bots().plan(self, state, player, rng)

    def status_lines(self, state: S) -> list[str]:
        """What `status` shows anyone: made from a spectator's view (no player's secrets)."""
        return list(self._views().status_lines(self, self.knowledge(state, None)))

    def order_help(self) -> JsonObject:
        """Per-command help and the value lists that go into `play.py orders`."""
        return dict(self._views().order_help(self))

    def describe(self, name: str) -> str | None:
        """What a name an order may give (a card, a building, a place) is, in a line or
        two made from the game's data (views.describe; any case of the name), for an editor's
        hover; None for a name the game does not know or a game that describes nothing. It
        reads no state, so it can tell no secret."""
        return self._views().describe(self, name)

    def held(self, view: S, player: str) -> list[str]:
        """The names of the cards `player` holds (their hand first), from their view
        (`knowledge(state, player)`; views.held): an editor offers them first where a card's
        name is typed. Empty for a game without a hand; a card the view hides is left out."""
        return list(self._views().held(self, view, player))

    # -- the end ------------------------------------------------------------------------------
    def is_over(self, state: S) -> bool:
        raise NotImplementedError

    def ending(self, state: S) -> str | None:
        """How a finished game ended, in the game's own words ("death", "idle"...), for
        `simulate --json`; None if the game has one way to end, or is not over."""
        return None

    def result(self, state: S) -> Result:
        raise NotImplementedError


# A game whatever its state type: what the engine, the command line and the editor hold.
AnyGame = Game[GameState]

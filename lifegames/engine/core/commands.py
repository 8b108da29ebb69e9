"""A game's commands, declared once: one row per command of its grammar.

Each row holds the command's `check` (PokerKit's verify: it reads the state and the order and
raises OrderError, or returns the order's cleaned arguments, changing nothing), its `apply`
(which changes the state and returns what happened, and is only ever called with what `check`
returned), and what the engine must know of it: whether its outcome is chance (`chance`: the
random barrier), whether its outcome is hidden from the writer though it is not chance
(`blind`: another player's answer; the file may stop after it), whether it may be a standing
order, its state-free checks (`validate`, for plan lines `check` cannot run) and the warnings
`check` shows for it (`warn`). `Game.act`, `can ORDER`, the legal-order lists, `check`'s
warnings and the order reference are written once, in the engine, from these rows
(contract.Game); a game writes no dispatch of its own.

A command's help is the entry of the same name in the game's orders.yaml (what players read is
data, like the cards' texts); the reference lists the commands in the table's order, and a
test keeps the table, the grammar and orders.yaml naming the same commands.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypedDict

if TYPE_CHECKING:
    from typing import Unpack  # Python 3.11; only the type checker reads it

    from .contract import AnyGame
    from .dice import Dice
    from .parts import GameState
    from .records import Order, OrderError

# check(state, player, order) -> cleaned arguments, or raise OrderError. The engine never reads
# what a check returns: it only hands it to the same row's apply.
Check = Callable[["GameState", str, "Order"], object]
# apply(game, state, player, cleaned arguments, dice) -> what happened. The cleaned arguments
# stay Any: each apply takes the type its own check returns, which the engine cannot name.
Apply = Callable[["AnyGame", "GameState", str, Any, "Dice"], list[str]]
# warn(game, state, player, order, after) -> W- warnings; `after` is the state after the order
Warn = Callable[["AnyGame", "GameState", str, "Order", "GameState"], list["OrderError"]]


class RowOptions(TypedDict, total=False):
    """What a row may say beyond its check and apply (see Command)."""

    chance: bool | Callable[[Order], bool]
    blind: bool | Callable[[GameState, str, Order], bool]
    standing: bool
    validate: Callable[[Order], object] | None
    warn: Warn | None
    probe: Check | None


class Command:
    """One command: its check, its apply, and what the engine must know of it. (A slotted
    class, not a dataclass: every command imports this module.)"""

    __slots__ = ("check", "apply", "chance", "blind", "standing", "validate", "warn", "probe")

    def __init__(self, check: Check, apply: Apply, *,
                 chance: bool | Callable[[Order], bool] = False,
                 blind: bool | Callable[[GameState, str, Order], bool] = False,
                 standing: bool = False, validate: Callable[[Order], object] | None = None,
                 warn: Warn | None = None, probe: Check | None = None) -> None:
        self.check = check  # raise OrderError, or return the cleaned arguments
        self.apply = apply  # change the state with them, return what happened
        self.chance = chance  # its outcome is chance (a draw, a roll): the random barrier
        self.blind = blind  # its outcome is hidden from the file's writer, not chance
        self.standing = standing  # may be left in force as a standing order
        self.validate = validate  # its checks that need no state
        self.warn = warn  # the W- warnings `check` shows when it would run
        self.probe = probe  # `check` without the ways forward, for the legal-order lists

    def is_chance(self, order: Order) -> bool:
        return self.chance if isinstance(self.chance, bool) else self.chance(order)

    def is_blind(self, state: GameState, player: str, order: Order) -> bool:
        return self.blind if isinstance(self.blind, bool) else self.blind(state, player, order)

    @property
    def test(self) -> Check:
        """The check that answers "could this run now?" (can ORDER, legal orders)."""
        return self.probe or self.check


def row_maker(*, hinted: Callable[[Check], Check] | None = None, **common: Unpack[RowOptions]
              ) -> Callable[..., Command]:
    """A game's row maker, the one way every game builds its table: `row(check, apply, ...)`
    is a Command with the options every row of the game shares (`common`, such as one
    `validate` for all) and its own. `hinted` wraps each check (the one `act` runs) and keeps
    the plain check as the row's probe, for the legal-order lists."""

    def row(check: Check, apply: Apply, **own: Unpack[RowOptions]) -> Command:
        options: RowOptions = {**common, **own}
        if hinted is not None:
            options.setdefault("probe", check)
            check = hinted(check)
        return Command(check, apply, **options)

    return row


class Commands(Mapping[str, Command]):
    """The table: command name -> its row, in the order the reference lists them."""

    def __init__(self, rows: dict[str, Command]) -> None:
        self._rows = dict(rows)
        # command -> the check that answers "could this run now?" (looked up per candidate)
        self.tests: dict[str, Check] = {name: row.test for name, row in self._rows.items()}

    def __getitem__(self, name: str) -> Command:
        return self._rows[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)

    def standing(self) -> frozenset[str]:
        return frozenset(name for name, row in self._rows.items() if row.standing)

"""check's warnings, one function per command that has any (the `warn` of its row in rules.py):
orders the rules allow whose outcome is already certain and bad. They never block a tick, and
they read only what the player knows (`check` runs on their view of the state, where every
hidden card is HIDDEN), so a warning can tell no secret. Each gets the state after the order
too, run on a copy with dice nobody plays with.

Three are certain. 2-5 players: a card whose action needs no die (the Grim Reaper with nobody
waiting on the board, an ICONIC SIMS MOVE! that passes your Sims on) can cost you points the
moment you take it (W-POINTS-LOST). Alone: `end_turn` gives up an Aspiration your collection
completes now (W-COMPLETE-SKIPPED); and an order that ends the turn where neither Travel nor Go
Home will be possible, whatever the refill brings, loses the game when the tick ends
(W-GAME-LOST): the player would otherwise learn it only from the next sheet.
"""

from __future__ import annotations

from ..engine.base.words import counted
from ..engine.core.contract import Order, OrderError
from .codes import W
from .data import card, find
from .effects import lost_for_certain
from .model import SCORE, completable, points, seat, solo
from .state import SimsGame, SimsState

# The card actions that change Iconic Sims' homes with no die: the ones that can cost points.
TAKERS = frozenset({"grim_reaper", "iconic_sims_move"})


def travel(game: SimsGame, state: SimsState, player: str, order: Order, after: SimsState
           ) -> list[OrderError]:
    found = [_costly_card(game, state, player, order, after), _lost(state, player, after)]
    return [f for f in found if f is not None]


def end_turn(game: SimsGame, state: SimsState, player: str, order: Order, after: SimsState
             ) -> list[OrderError]:
    found = [_skipped(game, state, player), _lost(state, player, after)]
    return [f for f in found if f is not None]


def ends_turn(game: SimsGame, state: SimsState, player: str, order: Order, after: SimsState
              ) -> list[OrderError]:
    """The warning of the other orders that can end a single player's turn (Go Home, a swap,
    an invitation, completing an Aspiration)."""
    found = _lost(state, player, after)
    return [found] if found is not None else []


def _lost(state: SimsState, player: str, after: SimsState) -> OrderError | None:
    """Alone: the order ends the turn, nothing in it was chance, and the game cannot go on
    after the refill (effects.lost_for_certain)."""
    if not solo(state) or state["over"] or after["over"] or after["chance"] or \
            not after["refill"] or not lost_for_certain(after, player):
        return None
    return OrderError(
        W.GAME_LOST, "this ends your turn with no Venue on the board whose Need is FULL and no "
        "set of three identical SIMbols to Go Home with: the game is lost when the tick ends",
        "keep a FULL Need that a Venue asks for (another Venue or card), or the cards of a "
        "set; `python3 play.py orders the-sims` explains Travel and Go Home")


def _costly_card(game: SimsGame, state: SimsState, player: str, order: Order, trial: SimsState
                 ) -> OrderError | None:
    """2-5 players: the points the player holds after the travel, when nothing in it is
    chance, against those before."""
    name = find("card", order["card"])
    if solo(state) or name is None or card(name)["action"] not in TAKERS:
        return None
    if trial["chance"]:
        return None
    before, after = points(state, player), points(trial, player)
    if after >= before:
        return None
    had = seat(state, player)["sims"] + seat(state, player)["specials"]
    has = seat(trial, player)["sims"] + seat(trial, player)["specials"]
    gone = [s for s in had if s not in has]
    came = [s for s in has if s not in had]
    what = f"{_names(gone)} leave{'s' if len(gone) == 1 else ''} your home" + (
        f", and {_names(came)} move{'s' if len(came) == 1 else ''} in" if came else "")
    lost = before - after
    others = [o for o in game.legal_orders(state, player)
              if o.startswith("travel(") and name not in o][:4]
    return OrderError(
        W.POINTS_LOST, f"taking the {name} costs you {counted(lost, 'point')} "
        f"for certain ({before} -> {after}): its action needs no die, and {what}",
        "another card avoids it: " + ", ".join(others) if others else "Go Home avoids it",
        "card")


def _skipped(game: SimsGame, state: SimsState, player: str) -> OrderError | None:
    """Alone: ending the turn while an Aspiration could be completed now (one a turn)."""
    if not solo(state) or state["over"] or state["turn"]["player"] != player or \
            state["turn"]["step"] != SCORE:
        return None
    ready = completable(state, player)
    if not ready:
        return None
    ways = [o for o in game.legal_orders(state, player) if o.startswith("complete(")][:3]
    return OrderError(
        W.COMPLETE_SKIPPED, f"your collection completes {' and '.join(ready)} now; end_turn "
        "gives that up for this turn (one Aspiration a turn, and the cards may not stay)",
        "complete it instead: " + ", ".join(ways) if ways else "")


def _names(items: list[str]) -> str:
    return " and ".join([", ".join(items[:-1]), items[-1]] if len(items) > 1 else items)

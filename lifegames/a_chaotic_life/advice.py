"""The warnings `check` shows for a legal order whose outcome the rules make certain and bad (so a
player does not spend a turn on them), one function per command that has any (rules.py names them in
its table). They read only what `check` passes in, the player's view: counters, the cards in front
of everyone, the discard pile, the Timeline and the player's own cards are public to them; another
player's hand is a count and the deck a size, so no warning can tell what they hold."""

from __future__ import annotations

from ..engine.base.words import counted
from ..engine.core.contract import Order, OrderError
from . import checks
from . import model as m
from .checks import parse_terms
from .codes import W
from .data import card, find, goal_card, kind_of, named_effect, worth_of
from .effects import ends_game
from .model import breakdown, standings
from .moves import Play
from .reactions import owner_change, reward_of
from .state import ChaoticGame, ChaoticState

# -- each command's warnings (the `warn` of its row in rules.py) -----------------------------
# The engine asks only for an order its check accepts, with `after`, the state after it.


def play(game: ChaoticGame, state: ChaoticState, player: str, order: Order, after: ChaoticState
         ) -> list[OrderError]:
    found = _wrong_kind(state, player, order) + _chases_own(state, player, order)
    return (found or _hurts_own(state, player, order)) + ending(game, state, player, order,
                                                                after)


def play_on(game: ChaoticGame, state: ChaoticState, player: str, order: Order, after: ChaoticState
            ) -> list[OrderError]:
    return _hurts_own(state, player, order) + ending(game, state, player, order, after)


def swap(game: ChaoticGame, state: ChaoticState, player: str, order: Order, after: ChaoticState
         ) -> list[OrderError]:
    return _wrong_kind(state, player, order) + ending(game, state, player, order, after)


def offer(game: ChaoticGame, state: ChaoticState, player: str, order: Order, after: ChaoticState
          ) -> list[OrderError]:
    return _hopeless_offer(state, player, order)


def end_turn(game: ChaoticGame, state: ChaoticState, player: str, order: Order, after: ChaoticState
             ) -> list[OrderError]:
    return _idle_end(state, player) or _last_round_end(state, player)


def ending(game: ChaoticGame, state: ChaoticState, player: str, order: Order, after: ChaoticState
           ) -> list[OrderError]:
    """An order whose outcome is known that ends the game, when the player would lose."""
    if game.ends_file(state, player, order) or not after["over"]:
        return []
    return _losing_end(after, player, "this ends the game (unless another player's Item "
                                      "cancels it)")


def _wrong_kind(state: ChaoticState, player: str, order: Order) -> list[OrderError]:
    """Counters of the kind opposite to your goal, taken by choice (a swap, a Neighbor, a
    Spouse): each cancels one of your own at the end."""
    arg = order.arg("kind")
    if order.command not in ("swap", "play") or arg is None:
        return []
    name = find(order["card"]) or "Baby" if order.command == "play" else ""
    if name and not (card(name)["kind"] and not card(name)["target"]):
        return []  # the kind of a card played is not always its reward (a cost's, a target's)
    kind, goal = kind_of(arg.value), m.goal(state, player)
    if kind is None or kind == goal:
        return []
    return [OrderError(W.WRONG_KIND,
                       f"{kind} is the opposite of your goal ({goal_card(goal)}): at the end "
                       f"each {kind} counter cancels one of your {goal}",
                       f"name {goal} instead" + (f" (or leave the kind out: {name} pays your "
                                                 "goal's kind)" if name else ""), "kind")]


def _chases_own(state: ChaoticState, player: str, order: Order) -> list[OrderError]:
    """A Pet that chases a kind of Pet sends the player's own one away too."""
    name = find(order["card"]) if order.command == "play" else None
    if name is None:
        return []
    chased = named_effect(card(name), "chase")
    if chased is None or chased not in state["front"][player]:
        return []
    worth = worth_of(chased)
    lost = ", ".join(f"{n} {k}" for k, n in worth.items() if n) or "nothing"
    return [OrderError(W.CHASES_OWN,
                       f"{name} sends every {chased} in play to the discard pile, "
                       f"your own too (worth {lost} at the end)",
                       f"play {name} only if it is worth more to you than your "
                       f"{chased}", "card")]


def _hurts_own(state: ChaoticState, player: str, order: Order) -> list[OrderError]:
    """A card whose effect, as things stand, lowers its own player's score: the same
    judgement a standing react's `hurts` makes (reactions.owner_change). Items (they alter a
    card to come) and Death! (the ending warning judges it) are left out; another player's
    Item may still change the card, which the player cannot see coming."""
    plan = checks.play(state, player, order)
    spec = card(plan.name)
    if spec["type"] == "item" or ends_game(spec):
        return []
    judged = Play(plan.name, player, plan.target, plan.kind,
                  reward_of(state, player, plan.name, plan.kind), player)
    change = owner_change(state, judged)
    if change >= 0:
        return []
    goal = m.goal(state, player)
    other_kind = "sadness" if goal == "happiness" else "happiness"
    fix = (f"name {goal if plan.kind == other_kind else other_kind} instead, or keep the card"
           if spec["kind"] else "keep it for a better moment, swap it or discard it")
    return [OrderError(W.HURTS_OWN,
                       f"{plan.name} works against your own goal ({goal_card(goal)}) as things "
                       f"stand: {change:+d} {goal} once the counters cancel",
                       fix, "card")]


def _in_sight(state: ChaoticState, player: str, name: str) -> int:
    """How many copies of `name` the player can see outside other players' hands and pouches
    (and the deck): where they are, nobody else can hold them."""
    seen: list[str] = state["discard"] + m.holding(state, player)
    for entry in state["timeline"]:
        seen += [entry["card"], *entry["above"]]
    for someone in state["players"]:
        seen += state["front"][someone]
    seen += [n for owner, n in state["removed"] if owner == player]
    return int(seen.count(name))


def _hopeless_offer(state: ChaoticState, player: str, order: Order) -> list[OrderError]:
    """What the other player cannot hand over, as far as anyone can see: counters they lack,
    more cards than they hold, a card whose every copy is in sight elsewhere."""
    to = m.find_player(state, order["player"])
    want = parse_terms(order["want"], "want", allow_any=True)
    if to is None:
        return []
    mine = m.counters(state, to)
    why = [f"{to} has {mine[k]} {k}, you ask for {getattr(want, k)}"
           for k in ("happiness", "sadness") if getattr(want, k) > mine[k]]
    held = len(m.hand(state, to)) + len(m.pouch(state, to))
    asked = len(want.cards) + want.any_card
    if asked > held:
        why.append(f"{to} holds {counted(held, 'card')}, you ask for {asked}")
    for name in dict.fromkeys(want.cards):
        if want.cards.count(name) > card(name)["copies"] - _in_sight(state, player, name):
            why.append(f"every {name} is in sight elsewhere (the game has "
                       f"{card(name)['copies']})")
    if not why:
        return []
    return [OrderError(W.OFFER_HOPELESS,
                       f"{to} cannot accept this offer: {'; '.join(why)}",
                       "ask for what they can give (their counters are on your sheet); an "
                       "offer ends your file until it is answered", "want")]


def _idle_end(state: ChaoticState, player: str) -> list[OrderError]:
    """end_turn without an action, when every other player's last turn had none either."""
    if not m.ends_idle(state):
        return []
    return _losing_end(state, player, "ending your turn without an action ends the game (a "
                       "whole round has passed without one)")


def _last_round_end(state: ChaoticState, player: str) -> list[OrderError]:
    """end_turn of the turn that completes the rounds the house rule max_rounds allows."""
    if not m.ends_old(state):
        return []
    return _losing_end(state, player, "ending your turn ends the game (the house rule "
                       f"max_rounds={state.get('max_rounds')}: its last round is over)")


def _losing_end(state: ChaoticState, player: str, what: str) -> list[OrderError]:
    winners, scores = standings(state)
    if player in winners:
        return []
    best = breakdown(state, winners[0])
    parts = breakdown(state, player)
    return [OrderError(W.ENDS_GAME,
                       f"{what}, and you would lose: {' and '.join(winners)} "
                       f"{'win' if len(winners) > 1 else 'wins'} with {scores[winners[0]]} "
                       f"{best['goal']} against your {parts['score']} {parts['goal']}",
                       "gather counters of your goal first (your sheet's Scores section shows "
                       "where everyone stands)", None)]

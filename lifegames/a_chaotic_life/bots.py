"""The greedy bot's judgement of a position, the order it prefers among orders whose outcome it
cannot see, and the standing orders a bot leaves. It chooses only among the rules' legal
orders (legal.py)."""

from __future__ import annotations

from typing import Any

from ..engine.contract import Game, OrderError, State, clone
from ..engine.dice import Dice
from ..engine.orders import parse_text
from . import checks
from . import model as m
from .data import KINDS, card, other, rules, stages
from .legal import proposed
from .model import breakdown, standings

COUNTER = 10.0  # one counter of your goal's kind, ahead of the best other player
ITEM = 6.0  # an Item in hand or pouch: a reaction to come
CARD = 1.0  # any other card that can still be played
ACTION = 1.5  # an action left this turn: spend it only on something worth more
NOW = 3.0  # per counter a card in hand would give now (net of the unwanted kind)
LATER = 2.5  # per counter it would give in a stage still to come
FAR = 0.6  # a stage further off is worth this much of the one before
AGE = 0.5  # an Age card in hand is worth its play, not its keeping
ENDER = 8.0  # Death!: the end of the game, for whoever leads when it can be played
STAGE = 5.0  # a life stage nearer the end, to a player in the lead
GROW = 2.5  # the same to a player not in the lead: most cards wait for a later stage
WIN = 1000.0


def playable_later(state: State, name: str) -> bool:
    """Whether the card could still be played in this life (its stages are not all past)."""
    spec = card(name)
    if spec["type"] == "item":
        return True
    order = stages()
    now = order.index(m.stage(state))
    if spec["type"] == "age":
        target = next(v for k, v in spec["effects"] if k == "age")["stage"]
        return order.index(target) > now
    return any(order.index(s) >= now for s in spec["stages"])


def net_gain(state: State, player: str, name: str, when: str) -> float:
    """Counters of the player's kind minus the other kind the card would give if played in
    stage `when` (0 for cards whose worth is not counters: steals, Items, Death!)."""
    spec = card(name)
    if when not in spec["stages"]:
        return 0.0
    goal = m.goal(state, player)
    total = dict.fromkeys(KINDS, 0)
    for effect, value in spec["effects"]:
        if effect == "gain":
            amounts = value
        elif effect == "by_stage":
            amounts = value[when]["gain"]
        elif effect == "neighbor":
            amounts = {goal: 2}
        else:
            continue
        for kind, count in amounts.items():
            total[kind] += count
    if spec["worth"]:
        total[goal] += spec["worth"][goal] + spec["worth"]["goal"]
    return float(total[goal] - total[other(goal)])


def card_value(state: State, player: str, name: str) -> float:
    """A card in hand: a little for any card still playable in this life, more for one that
    would give counters of the player's kind now, and less the further off its stage is."""
    if name == "?":
        return CARD
    spec = card(name)
    if spec["type"] == "item":
        return ITEM
    if not playable_later(state, name):
        return 0.0
    if spec["type"] == "age":
        return AGE
    if any(effect == "death" for effect, _ in spec["effects"]):
        return ENDER
    order = stages()
    now = order.index(m.stage(state))
    if m.stage(state) in spec["stages"]:
        return CARD + NOW * max(0.0, net_gain(state, player, name, m.stage(state)))
    later = [net_gain(state, player, name, s) * FAR ** (i - now - 1)
             for i, s in enumerate(order) if i > now]
    return CARD + LATER * max([0.0, *later])


def heuristic(game: Game, state: State, player: str) -> float:
    """The greedy bot's measure of a position (the engine's bots maximise it)."""
    return judge(state, player)


def judge(state: State, player: str) -> float:
    """Score ahead of the best other player (relative, so trades and counter swaps are judged
    as the zero-sum moves they are), a little for the cards held; a won or lost game counts
    most."""
    if state["over"]:
        winners, _ = standings(state)
        base = WIN / len(winners) if player in winners else -WIN
    else:
        base = 0.0
    mine = breakdown(state, player)
    best = max(breakdown(state, p)["score"] for p in state["players"] if p != player)
    lead = mine["score"] - best
    value = base + COUNTER * lead + 0.1 * mine["total"]
    value += (STAGE if lead > 0 else GROW) * stages().index(m.stage(state))
    turn = state["turn"]
    if not state["over"] and turn["player"] == player:
        value += ACTION * max(0, turn["actions"] - turn["used"])
    return value + cards_value(state, player)


def cards_value(state: State, player: str) -> float:
    """The hand's best cards up to the hand limit (the rest must go at the end of the turn)
    and the Item Pouch."""
    kept = sorted((card_value(state, player, n) for n in m.hand(state, player)), reverse=True)
    pouch = sum(card_value(state, player, n) for n in m.pouch(state, player))
    return sum(kept[:hand_limit()]) + pouch


def rank(game: Game, state: State, player: str, options: list[str]) -> list[str]:
    """Among orders the bot cannot look past (steals, offers, draws, end_turn) it takes the
    first: steals; offers the other player would welcome; a draw (behind: while an action
    remains, to keep the life going; ahead: while two remain, one to play what it draws, and
    the hand has room); else end the turn. Cards to discard down go cheapest first."""
    turn = state["turn"]
    room = len(m.hand(state, player)) < hand_limit()
    left = turn["actions"] - turn["used"] if turn["player"] == player else 0
    behind = player in state["goals"] and not state["over"] and _lead(state, player) <= 0
    acting = left >= 1 and (behind or (left >= 2 and room))

    def key(text: str) -> tuple[int, float, str]:
        if text.startswith("play_on("):
            return 0, 0.0, text
        if text.startswith("offer("):
            return (1 if welcome(game, state, player, text) else 6), 0.0, text
        if text == "draw()":
            return (2 if acting else 7), 0.0, text
        if text.startswith("discard_down("):
            return 3, card_value(state, player, text.split('"')[1]), text
        if text == "end_turn()":
            return 4, 0.0, text
        return 5, 0.0, text

    return sorted(options, key=key)


def welcome(game: Game, state: State, player: str, text: str) -> bool:
    """Whether the other player would gain by accepting the offer (as this bot judges)."""
    target = text.split('"')[1]
    trial = clone(state)
    parsed = parse_text("a_chaotic_life", text, "bot").orders[0]
    offer = {"from": player, "to": target, "tick": -1}
    try:
        _, give, want = checks.offer(trial, player, parsed)
    except OrderError:
        return False
    if want.any_card:
        return False
    offer.update(give=give.as_dict(), want=want.as_dict())
    trial["offer"] = offer
    before = judge(trial, target)
    try:
        game.act(trial, target, proposed("accept"), Dice(-1, int(state["tick"]) + 1))
    except OrderError:
        return False
    return judge(trial, target) > before


def _lead(state: State, player: str) -> int:
    mine = breakdown(state, player)["score"]
    return mine - max(breakdown(state, p)["score"] for p in state["players"] if p != player)


def useful_reaction(state: State, player: str, item: str) -> bool:
    react = card(item)["react"]
    mods = react["mods"]
    if any(m in mods for m in ("cancel", "protect", "redirect")):
        return True
    bonus = react["bonus"]
    return bool(bonus and bonus[m.goal(state, player)] > 0 and not mods)


def standing_orders(state: State, player: str) -> list[str]:
    """The standing react orders a bot leaves: each Item it holds whose reaction always helps
    it (cancel, protect, redirect, a bonus of its own kind)."""
    held = sorted(set(n for n in m.holding(state, player) if card(n)["type"] == "item"))
    return [f'react("{n}")' for n in held if useful_reaction(state, player, n)]


def equip(state: State, players: list[str] | None = None) -> dict[str, Any]:
    """Give bot players their standing orders (in memory, as the engine would store them)."""
    standing = state.setdefault("standing", {})
    for player in players or state["players"]:
        orders = standing_orders(state, player)
        if orders:
            standing[player] = orders
        else:
            standing.pop(player, None)
    return state


def hand_limit() -> int:
    return int(rules()["hand_limit"])

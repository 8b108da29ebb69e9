"""The effect vocabulary of the cards (cards.yaml) as one table, `EFFECT_KINDS`: each kind
implemented once, with how it reads, what it is worth to the greedy bot, how it moves its own
player's score and whom it serves. Every reader dispatches through the table (reactions.py when
a card resolves, the views, the bots and the advice); none names an effect kind itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..engine.base.words import counted
from ..engine.core.dice import Dice
from .data import (
    KINDS,
    Age,
    Gain,
    Line,
    Reward,
    Spec,
    Worth,
    card,
    other,
    rules,
    stage_words,
    tag_words,
)
from .model import counters, front_count, goal, hand, pouch, stage
from .moves import Play, gain, hand_over, left_of, log, random_index, seat_order
from .state import ChaoticState, Entry, Kind

# -- the effect table ----------------------------------------------------------------------------
# Each effect kind of the cards' vocabulary (data.EFFECTS) is one row of EFFECT_KINDS: what it
# does when its card resolves, the counters it gives its card's player, how a card's text reads
# it, what the greedy bot expects of it, how it moves its own player's score (the `helps` and
# `hurts` of a standing react) and whom it serves. Every reader dispatches through the table;
# none names an effect kind itself.

Entries = list[Entry]
Done = tuple[str, Entries]  # a phrase for the card's closing sentence ("" for none), its own log
NOTHING: Reward = {}

# whom an effect kind serves (the `helps` column)
PLAYER = "player"  # the card's player: counters, cards or actions for them
TARGET = "target"  # the player the card is played on
ALL = "all"  # the CP's life, which every player's score is read from
NOBODY = "nobody"  # it only takes away (lost Pets, lost or passed cards)
LEADER = "leader"  # it ends the game, which serves whoever leads
HELPS = (PLAYER, TARGET, ALL, NOBODY, LEADER)


V = TypeVar("V")  # the value of an effect kind in cards.yaml (data.EFFECTS says its shape)


@dataclass(frozen=True)
class EffectKind(Generic[V]):
    """One effect kind: `apply(state, play, value, dice, stage played in)` changes the state;
    `reward(state, player, value, chosen kind)` is the counters it gives the card's player;
    `describe(value)` its words on the sheets and the reference; `worth(value, goal, stage)` the
    counters the greedy bot expects of it in that stage and `at_most(value, best unseen card)`
    the most it could bring a player behind (None: its counters say it); `sway(state, play,
    value, counters)` moves the counters the card's player would end with and returns the
    points it adds beyond counters and whether it helps when nothing else moves; `touches(state,
    player, value)` whether it reaches a player it is not aimed at (what a protection guards);
    `helps` whom it serves."""

    apply: Callable[[ChaoticState, Play, V, Dice, str], Done]
    reward: Callable[[ChaoticState, str, V, Kind | None], Reward]
    describe: Callable[[V], str]
    worth: Callable[[V, Kind, str], Reward]
    at_most: Callable[[V, float], float | None]
    sway: Callable[[ChaoticState, Play, V, Reward], tuple[int, bool]]
    touches: Callable[[ChaoticState, str, V], bool]
    helps: str


def gain_text(amounts: Gain) -> str:
    """`1 happiness + 2 of your goal's kind`: counters as a card's text gives them (a Worth's
    `goal` too)."""
    parts = [f"{n} {k}" for k, n in amounts.items() if n and k != "goal"]
    if goal := amounts.get("goal"):
        parts.append(f"{goal} of your goal's kind")
    return " + ".join(parts) or "nothing"


def by_kind(amounts: Gain) -> Reward:
    """Counters of each kind, as a reward holds them."""
    return {k: amounts[k] for k in KINDS}


def ends_game(spec: Spec) -> bool:
    """A card that ends the game when it resolves (Death!)."""
    return any(EFFECT_KINDS[kind].helps == LEADER for kind, _ in spec["effects"])


# -- what each kind does --


def _said(text: str) -> Done:
    return text, []


def _logged(entries: Entries) -> Done:
    return "", entries


def _do_age(state: ChaoticState, play: Play, value: Age, dice: Dice, start: str) -> Done:
    state["stage"] = value["stage"]
    state["history"].setdefault(value["stage"], [])
    return _said(f"the CP is now {stage_words(value['stage'])}")


def _note(state: ChaoticState, tag: str | None) -> str:
    if not tag:
        return ""
    state["history"].setdefault(stage(state), []).append(tag)
    return f"the CP {tag_words(tag)} as {stage_words(stage(state))}"


def _do_by_stage(state: ChaoticState, play: Play, value: dict[str, Line], dice: Dice, start: str
                 ) -> Done:
    return _said(_note(state, value[start]["tag"]))


def _do_tag(state: ChaoticState, play: Play, value: str, dice: Dice, start: str) -> Done:
    return _said(_note(state, value))


def _do_extra_action(state: ChaoticState, play: Play, value: int, dice: Dice, start: str) -> Done:
    state["turn"]["actions"] += value
    more = "action" if value == 1 else "actions"
    return _said(f"{play.player} may take {value} more {more} this turn")


def _do_death(state: ChaoticState, play: Play, value: int, dice: Dice, start: str) -> Done:
    state["over"], state["end"] = True, "death"
    return _said("the CP has died and the game is over")


def _do_nothing(state: ChaoticState, play: Play, value: object, dice: Dice, start: str) -> Done:
    return _said("")


def _do_chase(state: ChaoticState, play: Play, value: str, dice: Dice, start: str) -> Done:
    out = []
    for player in state["players"]:
        while value in state["front"][player] and player not in play.protected:
            state["front"][player].remove(value)
            state["discard"].append(value)
            out.append(log(state, f"The {play.name} chased away {player}'s {value}"))
    return _logged(out)


def _do_steal(state: ChaoticState, play: Play, zone: str, dice: Dice, start: str) -> Done:
    victim = play.target
    assert victim is not None
    cards = hand(state, victim) if zone == "hand" else pouch(state, victim)
    if victim in play.protected or not cards:
        return _logged([])
    taken = cards.pop(random_index(dice, "steal", len(cards)))
    hand(state, play.player).append(taken)
    where = "hand" if zone == "hand" else "Item Pouch"
    text = f"{play.player} took a card at random from {victim}'s {where}"
    seen = f"{play.player} took {taken} at random from {victim}'s {where}"
    return _logged([log(state, text, {play.player: seen, victim: seen})])


def _aimed(play: Play) -> tuple[str, Kind] | None:
    """The target and the chosen kind of a card that moves counters, None when the target is
    protected from it."""
    target, kind = play.target, play.kind
    assert target is not None and kind is not None
    return None if target in play.protected else (target, kind)


def _do_take(state: ChaoticState, play: Play, count: int, dice: Dice, start: str) -> Done:
    if (aim := _aimed(play)) is None:
        return _logged([])
    (target, kind), me = aim, play.player
    moved = hand_over(state, target, me, kind, count)
    return _logged([log(state, f"{me} took {counted(moved, kind + ' counter')} from {target}")])


def _do_grant(state: ChaoticState, play: Play, count: int, dice: Dice, start: str) -> Done:
    if (aim := _aimed(play)) is None:
        return _logged([])
    (target, kind), me = aim, play.player
    got = gain(state, target, kind, count)
    return _logged([log(state, f"{target} took {counted(got, kind + ' counter')} from the box, "
                               f"a gift from {me}")])


def _do_swap(state: ChaoticState, play: Play, count: int, dice: Dice, start: str) -> Done:
    if (aim := _aimed(play)) is None:
        return _logged([])
    (target, kind), me = aim, play.player
    given = hand_over(state, me, target, kind, count)
    taken = hand_over(state, target, me, other(kind), count)
    return _logged([log(state, f"{me} gave {counted(given, kind + ' counter')} to {target} and "
                               f"took {counted(taken, other(kind) + ' counter')} in return")])


def _do_lava(state: ChaoticState, play: Play, count: int, dice: Dice, start: str) -> Done:
    out = []
    for player in seat_order(state, play.player):
        for _ in range(count):
            cards = hand(state, player)
            if player in play.protected or not cards:
                break
            lost = cards.pop(random_index(dice, "lava", len(cards)))
            state["discard"].append(lost)
            out.append(log(state, f"The lava took {player}'s {lost} to the discard pile"))
    return _logged(out)


def _do_gifts(state: ChaoticState, play: Play, count: int, dice: Dice, start: str) -> Done:
    """Every player picks cards at random from their hand, then all pass them left at once."""
    passing: list[tuple[str, str]] = []
    for player in seat_order(state, play.player):
        cards = hand(state, player)
        for _ in range(count):
            if player in play.protected or not cards:
                break
            passing.append((player, cards.pop(random_index(dice, "gifts", len(cards)))))
    out = []
    for giver, gift in passing:
        taker = left_of(state, giver)
        hand(state, taker).append(gift)
        text = f"{giver} passed a card to {taker}"
        seen = f"{giver} passed {gift} to {taker}"
        out.append(log(state, text, {giver: seen, taker: seen}))
    return _logged(out)


# -- the counters each kind gives its card's player --


def _no_reward(state: ChaoticState, player: str, value: object, kind: Kind | None) -> Reward:
    return NOTHING


def _gain_reward(state: ChaoticState, player: str, value: Gain, kind: Kind | None
                 ) -> Reward:
    return by_kind(value)


def _by_stage_reward(state: ChaoticState, player: str, value: dict[str, Line],
                     kind: Kind | None) -> Reward:
    return by_kind(value[stage(state)]["gain"])


def _age_reward(state: ChaoticState, player: str, value: Age, kind: Kind | None
                ) -> Reward:
    """Growing up pays `base` (goal: of the player's goal's kind) and, for each tag noted in
    the stage now ending, its gain."""
    noted = state["history"].get(stage(state), [])
    base = value["base"]
    amounts: Reward = {k: base[k] for k in KINDS}
    amounts[goal(state, player)] += base["goal"]
    for pay in value["pays"]:
        if pay["tag"] in noted:
            amounts = {k: amounts.get(k, 0) + pay["gain"][k] for k in KINDS}
    return amounts


def _neighbor_reward(state: ChaoticState, player: str, value: bool, kind: Kind | None
                     ) -> Reward:
    table = rules()["neighbor_rewards"]
    count = min(front_count(state, player, "neighbor") + 1, len(table))
    return {kind or goal(state, player): table[count - 1]}


def _named_reward(state: ChaoticState, player: str, value: int, kind: Kind | None) -> Reward:
    return {kind or goal(state, player): value}


def _death_reward(state: ChaoticState, player: str, value: int, kind: Kind | None) -> Reward:
    return {other(goal(state, player)): value}


# -- how each kind reads --


def _age_text(value: Age) -> str:
    pays = ", ".join(f"{tag_words(p['tag'])}: +{gain_text(p['gain'])}" for p in value["pays"])
    base = gain_text(value["base"])
    return f"the CP becomes {stage_words(value['stage'])}" + (
        f"; pays +{base} for growing up" if base != "nothing" else "") + (
        f"; pays for the stage just ended: {pays}" if pays else "")


def _by_stage_text(value: dict[str, Line]) -> str:
    return " | ".join(f"{s.capitalize()}: +{gain_text(line['gain'])}"
                      + (f" ({tag_words(line['tag'])})" if line["tag"] else "")
                      for s, line in value.items())


def _neighbor_text(value: bool) -> str:
    return ("+" + "/".join(map(str, rules()["neighbor_rewards"])) + " counters for your "
            "1st..7th Neighbor (your goal's kind unless you name one)")


# -- what the greedy bot expects of each kind --


def _worth_nothing(value: object, goal_kind: Kind, when: str) -> Reward:
    return NOTHING


def _best_of_counters(value: object, best_unseen: float) -> float | None:
    return None


# -- how each kind moves its own player's score --


def _no_sway(state: ChaoticState, play: Play, value: object, mine: Reward) -> tuple[int, bool]:
    return 0, False


def _reached(play: Play) -> str | None:
    """The card's target, unless it has none or is protected from it."""
    target = play.target
    return None if target is None or target in play.protected else target


def _take_sway(state: ChaoticState, play: Play, value: int, mine: Reward) -> tuple[int, bool]:
    if (target := _reached(play)) is not None:
        kind = play.kind or goal(state, play.player)
        mine[kind] += min(value, counters(state, target)[kind])
    return 0, False


def _swap_sway(state: ChaoticState, play: Play, value: int, mine: Reward) -> tuple[int, bool]:
    if (target := _reached(play)) is not None:
        kind = play.kind or goal(state, play.player)
        mine[kind] -= min(value, mine[kind])
        mine[other(kind)] += min(value, counters(state, target)[other(kind)])
    return 0, False


def _steal_sway(state: ChaoticState, play: Play, value: str, mine: Reward) -> tuple[int, bool]:
    return 0, _reached(play) is not None  # a card taken from someone else helps


def _chase_sway(state: ChaoticState, play: Play, value: str, mine: Reward) -> tuple[int, bool]:
    """A Pet of the player's own that the card chases away is its worth lost."""
    me = play.player
    if me in play.protected or value not in state["front"][me]:
        return 0, False
    return -goal_worth(card(value)["worth"], goal(state, me)), False


def _aimed_only(state: ChaoticState, player: str, value: object) -> bool:
    return False


def _hand_cards(state: ChaoticState, player: str, value: int) -> bool:
    return bool(hand(state, player))


def _pet_owned(state: ChaoticState, player: str, value: str) -> bool:
    return value in state["front"][player]


def _row(kind: EffectKind[V]) -> EffectKind[Any]:
    """A row of the table, typed by the value its functions take (V) so that its lambdas are
    checked against that shape; the table holds rows of every shape, and a card's value comes
    from the rule data, whose effect kind says its shape."""
    return kind


# Each row takes the value shape of its own kind (see _row), so the table leaves it untyped.
EFFECT_KINDS: dict[str, EffectKind[Any]] = {
    "gain": _row(EffectKind(
        _do_nothing, _gain_reward, lambda value: f"+{gain_text(value)}",
        lambda value, goal_kind, when: by_kind(value), _best_of_counters, _no_sway, _aimed_only,
        PLAYER)),
    "by_stage": _row(EffectKind(
        _do_by_stage, _by_stage_reward, _by_stage_text,
        lambda value, goal_kind, when: by_kind(value[when]["gain"]), _best_of_counters, _no_sway,
        _aimed_only, PLAYER)),
    "tag": _row(EffectKind(
        _do_tag, _no_reward, lambda value: f"the CP {tag_words(value)}",
        _worth_nothing, _best_of_counters, _no_sway, _aimed_only, ALL)),
    "age": _row(EffectKind(
        _do_age, _age_reward, _age_text, _worth_nothing, _best_of_counters, _no_sway,
        _aimed_only, ALL)),
    "extra_action": _row(EffectKind(
        _do_extra_action, _no_reward,
        lambda value: f"{value} more {'action' if value == 1 else 'actions'} this turn",
        _worth_nothing, _best_of_counters, _no_sway, _aimed_only, PLAYER)),
    "death": _row(EffectKind(
        _do_death, _death_reward,
        lambda value: f"you take {counted(value, 'counter')} opposite to your goal; the game "
                      "ends",
        _worth_nothing, _best_of_counters, _no_sway, _aimed_only, LEADER)),
    "chase": _row(EffectKind(
        _do_chase, _no_reward, lambda value: f"every {value} in play goes to the discard pile",
        _worth_nothing, _best_of_counters, _chase_sway, _pet_owned, NOBODY)),
    "neighbor": _row(EffectKind(
        _do_nothing, _neighbor_reward, _neighbor_text,
        lambda value, goal_kind, when: {goal_kind: 2},
        lambda value, best_unseen: float(max(rules()["neighbor_rewards"])), _no_sway,
        _aimed_only, PLAYER)),
    "named": _row(EffectKind(
        _do_nothing, _named_reward,
        lambda value: f"+{counted(value, 'counter')} of the kind you name (your goal's unless "
                      "you name one)",
        lambda value, goal_kind, when: {goal_kind: value}, _best_of_counters, _no_sway,
        _aimed_only, PLAYER)),
    "steal": _row(EffectKind(
        _do_steal, _no_reward,
        lambda value: "take a random card from their "
                      f"{'hand' if value == 'hand' else 'Item Pouch'}",
        _worth_nothing, lambda value, best_unseen: 2.0 * best_unseen,  # a card taken from them
        _steal_sway, _aimed_only, PLAYER)),
    "swap_counters": _row(EffectKind(
        _do_swap, _no_reward,
        lambda value: f"give them {value} of the kind you name, take {value} of the other",
        _worth_nothing, lambda value, best_unseen: 2.0 * value,  # theirs taken, ours gained
        _swap_sway, _aimed_only, PLAYER)),
    "take_counters": _row(EffectKind(
        _do_take, _no_reward, lambda value: f"take {value} of the kind you name from them",
        _worth_nothing, lambda value, best_unseen: 2.0 * value,  # theirs taken, ours gained
        _take_sway, _aimed_only, PLAYER)),
    "grant_counters": _row(EffectKind(
        _do_grant, _no_reward,
        lambda value: f"they take {value} of the kind you name from the box",
        _worth_nothing, lambda value, best_unseen: float(value),  # the other kind, to the leader
        _no_sway, _aimed_only, TARGET)),
    "lava": _row(EffectKind(
        _do_lava, _no_reward,
        lambda value: f"every player loses {counted(value, 'random card')} from hand",
        _worth_nothing, _best_of_counters, _no_sway, _hand_cards, NOBODY)),
    "gifts": _row(EffectKind(
        _do_gifts, _no_reward,
        lambda value: f"every player passes {counted(value, 'random card')} from hand to the "
                      "left",
        _worth_nothing, _best_of_counters, _no_sway, _hand_cards, NOBODY)),
}


def goal_worth(worth: Worth | None, goal_kind: Kind) -> int:
    """What a card in front of a player (a Pet) adds to their score at the end: its counters
    of their goal's kind. Those of the other kind cancel nothing (model.breakdown)."""
    return worth[goal_kind] + worth["goal"] if worth else 0


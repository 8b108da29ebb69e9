"""A card played: the Items' reactions to it, then its effects, then its place.

A played card becomes a `Play` (moves.py): the counters it gives (its reward) and who takes
them. Before anything happens, every player may react with one Item, through their standing
`react` orders: first the card's player, then each player to their left in turn; each fires the
first of their standing orders that applies (an Item they hold that can react to this card). An
Item cancels the card, doubles or flips its reward, redirects it to the Item's player, protects
that player from the card, and/or gives that player a bonus. A cancel ends the reactions. Then
the card's effects run in the order cards.yaml lists them (effects.EFFECT_KINDS) and the card
goes where it says.

Only actions.py (the commands' applies) calls these, after the checks in checks.py passed.
"""

from __future__ import annotations

from ..engine.core.contract import Order
from ..engine.core.dice import Dice
from .data import KINDS, Reward, age_effect, card, find, other, reaction, stage_words
from .effects import EFFECT_KINDS, goal_worth
from .model import counters, goal, held_in, stage
from .moves import (
    Play,
    Standing,
    counters_text,
    gain,
    log,
    seat_order,
    seen_by,
    shuffle_back,
    take_card,
)
from .state import ChaoticState, Counters, Entry, Kind

# -- the reward ----------------------------------------------------------------------------------


def reward_of(state: ChaoticState, player: str, name: str, kind: Kind | None) -> Reward:
    """The counters the card gives its player as things stand (before any Item)."""
    total: Reward = dict.fromkeys(KINDS, 0)
    for effect, value in card(name)["effects"]:
        for k, n in EFFECT_KINDS[effect].reward(state, player, value, kind).items():
            total[k] += n
    return total


# -- reactions -----------------------------------------------------------------------------------
# A standing react order may name what it answers: a card or a type (`trigger`), whose card it is
# (`whose`: mine, others, any or a player's name) and what the card does to its own player's
# goal as it stands when the Item is asked (`effect`: helps, hurts or any).

WHOSE = ("any", "mine", "others")
EFFECTS_JUDGED = ("any", "helps", "hurts")


def trigger_matches(written: str, name: str) -> bool:
    low = " ".join(str(written).lower().split())
    return low in ("any", card(name)["type"]) or find(written) == name


def affected(state: ChaoticState, player: str, play: Play) -> bool:
    """Whether the card would do anything to `player` (what a protecting Item guards)."""
    if play.target == player:
        return True
    return any(EFFECT_KINDS[effect].touches(state, player, value)
               for effect, value in play.spec["effects"])


def can_alter(state: ChaoticState, player: str, item: str, play: Play) -> bool:
    """Whether the Item, played by `player`, can alter the card as it stands: the card is one
    it names (or of a type it names); a protection needs the card to touch its player; a
    change of counters needs counters to change; a redirect needs someone else to take them."""
    spec = card(item)
    if spec["type"] != "item":
        return False
    react = reaction(item)
    if play.name not in react["to"] and play.spec["type"] not in react["types"]:
        return False
    mods = react["mods"]
    if "protect" in mods and not affected(state, player, play):
        return False
    if any(m in mods for m in ("double", "flip", "redirect")) and not any(play.reward.values()):
        return False
    return not ("redirect" in mods and play.to == player)


def can_react(state: ChaoticState, player: str, item: str, play: Play) -> bool:
    return held_in(state, player, item) is not None and can_alter(state, player, item, play)



def owner_change(state: ChaoticState, play: Play) -> int:
    """What the card, as it stands, does to its own player's score: > 0 it helps their goal,
    < 0 it hurts it (counters they take, give or have swapped, a Pet of theirs chased away),
    0 neither; a card taken from someone else helps."""
    me, goal_kind = play.player, goal(state, play.player)
    mine: Reward = {k: counters(state, me)[k] for k in KINDS}
    if play.to == me:
        for each in KINDS:
            mine[each] += play.reward[each]
    moved, helped = 0, False
    for effect, value in play.spec["effects"]:
        points, helps = EFFECT_KINDS[effect].sway(state, play, value, mine)
        moved, helped = moved + points, helped or helps

    def left(amounts: Reward | Counters) -> int:  # toward the goal, before any floor at 0
        return amounts[goal_kind] - amounts[other(goal_kind)]

    kept = goal_worth(play.spec["worth"], goal_kind) if play.spec["place"] == "front" else 0
    change = left(mine) - left(counters(state, me)) + moved + kept
    return change or int(helped)


def judged(written: str) -> str | None:
    """A react order's `effect` as the rules read it (helps, hurts, any), or None."""
    low = str(written).strip().lower()
    return low if low in EFFECTS_JUDGED else None


def answers(state: ChaoticState, player: str, order: Order, play: Play) -> bool:
    """Whether `player`'s standing react order applies to this card: the card or type it
    names, whose card it is, and whether the card helps or hurts its own player's goal."""
    trigger, whose, effect = order.arg("trigger"), order.arg("whose"), order.arg("effect")
    if trigger is not None and not trigger_matches(trigger.value, play.name):
        return False
    if whose is not None:
        low = str(whose.value).strip().lower()
        if low == "mine" and play.player != player:
            return False
        if low == "others" and play.player == player:
            return False
        if low not in WHOSE and low != play.player.lower():
            return False
    if effect is not None:
        wanted = judged(effect.value)
        change = owner_change(state, play) if wanted in ("helps", "hurts") else 0
        if (wanted == "helps" and change <= 0) or (wanted == "hurts" and change >= 0):
            return False
    return True


def fire_reactions(state: ChaoticState, play: Play, standing: Standing, acting: bool
                   ) -> list[Entry]:
    """Every player may play one Item on the card, the card's player first, then each player
    to their left. `acting`: the card is played during its player's actions on their own
    turn, so an Item they play on it is one of those actions (one they played by order,
    waiting face up, was paid for then); an Item played at any other time is free."""
    entries: list[Entry] = []
    turn = state["turn"]
    for player in seat_order(state, play.player):
        if play.cancelled:
            break
        mine = player == turn["player"]
        own = acting and mine
        ready = next((i for i in turn["ready"] if can_alter(state, player, i, play)), None)
        if mine and ready is not None:
            turn["ready"].remove(ready)
            entries.append(_react(state, player, ready, play, readied=True))
            continue
        for order in standing(player):
            item = find(order["item"])
            if item is None or not answers(state, player, order, play) or \
                    not can_react(state, player, item, play):
                continue
            if own:
                if turn["used"] >= turn["actions"]:
                    break  # on your own turn an Item is an action, and none is left
                turn["used"] += 1
            entries.append(_react(state, player, item, play))
            if player != play.player and turn["player"] == play.player:
                turn["unforeseen"] = True  # its file may stop here
            break
    return entries


def _react(state: ChaoticState, player: str, item: str, play: Play, readied: bool = False
           ) -> Entry:
    if not readied:  # one played by order this turn is already out of the hand
        take_card(state, player, item)
    place_item(state, item)
    react = reaction(item)
    said = []
    for mod in react["mods"]:
        if mod in ("cancel", "rewind"):
            play.cancelled = True
            play.rewound = mod == "rewind"
            # a rewind's card is then said to go back into the deck, where it goes
            said.append(f"time turns back and {play.name} is undone" if play.rewound
                        else f"{play.name} has no effect")
        elif mod == "double":
            play.reward = {k: 2 * n for k, n in play.reward.items()}
            said.append(f"its counters are doubled, to {counters_text(play.reward)}")
        elif mod == "flip":
            play.reward = {k: play.reward[other(k)] for k in KINDS}
            said.append("its happiness and sadness counters change places, to "
                        f"{counters_text(play.reward)}")
        elif mod == "redirect":
            play.to = player
            said.append(f"{player} takes its counters")
        else:
            play.protected.append(player)
            said.append(f"it has no effect on {player}")
    if bonus := react["bonus"]:
        got = {k: gain(state, player, k, bonus[k]) for k in KINDS}
        said.append(f"{player} gains {counters_text(got)}")
    return log(state, f"{player} played {item} in reaction to {play.name}: "
                      f"{'; '.join(said)}")


def place_item(state: ChaoticState, item: str) -> None:
    """An Item that altered a card goes where its data says (the Timeline, by default)."""
    if card(item)["place"] == "discard":
        state["discard"].append(item)
    else:
        state["timeline"].append({"card": item, "stage": stage(state), "above": []})


def _place(state: ChaoticState, play: Play, dice: Dice) -> str:
    """Put the played card where it goes; what happened to it when a sentence should say so
    (a predicate its name goes before), else ""."""
    spec = play.spec
    where = "deck" if play.rewound else spec["place"]
    if (play.cancelled and not play.rewound) or where == "discard":
        state["discard"].append(play.name)
        return ""
    if where == "timeline":
        state["timeline"].append({"card": play.name, "stage": stage(state), "above": []})
    elif where == "above_adult":
        adult = next(e for e in state["timeline"] if card(e["card"])["type"] == "age"
                     and age_effect(card(e["card"]))["stage"] == "adult")
        again = ", on top of the first Spouse: the CP remarried" if adult["above"] else ""
        adult["above"].append(play.name)
        return f"went above the Adult card{again}"
    elif where == "front":
        state["front"][play.player].append(play.name)
    else:
        return shuffle_back(state, play.name, dice)
    return ""


def resolve(state: ChaoticState, player: str, name: str, dice: Dice, standing: Standing,
            target: str | None = None, kind: Kind | None = None, how: str = "",
            acting: bool = False, paid: str = "") -> list[Entry]:
    """Play `name` (already out of the player's hand): reactions, then effects, then its
    place. The log entries it made, in order. `how`: the sentence that says it was played,
    with {} for the card (and its target); `paid`: what playing it cost, as the end of that
    sentence. `acting`: played as one of its player's actions (fire_reactions)."""
    how = how or f"{player} played {{}}"
    start = stage(state)
    play = Play(name, player, target, kind, reward_of(state, player, name, kind), player)
    on = f" on {target}" if target else ""
    entries = [log(state, how.format(f"{name}{on}") + f" while the CP was {stage_words(start)}"
                   + paid)]
    entries += fire_reactions(state, play, standing, acting)
    if play.cancelled:
        went = _place(state, play, dice) or "went to the discard pile"
        return entries + [log(state, f"{name} had no effect and {went}")]
    said: list[str] = []
    for effect, value in play.spec["effects"]:
        sentence, logged = EFFECT_KINDS[effect].apply(state, play, value, dice, start)
        said.append(sentence)
        entries += logged
    said = [s for s in said if s]
    if any(play.reward.values()):
        got = {k: gain(state, play.to, k, n) for k, n in play.reward.items()}
        short = {k: n - got[k] for k, n in play.reward.items() if n > got[k]}
        said.insert(0, f"{name} gave {play.to} {counters_text(got)}" + (
            f", as the box ran out of {counters_text(short)}" if short else ""))
    if went := _place(state, play, dice):
        said.append(f"{name} {went}")
    if said:
        entries.append(log(state, capital("; ".join(said))))
    return entries


def capital(text: str) -> str:
    """A sentence that opens with a lowercase phrase ('the CP is now a Child') opens with a
    capital; a card or a player's name is left as it is spelled."""
    return text[:1].upper() + text[1:]


def texts(entries: list[Entry], player: str) -> list[str]:
    return [seen_by(e, player) for e in entries]


def counter_total(state: ChaoticState, player: str) -> int:
    return sum(counters(state, player)[k] for k in KINDS)

"""The changes of state every rule is made of, and the cards' effects.

The moves: counters to and from the box, cards between zones, the deck (drawing,
reshuffling, a card shuffled back) and the game log. The log keeps, for each event, the text
everyone may read and, where a hidden card is involved, the fuller text for the players who
saw it (state.py: each private line is its reader's); views choose per player.

The effect vocabulary of the cards (cards.yaml), each kind implemented once, and the Items'
reactions to a card being played. A played card becomes a `Play`: the counters it gives (its
reward) and who takes them. Before anything happens, every player may react with one Item,
through their standing `react` orders: first the card's player, then each player to their
left in turn; each fires the first of their standing orders that applies (an Item they hold
that can react to this card). An Item cancels the card, doubles or flips its reward, redirects
it to the Item's player, protects that player from the card, and/or gives that player a bonus.
A cancel ends the reactions. Then the card's effects run in the order cards.yaml lists them and
the card goes where it says.

Only actions.py (the commands' applies) calls these, after the checks in checks.py passed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine.contract import Order, State
from ..engine.dice import Dice
from ..engine.words import counted, listed
from .data import KINDS, card, find, other, rules, stage_words, tag_words
from .model import counters, front_count, goal, hand, held_in, in_box, pouch, stage
from .state import HIDDEN

DECK_STREAM = "deck"
RECENT = 16  # events the sheets keep showing from earlier ticks


def log(state: State, text: str, private: dict[str, str] | None = None) -> dict[str, Any]:
    """Record an event of this tick: `text` for everyone, `private[p]` instead for player p."""
    tick = int(state["tick"]) + 1 if "tick" in state else 0  # 0: at setup
    entry = {"tick": tick, "text": text, "private": dict(sorted((private or {}).items()))}
    state["log"].append(entry)
    state["recent"] = [*state["recent"], entry][-RECENT:]
    return entry


def seen_by(entry: dict[str, Any], player: str | None) -> str:
    """What `player` (None: the referee, who sees everything) reads of a log entry."""
    if player is None and entry["private"]:
        return " / ".join(f"{p}: {t}" for p, t in entry["private"].items())
    return str(entry["private"].get(player, entry["text"]) if player else entry["text"])


def gain(state: State, player: str, kind: str, amount: int) -> int:
    """Counters from the box to the player. The box's 25 of each kind are a component count,
    not a limit (rules.yaml `counter_limit`): when it is empty any token stands in. With the
    limit on, a gain takes only what the box still holds."""
    given = max(0, min(amount, in_box(state, kind))) if rules()["counter_limit"] else amount
    counters(state, player)[kind] += given
    return given


def pay(state: State, player: str, kind: str, amount: int) -> None:
    counters(state, player)[kind] -= amount


def hand_over(state: State, giver: str, taker: str, kind: str, amount: int) -> int:
    """Counters from one player to another (never more than the giver has)."""
    moved = max(0, min(amount, counters(state, giver)[kind]))
    counters(state, giver)[kind] -= moved
    counters(state, taker)[kind] += moved
    return moved


def counters_text(amounts: dict[str, int]) -> str:
    """`1 happiness counter`, `2 happiness counters and 1 sadness counter`, `no counters`:
    the counters of an event as a sentence names them."""
    parts = [counted(n, f"{k} counter") for k, n in amounts.items() if n]
    return listed(parts) or "no counters"


def take_card(state: State, player: str, name: str, zone: str | None = None) -> str:
    """Remove one `name` from the player's hand (or pouch); the zone it came from. In a
    player's copy of the state another player's cards are face down: one of those goes."""
    for wanted in (name, HIDDEN):
        for where in ([zone] if zone else ["hand", "pouch"]):
            cards = hand(state, player) if where == "hand" else pouch(state, player)
            if wanted in cards:
                cards.remove(wanted)
                return where
    raise ValueError(f"{player} holds no {name}")  # the checks rule this out


def refill_deck(state: State, dice: Dice) -> bool:
    """An exhausted deck: the discard pile is shuffled into a new one (in every game, two
    players included). False when there was nothing to shuffle."""
    if state["deck"] or not state["discard"]:
        return bool(state["deck"])
    state["deck"] = list(state["discard"])
    state["rebuilt"] = sorted(state["discard"])
    unpiled(state)
    state["discard"] = []
    dice.stream(DECK_STREAM).shuffle(state["deck"])
    state["reshuffles"] += 1
    last = ", the last deck of this life" if last_deck(state) else ""
    size = len(state["deck"])
    pile = "only card was" if size == 1 else f"{size} cards were"
    log(state, f"The deck ran out: the discard pile's {pile} shuffled into a new deck{last}")
    return True


def take_top(state: State) -> str:
    """The top card of the deck, taken off it: from the first pile that has cards left (a
    card that went back in at a random place may have been the one, which `loose` allows
    for), as everyone sees it happen."""
    for pile in state.get("piles", []):
        if pile[0]:
            pile[0] -= 1
            pile[2] = True
            break
    else:
        if state.get("loose"):
            state["loose"] -= 1
    return str(state["deck"].pop(0))


def unpiled(state: State) -> None:
    """The deck was shuffled whole: nothing is known of its order any more."""
    if "piles" in state:
        state["piles"], state["loose"] = [], 0


def last_deck(state: State) -> bool:
    return int(state["reshuffles"]) >= int(rules()["rebuilds"])


def draw_top(state: State, dice: Dice) -> str | None:
    """The top card of the deck (refilled from the discard pile when empty), or None. Drawing
    the last card of the last deck ends the game: the CP dies of old age."""
    if not refill_deck(state, dice):
        return None
    name = take_top(state)
    if not state["deck"] and last_deck(state) and not state["over"]:
        state["over"], state["end"] = True, "old age"
        log(state, "The last card of the last deck was drawn: the CP dies of old age and the "
                   "game is over")
    return name


def shuffle_back(state: State, name: str, dice: Dice) -> str:
    """A card that goes back into the deck. With two players the deck is never shuffled (the
    Age cards would lose their order): the card goes to a random place. Otherwise the deck is
    shuffled with it. What happened to the card, as a predicate its name goes before."""
    stream = dice.stream(DECK_STREAM)
    if "rebuilt" in state and state["reshuffles"]:
        state["rebuilt"] = sorted([*state["rebuilt"], name])
    if len(state["players"]) == 2:
        place = stream.die(len(state["deck"]) + 1) - 1
        state["deck"].insert(place, name)
        if state.get("piles"):  # in a pile nobody knows: each pile may reach one card further
            state["loose"] = state.get("loose", 0) + 1
            state["piles"] = [[size, None if own == name and opened else own, opened]
                              for size, own, opened in state["piles"]]
        return "went back into the deck at a random place, as a two-player deck is never shuffled"
    state["deck"].append(name)
    unpiled(state)
    stream.shuffle(state["deck"])
    return "was shuffled back into the deck"


def random_index(dice: Dice, stream: str, size: int) -> int:
    return dice.stream(stream).die(size) - 1


def mask(cards: list[str]) -> list[str]:
    return [HIDDEN] * len(cards)


def hand_limit() -> int:
    return int(rules()["hand_limit"])


# -- the cards' effects ----------------------------------------------------------------------

Standing = Callable[[str], list[Order]]


@dataclass
class Play:
    name: str
    player: str
    target: str | None
    kind: str | None
    reward: dict[str, int]
    to: str
    cancelled: bool = False
    rewound: bool = False
    protected: list[str] = field(default_factory=list)

    @property
    def spec(self) -> dict[str, Any]:
        return card(self.name)


def seat_order(state: State, player: str) -> list[str]:
    """`player`, then each player to their left (the order turns pass in)."""
    players: list[str] = state["players"]
    index = players.index(player)
    return list(players[index:] + players[:index])


def left_of(state: State, player: str) -> str:
    return seat_order(state, player)[1]


# -- the reward ----------------------------------------------------------------------------------


def reward_of(state: State, player: str, name: str, kind: str | None) -> dict[str, int]:
    """The counters the card gives its player as things stand (before any Item)."""
    total = dict.fromkeys(KINDS, 0)
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


def affected(state: State, player: str, play: Play) -> bool:
    """Whether the card would do anything to `player` (what a protecting Item guards)."""
    if play.target == player:
        return True
    return any(EFFECT_KINDS[effect].touches(state, player, value)
               for effect, value in play.spec["effects"])


def can_alter(state: State, player: str, item: str, play: Play) -> bool:
    """Whether the Item, played by `player`, can alter the card as it stands: the card is one
    it names (or of a type it names); a protection needs the card to touch its player; a
    change of counters needs counters to change; a redirect needs someone else to take them."""
    spec = card(item)
    react = spec["react"]
    if spec["type"] != "item":
        return False
    if play.name not in react["to"] and play.spec["type"] not in react["types"]:
        return False
    mods = react["mods"]
    if "protect" in mods and not affected(state, player, play):
        return False
    if any(m in mods for m in ("double", "flip", "redirect")) and not any(play.reward.values()):
        return False
    return not ("redirect" in mods and play.to == player)


def can_react(state: State, player: str, item: str, play: Play) -> bool:
    return held_in(state, player, item) is not None and can_alter(state, player, item, play)


def goal_worth(worth: dict[str, int] | None, goal_kind: str) -> int:
    """What a card in front of a player (a Pet) adds to their score at the end: its counters
    of their goal's kind. Those of the other kind cancel nothing (model.breakdown)."""
    return worth[goal_kind] + worth["goal"] if worth else 0


def owner_change(state: State, play: Play) -> int:
    """What the card, as it stands, does to its own player's score: > 0 it helps their goal,
    < 0 it hurts it (counters they take, give or have swapped, a Pet of theirs chased away),
    0 neither; a card taken from someone else helps."""
    me, goal_kind = play.player, goal(state, play.player)
    mine = dict(counters(state, me))
    if play.to == me:
        for each in KINDS:
            mine[each] += play.reward[each]
    moved, helped = 0, False
    for effect, value in play.spec["effects"]:
        points, helps = EFFECT_KINDS[effect].sway(state, play, value, mine)
        moved, helped = moved + points, helped or helps

    def left(amounts: dict[str, int]) -> int:  # toward the goal, before any floor at 0
        return amounts[goal_kind] - amounts[other(goal_kind)]

    kept = goal_worth(play.spec["worth"], goal_kind) if play.spec["place"] == "front" else 0
    change = left(mine) - left(counters(state, me)) + moved + kept
    return change or int(helped)


def judged(written: str) -> str | None:
    """A react order's `effect` as the rules read it (helps, hurts, any), or None."""
    low = str(written).strip().lower()
    return low if low in EFFECTS_JUDGED else None


def answers(state: State, player: str, order: Order, play: Play) -> bool:
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


def fire_reactions(state: State, play: Play, standing: Standing, acting: bool
                   ) -> list[dict[str, Any]]:
    """Every player may play one Item on the card, the card's player first, then each player
    to their left. `acting`: the card is played during its player's actions on their own
    turn, so an Item they play on it is one of those actions (one they played by order,
    waiting face up, was paid for then); an Item played at any other time is free."""
    entries = []
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


def _react(state: State, player: str, item: str, play: Play, readied: bool = False
           ) -> dict[str, Any]:
    if not readied:  # one played by order this turn is already out of the hand
        take_card(state, player, item)
    place_item(state, item)
    react = card(item)["react"]
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
    if react["bonus"]:
        got = {k: gain(state, player, k, n) for k, n in react["bonus"].items()}
        said.append(f"{player} gains {counters_text(got)}")
    return log(state, f"{player} played {item} in reaction to {play.name}: "
                      f"{'; '.join(said)}")


# -- the effect table ----------------------------------------------------------------------------
# Each effect kind of the cards' vocabulary (data.EFFECTS) is one row of EFFECT_KINDS: what it
# does when its card resolves, the counters it gives its card's player, how a card's text reads
# it, what the greedy bot expects of it, how it moves its own player's score (the `helps` and
# `hurts` of a standing react) and whom it serves. Every reader dispatches through the table;
# none names an effect kind itself.

Entries = list[dict[str, Any]]
Done = tuple[str, Entries]  # a phrase for the card's closing sentence ("" for none), its own log
NOTHING: dict[str, int] = {}

# whom an effect kind serves (the `helps` column)
PLAYER = "player"  # the card's player: counters, cards or actions for them
TARGET = "target"  # the player the card is played on
ALL = "all"  # the CP's life, which every player's score is read from
NOBODY = "nobody"  # it only takes away (lost Pets, lost or passed cards)
LEADER = "leader"  # it ends the game, which serves whoever leads
HELPS = (PLAYER, TARGET, ALL, NOBODY, LEADER)


@dataclass(frozen=True)
class EffectKind:
    """One effect kind: `apply(state, play, value, dice, stage played in)` changes the state;
    `reward(state, player, value, chosen kind)` is the counters it gives the card's player;
    `describe(value)` its words on the sheets and the reference; `worth(value, goal, stage)` the
    counters the greedy bot expects of it in that stage and `at_most(value, best unseen card)`
    the most it could bring a player behind (None: its counters say it); `sway(state, play,
    value, counters)` moves the counters the card's player would end with and returns the
    points it adds beyond counters and whether it helps when nothing else moves; `touches(state,
    player, value)` whether it reaches a player it is not aimed at (what a protection guards);
    `helps` whom it serves."""

    apply: Callable[[State, Play, Any, Dice, str], Done]
    reward: Callable[[State, str, Any, str | None], dict[str, int]]
    describe: Callable[[Any], str]
    worth: Callable[[Any, str, str], dict[str, int]]
    at_most: Callable[[Any, float], float | None]
    sway: Callable[[State, Play, Any, dict[str, int]], tuple[int, bool]]
    touches: Callable[[State, str, Any], bool]
    helps: str


def gain_text(amounts: dict[str, int]) -> str:
    """`1 happiness + 2 of your goal's kind`: counters as a card's text gives them."""
    parts = [f"{n} {k}" for k, n in amounts.items() if n and k != "goal"]
    if amounts.get("goal"):
        parts.append(f"{amounts['goal']} of your goal's kind")
    return " + ".join(parts) or "nothing"


def ends_game(spec: dict[str, Any]) -> bool:
    """A card that ends the game when it resolves (Death!)."""
    return any(EFFECT_KINDS[kind].helps == LEADER for kind, _ in spec["effects"])


# -- what each kind does --


def _said(text: str) -> Done:
    return text, []


def _logged(entries: Entries) -> Done:
    return "", entries


def _do_age(state: State, play: Play, value: dict[str, Any], dice: Dice, start: str) -> Done:
    state["stage"] = value["stage"]
    state["history"].setdefault(value["stage"], [])
    return _said(f"the CP is now {stage_words(value['stage'])}")


def _note(state: State, tag: str | None) -> str:
    if not tag:
        return ""
    state["history"].setdefault(stage(state), []).append(tag)
    return f"the CP {tag_words(tag)} as {stage_words(stage(state))}"


def _do_by_stage(state: State, play: Play, value: dict[str, Any], dice: Dice, start: str
                 ) -> Done:
    return _said(_note(state, value[start]["tag"]))


def _do_tag(state: State, play: Play, value: str, dice: Dice, start: str) -> Done:
    return _said(_note(state, value))


def _do_extra_action(state: State, play: Play, value: int, dice: Dice, start: str) -> Done:
    state["turn"]["actions"] += value
    more = "action" if value == 1 else "actions"
    return _said(f"{play.player} may take {value} more {more} this turn")


def _do_death(state: State, play: Play, value: int, dice: Dice, start: str) -> Done:
    state["over"], state["end"] = True, "death"
    return _said("the CP has died and the game is over")


def _do_nothing(state: State, play: Play, value: Any, dice: Dice, start: str) -> Done:
    return _said("")


def _do_chase(state: State, play: Play, value: str, dice: Dice, start: str) -> Done:
    out = []
    for player in state["players"]:
        while value in state["front"][player] and player not in play.protected:
            state["front"][player].remove(value)
            state["discard"].append(value)
            out.append(log(state, f"The {play.name} chased away {player}'s {value}"))
    return _logged(out)


def _do_steal(state: State, play: Play, zone: str, dice: Dice, start: str) -> Done:
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


def _aimed(play: Play) -> tuple[str, str] | None:
    """The target and the chosen kind of a card that moves counters, None when the target is
    protected from it."""
    target, kind = play.target, play.kind
    assert target is not None and kind is not None
    return None if target in play.protected else (target, kind)


def _do_take(state: State, play: Play, count: int, dice: Dice, start: str) -> Done:
    if (aim := _aimed(play)) is None:
        return _logged([])
    (target, kind), me = aim, play.player
    moved = hand_over(state, target, me, kind, count)
    return _logged([log(state, f"{me} took {counted(moved, kind + ' counter')} from {target}")])


def _do_grant(state: State, play: Play, count: int, dice: Dice, start: str) -> Done:
    if (aim := _aimed(play)) is None:
        return _logged([])
    (target, kind), me = aim, play.player
    got = gain(state, target, kind, count)
    return _logged([log(state, f"{target} took {counted(got, kind + ' counter')} from the box, "
                               f"a gift from {me}")])


def _do_swap(state: State, play: Play, count: int, dice: Dice, start: str) -> Done:
    if (aim := _aimed(play)) is None:
        return _logged([])
    (target, kind), me = aim, play.player
    given = hand_over(state, me, target, kind, count)
    taken = hand_over(state, target, me, other(kind), count)
    return _logged([log(state, f"{me} gave {counted(given, kind + ' counter')} to {target} and "
                               f"took {counted(taken, other(kind) + ' counter')} in return")])


def _do_lava(state: State, play: Play, count: int, dice: Dice, start: str) -> Done:
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


def _do_gifts(state: State, play: Play, count: int, dice: Dice, start: str) -> Done:
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


def _no_reward(state: State, player: str, value: Any, kind: str | None) -> dict[str, int]:
    return NOTHING


def _gain_reward(state: State, player: str, value: dict[str, int], kind: str | None
                 ) -> dict[str, int]:
    return value


def _by_stage_reward(state: State, player: str, value: dict[str, Any], kind: str | None
                     ) -> dict[str, int]:
    amounts: dict[str, int] = value[stage(state)]["gain"]
    return amounts


def _age_reward(state: State, player: str, value: dict[str, Any], kind: str | None
                ) -> dict[str, int]:
    """Growing up pays `base` (goal: of the player's goal's kind) and, for each tag noted in
    the stage now ending, its gain."""
    noted = state["history"].get(stage(state), [])
    base = value["base"]
    amounts = {k: base[k] for k in KINDS}
    amounts[goal(state, player)] += base["goal"]
    for pay in value["pays"]:
        if pay["tag"] in noted:
            amounts = {k: amounts.get(k, 0) + pay["gain"][k] for k in KINDS}
    return amounts


def _neighbor_reward(state: State, player: str, value: bool, kind: str | None
                     ) -> dict[str, int]:
    table = rules()["neighbor_rewards"]
    count = min(front_count(state, player, "neighbor") + 1, len(table))
    return {kind or goal(state, player): table[count - 1]}


def _named_reward(state: State, player: str, value: int, kind: str | None) -> dict[str, int]:
    return {kind or goal(state, player): value}


def _death_reward(state: State, player: str, value: int, kind: str | None) -> dict[str, int]:
    return {other(goal(state, player)): value}


# -- how each kind reads --


def _age_text(value: dict[str, Any]) -> str:
    pays = ", ".join(f"{tag_words(p['tag'])}: +{gain_text(p['gain'])}" for p in value["pays"])
    base = gain_text(value["base"])
    return f"the CP becomes {stage_words(value['stage'])}" + (
        f"; pays +{base} for growing up" if base != "nothing" else "") + (
        f"; pays for the stage just ended: {pays}" if pays else "")


def _by_stage_text(value: dict[str, Any]) -> str:
    return " | ".join(f"{s.capitalize()}: +{gain_text(line['gain'])}"
                      + (f" ({tag_words(line['tag'])})" if line["tag"] else "")
                      for s, line in value.items())


def _neighbor_text(value: bool) -> str:
    return ("+" + "/".join(map(str, rules()["neighbor_rewards"])) + " counters for your "
            "1st..7th Neighbor (your goal's kind unless you name one)")


# -- what the greedy bot expects of each kind --


def _worth_nothing(value: Any, goal_kind: str, when: str) -> dict[str, int]:
    return NOTHING


def _best_of_counters(value: Any, best_unseen: float) -> float | None:
    return None


# -- how each kind moves its own player's score --


def _no_sway(state: State, play: Play, value: Any, mine: dict[str, int]) -> tuple[int, bool]:
    return 0, False


def _reached(play: Play) -> str | None:
    """The card's target, unless it has none or is protected from it."""
    target = play.target
    return None if target is None or target in play.protected else target


def _take_sway(state: State, play: Play, value: int, mine: dict[str, int]) -> tuple[int, bool]:
    if (target := _reached(play)) is not None:
        kind = play.kind or goal(state, play.player)
        mine[kind] += min(value, counters(state, target)[kind])
    return 0, False


def _swap_sway(state: State, play: Play, value: int, mine: dict[str, int]) -> tuple[int, bool]:
    if (target := _reached(play)) is not None:
        kind = play.kind or goal(state, play.player)
        mine[kind] -= min(value, mine[kind])
        mine[other(kind)] += min(value, counters(state, target)[other(kind)])
    return 0, False


def _steal_sway(state: State, play: Play, value: str, mine: dict[str, int]) -> tuple[int, bool]:
    return 0, _reached(play) is not None  # a card taken from someone else helps


def _chase_sway(state: State, play: Play, value: str, mine: dict[str, int]) -> tuple[int, bool]:
    """A Pet of the player's own that the card chases away is its worth lost."""
    me = play.player
    if me in play.protected or value not in state["front"][me]:
        return 0, False
    return -goal_worth(card(value)["worth"], goal(state, me)), False


def _aimed_only(state: State, player: str, value: Any) -> bool:
    return False


def _hand_cards(state: State, player: str, value: int) -> bool:
    return bool(hand(state, player))


def _pet_owned(state: State, player: str, value: str) -> bool:
    return value in state["front"][player]


EFFECT_KINDS: dict[str, EffectKind] = {
    "gain": EffectKind(
        _do_nothing, _gain_reward, lambda value: f"+{gain_text(value)}",
        lambda value, goal_kind, when: value, _best_of_counters, _no_sway, _aimed_only, PLAYER),
    "by_stage": EffectKind(
        _do_by_stage, _by_stage_reward, _by_stage_text,
        lambda value, goal_kind, when: value[when]["gain"], _best_of_counters, _no_sway,
        _aimed_only, PLAYER),
    "tag": EffectKind(
        _do_tag, _no_reward, lambda value: f"the CP {tag_words(value)}",
        _worth_nothing, _best_of_counters, _no_sway, _aimed_only, ALL),
    "age": EffectKind(
        _do_age, _age_reward, _age_text, _worth_nothing, _best_of_counters, _no_sway,
        _aimed_only, ALL),
    "extra_action": EffectKind(
        _do_extra_action, _no_reward,
        lambda value: f"{value} more {'action' if value == 1 else 'actions'} this turn",
        _worth_nothing, _best_of_counters, _no_sway, _aimed_only, PLAYER),
    "death": EffectKind(
        _do_death, _death_reward,
        lambda value: f"you take {counted(value, 'counter')} opposite to your goal; the game "
                      "ends",
        _worth_nothing, _best_of_counters, _no_sway, _aimed_only, LEADER),
    "chase": EffectKind(
        _do_chase, _no_reward, lambda value: f"every {value} in play goes to the discard pile",
        _worth_nothing, _best_of_counters, _chase_sway, _pet_owned, NOBODY),
    "neighbor": EffectKind(
        _do_nothing, _neighbor_reward, _neighbor_text,
        lambda value, goal_kind, when: {goal_kind: 2},
        lambda value, best_unseen: float(max(rules()["neighbor_rewards"])), _no_sway,
        _aimed_only, PLAYER),
    "named": EffectKind(
        _do_nothing, _named_reward,
        lambda value: f"+{counted(value, 'counter')} of the kind you name (your goal's unless "
                      "you name one)",
        lambda value, goal_kind, when: {goal_kind: value}, _best_of_counters, _no_sway,
        _aimed_only, PLAYER),
    "steal": EffectKind(
        _do_steal, _no_reward,
        lambda value: "take a random card from their "
                      f"{'hand' if value == 'hand' else 'Item Pouch'}",
        _worth_nothing, lambda value, best_unseen: 2.0 * best_unseen,  # a card taken from them
        _steal_sway, _aimed_only, PLAYER),
    "swap_counters": EffectKind(
        _do_swap, _no_reward,
        lambda value: f"give them {value} of the kind you name, take {value} of the other",
        _worth_nothing, lambda value, best_unseen: 2.0 * value,  # theirs taken, ours gained
        _swap_sway, _aimed_only, PLAYER),
    "take_counters": EffectKind(
        _do_take, _no_reward, lambda value: f"take {value} of the kind you name from them",
        _worth_nothing, lambda value, best_unseen: 2.0 * value,  # theirs taken, ours gained
        _take_sway, _aimed_only, PLAYER),
    "grant_counters": EffectKind(
        _do_grant, _no_reward,
        lambda value: f"they take {value} of the kind you name from the box",
        _worth_nothing, lambda value, best_unseen: float(value),  # the other kind, to the leader
        _no_sway, _aimed_only, TARGET),
    "lava": EffectKind(
        _do_lava, _no_reward,
        lambda value: f"every player loses {counted(value, 'random card')} from hand",
        _worth_nothing, _best_of_counters, _no_sway, _hand_cards, NOBODY),
    "gifts": EffectKind(
        _do_gifts, _no_reward,
        lambda value: f"every player passes {counted(value, 'random card')} from hand to the "
                      "left",
        _worth_nothing, _best_of_counters, _no_sway, _hand_cards, NOBODY),
}


def place_item(state: State, item: str) -> None:
    """An Item that altered a card goes where its data says (the Timeline, by default)."""
    if card(item)["place"] == "discard":
        state["discard"].append(item)
    else:
        state["timeline"].append({"card": item, "stage": stage(state), "above": []})


def _place(state: State, play: Play, dice: Dice) -> str:
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
                     and card(e["card"])["effects"][0][1]["stage"] == "adult")
        again = ", on top of the first Spouse: the CP remarried" if adult["above"] else ""
        adult["above"].append(play.name)
        return f"went above the Adult card{again}"
    elif where == "front":
        state["front"][play.player].append(play.name)
    else:
        return shuffle_back(state, play.name, dice)
    return ""


def resolve(state: State, player: str, name: str, dice: Dice, standing: Standing,
            target: str | None = None, kind: str | None = None, how: str = "",
            acting: bool = False, paid: str = "") -> list[dict[str, Any]]:
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


def texts(entries: list[dict[str, Any]], player: str) -> list[str]:
    return [seen_by(e, player) for e in entries]


def counter_total(state: State, player: str) -> int:
    return sum(counters(state, player).values())

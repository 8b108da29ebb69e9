"""The changes of state every rule is made of, and the cards' effects.

The moves: counters to and from the supply, cards between zones, the deck (drawing,
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
from ..engine.words import counted
from .data import KINDS, card, find, other, rules, stage_words, tag_words
from .model import counters, front_count, goal, hand, held_in, pouch, stage
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
    return entry["private"].get(player, entry["text"]) if player else entry["text"]


def gain(state: State, player: str, kind: str, amount: int) -> int:
    """Counters from the supply to the player, as many as are left (the supply may run dry)."""
    given = max(0, min(amount, state["supply"][kind]))
    state["supply"][kind] -= given
    counters(state, player)[kind] += given
    return given


def pay(state: State, player: str, kind: str, amount: int) -> None:
    counters(state, player)[kind] -= amount
    state["supply"][kind] += amount


def hand_over(state: State, giver: str, taker: str, kind: str, amount: int) -> int:
    """Counters from one player to another (never more than the giver has)."""
    moved = max(0, min(amount, counters(state, giver)[kind]))
    counters(state, giver)[kind] -= moved
    counters(state, taker)[kind] += moved
    return moved


def gains_text(amounts: dict[str, int]) -> str:
    parts = [f"+{n} {k}" for k, n in amounts.items() if n]
    return ", ".join(parts) or "nothing"


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
    state["discard"] = []
    dice.stream(DECK_STREAM).shuffle(state["deck"])
    state["reshuffles"] += 1
    last = " (the last deck of this life)" if last_deck(state) else ""
    pile = counted(len(state["deck"]), "card")
    log(state, f"the deck ran out: the discard pile ({pile}) was shuffled into a new deck{last}")
    return True


def last_deck(state: State) -> bool:
    return int(state["reshuffles"]) >= int(rules()["rebuilds"])


def draw_top(state: State, dice: Dice) -> str | None:
    """The top card of the deck (refilled from the discard pile when empty), or None. Drawing
    the last card of the last deck ends the game: the CP dies of old age."""
    if not refill_deck(state, dice):
        return None
    name = state["deck"].pop(0)
    if not state["deck"] and last_deck(state) and not state["over"]:
        state["over"], state["end"] = True, "old age"
        log(state, "the last card of the last deck was drawn: the CP dies of old age and the "
                   "game is over")
    return name


def shuffle_back(state: State, name: str, dice: Dice) -> str:
    """A card that goes back into the deck. With two players the deck is never shuffled (the
    Age cards would lose their order): the card goes to a random place. Otherwise the deck is
    shuffled with it."""
    stream = dice.stream(DECK_STREAM)
    if len(state["players"]) == 2:
        place = stream.die(len(state["deck"]) + 1) - 1
        state["deck"].insert(place, name)
        return f"{name} went back into the deck at a random place (the deck is not shuffled)"
    state["deck"].append(name)
    stream.shuffle(state["deck"])
    return f"{name} was shuffled back into the deck"


def random_index(dice: Dice, stream: str, size: int) -> int:
    return dice.stream(stream).die(size) - 1


def mask(cards: list[str]) -> list[str]:
    return [HIDDEN] * len(cards)


def hand_limit() -> int:
    return int(rules()["hand_limit"])


# -- the cards' effects ----------------------------------------------------------------------

Standing = Callable[[str], list[Order]]
REWARDS = ("gain", "by_stage", "age", "neighbor", "death")


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
    players = state["players"]
    index = players.index(player)
    return players[index:] + players[:index]


def left_of(state: State, player: str) -> str:
    return seat_order(state, player)[1]


# -- the reward ----------------------------------------------------------------------------------


def reward_of(state: State, player: str, name: str, kind: str | None) -> dict[str, int]:
    """The counters the card gives its player as things stand (before any Item)."""
    total = dict.fromkeys(KINDS, 0)
    now = stage(state)
    for effect, value in card(name)["effects"]:
        amounts: dict[str, int] = {}
        if effect == "gain":
            amounts = value
        elif effect == "by_stage":
            amounts = value[now]["gain"]
        elif effect == "age":
            noted = state["history"].get(now, [])
            for pay in value["pays"]:
                if pay["tag"] in noted:
                    amounts = {k: amounts.get(k, 0) + pay["gain"][k] for k in KINDS}
        elif effect == "neighbor":
            table = rules()["neighbor_rewards"]
            count = min(front_count(state, player, "neighbor") + 1, len(table))
            amounts = {kind or goal(state, player): table[count - 1]}
        elif effect == "death":
            amounts = {other(goal(state, player)): value}
        for k, n in amounts.items():
            total[k] += n
    return total


# -- reactions -----------------------------------------------------------------------------------


def _trigger_matches(written: str, name: str) -> bool:
    low = " ".join(str(written).lower().split())
    return low in ("any", card(name)["type"]) or find(written) == name


def affected(state: State, player: str, play: Play) -> bool:
    """Whether the card would do anything to `player` (what a protecting Item guards)."""
    if play.target == player:
        return True
    for effect, value in play.spec["effects"]:
        if effect in ("lava", "gifts") and hand(state, player):
            return True
        if effect == "chase" and value in state["front"][player]:
            return True
    return False


def can_react(state: State, player: str, item: str, play: Play) -> bool:
    spec = card(item)
    react = spec["react"]
    if spec["type"] != "item" or held_in(state, player, item) is None:
        return False
    if play.name not in react["to"] and play.spec["type"] not in react["types"]:
        return False
    mods = react["mods"]
    if "protect" in mods and not affected(state, player, play):
        return False
    if any(m in mods for m in ("double", "flip", "redirect")) and not any(play.reward.values()):
        return False
    return not ("redirect" in mods and play.to == player)


def fire_reactions(state: State, play: Play, standing: Standing) -> list[dict[str, Any]]:
    entries = []
    for player in seat_order(state, play.player):
        if play.cancelled:
            break
        for order in standing(player):
            item = find(order["item"])
            trigger = order.arg("trigger")
            if item is None or (trigger is not None and not _trigger_matches(trigger.value,
                                                                             play.name)):
                continue
            if can_react(state, player, item, play):
                entries.append(_react(state, player, item, play))
                if player != play.player and state["turn"]["player"] == play.player:
                    state["turn"]["unforeseen"] = True  # its file may stop here
                break
    return entries


def _react(state: State, player: str, item: str, play: Play) -> dict[str, Any]:
    take_card(state, player, item)
    state["discard"].append(item)
    react = card(item)["react"]
    said = []
    for mod in react["mods"]:
        if mod in ("cancel", "rewind"):
            play.cancelled = True
            play.rewound = mod == "rewind"
            said.append(f"{play.name} has no effect" + (" and goes back into the deck"
                                                          if play.rewound else ""))
        elif mod == "double":
            play.reward = {k: 2 * n for k, n in play.reward.items()}
            said.append(f"its counters are doubled ({gains_text(play.reward)})")
        elif mod == "flip":
            play.reward = {k: play.reward[other(k)] for k in KINDS}
            said.append(f"happiness and sadness change places ({gains_text(play.reward)})")
        elif mod == "redirect":
            play.to = player
            said.append(f"{player} takes its counters")
        else:
            play.protected.append(player)
            said.append(f"it does nothing to {player}")
    if react["bonus"]:
        got = {k: gain(state, player, k, n) for k, n in react["bonus"].items()}
        said.append(f"{player} {gains_text(got)}")
    return log(state, f"{player} played {item} in reaction to {play.name}: "
                      f"{'; '.join(said)}")


# -- the effects ---------------------------------------------------------------------------------


def _do_age(state: State, play: Play, value: dict[str, Any]) -> str:
    state["stage"] = value["stage"]
    state["history"].setdefault(value["stage"], [])
    return f"the CP is now {stage_words(value['stage'])}"


def _note(state: State, tag: str | None) -> str:
    if not tag:
        return ""
    state["history"].setdefault(stage(state), []).append(tag)
    return f"the CP {tag_words(tag)} as {stage_words(stage(state))}"


def _do_chase(state: State, play: Play, value: str) -> list[dict[str, Any]]:
    out = []
    for player in state["players"]:
        while value in state["front"][player] and player not in play.protected:
            state["front"][player].remove(value)
            state["discard"].append(value)
            out.append(log(state, f"the {play.name} chased away {player}'s {value}"))
    return out


def _do_steal(state: State, play: Play, zone: str, dice: Dice) -> list[dict[str, Any]]:
    victim = play.target
    assert victim is not None
    cards = hand(state, victim) if zone == "hand" else pouch(state, victim)
    if victim in play.protected or not cards:
        return []
    taken = cards.pop(random_index(dice, "steal", len(cards)))
    hand(state, play.player).append(taken)
    where = "hand" if zone == "hand" else "Item Pouch"
    text = f"{play.player} took a card at random from {victim}'s {where}"
    return [log(state, text, {play.player: f"{text}: {taken}", victim: f"{text}: {taken}"})]


def _do_counters(state: State, play: Play, effect: str, count: int) -> list[dict[str, Any]]:
    target, kind = play.target, play.kind
    assert target is not None and kind is not None
    if target in play.protected:
        return []
    me = play.player
    if effect == "take_counters":
        moved = hand_over(state, target, me, kind, count)
        return [log(state, f"{me} took {moved} {kind} from {target}")]
    given = hand_over(state, me, target, kind, count)
    if effect == "give_counters":
        return [log(state, f"{me} gave {given} {kind} to {target}")]
    taken = hand_over(state, target, me, other(kind), count)
    return [log(state, f"{me} gave {given} {kind} to {target} and took {taken} "
                       f"{other(kind)} in return")]


def _do_lava(state: State, play: Play, count: int, dice: Dice) -> list[dict[str, Any]]:
    out = []
    for player in seat_order(state, play.player):
        for _ in range(count):
            cards = hand(state, player)
            if player in play.protected or not cards:
                break
            lost = cards.pop(random_index(dice, "lava", len(cards)))
            state["discard"].append(lost)
            out.append(log(state, f"the lava took {player}'s {lost} (now on the discard pile)"))
    return out


def _do_gifts(state: State, play: Play, count: int, dice: Dice) -> list[dict[str, Any]]:
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
        out.append(log(state, text, {giver: f"{text}: {gift}", taker: f"{text}: {gift}"}))
    return out


def _place(state: State, play: Play, dice: Dice) -> str:
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
        again = " (on the first: the CP remarried)" if adult["above"] else ""
        adult["above"].append(play.name)
        return f"{play.name} placed above the Adult card{again}"
    elif where == "front":
        state["front"][play.player].append(play.name)
    else:
        return shuffle_back(state, play.name, dice)
    return ""


def resolve(state: State, player: str, name: str, dice: Dice, standing: Standing,
            target: str | None = None, kind: str | None = None, how: str = "played"
            ) -> list[dict[str, Any]]:
    """Play `name` (already out of the player's hand): reactions, then effects, then its
    place. The log entries it made, in order."""
    start = stage(state)
    play = Play(name, player, target, kind, reward_of(state, player, name, kind), player)
    on = f" on {target}" if target else ""
    entries = [log(state, f"{player} {how} {name}{on} (the CP is {stage_words(start)})")]
    entries += fire_reactions(state, play, standing)
    if play.cancelled:
        where = _place(state, play, dice) or f"{name} went to the discard pile"
        return entries + [log(state, f"{where}, without effect")]
    said: list[str] = []
    for effect, value in play.spec["effects"]:
        if effect == "age":
            said.append(_do_age(state, play, value))
        elif effect == "by_stage":
            said.append(_note(state, value[start]["tag"]))
        elif effect == "tag":
            said.append(_note(state, value))
        elif effect == "extra_action":
            state["turn"]["actions"] += value
            more = "action" if value == 1 else "actions"
            said.append(f"{player} may take {value} more {more} this turn")
        elif effect == "death":
            state["over"], state["end"] = True, "death"
            said.append("the CP has died: the game is over")
        elif effect == "chase":
            entries += _do_chase(state, play, value)
        elif effect == "steal":
            entries += _do_steal(state, play, value, dice)
        elif effect in ("swap_counters", "take_counters", "give_counters"):
            entries += _do_counters(state, play, effect, value)
        elif effect == "lava":
            entries += _do_lava(state, play, value, dice)
        elif effect == "gifts":
            entries += _do_gifts(state, play, value, dice)
    if any(play.reward.values()):
        got = {k: gain(state, play.to, k, n) for k, n in play.reward.items()}
        short = [f"{n - got[k]} {k}" for k, n in play.reward.items() if n > got[k]]
        said.insert(0, f"{play.to} {gains_text(got)}" + (
            f" (the supply ran out of {', '.join(short)})" if short else ""))
    said.append(_place(state, play, dice))
    done = "; ".join(s for s in said if s)
    if done:
        entries.append(log(state, f"{name}: {done}"))
    return entries


def texts(entries: list[dict[str, Any]], player: str) -> list[str]:
    return [seen_by(e, player) for e in entries]


def counter_total(state: State, player: str) -> int:
    return sum(counters(state, player).values())

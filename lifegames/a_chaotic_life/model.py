"""What A Chaotic Life!'s state means: readings shared by the checks, the actions, the warnings,
the views and the bots (whose hand, which stage, what the CP's record says, whether a card's
condition is met), and the end of the game (the rulebook's "How to Win - Or Lose!"): each
player's Happiness and Sadness counters cancel one for one; what the cards in front of them give
(Pets, claimed Mini-Goals) is added after that; the most counters of your own goal's kind wins,
and a tie goes to the most counters in all, counted before they cancel (the player who lived
the more chaotic life). Pure readings: nothing here changes the state."""

from __future__ import annotations

from typing import Final, TypedDict

from .data import (
    KINDS,
    TYPES,
    Condition,
    Reward,
    age_effect,
    card,
    cards,
    find,
    rules,
    stages,
    tag_words,
)
from .state import HIDDEN, ChaoticState, Counters, Kind

# Turn phases: act (actions, free moves), limit (discarding down: no more actions).
ACT: Final = "act"
LIMIT: Final = "limit"


def hand(state: ChaoticState, player: str) -> list[str]:
    cards: list[str] = state["hands"][player]
    return cards


def pouch(state: ChaoticState, player: str) -> list[str]:
    cards: list[str] = state["pouches"][player]
    return cards


def counters(state: ChaoticState, player: str) -> Counters:
    mine: Counters = state["counters"][player]
    return mine


def goal(state: ChaoticState, player: str) -> Kind:
    return state["goals"][player]


def stage(state: ChaoticState) -> str:
    return str(state["stage"])


def held_in(state: ChaoticState, player: str, name: str) -> str | None:
    """Where the player holds a card: 'hand', 'pouch' or None (the hand is used first)."""
    if name in hand(state, player):
        return "hand"
    if name in pouch(state, player):
        return "pouch"
    return None


def holding(state: ChaoticState, player: str) -> list[str]:
    """The player's own cards, hand then pouch (for hints: only ever the player's own)."""
    return hand(state, player) + pouch(state, player)


def front_count(state: ChaoticState, player: str, kind: str) -> int:
    return sum(1 for n in state["front"][player] if card(n)["type"] == kind)


def tag_stages(state: ChaoticState, tag: str) -> list[str]:
    """The stages in which the CP's record notes `tag`, in life order."""
    return [s for s in stages() if tag in state["history"].get(s, [])]


def married(state: ChaoticState) -> bool:
    """More Spouses than Divorces so far (a remarriage counts again)."""
    notes = [t for s in stages() for t in state["history"].get(s, [])]
    return notes.count("married") > notes.count("divorced")


def met(state: ChaoticState, player: str, condition: Condition) -> bool:
    kind = condition["kind"]
    if kind == "tag":
        where = tag_stages(state, condition["name"])
        if condition["in"] == "current":
            where = [s for s in where if s == stage(state)]
        return len(where) >= int(condition["stages"])
    if kind == "married":
        return married(state)
    return front_count(state, player, condition["type"]) >= int(condition["at_least"])


def describe(condition: Condition) -> str:
    kind = condition["kind"]
    if kind == "tag":
        words = tag_words(condition["name"])
        if condition["in"] == "current":
            return f"the CP {words} in this stage"
        count = condition["stages"]
        return f"the CP {words}" + (f" in {count} different stages" if count > 1 else "")
    if kind == "married":
        return "the CP is married"
    plural = "Neighbors" if condition["type"] == "neighbor" else "Pets"
    return f"{condition['at_least']} or more {plural} in front of you"


def most_held(state: ChaoticState, player: str) -> list[Kind]:
    """The counter kinds a cost may be paid with: the one held most, or both on a tie."""
    mine = counters(state, player)
    top = max(mine[k] for k in KINDS)
    return [k for k in KINDS if mine[k] == top and top > 0]


def names_of_age(stage_name: str) -> list[str]:
    """The Age cards that make the CP `stage_name`."""
    return [n for n, c in cards().items() if c["type"] == "age"
            and age_effect(c)["stage"] == stage_name]


def turn_end_limit(state: ChaoticState, player: str) -> tuple[list[str], list[str]]:
    """What `end_turn` does to a hand over the limit, as (the Items it moves into the Item
    Pouch, the cards it discards), in that order. The pouch lies outside the hand limit and
    moving an Item into it is free until the draw-up, so Items go there first while it has
    room (the last received first); the rest is discarded as the player would least miss it:
    first the cards that can no longer be played in this life, then the cards received last.
    The action and the sheet's forecast both read it, so the two never differ."""
    mine = list(hand(state, player))
    limit = int(rules()["hand_limit"])
    room = int(rules()["pouch_size"]) - len(pouch(state, player))
    pouched: list[str] = []
    for name in reversed(list(mine)):
        if len(mine) <= limit or len(pouched) >= room:
            break
        if name != HIDDEN and card(name)["type"] == "item":
            mine.remove(name)
            pouched.append(name)
    dropped: list[str] = []
    while len(mine) > limit:
        dead = [n for n in reversed(mine) if n != HIDDEN and not playable_later(state, n)]
        name = (dead or list(reversed(mine)))[0]
        mine.remove(name)
        dropped.append(name)
    return pouched, dropped


def playable_later(state: ChaoticState, name: str) -> bool:
    """Whether the card could still be played in this life (its stages are not all past; an
    Item always can)."""
    spec = card(name)
    if spec["type"] == "item":
        return True
    order = stages()
    now = order.index(stage(state))
    if spec["type"] == "age":
        target = age_effect(spec)["stage"]
        return order.index(target) > now
    return any(order.index(s) >= now for s in spec["stages"])


def ends_idle(state: ChaoticState) -> bool:
    """Whether ending the current turn now, with no action taken in it, closes the round
    in which nobody acted (the rulebook's ending): the advice and the bots both ask."""
    return not state["turn"]["used"] and state["idle"] + 1 >= len(state["players"])


def ends_old(state: ChaoticState, counted: bool = False) -> bool:
    """Whether ending the current turn completes the whole rounds the house rule max_rounds
    allows (absent: no such end); `counted`: the turn is already in `turns`. The advice and
    the next turn both ask."""
    rounds = state.get("max_rounds")
    ended = state["turns"] + (0 if counted else 1)
    return bool(rounds) and ended >= int(rounds or 0) * len(state["players"])


def card_count(state: ChaoticState) -> int:
    """Every card of the box, wherever it is (always 67)."""
    total = len(state["deck"]) + len(state["discard"]) + len(state["removed"])
    total += len(state["minigoals"]) + len(state["lifegoals"])
    total += sum(1 + len(e["above"]) for e in state["timeline"]) + len(state["turn"]["ready"])
    for player in state["players"]:
        total += len(hand(state, player)) + len(pouch(state, player))
        total += len(state["front"][player]) + len(state["claimed"][player])
    return total


def counters_held(state: ChaoticState, kind: Kind) -> int:
    return sum(counters(state, p)[kind] for p in state["players"])


def in_box(state: ChaoticState, kind: Kind) -> int:
    """Counters of `kind` still in the box (none once the players hold all of them; with no
    counter limit, players may then hold more than the box had: any token stands in)."""
    return max(0, int(rules()["counters"][kind]) - counters_held(state, kind))


def valid_trigger(written: str) -> bool:
    """A standing react order's trigger: a card name, a card type, or any."""
    low = " ".join(str(written).lower().split())
    return low == "any" or low in TYPES or find(written) is not None


def find_player(state: ChaoticState, written: str) -> str | None:
    wanted = str(written).strip().lower()
    return next((p for p in state["players"] if p.lower() == wanted), None)


# -- the end of the game -------------------------------------------------------------------------


def card_counters(state: ChaoticState, player: str) -> Reward:
    """Counters the cards in front of the player give at the end: Pets still in play and
    claimed Mini-Goals (a `goal` reward counts in the owner's goal kind)."""
    out: Reward = dict.fromkeys(KINDS, 0)
    for name in state["front"][player] + state["claimed"][player]:
        worth = card(name)["worth"]
        if not worth:
            continue
        for kind in KINDS:
            out[kind] += worth[kind]
        out[state["goals"][player]] += worth["goal"]
    return out


def cancel(happiness: int, sadness: int) -> tuple[Kind | None, int]:
    """One Happiness cancels one Sadness: the kind left over and how many (10 SC, 6 HC ->
    4 sadness)."""
    if happiness == sadness:
        return None, 0
    return ("happiness", happiness - sadness) if happiness > sadness else \
        ("sadness", sadness - happiness)


class Breakdown(TypedDict):
    """A player's score and what it is made of (`breakdown`)."""

    goal: Kind
    happiness: int
    sadness: int
    left_kind: Kind | None  # the kind left once each counter cancels one of the other
    left: int
    cards: Reward  # counters the cards in front of them give (card_counters)
    score: int
    total: int  # the tie-break: every counter the player gathered


def breakdown(state: ChaoticState, player: str) -> Breakdown:
    mine = state["counters"][player]
    kind, left = cancel(mine["happiness"], mine["sadness"])
    extra = card_counters(state, player)
    goal = state["goals"][player]
    goal_score = (left if kind == goal else 0) + extra[goal]
    return {
        "goal": goal,
        "happiness": mine["happiness"],
        "sadness": mine["sadness"],
        "left_kind": kind,
        "left": left,
        "cards": extra,
        "score": goal_score,
        # the tie-break: every counter the player gathered, before any cancels out
        "total": mine["happiness"] + mine["sadness"] + sum(extra.values()),
    }


def left_text(parts: Breakdown) -> str:
    if parts["left_kind"] is None:
        return "0 left (they cancel out)"
    return f"{parts['left']} {parts['left_kind']} left"


def score(state: ChaoticState, player: str) -> int:
    return int(breakdown(state, player)["score"])


def standings(state: ChaoticState) -> tuple[list[str], dict[str, int]]:
    """The winners (several on a full tie) and each player's score."""
    parts = {p: breakdown(state, p) for p in state["players"]}
    best = max((v["score"], v["total"]) for v in parts.values())
    winners = [p for p in state["players"] if (parts[p]["score"], parts[p]["total"]) == best]
    return winners, {p: int(v["score"]) for p, v in parts.items()}


ENDINGS = {"death": "The CP died (Death!)", "idle": "A whole round passed without an action",
           "old age": "The CP died of old age after {rounds} whole rounds (a house rule, "
                      "max_rounds={rounds}, not a rule of the game)"}


def final_statement(state: ChaoticState) -> str:
    """The end of a finished game in one statement: how it ended, who won and why, and every
    player's score in their goal's kind (`status` puts "The game is over." before it)."""
    winners, _ = standings(state)
    parts = {p: breakdown(state, p) for p in state["players"]}
    best = parts[winners[0]]
    tied = [p for p in state["players"] if parts[p]["score"] == best["score"]]
    if len(winners) > 1:
        head = (f"{' and '.join(winners)} share the win with {best['score']} counters of their "
                f"goal each and {best['total']} in all")
    elif len(tied) > 1:
        others = ", ".join(str(parts[p]["total"]) for p in tied if p not in winners)
        head = (f"{winners[0]} wins: tied on {best['score']} counters of their goal, "
                f"{winners[0]} has the most in all ({best['total']} against {others})")
    else:
        head = f"{winners[0]} wins with {best['score']} {best['goal']}"
    scores = ", ".join(f"{p} {v['score']} {v['goal']}" for p, v in parts.items())
    how = ENDINGS.get(str(state["end"]), "The game ended").format(
        rounds=state.get("max_rounds", "?"))
    return f"{how}. {head}. Scores: {scores}."


def verdict(state: ChaoticState, player: str) -> str:
    """The result from one player's seat."""
    winners, _ = standings(state)
    if player not in winners:
        return "You lose."
    return "You win." if len(winners) == 1 else "You share the win."

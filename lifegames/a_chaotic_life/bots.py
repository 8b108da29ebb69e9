"""The greedy bot's judgement of a position, the order it prefers among orders whose outcome it
cannot see, and the standing orders a bot leaves. It chooses only among the rules' legal
orders (legal.py)."""

from __future__ import annotations

import functools
import random
from collections import Counter
from typing import cast

from ..engine.core.contract import Order, OrderError, clone
from ..engine.core.dice import Dice
from ..engine.core.orders import parse_text
from . import checks
from . import model as m
from .data import (
    KINDS,
    age_effect,
    box,
    card,
    cards,
    find,
    named_effect,
    names,
    other,
    played_when_drawn,
    reaction,
    rules,
    stages,
    worth_of,
)
from .effects import EFFECT_KINDS, LEADER, ends_game
from .legal import candidates, proposed
from .model import breakdown, playable_later, standings
from .state import ChaoticGame, ChaoticState

COUNTER = 10.0  # one counter of your goal's kind, ahead of the best other player
ITEM = 6.0  # an Item in hand or pouch whose reaction would help: a reaction to come
SPARE = 0.5  # an Item whose reaction never helps this player: only worth a swap
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
RECORD = 4.0  # per counter the CP's record will pay (a note an Age card or Mini-Goal pays for)


def net_gain(state: ChaoticState, player: str, name: str, when: str) -> float:
    """Counters of the player's kind minus the other kind the card would give if played in
    stage `when` (0 for cards whose worth is not counters: steals, Items, Death!)."""
    spec = card(name)
    if when not in spec["stages"]:
        return 0.0
    goal = m.goal(state, player)
    total = dict.fromkeys(KINDS, 0)
    for effect, value in spec["effects"]:
        for kind, count in EFFECT_KINDS[effect].worth(value, goal, when).items():
            total[kind] += count
    if spec["worth"]:
        total[goal] += spec["worth"][goal] + spec["worth"]["goal"]
    return float(total[goal] - total[other(goal)])


def card_value(state: ChaoticState, player: str, name: str) -> float:
    """A card in hand: a little for any card still playable in this life, more for one that
    would give counters of the player's kind now, and less the further off its stage is."""
    if name == "?":
        return CARD
    spec = card(name)
    if spec["type"] == "item":
        return ITEM if reaction_orders(state, player, name) and answers_to_come(state, name) \
            else SPARE
    if not playable_later(state, name):
        return 0.0
    if spec["type"] == "age":
        return AGE
    if ends_game(spec):
        return ENDER
    order = stages()
    now = order.index(m.stage(state))
    if m.stage(state) in spec["stages"]:
        return CARD + NOW * max(0.0, net_gain(state, player, name, m.stage(state)))
    later = [net_gain(state, player, name, s) * FAR ** (i - now - 1)
             for i, s in enumerate(order) if i > now]
    return CARD + LATER * max([0.0, *later])


def answers_to_come(state: ChaoticState, item: str) -> bool:
    """Whether a card the Item answers may still be played in this life: one of its stages
    is still to come and not every copy is spent (on the Timeline or in front of a player).
    An Item whose moment has passed (the rulebook's Bandage after the Injured) is then worth
    only a swap, so the bot swaps it for a counter instead of holding it to the end."""
    react = reaction(item)
    spent = Counter(n for e in state["timeline"] for n in (e["card"], *e["above"]))
    for someone in state["players"]:
        spent.update(state["front"][someone])
    for name, spec in cards().items():
        if (name in react["to"] or spec["type"] in react["types"]) \
                and spent[name] < spec["copies"] and playable_later(state, name):
            return True
    return False


def heuristic(game: ChaoticGame, state: ChaoticState, player: str) -> float:
    """The greedy bot's measure of a position (the engine's bots maximise it)."""
    return judge(state, player)


def judge(state: ChaoticState, player: str) -> float:
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
    value: float = base + COUNTER * lead + 0.1 * mine["total"]
    value += (STAGE if lead > 0 else GROW) * stages().index(m.stage(state))
    turn = state["turn"]
    if not state["over"] and turn["player"] == player:
        value += ACTION * max(0, turn["actions"] - turn["used"])
    return value + cards_value(state, player) + record_value(state, player)


def record_value(state: ChaoticState, player: str) -> float:
    """What the CP's record is worth to the player before it pays: the notes of this stage
    that the next Age card pays for (in full if the player holds that card, else a share), and
    the open Mini-Goals of the player's kind it is on the way to."""
    if state["over"]:
        return 0.0
    goal = m.goal(state, player)
    order = stages()
    now = order.index(m.stage(state))
    value = 0.0
    if now + 1 < len(order):
        noted = state["history"].get(m.stage(state), [])
        for name in m.names_of_age(order[now + 1]):
            pays = age_effect(card(name))["pays"]
            share = 1.0 if name in m.holding(state, player) else 1 / len(state["players"])
            for pay in pays:
                if pay["tag"] in noted:
                    value += share * RECORD * (pay["gain"][goal] - pay["gain"][other(goal)])
            break
    for name in state["minigoals"]:
        worth = worth_of(name)
        mine = worth[goal] + worth["goal"] - worth[other(goal)]
        for need in card(name)["needs"]:
            if need["kind"] == "tag" and mine > 0:
                done = min(len(m.tag_stages(state, need["name"])), need["stages"])
                value += RECORD * mine * done / (need["stages"] + 1)
    return value


def cards_value(state: ChaoticState, player: str) -> float:
    """The hand's best cards up to the hand limit (the rest must go at the end of the turn)
    and the Item Pouch."""
    kept = sorted((card_value(state, player, n) for n in m.hand(state, player)), reverse=True)
    pouch = sum(card_value(state, player, n) for n in m.pouch(state, player))
    return sum(kept[:hand_limit()]) + pouch


def rank(game: ChaoticGame, state: ChaoticState, player: str, options: list[str]) -> list[str]:
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


def welcome(game: ChaoticGame, state: ChaoticState, player: str, text: str) -> bool:
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


def _lead(state: ChaoticState, player: str) -> int:
    mine: int = breakdown(state, player)["score"]
    best: int = max(breakdown(state, p)["score"] for p in state["players"] if p != player)
    return mine - best


def reaction_orders(state: ChaoticState, player: str, item: str) -> list[str]:
    """The standing react orders a bot leaves for an Item it holds, each saying whose card it
    answers and when: a change of counters where it helps the bot (its own card that helps it
    doubled, another's that helps them flipped...), a cancel of what helps another player, a
    protection always, a bonus of its own goal's kind always."""
    react = reaction(item)
    mods, bonus = react["mods"], react["bonus"]
    goal = m.goal(state, player)
    if not mods:  # a bonus alone: worth it when it is of the bot's kind
        return [f'react("{item}")'] if bonus and bonus[goal] > bonus[other(goal)] else []
    if "protect" in mods:
        return [f'react("{item}")']
    if any(x in mods for x in ("cancel", "rewind")):
        if any(x in react["to"] for x in ("Death!",)):
            return [f'react("{item}", "any", others)']
        return [f'react("{item}", "any", others, helps)']
    if "double" in mods:
        return [f'react("{item}", "any", mine, helps)', f'react("{item}", "any", others, hurts)']
    if "flip" in mods:
        return [f'react("{item}", "any", mine, hurts)', f'react("{item}", "any", others, helps)']
    # redirect: the bot takes a card's counters. From a player of its own goal, when the card
    # helps them (theirs lost, ours gained). From a player of the other goal, always: what
    # helps them comes to the bot in the other kind, which cancels at most as many of its own
    # counters as it denies them (a score never goes below 0), and what hurts them is the
    # bot's kind. So at two players, where the other goal is the only other one, it still
    # has a use.
    out = []
    for someone in state["players"]:
        if someone != player:
            same = m.goal(state, someone) == goal
            out.append(f'react("{item}", "any", "{someone}", {"helps" if same else "any"})')
    return out


def standing_orders(state: ChaoticState, player: str) -> list[str]:
    """The standing orders a bot leaves: reactions for every Item it may come to hold (one
    drawn up at the end of its turn answers cards before its next file; reaction_orders),
    and answers to offers: accept what raises its score, naming its least useful card where
    an offer asks for a card of its choice, and decline the rest (so no offer waits)."""
    out = [o for n in names("item") for o in reaction_orders(state, player, n)]
    cards = [n for n in m.holding(state, player) if n != "?"]
    if cards:
        worst = min(cards, key=lambda n: (card_value(state, player, n), n))
        out.append(f'accept("{worst}", helps)')
    return out + ["accept(helps)", "decline()"]


def equip(state: ChaoticState, players: list[str] | None = None) -> ChaoticState:
    """Give bot players their standing orders (in memory, as the engine would store them):
    for tests that play bots' files without the standing lines the plans write."""
    standing = state.setdefault("standing", {})
    for player in players or state["players"]:
        standing[player] = standing_orders(state, player)
    return state


def hand_limit() -> int:
    return int(rules()["hand_limit"])


# -- the greedy bot's turn, written as a plan -----------------------------------------------------
# A thoughtful player by mail writes the whole turn in one file: the plays worth making with the
# cards in hand, then, while two actions are left and some card still unseen would be worth
# playing at once, a draw followed by one line for each such card (`if drawn == "Spouse" and
# can play("Spouse"): play("Spouse")`), again while two actions are left (a card drawn and not
# played leaves its action for another draw: a CP waiting for its next Age card is dug for twice
# as fast), then pouch moves and end_turn, which discards down by itself. Every order after the
# first card played is guarded by `can`, so that another player's hidden Item changing a card
# never stops the file short. Standing orders head the file, so the bot's Items answer cards
# and offers to it are settled at once.

STEAL = 4.0  # a card taken at random from another player: one for us, one less for them
MOST_STEPS = 12  # known orders in one turn, far more than three actions and free moves take
MOST_DRAWS = 3
DRAW = 1.0  # what a draw must be worth on average (a tenth of a counter) to spend an action


def plan(game: ChaoticGame, state: ChaoticState, player: str, rng: random.Random
         ) -> list[str] | None:
    """The greedy bot's whole file for this tick (`Game.bot_plan`), on the bot's knowledge."""
    if state["over"]:
        return None
    standing = standing_orders(state, player)
    head = [f"standing {o}" for o in standing]
    offer = state["offer"]
    if offer and offer["to"] == player:
        answers = [o for o in standing if o.startswith("accept")] + ["decline()"]
        return head + [next(a for a in answers if game.can(state, player, _parsed(a)))]
    if offer or state["turn"]["player"] != player:
        return head
    work = clone(state)
    game.begin_tick(work)
    work.setdefault("standing", {})[player] = list(standing)
    return head + turn_lines(game, work, player)


@functools.lru_cache(maxsize=4096)
def _parsed(text: str) -> Order:
    (order,) = parse_text("a_chaotic_life", text, "bot").orders
    return order


def _dice(state: ChaoticState) -> Dice:
    return Dice(-1, int(state["tick"]) + 1)


def turn_lines(game: ChaoticGame, work: ChaoticState, player: str) -> list[str]:
    """The turn's lines, from the bot's knowledge `work` (changed as the plan is imagined)."""
    out: list[str] = []
    guarded = False
    if wins_by_ending(work, player) or out_of_reach(work, player):
        return ["end_turn()"]

    def write(text: str) -> None:
        out.append(f"if can {text}: {text}" if guarded else text)

    for _ in range(MOST_STEPS):
        chosen = best_known(game, work, player)
        if chosen is None:
            break
        lead = _lead(work, player)
        write(chosen)
        order = _parsed(chosen)
        blind = game.ends_file(work, player, order)
        game.act(work, player, order, _dice(work))
        guarded = guarded or order.command in ("play", "play_on", "offer") or blind
        if work["offer"]:  # imagined accepted (it helps both); if it waits, the file ends
            answer = "accept()" if game.can(work, work["offer"]["to"], _parsed("accept()")) \
                else "decline()"
            game.act(work, work["offer"]["to"], _parsed(answer), _dice(work))
        if work["over"]:  # the game ends (Death!): nothing may follow
            return [*out[:-1], guarded_ending(chosen, lead, guarded)]
    for count in range(MOST_DRAWS):
        turn = work["turn"]
        if turn["actions"] - turn["used"] < 2 or not game.can(work, player, _parsed("draw()")):
            break
        follow, expected = follow_ups(game, work, player)
        if expected < DRAW:
            break
        out.append("draw()" if not (guarded or count) else
                   "if actions_left >= 2 and can draw(): draw()")
        guarded = True
        for name, text in follow:
            out.append(f'if drawn == "{name}" and can {text}: {text}')
        game.act(work, player, _parsed("draw()"), _dice(work))  # imagined not played
    for name in sorted(set(m.hand(work, player))):
        if card_type(name) == "item" and len(m.pouch(work, player)) < rules()["pouch_size"]:
            text = f'pouch("{name}")'
            if game.can(work, player, _parsed(text)):
                write(text)
                game.act(work, player, _parsed(text), _dice(work))
    out.append("end_turn()")
    return out


def guarded_ending(text: str, lead: int, guarded: bool) -> str:
    """A play that ends the game, written to run only if the bot still leads by enough when the
    tick reaches it: an Item face down in another's pouch may have changed the orders before
    it (a Piggy Bank taking a Neighbor's counters). Enough is the lead the bot expects, or, if
    that is more, one more than the card's own unwanted counters could cost it (no hidden
    Item adds to Death!'s: Medicine only cancels it). Behind, the file stops there and the
    bot plans its turn again on what it then knows."""
    cost = sum(cast(int, value) for effect, value in card(_parsed(text)["card"])["effects"]
               if EFFECT_KINDS[effect].helps == LEADER)
    guard = f"margin >= {min(lead, cost + 1)}"
    return f"if {guard} and can {text}: {text}" if guarded else f"if {guard}: {text}"


def wins_by_ending(work: ChaoticState, player: str) -> bool:
    """Whether a turn without an action would end the game (the rulebook's round in which
    nobody acts) with the player its only winner. Orders are judged by the position they
    leave, and that ending comes only with end_turn, which the bot does not judge: a leader
    with nothing to score used to play a steal and so keep alive a game it had won, in
    stretches of turns in which no score moved."""
    if not m.ends_idle(work):
        return False
    ended = clone(work)
    ended["over"] = True
    return standings(ended)[0] == [player]


def out_of_reach(state: ChaoticState, player: str) -> bool:
    """Whether the player can no longer catch the leader: the CP is in its last stage (no Age
    card pays again) and the most that everything still open to them could add, each card at
    its best, falls short. That is the cards they hold, a counter for each pair they could
    swap, the open Mini-Goals, each card of the discard pile, and for each card left in the
    deck the best it could be (`draw_pool`) and for a steal the best card they cannot see.
    Such a player ends the turn without an action, as a player who has lost lets the round
    pass: any action (a last draw, a Borrow that a Lock stops) only puts off the closing
    round, in turns in which no score moves. Items are left out: they
    answer other players' cards whether or not this player acts."""
    if state["over"] or m.stage(state) != stages()[-1] or player not in state["goals"]:
        return False
    behind = -_lead(state, player)
    if behind <= 0:
        return False
    now, goal = m.stage(state), m.goal(state, player)
    best_unseen = max((max(0.0, net_gain(state, player, n, now)) for n in unseen(state, player)),
                      default=0.0)
    best_draw = max((max(0.0, net_gain(state, player, n, now)) for n in draw_pool(state, player)),
                    default=0.0)

    def most(name: str) -> float:
        spec = card(name)
        if now not in spec["stages"]:
            return 0.0
        best = max(0.0, net_gain(state, player, name, now))
        for effect, value in spec["effects"]:
            most_of = EFFECT_KINDS[effect].at_most(value, best_unseen)
            best = best if most_of is None else most_of
        return best

    held = m.holding(state, player)
    gain = sum(most(n) for n in held if n != "?")
    gain += sum(card_type(n) in ("item", "special", "pet") for n in held) // 2
    for name in state["minigoals"]:
        worth = worth_of(name)
        if within_reach(state, player, name):
            gain += max(0, worth[goal] + worth["goal"] - worth[other(goal)])
    gain += best_draw * len(state["deck"]) + sum(most(n) for n in state["discard"])
    return gain < behind


def within_reach(state: ChaoticState, player: str, minigoal: str) -> bool:
    """Whether the Mini-Goal could still be met in the CP's last stage: each need is met, or
    is one that cards played now could meet (cards in front, a marriage, a note of this stage
    that would complete its count)."""
    now = m.stage(state)
    for need in card(minigoal)["needs"]:
        if m.met(state, player, need) or need["kind"] != "tag":
            continue
        noted = m.tag_stages(state, need["name"])
        if now in noted or len(noted) + 1 < need["stages"]:
            return False
    return True


def card_type(name: str) -> str:
    return "" if name == "?" else str(card(name)["type"])


SKIPPED = ("draw", "end_turn", "discard_down", "pouch", "unpouch", "accept", "decline")


def best_known(game: ChaoticGame, work: ChaoticState, player: str) -> str | None:
    """The order that most improves the bot's judgement, among the orders whose outcome it
    can see (and steals, valued at STEAL; an offer only of a trade that helps both sides), or
    None when nothing helps. Taking the top of the discard pile is judged with the best play of
    that card."""
    base = judge(work, player)
    best, best_value = None, base + 1e-6
    legal = list(game.legal_orders(work, player))
    for text in legal:
        order = _parsed(text)
        if order.command in SKIPPED or (order.command == "discard" and not work["deck"]):
            continue  # with the deck empty, the draw-up rebuilds it from the discarded card
        if order.command == "offer":
            value = base + 1.0 if _fair_offer(work, player, order) else None
        elif order.command == "draw_discard":
            value = _taken_value(game, work, player, text)
        else:
            after = game.after(work, player, order)
            value = None if after is None else judge(after, player) + (
                steal_worth(work, player, order["card"]) if order.command == "play_on" else 0.0)
            if after is not None and not after["over"] and not game.ends_file(work, player,
                                                                              order):
                enabled = _enabled(game, after, player, set(legal))
                value = max(value or 0.0, enabled - ENABLE) if enabled else value
        if value is not None and value > best_value:
            best, best_value = text, value
    return best


def steal_worth(state: ChaoticState, player: str, name: str) -> float:
    """What taking a card at random with `name` is worth beyond the card itself: STEAL (one for
    us, one less for them) while cards are still to be drawn. With the deck and the discard
    pile both empty nothing new comes into the game, and most cards left are past their stage
    or Items with nothing to answer: a steal is then worth STEAL times the share of the unseen
    cards of that zone (the hand's, or the Items of a pouch) that would score if played now. A
    steal bound to bring nothing used to keep alive a game that was over, in stretches of turns
    in which no score moved before the closing round."""
    found = find(name)
    if not checks.steals(found):
        return 0.0
    if state["deck"] or state["discard"]:
        return STEAL
    zone = named_effect(card(str(found)), "steal")
    pool = [n for n in unseen(state, player).elements()
            if zone == "hand" or card(n)["type"] == "item"]
    if not pool:
        return 0.0
    now = m.stage(state)
    return STEAL * sum(net_gain(state, player, n, now) > 0 for n in pool) / len(pool)


ENABLE = 0.5  # the margin a play made possible by the order before it must clear


def _enabled(game: ChaoticGame, after: ChaoticState, player: str, before: set[str]) -> float | None:
    """The best value of a play, claim or swap that the order just imagined made possible (a
    Spouse before a Divorce, Early Riser before a fourth action), or None."""
    best = None
    for text in game.legal_orders(after, player):
        if text in before or _parsed(text).command not in ("play", "play_on", "claim", "swap"):
            continue
        then = game.after(after, player, _parsed(text))
        if then is not None:
            value = judge(then, player)
            best = value if best is None else max(best, value)
    return best


def _taken_value(game: ChaoticGame, work: ChaoticState, player: str, text: str) -> float | None:
    after = game.after(work, player, _parsed(text))
    if after is None or not work["discard"] or played_when_drawn(work["discard"][-1]):
        return None
    value = judge(after, player)
    follow = _best_with(game, after, player, work["discard"][-1])
    if len(m.hand(after, player)) > hand_limit():  # kept, it would be discarded at turn's end
        return follow[1] if follow else None
    return max(value, follow[1]) if follow else value


def _fair_offer(work: ChaoticState, player: str, order: Order) -> bool:
    """A trade of counters that raises both sides' scores: the kind the bot does not want for
    the kind it does, with a player who wants the other kind."""
    try:
        to, give, want = checks.offer(work, player, order)
    except OrderError:
        return False
    if give.cards or want.cards or want.any_card or checks.missing(work, to, want):
        return False
    made: checks.Deal = {"from": player, "to": to, "give": give.as_dict(), "want": want.as_dict()}
    theirs: checks.Deal = {"from": to, "to": player, "give": want.as_dict(), "want": give.as_dict()}
    return checks.trade_change(work, to, made) > 0 and checks.trade_change(work, player,
                                                                           theirs) > 0


def draw_pool(state: ChaoticState, player: str) -> Counter[str]:
    """What the next card drawn from the deck may be, as the player knows it: with the deck
    empty, the discard pile it is rebuilt from; after a rebuild, the cards it was rebuilt from
    that are out of sight (the others' draws since are unseen too); else any unseen card. A
    bot that took a rebuilt deck for fresh cards drew from a deck of dead cards it had watched
    go in, turns in which no score moved."""
    if not state["deck"]:
        return Counter(state["discard"])
    hidden = unseen(state, player)
    if state["reshuffles"] and "rebuilt" in state:
        return Counter[str](state["rebuilt"]) & hidden
    return hidden


def unseen(state: ChaoticState, player: str) -> Counter[str]:
    """The cards the player cannot see (the deck, the others' hands and pouches, the cards
    they removed), by name: the box less every card in sight."""
    seen = Counter(m.holding(state, player) + state["discard"] + state["minigoals"]
                   + state["lifegoals"])
    for entry in state["timeline"]:
        seen.update([entry["card"], *entry["above"]])
    for someone in state["players"]:
        seen.update(state["front"][someone] + state["claimed"][someone])
    seen.update(n for owner, n in state["removed"] if owner == player)
    pool = Counter(box())
    pool.subtract(seen)
    return Counter({n: k for n, k in pool.items() if k > 0 and n != "?"})


def _best_with(game: ChaoticGame, work: ChaoticState, player: str, name: str
              ) -> tuple[str, float] | None:
    """The best order that plays (or swaps) the card `name` the player holds, and its value,
    if it beats keeping the card."""
    keep = judge(work, player)
    best: tuple[str, float] | None = None
    quoted = f'"{name}"'
    for order in candidates(work, player):
        text = order.canonical()
        if quoted not in text or order.command not in ("play", "play_on", "swap", "claim"):
            continue
        after = game.after(work, player, order)
        if after is None:
            continue
        value = judge(after, player) + (
            steal_worth(work, player, name) if order.command == "play_on" else 0.0)
        if value > keep + 1e-6 and (best is None or value > best[1]):
            best = (text, value)
    return best


def follow_ups(game: ChaoticGame, work: ChaoticState, player: str
              ) -> tuple[list[tuple[str, str]], float]:
    """For each card the bot might draw next, the order it would give at once, if any helps;
    and what a draw is worth on average (each unseen card as likely as the next)."""
    out = []
    pool = draw_pool(work, player)
    total = 0.0
    for name in sorted(pool):
        if played_when_drawn(name):
            continue
        trial = clone(work)
        m.hand(trial, player).append(name)
        trial["turn"]["used"] += 1
        keep = judge(trial, player)
        found = _best_with(game, trial, player, name)
        if found:
            out.append((name, found[0]))
            total += pool[name] * (found[1] - keep)
    return out, total / max(1, sum(pool.values()))

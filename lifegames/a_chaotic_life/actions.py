"""Every change of A Chaotic Life!'s state that an order makes: the apply of each command, named
as the command (the `apply` of its row in rules.py), run only with what its check in checks.py
returned; and what they share (a card drawn, drawing up at the end of a turn, the next turn, a
trade settled). They return what happened as each player reads it; the moves they are made of
are in moves.py, a played card's reactions and effects in reactions.py and effects.py.

Orders whose outcome the file's writer cannot know (a draw, a steal, an offer) mark the turn
`unforeseen` (state.py): the file may then stop short of end_turn, and the turn goes on next
tick.
"""

from __future__ import annotations

from ..engine.base.words import counted, listed
from ..engine.core.contract import OrderError
from ..engine.core.dice import Dice
from . import checks as c
from . import model as m
from .data import KINDS, TYPE_NAMES, card, played_when_drawn, reaction, rules
from .model import ACT, LIMIT
from .moves import (
    draw_top,
    gain,
    hand_limit,
    hand_over,
    left_of,
    log,
    pay,
    removal,
    take_card,
)
from .reactions import resolve, texts
from .state import ChaoticGame, ChaoticState, Entry, Kind, Offer, Turn

Entries = list[Entry]


def new_turn(player: str, number: int) -> Turn:
    return {"player": player, "number": number, "actions": int(rules()["actions"]), "used": 0,
            "phase": ACT, "moved": [], "drawn": [], "ready": [], "offered": [],
            "declined": [], "unforeseen": False}


def _spend(state: ChaoticState) -> None:
    state["turn"]["used"] += 1


def _unforeseen(state: ChaoticState, player: str) -> None:
    """The order just applied has an outcome its writer could not know: on their own turn,
    their file may stop after it."""
    if state["turn"]["player"] == player:
        state["turn"]["unforeseen"] = True


def _played(game: ChaoticGame, state: ChaoticState, player: str, name: str, dice: Dice, *,
            target: str | None = None, kind: Kind | None = None, how: str = "",
            acting: bool = False, paid: str = "") -> Entries:
    """`name` played (already out of its place): everyone's standing reactions, then its
    effects (reactions.resolve, which says what each choice means)."""
    return resolve(state, player, name, dice, lambda p: game.standing(state, p, "react"),
                   target=target, kind=kind, how=how, acting=acting, paid=paid)


# -- the actions of a turn -----------------------------------------------------------------------


def play(game: ChaoticGame, state: ChaoticState, player: str, plan: c.PlayPlan, dice: Dice
        ) -> list[str]:
    if card(plan.name)["type"] == "item":
        return _ready(state, player, plan)
    take_card(state, player, plan.name, plan.zone)
    if plan.pay:
        pay(state, player, plan.pay, card(plan.name)["cost"])
    if not card(plan.name)["free"]:
        _spend(state)
    cost = f", paying {counted(card(plan.name)['cost'], f'{plan.pay} counter')}" \
        if plan.pay else ""
    entries = _played(game, state, player, plan.name, dice, target=plan.target,
                      kind=plan.kind, paid=cost, acting=True)
    if c.steals(plan.name):
        _unforeseen(state, player)
    return texts(entries, player)


play_on = play  # the same apply: the check (checks.play) read the target


def _ready(state: ChaoticState, player: str, plan: c.PlayPlan) -> list[str]:
    """An Item played by order: one of the turn's actions. It lies face up and alters the
    next card played this turn that it can alter (reactions.fire_reactions)."""
    take_card(state, player, plan.name, plan.zone)
    _spend(state)
    state["turn"]["ready"].append(plan.name)
    to = reaction(plan.name)
    what = " or ".join(to["to"] + [f"{TYPE_NAMES[t]} card" for t in to["types"]])
    return texts([log(state, f"{player} played {plan.name} face up: it will alter the next "
                             f"{what} played this turn")], player)


def draw(game: ChaoticGame, state: ChaoticState, player: str, checked: None, dice: Dice
        ) -> list[str]:
    _spend(state)
    name = draw_top(state, dice)
    assert name is not None  # checks.draw made sure there is a card
    state["turn"]["drawn"].append(name)
    entries = _drawn(game, state, player, name, dice, "deck")
    _unforeseen(state, player)
    return texts(entries, player)


def draw_discard(game: ChaoticGame, state: ChaoticState, player: str, top: str, dice: Dice
                ) -> list[str]:
    _spend(state)
    state["turn"]["drawn"].append(top)
    entries = _drawn(game, state, player, state["discard"].pop(), dice, "discard pile")
    if played_when_drawn(top):
        _unforeseen(state, player)
    return texts(entries, player)


def _drawn(game: ChaoticGame, state: ChaoticState, player: str, name: str, dice: Dice, where: str
           ) -> Entries:
    """A card just drawn: Volcano! and Gifts! are played at once (unless that draw ended
    the game), the rest kept."""
    if played_when_drawn(name) and state["over"]:
        state["discard"].append(name)
        return [log(state, f"{player} drew {name}, which was discarded as the game is over")]
    if played_when_drawn(name):
        return _played(game, state, player, name, dice, acting=True,
                       how=f"{player} drew {{}} from the {where} and played it at once")
    m.hand(state, player).append(name)
    text = f"{player} drew a card from the {where}"
    if where == "discard pile":
        return [log(state, f"{player} took {name} from the discard pile")]
    return [log(state, text, {player: f"{player} drew {name} from the {where}"})]


def claim(game: ChaoticGame, state: ChaoticState, player: str, name: str, dice: Dice) -> list[str]:
    state["minigoals"].remove(name)
    state["claimed"][player].append(name)
    _spend(state)
    return texts([log(state, f"{player} claimed the Mini-Goal {name}")], player)


def swap(game: ChaoticGame, state: ChaoticState, player: str, checked: tuple[str, str, Kind],
         dice: Dice) -> list[str]:
    first, second, kind = checked
    for name in (first, second):
        take_card(state, player, name)
        state["removed"].append(removal(player, name))
    got = gain(state, player, kind, rules()["swap"]["counters"])
    _spend(state)
    text = f"{player} removed two cards from the game face down for " \
        f"{counted(got, kind + ' counter')}"
    return texts([log(state, text, {player: f"{text}: {first} and {second}"})], player)


def discard(game: ChaoticGame, state: ChaoticState, player: str, checked: tuple[str, str],
            dice: Dice) -> list[str]:
    name, zone = checked
    take_card(state, player, name, zone)
    state["discard"].append(name)
    _spend(state)
    return texts([log(state, f"{player} discarded {name}")], player)


def discard_down(game: ChaoticGame, state: ChaoticState, player: str, name: str, dice: Dice
                ) -> list[str]:
    take_card(state, player, name, "hand")
    state["discard"].append(name)
    state["turn"]["phase"] = LIMIT
    return texts([log(state, f"{player} discarded {name} to come down to the hand limit")],
                 player)


def _move(state: ChaoticState, player: str, name: str, into: bool) -> list[str]:
    take_card(state, player, name, "hand" if into else "pouch")
    (m.pouch if into else m.hand)(state, player).append(name)
    if name not in state["turn"]["moved"]:
        state["turn"]["moved"].append(name)
    where = f"{'into' if into else 'out of'} the Item Pouch"
    return texts([log(state, f"{player} moved an Item {where}",
                      {player: f"{player} moved {name} {where}"})], player)


def pouch(game: ChaoticGame, state: ChaoticState, player: str, name: str, dice: Dice) -> list[str]:
    return _move(state, player, name, True)


def unpouch(game: ChaoticGame, state: ChaoticState, player: str, name: str, dice: Dice
           ) -> list[str]:
    return _move(state, player, name, False)


def react(game: ChaoticGame, state: ChaoticState, player: str, checked: None, dice: Dice
         ) -> list[str]:
    raise AssertionError("checks.react refuses every react order")  # pragma: no cover


# -- the end of a turn ---------------------------------------------------------------------------


def end_turn(game: ChaoticGame, state: ChaoticState, player: str, checked: None, dice: Dice
            ) -> list[str]:
    entries = _discard_down(state, player) + _draw_up(game, state, player, dice)
    for item in state["turn"]["ready"]:
        state["discard"].append(item)
        entries.append(log(state, f"{player}'s {item}, played face up this turn, altered no "
                                  "card and went to the discard pile"))
    state["turn"]["ready"] = []
    if not state["over"]:
        entries += _next_turn(state, player)
    _unforeseen(state, player)
    return texts(entries, player)


def _discard_down(state: ChaoticState, player: str) -> Entries:
    """A hand still over the limit when the turn ends comes down by itself
    (model.turn_end_limit): Items into the Item Pouch while it has room, then the cards the
    player would least miss to the discard pile."""
    pouched, dropped = m.turn_end_limit(state, player)
    entries = []
    for name in pouched:
        take_card(state, player, name, "hand")
        m.pouch(state, player).append(name)
        if name not in state["turn"]["moved"]:
            state["turn"]["moved"].append(name)
        text = f"{player} moved an Item into the Item Pouch as the turn ended, to come down " \
            "to the hand limit"
        entries.append(log(state, text, {player: text.replace("an Item", name)}))
    for name in dropped:
        take_card(state, player, name, "hand")
        state["discard"].append(name)
        entries.append(log(state, f"{player} discarded {name} as the turn ended, to come down "
                                  "to the hand limit"))
    return entries


def _draw_up(game: ChaoticGame, state: ChaoticState, player: str, dice: Dice) -> Entries:
    """Draw up to the hand limit. Volcano! and Gifts! drawn now are played and the drawing
    goes on; one drawn a second time in the same draw-up is discarded unplayed, so the
    drawing always ends."""
    entries: Entries = []
    played: set[str] = set()
    mine = m.hand(state, player)
    got: list[str] = []
    while len(mine) < hand_limit():
        pool = state["deck"] + state["discard"]
        if all(played_when_drawn(n) and n in played for n in pool):
            break
        name = draw_top(state, dice)
        if name is None:
            break
        if state["over"] and played_when_drawn(name):
            state["discard"].append(name)
            break
        if not played_when_drawn(name):
            mine.append(name)
            got.append(name)
            if state["over"]:
                break
        elif name in played:
            state["discard"].append(name)
            entries.append(log(state, f"{player} drew {name} a second time while drawing up "
                                      "and discarded it unplayed"))
        else:
            played.add(name)
            entries += _played(game, state, player, name, dice,
                               how=f"{player} drew {{}} while drawing up and played it at once")
    if got:
        text = f"{player} drew {counted(len(got), 'card')} up to the hand limit"
        entries.append(log(state, text, {player: f"{text}: {listed(got)}"}))
    return entries


def _next_turn(state: ChaoticState, player: str) -> Entries:
    turn = state["turn"]
    state["idle"] = 0 if turn["used"] else state["idle"] + 1
    state["turns"] += 1
    if state["idle"] >= len(state["players"]):
        state["over"], state["end"] = True, "idle"
        return [log(state, "A whole round passed without an action, so the game is over")]
    rounds = state.get("max_rounds")
    if rounds and m.ends_old(state, counted=True):  # a house rule, if set
        state["over"], state["end"] = True, "old age"
        return [log(state, f"The CP has lived {counted(rounds, 'whole round')}, the limit the "
                           "house rule max_rounds sets: it dies of old age and the game is over")]
    following = left_of(state, player)
    state["turn"] = new_turn(following, turn["number"] + 1)
    after = f"after {counted(turn['used'], 'action')}" if turn["used"] else "without an action"
    return [log(state, f"{player} ended the turn {after}; {following} is next")]


# -- trades --------------------------------------------------------------------------------------


def offer(game: ChaoticGame, state: ChaoticState, player: str, checked: tuple[str, c.Terms,
          c.Terms],
          dice: Dice) -> list[str]:
    """The offer is made; the other player's standing accept or decline answers it at once,
    or it waits for their next file."""
    to, give, want = checked
    state["turn"]["offered"].append(to)
    made: Offer = {"from": player, "to": to, "give": give.as_dict(), "want": want.as_dict(),
            "tick": int(state["tick"])}
    whose = f"{to}'s"
    entries = [log(state, f"{player} offered {to} a trade: {give.text(whose)} for "
                          f"{want.text(whose)}")]
    _unforeseen(state, player)
    for standing in game.standing(state, to):
        if standing.command == "decline":
            return texts(entries + close(state, made, None, "declined", standing=True),
                         player)
        if standing.command == "accept":
            state["offer"] = made
            try:
                chosen = c.accept(state, to, standing)
            except OrderError:
                state["offer"] = None
                continue
            state["offer"] = None
            return texts(entries + close(state, made, chosen, "accepted", True,
                                         standing=True), player)
    state["offer"] = made
    return texts(entries + [log(state, f"{to} may answer in their next order file")], player)


def close(state: ChaoticState, made: Offer, chosen: str | None, how: str,
          done: bool = False, standing: bool = False) -> Entries:
    """Settle an offer: trade everything (an action of the offerer) or nothing. `standing`:
    answered by the taker's standing order."""
    state["offer"] = None
    maker, taker = made["from"], made["to"]
    answer = f"{taker} {how} {maker}'s offer" + (" by standing order" if standing else "")
    if not done:
        turn = state["turn"]
        if turn["player"] == maker:  # the same terms are not offered to them again this turn
            key = c.deal_key(taker, c.Terms.of(made["give"]), c.Terms.of(made["want"]))
            turn["declined"] = [*turn.get("declined", []), key]
        return [log(state, f"{answer}: nothing changes hands and no action is spent")]
    give, want = c.Terms.of(made["give"]), c.Terms.of(made["want"])
    for name in give.cards:
        take_card(state, maker, name)
        m.hand(state, taker).append(name)
    for name in want.cards + ([chosen] if chosen else []):
        take_card(state, taker, name)
        m.hand(state, maker).append(name)
    for kind in KINDS:
        hand_over(state, maker, taker, kind, getattr(give, kind))
        hand_over(state, taker, maker, kind, getattr(want, kind))
    _spend(state)
    text = f"{answer}: the trade is made"
    private = {}
    if chosen:
        seen = f"{text}, and {taker} gave {chosen} as the card of their choice"
        private = {maker: seen, taker: seen}
    return [log(state, text, private)]


def accept(game: ChaoticGame, state: ChaoticState, player: str, chosen: str | None, dice: Dice
           ) -> list[str]:
    made = state["offer"]
    assert made is not None  # the check: an offer waits for this player's answer
    return texts(close(state, made, chosen, "accepted", True), player)


def decline(game: ChaoticGame, state: ChaoticState, player: str, made: Offer, dice: Dice
            ) -> list[str]:
    return texts(close(state, made, None, "declined"), player)

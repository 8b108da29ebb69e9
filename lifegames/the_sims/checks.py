"""The Sims Board Game's order checks: one per command, named as the command (`raise_` for
raise), each the `check` of its row in the command table (rules.py). A check raises OrderError
without touching the state, or returns what its apply (actions.py) needs; it refuses every
order its apply cannot carry out, so `can ORDER` and the legal-order lists ask it alone. The
name resolvers they share also give `validate` its state-free checks, and every order its one
spelling (`spelled`). Last, which orders roll the die or draw from a hidden pile on which
states: the rows' random barrier.

Checks run on a player's view of the state too (`check`), where a hidden card is HIDDEN
(state.py): nothing here may name a card another player has not shown, and an order that needs
such a card is refused.
"""

from __future__ import annotations

from collections import Counter

from ..engine.base.words import counted
from ..engine.core.contract import Order, OrderError
from ..engine.core.turn import unknown_value
from .codes import E
from .data import Venue, aspirations, card, find, names, needs
from .legal import candidates
from .model import (
    INTERACT,
    INVITE,
    KEEP,
    SCORE,
    START,
    STEPS,
    SWAP,
    board,
    card_symbols,
    completes,
    empty_needs,
    full_needs,
    hub_cards,
    invite_options,
    left_for,
    moved_in,
    others_at,
    ring,
    seat,
    set_kind,
    set_size,
    shares,
    shown,
    solo,
    spots,
    venue,
)
from .state import HIDDEN, SimsState, Turn

# What takes the place of the single player's own orders with 2-5 players.
SOLO_ONLY = {
    "complete": "with 2-5 players your Aspiration completes by itself at the end of your turn, "
                "once your collection shows its three SIMbols",
    "end_turn": "with 2-5 players the turn ends by itself: after interact(...), or after the "
                "travel when nobody else stands at your Venue",
    "invite": "with 2-5 players an ICONIC SIMS MOVE! card passes every Iconic Sim to the left "
              "by itself",
}


# -- names as written ----------------------------------------------------------------------------


def resolve(kind: str, order: Order, arg: str, options: list[str] | None = None,
            label: str = "") -> str:
    """The name an argument gives, or an OrderError with the nearest names (from `options`,
    default every name of that kind)."""
    written = order[arg]
    name = find(kind, written)
    if name is None:
        choices = options if options else names(kind)
        label = label or LABELS.get(kind, kind)
        raise unknown_value(UNKNOWN[kind], label, str(written), choices, arg,
                            extra=f"{label}s {'you may name now' if options else ''}".strip())
    return name


# The code of a name no card, Venue, Need or Sim of its kind has.
UNKNOWN = {"home": E.UNKNOWN_HOME, "aspiration": E.UNKNOWN_ASPIRATION, "venue": E.UNKNOWN_VENUE,
           "card": E.UNKNOWN_CARD, "need": E.UNKNOWN_NEED, "sim": E.UNKNOWN_SIM}
LABELS = {"home": "Home card", "card": "Action card", "sim": "Iconic Sim", "need": "Need",
          "venue": "Venue", "aspiration": "Aspiration", "symbol": "SIMbol"}


# What each argument names (`second`, `third`, `fourth`: a Need or an Action card).
ARG_KINDS = {"home": "home", "aspiration": "aspiration", "venue": "venue", "card": "card",
             "card1": "card", "card2": "card", "card3": "card", "give": "card",
             "take": "card", "need": "need", "raise_need": "need", "lower_need": "need",
             "sim": "sim"}


def validate(order: Order) -> None:
    """The checks that need no state: every name in the order exists (every row's
    `validate`)."""
    kinds = ARG_KINDS
    for arg in order.args:
        if arg.kind == "ref":  # a plan's $fact: its value is known only when the order runs
            continue
        if arg.name in kinds:
            resolve(kinds[arg.name], order, arg.name)
        elif arg.name in ("second", "third", "fourth") and find("need", arg.value) is None \
                and find("card", arg.value) is None:
            raise unknown_value(E.UNKNOWN_NAME, "Need or card", str(arg.value),
                                needs() + names("card"), arg.name, extra="Needs and cards")


def spelled(order: Order) -> Order:
    """The order with every name as the rule data spells it (players may write any case)."""
    args = []
    for arg in order.args:
        kinds = [ARG_KINDS[arg.name]] if arg.name in ARG_KINDS else \
            ["need", "card"] if arg.name in ("second", "third", "fourth") else []
        found = next((find(k, arg.value) for k in kinds if find(k, arg.value)), None) \
            if arg.kind == "string" else None
        args.append(arg._replace(value=found) if found else arg)
    return Order(order.command, tuple(args), order.line, order.column, order.end_column,
                 order.source)


# -- whose turn, which step ----------------------------------------------------------------------


def my_turn(state: SimsState, player: str, steps: tuple[str, ...], what: str) -> Turn:
    if state["over"]:
        raise OrderError(E.GAME_OVER, "the game is over", "python3 play.py status shows the "
                         "result")
    if not moved_in(state, player):
        raise OrderError(E.MOVE_IN_FIRST, f"{what} waits until you have moved in",
                         "begin your first order file with move_in(...); your sheet lists "
                         "the cards you drew")
    turn = state["turn"]
    if turn["player"] != player:
        raise OrderError(E.NOT_YOUR_TURN, f"it is {turn['player']}'s turn, not yours",
                         "write this order in your next turn's file")
    if turn["step"] not in steps:
        listed = legal_now(state, player)
        raise OrderError(E.WRONG_MOMENT, f"{what} is not possible now: the turn is at "
                         f"'{STEPS[turn['step']]}'",
                         "legal now: " + ", ".join(listed[:8]) if listed else "")
    return turn


def legal_now(state: SimsState, player: str) -> list[str]:
    """The orders legal now, as the sheet lists them: legal.py proposes only orders these
    checks accept (a test holds it to the lists the engine derives from the table)."""
    return [order.canonical() for order in candidates(state, player)]


def opening(state: SimsState, player: str, command: str) -> None:
    """What every check but move_in's (and the standing-only raise and lower) asks first: a
    turn that ended earlier in this tick, and an order of the single-player game."""
    if state.get("refill") and not state["over"] and moved_in(state, player):
        _between_turns(state, player, command)
    if command in SOLO_ONLY and not solo(state):
        raise OrderError(E.SOLO_ONLY, f"{command} is an order of the single-player game",
                         SOLO_ONLY[command])


def _between_turns(state: SimsState, player: str, command: str) -> None:
    """A turn ended in this tick, and the next begins only when the tick ends (the Card Hub
    is refilled first): say so to the player whose turn it was, and to the one whose it will
    be, rather than 'not your turn'."""
    players, turn_player = state["players"], state["turn"]["player"]
    ended = players[(players.index(turn_player) - 1) % len(players)]
    if player == ended:
        after = "yours" if turn_player == player else f"{turn_player}'s"
        raise OrderError(E.TURN_OVER, "your turn is over: an earlier order of this file "
                         f"ended it, and the next turn ({after}) begins when this tick ends "
                         "and the Card Hub is refilled",
                         ("no Iconic Sim waited at your Venue" if solo(state) else
                          "nobody else stood at your Venue") + ", so there was no one to "
                         "interact with: delete this order" if command == "interact" else
                         "delete this order, or keep it for your next turn's file")
    if player == turn_player:
        raise OrderError(E.TURN_NOT_YET, f"your turn begins when this tick ends: "
                         f"{ended}'s turn ended in it, and the Card Hub is refilled first",
                         "write your turn in your next file, once your sheet shows the "
                         "refilled Card Hub")


def need_arg(state: SimsState, player: str, order: Order, arg: str, empty: bool) -> str:
    """A Need named by `arg` that must be EMPTY (to raise) or FULL (to lower) now."""
    name = resolve("need", order, arg)
    if seat(state, player)["needs"][name] == empty:
        state_word, listing = ("FULL", empty_needs(state, player)) if empty else \
            ("EMPTY", full_needs(state, player))
        other = "EMPTY" if empty else "FULL"
        raise OrderError(E.NEED_FULL if empty else E.NEED_EMPTY,
                         f"your {name} is already {state_word}",
                         f"your {other} Needs now: "
                         f"{', '.join(listing) or 'none, so leave the Need out'}", arg)
    return name


def _in(pool: list[str], name: str, arg: str, where: str) -> None:
    if name not in pool:
        listing = ", ".join(sorted(set(c for c in pool if c != HIDDEN))) or "none"
        raise OrderError(E.NOT_THERE, f"no {name} {where}", f"{where}: {listing}", arg)


# -- the order checks ----------------------------------------------------------------------------


def move_in(state: SimsState, player: str, order: Order) -> tuple[str, str | None]:
    if state["over"]:
        raise OrderError(E.GAME_OVER, "the game is over", "python3 play.py status")
    mine = seat(state, player)
    if mine["home"] is not None:
        raise OrderError(E.MOVED_IN, f"you have already moved into {mine['home']}",
                         "move_in is only for your first order file; delete this line")
    if solo(state):
        home = resolve("home", order, "home")
        if order.arg("aspiration") is not None:
            raise OrderError(E.SOLO_ASPIRATIONS, "your three Aspirations were dealt at "
                             "setup; move_in names only your Home card",
                             f'write move_in("{home}")', "aspiration")
        return home, None
    offered = mine["offers"]
    home = resolve("home", order, "home", offered["homes"])
    _in(offered["homes"], home, "home", "among the Home cards you drew")
    if order.arg("aspiration") is None:
        raise OrderError(E.ASPIRATION_NEEDED, "keep one of the Aspirations you drew as well",
                         f"you drew: {', '.join(offered['aspirations'])}", "home")
    aspiration = resolve("aspiration", order, "aspiration", offered["aspirations"])
    _in(offered["aspirations"], aspiration, "aspiration", "among the Aspirations you drew")
    return home, aspiration


def travel(state: SimsState, player: str, order: Order) -> tuple[Venue, str]:
    opening(state, player, "travel")
    my_turn(state, player, (START,), "traveling")
    here = [v["name"] for v in board(state)]
    name = resolve("venue", order, "venue", here)
    where = venue(state, name)
    if where is None:
        raise OrderError(E.VENUE_NOT_ON_BOARD, f"the {name} is on the other side of its "
                         "Venue card this game", f"Venues on the board: {', '.join(here)}",
                         "venue")
    if not seat(state, player)["needs"][where["need"]]:
        open_ = [v["name"] for v in board(state) if seat(state, player)["needs"][v["need"]]]
        raise OrderError(E.NEED_EMPTY, f"the {name} needs your {where['need']} FULL, and "
                         "it is EMPTY", "Venues whose Need is FULL for you: "
                         f"{', '.join(open_) or 'none (Go Home to recharge)'}", "venue")
    taken = resolve("card", order, "card", hub_cards(state))
    _in(hub_cards(state), taken, "card", "in the Card Hub")
    if not shares(taken, where):
        fits = sorted({c for c in hub_cards(state) if shares(c, where)})
        raise OrderError(E.NO_MATCH, f"the {taken} shows no SIMbol of the {name} "
                         f"({', '.join(where['symbols'])})",
                         f"Hub cards that match the {name}: {', '.join(fits) or 'none'}",
                         "card")
    return where, taken


def go_home(state: SimsState, player: str, order: Order) -> tuple[list[str], list[str]]:
    """(Needs to raise, solo: the Action cards of the set)."""
    opening(state, player, "go_home")
    my_turn(state, player, (START,), "going home")
    if not solo(state):
        if order.arg("third") is not None:
            raise OrderError(E.TOO_MANY, "Go Home raises two Needs: name at most two",
                             'e.g. go_home("Hunger", "Fun")', "third")
        chosen: list[str] = []
        for arg in ("need", "second"):
            if order.arg(arg) is not None:
                chosen.append(need_arg(state, player, order, arg, empty=True))
        if len(chosen) == 2 and chosen[0] == chosen[1]:
            raise OrderError(E.SAME_NEED, "name two different Needs",
                             f"EMPTY now: {', '.join(empty_needs(state, player))}", "second")
        return chosen, []
    if order.arg("need") is None:
        raise OrderError(E.NEED_NEEDED, "name the Need to raise, then the Action cards of "
                         "your set of three identical SIMbols",
                         'e.g. go_home("Hunger", "Guitar", "Violin")')
    need = need_arg(state, player, order, "need", empty=True)
    args = [a for a in ("second", "third", "fourth") if order.arg(a) is not None]
    used = [_own_card(state, player, order, a) for a in args]
    _check_multiset(state, player, used, args)
    if set_kind(state, player, used) is None:
        raise OrderError(E.NO_SET, "these cards and your Home card do not make a set of "
                         "three identical SIMbols, each card needed",
                         _set_hint(state, player), args[0] if args else "need")
    return [need], used


def _own_card(state: SimsState, player: str, order: Order, arg: str) -> str:
    mine = seat(state, player)["cards"]
    name = resolve("card", order, arg, sorted(set(mine)))
    _in(mine, name, arg, "in your collection")
    return name


def _check_multiset(state: SimsState, player: str, used: list[str], args: list[str]) -> None:
    have = Counter(seat(state, player)["cards"])
    for index, name in enumerate(used):
        if Counter(used[:index + 1])[name] > have[name]:
            raise OrderError(E.NOT_THERE, f"you have only {counted(have[name], name + ' card')}",
                             "name each card as often as you hold it", args[index])


def _set_hint(state: SimsState, player: str) -> str:
    counts = shown(state, player)
    kinds = [k for k, c in sorted(counts.items()) if c >= set_size()]
    return (f"SIMbols you show three or more times: {', '.join(kinds)}" if kinds else
            "you show no SIMbol three times yet (Home card included): Travel instead")


def keep(state: SimsState, player: str, order: Order) -> str:
    opening(state, player, "keep")
    my_turn(state, player, (KEEP,), "keeping an Aspiration")
    mine = seat(state, player)
    choices = [a for a in (mine["aspiration"], mine["drawn"]) if a]
    name = find("aspiration", order["aspiration"])
    if HIDDEN in choices and name != mine["aspiration"]:
        raise OrderError(E.HIDDEN, "the Aspiration you will draw is not known yet",
                         f'keep("{mine["aspiration"]}") keeps the one you have', "aspiration")
    name = resolve("aspiration", order, "aspiration", [c for c in choices if c != HIDDEN])
    _in(choices, name, "aspiration", "among your two Aspirations")
    return name


def swap(state: SimsState, player: str, order: Order) -> tuple[str, str, str | None]:
    """(the card you give, the card you take, from whom: a player, or None for the discard
    pile)."""
    opening(state, player, "swap")
    my_turn(state, player, (SWAP,), "swapping cards")
    give = _own_card(state, player, order, "give")
    if solo(state):
        if order.arg("player") is not None:
            raise OrderError(E.SOLO_SWAP, "alone, you swap with the discard pile: name no "
                             "player", f'write swap("{give}", "{order["take"]}")', "player")
        take = resolve("card", order, "take", sorted(set(state["discard"])))
        _in(state["discard"], take, "take", "in the discard pile")
        return give, take, None
    others = [p for p in state["players"] if p != player and seat(state, p)["cards"]]
    if order.arg("player") is None:
        raise OrderError(E.WHO, "name the player whose card you take",
                         f"players with Action cards: {', '.join(others)}", "take")
    who = _player(state, order, "player", others)
    take = resolve("card", order, "take", sorted(set(seat(state, who)["cards"])))
    _in(seat(state, who)["cards"], take, "take", f"in {who}'s collection")
    return give, take, who


def _player(state: SimsState, order: Order, arg: str, options: list[str]) -> str:
    written = str(order[arg]).strip().lower()
    found: str | None = next((p for p in state["players"] if p.lower() == written), None)
    if found is None or found not in options:
        raise unknown_value(E.UNKNOWN_PLAYER, "player", str(order[arg]), options, arg,
                            extra="players you may name now")
    return found


def interact(state: SimsState, player: str, order: Order
             ) -> tuple[str | None, str | None, str | None]:
    """(the other player, the Need to raise on a Good Interaction, the Need to lower on an
    Awkward one); single player: all None."""
    opening(state, player, "interact")
    my_turn(state, player, (INTERACT,), "interacting")
    if solo(state):
        if order.args:
            raise OrderError(E.SOLO_INTERACT, "alone, you interact with every Iconic Sim at "
                             "your Venue: write interact with no name",
                             "write interact", order.args[0].name)
        return None, None, None
    here = others_at(state, player)
    if order.arg("player") is None:
        if len(here) > 1:
            raise OrderError(E.WHO, "several players are at your Venue: choose one",
                             f"write interact(\"{here[0]}\"); here: {', '.join(here)}")
        who = here[0]
    else:
        who = _player(state, order, "player", here)
    good = need_arg(state, player, order, "raise_need", empty=True) \
        if order.arg("raise_need") is not None else None
    bad = need_arg(state, player, order, "lower_need", empty=False) \
        if order.arg("lower_need") is not None else None
    return who, good, bad


def invite(state: SimsState, player: str, order: Order) -> str:
    opening(state, player, "invite")
    my_turn(state, player, (INVITE,), "inviting an Iconic Sim")
    options = invite_options(state, player)
    name = resolve("sim", order, "sim", options)
    if name not in options:
        raise OrderError(E.NOT_INVITABLE, f"{name} is not on the board with an interest "
                         "your collection shows", f"you may invite: {', '.join(options)}",
                         "sim")
    return name


def complete(state: SimsState, player: str, order: Order) -> tuple[str, list[str]]:
    opening(state, player, "complete")
    my_turn(state, player, (SCORE,), "completing an Aspiration")
    mine = seat(state, player)
    open_ = [a for a in mine["aspirations"] if a not in mine["completed"]]
    aspiration = resolve("aspiration", order, "aspiration", open_)
    _in(open_, aspiration, "aspiration", "among your Aspirations still to complete")
    args = [a for a in ("card1", "card2", "card3") if order.arg(a) is not None]
    used = [_own_card(state, player, order, a) for a in args]
    _check_multiset(state, player, used, args)
    kinds = aspirations()[aspiration]
    for arg, name in zip(args, used, strict=True):
        if not set(card_symbols(name)) & set(kinds):
            raise OrderError(E.NOT_USED, f"the {name} shows neither {' nor '.join(kinds)}",
                             "name only the cards that complete the Aspiration", arg)
    if not completes(state, player, aspiration, used):
        raise OrderError(E.NOT_COMPLETE, f"these cards do not complete {aspiration} "
                         f"({' + '.join(kinds)}): three SIMbols are needed, each card needed",
                         f"SIMbols still missing with every card you hold: "
                         f"{left_for(state, player, aspiration)}",
                         args[-1] if args else "aspiration")
    return aspiration, used


def end_turn(state: SimsState, player: str, order: Order) -> None:
    opening(state, player, "end_turn")
    my_turn(state, player, (SCORE,), "ending the turn")


def raise_(state: SimsState, player: str, order: Order) -> None:
    """raise(...) is only ever a standing order (effects.choose_need reads it when a die or
    another player's turn makes this player raise a Need): as a plain order it is refused."""
    _standing_only(state, player, order)


def lower(state: SimsState, player: str, order: Order) -> None:
    """lower(...): as raise(...)."""
    _standing_only(state, player, order)


def skip_newcomers(state: SimsState, player: str, order: Order) -> None:
    """skip_newcomers is only ever a standing order (actions._interact_solo reads it: the
    manual lets you meet a Sim who lands at your Venue during an interaction, it does not make
    you)."""
    raise OrderError(E.STANDING_ONLY, "skip_newcomers is a standing order: it says that you "
                     "leave a new Iconic Sim at your Venue for later instead of meeting them "
                     "at once", "write it as: standing skip_newcomers")


def _standing_only(state: SimsState, player: str, order: Order) -> None:
    resolve("need", order, "need")
    raise OrderError(E.STANDING_ONLY, f"{order.command} is a standing order: it says which "
                     "Need to choose when a die or another player's turn makes you "
                     f"{order.command} one", f'write it as: standing {order.canonical()}',
                     "need")


# -- the random barrier: which orders roll the die or draw from a hidden pile, on which states --
# (an interaction always rolls; its row says so). The engine asks before the check runs, so
# each must answer for an order that will be refused too; what they read is on the table, so
# `check` on a player's view stops where the tick does.


def travel_rolls(state: SimsState, player: str, order: Order) -> bool:
    """2-5 players: the card taken rolls for the Iconic Sims on the board and in the homes (Don
    Lothario) or takes a random card from each other collection (Mrs. Crumplebottom), if there
    is one. Alone, no card taken by Travel rolls or draws (events act in the Card Hub)."""
    name = find("card", order["card"])
    if solo(state) or name is None:
        return False
    action = card(name)["action"]
    if action == "don_lothario":
        return bool(state["board"]) or any(seat(state, p)["sims"] for p in state["players"])
    if action == "mrs_crumplebottom":
        return any(seat(state, p)["cards"] for p in ring(state, player))
    return False


def go_home_draws(state: SimsState, player: str, order: Order) -> bool:
    """2-5 players: Go Home draws an Aspiration. Alone it draws nothing."""
    return not solo(state)


def invite_draws(state: SimsState, player: str, order: Order) -> bool:
    """Alone: a Sim invited from a Venue is replaced from the Iconic Sims pile at once. (With
    2-5 players invite is refused, and the board holds names.)"""
    sim = find("sim", order["sim"])
    return solo(state) and any(spot["sim"] == sim for spot in spots(state))

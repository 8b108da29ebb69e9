"""Every change of The Sims Board Game's state that an order makes: the apply of each command,
named as the command (the `apply` of its row in rules.py, `raise_` for raise), run only with
what its check in checks.py returned; then the turn's steps that follow by themselves
(befriending, the end of a turn and its scoring, for 2-5 players and alone) and the refill
before the next turn (`refill`, at the end of the tick). They return what happened as every
player reads it; the moves and the card actions they are made of are in effects.py.

Each apply starts by clearing `state["chance"]`, which the draws and rolls of effects.py set:
it says whether the file's last order rolled or drew (rules.py, end_orders).
"""

from __future__ import annotations

from ..engine.base.words import counted, listed
from ..engine.core.dice import Dice
from .data import Venue, card, cards, homes, rules, sims
from .effects import (
    DIE,
    FACE_NAMES,
    PICK,
    SOLO_EVENTS,
    SPECIALS,
    arrive,
    check_solo_end,
    choose_need,
    draw_aspiration,
    log,
    new_turn,
    note,
    pick,
    raise_card_needs,
    replace_sim,
    roll,
    set_need,
    stuck,
    take_from_hub,
)
from .model import (
    HOME,
    INTERACT,
    INVITE,
    KEEP,
    SCORE,
    SWAP,
    board,
    card_symbols,
    completable,
    face_up,
    hub_cards,
    invite_options,
    met,
    others_at,
    points,
    seat,
    shares,
    sims_at,
    solo,
    spots,
    the_card,
)
from .state import HIDDEN, SimsGame, SimsState

# The Action pile shuffled again when event cards were set aside from the opening Card Hub.
SETUP_SHUFFLE = "actions again"

__all__ = ["DIE", "PICK", "new_turn"]


# -- the applies, one per command ------------------------------------------------------------------


def move_in(game: SimsGame, state: SimsState, player: str, chosen: tuple[str, str | None],
            dice: Dice
            ) -> list[str]:
    """Keep the Home card (and, 2-5 players, the Aspiration) chosen; the others go face down."""
    state["chance"] = False
    home, aspiration = chosen
    mine = seat(state, player)
    mine["home"] = home
    state["home_pile"] += [h for h in mine["offers"]["homes"] if h != home]
    if aspiration is not None:
        mine["aspiration"] = aspiration
        state["asp_discard"] += [a for a in mine["offers"]["aspirations"] if a != aspiration]
    mine["offers"] = {"homes": [], "aspirations": []}
    what = f" with the Aspiration {aspiration}" if aspiration else ""
    return [log(state, f"{player} moved into {home} ({homes()[home]}){what}")]


def travel(game: SimsGame, state: SimsState, player: str, chosen: tuple[Venue, str],
           dice: Dice) -> list[str]:
    """Travel steps 1A and 1B: move, lower the Venue's Need, take the card, raise its Needs,
    perform its action; then befriend and interact as the rules go on."""
    state["chance"] = False
    where, name = chosen
    mine, turn = seat(state, player), state["turn"]
    mine["at"] = where["name"]
    mine["needs"][where["need"]] = False
    take_from_hub(state, name)
    turn["venue"] = where["name"]
    turn["taken"].append(name)
    events = [log(state, f"{player} traveled to the {where['name']} ({where['need']} now "
                         f"EMPTY) and took {the_card(name)}")]
    events += raise_card_needs(state, player, name)
    action = card(name)["action"]
    if solo(state):
        return events + _solo_action(game, state, player, name, action)
    mine["cards"].append(name)  # 2-5 players: the card is in your home when its action runs
    if action == "swap_cards":
        if any(seat(state, p)["cards"] for p in state["players"] if p != player):
            turn["step"] = SWAP
            return events
        events.append(log(state, f"nobody else has an Action card to swap with {player}"))
    elif action is not None:
        events += SPECIALS[action](game, state, player, name, dice)
    return events + after_action(game, state, player)


def go_home(game: SimsGame, state: SimsState, player: str, chosen: tuple[list[str], list[str]],
            dice: Dice) -> list[str]:
    """Go Home: raise two Needs and draw an Aspiration (alone: discard a set of three identical
    SIMbols and raise one Need)."""
    state["chance"] = False
    needs_, used = chosen
    mine = seat(state, player)
    mine["at"] = HOME
    events = [log(state, f"{player} went home")]
    if solo(state):
        for name in used:
            mine["cards"].remove(name)
            state["discard"].append(name)
        cards = listed([the_card(n) for n in used])
        events.append(log(state, f"{player} discarded a set: {cards}"))
        events += set_need(state, player, needs_[0], True, "Go Home")
        return events + end_solo_turn(state, player)
    for need in needs_:
        events += set_need(state, player, need, True, "Go Home")
    for _ in range(rules()["go_home_raises"] - len(needs_)):
        raised = choose_need(game, state, player, True)
        if raised is not None:
            events += set_need(state, player, raised, True, "Go Home")
    drawn = draw_aspiration(state, dice)
    if drawn is None:
        events.append(log(state, "no Aspiration card is left to draw"))
        return events + end_of_turn(state, player)
    if mine["aspiration"] is None:
        mine["aspiration"] = drawn
        events.append(log(state, f"{player} drew and keeps the Aspiration {drawn}"))
        return events + end_of_turn(state, player, fresh=True)
    mine["drawn"] = drawn
    state["turn"]["step"] = KEEP
    events.append(log(state, f"{player} drew a second Aspiration and will keep one of the two"))
    note(state, player, f"you drew the Aspiration {drawn}")
    return events


def keep(game: SimsGame, state: SimsState, player: str, kept: str, dice: Dice) -> list[str]:
    state["chance"] = False
    mine = seat(state, player)
    fresh = kept != mine["aspiration"]
    other = mine["drawn"] if not fresh else mine["aspiration"]
    if other is not None:  # a keep waits only while both are set
        state["asp_discard"].append(other)
    mine["aspiration"], mine["drawn"] = kept, None
    return [log(state, f"{player} keeps the Aspiration {kept}")] + \
        end_of_turn(state, player, fresh=fresh)


def swap(game: SimsGame, state: SimsState, player: str, chosen: tuple[str, str, str | None],
         dice: Dice) -> list[str]:
    state["chance"] = False
    give, take, who = chosen
    mine = seat(state, player)
    mine["cards"].remove(give)
    if who is None:
        state["discard"].remove(take)
        state["discard"].append(give)
        said = f"swapped {the_card(give)} for {the_card(take)} from the discard pile"
    else:
        seat(state, who)["cards"].remove(take)
        seat(state, who)["cards"].append(give)
        said = f"gave {who} {the_card(give)} for {the_card(take)}"
    mine["cards"].append(take)
    state["turn"]["taken"].append(take)
    events = [log(state, f"SWAP CARDS: {player} {said}")]
    return events + finish_action(game, state, player)


def interact(game: SimsGame, state: SimsState, player: str,
             chosen: tuple[str | None, str | None, str | None], dice: Dice) -> list[str]:
    """2-5 players: both roll, the active player first, and each applies their result. Alone:
    a roll for each Iconic Sim at the Venue."""
    state["chance"] = False
    other, good, bad = chosen
    if other is None:
        return _interact_solo(game, state, player, dice)
    events = [log(state, f"{player} interacts with {other}")]
    for who, partner in ((player, other), (other, player)):
        face = roll(state, dice)
        events.append(log(state, f"{who} rolled {FACE_NAMES[face]}"))
        if face == "hand":
            theirs = seat(state, partner)["cards"]
            if not theirs:
                events.append(log(state, f"{partner} has no Action card to take"))
                continue
            got = theirs.pop(pick(state, dice, len(theirs)))
            seat(state, who)["cards"].append(got)
            events.append(log(state, f"{who} took {the_card(got)} from {partner} at random"))
            continue
        raising = face == "good"
        named = (good if raising else bad) if who == player else None
        need = named or choose_need(game, state, who, raising)
        events += set_need(state, who, need, raising, FACE_NAMES[face])
    return events + end_of_turn(state, player)


def invite(game: SimsGame, state: SimsState, player: str, sim: str, dice: Dice) -> list[str]:
    """Single player, ICONIC SIMS MOVE!: the chosen Sim comes home; one taken from a Venue is
    replaced at once."""
    state["chance"] = False
    spot = next((s for s in spots(state) if s["sim"] == sim), None)
    if spot is not None:
        spots(state).remove(spot)
    else:
        state["centre"].remove(sim)
    events = arrive(game, state, player, sim, "ICONIC SIMS MOVE!")
    if spot is not None:
        events += replace_sim(state, dice)
    return events + finish_action(game, state, player)


def complete(game: SimsGame, state: SimsState, player: str, chosen: tuple[str, list[str]],
             dice: Dice
             ) -> list[str]:
    """Single player: the Aspiration and the cards used go face down; raise one Need."""
    state["chance"] = False
    aspiration, used = chosen
    mine = seat(state, player)
    for name in used:
        mine["cards"].remove(name)
        state["scored"].append(name)
    mine["completed"].append(aspiration)
    events = [log(state, f"{player} completed the Aspiration {aspiration} with "
                         f"{listed([the_card(n) for n in used]) or 'the Home card'}")]
    events += set_need(state, player, choose_need(game, state, player, True), True,
                       "completing an Aspiration")
    return events + end_solo_turn(state, player)


def end_turn(game: SimsGame, state: SimsState, player: str, chosen: None, dice: Dice) -> list[str]:
    """Single player: the turn ends without completing an Aspiration."""
    state["chance"] = False
    return [log(state, f"{player} ends the turn without completing an Aspiration")] + \
        end_solo_turn(state, player)


def raise_(game: SimsGame, state: SimsState, player: str, chosen: None, dice: Dice) -> list[str]:
    """Never run: raise(...) is a standing order, which effects.choose_need reads when a die or
    another player's turn makes the player raise a Need (its check refuses it as an order)."""
    return []


def lower(game: SimsGame, state: SimsState, player: str, chosen: None, dice: Dice) -> list[str]:
    """Never run, as raise_."""
    return []


def skip_newcomers(game: SimsGame, state: SimsState, player: str, chosen: None, dice: Dice
                   ) -> list[str]:
    """Never run, as raise_: _interact_solo reads the standing order."""
    return []


# -- what follows by itself ----------------------------------------------------------------------


def after_action(game: SimsGame, state: SimsState, player: str) -> list[str]:
    """Travel steps 2 and 3: befriend, then interact (or the turn ends)."""
    events = befriend(game, state, player)
    if solo(state):
        if sims_at(state, seat(state, player)["at"]):
            state["turn"]["step"] = INTERACT
            return events
        return events + score_or_end(state, player)
    if others_at(state, player):
        state["turn"]["step"] = INTERACT
        return events
    return events + end_of_turn(state, player)


def befriend(game: SimsGame, state: SimsState, player: str) -> list[str]:
    """Take every Iconic Sim on the board (single player: at a Venue) whose interest a card
    taken this turn shows."""
    marks = {s for name in state["turn"]["taken"] for s in card_symbols(name)}
    events = []
    if solo(state):
        for spot in list(spots(state)):
            if sims().get(spot["sim"], "") in marks:
                spots(state).remove(spot)
                events += arrive(game, state, player, spot["sim"], "befriended at the "
                                 f"{spot['venue']}")
        return events
    for sim in list(face_up(state)):
        if sims().get(sim, "") in marks:
            face_up(state).remove(sim)
            seat(state, player)["sims"].append(sim)
            events.append(log(state, f"{player} befriended {sim} ({sims()[sim]})"))
    return events


def end_of_turn(state: SimsState, player: str, fresh: bool = False) -> list[str]:
    """2-5 players: score at the end of the turn (once), then win or pass to the left. A
    `fresh` Aspiration, drawn and kept at this turn's Go Home, waits for the end of the next
    turn even if it is met already (Scoring, IMPORTANT)."""
    mine = seat(state, player)
    events = []
    target = state["target"]
    if not fresh and mine["aspiration"] and mine["aspiration"] != HIDDEN and \
            met(state, player, mine["aspiration"]):
        done = mine["aspiration"]
        mine["completed"].append(done)
        mine["aspiration"] = None
        state["owed"].append(player)
        events.append(log(state, f"{player} completed the Aspiration {done} "
                                 f"(+{rules()['points']['aspiration']} points)"))
    state["turns"] += 1
    state["refill"] = True
    total = points(state, player)
    if total >= target:
        state["over"] = True
        state["winners"] = [player]
        state["ended"] = f"{player} ended a turn with {total} points"
        return events + [log(state, f"{player} ends the turn with {total} points and wins!")]
    order = state["players"]
    following = order[(order.index(player) + 1) % len(order)]
    state["turn"] = new_turn(following, state["turn"]["number"] + 1)
    return events + [log(state, f"{player} ends the turn with {counted(total, 'point')}; "
                                f"{following} is next")]


def finish_action(game: SimsGame, state: SimsState, player: str) -> list[str]:
    """After a chosen action: the held card goes home (single player), and the turn goes on."""
    held = state["turn"]["holding"]
    if held is not None:
        seat(state, player)["cards"].append(held)
        state["turn"]["holding"] = None
    return after_action(game, state, player)


# -- the single-player game ------------------------------------------------------------------------


def _solo_action(game: SimsGame, state: SimsState, player: str, name: str, action: str | None
                 ) -> list[str]:
    """Single player: the card's action runs before the card goes home."""
    turn = state["turn"]
    if action == "iconic_sims_move" and invite_options(state, player):
        turn["step"], turn["holding"] = INVITE, name
        return []
    if action == "swap_cards" and seat(state, player)["cards"] and state["discard"]:
        turn["step"], turn["holding"] = SWAP, name
        return []
    events = []
    if action in ("iconic_sims_move", "swap_cards"):
        events.append(log(state, f"{the_card(name)} has nothing to act on"))
    seat(state, player)["cards"].append(name)
    return events + after_action(game, state, player)


def _interact_solo(game: SimsGame, state: SimsState, player: str, dice: Dice) -> list[str]:
    """Single player: roll for each Iconic Sim at your Venue, new arrivals included."""
    here = seat(state, player)["at"]
    queue = sims_at(state, here)
    meet = not game.standing(state, player, "skip_newcomers")  # "you can": a choice
    events = []
    while queue:
        sim = queue.pop(0)
        face = roll(state, dice)
        events.append(log(state, f"{player} rolled {FACE_NAMES[face]} with {sim}"))
        if face == "good":
            events += set_need(state, player, choose_need(game, state, player, True), True,
                               f"a Good Interaction with {sim}")
            continue
        spot = next(s for s in spots(state) if s["sim"] == sim)
        spots(state).remove(spot)
        if face == "awkward":
            state["centre"].append(sim)
            events.append(log(state, f"{sim} went to the centre of the board"))
        else:
            events += arrive(game, state, player, sim, "Come on Over!")
        before = len(state["board"])
        events += replace_sim(state, dice)
        if len(state["board"]) > before and spots(state)[-1]["venue"] == here:
            newcomer = spots(state)[-1]["sim"]
            if meet:
                queue.append(newcomer)
            else:
                events.append(log(state, f"{player} leaves {newcomer} at the {here} for "
                                         "another visit (standing skip_newcomers)"))
    return events + score_or_end(state, player)


def score_or_end(state: SimsState, player: str) -> list[str]:
    if not state["over"] and completable(state, player):
        state["turn"]["step"] = SCORE
        return []
    return end_solo_turn(state, player)


def end_solo_turn(state: SimsState, player: str) -> list[str]:
    state["turns"] += 1
    state["refill"] = True
    state["turn"] = new_turn(player, state["turn"]["number"] + 1)
    return check_solo_end(state, player)


# -- refilling before a turn ----------------------------------------------------------------------


def refill(game: SimsGame, state: SimsState, dice: Dice, setup: bool = False) -> list[str]:
    """Before the next turn: the Card Hub (single player: event cards act as they appear),
    the Iconic Sims, and owed Aspiration draws; then whether the game can go on."""
    state["refill"] = False
    events: list[str] = []
    player = state["turn"]["player"]
    aside: list[str] = []
    for index, slot in enumerate(state["hub"]):
        while slot is None and state["pile"]:
            slot = state["pile"].pop(0)
            state["hub"][index] = slot
            action = card(slot)["action"] if slot in cards() else None
            if solo(state) and action in SOLO_EVENTS:
                if setup:  # (assumption) nobody has moved in: shuffled back, not acted on
                    aside.append(slot)
                else:
                    events += SOLO_EVENTS[action](game, state, player, slot, dice)
                state["hub"][index] = slot = None
    if aside:
        state["pile"] += aside
        dice.stream(SETUP_SHUFFLE).shuffle(state["pile"])
    if solo(state):
        wanted = rules()["board_sims"] if setup else 1  # (assumption) never an empty board
        while len(state["board"]) < wanted and state["sims_pile"]:
            events += replace_sim(state, dice)
        events += check_solo_end(state, player)
        if not state["over"] and stuck(state, player):
            state["over"] = True
            state["ended"] = "stuck"
            events.append(log(state, f"{player} can neither Travel nor Go Home: the Needs "
                                     "have run out, and the game is lost"))
        return events
    while len(state["board"]) < rules()["board_sims"] and state["sims_pile"]:
        face_up(state).append(state["sims_pile"].pop(0))
    for owner in state["owed"]:
        drawn = draw_aspiration(state, dice)
        seat(state, owner)["aspiration"] = drawn
        if drawn is not None:
            events.append(log(state, f"{owner} drew the new Aspiration {drawn}"))
    state["owed"] = []
    if not state["over"] and not state["pile"] and not any(
            shares(c, v) for c in hub_cards(state) for v in board(state)):
        state["over"] = True
        state["ended"] = "no card left to take"
        events.append(log(state, "no Action card is left that any Venue can use: the game "
                                 "ends, and the most points win"))
    return events

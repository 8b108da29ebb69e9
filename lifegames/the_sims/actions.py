"""What the orders and the cards do to a state, for 2-5 players and for the single-player game.
Every function here runs after its check passed (checks.py) and changes the state.

Chance goes through `roll`, `pick` and the draws from hidden piles, which also mark the order
as one whose outcome nobody may know beforehand (`state["chance"]`): that mark is how
`ends_file` and `end_orders` (rules.py) tell such orders from the others.
"""

from __future__ import annotations

from typing import Any

from ..engine.contract import State
from .checks import (
    HOME,
    INTERACT,
    INVITE,
    KEEP,
    SCORE,
    START,
    SWAP,
    board,
    empty_needs,
    full_needs,
    hub_cards,
    invite_options,
    log,
    note,
    others_at,
    shares,
    sims_at,
    solo,
)
from .data import HIDDEN, card, cards, rules, sims
from .scoring import card_symbols, friends, met, points, seat, shows_interest, solo_won

DIE = "interaction"
PICK = "pick"
SHUFFLE = "reshuffle"


# -- chance --------------------------------------------------------------------------------------


def roll(state: State, dice: Any) -> str:
    """One roll of the Interaction die: good, awkward or hand."""
    state["chance"] = True
    faces = rules()["die"]
    return str(faces[dice.stream(DIE).die(len(faces)) - 1])


def pick(state: State, dice: Any, count: int) -> int:
    """A random index below `count` (a card taken at random from a collection)."""
    state["chance"] = True
    return dice.stream(PICK).die(count) - 1


FACE_NAMES = {"good": "Good Interaction", "awkward": "Awkward Interaction",
              "hand": "the hand"}


# -- Needs: the player's own choice, or their standing orders, or the default -------------------


def standing_needs(state: State, player: str, command: str) -> list[str]:
    """The Needs `player`'s standing raise(...) or lower(...) orders name, oldest first."""
    from . import GAME
    from .data import find

    out = []
    for order in GAME.standing(state, player, command):
        name = find("need", order["need"])
        if name:
            out.append(name)
    return out


def choose_need(state: State, player: str, raising: bool) -> str | None:
    """The Need a die or another player's turn makes `player` raise (or lower): the first of
    their standing orders that applies, else the first EMPTY Need in tracker order (to raise)
    or the last FULL one (to lower). None when nothing can change."""
    candidates = empty_needs(state, player) if raising else full_needs(state, player)
    for name in standing_needs(state, player, "raise" if raising else "lower"):
        if name in candidates:
            return name
    if not candidates:
        return None
    return candidates[0] if raising else candidates[-1]


def set_need(state: State, player: str, need: str | None, full: bool, why: str) -> list[str]:
    if need is None:
        word = "raise" if full else "lower"
        return [log(state, f"{player} has no Need left to {word} ({why})")]
    seat(state, player)["needs"][need] = full
    return [log(state, f"{player}'s {need} is now {'FULL' if full else 'EMPTY'} ({why})")]


def raise_card_needs(state: State, player: str, name: str) -> list[str]:
    events = []
    for need in card(name)["raises"]:
        if not seat(state, player)["needs"][need]:
            events += set_need(state, player, need, True, f"the {name}")
    return events


# -- the turn ------------------------------------------------------------------------------------


def new_turn(player: str, number: int) -> dict[str, Any]:
    return {"player": player, "number": number, "step": START, "venue": None, "taken": [],
            "holding": None}


def take_from_hub(state: State, name: str) -> None:
    state["hub"][state["hub"].index(name)] = None


def travel(state: State, player: str, where: dict[str, Any], name: str, dice: Any) -> list[str]:
    """Travel steps 1A and 1B: move, lower the Venue's Need, take the card, raise its Needs,
    perform its action; then befriend and interact as the rules go on."""
    mine, turn = seat(state, player), state["turn"]
    mine["at"] = where["name"]
    mine["needs"][where["need"]] = False
    take_from_hub(state, name)
    turn["venue"] = where["name"]
    turn["taken"].append(name)
    events = [log(state, f"{player} traveled to the {where['name']} ({where['need']} now "
                         f"EMPTY) and took the {name}")]
    events += raise_card_needs(state, player, name)
    action = card(name)["action"]
    if solo(state):
        return events + _solo_action(state, player, name, action)
    mine["cards"].append(name)  # 2-5 players: the card is in your home when its action runs
    if action == "swap_cards":
        if any(seat(state, p)["cards"] for p in state["players"] if p != player):
            turn["step"] = SWAP
            return events
        events.append(log(state, f"nobody else has an Action card to swap with {player}"))
    elif action is not None:
        events += SPECIALS[action](state, player, name, dice)
    return events + after_action(state, player, dice)


def after_action(state: State, player: str, dice: Any) -> list[str]:
    """Travel steps 2 and 3: befriend, then interact (or the turn ends)."""
    events = befriend(state, player)
    if solo(state):
        if sims_at(state, seat(state, player)["at"]):
            state["turn"]["step"] = INTERACT
            return events
        return events + score_or_end(state, player)
    if others_at(state, player):
        state["turn"]["step"] = INTERACT
        return events
    return events + end_turn(state, player)


def befriend(state: State, player: str) -> list[str]:
    """Take every Iconic Sim on the board (single player: at a Venue) whose interest a card
    taken this turn shows."""
    marks = {s for name in state["turn"]["taken"] for s in card_symbols(name)}
    events = []
    if solo(state):
        for spot in list(state["board"]):
            if sims().get(spot["sim"]) in marks:
                state["board"].remove(spot)
                events += arrive(state, player, spot["sim"], "befriended at the "
                                 f"{spot['venue']}")
        return events
    for sim in list(state["board"]):
        if sims().get(sim) in marks:
            state["board"].remove(sim)
            seat(state, player)["sims"].append(sim)
            events.append(log(state, f"{player} befriended {sim} ({sims()[sim]})"))
    return events


def arrive(state: State, player: str, sim: str, how: str) -> list[str]:
    """Single player: an Iconic Sim moves in; four or more Sims at home make a party."""
    seat(state, player)["sims"].append(sim)
    return [log(state, f"{sim} moved in with {player} ({how})")] + party(state, player)


def party(state: State, player: str) -> list[str]:
    if friends(state, player) < rules()["solo"]["party_at"]:
        return []
    return set_need(state, player, choose_need(state, player, True),
                    True, f"a party with {friends(state, player)} Sims at home")


def end_turn(state: State, player: str) -> list[str]:
    """2-5 players: score at the end of the turn (once), then win or pass to the left."""
    mine = seat(state, player)
    events = []
    target = state["target"]
    if mine["aspiration"] and mine["aspiration"] != HIDDEN and \
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
    return events + [log(state, f"{player} ends the turn with {total} point(s); "
                                f"{following} is next")]


# -- Go Home -------------------------------------------------------------------------------------


def draw_aspiration(state: State, dice: Any) -> str | None:
    """The top Aspiration; an empty pile is made again from the discards, shuffled."""
    state["chance"] = True
    if not state["asp_pile"] and state["asp_discard"]:
        state["asp_pile"] = list(state["asp_discard"])
        state["asp_discard"] = []
        dice.stream(SHUFFLE).shuffle(state["asp_pile"])
    return state["asp_pile"].pop(0) if state["asp_pile"] else None


def go_home(state: State, player: str, chosen: list[str], used: list[str], dice: Any
            ) -> list[str]:
    mine = seat(state, player)
    mine["at"] = HOME
    events = [log(state, f"{player} went home")]
    if solo(state):
        for name in used:
            mine["cards"].remove(name)
            state["discard"].append(name)
        events.append(log(state, f"{player} discarded the set {', '.join(used)}"))
        events += set_need(state, player, chosen[0], True, "Go Home")
        return events + end_solo_turn(state, player)
    for need in chosen:
        events += set_need(state, player, need, True, "Go Home")
    for _ in range(rules()["go_home_raises"] - len(chosen)):
        need = choose_need(state, player, True)
        if need is not None:
            events += set_need(state, player, need, True, "Go Home")
    drawn = draw_aspiration(state, dice)
    if drawn is None:
        events.append(log(state, "no Aspiration card is left to draw"))
        return events + end_turn(state, player)
    if mine["aspiration"] is None:
        mine["aspiration"] = drawn
        events.append(log(state, f"{player} drew and keeps the Aspiration {drawn}"))
        return events + end_turn(state, player)
    mine["drawn"] = drawn
    note(state, player, f"you drew the Aspiration {drawn}")
    state["turn"]["step"] = KEEP
    return events + [log(state, f"{player} drew an Aspiration and keeps one of two")]


def keep(state: State, player: str, kept: str) -> list[str]:
    mine = seat(state, player)
    other = mine["drawn"] if kept == mine["aspiration"] else mine["aspiration"]
    state["asp_discard"].append(other)
    mine["aspiration"], mine["drawn"] = kept, None
    return [log(state, f"{player} keeps the Aspiration {kept}")] + end_turn(state, player)


# -- special actions, 2-5 players --------------------------------------------------------------


def ring(state: State, player: str) -> list[str]:
    """The other players, from the one on the left round the table."""
    order = state["players"]
    start = order.index(player)
    return order[start + 1:] + order[:start]


def iconic_sims_move(state: State, player: str, name: str, dice: Any) -> list[str]:
    """Every Iconic Sim in a home is passed to the left until a player whose Action cards or
    Home card show its interest keeps it; one that goes all the way round comes back home."""
    order = state["players"]
    moving = [(p, sim) for p in order for sim in seat(state, p)["sims"]]
    for p in order:
        seat(state, p)["sims"] = []
    events = [log(state, f"ICONIC SIMS MOVE! ({name}): every Iconic Sim in a home is "
                         "passed to the left")]
    for owner, sim in moving:
        for holder in [*ring(state, owner), owner]:
            if holder == owner or shows_interest(state, holder, sim):
                seat(state, holder)["sims"].append(sim)
                how = "came back to" if holder == owner else "moved from " + owner + " to"
                events.append(log(state, f"{sim} {how} {holder}"))
                break
    return events


def don_lothario(state: State, player: str, name: str, dice: Any) -> list[str]:
    """2-5 players (reconstructed): the die is rolled for each Iconic Sim in the other homes,
    from the left, until a Good Interaction: that Sim leaves with Don Lothario for the box.
    With no Good roll he moves in with you as a friend (1 point)."""
    mine = seat(state, player)
    for other in ring(state, player):
        for sim in list(seat(state, other)["sims"]):
            face = roll(state, dice)
            if face == "good":
                seat(state, other)["sims"].remove(sim)
                mine["cards"].remove(name)
                state["box"]["sims"].append(sim)
                state["box"]["cards"].append(name)
                return [log(state, f"Don Lothario rolled a Good Interaction with {sim} "
                                   f"({other}): they run off together (both to the box)")]
    mine["cards"].remove(name)
    mine["specials"].append(name)
    return [log(state, f"Don Lothario found nobody to charm and moves in with {player} "
                       "(1 point)")]


def grim_reaper(state: State, player: str, name: str, dice: Any) -> list[str]:
    """2-5 players (reconstructed): the Iconic Sims waiting on the board go to the box with the
    Grim Reaper; with none on the board, your own Sims go, and the Reaper stays (1 point)."""
    mine = seat(state, player)
    mine["cards"].remove(name)
    if state["board"]:
        taken = list(state["board"])
        state["box"]["sims"] += taken
        state["board"] = []
        state["box"]["cards"].append(name)
        return [log(state, f"the Grim Reaper took {', '.join(taken)} from the board")]
    gone = list(mine["sims"])
    state["box"]["sims"] += gone
    mine["sims"] = []
    mine["specials"].append(name)
    return [log(state, f"the Grim Reaper found nobody on the board: {player}'s Sims "
                       f"({', '.join(gone) or 'none'}) left, and the Reaper moves in "
                       "(1 point)")]


def mrs_crumplebottom(state: State, player: str, name: str, dice: Any) -> list[str]:
    """2-5 players (reconstructed): every other player discards one random Action card; then
    this card is discarded."""
    events = []
    for other in ring(state, player):
        theirs = seat(state, other)["cards"]
        if theirs:
            lost = theirs.pop(pick(state, dice, len(theirs)))
            state["discard"].append(lost)
            events.append(log(state, f"Mrs. Crumplebottom made {other} discard the {lost}"))
    seat(state, player)["cards"].remove(name)
    state["discard"].append(name)
    return events + [log(state, "Mrs. Crumplebottom goes to the discard pile")]


SPECIALS = {"iconic_sims_move": iconic_sims_move, "don_lothario": don_lothario,
            "grim_reaper": grim_reaper, "mrs_crumplebottom": mrs_crumplebottom}


def swap(state: State, player: str, give: str, take: str, who: str | None, dice: Any
         ) -> list[str]:
    mine = seat(state, player)
    mine["cards"].remove(give)
    if who is None:
        state["discard"].remove(take)
        state["discard"].append(give)
        source = "the discard pile"
    else:
        seat(state, who)["cards"].remove(take)
        seat(state, who)["cards"].append(give)
        source = who
    mine["cards"].append(take)
    state["turn"]["taken"].append(take)
    events = [log(state, f"SWAP CARDS: {player} gave the {give} for the {take} from {source}")]
    return events + finish_action(state, player, dice)


def finish_action(state: State, player: str, dice: Any) -> list[str]:
    """After a chosen action: the held card goes home (single player), and the turn goes on."""
    held = state["turn"]["holding"]
    if held is not None:
        seat(state, player)["cards"].append(held)
        state["turn"]["holding"] = None
    return after_action(state, player, dice)


def interact(state: State, player: str, other: str, good: str | None, bad: str | None,
             dice: Any) -> list[str]:
    """2-5 players: both roll, the active player first, and each applies their result."""
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
            events.append(log(state, f"{who} took the {got} from {partner} at random"))
            continue
        raising = face == "good"
        chosen = (good if raising else bad) if who == player else None
        need = chosen or choose_need(state, who, raising)
        events += set_need(state, who, need, raising, FACE_NAMES[face])
    return events + end_turn(state, player)


# -- the single-player game ------------------------------------------------------------------------


def _solo_action(state: State, player: str, name: str, action: str | None) -> list[str]:
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
        events.append(log(state, f"the {name} has nothing to act on"))
    seat(state, player)["cards"].append(name)
    return events + after_action(state, player, None)


def place_sim(state: State, sim: str) -> str:
    """Single player: a new Iconic Sim goes to the first Venue showing their interest (to the
    centre if none does). Where they went."""
    interest = sims().get(sim)
    for where in board(state):
        if interest in where["symbols"]:
            state["board"].append({"sim": sim, "venue": where["name"]})
            return where["name"]
    state["centre"].append(sim)
    return "centre"


def draw_sim(state: State) -> tuple[str, str] | None:
    """Single player: draw the top Iconic Sim onto the board; (sim, where) or None."""
    state["chance"] = True
    if not state["sims_pile"]:
        return None
    sim = state["sims_pile"].pop(0)
    if sim == HIDDEN:  # a seat's copy of the state: where they go is not known
        state["centre"].append(sim)
        return sim, "centre"
    return sim, place_sim(state, sim)


def invite(state: State, player: str, sim: str, dice: Any) -> list[str]:
    """Single player, ICONIC SIMS MOVE!: the chosen Sim comes home; one taken from a Venue is
    replaced at once."""
    spot = next((s for s in state["board"] if s["sim"] == sim), None)
    if spot is not None:
        state["board"].remove(spot)
    else:
        state["centre"].remove(sim)
    events = arrive(state, player, sim, "ICONIC SIMS MOVE!")
    if spot is not None:
        events += _replace(state)
    return events + finish_action(state, player, dice)


def _replace(state: State) -> list[str]:
    drawn = draw_sim(state)
    if drawn is None:
        return [log(state, "no Iconic Sim is left to draw")]
    sim, where = drawn
    if sim == HIDDEN:
        return []
    return [log(state, f"{sim} arrived at the {where}" if where != "centre" else
                f"{sim} has no Venue of their interest and waits in the centre")]


def interact_solo(state: State, player: str, dice: Any) -> list[str]:
    """Single player: roll for each Iconic Sim at your Venue, new arrivals included."""
    here = seat(state, player)["at"]
    queue = sims_at(state, here)
    events = []
    while queue:
        sim = queue.pop(0)
        face = roll(state, dice)
        events.append(log(state, f"{player} rolled {FACE_NAMES[face]} with {sim}"))
        if face == "good":
            events += set_need(state, player, choose_need(state, player, True), True,
                               f"a Good Interaction with {sim}")
            continue
        spot = next(s for s in state["board"] if s["sim"] == sim)
        state["board"].remove(spot)
        if face == "awkward":
            state["centre"].append(sim)
            events.append(log(state, f"{sim} went to the centre of the board"))
        else:
            events += arrive(state, player, sim, "Come on Over!")
        before = len(state["board"])
        events += _replace(state)
        if len(state["board"]) > before and state["board"][-1]["venue"] == here:
            queue.append(state["board"][-1]["sim"])
    return events + score_or_end(state, player)


def completable(state: State, player: str) -> list[str]:
    """Single player: the Aspirations still open that the collection could complete now."""
    mine = seat(state, player)
    return [a for a in mine["aspirations"] if a not in mine["completed"] and met(state, player, a)]


def score_or_end(state: State, player: str) -> list[str]:
    if not state["over"] and completable(state, player):
        state["turn"]["step"] = SCORE
        return []
    return end_solo_turn(state, player)


def complete(state: State, player: str, aspiration: str, used: list[str]) -> list[str]:
    mine = seat(state, player)
    for name in used:
        mine["cards"].remove(name)
        state["scored"].append(name)
    mine["completed"].append(aspiration)
    events = [log(state, f"{player} completed the Aspiration {aspiration} with "
                         f"{', '.join(used) or 'the Home card'}")]
    events += set_need(state, player, choose_need(state, player, True), True,
                       "completing an Aspiration")
    return events + end_solo_turn(state, player)


def end_solo_turn(state: State, player: str) -> list[str]:
    state["turns"] += 1
    state["refill"] = True
    state["turn"] = new_turn(player, state["turn"]["number"] + 1)
    return check_solo_end(state, player)


def check_solo_end(state: State, player: str) -> list[str]:
    if state["over"] or not solo_won(state, player):
        return []
    state["over"] = True
    state["winners"] = [player]
    state["ended"] = "both goals met"
    return [log(state, f"{player} has completed three Aspirations and has three Sims at "
                       "home: a win!")]


# -- refilling before a turn ----------------------------------------------------------------------


def refill(state: State, dice: Any, setup: bool = False) -> list[str]:
    """Before the next turn: the Card Hub (single player: event cards act as they appear),
    the Iconic Sims, and owed Aspiration draws; then whether the game can go on."""
    state["refill"] = False
    events: list[str] = []
    player = state["turn"]["player"]
    for index, slot in enumerate(state["hub"]):
        while slot is None and state["pile"]:
            slot = state["pile"].pop(0)
            state["hub"][index] = slot
            action = card(slot)["action"] if slot in cards() else None
            if solo(state) and action in SOLO_EVENTS:
                events += SOLO_EVENTS[action](state, player, slot, dice)
                state["hub"][index] = slot = None
    if solo(state):
        wanted = rules()["board_sims"] if setup else 1  # (assumption) never an empty board
        while len(state["board"]) < wanted and state["sims_pile"]:
            events += _replace(state)
        events += check_solo_end(state, player)
        if not state["over"] and stuck(state, player):
            state["over"] = True
            state["ended"] = "stuck"
            events.append(log(state, f"{player} can neither Travel nor Go Home: the Needs "
                                     "have run out, and the game is lost"))
        return events
    while len(state["board"]) < rules()["board_sims"] and state["sims_pile"]:
        state["board"].append(state["sims_pile"].pop(0))
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


def stuck(state: State, player: str) -> bool:
    """Single player: no Travel and no Go Home is possible (the game is lost)."""
    from .checks import set_kind

    tracker = seat(state, player)["needs"]
    for where in board(state):
        if tracker[where["need"]] and any(shares(c, where) for c in hub_cards(state)):
            return False
    if not empty_needs(state, player):
        return True
    counts: dict[str, list[str]] = {}
    for name in seat(state, player)["cards"]:
        for kind in set(card_symbols(name)):
            counts.setdefault(kind, []).append(name)
    return not any(set_kind(state, player, group) for group in _sets(counts))


def _sets(counts: dict[str, list[str]]) -> list[list[str]]:
    """For each SIMbol, the cards showing it, most of that SIMbol first (a set if any)."""
    out = []
    for kind, group in sorted(counts.items()):
        ranked = sorted(group, key=lambda n: -card_symbols(n).count(kind))
        for size in range(1, len(ranked) + 1):
            out.append(ranked[:size])
    return out


# -- single-player event cards: they act as soon as they appear in the Card Hub -------------------


def solo_don(state: State, player: str, name: str, dice: Any) -> list[str]:
    """Roll for each Iconic Sim in play (Venues, the centre, your home): the first Good
    Interaction sends that Sim and Don Lothario to the box; with none, Don moves in."""
    events = [log(state, "Don Lothario appeared in the Card Hub")]
    in_play = [(s["sim"], "board") for s in state["board"]] + \
        [(s, "centre") for s in state["centre"]] + \
        [(s, "home") for s in seat(state, player)["sims"]]
    for sim, where in in_play:
        face = roll(state, dice)
        events.append(log(state, f"Don Lothario rolled {FACE_NAMES[face]} with {sim}"))
        if face == "good":
            if where == "board":
                state["board"] = [s for s in state["board"] if s["sim"] != sim]
            elif where == "centre":
                state["centre"].remove(sim)
            else:
                seat(state, player)["sims"].remove(sim)
            state["box"]["sims"].append(sim)
            state["box"]["cards"].append(name)
            return events + [log(state, f"{sim} went out with Don Lothario (both to the box)")]
    seat(state, player)["specials"].append(name)
    return events + [log(state, "Don Lothario moved in with you")] + party(state, player)


def solo_reaper(state: State, player: str, name: str, dice: Any) -> list[str]:
    events = [log(state, "the Grim Reaper appeared in the Card Hub")]
    if state["centre"]:
        gone = list(state["centre"])
        state["box"]["sims"] += gone
        state["centre"] = []
        state["box"]["cards"].append(name)
        return events + [log(state, f"the Grim Reaper took {', '.join(gone)} from the centre")]
    mine = seat(state, player)
    gone = list(mine["sims"])
    state["box"]["sims"] += gone
    mine["sims"] = []
    mine["specials"].append(name)
    return events + [log(state, f"the centre was empty: your Sims ({', '.join(gone) or 'none'})"
                                " left, and the Grim Reaper moved in")] + party(state, player)


def solo_crumplebottom(state: State, player: str, name: str, dice: Any) -> list[str]:
    events = [log(state, "Watch Out! It's Mrs. Crumplebottom!")]
    mine = seat(state, player)["cards"]
    for _ in range(2):
        if mine:
            lost = mine.pop(pick(state, dice, len(mine)))
            state["discard"].append(lost)
            events.append(log(state, f"you discarded the {lost} at random"))
    state["discard"].append(name)
    return events


SOLO_EVENTS = {"don_lothario": solo_don, "grim_reaper": solo_reaper,
               "mrs_crumplebottom": solo_crumplebottom}

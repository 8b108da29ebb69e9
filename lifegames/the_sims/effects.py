"""The moves The Sims Board Game's rules are made of, each written once: the log, chance (the
Interaction die, a card taken at random, the draws from hidden piles), Needs raised and
lowered (by the player's standing orders or the default), Iconic Sims arriving and leaving,
each Action card's action (2-5 players: the reconstruction in RULES.md; alone: the manual's
"Action Card Effects", which act as the card appears in the Card Hub) and the single-player
end checks. actions.py strings them into turns; nothing here decides what comes next in a turn.

Chance goes through `roll`, `pick` and the draws from hidden piles, which also mark the order
as one that rolled or drew (`state["chance"]`); the random barrier is the command table's
(rules.py, checks.py: which orders roll or draw on which states), and a test holds the two
to each other.
"""

from __future__ import annotations

from ..engine.base.words import listed
from ..engine.core.dice import Dice
from .data import card, find, rules, sims
from .model import (
    START,
    board,
    card_symbols,
    empty_needs,
    face_up,
    friends,
    full_needs,
    hub_cards,
    ring,
    seat,
    set_kind,
    shares,
    shows_interest,
    solo_goals,
    solo_won,
    spots,
    the_card,
)
from .state import HIDDEN, SimsGame, SimsState, Turn

DIE = "interaction"
PICK = "pick"
SHUFFLE = "reshuffle"
VENUE = "venue"  # which matching Venue a new Iconic Sim goes to (single player)
RECENT = 14  # events the sheets keep showing from earlier ticks


# -- the log: public events for every sheet, private notes for one player ----------------------


def log(state: SimsState, text: str) -> str:
    state["log"].append(text)
    tick = int(state.get("tick", 0)) + 1
    state["recent"] = [*state["recent"], f"tick {tick}: {text}"][-RECENT:]
    return text


def note(state: SimsState, player: str, text: str) -> None:
    """Something only `player` may read (the Aspiration they drew, say). A note keeps its
    place among the tick's public events (`tick 4#2: ...`: after the first two `recent`
    holds of tick 4), so that the player's sheet reads them in the order they happened."""
    tick = int(state.get("tick", 0)) + 1
    before = sum(1 for line in state["recent"] if line.startswith(f"tick {tick}: "))
    mine = seat(state, player)
    mine["notes"] = [*mine["notes"], f"tick {tick}#{before}: {text}"][-RECENT:]



# -- chance --------------------------------------------------------------------------------------


def roll(state: SimsState, dice: Dice) -> str:
    """One roll of the Interaction die: good, awkward or hand."""
    state["chance"] = True
    faces = rules()["die"]
    return str(faces[dice.stream(DIE).die(len(faces)) - 1])


def pick(state: SimsState, dice: Dice, count: int) -> int:
    """A random index below `count` (a card taken at random from a collection)."""
    state["chance"] = True
    return dice.stream(PICK).die(count) - 1


FACE_NAMES = {"good": "a Good Interaction", "awkward": "an Awkward Interaction",
              "hand": "the hand"}


# -- Needs: the player's own choice, or their standing orders, or the default -------------------


def standing_needs(game: SimsGame, state: SimsState, player: str, command: str) -> list[str]:
    """The Needs `player`'s standing raise(...) or lower(...) orders name, oldest first."""
    out = []
    for order in game.standing(state, player, command):
        name = find("need", order["need"])
        if name:
            out.append(name)
    return out


def choose_need(game: SimsGame, state: SimsState, player: str, raising: bool) -> str | None:
    """The Need a die or another player's turn makes `player` raise (or lower): the first of
    their standing orders that applies, else the first EMPTY Need in tracker order (to raise)
    or the last FULL one (to lower). None when nothing can change."""
    candidates = empty_needs(state, player) if raising else full_needs(state, player)
    for name in standing_needs(game, state, player, "raise" if raising else "lower"):
        if name in candidates:
            return name
    if not candidates:
        return None
    return candidates[0] if raising else candidates[-1]


def set_need(state: SimsState, player: str, need: str | None, full: bool, why: str) -> list[str]:
    if need is None:
        word = "raise" if full else "lower"
        return [log(state, f"{player} has no Need left to {word} ({why})")]
    seat(state, player)["needs"][need] = full
    return [log(state, f"{player}'s {need} is now {'FULL' if full else 'EMPTY'} ({why})")]


def raise_card_needs(state: SimsState, player: str, name: str) -> list[str]:
    events = []
    for need in card(name)["raises"]:
        if not seat(state, player)["needs"][need]:
            events += set_need(state, player, need, True, the_card(name))
    return events


# -- a new turn, the Card Hub, Iconic Sims moving in ----------------------------------------------


def new_turn(player: str, number: int) -> Turn:
    return {"player": player, "number": number, "step": START, "venue": None, "taken": [],
            "holding": None}


def take_from_hub(state: SimsState, name: str) -> None:
    state["hub"][state["hub"].index(name)] = None


def arrive(game: SimsGame, state: SimsState, player: str, sim: str, how: str) -> list[str]:
    """Single player: an Iconic Sim moves in; four or more Sims at home make a party."""
    seat(state, player)["sims"].append(sim)
    return [log(state, f"{sim} moved in with {player} ({how})")] + party(game, state, player)


def party(game: SimsGame, state: SimsState, player: str) -> list[str]:
    if friends(state, player) < rules()["solo"]["party_at"]:
        return []
    return set_need(state, player, choose_need(game, state, player, True),
                    True, f"a party with {friends(state, player)} Sims at home")


# -- Go Home -------------------------------------------------------------------------------------


def draw_aspiration(state: SimsState, dice: Dice) -> str | None:
    """The top Aspiration; an empty pile is made again from the discards, shuffled."""
    state["chance"] = True
    if not state["asp_pile"] and state["asp_discard"]:
        state["asp_pile"] = list(state["asp_discard"])
        state["asp_discard"] = []
        dice.stream(SHUFFLE).shuffle(state["asp_pile"])
    return state["asp_pile"].pop(0) if state["asp_pile"] else None


# -- special actions, 2-5 players --------------------------------------------------------------


def iconic_sims_move(game: SimsGame, state: SimsState, player: str, name: str, dice: Dice
                     ) -> list[str]:
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


def don_lothario(game: SimsGame, state: SimsState, player: str, name: str, dice: Dice) -> list[str]:
    """2-5 players (reconstructed from the single-player text, "each Iconic Sim in play"): the
    die is rolled for each Iconic Sim face up on the board, then in the other homes from the
    left, then in yours, until a Good Interaction: that Sim leaves with Don Lothario for the
    box. With no Good roll he moves in with you as a friend (1 point)."""
    mine = seat(state, player)
    in_play = [(sim, None) for sim in face_up(state)] + \
        [(sim, p) for p in [*ring(state, player), player] for sim in seat(state, p)["sims"]]
    for sim, owner in in_play:
        face = roll(state, dice)
        if face == "good":
            (seat(state, owner)["sims"] if owner else face_up(state)).remove(sim)
            mine["cards"].remove(name)
            state["box"]["sims"].append(sim)
            state["box"]["cards"].append(name)
            return [log(state, f"Don Lothario rolled a Good Interaction with {sim} "
                               f"({owner or 'the board'}): they run off together (both to "
                               "the box)")]
    mine["cards"].remove(name)
    mine["specials"].append(name)
    return [log(state, f"Don Lothario found nobody to charm and moves in with {player} "
                       "(1 point)")]


def grim_reaper(game: SimsGame, state: SimsState, player: str, name: str, dice: Dice) -> list[str]:
    """2-5 players (reconstructed): the Iconic Sims waiting on the board go to the box with the
    Grim Reaper; with none on the board, your own Sims go, and the Reaper stays (1 point)."""
    mine = seat(state, player)
    mine["cards"].remove(name)
    if state["board"]:
        taken = list(face_up(state))
        state["box"]["sims"] += taken
        state["board"] = []
        state["box"]["cards"].append(name)
        return [log(state, f"the Grim Reaper took {listed(taken)} from the board")]
    gone = list(mine["sims"])
    state["box"]["sims"] += gone
    mine["sims"] = []
    mine["specials"].append(name)
    return [log(state, f"the Grim Reaper found nobody on the board: {player}'s Sims "
                       f"({', '.join(gone) or 'none'}) left, and the Reaper moves in "
                       "(1 point)")]


def mrs_crumplebottom(game: SimsGame, state: SimsState, player: str, name: str, dice: Dice
                      ) -> list[str]:
    """2-5 players (reconstructed): every other player discards one random Action card; then
    this card is discarded."""
    events = []
    for other in ring(state, player):
        theirs = seat(state, other)["cards"]
        if theirs:
            lost = theirs.pop(pick(state, dice, len(theirs)))
            state["discard"].append(lost)
            events.append(log(state, f"Mrs. Crumplebottom made {other} discard {the_card(lost)}"))
    seat(state, player)["cards"].remove(name)
    state["discard"].append(name)
    return events + [log(state, "Mrs. Crumplebottom goes to the discard pile")]


SPECIALS = {"iconic_sims_move": iconic_sims_move, "don_lothario": don_lothario,
            "grim_reaper": grim_reaper, "mrs_crumplebottom": mrs_crumplebottom}


# -- single player: Iconic Sims on the board, the end of the game ------------------------------


def place_sim(state: SimsState, sim: str, dice: Dice) -> str:
    """Single player: a new Iconic Sim goes to a Venue showing their interest, by chance among
    those that do (RULES.md, Assumptions; to the centre if none does). Where they went."""
    interest = sims().get(sim)
    matching = [where for where in board(state) if interest in where["symbols"]]
    if not matching:
        state["centre"].append(sim)
        return "centre"
    chosen = matching[dice.stream(VENUE).die(len(matching)) - 1] if len(matching) > 1 \
        else matching[0]
    spots(state).append({"sim": sim, "venue": chosen["name"]})
    return str(chosen["name"])


def draw_sim(state: SimsState, dice: Dice) -> tuple[str, str] | None:
    """Single player: draw the top Iconic Sim onto the board; (sim, where) or None."""
    state["chance"] = True
    if not state["sims_pile"]:
        return None
    sim = state["sims_pile"].pop(0)
    if sim == HIDDEN:  # a seat's copy of the state: where they go is not known
        state["centre"].append(sim)
        return sim, "centre"
    return sim, place_sim(state, sim, dice)


def replace_sim(state: SimsState, dice: Dice) -> list[str]:
    drawn = draw_sim(state, dice)
    if drawn is None:
        return [log(state, "no Iconic Sim is left to draw")]
    sim, where = drawn
    if sim == HIDDEN:
        return []
    return [log(state, f"{sim} arrived at the {where}" if where != "centre" else
                f"{sim} has no Venue of their interest and waits in the centre")]


def check_solo_end(state: SimsState, player: str) -> list[str]:
    if state["over"] or not solo_won(state, player):
        return []
    state["over"] = True
    state["winners"] = [player]
    state["ended"] = "both goals met"
    return [log(state, f"{player} has completed three Aspirations and has three Sims at "
                       "home: a win!")]


def stuck(state: SimsState, player: str) -> bool:
    """Single player: no Travel and no Go Home is possible (the game is lost)."""
    tracker = seat(state, player)["needs"]
    for where in board(state):
        if tracker[where["need"]] and any(shares(c, where) for c in hub_cards(state)):
            return False
    return not can_go_home(state, player)


def can_go_home(state: SimsState, player: str) -> bool:
    """Single player: an EMPTY Need to raise and a set of three identical SIMbols (the Home
    card's among them) in the collection."""
    if not empty_needs(state, player):
        return False
    counts: dict[str, list[str]] = {}
    for name in seat(state, player)["cards"]:
        for kind in set(card_symbols(name)):
            counts.setdefault(kind, []).append(name)
    return any(set_kind(state, player, group) for group in _sets(counts))


# Event cards that may move into the single player's home as the Card Hub is refilled (each is
# one more Sim there: a party, or the last Sim of the win).
ARRIVING_EVENTS = 2


def lost_for_certain(state: SimsState, player: str) -> bool:
    """Single player, at the end of a turn: the refill before the next turn cannot save the
    game. No Venue on the board asks for a Need that is FULL, so no Card Hub card the refill
    draws can make a Travel possible; the refill takes cards from a collection (Mrs.
    Crumplebottom) and never gives one, so a Go Home impossible now stays so; and the event
    cards that could move in (Don Lothario, the Grim Reaper) could neither throw a party,
    which raises a Need, nor complete the win. `stuck` then ends the game."""
    tracker = seat(state, player)["needs"]
    if any(tracker[where["need"]] for where in board(state)) or can_go_home(state, player):
        return False
    goals = rules()["solo"]
    done, home = solo_goals(state, player)
    reachable = home + ARRIVING_EVENTS
    return reachable < goals["party_at"] and not (
        done >= goals["aspirations"] and reachable >= goals["sims_to_win"])


def _sets(counts: dict[str, list[str]]) -> list[list[str]]:
    """For each SIMbol, the cards showing it, most of that SIMbol first (a set if any)."""
    out = []
    for kind, group in sorted(counts.items()):
        ranked = sorted(group, key=lambda n: -card_symbols(n).count(kind))
        for size in range(1, len(ranked) + 1):
            out.append(ranked[:size])
    return out


# -- single-player event cards: they act as soon as they appear in the Card Hub -------------------


def solo_don(game: SimsGame, state: SimsState, player: str, name: str, dice: Dice) -> list[str]:
    """Roll for each Iconic Sim in play (Venues, the centre, your home): the first Good
    Interaction sends that Sim and Don Lothario to the box; with none, Don moves in."""
    events = [log(state, "Don Lothario appeared in the Card Hub")]
    in_play = [(s["sim"], "board") for s in spots(state)] + \
        [(s, "centre") for s in state["centre"]] + \
        [(s, "home") for s in seat(state, player)["sims"]]
    for sim, where in in_play:
        face = roll(state, dice)
        events.append(log(state, f"Don Lothario rolled {FACE_NAMES[face]} with {sim}"))
        if face == "good":
            if where == "board":
                state["board"] = [s for s in spots(state) if s["sim"] != sim]
            elif where == "centre":
                state["centre"].remove(sim)
            else:
                seat(state, player)["sims"].remove(sim)
            state["box"]["sims"].append(sim)
            state["box"]["cards"].append(name)
            return events + [log(state, f"{sim} went out with Don Lothario (both to the box)")]
    seat(state, player)["specials"].append(name)
    return events + [log(state, "Don Lothario moved in with you")] + party(game, state, player)


def solo_reaper(game: SimsGame, state: SimsState, player: str, name: str, dice: Dice) -> list[str]:
    events = [log(state, "the Grim Reaper appeared in the Card Hub")]
    if state["centre"]:
        gone = list(state["centre"])
        state["box"]["sims"] += gone
        state["centre"] = []
        state["box"]["cards"].append(name)
        return events + [log(state, f"the Grim Reaper took {listed(gone)} from the centre")]
    mine = seat(state, player)
    gone = list(mine["sims"])
    state["box"]["sims"] += gone
    mine["sims"] = []
    mine["specials"].append(name)
    left = f", and {listed(gone)} left" if gone else ""
    return events + [log(state, f"the centre was empty, so the Grim Reaper moved in with "
                                f"{player}{left}")] + \
        party(game, state, player)


def solo_crumplebottom(game: SimsGame, state: SimsState, player: str, name: str, dice: Dice
                       ) -> list[str]:
    events = [log(state, "Watch Out! It's Mrs. Crumplebottom!")]
    mine = seat(state, player)["cards"]
    for _ in range(2):
        if mine:
            lost = mine.pop(pick(state, dice, len(mine)))
            state["discard"].append(lost)
            events.append(log(state, f"you discarded {the_card(lost)} at random"))
    state["discard"].append(name)
    return events


SOLO_EVENTS = {"don_lothario": solo_don, "grim_reaper": solo_reaper,
               "mrs_crumplebottom": solo_crumplebottom}

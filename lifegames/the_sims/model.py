"""What The Sims Board Game's state means: the readings the checks, the actions, the warnings,
the views and the bots all need (whose seat, which Venues are on the board, who stands where,
which Needs are FULL, whether cards make a set), and the rulebook's "Object of the Game and
Scoring": what a collection shows (the Home card's SIMbol included), Aspirations met, points,
and the single player's two goals. Pure readings: nothing here changes a state."""

from __future__ import annotations

import re
from collections import Counter
from typing import Final, TypeGuard

from .data import Side, Venue, aspirations, card, cards, homes, layout, needs, rules, sims
from .state import HIDDEN, Seat, SimsState, Spot

# Turn steps. 2-5 players: start -> (travel) swap? -> interact? -> end; start -> (go home)
# keep -> end. 1 player: start -> (travel) invite | swap ? -> interact? -> score? -> end.
START: Final = "start"
KEEP: Final = "keep"
SWAP: Final = "swap"
INVITE: Final = "invite"
INTERACT: Final = "interact"
SCORE: Final = "score"
STEPS = {
    START: "Go Home or Travel",
    KEEP: "keep one of two Aspirations",
    SWAP: "swap an Action card",
    INVITE: "choose an Iconic Sim to invite home",
    INTERACT: "interact",
    SCORE: "complete an Aspiration, or end the turn",
}
# What a file that stops at each step leaves undone (E-TURN-INCOMPLETE).
UNFINISHED = {
    START: "your turn needs Go Home or Travel",
    KEEP: "keep one of your two Aspirations",
    SWAP: "the SWAP CARDS card waits for swap(...)",
    INVITE: "the ICONIC SIMS MOVE! card waits for invite(...)",
    INTERACT: "interact(...) finishes your turn",
    SCORE: "complete(...) an Aspiration, or end_turn",
}
HOME = "home"


def seat(state: SimsState, player: str) -> Seat:
    return state["seats"][player]


def solo(state: SimsState) -> bool:
    return len(state["players"]) == 1


def moved_in(state: SimsState, player: str) -> bool:
    return seat(state, player)["home"] is not None


def ring(state: SimsState, player: str) -> list[str]:
    """The other players, from the one on the left round the table."""
    order: list[str] = state["players"]
    start = order.index(player)
    return order[start + 1:] + order[:start]


# -- the board --------------------------------------------------------------------------------


def board(state: SimsState) -> list[Venue]:
    """The six Venues on the board now, in board order."""
    return layout(state["sides"])


def venue(state: SimsState, name: str) -> Venue | None:
    return next((v for v in board(state) if v["name"] == name), None)


def _at_venues(board: list[str] | list[Spot]) -> TypeGuard[list[Spot]]:
    return not board or isinstance(board[0], dict)


def _face_up(board: list[str] | list[Spot]) -> TypeGuard[list[str]]:
    return not board or isinstance(board[0], str)


def spots(state: SimsState) -> list[Spot]:
    """Single player: the board itself, the Iconic Sims waiting at Venues in the order they
    arrived (changing the list changes the state). The declaration lets the board hold names
    or Spots; the number of players says which, so a board of names here is a broken state."""
    board = state["board"]
    if not _at_venues(board):
        raise TypeError("a single player's board holds Iconic Sims at Venues, not names")
    return board


def face_up(state: SimsState) -> list[str]:
    """2-5 players: the board itself, the names of the Iconic Sims face up on it (changing
    the list changes the state)."""
    board = state["board"]
    if not _face_up(board):
        raise TypeError("the board of 2-5 players holds the names of Iconic Sims, not Spots")
    return board


def hub_cards(state: SimsState) -> list[str]:
    return [c for c in state["hub"] if c]


def others_at(state: SimsState, player: str) -> list[str]:
    """The other players standing at this player's Venue, in seat order from the left."""
    where = seat(state, player)["at"]
    if where == HOME:
        return []
    return [p for p in ring(state, player) if seat(state, p)["at"] == where]


def sims_at(state: SimsState, where: str) -> list[str]:
    """Single player: the Iconic Sims waiting at a Venue, in the order they arrived."""
    return [s["sim"] for s in spots(state) if s["venue"] == where]


def empty_needs(state: SimsState, player: str) -> list[str]:
    tracker = seat(state, player)["needs"]
    return [n for n in needs() if not tracker[n]]


def full_needs(state: SimsState, player: str) -> list[str]:
    tracker = seat(state, player)["needs"]
    return [n for n in needs() if tracker[n]]


def card_symbols(name: str) -> list[str]:
    """A card's SIMbols (none for a card this seat cannot see)."""
    return [] if name == HIDDEN or name not in cards() else list(card(name)["symbols"])


def shares(name: str, where: Side) -> bool:
    return bool(set(card_symbols(name)) & set(where["symbols"]))


# -- what a collection shows and is worth -----------------------------------------------------


def shown(state: SimsState, player: str) -> Counter[str]:
    """Every SIMbol the player's collection shows: their Action cards and their Home card."""
    mine = seat(state, player)
    counts: Counter[str] = Counter()
    for name in mine["cards"]:
        counts.update(card_symbols(name))
    if mine["home"] and mine["home"] in homes():
        counts[homes()[mine["home"]]] += 1
    return counts


def matching(counts: Counter[str], aspiration: str) -> int:
    """How many shown SIMbols are of the Aspiration's two kinds."""
    if aspiration not in aspirations():
        return 0
    return sum(counts[kind] for kind in aspirations()[aspiration])


def needed() -> int:
    return int(rules()["aspiration_symbols"])


def left_for(state: SimsState, player: str, aspiration: str | None) -> int:
    """SIMbols still missing for an Aspiration (0: it is met)."""
    if not aspiration:
        return needed()
    return max(0, needed() - matching(shown(state, player), aspiration))


def met(state: SimsState, player: str, aspiration: str | None) -> bool:
    return bool(aspiration) and left_for(state, player, aspiration) == 0


def shows_interest(state: SimsState, player: str, sim: str) -> bool:
    """True if the player's Action cards or Home card show this Iconic Sim's interest."""
    return sims().get(sim, "") in shown(state, player)


def friends(state: SimsState, player: str) -> int:
    """Iconic Sims at home, with Don Lothario and the Grim Reaper when they moved in."""
    mine = seat(state, player)
    return len(mine["sims"]) + len(mine["specials"])


def points(state: SimsState, player: str) -> int:
    """3 per completed Aspiration and 1 per Iconic Sim at home (2-5 players)."""
    table = rules()["points"]
    return int(table["aspiration"] * len(seat(state, player)["completed"])
               + table["iconic_sim"] * friends(state, player))


def solo_goals(state: SimsState, player: str) -> tuple[int, int]:
    """(Aspirations completed, Sims at home) for the single-player goals."""
    return len(seat(state, player)["completed"]), friends(state, player)


def solo_won(state: SimsState, player: str) -> bool:
    done, friends_ = solo_goals(state, player)
    goals = rules()["solo"]
    return bool(done >= goals["aspirations"] and friends_ >= goals["sims_to_win"])


# -- single player: sets, Aspirations to complete, Sims to invite ---------------------------


def set_size() -> int:
    return int(rules()["solo"]["set_size"])


def set_kind(state: SimsState, player: str, used: list[str]) -> str | None:
    """Single player: the SIMbol of which `used` (with the Home card) makes a set of three
    identical SIMbols, every card needed; None if there is no such SIMbol."""
    size = set_size()
    home = homes().get(seat(state, player)["home"] or "", "")
    for kind in sorted({s for name in used for s in card_symbols(name)}):
        counts = [card_symbols(n).count(kind) for n in used]
        total = sum(counts) + (home == kind)
        if used and all(counts) and total >= size and all(total - c < size for c in counts):
            return kind
    return None


def completes(state: SimsState, player: str, aspiration: str, used: list[str]) -> bool:
    """Single player: do `used` (and the Home card) show three SIMbols of the Aspiration's
    kinds, with every card needed?"""
    kinds = aspirations()[aspiration]
    home = homes().get(seat(state, player)["home"] or "", "")
    counts = [sum(card_symbols(n).count(k) for k in kinds) for n in used]
    total = sum(counts) + (home in kinds)
    return total >= needed() and all(total - c < needed() for c in counts)


def completable(state: SimsState, player: str) -> list[str]:
    """Single player: the Aspirations still open that the collection could complete now."""
    mine = seat(state, player)
    return [a for a in mine["aspirations"] if a not in mine["completed"] and met(state, player, a)]


def invite_options(state: SimsState, player: str) -> list[str]:
    """Single player, ICONIC SIMS MOVE!: the Sims on the board (Venues, then the centre) whose
    interest the collection shows."""
    counts = shown(state, player)
    on_board = [s["sim"] for s in spots(state)] + list(state["centre"])
    return [s for s in on_board if s in sims() and sims()[s] in counts]


# -- what a sheet asks --------------------------------------------------------------------------


def aspiration_label(name: str | None) -> str:
    if not name:
        return "-"
    if name not in aspirations():
        return "(hidden)"
    return f"{name} ({' + '.join(aspirations()[name])})"


def prompt_text(state: SimsState, player: str) -> str | None:
    """What the sheet asks of the player when a choice is open (None: a plain turn start)."""
    if state["over"]:
        return None
    mine = seat(state, player)
    if not moved_in(state, player):
        return (f"{player}: move in. Choose your Home card"
                f"{' and one of your two Aspirations' if not solo(state) else ''}.")
    turn = state["turn"]
    if turn["player"] != player or turn["step"] == START or state["refill"]:
        return None
    if turn["step"] == KEEP:
        return (f"{player}: you drew {aspiration_label(mine['drawn'])}; keep it or "
                f"{aspiration_label(mine['aspiration'])}.")
    return {
        SWAP: f"{player}: SWAP CARDS: give one of your Action cards for one "
              f"{'in the discard pile' if solo(state) else 'of another player'}.",
        INVITE: f"{player}: ICONIC SIMS MOVE!: choose an Iconic Sim to invite home.",
        INTERACT: f"{player}: interact at the {mine['at']}.",
        SCORE: f"{player}: complete an Aspiration (name it and the cards used), or "
               "end_turn.",
    }[turn["step"]]


# -- the events a sheet lists -------------------------------------------------------------------

# Action cards named after a person: a sentence names them without "the".
PEOPLE = frozenset({"Don Lothario", "Mrs. Crumplebottom"})


def the_card(name: str) -> str:
    """`the Easel`, `Mrs. Crumplebottom`: an Action card as a sentence names it."""
    return name if name in PEOPLE else f"the {name}"



NOTE = re.compile(r"tick (\d+)(?:#(\d+))?: (.*)", re.S)


def events_in_order(recent: list[str], notes: list[str]) -> list[tuple[str, bool]]:
    """The public events and one player's notes as one list in the order they happened:
    (`tick N: text`, whether it is a note). A note goes after the public events its tick had
    logged before it (effects.note keeps that place; a note without it goes at its tick's
    end). Where the oldest tick shown has lost events off the front of `recent`, its notes
    may come a little late within that tick; never out of tick order."""
    placed: list[tuple[int, int, int, str, bool]] = []
    index: dict[int, int] = {}
    for entry in recent:
        found = NOTE.fullmatch(entry)
        tick = int(found.group(1)) if found else 0  # "setup: ..." comes first
        place = index.get(tick, 0)
        index[tick] = place + 1
        placed.append((tick, place, 1, entry, False))
    for entry in notes:
        found = NOTE.fullmatch(entry)
        if found is None:
            continue
        tick = int(found.group(1))
        after = int(found.group(2)) if found.group(2) is not None else 1 << 30
        placed.append((tick, after, 0, f"tick {tick}: {found.group(3)}", True))
    placed.sort(key=lambda p: p[:3])  # stable: each list keeps its own order
    return [(text, mine) for *_, text, mine in placed]

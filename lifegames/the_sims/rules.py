"""The Sims Board Game (Goliath Games 2025), for 2-5 players and by the single-player manual.

The game object and its command table: each command's check is in checks.py and its apply in
actions.py, under the command's own name (`raise_` for raise), and its row here says what else
the engine must know of it (engine/core/commands.py). The state is declared in state.py; where each
section of the rulebook lives is in RULES.md ("Where the rules live").

One player takes a turn at a time: Go Home or Travel, then the end of the turn. A turn that
needs no decision after a die or a hidden draw fits in one order file; a choice that depends on
such an outcome (which Aspiration to keep after Go Home) waits on the sheet for the next file.
The random barrier: an interaction always rolls (`chance`); Go Home (2-5 players), a Travel
whose card rolls or takes at random, and an invitation from a Venue roll or draw on some states
only, which `blind` asks of the state (checks.py; the engine's `chance` reads the order alone).
Choices a die forces on a player who is not deciding now (which Need to raise or lower) come
from their standing raise(...)/lower(...) orders, or the documented default, so nobody waits a
tick for them. The Card Hub and the Iconic Sims are refilled at the end of the tick in which a
turn ended.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Collection, Iterable, Mapping

from ..engine.base.jsondata import JsonObject
from ..engine.core.commands import Commands, row_maker
from ..engine.core.contract import (
    Game,
    Order,
    OrderError,
    Prompt,
    Result,
    SetupError,
    clone,
)
from ..engine.core.dice import Dice
from ..engine.core.orders import parse_text
from . import actions, advice, checks, legal
from .codes import E
from .data import (
    SIDES,
    VENUE_CARDS,
    all_venue_names,
    aspirations,
    check_all,
    check_sides,
    deck,
    default_sides,
    find,
    homes,
    names,
    needs,
    rules,
    sims,
)
from .effects import stuck_cause
from .model import (
    HOME,
    KEEP,
    START,
    UNFINISHED,
    full_needs,
    moved_in,
    points,
    prompt_text,
    seat,
    solo,
    solo_goals,
)
from .state import HIDDEN, Seat, SimsState

row = row_maker(validate=checks.validate)  # every command's names are checked the same way


COMMANDS = Commands({
    "move_in": row(checks.move_in, actions.move_in),
    "travel": row(checks.travel, actions.travel, blind=checks.travel_rolls, warn=advice.travel),
    "go_home": row(checks.go_home, actions.go_home, blind=checks.go_home_draws,
                    warn=advice.ends_turn),
    "keep": row(checks.keep, actions.keep),
    "swap": row(checks.swap, actions.swap, warn=advice.ends_turn),
    "interact": row(checks.interact, actions.interact, chance=True),
    "invite": row(checks.invite, actions.invite, blind=checks.invite_draws,
                   warn=advice.ends_turn),
    "complete": row(checks.complete, actions.complete, warn=advice.ends_turn),
    "end_turn": row(checks.end_turn, actions.end_turn, warn=advice.end_turn),
    "raise": row(checks.raise_, actions.raise_, standing=True),
    "lower": row(checks.lower, actions.lower, standing=True),
    "skip_newcomers": row(checks.skip_newcomers, actions.skip_newcomers, standing=True),
})

SHUFFLES = ("actions", "sims", "aspirations", "homes")


class TheSims(Game[SimsState]):
    id = "the-sims"
    title = "The Sims Board Game"
    package = "the_sims"
    min_players = 1
    max_players = 5
    default_players = ("Ana", "Ben", "Cleo")
    declaration = SimsState
    commands = COMMANDS
    missing_orders_policy = (
        "The player whose turn it is is awaited (and, at the start, everyone still to move "
        "in). Their file must finish the turn or stop at an order whose outcome is chance or "
        "hidden; an empty file is refused (E-TURN-INCOMPLETE), so the tick waits for them.")
    absent_policy = (
        "An absent player moves in with the first Home and Aspiration offered; on their turn "
        "they Go Home (2-5 players: raising Needs by their standing orders, keeping their "
        "Aspiration) or take the first legal order listed on their sheet; a pending choice "
        "takes its first listed answer.")

    # -- setup ------------------------------------------------------------------------------
    def parse_options(self, words: list[str], ticks: int | None) -> JsonObject:
        if ticks is not None:
            raise SetupError("The Sims Board Game ends when someone reaches the points (or, "
                             "alone, meets or fails the goals): drop --ticks")
        options: JsonObject = {"target": rules()["points"]["target"],
                              "sides": default_sides(), "aspirations": []}
        pending: str | None = None
        for raw in words:
            word = raw.strip().lstrip("-")
            if pending is not None:
                word, pending = f"{pending}={word}", None
            if word.lower() in ("points", "sides", "aspirations"):
                pending = word.lower()
                continue
            match = re.fullmatch(r"(points|sides|aspirations)[=:](.+)", word, re.IGNORECASE)
            if word.lower() == "long":
                options["target"] = rules()["points"]["long_target"]
            elif match and match.group(1).lower() == "points":
                value = match.group(2).strip()
                if not re.fullmatch(r"\d{1,2}", value) or not 1 <= int(value) <= 30:
                    raise SetupError(f"points={value}: expected a number from 1 to 30")
                options["target"] = int(value)
            elif match and match.group(1).lower() == "sides":
                try:
                    options["sides"] = check_sides(match.group(2), "sides")
                except ValueError as error:
                    raise SetupError(str(error)) from None
            elif match:
                options["aspirations"] = _aspiration_choice(match.group(2))
            else:
                raise SetupError(f"unknown setup word {raw!r}: use long (play to 10 points), "
                                 "--points N, sides=AABBAB (Venue sides, card by card) or, "
                                 "alone, aspirations=NAME,NAME,NAME (numbers 1-27 work too)")
        if pending is not None:
            raise SetupError(f"{pending} needs a value, e.g. {pending}=...")
        return options

    def setup(self, players: list[str], options: JsonObject, dice: Dice) -> SimsState:
        check_all()
        low, high = rules()["players"]["min"], rules()["players"]["max"]
        if not low <= len(players) <= high:
            raise SetupError(f"The Sims Board Game takes {low}-{high} players, not "
                             f"{len(players)}")
        chosen = list(options.get("aspirations") or [])
        if chosen and len(players) != 1:
            raise SetupError("aspirations=... is for the single-player game (one name in "
                             "--players)")
        piles = {"actions": deck(), "sims": list(sims()), "aspirations": list(aspirations()),
                 "homes": list(homes())}
        for name in SHUFFLES:
            dice.stream(name).shuffle(piles[name])
        size = rules()["hub"]["rows"] * rules()["hub"]["columns"]
        state: SimsState = {
            "players": list(players),
            "target": int(options.get("target", rules()["points"]["target"])),
            "sides": str(options.get("sides") or default_sides()),
            "pile": piles["actions"], "hub": [None] * size, "discard": [], "scored": [],
            "box": {"cards": [], "sims": []},
            "sims_pile": piles["sims"], "board": [], "centre": [],
            "asp_pile": piles["aspirations"], "asp_discard": [], "asp_box": [],
            "home_pile": piles["homes"],
            "seats": {p: _new_seat() for p in players},
            "turn": actions.new_turn(players[0], 1),
            "owed": [], "refill": True, "chance": False, "tick_turn": 1, "turns": 0,
            "over": False, "winners": [], "ended": "",
            "log": [], "recent": [], "tick": 0,
        }
        if len(players) == 1:
            _solo_setup(state, players[0], chosen)
        else:
            draw = rules()["move_in"]
            for player in players:
                mine = seat(state, player)
                mine["offers"] = {"homes": _deal(state["home_pile"], draw["homes"]),
                                  "aspirations": _deal(state["asp_pile"], draw["aspirations"])}
        actions.refill(self, state, dice, setup=True)
        state["log"] = []
        state["recent"] = [r.replace("tick 1: ", "setup: ", 1) for r in state["recent"]]
        return state

    def vocabulary(self) -> Mapping[str, Collection[str]]:
        return _vocabulary()

    # -- a tick -----------------------------------------------------------------------------
    def awaiting(self, state: SimsState) -> list[str]:
        if state["over"]:
            return []
        active = state["turn"]["player"]
        return [active] + [p for p in state["players"]
                           if p != active and not moved_in(state, p)]

    def begin_tick(self, state: SimsState) -> None:
        state["log"] = []
        state["chance"] = False
        state["tick_turn"] = state["turn"]["number"]

    def end_orders(self, state: SimsState, player: str) -> None:
        if state["over"]:
            return
        if not moved_in(state, player):
            raise OrderError(E.MOVE_IN, "your first order file must move you in",
                             "legal now: " + ", ".join(self._listed(state, player)[:4]))
        turn = state["turn"]
        if turn["player"] != player or turn["number"] != state.get("tick_turn") or \
                state["chance"] or state["refill"]:
            return
        raise OrderError(E.TURN_INCOMPLETE, f"the file stops before your turn is done: "
                         f"{UNFINISHED[turn['step']]}",
                         "legal now: " + ", ".join(self._listed(state, player)[:6]))

    def end_tick(self, state: SimsState, dice: Dice) -> list[str]:
        if state["refill"] and not state["over"]:
            return actions.refill(self, state, dice)
        return []

    def prompt(self, state: SimsState, player: str) -> Prompt | None:
        if state["over"] or player not in self.awaiting(state):
            return None
        text = prompt_text(state, player)
        if text is None:
            return None
        return Prompt(player, text, tuple(self.legal_orders(state, player)))

    def candidates(self, state: SimsState, player: str) -> Iterable[Order]:
        return legal.candidates(state, player)

    def _listed(self, state: SimsState, player: str) -> list[str]:
        return list(self.legal_orders(state, player))

    # -- seats, plans, standing orders, absence -------------------------------------------
    def spell(self, order: Order) -> Order:
        return checks.spelled(order)

    def figures(self, state: SimsState, player: str) -> dict[str, int]:
        """What a player's sheet leads with, for the engine's history of a game."""
        done, friends_ = solo_goals(state, player)
        # Alone, the game is scored by Aspirations and Sims, and the figure is the result's
        # own score (so the chart and the Result block show one number); with others, points.
        lead = {"score": self.result(state).scores[player]} if solo(state) else \
            {"points": points(state, player)}
        return {**lead, "Aspirations": done, "Sims": friends_,
                "FULL Needs": len(full_needs(state, player)),
                "Action cards": len(seat(state, player)["cards"])}

    def public_figures(self) -> tuple[str, ...]:
        """Points, Sims at home and FULL Needs are on the table; Aspirations and cards are not."""
        return ("points", "Sims", "FULL Needs")

    def absent_orders(self, state: SimsState, player: str) -> list[str]:
        if state["over"] or player not in self.awaiting(state):
            return []
        listed = self._listed(state, player)
        if not listed:
            return []
        if not moved_in(state, player):
            # Moving in opens the first turn, which still needs its main action: play it on a
            # copy, and go on from there.
            trial = clone(state)
            (order,) = parse_text(self.grammar_name(), listed[0], "absent").orders
            self.act(trial, player, order, Dice(-1, int(state["tick"]) + 1))
            return listed[:1] + self.absent_orders(trial, player)
        turn, mine = state["turn"], seat(state, player)
        if turn["step"] == START and not solo(state):
            lines = ["go_home()"]
            if mine["aspiration"] and mine["aspiration"] != HIDDEN:
                lines.append(f'keep("{mine["aspiration"]}")')
            return lines
        if turn["step"] == KEEP and mine["aspiration"]:
            return [f'keep("{mine["aspiration"]}")']
        homeward = [o for o in listed if o.startswith("go_home")]
        return (homeward or listed)[:1]

    def turns(self, state: SimsState) -> int:
        return state["turns"]

    # -- the end ------------------------------------------------------------------------------
    def is_over(self, state: SimsState) -> bool:
        return state["over"]

    def result(self, state: SimsState) -> Result:
        players = state["players"]
        if solo(state):
            player = players[0]
            done, friends_ = solo_goals(state, player)
            goals = rules()["solo"]
            score = min(done, goals["aspirations"]) + min(friends_, goals["sims_to_win"])
            if not state["over"]:
                head = "the game is not over yet"
            elif state["winners"]:
                head = f"{player} wins"
            else:
                head = f"{player} loses ({stuck_cause(state, player)})"
            return Result(f"{head}: {done} of {goals['aspirations']} Aspirations, {friends_} "
                          f"of {goals['sims_to_win']} Sims at home", {player: score},
                          list(state["winners"]))
        scores = {p: points(state, p) for p in players}
        winners = list(state["winners"])
        if state["over"] and not winners:
            best = max(scores.values())
            winners = [p for p in players if scores[p] == best]
        parts = ", ".join(f"{p} {scores[p]}" for p in players)
        if not state["over"]:
            head = "the game is not over yet"
        elif state["winners"]:
            head = f"{winners[0]} wins, ending a turn with {scores[winners[0]]} points"
        else:
            head = f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''} on points " \
                   f"({state['ended']})"
        return Result(f"{head}; {'final points' if state['over'] else 'points'}: {parts}",
                      scores, winners)


def _new_seat() -> Seat:
    return {"home": None, "offers": {"homes": [], "aspirations": []}, "aspiration": None,
            "drawn": None, "aspirations": [], "completed": [],
            "needs": {n: True for n in needs()}, "at": HOME, "cards": [], "sims": [],
            "specials": [], "notes": []}


def _deal(pile: list[str], count: int) -> list[str]:
    dealt = pile[:count]
    del pile[:count]
    return dealt


def _aspiration_choice(text: str) -> list[str]:
    listed = list(aspirations())
    out = []
    for part in text.split(","):
        part = part.strip()
        name = listed[int(part) - 1] if part.isdigit() and 1 <= int(part) <= len(listed) \
            else find("aspiration", part)
        if name is None:
            raise SetupError(f"aspirations=...: no Aspiration {part!r} (names, or numbers 1-"
                             f"{len(listed)} in the order of `play.py orders the-sims`)")
        if name in out:
            raise SetupError(f"aspirations=...: {name} is named twice")
        out.append(name)
    wanted = rules()["solo"]["aspirations"]
    if len(out) != wanted:
        raise SetupError(f"aspirations=...: name exactly {wanted} Aspirations")
    return out


def _solo_setup(state: SimsState, player: str, chosen: list[str]) -> None:
    """Single player: the Home card is chosen in the first order file (any of the 18); three
    Aspirations are dealt face up (or were chosen), the rest go back to the box."""
    mine = seat(state, player)
    mine["offers"]["homes"] = list(homes())
    state["home_pile"] = []
    wanted = rules()["solo"]["aspirations"]
    if chosen:
        mine["aspirations"] = list(chosen)
        state["asp_pile"] = [a for a in state["asp_pile"] if a not in chosen]
    else:
        mine["aspirations"] = _deal(state["asp_pile"], wanted)
    state["asp_box"], state["asp_pile"] = state["asp_pile"], []


_VOCABULARY: dict[str, frozenset[str]] = {}


def _vocabulary() -> dict[str, frozenset[str]]:
    """The names state.py's bounds refer to, from the rule data (made once)."""
    if not _VOCABULARY:
        venues = frozenset(all_venue_names())
        _VOCABULARY.update({
            "card": frozenset(names("card")), "sim": frozenset(sims()),
            "aspiration": frozenset(aspirations()), "home": frozenset(homes()),
            "venue": venues, "place": venues | {HOME}, "need": frozenset(needs()),
            "sides": frozenset("".join(p) for p in itertools.product(SIDES, repeat=VENUE_CARDS)),
        })
    return _VOCABULARY

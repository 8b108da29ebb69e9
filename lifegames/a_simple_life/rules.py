"""A Simple Life (Clint Ghosn, v1.3.3): a roll-and-write of ten days on a farm, for 1 or 2.

The game object and its command table: each command's check is in checks.py and its apply in
actions.py, under the command's own name (`pass_` for `pass`, a Python word), and its row here
says what else the engine must know of it (engine/core/commands.py): whether its outcome is chance
(the Lake, the Mines, a fight, a carrot reroll; a dig or an accept when a standing order then
fights a monster), whether it is a standing order only (on_miss, on_mine: defaults for the
player's own prompts), its state-free checks and its warnings (advice.py). The state is
declared in state.py; the numbers are rule data (games/a_simple_life/*.yaml, data.py).

A tick is one order file per awaited player, which may be a plan covering the whole day: after a
roll the rest of the file still runs, reading what came up through facts (`if prompt ==
"lake"`, `dig($best_col, $best_row)`); `check` runs a file up to its first roll only. A choice
the file leaves open waits on the sheet as a prompt for the next file, unless a standing order
answers it.
"""

from __future__ import annotations

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
)
from ..engine.core.dice import Dice
from . import actions, advice, checks, legal
from .actions import maybe_end_day, new_sheet, settle, start_day, update_goals
from .advice import prompt_text
from .checks import answer_list, prompt_title
from .codes import E
from .data import KINDS, goal_ids, goal_text, rules, sheet
from .model import covers, me, result_line, score, show_dice, stock, won
from .state import MAX_DAYS, SimpleLifeState

row = row_maker(validate=checks.validate)  # every command has the same state-free checks


COMMANDS = Commands({
    "farm": row(checks.farm, actions.farm),
    "lake": row(checks.lake, actions.lake, chance=True, warn=advice.lake),
    "mine": row(checks.mine, actions.mine, chance=True, warn=advice.mine),
    # A standing on_miss(fight, ...) fights the monsters a dig finds, or the next one an
    # accept leaves, inside the order: chance that depends on the state (checks.fights_after).
    "dig": row(checks.dig, actions.dig, blind=checks.fights_after, warn=advice.dig),
    "fight": row(checks.fight, actions.fight, chance=True),
    "accept": row(checks.accept, actions.accept, blind=checks.fights_after),
    "town": row(checks.town, actions.town, warn=advice.town),
    "give": row(checks.give, actions.give),
    "buy": row(checks.buy, actions.buy),
    "sell": row(checks.sell, actions.sell),
    "upgrade": row(checks.upgrade, actions.upgrade),
    "reroll": row(checks.reroll, actions.reroll, chance=True),
    "pass": row(checks.pass_, actions.pass_),
    "on_miss": row(checks.on_miss, actions.on_miss, standing=True),
    "on_mine": row(checks.on_mine, actions.on_mine, standing=True),
})

# An absent player's day: every open prompt answered by the plain default, then a pass.
ABSENT = (
    'while prompt != "none"',
    'if prompt == "mine": dig($best_col, $best_row)',
    'if prompt == "fight": fight',
    'if prompt == "lake" or prompt == "fight_miss": accept',
    "endwhile",
    "pass",
)


class ASimpleLife(Game[SimpleLifeState]):
    id = "a-simple-life"
    title = "A Simple Life"
    package = "a_simple_life"
    min_players = 1
    max_players = 2
    default_players = ("Ana",)
    declaration = SimpleLifeState
    commands = COMMANDS
    missing_orders_policy = (
        "Every player whose day is not over is awaited. An empty file means no actions; "
        "a prompt on the sheet then waits for the next file (solo, the file must answer it). "
        "With two players, one player's empty file never holds up the other's.")
    absent_policy = (
        "An absent player's open prompt is answered (a missed roll accepted, the Mines dice "
        "placed on $best_col, $best_row, every monster fought), then their day is passed.")

    # -- setup ------------------------------------------------------------------------------
    def parse_options(self, words: list[str], ticks: int | None) -> JsonObject:
        if ticks is not None:
            raise SetupError("A Simple Life counts days, not ticks: use the setup word "
                             "days=N instead of --ticks")
        options: JsonObject = {"goals": 1, "chosen": [], "sandbox": False,
                              "days": rules()["days"]}
        given_goals = False
        pending_key: str | None = None
        for raw in words:
            word = raw.strip().lower().lstrip("-")
            if pending_key is not None:
                word, pending_key = f"{pending_key}={word}", None
            if word in ("goals", "goal", "days"):
                pending_key = word
                continue
            match = re.fullmatch(r"(goals|goal|days)[=:](.+)", word)
            if word == "sandbox":
                options["sandbox"] = True
            elif match and match.group(1) == "goals":
                options["goals"] = _number(match.group(2), 1, 6, "goals=N")
                given_goals = True
            elif match and match.group(1) == "goal":
                faces = [_number(f, 1, 6, "goal=F") for f in match.group(2).split(",")]
                if len(set(faces)) != len(faces):
                    raise SetupError("goal=...: name each goal once")
                options["chosen"] = faces
                given_goals = True
            elif match and match.group(1) == "days":
                options["days"] = _number(match.group(2), 1, MAX_DAYS, "days=N")
            else:
                raise SetupError(f"unknown setup word {raw!r}: use goals=N (1-6 goals rolled at "
                                 "setup), goal=F[,F] (goals picked by their die face), "
                                 "sandbox, or days=N")
        if pending_key is not None:
            raise SetupError(f"{pending_key} needs a value, e.g. {pending_key}=2")
        if options["sandbox"] and given_goals:
            raise SetupError("a sandbox game has no goals: drop goals=/goal= or sandbox")
        if options["chosen"]:
            options["goals"] = len(options["chosen"])
        return options

    def setup(self, players: list[str], options: JsonObject, dice: Dice) -> SimpleLifeState:
        faces: list[int] = []
        if not options.get("sandbox"):
            faces = list(options.get("chosen") or [])
            stream = dice.stream("goals")
            while len(faces) < options.get("goals", 1):
                face = stream.d6()  # a repeated goal is rolled again
                if face not in faces:
                    faces.append(face)
        goals = [sheet()["goals"][f]["id"] for f in faces]
        state: SimpleLifeState = {
            "players": list(players),
            "goals": goals,
            "sandbox": bool(options.get("sandbox")),
            "days": int(options["days"] if "days" in options else rules()["days"]),
            "day": 0,
            "over": False,
            "last_roll": [],
            "sheets": {p: new_sheet() for p in players},
            "tick": 0,
        }
        start_day(state, dice)
        for player in players:
            s = me(state, player)
            s["log"] = [f"goals rolled: {', '.join(goal_text(g) for g in goals)}"
                        if goals else "a sandbox game: no goals to meet, all six are tracked"]
            s["log"].append(f"day 1 begins: you rolled {show_dice(s['available'])}")
        return state

    def vocabulary(self) -> Mapping[str, Collection[str]]:
        return _vocabulary()

    # -- a tick -----------------------------------------------------------------------------
    def awaiting(self, state: SimpleLifeState) -> list[str]:
        if state["over"]:
            return []
        return [p for p in state["players"] if not me(state, p)["day_over"]]

    def spell(self, order: Order) -> Order:
        return checks.spelled(order)

    def candidates(self, state: SimpleLifeState, player: str) -> Iterable[Order]:
        return legal.candidates(state, player)

    def absent_orders(self, state: SimpleLifeState, player: str) -> list[str]:
        return list(ABSENT)

    def turns(self, state: SimpleLifeState) -> int:
        """Days played to their end."""
        return int(state["day"]) if state["over"] else int(state["day"]) - 1

    def begin_tick(self, state: SimpleLifeState) -> None:
        for player in state["players"]:
            me(state, player)["log"] = []

    def end_orders(self, state: SimpleLifeState, player: str) -> None:
        """Solo, a file must answer a prompt left from an earlier tick (an empty file would
        only waste a tick); with two players an empty file is no actions, so one player's open
        prompt never holds up the other's file. A standing order that answers the prompt at
        the end of the tick will do."""
        s = me(state, player)
        pending = s["pending"]
        if len(state["players"]) > 1 or covers(state, player, s):
            return
        if pending is not None and pending["made"] < state["tick"]:
            raise OrderError(E.ANSWER_PROMPT, f"your sheet asks: {prompt_title(pending)}; "
                             "this file must answer it", f"add one of: {answer_list(s)}")

    def end_tick(self, state: SimpleLifeState, dice: Dice) -> list[str]:
        events = []
        for player in state["players"]:
            s = me(state, player)
            settled = settle(state, player, dice)
            if settled:
                settled += update_goals(state, s) + maybe_end_day(state, s)
                s["log"].extend(settled)
                events += [f"{player}: {e}" for e in settled]
        return events + self._next_day(state, dice)

    def _next_day(self, state: SimpleLifeState, dice: Dice) -> list[str]:
        if state["over"] or any(not me(state, p)["day_over"] for p in state["players"]):
            return []
        if state["day"] >= state["days"]:
            state["over"] = True
            events = []
            for player in state["players"]:
                s = me(state, player)
                line = result_line(state, player)
                s["log"].append(f"the game is over: {line}")
                events.append(f"{player}: {line}")
            return events
        return start_day(state, dice)

    def prompt(self, state: SimpleLifeState, player: str) -> Prompt | None:
        if me(state, player)["pending"] is None:
            return None
        return Prompt(player, prompt_text(state, player),
                      tuple(self.legal_orders(state, player)))

    # -- the end ------------------------------------------------------------------------------
    def figures(self, state: SimpleLifeState, player: str) -> dict[str, int]:
        """What the sheet leads with, for `history`."""
        s = me(state, player)
        return {"score": score(s), "goals met": len(s["done"]), "carrots": stock(s, "carrot"),
                "coins": stock(s, "coin")}

    def public_figures(self) -> tuple[str, ...]:
        """Both sheets of a game for two lie open: every figure of each."""
        return ("score", "goals met", "carrots", "coins")

    def is_over(self, state: SimpleLifeState) -> bool:
        return bool(state["over"])

    def result(self, state: SimpleLifeState) -> Result:
        scores = {p: score(me(state, p)) for p in state["players"]}
        eligible = [p for p in state["players"] if state["sandbox"] or won(state, p)]
        winners: list[str] = []
        if eligible:
            best = max(scores[p] for p in eligible)
            winners = [p for p in eligible if scores[p] == best]
        lines = "; ".join(f"{p}: {result_line(state, p)}" for p in state["players"])
        if len(state["players"]) > 1:
            lines += "; winner: " + (" and ".join(winners) if winners else "nobody")
        return Result(lines, scores, winners)


def _number(text: str, low: int, high: int, form: str) -> int:
    if not re.fullmatch(r"[0-9]{1,3}", text.strip()) or not low <= int(text) <= high:
        raise SetupError(f"{form}: expected a number from {low} to {high}, not {text!r}")
    return int(text)


_VOCABULARY: dict[str, frozenset[str]] = {}


def _vocabulary() -> dict[str, frozenset[str]]:
    """The names state.py's bounds refer to, from the rule data (made once)."""
    if not _VOCABULARY:
        data = sheet()
        _VOCABULARY.update({
            "goal": frozenset(goal_ids()),
            "townsfolk": frozenset(data["townsfolk"]),
            "tool": frozenset(data["tools"]),
            "icon": frozenset(KINDS),
            "artifact": frozenset(data["artifacts"]),
            "fish": frozenset(data["fish"]),
        })
    return _VOCABULARY

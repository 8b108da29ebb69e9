"""A Simple Life (Clint Ghosn, v1.3.3): a roll-and-write of ten days on a farm, for 1 or 2.

The game: setup, who is awaited, and the dispatch of each order to its Location (actions.py
for the Farm and the Town, rolls.py for the Lake, the Mines and their prompts). The numbers are
rule data (games/a_simple_life/*.yaml); the sheet is data per player (sheet.py); goals and score
are in scoring.py; sheets and help in views.py; legal orders in legal.py; the facts plans read
in facts.py; standing orders in defaults.py; the bots' heuristic and plans in bots.py.

A tick is one order file per awaited player, which may be a plan covering the whole day: after a
roll (the Lake, the Mines, a fight, a carrot reroll) the rest of the file still runs, reading
what came up through facts (`if prompt == "lake"`, `dig($best_col, $best_row)`); `check` runs a
file up to its first roll only. A choice the file leaves open waits on the sheet as a prompt for
the next file, unless a standing order answers it.
"""

from __future__ import annotations

import re
from typing import Any

from ..engine.contract import Game, Order, OrderError, Prompt, Result, SetupError, State, clone
from ..engine.words import counted
from . import actions, checks, defaults, rolls
from .data import goal_text, rules, sheet
from .facts import facts
from .legal import legal_orders
from .scoring import band_label, goal_progress, score, update_goals, won
from .sheet import dice_total, me, new_sheet, show_dice

ANSWERS = {
    "lake": ("accept", "reroll"),
    "mine": ("dig", "reroll"),
    "fight": ("fight", "accept", "reroll"),
}
PROMPT_ONLY = ("dig", "fight", "accept")
MAX_DAYS = 30
# An absent player's day: every open prompt answered by the plain default, then a pass.
ABSENT = (
    'while prompt != "none"',
    'if prompt == "mine": dig($best_col, $best_row)',
    'if prompt == "fight": fight',
    'if prompt == "lake" or prompt == "fight_miss": accept',
    "endwhile",
    "pass",
)


class ASimpleLife(Game):
    id = "a-simple-life"
    title = "A Simple Life"
    package = "a_simple_life"
    min_players = 1
    max_players = 2
    default_players = ("Ana",)
    missing_orders_policy = (
        "Every player whose day is not over is awaited. An empty file means no actions; "
        "a prompt on the sheet then waits for the next file (solo, the file must answer it). "
        "With two players, one player's empty file never holds up the other's.")
    absent_policy = (
        "An absent player's open prompt is answered (a missed roll accepted, the Mines dice "
        "placed on $best_col, $best_row, every monster fought), then their day is passed.")
    standing_commands = checks.STANDING_ONLY

    # -- setup ------------------------------------------------------------------------------
    def parse_options(self, words: list[str], ticks: int | None) -> dict[str, Any]:
        if ticks is not None:
            raise SetupError("A Simple Life counts days, not ticks: use the setup word "
                             "days=N instead of --ticks")
        options: dict[str, Any] = {"goals": 1, "chosen": [], "sandbox": False,
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

    def setup(self, players: list[str], options: dict[str, Any], dice: Any) -> State:
        faces: list[int] = []
        if not options.get("sandbox"):
            faces = list(options.get("chosen") or [])
            stream = dice.stream("goals")
            while len(faces) < options.get("goals", 1):
                face = stream.d6()  # a repeated goal is rolled again
                if face not in faces:
                    faces.append(face)
        goals = [sheet()["goals"][f]["id"] for f in faces]
        state: State = {
            "players": list(players),
            "goals": goals,
            "sandbox": bool(options.get("sandbox")),
            "days": int(options.get("days", rules()["days"])),
            "day": 0,
            "over": False,
            "last_roll": [],
            "sheets": {p: new_sheet() for p in players},
        }
        state["tick"] = 0
        start_day(state, dice)
        for player in players:
            s = me(state, player)
            s["log"] = [f"goals rolled: {', '.join(goal_text(g) for g in goals)}"
                        if goals else "a sandbox game: no goals to meet, all six are tracked"]
            s["log"].append(f"day 1 begins: you rolled {show_dice(s['available'])}")
        return state

    # -- a tick -----------------------------------------------------------------------------
    def awaiting(self, state: State) -> list[str]:
        if state["over"]:
            return []
        return [p for p in state["players"] if not me(state, p)["day_over"]]

    def is_random(self, order: Order) -> bool:
        return order.command in rolls.RANDOM

    def ends_file(self, state: State, player: str, order: Order) -> bool:
        return rolls.rolls_now(state, me(state, player), player, order)

    def knowledge(self, state: State, player: str) -> State:
        """Every sheet is public paper, and the dice to come are in no state; what a player
        does not see is the other player's standing orders and what happened to them."""
        known = clone(state)
        for other in state["players"]:
            if other != player:
                known.get("standing", {}).pop(other, None)
                known["sheets"][other]["log"] = []
        return known

    def validate(self, player: str, order: Order) -> None:
        checks.validate(order)

    def spell(self, order: Order) -> Order:
        return checks.spelled(order)

    def warnings(self, state: State, player: str, order: Order) -> list[OrderError]:
        from .advice import warnings

        return warnings(self, state, player, order)

    def facts(self, state: State, player: str) -> dict[str, Any]:
        return facts(state, player)

    def absent_orders(self, state: State, player: str) -> list[str]:
        return list(ABSENT)

    def turns(self, state: State) -> int:
        """Days played to their end."""
        return int(state["day"]) if state["over"] else int(state["day"]) - 1

    def begin_tick(self, state: State) -> None:
        for player in state["players"]:
            me(state, player)["log"] = []

    def act(self, state: State, player: str, order: Order, dice: Any) -> list[str]:
        if state["over"]:
            raise OrderError("E-GAME-OVER", "the game is over", "python3 play.py status")
        s = me(state, player)
        if s["day_over"]:
            raise OrderError("E-DAY-OVER", f"your day {state['day']} is over",
                             "the next day's dice are rolled when this tick ends; put this "
                             "order in your next file")
        command = order.command
        if command in checks.STANDING_ONLY:
            raise OrderError("E-STANDING-ONLY", f"{command} is a standing order: it answers "
                             "your prompts from now on", f"write it as: standing "
                             f"{order.canonical()}")
        checks.numbers(order)
        pending = s["pending"]
        if pending is not None and command not in ANSWERS[pending["kind"]]:
            prompt = self.prompt(state, player)
            answers = ", ".join(prompt.answers[:8]) if prompt else ""
            raise OrderError("E-PROMPT", f"first answer the prompt on your sheet: "
                             f"{_prompt_title(pending)}", f"answer with one of: {answers}")
        if pending is None and command in PROMPT_ONLY:
            raise OrderError("E-NO-PROMPT", f"{command} answers a prompt, and your sheet shows "
                             "none now", _prompt_help(command))
        events = _HANDLERS[command](state, s, order, dice, player)
        if s["pending"] is not None:
            s["pending"]["made"] = state["tick"]  # answered (or asked) in this file
        events += update_goals(state, s)
        events += actions.maybe_end_day(state, s)
        s["log"].extend(events)
        return [f"{player}: {e}" for e in events]

    def end_orders(self, state: State, player: str) -> None:
        """Solo, a file must answer a prompt left from an earlier tick (an empty file would
        only waste a tick); with two players an empty file is no actions, so one player's open
        prompt never holds up the other's file. A standing order that answers the prompt at
        the end of the tick will do."""
        s = me(state, player)
        pending = s["pending"]
        if len(state["players"]) > 1 or defaults.covers(state, player, s):
            return
        if pending is not None and pending["made"] < state["tick"]:
            prompt = self.prompt(state, player)
            answers = ", ".join(prompt.answers[:8]) if prompt else ""
            raise OrderError("E-ANSWER-PROMPT", f"your sheet asks: {_prompt_title(pending)}; "
                             "this file must answer it",
                             f"add one of: {answers}")

    def end_tick(self, state: State, dice: Any) -> list[str]:
        events = []
        for player in state["players"]:
            s = me(state, player)
            settled = rolls.settle(state, s, dice, player)
            if settled:
                settled += update_goals(state, s) + actions.maybe_end_day(state, s)
                s["log"].extend(settled)
                events += [f"{player}: {e}" for e in settled]
        return events + self._next_day(state, dice)

    def _next_day(self, state: State, dice: Any) -> list[str]:
        if state["over"] or any(not me(state, p)["day_over"] for p in state["players"]):
            return []
        if state["day"] >= state["days"]:
            state["over"] = True
            events = []
            for player in state["players"]:
                s = me(state, player)
                line = self.result_line(state, player)
                s["log"].append(f"the game is over: {line}")
                events.append(f"{player}: {line}")
            return events
        return start_day(state, dice)

    def prompt(self, state: State, player: str) -> Prompt | None:
        s = me(state, player)
        if s["pending"] is None:
            return None
        from .views import prompt_text

        return Prompt(player, prompt_text(state, player), tuple(legal_orders(state, player)))

    # -- the end ------------------------------------------------------------------------------
    def figures(self, state: State, player: str) -> dict[str, Any]:
        """What the sheet leads with, for `history`."""
        from .sheet import stock

        s = me(state, player)
        return {"score": score(s), "goals met": len(s["done"]), "carrots": stock(s, "carrot"),
                "coins": stock(s, "coin")}

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def result_line(self, state: State, player: str, named: bool = False) -> str:
        """The player's result as one statement: a win and its band, or why the points on
        the sheet are not recorded (the band of a score that does not count is not named).
        `named`: a sentence with the player's name as its subject."""
        s = me(state, player)
        points = score(s)
        if state["sandbox"]:
            done = len(s["done"])
            return (f"{player + ' scores ' if named else ''}{points} points "
                    f"({band_label(points)}), with {counted(done, 'goal')} of the 6 completed "
                    "in this sandbox game")
        goals = state["goals"]
        if won(state, player):
            every = "the goal" if len(goals) == 1 else f"all {len(goals)} goals"
            return (f"{player + ' wins' if named else 'a win'}: {every} completed, and the "
                    f"{points} points are recorded ({band_label(points)})")
        done = sum(g in s["done"] for g in goals)
        missing = "; ".join("{}: {} of {}".format(goal_text(g), *goal_progress(s, g))
                            for g in goals if g not in s["done"])
        return (f"{player + ' does not win' if named else 'not a win'}: {done} of "
                f"{counted(len(goals), 'goal')} completed ({missing}), so the {points} points "
                "on the sheet are not recorded")

    def result(self, state: State) -> Result:
        scores = {p: score(me(state, p)) for p in state["players"]}
        eligible = [p for p in state["players"] if state["sandbox"] or won(state, p)]
        winners: list[str] = []
        if eligible:
            best = max(scores[p] for p in eligible)
            winners = [p for p in eligible if scores[p] == best]
        lines = "; ".join(f"{p}: {self.result_line(state, p)}" for p in state["players"])
        if len(state["players"]) > 1:
            lines += "; winner: " + (" and ".join(winners) if winners else "nobody")
        return Result(lines, scores, winners)


def _number(text: str, low: int, high: int, form: str) -> int:
    if not re.fullmatch(r"[0-9]{1,3}", text.strip()) or not low <= int(text) <= high:
        raise SetupError(f"{form}: expected a number from {low} to {high}, not {text!r}")
    return int(text)


def start_day(state: State, dice: Any) -> list[str]:
    """Start of Day: cross the next Calendar day; pick up the Used dice and roll them all. Two
    players share one roll of the 6 dice; each copies it onto their own sheet."""
    state["day"] += 1
    faces = sorted(dice.stream("day").roll(dice_total(state)))
    state["last_roll"] = faces
    events = []
    for player in state["players"]:
        s = me(state, player)
        s.update(available=list(faces), used=[], spent=0, spent_on=[], day_over=False,
                 town=None)
        s["log"].append(f"day {state['day']} begins: you rolled {show_dice(faces)}")
        events.append(f"{player}: day {state['day']} begins with {show_dice(faces)}")
    return events


def _prompt_title(pending: dict[str, Any]) -> str:
    if pending["kind"] == "lake":
        return f"a missed Lake roll of {pending['face']} (accept, or reroll with a carrot)"
    if pending["kind"] == "mine":
        a, b = pending["dice"]
        return f"the Mines dice show {a} and {b}: choose a cell with dig(column, row)"
    if pending["face"] is not None:
        return f"a missed fight roll of {pending['face']} (accept, or reroll with a carrot)"
    return f"{counted(pending['left'], 'monster')} to fight: write fight"


def _prompt_help(command: str) -> str:
    return {
        "dig": "dig(column, row) follows mine(die, other_die) and its roll",
        "fight": "fight follows a dig that found monsters",
        "accept": "accept follows a missed Lake or fight roll",
    }[command]


def _plain(handler: Any) -> Any:
    """A handler that needs neither the dice nor the player's name."""
    return lambda state, s, order, dice, player: handler(state, s, order)


_HANDLERS = {
    "farm": lambda state, s, order, dice, player: actions.do_farm(state, s, order, dice),
    "lake": rolls.do_lake,
    "mine": rolls.do_mine,
    "dig": rolls.do_dig,
    "fight": rolls.do_fight,
    "accept": rolls.do_accept,
    "town": _plain(actions.do_town),
    "give": _plain(actions.do_give),
    "buy": _plain(actions.do_buy),
    "sell": _plain(actions.do_sell),
    "upgrade": _plain(actions.do_upgrade),
    "reroll": rolls.do_reroll,
    "pass": _plain(actions.do_pass),
}

"""The bots: their view of a position, and the greedy bot's day written as one plan (the legal
orders they choose among are the rules', from the command table and legal.py).

`rank` puts the chance orders (Lake casts, Mines trips) best first, since the greedy bot cannot
look past a roll and takes the first of equally judged orders.

`heuristic` is what the greedy bot maximises: the points on the sheet now, plus what the sheet
promises (goal progress, resources on their way to points, tools, dice still to spend, a Town
visit still open, a pending Mines choice or fight). A die's worth is what a Lake cast or half a
Mines trip is expected to bring, so a deterministic use (Farm, Town) is chosen only when it beats
the rolls; among the rolls the bot takes the first listed, so they are listed best first.

`plan` writes the greedy bot's day as one plan, the way a thoughtful player by mail would. It
chooses its orders one at a time as the step-by-step greedy bot does (the best order that rolls
nothing if it improves the heuristic, else the best-ranked Lake cast or Mines trip, else a pass),
but it does not stop at a roll. After each roll it writes what to do with any outcome:

    lake(5, 3)
    while prompt == "lake" and carrots > 0: reroll($lake_die)     # a target worth a carrot
    mine(1, 4)
    if "4,4" in diggable                                         # the cells it wants most
    dig(4, 4)
    elif prompt == "mine"
    dig($best_col, $best_row)                                    # else the sheet's rule
    endif
    if can town(6): town(6)                                      # after a roll: if still able

Fights are answered by a standing order (`standing on_miss(fight, all)`, or keep 1 carrot when
its goal is defeating monsters). To choose the orders after a roll it plays the plan so far on a
copy with dice nobody plays with (the engine's own plan runner), so each later choice sees some
outcome; every order after the first roll is guarded with `if can ...`, so an outcome that went
otherwise skips it instead of stopping the plan. The file ends with a pass.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import cast

from ..engine.core.contract import Arg, Order, OrderError, clone
from ..engine.core.dice import Dice
from ..engine.core.orders import parse_text
from ..engine.core.plans import Runner, build
from . import actions, checks
from .data import rules, sheet
from .legal import proposed
from .model import (
    GRAMMAR,
    Digging,
    asked,
    copy_sheet,
    goal_progress,
    hits_on,
    lake_column,
    me,
    reachable,
    rod_bonus,
    score,
    stock,
)
from .state import Mines, Sheet, SimpleLifeGame, SimpleLifeState

DISCOUNT = 0.8  # a promise is worth a little less than a done deal


ROLLS = ("mine", "lake")


def rank(game: SimpleLifeGame, state: SimpleLifeState, player: str,
         options: list[str]) -> list[str]:
    """The legal orders with the rolls (a contiguous run in legal.py's listing) sorted by what
    they are expected to bring, best first; ties keep the listing order."""
    s = me(state, player)
    if s["pending"] is not None:
        return options
    values = value_table(state, s)

    def worth(text: str) -> float:
        order = parse(text)
        if order.command == "mine":
            return mine_ev(s, values)
        return lake_ev(s, values, order.args[0].value, order.args[1].value)

    rolls = [t for t in options if t.split("(")[0] in ROLLS]
    if not rolls:
        return options
    first = options.index(rolls[0])
    rest = [t for t in options if t.split("(")[0] not in ROLLS]
    ranked = sorted(rolls, key=lambda t: -worth(t))
    return rest[:first] + ranked + rest[first:]


def parse(text: str) -> Order:
    """A legal order's text as an Order with its values (legal.py writes plain numbers)."""
    command, _, inside = text.partition("(")
    values = [int(v) for v in inside.rstrip(")").split(",") if v.strip()]
    return Order(command, tuple(Arg(f"a{i}", v, 1, 2, "int") for i, v in enumerate(values)),
                 0, 1, 2, "")


# -- the heuristic ------------------------------------------------------------------------------


def _days_left(state: SimpleLifeState) -> float:
    days: int = state["days"]
    day: int = state["day"]
    return max(0.0, (days - day + 0.5) / days)


def value_table(state: SimpleLifeState, s: Sheet) -> dict[str, float]:
    """What one more of each icon is worth to this player now (points plus promise)."""
    goals = _goal_weights(state)
    museum = rules()["score"]["museum"]
    found = sum(s["museum"].values())
    later = _days_left(state)
    values = {
        "carrot": 1.0 + 0.8 * later,
        "flower": 1.0 + 0.8 * later + 1.0 * goals.get("befriend", 0),
        "stone": 1.0 + 0.8 * later + 0.8 * goals.get("tools", 0),
        "coin": 2.0,
        "diamond": 5.0,
        "heart": 5.0,
        "upgrade": 3.0,
        "star": 1.0,
    }
    for fish, points in sheet()["fish"].items():
        values[fish] = 0.0 if s["pond"][fish] else float(points)
    values["Legendary Fish"] += 0 if s["pond"]["Legendary Fish"] else \
        30 * goals.get("legendary", 0)
    step = museum[min(found + 1, 4)] - museum[found]
    for artifact in sheet()["artifacts"]:
        values[artifact] = 0.0 if s["museum"][artifact] else \
            step + 12 * goals.get("artifacts", 0)
    p = hit_chance(s)
    win = 2 + 5 * goals.get("monsters", 0)
    values["monster"] = p * win - (1 - p) * 2
    return values


def hit_chance(s: Sheet) -> float:
    return (7 - hits_on(s)) / 6


def _goal_weights(state: SimpleLifeState) -> dict[str, float]:
    if state["sandbox"]:
        return {}
    return {goal: 1.0 for goal in state["goals"]}


def cell_value(values: dict[str, float], icons: list[str]) -> float:
    return sum(values.get(icon, 0.0) for icon in icons)


def lake_ev(s: Sheet, values: dict[str, float], face: int, row: int) -> float:
    spec = sheet()["lake"][row - 1]
    col = lake_column(face)
    needed: int = spec["needs"] - rod_bonus(s)
    chance = max(0, min(6, 7 - needed)) / 6
    return chance * cell_value(values, spec["cells"][col - 1])


def best_lake(s: Sheet, values: dict[str, float], face: int) -> float:
    col = lake_column(face)
    best = 0.0
    for row in range(1, len(sheet()["lake"]) + 1):
        if s["lake"][row - 1][col - 1] not in ("check", "cross"):
            best = max(best, lake_ev(s, values, face, row))
    return best


def dig_value(s: Digging, values: dict[str, float], col: int, row: int) -> float:
    if s["mines"][row - 1][col - 1]:
        return 0.0
    return cell_value(values, sheet()["mines"][row][col - 1])


def best_dig(s: Digging, values: dict[str, float], faces: Sequence[int]) -> float:
    return max(dig_value(s, values, c, r) for c, r in reachable(s, faces))


def mine_ev(s: Sheet, values: dict[str, float]) -> float:
    key: MinesKey = (tuple(tuple(r) for r in s["mines"]), s["tools"]["pickaxe"],
           tuple(sorted(values.items())))
    return _mine_ev(key)


# The Mines crossed (row by row), the Pickaxe's level and the icons' values (sorted): the key of
# the Mines value, cached.
MinesKey = tuple[tuple[tuple[bool, ...], ...], int, tuple[tuple[str, float], ...]]


@functools.lru_cache(maxsize=4096)
def _mine_ev(key: MinesKey) -> float:
    crossed, pickaxe, items = key
    values = dict(items)
    s: Digging = {"mines": cast(Mines, [list(r) for r in crossed]),
                  "tools": {"pickaxe": pickaxe}}
    total = 0.0
    for a in range(1, 7):
        for b in range(1, 7):
            total += max(0.0, best_dig(s, values, [a, b]))
    return total / 36


def _town_candidates() -> list[tuple[str, Order]]:
    out = [("give", proposed("give", n)) for n in sheet()["townsfolk"]]
    out += [("upgrade", proposed("upgrade", t)) for t in sheet()["tools"]]
    out += [("sell", proposed("sell", r)) for r in rules()["shop"]["sell"]]
    out += [("buy", proposed("buy", r)) for r in rules()["shop"]["buy"]]
    return out


def town_plan(state: SimpleLifeState, s: Sheet) -> float:
    """What the open Town visit is worth: the gain of the best one-step-at-a-time sequence
    of Town actions (each tried on a copy of the sheet, judged by `base`)."""
    work = copy_sheet(s)
    start = value = base(state, work)
    while work["town"] is not None:
        best, best_value = None, value
        for command, order in _town_candidates():
            trial = copy_sheet(work)
            try:
                cleaned = checks.ON_SHEET[command](trial, order)
            except OrderError:
                continue
            actions.ON_SHEET[command](state, trial, cleaned)
            trial_value = base(state, trial)
            if trial_value > best_value + 1e-9:
                best, best_value = trial, trial_value
        if best is None:
            break
        work, value = best, best_value
    return value - start


def tool_value(state: SimpleLifeState, s: Sheet) -> float:
    later = _days_left(state)
    weights = {"watering_can": 3.0, "pickaxe": 3.0, "fishing_rod": 5.0, "sword": 3.0}
    goals = _goal_weights(state)
    if goals.get("legendary") and not s["pond"]["Legendary Fish"]:
        weights["fishing_rod"] += 12
    if goals.get("monsters"):
        weights["sword"] += 6
    if goals.get("harvest"):
        weights["watering_can"] += 5
    levels: dict[str, int] = s["tools"]
    return sum(weights[t] * later * level for t, level in levels.items())


def heuristic(game: SimpleLifeGame, state: SimpleLifeState, player: str) -> float:
    return judge(state, player)


def judge(state: SimpleLifeState, player: str) -> float:
    """The heuristic: the points on the sheet and what it promises, the open Town visit too."""
    s = me(state, player)
    total = base(state, s)
    if s["town"] is not None:
        total += DISCOUNT * town_plan(state, s)
    return total


def base(state: SimpleLifeState, s: Sheet) -> float:
    """The heuristic without the open Town visit."""
    values = value_table(state, s)
    total: float = float(score(s))
    points = rules()["score"]
    for kind in ("carrot", "flower", "stone"):  # their points are in the score already
        total += stock(s, kind) * (values[kind] - points[kind])
    total += tool_value(state, s)
    for goal, weight in _goal_weights(state).items():
        done, needed = goal_progress(s, goal)
        if goal == "befriend":  # count boxes, not just hearts: each give is progress
            done = sum(s["friends"].values())
            needed = sum(spec["boxes"] for spec in sheet()["townsfolk"].values())
        total += weight * (30 * done / needed + (25 if goal in s["done"] else 0))
    later = _days_left(state)
    farm = sheet()["farm"]
    total += 0.5 * later * sum(min(n, len(farm[c + 1])) for c, n in enumerate(s["farm"]))
    for name, spec in sheet()["townsfolk"].items():
        total += s["friends"][name] * (5 + cell_value(values, spec["gift"])) / spec["boxes"] \
            * DISCOUNT * (0 if s["friends"][name] >= spec["boxes"] else 1)
    mine = mine_ev(s, values)
    for face in s["available"]:
        total += DISCOUNT * max(best_lake(s, values, face), mine / 2)
    pending = s["pending"]
    if pending is not None:
        if pending["kind"] == "mine":
            total += DISCOUNT * max(0.0, best_dig(s, values, pending["dice"]))
        elif pending["kind"] == "fight":
            p = hit_chance(s)
            if pending["face"] is None:
                total += pending["left"] * values["monster"]
            else:
                total += (pending["left"] - 1) * values["monster"] - 2 + p * (
                    values["monster"] + 2) - values["carrot"]
        else:
            row = sheet()["lake"][pending["row"] - 1]
            needed = row["needs"] - rod_bonus(s)
            chance = max(0, min(6, 7 - needed)) / 6
            total += chance * cell_value(values, row["cells"][pending["col"] - 1]) \
                - values["carrot"]
    return total


def plan(game: SimpleLifeGame, state: SimpleLifeState, player: str, rng: random.Random
         ) -> list[str] | None:
    """The greedy bot's whole day as a plan (Planner)."""
    s = me(state, player)
    if state["over"] or s["day_over"]:
        return None
    return Planner(game, state, player).write()


# -- the greedy bot's day as a plan -------------------------------------------------------------

MOST_STEPS = 60
CHAIN = 6  # Mines cells named one by one before the sheet's rule picks


def standing_wanted(state: SimpleLifeState) -> list[str]:
    """The bot's standing orders: fights are fought at once; a missed fight roll is rerolled
    only when defeating monsters is a goal (keeping one carrot for the Lake)."""
    keep = "1" if "monsters" in state["goals"] else "all"
    return [f"on_miss(fight, {keep})"]


class Planner:
    def __init__(self, game: SimpleLifeGame, state: SimpleLifeState, player: str) -> None:
        self.game = game
        self.player = player
        self.work: SimpleLifeState = clone(state)
        self.lines: list[str] = []
        self.rolled = False
        wanted = standing_wanted(state)
        if state.get("standing", {}).get(player, []) != wanted:
            self.lines += [f"standing {text}" for text in wanted]
            self.work.setdefault("standing", {})[player] = wanted
        self.game.begin_tick(self.work)
        self.dice = Dice(-1, int(state["tick"]) + 1)  # outcomes to plan on, not the game's

    @property
    def sheet(self) -> Sheet:
        return me(self.work, self.player)

    def write(self) -> list[str]:
        for _ in range(MOST_STEPS):
            s = self.sheet
            if s["day_over"] or self.work["over"]:
                break
            step = None
            if s["pending"] is not None:
                chunk = self.answer(s)
            else:
                step = self.choose()
                chunk = [f"if can {step}: {step}" if self.rolled else step]
                chunk += self.after(step)
            if not self.run(chunk) or step == "pass":
                return self.lines
        if self.rolled:
            self.lines.append("if can pass: pass")  # an outcome may leave dice unused
        return self.lines

    def run(self, chunk: list[str]) -> bool:
        """Play `chunk` on the copy; False (and the file ends before it) if it cannot run."""
        parsed = parse_text(GRAMMAR, "\n".join(chunk), f"{self.player}/bot")
        nodes, problems = build(parsed)
        if parsed.problems or problems:
            raise ValueError(f"the bot wrote a plan that does not parse: {chunk}")
        result = Runner(self.game, self.player, parsed, self.dice, False).run(self.work, nodes)
        if result.problems or result.stopped:
            return False
        self.lines += chunk
        if result.outcome:
            self.rolled = True
        return True

    # -- choosing ---------------------------------------------------------------------------
    def choose(self) -> str:
        """The step-by-step greedy bot's choice, without its rerolls of available dice."""
        work, player = self.work, self.player
        options = [t for t in self.game.legal_orders(work, player)
                   if not t.startswith(("reroll", "pass"))]
        baseline = judge(work, player)
        best, best_value = None, baseline + 1e-9
        for text in options:
            if text.split("(")[0] in ROLLS:  # no prompt is open: the only rolls listed
                continue
            trial: SimpleLifeState = clone(work)
            self.game.act(trial, player, order_of(text), self.dice)
            value = judge(trial, player)
            if value > best_value:
                best, best_value = text, value
        if best is not None:
            return best
        ranked = [t for t in rank(self.game, work, player, options) if t.split("(")[0] in ROLLS]
        return ranked[0] if ranked else "pass"

    # -- what follows a roll ----------------------------------------------------------------
    def after(self, step: str) -> list[str]:
        command = step.split("(")[0]
        if command == "lake":
            order = order_of(step)
            return self.lake_answer(order.args[0].value, order.args[1].value)
        if command == "mine":
            return self.dig_block()
        return []

    def answer(self, s: Sheet) -> list[str]:
        """A prompt left open from an earlier tick."""
        pending = asked(s)
        if pending["kind"] == "mine":
            return self.dig_block()
        face = pending["face"]  # a missed Lake or fight roll (None: a fight still to roll)
        if face is None:
            return ["fight"]
        if pending["kind"] == "lake":
            return self.lake_answer(face, pending["row"], prompt_open=True)
        values = value_table(self.work, s)
        p = hit_chance(s)
        worth = p * (values["monster"] + 2) > values["carrot"] and stock(s, "carrot") > 0
        return [f"reroll({pending['face']})" if worth else "accept"]

    def lake_answer(self, face: int, row: int, prompt_open: bool = False) -> list[str]:
        """Reroll a miss while carrots last if the target is worth a carrot, else accept."""
        s = self.sheet
        values = value_table(self.work, s)
        spec = sheet()["lake"][row - 1]
        col = lake_column(face)
        needed = spec["needs"] - rod_bonus(s)
        chance = max(0, min(6, 7 - needed)) / 6
        worth = chance * cell_value(values, spec["cells"][col - 1]) > values["carrot"]
        if worth:
            return ['while prompt == "lake" and carrots > 0: reroll($lake_die)']
        return ["accept"] if prompt_open else ['if prompt == "lake": accept']

    def dig_block(self) -> list[str]:
        """The cells the bot wants most, each dug if the Mines dice can name it, else the cell
        the sheet's rule picks ($best_col, $best_row)."""
        s = self.sheet
        values = value_table(self.work, s)
        cells = [(dig_value(s, values, c, r), c, r) for r in range(1, 7)
                 for c in range(1, 7) if not s["mines"][r - 1][c - 1]]
        cells = sorted((v, c, r) for v, c, r in cells if v > 0)[::-1][:CHAIN]
        cells.sort(key=lambda cell: (-cell[0], cell[1], cell[2]))
        lines: list[str] = []
        for _, c, r in cells:
            lines += [f'{"elif" if lines else "if"} "{c},{r}" in diggable', f"dig({c}, {r})"]
        lines += ['elif prompt == "mine"' if lines else 'if prompt == "mine"',
                  "dig($best_col, $best_row)", "endif"]
        return lines


@functools.lru_cache(maxsize=2048)
def order_of(text: str) -> Order:
    """A legal order's text, parsed with the game's grammar (Orders are read-only)."""
    return parse_text(GRAMMAR, text, "bot").orders[0]

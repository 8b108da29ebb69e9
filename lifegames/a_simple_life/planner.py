"""The greedy bot's day as one plan, written the way a thoughtful player by mail would.

The bot chooses its orders one at a time as the step-by-step greedy bot does (the best order that
rolls nothing if it improves the heuristic, else the best-ranked Lake cast or Mines trip, else a
pass), but it does not stop at a roll. After each roll it writes what to do with any outcome:

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

from ..engine.contract import Order, State, clone
from ..engine.dice import Dice
from ..engine.orders import parse_text
from ..engine.plans import Runner, build
from . import bots, rolls
from .data import sheet
from .legal import legal_orders
from .sheet import Sheet, me, stock

GRAMMAR = "a_simple_life"
MOST_STEPS = 60
CHAIN = 6  # Mines cells named one by one before the sheet's rule picks


def standing_wanted(state: State) -> list[str]:
    """The bot's standing orders: fights are fought at once; a missed fight roll is rerolled
    only when defeating monsters is a goal (keeping one carrot for the Lake)."""
    keep = "1" if "monsters" in state["goals"] else "all"
    return [f"on_miss(fight, {keep})"]


class Planner:
    def __init__(self, state: State, player: str) -> None:
        from . import GAME

        self.game = GAME
        self.player = player
        self.work = clone(state)
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
        options = [t for t in legal_orders(work, player) if not t.startswith(("reroll", "pass"))]
        baseline = bots.heuristic(work, player)
        best, best_value = None, baseline + 1e-9
        for text in options:
            if text.split("(")[0] in rolls.RANDOM:
                continue
            trial = clone(work)
            self.game.act(trial, player, order_of(text), self.dice)
            value = bots.heuristic(trial, player)
            if value > best_value:
                best, best_value = text, value
        if best is not None:
            return best
        ranked = [t for t in bots.rank(work, player, options) if t.split("(")[0] in bots.ROLLS]
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
        pending = s["pending"]
        if pending["kind"] == "lake":
            return self.lake_answer(pending["face"], pending["row"], prompt_open=True)
        if pending["kind"] == "mine":
            return self.dig_block()
        if pending["face"] is None:
            return ["fight"]
        values = bots.value_table(self.work, s)
        p = bots.hit_chance(s)
        worth = p * (values["monster"] + 2) > values["carrot"] and stock(s, "carrot") > 0
        return [f"reroll({pending['face']})" if worth else "accept"]

    def lake_answer(self, face: int, row: int, prompt_open: bool = False) -> list[str]:
        """Reroll a miss while carrots last if the target is worth a carrot, else accept."""
        s = self.sheet
        values = bots.value_table(self.work, s)
        spec = sheet()["lake"][row - 1]
        col = rolls.lake_column(face)
        needed = spec["needs"] - rolls.rod_bonus(s)
        chance = max(0, min(6, 7 - needed)) / 6
        worth = chance * bots.cell_value(values, spec["cells"][col - 1]) > values["carrot"]
        if worth:
            return ['while prompt == "lake" and carrots > 0: reroll($lake_die)']
        return ["accept"] if prompt_open else ['if prompt == "lake": accept']

    def dig_block(self) -> list[str]:
        """The cells the bot wants most, each dug if the Mines dice can name it, else the cell
        the sheet's rule picks ($best_col, $best_row)."""
        s = self.sheet
        values = bots.value_table(self.work, s)
        cells = [(bots.dig_value(s, values, c, r), c, r) for r in range(1, 7)
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


def write_plan(state: State, player: str) -> list[str] | None:
    s = me(state, player)
    if state["over"] or s["day_over"]:
        return None
    return Planner(state, player).write()



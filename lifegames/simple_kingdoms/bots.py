"""The greedy bot of Simple Kingdoms: it writes a kingdom's whole tick (`plan`) the way a careful
player by mail would, from what that kingdom knows (its view: it never sees unexplored
terrain, so its file passes `check` exactly as written).

Greedy, one order at a time: it lists the few orders worth considering now (builds that fit,
soldiers for the weakest tiles, an exploring party, gathering and claiming, selling a surplus,
food for a hungry partner), plays each on a copy through the rules' own `act`, judges the copy
with `heuristic` (the kingdom's score a few quiet ticks ahead, run by the rules' own phases, plus
what its stock and its claims under way are worth) and keeps the best, until nothing helps or
its 3 actions are spent. A buy that only pays for a build is weighed together with that build.

`Policy` switches parts of that judgement off, so bench/simple_kingdoms_balance.py can measure
what defending, expanding or the soldier loophole are worth with the same bot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.core.contract import Order, OrderError
from ..engine.core.dice import Dice
from .actions import economy, resolve_act_phase
from .checks import build_unhinted, claim_tile
from .codes import E
from .data import rules
from .model import (
    NEIGHBOURS,
    cap,
    food_needed,
    owned_tiles,
    score,
    tile,
    tile_defense,
)
from .state import KingdomsGame, KingdomsState, Tile

if TYPE_CHECKING:
    import random

AHEAD = 2  # quiet ticks the heuristic looks ahead
GROWTH = 0.1  # the growth rate the heuristic expects beyond its look-ahead
POTENTIAL = 0.5  # how much of that expected growth it counts
MIN_GAIN = 0.05  # an order must improve the heuristic by this much to be worth an action


@dataclass(frozen=True)
class Policy:
    """What the bot may do: `expand` (explore, gather and claim), `defend` (soldiers and
    defense buildings against the Orcs), `loophole` (turn every civilian over the cap into a
    soldier at home: the home-only policy, see `_loophole`)."""

    expand: bool = True
    defend: bool = True
    loophole: bool = False
    name: str = "greedy"


GREEDY = Policy()
POLICIES = {
    "greedy": GREEDY,
    "no-defense": Policy(defend=False, name="no-defense"),
    "farming": Policy(expand=False, name="farming"),
    "home-soldiers": Policy(expand=False, loophole=True, name="home-soldiers"),
    "nothing": Policy(expand=False, defend=False, name="nothing"),
}


def plan(game: KingdomsGame, state: KingdomsState, player: str, rng: random.Random,
         policy: Policy = GREEDY) -> list[str]:
    """The bot's file for this tick, written on the kingdom's view of the state: plain orders
    (nothing in a kingdom's orders is chance, so a plan's conditions would add nothing a bot
    does not already know)."""
    if policy.name == "nothing":
        return []
    work = game.knowledge(state, player)
    game.begin_tick(work)
    dice = Dice(-1, int(state["tick"]) + 1)  # nothing a kingdom orders is chance
    chosen: list[str] = []
    forced = _gifts(work, player) + (_loophole(work, player) if policy.loophole else [])
    for sequence in forced:  # a hungry partner first: the game is cooperative
        for order in sequence:
            game.act(work, player, order, dice)
            chosen.append(order.canonical())
    base = judge(work, player, policy)
    limit = rules()["actions_per_tick"]
    while len(chosen) < limit:
        best: tuple[float, list[Order]] | None = None
        for sequence in candidates(work, player, policy, limit - len(chosen)):
            trial = _copy(work)
            try:
                for order in sequence:
                    game.act(trial, player, order, dice)
            except OrderError:
                continue
            value = judge(trial, player, policy, mutate=True)
            if best is None or value > best[0] + 1e-9:
                best = (value, sequence)
        if best is None or best[0] < base + MIN_GAIN * len(best[1]):
            break
        for order in best[1]:
            game.act(work, player, order, dice)
            chosen.append(order.canonical())
        base = judge(work, player, policy)
    return chosen


# -- judging a position --------------------------------------------------------------------


def rank(game: KingdomsGame, state: KingdomsState, name: str, options: list[str]) -> list[str]:
    """The legal orders as listed: among equals the bot prefers none (its plans choose)."""
    return options


def heuristic(game: KingdomsGame, state: KingdomsState, name: str) -> float:
    """The engine's measure of a position for the greedy bot (the greedy bot's own plan
    uses the same judgement)."""
    return judge(state, name)


def judge(state: KingdomsState, name: str, policy: Policy = GREEDY, mutate: bool = False) -> float:
    """The kingdom's score AHEAD quiet ticks from now (the rules' own phases on a copy), plus
    its stock at a fortieth of its price, soldiers standing ready to claim explored free land,
    and a charge for every tile the Orcs could raid as the threat rises."""
    ahead = state if mutate else _copy(state)
    data = rules()
    ticks_left = int(state["max_ticks"]) - int(state["tick"])
    raid_cost = 0.0
    if policy.defend:
        raid_cost = _raid_cost(state, name, ticks_left)
    resolve_act_phase(ahead)
    for _ in range(min(AHEAD, max(ticks_left, 1))):
        economy(ahead, [name])
    kingdom = ahead["kingdoms"][name]
    prices = data["prices"]
    stock = kingdom["gold"] + sum(kingdom[r] * p for r, p in prices.items())
    value: float = score(ahead, name) + stock / 40 - raid_cost
    # Room to grow into over the ticks left (the look-ahead alone cannot see a town pay off).
    later = max(0, ticks_left - AHEAD)
    housed = min(cap(ahead, name), kingdom["civilians"] * (1 + GROWTH) ** later)
    value += POTENTIAL * data["score"]["per_person"] * max(0.0, housed - kingdom["civilians"])
    if policy.expand and ticks_left > 1:
        need = data["claim"]["soldiers"]
        for t in ahead["tiles"]:
            mine = t["soldiers"].get(name, 0)
            if mine and not t["owner"]:
                value += min(mine, need) * (2.5 if t["explored"] else 1.0)
    return value


def _raid_cost(state: KingdomsState, name: str, ticks_left: int) -> float:
    """What leaving tiles open to the next threat rise would cost, in score: each raid takes a
    tenth of the gold and food, a few times over the ticks left."""
    kingdom = state["kingdoms"][name]
    exposure = rules()["exposure"]
    loss: float = kingdom["gold"] * float(exposure["gold"]) + 2 * kingdom["food"] * float(
        exposure["food"])
    threat: int = state["threat"] + 1
    open_tiles = sum(1 for t in owned_tiles(state, name) if tile_defense(t) < threat)
    return open_tiles * (loss + 4) / 40 * min(ticks_left, 6)


def _copy(state: KingdomsState) -> KingdomsState:
    """What an order or the phases may change, copied; the rest shared (a bot copies the
    state hundreds of times a tick)."""
    new = state.copy()
    new["kingdoms"] = {k: dict(v) for k, v in state["kingdoms"].items()}
    new["tiles"] = [{**t, "buildings": dict(t["buildings"]), "soldiers": dict(t["soldiers"])}
                    for t in state["tiles"]]
    new["reports"] = {p: [] for p in state["players"]}
    done = state.get("this_tick") or {"explored": [], "claimed": []}
    new["this_tick"] = {"explored": list(done["explored"]), "claimed": list(done["claimed"])}
    new["pending"] = {"gifts": list(state["pending"]["gifts"])}
    return new


# -- what is worth considering -----------------------------------------------------------------


def _make(command: str, **args: int | str) -> Order:
    return Order.make(command, **args)


def keep(t: Tile, threat: int) -> int:
    """Soldiers a tile needs to stay safe if the threat rises by one."""
    towers: int = t["buildings"].get("watchtower", 0)
    wall: int = rules()["buildings"]["wall"]["bonus"] if t["buildings"].get("wall") else 0
    return max(0, math.ceil((threat + 1 - wall) / (1 + towers)))


def candidates(state: KingdomsState, name: str, policy: Policy, left: int) -> list[list[Order]]:
    out: list[list[Order]] = []
    mine = owned_tiles(state, name)
    threat = state["threat"]
    out += _builds(state, name, mine, policy, left)
    if policy.defend or policy.loophole:
        out += _hires(state, name, mine, threat, policy)
    if policy.expand:
        out += _moves(state, name, threat, policy)
        out += _claims(state, name)
        out += _expeditions(state, name, mine, left)
    out += _sales(state, name)
    return out


BUILDS = ("farm", "big_farm", "forestry", "quarry", "iron_mine", "gold_mine", "town", "city",
          "watchtower", "wall")
DEFENSE = ("watchtower", "wall")


def _builds(state: KingdomsState, name: str, mine: list[Tile], policy: Policy, left: int
            ) -> list[list[Order]]:
    out: list[list[Order]] = []
    kingdom = state["kingdoms"][name]
    prices = rules()["prices"]
    for t in mine:
        for building in BUILDS:
            if building in DEFENSE and not policy.defend:
                continue
            order = _make("build", row=t["row"], col=t["col"], building=building)
            try:
                build_unhinted(state, name, order)
            except OrderError as error:
                if error.code != E.SHORT or left < 2:
                    continue
                buys = _shortfall(state, name, building)
                if buys is None or len(buys) + 1 > left:
                    continue
                price = sum(prices[r] * n for r, n in buys.items())
                spec = rules()["buildings"].get(building) or rules()["settlements"][building]
                if kingdom["gold"] < price + spec["cost"].get("gold", 0):
                    continue
                out.append([*(_make("buy_resource", resource=r, amount=n)
                              for r, n in buys.items()), order])
                continue
            out.append([order])
    return out


def _shortfall(state: KingdomsState, name: str, building: str) -> dict[str, int] | None:
    spec = rules()["buildings"].get(building) or rules()["settlements"][building]
    kingdom = state["kingdoms"][name]
    missing = {r: n - kingdom[r] for r, n in spec["cost"].items() if kingdom[r] < n}
    if "gold" in missing:
        return None
    return missing


def _hires(state: KingdomsState, name: str, mine: list[Tile], threat: int, policy: Policy
           ) -> list[list[Order]]:
    out: list[list[Order]] = []
    kingdom = state["kingdoms"][name]
    wage = rules()["soldiers"]["hire_gold"]
    most = min(kingdom["civilians"], kingdom["gold"] // wage)
    if most <= 0:
        return out
    counts: set[int] = set()
    for t in mine:
        here = t["soldiers"].get(name, 0)
        counts = {keep(t, threat) - here}
        if policy.expand:
            counts |= {2, 4}
        for count in sorted(counts):
            if 0 < count <= most:
                out.append([_make("hire_soldiers", row=t["row"], col=t["col"], count=count)])
    return out


def _moves(state: KingdomsState, name: str, threat: int, policy: Policy) -> list[list[Order]]:
    out: list[list[Order]] = []
    size = state["size"]
    need = rules()["claim"]["soldiers"]
    explore = rules()["explore_soldiers"]
    for t in state["tiles"]:
        here = t["soldiers"].get(name, 0)
        if not here:
            continue
        if t["owner"] == name:
            spare = here - (keep(t, threat) if policy.defend else 0)
        elif t["owner"] is None and t["explored"] and here <= need:
            spare = 0 if here == need else here  # gathering: all go on together, or none
        else:
            spare = here
        if spare <= 0:
            continue
        for dr, dc in NEIGHBOURS:
            row, col = t["row"] + dr, t["col"] + dc
            if not (0 <= row < size and 0 <= col < size):
                continue
            dst = tile(state, row, col)
            there = dst["soldiers"].get(name, 0)
            if not dst["explored"]:
                count = min(spare, need)
                if count < explore:
                    continue
            elif dst["owner"] is None:
                if there >= need:
                    continue
                count = min(spare, need - there)
            elif dst["owner"] == name and policy.defend:
                count = min(spare, keep(dst, threat) - there)
            else:
                continue
            if count > 0:
                out.append([_make("move_soldiers", from_row=t["row"], from_col=t["col"],
                                  to_row=row, to_col=col, count=count)])
    return out


def _expeditions(state: KingdomsState, name: str, mine: list[Tile], left: int
                 ) -> list[list[Order]]:
    """Explore, gather and claim in one tick: hire what a party lacks at home, march it onto a
    neighbouring tile nobody owns (exploring it if need be) and claim it at once."""
    out: list[list[Order]] = []
    spec = rules()["claim"]
    need = spec["soldiers"]
    kingdom = state["kingdoms"][name]
    size = state["size"]
    wage = rules()["soldiers"]["hire_gold"]
    first = state["players"][0] == name
    for t in mine:
        here = t["soldiers"].get(name, 0)
        spare = max(0, here - keep(t, state["threat"]))
        for dr, dc in NEIGHBOURS:
            row, col = t["row"] + dr, t["col"] + dc
            if not (0 <= row < size and 0 <= col < size):
                continue
            dst = tile(state, row, col)
            if dst["owner"] or (not first and _contested(state, name, dst)):
                continue
            there = dst["soldiers"].get(name, 0)
            party = max(0, need - there)
            hire = max(0, party - spare)
            if hire > kingdom["civilians"] or hire * wage + spec["gold"] > kingdom["gold"]:
                continue
            steps: list[Order] = []
            if hire:
                steps.append(_make("hire_soldiers", row=t["row"], col=t["col"], count=hire))
            if party:
                steps.append(_make("move_soldiers", from_row=t["row"], from_col=t["col"],
                                   to_row=row, to_col=col, count=party))
            steps.append(_make("claim_tile", row=row, col=col))
            if len(steps) <= left:
                out.append(steps)
    return out


def _claims(state: KingdomsState, name: str) -> list[list[Order]]:
    """Claims of free tiles where enough of the kingdom's soldiers stand. A kingdom whose files
    run after another's leaves alone a tile that one could claim this tick too: two claims of
    one tile would refuse the whole tick."""
    out: list[list[Order]] = []
    first = state["players"][0] == name
    for t in state["tiles"]:
        if t["owner"] or not t["explored"]:
            continue
        if not first and _contested(state, name, t):
            continue
        order = _make("claim_tile", row=t["row"], col=t["col"])
        try:
            claim_tile(state, name, order)
        except OrderError:
            continue
        out.append([order])
    return out


def _contested(state: KingdomsState, name: str, t: Tile) -> bool:
    """Could another kingdom gather enough soldiers on `t` to claim it this tick?"""
    need = rules()["claim"]["soldiers"]
    size = state["size"]
    for other in state["players"]:
        if other == name:
            continue
        near = t["soldiers"].get(other, 0)
        for dr, dc in NEIGHBOURS:
            row, col = t["row"] + dr, t["col"] + dc
            if 0 <= row < size and 0 <= col < size:
                near += tile(state, row, col)["soldiers"].get(other, 0)
        if near >= need:
            return True
    return False


def _sales(state: KingdomsState, name: str) -> list[list[Order]]:
    kingdom = state["kingdoms"][name]
    out: list[list[Order]] = []
    reserve = {"food": 3 * food_needed(state, name) + 10, "wood": 40, "stone": 40, "iron": 20}
    for resource, keep_back in reserve.items():
        surplus = kingdom[resource] - keep_back
        if surplus >= 10:
            out.append([_make("sell_resource", resource=resource, amount=surplus)])
    return out


def _loophole(state: KingdomsState, name: str) -> list[list[Order]]:
    """The home-only policy (RULES.md, the civilian cap): every civilian the cap would stop from
    growing is trained as a soldier at home, so the civilians keep growing (soldiers do not count
    against the civilian cap)."""
    kingdom = state["kingdoms"][name]
    growth = math.floor(kingdom["civilians"] * GROWTH)
    count = min(kingdom["civilians"] + growth - cap(state, name),
                kingdom["gold"] // rules()["soldiers"]["hire_gold"])
    home = owned_tiles(state, name)
    if count <= 0 or not home:
        return []
    return [[_make("hire_soldiers", row=home[0]["row"], col=home[0]["col"], count=count)]]


def _gifts(state: KingdomsState, name: str) -> list[list[Order]]:
    """Food for a partner who would go hungry, from a kingdom that has plenty (the game is
    cooperative; the heuristic alone would never give anything away)."""
    out: list[list[Order]] = []
    kingdom = state["kingdoms"][name]
    for other in state["players"]:
        if other == name:
            continue
        ahead = economy(_copy(state), [other])[other]
        if ahead["fed"]:
            continue
        short = food_needed(state, other) + 5
        spare = kingdom["food"] - 2 * food_needed(state, name)
        if spare > 0:
            out.append([_make("give", resource="food", amount=min(spare, short))])
    return out

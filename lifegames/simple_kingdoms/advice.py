"""What the rules make certain about a kingdom's orders before the tick plays them: the warnings
`check` shows for a legal order whose outcome is sure to be bad, so that a player does not spend a
tick on it.

Nothing in a kingdom's orders is chance, and the phases after them (production, raids, taxes,
meals, upkeep, growth) run on the kingdom's own stock, so the end of the tick is known once the
orders are: each warning compares the rules' own phases run on a copy without the order and with
it. What the partner may still send (a gift) is the one thing a kingdom cannot know, so the
messages name it. Everything here reads only what `check` passes in, the kingdom's view.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.base.words import counted
from ..engine.core.contract import Order, OrderError, clone
from .actions import economy, resolve_act_phase
from .checks import where
from .codes import W
from .data import rules
from .model import (
    NEIGHBOURS,
    Ledger,
    cap,
    exposed_tiles,
    food_needed,
    other,
    owned_tiles,
    team_score,
    tile,
    tile_defense,
)
from .state import KingdomsGame, KingdomsState, Tile


def after_tick(state: KingdomsState) -> tuple[KingdomsState, dict[str, Ledger]]:
    """The state at the end of this tick's economy (steps 1b-7: gifts, production, raids,
    taxes, meals, upkeep, growth) if no more orders were given, and each kingdom's ledger.
    The threat roll (step 8) comes after everything a kingdom's orders can change."""
    ahead = clone(state)
    resolve_act_phase(ahead)
    return ahead, economy(ahead)


def warnings(game: KingdomsGame, state: KingdomsState, name: str, order: Order, trial: KingdomsState
             ) -> list[OrderError]:
    """The W- warnings of `order` on `state`, `trial` being the state after it (the engine asks
    only for an order its check accepts: a refusal says more). Each compares the end of the
    tick without and with the order, so an order is warned only for what it changes itself.
    The `warn` of every command's row."""
    found = _unexplored(state, name, order)
    if order.command == "sell_resource":
        found += _sold_for_nothing(state, name, order)
    before, was = after_tick(state)
    after, will = after_tick(trial)
    found += _hunger(trial, name, order, was[name], will[name])
    found += _desertion(name, order, was[name], will[name])
    found += _exposed(state, trial, name, order)
    found += _no_growth(after, name, order, was[name], will[name])
    if int(state["tick"]) + 1 == int(state["max_ticks"]):
        found += _last_tick(before, after, order)
    return found


def _arg(order: Order, *names: str) -> str | None:
    return next((n for n in names if order.arg(n) is not None), None)


def _unexplored(state: KingdomsState, name: str, order: Order) -> list[OrderError]:
    if order.command != "move_soldiers":
        return []
    need = rules()["explore_soldiers"]
    dst = tile(state, order["to_row"], order["to_col"])
    if dst["explored"] or order["count"] >= need:
        return []
    return [OrderError(W.NOT_EXPLORED,
                       f"{counted(order['count'], 'soldier')} "
                       f"{'does' if order['count'] == 1 else 'do'} not explore {where(dst)}: "
                       "it stays unexplored", f"send {need} or more in one move_soldiers order to "
                       "reveal it", "count")]


def _sold_for_nothing(state: KingdomsState, name: str, order: Order) -> list[OrderError]:
    data = rules()
    resource = str(order["resource"]).lower()
    price, divisor = data["prices"][resource], data["sell_divisor"]
    if order["amount"] * price // divisor:
        return []
    least = -(-divisor // price)
    return [OrderError(W.SOLD_FOR_NOTHING,
                       f"selling {order['amount']} {resource} pays 0 gold (a quarter of "
                       f"{order['amount'] * price}, rounded down): the {resource} is lost",
                       f"sell {least} or more {resource} to be paid at least 1 gold", "amount")]


def _hunger(trial: KingdomsState, name: str, order: Order, was: Ledger,
            will: Ledger) -> list[OrderError]:
    if not was["fed"] or will["fed"]:
        return []
    return [OrderError(W.HUNGRY,
                       f"after this order your people go hungry at the end of this tick: they "
                       f"eat {food_needed(trial, name)} food and {will['eaten']} would be "
                       f"left; {counted(will['starved'], 'civilian')} "
                       f"{'leaves' if will['starved'] == 1 else 'leave'} and nobody grows",
                       "keep enough food (your sheet's Stock forecast shows it), buy more in a "
                       "later order, or agree a gift of food with your partner",
                       _arg(order, "amount", "count"))]


def _desertion(name: str, order: Order, was: Ledger, will: Ledger
               ) -> list[OrderError]:
    gone = sum(d["count"] for d in will["deserted"])
    if gone <= sum(d["count"] for d in was["deserted"]):
        return []
    return [OrderError(W.DESERT,
                       f"after this order {counted(gone, 'soldier')} cannot be paid at the end "
                       f"of this tick and {'deserts' if gone == 1 else 'desert'} (upkeep is "
                       f"{rules()['soldiers']['upkeep_gold']} gold each, paid after raids, taxes "
                       "and meals)",
                       "keep gold for the upkeep (your sheet's Stock forecast shows it), or "
                       "dismiss the soldiers you cannot pay: they come home as civilians",
                       _arg(order, "count", "amount"))]


def _exposed(state: KingdomsState, trial: KingdomsState, name: str, order: Order
             ) -> list[OrderError]:
    old = {(t["row"], t["col"]) for t in exposed_tiles(state, name)}
    new = [t for t in exposed_tiles(trial, name) if (t["row"], t["col"]) not in old]
    return [OrderError(W.EXPOSED,
                       f"after this order {where(t)} is exposed to the Orcs (threat "
                       f"{trial['threat']}, its defense {tile_defense(t)}): at the end of this "
                       "tick a raid takes 10% of your gold and food",
                       "leave or post enough of your own soldiers there (a watchtower "
                       "multiplies them); your sheet's Orc threat section says what covers it",
                       _arg(order, "count", "row")) for t in new]


def _no_growth(after: KingdomsState, name: str, order: Order, was: Ledger,
               will: Ledger) -> list[OrderError]:
    civilians = after["kingdoms"][name]["civilians"]
    if not was["growth"] or will["growth"] or civilians < cap(after, name):
        return []
    return [OrderError(W.NO_GROWTH,
                       f"after this order your civilians ({civilians} at the end of this tick) "
                       f"fill your cap of {cap(after, name)}: nobody grows",
                       "raise the cap first (claim land, upgrade a settlement), or keep them "
                       "as soldiers", _arg(order, "count"))]


def _last_tick(before: KingdomsState, after: KingdomsState, order: Order) -> list[OrderError]:
    old, new = team_score(before), team_score(after)
    if new >= old:
        return []
    return [OrderError(W.LOWERS_SCORE,
                       f"this is the last tick: this order lowers the final team score from "
                       f"{old} to {new}",
                       f"at the end only people (up to the cap), land, towns and cities, and "
                       f"gold (1 point per {rules()['score']['gold_per_point']}) score; food, "
                       "wood, stone, iron and other buildings count nothing", None)]


# -- what would help now: the sheet's and the template's sample orders -----------------------


@dataclass(frozen=True)
class Suggestion:
    """An order the rules accept now, and why it is worth giving."""

    order: str
    why: str


def _clean(game: KingdomsGame, state: KingdomsState, name: str, order: Order) -> bool:
    """Legal, and no warning: an order a sheet may suggest without a caveat."""
    return game.can(state, name, order) and not game.warnings(state, name, order)


def food_to_buy(game: KingdomsGame, state: KingdomsState, name: str) -> tuple[int, int] | None:
    """The least food to buy now that keeps the kingdom fed at the end of this tick (more
    food also means more for a raid to take), and its price; None if it is fed already.
    (0, 0) when no purchase the treasury allows is enough."""
    ledger = after_tick(state)[1][name]
    if ledger["fed"]:
        return None
    short = food_needed(state, name) - ledger["eaten"]
    price = rules()["prices"]["food"]
    for amount in range(short, 2 * short + 5):
        trial = game.after(state, name, Order.make("buy_resource", resource="food",
                                                   amount=amount))
        if trial is None:
            break
        if after_tick(trial)[1][name]["fed"]:
            return amount, amount * price
    return 0, 0


def covers(game: KingdomsGame, state: KingdomsState, name: str, t: Tile, threat: int | None = None
           ) -> list[Suggestion]:
    """Single orders after which tile `t` holds against `threat` (default: the threat now)
    without leaving another tile of the kingdom open: more soldiers hired there, soldiers
    marched in from a neighbouring tile that is not open itself, or a watchtower to multiply
    those there."""
    threat = state["threat"] if threat is None else threat
    if tile_defense(t) >= threat:
        return []
    towers = t["buildings"].get("watchtower", 0)
    wall = rules()["buildings"]["wall"]["bonus"] if t["buildings"].get("wall") else 0
    need = max(0, -(-(threat - wall) // (1 + towers)) - t["soldiers"].get(name, 0))
    row, col = t["row"], t["col"]
    options = [(Order.make("hire_soldiers", row=row, col=col, count=need),
                f"{counted(need, 'soldier')} hired there for "
                f"{need * rules()['soldiers']['hire_gold']} gold")]
    open_now = {(x["row"], x["col"]) for x in owned_tiles(state, name)
                if tile_defense(x) < threat}
    for dr, dc in NEIGHBOURS:
        src = (row + dr, col + dc)
        if 0 <= src[0] < state["size"] and 0 <= src[1] < state["size"] and \
                src not in open_now and tile(state, *src)["soldiers"].get(name, 0) >= need:
            options.append((Order.make("move_soldiers", from_row=src[0], from_col=src[1],
                                       to_row=row, to_col=col, count=need),
                            f"{counted(need, 'soldier')} marched in from ({src[0]},{src[1]})"))
    options.append((Order.make("build", row=row, col=col, building="watchtower"),
                    "a watchtower multiplies the soldiers there"))
    found = []
    for order, why in options:
        trial = game.after(state, name, order)
        if trial is None:
            continue
        still = {(x["row"], x["col"]) for x in owned_tiles(trial, name)
                 if tile_defense(x) < threat}
        if (row, col) not in still and still <= open_now:
            found.append(Suggestion(order.canonical(), why))
    return found


def suggestions(game: KingdomsGame, state: KingdomsState, name: str) -> list[Suggestion]:
    """What the situation asks for, most pressing first: food against hunger at the end of
    this tick, cover for every tile the Orcs would raid, then for tiles a rise of the threat
    would open, food for a hungry partner, a claim, an exploring party, a building. Every
    order is one the rules accept now."""
    out: list[Suggestion] = []
    tick = int(state["tick"]) + 1
    need = food_to_buy(game, state, name)
    if need and need[0]:
        out.append(Suggestion(Order.make("buy_resource", resource="food",
                                         amount=need[0]).canonical(),
                              f"avoids hunger at the end of tick {tick} ({need[1]} gold)"))
    for t in exposed_tiles(state, name):
        out += [Suggestion(s.order, f"covers exposed {where(t)}: {s.why}")
                for s in covers(game, state, name, t)[:1]]
    rise = state["threat"] + 1
    if rise <= rules()["threat"]["max"]:
        for t in owned_tiles(state, name):
            if tile_defense(t) == state["threat"]:
                out += [Suggestion(s.order, f"keeps {where(t)} safe if the threat rises to "
                                            f"{rise}: {s.why}")
                        for s in covers(game, state, name, t, rise)[:1]]
    out += _for_partner(game, state, name)
    out += _growth(game, state, name)
    return out


def _for_partner(game: KingdomsGame, state: KingdomsState, name: str) -> list[Suggestion]:
    partner = other(state, name)
    ledger = after_tick(state)[1][partner]
    if ledger["fed"]:
        return []
    short = food_needed(state, partner) - ledger["eaten"]
    order = Order.make("give", resource="food", amount=short)
    if not _clean(game, state, name, order):
        return []
    return [Suggestion(order.canonical(), f"{partner} goes hungry at the end of tick "
                                          f"{int(state['tick']) + 1}, {short} food short (a "
                                          "gift arrives in time)")]


def _growth(game: KingdomsGame, state: KingdomsState, name: str) -> list[Suggestion]:
    """A claim, an exploring party and a building, each the first one the rules accept
    without a warning."""
    out: list[Suggestion] = []
    spec = rules()["claim"]
    for t in state["tiles"]:
        order = Order.make("claim_tile", row=t["row"], col=t["col"])
        if _clean(game, state, name, order):
            out.append(Suggestion(order.canonical(), f"{spec['gold']} gold: +1 tile, a village "
                                                     f"and {spec['civilians']} settlers"))
            break
    explorers = rules()["explore_soldiers"]
    for src in state["tiles"]:
        for dr, dc in NEIGHBOURS:
            row, col = src["row"] + dr, src["col"] + dc
            if not (0 <= row < state["size"] and 0 <= col < state["size"]) or \
                    tile(state, row, col)["explored"]:
                continue
            order = Order.make("move_soldiers", from_row=src["row"], from_col=src["col"],
                               to_row=row, to_col=col, count=explorers)
            if _clean(game, state, name, order):
                out.append(Suggestion(order.canonical(), f"explores ({row},{col}); with "
                                      f"{spec['soldiers']} soldiers there you may claim it"))
                return out + _building(game, state, name)
    return out + _building(game, state, name)


def _building(game: KingdomsGame, state: KingdomsState, name: str) -> list[Suggestion]:
    data = rules()
    upgrades = [s for s, spec in data["settlements"].items() if "upgrades" in spec]
    for building in [*upgrades, *data["buildings"]]:
        for t in owned_tiles(state, name):
            order = Order.make("build", row=t["row"], col=t["col"], building=building)
            if not _clean(game, state, name, order):
                continue
            spec = data["settlements"].get(building) or data["buildings"][building]
            made = ", ".join(f"{n} {r}" for r, n in spec.get("produces", {}).items())
            what = (f"cap {spec['cap']}" if building in upgrades else
                    f"{made} a tick" if made else "defense")
            price = ", ".join(f"{n} {r}" for r, n in spec["cost"].items())
            return [Suggestion(order.canonical(), f"{what}, for {price}")]
    return []

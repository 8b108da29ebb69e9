"""Bots for every game, built only on the contract: `legal_orders`, `act` on a copy, and the
game's `heuristic`; or, for the greedy bot, the game's own plan writer (`Game.bot_plan`), which
writes a whole turn as a plan the way a thoughtful player by mail would. They write the same
order text a player would."""

from __future__ import annotations

import random

from .contract import AnyGame, Order, OrderError, State, clone
from .dice import Dice
from .orders import ParsedFile, header_line, parse_text
from .parts import GameState

STRATEGIES = ("random", "greedy")
STOP_CHANCE = 0.1  # the random bot sometimes leaves actions unused, as players do
MOST_ORDERS = 12  # a bound for games without a per-tick limit
PAST_OUTCOMES = True  # the greedy bot plans past a roll (bench/ turns it off to compare)


_PARSED: dict[tuple[str, str], Order] = {}  # orders are read-only once made, so shared
_PARSED_MOST = 4096


def _parse(game: AnyGame, text: str) -> Order:
    """A legal order's text as the grammar reads it. Bots choose among the same few hundred
    texts all game long, so each is parsed once per process."""
    key = (game.grammar_name(), text)
    found = _PARSED.get(key)
    if found is None:
        parsed = parse_text(key[0], text, "bot")
        if parsed.problems or len(parsed.orders) != 1:
            raise ValueError(f"{game.id}: legal order {text!r} does not parse")
        if len(_PARSED) >= _PARSED_MOST:
            _PARSED.clear()
        found = _PARSED[key] = parsed.orders[0]
    return found


def _planning_dice(state: GameState) -> Dice:
    """Dice for planning on a copy. A bot never looks past a roll (the random barrier), so
    these outcomes are thrown away; they are not the game's dice."""
    return Dice(-1, int(state["tick"]) + 1)


def _finishes(game: AnyGame, work: State, player: str) -> bool:
    try:
        game.end_orders(work, player)
    except OrderError:
        return False
    return True


def choose_orders(game: AnyGame, state: GameState, player: str, strategy: str,
                  rng: random.Random) -> list[str]:
    """One tick of orders for `player`: each legal after the ones before it, and a file the
    game accepts as a whole; for the greedy bot, a plan that goes on past a roll or draw with
    orders guarded by `can` (unless the game writes its own plans)."""
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}")
    # A bot plans as its player would: on what that player knows, never on the referee's
    # state (it would otherwise write files that only make sense to someone who peeked).
    if strategy == "greedy":
        planned = game.bot_plan(game.knowledge(state, player), player, rng)
        if planned is not None:
            return planned
    work = game.knowledge(state, player)
    game.begin_tick(work)
    dice = _planning_dice(state)
    limit = game.max_orders(work, player) or MOST_ORDERS
    chosen: list[str] = []
    blind = False  # past an outcome: what the bot sees from here on is made up
    for _ in range(limit):
        options = game.rank(work, player, list(game.legal_orders(work, player)))
        if not options:
            break
        can_stop = blind or _finishes(game, work, player)
        if strategy == "random":
            if can_stop and rng.random() < STOP_CHANCE:
                break
            text = rng.choice(options)
        else:
            best, least_bad = _greedy_pick(game, work, player, options, dice)
            if best is None and can_stop and chosen:
                break
            # Nothing helps: still never an empty file while orders are legal (in some games,
            # A Simple Life's days, nothing but an order moves the game on).
            text = best or (least_bad if not chosen else options[0])
        order = _parse(game, text)
        ends = game.ends_file(work, player, order)
        game.act(work, player, order, dice)
        # After an outcome the greedy bot goes on as a plan: each later order only if it can
        # still run once the real outcome is known (the random bot stops, as players did).
        chosen.append(f"if can {text}: {text}" if blind else text)
        if ends:
            if strategy != "greedy" or not PAST_OUTCOMES:
                break
            blind = True
    return chosen


def _greedy_pick(game: AnyGame, work: State, player: str, options: list[str], dice: Dice
                 ) -> tuple[str | None, str]:
    """The option that most improves the game's heuristic (None if nothing does), and the
    option judged best of all (the least bad, when nothing helps)."""
    baseline = game.heuristic(work, player)
    best, best_value = None, baseline
    top, top_value = options[0], float("-inf")
    for text in options:
        trial = clone(work)
        order = _parse(game, text)
        if game.ends_file(work, player, order):
            value = baseline + 1e-6  # outcome unknown yet: judged slightly good
        else:
            game.act(trial, player, order, dice)
            value = game.heuristic(trial, player)
        if value > best_value + 1e-9:
            best, best_value = text, value
        if value > top_value + 1e-9:
            top, top_value = text, value
    return best, top


def order_file_text(game: AnyGame, state: State, player: str, orders: list[str],
                    strategy: str) -> str:
    tick = int(state["tick"]) + 1
    header = (header_line(game.grammar_name(), tick) +
              f"# {player}: orders written by the {strategy} bot for tick {tick}\n")
    return header + "".join(f"{line}\n" for line in orders) + "end\n"


def written_lines(text: str) -> int:
    """How many lines of an order file's text are not notes or blank (header and `end` too):
    what `bot` says it wrote, as an editor shows them (one order list entry may be a plan of
    several lines)."""
    return sum(1 for line in text.splitlines() if line.strip() and not line.lstrip()
               .startswith("#"))


STANDING_LINES = ("standing", "standing_none")


def stand_in(game: AnyGame, state: State, player: str, strategy: str, rng: random.Random,
             draft: ParsedFile | None, force: bool, name: str) -> tuple[list[str], str]:
    """The bot's orders for `player` (choose_orders), and what to say of the player's standing
    orders ("" when there is nothing to say). A bot standing in for a turn keeps the answers
    the player chose: the standing lines they wrote in `draft` (their order file `name`; None:
    none) go in place of the bot's own, and where the file has none but standing orders of
    theirs are in force from an earlier file, the bot writes none of its own, so those stay
    (a file that says nothing of standing orders changes none). `force`: the bot's own."""
    if force:
        return choose_orders(game, state, player, strategy, rng), ""
    kept = own_standing(draft) if draft is not None else []
    if kept:
        # The bot plans with the kept standing orders in force, as they will be when its file
        # is played: a plan that answered what they answer would leave them nothing to do.
        assert draft is not None
        texts = [line.order.canonical() for line in draft.standing if line.order is not None]
        planning = clone(state)
        planning.setdefault("standing", {})[player] = texts
        orders = choose_orders(game, planning, player, strategy, rng)
        return with_standing(orders, kept), kept_note(kept, name, texts)
    orders = choose_orders(game, state, player, strategy, rng)
    in_force = game.standing(state, player)
    if not in_force:
        return orders, ""
    mine = [o for o in orders if o.split(" ", 1)[0] != "standing"]
    if len(mine) == len(orders):
        return orders, ""
    return mine, (f"  wrote none of the bot's standing orders: the {len(in_force)} in force "
                  f"from an earlier file stay: "
                  f"{', '.join(o.canonical() for o in in_force)} "
                  "(--force writes the bot's own instead)")


def own_standing(parsed: ParsedFile) -> list[str]:
    """The standing lines a player wrote in their order file, as written (a comment too). The
    bot's file carries them in place of its own: a bot standing in for a turn keeps the answers
    the player chose (`bot --force` writes its own instead)."""
    return [line.source.strip() for line in parsed.lines if line.kind in STANDING_LINES]


def holds_turn(parsed: ParsedFile) -> bool:
    """Whether a file holds more than a header and standing lines (or lines that do not read):
    a draft of the turn, which `bot` keeps unless forced."""
    return bool(parsed.problems) or any(line.kind not in ("header", *STANDING_LINES)
                                        for line in parsed.lines)


def with_standing(orders: list[str], kept: list[str]) -> list[str]:
    """The bot's orders with the player's standing lines `kept` in place of its own, if any."""
    if not kept:
        return list(orders)
    return [*kept, *(o for o in orders if o.split(" ", 1)[0] != "standing")]


def kept_note(kept: list[str], name: str, texts: list[str]) -> str:
    """What `bot` says when it carried a player's standing lines over ("" when none), naming
    the standing orders (`texts`, canonical) in force once the file is played."""
    if not kept:
        return ""
    return (f"  kept the {len(kept)} standing line{'s' * (len(kept) != 1)} already in {name} "
            f"as written; in force once it is played: {', '.join(texts) or 'none'} "
            "(--force writes the bot's own instead)")

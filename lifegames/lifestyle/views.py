"""What each player sees: one sheet per tick (the same for everyone but the orders part), the
order template, the JSON views, and the facts a plan reads. Each is made from the player's view
of the state (state.py), where the draw pile is only its size, or for the referee's JSON view
from the state, of which it shows the pile's size alone."""

from __future__ import annotations

import textwrap

from ..engine.base.jsondata import JsonObject
from ..engine.base.words import counted
from ..engine.core import orders as order_syntax
from ..engine.core.contract import SCORE_FACTS
from ..engine.files.data import fact_docs
from ..engine.text.sheets import (
    check_command,
    commented,
    document,
    section,
    standing_section,
    table,
)
from .advice import legal_notes
from .data import CATEGORIES, card, cards, names, rules
from .model import (
    LINES,
    best_die,
    breakdown,
    card_met,
    card_need,
    columns,
    display_count,
    fixing_die,
    legend,
    next_card,
    rolling,
    rows,
    seat,
    sports_left,
    standings,
    unfulfilled,
    verdict,
)
from .state import BOTCHED, NEXT, ROLLED, START, LifestyleGame, LifestyleState

GRAMMAR = "lifestyle"
GAME_PHASES = {  # status says where the turn stands
    START: "buy, then take cards or roll",
    ROLLED: "answering a roll",
    NEXT: "naming the next card",
    BOTCHED: "discarding after a botch",
}
SHOWN = tuple(line for line in LINES if line != "sports")  # Sports cards never score


def fact_names() -> list[str]:
    return list(fact_docs("lifestyle"))


def card_label(name: str) -> str:
    spec = card(name)
    value = f", {spec['points']} pts" if spec["category"] == "car" else ""
    return f"{name} ({spec['category']}{value}; {card_need(name)})"


def _zone(names_: list[str]) -> str:
    """A points zone by category (Pets, Cars, Houses, Sports, Jobs, Love), then by name."""
    order = list(CATEGORIES)
    ordered = sorted(names_, key=lambda n: (order.index(card(n)["category"]), n))
    return ", ".join(ordered) if ordered else "-"


def _header(state: LifestyleState, player: str) -> str:
    turn = state["turn"]
    if state["over"]:
        where = "game over"
    else:
        where = f"turn {turn['number']}, {turn['player']} to play"
    return f"Lifestyle - {player}'s sheet - tick {state['tick']} ({where})"


def display_table(state: LifestyleState) -> str:
    body = []
    for row in range(rows()):
        cells = [f"row {row + 1}"]
        for column in range(columns()):
            name = state["display"][row * columns() + column]
            if name is None:
                cells.append("(empty)")
            else:
                spec = card(name)
                value = f", {spec['points']} pts" if spec["category"] == "car" else ""
                cells.append(f"{name}\n{spec['category']}{value}\n{card_need(name)}")
        body.append(cells)
    grid = table(body, ["", *(f"column {c + 1}" for c in range(columns()))])
    discard = state["discard"]
    return (f"{grid}\n"
            f"{display_count(state)} of {rows() * columns()} spaces filled. Draw pile: "
            f"{counted(len(state['pile']), 'card')} (order hidden). Discard pile: {len(discard)}"
            f"{' (' + ', '.join(sorted(discard)) + ')' if discard else ''}.\n"
            f"Token pool: {state['pool']} of {rules()['tokens']}.")


def turn_text(state: LifestyleState) -> str:
    turn = state["turn"]
    player = turn["player"]
    lines = [f"Turn {turn['number']}: {player} (seat {state['players'].index(player) + 1})."]
    phase = turn["phase"]
    if phase == START:
        lines.append("The turn has just begun: buy cards (optional), then take cards or roll "
                     "dice.")
    if turn["fulfilled"]:
        lines.append(f"Met this turn: {', '.join(turn['fulfilled'])}.")
    if phase == ROLLED:
        roll = rolling(state)
        verdict = "meets it" if card_met(roll["card"], roll["dice"]) else "does not meet it"
        lines.append(f"Rolling for the {roll['card']} ({card_need(roll['card'])}): the dice "
                     f"show {' '.join(map(str, roll['dice']))}, which {verdict}.")
        lines.extend(f"  {i + 1}. {step}" for i, step in enumerate(roll["steps"]))
    if phase == NEXT:
        lines.append(f"Still to meet: {', '.join(unfulfilled(state, player))}.")
    if phase == BOTCHED:
        lines.append("The roll was botched: the player may discard cards, then ends the turn.")
    used = turn["sports_used"]
    if used:
        lines.append("Sports cards turned this turn: " +
                     ", ".join(f"{n} x{c}" for n, c in sorted(used.items())) + ".")
    return "\n".join(lines)


def players_table(state: LifestyleState) -> str:
    body = []
    for index, player in enumerate(state["players"]):
        mine = seat(state, player)
        parts = breakdown(mine["points"])
        body.append([index + 1, player, mine["tokens"], len(mine["dice"]),
                     len(mine["points"]), *(parts[line]["points"] for line in SHOWN),
                     parts["total"]])
    return table(body, ["seat", "player", "tokens", "dice zone", "points zone",
                        *(f"{line} pts" for line in SHOWN), "score"], align="right") + \
        "\ndice zone, points zone: cards held there; pts: the points each category scores now"


def zones_text(state: LifestyleState) -> str:
    out = [*textwrap.wrap(legend(), 88), ""]
    for player in state["players"]:
        mine = seat(state, player)
        parts = breakdown(mine["points"])
        out.append(f"{player}: {counted(mine['tokens'], 'token')}, score {parts['total']}")
        dice = ", ".join(f"{n} [{card_need(n)}]" for n in mine["dice"]) or "-"
        if state["over"] and mine["dice"]:
            dice = f"{', '.join(mine['dice'])} (never met: they score nothing)"
        out.append(f"  dice zone:   {dice}")
        out.append(f"  points zone: {_zone(mine['points'])}")
        out.append("  points by category, and how they come about:")
        for line in LINES:
            if line != "sports" or any(card(n)["category"] == "sports" for n in mine["points"]):
                out.append(f"    {line:<7} {parts[line]['points']:>4}  {parts[line]['detail']}")
        out.append(f"    {'total':<7} {parts['total']:>4}")
        out.append("")
    return "\n".join(out)


def orders_text(game: LifestyleGame, state: LifestyleState, player: str) -> str:
    turn = state["turn"]
    if turn["player"] != player:
        return (f"Waiting for {turn['player']}. Your orders are read only on your own turn; "
                "until then only `standing ...` lines are read from your order file (in a file "
                "that names the next tick and ends with `end`).")
    asked = game.prompt(state, player)
    lead = asked.text if asked else (
        f"{player}: it is your turn. Write the orders in {player}_orders.txt.")
    note = ("A roll need not end your file: a plan can say what to do with the dice before "
            "they fall (your order file shows how). A file that stops at a roll is answered "
            "next tick, when you can see the dice.")
    return "\n".join([lead, _legal_head(state), *_noted(game, state, player, "  "), note])


def _legal_head(state: LifestyleState) -> str:
    if state["turn"]["phase"] == START:
        return ("Legal orders now (taking cards ends your turn; a roll or a purchase is "
                "random):")
    return "Legal orders now, and what must follow those that leave your turn half done:"


def _noted(game: LifestyleGame, state: LifestyleState, player: str, indent: str) -> list[str]:
    """The legal orders, each with what it leads to (in the order file, as a comment)."""
    # At the start of a turn takes end it and rolls and buys are random: only warnings.
    notes = legal_notes(game, state, player, warned_only=state["turn"]["phase"] == START)
    if not notes:
        return [f"{indent}(none)"]
    width = max(len(text) for text, _ in notes)
    mark = "# " if indent.startswith("#") else ""
    return [f"{indent}{text:<{width}}  {mark}{note}" if note else f"{indent}{text}"
            for text, note in notes]


def game_over_text(state: LifestyleState, player: str) -> str:
    """The final result, led by one sentence, and the places: what the last sheet is for."""
    places = standings(state["seats"], state["players"])
    place = dict((p, n) for n, p in places)
    mine = breakdown(seat(state, player)["points"])["total"]
    shared = sum(1 for n, _ in places if n == place[player]) > 1
    if place[player] == 1:
        you = "You share the win" if shared else "You win"
    else:
        you = f"You finish {'joint ' if shared else ''}{ORDINALS[place[player] - 1]}"
    ender = state["ended_by"]
    lines = [
        f"{verdict(state['seats'], state['players'])}.",
        f"{you}, with {counted(mine, 'point')}.",
        *textwrap.wrap(f"The game ended at tick {state['tick']}: {ender} began turn "
                       f"{state['turn']['number']} with no card in the display and none in "
                       "their dice zone.", 88),
        "",
        table([_final_row(state, n, p) for n, p in places],
              ["place", "player", "score", "tokens", *SHOWN, "unscored"], align="right"),
        "Most points win; a tie goes to the player with more tokens, and players tied on both",
        "share the win. Unscored: cards left in a dice zone, which score nothing. ZONES AND",
        "FINAL SCORES shows how each score is counted.",
    ]
    return "\n".join(lines)


def _final_row(state: LifestyleState, place: int, player: str) -> list[int | str]:
    mine = seat(state, player)
    parts = breakdown(mine["points"])
    return [place, player, parts["total"], mine["tokens"],
            *(parts[line]["points"] for line in SHOWN), len(mine["dice"])]


ORDINALS = ("first", "second", "third", "fourth", "fifth")


def sheet(game: LifestyleGame, state: LifestyleState, player: str) -> str:
    recent = state["recent"]
    events = "\n".join(f"- {e}" for e in recent) if recent else "- the game has just begun"
    if state["over"]:  # what no longer applies (the turn, the display, orders) is left out
        return document(_header(state, player), [
            section("Game over", game_over_text(state, player)),
            section("Zones and final scores", zones_text(state)),
            section("Last events", events),
        ])
    parts = [
        section("Turn", turn_text(state)),
        section("Display", display_table(state)),
        section("Players", players_table(state)),
        section("Zones and scores", zones_text(state)),
        section("Recent events", events),
        standing_section(state, player),
        section("Your orders", orders_text(game, state, player)),
    ]
    return document(_header(state, player), parts)


def views(game: LifestyleGame, state: LifestyleState, player: str) -> dict[str, str]:
    return {f"{player.lower()}_sheet.txt": sheet(game, state, player)}


def order_template(game: LifestyleGame, state: LifestyleState, player: str) -> str:
    if state["over"]:
        return commented(textwrap.wrap(
            f"{player}: the game is over, and no more orders are read. "
            f"{verdict(state['seats'], state['players'])}. Your sheet shows the final scores.",
            88))
    turn = state["turn"]
    if turn["player"] != player:
        return commented([
            f"{player}: it is {turn['player']}'s turn (turn {turn['number']}). Your orders are",
            "not read until your own turn comes; your sheet says when. Standing orders may be",
            "changed now: `standing ...` lines in this file, ended by a line `end`, take effect",
            "with the next tick.",
            "",
            *_standing_help(state, player),
        ])
    usages = [order_syntax.usage(GRAMMAR, c) for c in order_syntax.commands(GRAMMAR)]
    lines = [
        f"{player}'s orders for tick {state['tick'] + 1} (turn {turn['number']}).",
        "One order per line; lines starting with # are ignored. The file must finish your",
        "turn or reach a roll, reroll or purchase. Check it: " + check_command(player),
        "",
        "Commands (python3 play.py orders lifestyle explains each, and every fact):",
        *(f"  {u}" for u in usages),
        "",
        *_plan_help(state, player),
        "",
        *_standing_help(state, player),
        "",
        "Every order that is legal right now (remove the # to use one); a file must finish",
        "your turn or reach a roll, reroll or purchase, so some need more lines after them:",
    ]
    return commented(lines) + "".join(f"{line}\n" for line in _noted(game, state, player, "# "))


def _plan_help(state: LifestyleState, player: str) -> list[str]:
    """A plan for this player's own dice zone: the whole turn in one tick."""
    first = next_card(unfulfilled(state, player)) or "Cat"
    return [
        "A roll need not end the file: a plan says what to do with dice not yet rolled, so a",
        "whole turn takes one tick. For example:",
        f'  roll("{first}")',
        "  while phase == \"rolled\"",
        "    if not met and tokens > to_meet and reroll_chance >= 30",
        "      reroll($best_die)",
        "    else",
        "      accept",
        "    endif",
        "    if phase == \"next\": roll($next_card)",
        "  endwhile",
        "  if botched",
        f'    discard("{first}")',
        "    end_turn",
        "  endif",
        # the game's own facts; the standing facts every scored game shares are in `orders`
        *textwrap.wrap("Facts a plan reads: " + ", ".join(
            n for n in fact_names() if n not in SCORE_FACTS) + ".", 88),
    ]


def _standing_help(state: LifestyleState, player: str) -> list[str]:
    mine = state.get("standing", {}).get(player)
    shown = "; ".join(mine) if mine else "none"
    return [
        f"Your standing orders in force: {shown}. They answer what your file leaves open:",
        "`standing accept` accepts a roll left unanswered; `standing end_turn` ends a turn",
        "left at a botch, after one discard per `standing discard(\"Card\")` line (of a card",
        "in your dice zone; `standing discard($botched_card)` drops the card you missed).",
        "Lines `standing ...` replace the whole set; `standing none` clears it.",
    ]


def _seat_view(state: LifestyleState, player: str) -> JsonObject:
    mine = seat(state, player)
    parts = breakdown(mine["points"])
    return {
        "tokens": mine["tokens"],
        "dice_zone": list(mine["dice"]),
        "points_zone": list(mine["points"]),
        "score": parts["total"],
        "score_lines": {line: parts[line]["points"] for line in LINES},
        "sports_ready": sports_left(state, player),
    }


def public_state(game: LifestyleGame, state: LifestyleState) -> JsonObject:
    """Everything on the table. The draw pile appears as its size only."""
    turn = state["turn"]

    view: JsonObject = {
        "game": "lifestyle",
        "tick": state["tick"],
        "players": list(state["players"]),
        "display": [[state["display"][r * columns() + c] for c in range(columns())]
                    for r in range(rows())],
        "draw_pile": len(state["pile"]),
        "discard": list(state["discard"]),
        "pool": state["pool"],
        "seats": {p: _seat_view(state, p) for p in state["players"]},
        "turn": {
            "player": turn["player"], "number": turn["number"], "phase": turn["phase"],
            "fulfilled": list(turn["fulfilled"]), "sports_used": dict(turn["sports_used"]),
            "roll": dict(turn["roll"]) if turn["roll"] else None,
        },
        "over": state["over"],
        "recent": list(state["recent"]),
    }
    if state["over"]:
        result = game.result(state)
        view["result"] = {"summary": result.summary, "winners": result.winners}
    return view


def player_state(game: LifestyleGame, state: LifestyleState, player: str) -> JsonObject:
    """A player's view: Lifestyle hides only the draw pile's order (from everyone), so this is
    the public view plus the player's own legal orders, prompt, plan facts and standing
    orders."""
    view = public_state(game, state)
    view["you"] = player
    view["legal_orders"] = list(game.legal_orders(state, player))
    view["facts"] = facts(game, state, player)  # what this player's plans read now
    view["standing"] = list(state.get("standing", {}).get(player, []))
    asked = game.prompt(state, player)
    view["prompt"] = asked.text if asked else None
    return view


# -- the facts a plan reads ------------------------------------------------------------------------
# What a plan may read (`if met`, `reroll($best_die)`): each fact is something the player's sheet
# shows or can be worked out from it, documented in games/lifestyle/orders.yaml under `facts:`,
# which `play.py orders` lists. The facts about the roll in play answer the questions a player
# asks before answering it: is it met, which die is best rerolled and with what chance, and
# which die a Sports card would fix.

WAITING, OVER = "waiting", "over"


def _percent(hits: int, outcomes: int) -> int:
    """A chance as a whole percentage, rounded down (exact: no float in what a plan reads)."""
    return hits * 100 // outcomes


def facts(game: LifestyleGame, state: LifestyleState, player: str) -> JsonObject:
    turn = state["turn"]
    mine = seat(state, player)
    playing = not state["over"] and turn["player"] == player
    phase = OVER if state["over"] else turn["phase"] if playing else WAITING
    roll = turn["roll"] if playing else None
    left = unfulfilled(state, player)
    if roll is not None:
        left.remove(roll["card"])
    ready = sports_left(state, player)
    out: JsonObject = {
        "phase": phase,
        "my_turn": playing,
        "tokens": mine["tokens"],
        "pool": state["pool"],
        "card": roll["card"] if roll else "",
        "dice": list(roll["dice"]) if roll else [],
        "met": card_met(roll["card"], roll["dice"]) if roll else False,
        "botched": phase == BOTCHED,
        "botched_card": (turn.get("missed") or "") if phase == BOTCHED else "",
        "best_die": 0,
        "reroll_chance": 0,
        "plus_one_die": 0,
        "four_die": 0,
        "plus_all_meets": False,
        "cards_left": left,
        "to_meet": len(left),
        "next_card": next_card(left),
        "met_cards": list(turn["fulfilled"]) if playing else [],
        "dice_zone": len(mine["dice"]),
        "sports_ready": [n for n in sorted(ready) for _ in range(ready[n])],
        "display": sum(1 for slot in state["display"] if slot),
        "pile": len(state["pile"]),
    }
    if roll:
        name, dice = roll["card"], roll["dice"]
        out["best_die"], hits = best_die(name, dice)
        out["reroll_chance"] = _percent(hits, 6)
        out["plus_one_die"] = fixing_die(name, dice, lambda v: v + 1)
        out["four_die"] = fixing_die(name, dice, lambda v: 4)
        out["plus_all_meets"] = card_met(name, [v + 1 for v in dice])
    out.update(game.score_facts(state, player))
    return out


# -- status and the order reference ----------------------------------------------------------------


def status_lines(game: LifestyleGame, state: LifestyleState) -> list[str]:
    turn = state["turn"]
    scores = ", ".join(f"{p} {breakdown(seat(state, p)['points'])['total']}"
                       for p in state["players"])
    if state["over"]:  # the result line that follows gives the final scores
        return [f"ended at turn {turn['number']}: {state['ended_by']} had nothing to take or "
                "roll"]
    lines = [f"turn {turn['number']}: {turn['player']} to play ({GAME_PHASES[turn['phase']]})"]
    return lines + [f"draw pile {len(state['pile'])}, display {display_count(state)}, token "
                    f"pool {state['pool']}", f"scores: {scores}"]


def order_help(game: LifestyleGame) -> JsonObject:
    rows_ = []
    for name, spec in cards().items():
        if spec["category"] == "car":
            value = str(spec["points"])
        elif spec["category"] == "job":
            value = f"{spec['points']} per {spec['per'].replace('_', ' ')}"
        elif spec["category"] == "sports":
            value = spec["effect"].replace("_", " ")
        elif spec["category"] == "love":
            value = f"doubles {spec['doubles']}"
        else:
            value = "-"
        rows_.append([name, spec["category"], card_need(name), value, spec["copies"]])
    return {
        "limit": "enough for a whole turn; a roll, a reroll (or Running) and a purchase are "
                 "outcomes: a plain file stops there and goes on next tick, while a plan may "
                 "say what to do next (see Plans below); a file must finish your turn or reach "
                 "such an outcome, unless a standing order answers what it leaves open",
        "values": {
            "row": f"1-{rows()}",
            "column": f"1-{columns()}",
            "die": "1-3 (the dice of the roll, left to right)",
            "card": names(),
            "sport": names("sports"),
        },
        "tables": [("The deck (reconstructed; games/lifestyle/cards.yaml)",
                    ["card", "category", "needs", "scores / ability", "copies"], rows_)],
    }


def describe(game: LifestyleGame, name: str) -> str | None:
    """A card as an editor's hover shows it: category, the dice it rolls and what they must
    show (card_label, from cards.yaml). The name in any letter case."""
    found = {n.lower(): n for n in names()}.get(name.strip().lower())
    if found is None:
        return None
    return f"{card_label(found)}; {counted(card(found)['copies'], 'copy', 'copies')} in the deck"


def held(game: LifestyleGame, view: LifestyleState, player: str) -> list[str]:
    """No card is held in this game: an editor has no hand to offer first."""
    return []

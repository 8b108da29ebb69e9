"""The paper sheet in text: calendar, goals, dice, farm, lake, mines, town, tools, inventory,
museum, pond, score, what happened, and the orders legal right now (advice.py writes that list
and the prompt). Also the order template, the JSON views, the facts a plan reads and the order
reference's tables. Nothing here changes the state.

The engine passes the game and the player's view of the state (their own log and standing
orders; the other player's sheet without its log), and the referee's whole state to
`public_state`."""

from __future__ import annotations

import textwrap

from ..engine.base.jsondata import JsonObject
from ..engine.base.words import counted
from ..engine.core import orders as order_syntax
from ..engine.text.sheets import check_command, commented, document, section, table
from .advice import icon_names, orders_section, prompt_text, sample
from .data import KINDS, SCORED, goal_face, goal_ids, goal_text, rules, sheet
from .model import (
    MINE_RULES,
    MISS_TARGETS,
    band_label,
    breakdown,
    day_limit,
    goal_progress,
    hits_on,
    me,
    reachable,
    result_line,
    rod_bonus,
    room,
    rule_cell,
    score,
    show_dice,
    stock,
    won,
)
from .state import Pending, Sheet, SimpleLifeGame, SimpleLifeState

GRAMMAR = "a_simple_life"
CODES = {"stone": "S", "carrot": "C", "flower": "F", "coin": "$", "diamond": "D",
         "star": "P", "monster": "M"}
MARKS = {"": "[ ]", "circle": "(O)", "cross": "[X]", "check": "[v]"}


def _icons(icons: list[str]) -> str:
    out = []
    for icon in icons:
        out.append(CODES.get(icon) or "*" + "".join(w[0] for w in icon.split()))
    return "".join(out)


def legend() -> str:
    artifacts = ", ".join(f"*{''.join(w[0] for w in a.split())} {a}" for a in sheet()["artifacts"])
    return ("S stone, C carrot, F flower, $ coin, D diamond, P star (a point), M monster; "
            f"artifacts: {artifacts}")


# -- sections -----------------------------------------------------------------------------------


def calendar(state: SimpleLifeState) -> str:
    days = state["days"]
    head = [f"day {d}" for d in range(1, days + 1)]
    marks = ["X" if d <= state["day"] else "" for d in range(1, days + 1)]
    now = "the game ended with day" if state["over"] else "today is day"
    return table([marks], head) + f"\n(X: crossed at the start of that day; {now} " \
        f"{state['day']})"


def goals(state: SimpleLifeState, player: str) -> str:
    s = me(state, player)
    rows = []
    lost_lines = []
    for goal in goal_ids():
        chosen = goal in state["goals"]
        done, needed = goal_progress(s, goal)
        lost = [] if goal in s["done"] else closed_targets(s, goal)
        check = f"[v] day {s['done'][goal]}" if goal in s["done"] else \
            "[X] lost" if lost else "[ ]"
        rows.append([goal_face(goal), goal_text(goal), "(O) yours" if chosen else "",
                     f"{done}/{needed}", check])
        if lost:
            lost_lines.append(f"[X] lost: {goal_text(goal)} can no longer be met ("
                              f"{'; '.join(lost)})")
    if state["sandbox"]:
        note = "sandbox game: no goals were rolled; see how many of the six you complete"
    elif state["over"]:
        note = "(O): the goals rolled for this game; [v]: checked, and on which day"
    else:
        note = ("you win only if every circled goal is checked by the end of day "
                f"{state['days']}")
    return "\n".join([table(rows, ["die", "goal", "circled", "progress", "checked"]),
                      *lost_lines, note])


def closed_targets(s: Sheet, goal: str) -> list[str]:
    """Why `goal` can no longer be met, one reason per thing it needs that sits on a closed
    Lake target (missed twice, never caught): the Legendary Fish, an artifact not yet in the
    Museum. Empty while it may still be met."""
    wanted = [] if goal != "legendary" or s["pond"]["Legendary Fish"] else ["Legendary Fish"]
    if goal == "artifacts":
        wanted = [name for name, have in s["museum"].items() if not have]
    reasons = []
    for row, spec in enumerate(sheet()["lake"], start=1):
        for col, icons in enumerate(spec["cells"], start=1):
            if s["lake"][row - 1][col - 1] == "cross":
                reasons += [f"the {name} is on a closed Lake target, row {row} col {col}"
                            for name in icons if name in wanted]
    return reasons


def dice(state: SimpleLifeState, player: str) -> str:
    """Where today's dice are: Available, in play, and what the others were spent on (by the
    orders the player wrote: a die in Used may show a face it was rerolled to)."""
    s = me(state, player)
    limit = day_limit(state)
    spent_out = limit is not None and s["spent"] >= limit
    available = show_dice(s["available"])
    if spent_out and s["available"]:
        available += (f" (not usable: you have spent your {limit} dice for today; "
                      f"{'it stays' if len(s['available']) == 1 else 'they stay'} unused)")
    lines = [f"available: {available}",
             f"spent on:  {', '.join(s.get('spent_on', [])) or 'nothing yet'}"]
    held = []
    if s["town"] is not None:
        left = s["town"]["left"]
        held.append(f"the Town die of town({s['town']['face']}): "
                    f"{counted(left, 'action')} left")
    pending = s["pending"]
    if pending and pending["kind"] == "lake":
        held.append(f"on Lake row {pending['row']}, column {pending['col']}: the cast rolled "
                    f"{pending['face']}")
    elif pending and pending["kind"] == "mine":
        held.append(f"in the Mines: rerolled to {pending['dice'][0]} and {pending['dice'][1]}")
    elif pending:
        held.append(f"in the Mines: {counted(pending['left'], 'monster')} to fight")
    if held:
        lines.append("in play:   " + "; ".join(held))
    if limit is not None:
        more = f", {limit - s['spent']} more" if s["spent"] < limit and s["available"] else ""
        lines.append(f"spent today: {s['spent']} of the {limit} dice you may spend a day{more} "
                     f"(the {len(state['last_roll'])} dice are shared; both players use the "
                     "same roll)")
    if s["day_over"] and not state["over"]:
        lines.append("your day is over: waiting for the other player to end the day")
    return "\n".join(lines)


def farm(state: SimpleLifeState, player: str) -> str:
    s = me(state, player)
    columns = sheet()["farm"]
    height = max(len(b) for b in columns.values())
    rows = []
    for level in range(height, 0, -1):
        cells = [f"box {level}"]
        for col in range(1, 7):
            boxes = columns[col]
            if level > len(boxes):
                cells.append("")
                continue
            mark = "[v]" if s["farm"][col - 1] >= level else "[ ]"
            cells.append(f"{mark} {boxes[level - 1]}".rstrip())
        rows.append(cells)
    can = s["tools"]["watering_can"]
    checks = 1 + rules()["watering_can_extra"][can]
    note = (f"a die checks the bottom-most empty box of its own column (a 6: any column); with "
            f"your Watering Can (level {can}) each Farm action checks up to "
            f"{counted(checks, 'box', 'boxes')}")
    return table(rows, ["", *(f"col {c}" for c in range(1, 7))]) + "\n" + note


def lake(state: SimpleLifeState, player: str) -> str:
    s = me(state, player)
    rows = []
    for number, spec in enumerate(sheet()["lake"], start=1):
        cells = [f"row {number}", f"{spec['needs']}+"]
        for col, icons in enumerate(spec["cells"], start=1):
            cells.append(f"{MARKS[s['lake'][number - 1][col - 1]]} {icon_names(icons)}")
        rows.append(cells)
    bonus = rod_bonus(s)
    note = ("[v] caught, (O) missed once, [X] missed twice (closed), [ ] untried; the reroll "
            "must reach the row's value" + (f"; your Fishing Rod adds {bonus}" if bonus else ""))
    return table(rows, ["", "needs", "col 1 (die 1-2)", "col 2 (die 3-4)",
                        "col 3 (die 5-6)"]) + "\n" + note


def mines(state: SimpleLifeState, player: str) -> str:
    s = me(state, player)
    rows = []
    for row in range(1, 7):
        cells = [f"row {row}"]
        for col in range(1, 7):
            mark = "[X]" if s["mines"][row - 1][col - 1] else "[ ]"
            cells.append(f"{mark} {_icons(sheet()['mines'][row][col - 1])}")
        rows.append(cells)
    pick = rules()["pickaxe_dice"][s["tools"]["pickaxe"]]
    note = (f"{legend()}\n[X] dug (nothing more there). One Mines die is the column, the other "
            f"the row; you hit monsters on {hits_on(s)}+"
            + (f"; your Pickaxe moves {pick} die/dice by 1" if pick else ""))
    return table(rows, ["", *(f"col {c}" for c in range(1, 7))]) + "\n" + note


def town(state: SimpleLifeState, player: str) -> str:
    s = me(state, player)
    rows = []
    for name, spec in sheet()["townsfolk"].items():
        checks = s["friends"][name]
        boxes = "".join("[v]" if i < checks else "[ ]" for i in range(spec["boxes"])) + "<3"
        gift = icon_names(spec["gift"])
        friend = "friend (gift taken)" if checks >= spec["boxes"] else ""
        rows.append([name, boxes, spec["flowers"], gift, friend])
    square = table(rows, ["townsfolk", "boxes (heart last)", "flowers a give", "gift",
                          "status"])
    shop = rules()["shop"]
    sells = ", ".join(f"{n} {r}" for r, n in shop["sell"].items())
    tools = []
    for tool, level in s["tools"].items():
        effect = _tool_effect(tool, level)
        tools.append([tool, "[v]" if level >= 1 else "[ ]", "[v]" if level >= 2 else "[ ]",
                      effect])
    visit = (f"in the Town now: the action die shows {s['town']['left']}"
             if s["town"] is not None else "not in the Town (town(die) enters it)")
    return "\n".join([
        visit, "",
        "Town Square (1 action per give):", square, "",
        f"Shop (1 action each): buy 1 {', '.join(shop['buy'])} for 1 coin; sell "
        f"{sells} (one of these) for 1 coin", "",
        f"Blacksmith (1 action and {rules()['upgrade_stone']} stone per level; level 1 first):",
        table(tools, ["tool", "level 1", "level 2", "now"]),
    ])


def _tool_effect(tool: str, level: int) -> str:
    data = rules()
    if tool == "watering_can":
        return f"{counted(1 + data['watering_can_extra'][level], 'Farm check')} an action"
    if tool == "pickaxe":
        return f"move {data['pickaxe_dice'][level]} Mines die/dice by 1"
    if tool == "fishing_rod":
        return f"+{data['fishing_rod_bonus'][level]} to Lake rolls"
    return f"hit monsters on {data['fight_hits_on'][level]}+"


def inventory(state: SimpleLifeState, player: str) -> str:
    s = me(state, player)
    rows = []
    caps = sheet()["caps"]
    for kind in KINDS:
        row = s["inventory"][kind]
        if kind == "monster":
            icons = "O" * row["circled"] + "X" * row["crossed"]
            have = f"{row['circled']} defeated, {row['crossed']} got away"
        else:
            icons = "X" * row["crossed"] + "O" * (row["circled"] - row["crossed"])
            have = str(stock(s, kind))
        icons += "." * (caps[kind] - len(icons))
        rows.append([kind, " ".join(icons), have, room(s, kind)])
    return table(rows, ["icon", "row (O circled, X crossed, . free)", "have", "room"])


def museum_and_pond(state: SimpleLifeState, player: str) -> str:
    s = me(state, player)
    museum = table([[a, "[v]" if s["museum"][a] else "[ ]"] for a in sheet()["artifacts"]],
                   ["artifact", "checked"])
    points = rules()["score"]["museum"]
    pond = table([[f, p, "[v]" if s["pond"][f] else "[ ]"] for f, p in sheet()["fish"].items()],
                 ["fish", "points", "checked"])
    return (f"Museum (1/2/3/4 artifacts score {'/'.join(str(p) for p in points[1:])}):\n"
            f"{museum}\n\nPond:\n{pond}")


def scores(state: SimpleLifeState, player: str) -> str:
    s = me(state, player)
    rows = [[what, count, points] for what, count, points in breakdown(s)]
    total = score(s)
    lines = [table(rows, ["scoring", "count", "points"])]
    if state["over"]:  # the Game over section says whether it counts, and its band
        lines.append(f"total: {total}")
        return "\n".join(lines)
    lines.append(f"total so far: {total} ({band_label(total)})")
    if not state["sandbox"]:
        lines.append("the score counts only if every goal is complete at the end: "
                     + ("all are" if won(state, player) else "not yet"))
    for other in state["players"]:
        if other != player:
            o = me(state, other)
            done = sum(g in o["done"] for g in state["goals"])
            lines.append(f"{other}: {score(o)} points so far, {done} of "
                         f"{counted(len(state['goals']), 'goal')} complete")
    return "\n".join(lines)


def game_over(game: SimpleLifeGame, state: SimpleLifeState, player: str) -> str:
    """The final result, first on the last sheet: each player's as one statement, then who
    won."""
    lines = [f"The game is over: day {state['day']} of {state['days']} has ended."]
    for name in sorted(state["players"], key=lambda p: p != player):
        lines.append(f"{result_line(state, name, named=True)}.")
    if len(state["players"]) > 1:
        result = game.result(state)
        lines.append("Winner: " + (" and ".join(result.winners) + f", with "
                                   f"{result.scores[result.winners[0]]} points"
                                   if result.winners else "nobody (a win needs every goal)")
                     + ".")
    return "\n".join(textwrap.fill(line, 96) for line in lines)


TWO_PLAYERS = textwrap.fill(
    "Two players: the rulebook's only rule for two is a sixth die. Sharing one roll of six dice, "
    "five of them for each player a day, and playing at the same time are our reconstruction "
    "(games/a_simple_life/RULES.md).", 96)


def standing_section(state: SimpleLifeState, player: str) -> str:
    """The standing orders in force: defaults that answer this player's own prompts."""
    texts = state.get("standing", {}).get(player, [])
    lines = [f"standing {t}" for t in texts] or ["none in force: every prompt waits for your "
                                                 "next file"]
    lines += textwrap.wrap(
        "They answer your prompts the moment they arise, and any prompt still open at the end "
        "of a tick. A file's `standing ...` lines replace the whole set; `standing none` clears "
        "it. e.g. standing on_miss(lake, 1), standing on_miss(fight, all), standing "
        "on_mine(stone) (python3 play.py orders a-simple-life)", 96)
    return "\n".join(lines)


def happened(state: SimpleLifeState, player: str) -> str:
    s = me(state, player)
    lines = [f"- {line}" for line in s["log"]] or ["- (nothing: no orders this tick)"]
    return "\n".join(lines)


def player_sheet(game: SimpleLifeGame, state: SimpleLifeState, player: str) -> str:
    s = me(state, player)
    when = (f"game over after day {state['day']} of {state['days']}" if state["over"] else
            f"day {state['day']} of {state['days']}")
    title = f"{player} - A Simple Life - {when}, tick {state['tick']}"
    parts = [section("Game over", game_over(game, state, player))] if state["over"] else []
    if len(state["players"]) > 1:
        parts.append(TWO_PLAYERS + "\n")
    parts += [section("Calendar", calendar(state)), section("Goals", goals(state, player))]
    if not state["over"]:
        parts.append(section("Dice", dice(state, player)))
    if s["pending"] is not None:
        answers = ", ".join(game.legal_orders(state, player))
        parts.append(section("Prompt", f"{prompt_text(state, player)}\nanswer with one of: "
                                       f"{answers}"))
    parts += [
        section("Last tick", happened(state, player)),
        section("Farm", farm(state, player)),
        section("Lake", lake(state, player)),
        section("Mines", mines(state, player)),
        section("Town", town(state, player)),
        section("Inventory", inventory(state, player)),
        section("Museum and Pond", museum_and_pond(state, player)),
        section("Score", scores(state, player)),
    ]
    if not state["over"]:
        parts.append(section("Standing orders", standing_section(state, player)))
        parts.append(section("Orders legal now", orders_section(game, state, player)))
    return document(title, parts)


def views(game: SimpleLifeGame, state: SimpleLifeState, player: str) -> dict[str, str]:
    return {f"{player.lower()}_sheet.txt": player_sheet(game, state, player)}


def order_template(game: SimpleLifeGame, state: SimpleLifeState, player: str) -> str:
    if state["over"]:
        return commented([f"{player}: the game is over and no more orders are read.",
                          *textwrap.wrap(f"Your result: {result_line(state, player)}.", 90)])
    s = me(state, player)
    usages = [order_syntax.usage(GRAMMAR, c) + ("   (a standing order only)"
                                                 if c in game.standing_commands else "")
              for c in order_syntax.commands(GRAMMAR)]
    standing = state.get("standing", {}).get(player, [])
    lines = [
        f"{player}'s orders for tick {state['tick'] + 1} (day {state['day']} of "
        f"{state['days']}).",
        "One order per line; lines starting with # are ignored. Dice are named by the value",
        "they show on your sheet. Test with: " + check_command(player),
        "",
        "Commands (python3 play.py orders a-simple-life explains each):",
        *(f"  {u}" for u in usages),
        "",
        *PLAN_HELP,
        "",
        "Standing orders in force: " + (", ".join(standing) or "none") + ".",
        *textwrap.wrap(f"If you are away: {ABSENT_HELP}", 90),
        "",
    ]
    if s["day_over"]:
        lines.append("Your day is over; no orders are needed until the next day begins.")
        return commented(lines)
    if s["pending"] is not None:
        lines += [f"PROMPT: {prompt_text(state, player)}", "Answer with one of:"]
        return commented(lines) + "".join(f"# {o}\n" for o in game.legal_orders(state, player))
    lines.append("Some orders legal right now (remove the # to use one):")
    return commented(lines) + "".join(f"# {o}\n" for o in sample(game, state, player))


PLAN_HELP = (
    "A plan: after a roll your file goes on, reading facts from your sheet (`play.py orders",
    "a-simple-life` lists them). check shows what runs up to the first roll; at the tick",
    "the plan runs with the real dice and stops at the first order that cannot run.",
    "  lake(5, 3)",
    '  while prompt == "lake" and carrots > 1: reroll($lake_die)',
    '  if prompt == "lake": accept',
    "  mine(2, 4)",
    '  if "4,4" in diggable',
    "  dig(4, 4)",
    '  elif prompt == "mine"',
    "  dig($best_col, $best_row)",
    "  endif",
    "  while can fight: fight",
    "  if can farm(3): farm(3)",
    "  pass",
    "Standing orders answer your own prompts from now on: standing on_miss(lake, 1).",
)
ABSENT_HELP = ("the host may play your default: an open prompt answered (accept, dig "
               "$best_col, $best_row, fight), then a pass.")


def _sheet_data(state: SimpleLifeState, player: str) -> JsonObject:
    s = me(state, player)
    return {
        "available": list(s["available"]),
        "used": list(s["used"]),
        "spent_on": list(s.get("spent_on", [])),
        "spent_today": s["spent"],
        "day_over": s["day_over"],
        "town": s["town"],
        "pending": {k: v for k, v in s["pending"].items() if k != "made"}
        if s["pending"] else None,
        "farm": list(s["farm"]),
        "lake": [list(r) for r in s["lake"]],
        "mines_dug": [[c + 1, r + 1] for r in range(6) for c in range(6) if s["mines"][r][c]],
        "friends": dict(s["friends"]),
        "tools": dict(s["tools"]),
        "inventory": {k: dict(v) for k, v in s["inventory"].items()},
        "museum": dict(s["museum"]),
        "pond": dict(s["pond"]),
        "goals_done": dict(s["done"]),
        "score": score(s),
        "band": band_label(score(s)),
    }


def public_state(game: SimpleLifeGame, state: SimpleLifeState) -> JsonObject:
    return {
        "game": "a-simple-life",
        "tick": state["tick"],
        "day": state["day"],
        "days": state["days"],
        "goals": list(state["goals"]),
        "sandbox": state["sandbox"],
        "over": state["over"],
        "roll": list(state["last_roll"]),
        "players": {p: _sheet_data(state, p) for p in state["players"]},
    }


def player_state(game: SimpleLifeGame, state: SimpleLifeState, player: str) -> JsonObject:
    """Nothing on a sheet is secret in A Simple Life, so this is the public view plus the
    player's own prompt, last tick and legal orders."""
    view = public_state(game, state)
    view["you"] = player
    s = me(state, player)
    view["prompt"] = prompt_text(state, player) if s["pending"] else None
    view["last_tick"] = list(s["log"])
    view["legal_orders"] = list(game.legal_orders(state, player))
    return view


def status_lines(game: SimpleLifeGame, state: SimpleLifeState) -> list[str]:
    goals_text = ", ".join(goal_text(g) for g in state["goals"]) or "none (sandbox)"
    lines = [f"day {state['day']} of {state['days']}; goals: {goals_text}"]
    for player in state["players"]:
        s = me(state, player)
        done = sum(g in s["done"] for g in state["goals"])
        lines.append(f"{player}: {score(s)} points, {done} of "
                     f"{counted(len(state['goals']), 'goal')} complete"
                     + ("; day over" if s["day_over"] and not state["over"] else ""))
    return lines


def order_help(game: SimpleLifeGame) -> JsonObject:
    data, rule = sheet(), rules()
    return {
        "limit": "any number of orders a tick, one per line; after a roll the file may go on as "
                 "a plan (if / elif / else / endif, while / endwhile, stop, `can ORDER`, "
                 "$fact arguments), e.g. `mine(2, 4)` then `dig($best_col, $best_row)`; "
                 "`standing on_miss(lake, 1)` sets a default for your own prompts",
        "values": {
            "die": "the value (1-6) a die shows on your sheet",
            "column": "Farm: 1-6 (a die only checks its own column; a 6 any); Mines: 1-6",
            "row": f"Lake: 1-{len(data['lake'])}; Mines: 1-6",
            "townsfolk": list(data["townsfolk"]),
            "resource": f"buy: {', '.join(rule['shop']['buy'])}; sell: "
                        f"{', '.join(rule['shop']['sell'])}",
            "tool": list(data["tools"]),
            "target": list(MISS_TARGETS),
            "keep": "carrots to keep, 0-99, or all (never reroll)",
            "icon": list(MINE_RULES),
            "setup words": "goals=N (1-6 goals rolled at setup, default 1), goal=F[,F] (goals "
                           "chosen by die face), sandbox (no goals), days=N (a shorter or "
                           "longer game)",
        },
        "tables": [
            ("Locations", ["location", "dice", "order"],
             [["Farm", rule["costs"]["farm"], "farm(die) or farm(6, column)"],
              ["Lake", rule["costs"]["lake"], "lake(die, row)"],
              ["Mines", rule["costs"]["mines"], "mine(die, other_die), then dig / fight"],
              ["Town", rule["costs"]["town"], "town(die), then give / buy / sell / upgrade"]]),
            ("Scoring (each icon circled and not crossed)", ["icon", "points"],
             [[k, rule["score"][k]] for k in SCORED]
             + [["museum (1-4 artifacts)", "/".join(str(p) for p in rule["score"]["museum"][1:])],
                ["monster defeated / got away", f"{rule['score']['monster_defeated']} / "
                                                f"{rule['score']['monster_escaped']}"]]),
        ],
    }


# -- facts -------------------------------------------------------------------------------------

PLURALS = {"carrot": "carrots", "flower": "flowers", "stone": "stones", "coin": "coins",
           "diamond": "diamonds", "heart": "hearts", "star": "stars"}


def prompt_name(pending: Pending | None) -> str:
    """What the sheet's Prompt section asks now, in one word."""
    if pending is None:
        return "none"
    if pending["kind"] == "fight":
        return "fight" if pending["face"] is None else "fight_miss"
    return str(pending["kind"])


def facts(game: SimpleLifeGame, state: SimpleLifeState, player: str) -> JsonObject:
    """What a plan may read (`if carrots > 1: ...`, `dig($best_col, $best_row)`): each one is
    something the player can read on their own sheet now. Every name is documented in
    games/a_simple_life/orders.yaml under `facts:` (a test keeps the two lists equal)."""
    s = me(state, player)
    pending = s["pending"]
    kind = pending["kind"] if pending else None
    mine_dice = list(pending["dice"]) if pending and kind == "mine" else []
    best_col = best_row = 0
    diggable: list[str] = []
    if mine_dice:
        best_col, best_row = rule_cell(state, player)
        diggable = [f"{c},{r}" for c, r in reachable(s, mine_dice)
                    if not s["mines"][r - 1][c - 1]]
    monsters = s["inventory"]["monster"]
    out: JsonObject = {
        "day": state["day"],
        "dice": sorted(s["available"]),
        "dice_left": len(s["available"]),
        "spent": s["spent"],
        "prompt": prompt_name(pending),
        "lake_die": pending["face"] if pending and kind == "lake" else 0,
        "mine_dice": mine_dice,
        "mine_low": mine_dice[0] if mine_dice else 0,
        "mine_high": mine_dice[1] if mine_dice else 0,
        "best_col": best_col,
        "best_row": best_row,
        "diggable": diggable,
        "fight_die": (pending["face"] or 0) if pending and kind == "fight" else 0,
        "monsters_left": pending["left"] if pending and kind == "fight" else 0,
        "town_actions": s["town"]["left"] if s["town"] is not None else 0,
        "defeated": monsters["circled"],
        "escaped": monsters["crossed"],
        "dug": [f"{c + 1},{r + 1}" for r in range(6) for c in range(6) if s["mines"][r][c]],
        "goals_done": sorted(s["done"]),
        "score": score(s),
    }
    for kind_name, plural in PLURALS.items():
        out[plural] = stock(s, kind_name)
    out.update(s["tools"])
    out.update(game.score_facts(state, player))
    return out


def describe(game: SimpleLifeGame, name: str) -> str | None:
    """No name here needs a hover: orders take dice, columns and rows, and the Town's few
    words, which the order reference (`play.py orders`) explains."""
    return None


def held(game: SimpleLifeGame, view: SimpleLifeState, player: str) -> list[str]:
    """No card is held in this game: an editor has no hand to offer first."""
    return []

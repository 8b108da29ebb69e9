"""What each player sees: one sheet per tick, the order template, the JSON views, the facts, the
status lines and the order reference. Each is made from the player's view of the state, which
the engine derives from state.py: the draw piles are placeholders (their sizes show), and the
cards a player drew and has not shown (the two Homes and two Aspirations offered at move-in,
the Aspiration drawn at Go Home) and their private notes are in that player's view alone."""

from __future__ import annotations

import textwrap

from ..engine.base.jsondata import JsonObject
from ..engine.base.words import counted
from ..engine.core import orders as order_syntax
from ..engine.core.contract import Order
from ..engine.text.sheets import check_command, commented, document, section, table
from . import model as m
from .data import (
    SIDES,
    Venue,
    aspirations,
    card,
    cards,
    homes,
    needs,
    rules,
    sims,
    symbols,
    venue_cards,
)
from .model import (
    aspiration_label,
    left_for,
    matching,
    met,
    points,
    prompt_text,
    seat,
    shown,
    solo_goals,
)
from .state import HIDDEN, Offers, SimsGame, SimsState

GRAMMAR = "the_sims"


def _header(state: SimsState, player: str) -> str:
    turn = state["turn"]
    where = "game over" if state["over"] else f"turn {turn['number']}, {turn['player']} to play"
    return f"The Sims Board Game - {player}'s sheet - tick {state['tick']} ({where})"


def card_line(name: str) -> str:
    if name not in cards():
        return "(hidden card)"
    spec = card(name)
    parts = [f"{name} [{' '.join(spec['symbols'])}]"]
    if spec["raises"]:
        parts.append("raises " + ", ".join(spec["raises"]))
    if spec["action"]:
        parts.append(ACTION_NAMES[spec["action"]])
    return "; ".join(parts)


ACTION_NAMES = {
    "iconic_sims_move": "ICONIC SIMS MOVE!",
    "swap_cards": "SWAP CARDS",
    "don_lothario": "Don Lothario Makes a Move",
    "grim_reaper": "Grim Reaper Visits",
    "mrs_crumplebottom": "Watch Out! It's Mrs. Crumplebottom!",
}


# -- sections ------------------------------------------------------------------------------------


def turn_text(state: SimsState, player: str) -> str:
    if state["over"]:
        return "The game is over (see RESULT)."
    turn = state["turn"]
    lines = [f"Turn {turn['number']}: {turn['player']} - {m.STEPS[turn['step']]}."]
    if turn["venue"]:
        lines.append(f"Traveled to the {turn['venue']}; took this turn: "
                     f"{', '.join(turn['taken']) or '-'}.")
    waiting = [p for p in state["players"] if not m.moved_in(state, p)]
    if waiting:
        lines.append(f"Still to move in: {', '.join(waiting)}.")
    if not m.solo(state):
        lines.append(f"The first to end their own turn with {state['target']} points wins.")
    else:
        lines += solo_end_rules()
    return "\n".join(lines)


def solo_end_rules() -> list[str]:
    """Single player: how the game is won and how it is lost, in the sheet's words (the loss
    is the one `effects.stuck` finds once the Card Hub is refilled; W-GAME-LOST warns of it)."""
    goals = rules()["solo"]
    return [
        f"You win once {goals['aspirations']} Aspirations are completed and "
        f"{goals['sims_to_win']} Sims live at your home.",
        "You lose when the Card Hub has been refilled after a turn and you can do neither:",
        "Travel (a Venue whose Need is FULL on your tracker, and a Card Hub card showing one of",
        f"its SIMbols) or Go Home (an EMPTY Need, and a set of {goals['set_size']} identical "
        "SIMbols, Home card included).",
    ]


def mix_rule() -> str:
    """How an Aspiration is met: its SIMbols count in any mix of its two kinds."""
    return (f"An Aspiration takes {m.needed()} SIMbols of its two kinds, in any mix; your Home "
            "card's counts.")


def board_text(state: SimsState, player: str) -> str:
    mine = seat(state, player)
    body = []
    for where in m.board(state):
        here = [p for p in state["players"] if seat(state, p)["at"] == where["name"]]
        if m.solo(state):
            here = [f"{s} ({sims()[s]})" for s in m.sims_at(state, where["name"])] + \
                   [f"you ({p})" for p in here]
        tracker = "FULL" if mine["needs"][where["need"]] else "EMPTY"
        body.append([f"{where['card']}{where['side']}", where["name"], where["need"], tracker,
                     " ".join(where["symbols"]), ", ".join(here) or "-"])
    text = table(body, ["card", "Venue", "Need", "yours", "SIMbols", "here"])
    at_home = [p for p in state["players"] if seat(state, p)["at"] == m.HOME]
    text += f"\nAt home: {', '.join(at_home) or '-'}."
    if m.solo(state):
        centre = ", ".join(f"{s} ({sims()[s]})" for s in state["centre"] if s in sims())
        text += f"\nCentre of the board (awkward encounters): {centre or '-'}."
    else:
        shown_sims = ", ".join(f"{s} ({sims()[s]})" for s in m.face_up(state)) or "-"
        text += f"\nIconic Sims on the board: {shown_sims}."
    text += f"\nIconic Sims draw pile: {len(state['sims_pile'])} (order hidden)."
    if state["box"]["sims"] or state["box"]["cards"]:
        gone = state["box"]["sims"] + state["box"]["cards"]
        text += f"\nBack in the box: {', '.join(gone)}."
    return text


def hub_text(state: SimsState) -> str:
    columns = rules()["hub"]["columns"]
    lines = []
    for index, name in enumerate(state["hub"]):
        slot = f"row {index // columns + 1}, {index % columns + 1}"
        lines.append(f"  {slot}: {card_line(name) if name else '(empty)'}")
    discard = state["discard"]
    lines.append(f"Action draw pile: {counted(len(state['pile']), 'card')} (order hidden). "
                 f"Discard pile ({len(discard)}): {', '.join(discard) or '-'}.")
    return "\n".join(lines)


def you_text(state: SimsState, player: str) -> str:
    mine = seat(state, player)
    home = mine["home"]
    if home is None:  # not moved in yet
        offers = mine["offers"]
        lines = [f"You have not moved in yet. Home cards to choose from: "
                 f"{', '.join(f'{h} ({homes()[h]})' for h in offers['homes'] if h in homes())}."]
        if offers["aspirations"]:
            lines.append("Aspirations you drew (keep one): " +
                         ", ".join(aspiration_label(a) for a in offers["aspirations"]) + ".")
        if m.solo(state):
            lines.append("Your Aspirations for the whole game: " +
                         ", ".join(aspiration_label(a) for a in mine["aspirations"]) + ".")
        return "\n".join(lines)
    tracker = ", ".join(f"{n} {'FULL' if mine['needs'][n] else 'EMPTY'}" for n in needs())
    counts = shown(state, player)
    lines = [f"Home: {home} ({homes()[home]}). You are at: {mine['at']}.",
             f"Needs: {tracker}.",
             "Your collection shows (Home card included): " +
             (", ".join(f"{k} x{counts[k]}" for k in symbols() if counts[k]) or "nothing") + ".",
             f"Action cards ({len(mine['cards'])}): " +
             (", ".join(sorted(mine["cards"])) or "-") + "."]
    if m.solo(state):
        lines += solo_aspirations(state, player)
        lines.append(f"Goals: {solo_count(state, player)}.")
    else:
        for label, name in (("Aspiration", mine["aspiration"]), ("Drawn", mine["drawn"])):
            if name:
                lines.append(f"{label}: {aspiration_label(name)}: you show "
                             f"{matching(counts, name)}, " +
                             ("not completed." if state["over"] else
                              f"{left_for(state, player, name)} more needed."))
        if not mine["aspiration"] and not state["over"]:
            lines.append("Aspiration: none (a new one is drawn when a turn ends).")
    if not state["over"]:
        lines.append(mix_rule())
    friends = mine["sims"] + mine["specials"]
    lines.append(f"Sims at home: {', '.join(friends) or '-'}.")
    return "\n".join(lines)


def solo_aspirations(state: SimsState, player: str) -> list[str]:
    """Single player: each of the three Aspirations, completed or with what it still needs
    (the sheet's lines, which the board picture draws too)."""
    mine, counts = seat(state, player), shown(state, player)
    lines = []
    for name in mine["aspirations"]:
        if name in mine["completed"]:
            lines.append(f"Aspiration {aspiration_label(name)}: completed.")
        else:
            lines.append(f"Aspiration {aspiration_label(name)}: you show "
                         f"{matching(counts, name)}, "
                         + ("not completed." if state["over"] else
                            f"{left_for(state, player, name)} more needed."))
    return lines


def solo_count(state: SimsState, player: str) -> str:
    """Single player: how far the two goals are, in the sheet's words (no points: the solo
    game counts Aspirations completed and Sims at home)."""
    done, friends_ = solo_goals(state, player)
    goals = rules()["solo"]
    return (f"{done} of {goals['aspirations']} Aspirations, {friends_} of "
            f"{goals['sims_to_win']} Sims at home")


def players_text(state: SimsState) -> str:
    body = []
    for index, player in enumerate(state["players"]):
        mine = seat(state, player)
        home = f"{mine['home']} ({homes()[mine['home']]})" if mine["home"] else "-"
        row = [index + 1, player, home, mine["at"], len(mine["cards"])]
        if m.solo(state):
            done, friends_ = solo_goals(state, player)
            body.append(row + [f"{done}/{rules()['solo']['aspirations']}",
                               f"{friends_}/{rules()['solo']['sims_to_win']}"])
        else:
            body.append(row + [aspiration_label(mine["aspiration"]), len(mine["completed"]),
                               len(mine["sims"]) + len(mine["specials"]),
                               points(state, player)])
    heads = ["seat", "player", "home", "at", "cards"]
    heads += ["Aspirations", "Sims"] if m.solo(state) else \
        ["Aspiration", "completed", "Sims", "points"]
    text = table(body, heads)
    completed = [f"{p}: {', '.join(seat(state, p)['completed'])}" for p in state["players"]
                 if seat(state, p)["completed"]]
    if completed:
        text += "\nCompleted Aspirations: " + "; ".join(completed) + "."
    return text


def standing_text(state: SimsState, player: str) -> str:
    """The player's standing orders and the defaults behind them (until the engine's shared
    helper for this section exists)."""
    texts = state.get("standing", {}).get(player, [])
    lines = [f"  standing {t}" for t in texts] or ["  (none)"]
    return "\n".join([
        "In force:", *lines,
        "When a die (or another player's turn) makes you raise or lower a Need, the first",
        "standing raise(...)/lower(...) that applies is used; without one: raise the first",
        "EMPTY Need in tracker order, lower the last FULL one.",
    ])


def events_text(state: SimsState, player: str) -> str:
    merged = m.events_in_order(state["recent"], seat(state, player)["notes"])
    lines = [f"- {text}" + (" (only you see this)" if mine else "") for text, mine in merged]
    return "\n".join(lines or ["- the game has just begun"])


def orders_text(game: SimsGame, state: SimsState, player: str) -> str:
    if state["over"]:
        return "The game is over: no more orders."
    turn = state["turn"]
    legal = list(game.legal_orders(state, player))
    if not legal:
        return (f"Waiting for {turn['player']}. Your order file is read only when you are "
                "awaited (your turn, or your move-in).")
    lead = prompt_text(state, player) or (
        f"{player}: it is your turn. Write it in {player}_orders.txt.")
    if not m.moved_in(state, player) and turn["player"] == player:
        lead += ("\nYou play first: after move_in(...), write your first turn in the same "
                 "file (" + ", ".join(_after_move_in(game, state, player)[:4]) + ", ...).")
    shown_ = legal[:40]
    more = [f"  ... and {len(legal) - len(shown_)} more"] if len(legal) > len(shown_) else []
    note = ("A turn that needs no choice after a die or a draw fits in one file: e.g. "
            "travel(...) then interact(...). Go Home draws an Aspiration: keep(...) comes in "
            "your next file, once you have seen it.") if not m.solo(state) else (
        "A whole turn fits in one file: e.g. travel(...), interact, then complete(...) or "
        "end_turn if an Aspiration can be completed. check cannot know a roll: it reads the "
        "orders after one for spelling and names only, and the tick runs them with the real "
        "roll.")
    return "\n".join([lead, "Legal orders now:", *(f"  {o}" for o in shown_), *more, note])


def _after_move_in(game: SimsGame, state: SimsState, player: str) -> list[str]:
    """The turn orders that would be legal once the player has moved in (with the first
    cards offered; the Home card does not change which turns are legal)."""
    offers = seat(state, player)["offers"]
    args = {"home": offers["homes"][0]}
    if offers["aspirations"]:
        args["aspiration"] = offers["aspirations"][0]
    trial = game.after(state, player, Order.make("move_in", **args))
    return list(game.legal_orders(trial, player)) if trial is not None else []


def game_over(game: SimsGame, state: SimsState, player: str) -> str:
    """The final result, first on the last sheet: who won and how, then the reader's own."""
    result = game.result(state)
    lines = [f"{result.summary}.", f"The game ended after {counted(state['turns'], 'turn')}."]
    if not m.solo(state):
        mine = seat(state, player)
        how = (f"{counted(len(mine['completed']), 'Aspiration')} completed, "
               f"{counted(len(mine['sims']) + len(mine['specials']), 'Sim')} at home")
        total = counted(points(state, player), "point")
        lines.append(f"You win with {total} ({how})." if player in result.winners else
                     f"You finished with {total} ({how}).")
    return "\n".join(lines)


def sheet(game: SimsGame, state: SimsState, player: str) -> str:
    if state["over"]:  # what no longer applies (whose turn, standing orders, orders) goes
        parts = [section("Game over", game_over(game, state, player))]
    else:
        parts = [section("Turn", turn_text(state, player))]
    parts += [
        section("Board", board_text(state, player)),
        section("Card Hub", hub_text(state)),
        section("You", you_text(state, player)),
        section("Players", players_text(state)),
    ]
    if not state["over"]:
        parts.append(section("Standing orders", standing_text(state, player)))
    parts.append(section("Recent events", events_text(state, player)))
    if not state["over"]:
        parts.append(section("Your orders", orders_text(game, state, player)))
    return document(_header(state, player), parts)


def views(game: SimsGame, state: SimsState, player: str) -> dict[str, str]:
    return {f"{player.lower()}_sheet.txt": sheet(game, state, player)}


def order_template(game: SimsGame, state: SimsState, player: str) -> str:
    legal = list(game.legal_orders(state, player))
    if state["over"]:
        return commented([f"{player}: the game is over and no more orders are read.",
                          *textwrap.wrap(f"{game.result(state).summary}.", 90)])
    if not legal:
        return commented([f"{player}: it is {state['turn']['player']}'s turn. This file is "
                          "read when you are awaited; your sheet says when."])
    usages = [order_syntax.usage(GRAMMAR, cmd) for cmd in order_syntax.commands(GRAMMAR)]
    lines = [
        f"{player}'s orders for tick {state['tick'] + 1} (turn {state['turn']['number']}).",
        "One order per line; lines starting with # are ignored. The file must finish your",
        "turn or stop at an order whose outcome is chance or hidden. Check it:",
        check_command(player),
        "",
        "Commands (python3 play.py orders the-sims explains each):",
        *(f"  {u}" for u in usages),
        "",
        "Every order that is legal right now (remove the # to use one):",
    ]
    return commented(lines) + "".join(f"# {o}\n" for o in legal[:60])


# -- JSON views ----------------------------------------------------------------------------------


def _offers(offers: Offers) -> list[tuple[str, list[str]]]:
    """The cards a seat was offered, kind by kind, in the state's own order of kinds (a state
    read back from its file has them sorted)."""
    both = {"homes": offers["homes"], "aspirations": offers["aspirations"]}
    return [(kind, both[kind]) for kind in offers]


def _seat_view(state: SimsState, player: str, private: bool) -> JsonObject:
    mine = seat(state, player)
    view: JsonObject = {
        "home": mine["home"], "at": mine["at"], "needs": dict(mine["needs"]),
        "cards": sorted(mine["cards"]), "sims": list(mine["sims"]),
        "specials": list(mine["specials"]), "completed": list(mine["completed"]),
        "points": points(state, player), "symbols": dict(sorted(shown(state, player).items())),
    }
    if m.solo(state):
        view["aspirations"] = list(mine["aspirations"])
    else:
        view["aspiration"] = mine["aspiration"]
    if private:
        view["offers"] = {k: list(v) for k, v in _offers(mine["offers"])}
        view["drawn"] = mine["drawn"]
        view["notes"] = [text for text, _ in m.events_in_order([], mine["notes"])]
    else:
        view["offers"] = {k: len(v) for k, v in _offers(mine["offers"])}
        view["drawn"] = mine["drawn"] is not None
    return view


def _public(game: SimsGame, state: SimsState, private_for: str | None) -> JsonObject:
    turn = state["turn"]
    view: JsonObject = {
        "game": "the-sims", "tick": state["tick"], "players": list(state["players"]),
        "target": state["target"], "sides": state["sides"],
        "venues": m.board(state), "hub": list(state["hub"]), "discard": list(state["discard"]),
        "piles": {"actions": len(state["pile"]), "sims": len(state["sims_pile"]),
                  "aspirations": len(state["asp_pile"]),
                  "aspiration_discards": len(state["asp_discard"])},
        "board": list(state["board"]), "centre": list(state["centre"]),
        "box": {"cards": list(state["box"]["cards"]), "sims": list(state["box"]["sims"])},
        "seats": {p: _seat_view(state, p, p == private_for) for p in state["players"]},
        "turn": {"player": turn["player"], "number": turn["number"], "step": turn["step"],
                 "venue": turn["venue"], "taken": list(turn["taken"])},
        "turns": state["turns"], "over": state["over"], "recent": list(state["recent"]),
    }
    if state["over"]:
        result = game.result(state)
        view["result"] = {"summary": result.summary, "winners": result.winners}
    return view


def public_state(game: SimsGame, state: SimsState) -> JsonObject:
    """The referee's view (`state --json`): everything on the table; the piles as sizes,
    nobody's undisclosed cards."""
    return _public(game, state, None)


def player_state(game: SimsGame, state: SimsState, player: str) -> JsonObject:
    """One player's view (`state --json --player`): their own drawn cards and notes too."""
    view = _public(game, state, player)
    view["you"] = player
    view["legal_orders"] = list(game.legal_orders(state, player))
    asked = game.prompt(state, player)
    view["prompt"] = asked.text if asked else None
    view["facts"] = facts(game, state, player)
    view["standing"] = list(state.get("standing", {}).get(player, []))
    return view


def facts(game: SimsGame, state: SimsState, player: str) -> JsonObject:
    """What a plan may branch on (documented in games/the_sims/orders.yaml `facts:`)."""
    mine = seat(state, player)
    turn = state["turn"]
    mine_now = turn["player"] == player and not state["over"]
    current = mine["aspiration"] if mine["aspiration"] != HIDDEN else None
    drawn = mine["drawn"] if mine["drawn"] not in (None, HIDDEN) else None
    done, friends_ = solo_goals(state, player)
    return {
        "my_turn": mine_now,
        "step": turn["step"] if mine_now else "wait",
        "at": mine["at"],
        "full_needs": m.full_needs(state, player),
        "empty_needs": m.empty_needs(state, player),
        "full": len(m.full_needs(state, player)),
        "points": points(state, player),
        "aspiration": current or "",
        "aspiration_left": left_for(state, player, current),
        "met": met(state, player, current),
        "drawn": drawn or "",
        "drawn_left": left_for(state, player, drawn) if drawn else 0,
        "sims": friends_,
        "completed": done,
        "cards": len(mine["cards"]),
        "hub": m.hub_cards(state),
        "here": m.others_at(state, player),
        **game.score_facts(state, player),
    }


def status_lines(game: SimsGame, state: SimsState) -> list[str]:
    turn = state["turn"]
    lines = [] if state["over"] else [
        f"turn {turn['number']}: {turn['player']} to play ({m.STEPS[turn['step']]})"]
    if m.solo(state):
        (player,) = state["players"]
        done, friends_ = solo_goals(state, player)
        lines.append(f"{player}: {counted(done, 'Aspiration')} completed, "
                     f"{counted(friends_, 'Sim')} at home")
    else:
        lines.append("points: " + ", ".join(f"{p} {points(state, p)}"
                                            for p in state["players"]))
    lines.append(f"Action pile {len(state['pile'])}, Iconic Sims pile "
                 f"{len(state['sims_pile'])}; defaults without standing orders: raise the "
                 "first EMPTY Need, lower the last FULL one")
    return lines


def order_help(game: SimsGame) -> JsonObject:
    rows = [[name, " ".join(spec["symbols"]), ", ".join(spec["raises"]) or "-",
             ACTION_NAMES.get(spec["action"] or "", "-"), spec["copies"]]
            for name, spec in cards().items()]
    venue_rows = [[f"{v['card']}{v['side']}", v["name"], v["need"], " ".join(v["symbols"])]
                  for i, sides in enumerate(venue_cards()) for side, v in
                  ((s, Venue(**sides[s], side=s, card=i + 1)) for s in SIDES)]
    return {
        "limit": "any number of orders; the file must finish your turn or stop at an order "
                 "whose outcome is chance or hidden (interact, Go Home's draw, a card that "
                 "rolls)",
        "values": {
            "venue": [v[1] for v in venue_rows],
            "card": list(cards()),
            "need": needs(),
            "home": list(homes()),
            "aspiration": list(aspirations()),
            "sim": list(sims()),
            "second": "a second Need (2-5 players) or the first card of a set (alone)",
            "third": "an Action card (see card)", "fourth": "an Action card (see card)",
            "give": "an Action card of yours", "take": "an Action card (see card)",
            "card1": "an Action card (see card)", "card2": "an Action card (see card)",
            "card3": "an Action card (see card)",
            "raise_need": "a Need (see need)", "lower_need": "a Need (see need)",
            "player": "a player's name",
        },
        "tables": [
            ("Venues (reconstructed; games/the_sims/venues.yaml)",
             ["side", "Venue", "Need", "SIMbols"], venue_rows),
            ("Aspirations (reconstructed; numbers for setup aspirations=...)",
             ["#", "Aspiration", "SIMbols"],
             [[i + 1, n, " + ".join(k)] for i, (n, k) in enumerate(aspirations().items())]),
            ("Iconic Sims (reconstructed interests)", ["Sim", "interest"],
             [[n, k] for n, k in sims().items()]),
            ("Home cards (reconstructed)", ["Home", "SIMbol"],
             [[n, k] for n, k in homes().items()]),
            ("Action cards (reconstructed; games/the_sims/cards.yaml)",
             ["card", "SIMbols", "raises", "action", "copies"], rows),
        ],
    }


def describe(game: SimsGame, name: str) -> str | None:
    """A name an order gives, as an editor's hover shows it, from the game's data: a Venue
    (its card and side, the Need it shows, its SIMbols), an Action card (card_line), a Home,
    an Aspiration or an Iconic Sim. The name in any letter case."""
    found: dict[str, str] = {}
    for index, sides in enumerate(venue_cards()):
        for side in SIDES:
            venue = sides[side]
            found[venue["name"].lower()] = (
                f"{venue['name']} (Venue, card {index + 1} side {side}): Need "
                f"{venue['need']}; SIMbols {' '.join(venue['symbols'])}")
    for card_name in cards():
        found[card_name.lower()] = f"Action card: {card_line(card_name)}"
    for home, symbol in homes().items():
        found[home.lower()] = f"{home} (Home): SIMbol {symbol}"
    for aspiration, kinds in aspirations().items():
        found[aspiration.lower()] = f"{aspiration} (Aspiration): SIMbols {' + '.join(kinds)}"
    for sim, interest in sims().items():
        found[sim.lower()] = f"{sim} (Iconic Sim): interest {interest}"
    return found.get(name.strip().lower())


def held(game: SimsGame, state: SimsState, player: str) -> list[str]:
    """The Action cards in the player's hand (their own view)."""
    return [n for n in seat(state, player)["cards"] if n in cards()]

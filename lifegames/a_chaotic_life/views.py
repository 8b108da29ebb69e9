"""What each player sees: one sheet per tick, the order template, the JSON views, the facts, the
status lines and the order reference. Each is made from the player's view of the state, which
the engine derives from state.py: it holds their own hand, pouch, standing orders and private
log lines; of the others' cards only counts (HIDDEN placeholders); of the deck its size."""

from __future__ import annotations

from ..engine.base.jsondata import JsonObject
from ..engine.base.words import counted
from ..engine.core import orders as order_syntax
from ..engine.text.sheets import commented, document, section, table
from . import model as m
from .data import (
    KINDS,
    TYPE_NAMES,
    card,
    cards,
    find,
    goal_card,
    names,
    rules,
    stage_words,
    stages,
    tag_words,
)
from .effects import EFFECT_KINDS, gain_text
from .model import breakdown, left_text, verdict
from .moves import seen_by
from .state import ChaoticGame, ChaoticState

GRAMMAR = "a_chaotic_life"


# -- small pieces --------------------------------------------------------------------------------


def card_text(name: str) -> str:
    """A card's rules in one line, from its data (the sheets' and the reference's)."""
    spec = card(name)
    parts: list[str] = []
    if spec["stages"] != stages() and spec["type"] != "age":
        parts.append("as " + "/".join(s.capitalize() for s in spec["stages"]))
    if spec["needs"]:
        parts.append("needs " + " and ".join(m.describe(n) for n in spec["needs"]))
    if spec["cost"]:
        parts.append(f"costs {spec['cost']} (the kind you hold most)")
    for effect, value in spec["effects"]:
        parts.append(EFFECT_KINDS[effect].describe(value))
    react = spec["react"]
    if react:
        to = ", ".join(react["to"] + [TYPE_NAMES[t] + " cards" for t in react["types"]])
        what = ", ".join(react["mods"])
        bonus = f"you take {gain_text(react['bonus'])}" if react["bonus"] else ""
        parts.append(f"reacts to {to}: " + "; ".join(p for p in (what, bonus) if p))
    if spec["worth"]:
        parts.append(f"worth {gain_text(spec['worth'])} at the end")
    if spec["free"]:
        parts.append("not an action")
    place = {"timeline": "", "above_adult": "placed above the Adult card",
             "front": "in front of you", "discard": "", "deck": "then back into the deck"}
    if spec["type"] not in ("item", "minigoal", "lifegoal") and place[spec["place"]]:
        parts.append(place[spec["place"]])
    return "; ".join(p for p in parts if p)


def _header(state: ChaoticState, player: str) -> str:
    turn = state["turn"]
    where = "game over" if state["over"] else f"turn {turn['number']}, {turn['player']} to play"
    return f"A Chaotic Life! - {player}'s sheet - tick {state['tick']} ({where})"


def timeline_text(state: ChaoticState) -> str:
    rows = []
    for entry in state["timeline"]:
        above = f" (above it: {', '.join(entry['above'])})" if entry["above"] else ""
        rows.append([entry["card"] + above, TYPE_NAMES[card(entry["card"])["type"]],
                     entry["stage"].capitalize()])
    grid = table(rows, ["card", "type", "stage when played"])
    record = []
    for stage in stages():
        if stage in state["history"]:
            notes = ", ".join(tag_words(t) for t in state["history"][stage]) or "-"
            record.append(f"  {stage.capitalize()}: {notes}")
    married = "married" if m.married(state) else "not married"
    return (f"The CP is {stage_words(state['stage'])} ({married}).\n{grid}\n"
            f"What happened to the CP, stage by stage:\n" + "\n".join(record))


def box_text(state: ChaoticState) -> str:
    left = ", ".join(f"{m.in_box(state, k)} {k}" for k in KINDS)
    if rules()["counter_limit"]:
        return f"Counters left in the box: {left}"
    return f"In the box: {left} (when it is empty, any token stands in)"


def players_table(state: ChaoticState) -> str:
    body = []
    for index, player in enumerate(state["players"]):
        parts = breakdown(state, player)
        front = ", ".join(state["front"][player] + state["claimed"][player]) or "-"
        body.append([index + 1, player, goal_card(parts["goal"]), parts["happiness"],
                     parts["sadness"], len(m.hand(state, player)), len(m.pouch(state, player)),
                     front, parts["score"]])
    return table(body, ["seat", "player", "goal", "happiness", "sadness", "hand", "pouch",
                        "in front of them", "score"])


def table_text(state: ChaoticState) -> str:
    discard = state["discard"]
    goals = ", ".join(f"{n} ({card_text(n)})" for n in state["minigoals"]) or "all claimed"
    removed = len(state["removed"])
    # after a rebuild everyone saw what went into the deck: the sheet remembers it for them
    rebuilt = (f"; each card in it is one of {', '.join(state['rebuilt'])} (the discard pile "
               "it was rebuilt from, with any card put back since)"
               if state["reshuffles"] and state["deck"] and "rebuilt" in state else "")
    return (f"Deck: {counted(len(state['deck']), 'card')}, face down{rebuilt}. "
            f"Discard pile: {len(discard)}"
            + (f", top {discard[-1]} (all, oldest first: {', '.join(discard)})" if discard
               else "") + ".\n"
            f"Removed face down by swaps: {removed}. {box_text(state)}.\n"
            f"Open Mini-Goals: {goals}." + house_rule_text(state))


def house_rule_text(state: ChaoticState) -> str:
    """The house rule max_rounds, when the game was set up with it (nothing otherwise): the
    rulebook's game has no such end, so the sheet says it is the table's own."""
    rounds = state.get("max_rounds")
    if not rounds:
        return ""
    done = int(state["turns"]) // len(state["players"])
    return (f"\nHouse rule (not a rule of the game): the CP dies of old age after "
            f"{counted(rounds, 'whole round')}; {done} done.")


def own_cards(state: ChaoticState, player: str) -> str:
    lines = [f"Hand ({len(m.hand(state, player))} of {rules()['hand_limit']}):"]
    lines += [f"  {n} [{TYPE_NAMES[card(n)['type']]}]: {card_text(n)}"
              for n in m.hand(state, player)] or ["  (empty)"]
    lines.append(f"Item Pouch ({len(m.pouch(state, player))} of {rules()['pouch_size']}):")
    lines += [f"  {n}: {card_text(n)}" for n in m.pouch(state, player)] or ["  (empty)"]
    lines += turn_end_forecast(state, player)
    mine = [n for o, n in state["removed"] if o == player]
    if mine:
        lines.append(f"You removed face down: {', '.join(mine)}")
    return "\n".join(lines)


def turn_end_forecast(state: ChaoticState, player: str) -> list[str]:
    """What end_turn will do to a hand over the limit (model.turn_end_limit, which the action
    runs too): nothing leaves the hand unannounced."""
    pouched, dropped = m.turn_end_limit(state, player)
    if not pouched and not dropped:
        return []
    done = ([f"move {', '.join(pouched)} into your Item Pouch"] if pouched else []) + (
        [f"discard {', '.join(dropped)}"] if dropped else [])
    return [f"Over the hand limit: end_turn will {' and '.join(done)}. To choose otherwise, "
            "write discard_down(...), pouch(...) or unpouch(...) before end_turn."]


def standing_text(state: ChaoticState, player: str) -> str:
    """The standing orders in force for this player. A react order whose Item has left the
    player's hand and pouch stays in force (another copy, or the same card won back, would
    answer it again), so it is still listed, apart, as idle until then."""
    texts = state.get("standing", {}).get(player, [])
    idle = [t for t in texts if _idle(state, player, t)]
    lines = [f"  standing {t}" for t in texts if t not in idle]
    if idle:
        lines += ["  idle, as you hold none of their Items now (still in force):",
                  *(f"    standing {t}" for t in idle)]
    return "\n".join((lines or ["  (none)"]) + [
        "With no react order that applies, you play no Item when a card is played; with no",
        "accept/decline that applies, an offer to you waits for your next file (an empty",
        "file declines it)."])


def _idle(state: ChaoticState, player: str, text: str) -> bool:
    """A standing react whose Item the player no longer holds, in hand or pouch."""
    parsed = order_syntax.parse_text(GRAMMAR, text, "standing")
    order = parsed.orders[0] if len(parsed.orders) == 1 else None
    item = order.arg("item") if order is not None and order.command == "react" else None
    name = find(str(item.value)) if item is not None else None
    return name is not None and name not in m.holding(state, player)


def score_text(state: ChaoticState, player: str) -> str:
    return f"{player} ({goal_card(m.goal(state, player))}): {score_detail(state, player)}"


def score_detail(state: ChaoticState, player: str) -> str:
    """How the player's score is made, from the model's breakdown: the counters, what is left
    once they cancel, what the cards in front add, the score and the tie-break total. The
    sheet and the board picture both print it, so the two never disagree."""
    parts = breakdown(state, player)
    extra = parts["cards"]
    cards_line = ", ".join(f"{n} {k}" for k, n in extra.items() if n) or "none"
    return (f"{parts['happiness']} happiness, {parts['sadness']} sadness -> "
            f"{left_text(parts)}; from cards: {cards_line}; score {parts['score']} "
            f"{parts['goal']} (total {parts['total']})")


def orders_text(game: ChaoticGame, state: ChaoticState, player: str) -> str:
    asked = game.prompt(state, player)
    legal = list(game.legal_orders(state, player))
    if not legal:
        waiting = state["offer"]["to"] if state["offer"] else state["turn"]["player"]
        return (f"Waiting for {waiting}. Your file is read on your own turn or when someone "
                "offers you a trade; Items react through your standing orders.")
    turn = state["turn"]
    lead = asked.text if asked else (
        f"{player}: your turn. Actions used: {turn['used']} of {turn['actions']}.")
    plain, warned = weighed(game, state, player, legal)
    return "\n".join([lead, "Legal orders now:", *(f"  {o}" for o in plain),
                      *warned_lines(warned, "  ")])


def weighed(game: ChaoticGame, state: ChaoticState, player: str, legal: list[str]
            ) -> tuple[list[str], list[list[str]]]:
    """The legal orders without a warning, and those `check` would warn of (each with its
    W- code), judged on the player's view: a list that leads with what makes sense."""
    parsed = order_syntax.parse_text(GRAMMAR, "\n".join(legal), "legal")
    if len(parsed.orders) != len(legal):  # cannot happen: every legal order parses
        return legal, []
    plain, warned = [], []
    for text, order in zip(legal, parsed.orders, strict=True):
        found = game.warnings(state, player, order)
        if found:
            warned.append([text, found[0].code])
        else:
            plain.append(text)
    return plain, warned


def warned_lines(warned: list[list[str]], lead: str) -> list[str]:
    if not warned:
        return []
    width = max(len(text) for text, _ in warned)
    return ["Legal, but check warns of them (python3 play.py check says why):",
            *(f"{lead}{text.ljust(width)}  {code}".rstrip() for text, code in warned)]


def _when(tick: int) -> str:
    return f"tick {tick}" if tick else "setup"


def sheet(game: ChaoticGame, state: ChaoticState, player: str) -> str:
    recent = [f"- {_when(e['tick'])}: {seen_by(e, player)}" for e in state["recent"]]
    events = section("Recent events", "\n".join(recent) or "- the game has just begun")
    scores = "\n".join(score_text(state, p) for p in state["players"])
    if state["over"]:  # the result first; the hand, the table and orders no longer matter
        return document(_header(state, player), [
            section("Game over", f"{game.result(state).summary}\n"
                                 f"{verdict(state, player)}\nHow each score is made:\n"
                                 + scores),
            section("Players", players_table(state)),
            section("The Central Person", timeline_text(state)),
            events,
        ])
    return document(_header(state, player), [
        section("The Central Person", timeline_text(state)),
        section("Players", players_table(state)),
        section("Table", table_text(state)),
        section("Your cards", own_cards(state, player)),
        section("Your standing orders", standing_text(state, player)),
        section("Scores so far", scores),
        events,
        section("Your orders", orders_text(game, state, player)),
    ])


def views(game: ChaoticGame, state: ChaoticState, player: str) -> dict[str, str]:
    return {f"{player.lower()}_sheet.txt": sheet(game, state, player)}


def order_template(game: ChaoticGame, state: ChaoticState, player: str) -> str:
    if state["over"]:
        return commented([f"{player}: the game is over, no more orders.",
                          game.result(state).summary])
    legal = list(game.legal_orders(state, player))
    if not legal:
        waiting = state["offer"]["to"] if state["offer"] else state["turn"]["player"]
        return commented([
            f"{player}: waiting for {waiting}. Your orders are read on your own turn, or when",
            "someone offers you a trade. Standing orders (standing react(...), standing",
            "accept(...), standing decline()) may be written here at any time: they take",
            "effect when the next tick is played if the file keeps its first line, ends with",
            "`end` and holds no mistake; your sheet shows those in force.",
        ])
    usages = [order_syntax.usage(GRAMMAR, cmd) for cmd in order_syntax.commands(GRAMMAR)]
    lines = [
        f"{player}'s orders for tick {state['tick'] + 1} (turn {state['turn']['number']}).",
        "One order per line; lines starting with # are ignored. End your turn with end_turn;",
        "a file may also stop after a draw, a steal or an offer (you see the outcome next",
        f"tick). Check it: python3 play.py check {player}",
        "",
        "Commands (python3 play.py orders a-chaotic-life explains each):",
        *(f"  {u}" for u in usages),
        "",
        "Every order that is legal right now (remove the # to use one):",
    ]
    plain, warned = weighed(game, state, player, legal)
    return (commented(lines) + "".join(f"# {o}\n" for o in plain)
            + commented(warned_lines([[t, f"# {code}"] for t, code in warned], "")))


# -- JSON views ------------------------------------------------------------------------------------


def _public(game: ChaoticGame, state: ChaoticState, viewer: str | None) -> JsonObject:
    turn = state["turn"]
    players: JsonObject = {}
    for player in state["players"]:
        parts = breakdown(state, player)
        secret = viewer is not None and viewer != player
        players[player] = {
            "goal": parts["goal"],
            "happiness": parts["happiness"],
            "sadness": parts["sadness"],
            "hand": len(m.hand(state, player)) if secret else list(m.hand(state, player)),
            "pouch": len(m.pouch(state, player)) if secret else list(m.pouch(state, player)),
            "front": list(state["front"][player]),
            "claimed": list(state["claimed"][player]),
            "score": parts["score"],
            "total": parts["total"],
        }
    view: JsonObject = {
        "game": "a-chaotic-life",
        "tick": state["tick"],
        "players": players,
        "seats": list(state["players"]),
        "stage": state["stage"],
        "timeline": [dict(e, above=list(e["above"])) for e in state["timeline"]],
        "history": {s: list(t) for s, t in state["history"].items()},
        "deck": len(state["deck"]),
        "discard": list(state["discard"]),
        "removed": len(state["removed"]),
        "box": {k: m.in_box(state, k) for k in KINDS},
        "minigoals": list(state["minigoals"]),
        "turn": {"player": turn["player"], "number": turn["number"], "actions": turn["actions"],
                 "used": turn["used"], "phase": turn["phase"]},
        "offer": dict(state["offer"]) if state["offer"] else None,
        "turns": state["turns"],
        "over": state["over"],
        "recent": [seen_by(e, viewer) for e in state["recent"]],
    }
    if state["over"]:
        result = game.result(state)
        view["result"] = {"summary": result.summary, "winners": result.winners}
    return view


def public_state(game: ChaoticGame, state: ChaoticState) -> JsonObject:
    """The referee's view: every hand and pouch by card name; the deck by its size."""
    return _public(game, state, None)


def player_state(game: ChaoticGame, state: ChaoticState, player: str) -> JsonObject:
    """One player's view: their own hand and pouch by name, the others' as counts."""
    view = _public(game, state, player)
    view["you"] = player
    view["standing"] = list(state.get("standing", {}).get(player, []))
    view["legal_orders"] = list(game.legal_orders(state, player))
    asked = game.prompt(state, player)
    view["prompt"] = asked.text if asked else None
    view["facts"] = facts(game, state, player)
    return view


def facts(game: ChaoticGame, state: ChaoticState, player: str) -> JsonObject:
    """What a plan may branch on (documented in games/a_chaotic_life/orders.yaml `facts:`)."""
    turn = state["turn"]
    mine = m.counters(state, player)
    offer = state["offer"]
    my_turn = not state["over"] and turn["player"] == player and not offer
    return {
        "my_turn": my_turn,
        "actions_left": max(0, turn["actions"] - turn["used"]) if my_turn else 0,
        "hand": list(m.hand(state, player)),
        "hand_size": len(m.hand(state, player)),
        "pouch": list(m.pouch(state, player)),
        "over_limit": max(0, len(m.hand(state, player)) - rules()["hand_limit"]),
        "happiness": mine["happiness"],
        "sadness": mine["sadness"],
        "goal": m.goal(state, player),
        "score": breakdown(state, player)["score"],
        "stage": state["stage"],
        "married": m.married(state),
        "drawn": turn["drawn"][-1] if my_turn and turn["drawn"] else "",
        "ready": list(turn["ready"]) if my_turn else [],
        "deck_size": len(state["deck"]),
        "discard_top": state["discard"][-1] if state["discard"] else "",
        "offer_to_me": bool(offer and offer["to"] == player),
        "offer_waiting": bool(offer),
        "minigoals": list(state["minigoals"]),
        **game.score_facts(state, player),
    }


def status_lines(game: ChaoticGame, state: ChaoticState) -> list[str]:
    turn = state["turn"]
    lines = []
    if not state["over"]:
        lines.append(f"turn {turn['number']}: {turn['player']} to play ({turn['used']} of "
                     f"{turn['actions']} actions used)")
        if state["offer"]:
            offer = state["offer"]
            lines.append(f"{offer['from']}'s trade offer waits for {offer['to']}'s answer")
    lines.append(f"the CP is {stage_words(state['stage'])}; deck {len(state['deck'])}, "
                 f"discard {len(state['discard'])}; {box_text(state).lower()}")
    if state["over"]:
        return lines  # the result follows
    lines.append("scores so far: " + ", ".join(
        f"{p} {breakdown(state, p)['score']} {state['goals'][p]}" for p in state["players"]))
    return lines + items_played(state)


def items_played(state: ChaoticState) -> list[str]:
    """The Items played in the tick just run, as its log tells them (nothing when none was:
    a status says only what happened)."""
    return [f"last tick: {e['text']}" for e in state["log"]
            if " in reaction to " in e["text"] or " face up: " in e["text"]]


def order_help(game: ChaoticGame) -> JsonObject:
    rows = [[n, TYPE_NAMES[s["type"]], s["copies"], card_text(n)] for n, s in cards().items()]
    playable = [n for n in names() if card(n)["type"] not in ("minigoal", "lifegoal")]
    return {
        "limit": "up to three actions a turn (four after Early Riser); a file ends your turn "
                 "with end_turn, or stops after a draw, a steal or an offer",
        "values": {
            "card": playable,
            "player": "another player's name, as your sheet's Players table gives it",
            "kind": list(KINDS),
            "give": "any mix of cards (see card) and counters, comma-separated, or nothing; "
                    "for example: nothing | 1 happiness | 2 sadness | Camera | Mouse, 1 sadness",
            "want": "the same as give, and a card (one of their choice, at most once); for "
                    "example: nothing | a card | 1 happiness | Bandage | a card, 2 sadness",
            "goal": names("minigoal"),
            "other": playable,
            "item": names("item"),
            "trigger": "any, a card type (age, event, special, interact, pet, neighbor) or "
                       "a card name (see card)",
            "whose": "mine, others, any or a player's name",
            "judge": ["helps"],
            "effect": ["helps", "hurts", "any"],
        },
        "tables": [("The cards (reconstructed; games/a_chaotic_life/cards.yaml)",
                    ["card", "type", "copies", "what it does"], rows)],
    }


def describe(game: ChaoticGame, name: str) -> str | None:
    """A card as an editor's hover shows it: its type, copies and what it does (card_text,
    from cards.yaml). The name in any letter case."""
    found = {n.lower(): n for n in cards()}.get(name.strip().lower())
    if found is None:
        return None
    spec = card(found)
    what = card_text(found) or (f"collects {spec['goal']}" if spec.get("goal") else "")
    copies = counted(spec["copies"], "copy", "copies")
    return f"{found} ({TYPE_NAMES[spec['type']]} card, {copies} in the deck): {what}".rstrip(": ")


def held(game: ChaoticGame, state: ChaoticState, player: str) -> list[str]:
    """The cards of the player's hand, then of their Item Pouch (their own view)."""
    return [n for n in [*m.hand(state, player), *m.pouch(state, player)] if n in cards()]

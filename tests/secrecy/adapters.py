"""Each game's side of the generic secrecy tests, written from its rules (never from its
declaration: a field declared public by mistake must not escape because the test read the same
mistake). A game not migrated yet has no adapter: phase 2 writes it with the game's state.py.
"""

from __future__ import annotations

import random
import re
from typing import Any

from lifegames import registry
from lifegames.engine.contract import clone

from ..reliability.test_hidden import explore_probes, terrain_twin
from .support import Adapter, Finder

State = dict[str, Any]


# -- A Chaotic Life! -------------------------------------------------------------------------------


def _acl_names() -> list[str]:
    from lifegames.a_chaotic_life.data import names

    return list(names())


def _acl_hidden(state: State, player: str) -> set[str]:
    """By the rules: the deck, the other players' hands and Item Pouches, the cards they
    removed face down."""
    found = set(state["deck"])
    for other in state["players"]:
        if other != player:
            found |= set(state["hands"][other]) | set(state["pouches"][other])
    found |= {name for owner, name in state["removed"] if owner != player}
    return found


def _acl_visible(state: State, player: str) -> set[str]:
    """By the rules: the player's own cards, everything face up on the table, the terms of an
    offer, what the log told them (its public lines, and their own private lines), and the
    words of the rules printed on the cards they can see (an Item reacts to Volcano!, a Cat
    chases the Mouse); a card type or a life stage is a word of the rules, not a card."""
    from lifegames.a_chaotic_life.data import TYPE_NAMES, card, names

    seen = set(state["hands"][player]) | set(state["pouches"][player])
    seen |= set(state["discard"]) | set(state["minigoals"]) | set(state["lifegoals"])
    seen |= {state["goal_card"]}
    for entry in state["timeline"]:
        seen |= {entry["card"], *entry["above"]}
    for other in state["players"]:
        seen |= set(state["front"][other]) | set(state["claimed"][other])
    seen |= {name for owner, name in state["removed"] if owner == player}
    if state["offer"]:
        seen |= set(state["offer"]["give"]["cards"]) | set(state["offer"]["want"]["cards"])
    finder = Finder(names())
    for entry in state["log"] + state["recent"]:
        seen |= finder.found(entry["private"].get(player, entry["text"]))
    # the player's own standing orders: what they wrote (a bot's name every Item it may hold)
    seen |= finder.found("\n".join(state.get("standing", {}).get(player, [])))
    for name in list(seen):
        spec = card(name) if name in names() else None
        if spec:
            seen |= {value for kind, value in spec["effects"] if kind == "chase"}
            seen |= set((spec["react"] or {}).get("to", []))
    seen |= set(TYPE_NAMES.values()) | {s.capitalize() for s in _stages()} | RULE_WORDS
    return seen


# Card names the rules' own messages print whatever is hidden: "end your turn with end_turn
# (Early Riser gives one more)", "The CP died (Death!)".
RULE_WORDS = {"Early Riser", "Death!"}


def _stages() -> list[str]:
    from lifegames.a_chaotic_life.data import stages

    return stages()


def _acl_redraw(state: State, player: str, rng: random.Random) -> State | None:
    """The same game as `player` knows it, every card hidden from them dealt again: the deck,
    the others' hands and pouches and the cards they removed face down; the Items the turn
    player moved this turn are again among their own Items."""
    from lifegames.a_chaotic_life.data import card

    other = clone(state)
    others = [p for p in state["players"] if p != player]
    pool = list(state["deck"])
    for p in others:
        pool += state["hands"][p] + state["pouches"][p]
    offer = state["offer"]
    shown = list(offer["give"]["cards"]) if offer and offer["from"] != player else []
    for name in shown:  # a card on offer is known to be the offerer's
        pool.remove(name)
    removed = [i for i, (owner, _) in enumerate(state["removed"]) if owner != player]
    pool += [state["removed"][i][1] for i in removed]
    rng.shuffle(pool)

    def deal(count: int, fits: Any) -> list[str] | None:
        chosen = [n for n in pool if fits(n)][:count]
        for name in chosen:
            pool.remove(name)
        return chosen if len(chosen) == count else None

    for p in others:
        keep = shown if offer and offer["from"] == p else []
        pouch = deal(len(state["pouches"][p]), lambda n: card(n)["type"] == "item")
        hand = deal(len(state["hands"][p]) - len(keep), lambda n: not card(n)["drawn"])
        if pouch is None or hand is None:
            return None
        other["pouches"][p], other["hands"][p] = pouch, hand + keep
    for i in removed:
        got = deal(1, lambda n: card(n)["type"] in ("item", "special", "pet"))
        if not got:
            return None
        other["removed"][i] = [state["removed"][i][0], got[0]]
    other["deck"] = pool
    mover = state["turn"]["player"]
    if mover != player and state["turn"]["moved"]:
        items = [n for n in other["hands"][mover] + other["pouches"][mover]
                 if card(n)["type"] == "item"]
        if len(items) < len(state["turn"]["moved"]):
            return None
        other["turn"]["moved"] = rng.sample(items, len(state["turn"]["moved"]))
    return other


def _acl_probes(state: State, player: str) -> list[str]:
    """Order files naming cards the others hold: their errors must not tell."""
    names = sorted({n for p in state["players"] if p != player
                    for n in state["hands"][p] + state["pouches"][p]})[:4]
    target = next(p for p in state["players"] if p != player)
    out = []
    for name in names:
        out += [f'discard("{name}")\nend_turn', f'play("{name}")\nend_turn',
                f'pouch("{name}")\nend_turn', f'offer("{target}", "{name}", "a card")',
                f'accept("{name}")']
    return out + [f'play_on("Pickpocket", "{target}")', "draw"]


def _acl_prepare(state: State) -> None:
    """The bots leave standing react orders for their Items, as players would; Cleo (or the
    last player) also leaves standing answers to offers, so trades are settled both ways."""
    from lifegames.a_chaotic_life.bots import equip

    equip(state)
    last = state["players"][-1]
    answers = ['accept()'] if state["tick"] % 2 else ["decline()"]
    state.setdefault("standing", {})[last] = [*answers, *state["standing"].get(last, [])]


def _acl_scripted() -> list[tuple[str, State, str]]:
    """What the bots seldom do: claim a Mini-Goal; move an Item into the pouch and stop the
    file after a draw (the turn goes on next tick, its moves recorded); take it out again."""
    from ..a_chaotic_life.helpers import ANA, arrange, new_state

    claim = arrange(new_state(), history={"baby": ["traveled"], "child": ["traveled"]},
                    stage="child", player=ANA)
    moves = arrange(new_state(), hands={ANA: ["Leash", "Camera", "Lock"]}, player=ANA)
    back = arrange(new_state(), hands={ANA: ["Camera"]}, pouches={ANA: ["Leash"]}, player=ANA)
    return [("a scripted claim", claim, 'claim("Globetrotter")\nend_turn\n'),
            ("a scripted pouch move", moves, 'pouch("Leash")\npouch("Lock")\ndraw()\n'),
            ("a scripted unpouch", back, 'unpouch("Leash")\ndraw()\n')]


def _acl_fired(events: list[str]) -> set[str]:
    """An Item played by a standing react order; an offer answered by a standing order."""
    text = "\n".join(events)
    fired = {"react"} if " in reaction to " in text else set()
    fired |= {"accept"} if "accepted (standing order)" in text else set()
    return fired | ({"decline"} if "declined (standing order)" in text else set())


CHAOTIC = Adapter("a-chaotic-life", ["Ana", "Ben", "Cleo"], _acl_names, _acl_hidden,
                  _acl_visible, _acl_redraw, _acl_probes, _acl_prepare,
                  games=((3, "random", 5), (4, "greedy", 5)), scripted=_acl_scripted,
                  fired=_acl_fired)


# -- Simple Kingdoms -------------------------------------------------------------------------------


def _sk_names() -> list[str]:
    """Every terrain of rules.yaml (the start terrain and the d6 table's)."""
    from lifegames.simple_kingdoms.data import rules

    data = rules()
    return list(dict.fromkeys([data["map"]["start_terrain"], *data["terrain_d6"].values()]))


def _sk_hidden(state: State, player: str) -> set[str]:
    """By the rules: the terrain of every tile nobody has explored."""
    return {t["terrain"] for t in state["tiles"] if not t["explored"]}


def _sk_visible(state: State, player: str) -> set[str]:
    """By the rules: the terrain of every explored tile (both kingdoms see it)."""
    return {t["terrain"] for t in state["tiles"] if t["explored"]}


def _sk_redraw(state: State, player: str, rng: random.Random) -> State | None:
    """Every unexplored tile with another terrain (None: every tile is explored)."""
    return terrain_twin(state, rng)


def _sk_probes(state: State, player: str) -> list[str]:
    """Files that march soldiers onto an unexplored tile, and build there at once."""
    marches = explore_probes(registry.get("simple-kingdoms"), state, player)[:2]
    out = list(marches)
    for march in marches[:1]:
        row, col = re.findall(r"\d+", march)[2:4]  # move_soldiers(r,c, ROW,COL, n)
        out.append(f'{march}\nbuild({row},{col}, "farm")')
    return out


KINGDOMS = Adapter("simple-kingdoms", ["Ironhold", "Thornvale"], _sk_names, _sk_hidden,
                   _sk_visible, _sk_redraw, _sk_probes,
                   games=((11, "random", 1), (12, "greedy", 1)))


ADAPTERS = {a.game_id: a for a in (CHAOTIC, KINGDOMS)}

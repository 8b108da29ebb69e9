"""Each game's side of the generic secrecy tests, written from its rules (never from its
declaration: a field declared public by mistake must not escape because the test read the same
mistake): what is hidden from a player and what they may see, by name, and the order files that
probe the secrets. Every game has one; a new game writes its own with its state.py. The
secrets are dealt again by the engine's `resample`, from the declaration (test_secrecy).
"""

from __future__ import annotations

import random
import re
from typing import Any

from lifegames import registry
from lifegames.engine.core.contract import clone

from ..reliability.test_hidden import explore_probes, purchase_probes
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
    """By the rules: the player's own cards, everything face up on the table (and the cards a
    rebuilt deck was made of, the Age card of each pile it was stacked from), the terms of an
    offer (waiting, or declined this turn), what the log told them (its public lines, and
    their own private lines), and the words of the rules printed on the cards they can see
    (an Item reacts to Volcano!, a Cat chases the Mouse); a card type or a life stage is a
    word of the rules, not a card."""
    from lifegames.a_chaotic_life.data import TYPE_NAMES, card, names

    seen = set(state["hands"][player]) | set(state["pouches"][player])
    seen |= set(state["discard"]) | set(state["minigoals"]) | set(state["lifegoals"])
    seen |= {state["goal_card"]}
    # what a rebuilt deck was made of: the discard pile, face up, and the played cards put back
    seen |= set(state.get("rebuilt", []))
    # how the deck was stacked: the Age card shuffled into each pile at setup
    seen |= {age for _, age, _ in state.get("piles", []) if age}
    for entry in state["timeline"]:
        seen |= {entry["card"], *entry["above"]}
    for other in state["players"]:
        seen |= set(state["front"][other]) | set(state["claimed"][other])
    seen |= {name for owner, name in state["removed"] if owner == player}
    if state["offer"]:
        seen |= set(state["offer"]["give"]["cards"]) | set(state["offer"]["want"]["cards"])
    finder = Finder(names())
    # the offers declined this turn, made in the open (a declined offer is not made again)
    seen |= finder.found("\n".join(state["turn"].get("declined", [])))
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


def _acl_probes(state: State, player: str) -> list[str]:
    """Order files naming cards the others hold: their errors must not tell. Two cards at a
    state, others at the next (every state is looked at)."""
    held = sorted({n for p in state["players"] if p != player
                   for n in state["hands"][p] + state["pouches"][p]})
    start = 2 * (state["turn"]["number"] + state["turn"]["used"]) % max(1, len(held))
    names = (held[start:] + held[:start])[:2]
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
    file after drawing a card the others see nowhere else (the turn goes on next tick, its
    moves and draw recorded); take it out again; make an offer that waits for its answer (the
    bots' offers are answered at once by standing orders); discard down to the hand limit
    (a hand over it comes from a trade or Gifts!, which a bot game may not bring)."""
    from ..a_chaotic_life.helpers import ANA, BEN, CLEO, arrange, new_state

    claim = arrange(new_state(), history={"baby": ["traveled"], "child": ["traveled"]},
                    stage="child", player=ANA)
    moves = arrange(new_state(), hands={ANA: ["Leash", "Camera", "Lock"]}, top=["Passport"],
                    player=ANA)
    back = arrange(new_state(), hands={ANA: ["Camera"]}, pouches={ANA: ["Leash"]}, player=ANA)
    offer = arrange(new_state(), hands={ANA: ["Leash", "Camera"], BEN: ["Travel", "Party"],
                                        CLEO: ["Lock"]}, player=ANA)
    over = arrange(new_state(), hands={ANA: ["Leash", "Camera", "Lock", "Party", "Travel",
                                            "Neighbor"]}, player=ANA)
    return [("a scripted claim", claim, 'claim("Globetrotter")\nend_turn\n'),
            ("a scripted discard down", over, 'discard_down("Party")\nend_turn\n'),
            ("a scripted pouch move", moves, 'pouch("Leash")\npouch("Lock")\ndraw()\n'),
            ("a scripted unpouch", back, 'unpouch("Leash")\ndraw()\n'),
            ("a scripted offer", offer, 'offer("Ben", "Leash", "a card")\n')]


def _acl_fired(events: list[str]) -> set[str]:
    """An Item played by a standing react order; an offer answered by a standing order."""
    text = "\n".join(events)
    fired = {"react"} if " in reaction to " in text else set()
    fired |= {"accept"} if re.search(r"accepted \S+ offer by standing order", text) else set()
    return fired | ({"decline"} if re.search(r"declined \S+ offer by standing order", text)
                    else set())


CHAOTIC = Adapter("a-chaotic-life", ["Ana", "Ben", "Cleo"], _acl_names, _acl_hidden,
                  _acl_visible, _acl_probes, _acl_prepare,
                  games=((6, "random"), (4, "greedy")), scripted=_acl_scripted,
                  fired=_acl_fired)


# -- A Simple Life ---------------------------------------------------------------------------------
# Both sheets are on the table; the dice to come are in no state (the tick's dice, drawn from the
# secret seed), so there is nothing of them to deal again. What the rules keep from a player is
# the other player's standing orders and what happened to them (their Last tick, which names
# the standing orders that answered their prompts).

# The standing orders every sheet and order template prints as examples (views.py).
_ASL_EXAMPLES = {"on_miss(lake, 1)", "on_miss(fight, all)", "on_mine(stone)"}
# Standing orders the prepared players leave, none of them an example: by tick, by player.
_ASL_STANDING = (
    {"Ben": ["on_miss(lake, 2)", "on_mine(diamond)"], "Ana": ["on_miss(fight, 3)"]},
    {"Ana": ["on_mine(coin)", "on_miss(lake, 0)"], "Ben": ["on_miss(fight, 4)"]},
    {},
)


def _asl_names() -> list[str]:
    """Every standing order as the engine keeps it (keeping up to 20 carrots, or all)."""
    from lifegames.a_simple_life.model import MINE_RULES

    keeps = [*map(str, range(21)), "all"]
    return [f"on_miss({t}, {k})" for t in ("lake", "fight") for k in keeps] + \
        [f"on_mine({rule})" for rule in MINE_RULES]


def _asl_hidden(state: State, player: str) -> set[str]:
    """By the rules: the other player's standing orders."""
    return {text for other, texts in state.get("standing", {}).items() if other != player
            for text in texts}


def _asl_visible(state: State, player: str) -> set[str]:
    """By the rules: the player's own standing orders, and the examples every sheet prints."""
    return set(state.get("standing", {}).get(player, [])) | _ASL_EXAMPLES


def _asl_probes(state: State, player: str) -> list[str]:
    """Files answering the player's own prompts by a standing order of their own and by hand,
    and the first orders their sheet lists."""
    game = registry.get("a-simple-life")
    legal = list(game.legal_orders(state, player))
    out = ["standing on_mine(any)\nstanding on_miss(lake, 0)\nstanding on_miss(fight, all)\n"
           + "\n".join(legal[:2]), "\n".join(legal[-2:])]
    if state["sheets"][player]["pending"] is not None:
        out.append("dig($best_col, $best_row)\naccept\nfight")
    return out


def _asl_prepare(state: State) -> None:
    """Players leave standing orders, as players would, a different set each tick (some ticks
    none), so prompts are answered by them as well as by the files."""
    state.pop("standing", None)
    chosen = _ASL_STANDING[state["tick"] % len(_ASL_STANDING)]
    if chosen:
        state["standing"] = {p: list(texts) for p, texts in chosen.items()}


def _asl_fired(events: list[str]) -> set[str]:
    """A roll or a Mines trip answered by a standing order."""
    text = "\n".join(events)
    return {command for command in ("on_miss", "on_mine")
            if f"(standing order {command}(" in text}


SIMPLE_LIFE = Adapter("a-simple-life", ["Ana", "Ben"], _asl_names, _asl_hidden, _asl_visible,
                      _asl_probes, _asl_prepare, games=((21, "random"), (22, "greedy")),
                      fired=_asl_fired)


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


def _sk_probes(state: State, player: str) -> list[str]:
    """Files that march soldiers onto an unexplored tile, and build there at once."""
    marches = explore_probes(registry.get("simple-kingdoms"), state, player)[:2]
    out = list(marches)
    for march in marches[:1]:
        row, col = re.findall(r"\d+", march)[2:4]  # move_soldiers(r,c, ROW,COL, n)
        out.append(f'{march}\nbuild({row},{col}, "farm")')
    return out


def _sk_scripted() -> list[tuple[str, State, str]]:
    """What the bots never do: explore a tile, claim it and build a farm on it in one file (the
    build is decided by the tick with the terrain nobody had seen)."""
    from ..simple_kingdoms.helpers import IRON, RICH, new_state, set_stock, set_tile

    state = new_state()
    set_tile(state, 0, 0, soldiers={IRON: 4})
    set_stock(state, IRON, **RICH)
    plan = ['move_soldiers(0,0, 1,1, 4)', 'claim_tile(1,1)', 'build(1,1, "farm")']
    # both kingdoms get the file: Ironhold runs it, the guards skip it for Thornvale
    return [("explored, claimed and built on", state,
             "".join(f"if can {line}: {line}\n" for line in plan))]


KINGDOMS = Adapter("simple-kingdoms", ["Ironhold", "Thornvale"], _sk_names, _sk_hidden,
                   _sk_visible, _sk_probes, games=((11, "random"), (12, "greedy")),
                   scripted=_sk_scripted)


# -- The Sims Board Game ---------------------------------------------------------------------------

SIMS_PILES = ("pile", "sims_pile", "asp_pile", "asp_discard", "asp_box", "home_pile")


def _sims_names() -> list[str]:
    """Every Action card, Iconic Sim, Aspiration and Home card of the rule data."""
    from lifegames.the_sims.data import aspirations, cards, homes, sims

    return [*cards(), *sims(), *aspirations(), *homes()]


def _sims_hidden(state: State, player: str) -> set[str]:
    """By the rules: the four draw piles (Action cards, Iconic Sims, Aspirations, Homes), the
    Aspirations discarded face down and the box's face-down cards; of the other players, the
    Homes and Aspirations they drew to move in and the Aspiration they drew at Go Home."""
    found: set[str] = set().union(*(state[key] for key in SIMS_PILES))
    for other in state["players"]:
        if other != player:
            theirs = state["seats"][other]
            found |= set(theirs["offers"]["homes"]) | set(theirs["offers"]["aspirations"])
            found |= {theirs["drawn"]} - {None}
    return found


def _sims_visible(state: State, player: str) -> set[str]:
    """By the rules: the Card Hub, the Action discard pile, the box's face-up cards, the
    Iconic Sims on the board; of every player the collection, the Home card, the Aspiration
    on it and those completed (alone: the three Aspirations dealt face up, and the cards that
    completed them); the player's own draws; and what the log told them (every player's
    events, and their own notes)."""
    seen = {c for c in state["hub"] if c} | set(state["discard"]) | set(state["scored"])
    seen |= set(state["box"]["cards"]) | set(state["box"]["sims"]) | set(state["centre"])
    seen |= {s["sim"] if isinstance(s, dict) else s for s in state["board"]}
    seen |= set(state["turn"]["taken"]) | ({state["turn"]["holding"]} - {None})
    for mine in state["seats"].values():
        seen |= set(mine["cards"]) | set(mine["specials"]) | set(mine["sims"])
        seen |= set(mine["completed"]) | set(mine["aspirations"])
        seen |= {mine["home"], mine["aspiration"]} - {None}
    own = state["seats"][player]
    seen |= set(own["offers"]["homes"]) | set(own["offers"]["aspirations"])
    seen |= {own["drawn"]} - {None}
    finder = Finder(_sims_names())
    for line in [*state["log"], *state["recent"], *own["notes"]]:
        seen |= finder.found(line)
    return seen


def _sims_probes(state: State, player: str) -> list[str]:
    """Order files naming what is hidden from the player: an Aspiration in the pile or drawn
    by another, another player's Home card to move in with, an Action card only the pile
    holds, an Iconic Sim of the pile. Their errors must not tell."""
    from lifegames.the_sims.model import board

    if state["over"]:
        return []
    hidden = _sims_hidden(state, player) - _sims_visible(state, player)
    aspiration = next((a for a in state["asp_pile"] + state["asp_box"] if a in hidden), None)
    card = next((c for c in state["pile"] if c in hidden), None)
    sim = next((s for s in state["sims_pile"] if s in hidden), None)
    others = [p for p in state["players"] if p != player]
    homes = [h for p in others for h in state["seats"][p]["offers"]["homes"]]
    out = []
    if aspiration:
        out += [f'keep("{aspiration}")', f'complete("{aspiration}")']
    if card:
        out.append(f'travel("{board(state)[0]["name"]}", "{card}")')
        if others:
            out.append(f'swap("{card}", "{card}", "{others[0]}")')
    if sim:
        out.append(f'invite("{sim}")')
    if homes and aspiration:
        out.append(f'move_in("{homes[0]}", "{aspiration}")')
    return out


def _sims_prepare(state: State) -> None:
    """Players leave standing orders for the Needs a die or another's turn makes them choose,
    as the sheet invites them to."""
    for index, player in enumerate(state["players"]):
        orders = ['raise("Fun")', 'lower("Hunger")'] if index % 2 else ['lower("Social")']
        state.setdefault("standing", {}).setdefault(player, orders)


def _sims_scripted() -> list[tuple[str, State, str]]:
    """What the bots seldom do: SWAP CARDS with another player; Go Home whose Needs a standing
    raise(...) chooses; an interaction in which the other player's Awkward roll lowers the
    Need of their standing lower(...) (the dice of tick 1 at seed 2015 roll it); and alone,
    an invitation (ICONIC SIMS MOVE!), a completed Aspiration and a turn ended without one;
    and some turns of a whole single-player game by each bot."""
    from lifegames.engine.core.bots import choose_orders
    from lifegames.engine.core.dice import Dice
    from lifegames.engine.core.orders import parse_text
    from lifegames.engine.core.turn import play_tick
    from lifegames.the_sims.data import aspirations, cards, deck

    from ..the_sims.helpers import ANA, BEN, arrange, moved_in, new_state, order

    hub = ["Easel", "Guitar", "Love Letter", "Candlelit Dinner", "Watering Can", "Laptop"]
    game = registry.get("the-sims")
    swap = arrange(moved_in(), hub=["Yard Sale", *hub[1:]], board=[],
                   Ben={"cards": ["Violin", "Bird Feeder"]})
    home = arrange(moved_in(), hub=hub, board=[],
                   Ana={"needs": {"Hunger": False, "Energy": False, "Fun": False}})
    home["standing"] = {ANA: ['raise("Fun")']}
    meet = arrange(moved_in(), hub=hub, board=[], Ben={"at": "Museum", "cards": ["Violin"]})
    meet["standing"] = {BEN: ['lower("Hunger")']}
    out = [("a scripted swap", swap, 'travel("Museum", "Yard Sale")\n'
                                     'swap("Yard Sale", "Violin", "Ben")\n'),
           ("a Go Home by standing raise", home, "go_home()\n"),
           ("an interaction by standing lower", meet,
            'travel("Museum", "Love Letter")\ninteract("Ben")\n')]
    alone = new_state([ANA])
    order(alone, ANA, 'move_in("Jazz Loft")')
    invite = arrange(clone(alone), hub=["Cowplant", *hub[1:]], board=[
        {"sim": "Rory Oaklow", "venue": "Park"}, {"sim": "Johnny Zest", "venue": "Gym"}],
        discard=[], Ana={"cards": ["Laptop"], "specials": []})  # the Laptop shows his gamepad
    out.append(("a scripted invitation", invite,
                'travel("Park", "Cowplant")\ninvite("Johnny Zest")\n'))
    skip = arrange(clone(alone), hub=hub, board=[{"sim": "Bella Goth", "venue": "Park"}],
                   discard=[], Ana={"specials": []})
    skip["sims_pile"].remove("Geoffrey Landgraab")
    skip["sims_pile"].insert(0, "Geoffrey Landgraab")  # seed 2015's dice: to the Park
    skip["standing"] = {ANA: ["skip_newcomers"]}
    out.append(("a newcomer left by standing skip_newcomers", skip,
                'travel("Park", "Watering Can")\ninteract\n'))
    kind = aspirations()[alone["seats"][ANA]["aspirations"][0]][0]
    plain = [n for n in deck() if cards()[n]["symbols"] == [kind] and n not in hub][:3]
    fits = next(n for n in hub if set(cards()[n]["symbols"]) & {"leaf", "dumbbell", "palette"})
    for label, last in (("completed", "complete"), ("ended", "end_turn")):
        ready = arrange(clone(alone), hub=hub, board=[], discard=[],
                        Ana={"cards": plain, "specials": []})
        trial = game.after(ready, ANA, parse_text("the_sims", f'travel("Park", "{fits}")',
                                                  "x").orders[0])
        assert trial is not None and trial["turn"]["step"] == "score", label
        ending = next(o for o in game.legal_orders(trial, ANA) if o.startswith(last))
        out.append((f"a solo turn {label}", ready, f'travel("Park", "{fits}")\n{ending}\n'))
    for seed, strategy in ((31, "greedy"), (32, "random")):
        state = game.setup([ANA], game.parse_options([], None), Dice(seed, 0))
        state["tick"] = 0
        rng = random.Random(seed)
        while not game.is_over(state) and state["tick"] < 12:
            text = "\n".join(choose_orders(game, state, ANA, strategy, rng))
            if state["tick"] % 3 == 0:
                out.append((f"alone, {strategy}, tick {state['tick'] + 1}", clone(state),
                             text))
            outcome = play_tick(game, state, {ANA: parse_text("the_sims", text, ANA)}, seed)
            state = outcome.state
    return out


def _sims_fired(events: list[str]) -> set[str]:
    """A standing raise(...) that chose Go Home's first Need, a standing lower(...) that chose
    the Need of an Awkward Interaction, a standing skip_newcomers that left a Sim at the
    Venue (the scripted turns' effects)."""
    text = "\n".join(events)
    fired = {"raise"} if "Ana's Fun is now FULL (Go Home)" in text else set()
    fired |= {"skip_newcomers"} if "(standing skip_newcomers)" in text else set()
    return fired | ({"lower"} if "Ben's Hunger is now EMPTY (an Awkward Interaction)" in text
                    else set())


SIMS = Adapter("the-sims", ["Ana", "Ben", "Cleo"], _sims_names, _sims_hidden, _sims_visible,
               _sims_probes, _sims_prepare, games=((2025, "random"), (2026, "greedy")),
               scripted=_sims_scripted,
               fired=_sims_fired, seats=lambda state: state["players"])




# -- Lifestyle -------------------------------------------------------------------------------------
# A self-contained block: it registers itself in ADAPTERS below.


def _ls_names() -> list[str]:
    from lifegames.lifestyle.data import names

    return list(names())


def _ls_table(state: State) -> set[str]:
    """Every card face up by the rules: the display, the discard pile, every dice zone and
    points zone (and so the cards of a roll, met this turn or botched)."""
    seen = {c for c in state["display"] if c} | set(state["discard"])
    for mine in state["seats"].values():
        seen |= set(mine["dice"]) | set(mine["points"])
    return seen


def _ls_hidden(state: State, player: str) -> set[str]:
    """By the rules: the cards of the face-down draw pile (hidden from every player alike)."""
    return set(state["pile"])


# Card names the sheets print whatever the table shows: the template's sample plan rolls for
# the Cat when the dice zone is empty, and a warning's way forward names Running ("a token or
# Running each") as what may pay for a reroll.
LS_RULE_WORDS = {"Cat", "Running"}


def _ls_visible(state: State, player: str) -> set[str]:
    """By the rules: every card face up on the table, and the rule words above."""
    return _ls_table(state) | LS_RULE_WORDS


def _ls_probes(state: State, player: str) -> list[str]:
    """Files that buy from the pile and take what was dealt (test_hidden's), a plan that reads
    the display after a purchase, and orders naming a card only the pile holds: their errors
    must not tell where it lies."""
    game = registry.get("lifestyle")
    out = purchase_probes(game, state, player)[:2]
    if any(o.startswith("buy_two") for o in game.legal_orders(state, player)):
        out.append("buy_two\nif display == 9: take_row(1)\nelse: take_card(3, 3)\nendif")
    only_pile = sorted(set(state["pile"]) - _ls_table(state))[:2]
    for name in only_pile:
        out += [f'roll("{name}")', f'discard("{name}")\nend_turn']
    return out


def _ls_prepare(state: State) -> None:
    """The last player leaves the standing orders the rules offer for their own prompts, so
    they fire: accept a roll left open, and after a botch discard the card missed and end the
    turn."""
    last = state["players"][-1]
    state.setdefault("standing", {})[last] = [
        "accept()", "discard($botched_card)", "end_turn()"]


def _ls_scripted() -> list[tuple[str, State, str]]:
    """What the bots seldom do: a refill bought and the row it filled taken, and each Sports
    card turned in one answer to a roll (Rowing, Swimming, Cycling, then Running's reroll)."""
    from ..lifestyle.helpers import arrange, new_state

    refill = arrange(new_state(), display=["Cat"] + [None] * 8, Ana={"tokens": 4})
    sports = arrange(new_state(), Ana={"dice": ["Manager"], "points": [
        "Rowing", "Swimming", "Cycling", "Running"]})
    return [("a scripted refill", refill, "refill\nif can take_row(3): take_row(3)\n"),
            ("every Sports card", sports, 'roll("Manager")\nuse("Rowing")\nuse("Swimming", 1)'
                                          '\nuse("Cycling", 1)\nuse("Running", 1)\n')]


def _ls_fired(events: list[str]) -> set[str]:
    """The orders a player's standing orders played for them (rules.py logs their text)."""
    fired: set[str] = set()
    for event in events:
        _, found, played = event.partition("'s standing orders answer for them: ")
        if found:
            fired |= {text.split("(")[0] for text in played.split(", ")}
    return fired


LIFESTYLE = Adapter("lifestyle", ["Ana", "Ben", "Cleo"], _ls_names, _ls_hidden, _ls_visible,
                    _ls_probes, _ls_prepare, games=((21, "random"), (22, "greedy")),
                    scripted=_ls_scripted,
                    fired=_ls_fired)


# Every adapter this module defines, by game (each game's block adds its own).
ADAPTERS = {a.game_id: a for a in list(globals().values()) if isinstance(a, Adapter)}

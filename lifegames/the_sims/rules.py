"""The Sims Board Game (Goliath Games 2025), for 2-5 players and by the single-player manual.

The only place the rules live, with the checks (checks.py) and what orders do (actions.py). One
player takes a turn at a time: Go Home or Travel, then the end of the turn. A turn that needs no
decision after a die or a hidden draw fits in one order file; a choice that depends on such an
outcome (which Aspiration to keep after Go Home) waits on the sheet for the next file. Choices a
die forces on a player who is not deciding now (which Need to raise or lower) come from their
standing raise(...)/lower(...) orders, or the documented default, so nobody waits a tick for
them. The Card Hub and the Iconic Sims are refilled at the end of the tick in which a turn ended.
"""

from __future__ import annotations

import re
from typing import Any

from ..engine.contract import Game, Order, OrderError, Prompt, Result, SetupError, State, clone
from ..engine.dice import Dice
from . import actions
from . import checks as c
from .data import (
    HIDDEN,
    aspirations,
    check_all,
    check_sides,
    deck,
    default_sides,
    find,
    homes,
    needs,
    rules,
    sims,
)
from .legal import legal_orders
from .scoring import left_for, met, points, seat, solo_goals

SHUFFLES = ("actions", "sims", "aspirations", "homes")
# What takes the place of the single player's own orders with 2-5 players.
SOLO_ONLY = {
    "complete": "with 2-5 players your Aspiration completes by itself at the end of your turn, "
                "once your collection shows its three SIMbols",
    "end_turn": "with 2-5 players the turn ends by itself: after interact(...), or after the "
                "travel when nobody else stands at your Venue",
    "invite": "with 2-5 players an ICONIC SIMS MOVE! card passes every Iconic Sim to the left "
              "by itself",
}


class TheSims(Game):
    id = "the-sims"
    title = "The Sims Board Game"
    package = "the_sims"
    min_players = 1
    max_players = 5
    default_players = ("Ana", "Ben", "Cleo")
    standing_commands = frozenset({"raise", "lower"})
    missing_orders_policy = (
        "The player whose turn it is is awaited (and, at the start, everyone still to move "
        "in). Their file must finish the turn or stop at an order whose outcome is chance or "
        "hidden; an empty file is refused (E-TURN-INCOMPLETE), so the tick waits for them.")
    absent_policy = (
        "An absent player moves in with the first Home and Aspiration offered; on their turn "
        "they Go Home (2-5 players: raising Needs by their standing orders, keeping their "
        "Aspiration) or take the first legal order listed on their sheet; a pending choice "
        "takes its first listed answer.")

    # -- setup ------------------------------------------------------------------------------
    def parse_options(self, words: list[str], ticks: int | None) -> dict[str, Any]:
        if ticks is not None:
            raise SetupError("The Sims Board Game ends when someone reaches the points (or, "
                             "alone, meets or fails the goals): drop --ticks")
        options: dict[str, Any] = {"target": rules()["points"]["target"],
                                   "sides": default_sides(), "aspirations": []}
        pending: str | None = None
        for raw in words:
            word = raw.strip().lstrip("-")
            if pending is not None:
                word, pending = f"{pending}={word}", None
            if word.lower() in ("points", "sides", "aspirations"):
                pending = word.lower()
                continue
            match = re.fullmatch(r"(points|sides|aspirations)[=:](.+)", word, re.IGNORECASE)
            if word.lower() == "long":
                options["target"] = rules()["points"]["long_target"]
            elif match and match.group(1).lower() == "points":
                value = match.group(2).strip()
                if not re.fullmatch(r"\d{1,2}", value) or not 1 <= int(value) <= 30:
                    raise SetupError(f"points={value}: expected a number from 1 to 30")
                options["target"] = int(value)
            elif match and match.group(1).lower() == "sides":
                try:
                    options["sides"] = check_sides(match.group(2), "sides")
                except ValueError as error:
                    raise SetupError(str(error)) from None
            elif match:
                options["aspirations"] = _aspiration_choice(match.group(2))
            else:
                raise SetupError(f"unknown setup word {raw!r}: use long (play to 10 points), "
                                 "--points N, sides=AABBAB (Venue sides, card by card) or, "
                                 "alone, aspirations=NAME,NAME,NAME (numbers 1-27 work too)")
        if pending is not None:
            raise SetupError(f"{pending} needs a value, e.g. {pending}=...")
        return options

    def setup(self, players: list[str], options: dict[str, Any], dice: Any) -> State:
        check_all()
        low, high = rules()["players"]["min"], rules()["players"]["max"]
        if not low <= len(players) <= high:
            raise SetupError(f"The Sims Board Game takes {low}-{high} players, not "
                             f"{len(players)}")
        chosen = list(options.get("aspirations") or [])
        if chosen and len(players) != 1:
            raise SetupError("aspirations=... is for the single-player game (one name in "
                             "--players)")
        piles = {"actions": deck(), "sims": list(sims()), "aspirations": list(aspirations()),
                 "homes": list(homes())}
        for name in SHUFFLES:
            dice.stream(name).shuffle(piles[name])
        size = rules()["hub"]["rows"] * rules()["hub"]["columns"]
        state: State = {
            "players": list(players),
            "target": int(options.get("target", rules()["points"]["target"])),
            "sides": str(options.get("sides") or default_sides()),
            "pile": piles["actions"], "hub": [None] * size, "discard": [], "scored": [],
            "box": {"cards": [], "sims": []},
            "sims_pile": piles["sims"], "board": [], "centre": [],
            "asp_pile": piles["aspirations"], "asp_discard": [], "asp_box": [],
            "home_pile": piles["homes"],
            "seats": {p: _new_seat() for p in players},
            "turn": actions.new_turn(players[0], 1),
            "owed": [], "refill": True, "chance": False, "tick_turn": 1, "turns": 0,
            "over": False, "winners": [], "ended": "",
            "log": [], "recent": [], "tick": 0,
        }
        if len(players) == 1:
            _solo_setup(state, players[0], chosen)
        else:
            draw = rules()["move_in"]
            for player in players:
                mine = seat(state, player)
                mine["offers"] = {"homes": _deal(state["home_pile"], draw["homes"]),
                                  "aspirations": _deal(state["asp_pile"], draw["aspirations"])}
        actions.refill(state, dice, setup=True)
        state["log"] = []
        state["recent"] = [r.replace("tick 1: ", "setup: ", 1) for r in state["recent"]]
        return state

    # -- a tick -----------------------------------------------------------------------------
    def awaiting(self, state: State) -> list[str]:
        if state["over"]:
            return []
        active = state["turn"]["player"]
        return [active] + [p for p in state["players"]
                           if p != active and not c.moved_in(state, p)]

    def ends_file(self, state: State, player: str, order: Order) -> bool:
        """True for an order whose outcome is chance or a hidden draw: it is found by running
        the order on a copy with throwaway dice and seeing whether it rolled or drew."""
        trial = clone(state)
        try:
            self.act(trial, player, order, Dice(0, int(state["tick"]) + 1))
        except OrderError:
            return False
        return bool(trial["chance"])

    def is_random(self, order: Order) -> bool:
        return order.command == "interact"

    def begin_tick(self, state: State) -> None:
        state["log"] = []
        state["chance"] = False
        state["tick_turn"] = state["turn"]["number"]

    def act(self, state: State, player: str, order: Order, dice: Any) -> list[str]:
        """Check, then apply; `state["chance"]` ends up saying whether this order rolled or
        drew from a hidden pile (a refused order leaves the state as it was)."""
        before = state["chance"]
        state["chance"] = False
        try:
            return self._act(state, player, order, dice)
        except OrderError:
            state["chance"] = before
            raise

    def _act(self, state: State, player: str, order: Order, dice: Any) -> list[str]:
        if order.command in ("raise", "lower"):
            c.check_standing_only(state, player, order)
        if order.command != "move_in" and state.get("refill") and not state["over"] and \
                c.moved_in(state, player):
            _between_turns(state, player, order.command)
        if order.command in SOLO_ONLY and not c.solo(state):
            raise OrderError("E-SOLO-ONLY", f"{order.command} is an order of the single-player "
                             "game", SOLO_ONLY[order.command])
        try:
            return _HANDLERS[order.command](state, player, order, dice)
        except OrderError as error:
            if error.code == "E-WRONG-MOMENT" and not error.hint:
                listed = legal_orders(state, player)
                error.hint = "legal now: " + ", ".join(listed[:8]) if listed else ""
            raise

    def end_orders(self, state: State, player: str) -> None:
        if state["over"]:
            return
        if not c.moved_in(state, player):
            raise OrderError("E-MOVE-IN", "your first order file must move you in",
                             "legal now: " + ", ".join(legal_orders(state, player)[:4]))
        turn = state["turn"]
        if turn["player"] != player or turn["number"] != state.get("tick_turn") or \
                state["chance"] or state["refill"]:
            return
        need = {
            c.START: "your turn needs Go Home or Travel",
            c.KEEP: "keep one of your two Aspirations",
            c.SWAP: "the SWAP CARDS card waits for swap(...)",
            c.INVITE: "the ICONIC SIMS MOVE! card waits for invite(...)",
            c.INTERACT: "interact(...) finishes your turn",
            c.SCORE: "complete(...) an Aspiration, or end_turn",
        }[turn["step"]]
        raise OrderError("E-TURN-INCOMPLETE", f"the file stops before your turn is done: "
                         f"{need}", "legal now: " + ", ".join(legal_orders(state, player)[:6]))

    def end_tick(self, state: State, dice: Any) -> list[str]:
        if state["refill"] and not state["over"]:
            return actions.refill(state, dice)
        return []

    def prompt(self, state: State, player: str) -> Prompt | None:
        if state["over"] or player not in self.awaiting(state):
            return None
        from .views import prompt_text

        text = prompt_text(state, player)
        if text is None:
            return None
        return Prompt(player, text, tuple(legal_orders(state, player)))

    # -- seats, plans, standing orders, absence -------------------------------------------
    def knowledge(self, state: State, player: str) -> State:
        """The state with every hidden card replaced by '?': the draw piles (Action cards,
        Iconic Sims, Aspirations, Home cards), the face-down Aspiration discards and box, the
        cards other players drew and have not shown, their private notes and standing
        orders."""
        known = clone(state)
        for key in ("pile", "sims_pile", "asp_pile", "asp_discard", "asp_box", "home_pile"):
            known[key] = [HIDDEN] * len(known[key])
        for other in known["players"]:
            if other == player:
                continue
            theirs = known["seats"][other]
            theirs["offers"] = {k: [HIDDEN] * len(v) for k, v in theirs["offers"].items()}
            if theirs["drawn"] is not None:
                theirs["drawn"] = HIDDEN
            theirs["notes"] = []
        if "standing" in known:
            known["standing"] = {p: v for p, v in known["standing"].items() if p == player}
        return known

    def validate(self, player: str, order: Order) -> None:
        c.check_names(order)

    def spell(self, order: Order) -> Order:
        return c.spelled(order)

    def warnings(self, state: State, player: str, order: Order) -> list[OrderError]:
        from .advice import warnings

        return warnings(self, state, player, order)

    def figures(self, state: State, player: str) -> dict[str, Any]:
        """What a player's sheet leads with, for the engine's history of a game."""
        done, friends_ = solo_goals(state, player)
        return {"points": points(state, player), "Aspirations": done, "Sims": friends_,
                "FULL Needs": len(c.full_needs(state, player)),
                "Action cards": len(seat(state, player)["cards"])}

    def facts(self, state: State, player: str) -> dict[str, Any]:
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
            "full_needs": c.full_needs(state, player),
            "empty_needs": c.empty_needs(state, player),
            "full": len(c.full_needs(state, player)),
            "points": points(state, player),
            "aspiration": current or "",
            "aspiration_left": left_for(state, player, current),
            "met": met(state, player, current),
            "drawn": drawn or "",
            "drawn_left": left_for(state, player, drawn) if drawn else 0,
            "sims": friends_,
            "completed": done,
            "cards": len(mine["cards"]),
            "hub": c.hub_cards(state),
            "here": c.others_at(state, player),
        }

    def absent_orders(self, state: State, player: str) -> list[str]:
        if state["over"] or player not in self.awaiting(state):
            return []
        listed = legal_orders(state, player)
        if not listed:
            return []
        if not c.moved_in(state, player):
            # Moving in opens the first turn, which still needs its main action: play it on a
            # copy, and go on from there.
            from ..engine.dice import Dice
            from ..engine.orders import parse_text

            trial = clone(state)
            (order,) = parse_text(self.grammar_name(), listed[0], "absent").orders
            self.act(trial, player, order, Dice(-1, int(state["tick"]) + 1))
            return listed[:1] + self.absent_orders(trial, player)
        turn, mine = state["turn"], seat(state, player)
        if turn["step"] == c.START and not c.solo(state):
            lines = ["go_home()"]
            if mine["aspiration"] and mine["aspiration"] != HIDDEN:
                lines.append(f'keep("{mine["aspiration"]}")')
            return lines
        if turn["step"] == c.KEEP and mine["aspiration"]:
            return [f'keep("{mine["aspiration"]}")']
        homeward = [o for o in listed if o.startswith("go_home")]
        return (homeward or listed)[:1]

    def turns(self, state: State) -> int:
        return int(state["turns"])

    # -- the end ------------------------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def result(self, state: State) -> Result:
        players = state["players"]
        if c.solo(state):
            player = players[0]
            done, friends_ = solo_goals(state, player)
            goals = rules()["solo"]
            score = min(done, goals["aspirations"]) + min(friends_, goals["sims_to_win"])
            if not state["over"]:
                head = "the game is not over yet"
            elif state["winners"]:
                head = f"{player} wins"
            else:
                head = f"{player} loses (the Needs ran out)"
            return Result(f"{head}: {done} of {goals['aspirations']} Aspirations, {friends_} "
                          f"of {goals['sims_to_win']} Sims at home", {player: score},
                          list(state["winners"]))
        scores = {p: points(state, p) for p in players}
        winners = list(state["winners"])
        if state["over"] and not winners:
            best = max(scores.values())
            winners = [p for p in players if scores[p] == best]
        parts = ", ".join(f"{p} {scores[p]}" for p in players)
        if not state["over"]:
            head = "the game is not over yet"
        elif state["winners"]:
            head = f"{winners[0]} wins, ending a turn with {scores[winners[0]]} points"
        else:
            head = f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''} on points " \
                   f"({state['ended']})"
        return Result(f"{head}; {'final points' if state['over'] else 'points'}: {parts}",
                      scores, winners)


def _between_turns(state: State, player: str, command: str) -> None:
    """A turn ended in this tick, and the next begins only when the tick ends (the Card Hub
    is refilled first): say so to the player whose turn it was, and to the one whose it will
    be, rather than 'not your turn'."""
    players, turn_player = state["players"], state["turn"]["player"]
    ended = players[(players.index(turn_player) - 1) % len(players)]
    if player == ended:
        after = "yours" if turn_player == player else f"{turn_player}'s"
        raise OrderError("E-TURN-OVER", "your turn is over: an earlier order of this file "
                         f"ended it, and the next turn ({after}) begins when this tick ends "
                         "and the Card Hub is refilled",
                         ("no Iconic Sim waited at your Venue" if c.solo(state) else
                          "nobody else stood at your Venue") + ", so there was no one to "
                         "interact with: delete this order" if command == "interact" else
                         "delete this order, or keep it for your next turn's file")
    if player == turn_player:
        raise OrderError("E-TURN-NOT-YET", f"your turn begins when this tick ends: "
                         f"{ended}'s turn ended in it, and the Card Hub is refilled first",
                         "write your turn in your next file, once your sheet shows the "
                         "refilled Card Hub")


def _new_seat() -> dict[str, Any]:
    return {"home": None, "offers": {"homes": [], "aspirations": []}, "aspiration": None,
            "drawn": None, "aspirations": [], "completed": [],
            "needs": {n: True for n in needs()}, "at": c.HOME, "cards": [], "sims": [],
            "specials": [], "notes": []}


def _deal(pile: list[str], count: int) -> list[str]:
    dealt = pile[:count]
    del pile[:count]
    return dealt


def _aspiration_choice(text: str) -> list[str]:
    listed = list(aspirations())
    out = []
    for part in text.split(","):
        part = part.strip()
        name = listed[int(part) - 1] if part.isdigit() and 1 <= int(part) <= len(listed) \
            else find("aspiration", part)
        if name is None:
            raise SetupError(f"aspirations=...: no Aspiration {part!r} (names, or numbers 1-"
                             f"{len(listed)} in the order of `play.py orders the-sims`)")
        if name in out:
            raise SetupError(f"aspirations=...: {name} is named twice")
        out.append(name)
    wanted = rules()["solo"]["aspirations"]
    if len(out) != wanted:
        raise SetupError(f"aspirations=...: name exactly {wanted} Aspirations")
    return out


def _solo_setup(state: State, player: str, chosen: list[str]) -> None:
    """Single player: the Home card is chosen in the first order file (any of the 18); three
    Aspirations are dealt face up (or were chosen), the rest go back to the box."""
    mine = seat(state, player)
    mine["offers"]["homes"] = list(homes())
    state["home_pile"] = []
    wanted = rules()["solo"]["aspirations"]
    if chosen:
        mine["aspirations"] = list(chosen)
        state["asp_pile"] = [a for a in state["asp_pile"] if a not in chosen]
    else:
        mine["aspirations"] = _deal(state["asp_pile"], wanted)
    state["asp_box"], state["asp_pile"] = state["asp_pile"], []


# -- the orders ------------------------------------------------------------------------------------


def _move_in(state: State, player: str, order: Order, dice: Any) -> list[str]:
    home, aspiration = c.check_move_in(state, player, order)
    mine = seat(state, player)
    mine["home"] = home
    state["home_pile"] += [h for h in mine["offers"]["homes"] if h != home]
    if aspiration is not None:
        mine["aspiration"] = aspiration
        state["asp_discard"] += [a for a in mine["offers"]["aspirations"] if a != aspiration]
    mine["offers"] = {"homes": [], "aspirations": []}
    what = f" with the Aspiration {aspiration}" if aspiration else ""
    return [c.log(state, f"{player} moved into {home} ({homes()[home]}){what}")]


def _travel(state: State, player: str, order: Order, dice: Any) -> list[str]:
    where, name = c.check_travel(state, player, order)
    return actions.travel(state, player, where, name, dice)


def _go_home(state: State, player: str, order: Order, dice: Any) -> list[str]:
    chosen, used = c.check_go_home(state, player, order)
    return actions.go_home(state, player, chosen, used, dice)


def _keep(state: State, player: str, order: Order, dice: Any) -> list[str]:
    return actions.keep(state, player, c.check_keep(state, player, order))


def _swap(state: State, player: str, order: Order, dice: Any) -> list[str]:
    give, take, who = c.check_swap(state, player, order)
    return actions.swap(state, player, give, take, who, dice)


def _interact(state: State, player: str, order: Order, dice: Any) -> list[str]:
    who, good, bad = c.check_interact(state, player, order)
    if who is None:
        return actions.interact_solo(state, player, dice)
    return actions.interact(state, player, who, good, bad, dice)


def _invite(state: State, player: str, order: Order, dice: Any) -> list[str]:
    return actions.invite(state, player, c.check_invite(state, player, order), dice)


def _complete(state: State, player: str, order: Order, dice: Any) -> list[str]:
    aspiration, used = c.check_complete(state, player, order)
    return actions.complete(state, player, aspiration, used)


def _end_turn(state: State, player: str, order: Order, dice: Any) -> list[str]:
    c.check_end_turn(state, player, order)
    return [c.log(state, f"{player} ends the turn without completing an Aspiration")] + \
        actions.end_solo_turn(state, player)


_HANDLERS = {"move_in": _move_in, "travel": _travel, "go_home": _go_home, "keep": _keep,
             "swap": _swap, "interact": _interact, "invite": _invite, "complete": _complete,
             "end_turn": _end_turn}

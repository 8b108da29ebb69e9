"""The greedy bot's judgement of a position in The Sims Board Game. It chooses among the rules'
legal orders; `rank` orders them by what each would leave after running on a copy with
throwaway dice, so among orders whose outcome is chance the bot takes the most promising.
`plan` writes a whole turn: the engine's greedy bot chooses the orders, and a turn that Goes
Home (2-5 players) ends with the plan lines that keep the better Aspiration once the draw is
known, so Go Home costs one tick like any other turn.
"""

from __future__ import annotations

import random

from ..engine.core.contract import OrderError, clone
from ..engine.core.dice import Dice
from ..engine.core.orders import parse_text
from . import model as m
from .data import needs, rules, sims
from .model import left_for, matching, points, seat, shown, solo_goals
from .state import HIDDEN, SimsGame, SimsState

# What k FULL Needs are worth: the last ones matter most (with none you cannot travel). The first
# one spent is worth less than a card, so a bot with every Need FULL travels rather than Go Home
# for nothing (with a Card Hub nobody wants, that Go Home came round forever).
NEEDS_VALUE = (0.0, 6.0, 10.0, 12.5, 14.0, 14.8, 15.0, 15.2, 15.4, 15.6)
POINT = 10.0  # one point (2-5 players)
PROGRESS = 2.6  # one SIMbol towards the Aspiration
INTEREST = 0.9  # a board Iconic Sim whose interest the collection shows
KIND = 0.4  # each SIMbol kind the collection shows (Aspirations still to come)
SYMBOL = 0.3  # each SIMbol the collection shows
RIVAL = 0.35  # each point of the best other player


def _needs(state: SimsState, player: str) -> float:
    full = len(m.full_needs(state, player))
    return NEEDS_VALUE[min(full, len(NEEDS_VALUE) - 1)]


def _progress(state: SimsState, player: str, aspiration: str | None) -> float:
    if not aspiration or aspiration == HIDDEN:
        return 0.0
    left = left_for(state, player, aspiration)
    symbols: int = rules()["aspiration_symbols"]
    return PROGRESS * (symbols - left)


def heuristic(game: SimsGame, state: SimsState, player: str) -> float:
    return judge(state, player)


def judge(state: SimsState, player: str) -> float:
    """How good `state` looks for `player`: points, progress towards the Aspiration, FULL
    Needs, SIMbols shown, Iconic Sims in reach, against the best rival."""
    if m.solo(state):
        return _solo(state, player)
    mine = seat(state, player)
    value = POINT * points(state, player)
    if state["over"]:
        return value + (1000.0 if player in state["winners"] else 0.0)
    value += max(_progress(state, player, mine["aspiration"]),
                 _progress(state, player, mine["drawn"]))
    counts = shown(state, player)
    value += _needs(state, player) + KIND * len(counts) + SYMBOL * sum(counts.values())
    value += INTEREST * sum(1 for s in m.face_up(state) if sims().get(s, "") in counts)
    rivals = [points(state, p) for p in state["players"] if p != player]
    value -= RIVAL * POINT * max(rivals, default=0) / 3
    if mine["aspiration"] is None and player in state["owed"]:
        value += PROGRESS  # a fresh Aspiration is on its way
    return value


def _solo(state: SimsState, player: str) -> float:
    if state["over"]:
        return 1000.0 if state["winners"] else -1000.0
    mine = seat(state, player)
    goals = rules()["solo"]
    done, friends_ = solo_goals(state, player)
    value: float = (14.0 * min(done, goals["aspirations"])
                    + 9.0 * min(friends_, goals["sims_to_win"]))
    value += 1.0 * max(0, friends_ - goals["sims_to_win"])
    counts = shown(state, player)
    open_ = [a for a in mine["aspirations"] if a not in mine["completed"]]
    best = sorted((min(matching(counts, a), rules()["aspiration_symbols"]) for a in open_),
                  reverse=True)
    value += sum(PROGRESS * b * w for b, w in zip(best, (1.0, 0.5, 0.25), strict=False))
    full = len(m.full_needs(state, player))
    value += 2.5 * _needs(state, player)
    sets = sum(1 for n in counts.values() if n >= goals["set_size"])
    value += (2.0 + 1.5 * (len(needs()) - full)) * min(sets, 2) + KIND * len(counts)
    if friends_ < goals["sims_to_win"]:
        value += 1.5 * len(state["board"]) + 0.5 * len(state["centre"])
        on_board = [s["sim"] for s in m.spots(state)] + list(state["centre"])
        value += INTEREST * sum(1 for s in on_board if sims().get(s) in counts)
    turn = state["turn"]
    if turn["player"] == player and turn["step"] == m.INTERACT:
        faces = rules()["die"]
        hand = faces.count("hand") / len(faces)
        good = faces.count("good") / len(faces)
        here = len(m.sims_at(state, mine["at"]))
        sim_value = 9.0 if friends_ < goals["sims_to_win"] else 1.0
        value += here * (hand * sim_value + good * 2.0)
    return value


def rank(game: SimsGame, state: SimsState, player: str, options: list[str]) -> list[str]:
    """Best first by the heuristic after each order runs on a copy (throwaway dice: a guess
    at chance, never the game's own dice)."""
    dice = Dice(-7, int(state["tick"]) + 1)
    scored: list[tuple[float, int, str]] = []
    for index, text in enumerate(options):
        parsed = parse_text("the_sims", text, "rank")
        trial = clone(state)
        try:
            game.act(trial, player, parsed.orders[0], dice)
            value = judge(trial, player)
        except (OrderError, IndexError):
            value = float("-inf")
        scored.append((-value, index, text))
    return [text for _, _, text in sorted(scored)]


# After Go Home's draw: keep the Aspiration that needs fewer SIMbols (the one you had on a tie).
KEEP_PLAN = (
    'if step == "keep" and drawn_left < aspiration_left',
    "keep($drawn)",
    'elif step == "keep"',
    "keep($aspiration)",
    "endif",
)
_planning = False  # set while the engine's greedy bot chooses the orders for `plan`


def plan(game: SimsGame, state: SimsState, player: str, rng: random.Random) -> list[str] | None:
    """The greedy bot's whole turn (2-5 players): its orders, and after a Go Home the plan
    lines that answer the draw. None (the engine's own greedy bot) alone, or when it is not
    this player's turn to start."""
    global _planning
    if _planning or m.solo(state) or state["over"] or state["turn"]["player"] != player or \
            state["turn"]["step"] != m.START:
        return None
    from ..engine.core.bots import choose_orders

    _planning = True
    try:
        lines = choose_orders(game, state, player, "greedy", rng)
    finally:
        _planning = False
    home = next((i for i, line in enumerate(lines) if line.startswith("go_home")), None)
    if home is not None:  # what it guessed after the draw gives way to the rule of choice
        lines = [*lines[:home + 1], *KEEP_PLAN]
    return lines

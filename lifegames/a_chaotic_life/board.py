"""The board picture beside each player's sheet: the Timeline, the scores and the hands.

The Central Person's Timeline as one column per life stage from Baby to Senior (each card
played there, with the cards placed above it), the stage the CP is in; each player's score
and how it is made (the counters, what is left once they cancel, what the cards in front add:
the sheet's own words, from the same scoring code, so picture and sheet never disagree), the
cards in front of them and their hand: its cards for the player whose picture it is, only its
size for the others; the deck, the discard pile, the open Mini-Goals and the Life Goals in
play. A finished game leads with the result and marks the winner. Drawn from the player's view
(`Game.board`), where another player's hand and pouch are placeholders, so only their sizes
can be drawn.
"""

from __future__ import annotations

from ..engine.base.svg import INK, LINE, MUTED, PALE, TINTS, Picture, player_style, wrapped
from ..engine.base.words import counted
from .data import KINDS, goal_card, goal_of, rules
from .model import breakdown
from .moves import seen_by
from .state import HIDDEN, ChaoticGame, ChaoticState, Placed
from .views import score_detail

WIDTH, COL_W, CARD_H, SEAT_H = 900, 168, 22, 104
WON = "#0072B2"


def board(game: ChaoticGame, view: ChaoticState, player: str | None) -> Picture:
    stages = list(rules()["stages"])
    players = list(view["players"])
    columns: dict[str, list[Placed]] = {s: [] for s in stages}
    for placed in view["timeline"]:
        columns.setdefault(placed["stage"], []).append(placed)
    deepest = max((sum(1 + len(p["above"]) for p in c) for c in columns.values()), default=0)
    line_h = 64 + (CARD_H + 4) * max(deepest, 1)
    result = game.result(view) if view["over"] else None
    said = wrapped(result.summary, 13, WIDTH - 32) if result else []
    top = 56 + 18 * len(said)
    seats_top = top + 4 + line_h + 50
    height = seats_top + SEAT_H * len(players) + 10
    turn = view["turn"]
    status = ("game over" if result else
              f"{turn['player']}'s turn {turn['number']}, the CP is {_a(view['stage'])}")
    pic = Picture(WIDTH, height, f"A Chaotic Life!, tick {view['tick']}: the Timeline"
                  + (f" as {player} sees it" if player else ""),
                  f"The Central Person's Timeline from {stages[0]} to {stages[-1]}, "
                  f"{counted(len(view['timeline']), 'card')}; each player's score and how it "
                  "is made, the cards in front of them and their hand"
                  + ("; the result." if result else "."))
    pic.text(16, 24, f"A Chaotic Life! - tick {view['tick']}: {status}", size=16, bold=True,
             fit=WIDTH - 32)
    for n, line in enumerate(said):
        pic.text(16, 44 + 18 * n, line, size=13, bold=True, fill=WON, fit=WIDTH - 32)
    pic.text(16, top - 12, f"deck {counted(len(view['deck']), 'card')}; discard pile "
             f"{len(view['discard'])}; open Mini-Goals: {', '.join(view['minigoals']) or 'none'}",
             size=12, fill=MUTED, fit=WIDTH - 32)
    for n, stage in enumerate(stages):
        _stage(pic, stage, columns.get(stage, []), 16 + n * (COL_W + 6), top, line_h,
               stage == view["stage"])
    pic.text(16, seats_top - 16, f"Life Goals in play: {_goals_in_play(view, players)}",
             size=12, fit=WIDTH - 32)
    winners = result.winners if result else []
    for n, name in enumerate(players):
        _seat(pic, view, name, n, seats_top + SEAT_H * n, name == player, name in winners)
    return pic


def _a(stage: str) -> str:
    return ("an " if stage[0] in "aeiou" else "a ") + stage.capitalize()


def _goals_in_play(view: ChaoticState, players: list[str]) -> str:
    """Each Life Goal someone plays for, with who plays it (the others are out of the game)."""
    kinds = [goal_of(name) for name in view["lifegoals"]]
    shown = [f"{goal_card(kind)} ({', '.join(p for p in players if view['goals'][p] == kind)})"
             for kind in kinds if kind in view["goals"].values()]
    return "; ".join(shown) or "none"


def _stage(pic: Picture, stage: str, placed: list[Placed], x: float, y: float, h: float,
           now: bool) -> None:
    pic.rect(x, y, COL_W, h, fill=TINTS[4] if now else PALE, stroke=INK if now else LINE,
             width=3 if now else 1, tip=f"{stage}: {counted(len(placed), 'card')}"
             + (", the CP's stage now" if now else ""))
    pic.text(x + 8, y + 20, stage.capitalize() + (" (now)" if now else ""), size=13, bold=True)
    cy = y + 32
    for p in placed:
        pic.rect(x + 6, cy, COL_W - 12, CARD_H, fill="#ffffff", stroke=INK, tip=p["card"])
        pic.text(x + 12, cy + 15, p["card"], size=11, fit=COL_W - 24)
        cy += CARD_H + 4
        for above in p["above"]:
            pic.rect(x + 18, cy, COL_W - 24, CARD_H, fill=TINTS[5], stroke=LINE,
                     tip=f"{above} (above {p['card']})")
            pic.text(x + 24, cy + 15, above, size=10, fit=COL_W - 36)
            cy += CARD_H + 4


def _seat(pic: Picture, view: ChaoticState, name: str, index: int, y: float, you: bool,
          won: bool) -> None:
    colour, shape = player_style(index)
    parts = breakdown(view, name)
    if won:
        pic.rect(10, y - 4, WIDTH - 20, SEAT_H - 12, fill=TINTS[0], stroke=WON, width=2,
                 tip=f"{name} wins")
    pic.mark(shape, 24, y + 10, 7, colour, tip=name)
    pic.text(38, y + 15, f"{name}{' (you)' if you else ''}: score {parts['score']} "
             f"{parts['goal']}{', wins' if won else ''}", size=13, bold=True, fit=310)
    for n, kind in enumerate(KINDS):
        value = parts[kind]
        bx = 360 + n * 262
        pic.text(bx, y + 15, f"{kind} {value}", size=12)
        pic.rect(bx + 100, y + 4, 140, 12, fill=PALE, tip=f"{name}'s {kind}: {value}")
        if value:
            pic.rect(bx + 100, y + 4, 140 * min(value, 30) / 30, 12,
                     fill="#0072B2" if kind == "happiness" else "#D55E00", stroke=INK)
    pic.text(38, y + 34, f"{goal_card(parts['goal'])}: {score_detail(view, name)}", size=11,
             fit=WIDTH - 54)
    hand, pouch = view["hands"][name], view["pouches"][name]
    if HIDDEN in hand or HIDDEN in pouch:
        pic.text(38, y + 51, f"hand: {counted(len(hand), 'card')}", size=11)
        pic.text(38, y + 67, f"pouch: {counted(len(pouch), 'Item')}", size=11)
    else:
        pic.text(38, y + 51, f"hand ({len(hand)}): {', '.join(hand) or 'empty'}", size=11,
                 fit=WIDTH - 54)
        pic.text(38, y + 67, f"pouch ({len(pouch)}): {', '.join(pouch) or 'empty'}", size=11,
                 fit=WIDTH - 54)
    front = view["front"][name]
    claimed = view["claimed"][name]
    pic.text(38, y + 83, f"in front ({len(front)}): {', '.join(front) or 'none'}; claimed: "
             f"{', '.join(claimed) or 'none'}", size=11, fit=WIDTH - 54)
    pic.line(16, y + SEAT_H - 12, WIDTH - 16, y + SEAT_H - 12, stroke=LINE)


def happened(game: ChaoticGame, view: ChaoticState, player: str | None) -> list[str]:
    """The tick's log as the player read it (the fuller line of a card they saw)."""
    return [seen_by(entry, player) for entry in view["log"]]

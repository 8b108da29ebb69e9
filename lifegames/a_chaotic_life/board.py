"""The board picture beside each player's sheet: the Timeline, the counters and the hands.

The Communal Person's Timeline as one column per life stage from Baby to Senior (each card
played there, with the cards placed above it), the stage the CP is in; each player's
happiness and sadness counters and what they play for, the cards in front of them, and their
hand: its cards for the player whose picture it is, only its size for the others; the deck,
the discard pile and the open Mini-Goals. Drawn from the player's view
(`Game.board`), where another player's hand and pouch are placeholders, so only their sizes
can be drawn.
"""

from __future__ import annotations

from ..engine.contract import Game, State
from ..engine.svg import INK, LINE, MUTED, PALE, TINTS, Picture, player_style
from .data import rules
from .effects import seen_by
from .state import HIDDEN

WIDTH, COL_W, CARD_H = 900, 168, 22


def board(game: Game, view: State, player: str | None) -> Picture:
    stages = list(rules()["stages"])
    players = list(view["players"])
    columns: dict[str, list[State]] = {s: [] for s in stages}
    for placed in view["timeline"]:
        columns.setdefault(placed["stage"], []).append(placed)
    deepest = max((sum(1 + len(p["above"]) for p in c) for c in columns.values()), default=0)
    line_h = 64 + (CARD_H + 4) * max(deepest, 1)
    seats_top = 60 + line_h + 50
    height = seats_top + 86 * len(players) + 10
    turn = view["turn"]
    status = (f"over ({view['end']})" if view["over"] else
              f"{turn['player']}'s turn {turn['number']}, the CP is {_a(view['stage'])}")
    pic = Picture(WIDTH, height, f"A Chaotic Life!, tick {view['tick']}: the Timeline"
                  + (f" as {player} sees it" if player else ""),
                  f"The Communal Person's Timeline from {stages[0]} to {stages[-1]}, "
                  f"{len(view['timeline'])} cards; each player's counters, cards in front "
                  "and hand.")
    pic.text(16, 24, f"A Chaotic Life! - tick {view['tick']}: {status}", size=16, bold=True,
             fit=WIDTH - 32)
    pic.text(16, 44, f"deck {len(view['deck'])} cards; discard pile {len(view['discard'])}; "
             f"open Mini-Goals: {', '.join(view['minigoals']) or 'none'}", size=12, fill=MUTED,
             fit=WIDTH - 32)
    for n, stage in enumerate(stages):
        _stage(pic, stage, columns.get(stage, []), 16 + n * (COL_W + 6), 56, line_h,
               stage == view["stage"])
    pic.text(16, seats_top - 16, f"Life Goals: {', '.join(view['lifegoals'])}", size=12,
             fit=WIDTH - 32)
    for n, name in enumerate(players):
        _seat(pic, view, name, n, seats_top + 86 * n, name == player)
    return pic


def _a(stage: str) -> str:
    return ("an " if stage[0] in "aeiou" else "a ") + stage.capitalize()


def _stage(pic: Picture, stage: str, placed: list[State], x: float, y: float, h: float,
           now: bool) -> None:
    pic.rect(x, y, COL_W, h, fill=TINTS[4] if now else PALE, stroke=INK if now else LINE,
             width=3 if now else 1, tip=f"{stage}: {len(placed)} cards"
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


def _seat(pic: Picture, view: State, name: str, index: int, y: float, you: bool) -> None:
    colour, shape = player_style(index)
    counters = view["counters"][name]
    pic.mark(shape, 24, y + 10, 7, colour, tip=name)
    pic.text(38, y + 15, f"{name}{' (you)' if you else ''}: plays for "
             f"{view['goals'][name]}", size=13, bold=True)
    for n, kind in enumerate(("happiness", "sadness")):
        value = counters[kind]
        bx = 330 + n * 280
        pic.text(bx, y + 15, f"{kind} {value}", size=12)
        pic.rect(bx + 110, y + 4, 150, 12, fill=PALE, tip=f"{name}'s {kind}: {value}")
        if value:
            pic.rect(bx + 110, y + 4, 150 * min(value, 30) / 30, 12,
                     fill="#0072B2" if kind == "happiness" else "#D55E00", stroke=INK)
    hand, pouch = view["hands"][name], view["pouches"][name]
    if HIDDEN in hand or HIDDEN in pouch:
        pic.text(38, y + 36, f"hand: {len(hand)} cards; pouch: {len(pouch)} Items", size=11)
    else:
        pic.text(38, y + 36, f"hand ({len(hand)}): {', '.join(hand) or 'empty'}", size=11,
                 fit=WIDTH - 54)
        pic.text(38, y + 52, f"pouch ({len(pouch)}): {', '.join(pouch) or 'empty'}", size=11,
                 fit=WIDTH - 54)
    front = view["front"][name]
    claimed = view["claimed"][name]
    pic.text(38, y + 68, f"in front ({len(front)}): {', '.join(front) or 'none'}; claimed: "
             f"{', '.join(claimed) or 'none'}", size=11, fit=WIDTH - 54)
    pic.line(16, y + 78, WIDTH - 16, y + 78, stroke=LINE)


def happened(game: Game, view: State, player: str | None) -> list[str]:
    """The tick's log as the player read it (the fuller line of a card they saw)."""
    return [seen_by(entry, player) for entry in view["log"]]

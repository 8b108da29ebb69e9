"""The board picture beside each player's sheet: the card display and every player's zones.

The display's slots with each card's category and what its dice must show, the draw pile's
size, the discard pile and the token pool; for every player (in seat order, each with their
colour and shape) the dice zone, the points zone with its score, and their tokens; and whose
turn it is with the dice on the table. All of it is on the table for everyone; it is drawn
from the player's view (`Game.board`), where the draw pile is only a count.
"""

from __future__ import annotations

from ..engine.base.svg import INK, LINE, MUTED, TINTS, Picture, player_style
from .data import card
from .model import card_need, columns, score
from .state import LifestyleGame, LifestyleState, Seat

WIDTH, CARD_W, CARD_H = 820, 150, 58
CATEGORY_TINTS = {"pet": TINTS[2], "car": TINTS[0], "house": TINTS[1], "sports": TINTS[4],
                  "job": TINTS[3], "love": TINTS[5]}


def board(game: LifestyleGame, view: LifestyleState, player: str | None) -> Picture:
    players = list(view["players"])
    cols = columns()
    rows_ = (len(view["display"]) + cols - 1) // cols
    grid_h = rows_ * (CARD_H + 8)
    zone_top = 92 + grid_h
    heights = [_zone_height(view["seats"][p]) for p in players]
    height = zone_top + sum(heights) + 16
    turn = view["turn"]
    pic = Picture(WIDTH, height, f"Lifestyle, tick {view['tick']}: the table"
                  + (f" as {player} sees it" if player else ""),
                  f"The card display ({sum(1 for s in view['display'] if s)} cards), the draw "
                  f"pile ({len(view['pile'])} cards), the discard pile and the token pool; "
                  "then each player's dice zone, points zone and tokens.")
    pic.text(16, 24, f"Lifestyle - tick {view['tick']}" + (" - game over" if view["over"]
             else f": {turn['player']}'s turn {turn['number']}"), size=16, bold=True)
    if view["over"]:  # the winner and the ranking, where the turn and the piles stood
        pic.text(16, 46, game.result(view).summary, size=12, bold=True, fit=WIDTH - 32)
    else:
        roll = turn.get("roll")
        dice = " ".join(str(d) for d in roll) if roll else "none"
        pic.text(WIDTH - 16, 24, f"phase {turn['phase']}; dice on the table: {dice}",
                 size=12, anchor="end", fill=MUTED)
        pic.text(16, 46, f"draw pile {len(view['pile'])} cards; discard pile "
                 f"{len(view['discard'])}" + (f" (top: {view['discard'][-1]})"
                                              if view["discard"] else "")
                 + f"; token pool {view['pool']}", size=12, fit=WIDTH - 32)
    pic.text(16, 74, "Display", size=13, bold=True)
    for index, name in enumerate(view["display"]):
        r, c = divmod(index, cols)
        _card(pic, name, 16 + c * (CARD_W + 8), 82 + r * (CARD_H + 8), f"row {r + 1}, "
              f"column {c + 1}")
    y = zone_top
    for n, name in enumerate(players):
        _zones(pic, view, name, n, y, name == player, heights[n])
        y += heights[n]
    return pic


PER_ROW = 3


def _zone_height(seat: Seat) -> int:
    lines = max(1, *((len(zone) + PER_ROW - 1) // PER_ROW
                     for zone in (seat["dice"], seat["points"])))
    return 52 + 44 * lines


def _card(pic: Picture, name: str | None, x: float, y: float, where: str,
          width: float = CARD_W) -> None:
    if name is None:
        pic.rect(x, y, width, CARD_H, fill="#ffffff", dashed=True, tip=f"{where}: empty")
        pic.text(x + width / 2, y + CARD_H / 2 + 4, "empty", size=11, anchor="middle",
                 fill=MUTED)
        return
    spec = card(name)
    category = spec["category"]
    pic.rect(x, y, width, CARD_H, fill=CATEGORY_TINTS.get(category, TINTS[6]), stroke=INK,
             tip=f"{where}: {name} ({category}), {card_need(name)}")
    pic.text(x + 6, y + 17, name, size=12, bold=True, fit=width - 12)
    pic.text(x + 6, y + 33, category + (f", {spec['points']} points" if category == "car"
                                        else ""), size=10, fill=MUTED, fit=width - 12)
    pic.text(x + 6, y + 49, card_need(name), size=10, fit=width - 12)


def _zones(pic: Picture, view: LifestyleState, name: str, index: int, y: float, you: bool,
           height: float) -> None:
    seat = view["seats"][name]
    colour, shape = player_style(index)
    pic.mark(shape, 24, y + 10, 7, colour, tip=name)
    pic.text(38, y + 15, f"{name}{' (you)' if you else ''}: {score(seat['points'])} points, "
             f"{seat['tokens']} tokens", size=13, bold=True)
    small = 110
    x = 16
    for cards, label in ((seat["dice"], "dice zone"), (seat["points"], "points zone")):
        pic.text(x, y + 34, f"{label} ({len(cards)})", size=11, fill=MUTED)
        if not cards:
            pic.text(x, y + 56, "no cards", size=11, fill=MUTED)
        for n, card_name in enumerate(cards):
            r, c = divmod(n, PER_ROW)
            _small(pic, card_name, x + c * (small + 4), y + 40 + 44 * r, small,
                   f"{name}'s {label}")
        x += PER_ROW * (small + 4) + 60
    pic.line(16, y + height - 8, WIDTH - 16, y + height - 8, stroke=LINE)


def _small(pic: Picture, name: str, x: float, y: float, width: float, where: str) -> None:
    spec = card(name)
    pic.rect(x, y, width, 40, fill=CATEGORY_TINTS.get(spec["category"], TINTS[6]), stroke=INK,
             tip=f"{where}: {name} ({spec['category']})")
    pic.text(x + 5, y + 16, name, size=11, bold=True, fit=width - 10)
    pic.text(x + 5, y + 32, spec["category"], size=10, fill=MUTED, fit=width - 10)



def happened(game: LifestyleGame, view: LifestyleState, player: str | None) -> list[str]:
    """The tick's events, all of them on the table."""
    return list(view["log"])

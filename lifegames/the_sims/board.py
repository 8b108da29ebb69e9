"""The board picture beside each player's sheet: the Venues, the Card Hub and every seat.

The six Venues with the Need each one fills and its SIMbols, the movers standing at each (in
each player's colour and shape) and, alone, the Iconic Sims waiting there; the Card Hub; the
Iconic Sims face up; the draw piles as counts; and each player's Needs tracker, points,
Aspiration, Home, Iconic Sims and cards. The single-player game has no points: its board
counts what that game is won by, the Aspirations completed and the Sims at home, and lists
the three Aspirations, in the words of the sheet (views.py), so picture and sheet agree. Drawn
from the player's view (`Game.board`), where every hidden card is only a count.
"""

from __future__ import annotations

from ..engine.base.svg import INK, LINE, MUTED, TINTS, Picture, player_style
from .data import Venue, needs, rules
from .model import board as venues
from .model import card_symbols, points, solo
from .state import Seat, SimsGame, SimsState
from .views import solo_aspirations, solo_count

WIDTH, VENUE_W, VENUE_H = 880, 280, 92
NEED_STEP = 110  # a Need's box on a player's tracker, and the gap after it
HOME = "home"


def board(game: SimsGame, view: SimsState, player: str | None) -> Picture:
    players = list(view["players"])
    seats = view["seats"]
    alone = solo(view)
    top = 56
    hub_top = top + 2 * (VENUE_H + 10) + 34
    seats_top = hub_top + 150
    heights = [_seat_height(view, p) for p in players]
    height = seats_top + sum(heights) + 10
    turn = view["turn"]
    pic = Picture(WIDTH, height, f"The Sims Board Game, tick {view['tick']}: the board"
                  + (f" as {player} sees it" if player else ""),
                  "The six Venues with their Needs and who stands at each, the Card Hub, the "
                  "Iconic Sims face up, the draw piles, and "
                  + ("the single player's Needs tracker, Aspirations completed and open, "
                     "Sims at home, Home and cards." if alone else
                     "each player's Needs tracker, points, Aspiration, Home, Iconic Sims and "
                     "cards."))
    status = "game over" if view["over"] else f"{turn['player']}'s turn {turn['number']}"
    pic.text(16, 24, f"The Sims Board Game - tick {view['tick']}: {status}", size=16,
             bold=True, fit=WIDTH - 300)
    goal = rules()["solo"]
    pic.text(WIDTH - 16, 24, f"alone: win with {goal['aspirations']} Aspirations and "
             f"{goal['sims_to_win']} Sims at home" if alone else
             f"first to {view['target']} points wins", size=12, anchor="end", fill=MUTED)
    if view["over"]:  # the result (won or lost; the winner and the ranking) for the piles
        pic.text(16, 44, game.result(view).summary, size=12, bold=True, fit=WIDTH - 32)
    else:
        pic.text(16, 44, f"draw piles: {len(view['pile'])} Action cards, "
                 f"{len(view['sims_pile'])} Iconic Sims, {len(view['asp_pile'])} Aspirations, "
                 f"{len(view['home_pile'])} Homes; discard pile {len(view['discard'])}",
                 size=12, fill=MUTED, fit=WIDTH - 32)
    for n, place in enumerate(venues(view)):
        r, c = divmod(n, 3)
        _venue(pic, view, place, 16 + c * (VENUE_W + 8), top + r * (VENUE_H + 10), players)
    at_home = [p for p in players if seats[p]["at"] == HOME]
    y = top + 2 * (VENUE_H + 10) + 14
    centre = (f"; centre of the board (met awkwardly): {', '.join(view['centre']) or 'nobody'}"
              if alone else "")
    pic.text(16, y, ("mover at home: " if alone else "at home: ")
             + (", ".join(at_home) or "nobody") + centre, size=12,
             fit=WIDTH - 32)
    _hub(pic, view, 16, hub_top)
    y = seats_top
    for n, name in enumerate(players):
        if alone:
            _solo_seat(pic, view, name, y)
        else:
            _seat(pic, view, name, n, y, name == player, view["over"])
        y += heights[n]
    return pic


def _seat_height(view: SimsState, name: str) -> int:
    """A seat's rows: the single player's lists their Aspirations."""
    if not solo(view):
        return 70
    return 92 + 16 * len(solo_aspirations(view, name))


def _venue(pic: Picture, view: SimsState, place: Venue, x: float, y: float,
           players: list[str]) -> None:
    name = place["name"]
    pic.rect(x, y, VENUE_W, VENUE_H, fill=TINTS[0], stroke=INK,
             tip=f"{name}: fills {place['need']}; SIMbols {', '.join(place['symbols'])}")
    pic.text(x + 8, y + 18, name, size=13, bold=True, fit=VENUE_W - 16)
    pic.text(x + 8, y + 36, f"fills {place['need']}; {', '.join(place['symbols'])}", size=11,
             fit=VENUE_W - 16)
    here = [p for p in players if view["seats"][p]["at"] == name]
    mx = x + 14
    for p in here:
        colour, shape = player_style(players.index(p))
        pic.mark(shape, mx, y + 56, 8, colour, tip=f"{p}'s mover")
        pic.text(mx + 12, y + 60, p, size=11)
        mx += 24 + 7 * len(p)
    waiting = [s["sim"] for s in view["board"] if isinstance(s, dict) and s["venue"] == name]
    if waiting:
        pic.text(x + 8, y + 82, "waiting: " + ", ".join(waiting), size=10, fit=VENUE_W - 16)


def _hub(pic: Picture, view: SimsState, x: float, y: float) -> None:
    pic.text(x, y, "Card Hub", size=13, bold=True)
    for n, name in enumerate(view["hub"]):
        r, c = divmod(n, 3)
        cx, cy = x + c * 150, y + 8 + r * 54
        if name is None:
            pic.rect(cx, cy, 142, 48, fill="#ffffff", dashed=True, tip="an empty Hub space")
            pic.text(cx + 71, cy + 28, "empty", size=11, anchor="middle", fill=MUTED)
            continue
        symbols = ", ".join(card_symbols(name))
        pic.rect(cx, cy, 142, 48, fill=TINTS[4], stroke=INK, tip=f"{name}: {symbols}")
        pic.text(cx + 6, cy + 18, name, size=11, bold=True, fit=130)
        pic.text(cx + 6, cy + 36, symbols, size=10, fill=MUTED, fit=130)
    face_up = [s for s in view["board"] if isinstance(s, str)]
    if face_up or not any(isinstance(s, dict) for s in view["board"]):
        pic.text(x + 470, y, "Iconic Sims face up", size=13, bold=True)
        for n, sim in enumerate(face_up):
            pic.rect(x + 470, y + 8 + n * 30, 200, 24, fill=TINTS[3], stroke=INK, tip=sim)
            pic.text(x + 478, y + 25 + n * 30, sim, size=11, fit=186)
        if not face_up:
            pic.text(x + 470, y + 24, "none", size=11, fill=MUTED)


def _seat(pic: Picture, view: SimsState, name: str, index: int, y: float, you: bool,
          over: bool) -> None:
    seat = view["seats"][name]
    colour, shape = player_style(index)
    pic.mark(shape, 24, y + 10, 7, colour, tip=name)
    pic.text(38, y + 15, f"{name}{' (you)' if you else ''}: {points(view, name)} "
             f"points", size=13, bold=True)
    _needs(pic, seat, name, 200, y)
    done = len(seat["completed"])
    if over:  # no Aspiration is drawn once the game has ended: say what the player got
        aspiration = (f"Aspiration at the end: {seat['aspiration'] or 'none'}; completed: "
                      + (", ".join(seat["completed"]) or "none"))
    else:
        aspiration = f"Aspiration: {seat['aspiration'] or 'none'} ({done} completed)"
    pic.text(38, y + 36, f"{aspiration}; Home: "
             f"{seat['home'] or 'not moved in'}; Iconic Sims: {len(seat['sims'])}"
             + (f" ({', '.join(seat['sims'])})" if seat["sims"] else ""), size=11,
             fit=WIDTH - 54)
    _cards(pic, seat, y + 54)


def _solo_seat(pic: Picture, view: SimsState, name: str, y: float) -> None:
    """The single player: the two goals' counts, the Needs, each Aspiration, Home and Sims."""
    seat = view["seats"][name]
    colour, shape = player_style(0)
    pic.mark(shape, 24, y + 10, 7, colour, tip=name)
    pic.text(38, y + 15, f"{name} (you): {solo_count(view, name)}", size=13, bold=True,
             fit=WIDTH - 54)
    _needs(pic, seat, name, 38, y + 24)
    row = y + 62
    for line in solo_aspirations(view, name):
        pic.text(38, row, line, size=11, fit=WIDTH - 54)
        row += 16
    friends = seat["sims"] + seat["specials"]
    pic.text(38, row, f"Home: {seat['home'] or 'not moved in'}; Sims at home: "
             + (", ".join(friends) or "none"), size=11, fit=WIDTH - 54)
    _cards(pic, seat, row + 18)


def _needs(pic: Picture, seat: Seat, name: str, x: float, y: float) -> None:
    for n, need in enumerate(needs()):
        full = seat["needs"][need]
        nx = x + n * NEED_STEP  # wide enough that the longest "Hygiene empty" is not squeezed
        pic.rect(nx, y, NEED_STEP - 6, 20, fill=TINTS[2] if full else "#ffffff",
                 stroke=INK if full else LINE, dashed=not full,
                 tip=f"{name}'s {need}: {'FULL' if full else 'EMPTY'}")
        pic.text(nx + 4, y + 14, f"{need} {'full' if full else 'empty'}", size=10,
                 fit=NEED_STEP - 14)


def _cards(pic: Picture, seat: Seat, y: float) -> None:
    cards = list(seat["cards"])
    pic.text(38, y, f"cards ({len(cards)}): " + (", ".join(cards) or "none"), size=11,
             fit=WIDTH - 54)
    pic.line(16, y + 8, WIDTH - 16, y + 8, stroke=LINE)


def happened(game: SimsGame, view: SimsState, player: str | None) -> list[str]:
    """The tick's events, all of them on the table."""
    return list(view["log"])

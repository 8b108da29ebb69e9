"""The board picture beside each kingdom's sheet: the map as the kingdom's view shows it.

A tile shows its terrain once explored (a hatched grey tile before), its owner (a border in the
owner's colour and their shape), its settlement and buildings, walls and watchtowers, the
soldiers of each kingdom on it, and its defense against the Orc threat, which the header shows
on its meter. Drawn from the kingdom's view (`Game.board`), so unexplored terrain is not there
to draw.
"""

from __future__ import annotations

from ..engine.base.svg import INK, LINE, MUTED, PALE, TINTS, Picture, legend, player_style
from .data import rules
from .model import score, team_score, tile_defense
from .state import KingdomsGame, KingdomsState, Tile

CELL_W, CELL_H, TOP, SIDE = 200, 150, 86, 16
TERRAIN_TINTS = {"plains": TINTS[4], "forest": TINTS[2], "hills": TINTS[1],
                 "mountains": TINTS[6], "marsh": TINTS[5]}


def board(game: KingdomsGame, view: KingdomsState, player: str | None) -> Picture:
    size, players = int(view["size"]), list(view["players"])
    threat, most = int(view["threat"]), int(rules()["threat"]["max"])
    width, height = 2 * SIDE + size * CELL_W, TOP + size * CELL_H + 30
    explored = sum(1 for t in view["tiles"] if t["explored"])
    pic = Picture(width, height, f"Simple Kingdoms, tick {view['tick']}: the map"
                  + (f" as {player} sees it" if player else ""),
                  f"A {size} by {size} map; {explored} tiles explored; Orc threat {threat} of "
                  f"{most}; team score {team_score(view)}. Each tile lists its terrain, owner, "
                  "settlement, buildings and soldiers.")
    pic.text(SIDE, 22, f"Simple Kingdoms - tick {view['tick']} of {view['max_ticks']}",
             size=16, bold=True)
    legend(pic, SIDE, 44, players, player)
    _threat(pic, width, threat, most)
    scores = ", ".join(f"{p} {score(view, p)}" for p in players)
    pic.text(SIDE, 72, f"team score {team_score(view)} ({scores})", size=12, fill=MUTED)
    for t in view["tiles"]:
        _tile(pic, view, t, SIDE + t["col"] * CELL_W, TOP + t["row"] * CELL_H, players, threat)
    pic.text(SIDE, height - 10, "tiles are (row,col); defense counts the owner's soldiers, "
             "times watchtowers, plus walls", size=11, fill=MUTED, fit=width - 2 * SIDE)
    return pic


def _threat(pic: Picture, width: float, threat: int, most: int) -> None:
    x, w = width - SIDE - 200, 200
    pic.text(x, 22, f"Orc threat {threat} of {most}", size=13, bold=True)
    pic.rect(x, 30, w, 12, fill=PALE, tip=f"Orc threat {threat} of {most}")
    if threat:
        pic.rect(x, 30, w * threat / most, 12, fill="#D55E00", stroke=INK)


def _tile(pic: Picture, view: KingdomsState, t: Tile, x: float, y: float, players: list[str],
          threat: int) -> None:
    where = f"({t['row']},{t['col']})"
    inner = CELL_W - 16
    if not t["explored"] or t["terrain"] is None:
        pic.rect(x + 4, y + 4, CELL_W - 8, CELL_H - 8, fill=PALE, dashed=True,
                 tip=f"{where} unexplored")
        pic.text(x + 10, y + 24, f"{where} unexplored", size=13, fill=MUTED)
    else:
        owner = t["owner"]
        index = players.index(owner) if owner in players else -1
        stroke, border = (player_style(index)[0], 4) if index >= 0 else (LINE, 1)
        pic.rect(x + 4, y + 4, CELL_W - 8, CELL_H - 8, fill=TERRAIN_TINTS.get(t["terrain"],
                 PALE), stroke=stroke, width=border, tip=f"{where} {t['terrain']}")
        pic.text(x + 10, y + 24, f"{where} {t['terrain']}", size=13, bold=True, fit=inner - 24)
        if index >= 0:
            colour, shape = player_style(index)
            pic.mark(shape, x + CELL_W - 20, y + 19, 7, colour, tip=f"owned by {owner}")
    lines = []
    if t["owner"]:
        lines.append(f"{t['owner']}'s {t['settlement'] or 'land'}")
    elif t["explored"]:
        lines.append("unclaimed")
    built = [f"{n} x{c}" if c > 1 else n for n, c in sorted(t["buildings"].items()) if c]
    defences = [b for b in built if b.startswith(("wall", "watchtower"))]
    others = [b for b in built if b not in defences]
    if others:
        lines.append(", ".join(others))
    if defences:
        lines.append("defences: " + ", ".join(defences))
    if t["owner"]:
        defense = tile_defense(t)
        lines.append(f"defense {defense}: " + ("EXPOSED to raids" if threat > defense
                                               else "safe"))
    for n, line in enumerate(lines):
        pic.text(x + 10, y + 44 + 17 * n, line, size=12, fit=inner)
    _soldiers(pic, t, x + 10, y + CELL_H - 22, players)


def _soldiers(pic: Picture, t: Tile, x: float, y: float, players: list[str]) -> None:
    for name, count in sorted(t["soldiers"].items(), key=lambda kv: players.index(kv[0])
                              if kv[0] in players else 99):
        if not count:
            continue
        colour, shape = player_style(players.index(name) if name in players else 0)
        pic.mark(shape, x + 7, y, 7, colour, tip=f"{count} soldiers of {name}")
        label = f"{count} soldier{'s' if count != 1 else ''}"
        pic.text(x + 18, y + 4, label, size=12)
        x += 90


def happened(game: KingdomsGame, view: KingdomsState, player: str | None) -> list[str]:
    """What the last tick did to the kingdom (its sheet's "Last tick"), then to everyone."""
    mine = list(view["reports"].get(player, [])) if player else [
        f"{p}: {line}" for p in view["players"] for line in view["reports"][p]]
    return mine + list(view["world"])

"""The board picture beside each player's sheet: their paper sheet as the view shows it.

The four locations with their marks (Farm boxes checked, Lake targets circled, crossed or
caught, Mines cells crossed, Town Square friendships), the inventory rows, tools, museum and
pond, the goals with their progress, and the day's dice. Drawn from the player's view
(`Game.board`); a spectator's picture shows every player's sheet.
"""

from __future__ import annotations

from ..engine.contract import Game, State
from ..engine.svg import INK, LINE, MUTED, PALE, PLAYER_COLOURS, TINTS, Picture
from .data import goal_text, sheet
from .model import band_label, goal_progress, score, stock

WIDTH, SHEET_H, BOX = 780, 470, 22
MARKS = {"circle": ("o", "missed once"), "cross": ("x", "missed twice: closed"),
         "check": ("ok", "caught")}


def board(game: Game, view: State, player: str | None) -> Picture:
    shown = [player] if player in view["sheets"] else list(view["sheets"])
    height = 50 + SHEET_H * len(shown)
    goals = "; ".join(goal_text(g) for g in view["goals"])
    pic = Picture(WIDTH, height, f"A Simple Life, day {view['day']} of {view['days']}: "
                  + (f"{player}'s sheet" if player in view["sheets"] else "the sheets"),
                  f"The Farm, Lake, Mines and Town Square with their marks, the inventory, "
                  f"tools, museum and pond, and the goals ({goals}).")
    pic.text(16, 24, f"A Simple Life - day {view['day']} of {view['days']}"
             + (" (over)" if view["over"] else ""), size=16, bold=True)
    roll = " ".join(str(d) for d in view["last_roll"]) or "none yet"
    pic.text(WIDTH - 16, 24, f"today's roll: {roll}", size=12, anchor="end", fill=MUTED)
    for n, name in enumerate(shown):
        _sheet(pic, view, name, 44 + n * SHEET_H)
    return pic


def _sheet(pic: Picture, view: State, name: str, top: float) -> None:
    s, data = view["sheets"][name], sheet()
    points = score(s)
    pic.text(16, top + 18, f"{name}'s sheet: {points} points ({band_label(points)})", size=14,
             bold=True, fill=PLAYER_COLOURS[0])
    dice = " ".join(str(d) for d in s["available"]) or "none"
    pic.text(WIDTH - 16, top + 18, f"dice to use: {dice}", size=12, anchor="end")
    _farm(pic, s, data, 16, top + 34)
    _lake(pic, s, data, 200, top + 34)
    _mines(pic, s, 420, top + 34)
    _town(pic, s, data, 600, top + 34)
    _inventory(pic, s, data, 16, top + 230)
    _goals(pic, view, s, 420, top + 230)


def _heading(pic: Picture, x: float, y: float, text: str) -> None:
    pic.text(x, y + 12, text, size=13, bold=True)


def _farm(pic: Picture, s: State, data: State, x: float, y: float) -> None:
    _heading(pic, x, y, "Farm (from the bottom)")
    for c in range(1, 7):
        boxes = data["farm"][c]
        pic.text(x + (c - 1) * (BOX + 4) + BOX / 2, y + 34, c, size=11, anchor="middle",
                 fill=MUTED)
        for i, icon in enumerate(boxes):
            bx, by = x + (c - 1) * (BOX + 4), y + 40 + (len(boxes) - 1 - i) * (BOX + 2)
            done = s["farm"][c - 1] > i
            pic.rect(bx, by, BOX, BOX, fill=TINTS[2] if done else "#ffffff",
                     stroke=INK if done else LINE, width=2 if done else 1,
                     tip=f"column {c}, box {i + 1}: {icon or 'empty'}, checked" if done
                     else "")
            label = ("v" if done else "") + (icon[:1] if icon else "")
            if label:
                pic.text(bx + BOX / 2, by + 15, label, size=10, anchor="middle")


def _lake(pic: Picture, s: State, data: State, x: float, y: float) -> None:
    _heading(pic, x, y, "Lake (dice 1-2, 3-4, 5-6)")
    for r, row in enumerate(data["lake"]):
        by = y + 22 + r * 26
        pic.text(x, by + 16, f"{row['needs']}+", size=11, fill=MUTED)
        for c, cell in enumerate(row["cells"]):
            mark = s["lake"][r][c]
            bx = x + 26 + c * 58
            fill = {"check": TINTS[2], "cross": "#d9d9d9", "circle": TINTS[4]}.get(mark,
                                                                                  "#ffffff")
            what = "+".join(cell)
            tip = f"row {r + 1}, column {c + 1}: {what}" + (f", {MARKS[mark][1]}" if mark
                                                             else "")
            pic.rect(bx, by, 54, 22, fill=fill, stroke=INK if mark else LINE, tip=tip)
            label = (MARKS[mark][0] + " " if mark else "") + what
            pic.text(bx + 3, by + 15, label, size=9, fit=48)


def _mines(pic: Picture, s: State, x: float, y: float) -> None:
    _heading(pic, x, y, "Mines (column, row)")
    for r in range(6):
        for c in range(6):
            crossed = s["mines"][r][c]
            bx, by = x + c * 26, y + 22 + r * 26
            pic.rect(bx, by, 22, 22, fill="#595959" if crossed else "#ffffff",
                     tip=f"column {c + 1}, row {r + 1}: dug" if crossed else "")
            if crossed:
                pic.line(bx + 4, by + 4, bx + 18, by + 18, stroke="#ffffff", width=2)
                pic.line(bx + 18, by + 4, bx + 4, by + 18, stroke="#ffffff", width=2)


def _town(pic: Picture, s: State, data: State, x: float, y: float) -> None:
    _heading(pic, x, y, "Town Square")
    for n, (folk, spec) in enumerate(data["townsfolk"].items()):
        by = y + 22 + n * 26
        pic.text(x, by + 15, folk, size=11, fit=56)
        filled = s["friends"][folk]
        for b in range(spec["boxes"]):
            pic.rect(x + 60 + b * 26, by, 22, 22, fill=TINTS[3] if b < filled else "#ffffff",
                     stroke=INK if b < filled else LINE,
                     tip=f"{folk}: box {b + 1} of {spec['boxes']}"
                     + (", checked" if b < filled else ""))
            if b < filled:
                pic.text(x + 71 + b * 26, by + 15, "v", size=11, anchor="middle")
    tools = ", ".join(f"{t.replace('_', ' ')} {s['tools'][t]}" for t in data["tools"])
    pic.text(x, y + 160, "tools (level):", size=11, bold=True)
    for n, part in enumerate(tools.split(", ")):
        pic.text(x, y + 176 + 14 * n, part, size=11)


def _inventory(pic: Picture, s: State, data: State, x: float, y: float) -> None:
    _heading(pic, x, y, "Inventory (have / gained of the row)")
    for n, (kind, cap) in enumerate(data["caps"].items()):  # the sheet's order, not the state's
        by = y + 22 + n * 22
        row = s["inventory"][kind]
        have = row["circled"] if kind == "monster" else stock(s, kind)
        pic.text(x, by + 14, kind, size=11)
        pic.rect(x + 70, by + 3, 200, 14, fill=PALE, tip=f"{kind}: {row['circled']} circled, "
                 f"{row['crossed']} crossed, of {cap}")
        if row["circled"]:
            pic.rect(x + 70, by + 3, 200 * row["circled"] / cap, 14, fill=TINTS[1],
                     stroke=LINE)
        if have:
            pic.rect(x + 70, by + 3, 200 * have / cap, 14, fill="#E69F00", stroke=INK)
        word = "defeated" if kind == "monster" else "have"
        pic.text(x + 280, by + 14, f"{word} {have} / {row['circled']} of {cap}", size=11)


def _goals(pic: Picture, view: State, s: State, x: float, y: float) -> None:
    _heading(pic, x, y, "Goals")
    for n, goal in enumerate(view["goals"]):
        done, need = goal_progress(s, goal)
        met = goal in s["done"]
        pic.text(x, y + 36 + 16 * n, f"{'[done] ' if met else ''}{goal_text(goal)}: {done} "
                 f"of {need}", size=11, fit=WIDTH - x - 16)
    base = y + 44 + 16 * len(view["goals"])
    data = sheet()
    museum = [a for a in data["artifacts"] if s["museum"][a]]
    pond = [f for f in data["fish"] if s["pond"][f]]
    pic.text(x, base + 10, f"Museum ({len(museum)} of {len(s['museum'])}): "
             + (", ".join(museum) or "empty"), size=11, fit=WIDTH - x - 16)
    pic.text(x, base + 28, f"Pond ({len(pond)} of {len(s['pond'])}): "
             + (", ".join(pond) or "empty"), size=11, fit=WIDTH - x - 16)
    spent = ", ".join(s["spent_on"]) or "nothing yet"
    pic.text(x, base + 46, f"today's dice went to: {spent}", size=11, fill=MUTED,
             fit=WIDTH - x - 16)
    if s["pending"]:
        pic.text(x, base + 64, f"waiting for an answer: {s['pending']['kind']}", size=11,
                 bold=True, fill="#D55E00")


def happened(game: Game, view: State, player: str | None) -> list[str]:
    """The log of the player's sheet (a spectator's view holds nobody's)."""
    if player not in view["sheets"]:
        return []
    return list(view["sheets"][player].get("log", []))

"""The board picture beside each player's sheet: their paper sheet as the view shows it.

The four locations with their marks (Farm boxes checked, Lake targets circled, crossed or
caught, Mines cells crossed, Town Square friendships), the inventory rows, tools, museum and
pond, the goals with their progress, and the day's dice. Drawn from the player's view
(`Game.board`); a spectator's picture shows every player's sheet.

A box is too small for a word, so the Farm's crops are letters and the marks are drawn as the
paper sheet has them (a tick, a circle, a cross); a key at the foot explains every letter and
mark the picture uses, and a Lake target's contents are written out in words ("3 carrots").
"""

from __future__ import annotations

from ..engine.base.svg import INK, LINE, MUTED, PALE, PLAYER_COLOURS, TINTS, Picture, text_width
from ..engine.base.words import counted
from .data import SheetData, goal_text, sheet
from .model import band_label, goal_progress, result_line, score, stock
from .state import Sheet, SimpleLifeGame, SimpleLifeState

WIDTH, SHEET_H, BOX, KEY_H = 900, 470, 22, 24
LAKE_W = 108  # a Lake target: wide enough for its contents in words
# What a Lake target's mark means, in the order a target gets them.
MARKS = {"circle": "missed once", "cross": "missed twice: closed", "check": "caught"}
TICK = "tick"  # a checked box (Farm, Town Square)
DUG = "dug"  # a Mines cell crossed out


def board(game: SimpleLifeGame, view: SimpleLifeState, player: str | None) -> Picture:
    shown = [player] if player is not None and player in view["sheets"] else \
        list(view["sheets"])
    height = 50 + SHEET_H * len(shown) + KEY_H * len(_key_rows())
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
    _key(pic, 44 + len(shown) * SHEET_H + 14)
    return pic


def crop_letters() -> dict[str, str]:
    """The letter each Farm crop is drawn as (its initial, capitalised)."""
    crops = sorted({icon for boxes in sheet()["farm"].values() for icon in boxes if icon})
    letters = {crop: crop[:1].upper() for crop in crops}
    assert len(set(letters.values())) == len(letters), letters  # a letter names one crop
    return letters


def key_entries() -> list[tuple[str, str]]:
    """The key at the foot of the picture: (what is drawn, what it means); a letter or a
    number is drawn as written, a mark (TICK, DUG or a Lake mark) as its symbol."""
    return ([(letter, crop) for crop, letter in crop_letters().items()]
            + [("3+", "a Lake reroll of 3 or more"), (TICK, f"checked, {MARKS['check']}")]
            + [(mark, meaning) for mark, meaning in MARKS.items() if mark != "check"]
            + [(DUG, "dug")])


def _key_rows() -> list[list[tuple[float, str, str]]]:
    """The key laid out in rows that fit the picture: (x, what is drawn, its label)."""
    rows: list[list[tuple[float, str, str]]] = [[]]
    x = 50.0
    for drawn, meaning in key_entries():
        symbol = drawn in MARKS or drawn in (TICK, DUG)
        label = meaning if symbol else f"{drawn} = {meaning}"
        need = (22 if symbol else 0) + text_width(label, 11)
        if rows[-1] and x + need > WIDTH - 16:
            rows.append([])
            x = 50.0
        rows[-1].append((x, drawn if symbol else "", label))
        x += need + 14
    return rows


def _key(pic: Picture, y: float) -> None:
    pic.text(16, y + 4, "Key:", size=11, bold=True)
    for row in _key_rows():
        for x, symbol, label in row:
            if symbol:
                _symbol(pic, symbol, x, y - 10, 18)
                x += 22
            pic.text(x, y + 4, label, size=11)
        y += KEY_H


def _symbol(pic: Picture, mark: str, x: float, y: float, size: float, tip: str = "") -> None:
    """A mark drawn in the box of `size` at (x, y), as the paper sheet has it."""
    if mark == DUG:
        pic.rect(x, y, size, size, fill="#595959", tip=tip or "dug")
        _cross(pic, x, y, size, "#ffffff")
    elif mark == "circle":
        pic.mark("circle", x + size / 2, y + size / 2, size * 0.36, "none", tip=MARKS[mark])
    elif mark == "cross":
        _cross(pic, x, y, size, INK)
    else:  # a tick: a checked box, a caught target
        pic.line(x + size * 0.18, y + size * 0.55, x + size * 0.42, y + size * 0.8, stroke=INK,
                 width=2)
        pic.line(x + size * 0.42, y + size * 0.8, x + size * 0.85, y + size * 0.2, stroke=INK,
                 width=2)


def _cross(pic: Picture, x: float, y: float, size: float, ink: str) -> None:
    edge = size * 0.2
    pic.line(x + edge, y + edge, x + size - edge, y + size - edge, stroke=ink, width=2)
    pic.line(x + size - edge, y + edge, x + edge, y + size - edge, stroke=ink, width=2)


def contents(cell: list[str]) -> str:
    """A Lake target's contents in words: `3 carrots`, `2 coins + star`, `Minnow`."""
    kinds = list(dict.fromkeys(cell))
    return " + ".join(counted(cell.count(k), k) if cell.count(k) > 1 else k for k in kinds)


def _sheet(pic: Picture, view: SimpleLifeState, name: str, top: float) -> None:
    s, data = view["sheets"][name], sheet()
    points = score(s)
    # At the end, the sheet's own result line: a band is named only for points that count.
    if view["over"]:
        pic.text(16, top + 18, f"{name}'s sheet: {result_line(view, name)}", size=11,
                 bold=True, fill=PLAYER_COLOURS[0], fit=WIDTH - 32)
    else:
        pic.text(16, top + 18, f"{name}'s sheet: {points} points ({band_label(points)})",
                 size=14, bold=True, fill=PLAYER_COLOURS[0])
        dice = " ".join(str(d) for d in s["available"]) or "none"
        pic.text(WIDTH - 16, top + 18, f"dice to use: {dice}", size=12, anchor="end")
    _farm(pic, s, data, 16, top + 34)
    _lake(pic, s, data, 200, top + 34)
    _mines(pic, s, 576, top + 34)
    _town(pic, s, data, 752, top + 34)
    _inventory(pic, s, data, 16, top + 230)
    _goals(pic, view, s, 420, top + 230)


def _heading(pic: Picture, x: float, y: float, text: str) -> None:
    pic.text(x, y + 12, text, size=13, bold=True)


def _farm(pic: Picture, s: Sheet, data: SheetData, x: float, y: float) -> None:
    _heading(pic, x, y, "Farm (from the bottom)")
    letters = crop_letters()
    for c in range(1, 7):
        boxes = data["farm"][c]
        pic.text(x + (c - 1) * (BOX + 4) + BOX / 2, y + 34, c, size=11, anchor="middle",
                 fill=MUTED)
        for i, icon in enumerate(boxes):
            bx, by = x + (c - 1) * (BOX + 4), y + 40 + (len(boxes) - 1 - i) * (BOX + 2)
            done = s["farm"][c - 1] > i
            pic.rect(bx, by, BOX, BOX, fill=TINTS[2] if done else "#ffffff",
                     stroke=INK if done else LINE, width=2 if done else 1,
                     tip=f"column {c}, box {i + 1}: {icon or 'empty'}"
                     + (", checked" if done else ""))
            if icon:  # the crop's letter, to the left of a tick
                pic.text(bx + (6 if done else BOX / 2), by + 15, letters[icon], size=10,
                         anchor="middle", bold=True)
            if done:
                _symbol(pic, TICK, bx + (8 if icon else 2), by + 2, BOX - (10 if icon else 4))


def _lake(pic: Picture, s: Sheet, data: SheetData, x: float, y: float) -> None:
    _heading(pic, x, y, "Lake (columns by die: 1-2, 3-4, 5-6)")
    for r, row in enumerate(data["lake"]):
        by = y + 22 + r * 26
        pic.text(x, by + 16, f"{row['needs']}+", size=11, fill=MUTED)
        for c, cell in enumerate(row["cells"]):
            mark = s["lake"][r][c]
            bx = x + 26 + c * (LAKE_W + 4)
            fill = {"check": TINTS[2], "cross": "#d9d9d9", "circle": TINTS[4]}.get(mark,
                                                                                  "#ffffff")
            what = contents(cell)
            tip = f"row {r + 1}, column {c + 1}: {what}" + (f", {MARKS[mark]}" if mark
                                                             else "")
            pic.rect(bx, by, LAKE_W, 22, fill=fill, stroke=INK if mark else LINE, tip=tip)
            if mark:
                _symbol(pic, mark, bx + 2, by + 3, 16)
            pic.text(bx + 20, by + 15, what, size=10, fit=LAKE_W - 23)


def _mines(pic: Picture, s: Sheet, x: float, y: float) -> None:
    _heading(pic, x, y, "Mines (column, row)")
    for r in range(6):
        for c in range(6):
            bx, by = x + c * 26, y + 22 + r * 26
            if s["mines"][r][c]:
                _symbol(pic, DUG, bx, by, 22, tip=f"column {c + 1}, row {r + 1}: dug")
            else:
                pic.rect(bx, by, 22, 22, fill="#ffffff")


def _town(pic: Picture, s: Sheet, data: SheetData, x: float, y: float) -> None:
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
                _symbol(pic, TICK, x + 62 + b * 26, by + 2, 18)
    tools = ", ".join(f"{t.replace('_', ' ')} {s['tools'][t]}" for t in data["tools"])
    pic.text(x, y + 160, "tools (level):", size=11, bold=True)
    for n, part in enumerate(tools.split(", ")):
        pic.text(x, y + 176 + 14 * n, part, size=11)


def _inventory(pic: Picture, s: Sheet, data: SheetData, x: float, y: float) -> None:
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


def _goals(pic: Picture, view: SimpleLifeState, s: Sheet, x: float, y: float) -> None:
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


def happened(game: SimpleLifeGame, view: SimpleLifeState, player: str | None) -> list[str]:
    """The log of the player's sheet (a spectator's view holds nobody's)."""
    if player not in view["sheets"]:
        return []
    return list(view["sheets"][player].get("log", []))

"""The story page (`history --html`): one self-contained HTML file, readable in any browser
with no script and nothing fetched, stable byte for byte.

It reads top to bottom as a game is told: how it ended (or stands), each player's key figures
as line charts, the boards tick by tick, what happened each tick in words, and last the table
of every figure. A chart has a tick axis and a value axis with gridlines; its legend sits
below the plot, so no label ever crosses a line; every player's line has their colour, dash
and shape (engine/base/svg.py), and lines that share values are drawn a pixel or two apart so that
none hides another. Long games show at most MAX_BOARDS boards, spread evenly, the first and
the last among them; every tick keeps its words.

A board is drawn once, as a thumbnail for the overview; each is a link to itself, and the
figure a link points at (CSS `:target`, no script) takes the whole width at the board's full
size, so any tick's board can be read, then left by the browser's Back or the caption's link.
A tick whose board is shown links to it from its words.
"""

from __future__ import annotations

import html
import math

from ..base.svg import INK, LINE, MUTED, PALE, Picture, number, player_style, text_width
from ..core.history import Row, Story, figure_names, table_rows

MAX_BOARDS = 24
THUMB = 260  # a board's width on the page
CHART_W, PLOT_TOP, PLOT_H, LEFT, RIGHT = 720, 36, 180, 60, 20
DASHES = ("", "7 4", "2 3", "9 3 2 3", "4 2", "1 2")
STYLE = (
    "body{font-family:sans-serif;margin:0 auto;padding:1em 2em;max-width:1180px;color:#1a1a1a;"
    "line-height:1.4}h1{margin-bottom:.2em}h2{border-bottom:1px solid #8c8c8c;"
    "padding-bottom:.2em;margin-top:1.6em}.result{font-size:1.15em;background:#f2f2f2;"
    "padding:.6em 1em;border-left:6px solid #0072B2}.charts,.boards{display:flex;"
    "flex-wrap:wrap;gap:1em}figure{margin:0;max-width:100%}figcaption{font-size:.9em;"
    "color:#595959}svg{max-width:100%;height:auto;display:block}.board{border:1px solid "
    "#8c8c8c;width:" + str(THUMB) + "px}.board:target{width:100%;border-color:#0072B2}"
    ".board .back,.board:target .enlarge{display:none}.board:target .back{display:inline}"
    ".tick{margin:.2em 0 .8em}.tick h3{margin:.4em 0 .1em;"
    "font-size:1em}.tick ul{margin:0;padding-left:1.4em}.table{overflow-x:auto}"
    "table{border-collapse:collapse}td,th{border:1px solid #8c8c8c;padding:2px 6px;"
    "text-align:right}"
)


def page(title: str, story: Story) -> str:
    esc = html.escape
    who = "as " + story.viewer + "'s sheets showed it" if story.viewer else "the referee's view"
    parts = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             f"<title>{esc(title)}</title>", f"<style>{STYLE}</style>", "</head>", "<body>",
             f"<h1>{esc(title)}</h1>", f"<p>{esc(who)}; {_span(story)}.</p>",
             '<section id="result"><h2>' + ("Result" if story.over else "How the game stands")
             + '</h2><div class="result">'
             + "".join(f"<p>{esc(line)}</p>" for line in story.result) + "</div></section>"]
    charts = [c for c in (chart(n, story.rows, story.players) for n in
                          figure_names(story.rows)) if c]
    if charts:
        parts.append('<section id="figures"><h2>Key figures</h2><div class="charts">')
        parts += [f'<figure class="chart">{c}</figure>' for c in charts]
        parts.append("</div></section>")
    boards = _boards(story)
    if boards:
        shown = len(boards)
        note = "" if shown == len(story.chapters) else (
            f" ({shown} of the {len(story.chapters)} ticks, spread over the game)")
        parts.append(f'<section id="boards"><h2>The board, tick by tick{esc(note)}</h2>'
                     '<div class="boards">')
        parts += [_board(tick, text) for tick, text in boards]
        parts.append("</div></section>")
    parts.append('<section id="ticks"><h2>What happened</h2>')
    drawn = {tick for tick, _ in boards}
    for chapter in story.chapters:
        if not chapter.tick:
            continue
        items = "".join(f"<li>{esc(e)}</li>" for e in chapter.events) or (
            "<li>nothing you were told of</li>" if story.viewer else "<li>nothing</li>")
        link = (f' <a href="#board-{chapter.tick}">(the board after it)</a>'
                if chapter.tick in drawn else "")
        parts.append(f'<div class="tick" id="tick-{chapter.tick}"><h3>Tick {chapter.tick}'
                     f"{link}</h3><ul>{items}</ul></div>")
    parts.append("</section>")
    headers, body = table_rows(story.rows)
    parts.append('<section id="table"><h2>Every figure</h2><div class="table"><table>')
    parts.append("<tr>" + "".join(f"<th>{esc(str(h))}</th>" for h in headers) + "</tr>")
    parts += ["<tr>" + "".join(f"<td>{esc(str(c))}</td>" for c in row) + "</tr>"
              for row in body]
    parts += ["</table></div></section>", "</body>", "</html>", ""]
    return "\n".join(parts)


def _span(story: Story) -> str:
    """How many ticks the page tells: all of them, or (a seat that kept nothing of the first
    ones) from which tick on."""
    if not story.first:
        return f"{len(story.chapters) - 1} ticks"
    last = story.chapters[-1].tick if story.chapters else story.first
    return (f"ticks {story.first} to {last} (what came before tick {story.first} was not "
            "kept where this page was made)")


def _boards(story: Story) -> list[tuple[int, str]]:
    drawn = [(c.tick, c.board) for c in story.chapters if c.board]
    if len(drawn) > MAX_BOARDS:
        step = (len(drawn) - 1) / (MAX_BOARDS - 1)
        drawn = [drawn[round(i * step)] for i in range(MAX_BOARDS)]
    return [(tick, _inline(text)) for tick, text in drawn if text]


def _board(tick: int, text: str) -> str:
    """One board's figure: a thumbnail that links to itself, full size once it is the
    page's target (the style's `.board:target`)."""
    when = f"after tick {tick}" if tick else "at setup"
    return (f'<figure class="board" id="board-{tick}"><a href="#board-{tick}" '
            f'title="the board {when}, full size">{text}</a><figcaption>{when} '
            f'<a class="enlarge" href="#board-{tick}">(full size)</a>'
            '<a class="back" href="#boards">(back to all boards)</a></figcaption></figure>')


def _inline(text: str) -> str:
    """A board's SVG as an element of the page, scaled to the thumbnail's width by CSS."""
    body = text.split("\n", 1)[1] if text.startswith("<?xml") else text
    return body.rstrip("\n")


# -- the charts ---------------------------------------------------------------------------


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def steps(low: float, high: float, most: int = 6, whole: bool = False) -> list[float]:
    """Round gridline values from low to high (1, 2 or 5 times a power of ten apart);
    `whole`: at least 1 apart, for a figure that only takes whole numbers."""
    span = max(high - low, 1e-9)
    raw = span / most
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    if whole:
        step = max(step, 1)
    first = math.floor(low / step) * step
    out, value = [], first
    while value <= high + step * 1e-6:
        if value >= low - step * 1e-6:
            out.append(round(value, 10))
        value += step
    return out


def chart(name: str, found: list[Row], players: list[str]) -> str:
    """One figure, every player's line over the ticks: '' if the figure is not a number."""
    series = {p: [(t, float(f[name])) for t, q, f in found if q == p and _number(f.get(name))]
              for p in players}
    series = {p: s for p, s in series.items() if s}
    if not series:
        return ""
    ticks = [t for s in series.values() for t, _ in s]
    values = [v for s in series.values() for _, v in s]
    t0, t1 = min(ticks), max(max(ticks), min(ticks) + 1)
    v0, v1 = min(min(values), 0.0), max(max(values), 1.0)
    yticks = steps(v0, v1, whole=all(v.is_integer() for v in values))
    v0, v1 = min(v0, yticks[0]), max(v1, yticks[-1])
    plot_w = CHART_W - LEFT - RIGHT
    legend_rows = _legend_rows(list(series), plot_w)
    height = PLOT_TOP + PLOT_H + 52 + 20 * len(legend_rows)
    pic = Picture(CHART_W, height, f"{name}, tick by tick",
                  f"{name} for {', '.join(series)} from tick {t0} to tick {max(ticks)}; "
                  f"lowest {_plain(min(values))}, highest {_plain(max(values))}. Last values: "
                  + "; ".join(f"{p} {_plain(s[-1][1])}" for p, s in series.items()) + ".")

    def x(t: float) -> float:
        return LEFT + plot_w * (t - t0) / (t1 - t0)

    def y(v: float) -> float:
        return PLOT_TOP + PLOT_H - PLOT_H * (v - v0) / (v1 - v0)

    pic.text(LEFT, 20, name, size=15, bold=True)
    pic.rect(LEFT, PLOT_TOP, plot_w, PLOT_H, fill=PALE, stroke=LINE, radius=0)
    for v in yticks:
        pic.line(LEFT, y(v), LEFT + plot_w, y(v), stroke="#d0d0d0")
        pic.text(LEFT - 6, y(v) + 4, _plain(v), size=11, anchor="end", fill=MUTED)
    for t in steps(t0, t1, 10):
        if float(t).is_integer():
            pic.line(x(t), PLOT_TOP + PLOT_H, x(t), PLOT_TOP + PLOT_H + 5, stroke=INK)
            pic.text(x(t), PLOT_TOP + PLOT_H + 18, _plain(t), size=11, anchor="middle",
                     fill=MUTED)
    pic.text(LEFT + plot_w / 2, PLOT_TOP + PLOT_H + 36, "tick", size=12, anchor="middle")
    count = len(series)
    for index, (player, points) in enumerate(series.items()):
        colour, shape = player_style(players.index(player))
        shift = (index - (count - 1) / 2) * 2.0  # lines that share values stay apart
        coords = [(x(t), y(v) + shift) for t, v in points]
        dash = DASHES[players.index(player) % len(DASHES)]
        extra = f' stroke-dasharray="{dash}"' if dash else ""
        pic.parts.append('<polyline fill="none" stroke="' + colour + '" stroke-width="2.5"'
                         + extra + ' points="' + " ".join(f"{number(a)},{number(b)}" for a, b
                                                          in coords) + '"/>')
        every = max(1, math.ceil(len(coords) / 30))
        for n, (cx, cy) in enumerate(coords):
            if n % every == 0 or n == len(coords) - 1:
                t, v = points[n]
                pic.mark(shape, cx, cy, 4, colour, tip=f"{player}, tick {t}: {_plain(v)}")
    top = PLOT_TOP + PLOT_H + 58
    for row_index, row in enumerate(legend_rows):
        lx: float = LEFT
        for player in row:
            colour, shape = player_style(players.index(player))
            ly = top + 20 * row_index
            dash = DASHES[players.index(player) % len(DASHES)]
            extra = f' stroke-dasharray="{dash}"' if dash else ""
            pic.parts.append(f'<line x1="{number(lx)}" y1="{number(ly - 4)}" '
                             f'x2="{number(lx + 28)}" y2="{number(ly - 4)}" stroke="{colour}" '
                             f'stroke-width="2.5"{extra}/>')
            pic.mark(shape, lx + 14, ly - 4, 4, colour)
            last = series[player][-1][1]
            label = f"{player} ({_plain(last)})"
            pic.text(lx + 34, ly, label, size=12)
            lx += 34 + text_width(label, 12) + 18
    return pic.inline(CHART_W)


def _legend_rows(names: list[str], width: float) -> list[list[str]]:
    rows: list[list[str]] = [[]]
    used = 0.0
    for name in names:
        need = 34 + text_width(f"{name} (00000)", 12) + 18
        if rows[-1] and used + need > width:
            rows.append([])
            used = 0.0
        rows[-1].append(name)
        used += need
    return rows


def _plain(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"

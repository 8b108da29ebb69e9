"""Pictures as SVG text, written by hand: the boards beside the sheets and the story page's charts.

No drawing library: the core install has none, and a board is a few hundred shapes. What a
library would not promise and a shared game folder needs, this does: the same picture is the
same bytes (numbers in one fixed format, elements in the order they were drawn, no ids, no
timestamps), so a diff between two ticks shows what changed; every string is escaped, since
names come from players and card names from YAML; and a picture is readable without its
colours (a `<title>` and `<desc>`, text labels, a tooltip on each piece, and each player drawn
with a shape of their own as well as a colour from the Okabe-Ito palette, which stays distinct
for the common kinds of colour blindness).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable

# Okabe & Ito's palette (2008), the players' colours in seat order, and a shape each.
PLAYER_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
PLAYER_SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "star")
INK, MUTED, LINE, PAPER, PALE = "#1a1a1a", "#595959", "#8c8c8c", "#ffffff", "#f2f2f2"
# Fills for kinds of places and cards (pale, so black text on them stays readable).
TINTS = ("#cfe3f2", "#f6dcc4", "#cdeadf", "#efd6e6", "#f7e7b8", "#dbeef9", "#e6e6e6")
CHAR_WIDTH = 0.6  # of the font size: a generous average for a sans-serif font
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def number(value: float) -> str:
    """One fixed spelling per value: whole numbers bare, others to two decimals, never -0."""
    rounded = round(float(value), 2)
    if rounded == 0:
        return "0"
    if rounded.is_integer():
        return str(int(rounded))
    return f"{rounded:.2f}".rstrip("0")


def escape(text: object) -> str:
    """`text` fit for an XML element or a double-quoted attribute (control characters, which
    XML cannot hold, dropped)."""
    plain = _CONTROL.sub("", str(text))
    return (plain.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def text_width(text: str, size: float) -> float:
    return len(text) * size * CHAR_WIDTH


def wrapped(text: str, size: float, width: float) -> list[str]:
    """`text` broken at spaces into lines that each fit `width` at font `size` (by
    `text_width`'s estimate), for a sentence too long to squeeze into one line."""
    return textwrap.wrap(text, max(1, int(width / (size * CHAR_WIDTH)))) or [""]


def player_style(index: int) -> tuple[str, str]:
    """The colour and shape of the player in seat `index`."""
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)], PLAYER_SHAPES[index % len(PLAYER_SHAPES)]


class Picture:
    """An SVG drawing built element by element. Coordinates are in the picture's own units;
    `render` gives the whole document."""

    def __init__(self, width: float, height: float, title: str, desc: str) -> None:
        self.width, self.height = width, height
        self.title, self.desc = title, desc
        self.parts: list[str] = []

    # -- pieces ---------------------------------------------------------------------------
    def rect(self, x: float, y: float, w: float, h: float, fill: str = PAPER,
             stroke: str = LINE, tip: str = "", dashed: bool = False, width: float = 1,
             radius: float = 3) -> None:
        extra = ' stroke-dasharray="4 3"' if dashed else ""
        if width != 1:
            extra += f' stroke-width="{number(width)}"'
        if radius:
            extra += f' rx="{number(radius)}"'
        self._add(f'<rect x="{number(x)}" y="{number(y)}" width="{number(w)}" '
                  f'height="{number(h)}" fill="{fill}" stroke="{stroke}"{extra}', tip)

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = LINE,
             width: float = 1) -> None:
        self._add(f'<line x1="{number(x1)}" y1="{number(y1)}" x2="{number(x2)}" '
                  f'y2="{number(y2)}" stroke="{stroke}" stroke-width="{number(width)}"', "")

    def text(self, x: float, y: float, text: object, size: float = 12, anchor: str = "start",
             fill: str = INK, bold: bool = False, fit: float = 0, tip: str = "") -> None:
        """A label at baseline `y`. `fit`: the width it must stay inside; a longer label is
        squeezed to it (textLength), so it never runs out of its box."""
        words = str(text)
        attrs = (f'<text x="{number(x)}" y="{number(y)}" font-size="{number(size)}" '
                 f'fill="{fill}"')
        if anchor != "start":
            attrs += f' text-anchor="{anchor}"'
        if bold:
            attrs += ' font-weight="bold"'
        if fit and text_width(words, size) > fit:
            attrs += f' textLength="{number(fit)}" lengthAdjust="spacingAndGlyphs"'
        body = escape(words)
        if tip:
            body = f"<title>{escape(tip)}</title>{body}"
        self.parts.append(f"{attrs}>{body}</text>")

    def mark(self, shape: str, x: float, y: float, r: float, fill: str, tip: str = "",
             stroke: str = INK) -> None:
        """A player's token: `shape` centred on (x, y), about 2r across."""
        if shape == "circle":
            head = f'<circle cx="{number(x)}" cy="{number(y)}" r="{number(r)}"'
        elif shape == "square":
            s = r * 0.9
            head = (f'<rect x="{number(x - s)}" y="{number(y - s)}" width="{number(2 * s)}" '
                    f'height="{number(2 * s)}"')
        else:
            head = f'<polygon points="{_points(_corners(shape, x, y, r))}"'
        self._add(f'{head} fill="{fill}" stroke="{stroke}"', tip)

    def raw_group(self, x: float, y: float, scale: float, inner: Picture) -> None:
        """`inner`'s pieces drawn at (x, y), scaled (its title becomes a tooltip)."""
        self.parts.append(f'<g transform="translate({number(x)} {number(y)}) '
                          f'scale({number(scale)})"><title>{escape(inner.title)}</title>')
        self.parts.extend(inner.parts)
        self.parts.append("</g>")

    def _add(self, head: str, tip: str) -> None:
        if tip:
            self.parts.append(f"{head}><title>{escape(tip)}</title></{head[1:].split(' ', 1)[0]}>")
        else:
            self.parts.append(f"{head}/>")

    # -- the document -----------------------------------------------------------------------
    def render(self) -> str:
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{number(self.width)}" '
                f'height="{number(self.height)}" viewBox="0 0 {number(self.width)} '
                f'{number(self.height)}" role="img" font-family="{FONT}">')
        return "\n".join([
            '<?xml version="1.0" encoding="UTF-8"?>', head,
            f"<title>{escape(self.title)}</title>", f"<desc>{escape(self.desc)}</desc>",
            f'<rect x="0" y="0" width="{number(self.width)}" height="{number(self.height)}" '
            f'fill="{PAPER}"/>', *self.parts, "</svg>", ""])

    def inline(self, width: float) -> str:
        """The picture as an element of an HTML page, `width` wide (no XML prologue)."""
        text = self.render().split("\n", 1)[1]
        height = self.height * width / self.width
        return text.replace(f'width="{number(self.width)}" height="{number(self.height)}"',
                            f'width="{number(width)}" height="{number(height)}"', 1)


def _corners(shape: str, x: float, y: float, r: float) -> list[tuple[float, float]]:
    if shape == "triangle":
        return [(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)]
    if shape == "diamond":
        return [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    if shape == "hexagon":
        h = r * 0.87
        return [(x - r / 2, y - h), (x + r / 2, y - h), (x + r, y), (x + r / 2, y + h),
                (x - r / 2, y + h), (x - r, y)]
    # a four-pointed star
    i = r * 0.4
    return [(x, y - r), (x + i, y - i), (x + r, y), (x + i, y + i), (x, y + r), (x - i, y + i),
            (x - r, y), (x - i, y - i)]


def _points(corners: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{number(a)},{number(b)}" for a, b in corners)


def legend(picture: Picture, x: float, y: float, players: list[str], you: str | None,
           size: float = 12) -> float:
    """Each player's colour and shape with their name, in a row from (x, y); the x it ends at."""
    for index, name in enumerate(players):
        colour, shape = player_style(index)
        picture.mark(shape, x + size / 2, y - size / 3, size / 2, colour, tip=name)
        label = f"{name} (you)" if name == you else name
        picture.text(x + size + 4, y, label, size=size)
        x += size + 12 + text_width(label, size)
    return x

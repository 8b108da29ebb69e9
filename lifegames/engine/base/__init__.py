"""Leaf helpers every layer uses, importing nothing of lifegames: the problem codes and their
form (codes), the one exception base (errors), what players wrote made safe to print
(escape), counted nouns (words), the hand-written SVG writer (svg) and the name of data
that crosses a JSON boundary (jsondata)."""

"""Leaf helpers every layer uses, importing nothing of lifegames: the problem codes and their
form (codes), the one exception base (errors), what players wrote made safe to print
(escape), counted nouns (words) and the hand-written SVG writer (svg)."""

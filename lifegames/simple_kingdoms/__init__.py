"""Simple Kingdoms: the cooperative 3x3 kingdom builder (the model game of lifegames)."""

from .rules import SimpleKingdoms

GAME = SimpleKingdoms()

__all__ = ["GAME", "SimpleKingdoms"]

"""A Simple Life: ten days of farming, fishing, mining and making friends, for 1 or 2 players."""

from .rules import ASimpleLife

GAME = ASimpleLife()

__all__ = ["ASimpleLife", "GAME"]

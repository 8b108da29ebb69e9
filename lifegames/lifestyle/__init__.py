"""Lifestyle (AMIGO 2018): take cards into your dice zone, roll to meet them, score sets."""

from .rules import Lifestyle

GAME = Lifestyle()

__all__ = ["GAME", "Lifestyle"]

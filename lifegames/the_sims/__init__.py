"""The Sims Board Game (Goliath Games 2025): Travel to Venues, collect Action cards, complete
Aspirations and befriend Iconic Sims; 2-5 players, or alone by the single-player manual."""

from .rules import TheSims

GAME = TheSims()

__all__ = ["GAME", "TheSims"]

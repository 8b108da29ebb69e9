"""lifegames: a play-by-order-file turn processor for life-themed tabletop games."""

__version__ = "0.1.0"

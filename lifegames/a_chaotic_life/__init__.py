"""A Chaotic Life! (GrubTon Games 2015): raise one life together, for a happy or a terrible
end."""

from .rules import AChaoticLife

GAME = AChaoticLife()

__all__ = ["GAME", "AChaoticLife"]

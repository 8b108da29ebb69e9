"""A Chaotic Life! (GrubTon Games 2015): raise one life together, for a happy or a terrible
end.

The package has the shape every game has: state.py (the state, declared once: who may see
each field), rules.py (the game object and its command table), checks.py (each command's
check), actions.py (each command's apply), advice.py (warnings), views.py (sheets, template,
JSON views, facts), bots.py (the greedy bot's judgement), legal.py (the orders worth listing),
data.py (rules.yaml, cards.yaml). Five files more: moves.py, the moves every rule is made of
(counters, cards between zones, the deck, the log); effects.py, the cards' effect vocabulary
as one table; reactions.py, a played card's Item reactions, effects and place; each written
once and shared by every action that plays, draws or trades a card; model.py, the
readings of the state and the scoring that checks, actions, advice, views and bots all need
(so that none imports another for them); balance.py, the script that measures the
reconstructed deck (RULES.md's figures).

board.py, part of every package's shape too, draws the board picture beside the sheets
from the same view (the engine's SVG writer, engine/base/svg.py, does the writing); codes.py
declares the game's own problem codes (E- and W-) in the engine's form (engine/base/codes.py).
"""

from ..engine.core.parts import Board, Bots, Parts, Views
from .codes import E, W
from .rules import AChaoticLife


# The parts the engine asks (engine/core/parts.py), each imported when first asked for.
def _views() -> Views:
    from . import views

    return views


def _board() -> Board:
    from . import board

    return board


def _bots() -> Bots:
    from . import bots

    return bots


AChaoticLife.parts = Parts(views=_views, board=_board, bots=_bots, codes=(E, W))
GAME = AChaoticLife()

__all__ = ["GAME", "AChaoticLife"]

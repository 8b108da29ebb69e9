"""Simple Kingdoms: the cooperative 3x3 kingdom builder (the model game of lifegames).

The package has the shape every game has: state.py (the state, declared once: who may see
each field), rules.py (the game object and its command table), checks.py (each command's
check), actions.py (each command's apply, and the phases after the orders), advice.py (the
warnings and the sheets' sample orders), views.py (sheets, template, JSON views, facts),
bots.py (the greedy bot), legal.py (the orders worth listing), data.py (rules.yaml). Two files
more: model.py, the formulas of the rule text (income, food, defense, caps, score), read by
checks, actions, advice, views and bots alike, so that none of those imports another for them;
balance.py, the script that measures the bots' policies on both levels (RULES.md's figures).

board.py, part of every package's shape too, draws the board picture beside the sheets
from the same view (the engine's SVG writer, engine/base/svg.py, does the writing); codes.py
declares the game's own problem codes (E- and W-) in the engine's form (engine/base/codes.py).
"""

from ..engine.core.parts import Board, Bots, Parts, Views
from .codes import E, W
from .rules import SimpleKingdoms


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


SimpleKingdoms.parts = Parts(views=_views, board=_board, bots=_bots, codes=(E, W))
GAME = SimpleKingdoms()

__all__ = ["GAME", "SimpleKingdoms"]

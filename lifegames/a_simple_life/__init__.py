"""A Simple Life: ten days of farming, fishing, mining and making friends, for 1 or 2 players.

The package has the shape every game has: state.py (the state, declared once: who may see
each field), rules.py (the game object and its command table), checks.py (each command's
check), actions.py (each command's apply, the rolls and the standing orders that answer
them, the end of a day), advice.py (the warnings, the prompt and the sheet's list of orders
with what each would do), views.py (sheets, template, JSON views, facts), bots.py (the greedy
bot's judgement and its day written as a plan), legal.py (the orders worth listing), data.py
(sheet.yaml, rules.yaml). Two files more: model.py, the readings of a sheet that checks,
actions, advice, views and bots all need (stock and dice, the tools, the Mines cells two dice
name, goals and score, the standing orders in force, the names an order gives), so that none
imports another for them; balance.py, the script that measures the reconstructed sheet
(RULES.md's figures).

board.py, part of every package's shape too, draws the board picture beside the sheets
from the same view (the engine's SVG writer, engine/base/svg.py, does the writing); codes.py
declares the game's own problem codes (E- and W-) in the engine's form (engine/base/codes.py).
"""

from ..engine.core.parts import Board, Bots, Parts, Views
from .codes import E, W
from .rules import ASimpleLife


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


ASimpleLife.parts = Parts(views=_views, board=_board, bots=_bots, codes=(E, W))
GAME = ASimpleLife()

__all__ = ["GAME", "ASimpleLife"]

"""Lifestyle (AMIGO 2018): take cards into your dice zone, roll to meet them, score sets.

The package has the shape every game has: state.py (the state, declared once: who may see
each field), rules.py (the game object and its command table), checks.py (each command's
check), actions.py (each command's apply, and the end of a turn), advice.py (the warnings and
the notes beside the legal orders on the sheets), views.py (sheets, template, JSON views,
facts), bots.py (the greedy bot's judgement and its plans), legal.py (the orders worth
listing), data.py (rules.yaml, cards.yaml). Two files more: model.py, the readings of the state,
what each card's dice must show (and the odds of it) and the final scoring, which checks,
actions, advice, views and bots all read, so that none of them imports another for them;
balance.py, the script that measures whole games between bots (RULES.md's figures).

board.py, part of every package's shape too, draws the board picture beside the sheets
from the same view (the engine's SVG writer, engine/base/svg.py, does the writing); codes.py
declares the game's own problem codes (E- and W-) in the engine's form (engine/base/codes.py).
"""

from ..engine.core.parts import Board, Bots, Parts, Views
from .codes import E, W
from .rules import Lifestyle


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


Lifestyle.parts = Parts(views=_views, board=_board, bots=_bots, codes=(E, W))
GAME = Lifestyle()

__all__ = ["GAME", "Lifestyle"]

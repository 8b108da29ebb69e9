"""The Sims Board Game (Goliath Games 2025): Travel to Venues, collect Action cards, complete
Aspirations and befriend Iconic Sims; 2-5 players, or alone by the single-player manual.

The package has the shape every game has: state.py (the state, declared once: who may see
each field), rules.py (the game object and its command table), checks.py (each command's
check, and which orders roll or draw), actions.py (each command's apply, and the turn's steps
that follow by themselves), advice.py (warnings), views.py (sheets, template, JSON views,
facts), bots.py (the greedy bot's judgement), legal.py (the orders worth listing), data.py
(the rule data). Three files more: effects.py, the moves every rule is made of (the log,
chance, Needs raised and lowered, Iconic Sims arriving) and each Action card's action, for
2-5 players and alone, each written once and shared by the turns of both games; model.py,
the readings of the state and the scoring that checks, actions, advice, legal, views and bots
all need (so that none imports another for them); balance.py, the script that measures the
reconstructed components (RULES.md's figures). RULES.md, "Where the rules live", says which
function holds each section of the rulebook.

board.py, part of every package's shape too, draws the board picture beside the sheets
from the same view (the engine's SVG writer, engine/base/svg.py, does the writing); codes.py
declares the game's own problem codes (E- and W-) in the engine's form (engine/base/codes.py).
"""

from ..engine.core.parts import Board, Bots, Parts, Views
from .codes import E, W
from .rules import TheSims


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


TheSims.parts = Parts(views=_views, board=_board, bots=_bots, codes=(E, W))
GAME = TheSims()

__all__ = ["GAME", "TheSims"]

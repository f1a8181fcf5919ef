"""amath: the rules engine, move generator and tools for A-Math (เอแม็ท).

The library's face, in the manner of python-chess::

    >>> from amath import Game
    >>> g = Game(players=["Ann", "Ben"], seed=7)
    >>> g.to_move in (0, 1)
    True
"""

import amath.formats.fen
import amath.render  # noqa: F401  (registers the pictures: amath.core.show)
from amath.core.board import Board, Layout, PlacedTile, Square
from amath.core.equation import LineSyntax, Verdict, judge
from amath.core.errors import (
    AmathError,
    GameStateError,
    IllegalMoveError,
    NotationError,
    PositionError,
    SquareError,
    TileError,
)
from amath.core.move import Challenge, Exchange, Move, Pass, Place, TilePlay
from amath.core.notation import format_move, parse_move
from amath.core.rules import AMATH, ClockRules, Ruleset, get_ruleset
from amath.game import Game, Options, Result, Turn

__version__ = "0.1.0"

__all__ = [
    "AMATH",
    "AmathError",
    "Board",
    "Challenge",
    "ClockRules",
    "Exchange",
    "Game",
    "GameStateError",
    "IllegalMoveError",
    "Layout",
    "LineSyntax",
    "Move",
    "NotationError",
    "Options",
    "Pass",
    "Place",
    "PlacedTile",
    "PositionError",
    "Result",
    "Ruleset",
    "Square",
    "SquareError",
    "TileError",
    "TilePlay",
    "Turn",
    "Verdict",
    "format_move",
    "get_ruleset",
    "judge",
    "parse_move",
]

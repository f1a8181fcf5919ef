"""Pictures of the board: SVG (:mod:`amath.render.svg`) and PNG (:mod:`amath.render.png`).

Importing the package registers how a board and a game draw themselves in a notebook
(:mod:`amath.core.show`); the drawing module itself loads on the first picture.
"""

from __future__ import annotations

from amath.core import show
from amath.core.board import Board
from amath.core.rules import ruleset_for_layout
from amath.game import Game


@show.picture.register
def _board_picture(board: Board) -> str:
    from amath.render.svg import board_svg

    return board_svg(board, ruleset_for_layout(board.layout))


@show.picture.register
def _game_picture(game: Game) -> str:
    from amath.render.svg import board_svg

    return board_svg(game.board, game.rules, rack=game.racks[game.to_move], names=game.names, scores=game.scores, to_move=game.to_move)

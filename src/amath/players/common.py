"""What every bot shares: the legal placements of a game, and the turn to take when none exists."""

from __future__ import annotations

import random
from collections.abc import Sequence

from amath.game import Game
from amath.move import Exchange, Move, Pass
from amath.movegen import GeneratedMove
from amath.movegen.dispatch import generate_moves


def placements(game: Game) -> list[GeneratedMove]:
    """The legal placements for the side to move, best score first (bounded for Smath)."""
    return generate_moves(game.board, game.racks[game.to_move], game.rules)


def no_placement(game: Game, keep: Sequence[str] = (), rng: random.Random | None = None) -> Move:
    """Exchange every tile but ``keep`` when the rules allow it now, else pass."""
    rack = list(game.racks[game.to_move])
    for t in keep:
        if t in rack:
            rack.remove(t)
    if not rack:
        rack = list(game.racks[game.to_move])
    if rng is not None:
        rng.shuffle(rack)
    exchange = Exchange(tuple(rack))
    if rack and game.is_legal(exchange):
        return exchange
    return Pass()

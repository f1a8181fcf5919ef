"""What every bot shares: the legal placements of a game, and the turn to take when none exists."""

from __future__ import annotations

import random
from collections.abc import Sequence

from amath.engine.generator import get_generator
from amath.game import Game
from amath.move import Exchange, Move, Pass
from amath.movegen import GeneratedMove


def placements(game: Game) -> list[GeneratedMove]:
    """The legal placements for the side to move, best score first, from the default backend."""
    return get_generator().generate(game.board, game.racks[game.to_move], game.rules)


def best_placement(game: Game) -> GeneratedMove | None:
    """The highest-scoring placement (ties: the generator's order), or None; no full list is built."""
    best = get_generator().top(game.board, game.racks[game.to_move], game.rules, 1)
    return best[0] if best else None


def no_placement(game: Game, keep: Sequence[str] = (), rng: random.Random | None = None) -> Move:
    """Exchange every tile but ``keep`` (at most as many as the bag holds) when the rules allow it now, else pass."""
    rack = list(game.racks[game.to_move])
    for t in keep:
        if t in rack:
            rack.remove(t)
    if not rack:
        rack = list(game.racks[game.to_move])
    if rng is not None:
        rng.shuffle(rack)
    exchange = Exchange(tuple(rack[: len(game.bag)]))
    if rack and game.is_legal(exchange):
        return exchange
    return Pass()

"""What every bot shares: the legal placements of a game, and the turn to take when none exists."""

from __future__ import annotations

import random
from collections.abc import Sequence

from amath.core.move import Exchange, Move, Pass
from amath.engine.generator import search_within
from amath.engine.movegen import GeneratedMove
from amath.engine.movegen.dispatch import Leave
from amath.engine.movegen.request import SearchRequest
from amath.game import Game


def placements(game: Game, limit: int | None = None, leave: Leave | None = None) -> list[GeneratedMove]:
    """The legal placements for the side to move, best first: all, or the ``limit`` best (by score + ``leave``).

    The default backend's exact search, whole rack, every shape; a Smath search that
    reaches :data:`amath.engine.generator.NODE_BUDGET` gives the best placements it found
    by then (:func:`~amath.engine.generator.search_within`).
    """
    return search_within(game.board, game.racks[game.to_move], game.rules, SearchRequest(limit=limit, leave=leave))[0]


def best_placement(game: Game) -> GeneratedMove | None:
    """The highest-scoring placement (ties: the generator's order), or None; no full list is built."""
    best = placements(game, limit=1)
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

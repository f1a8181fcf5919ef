"""What every bot shares: the legal placements of a game, and the turn to take when none exists."""

from __future__ import annotations

import random
from collections.abc import Sequence

from amath.game import Game
from amath.move import Exchange, Move, Pass
from amath.movegen import GeneratedMove, generate
from amath.movegen.bounded import generate_bounded

#: Search bounds for rulesets the fast generator lacks (Smath): see docs/smath.md.
SMATH_MAX_RACK_TILES = 6
SMATH_NODE_BUDGET = 150_000


def placements(game: Game) -> list[GeneratedMove]:
    """Every legal placement for the side to move, best score first."""
    rack = game.racks[game.to_move]
    try:
        return generate(game.board, rack, game.rules)
    except NotImplementedError:  # Smath's free = and brackets: a bounded, reproducible search
        return generate_bounded(game.board, rack, game.rules, max_rack_tiles=SMATH_MAX_RACK_TILES, node_budget=SMATH_NODE_BUDGET)


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

"""The static-equity bot: the turn with the best score + value of the tiles it keeps.

It plays :meth:`amath.engine.static.Turns.best`, the library's one static equity:
placements, exchanges (worth the tiles kept) and the pass are weighed alike, and with
the bag empty a kept tile is worth minus its points.  The value of every part of the
rack is computed once per turn and the move generator adds it to each placement (in
Rust on the native backend), so even a rack with blanks on an open board is quick.
"""

from __future__ import annotations

import random

from amath.core.move import Move
from amath.engine.equity import EquityCalculator, StaticEquity
from amath.engine.leaves.table import HANDSET, LeaveTable
from amath.engine.static import Candidate, Turns
from amath.game import Game


class EquityPlayer:
    """Chooses the turn with the highest static equity (score + leave)."""

    def __init__(
        self,
        seed: int | None = None,
        leaves: LeaveTable = HANDSET,
        name: str = "equity",
        calculator: EquityCalculator | None = None,
    ) -> None:
        self.name = name
        self.leaves = leaves
        self.calculator: EquityCalculator = calculator or StaticEquity(leaves)
        self.rng = random.Random(seed)

    def turns(self, game: Game, side: int | None = None) -> Turns:
        """The turns of ``side`` (default: the side to move) as this bot ranks them."""
        rack = game.racks[game.to_move if side is None else side]
        return Turns.of(game.board, rack, game.rules, len(game.bag), self.calculator, scoreless=game.passes, sides=len(game.sides))

    def choose(self, game: Game) -> Move:
        """The best placement, exchange or pass by static equity (ties in that order)."""
        best: Candidate = self.turns(game).best()
        return best.move

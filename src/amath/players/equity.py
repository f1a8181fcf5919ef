"""The static-equity bot: score of the placement plus the value of the tiles it keeps.

Exchanges are weighed too (their equity is the value of the tiles kept), so the bot
throws back a clumsy rack instead of scoring a few points with it.  With the bag empty
leaves no longer draw anything: the bot then maximises score minus the points it
would be left holding.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from amath.engine.equity import EquityCalculator, StaticEquity, leave_of
from amath.game import Game
from amath.move import Exchange, Move, Pass
from amath.movegen import GeneratedMove
from amath.players.common import no_placement, placements
from amath.players.leaves import HANDSET, LeaveTable


class EquityPlayer:
    """Chooses the turn with the highest score + leave value (static equity)."""

    def __init__(
        self,
        seed: int | None = None,
        leaves: LeaveTable = HANDSET,
        name: str = "equity",
        exchange_margin: float = 0.0,
        calculator: EquityCalculator | None = None,
    ) -> None:
        self.name = name
        self.leaves = leaves
        self.calculator: EquityCalculator = calculator or StaticEquity(leaves)
        self.rng = random.Random(seed)
        self.exchange_margin = exchange_margin

    def equity(self, game: Game, move: GeneratedMove) -> float:
        """Score plus the worth of what the placement leaves on the rack."""
        leave = leave_of(game.racks[game.to_move], move.place.rack_tiles)
        return self.calculator.equity(move.score, leave, game.rules, len(game.bag))

    def choose(self, game: Game) -> Move:
        """The best placement or exchange by equity; an exchange or pass when nothing else is legal."""
        moves = placements(game)
        best: Move | None = None
        best_eq = float("-inf")
        for m in moves:
            eq = self.equity(game, m)
            if eq > best_eq:
                best, best_eq = m.place, eq
        exchange, ex_eq = self._best_exchange(game)
        if exchange is not None and ex_eq - self.exchange_margin > best_eq:
            return exchange
        if best is not None:
            return best
        return no_placement(game, rng=self.rng) if exchange is None else exchange

    def _best_exchange(self, game: Game) -> tuple[Move | None, float]:
        """The exchange keeping the most valuable leave, when exchanging is allowed now."""
        rack = sorted(game.racks[game.to_move])
        if not rack or not game.is_legal(Exchange((rack[0],))):
            return None, float("-inf")
        best: tuple[str, ...] | None = None
        best_value = float("-inf")
        seen: set[tuple[str, ...]] = set()
        most = min(len(rack), len(game.bag))  # never more tiles than the bag holds (a rack never shrinks)
        for k in range(max(0, len(rack) - most), len(rack)):  # keep k tiles, return the rest (at least one)
            for keep in itertools.combinations(rack, k):
                if keep in seen:
                    continue
                seen.add(keep)
                value = self.calculator.leave_value(keep, game.rules, len(game.bag))
                if value > best_value:
                    best, best_value = keep, value
        if best is None:
            return Pass(), float("-inf")
        returned = Counter(rack)
        returned.subtract(best)
        return Exchange(tuple((+returned).elements())), best_value

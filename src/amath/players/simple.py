"""The two plainest bots: a random legal placement, and the highest-scoring one."""

from __future__ import annotations

import random

from amath.core.move import Move
from amath.game import Game
from amath.players.common import best_placement, no_placement, placements


class RandomPlayer:
    """Plays a uniformly random legal placement (a beginner); exchanges or passes when there is none."""

    def __init__(self, seed: int | None = None, name: str = "random") -> None:
        self.name = name
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        """A random placement, else an exchange of the whole rack, else a pass."""
        moves = placements(game)
        if moves:
            return moves[self.rng.randrange(len(moves))].place
        return no_placement(game, rng=self.rng)


class GreedyPlayer:
    """Plays the highest-scoring placement (ties: the generator's fixed order)."""

    def __init__(self, seed: int | None = None, name: str = "greedy") -> None:
        self.name = name
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        """The best-scoring placement, else an exchange of the whole rack, else a pass."""
        best = best_placement(game)
        if best is not None:
            return best.place
        return no_placement(game, rng=self.rng)

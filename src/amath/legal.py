"""``game.legal_moves``: a lazy view of the turns the side to move may take (as python-chess has).

``move in game.legal_moves`` asks the rules about one move without listing them all;
iterating lists the placements (from the move generator, best first), then the
exchanges of distinct tile multisets when the bag allows them, then pass.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Protocol

from amath.board import Board
from amath.engine.generator import get_generator
from amath.move import Exchange, Move, Pass
from amath.rules.base import Ruleset


class GameView(Protocol):
    """What the view reads of a game: the state of the side to move and the rules' verdict."""

    @property
    def board(self) -> Board: ...
    @property
    def racks(self) -> list[list[str]]: ...
    @property
    def to_move(self) -> int: ...
    @property
    def rules(self) -> Ruleset: ...
    @property
    def over(self) -> bool: ...
    def is_legal(self, move: Move) -> bool: ...


class LegalMoves:
    """The legal turns of ``game`` for the side to move, computed only when asked."""

    def __init__(self, game: GameView) -> None:
        self.game = game

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and self.game.is_legal(move)

    def placements(self) -> list[Move]:
        """Every legal placement, best score first (for a big Smath rack a very long list, slow: docs/smath.md)."""
        g = self.game
        if g.over:
            return []
        return [m.place for m in get_generator().generate(g.board, g.racks[g.to_move], g.rules)]

    def exchanges(self) -> list[Move]:
        """Every legal exchange, one per distinct multiset of rack tiles."""
        g = self.game
        if g.over:
            return []
        rack = sorted(g.racks[g.to_move])
        out: list[Move] = []
        for n in range(1, len(rack) + 1):
            for combo in sorted(set(itertools.combinations(rack, n))):
                move = Exchange(combo)
                if g.is_legal(move):
                    out.append(move)
        return out

    def __iter__(self) -> Iterator[Move]:
        yield from self.placements()
        yield from self.exchanges()
        if not self.game.over:
            yield Pass()

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        return not self.game.over

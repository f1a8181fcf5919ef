"""The generators' answer: a placement with its score, and the one order both use."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from amath.move import Place


@dataclass(frozen=True, slots=True)
class GeneratedMove:
    """A legal placement and its score (bingo bonus included), as :mod:`amath.scoring` gives it."""

    place: Place
    score: int

    def key(self) -> tuple[tuple[int, int, str, str], ...]:
        """A plain, hashable identity of the placement: (row, col, tile, face) per tile."""
        return tuple((t.square.row, t.square.col, t.tile, t.face) for t in self.place.tiles)


def sort_moves(moves: Iterable[GeneratedMove]) -> list[GeneratedMove]:
    """Best score first; ties in a fixed order (by squares, then tiles, then faces)."""
    return sorted(moves, key=lambda m: (-m.score, m.key()))

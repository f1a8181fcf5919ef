"""The generators' answer: a placement with its score, and the one order both use."""

from __future__ import annotations

import hashlib
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


def digest(moves: Iterable[GeneratedMove]) -> dict[str, object]:
    """A fingerprint of an ordered move list: count, score sum and SHA-256 of (score, tiles) lines.

    Two generators that agree on moves, scores and order give equal digests, so a stored
    digest of a slow generator's list can check a fast one later.

    >>> digest([])["moves"]
    0
    """
    h = hashlib.sha256()
    count = total = 0
    for m in moves:
        count += 1
        total += m.score
        h.update(f"{m.score}:{';'.join(f'{r},{c},{t},{f}' for r, c, t, f in m.key())}\n".encode())
    return {"moves": count, "score_sum": total, "sha256": h.hexdigest()}

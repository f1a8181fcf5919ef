"""The generators' answer: a placement with its score, and the one order both use."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from amath.core.move import Place, kept_tiles

if TYPE_CHECKING:
    from amath.core.rules.base import Ruleset
    from amath.engine.movegen.request import SearchRequest


@dataclass(frozen=True, slots=True)
class GeneratedMove:
    """A legal placement and its score (bingo bonus included), as :mod:`amath.core.scoring` gives it."""

    place: Place
    score: int

    def key(self) -> tuple[tuple[int, int, str, str], ...]:
        """A plain, hashable identity of the placement: (row, col, tile, face) per tile."""
        return tuple((t.square.row, t.square.col, t.tile, t.face) for t in self.place.tiles)


def sort_moves(moves: Iterable[GeneratedMove]) -> list[GeneratedMove]:
    """Best score first; ties in a fixed order (by squares, then tiles, then faces)."""
    return sorted(moves, key=lambda m: (-m.score, m.key()))


def rank_moves(moves: Iterable[GeneratedMove], rack: Sequence[str], rules: Ruleset, request: SearchRequest) -> list[GeneratedMove]:
    """A complete list ranked as the Smath search ranks: by score (+ ``request.leave(kept)``), ties in the fixed order.

    Keeps those valued at least ``request.min_score``, then the first ``request.limit``; the
    exact search's answer computed from a whole list (for generators that only make whole lists).
    """
    limit, min_score, leave = request.limit, request.min_score, request.leave
    free = rules.tiles.free
    valued = [(m.score + (leave(kept_tiles(rack, m.place, free)) if leave is not None else 0.0), m) for m in moves]
    if min_score is not None:
        valued = [(v, m) for v, m in valued if v >= min_score]
    valued.sort(key=lambda vm: (-vm[0], vm[1].key()))
    out = [m for _, m in valued]
    return out if limit is None else out[: max(limit, 0)]


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

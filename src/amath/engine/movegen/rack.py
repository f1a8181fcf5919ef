"""The rack as tile counts, with a packed-integer form of "tiles used" for fast joins.

Each distinct rack tile owns a bit field; adding two usages adds their counts, and
``fits(u)`` tells whether the rack holds that many of every tile with one addition and
one mask (the bias makes a field's top bit light up exactly when a count is exceeded).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from amath.core.rules.base import Ruleset
from amath.core.tiles import OPERATORS


@dataclass(frozen=True, slots=True)
class RackInfo:
    """Distinct rack tiles in a fixed order, their counts and the bit-field arithmetic."""

    tiles: tuple[str, ...]
    counts: tuple[int, ...]
    bits: tuple[int, ...]
    bias: int
    high: int
    size: int
    width: int
    mask: int
    faces: tuple[str, ...]  # every face any tile of the ruleset can show (cross-check alphabet)
    op_tiles: tuple[int, ...]  # indices of rack tiles that can show an operator

    def tiles_in(self, used: int) -> int:
        """How many tiles ``used`` counts."""
        total = 0
        while used:
            total += used & self.mask
            used >>= self.width
        return total

    @classmethod
    def of(cls, rack: Sequence[str], rules: Ruleset) -> RackInfo:
        """Build from a rack (tile names, repeats allowed)."""
        counted = Counter(rack)
        tiles = tuple(sorted(counted))
        counts = tuple(counted[t] for t in tiles)
        width = max(counts, default=1).bit_length() + 1
        top = 1 << (width - 1)
        bits = tuple(1 << (width * j) for j in range(len(tiles)))
        bias = sum((top - 1 - c) << (width * j) for j, c in enumerate(counts))
        high = sum(top << (width * j) for j in range(len(tiles)))
        faces: dict[str, None] = {}
        for t in rules.tiles.counts:
            for f in rules.faces_of(t):
                faces[f] = None
        ops = tuple(j for j, t in enumerate(tiles) if any(f in OPERATORS for f in rules.faces_of(t)))
        return cls(tiles, counts, bits, bias, high, len(rack), width, (1 << width) - 1, tuple(faces), ops)

    def fits(self, used: int) -> bool:
        """True when the rack holds every tile counted in ``used`` (a sum of ``bits``)."""
        return (used + self.bias) & self.high == 0

"""Leave values: what the tiles kept on the rack are worth to the next turns, in points.

A leave is valued by a linear model: a value per tile plus a few synergy terms
(duplicates, several ``=``, no ``=`` at all, no number, no operator).  ``HANDSET`` is
set by hand; :mod:`benchmarks.fit_leaves` fits the same model from self-play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from amath.core.tiles import BLANK, EQUALS, OPERATORS, PLUS_MINUS, TIMES_DIVIDE, is_number

#: Names of the synergy features, in the order :func:`features` emits them after the tiles.
SYNERGIES: tuple[str, ...] = ("duplicates", "extra_equals", "no_equals", "no_number", "no_operator")


@dataclass(frozen=True, slots=True)
class LeaveTable:
    """Per-tile values and synergy weights; :meth:`value` gives a leave's worth in points."""

    tiles: Mapping[str, float]
    synergy: Mapping[str, float] = field(default_factory=dict)
    name: str = "handset"
    #: values already computed, by sorted leave (an equity turn values up to 256 leaves,
    #: and the same ones come back turn after turn)
    _memo: dict[tuple[str, ...], float] = field(default_factory=dict, init=False, repr=False, compare=False)

    def value(self, leave: Iterable[str]) -> float:
        """Worth of keeping ``leave`` (tile names); the empty leave is worth 0."""
        key = tuple(sorted(leave))
        known = self._memo.get(key)
        if known is not None:
            return known
        if len(self._memo) >= _MEMO_SIZE:
            self._memo.clear()
        total = self._memo[key] = self._compute(Counter(key))
        return total

    def scaled(self, factor: float) -> LeaveTable:
        """The same table with every value times ``factor`` (a leave's weight against the score)."""
        return LeaveTable(
            tiles={t: v * factor for t, v in self.tiles.items()},
            synergy={k: v * factor for k, v in self.synergy.items()},
            name=f"{self.name}x{factor:g}",
        )

    def _compute(self, counts: Counter[str]) -> float:
        if not counts:
            return 0.0
        total = sum(self.tiles.get(t, 0.0) * n for t, n in counts.items())
        for name, x in synergy_features(counts).items():
            total += self.synergy.get(name, 0.0) * x
        return total


#: At most this many leave values are remembered per table (then the memo starts again).
_MEMO_SIZE = 200_000


_is_number = lru_cache(maxsize=1024)(is_number)  # a few dozen tile names, asked for every leave
_OPERATOR_TILES = frozenset(OPERATORS) | {PLUS_MINUS, TIMES_DIVIDE}


def synergy_features(counts: Counter[str]) -> dict[str, float]:
    """The synergy terms of a non-empty leave (0/1 indicators and a duplicate count)."""
    equals = counts[EQUALS]
    numbers = sum(n for t, n in counts.items() if _is_number(t))
    operators = sum(n for t, n in counts.items() if t in _OPERATOR_TILES)
    duplicates = sum(n - 1 for t, n in counts.items() if n > 1 and t not in (EQUALS, BLANK))
    return {
        "duplicates": float(duplicates),
        "extra_equals": float(max(0, equals - 1)),
        "no_equals": 1.0 if equals == 0 and counts[BLANK] == 0 else 0.0,
        "no_number": 1.0 if numbers == 0 and counts[BLANK] == 0 else 0.0,
        "no_operator": 1.0 if operators == 0 and counts[BLANK] == 0 else 0.0,
    }


def _handset_tiles() -> dict[str, float]:
    values: dict[str, float] = {"0": 1.0, "1": 1.5, "2": 1.5, "3": 1.0, "4": 0.5}
    values.update({str(n): 0.0 for n in range(5, 10)})
    values.update({str(n): -2.5 for n in range(10, 21)})
    values.update({"10": -1.5, "12": -1.5, "20": -2.0})
    values.update({"+": 1.5, "-": 1.5, "*": 0.5, "/": 0.0, PLUS_MINUS: 2.5, TIMES_DIVIDE: 1.5, EQUALS: 3.0, BLANK: 9.0})
    return values


#: Set by hand from play: a blank and one '=' are gold, big numbers are hard to place.
HANDSET = LeaveTable(
    tiles=_handset_tiles(),
    synergy={"duplicates": -1.5, "extra_equals": -3.5, "no_equals": -2.0, "no_number": -2.0, "no_operator": -1.5},
    name="handset",
)

"""The :class:`EquityCalculator` protocol: what a turn is worth beyond its score.

Every bot and the analysis value a turn the same way: its score plus the worth of the
tiles it keeps (the leave), looked up in a leave table of the ruleset being played.
With the bag empty nothing more is drawn, so a kept tile is worth minus its points.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol, runtime_checkable

from amath.core.move import kept_tiles
from amath.core.rules.base import Ruleset
from amath.engine.leaves.table import HANDSET, LeaveTable

#: Leaves a :class:`StaticEquity` remembers before it starts afresh (a few MB at most).
MEMO_SIZE = 200_000


@runtime_checkable
class EquityCalculator(Protocol):
    """Values a turn for the side that takes it, in points."""

    name: str

    def leave_value(self, leave: Sequence[str], rules: Ruleset, bag: int) -> float:
        """Worth of keeping ``leave`` for a turn taken with ``bag`` tiles in the bag (0: nothing more is drawn)."""
        ...

    def equity(self, score: int, leave: Sequence[str], rules: Ruleset, bag: int) -> float:
        """``score`` plus :meth:`leave_value`."""
        ...

    def bag_class(self, bag: int) -> int:
        """Bag sizes of one class value every leave alike (a key for tables of leave values)."""
        ...


class StaticEquity:
    """Score + leave from a table per ruleset name (``default`` for rulesets without one)."""

    def __init__(self, default: LeaveTable = HANDSET, tables: Mapping[str, LeaveTable] | None = None, name: str | None = None) -> None:
        self.default = default
        self.tables = dict(tables or {})
        self.name = name or default.name
        self._memo: dict[tuple[str, tuple[str, ...]], float] = {}  # (ruleset, sorted leave) -> value

    def __repr__(self) -> str:
        return f"StaticEquity({self.default.name!r}, tables={sorted(self.tables)!r})"

    def scaled(self, factor: float, name: str | None = None) -> StaticEquity:
        """The same equity with every leave value times ``factor`` (the end-of-game worth is not a leave)."""
        tables = {k: t.scaled(factor) for k, t in self.tables.items()}
        return StaticEquity(self.default.scaled(factor), tables, name=name)

    def table(self, rules: Ruleset) -> LeaveTable:
        """The leave table used for ``rules`` (by name, then by the base variant's name)."""
        return self.tables.get(rules.name) or self.tables.get(rules.base) or self.default

    def leave_value(self, leave: Sequence[str], rules: Ruleset, bag: int) -> float:
        if bag == 0:
            return -float(rules.tiles.value(leave))
        # Remembered per leave: a simulation values every part of thousands of sampled racks,
        # and the parts repeat (the table's value is a pure function of the tiles).
        key = (rules.name, tuple(sorted(leave)))
        found = self._memo.get(key)
        if found is None:
            if len(self._memo) >= MEMO_SIZE:
                self._memo.clear()
            found = self._memo[key] = self.table(rules).value(leave)
        return found

    def equity(self, score: int, leave: Sequence[str], rules: Ruleset, bag: int) -> float:
        return score + self.leave_value(leave, rules, bag)

    def bag_class(self, bag: int) -> int:
        """0 for the empty bag (a kept tile costs its points), 1 for any other: the table ignores the size."""
        return min(bag, 1)


def leave_of(rack: Iterable[str], used: Iterable[str], free: frozenset[str] = frozenset()) -> list[str]:
    """The tiles of ``rack`` left after ``used`` (less the ``free`` ones) leave it, sorted: :func:`amath.core.move.kept_tiles`
    as a list.  Raises :class:`~amath.core.errors.IllegalMoveError` when the rack lacks one.

    >>> leave_of(["1", "1", "=", "?"], ["1", "?"])
    ['1', '=']
    """
    return list(kept_tiles(tuple(rack), used, free))

"""The leave value of every part of a rack, and the placements ranked by score + leave.

A rack of up to 8 tiles has at most 2^8 parts that a turn can keep.  :class:`RackLeaves`
holds the value of each one as an integer (hundredths of a point by default), indexed by
the tiles the turn *uses*: index = sum of used count x stride over the rack's distinct
tiles.  The table is computed once per turn (in Python, from any leave model) and a
generator adds it to each placement's score by the tiles placed: the native core does it
in Rust (:func:`amath.engine.movegen.native.top_equity`), :func:`top_equity` is its Python twin.
Integers make sums and ties exact, so both give the same answer in the same order.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from amath.core.errors import AmathError, PositionError
from amath.core.move import Move, check_on_rack, tiles_taken
from amath.engine.movegen.result import GeneratedMove

#: Equity is counted in hundredths of a point unless a table says otherwise.
EQUITY_UNIT = 100


@dataclass(frozen=True, slots=True)
class RackLeaves:
    """``values[i]``: worth (in 1/``unit`` points) of keeping the rack less the tiles of index ``i``.

    ``tiles`` are the rack's distinct tiles (sorted), ``counts`` how many of each it holds;
    tile ``j`` used ``n`` times adds ``n * strides[j]`` to the index.  ``free`` tiles (Smath's
    ``=`` and brackets) never leave the rack and add nothing.
    """

    tiles: tuple[str, ...]
    counts: tuple[int, ...]
    values: tuple[int, ...]
    unit: int = EQUITY_UNIT
    free: frozenset[str] = frozenset()

    @property
    def strides(self) -> tuple[int, ...]:
        """The index step of one more use of each tile."""
        out, step = [], 1
        for n in self.counts:
            out.append(step)
            step *= n + 1
        return tuple(out)

    @classmethod
    def build(
        cls, rack: Iterable[str], value: Callable[[tuple[str, ...]], int], *, unit: int = EQUITY_UNIT, free: frozenset[str] = frozenset()
    ) -> RackLeaves:
        """The table of ``value(kept tiles, sorted)`` for every part of ``rack`` (free tiles are never counted)."""
        held = Counter(t for t in rack if t not in free)
        tiles = tuple(sorted(held))
        counts = tuple(held[t] for t in tiles)
        values = tuple(value(kept) for _, kept in _parts(tiles, counts))
        return cls(tiles, counts, values, unit, free)

    def fits(self, rack: Iterable[str]) -> bool:
        """True when this is the table of ``rack`` (its tiles and counts, free tiles aside)."""
        held = Counter(t for t in rack if t not in self.free)
        return held == dict(zip(self.tiles, self.counts))

    def check_fits(self, rack: Sequence[str]) -> None:
        """Raise :class:`~amath.core.errors.PositionError` (``leaves_for_other_rack``) unless this is the table of ``rack``."""
        if not self.fits(rack):
            mine, theirs = " ".join(sorted(rack)), " ".join(self.rack())
            raise PositionError(
                f"the leave table is for the rack {theirs}, not {mine}", code="leaves_for_other_rack", rack=mine, table=theirs
            )

    def index(self, used: Move | Iterable[str]) -> int:
        """The index of a turn (or of the tiles it uses) by the tiles it takes (:func:`amath.core.move.tiles_taken`:
        free tiles never count); :class:`~amath.core.errors.IllegalMoveError` (``not_on_rack``) if the rack lacks them."""
        taken = tiles_taken(used, self.free)
        where = {t: j for j, t in enumerate(self.tiles)}
        left = list(self.counts)
        index = 0
        strides = self.strides
        for t in taken:
            j = where.get(t)
            if j is None or not left[j]:
                check_on_rack(self.rack(), taken)  # raises, naming what is missing
            else:
                left[j] -= 1
                index += strides[j]
        return index

    def by_kept(self) -> Callable[[Iterable[str]], int]:
        """The value of keeping a part of the rack, as a function of the tiles kept (free ones ignored).

        The index is linear in the counts, so the index of what a turn uses is the whole rack's
        less the kept tiles' strides: one look-up per call, for a search that values its
        placements by what they keep (the Smath search's ``leave``).
        """
        stride = dict(zip(self.tiles, self.strides)) | dict.fromkeys(self.free, 0)
        whole = sum(n * s for n, s in zip(self.counts, self.strides))
        values = self.values

        def value(kept: Iterable[str]) -> int:
            return values[whole - sum(stride[t] for t in kept)]

        return value

    def used(self, index: int) -> tuple[str, ...]:
        """The tiles a turn of ``index`` uses, sorted."""
        return tuple(t for t, n in zip(self.tiles, self._digits(index)) for _ in range(n))

    def kept(self, index: int) -> tuple[str, ...]:
        """The tiles a turn of ``index`` keeps, sorted."""
        return tuple(t for t, c, n in zip(self.tiles, self.counts, self._digits(index)) for _ in range(c - n))

    def rack(self) -> tuple[str, ...]:
        """The rack's tiles (free ones aside), sorted."""
        return self.kept(0)

    def _digits(self, index: int) -> list[int]:
        out = []
        for c in self.counts:
            out.append(index % (c + 1))
            index //= c + 1
        return out

    def best(self) -> int:
        """The largest value in the table (a bound for any turn's leave)."""
        return max(self.values)

    def value_of(self, move: GeneratedMove) -> int:
        """The placement's static equity: score x unit + the value of what it keeps."""
        return move.score * self.unit + self.values[self.index(move.place)]


def _parts(tiles: Sequence[str], counts: Sequence[int]) -> Iterator[tuple[int, tuple[str, ...]]]:
    """(index, kept tiles) for every way to use part of the rack, in index order."""
    total = 1
    for c in counts:
        total *= c + 1
    for index in range(total):
        kept: list[str] = []
        rest = index
        for t, c in zip(tiles, counts):
            n = rest % (c + 1)
            rest //= c + 1
            kept.extend([t] * (c - n))
        yield index, tuple(kept)


def check_k(k: int) -> None:
    """A clear error for a negative count."""
    if k < 0:
        raise AmathError(f"the number of moves asked for must be 0 or more, not {k}", code="bad_move_count", count=k)


def top_equity(moves: Sequence[GeneratedMove], leaves: RackLeaves, k: int) -> list[tuple[GeneratedMove, int]]:
    """The ``k`` best of ``moves`` (in the generators' order) by score + leave, with that value; ties keep the order.

    The Python twin of the native core's ranking: equal values stay in the order of
    ``moves`` (score first, then squares, tiles and faces), which is also what Rust keeps.
    Rust gets there without the complete list, by bounded searches (one per number of
    blanks placed, the costly ones first with an aspiration window; ``native/src/equity.rs``):
    speed tricks that change no result, so the twin simply ranks every move.
    """
    check_k(k)
    stride = dict(zip(leaves.tiles, leaves.strides)) | dict.fromkeys(leaves.free, 0)
    table, unit = leaves.values, leaves.unit
    values = [m.score * unit + table[sum(stride[t] for t in m.place.rack_tiles)] for m in moves]
    best = heapq.nsmallest(k, range(len(moves)), key=lambda i: (-values[i], i))
    return [(moves[i], values[i]) for i in best]

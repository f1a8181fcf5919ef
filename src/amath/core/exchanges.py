"""The legal exchanges of a rack: the one enumeration (the kernel position, legal moves and the engine's ranking use it).

An exchange returns a non-empty part of the rack to the bag; one per distinct multiset of
tiles, allowed when the ruleset lets that many go back with the bag as it is
(:meth:`amath.core.rules.base.Ruleset.can_exchange`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence

from amath.core.move import Exchange
from amath.core.rules.base import Ruleset


def legal_exchanges(rack: Mapping[str, int] | Iterable[str], rules: Ruleset, bag: int) -> list[Exchange]:
    """Every legal exchange of ``rack`` (tile counts, or tile names) with ``bag`` tiles in the bag.

    Free tiles (Smath's ``=`` and brackets) never come from the bag and never go back to it.
    Fewest tiles first, then in the ruleset's tile order (each exchange's tiles in that order too).

    >>> from amath.core.rules import AMATH
    >>> [e.tiles for e in legal_exchanges(["1", "=", "1"], AMATH, 86)]
    [('1',), ('=',), ('1', '1'), ('1', '='), ('1', '1', '=')]
    >>> legal_exchanges(["1", "="], AMATH, 4)
    []
    >>> from amath.core.rules import SMATH
    >>> [e.tiles for e in legal_exchanges(["1", "="], SMATH, 30)]
    [('1',)]
    """
    counts = rack if isinstance(rack, Mapping) else Counter(rack)
    if not rules.can_exchange(1, bag):
        return []
    order = {t: k for k, t in enumerate(rules.tiles.names())}
    names = sorted((t for t in counts if counts[t] > 0 and t not in rules.tiles.free), key=order.__getitem__)
    out = [Exchange(combo) for combo in _sub_multisets(names, [counts[t] for t in names]) if rules.can_exchange(len(combo), bag)]
    out.sort(key=lambda e: (len(e.tiles), [order[t] for t in e.tiles]))
    return out


def _sub_multisets(names: Sequence[str], counts: Sequence[int]) -> Iterator[tuple[str, ...]]:
    """Every non-empty sub-multiset of the tiles ``names`` x ``counts``."""

    def walk(i: int, acc: list[str]) -> Iterator[tuple[str, ...]]:
        if i == len(names):
            if acc:
                yield tuple(acc)
            return
        for k in range(counts[i] + 1):
            yield from walk(i + 1, acc + [names[i]] * k)

    yield from walk(0, [])

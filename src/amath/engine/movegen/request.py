"""What a move search is asked: one :class:`SearchRequest` that every backend, search and caller passes on."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

#: A leave function: the tiles a placement keeps on the rack (sorted) to a value added to its score.
Leave = Callable[[tuple[str, ...]], float]


@dataclass(frozen=True, slots=True)
class SearchRequest:
    """The options of a move search (:meth:`amath.engine.generator.MoveGenerator.search`).

    ``limit``: exactly the ``limit`` best (None: every placement); ``leave``: rank by score plus
    ``leave(tiles kept)`` instead of score alone; ``min_score``: only placements whose rank value
    is at least that; ``max_nodes``: the most nodes a Smath search may take before it stops with
    :class:`amath.engine.movegen.smath.SearchStopped` (never a silent partial list); ``progress``
    hears the count found so far, now and then.

    >>> SearchRequest(limit=3).by_score
    True
    """

    limit: int | None = None
    min_score: float | None = None
    leave: Leave | None = None
    max_nodes: int | None = None
    progress: Callable[[int], None] | None = None

    @property
    def by_score(self) -> bool:
        """True when the answer is the generator's own list (or its first ``limit``): no leave, no floor."""
        return self.leave is None and self.min_score is None


#: Every placement, by score: the request of a plain ``generate``.
EVERY = SearchRequest()

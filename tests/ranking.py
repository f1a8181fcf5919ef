"""What a top-N answer must be (docs/rules.md "N best"): N best of the complete ranked list, not its head.

A top-N search cuts placements that only tie the N-th value once it holds N, so among ties
at the boundary it may list others than the complete list's first N.  It is exact when it
lists as many, with the same values, each a member of the complete list, in that list's order.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from amath.engine.movegen.result import GeneratedMove

T = TypeVar("T", bound=Hashable)


def assert_n_best(top: Sequence[T], ranked: Sequence[T], n: int, value: Callable[[T], object]) -> None:
    """``top`` is ``n`` best of ``ranked`` (the complete list, best first) by ``value``."""
    assert len(top) == min(n, len(ranked)), (len(top), n, len(ranked))
    assert [value(m) for m in top] == [value(m) for m in ranked[:n]]
    where = {m: i for i, m in enumerate(ranked)}
    at = [where.get(m, -1) for m in top]
    assert -1 not in at, "a listed move is not in the complete list"
    assert at == sorted(set(at)), "the listed moves are not in the complete list's order"


def assert_n_best_by_score(top: Sequence[GeneratedMove], ranked: Sequence[GeneratedMove], n: int) -> None:
    """``top`` is ``n`` best of the complete list ``ranked`` by score."""
    assert_n_best(top, ranked, n, lambda m: m.score)

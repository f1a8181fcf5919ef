"""One entry point for every ruleset: the A-Math generator or the exact Smath search.

:func:`amath.engine.movegen.fast.generate` lists every A-Math placement;
:func:`amath.engine.movegen.smath.generate_smath` every Smath placement, or exactly the N best
(a branch-and-bound: its free ``=`` and brackets make complete lists of big racks
enormous, so callers that want speed ask for a limit).  Both answer the same options.
"""

from __future__ import annotations

from collections.abc import Sequence

from amath.core.board import Board
from amath.core.rules.base import Ruleset
from amath.engine.movegen.fast import generate
from amath.engine.movegen.request import EVERY, Leave, SearchRequest
from amath.engine.movegen.result import GeneratedMove, rank_moves
from amath.engine.movegen.smath import SearchStopped, generate_smath

__all__ = ["Leave", "SearchRequest", "SearchStopped", "generate_moves", "uses_smath_search"]


def uses_smath_search(rules: Ruleset) -> bool:
    """True for rulesets searched by the Smath search (brackets or free tiles), not the A-Math generator."""
    return bool(rules.syntax.brackets or rules.tiles.free)


def generate_moves(board: Board, rack: Sequence[str], rules: Ruleset, request: SearchRequest = EVERY) -> list[GeneratedMove]:
    """Legal placements, best first: all of them, or exactly the ``limit`` best (:class:`SearchRequest`).

    Ranked by score, or by score + ``leave(tiles kept)`` when given (ties in the fixed
    order of :func:`amath.engine.movegen.result.sort_moves`); ``min_score`` keeps only those
    valued at least that.  ``max_nodes`` (Smath) may stop the search with
    :class:`SearchStopped`, which holds what was found: never a silent partial list.
    """
    if uses_smath_search(rules):
        return generate_smath(board, rack, rules, request)
    moves = generate(board, rack, rules)
    if request.by_score and request.limit is None:
        return moves
    return rank_moves(moves, rack, rules, request)

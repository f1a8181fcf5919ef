"""One entry point for every ruleset: the fast generator where it applies, else the bounded one.

The fast generator covers A-Math (no brackets, no free tiles) completely.  Smath's free
``=`` and brackets make the space unbounded, so it is searched by
:func:`amath.movegen.bounded.generate_bounded` within documented bounds (docs/smath.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from amath.board import Board
from amath.movegen.bounded import generate_bounded
from amath.movegen.fast import generate
from amath.movegen.result import GeneratedMove
from amath.rules.base import Ruleset

#: Bounds for rulesets the fast generator lacks (Smath).
BOUNDED_MAX_RACK_TILES = 6
BOUNDED_NODE_BUDGET = 150_000


def is_complete(rules: Ruleset) -> bool:
    """True when :func:`generate_moves` lists every legal placement for ``rules``."""
    return not rules.syntax.brackets and not rules.tiles.free and rules.first_play in ("cover_centre", "end_on_centre")


def generate_moves(
    board: Board,
    rack: Sequence[str],
    rules: Ruleset,
    *,
    max_rack_tiles: int = BOUNDED_MAX_RACK_TILES,
    node_budget: int | None = BOUNDED_NODE_BUDGET,
) -> list[GeneratedMove]:
    """Legal placements, best first: all of them for A-Math, a bounded search otherwise."""
    if is_complete(rules):
        return generate(board, rack, rules)
    return generate_bounded(board, rack, rules, max_rack_tiles=max_rack_tiles, node_budget=node_budget)

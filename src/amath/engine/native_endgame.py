"""The exact endgame on the compiled core (``amath.engine.movegen._native.endgame``), the twin of :mod:`amath.engine.endgame`.

The Rust solver searches as the Python one does (the same move order, bounds, table
rules and node count: the same budget gives the same lines), without Python's cost per
node.  :func:`available` says whether it can take a position's ruleset (A-Math-like sets:
the compiled generator's, two sides, no shared score); :func:`solve` is the Python
solver's ``solve`` for such positions.
"""

from __future__ import annotations

from typing import Any

from amath.core.errors import PositionError
from amath.core.move import Pass
from amath.core.position import Action, Position
from amath.engine.movegen import native as movegen_native


def available(pos: Position) -> bool:
    """True when the compiled solver can take ``pos`` (its ruleset on the compiled generator, two sides)."""
    ext = movegen_native._EXT
    return (
        ext is not None and hasattr(ext, "endgame") and pos.sides == 2 and not pos.rules.shared_score and movegen_native.supports(pos.rules)
    )


def _counts(prep: Any, rack: dict[str, int]) -> list[int]:
    counts = [0] * len(prep.tile_names)
    for t, k in rack.items():
        counts[prep.tile_ids[t]] += k
    return counts


def _turn(prep: Any, tiles: list[int]) -> Action:
    if not tiles:
        return Pass()
    return movegen_native._place(tuple(prep.plays[e] for e in tiles))


def solve_native(pos: Position, *, nodes: int, top: int) -> tuple[list[tuple[Action, int, tuple[Action, ...], int]], bool, int, int]:
    """``(lines, exact, nodes, depth)`` with each line ``(move, value, pv, score)``; the pv starts with the move."""
    if pos.sides != 2 or pos.bag_size != 0 or not all(pos.is_known(s) for s in range(2)):
        raise PositionError("the endgame solver needs two sides, an empty bag and both racks known")
    me = pos.to_move
    prep, flat, mine = movegen_native._inputs(pos.board, pos.rack(me), pos.rules)
    theirs = _counts(prep, pos.racks[1 - me])
    rules = pos.rules
    try:
        lines, exact, used, depth = movegen_native._EXT.endgame(
            prep.native, flat, mine, theirs,
            scoreless=pos.scoreless, nodes=max(1, nodes), top=max(1, top),
            playout_multiplier=rules.playout_multiplier, deduct_at_end=rules.deduct_at_end,
            pass_limit=rules.pass_rounds * pos.sides,
        )  # fmt: skip
    except ValueError as exc:
        raise PositionError(f"the compiled endgame solver refused the position: {exc}") from None
    out: list[tuple[Action, int, tuple[Action, ...], int]] = []
    for value, (score, tiles), pv in lines:
        move = _turn(prep, tiles)
        out.append((move, int(value), (move, *(_turn(prep, t) for _, t in pv)), int(score)))
    return out, bool(exact), int(used), int(depth)

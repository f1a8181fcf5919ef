"""Inference: what the opponent kept, from their last placement or exchange.

Before the turn the opponent held the tiles they played (unknown for an exchange) plus
the tiles they kept; the kept tiles are some of the tiles still unseen by us (our rack
and the board are excluded, so the answer respects everything seen).  Each possible
kept multiset is weighted by

* its prior: how many ways the unseen tiles make it (hypergeometric counts), and
* how well the turn fits a player who chooses well: ``exp(leave value / T)`` for the
  tiles kept (a player keeps good tiles and plays or returns bad ones), and, with
  ``check_plays``, ``exp((equity of the turn - best equity of that rack) / T)`` with the
  best found by the move generator (a placement a strong player would not choose from
  that rack makes the rack less likely).

When there are more kept multisets than ``samples``, the kept tiles are sampled from the
unseen tiles instead (the prior then comes from the sampling), with a seeded generator.
The distribution is over the kept tiles only; the tiles drawn after the turn are
uniform over what is left, and the simulation draws them.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence

from amath.core.errors import PositionError
from amath.core.move import Pass, Place, tiles_taken
from amath.core.position import Action, Position
from amath.engine.equity import EquityCalculator
from amath.engine.sim import Distribution
from amath.engine.static import best_turn, leave_value

#: Temperature of the choice model, in points of equity.
TEMPERATURE = 8.0


def kept_size(pos: Position, side: int, move: Action, rack_size: int | None = None) -> int:
    """How many tiles ``side`` kept from a rack of ``rack_size`` (default a full rack) when playing ``move``."""
    size = pos.rules.rack_size if rack_size is None else rack_size
    return size - len(tiles_taken(move, pos.rules.tiles.free))


def _multisets(pool: Counter[str], k: int, names: Sequence[str]) -> Iterator[tuple[tuple[str, ...], int]]:
    """Every k-multiset of ``pool`` with the number of ways to take it (product of binomials)."""

    def walk(i: int, left: int, acc: list[str], ways: int) -> Iterator[tuple[tuple[str, ...], int]]:
        if left == 0:
            yield tuple(acc), ways
            return
        if i == len(names):
            return
        name = names[i]
        for take in range(min(pool[name], left), -1, -1):
            yield from walk(i + 1, left - take, acc + [name] * take, ways * math.comb(pool[name], take))

    yield from walk(0, k, [], 1)


def _count_multisets(pool: Counter[str], k: int, names: Sequence[str], cap: int) -> int:
    n = 0
    for _ in _multisets(pool, k, names):
        n += 1
        if n > cap:
            break
    return n


def infer(
    pos: Position,
    side: int,
    move: Action,
    *,
    equity: EquityCalculator,
    score: int | None = None,
    samples: int = 200,
    check_plays: bool = False,
    seed: int = 0,
    rack_size: int | None = None,
) -> Distribution:
    """A distribution over the tiles ``side`` kept when it played ``move`` (the turn just before ``pos``).

    ``pos`` is the position now, seen by the side to move (``side``'s rack hidden; what
    is known of it is ignored); ``rack_size``: the tiles ``side`` held before the turn
    (default a full rack).  The result lists (kept tiles, probability), most likely
    first, the probabilities summing to one; empty when the turn tells nothing (a pass).
    """
    if isinstance(move, Pass):
        return []
    me = pos.to_move
    if side == me:
        raise PositionError("inference is about another side than the one to move")
    pool = pos.unseen(me)  # the kept tiles are still on the opponent's rack: unseen by us
    k = kept_size(pos, side, move, rack_size)
    if k <= 0:
        return [((), 1.0)]
    names = tuple(dict.fromkeys(pos.sorted_tiles(pool)))
    if _count_multisets(pool, k, names, samples) <= samples:
        options = list(_multisets(pool, k, names))
    else:
        rng = random.Random(f"amath-infer:{seed}")
        flat = list(pos.sorted_tiles(pool))
        options = [(tuple(sorted(rng.sample(flat, k), key=names.index)), 1) for _ in range(samples)]
    weights: dict[tuple[str, ...], float] = {}
    for kept, ways in options:
        w = ways * math.exp(equity.leave_value(kept, pos.rules, pos.bag_size) / TEMPERATURE)
        if check_plays and isinstance(move, Place) and pos.sides == 2:
            w *= _fit(pos, side, move, kept, score, equity)
        weights[kept] = weights.get(kept, 0.0) + w
    total = sum(weights.values())
    return sorted(((kept, w / total) for kept, w in weights.items()), key=lambda x: -x[1])


def _fit(pos: Position, side: int, move: Place, kept: tuple[str, ...], score: int | None, equity: EquityCalculator) -> float:
    """How well ``move`` fits a good player holding its tiles plus ``kept`` (1: the best turn)."""
    me = pos.to_move
    board = pos.board.copy()
    for p in move.tiles:
        if board.get(p.square) is None:
            raise PositionError(f"inference: {p.square} is empty, so side {side + 1} did not just play there")
        board.remove(p.square)
    played = list(tiles_taken(move, pos.rules.tiles.free))
    bag = pos.unseen(me)
    bag.subtract(kept)
    racks: list[list[str]] = [[], []]
    racks[me] = list(pos.rack(me))
    racks[side] = list(kept) + played
    before = Position(pos.rules, board, racks, +bag, pos.scores, side)
    best = best_turn(before, equity)
    if score is None:
        before.push(move, before.sorted_tiles(before.bag)[: before.draw_count(move)])
        score = before.scores[side] - pos.scores[side]
        before.pop()
    mine = score + leave_value(before, kept, before.bag_size, equity)  # valued as the turn saw the bag
    return math.exp(min(0.0, mine - best.equity) / TEMPERATURE)

"""Static equity of a position's turns: score plus the value of the tiles kept.

The candidates of the simulation and the policy of its plies.  A turn's equity is its
score plus the leave value of what stays on the rack (an :class:`~amath.engine.equity.EquityCalculator`); with the bag
empty after the turn nothing more is drawn, so a kept tile is worth minus its points.
Exchanges are valued by the tiles kept, a pass by the whole rack kept.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from amath.engine.equity import EquityCalculator
from amath.move import Exchange, Pass, Place
from amath.position import Action, Position


@dataclass(frozen=True, slots=True)
class Candidate:
    """A turn with its score (0 for an exchange or pass) and static equity."""

    move: Action
    score: int
    equity: float


def default_equity() -> EquityCalculator:
    """The equity the ``equity`` bot uses (leave values fitted from self-play when present)."""
    from amath.engine.equity import StaticEquity
    from amath.players.registry import _fitted  # the registry owns the choice of table

    return StaticEquity(_fitted())


def leave_value(pos: Position, kept: Sequence[str], bag_after: int, equity: EquityCalculator) -> float:
    """Worth of keeping ``kept`` when ``bag_after`` tiles remain to draw (0: minus their points)."""
    return equity.leave_value(kept, pos.rules, bag_after)


def _kept(rack: Counter[str], used: Sequence[str]) -> list[str]:
    left = Counter(rack)
    left.subtract(used)
    return list((+left).elements())


def placement_candidates(pos: Position, equity: EquityCalculator, limit: int | None = None) -> list[Candidate]:
    """The placements of the side to move (the ``limit`` best-scoring) with their equity, best score first.

    Moves that use the same tiles keep the same leave: it is valued once per multiset.
    """
    rack = Counter(pos.racks[pos.to_move])
    free = pos.rules.tiles.free
    out: list[Candidate] = []
    leaves: dict[tuple[str, ...], float] = {}
    for m in pos.placements(limit):
        used = tuple(sorted(t for t in m.place.rack_tiles if t not in free))
        leave = leaves.get(used)
        if leave is None:
            leave = leaves[used] = leave_value(pos, _kept(rack, used), max(0, pos.bag_size - len(used)), equity)
        out.append(Candidate(m.place, m.score, m.score + leave))
    return out


def exchange_candidates(pos: Position, equity: EquityCalculator) -> list[Candidate]:
    """Every legal exchange, best kept tiles first (an exchange draws as many as it returns)."""
    rack = pos.rack()
    if not rack or not pos.rules.can_exchange(1, pos.bag_size):
        return []
    out: list[Candidate] = []
    seen: set[tuple[str, ...]] = set()
    for k in range(len(rack)):  # keep k, return the rest
        for keep in itertools.combinations(rack, k):
            if keep in seen:
                continue
            seen.add(keep)
            returned = tuple(_kept(Counter(rack), keep))
            if pos.rules.can_exchange(len(returned), pos.bag_size):
                out.append(Candidate(Exchange(returned), 0, equity.leave_value(keep, pos.rules, pos.bag_size)))
    out.sort(key=lambda c: -c.equity)
    return out


def pass_candidate(pos: Position, equity: EquityCalculator) -> Candidate:
    """Passing: the whole rack kept."""
    return Candidate(Pass(), 0, leave_value(pos, pos.rack(), pos.bag_size, equity))


def ranked(pos: Position, equity: EquityCalculator, *, exchanges: int = 2, limit: int | None = None) -> list[Candidate]:
    """Placements (the ``limit`` best-scoring), the best ``exchanges`` exchanges and the pass, by static equity (stable order)."""
    cands = placement_candidates(pos, equity, limit) + exchange_candidates(pos, equity)[:exchanges] + [pass_candidate(pos, equity)]
    return sorted(cands, key=lambda c: -c.equity)


def same_turn(a: Action, b: Action) -> bool:
    """True when two turns are the same (an exchange's tiles in any order)."""
    if isinstance(a, Exchange) and isinstance(b, Exchange):
        return sorted(a.tiles) == sorted(b.tiles)
    return a == b


def including(chosen: Sequence[Candidate], pool: Sequence[Candidate], include: Sequence[Action]) -> list[Candidate]:
    """``chosen`` plus the candidates of ``pool`` for the turns of ``include`` not among them yet."""
    out = list(chosen)
    for move in include:
        if any(same_turn(c.move, move) for c in out):
            continue
        found = next((c for c in pool if same_turn(c.move, move)), None)
        if found is not None:
            out.append(found)
    return out


def best_turn(pos: Position, equity: EquityCalculator, limit: int | None = None) -> Candidate:
    """The static-equity player's turn: the best placement (among the ``limit`` best-scoring), exchange or pass."""
    best = pass_candidate(pos, equity)
    for c in placement_candidates(pos, equity, limit):
        if c.equity > best.equity:
            best = c
    ex = exchange_candidates(pos, equity)
    if ex and ex[0].equity > best.equity:
        best = ex[0]
    return best


def is_place(c: Candidate) -> bool:
    """True for a placement."""
    return isinstance(c.move, Place)

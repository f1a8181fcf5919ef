"""The pre-endgame: a few tiles in the bag, every possible draw weighed, the endgame below.

Two sides.  The tiles unseen by the side to move are the opponent's rack and the bag;
every way to split them (each bag multiset, weighted by how many ways the unseen tiles
make it, or the one split when the opponent's rack is known) is played out for each
candidate turn:

* a turn that draws the whole bag leaves an endgame with both racks known: solved
  exactly (within its node budget) from the opponent's side;
* a turn that draws part of it (or none: a pass) is followed over every multiset it can
  draw; then both sides take their static-equity turns until the bag is empty, and the
  endgame is solved from there (or the game has ended: six scoreless turns).

A candidate's value is the mean spread to come over the splits; its win probability
the share of splits it wins (ties half) from the spread now.  Candidates rank by win
probability, then by value.  ``exact`` says that every line reached a solved endgame.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from amath.core.errors import PositionError
from amath.core.move import Pass, Place
from amath.core.position import Action, Position
from amath.engine.endgame import MoveCache, MoveKey, move_key, solve
from amath.engine.equity import EquityCalculator
from amath.engine.sim import ROOT_LIMIT, one_per_shape, win_estimate
from amath.engine.static import Candidate, best_turn, including, leave_value, ranked

#: Node budget of the whole pre-endgame when none is given.
DEFAULT_NODES = 1_000_000
#: Fewest nodes any one endgame below gets.
MIN_NODES = 50


@dataclass(frozen=True, slots=True)
class PreLine:
    """One candidate: mean spread to come, win probability, and whether every line was solved."""

    candidate: Candidate
    value: float
    win: float
    exact: bool


def splits(pool: Counter[str], bag: int, order: Sequence[str]) -> Iterator[tuple[tuple[str, ...], int]]:
    """Every multiset of ``bag`` tiles out of ``pool`` with the number of ways to draw it."""

    def walk(i: int, left: int, acc: list[str], ways: int) -> Iterator[tuple[tuple[str, ...], int]]:
        if left == 0:
            yield tuple(acc), ways
            return
        if i == len(order):
            return
        name = order[i]
        for take in range(min(pool[name], left), -1, -1):
            yield from walk(i + 1, left - take, acc + [name] * take, ways * math.comb(pool[name], take))

    yield from walk(0, bag, [], 1)


class PreEndgame:
    """Values the candidates of ``pos`` (two sides, 1..N tiles in the bag) over every draw."""

    def __init__(
        self, pos: Position, *, equity: EquityCalculator, candidates: int = 6, nodes: int = DEFAULT_NODES, include: Sequence[Action] = ()
    ) -> None:
        if pos.sides != 2 or pos.bag_size < 1 or pos.is_over:
            raise PositionError("the pre-endgame needs two sides and tiles left in the bag")
        self.pos = pos
        self.equity = equity
        self.me = pos.to_move
        self.opp = 1 - pos.to_move
        # the simulation's pool: a Smath search for every placement of a full rack stops at its budget
        pool = ranked(pos, equity, limit=None if include else ROOT_LIMIT)
        # one per shape, as the simulation's: rearranged equations would fill the few places
        self.candidates = including(one_per_shape(pool, candidates), pool, [Pass(), *include])
        self.splits = self._splits()
        self.per_endgame = max(MIN_NODES, nodes // max(1, len(self.candidates) * len(self.splits)))
        self.nodes = 0
        self.cache: MoveCache = {}  # move lists shared by every endgame below
        self._replies: dict[tuple[MoveKey, int], Candidate] = {}  # the opponent's static turn by node

    def _splits(self) -> list[tuple[tuple[str, ...], float]]:
        """(bag tiles, probability) for every split of the unseen tiles."""
        pos = self.pos
        if pos.is_known(self.opp):
            return [(pos.sorted_tiles(pos.bag), 1.0)]
        pool = Counter(pos.bag)
        order = tuple(dict.fromkeys(pos.sorted_tiles(pool)))
        found = list(splits(pool, pos.bag_size, order))
        total = sum(w for _, w in found)
        return [(bag, w / total) for bag, w in found]

    def _setup(self, bag: tuple[str, ...]) -> Position:
        """The position with the opponent holding the unseen tiles not in ``bag``."""
        work = self.pos.copy()
        if not work.is_known(self.opp):
            rack = Counter(work.bag)
            rack.subtract(bag)
            work.set_rack(self.opp, list((+rack).elements()))
        return work

    def _endgame(self, work: Position) -> tuple[int, bool]:
        result = solve(work, nodes=self.per_endgame, cache=self.cache)
        self.nodes += result.nodes
        return result.best.value, result.exact

    def _line(self, work: Position, cand: Candidate) -> list[tuple[float, float, bool]]:
        """(weight, spread to come for us, exact) over the draws of ``cand`` on ``work``."""
        me = self.me
        bag = Counter(work.bag)
        need = work.draw_count(cand.move)
        order = tuple(dict.fromkeys(work.sorted_tiles(bag)))
        draws = list(splits(bag, need, order))
        total = sum(w for _, w in draws)
        out: list[tuple[float, float, bool]] = []
        for draw, ways in draws:
            before = work.scores[me] - work.scores[self.opp]
            work.push(cand.move, draw, score=cand.score if isinstance(cand.move, Place) else None)
            try:
                value, exact = self._after(work, before)
            finally:
                work.pop()
            out.append((ways / total, value, exact))
        return out

    def _after(self, work: Position, before: int) -> tuple[float, bool]:
        """Spread to come for us after our turn (``before``: the spread before it)."""
        me, opp = self.me, self.opp
        # With tiles left in the bag both sides take their static turns until the bag is
        # empty (the endgame below is solved) or the game ends.  Stopping after the opponent's
        # turn valued a pass, when the opponent passed too, by leaves with us to move again:
        # half a turn behind the lines that drew the bag and were solved to the end.  Only
        # the position reached by our turn alone is exact (no static turn assumed).
        pushed = 0
        limit = work.rules.pass_rounds * 2 + work.bag_size  # six scoreless turns end the game; a placement draws
        try:
            while True:
                if work.outcome is not None:
                    final = work.outcome.scores
                    return float(final[me] - final[opp] - before), pushed == 0
                now = work.scores[me] - work.scores[opp] - before
                if work.bag_size == 0:
                    value, exact = self._endgame(work)
                    return float(now + value if work.to_move == me else now - value), exact and pushed == 0
                if pushed == limit:
                    break
                key = (move_key(work), work.bag_size)  # our draws differ, the opponent's node is often the same
                reply = self._replies.get(key)
                if reply is None:
                    reply = self._replies[key] = best_turn(work, self.equity)  # the static turn, drawing the first tiles
                need = work.draw_count(reply.move)
                draw = work.sorted_tiles(work.bag)[:need]
                work.push(reply.move, draw, score=reply.score if isinstance(reply.move, Place) else None)
                pushed += 1
            bag = work.bag_size  # not reached in practice: static turns empty the bag or end the game first
            return now + leave_value(work, work.rack(me), bag, self.equity) - leave_value(work, work.rack(opp), bag, self.equity), False
        finally:
            for _ in range(pushed):
                work.pop()

    def run(self) -> list[PreLine]:
        """Every candidate's value and win probability, best first."""
        spread = self.pos.spread(self.me)
        lines: list[PreLine] = []
        for cand in self.candidates:
            value = win = 0.0
            exact = True
            for bag, p in self.splits:
                work = self._setup(bag)
                for w, v, ex in self._line(work, cand):
                    value += p * w * v
                    final = spread + v
                    win += p * w * (win_estimate(final, 0) if ex else win_estimate(final, self.pos.rules.rack_size))
                    exact = exact and ex
            lines.append(PreLine(cand, value, win, exact))
        lines.sort(key=lambda line: (-line.win, -line.value))
        return lines


def preendgame(
    pos: Position, *, equity: EquityCalculator, candidates: int = 6, nodes: int = DEFAULT_NODES, include: Sequence[Action] = ()
) -> list[PreLine]:
    """The pre-endgame of ``pos``: candidates (and the turns of ``include``) best first; ``pos`` is left as it was."""
    return PreEndgame(pos, equity=equity, candidates=candidates, nodes=nodes, include=include).run()

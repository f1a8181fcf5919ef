"""The exact endgame: bag empty, both racks known, two sides; the spread with perfect play.

Negamax with alpha-beta over every placement and the pass (exchanges are impossible
with the bag empty), iterative deepening on plies, a transposition table keyed by the
position's Zobrist hash and move ordering by score (the table's best move first).  A
node's value is the spread still to come for the side to move -- final scores less
the scores now -- so positions reached in different orders share table entries (the
hash leaves scores out).  The game ends in the tree exactly as in the rules, through
:class:`~amath.core.position.Position`: a play-out adds the multiplier times the other
rack, the passes end it with each rack deducted.

Budgets count work, never seconds, so a budget gives the same answer on any machine: a
turn pushed is one unit ("node"), listing a node's turns is ``LIST_COST`` units and one
more a turn listed (a rack with a blank lists thousands of turns a node, and listing
them costs more than searching them: a budget in pushes alone did not bound the time).
The answer is ``exact`` when the deepest iteration reached the end of every line (no
horizon estimate was used); else it is the best of the deepest iteration finished
within the budget.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from amath.core.errors import PositionError
from amath.core.move import Pass
from amath.core.position import Action, Position
from amath.engine.generator import placements
from amath.engine.movegen.result import GeneratedMove

#: Depth given to table entries whose value needs no horizon (valid at any depth).
COMPLETE = 1 << 20
EXACT, LOWER, UPPER = 0, 1, 2
INF = 1 << 30
#: Work budget when none is given.
DEFAULT_NODES = 1_000_000
#: Work of listing a node's turns beyond one unit a turn: building the board's lines (on
#: the compiled generator a list costs about 96 us plus 7 us a turn, a push well under 1 us).
LIST_COST = 14


class _OutOfBudget(Exception):
    """Raised inside the search when the node budget is spent (the position is unwound)."""


@dataclass(frozen=True, slots=True)
class _Entry:
    depth: int
    value: int
    flag: int
    best: int | None  # move code


@dataclass(frozen=True, slots=True)
class Line:
    """One root move with its value: ``value`` the spread still to come for the side to
    move, ``spread`` the final spread (value + the spread now), ``pv`` the expected line,
    ``score`` the move's own points (None when not known)."""

    move: Action
    value: int
    spread: int
    pv: tuple[Action, ...]
    exact: bool
    score: int | None = None


@dataclass(slots=True)
class EndgameResult:
    """What :func:`solve` found: root moves best first, whether exact, and the work done."""

    lines: list[Line]
    exact: bool
    nodes: int
    depth: int

    @property
    def best(self) -> Line:
        """The best root move."""
        return self.lines[0]


@dataclass(slots=True)
class _Moves:
    """A node's turns in search order: (code, move, score, plays out)."""

    items: list[tuple[int, Action, int, bool]] = field(default_factory=list)


Generator = Callable[[Position], list[GeneratedMove]]
MoveKey = tuple[int, int, tuple[tuple[str, int], ...]]
"""What a move list depends on: the board's hash, the side to move and its rack."""
MoveCache = dict[MoveKey, list[GeneratedMove]]
"""Move lists by :func:`move_key`, shared by the searches of one decision."""


def move_key(pos: Position) -> MoveKey:
    """The key of the side to move's placements on ``pos`` (board, side, rack)."""
    return (pos.board_hash, pos.to_move, tuple(sorted(pos.racks[pos.to_move].items())))


def _placements(pos: Position) -> list[GeneratedMove]:
    return placements(pos)


class EndgameSolver:
    """An exact two-sided endgame search over one position (changed in place, restored after).

    ``nodes``: the budget in work (a turn pushed is one unit, a list of turns made
    ``LIST_COST`` plus one a turn).  ``generator`` lists placements (default the position's
    own, i.e. the move generator); a test may pass a smaller twin.
    """

    def __init__(
        self, pos: Position, *, nodes: int = DEFAULT_NODES, generator: Generator = _placements, cache: MoveCache | None = None
    ) -> None:
        if pos.sides != 2:
            raise PositionError(f"the endgame solver plays two sides, not {pos.sides}")
        if pos.bag_size != 0 or not all(pos.is_known(s) for s in range(2)):
            raise PositionError("the endgame solver needs an empty bag and both racks known")
        self.pos = pos
        self.budget = nodes
        self.nodes = 0
        self.generator = generator
        self.table: dict[int, _Entry] = {}
        self.move_cache: MoveCache = cache if cache is not None else {}
        self._order_cache: dict[tuple[MoveKey, int], list[tuple[int, Action, int]]] = {}
        self.horizon = 0  # horizon estimates used (0 after an iteration: it was exact)
        self.skip_doomed = True  # no iteration that cannot finish (False: run into the budget, for tests)

    # ----- the search ---------------------------------------------------------------------
    def _generated(self, key: MoveKey | None = None) -> list[GeneratedMove]:
        key = key or move_key(self.pos)
        moves = self.move_cache.get(key)
        if moves is None:
            moves = self.move_cache[key] = self.generator(self.pos)
        return moves

    def _ordered(self, best: int | None) -> list[tuple[int, Action, int]]:
        """Placements by score (a play-out first: it ends the game with a bonus), then pass; the table's move first.

        The order is the same wherever the board, the rack and the other rack's points are:
        it is built once per such node and copied.
        """
        pos = self.pos
        key = move_key(pos)
        bonus = pos.rules.playout_multiplier * pos.rack_points(1 - pos.to_move)
        base = self._order_cache.get((key, bonus))
        if base is None:
            rack_size = sum(pos.racks[pos.to_move].values())
            free = pos.rules.tiles.free
            scored: list[tuple[int, int, Action, int]] = []
            for m in self._generated(key):
                used = sum(1 for t in m.place.tiles if t.tile not in free)
                scored.append((m.score + (bonus if used == rack_size else 0), pos.encode(m.place), m.place, m.score))
            scored.sort(key=lambda x: -x[0])
            base = [(code, move, points) for _, code, move, points in scored]
            base.append((pos.encode(Pass()), Pass(), 0))
            self._order_cache[(key, bonus)] = base
            self.nodes += LIST_COST + len(base)  # listing is work (checked at the next push), as the compiled twin
        out = list(base)
        if best is not None:
            for k, item in enumerate(out):
                if item[0] == best:
                    out.insert(0, out.pop(k))
                    break
        return out

    def _estimate(self) -> int:
        """A horizon guess of the spread to come: the racks as the passes would deduct them."""
        pos = self.pos
        me = pos.to_move
        return pos.rack_points(1 - me) - pos.rack_points(me)

    def _child_value(self, points: int, depth: int, alpha: int, beta: int) -> int:
        """Value for the mover of the move just pushed that scored ``points``, searched in (alpha, beta)."""
        pos = self.pos
        if pos.outcome is not None:
            mover = pos.to_move  # a finished position keeps the mover as "to move"
            final = pos.outcome.scores
            return points + (final[mover] - final[1 - mover]) - (pos.scores[mover] - pos.scores[1 - mover])
        return points - self._negamax(depth - 1, points - beta, points - alpha)

    def _negamax(self, depth: int, alpha: int, beta: int) -> int:
        pos = self.pos
        key = pos.zobrist
        entry = self.table.get(key)
        best_code = None
        if entry is not None:
            best_code = entry.best
            if entry.depth >= depth and (
                entry.flag == EXACT or (entry.flag == LOWER and entry.value >= beta) or (entry.flag == UPPER and entry.value <= alpha)
            ):
                if entry.depth < COMPLETE:
                    self.horizon += 1  # the entry's value leans on a horizon
                return entry.value
        if depth <= 0:
            self.horizon += 1
            return self._estimate()
        horizon_before = self.horizon
        alpha0 = alpha
        best = -INF
        for code, move, points in self._ordered(best_code):
            self._count()
            pos.push(move, score=None if isinstance(move, Pass) else points)
            try:
                value = self._child_value(points, depth, alpha, beta)
            finally:
                pos.pop()
            if value > best:
                best, best_code = value, code
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        stored = COMPLETE if self.horizon == horizon_before else depth
        self.table[key] = _Entry(stored, best, flag, best_code)
        return best

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget

    def _pv(self, first: Action, limit: int = 64) -> tuple[Action, ...]:
        """The expected line after ``first``, read from the table's best moves."""
        pos = self.pos
        line: list[Action] = [first]
        pushed = 0
        try:
            self._push_known(first)
            pushed += 1
            while pos.outcome is None and len(line) < limit:
                entry = self.table.get(pos.zobrist)
                if entry is None or entry.best is None:
                    break
                move = pos.decode(entry.best)
                self._push_known(move)
                pushed += 1
                line.append(move)
        finally:
            for _ in range(pushed):
                pos.pop()
        return tuple(line)

    def _push_known(self, move: Action) -> None:
        """Push a move found by the search (its score looked up in the move cache)."""
        if isinstance(move, Pass):
            self.pos.push(move)
            return
        for m in self._generated():
            if m.place == move:
                self.pos.push(move, score=m.score)
                return
        self.pos.push(move)  # pragma: no cover - every searched move is cached

    # ----- the root -----------------------------------------------------------------------
    def _can_finish(self, depth: int) -> bool:
        """False when an iteration at ``depth`` is sure to run out of budget (its values would be dropped).

        It needs a node per root move, and one more for each whose reply must be searched:
        the game goes on, ``depth`` leaves a ply below it, and no table entry is deep enough
        that it might be used.  Budgets stopped mid-iteration spent most of their time there
        (the new nodes' move lists) for nothing.
        """
        pos = self.pos
        order = self._ordered(None)
        left = self.budget - self.nodes
        need = len(order)
        if need > left or depth < 2:
            return need <= left
        for _, move, points in order:
            pos.push(move, score=None if isinstance(move, Pass) else points)
            try:
                entry = self.table.get(pos.zobrist)
                searched = pos.outcome is None and (entry is None or entry.depth < depth - 1)
            finally:
                pos.pop()
            need += 1 if searched else 0
            if need > left:
                return False
        return True

    def solve(self, top: int = 1) -> EndgameResult:
        """Deepen until exact or out of budget; ``top`` > 1 values that many root moves exactly."""
        pos = self.pos
        if pos.outcome is not None:
            raise PositionError("the game is over: there is no move to find")
        me = pos.to_move
        now = pos.scores[me] - pos.scores[1 - me]
        finished: list[tuple[int, int, Action]] = []  # (value, code, move) of the last full iteration
        finished_exact = False
        depth_done = 0
        depth = 1
        try:
            while not self.skip_doomed or self._can_finish(depth):
                self.horizon = 0
                results = self._root(depth, top, finished)
                finished, depth_done = results, depth
                if self.horizon == 0:
                    finished_exact = True
                    break
                depth += 1
        except _OutOfBudget:
            pass
        if not finished:  # not even depth 1 within the budget: order by score
            finished = [(points, code, move) for code, move, points in self._ordered(None)]
        points = {code: pts for code, _, pts in self._ordered(None)}
        kept = finished[: max(top, 1)]
        lines = [Line(move, value, now + value, self._pv(move), finished_exact, points.get(code)) for value, code, move in kept]
        return EndgameResult(lines, finished_exact, self.nodes, depth_done)

    def _root(self, depth: int, top: int, previous: Sequence[tuple[int, int, Action]]) -> list[tuple[int, int, Action]]:
        """One iteration at the root: every move's value (exact for the best ``top``), best first."""
        pos = self.pos
        order = self._ordered(None)
        if previous:  # last iteration's ranking first
            rank = {code: k for k, (_, code, _) in enumerate(previous)}
            order.sort(key=lambda item: rank.get(item[0], len(rank)))
        scored: list[tuple[int, int, Action]] = []
        best_values: list[int] = []  # a min-heap of the ``top`` best values so far
        for code, move, points in order:
            # a full window for the first ``top`` moves; a null window above the ``top``-th best after
            bound = best_values[0] if len(best_values) >= top else -INF
            self._count()
            pos.push(move, score=None if isinstance(move, Pass) else points)
            try:
                value = self._child_value(points, depth, bound, INF)
            finally:
                pos.pop()
            kept = value if value > bound else min(value, bound)
            scored.append((kept, code, move))
            if len(best_values) < top:
                heapq.heappush(best_values, kept)
            elif kept > best_values[0]:
                heapq.heapreplace(best_values, kept)
        scored.sort(key=lambda x: -x[0])
        best_code = scored[0][1]
        self.table[pos.zobrist] = _Entry(COMPLETE if self.horizon == 0 else depth, scored[0][0], EXACT, best_code)
        return scored


def solve(
    pos: Position,
    *,
    nodes: int = DEFAULT_NODES,
    top: int = 1,
    generator: Generator | None = None,
    cache: MoveCache | None = None,
    native: bool | None = None,
) -> EndgameResult:
    """Solve the endgame of ``pos`` (bag empty, both racks known, two sides) within ``nodes``.

    On the compiled solver (:mod:`amath.engine.native_endgame`) when it takes the ruleset
    and no ``generator`` is given, else here; ``native`` forces one (False: this Python
    twin).  Both search alike: the same budget gives the same lines.  ``pos`` is left as
    it was.  Raises :class:`~amath.core.errors.PositionError` when the position is not such an
    endgame.
    """
    import amath.engine.native_endgame as native_endgame

    if native is None:
        native = generator is None and native_endgame.available(pos)
    if native and pos.outcome is None:
        if pos.sides != 2:
            raise PositionError(f"the endgame solver plays two sides, not {pos.sides}")
        found, exact, used, depth = native_endgame.solve_native(pos, nodes=nodes, top=top)
        me = pos.to_move
        now = pos.scores[me] - pos.scores[1 - me]
        lines = [Line(move, value, now + value, pv, exact, score) for move, value, pv, score in found]
        return EndgameResult(lines, exact, used, depth)
    return EndgameSolver(pos, nodes=nodes, generator=generator or _placements, cache=cache).solve(max(1, top))

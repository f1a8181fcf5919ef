"""The simulation as the native core runs it: play-outs in integers, and successive halving over many candidates.

Two executors play the same play-outs: :func:`python_playouts` (this module, readable) and
:func:`native_playouts` (``native/src/sim.rs`` through :mod:`amath.engine.movegen.native`, Rust,
threaded with Rayon).  Given the same position, candidates and (candidate, iteration) jobs
they return the same ``(value, unseen)`` pairs: values are whole numbers of 1/100 points
and every random choice comes from :class:`SplitMix64` seeded by (seed, iteration), so the
answer does not depend on the executor or on the number of threads
(tests/test_playouts.py).

A play-out: the candidate, then each side's static-equity turn (:meth:`amath.engine.static.Turns.best`
with the leave values of :class:`LeaveModel`) for ``plies`` turns in all, or on to the end of
the game when the root's bag holds at most :data:`FINISH_RACKS` racks (then at most
:data:`FINISH_PLIES` more turns).  Its value is the points gained against the opponent
plus the leave of each side's last turn; a game that ended counts its final adjustments
instead.  Iteration ``i``'s scenario -- the opponent's rack (its kept tiles picked by
inference weight first) and the bag's order -- is the same for every candidate (common
random numbers).

:func:`search` spends a budget of play-outs over the candidates (:func:`candidates`: every
placement within :data:`MARGIN` points of the best static equity, one per shape, plus the
best exchanges and the pass) by successive halving: in each of ceil(log2 n) rounds the
candidates still in play get equal play-outs of the same scenarios, then the worse half
(by mean value with the static equity counted as :data:`PRIOR_WEIGHT` play-outs, or by wins
when the game is played to its end) stops being sampled.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from amath.core.move import Exchange, Place, kept_tiles
from amath.core.position import Action, Position
from amath.core.rules.base import Ruleset
from amath.core.tiles import BLANK, EQUALS, OPERATORS, PLUS_MINUS, TIMES_DIVIDE, is_number
from amath.engine.equity import EquityCalculator, StaticEquity
from amath.engine.generator import MoveGenerator, get_generator
from amath.engine.leaves.table import SYNERGIES, LeaveTable
from amath.engine.movegen.rack_leaves import EQUITY_UNIT, RackLeaves
from amath.engine.static import Candidate, Turns, including, is_scoreless, ranked, scoreless_may_end

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
#: A play-out's reply searches with at most this many blanks (as :data:`amath.engine.sim.PLAYOUT_BLANKS`).
PLAYOUT_BLANKS = 1
#: A play-out that goes on to the end of the game takes at most this many turns past its plies.
FINISH_PLIES = 24
#: Play to the end of the game (and rank by wins) when the root's bag holds at most this many racks.
FINISH_RACKS = 2
#: Placements within this many points of the best static equity are candidates ...
MARGIN = 20.0
#: ... at most this many of them (best first, one per shape) ...
MAX_PLACEMENTS = 16
#: ... plus this many best exchanges and the pass.
EXCHANGES = 2
#: The candidates are looked for among this many placements best by static equity (a
#: two-blank rack has tens of thousands of them; the margin keeps far fewer).
ROOT_LIMIT = 300
#: Each round gives every candidate still in play at least this many play-outs.
MIN_ROUND = 4
#: A candidate's static equity counts as this many play-outs in its mean.
PRIOR_WEIGHT = 4
#: Win rates rank in steps of this size, the value deciding within a step.
WIN_STEP = Fraction(1, 100)

#: Tile classes of the synergy terms, as native/src/sim.rs numbers them.
NUMBER, OPERATOR, EQUALS_CLASS, BLANK_CLASS, OTHER = 0, 1, 2, 3, 4
_OPERATOR_TILES = frozenset(OPERATORS) | {PLUS_MINUS, TIMES_DIVIDE}


def _mix64(x: int) -> int:
    z = (x + GOLDEN) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class SplitMix64:
    """splitmix64 (Steele, Lea and Flood 2014), the stream of one iteration; the twin of ``sim.rs``'s.

    >>> rng = SplitMix64(7, 3)
    >>> draws = [rng.below(6) for _ in range(1000)]
    >>> min(draws), max(draws), draws[:5] == [SplitMix64(7, 3).below(6) for _ in range(1)] + draws[1:5]
    (0, 5, True)
    """

    def __init__(self, seed: int, iteration: int) -> None:
        self.state = _mix64((seed & MASK) ^ _mix64(iteration & MASK))

    def next(self) -> int:
        """The next 64-bit number."""
        self.state = (self.state + GOLDEN) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in 0..n-1 (0 when n is 0): the high word of a 64 x 64-bit product."""
        return (self.next() * n) >> 64


def tile_class(tile: str) -> int:
    """The class of a tile in the synergy terms (:func:`amath.engine.leaves.table.synergy_features`)."""
    if tile == BLANK:
        return BLANK_CLASS
    if tile == EQUALS:
        return EQUALS_CLASS
    if tile in _OPERATOR_TILES:
        return OPERATOR
    return NUMBER if is_number(tile) else OTHER


@dataclass(frozen=True, slots=True)
class LeaveModel:
    """A leave table in whole 1/``unit`` points: a weight per tile and the five synergy weights.

    The fitted and hand-set tables have two decimals, so this gives the values
    :class:`~amath.engine.equity.StaticEquity` rounds to (tested); with the bag empty a kept
    tile is worth minus its points.
    """

    tiles: dict[str, int]
    synergy: tuple[int, ...]
    unit: int = EQUITY_UNIT

    @classmethod
    def of(cls, table: LeaveTable, unit: int = EQUITY_UNIT) -> LeaveModel:
        """``table`` with each weight rounded to 1/``unit`` points."""
        return cls(
            {t: round(v * unit) for t, v in table.tiles.items()}, tuple(round(table.synergy.get(s, 0.0) * unit) for s in SYNERGIES), unit
        )

    def value(self, kept: Sequence[str], rules: Ruleset, bag: int) -> int:
        """Worth of keeping ``kept`` on a turn taken with ``bag`` tiles in the bag."""
        if bag == 0:
            return -rules.tiles.value(kept) * self.unit
        if not kept:
            return 0
        counts: dict[str, int] = {}
        for t in kept:
            counts[t] = counts.get(t, 0) + 1
        by_class = [0] * 5
        total = duplicates = 0
        for t, n in counts.items():
            total += n * self.tiles.get(t, 0)
            c = tile_class(t)
            by_class[c] += n
            if n > 1 and c not in (EQUALS_CLASS, BLANK_CLASS):
                duplicates += n - 1
        blanks = by_class[BLANK_CLASS]

        def none(c: int) -> int:
            return int(by_class[c] == 0 and blanks == 0)

        features = (duplicates, max(0, by_class[EQUALS_CLASS] - 1), none(EQUALS_CLASS), none(NUMBER), none(OPERATOR))
        return total + sum(f * w for f, w in zip(features, self.synergy))


def leave_model(equity: EquityCalculator, rules: Ruleset) -> LeaveModel | None:
    """The integer model of ``equity``'s table for ``rules`` (None for an equity that is not a table)."""
    if not isinstance(equity, StaticEquity):
        return None
    return LeaveModel.of(equity.table(rules))


@dataclass(frozen=True, slots=True)
class Root:
    """What every play-out of a position shares: the side to move's view, the leave model,
    the opponent's inferred leaves (kept tiles, integer weight), plies, finish, seed."""

    pos: Position
    model: LeaveModel
    inference: tuple[tuple[tuple[str, ...], int], ...] = ()
    plies: int = 2
    finish: bool = False
    seed: int = 0

    @property
    def tiles(self) -> tuple[str, ...]:
        """The tiles in id order, as the native core numbers them."""
        return tuple(self.pos.rules.tiles.counts)

    @property
    def other(self) -> int:
        return 1 - self.pos.to_move


Outcome = tuple[int, int]
"""A play-out's value (1/unit points for the side to move) and the tiles still unseen by it at the end (0: the game ended)."""

Jobs = Sequence[tuple[int, int]]
"""(candidate index, iteration) pairs."""

Executor = Callable[[Root, Sequence[Candidate], Jobs], list[Outcome]]


def scenario(root: Root, iteration: int) -> tuple[list[str], list[str], SplitMix64]:
    """Iteration ``iteration``'s opponent rack, bag order and the stream that places returned tiles."""
    pos = root.pos
    rng = SplitMix64(root.seed, iteration)
    pool = [t for t in root.tiles for _ in range(pos.bag.get(t, 0))]
    other = root.other
    rack = list(pos.rack(other)) if pos.is_known(other) else []
    hidden = pos.hidden[other]
    drawn = 0
    if hidden:
        total = sum(w for _, w in root.inference)
        if total:
            x = rng.below(total)
            for kept, w in root.inference:
                if x < w:
                    for t in root.tiles:
                        for _ in range(kept.count(t)):
                            if drawn < hidden and t in pool:
                                pool.remove(t)
                                rack.append(t)
                                drawn += 1
                    break
                x -= w
        while drawn < hidden and pool:
            rack.append(pool.pop(rng.below(len(pool))))
            drawn += 1
    for k in range(len(pool) - 1, 0, -1):
        j = rng.below(k + 1)
        pool[k], pool[j] = pool[j], pool[k]
    return rack, pool, rng


def turn_value(root: Root, work: Position, rack: Sequence[str], move: Action, score: int) -> int:
    """``move``'s static value for ``rack`` on ``work``: score x unit + what it keeps (at its end-of-game worth
    when it is a scoreless turn that may end the game)."""
    rules = work.rules
    closing = is_scoreless(rules, move) and scoreless_may_end(rules, work.scoreless, work.sides)
    kept = kept_tiles(tuple(rack), move, rules.tiles.free)
    return score * root.model.unit + root.model.value(kept, rules, 0 if closing else work.bag_size)


def reply(root: Root, work: Position, generator: MoveGenerator) -> Candidate:
    """The static player's turn on ``work`` (blanks past :data:`PLAYOUT_BLANKS` held back from the search)."""
    rules = work.rules
    rack = list(work.rack(work.to_move))
    for _ in range(rack.count(BLANK) - PLAYOUT_BLANKS):
        rack.remove(BLANK)
    bag = work.bag_size
    model = root.model
    leaves = RackLeaves.build(rack, lambda kept: model.value(kept, rules, bag), unit=model.unit, free=rules.tiles.free)
    closing = None
    if rack and scoreless_may_end(rules, work.scoreless, work.sides):
        closing = RackLeaves.build(rack, lambda kept: model.value(kept, rules, 0), unit=model.unit, free=rules.tiles.free)
    return Turns(work.board, tuple(rack), rules, bag, leaves, generator, closing).best()


def playout(root: Root, cand: Candidate, iteration: int, generator: MoveGenerator | None = None) -> Outcome:
    """``cand`` played out against iteration ``iteration``'s scenario (``root.pos`` is left as it was)."""
    gen = generator or get_generator()
    other_rack, order, shake = scenario(root, iteration)
    work = root.pos.copy()
    me, other = work.to_move, root.other
    if not work.is_known(other):
        work.set_rack(other, other_rack)
    start = list(work.scores)
    kept = [0, 0]
    unit = root.model.unit
    most = root.plies + FINISH_PLIES if root.finish else root.plies
    for ply in range(most):
        if work.is_over:
            break
        turn = cand if ply == 0 else reply(root, work, gen)
        side = work.to_move
        kept[side] = turn_value(root, work, work.rack(side), turn.move, turn.score) - turn.score * unit
        need = work.draw_count(turn.move)
        draw = order[:need]
        del order[:need]
        work.push(turn.move, draw, score=turn.score if isinstance(turn.move, Place) else None)
        if isinstance(turn.move, Exchange):  # returned tiles go back into the bag, somewhere, by name
            for t in sorted(turn.move.tiles):
                order.insert(shake.below(len(order) + 1), t)
    if work.outcome is not None:
        final = work.outcome.scores
        return ((final[me] - start[me]) - (final[other] - start[other])) * unit, 0
    spread = (work.scores[me] - start[me]) - (work.scores[other] - start[other])
    return spread * unit + kept[me] - kept[other], len(order) + len(work.rack(other))


def python_playouts(root: Root, cands: Sequence[Candidate], jobs: Jobs, generator: MoveGenerator | None = None) -> list[Outcome]:
    """The play-outs of ``jobs`` in Python, in order (the replies' moves from ``generator``, by default the engine's)."""
    gen = generator or get_generator()
    return [playout(root, cands[c], it, gen) for c, it in jobs]


def native_playouts(root: Root, cands: Sequence[Candidate], jobs: Jobs, threads: int = 1) -> list[Outcome]:
    """The play-outs of ``jobs`` in Rust (``threads`` threads), in order: the same as :func:`python_playouts`."""
    from amath.engine.movegen import native

    pos, model = root.pos, root.model
    return native.playouts(
        pos,
        tile_weights=model.tiles,
        synergy=model.synergy,
        classes={t: tile_class(t) for t in root.tiles},
        unit=model.unit,
        inference=root.inference,
        moves=[(c.move, c.score) for c in cands],
        jobs=jobs,
        plies=root.plies,
        finish=root.finish,
        seed=root.seed,
        threads=threads,
    )


def native_ready(pos: Position, equity: EquityCalculator) -> bool:
    """True when :func:`native_playouts` can play ``pos`` (the extension built, its generator's ruleset, two sides, a table)."""
    from amath.engine.movegen import native

    return pos.sides == 2 and native.available() and native.supports(pos.rules) and leave_model(equity, pos.rules) is not None


# ----- the candidates and the search ---------------------------------------------------------
def _shape(move: Action) -> tuple[frozenset[object], tuple[str, ...]] | None:
    if not isinstance(move, Place):
        return None
    return frozenset(p.square for p in move.tiles), tuple(sorted(move.rack_tiles))


def candidates(
    pos: Position, equity: EquityCalculator, *, margin: float = MARGIN, most: int = MAX_PLACEMENTS, include: Sequence[Action] = ()
) -> list[Candidate]:
    """Every placement within ``margin`` points of the best static equity (one per shape, at most
    ``most``), the :data:`EXCHANGES` best exchanges and the pass, best first; ``include``'s turns too."""
    pool = ranked(pos, equity, exchanges=None, limit=ROOT_LIMIT)
    top = pool[0].value
    chosen: list[Candidate] = []
    shapes: set[object] = set()
    exchanges = 0
    for c in pool:
        shape = _shape(c.move)
        if shape is not None:
            if shape in shapes or len(shapes) >= most or c.value < top - margin * EQUITY_UNIT:
                continue
            shapes.add(shape)
        elif isinstance(c.move, Exchange):
            if exchanges >= EXCHANGES:
                continue
            exchanges += 1
        chosen.append(c)
    return including(chosen, pool, include)


@dataclass(slots=True)
class Arm:
    """One candidate's play-outs (values in 1/unit points) and the round it stopped being sampled (None: still in play)."""

    candidate: Candidate
    values: list[int] = field(default_factory=list)
    unseen: list[int] = field(default_factory=list)
    dropped: int | None = None

    @property
    def n(self) -> int:
        return len(self.values)

    def blended(self) -> Fraction:
        """Mean value with the static equity counted as :data:`PRIOR_WEIGHT` play-outs more (1/unit points)."""
        return Fraction(sum(self.values) + PRIOR_WEIGHT * self.candidate.value, self.n + PRIOR_WEIGHT)

    def wins(self, spread: int) -> Fraction:
        """Share of play-outs won from ``spread`` (1/unit points) ahead at the root (a tie counts half; 1/2 before any)."""
        if not self.values:
            return Fraction(1, 2)
        halves = sum(2 if spread + v > 0 else 1 if spread + v == 0 else 0 for v in self.values)
        return Fraction(halves, 2 * self.n)


@dataclass(slots=True)
class Searched:
    """Arms best first, whether they rank by wins, the play-outs run and the root spread in 1/unit points."""

    arms: list[Arm]
    by_win: bool
    playouts: int
    spread: int


def rank_key(arm: Arm, by_win: bool, spread: int) -> tuple[Fraction, Fraction]:
    """Higher is better: (wins in :data:`WIN_STEP` steps, value) when ranking by wins, else (value, 0)."""
    if by_win:
        return Fraction(math.floor(arm.wins(spread) / WIN_STEP)), arm.blended()
    return arm.blended(), Fraction(0)


def search(root: Root, cands: Sequence[Candidate], budget: int, executor: Executor) -> Searched:
    """Successive halving: ``budget`` play-outs over ``cands`` in ceil(log2 n) rounds.

    Each round shares what is left of the budget evenly among its rounds and the candidates
    still in play (at least :data:`MIN_ROUND` play-outs each), plays iterations ``n`` to
    ``n + k`` of every one of them (the same scenarios), then keeps the better half.
    """
    arms = [Arm(c) for c in cands]
    spread = (root.pos.scores[root.pos.to_move] - root.pos.scores[root.other]) * root.model.unit
    by_win = root.finish
    rounds = max(1, math.ceil(math.log2(len(arms)))) if len(arms) > 1 else 0  # a lone turn needs no play-out
    left = budget
    done = 0
    for r in range(rounds):
        alive = [a for a in arms if a.dropped is None]
        if (len(alive) <= 1 and r > 0) or left <= 0:
            break
        per = max(MIN_ROUND, left // (len(alive) * (rounds - r)))
        jobs = [(arms.index(a), it) for a in alive for it in range(done, done + per)]
        for (c, _), (value, unseen) in zip(jobs, executor(root, cands, jobs)):
            arms[c].values.append(value)
            arms[c].unseen.append(unseen)
        done += per
        left -= per * len(alive)
        if r < rounds - 1:
            order = sorted(alive, key=lambda a: rank_key(a, by_win, spread), reverse=True)
            for a in order[(len(order) + 1) // 2 :]:
                a.dropped = r
    playouts = sum(a.n for a in arms)
    ranked_arms = sorted(
        arms, key=lambda a: (a.dropped is None, -1 if a.dropped is None else a.dropped, rank_key(a, by_win, spread)), reverse=True
    )
    return Searched(ranked_arms, by_win, playouts, spread)

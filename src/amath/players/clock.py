"""Time management: how long a bot on a clock thinks on a turn, and how much search work that buys.

Every level keeps its work budget (:class:`amath.engine.Budget`: iterations, nodes), so a game
without a clock is the same on any machine.  On a clock a bot spends the clock instead:

1. **Plan the turn** (:func:`plan_turn`): the turns this side still has are estimated from the
   tiles in the bag (``DRAW_PER_TURN`` tiles drawn a turn by each side, then ``ENDGAME_TURNS``
   once the bag is empty), each weighted by its phase (:func:`phase_weight`: the opening less,
   the middle game more, the pre-endgame most, the endgame, where the exact solver counts its
   own nodes, less).  The time left, less a reserve (:func:`reserve`) and less what every turn
   to come costs anyway (the larger of a learnt overhead and the shortest turn so far, for the
   turns expected and ``SPARE_TURNS`` more), is shared out by those weights: this turn's share is
   its *target*; its *limit*, the deadline, is at most twice that and never more than the time
   left less the reserve.  Spending at most the limit each turn never takes the clock below the
   reserve.
2. **Buy work with it** (:meth:`TimeManager.budget`): the level's budget with as many simulation
   iterations as the target allows at the speed measured on this machine so far (a running
   estimate of a turn's fixed cost and of one candidate's iteration, learnt from every turn,
   :meth:`TimeManager.record`), at most ``scale`` times the level's own; time for more
   iterations than the level's also widens the candidates (by the square root of the ratio,
   up to ``MAX_CANDIDATES``): a simulation that has dropped all but one candidate is done, so
   more time is spent on more turns, not only on longer looks at the same few.
3. **Stop at the deadline** (:meth:`TimeManager.deadline`): :func:`amath.engine.best` asks it
   between batches of iterations and ends the simulation with what it has.  How far a turn
   went past its deadline (the batch running, the answer) is learnt, and later deadlines come
   that much sooner.

A clock of the ``move`` kind (so many seconds a turn) plans each turn alone: the same phase
weights against the middle game's, within the turn's seconds less a reserve.

The analysis level ``max`` (:data:`MAX_BUDGET`, :func:`for_seconds`) is for a fixed time rather
than a game: it takes all of what it is given (``amath best --seconds S``, ``go time MS`` of the
engine protocol), stopped by the deadline, with its endgame nodes scaled to the time.

The time source is injected (``now``; :func:`time.monotonic` by default), so tests drive a bot
on a fake clock.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from amath.core.rules.base import ClockRules, Ruleset
from amath.engine import Budget
from amath.game import Game

#: Seconds of a total clock never planned for (the reserve is the larger of this and ``RESERVE_SHARE``
#: of the clock): what a turn may overrun its deadline by (the batch running when it passed, the
#: answer written out) over a whole game.
RESERVE_SECONDS = 10.0
RESERVE_SHARE = 0.02
#: Of a ``move`` clock's seconds, the share kept back each turn.
MOVE_RESERVE_SHARE = 0.2
#: Tiles one side draws a turn while the bag lasts (an A-Math game: 84 tiles in the bag, about 12
#: turns each before it empties).
DRAW_PER_TURN = 3.5
#: Turns one side still takes once the bag is empty.
ENDGAME_TURNS = 2
#: Phase weights: a turn's share of the time is its weight over the sum of the weights of the
#: side's turns to come.  The opening (the bag still holding more than ``OPENING_SHARE`` of its
#: first tiles) has few tiles on the board to work with; the pre-endgame (at most
#: ``PREENDGAME_RACKS`` racks in the bag) decides who is stuck with what, and its play-outs go to
#: the end of the game (the slowest simulations, docs/bots.md "Time per move"); the endgame is
#: solved within its node budget, which more seconds do not change.
OPENING_WEIGHT = 0.6
MIDDLE_WEIGHT = 1.0
PREENDGAME_WEIGHT = 1.5
ENDGAME_WEIGHT = 0.5
OPENING_SHARE = 0.8
PREENDGAME_RACKS = 2
#: Turns more than expected whose overhead a clocked bot keeps back (the endgame's passes).
SPARE_TURNS = 3
#: The deadline is at most this many times a turn's target (an estimate of speed that was too
#: high is caught by the deadline; one too low simply finishes early).
LIMIT_FACTOR = 2.0
#: A clocked bot's iterations go up to this many times its level's.
SCALE = 25
#: A clocked bot simulates at most this many candidates (the ``max`` level's).
MAX_CANDIDATES = 12
#: The first estimates of speed, before a turn is measured: a turn's fixed cost (move lists,
#: inference, the answer) and one candidate's iteration (champion: median 0.36 s for 40
#: iterations of 6 candidates, 1.5 ms each; the slow middle-game ones about 10 ms).
PRIOR_OVERHEAD = 0.25
PRIOR_ITERATION = 0.005
#: Weight of the newest turn in the running estimates.
LEARN = 0.3
#: Iterations the simulation runs before it first looks at the deadline
#: (``amath.engine.sim.Simulator.min_iterations``): fewer than this are not started.
FIRST_BATCH = 4
#: Endgame nodes a second (the compiled solver: 1,000,000 nodes in at most 1.7 s, docs/search.md),
#: rounded down: ``max``'s endgame and pre-endgame get this many nodes a second of its time.
NODES_PER_SECOND = 300_000

#: The analysis level ``max``: what a fixed time may buy at most (its deadline ends it first):
#: twice champion's candidates, inference from 150 racks, the one-tile pre-endgame, the endgame.
MAX_BUDGET = Budget(iterations=100_000, candidates=12, plies=2, nodes=5_000_000, preendgame_bag=1, inference_samples=150, sim_work=0)


@dataclass(frozen=True, slots=True)
class TimePlan:
    """A turn's time: aim at ``target`` seconds, stop by ``limit`` (the deadline); ``target <= limit``."""

    target: float
    limit: float


def reserve(clock_seconds: float) -> float:
    """Seconds of a total clock of ``clock_seconds`` never planned for."""
    return max(RESERVE_SECONDS, RESERVE_SHARE * clock_seconds)


def phase_weight(bag: int, rack_size: int = 8, bag_start: int = 84) -> float:
    """How much a turn with ``bag`` tiles in the bag deserves, against a middle-game turn's 1."""
    if bag <= 0:
        return ENDGAME_WEIGHT
    if bag <= PREENDGAME_RACKS * rack_size:
        return PREENDGAME_WEIGHT
    if bag > OPENING_SHARE * bag_start:
        return OPENING_WEIGHT
    return MIDDLE_WEIGHT


def turn_weights(bag: int, sides: int = 2, rack_size: int = 8, bag_start: int = 84) -> list[float]:
    """The weights of this side's turns from now to the end of the game, this one first."""
    out: list[float] = []
    left = float(bag)
    while left > 0:
        out.append(phase_weight(math.ceil(left), rack_size, bag_start))
        left -= sides * DRAW_PER_TURN
    return out + [ENDGAME_WEIGHT] * ENDGAME_TURNS


def plan_turn(
    left: float,
    bag: int,
    *,
    clock_seconds: float,
    sides: int = 2,
    rack_size: int = 8,
    bag_start: int = 84,
    overhead: float = 0.0,
    spare: int = 0,
) -> TimePlan:
    """This turn's time on a total clock: ``left`` seconds of ``clock_seconds`` remain, ``bag``
    tiles in the bag, each turn costing ``overhead`` seconds however little it thinks (and the
    overhead of ``spare`` turns more than expected kept back: an endgame of passes runs long).

    ``limit <= max(0, left - reserve(clock_seconds))`` always: a side that never spends more
    than the limit keeps the reserve to the end of the game.
    """
    weights = turn_weights(bag, sides, rack_size, bag_start)
    room = max(0.0, left - reserve(clock_seconds))
    spendable = room - max(0.0, overhead) * (len(weights) + spare)  # every turn to come, this one included, costs its overhead
    if spendable <= 0:
        return TimePlan(0.0, 0.0)
    thinking = spendable * weights[0] / sum(weights)
    limit = min(room, overhead + min(spendable, LIMIT_FACTOR * thinking))
    return TimePlan(min(limit, overhead + thinking), limit)


def plan_move_clock(seconds: float, bag: int, *, rack_size: int = 8, bag_start: int = 84) -> TimePlan:
    """A turn's time on a ``move`` clock of ``seconds`` a turn: the phase's share of the seconds less a reserve."""
    room = seconds * (1 - MOVE_RESERVE_SHARE)
    target = room * min(1.0, phase_weight(bag, rack_size, bag_start) / PREENDGAME_WEIGHT)
    return TimePlan(target, room)


def bag_start(rules: Ruleset, sides: int) -> int:
    """Tiles in the bag once every side has drawn its first rack."""
    return max(1, rules.tiles.total - sides * rules.rack_size)


class TimeManager:
    """Plans a side's turns on its clock and turns each plan into work, learning this machine's speed.

    One manager per side (it learns from the turns it records).  ``now`` is the clock to read
    (seconds, any origin); ``scale`` caps a clocked level's iterations at that many times its own.
    """

    def __init__(self, now: Callable[[], float] = time.monotonic, *, scale: int = SCALE) -> None:
        self.now = now
        self.scale = scale
        self.overhead = PRIOR_OVERHEAD  # seconds a turn costs however little it thinks
        self.per_iteration = PRIOR_ITERATION  # seconds of one candidate's iteration
        self.overrun = 0.0  # seconds a turn went on past its deadline (the batch running, the answer): the deadline comes that much sooner
        self.cheapest: float | None = None  # the shortest turn recorded: no turn to come is planned to cost less

    # ----- planning ----------------------------------------------------------------------
    def plan(self, game: Game) -> TimePlan | None:
        """The plan of the side to move in ``game`` on the game's clock; None without a clock."""
        clock: ClockRules = game.options.clock
        me = game.to_move
        sides = len(game.sides)
        start = bag_start(game.rules, sides)
        if clock.kind == "move":
            return plan_move_clock(clock.seconds, len(game.bag), rack_size=game.rules.rack_size, bag_start=start)
        if clock.kind != "total":
            return None
        left = clock.seconds - game.time_used[me]
        return plan_turn(
            left,
            len(game.bag),
            clock_seconds=clock.seconds,
            sides=sides,
            rack_size=game.rules.rack_size,
            bag_start=start,
            overhead=self.turn_cost(),
            spare=SPARE_TURNS,
        )

    def turn_cost(self) -> float:
        """What a turn to come costs at least, as far as this manager knows: the larger of the
        learnt overhead and the shortest turn it recorded."""
        return max(self.overhead, self.cheapest or 0.0)

    # ----- time into work ----------------------------------------------------------------
    def iterations_for(self, seconds: float, candidates: int) -> int:
        """Simulation iterations of ``candidates`` that fit in ``seconds`` at the speed measured (0 when
        not even the first batch fits)."""
        thinking = seconds - self.overhead
        count = int(thinking / (self.per_iteration * max(1, candidates))) if thinking > 0 else 0
        return count if count >= FIRST_BATCH else 0

    def budget(self, level: Budget, plan: TimePlan) -> Budget:
        """``level``'s budget with the iterations ``plan.target`` buys (up to ``scale`` times the level's;
        its ``sim_work`` cap grows alike).  Past the reserve (no time planned) the turn is static and
        its endgame search small."""
        if plan.limit <= 0:
            return replace(level, iterations=0, nodes=min(level.nodes, 20_000), preendgame_bag=0, inference_samples=0)
        most = max(level.iterations, level.iterations * self.scale)
        candidates = level.candidates
        iterations = self.iterations_for(plan.target, candidates)
        if level.iterations and iterations > level.iterations:  # time for more than the level's own: look at more turns too
            wider = int(candidates * math.sqrt(iterations / level.iterations))
            candidates = max(candidates, min(MAX_CANDIDATES, wider))
            iterations = self.iterations_for(plan.target, candidates)
        iterations = min(most, iterations)
        work = level.sim_work
        if work and level.iterations:
            work = max(1, work * max(iterations, 1) * candidates // (level.iterations * level.candidates))
        return replace(level, iterations=iterations, candidates=candidates, sim_work=work)

    def deadline(self, started: float, plan: TimePlan) -> Callable[[], bool]:
        """The stop hook of :func:`amath.engine.best`: True once ``plan.limit`` seconds, less the overrun
        measured so far, have passed since ``started``."""
        end = started + max(0.0, plan.limit - self.overrun)
        return lambda: self.now() >= end

    def record(self, seconds: float, iterations: int, candidates: int, plan: TimePlan | None = None) -> None:
        """Learn from a finished turn: it took ``seconds`` and ran ``iterations`` iterations of up to
        ``candidates``; with its ``plan``, how far past the deadline it went."""
        seconds = max(0.0, seconds)
        self.cheapest = seconds if self.cheapest is None else min(self.cheapest, seconds)
        if plan is not None and iterations > 0:
            past = max(0.0, seconds - max(0.0, plan.limit - self.overrun))  # past the deadline that was set
            # a longer overrun counts at once (a flag costs the game), a shorter one only slowly
            self.overrun = past if past > self.overrun else self.overrun + LEARN * (past - self.overrun)
        if iterations <= 0:
            self.overhead += LEARN * (seconds - self.overhead)
            return
        per = max(0.0, seconds - self.overhead) / (iterations * max(1, candidates))
        self.per_iteration += LEARN * (per - self.per_iteration)


@dataclass(frozen=True, slots=True)
class Timed:
    """A fixed-time search (:func:`for_seconds`): its budget and its stop hook."""

    budget: Budget
    stop: Callable[[], bool]


def for_seconds(
    seconds: float,
    level: Budget = MAX_BUDGET,
    *,
    now: Callable[[], float] = time.monotonic,
    also: Callable[[], bool] | None = None,
    manager: TimeManager | None = None,
) -> Timed:
    """A search that uses ``seconds`` (an analysis, ``amath best --seconds``, ``go time``): ``level``'s
    budget (the ``max`` level by default) stopped by the deadline, its endgame nodes what the time allows.

    The deadline keeps back ``MOVE_RESERVE_SHARE`` of the time for what follows the last batch;
    when not even the first batch of iterations fits, the answer is static.  ``also``: another reason
    to stop (a ``stop`` command).
    """
    timer = manager or TimeManager(now)
    started = timer.now()
    limit = seconds * (1 - MOVE_RESERVE_SHARE)
    nodes = max(1, min(level.nodes, int(NODES_PER_SECOND * limit)))
    fits = timer.iterations_for(limit, level.candidates) > 0
    budget = replace(level, nodes=nodes, iterations=level.iterations if fits else 0)
    end = started + limit

    def stop() -> bool:
        return (also is not None and also()) or timer.now() >= end

    return Timed(budget, stop)

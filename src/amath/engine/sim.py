"""Monte Carlo simulation: each candidate turn played out a few plies against sampled racks.

Candidates come from the static equity ranking (placements, the best exchanges and the
pass).  Every iteration draws one scenario -- the hidden racks (weighted by inference
when given) and the order of the bag -- and plays *every* candidate against that same
scenario (common random numbers, so differences between candidates are not noise of
the draw).  Each play-out is the candidate, then the static-equity turn of each side for
the remaining plies (the best of every placement, exchange and pass, which the native
core finds without building the other placements in Python); its value is the points gained against the opponents plus the
leave value of each side's last turn in the play-out (what it kept before drawing; the
game's end, when reached, replaces them with the final rack adjustments).  A win
probability per play-out comes from the spread at the horizon and the tiles still
unseen there.

When the candidates mix placements with exchanges or the pass and ``plies`` is even, one
more ply is played: with the opponent's turn last, a scoreless turn looks better than it
is (after a placement the opponent uses the squares it opened, after an exchange we
never get to use the squares the opponent's reply opens -- on an empty board two such
bots exchanged until the scoreless turns ended the game).

A play-out stops at the horizon while the bag holds tiles and goes on to the end of the
game once it is empty; when any candidate's play-out of a scenario goes on, all of that
scenario's do, each from where it stopped (one stopped with the opponent to move lacks
the turns a finished one counts, and candidates that draw more empty the bag more often:
a tempo's bias).

After ``min_iterations`` and every ``batch`` iterations, a candidate whose paired
difference to the leader is below zero with 99% confidence is dropped, and so is one
that did exactly as well as the leader in every scenario so far (a twin, such as the
same tiles with another face that no reply touched).  Budgets count
iterations, and ``max_work`` caps the play-outs' reply searches in work units
(:func:`reply_work`: a full rack's search costs several short ones, a blank multiplies it),
looked at between batches: a seed gives the same answer on any machine and with any
number of threads (each scenario comes from its own seeded generator, the stopping rules
look only at finished batches, and a batch's searches are the same whatever thread made
them).
"""

from __future__ import annotations

import math
import random
import threading
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import NamedTuple

from amath.core.errors import PositionError
from amath.core.move import Exchange, Pass, Place, kept_tiles
from amath.core.position import Action, Position
from amath.core.tiles import BLANK
from amath.engine.equity import EquityCalculator
from amath.engine.generator import WithinNodes, get_generator
from amath.engine.movegen.rack_leaves import EQUITY_UNIT, RackLeaves
from amath.engine.static import (
    Candidate,
    Turns,
    exchange_candidates,
    including,
    is_scoreless,
    rack_leaves,
    ranked,
    scoreless_may_end,
    to_units,
)

#: Nodes each Smath move search of a play-out may take by default (the best found by then):
#: a reply needs a good turn soon, not the best (``Budget.reply_nodes`` defaults to it too).
REPLY_NODES = 20_000
#: One-sided z for dropping a candidate (99%).
DROP_Z = 2.326
#: Spread spread-out per sqrt(unseen tile) for the win estimate, in points.
SIGMA_PER_TILE = 6.0
#: Candidates come from this many placements best by static equity.
ROOT_LIMIT: int | None = 300
#: The best exchange and the pass are simulated unless their static equity trails the best turn's by more.
OTHER_MARGIN = 25.0
#: The final ranking by value counts a candidate's static equity as this many play-outs:
#: with a handful of play-outs their noise would otherwise outweigh the static ranking's
#: differences (the candidates alive have played equally many, so only the mix changes).
PRIOR_WEIGHT = 4.0
#: Rank by win probability (not equity) when the bag holds at most this many racks.
WIN_RACKS = 2
#: Win estimates rank in steps of this size; within a step the value decides.  Far behind
#: every turn's win estimate is a tail of the normal model (1e-9 against 1e-12), and
#: ranking by it made ``sim`` exchange playable racks 169 points behind.
WIN_STEP = 0.01
#: A play-out's turn searches with at most this many blanks; any more stay on the rack
#: (valued in its leave).  The move list grows about tenfold per blank (two blanks: up to
#: seconds a rack), and a play-out's reply is only a policy, the same for every candidate.
PLAYOUT_BLANKS = 1
#: Work units of one play-out reply search (``Budget.sim_work``, :func:`reply_work`): a rack short
#: of full counts 1, a full rack ``FULL_RACK_WORK`` (``CROWDED_FULL_RACK_WORK`` with fewer than
#: ``CROWDED_BAG`` tiles in the bag), and either ``BLANK_WORK`` times that with a blank (the rack
#: searched: a second blank is held back, ``PLAYOUT_BLANKS``).  Fitted to the thread CPU of the
#: reply searches of champion's moves in four equity games (docs/journal/bots.md, 4 December 2026): short
#: racks 0.3-1.1 ms, full ones 3.3 ms (1.9 ms under 20 tiles in the bag), with a blank about four
#: times that (means).  Over 65 simulated moves a move's units correlate 0.95 with its CPU (the
#: plain count of searches 0.73-0.87); a unit cost 0.34-0.66 ms in the moves over 1.5 s.
FULL_RACK_WORK = 8
CROWDED_FULL_RACK_WORK = 4
CROWDED_BAG = 20
BLANK_WORK = 4
#: Once a play-out has emptied the bag it goes on to the end of the game (at most this
#: many more turns, the static policy on both sides): at the horizon the leave of an
#: empty-bag rack is only minus its points, blind to who gets stuck with tiles when the
#: board blocks (most A-Math games end so) and to the play-out bonus.  0: stop at ``plies``.
FINISH_PLIES = 24

Distribution = Sequence[tuple[tuple[str, ...], float]]
"""Kept tiles with their probability (inference of an opponent's rack)."""


@dataclass(slots=True)
class SimStats:
    """One candidate's play-outs: values (equity points) and win estimates per iteration."""

    candidate: Candidate
    values: list[float] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    alive: bool = True
    replies: Counter[tuple[int, ...]] = field(default_factory=Counter)  # the turns after it, as codes

    @property
    def n(self) -> int:
        """Iterations played."""
        return len(self.values)

    @property
    def mean(self) -> float:
        """Mean play-out value (the static equity before any iteration)."""
        return sum(self.values) / len(self.values) if self.values else self.candidate.equity

    def blended(self, weight: float = PRIOR_WEIGHT) -> float:
        """The play-outs' mean with the static equity counted as ``weight`` play-outs more (a prior)."""
        n = len(self.values)
        return (sum(self.values) + weight * self.candidate.equity) / (n + weight) if n + weight > 0 else self.candidate.equity

    @property
    def win(self) -> float:
        """Mean win estimate (0.5 before any iteration)."""
        return sum(self.wins) / len(self.wins) if self.wins else 0.5


@dataclass(slots=True)
class SimResult:
    """Candidates best first (alive ones ahead), the iterations run and the ranking used;
    ``work``: the play-outs' reply searches in :func:`reply_work` units, ``capped``: the work cap
    stopped the iterations short of the budget (with more than one candidate alive)."""

    stats: list[SimStats]
    iterations: int
    by_win: bool
    work: int = 0
    capped: bool = False

    @property
    def best(self) -> SimStats:
        """The chosen candidate."""
        return self.stats[0]


class Playout(NamedTuple):
    """One play-out: its value (equity points), win estimate, the turns after the candidate
    (as codes) and whether it went past the horizon (to the game's end or ``FINISH_PLIES``)."""

    value: float
    win: float
    line: tuple[int, ...]
    finished: bool


@dataclass(slots=True)
class _Horizon:
    """Where a play-out stopped at the horizon with tiles in the bag: what it needs to go on.

    The turns pushed (move, draw, score) are pushed again on the thread's position (no move
    search: they are known); the rest is the play-out's own state at the horizon.
    """

    turns: list[tuple[Action, tuple[str, ...], int | None]]
    order: list[str]  # the bag still to draw, in order
    shake: random.Random  # where returned tiles go, in the state the horizon left it
    line: list[int]
    kept: list[float]


@dataclass(frozen=True, slots=True)
class _Scenario:
    racks: tuple[tuple[int, tuple[str, ...]], ...]  # hidden side -> tiles
    order: tuple[str, ...]  # the bag, in draw order
    extra: int  # seeds where the tiles an exchange returns go back into the bag


def reply_work(rack: Sequence[str], rack_size: int, bag: int) -> int:
    """The work units of one play-out reply search for ``rack`` with ``bag`` tiles in the bag.

    Counted for the rack searched, the blanks past ``PLAYOUT_BLANKS`` held back: a full rack
    has many more placements than a short one (fewer on the crowded board of a bag under
    ``CROWDED_BAG``) and a blank multiplies them.  The units follow the search's CPU time and
    depend only on what the reply cache keys on, so every thread counts a search alike.
    """
    blanks = rack.count(BLANK)
    searched = len(rack) - max(0, blanks - PLAYOUT_BLANKS)
    units = (FULL_RACK_WORK if bag >= CROWDED_BAG else CROWDED_FULL_RACK_WORK) if searched >= rack_size else 1
    return units * BLANK_WORK if blanks else units


def win_estimate(spread: float, unseen: int) -> float:
    """Chance to win from ``spread`` ahead with ``unseen`` tiles still to come (normal model)."""
    if unseen <= 0:
        return 1.0 if spread > 0 else 0.5 if spread == 0 else 0.0
    sigma = SIGMA_PER_TILE * math.sqrt(unseen)
    return 0.5 * (1.0 + math.erf(spread / (sigma * math.sqrt(2.0))))


def clearly_worse(diffs: Sequence[float], z: float = DROP_Z) -> bool:
    """True when paired differences (candidate - leader) are below zero with one-sided confidence ``z``."""
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean + z * math.sqrt(var / n) < 0


def _scenario(pos: Position, seed: int, iteration: int, inference: dict[int, Distribution]) -> _Scenario:
    rng = random.Random(f"amath-sim:{seed}:{iteration}")
    pool = list(pos.sorted_tiles(pos.bag))
    racks: list[tuple[int, tuple[str, ...]]] = []
    for side in range(pos.sides):
        size = pos.hidden[side]
        if not size:
            continue
        kept: list[str] = []
        dist = inference.get(side)
        if dist:
            for t in _pick(dist, rng)[:size]:
                if t in pool:  # a distribution never names a seen tile; be safe all the same
                    pool.remove(t)
                    kept.append(t)
        rest = rng.sample(pool, size - len(kept))
        for t in rest:
            pool.remove(t)
        racks.append((side, tuple(kept + rest)))
    rng.shuffle(pool)
    return _Scenario(tuple(racks), tuple(pool), rng.getrandbits(64))


def _pick(dist: Distribution, rng: random.Random) -> tuple[str, ...]:
    x = rng.random()
    for kept, p in dist:
        x -= p
        if x < 0:
            return kept
    return dist[-1][0]


class Simulator:
    """Simulates the candidates of ``pos`` (the side to move's view; hidden racks are sampled)."""

    def __init__(
        self,
        pos: Position,
        *,
        equity: EquityCalculator,
        candidates: int = 8,
        plies: int = 2,
        seed: int = 0,
        threads: int = 1,
        inference: dict[int, Distribution] | None = None,
        include: Sequence[Action] = (),
        min_iterations: int = 4,
        batch: int = 2,
        reply_nodes: int = REPLY_NODES,
        max_work: int = 0,
    ) -> None:
        if pos.is_over:
            raise PositionError("the game is over: there is no move to simulate")
        if not pos.is_known(pos.to_move):
            raise PositionError("the rack of the side to move must be known")
        if plies < 1 or candidates < 1 or threads < 1:
            raise PositionError("plies, candidates and threads must be 1 or more")
        if max_work < 0:
            raise PositionError(f"max_work must be 0 or more, not {max_work}")
        self.pos = pos
        self.equity = equity
        self.plies = plies
        self.seed = seed
        self.threads = threads
        self.inference = dict(inference or {})
        self.min_iterations = min_iterations
        self.batch = batch
        self.max_work = max_work  # 0: no cap
        self.work = 0  # reply_work of the reply searches made so far (each distinct search once)
        pool = ranked(pos, equity, limit=ROOT_LIMIT)
        every = pool + exchange_candidates(pos, equity) if any(isinstance(m, Exchange) for m in include) else pool
        self.stats = [SimStats(c) for c in including(_choose(pool, candidates), every, include)]
        kinds = {isinstance(st.candidate.move, Place) for st in self.stats}
        if len(kinds) == 2 and plies % 2 == 0:  # placements against scoreless turns: end both on our own turn
            self.plies = plies + 1
        self.by_win = pos.bag_size <= WIN_RACKS * pos.rules.rack_size
        self.spread = pos.spread()  # the root's, for the win prior
        self.unseen = sum(pos.unseen().values())
        self._local = threading.local()
        self._lock = threading.Lock()  # guards self.work with the reply cache
        self._replies: dict[tuple[int, int, tuple[str, ...], int], Candidate] = {}
        self._leaves: dict[tuple[tuple[str, ...], int], RackLeaves] = {}  # by (rack, bag class)
        self._generator = WithinNodes(get_generator(), reply_nodes)  # a Smath reply: the best within reply_nodes

    # ----- one play-out -------------------------------------------------------------------
    def _work(self, scenario: _Scenario) -> Position:
        work: Position | None = getattr(self._local, "pos", None)
        if work is None:
            work = self._local.pos = self.pos.copy()
        base = self.pos
        for side in range(base.sides):  # reset racks to the root's view, then the scenario's
            if not base.is_known(side):
                work.racks[side] = {}
                work.hidden[side] = base.hidden[side]
        work.bag = dict(base.bag)
        work.zobrist = base.zobrist
        for side, tiles in scenario.racks:
            work.set_rack(side, tiles)
        return work

    def playout(self, scenario: _Scenario, cand: Candidate, *, finish: bool = False) -> Playout:
        """``cand`` played out against ``scenario``; the position is restored.

        It stops at the horizon (``plies``) while the bag holds tiles, else goes on to the end
        of the game (at most ``FINISH_PLIES`` more turns); with ``finish`` it goes on in any case.
        """
        return self._play(scenario, cand, finish)[0]

    def _play(self, scenario: _Scenario, cand: Candidate, finish: bool, resume: _Horizon | None = None) -> tuple[Playout, _Horizon | None]:
        """The play-out, and where it stopped when that was the horizon with tiles in the bag.

        With ``resume`` (what an earlier call of the same scenario and candidate stopped at) it
        goes on from there: the same play-out as one started with ``finish``, without its
        first turns searched again.
        """
        work = self._work(scenario)
        me = work.to_move
        start = list(work.scores)
        turns: list[tuple[Action, tuple[str, ...], int | None]] = []
        if resume is None:
            order = list(scenario.order)
            shake = random.Random(scenario.extra)  # the same for every candidate and thread
            line: list[int] = []
            kept = [0.0] * work.sides  # each side's leave value at its last turn in the play-out
        else:
            order, shake, line, kept = list(resume.order), resume.shake, list(resume.line), list(resume.kept)
        try:
            for move, draw, score in resume.turns if resume else ():
                work.push(move, draw, score=score)
                turns.append((move, draw, score))
            for ply in range(len(turns), self.plies + FINISH_PLIES):
                if work.is_over or (ply >= self.plies and work.bag_size > 0 and not finish):
                    break
                turn = cand if ply == 0 else self.reply(work)
                need = work.draw_count(turn.move)
                draw = tuple(order[:need])
                del order[:need]
                kept[work.to_move] = turn.equity - turn.score  # what the turn keeps, before the draw
                score = turn.score if isinstance(turn.move, Place) else None
                work.push(turn.move, draw, score=score)
                turns.append((turn.move, draw, score))
                if ply:
                    line.append(work.encode(turn.move))
                if isinstance(turn.move, Exchange):  # returned tiles go back into the bag, somewhere
                    for t in turn.move.tiles:
                        order.insert(shake.randrange(len(order) + 1), t)
            value, win = self._value(work, me, start, kept)
            finished = work.is_over or len(turns) > self.plies
            stopped = None if finished else _Horizon(turns, order, shake, line, kept)
            return Playout(value, win, tuple(line), finished), stopped
        finally:
            for _ in turns:
                work.pop()

    def reply(self, work: Position) -> Candidate:
        """The play-out policy: the static-equity turn of the side to move, blanks past ``PLAYOUT_BLANKS`` held back.

        It depends only on the board, the mover's rack and the bag's size, so it is kept per
        such node: candidates that leave the same board (an exchange and the pass) meet the
        same sampled rack in a scenario, and its move list is made once.  Each search made
        adds its :func:`reply_work` to ``self.work`` once (two threads that make the same one
        count it once), so after a batch the work is the same with any number of threads.
        """
        key = (work.board_hash, work.to_move, work.rack(work.to_move), work.bag_size)
        found = self._replies.get(key)
        if found is None:
            found = self._reply(work)
            with self._lock:
                if key not in self._replies:
                    self._replies[key] = found
                    self.work += reply_work(key[2], work.rules.rack_size, key[3])
        return found

    def _reply(self, work: Position) -> Candidate:
        side = work.to_move
        full = work.rack(side)
        extra = full.count(BLANK) - PLAYOUT_BLANKS
        if extra <= 0:
            return self._turns(work, full).best()
        reduced = list(full)
        for _ in range(extra):
            reduced.remove(BLANK)
        # The turns of the reduced rack with the bag as it really is: putting the held-back
        # blanks into the bag would make an exchange look legal when the bag forbids it.
        turn = self._turns(work, tuple(reduced)).best()
        return Candidate(turn.move, turn.score, turn.score * EQUITY_UNIT + _leave_after(work, full, turn.move, self.equity))

    def _turns(self, work: Position, rack: tuple[str, ...]) -> Turns:
        """The turns of ``rack`` on ``work``'s board; the rack's leave values are computed once per (rack, bag class).

        The candidates of one scenario meet the same sampled rack on different boards and
        with different bag sizes (placements draw more or fewer tiles), so its leaves repeat
        (valuing every part of a rack costs as much as the move search); the equity says
        which bag sizes value leaves alike (:meth:`EquityCalculator.bag_class`).
        """
        leaves = self._rack_leaves(work, rack, work.bag_size)
        closing = self._rack_leaves(work, rack, 0) if scoreless_may_end(work.rules, work.scoreless, work.sides) else None
        return Turns(work.board, rack, work.rules, work.bag_size, leaves, self._generator, closing)

    def _rack_leaves(self, work: Position, rack: tuple[str, ...], bag: int) -> RackLeaves:
        """The leaves of ``rack`` valued for ``bag`` tiles in the bag, kept per (rack, bag class)."""
        key = (rack, self.equity.bag_class(bag))
        leaves = self._leaves.get(key)
        if leaves is None:
            leaves = self._leaves[key] = rack_leaves(rack, work.rules, bag, self.equity)
        return leaves

    def _value(self, work: Position, me: int, start: Sequence[int], kept: Sequence[float]) -> tuple[float, float]:
        others = [k for k in range(work.sides) if k != me]
        if work.outcome is not None:
            final = work.outcome.scores
            won = [float(final[k] - start[k]) for k in range(work.sides)]
            margin = final[me] - max(final[k] for k in others)
            return won[me] - sum(won[k] for k in others) / len(others), win_estimate(margin, 0)
        bag = work.bag_size
        leaves = list(kept)
        gains = [work.scores[k] - start[k] + leaves[k] for k in range(work.sides)]
        value = gains[me] - sum(gains[k] for k in others) / len(others)
        spread = work.scores[me] + leaves[me] - max(work.scores[k] + leaves[k] for k in others)
        unseen = bag + sum(sum(work.racks[k].values()) for k in others)
        return value, win_estimate(spread, unseen)

    # ----- the loop --------------------------------------------------------------------------
    def run(self, iterations: int, stop: Callable[[], bool] | None = None) -> SimResult:
        """Up to ``iterations`` iterations (fewer when one candidate is left, or once the reply
        searches' work has reached ``max_work``, or ``stop()`` says so -- a deadline: looked at
        after each batch, never inside one)."""
        done = 0
        capped = False
        pool = ThreadPoolExecutor(self.threads) if self.threads > 1 else None
        try:
            while done < iterations and self._contested():
                todo = min(self.batch if done >= self.min_iterations else self.min_iterations - done, iterations - done)
                self._batch(range(done, done + todo), pool)
                done += todo
                if done >= self.min_iterations:
                    self._drop()
                if (self.max_work and self.work >= self.max_work) or (stop is not None and stop()):
                    capped = done < iterations and self._contested()
                    break
        finally:
            if pool is not None:
                pool.shutdown()
        return SimResult(self._ranked(), done, self.by_win, self.work, capped)

    def _contested(self) -> bool:
        """More than one candidate is still alive (else there is nothing left to simulate)."""
        return sum(s.alive for s in self.stats) > 1

    def _batch(self, iterations: range, pool: ThreadPoolExecutor | None) -> None:
        alive = [s for s in self.stats if s.alive]
        scenarios = [_scenario(self.pos, self.seed, it, self.inference) for it in iterations]
        jobs = [(k, s) for k in range(len(scenarios)) for s in alive]
        played = self._map(pool, [(scenarios[k], s.candidate, None) for k, s in jobs])
        results = [r for r, _ in played]
        # A scenario's play-outs all stop at the horizon or all go on to the end: one stopped
        # with the opponent to move lacks the turns a finished one counts (a tempo for the side
        # with the last turn), and candidates that draw more empty the bag more often.  The
        # stopped ones go on from where they stopped.
        went_on = {k for (k, _), r in zip(jobs, results) if r.finished}
        redo = [(j, stop) for j, ((k, _), (_, stop)) in enumerate(zip(jobs, played)) if k in went_on and stop is not None]
        more = self._map(pool, [(scenarios[jobs[j][0]], jobs[j][1].candidate, stop) for j, stop in redo])
        for (j, _), (r, _) in zip(redo, more):
            results[j] = r
        for (_, s), r in zip(jobs, results):
            s.values.append(r.value)
            s.wins.append(r.win)
            s.replies[r.line] += 1

    def _map(
        self, pool: ThreadPoolExecutor | None, jobs: Sequence[tuple[_Scenario, Candidate, _Horizon | None]]
    ) -> list[tuple[Playout, _Horizon | None]]:
        """The play-outs of ``jobs`` (scenario, candidate, where to go on from to the end, or None
        to start) in order, on the threads when there are some."""
        if pool is None:
            return [self._play(sc, c, stop is not None, stop) for sc, c, stop in jobs]
        return list(pool.map(lambda job: self._play(job[0], job[1], job[2] is not None, job[2]), jobs))

    def continuation(self, s: SimStats) -> tuple[Action, ...]:
        """The most frequent turns after ``s``'s candidate in its play-outs (ties: the first seen)."""
        if not s.replies:
            return ()
        line = s.replies.most_common(1)[0][0]
        return tuple(self.pos.decode(code) for code in line)

    def _metric(self, s: SimStats) -> list[float]:
        return s.wins if self.by_win else s.values

    def _drop(self) -> None:
        """Drop the candidates clearly worse than the leader (paired differences, one-sided 99%)."""
        alive = [s for s in self.stats if s.alive]
        leader = max(alive, key=lambda s: (sum(self._metric(s)), s.mean))
        lead = self._metric(leader)
        for s in alive:
            if s is leader:
                continue
            diffs = [a - b for a, b in zip(self._metric(s), lead)]
            if not any(diffs):  # the same win estimate in every scenario (saturated, far ahead or behind): judge by value
                diffs = [a - b for a, b in zip(s.values, leader.values)]
            # A twin played exactly like the leader: the same *value* in every scenario (equal
            # wins say nothing when they saturate at 0 or 1).
            if clearly_worse(diffs) or s.values == leader.values:
                s.alive = False

    def _ranked(self) -> list[SimStats]:
        wins = self.blended_wins()

        def key(s: SimStats) -> tuple[bool, float, float]:
            # Wins count in steps of WIN_STEP: closer ones (far behind, 1e-9 against 1e-12) are
            # noise of the normal model's tail and leave the choice to the value.
            first = math.floor(wins[id(s)] / WIN_STEP) if self.by_win else s.blended()
            second = s.blended() if self.by_win else s.win
            return (not s.alive, -first, -second)

        return sorted(self.stats, key=key)

    def blended_wins(self, weight: float = PRIOR_WEIGHT) -> dict[int, float]:
        """Each candidate's mean win estimate with its static equity's win counted as ``weight`` play-outs more.

        The prior is the normal model's win at the root spread plus the candidate's static
        equity, shifted by the play-outs' mean value less static equity over the candidates
        (so the prior and the play-outs speak of the same horizon).  As for values: with a
        handful of play-outs the wins' noise would otherwise overrule the static ranking
        (it chose turns 11 points worse by static equity on a 0.03 edge in win estimates).
        """
        played = [s for s in self.stats if s.alive and s.values] or [s for s in self.stats if s.values]
        shift = sum(s.mean - s.candidate.equity for s in played) / len(played) if played else 0.0
        out = {}
        for s in self.stats:
            prior = win_estimate(self.spread + s.candidate.equity + shift, self.unseen)
            out[id(s)] = (sum(s.wins) + weight * prior) / (len(s.wins) + weight) if s.wins or weight > 0 else prior
        return out


def _leave_after(pos: Position, rack: Sequence[str], move: Action, equity: EquityCalculator) -> int:
    """Worth of what ``move`` keeps of ``rack`` on ``pos``, in 1/100 points (as :mod:`amath.engine.static` values it)."""
    kept = kept_tiles(rack, move, pos.rules.tiles.free)
    at_end = is_scoreless(pos.rules, move) and scoreless_may_end(pos.rules, pos.scoreless, pos.sides)
    return to_units(equity.leave_value(kept, pos.rules, 0 if at_end else pos.bag_size))


def _shape(move: Action) -> tuple[frozenset[object], tuple[str, ...]] | None:
    """A placement's squares and the rack tiles it uses (None for an exchange or pass)."""
    if not isinstance(move, Place):
        return None
    return frozenset(p.square for p in move.tiles), tuple(sorted(move.rack_tiles))


def one_per_shape(cands: Sequence[Candidate], k: int) -> list[Candidate]:
    """The first ``k`` of ``cands`` (best first), skipping a placement of a shape already taken."""
    chosen: list[Candidate] = []
    shapes: set[tuple[frozenset[object], tuple[str, ...]]] = set()
    for c in cands:
        if len(chosen) == k:
            break
        shape = _shape(c.move)
        if shape is not None and shape in shapes:
            continue
        if shape is not None:
            shapes.add(shape)
        chosen.append(c)
    return chosen


def _choose(cands: Sequence[Candidate], k: int) -> list[Candidate]:
    """The top ``k`` by static equity, one per shape, and the best exchange and the pass unless they trail the best by ``OTHER_MARGIN``.

    A shape is the squares covered and the tiles used: ``5 = 6 * 10 / 12`` and
    ``6 = 5 / 10 * 12`` on the same squares keep the same tiles and score alike.  Only the
    best of each is simulated: a handful of play-outs cannot tell such rearrangements apart
    (it chose among them by noise), and the places they free go to real alternatives.
    """
    chosen = one_per_shape(cands, k)
    best_exchange = next((c for c in cands if isinstance(c.move, Exchange)), None)
    the_pass = next(c for c in cands if isinstance(c.move, Pass))
    for extra in (best_exchange, the_pass):
        if extra is not None and extra not in chosen and extra.equity >= cands[0].equity - OTHER_MARGIN:
            chosen.append(extra)
    return chosen


def simulate(
    pos: Position,
    *,
    iterations: int = 32,
    equity: EquityCalculator | None = None,
    candidates: int = 8,
    plies: int = 2,
    seed: int = 0,
    threads: int = 1,
    inference: dict[int, Distribution] | None = None,
    max_work: int = 0,
) -> SimResult:
    """Simulate the turns of ``pos`` for the side to move (``max_work``: the reply searches' cap,
    0 for none); ``pos`` is left as it was."""
    from amath.engine.static import default_equity

    sim = Simulator(
        pos,
        equity=equity or default_equity(),
        candidates=candidates,
        plies=plies,
        seed=seed,
        threads=threads,
        inference=inference,
        max_work=max_work,
    )
    return sim.run(iterations)

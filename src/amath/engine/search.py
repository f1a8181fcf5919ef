"""``best(position, budget)``: the strongest search the engine has, chosen by the position.

* bag empty, both racks known, two sides, ``budget.nodes`` > 0: the exact endgame
  (:mod:`amath.engine.endgame`; with no nodes it simulates like any other position --
  a solver stopped after one node would rank the turns by score alone);
* two sides and 1 to ``budget.preendgame_bag`` tiles in the bag: the pre-endgame over every
  draw (:mod:`amath.engine.preendgame`);
* either of the two only while no rack can hold more than ``budget.blanks`` blanks;
* otherwise the simulation (:mod:`amath.engine.sim`; with ``budget.playouts`` and the compiled
  core, the native one, :mod:`amath.engine.playouts`), with the opponent's rack inferred
  from its last turn when ``last`` is given (:mod:`amath.engine.inference`);
* ``budget.iterations == 0``: the static equity ranking alone.

Every budget counts work (iterations, nodes), never seconds: the same position, budget
and seed give the same answer on any machine and with any number of threads.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from amath.core.errors import GameStateError, IllegalMoveError, PositionError
from amath.core.move import Place
from amath.core.position import Action, Position
from amath.core.rules.base import Ruleset
from amath.core.tiles import BLANK
from amath.engine.endgame import Line, solve
from amath.engine.equity import EquityCalculator
from amath.engine.inference import infer
from amath.engine.playouts import FINISH_RACKS, Root, candidates, leave_model, native_playouts, native_ready, search
from amath.engine.preendgame import preendgame
from amath.engine.sim import REPLY_NODES, Distribution, Simulator, win_estimate
from amath.engine.static import default_equity, ranked, same_turn


@dataclass(frozen=True, slots=True)
class Budget:
    """How much work a search may do (all counts, so results are reproducible).

    ``iterations``: simulation play-outs per candidate at most (0: static equity only);
    ``candidates``: turns simulated; ``plies``: turns per play-out (the candidate
    included); ``nodes``: endgame and pre-endgame work (turns pushed, lists of turns made);
    ``preendgame_bag``: use the pre-endgame with at most this many tiles in the bag;
    ``inference_samples``: kept racks weighed by inference; ``reply_nodes``: nodes each Smath
    move search of a play-out may take (the best found by then; A-Math's generator is complete
    and takes no budget); ``blanks``: the endgame and
    pre-endgame search only while no rack can hold more than this many blanks, else the
    position is simulated (a rack with two blanks has tens of thousands of turns: the
    solver spent 2-6 s of CPU on one such list without finishing one ply, which ranks the
    turns by score alone); ``sim_work``: the most work a simulation's play-outs may take, in
    reply searches weighted by their cost (:func:`amath.engine.sim.reply_work`: a rack short of
    full counts 1, a full rack 8, four times either with a blank), looked at between batches of
    iterations, so the simulation stops with the iterations finished by then (0: no cap);
    ``playouts``: when the compiled core can play the position, simulate natively instead
    (:mod:`amath.engine.playouts`): this many play-outs in all, over every placement within a
    margin of the best static equity, the best exchanges and the pass, by successive halving
    (0: always the simulation above).
    """

    iterations: int = 48
    candidates: int = 8
    plies: int = 2
    nodes: int = 1_000_000
    preendgame_bag: int = 1
    inference_samples: int = 150
    blanks: int = 1
    reply_nodes: int = REPLY_NODES
    sim_work: int = 0
    playouts: int = 0

    def __post_init__(self) -> None:
        counts = (
            "iterations",
            "candidates",
            "plies",
            "nodes",
            "preendgame_bag",
            "inference_samples",
            "blanks",
            "reply_nodes",
            "sim_work",
            "playouts",
        )
        for name in counts:
            if getattr(self, name) < 0:
                raise PositionError(f"budget: {name} must be 0 or more, not {getattr(self, name)}")
        if self.candidates < 1 or self.plies < 1:
            raise PositionError("budget: candidates and plies must be 1 or more")


#: Rulesets (by base name) whose searches do not simulate: they rank by static equity, with
#: the exact endgame and pre-endgame.  Smath: a play-out reply needs a move search that
#: answers within a few thousand nodes, and the exact Smath search stopped that early has
#: found nothing yet (it works out its tables first, then takes the best lines), so a Smath
#: simulation took minutes a move (220 s of CPU for one middle-game move of ``champion``,
#: 2 December 2026; docs/journal/bots.md).
STATIC_ONLY: frozenset[str] = frozenset({"smath"})


def for_rules(budget: Budget, rules: Ruleset) -> Budget:
    """``budget`` as ``rules`` can use it: no play-outs where the ruleset does not simulate."""
    return replace(budget, iterations=0) if rules.base in STATIC_ONLY else budget


def default_budget(rules: Ruleset) -> Budget:
    """The budget :func:`best` takes for ``rules`` when none is given."""
    return for_rules(Budget(), rules)


@dataclass(frozen=True, slots=True)
class Play:
    """One ranked turn.

    ``equity``: what the search thinks the turn is worth in points (the simulation's mean
    play-out value with the static equity counted as a few play-outs more, the spread
    still to come in an endgame or pre-endgame, the static equity with no budget);
    ``win``: the probability to win (in a simulation with the same prior); ``pv``: the turn and the
    continuation the engine expects; ``exact`` with ``spread``: solved, the final score
    difference from here with perfect play by both sides; ``work``: play-outs or nodes.
    """

    move: Action
    score: int
    equity: float
    win: float
    pv: tuple[Action, ...] = ()
    exact: bool = False
    spread: int | None = None
    work: int = 0
    method: str = "static"


@dataclass(slots=True)
class _Options:
    budget: Budget
    seed: int
    threads: int
    last: Action | None
    equity: EquityCalculator
    top: int | None = None
    include: tuple[Action, ...] = ()
    stop: Callable[[], bool] | None = None


def best(
    position: Position,
    budget: Budget | None = None,
    *,
    seed: int = 0,
    threads: int = 1,
    last: Action | None = None,
    equity: EquityCalculator | None = None,
    top: int | None = None,
    include: Sequence[Action] = (),
    stop: Callable[[], bool] | None = None,
) -> list[Play]:
    """The turns of ``position`` for the side to move, best first.

    ``position`` is seen by the side to move: the other racks may be hidden (they are
    then sampled, or known exactly when the unseen tiles fit on one rack).  ``last`` is
    the previous side's last turn (for inference).  ``top`` limits the list; the turns of
    ``include`` (say, the one a player chose) are valued too and kept in it, after the
    top ones when they rank lower.  With no ``budget``, the ruleset's :func:`default_budget`.
    The position is left as it was.  Raises :class:`~amath.core.errors.PositionError` when the
    game is over or the side to move's rack is unknown.

    ``stop``, when given, is asked between batches of simulation iterations (a deadline or a
    request to stop): once it says True the simulation ends with the iterations finished by
    then.  The budget stays the most work done; a ``stop`` that fires makes the answer depend
    on the machine's speed (:mod:`amath.players.clock` uses it for bots on a clock).

    The signature is stable: ``amath engine`` and the bots build on it.
    """
    if position.is_over:
        raise PositionError("the game is over: there is no move to find")
    if not position.is_known(position.to_move):
        raise PositionError("the rack of the side to move must be known")
    opts = _Options(budget or default_budget(position.rules), seed, threads, last, equity or default_equity(), top, tuple(include), stop)
    searched = position.sides == 2 and opts.budget.nodes > 0 and rack_blanks(position) <= opts.budget.blanks
    if opts.budget.iterations == 0 and opts.budget.nodes == 0:
        plays = _static(position, opts)
    elif searched and position.bag_size == 0 and all(position.is_known(s) for s in range(2)):
        plays = _endgame(position, opts)
    elif searched and 1 <= position.bag_size <= opts.budget.preendgame_bag:
        plays = _preendgame(position, opts)
    elif opts.budget.iterations == 0:
        plays = _static(position, opts)
    else:
        plays = _simulate(position, opts)
    if top is None:
        return plays
    kept = plays[:top]
    kept += [p for p in plays[top:] if any(same_turn(p.move, m) for m in opts.include)]
    return kept


def rack_blanks(pos: Position) -> int:
    """The most blanks any rack can hold from here, as the side to move sees it.

    A known rack: its own blanks and as many of the unseen ones as it can still draw; a
    hidden rack: as many of the unseen ones as it can hold and draw.
    """
    unseen = pos.bag.get(BLANK, 0)  # the bag with the hidden racks' tiles
    most = 0
    for side in range(pos.sides):
        mine = pos.racks[side].get(BLANK, 0) if pos.is_known(side) else 0
        room = pos.bag_size + pos.hidden[side]
        most = max(most, mine + min(unseen, room))
    return most


def _static(pos: Position, opts: _Options) -> list[Play]:
    # Only the ``top`` best placements are asked for when no other turn must be valued: a
    # Smath search for every placement of a ten-tile rack stops at its budget with a partial
    # list, where the search for the few best by equity finishes (docs/journal/bots.md).
    out = []
    spread = pos.spread()
    unseen = sum(pos.unseen().values())
    for c in ranked(pos, opts.equity, exchanges=3, limit=None if opts.include else opts.top):
        out.append(Play(c.move, c.score, c.equity, win_estimate(spread + c.equity, unseen), (c.move,), method="static"))
    return out


def _endgame(pos: Position, opts: _Options) -> list[Play]:
    result = solve(pos, nodes=max(1, opts.budget.nodes), top=opts.top or 5)
    lines = list(result.lines)
    for move in opts.include:
        if not any(same_turn(line.move, move) for line in lines):
            extra = _solve_after(pos, move, opts.budget.nodes)
            if extra is not None:
                lines.append(extra)
    out = []
    for line in lines:
        score = line.score if line.score is not None else _score(pos, line.move)
        win = 1.0 if line.spread > 0 else 0.5 if line.spread == 0 else 0.0
        out.append(
            Play(
                line.move,
                score,
                float(line.value),
                win,
                line.pv,
                line.exact,
                line.spread if line.exact else None,
                result.nodes,
                "endgame",
            )
        )
    return out


def _solve_after(pos: Position, move: Action, nodes: int) -> Line | None:
    """The endgame line of ``move`` (a turn the solver did not rank): push it, solve what follows."""
    me = pos.to_move
    before = pos.scores[me] - pos.scores[1 - me]
    pv: tuple[Action, ...] = ()
    try:  # the rules judge the turn: no complete move list needed
        pos.push(move)
    except (IllegalMoveError, GameStateError):
        return None
    points = pos.scores[me] - (before + pos.scores[1 - me])  # what the move itself scored
    try:
        if pos.outcome is not None:
            final = pos.outcome.scores
            value, exact = final[me] - final[1 - me] - before, True
        else:
            child = solve(pos, nodes=max(1, nodes))
            value = pos.scores[me] - pos.scores[1 - me] - before - child.best.value
            pv, exact = child.best.pv, child.exact
    finally:
        pos.pop()
    return Line(move, value, before + value, (move, *pv), exact, points)


def _preendgame(pos: Position, opts: _Options) -> list[Play]:
    b = opts.budget
    lines = preendgame(pos, equity=opts.equity, candidates=b.candidates, nodes=b.nodes, include=opts.include)
    return [Play(ln.candidate.move, ln.candidate.score, ln.value, ln.win, (ln.candidate.move,), method="preendgame") for ln in lines]


def _simulate(pos: Position, opts: _Options) -> list[Play]:
    b = opts.budget
    inference: dict[int, Distribution] = {}
    previous = (pos.to_move - 1) % pos.sides
    if opts.last is not None and not pos.is_known(previous) and b.inference_samples > 0:
        try:
            inference[previous] = infer(pos, previous, opts.last, equity=opts.equity, samples=b.inference_samples, seed=opts.seed)
        except PositionError:  # the move given is not the one that made this position: no inference
            inference = {}
    if b.playouts and native_ready(pos, opts.equity):
        return _simulate_native(pos, opts, inference.get(previous, ()))
    sim = Simulator(
        pos,
        equity=opts.equity,
        candidates=b.candidates,
        plies=b.plies,
        seed=opts.seed,
        threads=opts.threads,
        inference=inference,
        include=opts.include,
        reply_nodes=b.reply_nodes,
        max_work=b.sim_work,
    )
    result = sim.run(b.iterations, opts.stop)
    wins = sim.blended_wins()
    out = []
    for s in result.stats:  # valued as ranked: the play-outs with the static prior (a raw mean could rank out of order)
        c = s.candidate
        out.append(Play(c.move, c.score, s.blended(), wins[id(s)], (c.move, *sim.continuation(s)), work=s.n, method="sim"))
    return out


#: Inferred probabilities cross to the play-outs as whole weights of 2^-32.
_WEIGHT_SCALE = 1 << 32


def _simulate_native(pos: Position, opts: _Options, inferred: Distribution) -> list[Play]:
    """The native simulation (:mod:`amath.engine.playouts`): ``budget.playouts`` play-outs by successive halving."""
    b = opts.budget
    model = leave_model(opts.equity, pos.rules)
    if model is None:  # native_ready said there is one
        raise PositionError(f"the equity {opts.equity!r} has no leave table for the native play-outs")
    weights = tuple((tuple(kept), w) for kept, p in inferred if (w := round(p * _WEIGHT_SCALE)) > 0)
    cands = candidates(pos, opts.equity, include=opts.include)
    kinds = {isinstance(c.move, Place) for c in cands}
    plies = b.plies + 1 if len(kinds) == 2 and b.plies % 2 == 0 else b.plies  # end on our own turn (sim.py says why)
    finish = pos.bag_size <= FINISH_RACKS * pos.rules.rack_size
    root = Root(pos, model, weights, plies, finish, opts.seed)
    threads = opts.threads
    found = search(root, cands, b.playouts, lambda r, c, j: native_playouts(r, c, j, threads))
    unit = model.unit
    unseen = sum(pos.unseen().values())
    out = []
    for arm in found.arms:
        c = arm.candidate
        value = float(arm.blended()) / unit
        win = float(arm.wins(found.spread)) if found.by_win and arm.n else win_estimate(pos.spread() + value, unseen)
        out.append(Play(c.move, c.score, value, win, (c.move,), work=arm.n, method="sim"))
    return out


def _score(pos: Position, move: Action) -> int:
    """Points of ``move`` on ``pos`` (0 for an exchange or pass)."""
    return pos.points(move)

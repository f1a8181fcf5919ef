"""The search behind ``amath engine``: :func:`amath.engine.best` behind one small adapter.

It speaks the engine's own types: a budget is :class:`amath.engine.Budget` (``go`` names some of
its counts, :class:`Go`), a ranked turn is :class:`amath.engine.Play` (written out for a
``best`` line by :func:`play_json`).

``best`` counts its work (simulation iterations, endgame nodes), so a budget in
iterations or nodes gives the same answer anywhere.  A budget in time (``go time MS``) is
one search of the analysis level ``max`` (:data:`amath.players.clock.MAX_BUDGET`, the counts
given capping it) that the deadline or ``stop`` ends between batches of iterations
(:func:`amath.players.clock.for_seconds`).  ``go infinite`` runs ``best`` in rounds of growing
iterations (0 = static equity, then 1, 2, 4, ...) until ``stop``, which also ends the round
running; the answer is that of the last round.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from amath.core.board import PlacedTile
from amath.core.move import Exchange, Place
from amath.core.notation import format_move
from amath.core.position import Action
from amath.core.position import Position as SearchPosition
from amath.core.rules.base import Ruleset
from amath.engine import Budget, Play, best, default_budget
from amath.engine.search import for_rules
from amath.formats.view import PositionView
from amath.players.clock import MAX_BUDGET, for_seconds


@dataclass(frozen=True, slots=True)
class Go:
    """What ``go`` asks for: the counts of :class:`amath.engine.Budget` it names (``counts``; the others
    are the ruleset's :func:`amath.engine.default_budget`), and the clock: ``time_ms``, or ``infinite``
    (wait for stop)."""

    counts: tuple[tuple[str, int], ...] = ()
    time_ms: int | None = None
    infinite: bool = False

    def given(self, name: str) -> int | None:
        """The count ``name`` (a field of :class:`amath.engine.Budget`) as ``go`` gave it, else None."""
        return dict(self.counts).get(name)

    def budget(self, rules: Ruleset) -> Budget:
        """The engine's budget for ``rules``: its default with the counts given."""
        return replace(default_budget(rules), **dict(self.counts))


@dataclass(frozen=True, slots=True)
class Progress:
    """What a search reports after each round (and once at its end): ``best`` is its best turn so far."""

    iterations: int
    nodes: int
    elapsed_ms: int
    best: Play | None


class Searcher(Protocol):
    """What the protocol needs from a search."""

    name: str

    def search(
        self,
        pos: PositionView,
        go: Go,
        options: SearchOptions,
        stop: threading.Event,
        report: Callable[[Progress], None],
    ) -> list[Play]:
        """The best turns, best first; return at the first chance (with what is known) once ``stop`` is set."""
        ...


@dataclass(frozen=True, slots=True)
class SearchOptions:
    """What a search takes besides the position and budget: how many turns, the seed, threads, the last turn."""

    top: int = 5
    seed: int = 1
    threads: int = 1
    last: Action | None = None


def written(play: Play, pos: PositionView) -> tuple[str, ...]:
    """The turn of ``play`` and the line it expects, in notation, each written on the board it is played on."""
    rules = pos.rules
    board = pos.board()
    pv: list[str] = []
    for move in play.pv or (play.move,):
        pv.append(format_move(move, board, rules))
        if isinstance(move, Place):
            for t in move.tiles:
                board.put(t.square, PlacedTile(t.tile, t.face))
    return tuple(pv)


def play_json(play: Play, pos: PositionView, rank: int) -> dict[str, Any]:
    """The object of a ``best`` line (the fields of ``amath best --json`` plus rank, kind, score, pv, method)."""
    pv = written(play, pos)
    move = play.move
    kind = "place" if isinstance(move, Place) else "exchange" if isinstance(move, Exchange) else "pass"
    out: dict[str, Any] = {"rank": rank, "move": pv[0], "kind": kind, "score": play.score}
    if isinstance(move, Place):
        out["tiles"] = [{"square": t.square.name, "tile": t.tile, "face": t.face} for t in move.tiles]
    out.update(equity=round(play.equity, 2), win=round(play.win, 4), pv=list(pv), method=play.method)
    if play.exact:
        out.update(exact=True, spread=play.spread)
    return out


class EngineSearch:
    """:func:`amath.engine.best` for a position string or JSON (the other racks are hidden)."""

    name = "best"

    def search(
        self,
        pos: PositionView,
        go: Go,
        options: SearchOptions,
        stop: threading.Event,
        report: Callable[[Progress], None],
    ) -> list[Play]:
        started = time.perf_counter()

        def run(engine_budget: Budget, until: Callable[[], bool] | None = None) -> list[Play]:
            search_pos = SearchPosition.from_view(pos.rules, pos.board(), pos.rack, pos.scores, pos.to_move)
            plays = best(
                search_pos, engine_budget, seed=options.seed, threads=options.threads, last=options.last, top=options.top, stop=until
            )
            work = max((p.work for p in plays), default=0)
            elapsed = int((time.perf_counter() - started) * 1000)
            # a simulation reports the iterations it ran: fewer than asked when sim_work stopped it
            done = work if plays and plays[0].method == "sim" else engine_budget.iterations
            report(Progress(done, work, elapsed, plays[0] if plays else None))
            return plays

        budget = go.budget(pos.rules)  # the ruleset's own (Smath: static equity) with the counts given
        if go.time_ms is None and not go.infinite:  # a count: one search, reproducible
            return run(budget)
        if not go.infinite:  # a time: one search of the max level, ended by the deadline or stop
            level = replace(for_rules(MAX_BUDGET, pos.rules), **dict(go.counts))
            timed = for_seconds(go.time_ms / 1000 if go.time_ms is not None else 0.0, level, now=time.perf_counter, also=stop.is_set)
            return run(timed.budget, timed.stop)
        deadline = None if go.time_ms is None else started + go.time_ms / 1000
        most = go.given("iterations")
        found = run(replace(budget, iterations=0))
        if found and found[0].exact:
            return found
        iterations = 1
        while not stop.is_set() and (most is None or iterations <= most):
            round_started = time.perf_counter()
            found = run(replace(budget, iterations=iterations), stop.is_set)  # stop ends a round between batches
            took = time.perf_counter() - round_started
            if found and found[0].exact:
                break  # solved: more rounds would say the same
            if deadline is not None and time.perf_counter() + 2 * took > deadline:
                break  # the next round, twice as long, would not finish in time
            iterations *= 2
        return found


def default_searcher() -> Searcher:
    """The strongest search there is."""
    return EngineSearch()

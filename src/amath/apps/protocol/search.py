"""The search behind ``amath engine``: :func:`amath.engine.best` behind one small adapter.

``best`` counts its work (simulation iterations, endgame nodes), so a budget in
iterations or nodes gives the same answer anywhere.  A budget in time, and ``go
infinite``, run ``best`` in rounds of growing iterations (0 = static equity, then 1, 2,
4, ...): each round is reproducible, ``stop`` and the clock are looked at between rounds,
and the answer is that of the last round finished.
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
from amath.engine import Budget as EngineBudget
from amath.engine import Play, best, default_budget
from amath.formats.view import PositionView


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a search may run: iterations, nodes, milliseconds (any of them); ``infinite`` waits for stop;
    ``sim_work``: the simulation's cap on its play-outs' reply searches (``amath.engine.Budget.sim_work``)."""

    iterations: int | None = None
    nodes: int | None = None
    time_ms: int | None = None
    infinite: bool = False
    sim_work: int | None = None


@dataclass(frozen=True, slots=True)
class Candidate:
    """One turn the search ranks: notation, score, equity, win probability and the expected line."""

    move: str
    kind: str
    score: int
    equity: float
    win: float
    pv: tuple[str, ...]
    tiles: tuple[tuple[str, str, str], ...] | None = None
    exact: bool = False
    spread: int | None = None
    method: str = "static"

    def to_json(self, rank: int) -> dict[str, Any]:
        """The object of a ``best`` line (the fields of ``amath best --json`` plus rank, kind, score, pv, method)."""
        out: dict[str, Any] = {"rank": rank, "move": self.move, "kind": self.kind, "score": self.score}
        if self.tiles is not None:
            out["tiles"] = [{"square": s, "tile": t, "face": f} for s, t, f in self.tiles]
        out.update(equity=round(self.equity, 2), win=round(self.win, 4), pv=list(self.pv), method=self.method)
        if self.exact:
            out.update(exact=True, spread=self.spread)
        return out


@dataclass(frozen=True, slots=True)
class Progress:
    """What a search reports after each round (and once at its end)."""

    iterations: int
    nodes: int
    elapsed_ms: int
    best: Candidate | None


class Searcher(Protocol):
    """What the protocol needs from a search."""

    name: str

    def search(
        self,
        pos: PositionView,
        budget: Budget,
        options: SearchOptions,
        stop: threading.Event,
        report: Callable[[Progress], None],
    ) -> list[Candidate]:
        """The best turns, best first; return at the first chance (with what is known) once ``stop`` is set."""
        ...


@dataclass(frozen=True, slots=True)
class SearchOptions:
    """What a search takes besides the position and budget: how many turns, the seed, threads, the last turn."""

    top: int = 5
    seed: int = 1
    threads: int = 1
    last: Action | None = None


def candidate(play: Play, pos: PositionView) -> Candidate:
    """A :class:`~amath.engine.Play` in notation, its line written on the boards it is played on."""
    rules = pos.rules
    board = pos.board()
    pv: list[str] = []
    for move in play.pv or (play.move,):
        pv.append(format_move(move, board, rules))
        if isinstance(move, Place):
            for t in move.tiles:
                board.put(t.square, PlacedTile(t.tile, t.face))
    move = play.move
    tiles = tuple((t.square.name, t.tile, t.face) for t in move.tiles) if isinstance(move, Place) else None
    kind = "place" if isinstance(move, Place) else "exchange" if isinstance(move, Exchange) else "pass"
    return Candidate(pv[0], kind, play.score, play.equity, play.win, tuple(pv), tiles, play.exact, play.spread, play.method)


class EngineSearch:
    """:func:`amath.engine.best` for a position string or JSON (the other racks are hidden)."""

    name = "best"

    def search(
        self,
        pos: PositionView,
        budget: Budget,
        options: SearchOptions,
        stop: threading.Event,
        report: Callable[[Progress], None],
    ) -> list[Candidate]:
        started = time.perf_counter()

        def run(engine_budget: EngineBudget) -> list[Candidate]:
            search_pos = SearchPosition.from_view(pos.rules, pos.board(), pos.rack, pos.scores, pos.to_move)
            plays = best(search_pos, engine_budget, seed=options.seed, threads=options.threads, last=options.last, top=options.top)
            found = [candidate(p, pos) for p in plays]
            work = max((p.work for p in plays), default=0)
            elapsed = int((time.perf_counter() - started) * 1000)
            # a simulation reports the iterations it ran: fewer than asked when sim_work stopped it
            done = work if plays and plays[0].method == "sim" else engine_budget.iterations
            report(Progress(done, work, elapsed, found[0] if found else None))
            return found

        default = default_budget(pos.rules)  # the ruleset's own (Smath: static equity)
        nodes = budget.nodes if budget.nodes is not None else default.nodes
        sim_work = budget.sim_work if budget.sim_work is not None else default.sim_work
        default = replace(default, sim_work=sim_work)
        if budget.time_ms is None and not budget.infinite:  # a count: one search, reproducible
            iterations = budget.iterations if budget.iterations is not None else default.iterations
            return run(replace(default, iterations=iterations, nodes=nodes))
        deadline = None if budget.time_ms is None else started + budget.time_ms / 1000
        most = budget.iterations
        found = run(replace(default, iterations=0, nodes=nodes))
        if found and found[0].exact:
            return found
        iterations = 1
        while not stop.is_set() and (most is None or iterations <= most):
            round_started = time.perf_counter()
            found = run(replace(default, iterations=iterations, nodes=nodes))
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

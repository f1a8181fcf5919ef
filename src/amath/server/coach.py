"""Analysis and hints for the web app: the engine's best plays, off the event loop, cached and bounded.

Two functions talk to the engine (:func:`analyse_record` and :func:`best_plays`); pointing
them at a stronger engine changes every analysis and hint the browser shows.  The work
runs in worker threads (one for analyses, one for hints), so a long analysis never
blocks the event loop, and each answer is cached (per game, per uploaded record, per
position), so asking again costs nothing.  At most ``MAX_QUEUED`` analyses wait at once;
more are refused with a 503 rather than piling up.
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from amath.board import Board
from amath.cli.analyze import to_json
from amath.engine.sim import win_estimate
from amath.errors import AmathError
from amath.formats.record import Record
from amath.formats.replay import replay
from amath.game import Game, Turn
from amath.move import Place
from amath.notation import parse_place
from amath.rules.base import Ruleset
from amath.server.errors import ApiError
from amath.study.analyze import analyze_game, analyze_turn, summarize
from amath.study.engine_analysis import analyze_game_with_engine

log = logging.getLogger("amath.server")

TOP = 3
MAX_QUEUED = 4
MAX_CACHED = 64
ENGINE = "static"
"""Who judges a game's turns: ``static`` (score and leave, :mod:`amath.study.analyze`), or ``sim`` /
``champion`` (:mod:`amath.study.engine_analysis`, searching: stronger, but minutes a turn with
the pure-Python move generator, so not yet the web's default)."""


# ----- the engine (the one place to point at a stronger one) ---------------------------------
def analyse_record(rec: Record, progress: Callable[[int, int], None]) -> dict[str, Any]:
    """Every decision of a record whose rack it shows: the best plays, the rank, points and equity lost.

    Turns are numbered from 1 as in the record; each best play carries its tiles, so the
    page can draw it on the board of that turn.
    """
    result = replay(rec)
    if result.problem is not None:
        raise ApiError(422, str(result.problem))
    game = result.game
    names = game.names
    boards, wins = _unwind(game)
    known = [line.rack is not None for line in rec.turns]

    def shown(k: int) -> bool:  # the turns whose rack the record shows
        return k < len(known) and known[k]

    if ENGINE == "static":
        analyses = analyze_game(game, known=shown, top=TOP, progress=progress)
    else:
        analyses = analyze_game_with_engine(game, ENGINE, known=shown, top=TOP, progress=progress)
    doc: dict[str, Any] = to_json(analyses, summarize(analyses, names), names)
    for entry in doc["turns"]:
        entry["side"] -= 1  # the page counts sides from 0, like the rest of the API
        board, rules = boards[entry["turn"] - 1], game.rules
        entry["played_tiles"] = _tiles(entry["played"], board, rules)
        for option in entry["best"]:
            option["tiles"] = _tiles(option["move"], board, rules)
    for side in doc["summary"]:
        side["side"] -= 1
    doc["win"] = wins
    return doc


def best_plays(game: Game, side: int, top: int = TOP) -> list[dict[str, Any]]:
    """The best placements for ``side``'s rack on the board as it is (a hint), best first."""
    rack = tuple(game.racks[side])
    probe = Turn(side, "pass", "pass", rack, 0, game.scores[side])
    analysis = analyze_turn(len(game.history) + 1, probe, game.board, len(game.bag), game.rules, top=top)
    return [
        {"move": o.move, "score": o.score, "equity": round(o.equity, 2), "tiles": _tiles(o.move, game.board, game.rules)}
        for o in analysis.best
    ]


def review_turn(game: Game, k: int) -> dict[str, Any]:
    """What the engine thinks of turn ``k`` (from 0) of ``game``: its best plays and what the move gave away."""
    turn = game.history[k]
    work = copy.deepcopy(game)
    while len(work.history) > k:
        work.pop()
    analysis = analyze_turn(k + 1, turn, work.board, len(work.bag), work.rules, top=TOP)
    entry: dict[str, Any] = to_json([analysis], [], game.names)["turns"][0]  # type: ignore[index]
    entry["side"] -= 1
    entry["played_tiles"] = _tiles(entry["played"], work.board, work.rules)
    for option in entry["best"]:
        option["tiles"] = _tiles(option["move"], work.board, work.rules)
    return entry


def _unwind(game: Game) -> tuple[list[Board], list[float]]:
    """The board before each turn of ``game`` (index k: before turn k + 1), and the first side's
    chance to win after each number of turns (the engine's estimate from the score margin and
    the tiles still to come)."""
    work = copy.deepcopy(game)
    boards: dict[int, Board] = {}
    wins: dict[int, float] = {len(work.history): _win_of_first(work)}
    while work.history:
        work.pop()
        boards[len(work.history)] = work.board.copy()
        wins[len(work.history)] = _win_of_first(work)
    out: list[Board] = []
    for k in range(len(game.history)):
        out.append(boards.get(k) or (out[-1] if out else work.board.copy()))
    chances: list[float] = []
    for k in range(len(game.history) + 1):
        chances.append(wins.get(k, chances[-1] if chances else 0.5))
    return out, chances


def _win_of_first(game: Game) -> float:
    """The first side's chance to win: the engine's normal model of the margin over the best other side."""
    scores = game.result.scores if game.result is not None else game.scores
    margin = scores[0] - max(scores[1:], default=0)
    left = 0 if game.result is not None else len(game.bag) + sum(len(r) for r in game.racks)
    return round(win_estimate(margin, left), 3)


def _tiles(notation: str, board: Board, rules: Ruleset) -> list[dict[str, str]]:
    """The new tiles of a placement written in notation (empty for any other turn)."""
    try:
        place: Place = parse_place(notation, board, rules)
    except AmathError:
        return []
    return [{"square": p.square.name, "tile": p.tile, "face": p.face} for p in place.tiles]


# ----- jobs: worker threads, caches, a bound on the queue ------------------------------------
@dataclass(slots=True)
class Job:
    """One analysis: where it has got to, and its answer once done."""

    status: str = "queued"
    done: int = 0
    total: int = 0
    result: dict[str, Any] | None = None
    error: str | None = None
    status_code: int = 200

    def view(self) -> dict[str, Any]:
        """What the page polls: the progress, then the analysis (or why it failed)."""
        out: dict[str, Any] = {"status": self.status, "done": self.done, "total": self.total}
        if self.result is not None:
            out.update(self.result)
        if self.error is not None:
            out["error"] = self.error
        return out


@dataclass(eq=False)
class Coach:
    """Runs analyses and hints in worker threads, with an answer cache for each."""

    analyses: OrderedDict[str, Job] = field(default_factory=OrderedDict)
    hints: OrderedDict[str, Any] = field(default_factory=OrderedDict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    analysis_pool: ThreadPoolExecutor = field(default_factory=lambda: ThreadPoolExecutor(1, thread_name_prefix="amath-analysis"))
    hint_pool: ThreadPoolExecutor = field(default_factory=lambda: ThreadPoolExecutor(1, thread_name_prefix="amath-hint"))

    def analysis(self, key: str, rec: Callable[[], Record]) -> dict[str, Any]:
        """The analysis under ``key``: started on first asking, then its progress, then the answer."""
        with self.lock:
            job = self.analyses.get(key)
            if job is None:
                waiting = sum(1 for j in self.analyses.values() if j.status in ("queued", "running"))
                if waiting >= MAX_QUEUED:
                    raise ApiError(503, "the server is busy analysing other games; try again in a minute")
                job = self.analyses[key] = Job()
                self._trim(self.analyses)
                self.analysis_pool.submit(self._run, job, rec)
            self.analyses.move_to_end(key)
            return job.view()

    def _run(self, job: Job, rec: Callable[[], Record]) -> None:
        def progress(done: int, total: int) -> None:
            job.done, job.total = done, total

        job.status = "running"
        try:
            job.result = analyse_record(rec(), progress)
            job.status = "done"
        except ApiError as exc:
            job.status, job.error = "failed", exc.message
        except Exception as exc:  # the engine must not take the server down
            log.exception("analysis failed")
            job.status, job.error = "failed", f"the analysis failed: {exc}"

    async def hint(self, key: str, work: Callable[[], Any]) -> Any:
        """Best plays for a position, or a review of one turn (``key`` names it), computed once in the hint thread."""
        with self.lock:
            cached = self.hints.get(key)
        if cached is not None:
            return cached
        plays = await asyncio.wrap_future(self.hint_pool.submit(work))
        with self.lock:
            self.hints[key] = plays
            self._trim(self.hints)
        return plays

    @staticmethod
    def _trim(cache: OrderedDict[str, Any]) -> None:
        while len(cache) > MAX_CACHED:
            oldest = next(iter(cache))
            job = cache[oldest]
            if isinstance(job, Job) and job.status in ("queued", "running"):
                cache.move_to_end(oldest)  # never forget a job still at work
                if all(isinstance(j, Job) and j.status in ("queued", "running") for j in cache.values()):
                    return
                continue
            del cache[oldest]

    def close(self) -> None:
        """Stop the worker threads (a running analysis finishes its current turn)."""
        self.analysis_pool.shutdown(wait=False, cancel_futures=True)
        self.hint_pool.shutdown(wait=False, cancel_futures=True)


def record_key(text: str) -> str:
    """The cache key of an uploaded record: its hash."""
    return "record:" + hashlib.sha256(text.encode()).hexdigest()

"""Analysis and hints for the web app: the engine's best plays, off the event loop, cached and bounded.

Three functions talk to the engine (:func:`analyse_record`, :func:`best_plays`,
:func:`review_turn`); pointing them at a stronger engine changes every analysis and hint
the browser shows.  The work runs in worker processes (one for analyses, one for hints,
at a lower priority), so a long analysis neither blocks the event loop nor holds the
interpreter lock other games need, and each answer is cached (per game, per uploaded
record, per position), so asking again costs nothing.  At most ``MAX_QUEUED`` analyses wait at once;
more are refused with a 503 rather than piling up.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import hashlib
import logging
import multiprocessing
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from amath.apps.server.errors import ApiError
from amath.core.board import Board
from amath.core.errors import AmathError
from amath.core.move import Place
from amath.core.notation import parse_place
from amath.core.rules.base import Ruleset
from amath.engine.sim import win_estimate
from amath.formats.record import Record, parse_record
from amath.formats.replay import replay
from amath.formats.save import load_game
from amath.game import Game
from amath.study.analyze import analyze_game, analyze_turn, rack_hint, summarize, to_json
from amath.study.engine_analysis import analyze_game_with_engine

log = logging.getLogger("amath.apps.server")

TOP = 3
MAX_QUEUED = 4
MAX_CACHED = 64
ENGINE = "static"
"""Who judges a game's turns: ``static`` (score and leave, :mod:`amath.study.analyze`), or ``sim`` /
``champion`` (:mod:`amath.study.engine_analysis`, searching: stronger, but about 12 s of CPU for a
24-turn A-Math game on the compiled core against 1.6 s for ``static``, and its rank is among
the few candidates it simulated rather than every placement, so not the web's default)."""


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


def best_plays(game: Game, side: int, top: int = TOP) -> dict[str, Any]:
    """The best placements for ``side``'s rack on the board as it is (a hint), best first.

    ``exact`` is False when a search stopped at its node budget (a big Smath rack): then a
    better play may exist than the ones listed, and the page says so.
    """
    analysis = rack_hint(game, side, top)
    plays = [
        {"move": o.move, "score": o.score, "equity": round(o.equity, 2), "tiles": _tiles(o.move, game.board, game.rules)}
        for o in analysis.best
    ]
    return {"plays": plays, "exact": analysis.exact}


def review_turn(saved: dict[str, Any], k: int) -> dict[str, Any]:
    """What the engine thinks of turn ``k`` (from 0) of a game: its best plays and what the move gave away.

    ``saved`` is the game as :func:`amath.formats.save.save_game` writes it, replayed here
    (in the worker), since a server's live game keeps no snapshots to take turns back with.
    """
    game = load_game(saved)
    turn = game.history[k]
    work = game
    while len(work.history) > k:
        work.pop()
    analysis = analyze_turn(k + 1, turn, work.board, len(work.bag), work.rules, top=TOP, scoreless=work.passes, sides=len(work.sides))
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


# ----- jobs: worker processes, caches, a bound on the queue -----------------------------------
_progress_queue: Any = None
"""In a worker process: where progress goes (set by :func:`_init_worker`)."""


def _init_worker(queue: Any) -> None:
    """A worker process starts: lower its priority (games come first) and remember the progress queue."""
    global _progress_queue
    _progress_queue = queue
    with contextlib.suppress(OSError):
        os.nice(5)


def _analyse_text(key: str, text: str) -> tuple[str, Any]:
    """In a worker process: ``("done", analysis)`` of a record's text, or ``("failed", why)``."""

    def progress(done: int, total: int) -> None:
        if _progress_queue is not None:
            _progress_queue.put((key, done, total))

    try:
        return "done", analyse_record(parse_record(text), progress)
    except ApiError as exc:
        return "failed", exc.message
    except AmathError as exc:
        return "failed", str(exc)
    except Exception as exc:  # the engine must not take the server down
        return "failed", f"the analysis failed: {exc}"


class Worker:
    """One worker process for engine work, started on first use.

    A process, not a thread: much of the search (the analysis, the simulation around the compiled
    core) is Python, and in a thread it would hold the interpreter lock and slow every other
    game's requests (measured: docs/web.md).
    """

    def __init__(self, progress: Callable[[str, int, int], None] | None = None) -> None:
        self._progress = progress
        self._pool: Any = None
        self._queue: Any = None
        self._reader: threading.Thread | None = None
        self._lock = threading.Lock()

    def submit(
        self, fn: Callable[..., Any], args: tuple[Any, ...], done: Callable[[Any], None], failed: Callable[[BaseException], None]
    ) -> None:
        """Run ``fn(*args)`` in the worker; ``done(result)`` or ``failed(error)`` is called in a thread of this process."""
        with self._lock:
            if self._pool is None:
                ctx = multiprocessing.get_context("spawn")
                self._queue = ctx.Queue() if self._progress is not None else None
                self._pool = ctx.Pool(1, initializer=_init_worker, initargs=(self._queue,))
                if self._queue is not None:
                    self._reader = threading.Thread(target=self._read, name="amath-progress", daemon=True)
                    self._reader.start()
            self._pool.apply_async(fn, args, callback=done, error_callback=failed)

    def _read(self) -> None:
        while (msg := self._queue.get()) is not None:
            if self._progress is not None:
                self._progress(*msg)

    def close(self) -> None:
        """Stop the worker at once (a running analysis is abandoned)."""
        with self._lock:
            if self._pool is not None:
                self._pool.terminate()
                self._pool.join()
            if self._queue is not None:
                self._queue.put(None)
            self._pool = None


@dataclass(slots=True)
class Job:
    """One analysis: where it has got to, and its answer once done."""

    status: str = "queued"
    done: int = 0
    total: int = 0
    result: dict[str, Any] | None = None
    error: str | None = None

    def view(self) -> dict[str, Any]:
        """What the page polls: the progress, then the analysis (or why it failed)."""
        out: dict[str, Any] = {"status": self.status, "done": self.done, "total": self.total}
        if self.result is not None:
            out.update(self.result)
        if self.error is not None:
            out["error"] = self.error
        return out


class Coach:
    """Runs analyses and hints in worker processes (one each), with an answer cache for each."""

    def __init__(self) -> None:
        self.analyses: OrderedDict[str, Job] = OrderedDict()
        self.hints: OrderedDict[str, Any] = OrderedDict()
        self.lock = threading.Lock()
        self.analysis_worker = Worker(self._progress)
        self.hint_worker = Worker()

    def analysis(self, key: str, text: str) -> dict[str, Any]:
        """The analysis of a record's ``text`` under ``key``: started on first asking, then its progress, then the answer."""
        with self.lock:
            job = self.analyses.get(key)
            if job is None:
                waiting = sum(1 for j in self.analyses.values() if j.status in ("queued", "running"))
                if waiting >= MAX_QUEUED:
                    raise ApiError(503, "the server is busy analysing other games; try again in a minute")
                job = self.analyses[key] = Job()
                self._trim(self.analyses)
                done, failed = (lambda r, j=job: self._finish(j, r)), (lambda e, j=job: self._fail(j, e))
                self.analysis_worker.submit(_analyse_text, (key, text), done, failed)
            self.analyses.move_to_end(key)
            return job.view()

    def _progress(self, key: str, done: int, total: int) -> None:
        with self.lock:
            job = self.analyses.get(key)
            if job is not None and job.status in ("queued", "running"):
                job.status, job.done, job.total = "running", done, total

    def _finish(self, job: Job, answer: tuple[str, Any]) -> None:
        status, value = answer
        with self.lock:
            if status == "done":
                job.result, job.done = value, job.total
            else:
                job.error = value
            job.status = status

    def _fail(self, job: Job, error: BaseException) -> None:
        log.error("analysis failed: %s", error)
        with self.lock:
            job.status, job.error = "failed", f"the analysis failed: {error}"

    async def hint(self, key: str, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` (best plays, or a review of one turn) under ``key``, computed once in the hint worker."""
        with self.lock:
            cached = self.hints.get(key)
        if cached is not None:
            return cached
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[Any] = loop.create_future()

        def settle(value: Any, error: BaseException | None) -> None:  # in the event loop
            if answer.done():
                return
            if error is None:
                answer.set_result(value)
            else:
                answer.set_exception(error)

        def done(value: Any) -> None:
            loop.call_soon_threadsafe(settle, value, None)

        def failed(error: BaseException) -> None:
            loop.call_soon_threadsafe(settle, None, error)

        self.hint_worker.submit(fn, args, done, failed)
        try:
            value = await answer
        except Exception as exc:
            log.error("hint failed: %s", exc)
            raise ApiError(503, "the engine could not answer; try again") from None
        with self.lock:
            self.hints[key] = value
            self._trim(self.hints)
        return value

    @staticmethod
    def _trim(cache: OrderedDict[str, Any]) -> None:
        for key in list(cache):
            if len(cache) <= MAX_CACHED:
                return
            entry = cache[key]
            if not (isinstance(entry, Job) and entry.status in ("queued", "running")):  # never forget a job at work
                del cache[key]

    def close(self) -> None:
        """Stop the workers."""
        self.analysis_worker.close()
        self.hint_worker.close()


def record_key(text: str) -> str:
    """The cache key of an uploaded record: its hash."""
    return "record:" + hashlib.sha256(text.encode()).hexdigest()

"""Puzzles over HTTP: the next puzzle (the position only), an attempt judged on the server, the answer after it.

The puzzles come from the data files ``amath puzzles generate`` writes (``data/puzzles/*.jsonl``,
or the files and folders of ``AMATH_PUZZLES``), loaded into the database on first use. The
answer stays on the server until the player has tried (hidden information): the next puzzle's
JSON holds the board, the rack and the scores, never the answer, the next best turn or where the
position came from. A logged-in player's first attempt at a puzzle is rated (Glicko-2, the
player against the puzzle, and the puzzle against the player: :mod:`amath.apps.server.glicko`);
anyone may solve without an account, unrated. Every attempt is logged with who and when
(``puzzle_attempts``). The session cookie's CSRF check and the request limits guard the
attempts as every other POST (:class:`~amath.apps.server.auth.CsrfMiddleware`,
:class:`~amath.apps.server.limits.LimitsMiddleware`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from amath.apps.server.auth import Auth
from amath.apps.server.errors import ApiError
from amath.apps.server.glicko import Rating, age
from amath.apps.server.glicko import update as glicko_update
from amath.apps.server.jsonbody import parse_json
from amath.apps.server.protocol import read_tiles
from amath.apps.server.schema import PuzzleAttemptRow, PuzzleRatingRow, PuzzleRow
from amath.apps.server.storage import GameRow, Store
from amath.apps.server.views import rules_view
from amath.core.errors import AmathError
from amath.core.move import Place
from amath.core.notation import parse_move
from amath.core.rules import get_ruleset
from amath.formats.fen import position_from_string
from amath.formats.save import load_game
from amath.game import Game
from amath.study.puzzles import DIFFICULTIES, KINDS, Puzzle, attempt, read_puzzles, rebuild

log = logging.getLogger("amath.apps.server")

ENV_VAR = "AMATH_PUZZLES"
"""Where the server reads puzzles: files or folders of ``*.jsonl``, separated by the path separator."""
MAX_MOVE = 200
VARIANTS = ("a-math", "smath")

TH = {
    "puzzle_filter": "ตัวกรองโจทย์ไม่ถูกต้อง: {what}",
    "no_puzzle": "ไม่มีโจทย์นี้",
    "no_puzzles": "ยังไม่มีโจทย์ที่ตรงกับตัวกรองนี้",
    "puzzle_move": "ส่งการลงเป็นข้อความ (move) หรือรายการเบี้ย (tiles) หรือขอดูเฉลย (give_up) อย่างใดอย่างหนึ่ง",
}


def refuse(status: int, code: str, message: str, **params: Any) -> ApiError:
    """An ``ApiError`` with its code and Thai text."""
    return ApiError(status, message, code=code, th=TH[code].format(**params))


def default_sources() -> list[Path]:
    """``AMATH_PUZZLES`` when set, else the repository's ``data/puzzles`` folder (when the package runs from a checkout)."""
    value = os.environ.get(ENV_VAR)
    if value:
        return [Path(p) for p in value.split(os.pathsep) if p]
    return [Path(__file__).resolve().parents[4] / "data" / "puzzles"]


def _files(sources: Sequence[Path]) -> list[Path]:
    out: list[Path] = []
    for src in sources:
        if src.is_dir():
            out.extend(sorted(src.glob("*.jsonl")))
        elif src.is_file():
            out.append(src)
    return out


@dataclass(frozen=True, slots=True)
class Filter:
    """Which puzzles the player asks for (None: any)."""

    variant: str
    kind: str | None
    difficulty: str | None


def read_filter(params: Any) -> Filter:
    """The query's ``variant``, ``kind``, ``difficulty``, each one of its choices, else 400 ``puzzle_filter``."""
    variant = params.get("variant") or "a-math"
    kind = params.get("kind") or None
    level = params.get("difficulty") or None
    for name, value, choices in (("variant", variant, VARIANTS), ("kind", kind, KINDS), ("difficulty", level, DIFFICULTIES)):
        if value is not None and value not in choices:
            what = f"{name} is one of {', '.join(choices)}"
            raise refuse(400, "puzzle_filter", f"bad puzzle filter: {what}", what=what)
    return Filter(variant, kind, level)


def public_view(puzzle: Puzzle, row: PuzzleRow) -> dict[str, Any]:
    """What the page may see before an attempt: the position and the puzzle's labels, nothing of the answer."""
    view = position_from_string(puzzle.position)
    rules = view.rules
    board = []
    for sq, t in view.tiles:
        entry = {"square": sq.name, "tile": t.tile}
        if t.tile != t.face:
            entry["face"] = t.face
        board.append(entry)
    return {
        "id": puzzle.id,
        "variant": rules.name,
        "kind": puzzle.kind,
        "difficulty": puzzle.difficulty,
        "rules": rules_view(rules),
        "layout": list(rules.layout.rows),
        "points": dict(rules.tiles.points),
        "board": board,
        "rack": list(view.rack),
        "scores": list(view.scores),
        "to_move": view.to_move,
        "bag": puzzle.bag,
        "opponent": list(puzzle.opponent),
        "rating": round(row.rating),
        "attempts": row.attempts,
        "solved": row.solved,
    }


def answer_view(puzzle: Puzzle) -> dict[str, Any]:
    """The answer with the engine's reasons, and its tiles for the board (shown after an attempt)."""
    pos = rebuild(puzzle)
    move = parse_move(puzzle.answer.move, pos.board, pos.rules)
    tiles = []
    if isinstance(move, Place):
        for tp in move.tiles:
            entry = {"square": tp.square.name, "tile": tp.tile}
            if tp.tile != tp.face:
                entry["face"] = tp.face
            tiles.append(entry)

    def option(o: Any) -> dict[str, Any] | None:
        return None if o is None else {"move": o.move, "score": o.score, "value": o.value, "leave": list(o.leave)}

    return {
        "answer": option(puzzle.answer),
        "next": option(puzzle.next),
        "margin": puzzle.margin,
        "method": puzzle.method,
        "moves": puzzle.moves,
        "score_rank": puzzle.score_rank,
        "tiles": tiles,
    }


def finished_games(url: str) -> Iterator[tuple[str, Game]]:
    """The finished games of a server's database (``AMATH_DB``'s URL), oldest first, replayed: a source of puzzles.

    Whole games with every rack: for ``amath puzzles generate --db URL`` run by the server's owner,
    never sent to a player. A game whose record cannot be replayed is left out.
    """
    store = Store(url)
    try:
        with Session(store.engine) as s:
            ids = list(s.scalars(select(GameRow.id).where(GameRow.status == "over").order_by(GameRow.created)))
        for game_id in ids:
            stored = store.load(game_id)
            if stored is None or stored.seed is None or "header" not in stored.config:
                continue
            try:
                game = load_game(dict(stored.config["header"], seed=stored.seed, turns=stored.turns))
            except (AmathError, KeyError, TypeError):
                continue
            yield f"server game {game_id}", game
    finally:
        store.close()


class PuzzleStore:
    """The puzzles, the players' puzzle ratings and the attempts in the server's database (synchronous: run on threads)."""

    def __init__(self, engine: Engine, sources: Sequence[Path] | None = None) -> None:
        self.engine = engine
        self.sources = list(sources) if sources is not None else default_sources()
        self._loaded = False
        self._lock = threading.Lock()

    def load(self) -> int:
        """Put the puzzles of the data files into the database (those not there yet); how many were added. Once per process."""
        with self._lock:
            if self._loaded:
                return 0
            added = 0
            with Session(self.engine) as s, s.begin():
                have = set(s.scalars(select(PuzzleRow.id)))
                for path in _files(self.sources):
                    for p in read_puzzles(path):
                        if p.id in have:
                            continue
                        have.add(p.id)
                        data = json.dumps(p.to_dict(), ensure_ascii=False)
                        s.add(PuzzleRow(id=p.id, variant=p.variant, kind=p.kind, difficulty=p.difficulty, data=data,
                                        rating=p.rating, rd=350.0, volatility=0.06, attempts=0, solved=0))  # fmt: skip
                        added += 1
            self._loaded = True
            if added:
                log.info("puzzles: %d loaded from %s", added, ", ".join(str(p) for p in self.sources))
            return added

    def pick(self, chosen: Filter, account_id: int | None, after: str | None) -> tuple[Puzzle, PuzzleRow] | None:
        """A random puzzle of the filter (not ``after``; for an account, one it has not tried while there are such)."""
        self.load()
        with Session(self.engine) as s:
            query = select(PuzzleRow).where(PuzzleRow.variant == chosen.variant)
            if chosen.kind:
                query = query.where(PuzzleRow.kind == chosen.kind)
            if chosen.difficulty:
                query = query.where(PuzzleRow.difficulty == chosen.difficulty)
            if after:
                query = query.where(PuzzleRow.id != after)
            row = None
            if account_id is not None:
                tried = select(PuzzleAttemptRow.puzzle_id).where(PuzzleAttemptRow.account_id == account_id)
                row = s.scalars(query.where(PuzzleRow.id.not_in(tried)).order_by(func.random()).limit(1)).first()
            if row is None:
                row = s.scalars(query.order_by(func.random()).limit(1)).first()
            if row is None:
                return None
            s.expunge(row)
            return Puzzle.from_dict(json.loads(row.data)), row

    def get(self, puzzle_id: str) -> tuple[Puzzle, PuzzleRow] | None:
        """The puzzle ``puzzle_id`` (None when there is none)."""
        self.load()
        with Session(self.engine) as s:
            row = s.get(PuzzleRow, puzzle_id)
            if row is None:
                return None
            s.expunge(row)
            return Puzzle.from_dict(json.loads(row.data)), row

    def rating(self, account_id: int, ruleset: str) -> dict[str, Any] | None:
        """An account's puzzle rating in ``ruleset`` (None before its first rated attempt)."""
        with Session(self.engine) as s:
            row = s.get(PuzzleRatingRow, (account_id, ruleset))
            if row is None:
                return None
            r = age(Rating(row.rating, row.rd, row.volatility), (time.time() - row.updated) / 86400)
            return {
                "rating": round(r.rating),
                "rd": round(r.rd),
                "provisional": r.provisional,
                "attempts": row.attempts,
                "solved": row.solved,
            }

    def record(self, puzzle: Puzzle, account_id: int | None, move: str, right: bool) -> dict[str, Any]:
        """Log an attempt; the first of an account at a puzzle moves both ratings. Returns the rating change (or None)."""
        now = time.time()
        with Session(self.engine) as s, s.begin():
            row = s.get(PuzzleRow, puzzle.id, with_for_update=True)
            assert row is not None
            row.attempts += 1
            row.solved += int(right)
            change: dict[str, Any] | None = None
            rated = False
            if account_id is not None:
                tried = s.scalars(
                    select(PuzzleAttemptRow.id).where(PuzzleAttemptRow.account_id == account_id, PuzzleAttemptRow.puzzle_id == puzzle.id)
                ).first()
                rated = tried is None
            before = after = None
            if rated and account_id is not None:
                ruleset = puzzle.variant.split("+")[0]
                mine = s.get(PuzzleRatingRow, (account_id, ruleset), with_for_update=True)
                if mine is None:
                    mine = PuzzleRatingRow(account_id=account_id, ruleset=ruleset, rating=1500.0, rd=350.0, volatility=0.06,
                                           attempts=0, solved=0, updated=now)  # fmt: skip
                    s.add(mine)
                player = age(Rating(mine.rating, mine.rd, mine.volatility), (now - mine.updated) / 86400)
                theirs = Rating(row.rating, row.rd, row.volatility)
                score = 1.0 if right else 0.0
                new_player = glicko_update(player, [(theirs, score)])
                new_puzzle = glicko_update(theirs, [(player, 1.0 - score)])
                before, after = player.rating, new_player.rating
                mine.rating, mine.rd, mine.volatility = new_player.rating, new_player.rd, new_player.volatility
                mine.attempts += 1
                mine.solved += int(right)
                mine.updated = now
                row.rating, row.rd, row.volatility = new_puzzle.rating, new_puzzle.rd, new_puzzle.volatility
                change = {"before": round(before), "after": round(after), "rd": round(new_player.rd), "provisional": new_player.provisional}
            puzzle_rating = round(row.rating)
            s.add(PuzzleAttemptRow(puzzle_id=puzzle.id, account_id=account_id, move=move[:MAX_MOVE], right=right, rated=rated,
                                   rating_before=before, rating_after=after, at=now))  # fmt: skip
        log.info("puzzle %s: attempt by %s, %s%s", puzzle.id, f"account {account_id}" if account_id else "a guest",
                 "right" if right else "wrong", " (rated)" if rated else "")  # fmt: skip
        return {"rating": change, "puzzle_rating": puzzle_rating}


class Puzzles:
    """The puzzle endpoints."""

    def __init__(self, auth: Auth, store: PuzzleStore) -> None:
        self.auth = auth
        self.store = store

    async def next(self, request: Request) -> Response:
        """``GET /api/puzzles/next?variant=&kind=&difficulty=&after=``: a puzzle without its answer, and the player's rating."""
        chosen = read_filter(request.query_params)
        after = request.query_params.get("after") or None
        account = await self.auth.current(request)
        account_id = account.id if account is not None else None
        found = await asyncio.to_thread(self.store.pick, chosen, account_id, after[:32] if after else None)
        if found is None:
            raise refuse(404, "no_puzzles", "no puzzle matches this filter yet")
        view = public_view(*found)
        view["account"] = account_id is not None  # logged in: rated (``me`` stays None until the first rated attempt)
        view["me"] = None if account_id is None else await asyncio.to_thread(self.store.rating, account_id, chosen.variant)
        return JSONResponse(view, headers={"Cache-Control": "no-store"})

    async def attempt(self, request: Request) -> Response:
        """``POST /api/puzzles/{id}/attempt`` with ``{"move": "8G 1 + 2 = 3"}``, ``{"tiles": [...]}`` or ``{"give_up": true}``."""
        raw = await request.body()
        body = parse_json(raw) if raw else {}
        found = await asyncio.to_thread(self.store.get, str(request.path_params["puzzle_id"])[:32])
        if found is None:
            raise refuse(404, "no_puzzle", "there is no such puzzle")
        puzzle = found[0]
        text = self._move_text(body, puzzle)
        account = await self.auth.current(request)
        if text is None:
            right, played, points = False, "", None
        else:
            judged = await asyncio.to_thread(attempt, puzzle, text)
            if judged.error is not None:
                raise ApiError(400, str(judged.error), judged.error)
            right, played, points = judged.right, judged.played, judged.score
        ratings = await asyncio.to_thread(self.store.record, puzzle, account.id if account else None, played or "(answer shown)", right)
        out = {"right": right, "played": played, "score": points, "kind": puzzle.kind, **answer_view(puzzle), **ratings}
        return JSONResponse(out, headers={"Cache-Control": "no-store"})

    @staticmethod
    def _move_text(body: Any, puzzle: Puzzle) -> str | Place | None:
        """The turn tried, in notation or as tiles placed (None: the player gave up and asks for the answer)."""
        if not isinstance(body, dict):
            raise refuse(400, "puzzle_move", "send one of: 'move' (notation), 'tiles' (a placement), 'give_up'")
        if body.get("give_up") is True and len(body) == 1:
            return None
        if isinstance(body.get("move"), str) and len(body) == 1 and 0 < len(body["move"]) <= MAX_MOVE:
            return str(body["move"])
        if "tiles" in body and len(body) == 1:
            return read_tiles(body["tiles"], get_ruleset(puzzle.variant))
        raise refuse(400, "puzzle_move", "send one of: 'move' (notation), 'tiles' (a placement), 'give_up'")

    def routes(self) -> list[Route]:
        """The puzzle API's routes."""
        return [
            Route("/api/puzzles/next", self.next, methods=["GET"]),
            Route("/api/puzzles/{puzzle_id}/attempt", self.attempt, methods=["POST"]),
        ]

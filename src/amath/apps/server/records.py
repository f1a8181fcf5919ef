"""Game records in the web app: download a game's record, replay an uploaded one move by move.

A download is what the asking seat may know: while the game runs, its own racks and
exchanges only (a spectator: nobody's) and never the seed; once the game is over, or
when racks are open (Smath Primary), every rack.  An upload is re-played under the
rules by :mod:`amath.formats.replay`; the answer holds the position after every turn,
so the page steps through it without asking again.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from amath.apps.server.errors import ApiError
from amath.apps.server.views import board_tile, rules_view
from amath.formats.record import Record, RecordError, RecordLine, format_line, format_record, parse_record, record_of
from amath.formats.replay import replay
from amath.game import Game
from amath.render.svg import board_svg

MAX_RECORD = 64 * 1024
PUBLIC = -1
"""``record_of`` viewer that is no side: every rack and exchange is hidden (a spectator)."""


def record_text(game: Game, side: int | None, created: float) -> str:
    """The record of ``game`` as seat side ``side`` (None: a spectator) may see it now."""
    public = game.over or game.rules.open_racks
    viewer = None if public else (PUBLIC if side is None else side)
    date = time.strftime("%Y-%m-%d", time.gmtime(created))
    try:
        return format_record(record_of(game, date=date, viewer=viewer, seed=False))
    except RecordError as exc:
        raise ApiError(409, f"this game cannot be written as a record: {exc}") from None


def read_upload(body: Any) -> Record:
    """The record from ``{"record": TEXT}``; a 400 naming the line when it cannot be read."""
    if not isinstance(body, dict) or not isinstance(body.get("record"), str):
        raise ApiError(400, 'send the record as {"record": "<the text of the record>"}')
    text = body["record"]
    if len(text) > MAX_RECORD:
        raise ApiError(413, f"a record has at most {MAX_RECORD // 1024} KB")
    try:
        return parse_record(text)
    except RecordError as exc:
        raise ApiError(400, str(exc), exc) from None


def replayed(rec: Record) -> Game:
    """The record re-played to its end under the rules; a 422 naming the turn and line where it disagrees."""
    result = replay(rec)
    if result.problem is not None:
        raise ApiError(422, str(result.problem), result.problem)
    return result.game


def replay_view(rec: Record) -> dict[str, Any]:
    """Every turn of an uploaded record and the position after each (frame 0 is the start)."""
    game = replayed(rec)
    turns = [_line(line, rec) for line in rec.turns]
    ends = [_line(line, rec) for line in rec.ends]
    result = None
    if game.result is not None:
        res = game.result
        result = {"reason": res.reason, "scores": list(res.scores), "winners": list(res.winners), "draw": res.draw}
        result["resigned"] = res.resigned
    frames = _frames(game)
    for k, frame in enumerate(frames):  # the rack the record shows for the next turn (None: hidden)
        rack = rec.turns[k].rack if k < len(rec.turns) else None
        frame["rack"] = None if rack is None else list(rack)
    return {
        "variant": rec.variant,
        "rules": rules_view(game.rules),
        "layout": list(game.rules.layout.rows),
        "points": dict(game.rules.tiles.points),
        "names": names_of(rec.sides),
        "date": rec.date,
        "event": rec.event,
        "turns": turns,
        "ends": ends,
        "frames": frames,
        "result": result,
    }


def replay_svg(rec: Record, turn: Any) -> str:
    """The board after ``turn`` turns of an uploaded record as SVG (the drawing of :mod:`amath.render.svg`)."""
    if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn <= len(rec.turns):
        raise ApiError(400, f"'turn' must be a whole number from 0 to {len(rec.turns)}")
    game = replayed(rec)
    while len(game.history) > turn:
        game.pop()
    last = game.last_placement()
    lit = [p.square for p in last.tiles] if last is not None else []
    to_move = None if game.over else game.to_move
    return board_svg(game.board, game.rules, highlight=lit, names=names_of(rec.sides), scores=game.scores, to_move=to_move)


def _line(line: RecordLine, rec: Record) -> dict[str, Any]:
    return {
        "side": line.side,
        "name": " & ".join(rec.sides[line.side]),
        "kind": line.kind,
        "move": line.move,
        "rack": None if line.rack is None else list(line.rack),
        "score": line.score,
        "total": line.total,
        "text": format_line(line),
    }


def _frames(game: Game) -> list[dict[str, Any]]:
    """The position after each number of turns, from the end back to the start (``Game.pop``).

    One pop may undo two history entries (a failed challenge and the turn it cost); the
    turn in between shows the position after both.
    """
    found: dict[int, dict[str, Any]] = {}
    total = len(game.history)
    while True:
        found[len(game.history)] = _frame(game)
        if not game.history:
            break
        game.pop()
    frames: list[dict[str, Any]] = []
    for k in range(total + 1):
        frames.append(found.get(k) or frames[-1])
    return frames


def _frame(game: Game) -> dict[str, Any]:
    last = game.last_placement()
    return {
        "board": [board_tile(sq.name, t.tile, t.face) for sq, t in game.board.items()],
        "last": [p.square.name for p in last.tiles] if last is not None else [],
        "scores": list(game.scores),
        "to_move": None if game.over else game.to_move,
        "bag": len(game.bag),
    }


def names_of(sides: Sequence[Sequence[str]]) -> list[str]:
    """One display name per side (a team's names joined)."""
    return [" & ".join(s) for s in sides]
